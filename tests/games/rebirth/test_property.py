"""Property: random legal Rebirth for you games replay with no violation, byte-identically,
and round-trip through the canonical log with fidelity ``exact``; the sample set is legal."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.core.canonical import canonical_json
from judge.core.cards import load_builtin_set
from judge.core.replay import canonical_log, replay
from judge.core.selfplay import random_game
from judge.games.rebirth.decks import check_deck
from judge.games.rebirth.sample import sample_deck, sample_envelope
from tests.scale import scaled


@settings(max_examples=scaled(5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    guard_use=st.sampled_from(["discard", "reveal"]),
    cancel_timing=st.sampled_from(["spark", "none", "partner_attack"]),
)
def test_random_legal_games_replay_clean_and_round_trip(
    seed: int, guard_use: str, cancel_timing: str
) -> None:
    env = sample_envelope(
        f"r4u-{seed}", options={"guard_use": guard_use, "cancel_timing": cancel_timing}
    )
    game = random_game(env, f"r4u-{seed}")
    r = replay(game)
    assert r["summary"]["illegal_steps"] == []
    assert r["summary"]["unverifiable_steps"] == []
    assert r["summary"]["result"] is not None
    assert canonical_json(replay(json.loads(json.dumps(game)))) == canonical_json(r)
    again = replay(canonical_log(r))
    assert again["steps"] == r["steps"]
    assert again["fidelity"]["status"] == "exact"


def test_sample_set_covers_every_card_type_and_keyword_and_decks_are_legal() -> None:
    cards = load_builtin_set("rebirth-sample")["cards"]
    assert len(cards) >= 30
    assert {c["type"] for c in cards} == {"character", "rebirth", "partner"}
    assert {k for c in cards for k in c.get("keywords", [])} == {"blocker", "cancel"}
    whens = {e["when"] for c in cards for e in c.get("effects", [])}
    assert {"spark", "activated", "rebirth_area", "performance"} <= whens
    table = {c["code"]: c for c in cards}
    for attribute in ("Idol", "Knight"):
        main, partner = sample_deck(attribute)
        assert check_deck(main, partner, table) == []
    assert check_deck(*sample_deck("Idol"), table) == []
