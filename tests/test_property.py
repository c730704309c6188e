"""Property: games played by choosing random legal actions replay with no violation,
byte-identically twice (also in another process with another hash seed), and round-trip
through the canonical log."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.core.canonical import canonical_json, sha256_of
from judge.core.replay import canonical_log, replay
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

ROOT = Path(__file__).resolve().parents[1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    colours=st.sampled_from([("red", "blue"), ("blue", "red"), ("red", "red")]),
)
def test_random_legal_games_replay_clean_and_round_trip(
    seed: int, colours: tuple[str, str]
) -> None:
    env = sample_envelope(f"prop-{seed}", colours=colours)
    game = random_game(env, f"prop-{seed}")
    r = replay(game)
    assert r["summary"]["illegal_steps"] == []
    assert r["summary"]["unverifiable_steps"] == []
    assert r["summary"]["result"] is not None  # played to the end
    assert canonical_json(replay(json.loads(json.dumps(game)))) == canonical_json(r)
    c = canonical_log(r)
    again = replay(c)
    assert again["steps"] == r["steps"]
    assert again["fidelity"]["status"] == "exact"


def test_same_bytes_in_another_process_with_another_hash_seed() -> None:
    game = random_game(sample_envelope("xproc"), "xproc")
    here = sha256_of(replay(game))
    code = (
        "import json,sys; from judge.core.replay import replay; from judge.core.canonical import sha256_of;"
        "print(sha256_of(replay(json.load(sys.stdin))))"
    )
    for hashseed in ("0", "12345"):
        out = subprocess.run(
            [sys.executable, "-c", code],
            input=json.dumps(game),
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)},
            check=True,
        )
        assert out.stdout.strip() == here
