"""An engine fault: an engine raised something other than :class:`~judge.core.errors.BadLog`.

The engines refuse input they cannot read with ``BadLog`` (the log, question, position or
deck is wrong: the user fixes it).  Any other exception raised while a game is judged is a
bug in the engine, never the user's fault, and must not pass for either outcome: not for bad
input (a 400, exit 2), not for an unexplained failure of the server (a 500).  The runner
(:mod:`judge.core.replay`, and through it :mod:`judge.core.ask`) turns it into an
:class:`EngineFault`, which every outcome shows the same way:

- the command line prints :meth:`EngineFault.line` on stderr and exits ``3`` ("engine
  error", apart from ``1`` illegal and ``2`` bad input);
- the API answers ``501`` with the problem ``urn:tcg-judge:problem:engine-error``
  (:meth:`EngineFault.to_problem`: the fault id, step, game, engine version, never the
  traceback), and logs the traceback with the id;
- a replay job ends ``failed`` with :meth:`EngineFault.short_line` as its reason (the step,
  the exception's type and the id; the full line, which quotes the action, goes to the
  worker's log with the traceback).

Why a *fault id*: a user who meets one reports it, and the id says which fault it is without
the log (which may be private).  It is a hash of the game, the engine's version, the log's
content hash, the step and the exception's type: the same log judged by the same engine
gives the same id on every run and machine (no clock, no randomness), and two different
faults almost never share one.

Steps are numbered as the replay shows them: the step's ``index``, the action's position in
the log's ``actions`` (``#65`` in the text replay, ``actions[65]``; the first action is step
0).  A fault outside any step has ``step`` None and says where (:data:`WHERE`): ``start``
(setting up the game, before the first action), ``end`` (after the last step: the result,
what is legal now), ``deck`` (judging a deck list) or ``question`` (answering a question,
outside the steps it replays).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import judge
from judge.core.errors import BadLog

#: The command line's exit code for an engine fault.
EXIT_ENGINE_ERROR = 3
#: The API's problem type (status :data:`HTTP_STATUS`) for an engine fault.
PROBLEM_TYPE = "urn:tcg-judge:problem:engine-error"
#: RFC 9110 501 Not Implemented: "the server does not support the functionality required
#: to fulfill the request": this engine cannot judge this input (not the input's fault: not
#: a 4xx; not an unexplained failure: not a 500).
HTTP_STATUS = 501
#: The longest action (canonical JSON) a fault's message quotes.
ACTION_CHARS = 200
#: Where a fault outside any step happened, as its line says it (``engine error <where>: …``).
WHERE = {
    "step": "at a step",
    "start": "before the first action (setting up the game)",
    "end": "after the last step",
    "deck": "judging a deck list",
    "question": "answering the question",
}

#: Exceptions that are not the engine's logic failing: the input refused, a fault already
#: made, the machine out of memory, a worker's time limit.
PASS_THROUGH: tuple[type[BaseException], ...] = (BadLog, MemoryError)


class EngineFault(Exception):
    """An engine raised ``error_type: message`` at ``step`` (the action ``action``) of a
    ``game`` log whose content hash is ``log_sha256``; ``fault_id`` names it."""

    def __init__(
        self,
        *,
        game: str,
        log_sha256: str,
        step: int | None,
        action: Any,
        error_type: str,
        message: str,
        where: str = "step",
    ) -> None:
        self.game = game
        self.log_sha256 = log_sha256
        self.step = step
        self.action = action
        self.error_type = error_type
        self.message = message
        self.where = where if step is None else "step"
        self.engine_version = judge.__version__
        self.fault_id = fault_id(
            game, self.engine_version, log_sha256, step, self.where, error_type
        )
        super().__init__(self.line())

    @classmethod
    def of(
        cls,
        exc: BaseException,
        *,
        game: str,
        log_sha256: str,
        step: int | None = None,
        action: Any = None,
        where: str = "step",
    ) -> EngineFault:
        """The fault for ``exc``, raised by the engine judging ``game``."""
        return cls(
            game=game,
            log_sha256=log_sha256,
            step=step,
            action=action,
            error_type=type(exc).__name__,
            message=str(exc),
            where=where,
        )

    def to_dict(self) -> dict[str, Any]:
        """The fault as JSON (what crosses a queue from the worker that judged to the API
        that answers); :meth:`from_dict` makes it again, with the same id."""
        return {
            "game": self.game,
            "log_sha256": self.log_sha256,
            "step": self.step,
            "action": self.action,
            "error_type": self.error_type,
            "message": self.message,
            "where": self.where,
            "engine_version": self.engine_version,
            "fault_id": self.fault_id,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EngineFault:
        """The fault :meth:`to_dict` wrote (its engine version and id as the judging
        process computed them)."""
        fault = cls(
            game=str(data["game"]),
            log_sha256=str(data["log_sha256"]),
            step=data.get("step"),
            action=data.get("action"),
            error_type=str(data["error_type"]),
            message=str(data.get("message", "")),
            where=str(data.get("where", "step")),
        )
        fault.engine_version = str(data.get("engine_version", fault.engine_version))
        fault.fault_id = str(data.get("fault_id", fault.fault_id))
        fault.args = (fault.line(),)
        return fault

    def place(self) -> str:
        """Where it happened: ``at step 65 (action {...})``, or :data:`WHERE`'s phrase."""
        if self.step is None:
            return WHERE.get(self.where, self.where)
        return f"at step {self.step} (action {quote_action(self.action)})"

    def line(self) -> str:
        """The one line every outcome shows: ``engine error at step N (action …): <type>:
        <message>; report id <id>``."""
        return (
            f"engine error {self.place()}: "
            f"{self.error_type}: {self.message}; report id {self.fault_id}"
        )

    def short_line(self) -> str:
        """The line without the action and the message: ``engine error at step N:
        <type>; report id <id>``.  What the service shows (a failed job's reason): the
        action and the exception's text may name a card that a viewer of the replay may
        not see (a hand card), and the id finds the full line in the server's log."""
        where = f"at step {self.step}" if self.step is not None else self.place()
        return f"engine error {where}: {self.error_type}; report id {self.fault_id}"

    def to_problem(self) -> dict[str, Any]:
        """The members an API problem carries (besides type, title, status, detail)."""
        return {
            "fault_id": self.fault_id,
            "step": self.step,
            "where": self.where,
            "game": self.game,
            "engine_version": self.engine_version,
        }


def quote_action(action: Any) -> str:
    """An action as a fault quotes it: canonical JSON, cut to :data:`ACTION_CHARS`."""
    try:
        text = json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(action)
    return text if len(text) <= ACTION_CHARS else text[: ACTION_CHARS - 1] + "…"


def fault_id(
    game: str, version: str, log_sha256: str, step: int | None, where: str, error_type: str
) -> str:
    """A short id for a fault, the same on every run (16 hex digits of a SHA-256)."""
    key = json.dumps([game, version, log_sha256, step, where, error_type], separators=(",", ":"))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


class Judged:
    """What a fault names when the input is not an action log (a deck list): its game and
    content hash (the same attributes an :class:`~judge.core.log.ActionLog` has)."""

    def __init__(self, game: str, sha256: str) -> None:
        self.game = game
        self.sha256 = sha256


def fault_of(
    exc: BaseException, log: Any, step: int | None = None, action: Any = None, where: str = "step"
) -> EngineFault:
    """The fault for ``exc`` raised judging ``log`` (an :class:`~judge.core.log.ActionLog`
    or a :class:`Judged`); its content hash is computed only now, when it is needed."""
    return EngineFault.of(
        exc, game=log.game, log_sha256=log.sha256, step=step, action=action, where=where
    )


@contextmanager
def engine_guard(
    log: Any, step: int | None = None, action: Any = None, where: str = "step"
) -> Iterator[None]:
    """Run the block; an exception other than :data:`PASS_THROUGH` (or a fault already made)
    leaves it as an :class:`EngineFault` (chained to it: the traceback is kept for the log).
    ``log``: what is judged (an :class:`~judge.core.log.ActionLog` or a :class:`Judged`)."""
    try:
        yield
    except (EngineFault, *PASS_THROUGH):
        raise
    except Exception as exc:  # noqa: BLE001 - re-raised as the fault it is
        raise fault_of(exc, log, step, action, where) from exc


def guard_log(log: Any, where: str = "end") -> Any:
    """:func:`engine_guard` for what a command asks of an engine outside any step
    (``where``: :data:`WHERE`), judging ``log``."""
    return engine_guard(log, where=where)
