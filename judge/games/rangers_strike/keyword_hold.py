"""Every opposing unit with a keyword held (RS-HOLD-KEYWORD): "レジストまたはウイングを持つ敵軍ユニット
をすべてホールドしてもよい。".

The op ``{"op": "hold_keyword_all", "keywords": ["レジスト", "ウイング"]}``, the one op of an
optional effect (してもよい: all of them, or none): every unit (not a vehicle, RS-VEHICLE) of the
opposing side's rush and battle areas (敵軍ユニット with no area named, RS-SELECT-FIELD; in tag
battle both opposing players', 敵軍 being the opposing team) that has one of the keywords now and
is released becomes held; one held already stays held (RS-HOLD-CHOSEN: a held unit is not held
again).

A unit has ウイング when its card prints it (RS-SELECT-KEYWORD), and レジスト when its card
prints it, the vehicle it rides gives it (RS-RIDER-BP) or its own text gives it now
(RS-WHILE-NAMED) — the units that may resist (RS-RESIST), held or not.  Not guessed (the step
unverifiable, nothing held until an outcome records it): a public card the engine does not read
whose text names one of the keywords beyond its own note (it may give the keyword or take it
away, :func:`judge.games.rangers_strike.keywords.givers`), and a unit whose own text gives it
resist in one reading of tag battle's 自軍 and not in the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import keywords
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-HOLD-KEYWORD"
OP = "hold_keyword_all"
#: the keywords read (the printed "レジストまたはウイング")
READ = ["レジスト", "ウイング"]


def ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """The op as the reader writes it: the one op of an optional effect."""
    return (
        set(op) == {"op", "keywords"}
        and op["keywords"] == READ
        and effect.get("optional") is True
        and effect.get("do") == [op]
    )


def carry_out(eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any], what: str) -> None:
    """Hold every released opposing unit with one of the keywords (module docstring)."""
    st = eng.state
    words = [str(w) for w in op["keywords"]]
    either = "または".join(words)
    giving = [c for w in words for c in keywords.givers(eng, w)]
    if giving:
        names = ", ".join(dict.fromkeys(eng.name(c) for c in giving))
        why = (
            f"{names}, whose text the engine does not read, names {either} and may give it or "
            "take it away: which units have it now is not known"
        )
        eng.not_guessed(pe, RULE, why, f"{what} is not carried out.")
        return
    found: list[tuple[str, str, Unit]] = []
    unknown: list[str] = []
    for pid in eng.opponents(pe.controller):
        for area in ("rush", "battle"):
            for unit in st.players[pid].area(area):
                if not st.card(unit.card).is_unit or unit.held:
                    continue
                has = [keywords.has(eng, unit, w) for w in words]
                if any(has):
                    found.append((pid, area, unit))
                elif None in has:
                    unknown.append(eng.name(unit.card))
    if unknown:
        why = (
            f"whether {', '.join(unknown)} has {either} now is not known: its own text gives it "
            "resist in one reading of 自軍 (the player's own, or the team's) and not in the other"
        )
        eng.not_guessed(pe, RULE, why, f"{what} is not carried out.")
        return
    for pid, _area, unit in found:
        unit.held = True
        eng.event(
            "hold",
            f"{pe.controller} holds {pid}'s {eng.name(unit.card)} (a unit).",
            player=pid,
            card=unit.card,
        )
    held = ", ".join(eng.name(u.card) for _p, _a, u in found) or "none"
    eng.ctx.ruling(
        RULE,
        f"Every released opposing unit with {either} is held ({held}); held, they stay held while "
        "they are units and can no longer resist.",
    )
