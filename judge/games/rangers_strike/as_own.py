"""Another card's effect activated as this unit's own (RS-AS-OWN-EFFECT), and the card so
used chosen among one's commands by name and held (RS-HOLD-NAMED-COMMAND).

"自軍コマンドゾーンから「A」か「B」のカードを1枚選びホールドしてもよい。そうしたとき、ホールドしたユニットカー
ドのRCの効果を、このユニットの効果として発動する。" (a unit's combination effect, its rider
combination's or its Number Combination's): ``{"optional": true, "do": [{"op": "as_own",
"from": "command", "names": [A, B], "effect": "rc"}]}``.  Its player may choose one released
card of its own command zone named A or B and hold it (a held command is sideways already and
cannot be held again: atwiki renst 157, "only a released one can be held", as RS-HOLD-OWN-COMMANDS
reads it); only when it holds one, the RC effect of that unit card is activated as this unit's
effect: it waits in the pool as an effect of this unit's card, for this unit (its これ and この
ユニット are this unit, as the printed "このユニットの効果として" says), and is resolved as any other
(its choices in a ``resolve`` of its own when it has some).

What the engine knows of the card used is its definition.  The effect is activated only when the
card's text is read in full (RS-TEXT-READ; a card given its effects by hand is read as given) and
every effect it has of the kind named is one the engine executes now, as a combination resolves
at once; otherwise what it would do is not guessed (an effect of the card not read, one in force
for the turn and triggering later, RS-COMBINATION-TURN, or one that itself activates another
card's): the step is unverifiable and the effect noted as not executed until an ``outcome``
records it.  A unit card with no RC effect (one whose combination is a number, or with none)
has nothing to activate: nothing more happens, the card staying held.

The log names the card first in the resolve's ``targets`` (an instance id or a code).  Not named:
with released cards so named of one code only, that card (holding one of them is the only way to
use the effect); with several codes the choice is not guessed.  In tag battle, when the ally too
has a released card so named, whether 自軍コマンドゾーン is the player's or its team's the sources do
not say: not guessed.  The effect activated resolves next: it is put first in the order of the
effects waiting; when others wait with it, whether it may resolve after them (being part of the
effect that activated it) the sources do not say, and the step is unverifiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import combination_turn
from judge.games.rangers_strike.costs import leading, names_card

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-AS-OWN-EFFECT"
HOLD_RULE = "RS-HOLD-NAMED-COMMAND"
OP = "as_own"
#: the kinds of effect of the card used, and their names in English
KINDS = {"rc": "RC effect"}
#: where the card used comes from, and what is done to it
FROM = ("command",)
#: the index the effects activated get (after the card's own and its combination's)
INDEX = 300
#: the card chosen (an instance id), or None when not known; targets left; problems; a doubt
Picks = tuple[list[str] | None, list[Any], list[tuple[str, str]], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``as_own`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect activating another card's is one the engine executes: a combination
    effect, optional, its one op ``as_own`` from the command zone, one or more names, the RC
    effect."""
    ops = effect.get("do")
    if timing != "combination" or effect.get("optional") is not True:
        return False
    if set(effect) - {"when", "optional", "do", "text"} or not isinstance(ops, list):
        return False
    if len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    op = ops[0]
    names = op.get("names")
    return (
        set(op) == {"op", "from", "names", "effect"}
        and op["from"] in FROM
        and op["effect"] in KINDS
        and isinstance(names, list)
        and bool(names)
        and all(isinstance(n, str) and n for n in names)
    )


def words(op: dict[str, Any]) -> str | None:
    """The op in English, or None for one not known."""
    if op.get("op") != OP or op.get("from") != "command" or op.get("effect") not in KINDS:
        return None
    names = " or ".join(str(n) for n in op.get("names") or ())
    return (
        f"hold 1 released card named {names} of your command zone, and if you do: activate "
        f"the {KINDS[op['effect']]} of the unit card held as this unit's own effect (its "
        '"this" is this unit; carried out only when that card\'s text is read in full)'
    )


def candidates(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> list[str]:
    """The released cards of ``pid``'s command zone named as ``op`` says."""
    st = eng.state
    names = [str(n) for n in op["names"]]
    return [c.card for c in st.players[pid].command if not c.held and st.card(c.card).named(*names)]


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: Any
) -> Picks:
    """The card of ``pid``'s command zone the effect holds: the first of ``targets`` when it
    names one that may be held, else the only one there is (of one code); the targets left;
    problems; a doubt (the choice not recorded).  No such op, or not used: nothing."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    cands = candidates(eng, pid, op)
    chosen = [cands[k] for k in leading(eng, cands, targets, 1)]
    if chosen:
        return chosen, targets[1:], [], None
    names = " or ".join(str(n) for n in op["names"])
    if targets:
        st = eng.state
        held = [
            c.card
            for c in st.players[pid].command
            if c.held and st.card(c.card).named(*[str(n) for n in op["names"]])
        ]
        if any(names_card(eng, targets[0], c) for c in held):
            said = f"{targets[0]} is a held command of {pid}'s: only a released one can be held."
        else:
            listed = ", ".join(cands) or "none"
            said = (
                f"{targets[0]} is not a released card named {names} in {pid}'s command zone "
                f"(those there: {listed})."
            )
        return None, [], [(HOLD_RULE, said)], None
    for q in eng.allies(pid):
        if q != pid and candidates(eng, q, op):
            return (
                None,
                [],
                [],
                f"{q}, {pid}'s ally, has a released card named {names} too, and whether 自軍コマン"
                f"ドゾーン means {pid}'s command zone or its team's the sources do not say",
            )
    if len({eng.state.code_of[c] for c in cands}) > 1:
        return None, [], [], f"which card named {names} {pid} held is not recorded"
    return cands[:1], targets, [], None


def carry_out(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[str] | None,
    doubt: str | None,
    what: str,
) -> None:
    """RS-HOLD-NAMED-COMMAND: hold the card :func:`picks` found, then (RS-AS-OWN-EFFECT)
    activate its effect of the kind named as this unit's."""
    op = op_of(pe.effect)
    assert op is not None
    pid = pe.controller
    st = eng.state
    names = " or ".join(str(n) for n in op["names"])
    if chosen is None:
        eng.not_guessed(
            pe,
            HOLD_RULE,
            doubt or "which card was held is not recorded",
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return
    if not chosen:
        eng.ctx.ruling(
            HOLD_RULE,
            f"{pid} has no released card named {names} in its command zone for {what}: nothing "
            "is held, so nothing is activated (そうしたとき).",
        )
        return
    iid = chosen[0]
    index = next(k for k, c in enumerate(st.players[pid].command) if c.card == iid)
    eng.hold_command(pid, index, pid, pe.source)
    eng.ctx.ruling(
        HOLD_RULE,
        f"{pid} holds {eng.name(iid)}, a released card named {names} of its command zone, for "
        f"{what}: its {KINDS[op['effect']]} is activated as this unit's.",
    )
    activate(eng, pe, iid, str(op["effect"]), what)


def borrowed(d: Any, kind: str) -> list[dict[str, Any]] | None:
    """The effects of the kind ``kind`` of the card ``d`` (a definition), each with its
    timing; None when its text is not read in full (what they are is not known)."""
    if d.unread or d.raw.get("unsupported"):
        return None
    if kind == "rc":
        if not d.is_unit or not d.rider_combination:
            return []
        return [e if "when" in e else {**e, "when": "combination"} for e in d.combination_effects()]
    return None


def activate(eng: RangersStrikeEngine, pe: PendingEffect, iid: str, kind: str, what: str) -> None:
    """RS-AS-OWN-EFFECT: the ``kind`` effects of the card ``iid`` wait in the pool as
    effects of ``pe``'s card, for its unit, first in the order (module docstring); not guessed
    when what they do is not known."""
    d = eng.state.card(iid)
    said = f"{eng.name(iid)}'s {KINDS[kind]}"
    found = borrowed(d, kind)
    if found is None:
        eng.not_guessed(
            pe,
            RULE,
            f"{eng.name(iid)}'s printed text is not read in full (RS-TEXT-READ), so what its "
            f"{KINDS[kind]} does is not known",
            f"the effect activated as {eng.name(pe.source)}'s is not carried out; the log may "
            "record what it did in an `outcome`.",
        )
        return
    if not found:
        eng.ctx.ruling(
            RULE,
            f"{eng.name(iid)} has no {KINDS[kind]}: nothing is activated as "
            f"{eng.name(pe.source)}'s.",
        )
        return
    for effect in found:
        if not eng.supports(effect) or combination_turn.later(effect) or op_of(effect):
            eng.not_guessed(
                pe,
                RULE,
                f"{said} is not one the engine carries out as another unit's effect at once (an "
                "effect it does not execute, one in force for the turn, or one activating "
                "another card's)",
                f"the effect activated as {eng.name(pe.source)}'s is not carried out; the log "
                "may record what it did in an `outcome`.",
            )
            return
    unit = pe.context.get("unit")
    pid = pe.controller
    waiting = list(eng.pool.items)
    added = [
        eng.pool.add(pid, pe.source, effect, INDEX + k, pe.trigger, unit=unit)
        for k, effect in enumerate(found)
    ]
    # first in the order of the effects waiting (an order recorded for the others is kept)
    eng.pool.preferred = [a.seq for a in added] + list(eng.pool.preferred)
    eng.event(
        "as_own",
        f"{said} is activated as {eng.name(pe.source)}'s own effect ({what}).",
        player=pid,
        card=pe.source,
        used=iid,
    )
    eng.ctx.ruling(
        RULE,
        f"{said} is activated as {eng.name(pe.source)}'s effect: it resolves next, for this "
        "unit (its これ is this unit).",
    )
    if waiting:
        eng.ctx.ruling(
            RULE,
            f"Other effects were waiting as {said} was activated; whether it may resolve after "
            "them the sources do not say: the engine resolves it first.",
        )
        eng.ctx.cannot_verify(f"whether {said} resolves before the effects already waiting")
