"""The Rebirth engine's agenda runner: :meth:`AgendaEngine.advance` written out.

Why: it runs after every action (and after some fills), and an action runs one or two steps
of the agenda.  The core's finds each step's method by name on the engine (a bound method
made at each step) and asks ``when_idle`` (the core's, which answers False: this engine does
not change it) whenever the agenda is empty, the end of most actions.  Here each step's
function (the class's ``op_…`` itself, found once by its name) is called with the engine,
and an empty agenda ends the run.  Otherwise the same tests in the same order
(tests/games/rebirth/test_written_out.py replays games both ways).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

#: each engine class's ``op_…`` functions by their step's name, found on first use
_OPS: dict[type, dict[str, Callable[..., None]]] = {}
#: the steps one run may take (the core's bug guard), made once
_LIMIT = range(10_000)


def advance(eng: RebirthEngine) -> None:
    """Run automatic procedure until a decision is due or the game is over."""
    st = eng.state
    pool = eng.pool
    agenda = st.agenda
    waits = eng.WAITS
    cls = type(eng)
    ops = _OPS.get(cls)
    if ops is None:
        ops = _OPS[cls] = {}
    for _ in _LIMIT:
        if st.phase == "over":
            agenda.clear()
            pool.items.clear()
            return
        if pool.items:
            if eng.auto_resolve():
                eng.after_auto_resolve()
                continue
            return
        if not agenda:
            return  # (when_idle: False)
        op, args = agenda[0]
        if op in waits:
            return
        del agenda[0]
        run = ops.get(op)
        if run is None:
            run = ops[op] = getattr(cls, "op_" + op)
        run(eng, **args)
    raise RuntimeError("agenda did not settle")  # pragma: no cover - a bug guard
