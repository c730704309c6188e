"""A unit that cannot be attacked while its player has a unit of a size, and that raises the BP
of the units of a category and size next to it (RS-NOT-ATTACKED-WITH-OWN, RS-NEXT-TO-BP):
"【name】これは自軍Lユニットがあれば、敵軍ユニットにアタックされない。また、このユニットと隣り合うETを持つL
ユニットはBP+1000される。".

Read (for a unit without a combination number: its own text, always in force) into the unit's rule
``{"rule": "escort", "if_own": S1, "category": C, "size": S2, "bp": N}``:

- no opposing unit may attack the unit while its player has a unit of printed size S1 in its rush
  or battle area (自軍ユニット, RS-SELECT-FIELD), a wing attack too (RS-WING);
- each unit of the category C (printed, or added in the battle area: RS-ADD-FEATURE) and whose
  card prints the size S2, standing directly next to the unit
  (left or right) in their battle area, has BP +N (each such unit beside it gives it once).

Not guessed (the engine's two readings of BP, ``bp_readings``, and of the condition: where they
decide a step, it is unverifiable): in tag battle, whether 自軍 is the player's or its team's (a
unit of size S1 of the ally's), and whether the leader's last unit and the supporter's first stand
next to each other (RS-NEXT-TO); a unit riding a vehicle, beside it or the unit itself (where a
unit riding one stands the sources do not say, RS-RIDER); units of a rush area, which the sources
give no order; and the unit itself as the one unit of size S1 (これ and 自軍Lユニット).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

SHIELD_RULE = "RS-NOT-ATTACKED-WITH-OWN"
BP_RULE = "RS-NEXT-TO-BP"
NAME = "escort"
_SIZES = ("S", "M", "L")
_CATEGORIES = ("WB", "ET", "OT", "MA", "DA")
#: the engine's attribute keeping (the card definitions, the (category, size) pairs their
#: escort rules raise): worked out once per game, so that a unit no rule raises costs one
#: lookup; kept on the engine, not in a module dict, so that it goes with the game
_FITS = "_escort_fits"


def ok(rule: dict[str, Any]) -> bool:
    """The rule's one shape."""
    return (
        set(rule) == {"rule", "if_own", "category", "size", "bp"}
        and rule["rule"] == NAME
        and rule["if_own"] in _SIZES
        and rule["category"] in _CATEGORIES
        and rule["size"] in _SIZES
        and isinstance(rule["bp"], int)
        and not isinstance(rule["bp"], bool)
        and rule["bp"] > 0
    )


def rule_of(eng: RangersStrikeEngine, card: str) -> dict[str, Any] | None:
    """The card's escort rule, or None."""
    for r in eng.state.card(card).restrictions:
        if r.get("rule") == NAME and ok(r):
            return r
    return None


def raised(eng: RangersStrikeEngine) -> frozenset[tuple[str, str]]:
    """The (category, size) of the units the game's escorts raise (empty: none)."""
    defs = eng.state.defs
    cached = getattr(eng, _FITS, None)
    if cached is None or cached[0] is not defs:
        fits = frozenset(
            (r["category"], r["size"])
            for d in defs.values()
            for r in d.restrictions
            if r.get("rule") == NAME and ok(r)
        )
        cached = (defs, fits)
        setattr(eng, _FITS, cached)
    return cached[1]


# -- これは自軍Lユニットがあれば、敵軍ユニットにアタックされない ----------------------------------------


def _sized(eng: RangersStrikeEngine, players: list[str], size: str, but: Unit) -> tuple[bool, bool]:
    """Whether ``players`` have a unit of printed ``size`` other than ``but``, and whether
    ``but`` itself is one."""
    st = eng.state
    other = any(
        st.card(u.card).is_unit and st.card(u.card).size == size
        for q in players
        for u in st.players[q].units()
        if u is not but
    )
    itself = st.card(but.card).is_unit and st.card(but.card).size == size
    return other, itself


def attacked_forbidden(
    eng: RangersStrikeEngine, target: Unit, defender: str
) -> tuple[str | None, bool]:
    """Why an opposing unit may not attack ``target`` (``defender``'s) by its escort rule, or
    None; and whether that is certain (module docstring)."""
    r = rule_of(eng, target.card)
    if r is None:
        return None, True
    size, name = r["if_own"], eng.name(target.card)
    own, itself = _sized(eng, [defender], size, target)
    if own:
        return (
            f"{name} cannot be attacked by an opposing unit while {defender} has a size {size} "
            "unit (its text: これは自軍Lユニットがあれば、敵軍ユニットにアタックされない).",
            True,
        )
    team, _ = _sized(eng, [q for q in eng.allies(defender) if q != defender], size, target)
    if team:
        return (
            f"{name} cannot be attacked while its side has a size {size} unit; only {defender}'s "
            f"ally has one, and whether 自軍 is {defender}'s own or its team's the sources do not "
            "say.",
            False,
        )
    if itself:
        return (
            f"{name} is itself the only size {size} unit of {defender}'s: whether it counts for "
            "its own text (自軍Lユニット) the sources do not say.",
            False,
        )
    return None, True


# -- このユニットと隣り合うETを持つLユニットはBP+1000される ---------------------------------------------


def _givers(eng: RangersStrikeEngine, unit: Unit) -> list[tuple[bool, int]]:
    """For each escort that could raise ``unit``'s BP now: whether only the wide reading counts
    it, and its BP."""
    sized = raised(eng)
    if not sized:  # no card of the game's raises any (BP is read for hundreds of units)
        return []
    st = eng.state
    d = st.card(unit.card)
    cats = st.unit_categories(unit) if d.is_unit else ()  # RS-ADD-FEATURE: an added one too
    if not d.is_unit or not any((c, d.size) in sized for c in cats):
        return []
    where = st.area_of(unit)
    if where is None:
        return []
    pid, area = where

    def fits(g: Unit) -> int | None:
        r = rule_of(eng, g.card) if st.card(g.card).is_unit else None
        if r is None or r["category"] not in cats or r["size"] != d.size:
            return None
        return int(r["bp"])

    out: list[tuple[bool, int]] = []
    if area == "rush":  # no order: every unit of the rush area may be next to it
        for g in st.players[pid].rush:
            n = fits(g) if g is not unit else None
            if n is not None:
                out.append((True, n))
        return out
    line = st.players[pid].battle
    i = next(k for k, u in enumerate(line) if u is unit)
    sides: list[tuple[Unit, bool]] = []
    sides += [(line[i - 1], True)] if i > 0 else _across(eng, pid, right=False)
    sides += [(line[i + 1], True)] if i + 1 < len(line) else _across(eng, pid, right=True)
    for g, sure in sides:
        n = fits(g)
        if n is not None:
            out.append((not sure or unit.vehicle is not None or g.vehicle is not None, n))
    return out


def _across(eng: RangersStrikeEngine, pid: str, right: bool) -> list[tuple[Unit, bool]]:
    """Tag battle: the unit across the join of the leader's and the supporter's battle areas,
    a maybe (as RS-NEXT-TO reads it)."""
    st = eng.state
    for leader, supporter in st.teams:
        if right and pid == leader and st.players[supporter].battle:
            return [(st.players[supporter].battle[0], False)]
        if not right and pid == supporter and st.players[leader].battle:
            return [(st.players[leader].battle[-1], False)]
    return []


def bonus(eng: RangersStrikeEngine, unit: Unit, team: bool) -> int:
    """The BP escorts next to ``unit`` give it now, read narrowly or (``team``) widely."""
    return sum(n for wide, n in _givers(eng, unit) if team or not wide)


def differs(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether the two readings give ``unit`` different BP now."""
    return any(wide for wide, _n in _givers(eng, unit))


def doubt(eng: RangersStrikeEngine, unit: Unit, values: tuple[int, int]) -> str:
    """Why ``unit``'s BP is not known, in words."""
    return (
        f"{eng.name(unit.card)}'s BP is {values[0]} or {values[1]}: whether a unit whose text "
        "raises the units next to it (このユニットと隣り合う…ユニットはBP+Nされる) stands next to it the "
        "sources do not say (a rush area has no order; the leader's and the supporter's battle "
        "areas, and a unit riding a vehicle, are not settled)"
    )


def words(rule: dict[str, Any]) -> str:
    """The rule in English (``judge cards show``)."""
    return (
        f"It cannot be attacked by an opposing unit while you have a size {rule['if_own']} unit "
        f"(RS-NOT-ATTACKED-WITH-OWN); each size {rule['size']} unit of category "
        f"{rule['category']} next to it in the battle area (left or right) has BP +{rule['bp']} "
        "(RS-NEXT-TO-BP)."
    )
