"""Property: games played by choosing random legal actions replay with no violation,
byte-identically twice (also in another process with another hash seed), and round-trip
through the canonical log; the same games, altered, are judged under every ``on_illegal``,
never crashed."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.core.canonical import canonical_json, sha256_of
from judge.core.errors import BadLog
from judge.core.replay import ON_ILLEGAL, canonical_log, replay
from judge.core.rng import SplitMix64
from judge.core.selfplay import random_game
from judge.games.rangers_strike.sample import sample_envelope as rs_envelope
from judge.games.union_arena.sample import sample_envelope
from tests.scale import scaled

ROOT = Path(__file__).resolve().parents[1]


@settings(max_examples=scaled(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


# -- altered games ----------------------------------------------------------------------------------


def _altered(doc: dict[str, Any], rng: SplitMix64) -> dict[str, Any]:
    """``doc`` with one to four actions dropped, swapped with a later one, duplicated, given to
    another player or pointed at another card: illegal steps of every kind, at any time."""
    out = copy.deepcopy(doc)
    actions = out["actions"]
    players = [p["id"] for p in out["players"]]
    size = min(len(d["main"]) for d in out["decks"].values())
    for _ in range(1 + rng.below(4)):
        i = rng.below(len(actions))
        action = actions[i]
        how = rng.below(5)
        if how == 0 and len(actions) > 1:
            del actions[i]
        elif how == 1:
            j = rng.below(len(actions))
            actions[i], actions[j] = actions[j], action
        elif how == 2:
            actions.insert(rng.below(len(actions)), copy.deepcopy(action))
        elif how == 3:
            action["p"] = players[rng.below(len(players))]
        else:  # every card the action names becomes another instance, anyone's
            for key, value in action.items():
                if key in ("p", "do", "note") or value == "player":
                    continue
                if isinstance(value, str) or (
                    isinstance(value, list) and value and isinstance(value[0], str)
                ):
                    n = len(value) if isinstance(value, list) else 1
                    refs = [
                        f"{players[rng.below(len(players))]}-{1 + rng.below(size)}"
                        for _ in range(n)
                    ]
                    action[key] = refs if isinstance(value, list) else refs[0]
    return out


GAMES: dict[str, Callable[[str], dict[str, Any]]] = {
    "union-arena": lambda seed: sample_envelope(seed),
    "rangers-strike/1v1": lambda seed: rs_envelope(seed, variant="1v1"),
    "rangers-strike/tag": lambda seed: rs_envelope(seed, variant="tag"),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_altered_games_are_judged_under_every_on_illegal_never_crashed(game: str) -> None:
    """``12 * scaled(10)`` altered self-play games per game and variant (120 at the default
    scale, 300 at ``JUDGE_TEST_SCALE=2.5``), replayed under
    ``stop``, ``skip`` and ``apply``: each ends in a replay (or, for a reference that reads
    as bad input, BadLog), never an exception.  Under ``apply``, a step the engine could not
    carry out as played is illegal and left the state as it was."""
    not_applied = 0
    for g in range(12):
        seed = f"alter-{game}-{g}"
        doc = random_game(GAMES[game](seed), seed, max_actions=(60, 120, 240)[g % 3])
        rng = SplitMix64.from_seed(seed, "alter")
        for _ in range(scaled(10)):
            altered = _altered(doc, rng)
            for on_illegal in ON_ILLEGAL:
                try:
                    r = replay(altered, on_illegal=on_illegal, detail="full")
                except BadLog:
                    continue
                if on_illegal != "stop":
                    assert r["summary"]["steps"] == len(altered["actions"])
                for prev, step in zip(r["steps"], r["steps"][1:], strict=False):
                    if not any(
                        "could not be applied as played" in u for u in step.get("unverifiable", ())
                    ):
                        continue
                    not_applied += 1
                    assert on_illegal == "apply" and step["verdict"] == "illegal"
                    if not step["events"] and not step["rulings"]:  # no default filled in
                        assert step["state"] == prev["state"]
    assert not_applied > 0  # the alterations reach the case
