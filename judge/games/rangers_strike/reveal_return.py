"""The deck's top card revealed; when it is a card of a category and size, an opposing unit
without an additional condition returned to its owner's hand; then the card revealed taken into
the hand (RS-REVEAL-RETURN-TO-HAND): "自軍山札の上から1枚をオモテにしてもよい。そうしたとき、オモテにしたカード
がMAのMユニットのカードだったなら、追加条件を持たない敵軍ユニットを1体選び、持ち主の手札に戻す。その後、オモテにした
カードを手札に加える。"

The effect, exactly (an optional effect of a unit's, :func:`ok`)::

    [{"op": "reveal", "if_done": true},
     {"op": "return_to_hand", "target": {"side": "opponent", "zone": "field", "count": 1,
      "type": "unit", "no_condition": true},
      "if": {"revealed": {"category": "MA", "type": "unit", "size": "M"}}},
     {"op": "revealed_to_hand"}]

The player may turn the top card of its deck face up (as RS-REVEAL-TO-BOTTOM: the log names it
first in the resolve's targets when it is not known; an empty deck is not guessed); only if it
did, and only when that card prints the category, the type and the size asked, the player chooses
one opposing unit (rush or battle area, RS-SELECT-FIELD) whose card has no additional condition
(追加条件: the card's additional-condition box, the catalogue's ``rushAdditionalCondition``: a
definition with a ``cost`` or ``condition``, or whose importer's doubts name one, has one), and it
goes to its owner's hand (not destroyed; a vehicle it rides stays, RS-RIDE).  Afterwards (その後)
the card revealed goes into the player's hand, whatever it is.

Why a module of its own: the card revealed decides, before the units are matched, whether a unit
is chosen at all (:func:`bound`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-REVEAL-RETURN-TO-HAND"
RETURN = "return_to_hand"
TO_HAND = "revealed_to_hand"
#: the selector key "追加条件を持たない"
KEY = "no_condition"
TARGET = {"side": "opponent", "zone": "field", "count": 1, "type": "unit", KEY: True}
TIMINGS = ("on_rush", "on_enter", "combination")
_CATEGORIES = ("WB", "ET", "OT", "MA", "DA")


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has one of this module's ops (then :func:`ok` decides)."""
    for op in effect.get("do") or ():  # (a loop, not any() over a generator: asked often)
        if isinstance(op, dict) and op.get("op") in (RETURN, TO_HAND):
            return True
    return False


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """The one shape (module docstring); the return may be :func:`bound` (``skip``)."""
    ops = effect.get("do")
    if (
        timing not in TIMINGS
        or effect.get("optional") is not True
        or set(effect) - {"when", "optional", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 3
        or ops[0] != {"op": "reveal", "if_done": True}
        or ops[2] != {"op": TO_HAND}
        or not isinstance(ops[1], dict)
    ):
        return False
    back = ops[1]
    cond = back.get("if")
    find = cond.get("revealed") if isinstance(cond, dict) else None
    if back.get("op") != RETURN or not isinstance(find, dict) or set(cond) != {"revealed"}:
        return False
    if set(find) != {"category", "type", "size"} or find["type"] != "unit":
        return False
    if find["category"] not in _CATEGORIES or find["size"] not in ("S", "M", "L"):
        return False
    if back.get("skip") is True:
        return set(back) == {"op", "if", "skip"}
    return set(back) == {"op", "target", "if"} and back["target"] == TARGET


def has_condition(d: Any) -> bool:
    """Whether a card has an additional condition (追加条件): a ``cost`` or ``condition`` in its
    definition, or one its importer could not map (its doubts name it)."""
    raw = d.raw
    if raw.get("cost") or raw.get("condition"):
        return True
    return any("additional condition" in str(why) for why in raw.get("unsupported") or ())


def fits(eng: RangersStrikeEngine, card: str, find: dict[str, Any]) -> bool:
    """Whether the card revealed prints the category, type and size asked."""
    d = eng.state.card(card)
    return d.type == find["type"] and d.category == find["category"] and d.size == find["size"]


def bound(eng: RangersStrikeEngine, effect: dict[str, Any], card: str | None) -> dict[str, Any]:
    """The effect with its return left out (``skip``) when the card revealed, known, is not what
    it asks: then no unit is chosen.  Not known (not revealed yet, or not recorded): as it is."""
    if not uses(effect) or card is None:
        return effect
    ops = effect["do"]
    back = ops[1]
    if back.get("skip") or fits(eng, card, back["if"]["revealed"]):
        return effect
    skipped = {"op": RETURN, "if": back["if"], "skip": True}
    return {**effect, "do": [ops[0], skipped, *ops[2:]]}


def words(find: dict[str, Any]) -> str:
    return f"a size {find['size']} {find['type']} card of category {find['category']}"


def skipped(eng: RangersStrikeEngine, card: str | None, op: dict[str, Any], what: str) -> None:
    """The ruling of a return the card revealed does not call for."""
    if card is None:
        return
    eng.ctx.ruling(
        RULE,
        f"The card revealed, {eng.name(card)}, is not {words(op['if']['revealed'])}: no unit is "
        f"returned ({what}).",
    )


def to_hand(eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]], card: str | None) -> None:
    """The unit chosen (the card revealed fits) goes from its area to its owner's hand."""
    from judge.games.rangers_strike.zone_moves import take_unit

    st = eng.state
    if card is not None:
        eng.ctx.ruling(
            RULE,
            f"The card revealed, {eng.name(card)}, is a card of the category, type and size asked: "
            "an opposing unit without an additional condition returns to its owner's hand.",
        )
    for _pid, _area, unit in found:
        owner = st.owner_of[unit.card]
        where = take_unit(eng, unit, "returns to its owner's hand")
        if where is None:
            continue
        st.players[owner].hand.append(unit.card)
        eng.event(
            "to_hand",
            f"{eng.name(unit.card)} goes from {where[0]}'s {where[1]} area to {owner}'s hand "
            "(not destroyed).",
            player=owner,
            card=unit.card,
        )


def revealed_to_hand(eng: RangersStrikeEngine, pe: Any, card: str | None, what: str) -> None:
    """ "その後、オモテにしたカードを手札に加える。": the card revealed, still on top, goes into the
    player's hand, whatever it is."""
    st = eng.state
    pid = pe.controller
    deck = st.players[pid].deck
    if card is None or not deck or deck[0] != card:
        return
    st.players[pid].hand.append(deck.pop(0))
    eng.event(
        "to_hand",
        f"{eng.name(card)}, revealed, goes into {pid}'s hand ({what}).",
        player=pid,
        card=card,
    )
    eng.ctx.ruling(RULE, f"The card revealed goes into {pid}'s hand, whatever it is.")
