"""The units next to a unit (RS-NEXT-TO): "これは、…Sユニットと隣り合っている間" (a unit beside it
fits) and "このユニットの両隣に…自軍ユニットが並んでいる間" (the units on both sides fit), conditions
of a unit's own continuous text (:mod:`~judge.games.rangers_strike.own_text`, RS-WHILE).

A unit's neighbours are the ones directly left and right of it in its battle area, whose units
stand in a line (並び順, position 1 the leftmost: RS-BATTLE-ENTER).  A vehicle no unit rides takes
a place there but is no unit, so it fits nothing.  A unit fits by what it is now: a unit (not a
vehicle) of the printed size and category, with the feature (printed or added), with BP N or
more.

What the sources leave open makes a neighbour only *maybe* one (the condition is read narrowly,
without the maybes, and widely, with them: the two readings :mod:`own_text` gives a unit's SP
and BP; where they disagree the SP or BP is not known and a step turning on it unverifiable):

- in tag battle, the leader's last unit and the supporter's first, across the two battle areas
  (the seed joins them into one line for Number Combinations only, RST-COMBINATION);
- a unit riding a vehicle, the unit itself or the one beside it (where a unit riding one stands
  for its SP K/N the sources do not say either, RS-RIDER);
- every other unit of the rush area, for a unit in a rush area (the sources give a rush area no
  order);
- a unit beside it whose BP, which the condition asks about, is not known.

Why a module of its own: where a unit stands and who stands beside it, with the doubts of tag
battle, vehicles and rush areas, serve the SP and the BP of several texts.

>>> words({"flanked": {"feature": "女", "side": "own"}})
'while a unit of yours with the feature 女 stands on each side of it in your battle area'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.state import Unit, turn_effects_gone

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-NEXT-TO"
#: what a unit beside it is asked (``next_to``: a unit on either side; ``flanked``: on both)
SPEC_KEYS = {"next_to": {"size", "category", "feature", "bp_min"}, "flanked": {"feature", "side"}}
_CATEGORIES = ("WB", "ET", "OT", "MA", "DA")


def is_condition(cond: Any) -> bool:
    """Whether a ``while`` condition is this module's (its shape checked by :func:`ok`)."""
    return isinstance(cond, dict) and len(cond) == 1 and next(iter(cond)) in SPEC_KEYS


def ok(cond: Any) -> bool:
    """``{"next_to": {"size": S, "category": X, "feature": F, "bp_min": N}}`` (each optional, one
    at least) or ``{"flanked": {"feature": F, "side": "own"}}`` (``side`` optional)."""
    if not is_condition(cond):
        return False
    ((key, spec),) = cond.items()
    if not isinstance(spec, dict) or not spec or set(spec) - SPEC_KEYS[key]:
        return False
    if "feature" in spec and not (isinstance(spec["feature"], str) and spec["feature"]):
        return False
    if key == "flanked":
        return "feature" in spec and spec.get("side", "own") == "own"
    return (
        spec.get("size", "S") in ("S", "M", "L")
        and spec.get("category", "OT") in _CATEGORIES
        and (
            "bp_min" not in spec
            or (isinstance(spec["bp_min"], int) and not isinstance(spec["bp_min"], bool))
        )
    )


def _fits(eng: RangersStrikeEngine, unit: Unit, spec: dict[str, Any]) -> bool | None:
    """Whether ``unit`` fits ``spec`` now (None: its BP, which the spec asks about, is not
    known: its two readings fall on both sides)."""
    st = eng.state
    d = st.card(unit.card)
    if not d.is_unit:
        return False
    if "size" in spec and d.size != spec["size"]:
        return False
    if "category" in spec and spec["category"] not in st.unit_categories(unit):
        return False  # RS-ADD-FEATURE: a category added counts too
    if "feature" in spec and spec["feature"] not in st.unit_features(unit):
        return False
    if "bp_min" not in spec:
        return True
    values = {v >= int(spec["bp_min"]) for v in eng.bp_readings(unit)}
    return values.pop() if len(values) == 1 else None


def _across(eng: RangersStrikeEngine, pid: str, right: bool) -> list[tuple[Unit, bool]]:
    """Tag battle: the unit across the join of the leader's and the supporter's battle areas
    (the leader's last unit is left of the supporter's first), a maybe."""
    st = eng.state
    for leader, supporter in st.teams:
        if right and pid == leader and st.players[supporter].battle:
            return [(st.players[supporter].battle[0], False)]
        if not right and pid == supporter and st.players[leader].battle:
            return [(st.players[leader].battle[-1], False)]
    return []


def evaluate(eng: RangersStrikeEngine, unit: Unit, cond: dict[str, Any]) -> tuple[bool, bool, str]:
    """Whether ``cond`` holds for ``unit`` read narrowly and widely (:mod:`neighbours`), and why
    the two may differ, in words ("" when nothing is open)."""
    st = eng.state
    ((key, spec),) = cond.items()
    both = key == "flanked"
    where = st.area_of(unit)
    if where is None:
        return False, False, ""
    pid, area = where
    if area == "rush":
        others = [u for u in st.players[pid].rush if u is not unit]
        maybe = sum(1 for u in others if _fits(eng, u, spec) is not False)
        wide = maybe >= (2 if both else 1)
        why = (
            f"{eng.name(unit.card)} is in {pid}'s rush area, and whether units there stand next "
            "to each other the sources do not say (they give a rush area no order)"
        )
        return False, wide, why if wide else ""
    line = st.players[pid].battle
    i = next(k for k, u in enumerate(line) if u is unit)
    sides = [
        [(line[i - 1], True)] if i > 0 else _across(eng, pid, right=False),
        [(line[i + 1], True)] if i + 1 < len(line) else _across(eng, pid, right=True),
    ]
    states: list[str] = []
    reasons: list[str] = []
    for side in sides:
        state = "no"
        for near, sure in side:
            fits = _fits(eng, near, spec)
            riding = unit.vehicle is not None or near.vehicle is not None
            if fits is True and sure and not riding:
                state = "yes"
                continue
            if fits is False:
                continue
            state = "maybe" if state == "no" else state
            if not sure:
                reasons.append(
                    f"whether {eng.name(near.card)} stands next to it across the leader's and "
                    "the supporter's battle areas the sources do not say (the tag battle rules "
                    "join them into one line for Number Combinations)"
                )
            elif riding:
                reasons.append(
                    "a unit riding a vehicle stands beside it, or it rides one, and where a unit "
                    "riding a vehicle stands the sources do not say"
                )
            else:
                reasons.append(f"{eng.name(near.card)}'s BP is not known")
        states.append(state)
    if both:
        narrow, wide = all(s == "yes" for s in states), all(s != "no" for s in states)
    else:
        narrow, wide = "yes" in states, any(s != "no" for s in states)
    return narrow, wide, "; ".join(reasons) if narrow != wide else ""


def holds(eng: RangersStrikeEngine, unit: Unit, cond: dict[str, Any], wide: bool) -> bool:
    """Whether ``cond`` holds for ``unit`` now, read narrowly or (``wide``) widely."""
    narrow, widely, _ = evaluate(eng, unit, cond)
    return widely if wide else narrow


def at_turn_end(
    eng: RangersStrikeEngine, unit: Unit, cond: dict[str, Any]
) -> tuple[bool | None, str]:
    """Whether ``cond`` holds for ``unit`` as its player ends its turn (the ability it has then:
    RS-NEXT-TO, RS-TURN-END), read narrowly and widely, with the effects until the end of the
    turn and without them (which end first the sources do not say); None when those readings
    disagree, and why, in words."""
    narrow, wide, why = evaluate(eng, unit, cond)
    with turn_effects_gone(eng.state):
        later = evaluate(eng, unit, cond)[:2]
    if narrow != wide:
        return None, why
    if (narrow, wide) != later:
        return None, (
            "a unit beside it has a feature only by an effect until the end of the turn, and "
            "whether that ends before or after the texts of the end of the turn resolve the "
            "sources do not say"
        )
    name = eng.name(unit.card)
    pid = where[0] if (where := eng.state.area_of(unit)) is not None else "its player"
    ((key, spec),) = cond.items()
    whose = f"of {pid}'s " if spec.get("side") == "own" else ""
    said = f"a unit {whose}with the feature {spec.get('feature')}"
    if narrow:
        return True, f"{said} stands on each side of {name}: it has the ability"
    return False, f"{name} does not have {said} on each side: it does not have the ability"


def still_has(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """RS-NEXT-TO: whether the unit still has the ability of the end of its turn it had when the
    effect triggered (the units so described still stand on both sides of it).  Whether an
    effect of an ability it has lost still resolves the sources do not say: not guessed."""
    unit = pe.context.get("unit")
    if unit is None:
        holds, said = None, "its unit is not known"
    else:
        holds, said = at_turn_end(eng, unit, pe.effect["if"])
    if holds is True:
        eng.ctx.ruling(RULE, f"{what}: {said}.")
        return True
    if holds is False:
        said += (
            " any more, and whether an effect of an ability the unit no longer has still resolves "
            "the sources do not say"
        )
    eng.not_guessed(pe, RULE, said, f"{what} is not carried out.")
    return False


def words(cond: dict[str, Any]) -> str:
    """A condition of this module in English ("while …")."""
    ((key, spec),) = cond.items()
    if key == "flanked":
        whose = "a unit of yours" if spec.get("side") == "own" else "a unit"
        return (
            f"while {whose} with the feature {spec['feature']} stands on each side of it in your "
            "battle area"
        )
    bits = [f"size {spec['size']} unit" if "size" in spec else "unit"]
    if "category" in spec:
        bits.append(f"of category {spec['category']}")
    if "feature" in spec:
        bits.append(f"with the feature {spec['feature']}")
    if "bp_min" in spec:
        bits.append(f"{'and' if 'feature' in spec else 'with'} BP {spec['bp_min']} or more")
    return f"while a {' '.join(bits)} stands next to it in its battle area (left or right)"
