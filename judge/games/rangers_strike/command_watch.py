"""An effect in force for the turn that triggers when a released opposing command is held
(RS-COMMAND-HELD-WATCH).

"「MA」の自軍コマンドを1つホールドして、次の効果を発動できる⇒このターン、リリース状態の敵軍コマンドがホールドされたと
き、ホールドされたコマンドの必要パワーの数字と同じ必要パワーの数字を持つ敵軍Sユニットを1体選び撃破する。" (a
Number Combination, after its cost, RS-COMMAND-COST): ``{"op": "watch_commands_held", "do":
[{"op": "destroy", "target": {"side": "opponent", "zone": "field", "count": 1, "type": "unit",
"size": "S", "power_equal": {"held": "power"}}}]}``, the effect's last op.  Once the cost is
paid, from then until the end of the turn (このターン; RS-END ends it, and its unit leaving does
not: it is the player's effect, kept as :class:`state.Granted`), each time a released command of
the opposing side (in tag battle either opposing player's: 敵軍 is the opposing team) becomes
held, the player chooses one opposing size S unit of the rush or battle area (RS-SELECT-FIELD)
whose printed required power number is the one the command held prints (RS-POWER-AT-MOST's
必要パワーの数字), and destroys it; with none, nothing happens.  The triggered effect waits in the
pool (``when`` ``on_opposing_command_held``), its unit chosen in the resolve's ``targets``.

Not guessed (the step unverifiable, the triggered effect noted as not executed until an
``outcome`` records it), as the sources leave them open:

- a command held as a card is used or paid for (a counter's command, an ally's lent one, a cost's
  further commands): whether the triggered effect comes before or after the card used (or the
  effect paid for) resolves;
- two or more commands held at once (敵軍コマンドをすべてホールドする): whether it triggers once or
  once for each;
- a unit held in place of a command (Lead, Call: "コマンドとしてホールドできる"), which may count
  as a command held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.state import Granted, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-COMMAND-HELD-WATCH"
OP = "watch_commands_held"
WHEN = "on_opposing_command_held"
#: a selector's ``power_equal`` that is the printed required power number of the command held,
#: made a number as the effect triggers
HELD_POWER = {"held": "power"}


def ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """The op the engine executes: the optional effect's last op, after a cost (RS-COMMAND-COST),
    its one triggered op a ``destroy`` of opposing units (the controller's choice) by the held
    command's required power number."""
    ops = effect.get("do") or []
    inner = op.get("do")
    if set(op) != {"op", "do"} or not ops or ops[-1] is not op or len(ops) < 2:
        return False
    if not (isinstance(ops[-2], dict) and ops[-2].get("op") == "hold_commands"):
        return False
    if not isinstance(inner, list) or len(inner) != 1 or not isinstance(inner[0], dict):
        return False
    sel = inner[0].get("target")
    return (
        set(inner[0]) == {"op", "target"}
        and inner[0]["op"] == "destroy"
        and isinstance(sel, dict)
        and set(sel) <= {"side", "zone", "count", "type", "size", "power_equal"}
        and sel.get("side") == "opponent"
        and sel.get("zone") == "field"
        and sel.get("type") == "unit"
        and sel.get("count") == 1
        and sel.get("size", "S") in ("S", "M", "L")
        and sel.get("power_equal") == HELD_POWER
        and effect.get("optional") is True
    )


def triggered_ok(effect: dict[str, Any]) -> bool:
    """Whether a triggered effect of this kind (bound) is one the engine executes."""
    ops = effect.get("do")
    if set(effect) != {"when", "do"} or effect.get("when") != WHEN:
        return False
    if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    sel = ops[0].get("target")
    return (
        ops[0].get("op") == "destroy"
        and isinstance(sel, dict)
        and (sel.get("power_equal") == HELD_POWER or isinstance(sel.get("power_equal"), int))
    )


def grant(eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any], what: str) -> None:
    """The cost is paid: the watch is in force for the player until the end of the turn."""
    unit: Unit | None = pe.context.get("unit")
    if unit is None:
        return
    effect = {"when": WHEN, "do": op["do"]}
    eng.state.granted.append(Granted(pe.controller, pe.source, unit, effect, 0))
    eng.event(
        "watch",
        f"Until the end of the turn, each time a released command of {pe.controller}'s opponents "
        f"is held, {pe.controller} destroys an opposing size S unit of its required power "
        f"({what}).",
        player=pe.controller,
        card=pe.source,
    )
    eng.ctx.ruling(
        RULE,
        f"{what}: from now until the end of the turn, a released opposing command held triggers "
        "it.",
    )


def _watching(eng: RangersStrikeEngine, owner: str) -> list[Granted]:
    """The watches in force of the players opposing ``owner``."""
    st = eng.state
    return [
        g
        for g in st.granted
        if g.effect.get("when") == WHEN and owner in eng.opponents(g.controller)
    ]


def held(eng: RangersStrikeEngine, cards: list[tuple[str, str]], how: str) -> None:
    """Released commands (``(owner, card)``) have just become held, ``how``: ``effect`` (an
    effect resolving holds them), ``use`` (held as a card is used or paid for) or ``unit`` (a
    unit held in place of a command).  The watches of the players opposing their owners
    trigger, or are not guessed (module docstring)."""
    if not cards or not eng.state.granted:
        return
    owners = list(dict.fromkeys(owner for owner, _ in cards))
    seen: list[int] = []
    for owner in owners:
        for g in _watching(eng, owner):
            if id(g) in seen:
                continue
            seen.append(id(g))
            mine = [c for q, c in cards if q in eng.opponents(g.controller)]
            _trigger(eng, g, mine, how)


def _trigger(eng: RangersStrikeEngine, g: Granted, cards: list[str], how: str) -> None:
    what = f"{eng.name(g.source)}'s effect in force (when a released opposing command is held)"
    pe = PendingEffect(0, g.controller, g.source, g.effect, 100 + g.index, WHEN, {"unit": g.unit})
    names = ", ".join(eng.name(c) for c in cards)
    if how == "unit":
        why = (
            f"a unit was held in place of a command ({names}), and whether it counts as a "
            "command held the sources do not say"
        )
    elif how == "use":
        why = (
            f"{names} was held as a card was used or paid for, and whether the triggered effect "
            "comes before or after that card (or effect) resolves the sources do not say"
        )
    elif len(cards) > 1:
        why = (
            f"{len(cards)} commands were held at once ({names}), and whether it triggers once or "
            "once for each the sources do not say"
        )
    else:
        number = eng.state.card(cards[0]).power_number
        ops = []
        for op in g.effect["do"]:
            sel = op.get("target")
            if isinstance(sel, dict) and sel.get("power_equal") == HELD_POWER:
                op = {**op, "target": {**sel, "power_equal": number}}
            ops.append(op)
        effect = {**g.effect, "do": ops}
        eng.ctx.ruling(
            RULE,
            f"{names}, a released opposing command, is held: {what} triggers (required power "
            f"{number}).",
        )
        eng.pool.add(g.controller, g.source, effect, 100 + g.index, WHEN, unit=g.unit)
        return
    eng.not_guessed(pe, RULE, why, f"{what} is not carried out.")


def words(op: dict[str, Any], destroy: str) -> str:
    """The op in English, from its destroy's words."""
    return (
        "until the end of the turn, each time a released command of the opposing side is held: "
        f"{destroy}"
    )
