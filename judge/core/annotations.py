"""Who may read an annotation: the rule the service, the viewer and the CLI's exports share.

An annotation (:mod:`worker.annotations` keeps them) carries the perspective it was
written from, ``view``; a perspective reads those written from a view that knows no more
than it does, so an annotation never widens what a perspective sees.
"""

from __future__ import annotations

from typing import Any

from judge.core.perspective import visible_players

#: the longest text, in characters
MAX_TEXT = 2000
#: the longest author's name, in characters
MAX_AUTHOR = 80


def sees(viewer: str, written_from: str, teams: list[dict[str, Any]] | None) -> bool:
    """Whether ``viewer`` may read an annotation written from ``written_from``.

    >>> sees("public", "judge", None), sees("judge", "A", None), sees("B", "A", None)
    (False, True, False)
    >>> sees("A2", "A1", [{"id": "T", "players": ["A1", "A2"]}]), sees("A", "public", None)
    (True, True)
    """
    if viewer == "judge" or written_from == "public" or viewer == written_from:
        return True
    if written_from == "judge" or viewer == "public":
        return False
    return written_from in visible_players(viewer, teams)


def numbered(notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The stored annotations with their numbers (the n-th added is ``id`` n)."""
    return [{**note, "id": n} for n, note in enumerate(notes, 1)]


def visible(
    notes: list[dict[str, Any]], viewer: str, teams: list[dict[str, Any]] | None
) -> list[dict[str, Any]]:
    """The numbered annotations ``viewer`` may read, by step then number."""
    shown = [n for n in numbered(notes) if sees(viewer, n["view"], teams)]
    return sorted(shown, key=lambda n: (n["step"], n["id"]))
