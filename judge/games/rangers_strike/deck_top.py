"""A card searched for in one's own deck, shown, and put back on top of the shuffled deck
(RS-SEARCH-TO-TOP): "次の効果を発動できる⇒自軍山札を見て、特徴「X」を持つSユニットのカードを1枚選び、
相手に見せる。その後、山札をシャッフルし、選んだカードを山札の上に戻す。".

The effect, exactly (a when-rushed effect that may be activated, :func:`ok`)::

    {"when": "on_rush", "optional": true, "activate": true,
     "do": [{"op": "from_deck", "find": {"type": "unit", "size": "S", "feature": X},
             "count": 1, "to": "top"},
            {"op": "shuffle", "chosen_on_top": true}]}

Activated (RS-MAY-ACTIVATE), the player looks through its deck and chooses one card that fits
(its printed type, size and features: a card in a deck has its printed features), which it
must do when one is there (the text says 選び, not 選んでもよい), and shows it to the opponent;
afterwards (その後) the rest of the deck is shuffled and the card chosen goes on top of it.  No
card fitting, nothing is chosen and the deck is shuffled all the same.  The card becomes
public: it is the deck's known top card afterwards, in observed mode too.

Which card: the log names it first in the resolve's ``targets``, as for RS-SEARCH-DECK
(:mod:`judge.games.rangers_strike.deck_search` takes it); without a record the engine takes one
only when one code fits and every card of the deck is known, and takes none when none fits;
otherwise the step is unverifiable and the effect is not carried out.  Not activated (``use:
false``), nothing happens, not even the shuffle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-SEARCH-TO-TOP"
#: where the card chosen goes: back on top of the deck, after the shuffle
TO = "top"
#: the shuffle op of such an effect
SHUFFLE = {"op": "shuffle", "chosen_on_top": True}
_SIZES = ("S", "M", "L")


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect whose search puts the card on top is the one shape the engine executes
    (module docstring)."""
    ops = effect.get("do")
    if (
        timing != "on_rush"
        or effect.get("optional") is not True
        or effect.get("activate") is not True
        or set(effect) - {"when", "optional", "activate", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 2
        or ops[1] != SHUFFLE
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    find = op.get("find")
    return (
        set(op) == {"op", "find", "count", "to"}
        and op["op"] == "from_deck"
        and op["to"] == TO
        and op["count"] == 1
        and isinstance(find, dict)
        and find.get("type") == "unit"
        and set(find) <= {"type", "size", "feature"}
        and find.get("size", "S") in _SIZES
        and isinstance(find.get("feature", "x"), str)
        and bool(find.get("feature", "x"))
    )


def is_op(op: dict[str, Any]) -> bool:
    """Whether ``op`` is a search putting its card on top (``to`` ``top``)."""
    return op.get("op") == "from_deck" and op.get("to") == TO


def show(eng: RangersStrikeEngine, pid: str, cards: list[str], what: str) -> list[str]:
    """The cards taken from ``pid``'s deck are shown to the opponent and kept aside, out of the
    deck, until the shuffle: returns them."""
    for iid in cards:
        eng.event(
            "from_deck",
            f"{pid} chooses {eng.name(iid)} from its deck and shows it to the opponent ({what}).",
            player=pid,
            card=iid,
        )
    return cards


def on_top(eng: RangersStrikeEngine, pid: str, cards: list[str], what: str) -> None:
    """ "その後、山札をシャッフルし、選んだカードを山札の上に戻す。": after the shuffle the card
    chosen, if any, goes on top of the deck."""
    deck = eng.state.players[pid].deck
    for iid in reversed(cards):
        deck.insert(0, iid)
        eng.event(
            "to_deck",
            f"{eng.name(iid)}, shown, goes on top of {pid}'s deck ({what}).",
            player=pid,
            card=iid,
        )
    eng.ctx.ruling(
        RULE,
        f"{pid}'s deck is shuffled without the card chosen, which then goes on top of it."
        if cards
        else f"No card was chosen: {pid}'s deck is shuffled and nothing goes on top of it.",
    )
