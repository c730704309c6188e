"""The top card of the opposing deck revealed, and a draw if the command held to use the card has
a feature (RS-IF-HELD-FEATURE): "敵軍山札の上から1枚をオモテにする。このカードを使用するためにホールドし
たコマンドが特徴「X」を持つなら、自分は1枚ドローする。その後、オモテにしたカードは持ち主の山札の上に戻す。"
(a listed effect of an operation's, RS-CHOOSE-ONE).

The effect, exactly (:func:`ok`)::

    [{"op": "reveal_opposing_top"},
     {"op": "draw", "n": 1, "if": {"held_command": {"feature": X}}},
     {"op": "revealed_to_top"}]

The top card of the opposing deck is turned face up (オモテにする): it becomes public and decides
nothing (the log need not name it; the engine names it when it knows it), and afterwards (その後) it
goes back on top of its owner's deck, where it was: the deck's order is unchanged.  Between the two,
the player draws a card if the command held to use the operation (the released command of the
card's category its use held, RS-RUSH-COMMAND, or the ally's for it, RST-LEND-COMMAND) prints the
feature X: a command's features are its card's printed ones (a card that is no unit gets none
added).  What the use held is kept with the effect as it waits (:func:`record`).  Not guessed
(the step unverifiable, the effect not carried out until an ``outcome`` records it):

- which command was held, when the use does not name it and the released commands of the category
  it could have held differ in having X (RS-RUSH-COMMAND's default takes the first);
- a unit held in place of a command by ※リード (RS-LEAD), or a use whose holding was not recorded
  between a command and such a unit: whether the text's コマンド is that unit the sources do not say;
- a command whose definition gives no features (the catalogue gives none for operation cards);
- further commands held for a cost (which one "the command held" is);
- an empty opposing deck (nothing to reveal), or, in tag battle, 敵軍山札 of two players, one of
  them empty: whether the rest happens the sources do not say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.core.timing import PendingEffect
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-IF-HELD-FEATURE"
OPS = ("reveal_opposing_top", "revealed_to_top", "revealed_to_deck")
#: the context key the use's holding is kept under, with the effect waiting
KEY = "held"


def _cond(op: Any) -> str | None:
    """The feature of a draw op's ``if`` ``{"held_command": {"feature": X}}``, else None."""
    cond = op.get("if") if isinstance(op, dict) else None
    held = (
        cond.get("held_command")
        if isinstance(cond, dict) and set(cond) == {"held_command"}
        else None
    )
    if isinstance(held, dict) and set(held) == {"feature"} and isinstance(held["feature"], str):
        return held["feature"] or None
    return None


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether ``effect`` is the one shape of the module docstring (an operation's)."""
    ops = effect.get("do")
    return (
        timing == "on_use"
        and not effect.get("optional")
        and set(effect) <= {"when", "do", "text"}
        and isinstance(ops, list)
        and len(ops) == 3
        and ops[0] == {"op": "reveal_opposing_top"}
        and ops[2] in ({"op": "revealed_to_top"}, {"op": "revealed_to_deck"})
        and isinstance(ops[1], dict)
        and set(ops[1]) == {"op", "n", "if"}
        and ops[1]["op"] == "draw"
        and ops[1]["n"] == 1
        and _cond(ops[1]) is not None
    )


def wants(effect: dict[str, Any]) -> bool:
    """Whether an effect (or one it lists, RS-CHOOSE-ONE) looks at the command held."""
    from judge.games.rangers_strike import modes

    listed = modes.listed(effect)
    bodies = [m.get("do") or [] for m in listed] if listed is not None else [effect.get("do") or []]
    return any(_cond(op) is not None for ops in bodies for op in ops)


def record(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> dict[str, Any]:
    """What the use of ``iid`` holds, before it holds it: ``{"card": the command's instance, or
    None, "why": why it is not known, or None, "others": the commands it could have held}``."""
    st = eng.state
    d = st.card(iid)
    if plan.data.get("call_unit") is not None or plan.data.get("call_doubt") is not None:
        return {
            "card": None,
            "why": (
                f"{pid} held (or may have held) a unit with ※リード in place of a command to use "
                f"{eng.name(iid)}, and whether the text's コマンド is that unit the sources do not say"
            ),
        }
    if d.raw.get("cost") or plan.action.get("also_hold"):
        return {
            "card": None,
            "why": f"{pid} held further commands for {eng.name(iid)}'s cost: which one is the "
            "command held the text does not say",
        }
    holder, idx = plan.data.get("holder"), plan.data.get("command")
    if holder is None or idx is None:
        return {"card": None, "why": f"the command held to use {eng.name(iid)} is not known"}
    zone = st.players[holder].command
    card = zone[idx].card
    others: list[str] = []
    if plan.action.get("hold") is None:  # RS-RUSH-COMMAND's default: the first released one
        others = [c.card for c in zone if not c.held and st.card(c.card).category == d.category]
    return {"card": card, "why": None, "others": others}


def _has(eng: RangersStrikeEngine, card: str, feature: str) -> bool | None:
    raw = eng.state.card(card).raw
    if not isinstance(raw.get("features"), list):
        return None
    return feature in eng.state.card(card).features


def holds(
    eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any]
) -> tuple[bool | None, str]:
    """Whether the command held to use the card has the feature ``op`` asks for; in words."""
    feature = _cond(op)
    held = pe.context.get(KEY)
    if feature is None or not isinstance(held, dict):
        return None, "the command held to use the card is not known"
    if held.get("why"):
        return None, str(held["why"])
    card = str(held["card"])
    has = _has(eng, card, feature)
    if has is None:
        return None, (
            f"{eng.name(card)}'s definition gives no features (the catalogue gives none for "
            f"operation cards), so whether it has the feature {feature} is not known"
        )
    for other in held.get("others") or ():
        if _has(eng, other, feature) is not has:
            return None, (
                f"the use does not name the command it held, and {eng.name(card)} and "
                f"{eng.name(other)}, either of which it could have held, differ in having the "
                f"feature {feature}"
            )
    said = "has" if has else "does not have"
    return has, f"the command held to use the card, {eng.name(card)}, {said} the feature {feature}"


def reveal(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """Turn the top card of the opposing deck face up (module docstring): False when it cannot
    be, and the effect is not carried out (not guessed)."""
    st = eng.state
    decks = eng.opponents(pe.controller)
    empty = [p for p in decks if not st.players[p].deck]
    if empty:
        eng.not_guessed(
            pe,
            RULE,
            f"{' and '.join(empty)}'s deck is empty, and whether the rest happens the sources do "
            "not say",
            f"{what} is not carried out.",
        )
        return False
    top = st.players[decks[0]].deck[0] if len(decks) == 1 else None
    said = f"the top card of {' or '.join(decks)}'s deck face up" + (
        f": {eng.name(top)}" if top else ""
    )
    eng.event("reveal", f"{pe.controller} turns {said} ({what}).", player=pe.controller)
    return True


def draw_if(eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any], what: str) -> bool:
    """Draw a card if the command held has the feature: False when that is not known (the
    effect is not carried out)."""
    has, said = holds(eng, pe, op)
    if has is None:
        eng.not_guessed(pe, RULE, said, f"{what} is not carried out.")
        return False
    eng.ctx.ruling(RULE, f"{said[0].upper()}{said[1:]}: " + ("draw 1." if has else "no draw."))
    if has:
        eng.draw(pe.controller, int(op.get("n", 1)), why=" (effect)")
    return True


def sentence(effect: dict[str, Any]) -> str:
    """The effect of :func:`ok`'s shape in English."""
    feature = _cond(effect["do"][1])
    back = (
        "back on top of its owner's deck"
        if effect["do"][2]["op"] == "revealed_to_top"
        else "back into its owner's deck (where is not printed: the engine puts it back on top, "
        "where it was, and a step where that could matter is unverifiable)"
    )
    return (
        "turn the top card of the opponent's deck face up; if the command held to use this card "
        f"has the feature {feature}, draw 1 card; then put the card turned face up {back}"
    )


def put_back(eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any], what: str) -> None:
    """The card revealed goes back on top of its owner's deck: the order is unchanged.  Printed
    "山札に戻す" (``revealed_to_deck``: where is not said), the engine puts it back on top as the
    reprint of the card prints it, and when the engine knows a place in that deck (seeded, or a
    card of it known) the step is unverifiable."""
    eng.event(
        "reveal_end",
        f"The card turned face up goes back on top of its owner's deck ({what}).",
        player=pe.controller,
    )
    if op.get("op") != "revealed_to_deck":
        return
    st = eng.state
    known = [
        p for p in eng.opponents(pe.controller) if any(c is not None for c in st.players[p].deck)
    ]
    where = (
        "The card is put back into its owner's deck (山札に戻す): where, the printing does not say "
        "(the reprint of the card says on top, 持ち主の山札の上に戻す); the engine leaves it on top"
    )
    if not known:
        eng.ctx.ruling(
            RULE,
            f"{where}, and no place in that deck is known to it: nothing it "
            "judges turns on the place.",
        )
        return
    why = (
        f"where in {' and '.join(known)}'s deck the card turned face up goes back the printing "
        "does not say, and the engine knows places in that deck"
    )
    eng.ctx.ruling(RULE, f"{where}: {why}.")
    eng.ctx.cannot_verify(why)
