"""The Rebirth engine's written-out runner's interface gives what the core's gives: the same
replays, byte for byte, of self-played games (both activate_timing options) and of copies
with actions dropped and swapped (illegal steps, skipped and applied as played, and the
decisions the engine takes itself), with :class:`RebirthEngine`'s own ``fill_missing``,
``check`` and ``apply`` (the handlers', given the step's context) and with
:class:`~judge.core.engine.AgendaEngine`'s, which call the handlers.

Why a test: each of those is the core's method written out with the handler it calls, one
call an action less; a change to the core's that they did not follow would show here."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.engine import AgendaEngine
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.rebirth.engine import RebirthEngine
from judge.games.rebirth.sample import sample_envelope

#: the engine's methods written out, each with the core's long way
WRITTEN_OUT = ("fill_missing", "check", "apply")


def _logs() -> list[dict[str, Any]]:
    logs = []
    for timing in ("main", "main_battle"):
        for i in range(3):
            seed = f"written-out-{timing}-{i}"
            env = sample_envelope(seed)
            env["rule_options"] = {"activate_timing": timing}
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
    for name in WRITTEN_OUT:
        assert getattr(RebirthEngine, name) is not getattr(AgendaEngine, name), name
        monkeypatch.setattr(RebirthEngine, name, getattr(AgendaEngine, name))
    assert _replays(logs) == fast
