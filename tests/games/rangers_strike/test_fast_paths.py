"""The Rangers Strike engine's shortcuts for speed give what the long way gives: replays of
self-played games (1 vs 1 and tag battle, as played and with actions dropped and swapped,
so that decisions are skipped and steps are illegal, under every ``on_illegal``) are the
same, byte for byte, with the shortcuts and with the long way:

- the runner's three calls an action (``fill_missing``, ``check``, ``apply``), which write
  out :class:`~judge.core.engine.AgendaEngine`'s and the handlers' entry points, against
  AgendaEngine's own, which call ``handlers`` (:mod:`judge.games.rangers_strike.actions`);
- :meth:`RangersStrikeEngine.pending`'s entries found by the phase and the turn player while
  nothing waits, against the entries worked out from the decisions at every step.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.engine import AgendaEngine
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.rangers_strike.engine import RangersStrikeEngine
from judge.games.rangers_strike.sample import sample_envelope
from judge.games.rangers_strike.tag import TagBattleEngine


def _long_fill_missing(self: RangersStrikeEngine, action: dict[str, Any], ctx: Any) -> None:
    AgendaEngine.fill_missing(self, action, ctx)
    if self._aura_laying or self.state.auras:
        self.settle_zero()


def _long_apply(self: RangersStrikeEngine, plan: Any, ctx: Any) -> None:
    AgendaEngine.apply(self, plan, ctx)
    if self._aura_laying or self.state.auras:
        self.settle_zero()


def _long_pending(self: RangersStrikeEngine) -> list[dict[str, Any]]:
    self._pending_plain.clear()  # (what the last step kept: worked out again)
    return FAST_PENDING(self)


FAST_PENDING = RangersStrikeEngine.pending


def _mutated(doc: dict[str, Any], seed: str) -> dict[str, Any]:
    """``doc`` with some actions dropped and some neighbours swapped."""
    rng = random.Random(seed)
    out = copy.deepcopy(doc)
    acts = out["actions"]
    for _ in range(len(acts) // 12):
        i = rng.randrange(1, len(acts))
        if rng.random() < 0.5:
            del acts[i]
        elif i + 1 < len(acts):
            acts[i], acts[i + 1] = acts[i + 1], acts[i]
    return out


def _logs() -> list[dict[str, Any]]:
    out = []
    for variant in ("1v1", "tag"):
        for i in range(4):
            seed = f"fast-paths-{variant}-{i}"
            doc = random_game(sample_envelope(seed, variant), seed, max_actions=160)
            out += [doc, _mutated(doc, seed)]
    return out


def _replays(logs: list[dict[str, Any]]) -> list[str]:
    return [
        canonical_json(replay(copy.deepcopy(doc), on_illegal=how, detail="full"))
        for doc in logs
        for how in ("skip", "apply", "stop")
    ]


def test_no_variant_overrides_the_written_out_calls() -> None:
    for cls in (TagBattleEngine, *RangersStrikeEngine.VARIANTS.values()):
        for name in ("fill_missing", "check", "apply", "pending"):
            assert getattr(cls, name) is getattr(RangersStrikeEngine, name), (cls, name)


def test_the_shortcuts_replay_as_the_long_way(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _logs()
    fast = _replays(logs)
    monkeypatch.setattr(RangersStrikeEngine, "fill_missing", _long_fill_missing)
    monkeypatch.setattr(RangersStrikeEngine, "check", AgendaEngine.check)
    monkeypatch.setattr(RangersStrikeEngine, "apply", _long_apply)
    monkeypatch.setattr(RangersStrikeEngine, "pending", _long_pending)
    assert _replays(logs) == fast
    assert any('"verdict":"illegal"' in r for r in fast)  # (illegal steps were judged)
