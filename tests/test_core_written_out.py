"""The runner and the agenda engine write out a few of the engine's methods for the common
case (one call an action each): that holds only while no game's engine overrides them.

``judge.core.replay._run_step`` reads ``engine.taints`` for ``Engine.depends_on``'s first
test, and ``AgendaEngine.check`` reads ``self.forced`` for ``records_forced``'s.  A game that
overrides either must take those fast paths out first.
"""

from __future__ import annotations

from judge.core.engine import AgendaEngine, Engine
from judge.games import GAMES, engine_class


def _engine_classes() -> list[type[Engine]]:
    out: list[type[Engine]] = []
    for game in GAMES:
        cls = engine_class(game)
        out.append(cls)
        out.extend((getattr(cls, "VARIANTS", None) or {}).values())
    return out


def test_no_engine_overrides_what_the_core_writes_out() -> None:
    classes = _engine_classes()
    assert len(classes) >= 4
    for cls in classes:
        assert cls.depends_on is Engine.depends_on, cls
        if issubclass(cls, AgendaEngine):
            assert cls.records_forced is AgendaEngine.records_forced, cls
