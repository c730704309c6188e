"""An opposing unit chosen by the number of the command a cost held (RS-HELD-NUMBER).

"「MA」の自軍コマンドを1つホールドして次の効果を発動できる⇒ホールドしたコマンドにナンバーがあれば、そのナンバーと
同じナンバーを持つ敵軍Sユニットを1体選び撃破する。": after the cost (RS-COMMAND-COST, one command), a
``destroy`` whose selector has ``number_equal`` :data:`HELD`: ``{"op": "destroy", "target":
{"side": "opponent", "zone": "field", "count": 1, "type": "unit", "size": "S", "number_equal":
{"held": "number"}}}``.  Once the cost is paid, :func:`bind` makes :data:`HELD` the combination
number (ナンバー) the command held prints: only if it prints one ("ナンバーがあれば") is an opposing
size S unit of the rush or battle area (RS-SELECT-FIELD) with that number chosen and destroyed
(the controller's choice; the log names it after the command, RS-COMMAND-COST).  The command
held is the one the cost held (the official Q&A of the card, atwiki renst 503: "ホールドしたコマ
ンドに該当するのは…代わりとしてホールドした…コマンド1つ").

A card's ナンバー is what its unit card prints at the left of its text, "数字や英字" (the fan wiki,
atwiki renst 140): a number, RC, L or R.  A command that is an operation or vehicle card, or a unit
card printing none, has none: nothing more happens.  Not guessed (:func:`bind` says why; the
step is unverifiable and what follows the cost is not carried out until an ``outcome`` records
it):

- a command printing RC, L or R (or whose number the import could not read): whether such a
  letter is a ナンバー the text means, and which units have "the same", the sources do not say;
- which command the cost held, when the log does not name it and the commands that could have
  been held print different numbers (RS-COMMAND-COST);
- the numbers in force of the opposing units: a card stacked on a unit may lower its number
  (RS-STACK, :func:`stacking.numbers`), and while a public card whose text the engine does not
  read names combination numbers or クロス (which lowers the numbers of the units to its right,
  atwiki renst 2393), the printed numbers may not be the ones in force
  (:func:`next_in_line.number_changers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-HELD-NUMBER"
#: a selector's ``number_equal`` that is the number the command the cost held prints, bound to
#: a number by :func:`bind`
HELD = {"held": "number"}


def waits(sel: Any) -> bool:
    """Whether a selector's ``number_equal`` is :data:`HELD`, not bound yet."""
    return isinstance(sel, dict) and sel.get("number_equal") == HELD


def op_at(effect: dict[str, Any]) -> int | None:
    """The index of the effect's op whose selector waits for the held command's number."""
    for i, op in enumerate(effect.get("do") or []):
        if isinstance(op, dict) and waits(op.get("target")):
            return i
    return None


def ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """Whether ``op``, whose selector has ``number_equal``, is one the engine executes: a
    ``destroy`` of opposing units (the controller's choice), directly after a cost holding one
    command (RS-COMMAND-COST), the effect's last op."""
    ops = effect.get("do") or []
    sel = op.get("target")
    k = next((i for i, o in enumerate(ops) if o is op), None)
    before = ops[k - 1] if k else None
    return (
        set(op) == {"op", "target"}
        and op["op"] == "destroy"
        and waits(sel)
        and sel.get("side") == "opponent"
        and sel.get("type") == "unit"
        and "chooser" not in sel
        and k == len(ops) - 1
        and isinstance(before, dict)
        and before.get("op") == "hold_commands"
        and before.get("count") == 1
    )


#: what a card's number is when the engine does not know it (RC, L, R or not imported)
UNKNOWN = "unknown"


def printed_number(eng: RangersStrikeEngine, iid: str) -> int | str | None:
    """The ナンバー the card ``iid`` prints: a number, ``"RC"``, :data:`UNKNOWN` (a letter the
    import did not keep, or a number not read), or None (none)."""
    d = eng.state.card(iid)
    doubts = d.raw.get("unsupported")
    if isinstance(doubts, list | tuple | str) and any(
        "combination" in str(x) or "comboNumber" in str(x)
        for x in (doubts if not isinstance(doubts, str) else [doubts])
    ):
        return UNKNOWN
    if not d.is_unit:
        return None
    if d.combination_number is not None:
        return d.combination_number
    return "RC" if d.rider_combination else None


def bind(
    eng: RangersStrikeEngine,
    controller: str,
    effect: dict[str, Any],
    held: list[int],
    doubt: str | None,
) -> tuple[dict[str, Any] | None, str]:
    """The effect with :data:`HELD` made the number the command held (``held``, indices of the
    controller's command zone, :func:`resolve.cost_commands`; ``doubt``: which was held is not
    recorded) prints, or without what follows when it prints none; None when that is not known.
    And, in words, what the number is or why it is not known."""
    at = op_at(effect)
    if at is None:
        return effect, ""
    st = eng.state
    ps = st.players[controller]
    if doubt is None:
        cands = [ps.command[i].card for i in held[:1]]
    else:  # which was held is not recorded: the commands that could have been
        cat = effect["do"][at - 1]["category"]
        cands = [c.card for c in ps.command if not c.held and st.card(c.card).category == cat]
    if not cands:
        return {**effect, "do": effect["do"][:at]}, "no command was held"
    numbers = {printed_number(eng, iid) for iid in cands}
    name = eng.name(cands[0])
    if len(numbers) > 1:
        return None, (
            f"{doubt}, and the commands that could have been held print different numbers"
        )
    (number,) = numbers
    if number == UNKNOWN or number == "RC":
        what = "RC" if number == "RC" else "a number the engine does not know (RC, L or R)"
        return None, (
            f"the command held, {name}, prints {what}: whether that is a ナンバー the text "
            "means, and which units have the same one, the sources do not say"
        )
    if number is None:
        return {**effect, "do": effect["do"][:at]}, (
            f"the command held, {name}, prints no combination number (ナンバー): nothing more "
            "happens"
        )
    op = effect["do"][at]
    bound = {**op, "target": {**op["target"], "number_equal": number}}
    return {**effect, "do": [*effect["do"][:at], bound]}, (
        f"the command held, {name}, prints combination number {number}: an opposing unit with "
        f"combination number {number} is chosen"
    )


def settled(
    eng: RangersStrikeEngine,
    controller: str,
    effect: dict[str, Any],
    held: list[int],
    doubt: str | None,
) -> tuple[dict[str, Any] | None, str]:
    """:func:`bind`, and None too when which opposing units have the number now is not known
    (:func:`in_force_doubt`); in words, what the number is or why it is not known."""
    bound, said = bind(eng, controller, effect, held, doubt)
    at = op_at(effect) or 0
    if bound is not None and len(bound["do"]) > at:
        unknown = in_force_doubt(eng, controller, bound["do"][at]["target"]["number_equal"])
        if unknown is not None:
            return None, f"{said}, but {unknown}"
    return bound, said


def judged(
    eng: RangersStrikeEngine,
    controller: str,
    effect: dict[str, Any],
    held: list[int],
    doubt: str | None,
) -> dict[str, Any] | None:
    """The effect as the targets of a resolve are judged against (:func:`settled`), or None
    when it is not known (its targets are then not judged: when run, it is not guessed)."""
    return settled(eng, controller, effect, held, doubt)[0]


def number_now(eng: RangersStrikeEngine, unit: Unit) -> set[int]:
    """The combination numbers ``unit`` may have now: its printed one, lowered by the cards it
    is stacked on (RS-STACK; two when that is not known); none when it prints none."""
    from judge.games.rangers_strike import stacking

    printed = eng.state.card(unit.card).combination_number
    if printed is None:
        return set()
    return stacking.numbers(eng.state, unit, printed) if unit.stacked else {printed}


def in_force_doubt(eng: RangersStrikeEngine, controller: str, number: int) -> str | None:
    """Why whether an opposing unit has the combination number ``number`` now is not known,
    or None: a unit whose number a card stacked on it may have lowered to it or not, or a public
    card the engine does not read that names combination numbers or クロス."""
    from judge.games.rangers_strike import next_in_line

    st = eng.state
    for pid in eng.opponents(controller):
        for zone in ("rush", "battle"):
            for unit in st.players[pid].area(zone):
                values = number_now(eng, unit)
                if number in values and len(values) > 1:
                    return (
                        f"whether {eng.name(unit.card)} has combination number {number} (a "
                        "card it is stacked on may lower its number or not) the sources do not "
                        "say"
                    )
    changing = next_in_line.number_changers(eng)
    if changing:
        names = ", ".join(eng.name(c) for c in changing)
        return (
            f"{names}, whose text the engine does not read, names combination numbers or "
            "クロス and may change them: whether the numbers in force are the printed ones is "
            "not known"
        )
    return None


def first_targets(
    eng: RangersStrikeEngine, controller: str, effect: dict[str, Any], unit: Any
) -> list[Any] | None:
    """The targets a legal resolve names (``legal_actions``): the first unit that fits the
    number of the first command the cost would hold, or None."""
    from judge.games.rangers_strike.resolve import cost_commands
    from judge.games.rangers_strike.resolve import first_targets as units_first

    held, _, _, _ = cost_commands(eng, controller, effect, [])
    if held is None:
        return None
    bound, _ = bind(eng, controller, effect, held, None)
    if bound is None:
        return None
    return units_first(eng, controller, bound, unit) or None
