"""Pending effects and who resolves them in what order.

When several effects wait to resolve at once (simultaneous triggers), the rules of each game
say who chooses the order.  This module holds the pool of waiting effects and the ordering
*policies*; each policy is decided here, in one place, with documented keys (after Pokémon
Showdown's single ordering routine).

A :class:`PendingEffect` keeps the sequence number it was created with, so "the order the
effects were triggered" is always defined and is the documented default when a player who
had a choice of order did not record one.

The ``resolve`` decision is judged the same way in every game (:func:`choose_pending`,
:func:`check_order`, :func:`apply_resolve`), and so is the default for a ``resolve`` the log
skipped (:func:`resolve_by_default`); each game passes the rule it cites and checks targets
with its own vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.errors import BadLog, FieldError
from judge.core.refs import is_instance, ref_code, ref_text

if TYPE_CHECKING:
    from judge.core.engine import AgendaEngine, Plan


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

    The policies, by key (:data:`POLICIES`):

    ``turn_player_first`` (Union Arena): the turn player resolves all of their pending
    effects first, in an order they choose, then the other player; an effect triggered
    meanwhile joins the remaining pool and is ordered with it.

    ``turn_player_orders_all`` (Rangers Strike, :class:`TurnPlayerOrdersAll`): effects that
    trigger at exactly the same timing are applied in the order the turn player decides, all
    of them, both players'.  While two or more effects wait the turn player picks the next
    one (whoever controls it); a single waiting effect leaves no order to decide and its
    controller resolves it.  The effect's own choices (targets, whether an optional effect is
    used) stay its controller's wherever they are recorded.
    """

    # (slots: a policy is deep-copied with the pool by ``AgendaEngine.trial``, and a copy of
    # an object without them reads its ``__dict__``, which leaves the original's attributes
    # in a dict, slower to read, for the rest of the game: tests/test_attribute_layout.py)
    __slots__ = ("name", "_order")

    def __init__(self, name: str, order_players: Callable[[list[str]], list[str]]) -> None:
        self.name = name
        self._order = order_players

    def _order_players(self, players: list[str]) -> list[str]:
        """The players in the order they resolve (a subclass may say it itself)."""
        return self._order(players)

    def chooser(self, pool: list[PendingEffect]) -> str | None:
        """The player who resolves next, or None when nothing is pending."""
        if len(pool) < 2:  # (none, or one: its controller, whatever the order of players)
            return pool[0].controller if pool else None
        controllers = {p.controller for p in pool}
        for player in self._order_players(sorted(controllers)):
            if player in controllers:
                return player
        return None

    def candidates(self, pool: list[PendingEffect]) -> list[PendingEffect]:
        """The effects the chooser may resolve next (any of theirs), by sequence."""
        if len(pool) < 2:  # (one waiting effect: its controller chooses, and it is the one)
            return list(pool)
        who = self.chooser(pool)
        return sorted((p for p in pool if p.controller == who), key=lambda p: p.seq)

    # -- the words of the rulings (a policy says who chose what) --------------------------

    def chose_text(self, pe: PendingEffect, cands: list[PendingEffect]) -> str:
        """The ruling when the chooser picked ``pe`` among ``cands`` (two or more)."""
        return (
            f"{len(cands)} effects of {pe.controller} were waiting together; "
            f"{pe.controller} chose to resolve {pe.describe()} first."
        )

    def order_text(self, pe: PendingEffect, ordered: list[PendingEffect]) -> str:
        """The ruling when the chooser recorded an ``order`` starting with ``pe``."""
        return (
            f"{pe.controller} chose the order of their waiting effects: "
            + ", then ".join(c.describe() for c in ordered)
            + "."
        )

    def whose_text(self, pe: PendingEffect) -> str:
        """Whose waiting effects an ``order`` may name (for its violation message)."""
        return f"{pe.controller}'s waiting effects"


class TurnPlayerOrdersAll(Policy):
    """``turn_player_orders_all``: the turn player orders every waiting effect, both players'
    (see :class:`Policy`)."""

    __slots__ = ("_turn_player",)

    def __init__(self, turn_player: Callable[[], str]) -> None:
        super().__init__("turn_player_orders_all", lambda players: players)
        self._turn_player = turn_player

    def chooser(self, pool: list[PendingEffect]) -> str | None:
        if not pool:
            return None
        if len(pool) == 1:
            return pool[0].controller
        return self._turn_player()

    def candidates(self, pool: list[PendingEffect]) -> list[PendingEffect]:
        if len(pool) < 2:
            return list(pool)
        return sorted(pool, key=lambda p: p.seq)

    def chose_text(self, pe: PendingEffect, cands: list[PendingEffect]) -> str:
        tp = self._turn_player()
        whose = " and ".join(f"{p}'s" for p in sorted({c.controller for c in cands}))
        return (
            f"{len(cands)} effects were waiting together ({whose}); {tp}, the turn player, "
            f"decides the order of all of them and chose to resolve {pe.describe()} "
            f"({pe.controller}'s) first."
        )

    def order_text(self, pe: PendingEffect, ordered: list[PendingEffect]) -> str:
        tp = self._turn_player()
        return (
            f"{tp}, the turn player, chose the order of the waiting effects: "
            + ", then ".join(f"{c.describe()} ({c.controller}'s)" for c in ordered)
            + "."
        )

    def whose_text(self, pe: PendingEffect) -> str:
        return "the waiting effects"


class TurnPlayerOf:
    """Who the turn player of an engine is now, as a policy asks it.

    An object, not a closure: a copy of an engine (``copy.deepcopy``: the probes of
    :mod:`judge.core.ask`, the recorder, Rangers Strike's legal-action probes) copies this
    with it, so the copy's policy asks the copy's state.  A ``lambda: self.state...`` is not
    copied by ``deepcopy`` and would go on asking the original engine, ordering the copy's
    effects by the original's turn player.

    >>> from types import SimpleNamespace
    >>> import copy
    >>> engine = SimpleNamespace(state=SimpleNamespace(turn_player="A", order=["A", "B"]))
    >>> ask = TurnPlayerOf(engine)
    >>> other = copy.deepcopy(SimpleNamespace(engine=engine, ask=ask))
    >>> other.engine.state.turn_player = "B"
    >>> ask(), other.ask()
    ('A', 'B')
    """

    __slots__ = ("engine",)

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def __call__(self) -> str:
        state = self.engine.state
        return state.turn_player or state.order[0]


class TurnPlayerFirst(Policy):
    """``turn_player_first``: the turn player's effects first, then the non-turn player's
    (seat order after); see :class:`Policy`."""

    __slots__ = ("_turn_player",)

    def __init__(self, turn_player: Callable[[], str]) -> None:
        self.name = "turn_player_first"
        self._turn_player = turn_player

    def _order_players(self, players: list[str]) -> list[str]:
        tp = self._turn_player()
        return [tp] + [p for p in players if p != tp]


def turn_player_first(turn_player: Callable[[], str]) -> Policy:
    """The turn player's effects first, then the non-turn player's (seat order after)."""
    return TurnPlayerFirst(turn_player)


def turn_player_orders_all(turn_player: Callable[[], str]) -> Policy:
    """The turn player orders every waiting effect, both players' (Rangers Strike)."""
    return TurnPlayerOrdersAll(turn_player)


#: The ordering policies by key; a game's engine names the one its rules give.
POLICIES: dict[str, Callable[[Callable[[], str]], Policy]] = {
    "turn_player_first": turn_player_first,
    "turn_player_orders_all": turn_player_orders_all,
}


class EffectPool:
    """The pending effects of a game, with a policy and a sequence counter."""

    __slots__ = ("policy", "items", "_seq", "preferred")  # (as Policy's: deep-copied)

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
        """The first effect of the recorded order that may resolve now, if any (none when
        no order was recorded: then the candidates are not looked for)."""
        if not self.preferred:
            return None
        cands = {p.seq: p for p in self.candidates()}
        for seq in self.preferred:
            if seq in cands:
                return cands[seq]
        return None

    def chooser(self) -> str | None:
        return self.policy.chooser(self.items)

    def candidates(self) -> list[PendingEffect]:
        return self.policy.candidates(self.items)


# -- the ``resolve`` decision ---------------------------------------------------------------------


def choose_pending(
    eng: AgendaEngine, plan: Plan, cands: list[PendingEffect], rule: str
) -> PendingEffect | None:
    """The waiting effect a ``resolve`` names by its ``source`` (an instance id, or a code for
    any of the chooser's effects from a card of that code), among ``cands`` (the pool's
    candidates): None, with a violation of ``rule``, when it names none.  A ruling says when
    several were waiting; declining (``use: false``) an effect that is not optional breaks
    ``rule``."""
    src = plan.action["source"]
    match = _named(eng, src, cands, f"actions[{eng.ctx.index}].source")
    if not match:
        names = ", ".join(pe.describe() for pe in cands)
        plan.violate(
            rule,
            f"{src} has no effect waiting for {plan.action['p']}; waiting: {names}.",
        )
        plan.cannot_apply(f"{ref_text(src)} has no effect waiting for {plan.action['p']}")
        return None
    pe = match[0]
    if len(cands) > 1:
        eng.ctx.ruling(rule, eng.pool.policy.chose_text(pe, cands))
    use = plan.action.get("use")
    if use is False and not pe.effect.get("optional"):
        plan.violate(rule, f"{pe.describe()} is not optional: it must be resolved.")
    return pe


def _named(
    eng: AgendaEngine, ref: Any, effects: list[PendingEffect], path: str
) -> list[PendingEffect]:
    """The waiting effects among ``effects`` (in trigger order) that a ``resolve``'s card
    reference names: those of that instance, for an instance id; those of any card of that
    code, for a code.  Where a reference names several, the first triggered is meant (a log
    names a card, not one of its abilities: two effects of one card are told apart by their
    order).  A code whose copies' first waiting effects differ in what resolving them does
    (another controller, another ability of the card, another trigger) is an ambiguous
    reference, bad input (the log contract: "a reference that could mean copies in different
    states is ambiguous"); the same ability of two copies, triggered the same way for the
    same player, is taken as interchangeable."""
    st = eng.state
    if is_instance(st, ref):
        return [pe for pe in effects if pe.source == ref]
    code = ref_code(st, ref)
    hits = [pe for pe in effects if st.code_of[pe.source] == code]
    first: dict[str, PendingEffect] = {}  # each copy's first waiting effect: what it names
    for pe in hits:
        first.setdefault(pe.source, pe)
    if len({(pe.controller, pe.index, pe.trigger) for pe in first.values()}) > 1:
        names = ", ".join(f"{pe.describe()} ({pe.controller}'s)" for pe in first.values())
        raise BadLog(
            [
                FieldError(
                    path,
                    f"ambiguous card reference {code!r}: it could mean {names}, which differ; "
                    "name the instance",
                )
            ]
        )
    return hits


def check_order(
    eng: AgendaEngine, plan: Plan, pe: PendingEffect, cands: list[PendingEffect], rule: str
) -> None:
    """The ``order`` a ``resolve`` may record for the chooser's waiting effects ``cands``: each
    reference names another of them, and the first is ``pe``, the one resolved now (else
    ``rule`` is broken).  Notes ``pe`` (and the order, as sequence numbers) for
    :func:`apply_resolve`."""
    order = plan.action.get("order")
    if order:
        ordered: list[PendingEffect] = []
        for k, ref in enumerate(order):
            left = [c for c in cands if c not in ordered]
            hits = _named(eng, ref, left, f"actions[{eng.ctx.index}].order[{k}]")
            # copies' effects a code names are interchangeable (see _named): the first place
            # goes to the effect resolved now when the code names it
            hit = pe if not ordered and pe in hits else (hits[0] if hits else None)
            if hit is None:
                plan.violate(
                    rule,
                    f"The order names {ref}, which is not one of {eng.pool.policy.whose_text(pe)}.",
                )
                continue
            ordered.append(hit)
        if ordered and ordered[0] is not pe:
            plan.violate(
                rule,
                f"The order starts with {ordered[0].describe()}, but the effect resolved now is "
                f"{pe.describe()}.",
            )
        if not plan.violations:
            eng.ctx.ruling(rule, eng.pool.policy.order_text(pe, ordered))
        plan.data["order"] = [c.seq for c in ordered]
    plan.data["pe"] = pe


def apply_resolve(eng: AgendaEngine, plan: Plan) -> None:
    """Resolve the effect :func:`check_order` noted, with the recorded targets and use; a
    recorded order is kept for the effects still waiting."""
    pe = plan.data["pe"]
    if plan.data.get("order"):
        eng.pool.preferred = list(plan.data["order"])
    eng.pool.remove(pe)
    eng.run_effect(pe, list(plan.action.get("targets", [])), plan.action.get("use"))


def resolve_by_default(eng: AgendaEngine, rule: str) -> PendingEffect:
    """The log records no ``resolve`` where one was due: the first waiting effect (trigger
    order) leaves the pool, with a ruling citing ``rule`` and the step unverifiable.  Whether
    it then runs (optional effects not used, no targets) is the game's rule."""
    pe = eng.pool.candidates()[0]
    eng.pool.remove(pe)
    eng.ctx.ruling(
        rule,
        f"{pe.controller} had to resolve {pe.describe()} (order, targets or use); the log "
        "records no `resolve`: the engine resolved it by default (in trigger order, optional "
        "effects not used, no targets).",
    )
    eng.ctx.cannot_verify(f"missing `resolve` by {pe.controller} for {pe.describe()}")
    return pe
