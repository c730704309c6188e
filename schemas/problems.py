"""Refusals that cost time linear in the input: problems counted rather than built.

Why: marshmallow builds, stores and merges one error per problem, and a body of 3.5 MB can
hold 300,000 of them (unknown fields, bad entries); building and sorting them all took
longer than the API's 30 s timeout, when a refusal lists only the first
:data:`~judge.core.errors.MAX_ERRORS`.  Here: marshmallow's error dicts as
:class:`~judge.core.errors.FieldError` lists (:func:`flatten_errors`), with the problems that
can never be listed kept as one :class:`~judge.core.errors.Unlisted` count; the schema mixin
that does so for unknown fields (:class:`UnknownCounted`); the switch that lists use once
their first problems are found (:func:`counting`, see :class:`schemas.log_fields.List`).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from marshmallow import EXCLUDE, RAISE
from marshmallow.exceptions import SCHEMA

from judge.core.errors import MAX_ERRORS, FieldError, Unlisted, error_order, join_path

MISSING_MESSAGE = "required field is missing"
NULL_MESSAGE = "must not be null"
OBJECT_MESSAGE = "must be an object"

# Marshmallow's own wording, for the few places it can still come through.
_PLAIN = {
    "Missing data for required field.": MISSING_MESSAGE,
    "Field may not be null.": NULL_MESSAGE,
    "Unknown field.": "unknown field",
    "Invalid input type.": OBJECT_MESSAGE,
    "Invalid value.": "invalid value",
    "Not a valid string.": "must be a string",
    "Not a valid integer.": "must be an integer",
    "Not a valid boolean.": "must be true or false",
    "Not a valid list.": "must be a list",
    "Not a valid mapping type.": OBJECT_MESSAGE,
}


#: Set while loading values whose every problem is past those a refusal lists (see
#: :class:`schemas.log_fields.List`): their problems are counted, and unknown fields are not built one by one.
_COUNTING: ContextVar[bool] = ContextVar("judge_counting_problems", default=False)


def counting() -> bool:
    """Whether the value being loaded only has its problems counted (:class:`schemas.log_fields.List`)."""
    return _COUNTING.get()


@contextmanager
def counted_only() -> Iterator[None]:
    """Load within: problems are still found (and counted), but unknown fields are kept
    as one :class:`~judge.core.errors.Unlisted` per object."""
    token = _COUNTING.set(True)
    try:
        yield
    finally:
        _COUNTING.reset(token)


def flatten_errors(messages: Any, path: tuple[str | int, ...] = ()) -> list[FieldError]:
    """Marshmallow's nested error dict -> FieldErrors with paths like ``actions[12].card``
    (an :class:`~judge.core.errors.Unlisted` in it is moved to its place)."""
    out: list[FieldError] = []
    if isinstance(messages, dict):
        for key, sub in messages.items():
            out += flatten_errors(sub, path if key == SCHEMA else (*path, key))
    elif isinstance(messages, list | tuple):
        for message in messages:
            out += flatten_errors(message, path)
    elif isinstance(messages, Unlisted):
        out.append(
            Unlisted(join_path(*path, *_steps(messages.path)), messages.message, messages.count)
        )
    else:
        text = str(messages)
        out.append(FieldError(join_path(*path), _PLAIN.get(text, text)))
    return out


def _steps(path: str) -> tuple[str, ...]:
    return (path,) if path else ()


def count_problems(messages: Any) -> int:
    """How many problems marshmallow's error dict ``messages`` holds, as :func:`flatten_errors`
    would give them (a message repeated at one place once), without building them."""
    if isinstance(messages, dict):
        return sum(count_problems(sub) for sub in messages.values())
    if isinstance(messages, Unlisted):
        return messages.count
    if isinstance(messages, list | tuple):
        texts = {m for m in messages if isinstance(m, str)}
        return len(texts) + sum(count_problems(m) for m in messages if not isinstance(m, str))
    return 1


def unlisted(count: int, message: str) -> Unlisted:
    """The stand-in for ``count`` problems at the place it is stored (see :func:`flatten_errors`)."""
    return Unlisted("", message, count)


class UnknownCounted:
    """For a schema whose unknown fields are errors (marshmallow's ``RAISE``): an object with
    more of them than a refusal lists builds only the first :data:`MAX_ERRORS` of them."""

    def _deserialize(self, data: Any, *, error_store: Any, **kwargs: Any) -> Any:
        """Marshmallow's loading, but an object with more unknown fields than a refusal lists
        has only the first :data:`~judge.core.errors.MAX_ERRORS` of them built as problems (in
        the order they are listed), the rest counted as one
        :class:`~judge.core.errors.Unlisted`; and none built when only counting
        (:func:`~schemas.log_fields.counting`).  Marshmallow builds, stores and merges one
        error per unknown field, which made 300,000 of them cost seconds."""
        many = kwargs.get("many", False)
        if many or kwargs.get("unknown", RAISE) != RAISE or not isinstance(data, Mapping):
            return super()._deserialize(data, error_store=error_store, **kwargs)
        only_count = counting()
        if not only_count and len(data) <= MAX_ERRORS:  # too few keys to matter
            return super()._deserialize(data, error_store=error_store, **kwargs)
        allowed = frozenset(f.data_key or name for name, f in self.load_fields.items())
        extra = [key for key in data if key not in allowed]
        if not only_count and len(extra) <= MAX_ERRORS:
            return super()._deserialize(data, error_store=error_store, **kwargs)
        out = super()._deserialize(data, error_store=error_store, **{**kwargs, "unknown": EXCLUDE})
        index = kwargs.get("index") if self.opts.index_errors else None
        shown = [] if only_count else heapq.nsmallest(MAX_ERRORS, extra, key=_key_order)
        for key in shown:
            error_store.store_error([self.error_messages["unknown"]], key, index)
        if len(extra) > len(shown):
            rest = unlisted(len(extra) - len(shown), "unknown field")
            error_store.store_error([rest], SCHEMA, index)
        return out


def _key_order(key: str) -> Any:
    """An unknown field's place among its object's other unknown fields, as the paths they
    make sort (:func:`~judge.core.errors.error_order`; the object's own path is the same
    for all of them, so it cannot change their order).  A key without ``[`` is one piece of
    text (the common case, ordered without building a problem)."""
    if "[" not in key:
        return ["." + key]
    return error_order(FieldError("." + key, ""))[0]


def too_many(count: int, bound: int, why: str | None) -> str:
    """The message for a list (or an object) over its bound, read no further."""
    reason = f"; {why}" if why else ""
    return f"{count:,} entries{reason}: at most {bound:,} entries are read"
