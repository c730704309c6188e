"""A unit's text barring every unit of BP N or less from striking and attacking in the turn it
was rushed, while the unit is in its player's area (RS-BARS-RUSHED): "【name】これが自軍エリアにある
間、BPN以下のユニットは次の制限を受ける⇒ラッシュしたターンにストライクもアタックもできない。" (a unit
without a combination number: its own text, always in force).

Read into the unit's rule ``{"rule": "bars_rushed", "bp_max": N}``.  While the card stands in its
player's rush or battle area (自軍エリア, RS-SELECT-FIELD), any unit (no side is named: the
player's own, its ally's and the opposing side's alike, the card itself too) whose BP is N or
less can neither attack nor strike (an attack with Wing too, RS-WING) in the turn it was rushed:
by its player's rush or put into the rush area by an effect (rushed too, atwiki renst 146), not a
unit returned there from the battle area (RS-CARD-RESTRICTION's ラッシュしたターン).  Its BP is
read at the declaration.

Not guessed (the step unverifiable): BP while attacking (RS-ATTACK-BP) on the other side of N
than before the attack; tag battle's two readings of BP (RS-BP-PER-UNITS and its kin) on both
sides of N; a unit a position placed in the turn the position began (whether it was rushed that
turn is not known).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.state import Battle, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-BARS-RUSHED"
NAME = "bars_rushed"


def ok(rule: dict[str, Any]) -> bool:
    """The rule's one shape."""
    n = rule.get("bp_max")
    return (
        set(rule) == {"rule", "bp_max"}
        and rule["rule"] == NAME
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 0
    )


def _lays(d: CardDef) -> bool:
    """Whether card ``d`` lays the rule (the restrictions :func:`barred` reads)."""
    return any(r.get("rule") == NAME and ok(r) for r in d.restrictions)


def words(rule: dict[str, Any]) -> str:
    return (
        f"While it is in your rush or battle area, no unit (either side's) with BP "
        f"{rule['bp_max']} or less may strike or attack in the turn it was rushed (RS-BARS-RUSHED)."
    )


def _rushed_now(eng: RangersStrikeEngine, unit: Unit) -> bool | None:
    """Whether ``unit`` was rushed this turn (None: not known, a position placed it)."""
    st = eng.state
    if unit.arrived is None:
        return None if st.partial_turn == st.turn else False
    return unit.arrived == st.turn


def barred(
    eng: RangersStrikeEngine,
    pid: str,
    unit: Unit,
    act: str,
    target: Unit | None = None,
    defender: str | None = None,
) -> tuple[str | None, bool]:
    """Why ``pid``'s ``unit`` cannot ``act`` (``attack`` ``target``, ``defender``'s, or
    ``strike``) now by a card laying this rule (or None), and whether that is certain (module
    docstring)."""
    st = eng.state
    if not st.card(unit.card).is_unit:
        return None, True
    # only the cards whose code lays the rule are read (codes_where, shared: the definition
    # alone); none in the game: no layer (attacks and strikes ask, the areas grow on a long log)
    laying = eng.codes_known.get("rushed_bar lays")  # (codes_where's answer read first: no call)
    if laying is None:
        laying = eng.codes_where("rushed_bar lays", _lays, shared=True)
    if not laying:
        return None, True
    code_of = st.code_of
    layers: list[tuple[str, str, int]] = []
    for q in st.order:
        for u in st.players[q].units():
            for iid in u.cards():
                if code_of[iid] not in laying:
                    continue
                for r in st.card(iid).restrictions:
                    if r.get("rule") == NAME and ok(r):
                        layers.append((q, iid, int(r["bp_max"])))
    if not layers:
        return None, True
    rushed = _rushed_now(eng, unit)
    if rushed is False:
        return None, True
    eng.ctx.read("bp")  # the text compares BP
    values = list(eng.bp_readings(unit))
    if act == "attack" and st.battle is None:
        saved = st.battle
        st.battle = Battle("attack", unit, pid, target=target, defender=defender)
        try:
            values += list(eng.bp_readings(unit))
        finally:
            st.battle = saved
    for q, iid, n in layers:
        fits = {v <= n for v in values}
        if fits == {False}:
            continue
        name = eng.name(unit.card)
        verb = "attack" if act == "attack" else "strike"
        why = (
            f"{eng.name(iid)} is in {q}'s area: a unit with BP {n} or less cannot {verb} in the "
            f"turn it was rushed"
        )
        if rushed is None:
            return why + (
                f"; {name} has BP {values[0]}, and whether it was rushed this turn is not known "
                "(the position began in this turn)."
            ), False
        if len(fits) > 1:
            shown = ", ".join(str(v) for v in dict.fromkeys(values))
            return why + (
                f"; {name}, rushed this turn, has BP {shown} by the readings the sources leave "
                "open (while attacking, or 自軍 read as its player's or its team's)."
            ), False
        return why + f", and {name}, rushed this turn, has BP {values[0]}.", True
    return None, True
