"""What every Rangers Strike action handler shares: the log path of an action's field and
the agenda's next step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


def _path(eng: RangersStrikeEngine, field: str) -> str:
    return f"actions[{eng.ctx.index}].{field}"


def _head(eng: RangersStrikeEngine) -> tuple[str, dict[str, Any]]:
    st = eng.state
    return st.agenda[0] if st.agenda else ("", {})
