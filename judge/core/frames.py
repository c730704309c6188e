"""Frames: the state after each step of a window of a replay, for a step-by-step viewer.

A compact replay (``judge-replay/2``) carries the judge's view of the state only every
:data:`~judge.core.replay.FINGERPRINT_EVERY` steps; a viewer that shows the board at every
step, and steps back as fast as forward, needs the state after each one.  ``frames(log,
offset, limit)`` gives exactly that for steps ``offset`` to ``offset + limit - 1``: the log
is judged again from its start, as :func:`~judge.core.replay.replay` judges it (the same
engine, the same ``on_illegal``), and only the window's states are kept and redacted.

Why judged again rather than stored with the replay: replays are deterministic, so the
state after step *i* is the state the stored replay's steps were judged on (a test holds
every keyframe of the stored replay equal to its frame); storing it for every step would
make every stored replay several times bigger (about 1 KB of JSON a step, a third of a
compact step's size again and again) for the few that are looked at step by step.  Judging
again costs time in proportion to ``offset + limit``: a step takes about 0.1 ms in the
Union Arena engine (measured on 182-action self-play games), so the last window of a
10,000-step replay costs about a second, once: the viewer keeps the windows it has read.

What a perspective sees is what :func:`~judge.core.replay.replay` shows it: each state
goes through :func:`~judge.core.perspective.redact_step` with the record of what its step
withholds (:class:`~judge.core.sight.Sight`), so a frame never shows a card that the
same perspective's replay hides.

>>> import pathlib
>>> text = pathlib.Path("examples/union-arena/full-game.json").read_text()
>>> got = frames(text, 19, 2, perspective="B")
>>> got["total"], [f["index"] for f in got["frames"]], type(got["frames"][0]["state"]["players"]["A"]["hand"])
(193, [19, 20], <class 'int'>)
"""

from __future__ import annotations

from typing import Any

from judge.core.fault import PASS_THROUGH, EngineFault, fault_of
from judge.core.log import ActionLog, parse_log
from judge.core.perspective import (
    check_perspective,
    redact_step,
    step_hides,
    visible_players,
)
from judge.core.sight import Sight
from judge.core.verdict import ILLEGAL

#: the most frames one call gives (a viewer reads a window at a time)
MAX_FRAMES = 200


def frames(
    data: str | bytes | dict[str, Any] | ActionLog,
    offset: int,
    limit: int,
    *,
    on_illegal: str = "skip",
    perspective: str = "judge",
) -> dict[str, Any]:
    """The states after steps ``offset`` … ``offset + limit - 1`` of ``data``'s replay, as
    ``perspective`` sees them: ``{"total": steps in the replay, "frames": [{"index", "state"}]}``.

    ``total`` counts the replay's steps (fewer than the log's actions when ``on_illegal`` is
    ``stop`` and an action was illegal); a window past the end gives no frames.  Raises
    :class:`~judge.core.errors.BadLog` for input that is not a log, ValueError for a
    perspective, offset or limit out of range, and :class:`~judge.core.fault.EngineFault`
    when the engine fails (as :func:`~judge.core.replay.replay` does).
    """
    from judge.core.replay import ON_ILLEGAL, run_step, start

    if on_illegal not in ON_ILLEGAL:
        raise ValueError(f"on_illegal must be one of {', '.join(ON_ILLEGAL)}; got {on_illegal!r}")
    if offset < 0 or not 1 <= limit <= MAX_FRAMES:
        raise ValueError(f"offset must be 0 or more and limit 1 to {MAX_FRAMES}")
    log = data if isinstance(data, ActionLog) else parse_log(data)
    check_perspective(perspective, log.player_ids)
    engine = start(log)
    private = tuple(getattr(type(engine), "private_zones", ("hand",)))
    sees = visible_players(perspective, log.teams)
    sight = Sight(engine, log.teams) if perspective != "judge" else None
    actions = log.document["actions"]
    end = offset + limit
    out: list[dict[str, Any]] = []
    total = len(actions)
    index, action = None, None
    try:
        for index, action in enumerate(actions):
            if index >= end and on_illegal != "stop":
                break  # under stop, judged on to the end: the replay may be shorter
            step = run_step(engine, index, action, on_illegal)
            if index < end and (sight is not None or index >= offset):
                state = engine.step_state()
                if sight is not None:
                    step["state"] = state
                    record = sight.record(step, state)
                    if index >= offset:
                        (hide,) = step_hides(perspective, sees, private, [record], 1)
                        state = redact_step(step, perspective, private, sees, hide)["state"]
                if index >= offset:
                    out.append({"index": index, "state": state})
            if on_illegal == "stop" and step["verdict"] == ILLEGAL:
                total = index + 1
                break
    except (EngineFault, *PASS_THROUGH):
        raise
    except Exception as exc:  # noqa: BLE001 - re-raised as the fault it is
        raise fault_of(exc, log, index, action) from exc
    return {"total": total, "frames": out}
