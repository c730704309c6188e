"""The deck's top card revealed, looked at and put at the bottom of the deck (RS-REVEAL-TO-BOTTOM):
"自軍山札の上から1枚をオモテにしてもよい。そうしたとき、オモテにしたカードが特徴「X」を持つユニットカード
なら、このターン、これは「SP2」になる。その後、オモテにしたカードは山札の下に戻す。".

The effect, exactly (an optional effect of a unit's, :func:`ok`)::

    [{"op": "reveal", "if_done": true},
     {"op": "sp", "value": 2, "until": "turn", "if": {"revealed": {"type": "unit", "feature": X}}},
     {"op": "revealed_to_bottom"}]

The player may turn the top card of its deck face up (オモテにする), where it stays while the
effect goes on; only if it did (RS-IF-DONE), the unit is SP 2 until the end of the turn when the
card revealed is a unit card printing the feature X (a card of the deck has its printed
features), and afterwards (その後) the card goes to the bottom of the deck, whatever it is.  The
card becomes public: in observed mode the log names it first in the resolve's targets, as for
RS-REVEAL-TOP (not named, it is not guessed).  An empty deck reveals nothing: as for
RS-REVEAL-TOP, whether that does anything else the sources do not say (unverifiable).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-REVEAL-TO-BOTTOM"
#: the ops of such an effect
OPS = ("reveal", "revealed_to_bottom")
#: the timings of a unit's own effect (the SP is the unit's)
TIMINGS = ("on_rush", "on_enter", "combination")


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect with a ``reveal`` or ``revealed_to_bottom`` op is the one shape the
    engine executes (module docstring)."""
    ops = effect.get("do")
    if (
        timing not in TIMINGS
        or effect.get("optional") is not True
        or set(effect) - {"when", "optional", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 3
        or ops[0] != {"op": "reveal", "if_done": True}
        or ops[2] != {"op": "revealed_to_bottom"}
        or not isinstance(ops[1], dict)
    ):
        return False
    sp = ops[1]
    cond = sp.get("if")
    find = cond.get("revealed") if isinstance(cond, dict) else None
    value = sp.get("value")
    return (
        set(sp) == {"op", "value", "until", "if"}
        and sp["op"] == "sp"
        and sp["until"] == "turn"
        and isinstance(value, int)
        and not isinstance(value, bool)
        and value >= 0
        and set(cond) == {"revealed"}
        and isinstance(find, dict)
        and find.get("type") == "unit"
        and set(find) <= {"type", "feature"}
        and isinstance(find.get("feature", "x"), str)
        and bool(find.get("feature", "x"))
    )


def reveal(
    eng: RangersStrikeEngine, pe: Any, card: str | None, doubt: str | None, what: str
) -> str | None:
    """Turn the top card of the controller's deck face up, leaving it on top (``card``, from
    :func:`~judge.games.rangers_strike.zone_moves.top_named`): the card, or None when nothing
    was revealed (an empty deck, or a card not known: not guessed)."""
    st = eng.state
    pid = pe.controller
    deck = st.players[pid].deck
    if not deck:
        why = f"{pid}'s deck is empty: nothing is revealed, and the sources do not say more"
        eng.ctx.ruling(
            RULE, f"{why[0].upper()}{why[1:]}; what follows (そうしたとき) does not happen."
        )
        eng.ctx.cannot_verify(why)
        return None
    if card is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "the top card is not known",
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return None
    if deck[0] is None:
        bind(st, pid, card)
        deck[0] = card
    eng.event(
        "reveal",
        f"{pid} reveals the top card of its deck: {eng.name(card)} ({what}).",
        player=pid,
        cards=[card],
    )
    return card


def fits(eng: RangersStrikeEngine, card: str | None, cond: dict[str, Any], what: str) -> bool:
    """Whether the card revealed is what the op's ``if`` asks ("オモテにしたカードが特徴「X」を持つ
    ユニットカードなら": its printed type and features); a ruling says so."""
    if card is None:
        return False
    find = cond["revealed"]
    d = eng.state.card(card)
    ok_ = d.type == find["type"] and ("feature" not in find or find["feature"] in d.features)
    wanted = "a unit card" + (f" with the feature {find['feature']}" if "feature" in find else "")
    eng.ctx.ruling(
        RULE,
        f"The card revealed, {eng.name(card)}, is {'' if ok_ else 'not '}{wanted}: "
        + ("it applies." if ok_ else f"that part of {what} does nothing."),
    )
    return ok_


def to_bottom(eng: RangersStrikeEngine, pe: Any, card: str | None, what: str) -> None:
    """ "その後、オモテにしたカードは山札の下に戻す。": the card revealed, still on top, goes to the
    bottom of the deck."""
    st = eng.state
    pid = pe.controller
    deck = st.players[pid].deck
    if card is None or not deck or deck[0] != card:
        return
    deck.append(deck.pop(0))
    eng.event(
        "to_deck",
        f"{eng.name(card)}, revealed, goes to the bottom of {pid}'s deck ({what}).",
        player=pid,
        card=card,
    )
    eng.ctx.ruling(RULE, f"The card revealed goes to the bottom of {pid}'s deck, whatever it is.")
