"""The pick of a player's last life card, which the engine takes (ZX-FORCED-DECISION), recorded
in observed mode with the ``reveal`` of the card (ZX-LOG-REVEAL: "a pick_life may name the
picked card at once"): the one way plus the reveal, legal, the reveal judged and applied as any
reveal is."""

from __future__ import annotations

import copy
from typing import Any

from judge.core.canonical import sha256_of
from judge.core.replay import position, replay
from judge.core.testing import rules_applied, rules_broken, verdict
from judge.games.zx.testing import LogBuilder, card, event_texts, player_state

ATK = card("T-ATK", power=3000)


def last_life_attack(mode: str) -> tuple[LogBuilder, int]:
    """A's Z/X attacks B's empty player square four times; each of the first three picks is
    recorded with the card's reveal; the fourth damage takes B's only life card (the engine
    takes the pick).  Returns the log and the index where a record of that pick comes."""
    b = LogBuilder([ATK], a=["T-ATK"])
    if mode == "observed":
        b.doc["hidden"] = {"mode": "observed"}
    b.start()
    if mode == "observed":
        for pid in ("A", "A", "B", "B"):  # the resources set from the deck top
            b.act(pid, "reveal", card="T-000")
    b.to_main("A")
    b.act("A", "play", card="T-ATK" if mode == "observed" else b.iid("A", 0), to=5)
    extra = {"reveal": "T-000"} if mode == "observed" else {}
    for _ in range(3):
        b.act("A", "attack", card="T-ATK", target=8).act("A", "pick_life", position=1, **extra)
        b.proceed("A").pass_turn("B").to_main("A")
    b.act("A", "attack", card="T-ATK", target=8)
    return b, b.last + 1


def with_action(doc: dict[str, Any], at: int, action: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out["actions"].insert(at, action)
    return out


def test_ZX_FORCED_DECISION_the_forced_pick_recorded_with_reveal_is_the_one_way_plus_the_reveal() -> (
    None
):
    """ZX-LOG-REVEAL: "a pick_life may name the picked card at once"; ZX-FORCED-DECISION: a
    decision with one way "may be recorded, as that one way, or left out".  In observed mode the
    last life card waits for its reveal; A's record of the forced pick with `reveal` is legal,
    names the card as B's `reveal` would, and the game goes on the same (A wins)."""
    b, at = last_life_attack("observed")
    r0 = replay(b.doc)
    assert r0["steps"][-1]["pending"][0]["text"] == "B: reveal B's life card 1"
    recorded = with_action(
        b.doc, at, {"p": "A", "do": "pick_life", "position": 1, "reveal": "T-000"}
    )
    r1 = replay(recorded, detail="full")
    assert verdict(r1, at) == "legal"
    assert rules_applied(r1, at)[0] == "ZX-FORCED-DECISION"
    assert "`reveal` is judged and applied" in r1["steps"][at]["rulings"][0]["message"]
    assert "B's life card 1 is B-" in " ".join(event_texts(r1, at))
    assert r1["summary"]["result"] == {"winner": "A", "reason": "life"}
    # the same as B's own reveal of it
    revealed = with_action(b.doc, at, {"p": "B", "do": "reveal", "card": "T-000"})
    r2 = replay(revealed, detail="full")
    assert r2["summary"]["result"] == r1["summary"]["result"]
    assert r2["steps"][-1]["state_sha256"] == r1["steps"][-1]["state_sha256"]
    assert sha256_of(position(recorded).snapshot()) == sha256_of(position(revealed).snapshot())


def test_ZX_LOG_REVEAL_an_impossible_reveal_on_the_forced_pick_is_illegal_under_its_own_rule() -> (
    None
):
    """ZX-LOG-REVEAL: "The code must be of a copy in that player's deck not known to be anywhere
    else; an impossible one is illegal" — on the record of the forced pick too, and it is not
    carried out (the card still waits for its reveal)."""
    b, at = last_life_attack("observed")
    bad = with_action(b.doc, at, {"p": "A", "do": "pick_life", "position": 1, "reveal": "T-ATK"})
    r = replay(bad, on_illegal="apply", detail="full")
    assert rules_broken(r, at) == ["ZX-LOG-REVEAL"]
    assert r["steps"][at]["pending"][0]["text"] == "B: reveal B's life card 1"
    assert player_state(r, "B", at)["life"] == player_state(r, "B", at - 1)["life"]


def test_ZX_LOG_REVEAL_a_reveal_on_the_forced_pick_of_a_known_card_must_name_it() -> None:
    """Seeded mode: the life card is known; a `reveal` naming its code is the one way plus a
    true reveal (legal); another code breaks ZX-LOG-REVEAL ("an impossible one is illegal")."""
    b, at = last_life_attack("seeded")
    r0 = replay(b.doc, detail="full")
    (taken,) = [e for e in r0["steps"][at - 1]["events"] if e["type"] == "life_out"]
    code = b.doc["decks"]["B"]["main"][int(taken["card"].split("-")[1]) - 1]
    right = with_action(b.doc, at, {"p": "A", "do": "pick_life", "position": 1, "reveal": code})
    assert verdict(replay(right), at) == "legal"
    other = "T-ATK" if code != "T-ATK" else "T-000"
    wrong = with_action(b.doc, at, {"p": "A", "do": "pick_life", "position": 1, "reveal": other})
    r = replay(wrong)
    assert rules_broken(r, at) == ["ZX-LOG-REVEAL"]
    assert "not " + other in r["steps"][at]["violations"][0]["message"]
