"""What a step of a replay says: its verdict, the violations, the rulings applied.

Verdicts, from strongest to weakest: ``illegal`` (at least one violation), ``unverifiable``
(the engine cannot tell: card text it cannot execute, a decision the log omits and the
engine cannot infer, a reveal it cannot check), ``legal``.  A step is never ``legal`` when
the engine could not check it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEGAL = "legal"
ILLEGAL = "illegal"
UNVERIFIABLE = "unverifiable"


@dataclass(slots=True, frozen=True)
class Violation:
    """A rule the action breaks: the rule id (in the game's catalogue) and why, in words."""

    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(slots=True, frozen=True)
class Ruling:
    """A rule the engine applied at this step, with a plain explanation for a judge."""

    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(slots=True)
class StepContext:
    """Collects what happens while one action is checked and applied."""

    index: int
    events: list[dict[str, Any]] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    unverifiable: list[str] = field(default_factory=list)
    forced: bool = False  # applying an illegal action "as played" (on_illegal=apply)

    def event(self, type_: str, text: str, **fields: Any) -> None:
        """Record an event; ``text`` is its plain-language description."""
        fields["type"] = type_
        fields["text"] = text
        self.events.append(fields)

    def ruling(self, rule: str, message: str) -> None:
        self.rulings.append(Ruling(rule, message))

    def cannot_verify(self, why: str) -> None:
        self.unverifiable.append(why)

    def not_applied(self, kind: str, why: str) -> None:
        """An illegal action that ``on_illegal=apply`` could not carry out as played (the
        state is left as it was).  Noted with the step's other reservations, in the words the
        engines have always used for it, so that a reader of the step sees why nothing
        happened."""
        self.unverifiable.append(f"`{kind}` could not be applied as played: {why}.")
