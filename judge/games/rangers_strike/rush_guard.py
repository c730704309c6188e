"""A unit's text, while it is in its player's rush area, raising the BP of that player's units of a
category and size while they are attacked (RS-RUSH-GUARD): "【name】これが自軍ラッシュエリアにある間、OTを持つ
自軍Lユニットは、アタックされるときBP+2000される。".

Read (for a unit without a combination number: its own text, always in force) into the unit's rule
``{"rule": "guard_attacked", "category": C, "size": S, "bp": N}``.  While the card is in its
player's rush area, each unit of that player's (rush or battle area) whose card prints the
category C and the size S has BP +N while it is attacked: from the attack's declaration until it
has resolved, as RS-ATTACK-BP counts "アタックされるとき" (not in a strike, which is no attack).  Each
such card in the rush area gives it once.

Two readings are not guessed (the engine's two readings of BP, ``bp_readings``: where they decide
a battle or a step, it is unverifiable): whether the card's own unit counts when it is itself
attacked in the rush area ("自軍Lユニット" with no "これ以外の"), and, in tag battle, whether 自軍 is the
player's or its team's (the ally's card in its rush area, for the player's unit).  The narrow
reading counts neither; the wide one both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-RUSH-GUARD"
NAME = "guard_attacked"


def ok(rule: dict[str, Any]) -> bool:
    """The rule's one shape."""
    return (
        set(rule) == {"rule", "category", "size", "bp"}
        and rule["rule"] == NAME
        and rule["category"] in ("WB", "ET", "OT", "MA", "DA")
        and rule["size"] in ("S", "M", "L")
        and isinstance(rule["bp"], int)
        and not isinstance(rule["bp"], bool)
        and rule["bp"] > 0
    )


def _givers(eng: RangersStrikeEngine, unit: Unit) -> list[tuple[bool, int]]:
    """For each guard that could give ``unit`` BP now (it is attacked and fits): whether only
    the wide reading counts it, and its BP."""
    st = eng.state
    b = st.battle
    if b is None or b.kind != "attack" or b.target is not unit:
        return []
    # only the cards whose code lays the rule are read (codes_where, shared: the definition
    # alone); none in the game: no guard (BP is read for many units during an attack)
    laying = eng.codes_known.get("rush_guard lays")  # (codes_where's answer read first: no call)
    if laying is None:
        laying = eng.codes_where("rush_guard lays", _lays, shared=True)
    if not laying:
        return []
    d = st.card(unit.card)
    if not d.is_unit:
        return []
    where = st.area_of(unit)
    if where is None:
        return []
    code_of = st.code_of
    out = []
    for q in eng.allies(where[0]):
        for g in st.players[q].rush:
            if code_of[g.card] not in laying:
                continue
            for r in st.card(g.card).restrictions:
                if r.get("rule") != NAME or not ok(r):
                    continue
                if d.size != r["size"] or r["category"] not in st.unit_categories(unit):
                    continue  # RS-ADD-FEATURE: a category added counts too
                out.append((q != where[0] or g is unit, int(r["bp"])))
    return out


def _lays(d: CardDef) -> bool:
    """Whether card ``d`` lays the rule (the restrictions :func:`_givers` reads)."""
    return any(r.get("rule") == NAME and ok(r) for r in d.restrictions)


def bonus(eng: RangersStrikeEngine, unit: Unit, team: bool) -> int:
    """The BP guards give ``unit`` now, read narrowly or (``team``) widely."""
    b = eng.state.battle
    if b is None or b.kind != "attack" or b.target is not unit:
        return 0  # (_givers finds none: asked for every unit's BP during a battle)
    return sum(n for wide, n in _givers(eng, unit) if team or not wide)


def differs(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether the two readings give ``unit`` different BP now."""
    b = eng.state.battle
    if b is None or b.kind != "attack" or b.target is not unit:
        return False  # (_givers finds none)
    return any(wide for wide, _n in _givers(eng, unit))


def doubt(eng: RangersStrikeEngine, unit: Unit, values: tuple[int, int]) -> str:
    """Why ``unit``'s BP is not known, in words."""
    return (
        f"{eng.name(unit.card)}'s BP while attacked is {values[0]} or {values[1]}: whether the "
        "text of a card in the rush area (これが自軍ラッシュエリアにある間、…自軍Lユニットは、アタックされるとき"
        "BP+Nされる) counts its own unit, or, in tag battle, reaches the ally's units, the sources "
        "do not say"
    )


def words(rule: dict[str, Any]) -> str:
    """The rule in English (``judge cards show``)."""
    return (
        f"While it is in your rush area, each size {rule['size']} unit of yours of category "
        f"{rule['category']} has BP +{rule['bp']} while it is attacked (RS-RUSH-GUARD)."
    )
