"""Bad input: a log that cannot be read as the format at all.

Bad input is refused as a whole, never judged: malformed JSON, unknown action kinds or
fields, unknown cards, player ids not among ``players``, ambiguous card references.  Every
problem is collected (python-chess style: collect, do not stop at the first) as a
:class:`FieldError` naming the place by a path such as ``actions[12].card`` or
``decks.P1.main[3]``.  The CLI exits 2 and the API answers 400 with the same list.

The list is sorted by path, list positions in number order (``actions[2]`` before
``actions[10]``), and capped: past :data:`MAX_ERRORS` problems only that many are kept, the
first of each top-level field in turn (:func:`capped`), with the count of the rest
(:attr:`BadLog.more`), shown as one last line.  A log of 100,000
bad actions must not become an answer of hundreds of thousands of lines.

Nor may it cost more than time linear in its size to refuse (300,000 unknown keys, 3.5 MB,
once took longer than the API's 30 s timeout): :func:`capped` selects the problems it keeps
without sorting them all, and the readers do not build the problems that can never be shown.
Those are counted instead, as one :class:`Unlisted` stand-in that :func:`capped` adds to the
count of the rest: within one top-level field, every problem after the first
:data:`MAX_ERRORS` of that field can never be listed (the first of each field in turn takes at
most :data:`MAX_ERRORS` of any one field), so the list and the count stay exactly what they
would be had every problem been built.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering
from typing import Any

from judge.core.wording import noun_for

#: The most problems a refusal lists; the rest are counted (:attr:`BadLog.more`).
MAX_ERRORS = 100

_NUMBERS = re.compile(r"\[(\d+)\]")
_TOP = re.compile(r"[^.\[]*")


@total_ordering
@dataclass(frozen=True)
class FieldError:
    """One problem in the input: where (``path``) and what (``message``).

    Ordered by (path, message) as text; :func:`error_order` is the order problems are
    shown in.
    """

    path: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}

    def __str__(self) -> str:
        return f"{self.path or '<document>'}: {self.message}"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, FieldError):
            return NotImplemented
        return (self.path, self.message) < (other.path, other.message)


@dataclass(frozen=True, eq=True)
class Unlisted(FieldError):
    """Not a problem but ``count`` problems at or under ``path`` that a reader counted
    without building them, because they can never be among those listed: each comes after
    at least :data:`MAX_ERRORS` problems of the same top-level field (see the module's
    docstring).  :func:`capped` adds ``count`` to the number left off and lists none of
    them.  ``message`` says what they are (``"unknown field"``)."""

    count: int = 0


def error_order(error: FieldError) -> tuple[Any, ...]:
    """Sort key: by path with list positions compared as numbers, then by message.

    >>> sorted(["actions[10].p", "actions[2].p", "actions", "decks.A"],
    ...        key=lambda p: error_order(FieldError(p, "")))
    ['actions', 'actions[2].p', 'actions[10].p', 'decks.A']
    """
    path = error.path
    if "[" not in path:  # no list position: one piece of text
        return ([path], error.message)
    parts: list[Any] = _NUMBERS.split(path)  # text, number, text, number, ..., text
    parts[1::2] = [int(n) for n in parts[1::2]]
    return (parts, error.message)


def capped(errors: Iterable[FieldError], limit: int = MAX_ERRORS) -> tuple[list[FieldError], int]:
    """The problems deduplicated and sorted (:func:`error_order`), at most ``limit`` of
    them, and how many were left off (:class:`Unlisted` stand-ins counted there).

    Past the limit, the ones kept are taken from each top-level field in turn (the first
    of each, then the second of each, …), so that a mistake in ``players`` is not hidden
    behind its hundred echoes in ``actions``.  The selection costs time linear in the
    number of problems (a bounded heap per field, not a sort of them all).

    >>> kept, more = capped([FieldError(f"actions[{i}].p", "x") for i in range(5)]
    ...                     + [FieldError("players[0].id", "y")], limit=3)
    >>> [e.path for e in kept], more
    (['actions[0].p', 'actions[1].p', 'players[0].id'], 3)
    >>> kept, more = capped([FieldError("k1", "unknown field"), Unlisted("", "unknown field", 7)])
    >>> [e.path for e in kept], more
    (['k1'], 7)
    """
    unlisted = 0
    unique: set[FieldError] = set()
    for error in errors:
        if type(error) is Unlisted:
            unlisted += error.count
        else:
            unique.add(error)
    if len(unique) <= limit:
        return sorted(unique, key=error_order), unlisted
    fields: dict[str, list[FieldError]] = {}
    for error in unique:
        top = _TOP.match(error.path)
        fields.setdefault(top.group(0) if top else "", []).append(error)
    # (turn within its top-level field, order) of the first `limit` of each field: the
    # `limit` smallest of those are the ones kept
    turns: list[tuple[int, tuple[Any, ...], FieldError]] = []
    for members in fields.values():
        keyed = [(error_order(e), e) for e in members]
        first = heapq.nsmallest(limit, keyed, key=lambda pair: pair[0])
        turns.extend((turn, key, e) for turn, (key, e) in enumerate(first))
    kept = heapq.nsmallest(limit, turns, key=lambda t: (t[0], t[1]))
    kept.sort(key=lambda t: t[1])
    return [e for _, _, e in kept], len(unique) - limit + unlisted


def capped_list(errors: Iterable[FieldError], limit: int = MAX_ERRORS) -> list[FieldError]:
    """:func:`capped` as one list: the problems kept, in order, then one :class:`Unlisted`
    for those left off, if any; what :class:`BadLog` (and the API's 400) read exactly as they
    would read every problem.  For a reader that returns its problems rather than raising.

    >>> [str(e) for e in capped_list([FieldError(f"k{i}", "unknown field") for i in range(3)], 2)]
    ['k0: unknown field', 'k1: unknown field', '<document>: and 1 more problem, not listed (the first 2 are)']
    """
    kept, more = capped(errors, limit)
    if more:
        kept.append(Unlisted("", more_message(more, len(kept)), more))
    return kept


def more_message(more: int, shown: int) -> str:
    """The last line of a capped list: how many problems it leaves off."""
    return f"and {more:,} more {noun_for(more, 'problem')}, not listed (the first {shown} are)"


class BadLog(Exception):
    """The log is not a readable ``judge-action-log/1`` document.

    ``errors`` holds the first :data:`MAX_ERRORS` problems in order, ``more`` the number
    left off (given, plus any cut here).
    """

    def __init__(self, errors: Iterable[FieldError], more: int = 0) -> None:
        self.errors, cut = capped(errors)
        self.more = more + cut
        super().__init__("; ".join(self.lines()))

    def lines(self) -> list[str]:
        """One line per problem, and one more saying how many were left off, if any."""
        out = [str(e) for e in self.errors]
        if self.more:
            out.append(more_message(self.more, len(self.errors)))
        return out

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"errors": [e.to_dict() for e in self.errors]}
        if self.more:
            doc["more"] = self.more
        return doc


def join_path(*parts: str | int) -> str:
    """``join_path("actions", 3, "card") == "actions[3].card"``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif out:
            out += f".{part}"
        else:
            out = str(part)
    return out
