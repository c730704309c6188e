"""The Rangers Strike engine writes out a few of its own methods where they are asked at
every step: that holds only while no variant overrides them."""

from __future__ import annotations

from judge.games.rangers_strike.engine import RangersStrikeEngine
from judge.games.rangers_strike.tag import TagBattleEngine


def test_no_variant_overrides_what_the_engine_writes_out() -> None:
    for cls in (TagBattleEngine, *RangersStrikeEngine.VARIANTS.values()):
        assert cls.can_act is RangersStrikeEngine.can_act, cls
        # (pending and actions.check write out decisions while nothing waits)
        assert cls.decisions is RangersStrikeEngine.decisions, cls
