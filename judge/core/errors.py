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
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

#: The most problems a refusal lists; the rest are counted (:attr:`BadLog.more`).
MAX_ERRORS = 100

_NUMBERS = re.compile(r"\[(\d+)\]")
_TOP = re.compile(r"[^.\[]*")


@dataclass(frozen=True, order=True)
class FieldError:
    """One problem in the input: where (``path``) and what (``message``)."""

    path: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}

    def __str__(self) -> str:
        return f"{self.path or '<document>'}: {self.message}"


def error_order(error: FieldError) -> tuple[Any, ...]:
    """Sort key: by path with list positions compared as numbers, then by message.

    >>> sorted(["actions[10].p", "actions[2].p", "actions", "decks.A"],
    ...        key=lambda p: error_order(FieldError(p, "")))
    ['actions', 'actions[2].p', 'actions[10].p', 'decks.A']
    """
    parts: list[Any] = _NUMBERS.split(error.path)  # text, number, text, number, ..., text
    parts[1::2] = [int(n) for n in parts[1::2]]
    return (parts, error.message)


def capped(errors: Iterable[FieldError], limit: int = MAX_ERRORS) -> tuple[list[FieldError], int]:
    """The problems deduplicated and sorted (:func:`error_order`), at most ``limit`` of
    them, and how many were left off.

    Past the limit, the ones kept are taken from each top-level field in turn (the first
    of each, then the second of each, …), so that a mistake in ``players`` is not hidden
    behind its hundred echoes in ``actions``.

    >>> kept, more = capped([FieldError(f"actions[{i}].p", "x") for i in range(5)]
    ...                     + [FieldError("players[0].id", "y")], limit=3)
    >>> [e.path for e in kept], more
    (['actions[0].p', 'actions[1].p', 'players[0].id'], 3)
    """
    unique = sorted(set(errors), key=error_order)
    if len(unique) <= limit:
        return unique, 0
    rank: dict[str, int] = {}
    turns: list[tuple[int, int]] = []  # (turn within its top-level field, position)
    for position, error in enumerate(unique):
        top = _TOP.match(error.path)
        field = top.group(0) if top else ""
        turn = rank.get(field, 0)
        rank[field] = turn + 1
        turns.append((turn, position))
    kept = sorted(position for _, position in sorted(turns)[:limit])
    return [unique[p] for p in kept], len(unique) - limit


def more_message(more: int, shown: int) -> str:
    """The last line of a capped list: how many problems it leaves off."""
    return (
        f"and {more:,} more problem{'s' if more != 1 else ''}, not listed (the first {shown} are)"
    )


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
