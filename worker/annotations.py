"""Annotations: what a commentator or a judge adds to a stored replay afterwards.

An annotation is ``{"step", "text", "author", "view", "created_at"}``, kept with its
submission (:meth:`worker.service.Store.add_annotation`: it lives exactly as long as the
submission) and numbered in the order it was added (``id``: 1, 2, …).  The replay itself
never changes: the judge's replay is a pure function of the log, and an annotation is
commentary on it, not part of it; the viewer, the Markdown export and the HTML export
show both.

Who sees an annotation.  Its ``view`` is the perspective it was written from (by default
the submission's own): a commentator writing for the public says ``public``, a judge's
note on a hidden card keeps ``judge``.  A perspective sees the annotations written from a
view that knows no more than it does: every view sees ``public`` ones, a player those of
its own view and of its allies' (who see the same hands), the judge every one.  So an
annotation never widens what a perspective sees, whatever its text says; and no one may
write from a view wider than the submission's.

Bounds, so that no client can exhaust the store: a text of at most
:data:`MAX_TEXT` characters, an author of at most :data:`MAX_AUTHOR`, at most
:data:`MAX_ANNOTATIONS` a replay (the API answers 409 ``annotations-full`` past it);
adding one is a POST, behind the service's tokens and its rate limits.
"""

from __future__ import annotations

import time
from typing import Any

from judge.core.annotations import MAX_AUTHOR, MAX_TEXT, numbered, sees, visible
from judge.core.errors import FieldError
from judge.core.perspective import PerspectiveWidened, narrowed

__all__ = [
    "MAX_ANNOTATIONS",
    "MAX_AUTHOR",
    "MAX_TEXT",
    "make",
    "numbered",
    "sees",
    "visible",
]

#: the most annotations one replay keeps
MAX_ANNOTATIONS = 200


class AnnotationsFull(Exception):
    """The replay has :data:`MAX_ANNOTATIONS` annotations already."""


def make(
    *,
    step: int,
    text: str,
    author: str | None,
    view: str | None,
    submitted: str,
    players: list[str],
    total: int,
    now: float | None = None,
) -> dict[str, Any]:
    """An annotation to keep, checked: a step of the replay, a text that is not blank, a
    view no wider than ``submitted``.  Raises ValueError with the :class:`FieldError`\\ s
    (``errors``) of bad input, :class:`PerspectiveWidened` for a wider view."""
    errors: list[FieldError] = []
    if not 0 <= step < total:
        errors.append(FieldError("step", f"must be a step of the replay, 0 to {total - 1}"))
    text = text.strip()
    if not text:
        errors.append(FieldError("text", "must not be blank"))
    try:
        written_from = narrowed(submitted, view, players)
    except PerspectiveWidened:
        raise
    except ValueError as exc:
        errors.append(FieldError("view", str(exc)))
        written_from = submitted
    if errors:
        raise BadAnnotation(errors)
    stamp = time.gmtime(time.time() if now is None else now)
    return {
        "step": step,
        "text": text,
        "author": (author or "").strip() or None,
        "view": written_from,
        "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", stamp),
    }


class BadAnnotation(ValueError):
    """An annotation that cannot be kept: ``errors`` name the fields."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__("; ".join(str(e) for e in errors))
        self.errors = errors
