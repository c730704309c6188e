"""The Z/X engine's written-out runner's interface gives what the core's gives: the same
replays, byte for byte, of self-played games (both battle_damage options) and of copies with
actions dropped and swapped (illegal steps, skipped and applied as played, and the decisions
the engine takes itself), with :class:`ZXEngine`'s own ``fill_missing``, ``check`` and
``apply`` (the handlers', given the step's context) and with their long ways: the core's
methods (:class:`~judge.core.engine.AgendaEngine`'s, which call the handlers).

Why a test: each of those is the long way written out, a call less each action; a change to
the core's that they did not follow would show here."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.engine import AgendaEngine
from judge.games.zx.engine import ZXEngine
from judge.games.zx.sample import sample_envelope
from tests.written_out import full_replays, games_and_damaged_copies

#: the engine's methods written out, each with its long way
LONG_WAYS: dict[str, Any] = {
    "fill_missing": AgendaEngine.fill_missing,
    "check": AgendaEngine.check,
    "apply": AgendaEngine.apply,
}


def _logs() -> list[dict[str, Any]]:
    return games_and_damaged_copies(
        [
            (seed, {**sample_envelope(seed), "rule_options": {"battle_damage": battle}})
            for battle in ("one_way", "both_ways")
            for seed in (f"zx-written-out-{battle}-{i}" for i in range(3))
        ]
    )


def test_written_out_runner_is_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _logs()
    fast = full_replays(logs)
    for name, long_way in LONG_WAYS.items():
        assert getattr(ZXEngine, name) is not long_way, name
        monkeypatch.setattr(ZXEngine, name, long_way)
    assert full_replays(logs) == fast
