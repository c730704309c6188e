"""Union Arena: a character that lowers the required energy of other cards in its owner's hand,
"[自分のターン中]自分の手札にある全ての〈X〉の必要エナジーを[緑×1]減らす" (during your turn, every <X>
in your hand requires one green energy less), ``UA-EFFECT-ENERGY-LESS-HAND``.

A continuous effect of a card on the field (``reduce_hand_energy``): while the card is the top
card of a unit of its owner's field (front line or energy line), and, with ``during``
``own_turn``, while it is its owner's turn, each card in that owner's hand meeting ``card`` (a
name, or a name it is also treated as; or a trait) requires ``n`` fewer of ``color``, never
below 0, counted whenever its required energy is (``conditions.required_energy``: a card
played, the check of a choice "必要エナジーがN以下の" in the hand).  Several such cards each take
their part off.  The reader (:func:`read`) and the engine (:func:`reduction`) share this module.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.defmemo import facts

if TYPE_CHECKING:
    from judge.games.union_arena.state import UAState

OP = "reduce_hand_energy"

_LINE = re.compile(
    r"(\[自分のターン中\])?自分の手札にある全ての(〈[^〈〉]+〉|\[特徴:[^\[\]]+\])の必要エナジーを"
    r"\[(.)×(\d+)\]減らす。?"
)


def read(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """The continuous effect of a character's line, or None.

    >>> read({"type": "character"}, "[自分のターン中]自分の手札にある全ての〈ミラ〉の必要エナジーを[緑×1]減らす。")
    {'when': 'continuous', 'do': [{'op': 'reduce_hand_energy', 'card': {'name': 'ミラ'}, 'color': 'green', 'n': 1, 'during': 'own_turn'}]}
    """
    m = _LINE.fullmatch(line)
    if m is None or defn.get("type") != "character" or m.group(3) not in g.COLOURS:
        return None
    card = g.card_noun(m.group(2), on_field=False)
    if not card or int(m.group(4)) < 1:
        return None
    op: dict[str, Any] = {"op": OP, "card": card, "color": g.COLOURS[m.group(3)]}
    op["n"] = int(m.group(4))
    if m.group(1):
        op["during"] = "own_turn"
    return {"when": "continuous", "do": [op]}


def op_ok(op: Any) -> bool:
    """A ``reduce_hand_energy`` op the engine counts exactly."""
    card = op.get("card") if isinstance(op, dict) else None
    n = op.get("n") if isinstance(op, dict) else None
    return (
        isinstance(op, dict)
        and op.get("op") == OP
        and set(op) <= {"op", "card", "color", "n", "during"}
        and isinstance(card, dict)
        and len(card) == 1
        and set(card) <= {"name", "trait"}
        and all(isinstance(v, str) and v for v in card.values())
        and op.get("color") in g.COLOURS.values()
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 1
        and op.get("during", "own_turn") == "own_turn"
    )


def reduction(st: UAState, iid: str, owner: str) -> dict[str, int]:
    """How much of each colour the cards on ``owner``'s field take off card ``iid`` in
    ``owner``'s hand now."""
    from judge.games.union_arena.conditions import card_meets  # it imports this module

    d = st.card(iid)
    out: dict[str, int] = {}
    for unit in st.players[owner].units():
        ud = st.defs[st.code_of[unit.cards[-1]]]  # (st.card(unit.top) written out)
        if not ud.effects:  # most cards: nothing to walk
            continue
        found = ud.memo or facts(ud)
        if found:  # the ops the walk below finds, in its order
            for op in found.reductions:
                if op.get("during") == "own_turn" and st.turn_player != owner:
                    continue
                if card_meets(d, op["card"]):
                    out[op["color"]] = out.get(op["color"], 0) + op["n"]
            continue
        for effect in ud.effects:
            if effect.get("when") != "continuous":
                continue
            for op in effect.get("do") or []:
                if not op_ok(op):
                    continue
                if op.get("during") == "own_turn" and st.turn_player != owner:
                    continue
                if card_meets(d, op["card"]):
                    out[op["color"]] = out.get(op["color"], 0) + op["n"]
    return out


def describe(op: dict[str, Any]) -> str:
    """The effect in words (render.py)."""
    card = op.get("card") or {}
    what = f"<{card['name']}>" if "name" in card else f"card with [{card.get('trait')}]"
    during = "during your turn, " if op.get("during") == "own_turn" else ""
    return (
        f"{during}each {what} in your hand requires {op.get('n')} {op.get('color')} energy "
        "less (never below 0)"
    )
