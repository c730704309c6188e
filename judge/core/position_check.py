"""A position checked for a person editing it: every problem by path, or the board it makes.

The position editor (``GET /position``, ``docs/editor.md``) checks the document after every
change and shows the problems beside the zone they name, or, when there is none, the board
drawn from the engine's own state of the position (the replay viewer's board, from the same
``step_state`` a replay's step carries), whose decision the rules wait for and every action
legal now.  The same reading as ``judge position`` (:func:`judge.core.position.read_position`
then :func:`judge.core.replay.start`): the page and the command line never disagree about a
position.

Why a result and not a refusal: to the editor a position with problems is the normal state
of a document being written, so the problems are the answer (the API's 200), not an error;
a document that is not a JSON object at all is still bad input (the API's 400).  An engine's
exception is an :class:`~judge.core.fault.EngineFault`, never passed off as a problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.core.canonical import sha256_of
from judge.core.errors import BadLog, FieldError
from judge.core.fault import Judged, engine_guard, guard_log


def problem_list(exc: BadLog) -> list[dict[str, str]]:
    """A refusal's problems as ``{"path", "message"}`` (the last line says how many more)."""
    out = [{"path": e.path, "message": e.message} for e in exc.errors]
    if exc.more:
        out.append({"path": "", "message": f"and {exc.more} more problems"})
    return out


def check_position(doc: Mapping[str, Any], card_sets: Any = None) -> dict[str, Any]:
    """``{"problems": [...]}`` for a position with problems, else the problems (none) with
    what the editor draws: ``state`` (the judge's view, as a replay step's), ``ids`` (each
    player's zones as instance ids, ``None`` for an unknown card), ``decks`` (the deck
    lists the ids are numbered from), ``turn``, ``phase``, ``pending`` and
    ``legal_actions``."""
    from judge.core.position import read_position
    from judge.core.replay import start

    if not isinstance(doc, Mapping):
        raise BadLog([FieldError("", "a position is a JSON object")])
    try:
        with engine_guard(Judged(str(doc.get("game")), sha256_of(doc)), where="start"):
            log = read_position(doc, card_sets)
        engine = start(log)
    except BadLog as exc:
        return {"problems": problem_list(exc)}
    with guard_log(log, where="end"):
        turn, phase = engine.turn_phase()
        state = engine.step_state()
        pending = engine.pending()
        legal = engine.legal_actions()
    return {
        "problems": [],
        "state": state,
        # (an open ``unseen`` list holds every candidate: nothing the board draws)
        "ids": {
            pid: {zone: ids for zone, ids in zones.items() if zone != "unseen"}
            for pid, zones in log.layout.zones.items()
        },
        "decks": log.layout.decks,
        "turn": turn,
        "phase": phase,
        "pending": pending,
        "legal_actions": legal,
    }
