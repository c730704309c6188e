"""Bad input: a log that cannot be read as the format at all.

Bad input is refused as a whole, never judged: malformed JSON, unknown action kinds or
fields, unknown cards, player ids not among ``players``, ambiguous card references.  Every
problem is collected (python-chess style: collect, do not stop at the first) as a
:class:`FieldError` naming the place by a path such as ``actions[12].card`` or
``decks.P1.main[3]``.  The CLI exits 2 and the API answers 400 with the same list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, order=True)
class FieldError:
    """One problem in the input: where (``path``) and what (``message``)."""

    path: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}

    def __str__(self) -> str:
        return f"{self.path or '<document>'}: {self.message}"


class BadLog(Exception):
    """The log is not a readable ``judge-action-log/1`` document."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = sorted(set(errors))
        super().__init__("; ".join(str(e) for e in self.errors))

    def to_dict(self) -> dict[str, Any]:
        return {"errors": [e.to_dict() for e in self.errors]}


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
