"""The deck's top cards put into the outside area (``op`` ``mill``, rule ``UA-EFFECT-DECK-TO-OUTSIDE``).

Printed "自分の山札の上から3枚を場外に置く。" (exactly n), "自分の山札の上から2枚まで場外に置く。"
(``up_to``: the controller chooses how many, 0 to n, always from the top) and "自分の山札の上から
1枚を場外に置いてもよい。" (the optional form: the effect's ``use``): the top cards of the
controller's deck go, face up, into their outside area.  They are not retired (retiring is
for cards leaving the field: the seed's outside area holds "退場的角色卡和場地卡" and used
events, and these never were on the field), so no when-retired effect triggers.

**The record.**  The log names the cards put in the ``targets`` of the action that resolves
the effect, where the op's choice falls, as ``{"outside": [refs]}``: the cards, top first.
For ``up_to`` it is the choice (how many: ``{"outside": []}`` puts none) and must be there: a
log without it has skipped a choice (``UA-CHOICE-RECORDED``: none is put, the step is
unverifiable and the later ones uncertain).  For exactly n it names what the rules decide:
in seeded mode the engine knows the cards and the record may be left out; in observed mode
the cards are unknown until the log names them, a code binding an unknown card among the
top ones to an unseen copy (``UA-REVEAL`` when none can be there), as a look's taken cards
are named.  Left out in observed mode, the cards go into the outside area unknown: the step
is unverifiable and the later ones uncertain until an ``outcome`` reveals them.  A record
naming more or fewer cards than go, or a card that is not among the top ones, is illegal
(``UA-EFFECT-DECK-TO-OUTSIDE``).

**A deck with fewer cards.**  "Up to n" puts at most what the deck holds.  Exactly n from a
deck holding fewer (the optional form too): the engine puts every card there is, but no
source says so, so the step is unverifiable and the later ones uncertain.  An empty deck
loses the game only at the start-phase draw (``UA-WIN-DECK``), never here.

"そうした場合、…" after the optional form happens when a card was put.  This module matches
the record against the deck (for the check of an action's targets,
:func:`judge.games.union_arena.targets.check_effect_targets`, and the resolution,
:func:`judge.games.union_arena.resolve.run_effect`) and carries the op out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.refs import bind
from judge.core.wording import agree, plural
from judge.games.union_arena.look import find_slot

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

Problem = tuple[str, str]
RULE = "UA-EFFECT-DECK-TO-OUTSIDE"
#: the key of the record in ``targets``: ``{"outside": [refs]}``
KEY = "outside"


def is_record(value: Any) -> bool:
    """Whether a ``targets`` entry records the cards a ``mill`` put: ``outside`` alone (a
    look's record of where its cards go may name ``top`` beside it)."""
    return isinstance(value, dict) and set(value) == {KEY}


@dataclass(slots=True)
class Milled:
    """What one ``mill`` puts into the outside area, as the log's record says.

    ``put``: the cards, top first (None: one the engine does not know, observed mode with no
    record); ``binds``: unseen instances the record names (bound as they go); ``recorded``:
    whether the log gave the record."""

    put: list[str | None] = field(default_factory=list)
    binds: list[str] = field(default_factory=list)
    recorded: bool = False
    problems: list[Problem] = field(default_factory=list)


def choose(
    eng: UnionArenaEngine,
    pid: str,
    op: dict[str, Any],
    deck: list[str | None],
    targets: list[Any],
    pos: int,
) -> tuple[Milled, int]:
    """Match the log's record for ``op`` (at ``targets[pos]``, if it is one) against the top
    of ``deck`` (the deck as the ops before leave it); returns what goes and the next
    position in ``targets``.  Changes nothing in the game."""
    n, up_to = int(op.get("n", 1)), bool(op.get("up_to"))
    can = min(n, len(deck))
    if pos >= len(targets) or not is_record(targets[pos]):
        return Milled([] if up_to else list(deck[:can])), pos
    refs = list(targets[pos][KEY])
    pos += 1
    if len(refs) > can or (len(refs) < can and not up_to):
        what = f"up to {n}" if up_to else f"the top {n}"
        held = f"; {pid}'s deck holds {len(deck)}" if len(deck) < n else ""
        return Milled(recorded=True, problems=[_wrong_count(what, held, len(refs))]), pos
    top = list(deck[: len(refs)])
    free = list(range(len(top)))
    claimed: set[str] = set()
    out = Milled(recorded=True)
    where = f"the top {plural(len(top), 'card')} of {pid}'s deck"
    for ref in refs:
        found, err = find_slot(eng, pid, top, free, claimed, ref, where)
        if err is not None or found is None:
            rule, msg = err or (RULE, f"{ref} is not among {where}.")
            out.problems.append((RULE if rule == "UA-EFFECT-TARGETS" else rule, msg))
            continue
        slot, iid, bound = found
        free.remove(slot)
        claimed.add(iid)
        top[slot] = iid
        if bound:
            out.binds.append(iid)
    if not out.problems:
        out.put = top
    return out, pos


def _wrong_count(what: str, held: str, named: int) -> Problem:
    return (
        RULE,
        f"The effect puts {plural(what, 'card')} of the deck into the outside area{held}; the log "
        f"names {named}.",
    )


def run(
    eng: UnionArenaEngine, pe: PendingEffect, op: dict[str, Any], targets: list[Any], pos: int
) -> tuple[int, int]:
    """Carry out a ``mill`` op of ``pe``; returns (how many cards went, the next position in
    ``targets``)."""
    st = eng.state
    pid = pe.controller
    ps = st.players[pid]
    n = int(op.get("n", 1))
    held = len(ps.deck)
    milled, pos = choose(eng, pid, op, ps.deck, targets, pos)
    if milled.problems:  # checked before resolving; reached only when forced or defaulted
        rule, msg = milled.problems[0]
        eng.ctx.ruling(rule, f"{pe.describe()}: {msg} Nothing is put into the outside area.")
        return 0, pos
    if op.get("up_to") and not milled.recorded:
        eng.ctx.ruling(
            "UA-CHOICE-RECORDED",
            f"{pe.describe()}: the log does not say how many of the top {n} cards of {pid}'s "
            f'deck {pid} put into the outside area ({{"{KEY}": [...]}}): none is put.',
        )
        eng.ctx.cannot_verify(f"missing `{KEY}` record of {pe.describe()}")
        eng.taint_effect(pe, "UA-CHOICE-RECORDED")
        return 0, pos
    for iid in milled.binds:
        bind(st, pid, iid)
    k = len(milled.put)
    del ps.deck[:k]
    ps.outside.extend(milled.put)
    for iid in milled.put:
        eng.event(
            "to_outside",
            f"{eng.name(iid)} goes from the top of {pid}'s deck to the outside area "
            f"({pe.source}'s effect).",
            player=pid,
            card=iid,
        )
    for iid in milled.put:  # its own deck, by its own effect (UA-TRIGGER-OWN-MILLED)
        eng.fire(None, "own_milled", pid, card=iid)
    eng.ctx.ruling(
        RULE,
        f"{pe.describe()}: {pid} puts the top {plural(k, 'card')} of the deck into the outside "
        f"area, face up; {agree(k, 'it is', 'they are')} not retired.",
    )
    if held < n and not op.get("up_to"):
        eng.ctx.ruling(
            RULE,
            f"{pid}'s deck held {plural(held, 'card')}, fewer than the {n} the effect puts: all "
            "of them "
            "went, but no source says what a deck too short does, so this step is unverifiable "
            "and the steps after it uncertain. An empty deck loses only when its player must "
            "draw in the start phase (UA-WIN-DECK).",
        )
        eng.ctx.cannot_verify(f"{pid}'s deck held fewer than the {n} cards {pe.describe()} puts")
        eng.taint_effect(pe, RULE)
    elif None in milled.put:
        eng.ctx.ruling(
            RULE,
            f"The log does not name the cards {pid} put into the outside area "
            f'({{"{KEY}": [...]}}): they are public, but the engine does not know them '
            "(observed mode), so this step is unverifiable and the steps after it uncertain "
            "until an outcome reveals them.",
        )
        eng.ctx.cannot_verify(f"the cards {pe.describe()} put into the outside area are not named")
        eng.taint_effect(pe, RULE)
    return k, pos


def one_way(eng: UnionArenaEngine, pid: str, op: dict[str, Any]) -> dict[str, Any] | None:
    """The record of a ``mill`` of exactly n that the rules leave one way (UA-FORCED-DECISION):
    the top n cards of ``pid``'s deck when the engine knows every one of them and the deck
    holds n; else None (a choice, an unknown card, or a deck too short)."""
    deck = eng.state.players[pid].deck
    n = int(op.get("n", 1))
    if op.get("up_to") or len(deck) < n or None in deck[:n]:
        return None
    return {KEY: list(deck[:n])}
