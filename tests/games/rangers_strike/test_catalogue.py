"""The Rangers Strike rule catalogue: it loads, every rule is complete enough to cite, the ids
come in the game's order, and the tag rules quote the official tag-battle seed faithfully."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.core.rules import CONFIDENCE, Catalogue

ROOT = Path(__file__).resolve().parents[3]
RULES_TOML = ROOT / "judge" / "games" / "rangers_strike" / "rules.toml"
SEED_NAME = "002_889cd4953e6f594a.txt"
SEED = ROOT.parent / "shared" / "seeds" / SEED_NAME

# fmt: off
BASE_IDS = [
    "RS-CARD-TYPES", "RS-CATEGORY", "RS-DECK-SIZE", "RS-DECK-COPIES", "RS-DECK-ANY-COPIES",
    "RS-SETUP-FIRST",
    "RS-SETUP-HAND", "RS-TURN", "RS-FIRST-TURN", "RS-START", "RS-START-DRAW",
    "RS-START-EXTRA-DRAW", "RS-CHARGE", "RS-COMMAND-LIMIT", "RS-POWER", "RS-RUSH",
    "RS-RUSH-ORDER", "RS-RUSH-POWER", "RS-RUSH-COMMAND", "RS-RUSH-CONDITION", "RS-RUSH-DISCARD",
    "RS-RUSH-HOLD", "RS-RUSH-HELD", "RS-CALL", "RS-VEHICLE",
    "RS-RIDE", "RS-RIDER", "RS-RIDE-OFF", "RS-RIDER-COMBINATION", "RS-RIDER-BP",
    "RS-SELECT-VEHICLE",
    "RS-OPERATION", "RS-CHOOSE-ONE", "RS-RESIDENT", "RS-COUNTER", "RS-BATTLE", "RS-BATTLE-ENTER",
    "RS-NUMBER-COMBINATION", "RS-ATTACK", "RS-ATTACK-RESULT", "RS-STRIKE", "RS-STRIKE-DAMAGE",
    "RS-SP-FRACTION", "RS-SP-SPECIAL", "RS-ATTACK-BP", "RS-ATTACK-RUSH-AREA", "RS-COMBINATION-FROM", "RS-SP-EFFECT", "RS-ADD-FEATURE", "RS-CARD-RESTRICTION", "RS-MUST-ENTER",
    "RS-FROM-DISCARD", "RS-FROM-HAND", "RS-DESTROYED-TO-POWER", "RS-RESIST", "RS-WIN-DESTROYED", "RS-HOLD-SELF", "RS-IF-DONE",
    "RS-OPPONENT-CHOOSES", "RS-TO-DAMAGE", "RS-TO-COMMAND", "RS-TOP-TO-COMMAND", "RS-SEARCH-DECK",
    "RS-COMMAND-COST",
    "RS-HOLD-ALL-COMMANDS", "RS-DRAW-PER-UNITS",
    "RS-ONE-ACTION", "RS-DAMAGE", "RS-DAMAGE-CHOICE", "RS-LOSS-DAMAGE", "RS-LOSS-DECK",
    "RS-END", "RS-SIMULTANEOUS", "RS-PHASE", "RS-CARD-IN-ZONE", "RS-REVEAL",
    "RS-EFFECT-TARGETS", "RS-SELECT-UNIT", "RS-SELECT-FIELD", "RS-SELECT-SIZE", "RS-POWER-AT-MOST", "RS-BP-PER", "RS-ENTER-HOLD", "RS-COMBINE-PARTS", "RS-TO-POWER-ZONE", "RS-RESIDENT-TO-DECK", "RS-TO-BATTLE", "RS-REVEAL-TOP", "RS-IF-UNITS", "RS-IF-NAMED", "RS-MAY-ACTIVATE", "RS-SELECT-FEATURE", "RS-HOLD-CHOSEN", "RS-BP-ZERO", "RS-CHOOSE-FIRST", "RS-EITHER-PILE", "RS-WHILE-IN-AREA", "RS-DISCARD-SELF", "RS-RELEASE-COMMAND", "RS-TURN-END", "RS-RELEASE-RIDER", "RS-OPPONENT-RESTRICTION", "RS-DISCARDS-TO-DECKS", "RS-SELF-TO-POWER", "RS-POWER-TO-HAND", "RS-COMMAND-TO-POWER", "RS-SELECT-KEYWORD", "RS-BP-PER-UNITS", "RS-IF-OUTNUMBERED", "RS-BP-PER-DAMAGE", "RS-TURN-END-DESTROY", "RS-WHILE", "RS-HOLD-OWN-COMMANDS", "RS-COMMANDS-TO-HAND", "RS-TO-DECK-BOTTOM", "RS-POWER-TO-RUSH", "RS-IF-ZONES-ALL", "RS-PRINTED-BP", "RS-IF-POWER-NONE", "RS-NEXT-TO", "RS-BP-AT-MOST-THIS", "RS-SCRUM", "RS-LEAD", "RS-TAXIS", "RS-RELEASE-OPPOSING", "RS-POWER-TO-RUSH-AREA", "RS-DAMAGE-TO-HAND", "RS-REVEAL-TO-BOTTOM", "RS-RIDER-TO-HAND", "RS-CARDS-POWER-SUM", "RS-POWER-TO-DISCARD", "RS-SHOW-HAND", "RS-STACK", "RS-STACK-LEAVES", "RS-STACK-STAY", "RS-STACK-STRIKE", "RS-DESTROYS-IN-BATTLE", "RS-IF-BP-NOT-PRINTED", "RS-COMBINATION-TURN", "RS-RIDE-OFF-NUMBER", "RS-DISCARD-COMMAND", "RS-STRIKE-DEALT", "RS-OPPONENT-PICKS-DISCARD", "RS-IF-DESTROYED-THIS-TURN", "RS-VOID-MUST-ENTER", "RS-SELECT-WRITTEN", "RS-IF-BP-HIGHEST", "RS-BARS-OPPOSING", "RS-HELD-NUMBER", "RS-SEARCH-TO-TOP", "RS-COUNT-FACE-UP-POWER", "RS-CHOSEN-BP-SUM", "RS-DISCARD-HELD-COMMAND", "RS-IF-NONE-WITH-FEATURE", "RS-SEARCH-DISTINCT-NAMES", "RS-RESIDENT-SCRUM", "RS-BP-PER-VEHICLE-POWER", "RS-POWER-CHOICE-TO-RUSH", "RS-SHIELDS-OWN", "RS-AS-OWN-EFFECT", "RS-HOLD-NAMED-COMMAND", "RS-IF-HELD-FEATURE", "RS-OPPONENT-RETURNS-POWER", "RS-BARS-ENTERING", "RS-OPPOSING-RUSHED", "RS-HAND-TO-RUSH", "RS-NAMESAKE-HOLD", "RS-ATTACK-AGAIN", "RS-DISCARD-NAMESAKE", "RS-WHILE-NAMED", "RS-RESIDENT-ENTERED", "RS-HAND-POWER-BELOW", "RS-BP-PAIR-TO-COMMAND", "RS-NEXT-TURN-SHIELD", "RS-PLACED-HELD", "RS-DESTROY-BP-TOTAL", "RS-GATHER-NAMED", "RS-COMMAND-HELD-WATCH", "RS-LOOK-OPPONENT-HAND", "RS-HOLD-OR-DESTROY-SELF", "RS-RUSH-HELD-DISCARD", "RS-WAIVE-CONDITION", "RS-SHOW-FOR-NAMED-EFFECT", "RS-CROSS", "RS-DISCARD-BP-CROSS", "RS-COMMAND-FEATURES", "RS-REVEAL-RETURN-TO-HAND", "RS-STRIKE-SP-RETRIEVED", "RS-DISCARD-UNPOWERED", "RS-TURN-END-HELD-TO-HAND", "RS-NEXT-COMBINATION", "RS-REVEALED-NUMBER", "RS-OPPONENT-SEARCH", "RS-FEATURE-DESTROYS-DRAW", "RS-ADDED-TO-BOTTOM", "RS-RUSHED-HAND-CYCLE", "RS-REVEAL-EITHER-DECK", "RS-ACTIVATE", "RS-SEARCH-EITHER-NAME", "RS-ATTACK-CHOSEN", "RS-COUNTER-NAMESAKE-SEARCH", "RS-SEARCH-TO-COMMAND", "RS-LOOK-TOP-CATEGORY", "RS-COMMAND-TO-RUSH-SELF", "RS-SELECT-BP-EXACT", "RS-SHOWN-NUMBERS-BP", "RS-MORPH", "RS-VEHICLE-TO-POWER", "RS-ALL-TO-COMMAND", "RS-WING", "RS-RUSH-GUARD", "RS-HOLD-KEYWORD", "RS-RELEASE-TIMES", "RS-RETURN-PULL", "RS-NOT-ATTACKED-WITH-OWN", "RS-NEXT-TO-BP", "RS-BP-PER-COMMANDS", "RS-WHILE-OPPOSING-SIZE", "RS-BP-LOWEST", "RS-AURA-BP", "RS-SOUL-NC", "RS-PLACED-HELD-WATCH", "RS-SELECT-RIDING", "RS-SELF-COST-TO-COMMAND", "RS-HELD-AURA-BP", "RS-ATTACK-BP-EITHER", "RS-TAG", "RS-TAG-HELD-ENTERED", "RS-IF-OPPOSING-ONLY-SIZE", "RS-RETURN-HOLD-PULL", "RS-TURN-END-HELD-DISCARD", "RS-RESIST-TO-DAMAGE", "RS-TAG-ONCE", "RS-TURN-FEATURE", "RS-BARS-RUSHED", "RS-USABLE-AS", "RS-EFFECT-UNSUPPORTED", "RS-OUTCOME",
    "RS-CHOICE-RECORDED", "RS-FORCED-DECISION", "RS-CONCEDE", "RS-IMPORT", "RS-TEXT-READ",
    "RS-TEXT-UNREAD",
]
TAG_IDS = [
    "RST-SEATING", "RST-SHARED-INFO", "RST-COMMAND", "RST-LEND-COMMAND", "RST-POWER",
    "RST-DAMAGE", "RST-OUT", "RST-PASSIVE", "RST-LOSS", "RST-RESIDENT", "RST-RESIDENT-TAG",
    "RST-PHASES", "RST-TARGET-PLAYER", "RST-ATTACK", "RST-STRIKE-ASSIGN", "RST-COMBINATION",
    "RST-LEND-UNIT",
]
# fmt: on
#: Conventions of the engine and the log format, not rules of the game.
ENGINE_IDS = {
    "RS-RUSH-ORDER",
    "RS-PHASE",
    "RS-CARD-IN-ZONE",
    "RS-REVEAL",
    "RS-EFFECT-TARGETS",
    "RS-EFFECT-UNSUPPORTED",
    "RS-OUTCOME",
    "RS-CHOICE-RECORDED",
    "RS-FORCED-DECISION",
    "RS-CONCEDE",
    "RS-SELECT-UNIT",
    "RS-IMPORT",
    "RS-TEXT-READ",
    "RS-TEXT-UNREAD",
}
#: Base rules read in official text: the seed (which restates some) or the official card Q&A.
OFFICIAL_BASE_IDS = {
    "RS-CARD-TYPES",
    "RS-COUNTER",
    "RS-SIMULTANEOUS",
    "RS-ENTER-HOLD",
    "RS-TO-POWER-ZONE",
    "RS-RIDE",
}
#: How a rule cites the tag-battle seed (the official tag rules, in Japanese).
SEED_CITATION = f"Rangers Strike tag battle rules (seed {SEED_NAME}), 【"
GAP_IDS = {
    "RS-STRIKE-DAMAGE",
    "RS-DESTROYED-TO-POWER",
    "RS-OPPONENT-CHOOSES",
}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue.from_toml_text(RULES_TOML.read_text("utf-8"))


def test_catalogue_loads(catalogue: Catalogue) -> None:
    assert catalogue.game == "rangers-strike"
    assert catalogue.version == "1"
    assert len(catalogue.rules) == len(BASE_IDS) + len(TAG_IDS) == 261


def test_rule_ids_come_in_the_games_order(catalogue: Catalogue) -> None:
    assert list(catalogue.rules) == BASE_IDS + TAG_IDS


def test_every_rule_is_complete(catalogue: Catalogue) -> None:
    for rule in catalogue.rules.values():
        assert rule.title.strip(), rule.id
        assert rule.text.strip(), rule.id
        assert rule.source.strip(), rule.id
        assert rule.section.strip(), rule.id
        assert rule.confidence in CONFIDENCE, rule.id
    assert all(r.section == "Tag battle" for r in catalogue.rules.values() if r.id in TAG_IDS)


def test_rule_ids_are_unique_and_well_formed() -> None:
    ids = re.findall(r'^id = "([^"]*)"', RULES_TOML.read_text("utf-8"), flags=re.MULTILINE)
    assert len(ids) == len(set(ids))
    for rule_id in ids:
        assert re.fullmatch(r"RST?-[A-Z0-9-]+", rule_id), rule_id


def test_confidence_labels_follow_the_sources(catalogue: Catalogue) -> None:
    by_label: dict[str, set[str]] = {}
    for rule in catalogue.rules.values():
        by_label.setdefault(rule.confidence, set()).add(rule.id)
    assert by_label["ENGINE"] == ENGINE_IDS
    assert by_label["GAP"] == GAP_IDS
    # The tag layer is the official seed, quoted; the base game is the fan summary.
    assert by_label["OFF"] == set(TAG_IDS) - GAP_IDS | OFFICIAL_BASE_IDS
    assert by_label["FAN"] == set(BASE_IDS) - ENGINE_IDS - GAP_IDS - OFFICIAL_BASE_IDS
    for rule_id in TAG_IDS:
        assert catalogue[rule_id].source.startswith(SEED_CITATION), rule_id
    for rule in catalogue.rules.values():
        if rule.confidence == "FAN":
            assert "(FAN)" in rule.source, rule.id
        if rule.id in OFFICIAL_BASE_IDS:
            assert "official card Q&A" in rule.source or SEED_CITATION in rule.source, rule.id


def test_sources_name_primary_documents_not_project_pages(catalogue: Catalogue) -> None:
    for rule in catalogue.rules.values():
        assert "shared/rules/README.md" not in rule.source, rule.id
        assert "docs/" not in rule.source.replace("docs/wiki/", ""), rule.id


def test_every_gap_rule_has_an_option(catalogue: Catalogue) -> None:
    with_options = {opt.rule for opt in catalogue.options.values()}
    gaps = [r.id for r in catalogue.rules.values() if r.confidence == "GAP"]
    assert gaps
    assert [rule_id for rule_id in gaps if rule_id not in with_options] == []
    for opt in catalogue.options.values():
        if opt.kind == "format":  # a switch for other formats, on an official rule
            continue
        assert "GAP" in catalogue[opt.rule].source or catalogue[opt.rule].confidence == "GAP"
        assert opt.name in catalogue[opt.rule].text, opt.name


def test_option_defaults_are_among_their_choices(catalogue: Catalogue) -> None:
    for opt in catalogue.options.values():
        assert opt.default in opt.choices, opt.name
        assert opt.text.strip(), opt.name
    assert catalogue.resolve_options({}) == {
        "strike_damage": "sp",
        "strike_to_out_player": False,
        "deck_construction": True,
        "assigned_damage_overflow": "stays",
        "sp_fraction_count": "team",
        "taxis_position": "printed",
        "to_power_face": "up",
        "toll_after_fallback": "effect",
        "tag_opponent": "target_player",
    }
    assert catalogue.options["strike_damage"].choices == ("sp", "one")
    assert catalogue.options["strike_damage"].rule == "RS-STRIKE-DAMAGE"
    assert "vehicle_bp" not in catalogue.options  # a vehicle has no BP (RS-VEHICLE)
    # RST-RESIDENT-TAG: the widening reading, and its option, are withdrawn
    assert "resident_tag" not in catalogue.options
    assert catalogue.options["strike_to_out_player"].rule == "RST-STRIKE-ASSIGN"


def test_deck_rules_are_in_the_catalogue(catalogue: Catalogue) -> None:
    for rule_id in ("RS-CARD-TYPES", "RS-DECK-SIZE", "RS-DECK-COPIES"):
        assert rule_id in catalogue


def test_rule_text_cites_only_known_rule_ids(catalogue: Catalogue) -> None:
    for rule in catalogue.rules.values():
        for cited in re.findall(r"\bRST?-[A-Z][A-Z0-9-]*[A-Z0-9]\b", rule.text):
            assert cited in catalogue, (rule.id, cited)


def _japanese_quotes(source: str) -> list[str]:
    """The seed phrases a source quotes: its 【headings】 and the Japanese parts of its "…"."""
    phrases = re.findall(r"【[^】]+】", source)
    for quoted in re.findall(r'"([^"]*)"', source):
        if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", quoted):
            phrases += [part.strip() for part in quoted.split("…") if part.strip()]
    return phrases


@pytest.mark.skipif(not SEED.exists(), reason="the shared seeds are not beside the checkout")
def test_seed_quotes_are_verbatim(catalogue: Catalogue) -> None:
    # a quoted passage may run over one of the seed's line breaks
    seed = SEED.read_text("utf-8").replace("\n", "")
    quoted = 0
    for rule in catalogue.rules.values():
        if SEED_NAME not in rule.source:
            continue
        seed_part = rule.source[rule.source.index(SEED_NAME) :].split("; ")[0]
        for phrase in _japanese_quotes(seed_part):
            assert phrase in seed, (rule.id, phrase)
            quoted += 1
    assert quoted >= len(TAG_IDS)
