"""Operation cards a unit is stacked on (RS-STACK, RS-STACK-LEAVES, RS-STACK-STAY).

"…自軍Sユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだユニットをこのカードに重ね
る。このカードに重ねたユニットはBP+1000され、特徴「獣奏剣」が追加される。重ねたユニットがユニットでなくな
るとき、このカードを持ち主の手札に戻す。" (a normal operation's whole text): the operation does not go
to the discard pile once used; it lies in its player's rush area with the unit chosen stacked on
it (``Unit.stacked``), and what the text gives the unit it has while it is stacked there.

What the sources say, and so what the engine does:

- A unit a card is stacked on is no unit rushed anew: the official Q&A of RK-013 Jパワー, as
  the fan wiki copies it (docs/wiki/cards/RK-013.md), "「選んだユニットをこのカードに重ねる」こと
  は、ユニットをラッシュしたことになりますか？ — いいえ…すでに場に出ている自軍Sユニット1体に対して、特
  徴とサイズの変更を適用するだけ".  The unit keeps what it has, and what the card gives lasts as
  long as it is stacked, wherever it stands: the same Q&A's unit so changed enters the battle
  area later in the turn, third in line, with it.
- Cards stacked on a unit (other than a vehicle) stay with it when it changes places with
  another ("ビークル以外の「重ねられたカード」も元々のユニットに重ねたまま扱う", atwiki renst 1413
  置き換え); they follow what their own text says when the unit stops being one ("ビークル以外の「重ね
  られたカード」は、「ユニットでなくなるとき」以下の表記に準じる").
- "ユニットでなくなるとき" is the moment it is settled that the unit leaves its area (for the
  command or power zone, the hand, the deck, the discard pile, …), while it is still a unit
  (atwiki renst 1845): so the card goes where its text says before the unit leaves, and before
  anything that triggers on its leaving.
- "このカードを捨札にしてその場に留める" (RK-250 サバイブ) keeps the unit where it is: the card goes
  to the discard pile instead and the unit does not stop being a unit.  The official Q&A on
  RK-173 and RK-250 (docs/wiki/cards/RK-250.md): two such texts on one unit take effect at the
  same moment, the turn player orders them, and "「RK-250 サバイブ」の効果を先に解決した場合、その
  ユニットは場に留まることになり結果として「ユニットでなくなるとき」のタイミングが無くなる".

A card may lower the unit's combination number while it is stacked ("このカードに重ねたユニットのナン
バーの数字は1少なくなる。ただし、2より少なくならない。", :func:`numbers`): its Number Combination
triggers at that number (RS-NUMBER-COMBINATION).

Not in the sources, so a ruling says so and the step is unverifiable: whether a unit chosen in
the battle area moves to the rush area onto the card (the engine leaves it where it is, the card
under it) or gets off the vehicle it rides; the order of two or more stacked cards when one
keeps the unit (not recorded: the engine resolves the keeping card first); whether a unit kept
so counts as destroyed for its when-destroyed effects (not triggered), whether the additional
condition it was discarded for is met, whether a kept unit at BP 0 or less is destroyed again,
which of resist and the keeping card applies first; and whether a printed number already below
the one a card does not lower a number past (a 1, "2より少なくならない") stays or becomes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import placed_watch, strike_sp
from judge.games.rangers_strike.state import COMMAND_LIMIT, Command, RSState, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-STACK"
LEAVES_RULE = "RS-STACK-LEAVES"
STAY_RULE = "RS-STACK-STAY"
#: where a stacked card goes, in words
_TO = {"hand": "its owner's hand", "discard": "its owner's discard pile"}


def leaves_of(st: RSState, iid: str) -> str | None:
    """What becomes of the stacked card ``iid`` when its unit stops being a unit: ``hand``,
    ``discard`` or ``stay`` (RS-STACK-STAY), or None when its text does not say."""
    op = st.card(iid).stack_op
    return op.get("leaves") if op is not None else None


def bp(st: RSState, unit: Unit) -> int:
    """What the cards ``unit`` is stacked on give its BP ("このカードに重ねたユニットはBP+Nされ")."""
    total = 0
    for iid in unit.stacked:
        op = st.card(iid).stack_op
        if op is not None:
            total += int(op.get("bp") or 0)
    return total


def numbers(st: RSState, unit: Unit, printed: int) -> set[int]:
    """``unit``'s combination number now, the cards it is stacked on lowering its printed
    ``printed`` ("このカードに重ねたユニットのナンバーの数字はN少なくなる。ただし、Mより少なくならない。"):
    one number, or the two it may be when a card would lower a number already below M (whether
    it stays or becomes M the sources do not say: a printed 1 and "2より少なくならない")."""
    values = {printed}
    for iid in unit.stacked:
        op = st.card(iid).stack_op or {}
        down, floor = op.get("number"), op.get("number_min")
        if not isinstance(down, int) or not isinstance(floor, int):
            continue
        values = {
            v2 for v in values for v2 in ((max(v + down, floor),) if v >= floor else (v, floor))
        }
    return values


def gives(op: dict[str, Any]) -> str:
    """What a ``stack`` op gives the unit, in words ("" when nothing)."""
    bits = []
    if op.get("bp"):
        bits.append(f"BP {int(op['bp']):+d}")
    if op.get("feature"):
        bits.append(f"the feature {op['feature']}")
    if op.get("number"):
        bits.append(
            f"its combination number {-int(op['number'])} less (not less than "
            f"{op.get('number_min')})"
        )
    return " and ".join(bits)


def names(eng: RangersStrikeEngine, cards: list[str]) -> str:
    return ", ".join(eng.name(c) for c in cards)


def stack(
    eng: RangersStrikeEngine, pe: PendingEffect, found: list[tuple[str, str, Unit]], what: str
) -> None:
    """RS-STACK: the operation ``pe.source`` is placed in its player's rush area and the unit
    chosen (``found``) stacked on it; with no unit chosen (none fits) the effect cannot be
    resolved and the card goes to the discard pile as any used operation."""
    st = eng.state
    card, pid = pe.source, pe.controller
    if not found:
        eng.ctx.ruling(
            RULE,
            f"No unit of {pid}'s fits {what}: it cannot be resolved, nothing is stacked, and "
            f"{eng.name(card)} goes to the discard pile as a used operation.",
        )
        return
    _owner, area, unit = found[0]
    unit.stacked.append(card)
    op = st.card(card).stack_op or {}
    given = gives(op)
    said = f": while stacked it has {given}" if given else ""
    eng.event(
        "stack",
        f"{pid} places {eng.name(card)} in its rush area and stacks {eng.name(unit.card)} on "
        f"it{said} (BP {eng.bp(unit)}).",
        player=pid,
        card=card,
        unit=unit.card,
    )
    eng.ctx.ruling(
        RULE,
        f"{eng.name(unit.card)} is stacked on {eng.name(card)} (it is not rushed anew){said}; "
        f"the card stays with it instead of going to the discard pile.",
    )
    if area == "battle":
        why = (
            f"{eng.name(unit.card)} was chosen in the battle area: whether it moves to the rush "
            "area onto the card the sources do not say; the engine leaves it where it is, the "
            "card under it"
        )
        eng.ctx.ruling(RULE, f"{why}.")
        eng.ctx.cannot_verify(why)
    if unit.vehicle is not None:
        why = (
            f"{eng.name(unit.card)} rides {eng.name(unit.vehicle)}: whether it stays riding it "
            "once stacked on the card the sources do not say; the engine keeps it riding"
        )
        eng.ctx.ruling(RULE, f"{why}.")
        eng.ctx.cannot_verify(why)


def leaving(eng: RangersStrikeEngine, unit: Unit, how: str, destroyed: bool = False) -> bool:
    """``unit``, still in its area, is to stop being a unit (``how``: in words, as "is
    destroyed"; ``destroyed``: its when-destroyed effects would trigger): the cards it is stacked
    on go where their texts say (RS-STACK-LEAVES), before it leaves.  True when one of them keeps
    it where it is instead (RS-STACK-STAY): the caller then leaves it there."""
    if not unit.stacked:
        return False
    st = eng.state
    keeper = next((c for c in unit.stacked if leaves_of(st, c) == "stay"), None)
    if keeper is not None:
        _stay(eng, unit, keeper, how, destroyed)
        return True
    moved = list(unit.stacked)
    unit.stacked.clear()
    for iid in moved:
        _put(eng, iid, leaves_of(st, iid) or "discard")
    eng.ctx.ruling(
        LEAVES_RULE,
        f"{eng.name(unit.card)} {how}: as it stops being a unit, the cards it is stacked on "
        f"({names(eng, moved)}) go where their texts say, before it leaves.",
    )
    return False


def _put(eng: RangersStrikeEngine, iid: str, dest: str) -> None:
    st = eng.state
    owner = st.owner_of[iid]
    ps = st.players[owner]
    (ps.hand if dest == "hand" else ps.discard).append(iid)
    eng.event(
        "to_hand" if dest == "hand" else "to_discard",
        f"{eng.name(iid)} goes from under its unit to {_TO[dest]} ({owner}'s).",
        player=owner,
        card=iid,
    )


def _stay(eng: RangersStrikeEngine, unit: Unit, keeper: str, how: str, destroyed: bool) -> None:
    """RS-STACK-STAY: ``keeper`` goes to the discard pile and ``unit`` stays where it is."""
    st = eng.state
    others = [c for c in unit.stacked if c != keeper]
    unit.stacked.remove(keeper)
    where = st.area_of(unit)
    place = f"{where[0]}'s {where[1]} area" if where is not None else "its place"
    _put(eng, keeper, "discard")
    eng.event(
        "stays",
        f"{eng.name(unit.card)} {how}, but stays in {place}: {eng.name(keeper)} goes to the "
        "discard pile instead.",
        card=unit.card,
    )
    eng.ctx.ruling(
        STAY_RULE,
        f"As {eng.name(unit.card)} would stop being a unit, {eng.name(keeper)}'s text puts it "
        "into the discard pile and keeps the unit where it is: it does not stop being a unit.",
    )
    if others:
        _unknown(
            eng,
            f"{eng.name(unit.card)} is stacked on {names(eng, [keeper, *others])} too, whose "
            "texts all take effect as it stops being a unit, in the turn player's order, which "
            f"the log does not record; the engine resolved {eng.name(keeper)} first, so the "
            "others stay under it",
        )
    d = st.card(unit.card)
    if destroyed:
        from judge.games.rangers_strike.resist import discards

        kept = [e for e in d.effects if e.get("when") == "on_destroyed" and not discards(e)]
        if kept:
            _unknown(
                eng,
                f"{eng.name(unit.card)} was destroyed and stays: whether its when-destroyed "
                "effects trigger the sources do not say of this card, and the engine does not "
                "trigger them",
            )
    if d.is_unit and eng.bp(unit) <= 0:
        _unknown(
            eng,
            f"{eng.name(unit.card)} stays with BP {eng.bp(unit)}: whether it is destroyed again "
            "(RS-BP-ZERO) the sources do not say, and the engine leaves it",
        )


def _unknown(eng: RangersStrikeEngine, why: str) -> None:
    eng.ctx.ruling(STAY_RULE, f"{why[0].upper()}{why[1:]}.")
    eng.ctx.cannot_verify(why)


def gone(eng: RangersStrikeEngine, unit: Unit, why: str) -> None:
    """The cards ``unit`` is stacked on, as it leaves its area by a rule that puts every card
    there into the discard pile (RST-OUT, ``why``): each goes where its text says; a card that
    would keep the unit cannot (the rule takes every card), which the sources do not say, so it
    goes to the discard pile and the step is unverifiable."""
    if not unit.stacked:
        return
    st = eng.state
    moved = list(unit.stacked)
    unit.stacked.clear()
    for iid in moved:
        dest = leaves_of(st, iid) or "discard"
        if dest == "stay":
            _unknown(
                eng,
                f"{why}: {eng.name(iid)} would keep {eng.name(unit.card)} in place; whether it "
                "can the sources do not say, and the engine puts both into the discard pile",
            )
            dest = "discard"
        _put(eng, iid, dest)
    eng.ctx.ruling(
        LEAVES_RULE,
        f"{eng.name(unit.card)} stops being a unit ({why}): the cards it is stacked on "
        f"({names(eng, moved)}) go where their texts say.",
    )


def resist_too(eng: RangersStrikeEngine, unit: Unit) -> None:
    """A unit that may resist (RS-RESIST) and is stacked on a card that would keep it
    (RS-STACK-STAY) is destroyed by a battle: which applies first the sources do not say; the
    engine offers resist as usual, and the card keeps the unit if it is not used."""
    if any(leaves_of(eng.state, c) == "stay" for c in unit.stacked):
        _unknown(
            eng,
            f"{eng.name(unit.card)} may resist and is stacked on a card that keeps it in place "
            "as it stops being a unit: which of the two applies first the sources do not say",
        )


# -- "このカードに重ねたユニットがストライクしてダメージを与えたとき、…" (RS-STACK-STRIKE) ---------------

STRIKE_RULE = "RS-STACK-STRIKE"


def struck(eng: RangersStrikeEngine) -> None:
    """The strike in progress has dealt damage (the first points of it, once a strike): the
    effects of the cards the striking unit is stacked on that trigger so wait to resolve."""
    st = eng.state
    b = st.battle
    if b is None or b.kind != "strike" or b.dealt:
        return
    b.dealt = True
    unit = b.attacker
    if not unit.stacked or st.area_of(unit) is None:
        return
    for iid in list(unit.stacked):
        if any(
            e.get("when") == "on_strike_damage" and e.get("by") == "stacked"
            for e in st.card(iid).effects
        ):
            eng.ctx.ruling(
                STRIKE_RULE,
                f"{eng.name(unit.card)}, stacked on {eng.name(iid)}, struck and dealt damage: "
                f"{eng.name(iid)}'s effect triggers.",
            )
            eng.fire(  # only its own (a resident's, RS-STRIKE-DEALT, is another's)
                unit,
                "on_strike_damage",
                st.owner_of[iid],
                card=iid,
                only=lambda e: e.get("by") == "stacked",
            )


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``discard_to_command`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "discard_to_command":
            return op
    return None


def fitting(eng: RangersStrikeEngine, pid: str, find: dict[str, Any]) -> list[str]:
    """The cards of ``pid``'s discard pile the op may take: unit cards of the printed size
    (``{"type": "unit", "size": "S"}``: "Sユニットのカード")."""
    st = eng.state
    out = []
    for iid in st.players[pid].discard:
        if iid is None:
            continue
        d = st.card(iid)
        if d.type == find.get("type") and d.size == find.get("size"):
            out.append(iid)
    return out


Picks = tuple[list[str], list[Any], list[tuple[str, str]], str | None]


def picks(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]) -> Picks:
    """The card the op takes: the first of ``targets`` when it names a fitting card, else the
    first fitting one (a doubt when cards of another code could have been taken); the targets
    left; problems; the doubt."""
    from judge.games.rangers_strike.costs import leading

    op = op_of(effect)
    if op is None:
        return [], targets, [], None
    st = eng.state
    cands = fitting(eng, pid, op["find"])
    need = min(1, len(cands))
    chosen = [cands[k] for k in leading(eng, cands, targets, need)]
    if chosen:
        return chosen, targets[1:], [], None
    if targets and need:
        return (
            [],
            targets,
            [
                (
                    STRIKE_RULE,
                    f"{targets[0]} is not a size S unit card in {pid}'s discard pile "
                    f"(those there: {', '.join(cands)}).",
                )
            ],
            None,
        )
    codes = {st.code_of[c] for c in cands}
    doubt = (
        f"which size S unit card {pid} took from its discard pile is not recorded"
        if len(codes) > 1
        else None
    )
    return cands[:need], targets, [], doubt


def to_command(
    eng: RangersStrikeEngine, pe: PendingEffect, cards: list[str], doubt: str | None, what: str
) -> None:
    """RS-STACK-STRIKE: the card chosen goes from the controller's discard pile held into its
    command zone, or into its hand when the zone holds 5 already ("置けなければ手札に加える")."""
    st = eng.state
    pid = pe.controller
    ps = st.players[pid]
    if doubt is not None:
        eng.ctx.ruling(STRIKE_RULE, f"{doubt[0].upper()}{doubt[1:]}.")
        eng.ctx.cannot_verify(doubt)
    taken = [iid for iid in cards if iid in ps.discard]
    if not taken:
        eng.event("effect", f"{pid}'s discard pile has no size S unit card: nothing is taken.")
        eng.ctx.ruling(STRIKE_RULE, f"{what}: no size S unit card in {pid}'s discard pile.")
        return
    iid = taken[0]
    ps.discard.remove(iid)
    if len(ps.command) >= COMMAND_LIMIT:
        ps.hand.append(iid)
        strike_sp.record(eng, pid, iid)  # RS-STRIKE-SP-RETRIEVED
        eng.event(
            "to_hand",
            f"{eng.name(iid)} goes from {pid}'s discard pile into its hand: its command zone "
            f"holds {len(ps.command)} cards already ({what}).",
            player=pid,
            card=iid,
        )
        eng.ctx.ruling(
            STRIKE_RULE,
            f"{pid}'s command zone is full: {eng.name(iid)} cannot be put there, so it goes into "
            f"{pid}'s hand.",
        )
        return
    ps.command.append(Command(iid, held=True))
    placed_watch.placed(eng, [(pid, iid)], "held")  # RS-PLACED-HELD-WATCH
    eng.event(
        "to_command",
        f"{eng.name(iid)} goes from {pid}'s discard pile held into its command zone ({what}).",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        STRIKE_RULE,
        f"{eng.name(iid)} is put held into {pid}'s command zone by the effect (not charged).",
    )
