"""A card put from the discard pile into the rush area by an effect (RS-FROM-DISCARD):
"※これが撃破されて捨札になったとき、自軍捨札から「X」のカードを1枚選び、自軍ラッシュエリアに出す。"
(or "自軍捨札に「X」のカードがあれば1枚選び…", "「X」を1体選び…", "…出してもよい。").

The op ``{"op": "from_discard", "name": X, "count": N}``: N cards named X (unit or vehicle
cards: only they can stand in a rush area) of the controller's own discard pile go into their
rush area, as many as there are when fewer.  The card is put there by the effect, not rushed by
the normal procedure: no power, command or additional condition (the fan wiki's page on
commands, atwiki renst page 151: "正規の手順以外で、カードの効果によりラッシュ…する場合、コマン
ドのホールドは必要がない"; the texts that want a condition met say so, "ただし、追加条件は満た
すこと").  Put there, it is *rushed* all the same: the fan wiki's page on rushing, atwiki renst
page 146 ラッシュ: "上記の場合以外にカードの効果等によるものでも、エリア以外の場所にあったカードがエリアに
出た時は全て「ラッシュされた」として扱う。"  So the texts watching for a unit's being rushed
("…ユニットがラッシュされたとき", RS-WHILE-IN-AREA, RS-OPPOSING-RUSHED) trigger, a card printed
"ラッシュするとき、可能ならホールド状態で置く" is put held (RS-RUSH-HELD), and the card's own
"これをラッシュしたとき" triggers too (the same page: only an effect printing "このとき出したユニットの効果
は発動しない" keeps it from triggering) — which the engine does not carry out at that moment: a card
put so that has a when-rushed effect (or a text not read) leaves the step unverifiable.  Whether
"自分が…ラッシュしたとき" (RS-RUSHED-HAND-CYCLE) means a rush by an effect too the page does not
say (who rushed it): not guessed.

Which cards: the log names them first in the resolve's ``targets`` (instance ids or codes),
exactly as many as there are to take; without them, the first in the pile (unverifiable when
cards of another code with that name could have been taken).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import plural
from judge.games.rangers_strike import restrictions, usable_as, watch
from judge.games.rangers_strike.costs import leading
from judge.games.rangers_strike.effects import selectors

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

Problem = tuple[str, str]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``from_discard`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "from_discard":
            return op
    return None


def fitting(eng: RangersStrikeEngine, pid: str, name: str) -> list[str]:
    """The cards of ``pid``'s discard pile named ``name`` that can stand in a rush area."""
    st = eng.state
    out = []
    for iid in st.players[pid].discard:
        if iid is None:
            continue
        d = st.card(iid)
        if d.named(name) and d.type in ("unit", "vehicle"):
            out.append(iid)
    return out


Picks = tuple[list[str], list[Any], list[Problem], str | None]


def picks(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]) -> Picks:
    """The cards the op takes: the leading ``targets`` that name fitting cards (exactly as
    many as it takes, when the log names any), else the first fitting ones (a doubt when
    cards of other codes could have been taken); the targets left; problems; the doubt."""
    op = op_of(effect)
    if op is None:
        return [], targets, [], None
    st = eng.state
    cands = fitting(eng, pid, str(op["name"]))
    need = min(int(op.get("count", 1)), len(cands))
    chosen = [cands[k] for k in leading(eng, cands, targets, need)]
    pos = len(chosen)
    if not chosen and targets and need and not selectors(effect):
        return (
            [],
            targets,
            [
                (
                    "RS-FROM-DISCARD",
                    f"{targets[0]} is not a card named {op['name']} in {pid}'s discard pile "
                    f"(unit or vehicle cards: {', '.join(cands)}).",
                )
            ],
            None,
        )
    # RS-USABLE-AS: a card that may be used as the name is taken as one only if its player so
    # treats it (扱ってよい, may): the fewest the effect must take counts the others only
    must = min(
        need, len([c for c in cands if st.card(c).name_match(op["name"]) is True or c in chosen])
    )
    if not chosen:
        codes = {st.code_of[c] for c in cands}
        doubt = None
        if len(codes) > 1 and len(cands) > need:
            doubt = (
                f"which card named {op['name']} {pid} took from its discard pile is not recorded"
            )
        elif must < need:
            doubt = (
                f"{pid}'s discard pile holds a card that may be used as {op['name']} "
                f"(としてつかえる, {usable_as.RULE}): whether {pid} took it as one is not recorded"
            )
        return cands[:need], targets, [], doubt
    if must <= len(chosen) < need:
        return (
            chosen,
            targets[pos:],
            [],
            f"{pid}'s discard pile holds a card that may be used as {op['name']} (としてつかえる, "
            f"{usable_as.RULE}) beside those named: whether {pid} treated it as one is not recorded",
        )
    if len(chosen) < need:
        return (
            chosen,
            targets[pos:],
            [
                (
                    "RS-FROM-DISCARD",
                    f"The effect takes {plural(need, 'card')} named {op['name']} from {pid}'s "
                    "discard "
                    f"pile (unit or vehicle cards: {', '.join(cands) or 'none'}); the log names "
                    f"{len(chosen)} of them.",
                )
            ],
            None,
        )
    return chosen, targets[pos:], [], None


def put(eng: RangersStrikeEngine, pid: str, cards: list[str], source: str) -> None:
    """Put ``cards`` from ``pid``'s discard pile into its rush area (RS-FROM-DISCARD)."""
    ps = eng.state.players[pid]
    taken = [iid for iid in cards if iid in ps.discard]
    for iid in taken:
        ps.discard.remove(iid)
    if taken:
        into_rush(eng, pid, taken, f"{eng.name(source)}'s effect")
    if not cards:
        eng.event("from_discard", f"{pid}'s discard pile has no such card: nothing is put.")


#: where a card put into the rush area comes from -> (its event, its rule)
WHENCE = {
    "discard": ("from_discard", "RS-FROM-DISCARD"),
    "deck": ("from_deck", "RS-SEARCH-DECK"),
    "hand": ("from_hand", "RS-FROM-HAND"),
    "top": ("from_deck", "RS-REVEAL-TOP"),
    "power": ("from_power", "RS-POWER-TO-RUSH"),
    "power_area": ("from_power", "RS-POWER-TO-RUSH-AREA"),
    "gather_power": ("from_power", "RS-GATHER-NAMED"),
    "gather_command": ("from_command", "RS-GATHER-NAMED"),
}


def into_rush(
    eng: RangersStrikeEngine,
    pid: str,
    cards: list[str],
    what: str,
    whence: str = "discard",
    checked: str = "no power, command or additional condition is needed",
) -> None:
    """Put ``cards``, taken already from ``pid``'s discard pile, deck, hand or power zone
    (``whence``), into its rush area by an effect (``what``, in words): no power, command or
    additional condition (``checked`` says what was: RS-POWER-TO-RUSH).  The card is rushed
    (atwiki renst 146, module docstring): held when its note says so (RS-RUSH-HELD), the texts
    watching for a rush told (RS-WHILE-IN-AREA), and its own when-rushed effect not carried out
    (unverifiable: RS-FROM-DISCARD, RS-SEARCH-DECK, RS-POWER-TO-RUSH-AREA)."""
    st = eng.state
    ps = st.players[pid]
    event, rule = WHENCE[whence]
    zone = {
        "discard": "discard pile",
        "top": "deck",
        "power": "power zone",
        "power_area": "power zone",
        "gather_power": "power zone",
        "gather_command": "command zone",
    }.get(whence, whence)
    for iid in cards:
        unit = eng.new_unit(iid)
        ps.rush.append(unit)
        eng.event(
            event,
            f"{eng.name(iid)} goes from {pid}'s {zone} into its rush area ({what}).",
            player=pid,
            card=iid,
        )
        eng.ctx.ruling(
            rule,
            f"{eng.name(iid)} is put into the rush area by an effect: {checked}.",
        )
        if any(r.get("rule") == "rush_held" for r in st.card(iid).restrictions):
            restrictions.rush_held(eng, unit)  # RS-RUSH-HELD: put so, it is rushed (page 146)
        rushed = [e for e in st.card(iid).effects if e.get("when") == "on_rush"]
        if rushed:
            said = (
                "its when-rushed effect triggers"
                if all(eng.supports(e) for e in rushed)
                else "its printed text, not read (RS-TEXT-UNREAD), may act now"
            )
            eng.ctx.ruling(
                rule,
                f"{eng.name(iid)} is rushed (a card an effect puts into an area is, atwiki renst "
                f"146), so {said}; the engine carries out a when-rushed effect only at its "
                "player's rush: not executed.",
            )
            eng.ctx.cannot_verify(
                f"{eng.name(iid)} is rushed by being put into the rush area, and {said}: not "
                "executed"
            )
        watch.seen(eng, "on_rushed", unit, pid, by_effect=True)  # RS-WHILE-IN-AREA
