"""Property: random legal Z/X games replay with no violation, byte-identically twice, and
round-trip through the canonical log with fidelity ``exact``."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.core.canonical import canonical_json
from judge.core.replay import canonical_log, replay
from judge.core.selfplay import random_game
from judge.games.zx.sample import sample_envelope
from tests.scale import scaled


@settings(max_examples=scaled(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32), battle=st.sampled_from(["one_way", "both_ways"])
)
def test_random_legal_games_replay_clean_and_round_trip(seed: int, battle: str) -> None:
    env = sample_envelope(f"zx-{seed}")
    env["rule_options"] = {"battle_damage": battle}
    game = random_game(env, f"zx-{seed}")
    r = replay(game)
    assert r["summary"]["illegal_steps"] == []
    assert r["summary"]["unverifiable_steps"] == []
    assert r["summary"]["result"] is not None
    assert canonical_json(replay(json.loads(json.dumps(game)))) == canonical_json(r)
    again = replay(canonical_log(r))
    assert again["steps"] == r["steps"]
    assert again["fidelity"]["status"] == "exact"
