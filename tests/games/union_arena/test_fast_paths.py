"""The Union Arena engine's shortcuts for speed give what the long way gives, at every call in
the example logs and in self-played games:

- ``UAState.has`` (its card's printed keywords read in place for a unit with nothing that
  could change them) answers as the keywords the unit has now (``UAState.keywords``);
- ``check`` takes the rules' wait (who decides, which kinds) from ``fill_missing`` when that
  left the same action as it was: it is the one ``awaiting()`` gives then;
- the UA-BP-ZERO check after an effect that resolved by itself is skipped when the effect's
  own last step was that check and it retired nothing: made again, it would change nothing;
- ``pending()`` (``awaiting()`` written out in it) gives the entries made from ``awaiting()``.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.union_arena import actions
from judge.games.union_arena.engine import UnionArenaEngine
from judge.games.union_arena.sample import sample_envelope
from judge.games.union_arena.state import UAState, Unit

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "union-arena"
FLAGS = ("snipe", "double attack", "double block", "must be blocked", "generates in front line")


def _logs() -> list[str]:
    out = [
        random_game(sample_envelope(f"fast-{i}"), f"fast-{i}", max_actions=150) for i in range(3)
    ]
    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.json"))]
    return [*out, *(t for t in texts if '"actions"' in t and '"game"' in t)]


def test_has_is_the_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = UAState.has
    asked = {"n": 0}

    def checked(self: UAState, unit: Unit, flag: str) -> bool:
        asked["n"] += 1
        got = fast(self, unit, flag)
        assert got == (flag in self.keywords(unit).flags)
        for other in FLAGS:
            assert fast(self, unit, other) == (other in self.keywords(unit).flags)
        return got

    monkeypatch.setattr(UAState, "has", checked)
    for log in _logs():
        replay(log)
    assert asked["n"] > 50


def test_check_takes_the_wait_fill_missing_found(monkeypatch: pytest.MonkeyPatch) -> None:
    check = actions.check
    taken = {"n": 0}

    def checked(eng: Any, action: dict[str, Any], ctx: Any = None) -> Any:
        awaited = eng._awaited
        if awaited is not None and awaited[0] is action:
            taken["n"] += 1
            assert (awaited[1], awaited[2]) == eng.awaiting()
        return check(eng, action, ctx)

    # (the engine's check is the handlers' own, bound in the class: patched there)
    monkeypatch.setattr(UnionArenaEngine, "check", checked)
    for log in _logs():
        replay(log)
    assert taken["n"] > 100


def test_a_settled_bp_check_is_not_made_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """After an effect whose last step's UA-BP-ZERO check retired nothing, the engine's own
    check after it is skipped: made on a copy of the game then, it retires nothing, says
    nothing and leaves the state as it was."""
    after = UnionArenaEngine.after_auto_resolve
    skipped = {"n": 0}

    def checked(self: UnionArenaEngine) -> None:
        if self._bp_settled:
            skipped["n"] += 1
            st = self.state
            memo: dict[int, Any] = {id(x): x for x in (st.defs, st.code_of, st.owner_of, self)}
            saved = self.state, self.pool, self.ctx
            before = canonical_json(self.snapshot())
            self.state, self.pool, self.ctx = copy.deepcopy(saved, memo)
            try:
                said = canonical_json([self.ctx.events, self.ctx.rulings, sorted(self.ctx.reads)])
                assert self.check_bp_zero() is False
                assert canonical_json(self.snapshot()) == before
                assert (
                    canonical_json([self.ctx.events, self.ctx.rulings, sorted(self.ctx.reads)])
                    == said
                )
            finally:
                self.state, self.pool, self.ctx = saved
        after(self)

    monkeypatch.setattr(UnionArenaEngine, "after_auto_resolve", checked)
    for log in _logs():
        replay(log)
    assert skipped["n"] > 10


def _pending_the_long_way(eng: UnionArenaEngine) -> list[dict[str, Any]]:
    """``pending()`` as it was made from ``awaiting()``, without its memo."""
    who, kinds = eng.awaiting()
    if who is None and not kinds:
        return []
    if eng.pool.items:
        return eng.pending_effects()
    label = who if who else "the rock-paper-scissors winner"
    return [{"player": who, "kind": "|".join(kinds), "text": f"{label}: {', '.join(kinds)}"}]


def test_pending_is_made_from_the_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = UnionArenaEngine.pending
    asked = {"n": 0}

    def checked(self: UnionArenaEngine) -> list[dict[str, Any]]:
        asked["n"] += 1
        out = fast(self)
        assert out == _pending_the_long_way(self)
        return out

    monkeypatch.setattr(UnionArenaEngine, "pending", checked)
    for log in _logs():
        replay(log)
    assert asked["n"] > 100
