"""The deck's top card revealed and what follows by the required power number it prints: BP for
the turn on 1, 3 or 5, the opponent's optional draw on 2, 4 or 6, SP for the turn on 7 or more;
then the card to the bottom of the deck (RS-REVEALED-NUMBER): "自軍山札の上から1枚をオモテにする。そ
して、オモテにしたカードの必要パワーの数字を見て、その数字が「1」「3」「5」のどれかなら、このターン、これはBP+4000さ
れ、「2」「4」「6」のどれかなら、相手は1枚ドローしてもよい。「7」以上なら、このターン、これは「SP1」になる。その後、オ
モテにしたカードは山札の下に戻す。"

The effect, exactly (a unit's when-it-enters effect)::

    {"optional": true, "do": [{"op": "reveal"},
     {"op": "by_number", "odd": {"bp": 4000}, "even": {"draw": 1}, "high": {"min": 7, "sp": 1}},
     {"op": "revealed_to_bottom"}]}

The reveal is not the player's choice: the top card is turned face up (public: the log names it
first in the resolve's targets when it is not known; an empty deck reveals nothing and is not
guessed, as RS-REVEAL-TO-BOTTOM).  The effect's one choice is the opponent's (``optional``: the
resolve's ``use`` records it, as RS-OPPONENT-RETURNS-POWER's), asked only when the number is 2, 4
or 6: ``use: false``, the opponent does not draw; anything else happens either way.  The number is
the required power the card prints (a card printed "N-" has N, RS-POWER-AT-MOST); one that is
none of those listed (0) does nothing.  Not guessed (unverifiable until an ``outcome`` records
it): the opponent's choice not recorded, and in tag battle 相手 when rule option ``tag_opponent``
leaves two players who could draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import plural
from judge.games.rangers_strike.state import Mod

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-REVEALED-NUMBER"
OP = "by_number"
ODD = (1, 3, 5)
EVEN = (2, 4, 6)


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def _pos(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """The one shape (module docstring)."""
    ops = effect.get("do")
    if (
        timing not in ("on_enter", "on_rush")
        or effect.get("optional") is not True
        or set(effect) - {"when", "optional", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 3
        or ops[0] != {"op": "reveal"}
        or ops[2] != {"op": "revealed_to_bottom"}
        or not isinstance(ops[1], dict)
    ):
        return False
    op = ops[1]
    odd, even, high = op.get("odd"), op.get("even"), op.get("high")
    return (
        set(op) == {"op", "odd", "even", "high"}
        and op["op"] == OP
        and isinstance(odd, dict)
        and set(odd) == {"bp"}
        and _pos(odd["bp"])
        and isinstance(even, dict)
        and set(even) == {"draw"}
        and _pos(even["draw"])
        and isinstance(high, dict)
        and set(high) == {"min", "sp"}
        and _pos(high["sp"])
        and isinstance(high["min"], int)
        and high["min"] > max(EVEN)
    )


def sentence(effect: dict[str, Any]) -> str:
    """The effect in English (``judge cards show``): the opponent's choice, not the player's."""
    op = effect["do"][1]
    return (
        "reveal the top card of your deck; if the required power number it prints is 1, 3 or 5, "
        f"this unit gets BP +{op['odd']['bp']} until the end of the turn; if it is 2, 4 or 6, the "
        f"opponent may draw {plural(op['even']['draw'], 'card')}; if "
        f"it is {op['high']['min']} or more, this unit is SP {op['high']['sp']} until the end of "
        "the turn; then put the card revealed at the bottom of your deck"
    )


def carry_out(
    eng: RangersStrikeEngine,
    pe: Any,
    card: str | None,
    unit: Unit | None,
    op: dict[str, Any],
    use: bool | None,
    what: str,
) -> None:
    """What the number the card revealed prints calls for (module docstring)."""
    if card is None:
        return
    st = eng.state
    n = st.card(card).power_number
    here = st.area_of(unit) if unit is not None else None
    if n in ODD or n >= op["high"]["min"]:
        if unit is None or here is None:
            eng.ctx.ruling(RULE, f"The number is {n}, but this unit has left: nothing happens.")
            return
        if n in ODD:
            amount = int(op["odd"]["bp"])
            unit.mods.append(Mod(amount, "turn"))
            eng.ctx.ruling(RULE, f"The card revealed prints {n} (1, 3 or 5): BP +{amount}.")
            eng.event(
                "bp",
                f"{eng.name(unit.card)} gets BP {amount:+d} until the end of the turn "
                f"(BP {eng.bp(unit)}).",
                card=unit.card,
                amount=amount,
            )
            return
        sp = int(op["high"]["sp"])
        unit.mods.append(Mod(0, "turn", sp=sp))
        eng.ctx.ruling(
            RULE, f"The card revealed prints {n} ({op['high']['min']} or more): SP {sp}."
        )
        eng.event(
            "sp", f"{eng.name(unit.card)} is SP {sp} until the end of the turn.", card=unit.card
        )
        return
    if n not in EVEN:
        eng.ctx.ruling(RULE, f"The card revealed prints {n}, none of the numbers listed: nothing.")
        return
    who = eng.opponent_players(pe.controller)
    if use is False:
        eng.ctx.ruling(
            RULE, f"The card revealed prints {n} (2, 4 or 6): the opponent does not draw."
        )
        return
    if use is None or len(who) != 1:
        why = (
            "whether the opponent draws is not recorded (the resolve's use)"
            if use is None
            else f"相手 may be {' or '.join(who)} (rule option tag_opponent)"
        )
        eng.not_guessed(
            pe,
            RULE,
            why,
            f"the opponent's draw of {what} is not carried out; an `outcome` may record it.",
        )
        return
    eng.ctx.ruling(RULE, f"The card revealed prints {n} (2, 4 or 6): {who[0]} draws, as it chose.")
    eng.draw(who[0], int(op["even"]["draw"]), why=" (the opponent's choice)")
