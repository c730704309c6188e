"""The ATK and DEF of an entry character (R4U-STAT-FLOOR and the changes that apply to it).

Why apart from the engine: every continuous change that applies is gathered here, in one
order (printed stats, changes until the end of the turn, performances, this attack's changes,
the entry's own continuous abilities, the Rebirth area), and read whenever ATK/DEF is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rebirth import effects
from judge.games.rebirth.during import during, inactive, own_attack, recombo_holds

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def atk_def(eng: RebirthEngine, pid: str) -> tuple[int, int]:
    """The current ATK and DEF of ``pid``'s entry character: printed, effects until the end
    of the turn, its performance while it holds, and the owner's Rebirth area."""
    st = eng.state
    ps = st.players[pid]
    entry = ps.entry
    if entry is None:
        return 0, 0
    # st.card and CardDef.effects_when written out (several calls a read, a few reads an
    # action): the same definitions, and the same effects in the same order (the kept
    # by_when, worked out by _sort_whens at a definition's first ask)
    defs, code_of = st.defs, st.code_of
    d = defs[code_of[entry]]
    atk, dfn = d.atk, d.defence
    for m in ps.entry_mods:
        atk, dfn = atk + m.atk, dfn + m.defence
    # R4U-PERFORMANCE-APPLY (GAP, rule option performance_from): the entry's own
    # performance, and with "field" its members' too; one read from printed text says
    # where it works, whatever the option (R4U-TEXT-PERFORMANCE: "where").  The entry, then
    # each member in its square's order (ps.member_cards(), written out); a card with no
    # performance (most of them, read at every ATK/DEF) costs one look-up and no call, and a
    # member's are read only as far as they may work there: under the option's default,
    # those whose where is "member" (CardDef.member_performance; the walk passes over the rest)
    from_field = eng._from_field
    whens = d.by_when
    if whens is None:
        whens = d._sort_whens()
    perf = whens.get("performance")
    if perf is not None:
        a, b = _performances(eng, pid, perf, "entry", from_field)
        atk, dfn = atk + a, dfn + b
    for slot in ps.members:
        if slot is not None:
            c = defs[code_of[slot.card]]
            mwhens = c.by_when
            if mwhens is None:
                mwhens = c._sort_whens()  # (member_performance set with it)
            perf = mwhens.get("performance") if from_field else c.member_performance
            if perf:
                a, b = _performances(eng, pid, perf, "member", from_field)
                atk, dfn = atk + a, dfn + b
    # "during this attack" (R4U-TEXT-ON-SUPPORT): on_support.attack_mods, written out (its
    # (0, 0) when it does not apply adds nothing; its sums added up as sum() does)
    attack = st.attack
    if (
        attack is not None
        and attack.player == pid
        and attack.entry is not None
        and attack.entry == entry
    ):
        a = b = 0
        for m in attack.mods:
            a += m.atk
        for m in attack.mods:
            b += m.defence
        atk, dfn = atk + a, dfn + b
    for eff in whens.get("continuous", ()):  # R4U-TEXT-OWN-ATTACK
        if (
            effects.supported(eff)
            and inactive(eng, pid, eff) is None
            and own_attack(eff, attack, entry, pid)
        ):
            a, b = effects.mods(eff)
            atk, dfn = atk + a, dfn + b
    for iid in ps.rebirth_area:
        c = defs[code_of[iid]]
        whens = c.by_when
        if whens is None:
            whens = c._sort_whens()
        for eff in whens.get("rebirth_area", ()):
            if effects.supported(eff) and during(eff, attack):
                a, b = effects.mods(eff)
                atk, dfn = atk + a, dfn + b
    if eng._no_floor:  # R4U-STAT-FLOOR (GAP)
        return atk, dfn
    return (atk if atk > 0 else 0), (dfn if dfn > 0 else 0)  # max(…, 0), without the calls


def _performances(
    eng: RebirthEngine,
    pid: str,
    perf: tuple[dict[str, Any], ...],
    place: str,
    from_field: bool,
) -> tuple[int, int]:
    """The (ATK, DEF) change of one card's performances ``perf`` (its ``performance``
    effects, in order, or some of them) for ``pid``'s entry, the card being in ``place``
    (``entry`` or ``member``; ``from_field``: the rule option performance_from is "field"):
    each that works there, is supported and holds."""
    atk = dfn = 0
    for eff in perf:
        where = eff.get("where")
        if where is None and place == "member" and not from_field:
            continue
        if where is not None and where != place:
            continue
        if (
            effects.supported(eff)
            and eng.count_for(pid, eff.get("attribute")) >= eff["count"]
            # (recombo_holds' first test written out: most performances have no 【Reコンボ】)
            and (eff.get("recombo") is None or recombo_holds(eng, pid, eff))
        ):
            a, b = effects.mods(eff)
            atk, dfn = atk + a, dfn + b
    return atk, dfn
