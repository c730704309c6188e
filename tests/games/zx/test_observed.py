"""Observed mode for Z/X logs (the log contract's Envelope, rule ZX-LOG-REVEAL): hidden cards
are unknown until the log names them; a card the rules turn face up waits for ``reveal``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.zx.sample import sample_envelope
from judge.games.zx.testing import (
    LogBuilder,
    card,
    event_texts,
    game_state,
    player_state,
    rules_broken,
    verdict,
)

IG_EVENT = card(
    "T-002", type="event", ig=True, effects=[{"when": "play", "do": [{"op": "draw", "n": 1}]}]
)
BIG = card("T-001", power=5000, ig=True)
START = card("T-005", power=3000, keywords=["start_card"])


def observed(
    a: list[str] | None = None, b: list[str] | None = None, setup: dict | None = None
) -> LogBuilder:
    """A log in observed mode: the decks as listed (the order is unknown after the opening
    shuffle), so only what the log reveals is known."""
    lb = LogBuilder([BIG, IG_EVENT, START], a=a or ["T-001"] * 4, b=b, setup=setup)
    lb.doc["hidden"] = {"mode": "observed"}
    return lb


def begun(lb: LogBuilder) -> LogBuilder:
    """Setup done and the 2 resources of each player revealed (the game begins)."""
    lb.start()
    for pid in ("A", "A", "B", "B"):
        lb.act(pid, "reveal", card="T-000")
    return lb


def test_ZX_LOG_REVEAL_the_resources_set_from_the_deck_wait_for_their_reveal() -> None:
    lb = observed().start()
    r = lb.replay()
    assert r["steps"][-1]["pending"] == [
        {"player": "A", "kind": "reveal", "text": "A: reveal the top card of A's deck"}
    ]
    assert game_state(r)["turn"] == 0
    r = begun(observed()).replay()
    assert [s["verdict"] for s in r["steps"]] == ["legal"] * len(r["steps"])
    assert game_state(r)["turn"] == 1
    res = player_state(r, "A")["resources"]
    assert len(res) == 2 and all(c.startswith("A-") for c, _ in res)
    assert "The top card of A's deck is" in " ".join(event_texts(r, -4))


def test_ZX_LOG_REVEAL_a_code_the_deck_cannot_hold_is_illegal() -> None:
    lb = observed().start().act("A", "reveal", card="T-005")
    r = lb.replay()
    assert rules_broken(r, -1) == ["ZX-LOG-REVEAL"]
    assert "A's deck has no T-005" in r["steps"][-1]["violations"][0]["message"]


def test_ZX_LOG_REVEAL_a_copy_known_elsewhere_cannot_be_revealed() -> None:
    # A's only T-005 is its start card, face up on its player square once the game begins
    lb = observed(setup={"A": {"start_card": "T-005"}}).start()
    lb.act("A", "reveal", card="T-005")
    r = lb.replay()
    assert rules_broken(r, -1) == ["ZX-LOG-REVEAL"]
    assert "every copy is known to be elsewhere" in r["steps"][-1]["violations"][0]["message"]


def test_ZX_LOG_REVEAL_a_hand_card_named_by_play_binds_an_unknown_hand_card() -> None:
    lb = begun(observed(a=["T-001"] * 4))
    lb.proceed("A", 2).act("A", "play", card="T-001", to=2)
    r = lb.replay()
    assert verdict(r, -1) == "legal"
    assert game_state(r)["squares"]["2"]["code"] == "T-001"
    hand = player_state(r, "A")["hand"]
    assert len(hand) == 3 and None in hand  # 4 drawn (first player: no draw), one played


def test_ZX_LOG_REVEAL_a_hand_card_the_deck_cannot_hold_is_illegal() -> None:
    lb = begun(observed(a=["T-001"] * 4))
    lb.proceed("A", 2).act("A", "play", card="T-002", to=2)
    r = lb.replay()
    assert rules_broken(r, -1) == ["ZX-LOG-REVEAL"]


def damaged_b() -> LogBuilder:
    """Turn 3: A's Z/X (played in turn 1 to square 5) attacks B's empty player square 8."""
    lb = begun(observed(a=["T-001"] * 4, b=["T-002"] * 4))
    lb.proceed("A", 2).act("A", "play", card="T-001", to=5).proceed("A")
    lb.proceed("B", 3).proceed("A", 2).act("A", "attack", card="T-001", target=8)
    return lb


def test_ZX_LOG_REVEAL_a_life_card_lost_to_damage_waits_for_its_reveal() -> None:
    lb = damaged_b().act("A", "pick_life", position=1)
    r = lb.replay()
    assert r["steps"][-1]["pending"][0]["text"] == "B: reveal B's life card 1"
    lb.act("B", "reveal", card="T-002")
    r = lb.replay()
    assert verdict(r, -1) == "legal"
    assert "B's life card 1 is B-" in event_texts(r, -1)[0]
    # an IG card from the life zone may be played (ZX-LIFE-CHANGE, option life_ig_play)
    assert r["steps"][-1]["pending"][0]["kind"] == "play_revealed"


def test_ZX_LOG_REVEAL_pick_life_may_name_the_picked_card_at_once() -> None:
    lb = damaged_b().act("A", "pick_life", position=1, reveal="T-000")
    r = lb.replay()
    assert verdict(r, -1) == "legal"
    assert player_state(r, "B")["charge"] != [] and player_state(r, "B")["life"] == 3
    assert "B's life card 1 is B-" in event_texts(r, -1)[0]


def test_ZX_LOG_REVEAL_pick_life_naming_a_card_the_deck_cannot_hold_is_illegal() -> None:
    lb = damaged_b().act("A", "pick_life", position=1, reveal="T-001")
    r = lb.replay()
    assert rules_broken(r, -1) == ["ZX-LOG-REVEAL"]


def test_ZX_LOG_REVEAL_an_ignition_waits_for_the_top_card_then_offers_to_play_it() -> None:
    lb = damaged_b().act("A", "pick_life", position=1, reveal="T-002")
    lb.act("B", "play_revealed", use=False).proceed("A")  # B-? to B's charge; A's turn ends
    lb.proceed("B").act("B", "ignite", charge="T-002")
    r = lb.replay()
    assert r["steps"][-1]["pending"][0]["text"] == "B: reveal the top card of B's deck"
    lb.act("B", "reveal", card="T-002")
    r = lb.replay()
    assert verdict(r, -1) == "legal" and r["steps"][-1]["pending"][0]["kind"] == "play_revealed"
    lb.act("B", "play_revealed", use=True)
    r = lb.replay()
    assert verdict(r, -1) == "legal"
    assert "B draws a card (effect)." in " ".join(event_texts(r, -1)) or any(
        "draws" in t for t in event_texts(r, -1)
    )


@pytest.mark.parametrize("seed", ["obs-1", "obs-2", "obs-3"])
def test_zx_observed_random_legal_games_replay_clean_and_byte_identically(seed: str) -> None:
    env = sample_envelope(seed)
    env["hidden"] = {"mode": "observed"}
    game = random_game(env, seed)
    r = replay(game)
    assert r["summary"]["illegal_steps"] == []
    assert any(a["do"] == "reveal" for a in game["actions"])
    assert canonical_json(replay(json.loads(json.dumps(game)))) == canonical_json(r)


# -- shuffle (seed 003 keyword action 3) ----------------------------------------------------------


def _mulligan_a(mode: str) -> tuple[Any, Any, dict]:
    """A redraws: the engine before and after, and the replay."""
    from judge.core.replay import position

    b = LogBuilder([BIG], a=["T-001"] * 4)
    if mode == "observed":
        b.doc["hidden"] = {"mode": "observed"}
    b.act("A", "first_player", first="A").act("A", "setup").act("B", "setup")
    before = position(b.log())
    b.act("A", "mulligan", redraw=True)
    return before.state.players["A"], position(b.log()).state.players["A"], b.replay()


def test_ZX_SHUFFLE_seeded_the_redraw_shuffle_is_the_documented_stream() -> None:
    from judge.core.rng import SplitMix64

    before, after, r = _mulligan_a("seeded")
    deck = list(before.deck) + list(before.hand)  # the 4 cards go back, then the shuffle
    SplitMix64.from_seed("zx-test", "A/shuffle/2").shuffle(deck)
    assert after.hand == deck[:4] and after.deck == deck[4:]
    assert "A shuffles the deck." in event_texts(r, -1)


def test_ZX_SHUFFLE_observed_a_shuffled_deck_is_unknown_again() -> None:
    _, after, r = _mulligan_a("observed")
    assert set(after.deck) == {None} and set(after.hand) == {None}
    assert sum(len(v) for v in after.unseen.values()) == len(after.deck) + len(after.hand)
    assert "A shuffles the deck." in event_texts(r, -1)
