"""What a step of a replay says: its verdict, the violations, the rulings applied.

Verdicts, from strongest to weakest: ``illegal`` (at least one violation), ``unverifiable``
(the engine cannot tell: card text it cannot execute, a decision the log omits and the
engine cannot infer, a reveal it cannot check), ``uncertain`` (the engine found nothing
wrong, but on a state that may differ from the game's: an earlier effect was neither
executed nor recorded, and the step reads what it could have changed; the step's
``depends_on`` names those steps), ``recorded`` (an ``outcome``: the log's record of what an
effect the engine cannot execute did, applied and found possible, but not checked against
the card's text), ``legal``.  A step is never ``legal`` when the engine could not check it.

Why ``uncertain`` and ``recorded`` are verdicts of their own rather than ``legal`` with a
ruling: a reader who takes ``verdict == "legal"`` at its word must never count such a step
as checked.  Neither is an illegal play (``judge replay`` exits 0 on them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

LEGAL = "legal"
ILLEGAL = "illegal"
UNVERIFIABLE = "unverifiable"
UNCERTAIN = "uncertain"
RECORDED = "recorded"
#: every verdict, strongest first (a step takes the strongest that applies)
VERDICTS = (ILLEGAL, UNVERIFIABLE, UNCERTAIN, RECORDED, LEGAL)


@dataclass(slots=True, frozen=True)
class Violation:
    """A rule the action breaks: the rule id (in the game's catalogue) and why, in words."""

    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


class Ruling(TypedDict):
    """A rule the engine applied at this step, with a plain explanation for a judge: as the
    step carries it.

    Why a dict, not an object turned into one: a step makes one or two, each once, and the
    step's list is the context's own (:meth:`StepContext.ruling`); a frozen dataclass and
    its conversion were 1.6-3.6 % of an action's instructions, by game (3.2 % of Z/X's).
    """

    rule: str
    message: str


@dataclass(slots=True, init=False)
class StepContext:
    """Collects what happens while one action is checked and applied."""

    index: int
    events: list[dict[str, Any]]
    rulings: list[Ruling]
    unverifiable: list[str]
    forced: bool  # applying an illegal action "as played" (on_illegal=apply)
    #: what of the state the step's verdict read that an effect can change (``"bp"``: a BP
    #: comparison); see :class:`judge.core.engine.Taint`
    reads: set[str]
    #: the step applied a recorded ``outcome`` (verdict ``recorded`` unless a stronger one)
    recorded: bool

    def __init__(
        self,
        index: int,
        events: list[dict[str, Any]] | None = None,
        rulings: list[Ruling] | None = None,
        unverifiable: list[str] | None = None,
        forced: bool = False,
        reads: set[str] | None = None,
        recorded: bool = False,
    ) -> None:
        # written out (a dataclass's own, with its default factories, is slower: one a step)
        self.index = index
        self.events = [] if events is None else events
        self.rulings = [] if rulings is None else rulings
        self.unverifiable = [] if unverifiable is None else unverifiable
        self.forced = forced
        self.reads = set() if reads is None else reads
        self.recorded = recorded

    @staticmethod
    def new(index: int) -> StepContext:
        """``StepContext(index)``, the runner's one an action, made without the class's call.

        Why: calling the class runs ``__init__`` through the type's call, which CPython does
        not inline as it does a plain function's call, and the defaults' tests with it; this
        sets the same fields to the same fresh values (``__slots__``: one it forgot would be
        an AttributeError when read, never a wrong value)."""
        ctx = _new_context(StepContext)
        ctx.index = index
        ctx.events = []
        ctx.rulings = []
        ctx.unverifiable = []
        ctx.forced = False
        ctx.reads = set()
        ctx.recorded = False
        return ctx

    def event(self, type_: str, text: str, **fields: Any) -> None:
        """Record an event; ``text`` is its plain-language description."""
        fields["type"] = type_
        fields["text"] = text
        self.events.append(fields)

    def ruling(self, rule: str, message: str) -> None:
        self.rulings.append({"rule": rule, "message": message})

    def cannot_verify(self, why: str) -> None:
        self.unverifiable.append(why)

    def read(self, aspect: str) -> None:
        """The step's verdict rests on ``aspect`` of the state (``"bp"``): a later step is
        uncertain when an effect that could change it was neither executed nor recorded."""
        self.reads.add(aspect)

    def not_applied(self, kind: str, why: str) -> None:
        """An illegal action that ``on_illegal=apply`` could not carry out as played (the
        state is left as it was).  Noted with the step's other reservations, in the words the
        engines have always used for it, so that a reader of the step sees why nothing
        happened."""
        self.unverifiable.append(f"`{kind}` could not be applied as played: {why}.")


_new_context = object.__new__
