"""The contract between the replay runner and a game's engine.

An engine object holds one game in progress (like a python-chess ``Board``).  The runner
feeds it the log's actions one by one: :meth:`Engine.check` judges an action without
changing anything and returns a :class:`Plan`; :meth:`Engine.apply` carries the plan out
(and then runs everything automatic until the next decision is due).  Keeping the two apart
is what lets ``on_illegal`` choose between stopping, skipping and applying as played.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from judge.core.log import ActionLog
from judge.core.rules import Catalogue
from judge.core.verdict import StepContext, Violation


@dataclass(slots=True)
class Plan:
    """An action as the engine understood it: what it would do, and what is wrong with it."""

    action: dict[str, Any]
    kind: str
    violations: list[Violation] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # resolved references, costs, …

    def violate(self, rule: str, message: str) -> None:
        self.violations.append(Violation(rule, message))


class Engine(ABC):
    """One game in progress.  Subclasses set ``game``, ``catalogue`` and the zone lists."""

    game: ClassVar[str]
    catalogue: ClassVar[Catalogue]
    #: zones whose contents only their owner (and the judge) may see
    private_zones: ClassVar[tuple[str, ...]] = ("hand",)
    #: zones whose contents nobody but the judge may see (order of the deck, face-down cards)
    secret_zones: ClassVar[tuple[str, ...]] = ("deck",)

    def __init__(self, log: ActionLog, options: dict[str, Any]) -> None:
        self.log = log
        self.options = options

    @abstractmethod
    def check(self, action: dict[str, Any], ctx: StepContext) -> Plan:
        """Judge ``action`` in the current state; change nothing (but ``ctx`` notes)."""

    @abstractmethod
    def apply(self, plan: Plan, ctx: StepContext) -> None:
        """Carry out ``plan``; when ``ctx.forced``, as played, where physically possible."""

    @abstractmethod
    def step_state(self) -> dict[str, Any]:
        """The compact judge's view after a step (every step carries one)."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full judge's view, hidden order included: what ``state_sha256`` hashes."""

    @abstractmethod
    def pending(self) -> list[dict[str, Any]]:
        """Decisions the rules now wait for: who, what kind, in words."""

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """``{"winner": id or None, "reason": word}`` once the game has ended, else None."""

    @abstractmethod
    def turn_phase(self) -> tuple[int, str]:
        """The current turn number and phase name."""

    @abstractmethod
    def legal_actions(self) -> list[dict[str, Any]]:
        """Every decision the player to act may record now (seeded mode: all are known)."""

    def cards_used(self) -> list[dict[str, Any]]:
        """Definitions of every card in the decks, sorted by code."""
        codes = sorted(
            {c for deck in self.log.decks.values() for lst in deck.values() for c in lst}
        )
        return [self.log.cards[c] for c in codes]
