"""A trigger that chooses a card, used when no card qualifies (UA-TRG-NO-TARGET, GAP, rule
option trigger_no_target): by default it is legal and does nothing; a target that does not
qualify stays illegal; with "cannot_use" the use is illegal under the trigger's rule."""

from __future__ import annotations

from typing import Any

from judge.core.testing import rules_applied, rules_broken, ruling_texts, verdict
from judge.games.union_arena import testing as ua

ATK = ua.free_character("T-ATK", bp=5000)
ACTIVE = ua.card("T-ACT", trigger="active")
RED = ua.card("T-RED", color="red", trigger="color")


def life_trigger(code: str, options: dict[str, Any] | None = None, **use: Any) -> Any:
    """A's 5000 BP character attacks B, who has no character; the picked life card is ``code``,
    and B uses its trigger as ``use`` says."""
    b = ua.board_at_turn_3(
        [ATK, ACTIVE, RED], ["T-ATK"], ["T-ACT", "T-RED"], a_front=("A-1",), options=options
    )
    b.attack("A", "A-1").block("B", None).act("A", "pick_life", cards=[1], reveal=[code])
    b.act("B", "trigger", card=code, use=True, **use)
    return b, b.last


def test_UA_TRG_NO_TARGET_an_active_trigger_with_no_character_of_yours_does_nothing() -> None:
    """UA-TRG-NO-TARGET: "rule option trigger_no_target: "does_nothing" (the default) lets it be
    used, choosing nothing and doing nothing".  ACTIVE: "choose one of your characters" — B has
    none: the use is legal, with the ruling naming the option."""
    b, at = life_trigger("T-ACT", targets=[])
    r = b.replay()
    assert verdict(r, at) == "legal"
    assert "UA-TRG-NO-TARGET" in rules_applied(r, at)
    assert "so using it does nothing (rule option trigger_no_target does_nothing)" in " ".join(
        ruling_texts(r, at)
    )


def test_UA_TRG_NO_TARGET_a_red_color_trigger_with_no_character_of_bp_2500_or_less() -> None:
    """COLOR (red): "put one character in the opponent's front line with BP 2500 or less into
    the outside area"; A's only one has BP 5000: used with no target, legal, nothing happens;
    naming A's 5000 BP character ("a target that does not qualify is illegal") breaks
    UA-TRG-COLOR."""
    b, at = life_trigger("T-RED", targets=[])
    r = b.replay()
    assert verdict(r, at) == "legal" and "UA-TRG-NO-TARGET" in rules_applied(r, at)
    assert ua.field_ids(r, "A", "front_line", at) == ["A-1"]
    b2, at2 = life_trigger("T-RED", targets=["A-1"])
    r2 = b2.replay()
    assert rules_broken(r2, at2) == ["UA-TRG-COLOR"]


def test_UA_TRG_NO_TARGET_cannot_use_makes_a_use_with_no_target_illegal() -> None:
    """Rule option trigger_no_target "cannot_use": "such a use is illegal under the trigger's
    rule (it needs its target)"."""
    b, at = life_trigger("T-ACT", options={"trigger_no_target": "cannot_use"}, targets=[])
    r = b.replay()
    assert rules_broken(r, at) == ["UA-TRG-ACTIVE"]
    assert "needs 1 target" in r["steps"][at]["violations"][0]["message"]
