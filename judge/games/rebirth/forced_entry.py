"""A skipped ``entry_select`` the rules leave one way (R4U-FORCED-DECISION)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def fill(eng: RebirthEngine, pid: str) -> bool:
    """R4U-FORCED-DECISION: a skipped ``entry_select`` whose deck holds one code of level 2 or
    less character (R4U-SETUP-ENTRY) has one way, that code, and is filled in as it,
    verifiable.  False: it is a choice (or no card can be chosen), left to the log."""
    from judge.games.rebirth.opening import apply_entry_select, check_entry_select

    st = eng.state
    codes = {
        st.code_of[iid]
        for iid in st.players[pid].deck
        if iid is not None and st.card(iid).is_character and st.card(iid).level <= 2
    }
    if len(codes) != 1 or None in st.players[pid].deck:
        return False
    (code,) = codes
    plan = Plan({"p": pid, "do": "entry_select", "card": code}, "entry_select")
    check_entry_select(eng, plan)
    if plan.violations:
        return False
    eng.ctx.ruling(
        "R4U-FORCED-DECISION",
        f"The log records no entry_select by {pid}; its deck holds one character of level 2 or "
        f"less, {code} ({st.defs[code].name}): filled in as its one way, card {code}.",
    )
    apply_entry_select(eng, plan)
    return True
