"""The Rangers Strike engine's shortcuts for speed give what the long way gives: replays of
self-played games (1 vs 1 and tag battle, as played and with actions dropped and swapped,
so that decisions are skipped and steps are illegal, under every ``on_illegal``) are the
same, byte for byte, with the shortcuts and with the long way:

- the runner's three calls an action (``fill_missing``, ``check``, ``apply``), which write
  out :class:`~judge.core.engine.AgendaEngine`'s and the handlers' entry points, against
  AgendaEngine's own, which call ``handlers`` (:mod:`judge.games.rangers_strike.actions`);
- ``advance``, AgendaEngine's written out with ``when_idle``'s test before its call, against
  AgendaEngine's;
- :meth:`RangersStrikeEngine.pending`'s entries found by the phase and the turn player while
  nothing waits, against the entries worked out from the decisions at every step;
- the next phase (and an end phase's end_turn step) run at once where advance would run
  them next (``AT_ONCE``), against the steps pushed and run by advance;
- the first tests of the hooks of an enter, a rush and an end phase written out where they
  are called (the codes of the cards that print a text, read in ``codes_known``), against
  the hooks called every time (``codes_known`` answering None for those codes: each hook
  works them out and decides itself).

And the hooks called only when an effect waits or a combination effect is in force do nothing
without (as an enter calls them).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.engine import AgendaEngine
from judge.core.replay import position, replay
from judge.core.selfplay import random_game
from judge.core.verdict import StepContext
from judge.games.rangers_strike import (
    as_own,
    hand_cycle,
    held_return,
    morph,
    next_combination,
    resident_watch,
    tag_resident,
    top_look,
)
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

#: the codes whose first test is written out where the hook is called
WRITTEN_OUT = {
    ("when", "turn_end"),  # watch.turn_end
    held_return.CODES,
    ("restriction", "turn_end_destroy"),  # own_text.turn_end
    ("restriction", "must_enter"),  # restrictions.must_enter_left
    resident_watch.CODES,
    top_look.WHEN,
    tag_resident.CODES,
    hand_cycle.CODES,
    morph.NAME,
}


class _NotKnownYet(dict):  # type: ignore[type-arg]
    """``codes_known`` that answers None for the codes of :data:`WRITTEN_OUT`: each hook is
    called, and works them out itself."""

    def get(self, key: Any, default: Any = None) -> Any:
        return None if key in WRITTEN_OUT else super().get(key, default)


FAST_INIT = RangersStrikeEngine.__init__


def _long_init(self: RangersStrikeEngine, *args: Any) -> None:
    FAST_INIT(self, *args)
    self.codes_known = _NotKnownYet(self.codes_known)


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
        for name in (
            "fill_missing",
            "check",
            "apply",
            "pending",
            "advance",
            "when_idle",
            "push",
            "skips_first_draw",
            "op_end_turn",
            "op_next_phase",
            "AT_ONCE",
        ):
            assert getattr(cls, name) is getattr(RangersStrikeEngine, name), (cls, name)


def test_the_shortcuts_replay_as_the_long_way(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _logs()
    fast = _replays(logs)
    monkeypatch.setattr(RangersStrikeEngine, "fill_missing", _long_fill_missing)
    monkeypatch.setattr(RangersStrikeEngine, "check", AgendaEngine.check)
    monkeypatch.setattr(RangersStrikeEngine, "apply", _long_apply)
    monkeypatch.setattr(RangersStrikeEngine, "pending", _long_pending)
    monkeypatch.setattr(RangersStrikeEngine, "advance", AgendaEngine.advance)
    monkeypatch.setattr(RangersStrikeEngine, "__init__", _long_init)
    monkeypatch.setattr(RangersStrikeEngine, "AT_ONCE", False)
    assert _replays(logs) == fast
    assert any('"verdict":"illegal"' in r for r in fast)  # (illegal steps were judged)


def test_the_hooks_an_empty_pool_and_no_combination_skip_do_nothing() -> None:
    seed = "fast-paths-hooks"
    doc = random_game(sample_envelope(seed, "tag"), seed, max_actions=60)
    eng = position(doc)
    eng.ctx = StepContext(0)
    st = eng.state
    assert not eng.pool.items and not st.granted
    units = [(pid, u) for pid in st.order for u in st.players[pid].battle]
    assert units
    for pid, unit in units:
        as_own.entering(eng, unit)
        assert next_combination.entered(eng, pid, unit, 1, 1) is False
    assert not eng.ctx.events and not eng.ctx.rulings and not eng.ctx.unverifiable


def _with_effects_waiting() -> list[dict[str, Any]]:
    """Logs whose start or end phases set off effects (the next phase then waits for them):
    other tests' games."""
    from tests.games.rangers_strike import (
        test_return_pull,
        test_rider_to_hand,
        test_turn_end,
        test_turn_end_destroy,
    )

    back = test_rider_to_hand._back()
    back.act("A", "resolve", source="T-614", use=True).charge("A", "T-000")
    builders = [
        back,
        test_rider_to_hand._back(),
        test_return_pull.returning(),
        test_turn_end._rides(),
        test_turn_end._rides(variant="tag"),
        test_turn_end_destroy._tag_burnt(),
    ]
    return [b.doc for b in builders]


def test_the_next_phase_at_once_replays_as_the_long_way(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _with_effects_waiting()
    fast = _replays(logs)
    monkeypatch.setattr(RangersStrikeEngine, "AT_ONCE", False)
    assert _replays(logs) == fast
