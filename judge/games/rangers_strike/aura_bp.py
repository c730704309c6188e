"""A unit's text, while it is in its player's area, lowering the BP of every unit of a size that
has not a keyword, a unit brought to BP 0 or less destroyed (RS-AURA-BP): "【name】これが自軍エリアに
ある間、ウイングを持たないSユニットはBP-500される。(BP0以下になったユニットは撃破される)".

Read (for a unit without a combination number: its own text, always in force) into the unit's rule
``{"rule": "aura_bp", "size": S, "without": "ウイング", "bp": -N}``.  While the card's unit is in
its player's rush or battle area (自軍エリア), every unit (not a vehicle) of printed size S on
either side, in a rush or battle area, that has not ウイング (printed, RS-SELECT-KEYWORD) has BP
-N; each such card in play lowers it once.  A unit so brought to BP 0 or less is destroyed by
the rule (RS-BP-ZERO): the engine looks at every unit so lowered after each step (an effect
until the end of the turn that ended, a unit that came into play, the card's own coming) and
destroys those at BP 0 or less.

Not guessed (the engine's two readings of BP, ``bp_readings``: where they decide a battle or a
step, it is unverifiable; a unit at BP 0 or less in one reading only is not destroyed, and the
step is unverifiable): a unit without ウイング printed while a public card the engine does not
read names ウイング beyond its own note (it may give it: the wide reading leaves it unlowered).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import keywords

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-AURA-BP"
NAME = "aura_bp"
_SIZES = ("S", "M", "L")
#: the keywords read ("ウイングを持たない")
WITHOUT = ("ウイング",)
#: (the card definitions, whether any of them has the rule), worked out once per set of
#: definitions, so that a game without such a card costs one lookup
_ANY: dict[int, tuple[Any, bool]] = {}


def ok(rule: dict[str, Any]) -> bool:
    """The rule's one shape."""
    return (
        set(rule) == {"rule", "size", "without", "bp"}
        and rule["rule"] == NAME
        and rule["size"] in _SIZES
        and rule["without"] in WITHOUT
        and isinstance(rule["bp"], int)
        and not isinstance(rule["bp"], bool)
        and rule["bp"] < 0
    )


def _any(eng: RangersStrikeEngine) -> bool:
    defs = eng.state.defs
    cached = _ANY.get(id(defs))
    if cached is None or cached[0] is not defs:
        found = any(r.get("rule") == NAME and ok(r) for d in defs.values() for r in d.restrictions)
        cached = _ANY[id(defs)] = (defs, found)
    return cached[1]


def _in_force(eng: RangersStrikeEngine) -> list[dict[str, Any]]:
    """The rules of the cards whose units are in a rush or battle area now, one per card."""
    if not _any(eng):
        return []
    st = eng.state
    out = []
    for pid in st.order:
        for u in st.players[pid].units():
            d = st.card(u.card)
            if not d.is_unit:
                continue
            out += [r for r in d.restrictions if r.get("rule") == NAME and ok(r)]
    return out


def _lowered(eng: RangersStrikeEngine, unit: Unit) -> list[tuple[bool, int]]:
    """For each rule in force that lowers ``unit`` now: whether only the narrow reading counts
    it (the unit may have been given the keyword), and its BP."""
    rules = _in_force(eng)
    if not rules:
        return []
    st = eng.state
    d = st.card(unit.card)
    if not d.is_unit:
        return []
    out = []
    for r in rules:
        if d.size != r["size"] or r["without"] in d.keywords:
            continue
        maybe = bool(keywords.givers(eng, r["without"]))
        out.append((maybe, int(r["bp"])))
    return out


def bonus(eng: RangersStrikeEngine, unit: Unit, team: bool) -> int:
    """The BP the rules in force give ``unit`` now (negative), read narrowly or (``team``)
    widely."""
    return sum(n for maybe, n in _lowered(eng, unit) if not (team and maybe))


def differs(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether the two readings give ``unit`` different BP now."""
    return any(maybe for maybe, _n in _lowered(eng, unit))


def doubt(eng: RangersStrikeEngine, unit: Unit, values: tuple[int, int]) -> str:
    """Why ``unit``'s BP is not known, in words."""
    return (
        f"{eng.name(unit.card)}'s BP is {values[0]} or {values[1]}: a card in play lowers the BP of "
        "units without ウイング, and a card whose text the engine does not read names ウイング and "
        "may have given it one"
    )


def check_zero(eng: RangersStrikeEngine) -> bool:
    """After a step: every unit the rules in force lower that is at BP 0 or less is destroyed
    (RS-BP-ZERO); one at BP 0 or less in one reading only is not guessed.  Whether any was
    destroyed."""
    if not _in_force(eng):
        return False
    st = eng.state
    doomed: list[tuple[str, Unit]] = []
    for pid in st.order:
        for u in st.players[pid].units():
            if not _lowered(eng, u):
                continue
            values = eng.bp_readings(u)
            if values[0] <= 0 and values[1] <= 0:
                doomed.append((pid, u))
            elif values[0] <= 0 or values[1] <= 0:
                why = f"{doubt(eng, u, values)}, and whether it is destroyed (BP 0 or less) turns on that"
                eng.ctx.ruling(RULE, f"{why[0].upper()}{why[1:]}: the engine does not destroy it.")
                eng.ctx.cannot_verify(why)
    for pid, u in doomed:
        if st.area_of(u) is None:
            continue
        eng.ctx.ruling(
            "RS-BP-ZERO",
            f"{eng.name(u.card)} is at BP {eng.bp(u)}, lowered by a card's text while it is in "
            "play (RS-AURA-BP): it is destroyed by the rule.",
        )
        eng.destroy(pid, u, "its BP is 0 or less (RS-BP-ZERO)")
    return bool(doomed)


def words(rule: dict[str, Any]) -> str:
    """The rule in English (``judge cards show``)."""
    return (
        f"While it is in your rush or battle area, every size {rule['size']} unit (either side) "
        f"without {rule['without']} has BP {rule['bp']}; a unit so brought to BP 0 or less is "
        "destroyed (RS-AURA-BP, RS-BP-ZERO)."
    )
