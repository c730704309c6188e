"""A unit card of one's discard pile chosen, its BP added to the unit and クロス gained for the
turn (RS-DISCARD-BP-CROSS).

"【ボウケンジャーになれ】自軍捨札から、DAを持たないSユニットのカードを1枚選んでもよい。そうしたとき、このターン、これは
選んだカードのBPが「+」され、クロス1を得る。" (a Number Combination): ``{"when": "combination",
"optional": true, "do": [{"op": "pick_discard", "find": {"type": "unit", "size": "S",
"not_category": "DA"}, "if_done": true}, {"op": "picked_bp_and_cross", "cross": 1}]}``.  The player
may choose one card of its own discard pile, a size S unit card whose category is not DA (what the
card prints: a card out of play has only its printed features); it stays where it is (the text
does nothing to it).  Only if it does (そうしたとき, RS-IF-DONE), until the end of the turn the unit
gets BP + the BP the chosen card prints (「+」され: that BP added) and has クロス 1 (RS-CROSS).

The log names the card first in the resolve's ``targets`` (an instance id or a code).  Not named,
it is taken when it is the only choice (``use: true``, one code fitting); none when none fits
(nothing happens); otherwise not guessed (unverifiable).  In tag battle 自軍捨札 may be the
player's or its team's: a fitting card in the ally's discard pile makes the choice not guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.costs import leading, names_card
from judge.games.rangers_strike.state import Mod, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-DISCARD-BP-CROSS"
PICK = "pick_discard"
GAIN = "picked_bp_and_cross"
FIND_KEYS = {"type", "size", "not_category"}
Problem = tuple[str, str]


def ok(effect: dict[str, Any]) -> bool:
    """The one shape the engine executes (module docstring)."""
    ops = effect.get("do") or []
    if len(ops) != 2 or not all(isinstance(o, dict) for o in ops):
        return False
    pick, gain = ops
    find = pick.get("find")
    return (
        set(effect) <= {"when", "optional", "do", "text"}
        and effect.get("when") == "combination"
        and effect.get("optional") is True
        and set(pick) == {"op", "find", "if_done"}
        and pick["op"] == PICK
        and pick["if_done"] is True
        and isinstance(find, dict)
        and set(find) == FIND_KEYS
        and find["type"] == "unit"
        and find["size"] in ("S", "M", "L")
        and isinstance(find["not_category"], str)
        and set(gain) == {"op", "cross"}
        and gain["op"] == GAIN
        and isinstance(gain["cross"], int)
        and not isinstance(gain["cross"], bool)
        and gain["cross"] >= 1
    )


def is_op(op: Any) -> bool:
    return isinstance(op, dict) and op.get("op") in (PICK, GAIN)


def _find(effect: dict[str, Any]) -> dict[str, Any] | None:
    for op in effect.get("do") or []:
        if isinstance(op, dict) and op.get("op") == PICK:
            return op.get("find")
    return None


def _fits(eng: RangersStrikeEngine, iid: str, find: dict[str, Any]) -> bool:
    d = eng.state.card(iid)
    return d.type == find["type"] and d.size == find["size"] and d.category != find["not_category"]


def _wanted(find: dict[str, Any]) -> str:
    return f"a size {find['size']} unit card whose category is not {find['not_category']}"


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> tuple[str | None, list[Any], list[Problem], str | None]:
    """The card of ``pid``'s discard pile chosen: ``(card, targets left, problems, doubt)``;
    card None when none is chosen or it is not known (the doubt says why).  No such op, or not
    used: nothing."""
    find = _find(effect)
    if find is None or use is False:
        return None, targets, [], None
    st = eng.state
    pile = [c for c in st.players[pid].discard if c is not None]
    fit = [c for c in pile if _fits(eng, c, find)]
    got = [fit[k] for k in leading(eng, fit, targets, 1)]
    if got:
        return got[0], targets[1:], [], None
    if targets and any(names_card(eng, targets[0], c) for c in pile):
        said = f"{targets[0]} in {pid}'s discard pile is not {_wanted(find)}."
        return None, targets[1:], [(RULE, said)], None
    for q in eng.allies(pid):
        if q != pid and any(c is not None and _fits(eng, c, find) for c in st.players[q].discard):
            return (
                None,
                targets,
                [],
                (
                    f"{q}, {pid}'s ally, has {_wanted(find)} in its discard pile, and whether 自軍捨札 "
                    f"means {pid}'s or its team's the sources do not say"
                ),
            )
    if not fit:
        return None, targets, [], None  # none to choose: nothing happens
    if use is True and len({st.code_of[c] for c in fit}) == 1:
        return fit[0], targets, [], None
    return (
        None,
        targets,
        [],
        f"which card of {pid}'s discard pile ({_wanted(find)}) was chosen is not recorded",
    )


def first_pick(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first card that could be chosen (``legal_actions``)."""
    find = _find(effect)
    if find is None:
        return []
    return [c for c in eng.state.players[pid].discard if c is not None and _fits(eng, c, find)][:1]


def choose(
    eng: RangersStrikeEngine, pe: PendingEffect, card: str | None, doubt: str | None, what: str
) -> bool:
    """The card chosen (it stays in the discard pile); whether one was (そうしたとき)."""
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return False
    if card is None:
        eng.ctx.ruling(
            RULE,
            f"No card is chosen for {what}, so what happens only when one is (そうしたとき) does "
            "not happen.",
        )
        return False
    eng.event("choose", f"{pe.controller} chooses {eng.name(card)} in its discard pile ({what}).")
    return True


def gain(
    eng: RangersStrikeEngine, pe: PendingEffect, card: str | None, op: dict[str, Any], what: str
) -> None:
    """Until the end of the turn the unit gets the chosen card's printed BP and クロス."""
    st = eng.state
    unit: Unit | None = pe.context.get("unit")
    if card is None or unit is None or st.area_of(unit) is None:
        eng.event("effect", f"The unit has left its area: nothing more happens ({what}).")
        return
    bp = st.card(card).bp
    n = int(op["cross"])
    unit.mods.append(Mod(bp, "turn"))
    unit.mods.append(Mod(0, "turn", cross=n))
    eng.event(
        "bp",
        f"{eng.name(unit.card)} gets BP {bp:+d} ({eng.name(card)}'s printed BP) and クロス {n} "
        f"until the end of the turn (BP {eng.bp(unit)}).",
        card=unit.card,
        amount=bp,
    )
    eng.ctx.ruling(
        RULE,
        f"{eng.name(unit.card)} gets the BP {eng.name(card)} prints ({bp}) and クロス {n} until "
        "the end of the turn.",
    )
