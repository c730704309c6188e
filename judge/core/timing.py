"""Pending effects and who resolves them in what order.

When several effects wait to resolve at once (simultaneous triggers), the rules of each game
say who chooses the order.  This module holds the pool of waiting effects and the ordering
*policies*; each policy is decided here, in one place, with documented keys (after Pokémon
Showdown's single ordering routine).

A :class:`PendingEffect` keeps the sequence number it was created with, so "the order the
effects were triggered" is always defined and is the documented default when a player who
had a choice of order did not record one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class PendingEffect:
    """One triggered effect waiting to resolve."""

    seq: int  # creation order: the default order
    controller: str  # the player who controls (and orders) it
    source: str  # instance id of the card it comes from
    effect: dict[str, Any]  # the effect definition
    index: int  # position of the effect on its card
    trigger: str  # what triggered it ("on_play", "win_battle", …)
    context: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.source}'s {self.trigger.replace('_', ' ')} effect"


class Policy:
    """Decides which player resolves next and which of their effects may go now.

    ``turn_player_first`` (Union Arena, Rangers Strike): the turn player resolves all of
    their pending effects first, in an order they choose, then the other player; an effect
    triggered meanwhile joins the remaining pool and is ordered with it.
    """

    def __init__(self, name: str, order_players: Callable[[list[str]], list[str]]) -> None:
        self.name = name
        self._order_players = order_players

    def chooser(self, pool: list[PendingEffect]) -> str | None:
        """The player who resolves next, or None when nothing is pending."""
        if not pool:
            return None
        controllers = {p.controller for p in pool}
        for player in self._order_players(sorted(controllers)):
            if player in controllers:
                return player
        return None

    def candidates(self, pool: list[PendingEffect]) -> list[PendingEffect]:
        """The effects the chooser may resolve next (any of theirs), by sequence."""
        who = self.chooser(pool)
        return sorted((p for p in pool if p.controller == who), key=lambda p: p.seq)


def turn_player_first(turn_player: Callable[[], str]) -> Policy:
    """The turn player's effects first, then the non-turn player's (seat order after)."""

    def order(players: list[str]) -> list[str]:
        tp = turn_player()
        return [tp] + [p for p in players if p != tp]

    return Policy("turn_player_first", order)


class EffectPool:
    """The pending effects of a game, with a policy and a sequence counter."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.items: list[PendingEffect] = []
        self._seq = 0
        #: an order the chooser recorded for their waiting effects (sequence numbers)
        self.preferred: list[int] = []

    def __bool__(self) -> bool:
        return bool(self.items)

    def add(
        self,
        controller: str,
        source: str,
        effect: dict[str, Any],
        index: int,
        trigger: str,
        **context: Any,
    ) -> PendingEffect:
        self._seq += 1
        item = PendingEffect(self._seq, controller, source, effect, index, trigger, context)
        self.items.append(item)
        return item

    def remove(self, item: PendingEffect) -> None:
        self.items.remove(item)
        if item.seq in self.preferred:
            self.preferred.remove(item.seq)

    def next_preferred(self) -> PendingEffect | None:
        """The first effect of the recorded order that may resolve now, if any."""
        cands = {p.seq: p for p in self.candidates()}
        for seq in self.preferred:
            if seq in cands:
                return cands[seq]
        return None

    def chooser(self) -> str | None:
        return self.policy.chooser(self.items)

    def candidates(self) -> list[PendingEffect]:
        return self.policy.candidates(self.items)
