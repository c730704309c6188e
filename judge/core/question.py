"""Reading a question (``judge-question/1``): its document checked, its state's log read (a
log, a position, or a submitted replay's stored log), the step it looks after and, for
``legal``, the log with the action asked about.  Answering it is :mod:`judge.core.ask`'s.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.core.errors import BadLog, FieldError
from judge.core.log import ActionLog, parse_log
from judge.core.perspective import PerspectiveWidened, narrowed

FORMAT = "judge-question/1"
ANSWER_FORMAT = "judge-answer/1"
KINDS = ("order", "damage", "legal", "options", "explain")


@dataclass(frozen=True)
class Question:
    """A question read and checked: ``step`` is the index of the last action applied (-1: no
    action, the game as set up); ``action`` is the action a ``legal`` question asks about."""

    kind: str
    log: ActionLog
    step: int
    on_illegal: str
    action: dict[str, Any] | None = None
    #: the log with ``action`` after step ``step`` (``legal`` only): what the probe judges
    probe_log: ActionLog | None = None
    #: whose view the answer is for: it names no card this perspective cannot see
    #: (:class:`judge.core.perspective.Withheld`); the judge's by default
    perspective: str = "judge"


def _prefixed(errors: Iterable[FieldError], prefix: str) -> list[FieldError]:
    return [FieldError(f"{prefix}.{e.path}" if e.path else prefix, e.message) for e in errors]


def read_question(
    doc: Mapping[str, Any],
    card_sets: Any = None,
    *,
    stored: tuple[dict[str, Any], str, str] | None = None,
) -> Question:
    """Check a question document and read its log; :class:`BadLog` names every problem by
    path (``kind``, ``step``, ``log.actions[3].card``, ``action.card``, ``perspective``).

    ``stored``: for a question naming a submitted ``replay``, that submission's log
    (decoded), its ``on_illegal`` and the perspective it was submitted with, which the
    caller (the service) looked up.  The question's ``perspective`` may narrow that one,
    never widen it (:class:`~judge.core.perspective.PerspectiveWidened`, the service's
    403); a question about its own ``log`` or ``position`` is the judge's by default.
    """
    from judge.games import validator  # the schemas, as judge.core.log asks for them

    errors, q = validator("question")(doc)
    kind, step, action = q.get("kind"), q.get("step"), q.get("action")
    on_illegal = q.get("on_illegal") or "skip"
    log_doc: Any = None
    more = 0  # the problems a log's (or a position's) refusal counted without listing
    submitted = "judge"  # a caller's own log or position: theirs to see whole
    if "position" in doc and "log" not in doc and "replay" not in doc:
        from judge.core.position import position_log

        try:
            log_doc = position_log(doc["position"]) if isinstance(doc["position"], dict) else None
        except BadLog as exc:
            errors += _prefixed(exc.errors, "position")
            more += exc.more
        if not isinstance(doc["position"], dict):
            errors.append(FieldError("position", "a position is a JSON object"))
        prefix = "position"
    elif "replay" in q and "log" not in doc:
        if stored is None:
            errors.append(
                FieldError(
                    "replay",
                    "a submitted replay is looked up by the service (POST /v1/rulings); "
                    "here give the log itself as `log`",
                )
            )
        else:
            log_doc, on_illegal, submitted = stored
        prefix = "replay"
    else:
        log_doc, prefix = q.get("log"), "log"
    log = None
    if isinstance(log_doc, dict):
        try:
            log = parse_log(log_doc, card_sets)
        except BadLog as exc:
            errors += _prefixed(exc.errors, prefix)
            more += exc.more
    count = len(log.document["actions"]) if log is not None else 0
    if log is not None and step is not None and step >= count and prefix != "position":
        last = f"its steps are 0 to {count - 1}" if count else "it has no step"
        noun = "action" if count == 1 else "actions"
        errors.append(
            FieldError("step", f"step {step} is beyond the log: it has {count} {noun}; {last}")
        )
    perspective = "judge"
    if log is not None and (isinstance(q.get("perspective"), str) or submitted != "judge"):
        try:
            perspective = narrowed(submitted, q.get("perspective"), log.player_ids)
        except PerspectiveWidened:
            raise
        except ValueError as exc:
            errors.append(FieldError("perspective", str(exc)))
    if errors or log is None:
        raise BadLog(sorted(errors, key=lambda e: e.path) or [FieldError("log", "no log")], more)
    if kind == "explain" and step is None:
        if not count:
            what = "the position has no step" if prefix == "position" else "the log has no step"
            raise BadLog([FieldError("step", f"{what} to explain")])
        step = count - 1
    last_step = count - 1 if step is None else step
    probe_log = None
    if kind == "legal":
        probe_log = _probe_log(log, last_step, action, card_sets)
    return Question(kind, log, last_step, on_illegal, action, probe_log, perspective)


def _probe_log(log: ActionLog, step: int, action: Any, card_sets: Any) -> ActionLog:
    """The log up to ``step`` with ``action`` after it, validated as a log is: a malformed
    action is refused by the game's own action schema, its problems named under ``action``."""
    doc = copy.deepcopy(log.document)
    doc["actions"] = doc["actions"][: step + 1] + [action]
    doc["checkpoints"] = [c for c in doc.get("checkpoints") or [] if c["after"] <= step]
    at = f"actions[{step + 1}]"
    try:
        return parse_log(doc, card_sets)
    except BadLog as exc:
        errors = [
            FieldError("action" + e.path[len(at) :], e.message)
            if e.path == at or e.path.startswith(at + ".") or e.path.startswith(at + "[")
            else FieldError(f"log.{e.path}" if e.path else "log", e.message)
            for e in exc.errors
        ]
        raise BadLog(errors, exc.more) from None


def looks_at(q: Question) -> str:
    """When the question looks, in words: after a step, or in the position (no step yet)."""
    if q.step < 0:
        return "in the position" if q.log.start is not None else "before the first step"
    return f"after step {q.step}"
