"""Two opposing units of one BP, one of the battle area and one of the rush area, put held into
their owners' command zones (RS-BP-PAIR-TO-COMMAND): "敵軍バトルエリアと敵軍ラッシュエリアから、同じBPを
持つSユニットを1体ずつ選んでもよい。そうしたとき、選んだユニットを持ち主のコマンドゾーンにホールド状態で置く。置けなけれ
ば捨札にする。"

The op ``{"op": "to_command_pair", "size": "S", "if_full": "discard"}``, the one op of an
optional effect (a unit's Number Combination): the choice (``use``) is whether to choose the two.
The player chooses one unit (not a vehicle) of the printed size of an opposing battle area and one
of an opposing rush area (敵軍: in tag battle either opposing player's) that have the same BP now;
only then both go held into their owners' command zones (RS-TO-COMMAND: into the discard pile,
not destroyed, when the zone holds 5 cards).  With no such two, none is chosen and nothing
happens.

The log names the two in the resolve's ``targets``, the battle area's first.  Used with none
named, the engine takes two only when one pair of codes fits, none when none does; otherwise the
choice is not guessed.  Not guessed either (the step unverifiable, the effect not carried out until
an ``outcome`` records it): a BP that tag battle's two readings of 自軍 give differently
(RS-BP-PER-UNITS and its kin), and the two going into one command zone that has room for one only
(which goes first the text does not say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import ref_text
from judge.games.rangers_strike.refs import find_unit
from judge.games.rangers_strike.state import COMMAND_LIMIT, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-BP-PAIR-TO-COMMAND"
OP = "to_command_pair"
SIZES = ("S", "M", "L")
#: what becomes of a unit whose owner's command zone is full (RS-TO-COMMAND)
IF_FULL = ("discard", "nothing")

Found = tuple[str, str, Unit]
Picks = tuple[list[Found] | None, list[Any], list[tuple[str, str]], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``to_command_pair`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any]) -> bool:
    """The one shape: the one op of an optional effect, with no condition."""
    ops = effect.get("do")
    if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    op = ops[0]
    return (
        effect.get("optional") is True
        and "if" not in effect
        and set(op) == {"op", "size", "if_full"}
        and op["op"] == OP
        and op["size"] in SIZES
        and op["if_full"] in IF_FULL
    )


def _fits(eng: RangersStrikeEngine, unit: Unit, size: str) -> bool:
    d = eng.state.card(unit.card)
    return d.is_unit and d.size == size


def _candidates(eng: RangersStrikeEngine, pid: str, area: str, size: str) -> list[Found]:
    st = eng.state
    return [
        (q, area, u)
        for q in eng.opponents(pid)
        for u in st.players[q].area(area)
        if _fits(eng, u, size)
    ]


def _bp(eng: RangersStrikeEngine, unit: Unit) -> int | None:
    """The unit's BP now, or None when tag battle's two readings give it differently."""
    eng.ctx.read("bp")
    narrow, wide = eng.bp_readings(unit)
    return narrow if narrow == wide else None


def _pairs(eng: RangersStrikeEngine, pid: str, size: str) -> tuple[list[tuple[Found, Found]], bool]:
    """Every pair that fits, and whether a BP not known might make another."""
    battle = _candidates(eng, pid, "battle", size)
    rush = _candidates(eng, pid, "rush", size)
    unknown = any(_bp(eng, f[2]) is None for f in battle + rush)
    pairs = [
        (b, r)
        for b in battle
        for r in rush
        if _bp(eng, b[2]) is not None and _bp(eng, b[2]) == _bp(eng, r[2])
    ]
    return pairs, unknown


def named(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    targets: list[Any],
    use: bool | None,
) -> Picks:
    """The two units ``pid``'s effect chooses, ``(units, targets left, problems, doubt)``:
    ``[battle, rush]``, ``[]`` when none are chosen, None when not known (the targets left are
    then none).  No such op, or not used: ``([], targets, [], None)``."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    st = eng.state
    size = str(op["size"])
    owners = eng.opponents(pid)
    pairs, unknown = _pairs(eng, pid, size)
    if targets:
        if len(targets) < 2:
            said = "The effect chooses two units, one of each area; the log names one."
            return None, [], [(RULE, said)], None
        got: list[Found] = []
        for ref, area in zip(targets[:2], ("battle", "rush"), strict=True):
            found = find_unit(st, ref, "targets", owners, (area,), eng.bp)
            if found is None or not _fits(eng, found[2], size):
                said = (
                    f"{ref_text(ref)} is not a size {size} unit (not a vehicle) of an opposing "
                    f"{area} area (the battle area's is named first, then the rush area's)."
                )
                return None, [], [(RULE, said)], None
            got.append(found)
        values = [_bp(eng, f[2]) for f in got]
        if None in values:
            return (
                None,
                [],
                [],
                (
                    f"the BP of {' or '.join(eng.name(f[2].card) for f, v in zip(got, values, strict=True) if v is None)} "
                    "is not known (tag battle's two readings of 自軍 give it differently)"
                ),
            )
        if values[0] != values[1]:
            said = (
                f"{eng.name(got[0][2].card)} has BP {values[0]} and {eng.name(got[1][2].card)} "
                f"BP {values[1]}: the two chosen must have the same BP."
            )
            return None, [], [(RULE, said)], None
        return got, targets[2:], [], None
    if not pairs and not unknown:
        return [], targets, [], None  # no two fit: none can be chosen, nothing is done
    codes = {(st.code_of[b[2].card], st.code_of[r[2].card]) for b, r in pairs}
    if use is True and not unknown and len(codes) == 1:
        return list(pairs[0]), targets, [], None
    return None, [], [], "which two units were chosen is not recorded"


def first_targets(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str] | None:
    """A legal resolve's targets: the first pair that fits, or None."""
    op = op_of(effect)
    if op is None:
        return None
    pairs, _ = _pairs(eng, pid, str(op["size"]))
    return [pairs[0][0][2].card, pairs[0][1][2].card] if pairs else None


def carry_out(
    eng: RangersStrikeEngine, pe: Any, units: list[Found] | None, doubt: str | None, what: str
) -> None:
    """Put the two units :func:`named` found held into their owners' command zones
    (RS-TO-COMMAND); not known, or into one zone with room for one only: not guessed."""
    from judge.games.rangers_strike.zone_moves import put_into_command

    op = op_of(pe.effect)
    assert op is not None
    if units is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which two units were chosen is not recorded",
            f"{what} is not carried out; the log may name the two first in the resolve's "
            "targets (or record `use: false`), or record what happened in an `outcome`.",
        )
        return
    if not units:
        eng.ctx.ruling(
            RULE,
            f"No opposing size {op['size']} unit of a battle area has the BP of one of a rush "
            f"area: none is chosen, and {what} does nothing.",
        )
        return
    st = eng.state
    owners = [st.owner_of[f[2].card] for f in units]
    room = COMMAND_LIMIT - len(st.players[owners[0]].command)
    if owners[0] == owners[1] and room == 1:
        eng.not_guessed(
            pe,
            RULE,
            f"{owners[0]}'s command zone has room for one card only, and which of the two goes "
            "there first the text does not say",
            f"{what} is not carried out; the log may record what happened in an `outcome`.",
        )
        return
    eng.ctx.ruling(
        RULE,
        f"{eng.name(units[0][2].card)} and {eng.name(units[1][2].card)} have the same BP: both "
        "are put into their owners' command zones.",
    )
    put_into_command(eng, units, what, str(op["if_full"]))
