"""The question document, ``judge-question/1``: what ``judge ask`` and ``POST /v1/rulings`` read.

    {"format": "judge-question/1", "kind": "legal", "log": {…}, "step": 41,
     "action": {"p": "B", "do": "block", "card": "B-3"}}

``kind`` is one of ``order``, ``damage``, ``legal``, ``options``, ``explain``
(:mod:`judge.core.ask`).  The state is an action ``log`` (validated as every log is, its
problems named under ``log.``), a ``position`` (``judge-position/1``: a game at a moment,
without its history; problems under ``position.``) or, for the service, a submitted
``replay``'s job id; ``step``
is the index of the last action applied (default: the whole log; ``explain``: the step
explained).  ``action`` is the action a ``legal`` question asks about, validated by the game's
own action schema (its problems named under ``action``), and only there.  ``on_illegal`` is
how the log's illegal actions are taken (``skip`` by default; a submitted replay's own).
``perspective`` is whose view the answer is for (``judge`` by default; a submitted
replay's own, which it may narrow, never widen).

Every problem is named by path, as for a log: the plain fields here, and the cross-field
rules (exactly one of ``log`` and ``replay``; ``action`` with ``legal`` only).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, validate

from judge.core.errors import FieldError
from schemas.log_fields import FreeObject, Int, Str, one_of
from schemas.problems import UnknownCounted

FORMAT = "judge-question/1"
KINDS = ("order", "damage", "legal", "options", "explain")
ON_ILLEGAL = ("stop", "skip", "apply")


class QuestionSchema(UnknownCounted, Schema):
    """A question about the state of a game after a step of its log."""

    class Meta:
        unknown = RAISE

    error_messages = {
        "type": "must be an object",
        "unknown": "unknown field (allowed here: action, format, kind, log, on_illegal, "
        "perspective, position, replay, step)",
    }

    format = Str(
        required=True,
        validate=one_of([FORMAT]),
        metadata={"description": f"Exactly `{FORMAT}`."},
    )
    kind = Str(
        required=True,
        validate=one_of(KINDS),
        metadata={
            "description": "`order`: the waiting effects, their order and who chooses; "
            "`damage`: who takes damage and who decides; `legal`: is `action` legal now, and "
            "every rule it breaks; `options`: everything the player to act may record; "
            "`explain`: why step `step` of the replay got its verdict."
        },
    )
    log = FreeObject(
        metadata={
            "description": "The action log (`judge-action-log/1`, validated as "
            "`POST /v1/replays` validates it; problems under `log.`)."
        }
    )
    position = FreeObject(
        metadata={
            "description": "Instead of `log`: a position (`judge-position/1`, docs/positions.md), "
            "a game described at a moment without its history (problems under `position.`)."
        }
    )
    replay = Str(
        validate=validate.Length(min=1, max=200),
        metadata={
            "description": "Instead of `log` (service only): the id of a submitted replay, "
            "whose stored log and `on_illegal` are used."
        },
    )
    step = Int(
        minimum=0,
        metadata={
            "description": "The index of the last action applied (0-based, as the replay's "
            "steps); default: the whole log.  For `explain`, the step explained.  A step "
            "beyond the log is refused."
        },
    )
    action = FreeObject(
        metadata={
            "description": "For `legal` only: the action asked about, in the log's own action "
            "format (problems under `action`)."
        }
    )
    on_illegal = Str(
        validate=one_of(ON_ILLEGAL),
        metadata={
            "description": "How the log's illegal actions are taken on the way to the step "
            "(default `skip`; with `replay`, the submission's own)."
        },
    )
    perspective = Str(
        validate=validate.Length(min=1, max=200),
        metadata={
            "description": "Whose view the answer is for: `judge`, `public` or a player id. "
            "The answer names no card that view cannot see (another's hand, a deck, face-down "
            "cards: withheld, docs/questions.md).  With `replay`: default the submission's "
            "own perspective, which this may narrow but never widen (403 "
            "`perspective-refused`); with `log` or `position`: default `judge`."
        },
    )


def validate_question(doc: Any) -> tuple[list[FieldError], dict[str, Any]]:
    """Every problem of a question document by path, and what could be loaded."""
    from schemas.action_log import flatten_errors

    errors: list[FieldError] = []
    if not isinstance(doc, Mapping):
        return [FieldError("", "a question is a JSON object")], {}
    try:
        loaded: dict[str, Any] = QuestionSchema().load(dict(doc))
    except ValidationError as exc:
        errors += flatten_errors(exc.messages)
        loaded = exc.valid_data if isinstance(exc.valid_data, dict) else {}
    given = [k for k in ("log", "position", "replay") if k in doc]
    if not given:
        errors.append(
            FieldError("log", "required field is missing (or give `position` or `replay`)")
        )
    elif len(given) > 1:
        errors.append(
            FieldError(given[-1], "give one of `log`, `position` and `replay`, not several")
        )
    if "position" in doc and "step" in doc:
        errors.append(
            FieldError("step", "a position has no steps: the question is about the position")
        )
    kind = doc.get("kind")
    if kind == "legal" and "action" not in doc:
        errors.append(FieldError("action", "required field is missing (kind `legal`)"))
    elif "action" in doc and kind in KINDS and kind != "legal":
        errors.append(FieldError("action", f"only a `legal` question has an action, not `{kind}`"))
    if "replay" in doc and "on_illegal" in doc and "log" not in doc:
        errors.append(
            FieldError("on_illegal", "a submitted replay is taken with its own on_illegal")
        )
    errors.sort(key=lambda e: e.path)
    return errors, loaded
