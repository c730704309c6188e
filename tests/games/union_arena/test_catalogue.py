"""The Union Arena rule catalogue: it loads, and every rule is complete enough to cite."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.core.rules import CONFIDENCE, Catalogue

RULES_TOML = Path(__file__).resolve().parents[3] / "judge" / "games" / "union_arena" / "rules.toml"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue.from_toml_text(RULES_TOML.read_text("utf-8"))


def test_catalogue_loads(catalogue: Catalogue) -> None:
    assert catalogue.game == "union-arena"
    assert catalogue.version == "1"
    assert len(catalogue.rules) > 0


def test_every_rule_is_complete(catalogue: Catalogue) -> None:
    for rule in catalogue.rules.values():
        assert rule.title.strip(), rule.id
        assert rule.text.strip(), rule.id
        assert rule.source.strip(), rule.id
        assert rule.section.strip(), rule.id
        assert rule.confidence in CONFIDENCE, rule.id


def test_rule_ids_are_unique_and_well_formed() -> None:
    ids = re.findall(r'^id = "([^"]*)"', RULES_TOML.read_text("utf-8"), flags=re.MULTILINE)
    assert len(ids) == len(set(ids))
    for rule_id in ids:
        assert re.fullmatch(r"UA-[A-Z0-9-]+", rule_id), rule_id


def test_every_gap_rule_has_an_option(catalogue: Catalogue) -> None:
    with_options = {opt.rule for opt in catalogue.options.values()}
    gaps = [r.id for r in catalogue.rules.values() if r.confidence == "GAP"]
    assert gaps
    assert [rule_id for rule_id in gaps if rule_id not in with_options] == []


def test_option_defaults_are_among_their_choices(catalogue: Catalogue) -> None:
    for opt in catalogue.options.values():
        assert opt.default in opt.choices, opt.name
        assert opt.text.strip(), opt.name
    assert catalogue.resolve_options({}) == {
        "first_turn_no_attack": False,
        "snipe_not_blocked": "triggers",
        "once_per_turn_declined": "not_used",
        "once_name_players": "each",
        "once_name_declined": "not_used",
        "once_name_unmet": "used",
        "ap_less_next_zero": "used",
        "ap_less_next_stack": "all",
        "ap_paid_costs": "not_counted",
        "retired_by_char_costs": "not_counted",
        "retired_by_char_bp_zero": "not_counted",
        "retired_by_char_triggers": "not_counted",
        "entered_by_trigger": "not_counted",
        "rested_by_own_costs": "not_counted",
        "rested_by_own_line": "when_rested",
        "only_if_costs": "before",
        "trigger_no_target": "does_nothing",
        "deck_construction": True,
        "modes_order": "printed",
        "move_line_state": "kept",
        "name_kinds_also": "all",
        "played_by_effect_on_play": "triggers",
        "trigger_where": "resolve",
        "face_down_on_leave": "outside",
        "face_down_on_raid": "stay",
        "both_names_one_card": "apart",
        "bp_per_counted": "once",
    }


def test_deck_rules_are_in_the_catalogue(catalogue: Catalogue) -> None:
    for rule_id in (
        "UA-DECK-SIZE",
        "UA-DECK-AP",
        "UA-DECK-TITLE",
        "UA-DECK-COPIES",
        "UA-DECK-TRIGGERS",
    ):
        assert rule_id in catalogue
