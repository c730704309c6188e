"""The ATK and DEF of an entry character (R4U-STAT-FLOOR and the changes that apply to it).

Why apart from the engine: every continuous change that applies is gathered here, in one
order (printed stats, changes until the end of the turn, performances, this attack's changes,
the entry's own continuous abilities, the Rebirth area), and read whenever ATK/DEF is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.games.rebirth import effects, on_support
from judge.games.rebirth.during import during, inactive, own_attack, recombo_holds

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def atk_def(eng: RebirthEngine, pid: str) -> tuple[int, int]:
    """The current ATK and DEF of ``pid``'s entry character: printed, effects until the end
    of the turn, its performance while it holds, and the owner's Rebirth area."""
    st = eng.state
    ps = st.players[pid]
    if ps.entry is None:
        return 0, 0
    d = st.card(ps.entry)
    atk, dfn = d.atk, d.defence
    for m in ps.entry_mods:
        atk, dfn = atk + m.atk, dfn + m.defence
    # R4U-PERFORMANCE-APPLY (GAP, rule option performance_from): the entry's own
    # performance, and with "field" its members' too; one read from printed text says
    # where it works, whatever the option (R4U-TEXT-PERFORMANCE: "where")
    from_field = eng.options.get("performance_from") == "field"
    for iid in [ps.entry, *ps.member_cards()]:
        place = "entry" if iid == ps.entry else "member"
        for eff in st.card(iid).effects_when("performance"):
            where = eff.get("where")
            if where is None and place == "member" and not from_field:
                continue
            if where is not None and where != place:
                continue
            if (
                effects.supported(eff)
                and eng.count_for(pid, eff.get("attribute")) >= eff["count"]
                and recombo_holds(eng, pid, eff)
            ):
                a, b = effects.mods(eff)
                atk, dfn = atk + a, dfn + b
    a, b = on_support.attack_mods(eng, pid)  # "during this attack" (R4U-TEXT-ON-SUPPORT)
    atk, dfn = atk + a, dfn + b
    for eff in d.effects_when("continuous"):  # R4U-TEXT-OWN-ATTACK
        if (
            effects.supported(eff)
            and inactive(eng, pid, eff) is None
            and own_attack(eff, st.attack, ps.entry, pid)
        ):
            a, b = effects.mods(eff)
            atk, dfn = atk + a, dfn + b
    for iid in ps.rebirth_area:
        for eff in st.card(iid).effects_when("rebirth_area"):
            if effects.supported(eff) and during(eff, st.attack):
                a, b = effects.mods(eff)
                atk, dfn = atk + a, dfn + b
    if eng.options.get("stat_floor") == "none":  # R4U-STAT-FLOOR (GAP)
        return atk, dfn
    return max(atk, 0), max(dfn, 0)
