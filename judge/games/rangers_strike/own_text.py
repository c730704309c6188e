"""A unit's own continuous BP and SP beyond an attack's (RS-ATTACK-BP is :mod:`attack_bp`'s):
BP for each one counted (RS-BP-PER, RS-BP-PER-UNITS, RS-BP-PER-DAMAGE) and BP or SP while a
condition holds (RS-WHILE; a card named X in its player's areas, RS-WHILE-NAMED, which also
gives resist), each read both ways 自軍 may mean in tag battle; and the unit
destroyed as its player ends its turn with BP N or more (RS-TURN-END-DESTROY, :func:`turn_end`).

The unit's own text is in force wherever it stands; what it counts or asks is looked at
whenever its BP or SP is (a unit in no area counts nothing).  Its player is the player whose
area it stands in.

自軍 (one's own side) is one player in 1 vs 1.  In tag battle the sources do not say whether
自軍バトルエリア, 自軍ダメージ, 自軍パワー and 自軍コマンドゾーン here mean the player's own or its
team's (both players'): the engine reads both (``team`` False and True), and where they give
different BP (SP) that BP (SP) is not known, and a step whose verdict or result turns on it is
unverifiable (the engine's ``bp_readings`` and ``sp_known``).  自軍パワーゾーン in RS-BP-PER is
the player's own (that rule's reading).  敵軍 units are both opposing players' (as a
selector's: :func:`judge.games.rangers_strike.resolve.owners_of`).  A condition on the units next
to the unit (RS-NEXT-TO, :mod:`~judge.games.rangers_strike.neighbours`) is read narrowly and
widely alike (``team`` False and True), in either variant: where the two disagree its SP or BP
is not known, in the same way.

Why a module of its own: the counts and conditions serve a unit's BP, its SP and its end of
turn, read by the engine, the battle's checks and an effect's choices alike.

>>> words_per({"count": "own_battle_units", "category": "WB", "size": "M"})
'each size M unit of category WB in your battle area'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import aura_bp, escort, neighbours, rush_guard
from judge.games.rangers_strike.restrictions import codes_with, has
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: the rule of each count a unit's BP is given for (RS-BP-PER and its kin)
PER_RULES = {
    "face_up_power": "RS-BP-PER",
    "own_battle_units": "RS-BP-PER-UNITS",
    "own_damage": "RS-BP-PER-DAMAGE",
    "own_commands": "RS-BP-PER-COMMANDS",
}


def ops_of(d: CardDef) -> tuple[dict[str, Any], ...]:
    """The ops of ``d``'s own continuous text this module reads (``per`` or ``while``), in
    the card's order; none for a card whose text is not read (its effects are unsupported)."""
    from judge.games.rangers_strike import effects

    return tuple(
        op
        for eff in d.effects
        if eff.get("when") == "static" and effects.supported(eff)
        for op in eff["do"]
        if "per" in op or "while" in op
    )


def player_of(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    where = eng.state.area_of(unit)
    return where[0] if where is not None else None


def _sides(eng: RangersStrikeEngine, pid: str, team: bool) -> list[str]:
    return eng.allies(pid) if team else [pid]


def counted(eng: RangersStrikeEngine, pid: str, per: dict[str, Any], team: bool) -> int:
    """How many ``per`` counts for ``pid`` now (``team``: 自軍 read as its team)."""
    st = eng.state
    name = per["count"]
    if name == "face_up_power":  # RS-BP-PER: the player's own zone
        return sum(1 for c in st.players[pid].power if c.face_up)
    if name == "own_damage":  # RS-BP-PER-DAMAGE
        return sum(st.players[q].damage for q in _sides(eng, pid, team))
    if name == "own_commands":  # RS-BP-PER-COMMANDS: held or released, printed features
        return sum(
            1
            for q in _sides(eng, pid, team)
            for c in st.players[q].command
            if per["feature"] in st.card(c.card).features
        )
    # RS-BP-PER-UNITS: the units of the battle area (a unit riding a vehicle is one, the
    # vehicle none: RS-VEHICLE), the unit itself too when it fits (no これ以外の)
    total = 0
    for q in _sides(eng, pid, team):
        for u in st.players[q].battle:
            for c in u.cards():
                d = st.card(c)
                if not d.is_unit:
                    continue
                if "category" in per and per["category"] not in st.unit_categories(u, c):
                    continue  # RS-ADD-FEATURE: a category added counts too
                if "size" in per and d.size != per["size"]:
                    continue
                total += 1
    return total


def holds(
    eng: RangersStrikeEngine, pid: str, cond: dict[str, Any], team: bool, unit: Unit | None = None
) -> bool:
    """Whether a ``while`` condition holds for ``pid`` (and ``unit``, whose neighbours a
    condition of :mod:`neighbours` asks about) now (RS-WHILE; ``team``: the wider reading)."""
    st = eng.state
    if neighbours.is_condition(cond):  # RS-NEXT-TO: read narrowly, or widely
        return unit is not None and neighbours.holds(eng, unit, cond, team)
    if "own_has" in cond:  # RS-WHILE-NAMED: read narrowly, or widely
        return named_in_areas(eng, pid, cond["own_has"], team)
    if "command_feature" in cond:  # RS-COMMAND-FEATURES: held or released, printed features
        want = cond["command_feature"]
        return any(
            want in st.card(c.card).features
            for q in _sides(eng, pid, team)
            for c in st.players[q].command
        )
    if "opposing_only_size" in cond:  # RS-WHILE-OPPOSING-SIZE: none at all only read widely
        sizes = [
            st.card(c).size
            for q in eng.opponents(pid)
            for u in st.players[q].units()
            for c in u.cards()
            if st.card(c).is_unit
        ]
        return all(s == cond["opposing_only_size"] for s in sizes) and (team or bool(sizes))
    if "opposing_unit" in cond:  # an opposing unit of the category (rush or battle area)
        want = cond["opposing_unit"]["category"]
        return any(
            st.card(c).is_unit and want in st.unit_categories(u, c)  # RS-ADD-FEATURE
            for q in eng.opponents(pid)
            for u in st.players[q].units()
            for c in u.cards()
        )
    want = cond["category"]
    for q in _sides(eng, pid, team):
        ps = st.players[q]
        cards = []
        if "face_up_power" in cond["none_in"]:
            cards += [c.card for c in ps.power if c.face_up]
        if "command" in cond["none_in"]:
            cards += [c.card for c in ps.command]
        if any(st.card(c).category == want for c in cards):
            return False
    return True


def named_in_areas(eng: RangersStrikeEngine, pid: str, name: str, wide: bool) -> bool:
    """RS-WHILE-NAMED: whether a card named ``name`` is in ``pid``'s rush or battle area (a
    unit, a vehicle, the vehicle a unit rides); ``wide``: in its team's areas (自軍, tag
    battle), or a card there that might count as it without being so named (its text, which the
    engine does not read, says 「name」としてつかえる; a card so named a unit is stacked on)."""
    from judge.games.rangers_strike.resolve import named_here

    for q in _sides(eng, pid, wide):
        found, maybe = named_here(eng, q, name)
        if found or (wide and maybe):
            return True
    return False


def resists(
    eng: RangersStrikeEngine, unit: Unit, ops: tuple[dict[str, Any], ...], team: bool
) -> bool:
    """Whether ``unit``'s own ``ops`` give it resist now ("…があればレジストを得る" while its
    condition holds, RS-WHILE-NAMED; ``team``: the wider reading)."""
    pid = player_of(eng, unit)
    return pid is not None and any(
        op["op"] == "resist" and holds(eng, pid, op["while"], team, unit) for op in ops
    )


def bp_fixed(
    eng: RangersStrikeEngine, unit: Unit, ops: tuple[dict[str, Any], ...], team: bool
) -> int | None:
    """The BP ``unit``'s own ``ops`` make it now ("BPNになる" while its condition holds,
    RS-COMMAND-FEATURES: the lowest when several do), or None when none does."""
    pid = player_of(eng, unit)
    if pid is None:
        return None
    values = [
        int(op["value"])
        for op in ops
        if op["op"] == "bp_set" and holds(eng, pid, op["while"], team, unit)
    ]
    return min(values) if values else None


def taxis_gained(
    eng: RangersStrikeEngine, unit: Unit, ops: tuple[dict[str, Any], ...], team: bool
) -> str | None:
    """The category of the taxis ``unit``'s own ``ops`` give it now ("タクスXを得る" while its
    condition holds, RS-COMMAND-FEATURES), or None."""
    pid = player_of(eng, unit)
    if pid is None:
        return None
    for op in ops:
        if op["op"] == "taxis" and holds(eng, pid, op["while"], team, unit):
            return str(op["category"])
    return None


def bp(eng: RangersStrikeEngine, unit: Unit, ops: tuple[dict[str, Any], ...], team: bool) -> int:
    """The BP ``unit``'s own ``ops`` give it now (``team``: 自軍 read as its team)."""
    pid = player_of(eng, unit)
    if pid is None:
        return 0
    total = 0
    for op in ops:
        if op["op"] != "bp":
            continue
        if "per" in op:
            total += int(op["amount"]) * counted(eng, pid, op["per"], team)
        elif holds(eng, pid, op["while"], team, unit):
            total += int(op["amount"])
    return total


def sp(
    eng: RangersStrikeEngine, unit: Unit, ops: tuple[dict[str, Any], ...], team: bool
) -> set[int]:
    """The SPs ``unit``'s own ``ops`` make it now ("これは「SPN」になる" while its condition
    holds, RS-WHILE; none when none holds)."""
    pid = player_of(eng, unit)
    if pid is None:
        return set()
    return {
        int(op["value"])
        for op in ops
        if op["op"] == "sp" and holds(eng, pid, op["while"], team, unit)
    }


def team_dependent(ops: tuple[dict[str, Any], ...]) -> bool:
    """Whether any of ``ops`` reads 自軍 in a way tag battle leaves open."""
    for op in ops:
        per = op.get("per")
        if per is not None and per["count"] != "face_up_power":
            return True
        cond = op.get("while")
        if cond is not None and (
            "none_in" in cond or "own_has" in cond or "command_feature" in cond
        ):
            return True
    return False


def _named(ops: tuple[dict[str, Any], ...]) -> list[str]:
    """The names ``ops``' conditions ask about (RS-WHILE-NAMED), in order."""
    return [
        op["while"]["own_has"]
        for op in ops
        if isinstance(op.get("while"), dict) and "own_has" in op["while"]
    ]


def two_readings(eng: RangersStrikeEngine, pid: str, ops: tuple[dict[str, Any], ...]) -> bool:
    """Whether ``ops`` may read differently for a unit of ``pid``'s: 自軍 in tag battle
    (:func:`team_dependent`), or the units next to it (RS-NEXT-TO), in either variant."""
    if any(neighbours.is_condition(op.get("while")) for op in ops) or _named(ops):
        return (
            True  # RS-NEXT-TO, RS-WHILE-NAMED (a card that may count as the name): either variant
        )
    if any("opposing_only_size" in (op.get("while") or {}) for op in ops):
        return True  # RS-WHILE-OPPOSING-SIZE: with no opposing unit at all, either variant
    return len(eng.allies(pid)) > 1 and team_dependent(ops)


def next_to(ops: tuple[dict[str, Any], ...]) -> bool:
    """Whether ``ops`` ask about the units next to the unit (RS-NEXT-TO)."""
    return any(neighbours.is_condition(op.get("while")) for op in ops)


def doubt(eng: RangersStrikeEngine, unit: Unit, ops: tuple[dict[str, Any], ...]) -> str:
    """Why ``unit``'s two readings differ, in words: what RS-NEXT-TO leaves open about the
    units next to it, else 自軍 read as its player's own or its team's."""
    for op in ops:
        cond = op.get("while")
        if neighbours.is_condition(cond):
            why = neighbours.evaluate(eng, unit, cond)[2]
            if why:
                return why
    pid = player_of(eng, unit) or "its player"
    for op in ops:
        cond = op.get("while") or {}
        if "opposing_only_size" in cond and holds(eng, pid, cond, False) != holds(
            eng, pid, cond, True
        ):
            return (
                "no opposing unit is in a rush or battle area, and whether "
                f"敵軍ユニットが{cond['opposing_only_size']}ユニットだけ holds then the sources do not say"
            )
    for name in _named(ops):  # RS-WHILE-NAMED
        if named_in_areas(eng, pid, name, False) != named_in_areas(eng, pid, name, True):
            return (
                f"whether a card named 「{name}」 is in {pid}'s rush or battle area is not known "
                f"(自軍エリア read as {pid}'s own or its team's, or a card there whose text the "
                f"engine does not read may count as 「{name}」, or a unit is stacked on one)"
            )
    return f"自軍 read as {pid}'s own and as its team's"


def rule_of(ops: tuple[dict[str, Any], ...], what: str) -> str:
    """The rule a doubt about ``what`` ("bp", "sp" or "resist") from ``ops`` cites."""
    for op in ops:
        if what == "bp" and op["op"] == "bp" and "per" in op:
            return PER_RULES[op["per"]["count"]]
    if next_to(ops):
        return neighbours.RULE
    if any("opposing_only_size" in (op.get("while") or {}) for op in ops):
        return "RS-WHILE-OPPOSING-SIZE"
    if any(op["op"] == what and "own_has" in (op.get("while") or {}) for op in ops):
        return "RS-WHILE-NAMED"
    kinds = {"bp": ("bp", "bp_set")}.get(what, (what,))
    if any(op["op"] in kinds and "command_feature" in (op.get("while") or {}) for op in ops):
        return "RS-COMMAND-FEATURES"
    return "RS-WHILE"


def not_known(eng: RangersStrikeEngine, unit: Unit, rule: str, why: str, then: str) -> None:
    """A step whose verdict or result turns on a BP or SP that tag battle's two readings of
    自軍 give differently (``why``): the engine does not guess it; the step is unverifiable
    and the unit's continuous text noted as not executed (a taint) until an ``outcome``
    records what happened (``then``: what is not carried out)."""
    pid = player_of(eng, unit) or eng.state.owner_of[unit.card]
    pe = PendingEffect(0, pid, unit.card, {}, 0, "continuous text")
    eng.not_guessed(pe, rule, why, then)


def readings_words(eng: RangersStrikeEngine, unit: Unit, values: tuple[int, int], what: str) -> str:
    """``unit``'s ``what`` ("BP", "SP") under its two readings (of 自軍, or of the units next to
    it: RS-NEXT-TO), in words."""
    pid = player_of(eng, unit) or "its player"
    ops = eng.own_text_of(eng.state.card(unit.card))
    if next_to(ops):
        return (
            f"{eng.name(unit.card)}'s {what} is {values[0]} or {values[1]}: {doubt(eng, unit, ops)}"
        )
    return (
        f"{eng.name(unit.card)}'s {what} is {values[0]} with 自軍 read as {pid}'s own and "
        f"{values[1]} with it read as its team's"
    )


def words_per(per: dict[str, Any]) -> str:
    """What a ``per`` counts, in English ("each …")."""
    name = per.get("count")
    if name == "face_up_power":
        return "each face-up card in your power zone"
    if name == "own_damage":
        return "each point of your damage"
    if name == "own_commands":
        return (
            f"each card in your command zone (held or released) with the feature {per['feature']}"
        )
    size = f"size {per['size']} " if "size" in per else ""
    category = f" of category {per['category']}" if "category" in per else ""
    return f"each {size}unit{category} in your battle area"


def words_while(cond: dict[str, Any]) -> str:
    """A ``while`` condition in English ("while …")."""
    if neighbours.is_condition(cond):  # RS-NEXT-TO
        return neighbours.words(cond)
    if "own_has" in cond:  # RS-WHILE-NAMED
        return f"while a card named {cond['own_has']} is in your rush or battle area"
    if "command_feature" in cond:  # RS-COMMAND-FEATURES
        return (
            f"while a card in your command zone (held or released) has the feature "
            f"{cond['command_feature']}"
        )
    if "opposing_only_size" in cond:  # RS-WHILE-OPPOSING-SIZE
        return f"while every opposing unit (rush or battle area) is a size {cond['opposing_only_size']} unit"
    if "opposing_unit" in cond:
        return (
            f"while an opposing unit of category {cond['opposing_unit']['category']} is in a "
            "rush or battle area"
        )
    where = {
        "face_up_power": "the face-up cards of your power zone",
        "command": "the cards of your command zone",
    }
    zones = " and ".join(where[z] for z in cond["none_in"])
    return f"while none of {zones} is of category {cond['category']}"


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def battle_readings(
    eng: RangersStrikeEngine, attacker: Unit, target: Unit
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The two units' BP readings (``bp_readings``) when an attack's result is known: the same
    with 自軍 read as each player's own and as each one's team's; else None.  When it is not
    known, the engine does not guess it: no unit is destroyed by the battle, the step is
    unverifiable and the unit's text noted as not executed (:func:`not_known`).  Why the
    readings: the attack's BP is then read once, not again."""
    a, t = eng.bp_readings(attacker), eng.bp_readings(target)
    if _sign(a[0] - t[0]) == _sign(a[1] - t[1]):
        return a, t
    unit, values = (attacker, a) if a[0] != a[1] else (target, t)
    ops = eng.own_text_of(eng.state.card(unit.card))

    def bp_of(u: Unit, v: tuple[int, int]) -> str:
        return f"{eng.name(u.card)} (BP {v[0]}{f' or {v[1]}' if v[1] != v[0] else ''})"

    guarded = rush_guard.differs(eng, unit)  # RS-RUSH-GUARD: another card's text
    escorted = not guarded and escort.differs(eng, unit)  # RS-NEXT-TO-BP: another card's text
    aura = not guarded and not escorted and aura_bp.differs(eng, unit)  # RS-AURA-BP
    said = (
        rush_guard.doubt(eng, unit, values)
        if guarded
        else escort.doubt(eng, unit, values)
        if escorted
        else aura_bp.doubt(eng, unit, values)
        if aura
        else readings_words(eng, unit, values, "BP")
    )
    why = (
        f"{said}, and which unit wins the battle of "
        f"{bp_of(attacker, a)} and {bp_of(target, t)} turns on that"
    )
    not_known(
        eng,
        unit,
        rush_guard.RULE
        if guarded
        else escort.BP_RULE
        if escorted
        else aura_bp.RULE
        if aura
        else rule_of(ops, "bp"),
        why,
        "no unit is destroyed by the battle; the log may record what happened in an `outcome`.",
    )
    return None


def _without_turn_effects(eng: RangersStrikeEngine, unit: Unit) -> tuple[int, int]:
    """``unit``'s BP readings with its effects until the end of the turn (or battle) gone."""
    kept = unit.mods
    unit.mods = [m for m in kept if m.until not in ("turn", "battle")]
    try:
        return eng.bp_readings(unit)
    finally:
        unit.mods = kept


def turn_end(eng: RangersStrikeEngine, pid: str) -> None:
    """RS-TURN-END-DESTROY: as ``pid`` ends its turn (its end phase), each of its units printed
    "自分がターンを終えるときBPN以上なら撃破される" is destroyed if its BP is N or more, all looked
    at together.  Whether its effects until the end of the turn still count then the sources do
    not say, nor (tag battle) whether 自軍 is the player's or its team's: where those readings
    disagree the unit is not destroyed and the step is unverifiable (:func:`not_known`)."""
    st = eng.state
    doomed: list[tuple[Unit, int]] = []
    printing = codes_with(eng, "turn_end_destroy")
    for unit in st.players[pid].units() if printing else ():
        if st.code_of[unit.card] not in printing:
            continue  # (no such note: has() would say None)
        r = has(eng, unit.card, "turn_end_destroy")
        if r is None:
            continue
        least = int(r["bp_min"])
        now, later = eng.bp_readings(unit), _without_turn_effects(eng, unit)
        name = eng.name(unit.card)
        if len({v >= least for v in (*now, *later)}) > 1:
            ways = []
            if now != later:
                ways.append("its effects until the end of the turn counted or not")
            if now[0] != now[1] or later[0] != later[1]:
                ways.append(f"自軍 read as {pid}'s own or its team's")
            not_known(
                eng,
                unit,
                "RS-TURN-END-DESTROY",
                f"{name}'s BP as {pid} ends its turn is "
                + " or ".join(map(str, sorted({*now, *later})))
                + f" ({' and '.join(ways)}), and whether it is {least} or more turns on that",
                f"{name} is not destroyed; the log may record what happened in an `outcome`.",
            )
            continue
        if now[0] >= least:
            doomed.append((unit, least))
        eng.ctx.ruling(
            "RS-TURN-END-DESTROY",
            f"{pid} ends its turn: {name} has BP {now[0]} "
            + (
                f"({least} or more): it is destroyed."
                if now[0] >= least
                else f"(less than {least})."
            ),
        )
    for unit, least in doomed:
        if st.area_of(unit) is not None:
            why = f"its BP is {least} or more as its player ends its turn"
            eng.destroy(pid, unit, why)
