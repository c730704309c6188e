"""A rider combination whose cost is the unit itself, put into the discard pile, holding an opposing
unit into its owner's command zone, an opposing command discarded first when that zone is full
(RS-SELF-COST-TO-COMMAND): "【name】このユニットを捨札にして、次の効果を発動してもよい⇒敵軍バトルエリアから必要パワー
の数字が3以下のユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ敵軍コマンドを1つ選び、捨札に
してから置く。".

The effect, exactly (a unit's combination effect: with RC, as it rides off, RS-RIDER-COMBINATION)::

    {"when": "combination", "optional": true,
     "do": [{"op": "self_cost_to_command",
             "target": {"side": "opponent", "zone": "battle", "count": 1, "type": "unit",
                        "power_max": N}}]}

Used (``use``), the unit goes from its area to its owner's discard pile first, not destroyed
(RS-DISCARD-SELF): the cost; a unit no longer in its area cannot pay it, and nothing happens.  Then
one opposing unit of the battle area whose printed required power number is N or less
(RS-POWER-AT-MOST) goes held into its owner's command zone, not destroyed (RS-TO-COMMAND); when
that zone holds 5 cards already, the player chooses one of that player's commands, which goes to
the discard pile first (named first in the resolve's ``targets``, before the unit).  Not used,
nothing happens.

Not guessed (the step is unverifiable): a full zone whose command is not named; tag battle, where
"敵軍コマンド" may be either opposing player's; a unit stacked on a card (RS-STACK-STAY), whose cost
the card may keep in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.state import COMMAND_LIMIT

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.refs import Problem
    from judge.games.rangers_strike.state import Unit

RULE = "RS-SELF-COST-TO-COMMAND"
OP = "self_cost_to_command"
_KEYS = {"side", "zone", "count", "type", "power_max"}


def effect_of(power_max: int) -> dict[str, Any]:
    target = {
        "side": "opponent",
        "zone": "battle",
        "count": 1,
        "type": "unit",
        "power_max": power_max,
    }
    return {"when": "combination", "optional": True, "do": [{"op": OP, "target": target}]}


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has the op (then :func:`ok` decides)."""
    return any(isinstance(op, dict) and op.get("op") == OP for op in effect.get("do") or ())


def ok(effect: dict[str, Any], timing: str) -> bool:
    """The one shape (module docstring)."""
    if timing != "combination":
        return False
    ops = effect.get("do")
    if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    target = ops[0].get("target")
    most = target.get("power_max") if isinstance(target, dict) else None
    if not isinstance(most, int) or isinstance(most, bool) or most < 0:
        return False
    bare = {k: v for k, v in effect.items() if k != "text"}
    return {**bare, "when": "combination"} == effect_of(most)


def _fitting(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[Any]:
    from judge.games.rangers_strike.resolve import fitting

    return fitting(eng, pid, effect["do"][0]["target"])


def named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> tuple[int | None, list[Any], list[Problem], str | None]:
    """The position in the opposing command zone of the command discarded first: ``(index,
    targets left, problems, doubt)``; index None when none is (the zone has room, no unit fits)
    or it is not known (the doubt says why).  Not this module's effect, or not used: nothing."""
    from judge.games.rangers_strike.costs import names_card

    if not uses(effect) or not ok(effect, "combination") or use is False:
        return None, targets, [], None
    st = eng.state
    foes = eng.opponents(pid)
    fits = _fitting(eng, pid, effect)
    full = [q for q in foes if len(st.players[q].command) >= COMMAND_LIMIT]
    if not fits or not any(st.owner_of[u.card] in full for _p, _a, u in fits):
        return None, targets, [], None
    if len(foes) > 1:
        return (
            None,
            targets,
            [],
            "in tag battle 敵軍コマンド may be either opposing player's, and an opposing command "
            "zone is full",
        )
    q = foes[0]
    if targets:
        hit = [
            i for i, c in enumerate(st.players[q].command) if names_card(eng, targets[0], c.card)
        ]
        if hit:
            held = {st.players[q].command[i].held for i in hit}
            if len(held) > 1 and targets[0] not in [st.players[q].command[i].card for i in hit]:
                return None, targets[1:], [], f"which command {targets[0]} names is not known"
            return hit[0], targets[1:], [], None
    return (
        None,
        targets,
        [],
        f"{q}'s command zone is full, and which of its commands was put into the discard pile "
        "first is not recorded",
    )


def sentence(op: dict[str, Any]) -> str:
    """The op in English (``judge cards show``)."""
    most = op["target"]["power_max"]
    return (
        "put this unit into the discard pile (not destroyed) as the cost; then put 1 unit in an "
        f"opposing battle area whose printed required power number is {most} or less held into its "
        "owner's command zone (not destroyed); when that zone holds 5 cards, choose one of its "
        "commands and put it into the discard pile first"
    )


def carry_out(
    eng: RangersStrikeEngine,
    pe: Any,
    unit: Unit | None,
    found: list[tuple[str, str, Unit]],
    index: int | None,
    doubt: str | None,
    what: str,
) -> None:
    """The cost, then the unit into the command zone (module docstring)."""
    from judge.games.rangers_strike import watch, zone_moves

    st = eng.state
    where = st.area_of(unit) if unit is not None else None
    if unit is None or where is None:
        eng.ctx.ruling(
            RULE,
            f"The unit of {what} is no longer in an area: its cost cannot be paid, nothing happens.",
        )
        return
    if unit.stacked:
        eng.not_guessed(
            pe,
            RULE,
            f"{eng.name(unit.card)} is stacked on a card, which may keep it in place as it is put "
            "into the discard pile",
            f"{what} is not carried out; the log may record what it did in an `outcome`.",
        )
        return
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"{what} is not carried out; the log may record what it did in an `outcome`.",
        )
        return
    watch.discard_self(eng, [(where[0], where[1], unit)], what)  # the cost (RS-DISCARD-SELF)
    eng.ctx.ruling(RULE, f"{eng.name(unit.card)} is put into the discard pile: the cost is paid.")
    if not found:
        eng.ctx.ruling(RULE, f"No opposing unit fits: {what} does nothing more.")
        return
    owner = st.owner_of[found[0][2].card]
    ps = st.players[owner]
    if len(ps.command) >= COMMAND_LIMIT and index is not None:
        gone = ps.command.pop(index).card
        st.players[st.owner_of[gone]].discard.append(gone)
        eng.event(
            "to_discard",
            f"{pe.controller} puts {owner}'s command {eng.name(gone)} into the discard pile first "
            f"({what}).",
            player=owner,
            card=gone,
        )
    zone_moves.put_into_command(eng, found[:1], what, "discard")
