"""The Z/X engine's written-out runner's interface gives what the core's gives: the same
replays, byte for byte, of self-played games (both battle_damage options) and of copies with
actions dropped and swapped (illegal steps, skipped and applied as played, and the decisions
the engine takes itself), with :class:`ZXEngine`'s own ``fill_missing``, ``check`` and
``apply`` (the handlers', given the step's context) and with their long ways: the core's
methods (:class:`~judge.core.engine.AgendaEngine`'s, which call the handlers).

Why a test: each of those is the long way written out, a call less each action; a change to
the core's that they did not follow would show here."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.engine import AgendaEngine
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.zx.engine import ZXEngine
from judge.games.zx.sample import sample_envelope

#: the engine's methods written out, each with its long way
LONG_WAYS: dict[str, Any] = {
    "fill_missing": AgendaEngine.fill_missing,
    "check": AgendaEngine.check,
    "apply": AgendaEngine.apply,
}


def _logs() -> list[dict[str, Any]]:
    logs = []
    for battle in ("one_way", "both_ways"):
        for i in range(3):
            seed = f"zx-written-out-{battle}-{i}"
            env = sample_envelope(seed)
            env["rule_options"] = {"battle_damage": battle}
            doc = random_game(env, seed, max_actions=150)
            logs.append(doc)
            rng = random.Random(seed)
            for _ in range(3):
                bad = copy.deepcopy(doc)
                acts = bad["actions"]
                k = rng.randrange(len(acts))
                if rng.random() < 0.5:
                    del acts[k]
                else:
                    j = rng.randrange(len(acts))
                    acts[k], acts[j] = acts[j], acts[k]
                logs.append(bad)
    return logs


def _replays(logs: list[dict[str, Any]]) -> list[str]:
    out = []
    for doc in logs:
        body = canonical_json(doc)
        for on_illegal in ("skip", "apply"):
            out.append(canonical_json(replay(body, on_illegal=on_illegal, detail="full")))
    return out


def test_written_out_runner_is_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _logs()
    fast = _replays(logs)
    for name, long_way in LONG_WAYS.items():
        assert getattr(ZXEngine, name) is not long_way, name
        monkeypatch.setattr(ZXEngine, name, long_way)
    assert _replays(logs) == fast
