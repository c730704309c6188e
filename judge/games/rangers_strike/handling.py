"""What every Rangers Strike action handler shares: the log path of an action's field, the
agenda's next step, and the decisions of each phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: the kinds of decision the turn player may record in each phase (none in the others), for
#: the engine's ``decisions`` and the checks that write it out
PHASE_DECISIONS = {
    "charge": ("charge", "proceed"),
    "rush": ("rush", "use", "activate", "board", "proceed"),
    "battle": ("enter", "ride_off", "attack", "strike", "proceed"),
}


def _path(eng: RangersStrikeEngine, field: str) -> str:
    return f"actions[{eng.ctx.index}].{field}"


def _head(eng: RangersStrikeEngine) -> tuple[str, dict[str, Any]]:
    st = eng.state
    return st.agenda[0] if st.agenda else ("", {})
