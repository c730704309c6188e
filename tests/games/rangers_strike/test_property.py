"""Property: random legal Rangers Strike games (1 vs 1 and tag battle) replay with no violation,
byte-identically twice, and round-trip through the canonical log with fidelity ``exact``.
Altered games (both variants, every ``on_illegal``) are judged, never crashed:
``tests/test_property.py``, with Union Arena's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.core.canonical import canonical_json, sha256_of
from judge.core.cards import load_builtin_set
from judge.core.replay import canonical_log, replay
from judge.core.selfplay import random_game
from judge.games.rangers_strike.decks import check_deck
from judge.games.rangers_strike.sample import sample_deck, sample_envelope
from tests.scale import scaled


@settings(max_examples=scaled(5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    variant=st.sampled_from(["1v1", "tag"]),
    strike_damage=st.sampled_from(["one", "sp"]),
)
def test_random_legal_games_replay_clean_and_round_trip(
    seed: int, variant: str, strike_damage: str
) -> None:
    env = sample_envelope(f"rs-{seed}", variant=variant)
    env["rule_options"] = {"strike_damage": strike_damage}
    game = random_game(env, f"rs-{seed}")
    r = replay(game)
    assert r["summary"]["illegal_steps"] == []
    assert r["summary"]["unverifiable_steps"] == []
    assert r["summary"]["result"] is not None  # played to the end
    assert canonical_json(replay(json.loads(json.dumps(game)))) == canonical_json(r)
    again = replay(canonical_log(r))
    assert again["steps"] == r["steps"]
    assert again["fidelity"]["status"] == "exact"


def test_random_tag_games_use_the_team_layer() -> None:
    """Across a few fixed games every tag-battle decision kind and procedure shows up."""
    kinds: set[str] = set()
    rules: set[str] = set()
    for seed in range(6):
        r = replay(random_game(sample_envelope(f"tag-{seed}", variant="tag"), f"tag-{seed}"))
        kinds |= {s["action"]["do"] for s in r["steps"]}
        rules |= {x["rule"] for s in r["steps"] for x in s["rulings"]}
    assert {"assign_damage", "take_damage", "attack", "strike", "enter", "rush", "use"} <= kinds
    assert {"RST-LEND-COMMAND", "RST-STRIKE-ASSIGN", "RST-COMBINATION", "RST-OUT"} <= rules


def test_sample_decks_are_legal() -> None:
    cards = {c["code"]: c for c in load_builtin_set("rs-sample")["cards"]}
    for variant in ("1v1", "tag"):
        for deck in sample_envelope("x", variant=variant)["decks"].values():
            assert len(deck["main"]) == 40
            assert check_deck(deck["main"], [], cards) == []
    assert check_deck(sample_deck(("blaze", "shade")), [], cards) == []


def test_same_bytes_in_another_process_with_another_hash_seed() -> None:
    root = Path(__file__).resolve().parents[3]
    game = random_game(sample_envelope("xproc", variant="tag"), "xproc")
    here = sha256_of(replay(game))
    code = (
        "import json,sys; from judge.core.replay import replay; "
        "from judge.core.canonical import sha256_of; print(sha256_of(replay(json.load(sys.stdin))))"
    )
    for hashseed in ("0", "4242"):
        out = subprocess.run(
            [sys.executable, "-c", code],
            input=json.dumps(game),
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(root)},
            check=True,
        )
        assert out.stdout.strip() == here
