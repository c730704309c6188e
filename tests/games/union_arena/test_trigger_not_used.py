"""A recorded choice the rules do not allow is illegal, never dropped quietly (issue 27): a
``trigger`` or a ``resolve`` recorded as not used (``use: false``) chooses nothing, so a record
of it naming targets is illegal, citing the
trigger's rule (UA-TRG-*) or UA-EFFECT-TARGETS; the choice is not carried out."""

from __future__ import annotations

from typing import Any

from judge.core.testing import rules_broken, verdict
from judge.games.union_arena import testing as ua

ATK = ua.free_character("T-ATK", bp=5000)
SPECIAL = ua.card("T-SPC", trigger="special")
STRIKER = ua.card(
    "T-233",
    name="Striker",
    ap=0,
    bp=3000,
    effects=[
        {
            "when": "on_attack",
            "optional": True,
            "do": [{"op": "rest", "target": {"side": "opponent", "zone": "front_line"}}],
        }
    ],
)


def special_not_used(**fields: Any) -> tuple[ua.LogBuilder, int]:
    """A's character attacks B; the picked life card is a SPECIAL trigger, which B records as
    not used, with ``fields``."""
    b = ua.board_at_turn_3([ATK, SPECIAL], ["T-ATK"], ["T-SPC"], a_front=("A-1",))
    b.attack("A", "A-1").block("B", None).act("A", "pick_life", cards=[1], reveal=["T-SPC"])
    b.act("B", "trigger", card="T-SPC", use=False, **fields)
    return b, b.last


def test_UA_CHOICE_RECORDED_a_trigger_not_used_names_no_targets() -> None:
    """UA-DMG-TRIGGERS: "Using a trigger is optional"; UA-TRG-SPECIAL: "choose one character in
    the opponent's front line and put it into the outside area".  Not used, the trigger chooses
    nothing: `use: false` naming A-1 records a choice that cannot happen, illegal under the
    trigger's rule (UA-TRG-SPECIAL), and A-1 stays; `use: false` with no targets is legal."""
    b, at = special_not_used(targets=["A-1"])
    r = b.replay()
    assert verdict(r, at) == "illegal"
    assert rules_broken(r, at) == ["UA-TRG-SPECIAL"]
    message = r["steps"][at]["violations"][0]["message"]
    assert "a trigger not used chooses nothing, but the log names `targets`" in message
    assert ua.field_ids(r, "A", "front_line", at) == ["A-1"]
    for fields in ({}, {"targets": []}):
        b2, at2 = special_not_used(**fields)
        assert verdict(b2.replay(), at2) == "legal"


def test_UA_EFFECT_TARGETS_a_resolve_not_used_names_no_targets() -> None:
    """UA-EFFECT-TARGETS: "The targets chosen for an effect must be what its text asks for";
    an optional effect not used (`use: false`) asks for none: a record naming B-5 is illegal,
    and B-5 stays active; not used with no targets is legal."""

    def log(**fields: Any) -> tuple[ua.LogBuilder, int]:
        b = ua.board_at_turn_3(
            [STRIKER, ATK], ["T-233"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",)
        )
        b.attack("A", "A-1").act("A", "resolve", source="A-1", use=False, **fields)
        return b, b.last

    b, at = log(targets=["B-1"])
    r = b.replay()
    assert rules_broken(r, at) == ["UA-EFFECT-TARGETS"]
    assert "an effect not used takes no targets" in r["steps"][at]["violations"][0]["message"]
    assert ua.field_unit(r, "B", "B-1", at)["rested"] is False
    b2, at2 = log()
    assert verdict(b2.replay(), at2) == "legal"
