"""The action log's schemas: shapes, references, error paths, the generated JSON Schema."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from judge.core import cards as core_cards
from judge.core.errors import BadLog, FieldError
from judge.core.log import ActionLog, parse_log
from schemas import action_log as action_log_module
from schemas.action_log import validate_log
from schemas.jsonschema import DIALECT, action_log_json_schema
from schemas.union_arena import ACTIONS, ZONES

# the contract's example logs, copied unchanged into the repository (see test_spec_examples)
EXAMPLES = Path(__file__).resolve().parent / "spec_examples"
UA_EXAMPLES = sorted(
    p for p in (EXAMPLES / "union-arena").glob("*.json") if p.name != "expected.json"
)
needs_examples = pytest.mark.skipif(
    not UA_EXAMPLES, reason=f"the contract's example logs are not at {EXAMPLES / 'union-arena'}"
)

try:
    import jsonschema
except ImportError:  # pragma: no cover - jsonschema is in the test extra
    jsonschema = None
needs_jsonschema = pytest.mark.skipif(jsonschema is None, reason="jsonschema is not installed")


# --------------------------------------------------------------------------------------------
# A small, complete log of our own (every action kind), independent of shared/
# --------------------------------------------------------------------------------------------


def _card(code: str, kind: str = "character", **extra: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "code": code,
        "name": f"Card {code}",
        "type": kind,
        "title": "TST",
        "number": code,
    }
    if kind != "ap":
        card.update(color="red", energy={"red": 1}, ap=1, generates={"red": 1})
    if kind == "character":
        card["bp"] = 2000
    card.update(extra)
    return card


CARDS = [
    _card("TST-001", keywords=["step", "impact 1"], trigger="draw"),
    _card("TST-002", keywords=["snipe", "damage +2", "nullify impact"]),
    _card("TST-003", raid={"onto": {"name": "Card TST-001"}}, trigger="raid"),
    _card("TST-004", "field"),
    _card("TST-005", "event", effects=[{"do": "draw", "n": 1}]),
    {"code": "TST-AP", "name": "Action Point", "type": "ap", "title": "TST", "number": "TST-AP"},
]
MAIN = [c["code"] for c in CARDS[:5] for _ in range(10)]  # 50 cards

ALL_KINDS = [
    {"p": "B", "do": "first_player", "first": "A"},
    {"p": "A", "do": "mulligan", "redraw": False},
    {"p": "B", "do": "mulligan", "redraw": True},
    {"p": "A", "do": "proceed", "note": "nothing to move"},
    {"p": "A", "do": "play", "card": "A-1", "to": "energy_line"},
    {"p": "A", "do": "play", "card": "TST-005", "targets": ["player", {"player": "B"}, "B-2"]},
    {"p": "A", "do": "play", "card": {"code": "TST-001", "zone": "hand"}, "to": "front_line"},
    {"p": "A", "do": "raid", "card": "TST-003", "onto": "A-1", "to_front_line": True},
    {"p": "A", "do": "activate", "card": "A-11", "ability": 1, "costs": {"discard": ["A-2"]}},
    {"p": "A", "do": "resolve", "source": "A-11", "use": True, "order": ["A-3", "A-4"]},
    {"p": "A", "do": "proceed"},
    {"p": "A", "do": "attack", "card": "A-1", "target": "player"},
    {"p": "B", "do": "block", "card": None},
    {"p": "A", "do": "pick_life", "cards": [1, 3], "reveal": ["TST-001", "TST-004"]},
    {"p": "B", "do": "trigger", "card": "TST-001", "use": False},
    {
        "p": "A",
        "do": "attack",
        "card": "A-AP1",
        "target": {"code": "TST-002", "zone": "front_line"},
    },
    {"p": "B", "do": "block", "card": "B-50"},
    {"p": "A", "do": "proceed"},
    {"p": "B", "do": "extra_draw"},
    {"p": "B", "do": "move", "cards": ["B-1"], "step_back": ["B-2"], "remove": ["B-3"]},
    {"p": "B", "do": "discard_to_limit", "cards": ["B-4"]},
    {
        "p": "B",
        "do": "outcome",
        "source": "B-5",
        "ops": [
            {"op": "move", "card": "B-6", "from": "deck", "to": "hand"},
            {"op": "bp", "card": "B-5", "amount": 3000, "until": "turn"},
            {"op": "rest", "card": "B-5"},
            {"op": "activate", "card": "B-5", "player": "B"},
            {"op": "draw", "n": 1},
            {"op": "discard", "cards": ["B-7"]},
            {"op": "reveal", "cards": ["TST-001"], "from": "hand"},
            {"op": "damage", "n": 1, "player": "A"},
            {"op": "life", "n": 1},
        ],
    },
    {"p": "B", "do": "concede"},
]

BASE: dict[str, Any] = {
    "format": "judge-action-log/1",
    "game": "union-arena",
    "variant": None,
    "rule_options": {"strict_timing": True},
    "match": {"event": "test", "round": 1, "anything": {"goes": ["here"]}},
    "players": [{"id": "A", "name": "Mio"}, {"id": "B"}],
    "cards": CARDS,
    "decks": {
        "A": {"main": MAIN, "ap": ["TST-AP"] * 3},
        "B": {"main": MAIN, "ap": ["TST-AP"] * 3},
    },
    "hidden": {"mode": "seeded", "seed": "9f1c2a"},
    "actions": ALL_KINDS,
    "checkpoints": [{"after": 3, "state_sha256": "ab" * 32}],
}


def log(**changes: Any) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    doc.update(copy.deepcopy(changes))
    return doc


def with_action(index: int, action: dict[str, Any]) -> dict[str, Any]:
    doc = log()
    doc["actions"][index] = action
    return doc


def errors_of(doc: dict[str, Any]) -> list[FieldError]:
    errors, parsed = validate_log(doc)
    assert errors, "expected the log to be refused"
    assert parsed is None
    return errors


def messages_at(doc: dict[str, Any], path: str) -> list[str]:
    errors = errors_of(doc)
    found = [e.message for e in errors if e.path == path]
    assert found, f"no error at {path!r}; got {[str(e) for e in errors]}"
    return found


def message_at(doc: dict[str, Any], path: str) -> str:
    return " | ".join(messages_at(doc, path))


# --------------------------------------------------------------------------------------------
# Valid logs
# --------------------------------------------------------------------------------------------


@needs_examples
@pytest.mark.parametrize("path", UA_EXAMPLES, ids=lambda p: p.stem)
def test_contract_examples_validate(path: Path) -> None:
    text = path.read_text("utf-8")
    errors, parsed = validate_log(json.loads(text))
    assert errors == []
    assert isinstance(parsed, ActionLog)
    via_text = parse_log(text)
    assert via_text.game == "union-arena"
    assert via_text.player_ids == ["A", "B"]
    assert len(via_text.actions) == len(json.loads(text)["actions"])
    assert via_text.document == json.loads(text)


def test_own_log_with_every_action_kind_validates() -> None:
    errors, parsed = validate_log(log())
    assert errors == []
    assert parsed is not None
    assert {a["do"] for a in parsed.actions} == set(ACTIONS)
    assert parsed.player_ids == ["A", "B"]
    assert parsed.checkpoints == [{"after": 3, "state_sha256": "ab" * 32}]
    assert parsed.match == BASE["match"]
    assert parsed.rule_options == {"strict_timing": True}
    assert parsed.hidden == {"mode": "seeded", "seed": "9f1c2a"}
    assert parsed.teams is None
    assert parsed.actions[3]["note"] == "nothing to move"
    assert parsed.document == BASE


def test_defaults_of_omitted_fields() -> None:
    minimal = {
        key: value
        for key, value in log().items()
        if key not in {"variant", "rule_options", "match", "checkpoints"}
    }
    minimal["actions"] = [
        {"p": "A", "do": "move"},
        {"p": "A", "do": "play", "card": "TST-005"},
        {"p": "A", "do": "raid", "card": "TST-003", "onto": "A-1"},
        {"p": "A", "do": "activate", "card": "A-11", "ability": 2},
        {"p": "A", "do": "resolve", "source": "A-11"},
        {"p": "A", "do": "pick_life", "cards": [2]},
        {"p": "B", "do": "trigger", "card": "B-1", "use": True},
    ]
    errors, parsed = validate_log(minimal)
    assert errors == []
    assert parsed is not None
    assert (parsed.variant, parsed.rule_options, parsed.match, parsed.checkpoints) == (
        None,
        {},
        {},
        [],
    )
    assert parsed.card_sets == []
    move, play, raid, activate, resolve, pick, trigger = parsed.actions
    assert move == {"p": "A", "do": "move", "cards": [], "step_back": [], "remove": []}
    assert play["to"] is None and play["remove"] == [] and play["targets"] == []
    assert raid["to_front_line"] is False and raid["remove"] is None
    assert activate["costs"] == {"discard": []} and activate["targets"] == []
    assert resolve["use"] is None and resolve["targets"] == [] and resolve["order"] == []
    assert pick["reveal"] is None
    assert trigger["targets"] == []
    assert "note" not in move

    ap_card = parsed.cards["TST-AP"]
    assert ap_card == {
        "code": "TST-AP",
        "name": "Action Point",
        "type": "ap",
        "title": "TST",
        "number": "TST-AP",
        "color": None,
        "energy": {},
        "ap": 0,
        "bp": None,
        "generates": {},
        "traits": [],
        "keywords": [],
        "trigger": None,
        "raid": None,
        "effects": [],
    }
    assert parsed.cards["TST-005"]["bp"] is None
    assert parsed.cards["TST-004"]["generates"] == {"red": 1}


def test_instance_ids_at_the_ends_of_the_lists_are_in_range() -> None:
    doc = with_action(4, {"p": "A", "do": "play", "card": "A-50", "remove": ["B-AP3", "A-AP1"]})
    assert validate_log(doc)[0] == []


# --------------------------------------------------------------------------------------------
# Bad input, one problem at a time
# --------------------------------------------------------------------------------------------


def test_truncated_json() -> None:
    text = json.dumps(log())[:-40]
    with pytest.raises(BadLog) as caught:
        parse_log(text)
    (error,) = caught.value.errors
    assert error.path == ""
    assert "malformed JSON at line 1" in error.message


def test_not_an_object() -> None:
    assert validate_log([1, 2])[0] == [FieldError("", "a log is a JSON object")]  # type: ignore[arg-type]


def test_unknown_action_kind() -> None:
    message = message_at(with_action(5, {"p": "A", "do": "dance"}), "actions[5].do")
    assert "unknown action kind 'dance'" in message
    assert "must be one of: first_player, mulligan, extra_draw, move, play" in message
    assert "concede" in message


def test_missing_or_non_string_action_kind() -> None:
    assert "required field is missing" in message_at(with_action(2, {"p": "A"}), "actions[2].do")
    assert "must be a string" in message_at(with_action(2, {"p": "A", "do": 3}), "actions[2].do")
    assert message_at(with_action(2, []), "actions[2]") == "must be an object"  # type: ignore[arg-type]


def test_unknown_field_in_an_action() -> None:
    doc = with_action(4, {"p": "A", "do": "play", "card": "A-1", "colour": "red"})
    message = message_at(doc, "actions[4].colour")
    assert message.startswith("unknown field")
    assert "card" in message and "targets" in message


def test_unknown_fields_anywhere_but_match() -> None:
    doc = log(extra=1, hidden={"mode": "observed", "seed": "x"})
    doc["players"][0]["elo"] = 1500
    doc["cards"][0]["rarity"] = "SR"
    doc["decks"]["A"]["side"] = []
    doc["checkpoints"][0]["time"] = 3
    errors = {e.path for e in errors_of(doc)}
    assert {
        "extra",
        "hidden.seed",
        "players[0].elo",
        "cards[0].rarity",
        "decks.A.side",
        "checkpoints[0].time",
    } <= errors


def test_unknown_card_code_in_a_deck() -> None:
    doc = log()
    doc["decks"]["A"]["main"][3] = "XYZ-001"
    assert message_at(doc, "decks.A.main[3]") == (
        "unknown card code 'XYZ-001' (not in cards or card_sets)"
    )


def test_unknown_card_code_in_an_action() -> None:
    doc = with_action(4, {"p": "A", "do": "play", "card": "XYZ-001", "to": "energy_line"})
    assert message_at(doc, "actions[4].card") == (
        "unknown card code 'XYZ-001' (not in cards or card_sets)"
    )
    zoned = with_action(4, {"p": "A", "do": "play", "card": {"code": "XYZ-001", "zone": "hand"}})
    assert "unknown card code 'XYZ-001'" in message_at(zoned, "actions[4].card.code")
    revealed = with_action(13, {"p": "A", "do": "pick_life", "cards": [1], "reveal": ["NOPE"]})
    assert "unknown card code 'NOPE'" in message_at(revealed, "actions[13].reveal[0]")


def test_wrong_player_id() -> None:
    doc = with_action(3, {"p": "P3", "do": "proceed"})
    assert message_at(doc, "actions[3].p") == "player 'P3' is not among players (A, B)"
    first = with_action(0, {"p": "B", "do": "first_player", "first": "C"})
    assert message_at(first, "actions[0].first") == "player 'C' is not among players (A, B)"
    target = with_action(5, {"p": "A", "do": "play", "card": "A-1", "targets": [{"player": "Z"}]})
    assert "player 'Z' is not among players" in message_at(target, "actions[5].targets[0].player")


def test_instance_id_out_of_range() -> None:
    doc = with_action(4, {"p": "A", "do": "play", "card": "A-51"})
    message = message_at(doc, "actions[4].card")
    assert "instance id 'A-51' is out of range" in message and "50 cards" in message
    for ref in ("A-0", "B-AP4", "B-AP0"):
        doc = with_action(11, {"p": "A", "do": "attack", "card": "A-1", "target": ref})
        assert "out of range" in message_at(doc, "actions[11].target"), ref


def test_out_of_range_values() -> None:
    activate = with_action(8, {"p": "A", "do": "activate", "card": "A-11", "ability": 0})
    assert message_at(activate, "actions[8].ability") == "must be at least 1"
    pick = with_action(13, {"p": "A", "do": "pick_life", "cards": [2, 0]})
    assert message_at(pick, "actions[13].cards[1]") == "must be at least 1"
    doc = log()
    doc["cards"][0]["energy"] = {"red": -1}
    assert message_at(doc, "cards[0].energy.red") == "must be at least 0"
    doc = log()
    doc["cards"][1]["ap"] = -2
    assert message_at(doc, "cards[1].ap") == "must be at least 0"
    doc = log(checkpoints=[{"after": -1, "state_sha256": "0" * 64}])
    assert message_at(doc, "checkpoints[0].after") == "must be at least 0"


def test_wrong_types() -> None:
    doc = log()
    doc["actions"][1] = {"p": "A", "do": "mulligan", "redraw": "no"}
    doc["actions"][2] = {"p": "B", "do": "mulligan", "redraw": 1}
    doc["actions"][8] = {"p": "A", "do": "activate", "card": "A-11", "ability": "1"}
    doc["actions"][9] = {"p": "A", "do": "resolve", "source": 7}
    doc["players"][1] = {"id": 5}
    doc["cards"][0]["bp"] = 2000.5
    doc["cards"][1]["traits"] = "Knight"
    doc["decks"]["B"] = ["TST-001"]
    doc["rule_options"] = {"nested": {"no": 1}}
    errors = {e.path: e.message for e in errors_of(doc)}
    assert errors["actions[1].redraw"] == "must be true or false"
    assert errors["actions[2].redraw"] == "must be true or false"
    assert errors["actions[8].ability"] == "must be an integer"
    assert errors["actions[9].source"].startswith("must be an instance id, a card code or {")
    assert errors["players[1].id"] == "must be a string"
    assert errors["cards[0].bp"] == "must be an integer"
    assert errors["cards[1].traits"] == "must be a list"
    assert errors["decks.B"] == "must be an object"
    assert errors["rule_options.nested"].startswith("must be a string, a number")


def test_missing_required_fields() -> None:
    doc = log()
    del doc["hidden"]
    doc["actions"][4] = {"p": "A", "do": "play", "to": "energy_line"}
    doc["actions"][12] = {"p": "B", "do": "block"}
    doc["actions"][14] = {"do": "trigger", "card": "B-1"}
    del doc["decks"]["A"]["ap"]
    del doc["cards"][0]["title"]
    errors = {e.path: e.message for e in errors_of(doc)}
    for path in (
        "hidden",
        "actions[4].card",
        "actions[12].card",
        "actions[14].p",
        "actions[14].use",
        "decks.A.ap",
        "cards[0].title",
    ):
        assert errors[path] == "required field is missing", path


def test_checkpoint_beyond_the_actions() -> None:
    n = len(ALL_KINDS)
    doc = log(
        checkpoints=[
            {"after": n - 1, "state_sha256": "0" * 64},
            {"after": n, "state_sha256": "1" * 64},
        ]
    )
    assert message_at(doc, "checkpoints[1].after") == (
        f"there is no action {n}: the log has {n} actions (0 to {n - 1})"
    )
    assert all(e.path.startswith("checkpoints[1]") for e in errors_of(doc))
    bad_hash = log(checkpoints=[{"after": 0, "state_sha256": "XYZ"}])
    assert "64 lowercase hexadecimal" in message_at(bad_hash, "checkpoints[0].state_sha256")
    twice = log(checkpoints=[{"after": 0, "state_sha256": "0" * 64}] * 2)
    assert "second checkpoint after action 0" in message_at(twice, "checkpoints[1].after")


def test_several_errors_are_reported_together() -> None:
    doc = log()
    doc["decks"]["A"]["main"][3] = "XYZ-001"
    doc["actions"][3] = {"p": "P3", "do": "proceed"}
    doc["actions"][5] = {"p": "A", "do": "dance"}
    doc["actions"][8] = {"p": "A", "do": "activate", "card": "A-11", "ability": 0}
    doc["checkpoints"] = [{"after": 99, "state_sha256": "0" * 64}]
    doc["players"].append({"id": "A"})
    with pytest.raises(BadLog) as caught:
        parse_log(json.dumps(doc))
    paths = {e.path for e in caught.value.errors}
    assert {
        "decks.A.main[3]",
        "actions[3].p",
        "actions[5].do",
        "actions[8].ability",
        "checkpoints[0].after",
        "players[2].id",
        "players",
    } <= paths
    assert caught.value.to_dict()["errors"][0].keys() == {"path", "message"}


def test_format_and_game() -> None:
    assert "this judge reads 'judge-action-log/1'" in message_at(
        log(format="judge-action-log/2"), "format"
    )
    assert message_at(log(game="chess"), "game") == (
        "must be one of: union-arena, rangers-strike, rebirth, zx"
    )
    # The rest of an unknown game's envelope is still checked.
    doc = log(game="chess", hidden={"mode": "peeked"})
    assert "unknown hidden mode 'peeked'" in message_at(doc, "hidden.mode")


def test_players_and_decks() -> None:
    doc = log(players=[{"id": "A"}, {"id": "A"}])
    assert "duplicate player id 'A'" in message_at(doc, "players[1].id")
    assert message_at(log(players=[{"id": ""}, {"id": "B"}]), "players[0].id") == (
        "must not be empty"
    )
    three = log(players=[{"id": "A"}, {"id": "B"}, {"id": "C"}])
    assert "union-arena is played by 2 players, not 3" in message_at(three, "players")
    assert "missing deck for player 'C'" in message_at(three, "decks.C")
    doc = log()
    doc["decks"]["P3"] = doc["decks"].pop("B")
    assert message_at(doc, "decks.P3") == "player 'P3' is not among players (A, B)"
    assert message_at(doc, "decks.B") == "missing deck for player 'B'"
    doc = log()
    doc["decks"]["A"]["main"][0] = "TST-AP"
    doc["decks"]["A"]["ap"][2] = "TST-001"
    assert "is an AP card" in message_at(doc, "decks.A.main[0]")
    assert "the ap list holds AP cards only" in message_at(doc, "decks.A.ap[2]")


def test_variant_and_teams_for_union_arena() -> None:
    assert "union-arena has no variants" in message_at(log(variant="tag"), "variant")
    teams = log(teams=[{"id": "T1", "players": ["A", "B"]}])
    assert "not played in teams" in message_at(teams, "teams")


def test_hidden_modes() -> None:
    assert message_at(log(hidden={"mode": "seeded"}), "hidden.seed") == "required field is missing"
    assert message_at(log(hidden={"mode": "seeded", "seed": ""}), "hidden.seed") == (
        "must not be empty"
    )
    assert "unknown hidden mode 'psychic'" in message_at(
        log(hidden={"mode": "psychic"}), "hidden.mode"
    )
    assert validate_log(log(hidden={"mode": "observed"}))[0] == []


def test_card_definitions() -> None:
    doc = log()
    doc["cards"][0].update(type="creature", trigger="sometimes", title="TOOLONG")
    doc["cards"][1].update(keywords=["impact 0", "double block", "damage +3", "fly"])
    doc["cards"][2]["raid"] = {"onto": {"name": "x", "trait": "y"}}
    doc["cards"][3]["bp"] = 1000  # a field
    del doc["cards"][4]["color"]  # an event
    doc["cards"].append({**_card("TST-009"), "bp": None})
    doc["cards"].append(_card("TST-001"))
    errors = {e.path: e.message for e in errors_of(doc)}
    assert errors["cards[0].type"] == "must be one of: character, field, event, ap"
    assert errors["cards[0].trigger"].startswith("must be one of: get, draw, raid")
    assert errors["cards[0].title"].startswith("must be three letters")
    assert errors["cards[1].keywords[0]"].startswith("unknown keyword 'impact 0'")
    assert errors["cards[1].keywords[3]"].startswith("unknown keyword 'fly'")
    assert "cards[1].keywords[1]" not in errors and "cards[1].keywords[2]" not in errors
    assert errors["cards[2].raid.onto"] == 'give exactly one of "name", "trait" or "name_contains"'
    assert errors["cards[3].bp"] == "only characters have BP; leave bp out"
    assert errors["cards[4].color"] == "required for event cards"
    assert errors["cards[6].bp"] == "required for character cards"
    assert errors["cards[7].code"] == "duplicate card code 'TST-001' (also cards[0])"


def test_card_references_and_targets() -> None:
    doc = log()
    doc["actions"][4] = {"p": "A", "do": "play", "card": {"code": "TST-001", "zone": "pocket"}}
    doc["actions"][5] = {"p": "A", "do": "play", "card": "", "targets": [3]}
    doc["actions"][6] = {"p": "A", "do": "play", "card": "A-1", "to": "hand"}
    doc["actions"][11] = {"p": "A", "do": "attack", "card": "A-1", "target": {"player": "B"}}
    errors = {e.path: e.message for e in errors_of(doc)}
    assert errors["actions[4].card.zone"] == "must be one of: " + ", ".join(ZONES)
    assert errors["actions[5].card"] == "must not be empty"
    assert errors["actions[5].targets[0]"].startswith("must be a card reference")
    assert errors["actions[6].to"] == "must be one of: front_line, energy_line"
    assert errors["actions[11].target.player"].startswith("unknown field")


def test_ambiguous_reference() -> None:
    doc = log(cards=[*CARDS, _card("A-7")])
    doc["actions"][4] = {"p": "A", "do": "play", "card": "A-7"}
    assert "ambiguous card reference 'A-7'" in message_at(doc, "actions[4].card")
    # Not an instance id (leading zero, unknown player): read as a card code.
    doc["actions"][4] = {"p": "A", "do": "play", "card": "A-07"}
    assert "unknown card code 'A-07'" in message_at(doc, "actions[4].card")
    doc["actions"][4] = {"p": "A", "do": "play", "card": {"code": "A-7", "zone": "hand"}}
    assert validate_log(doc)[0] == []


def test_pick_life_shape() -> None:
    doc = with_action(13, {"p": "A", "do": "pick_life", "cards": [1, 1], "reveal": ["TST-001"]})
    errors = {e.path: e.message for e in errors_of(doc)}
    assert errors["actions[13].cards"] == "positions must differ"
    assert errors["actions[13].reveal"] == "must list 2 codes, one for each position in cards"
    empty = with_action(13, {"p": "A", "do": "pick_life", "cards": []})
    assert message_at(empty, "actions[13].cards") == "must not be empty"


def test_card_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "unknown card set 'nope'" in message_at(log(card_sets=["nope"]), "card_sets[0]")

    sets = {
        "test-set": {"set": "test-set", "game": "union-arena", "cards": CARDS},
        "other-game": {"set": "other-game", "game": "zx", "cards": []},
    }

    def names() -> list[str]:
        return sorted(sets)

    def load(name: str) -> dict[str, Any]:
        return copy.deepcopy(sets[name])

    for module in (core_cards, action_log_module):
        monkeypatch.setattr(module, "builtin_set_names", names)
        monkeypatch.setattr(module, "load_builtin_set", load)

    from_set = log(card_sets=["test-set"])
    del from_set["cards"]
    errors, parsed = validate_log(from_set)
    assert errors == []
    assert parsed is not None and set(parsed.cards) == {c["code"] for c in CARDS}

    own_wins = log(card_sets=["test-set"], cards=[_card("TST-001", bp=9000)])
    parsed = validate_log(own_wins)[1]
    assert parsed is not None and parsed.cards["TST-001"]["bp"] == 9000

    wrong_game = log(card_sets=["other-game"])
    assert "is for 'zx', not 'union-arena'" in message_at(wrong_game, "card_sets[0]")


# --------------------------------------------------------------------------------------------
# JSON Schema
# --------------------------------------------------------------------------------------------


def test_json_schema_structure() -> None:
    schema = action_log_json_schema()
    assert schema["$schema"] == DIALECT == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "judge-action-log/1"
    # one log schema per game, each a closed object
    defs = schema["$defs"]
    assert schema["oneOf"][:2] == [
        {"$ref": "#/$defs/UnionArenaLog"},
        {"$ref": "#/$defs/RangersStrikeLog"},
    ]
    assert {"$ref": "#/$defs/RebirthLog"} in schema["oneOf"]
    ua = defs["UnionArenaLog"]
    assert ua["type"] == "object" and ua["additionalProperties"] is False
    assert ua["properties"]["format"] == {"const": "judge-action-log/1"}
    assert ua["properties"]["game"] == {"const": "union-arena"}
    kinds = ua["properties"]["actions"]["items"]["oneOf"]
    consts = [defs[k["$ref"].removeprefix("#/$defs/")]["properties"]["do"]["const"] for k in kinds]
    assert consts == list(ACTIONS)
    for name, definition in defs.items():
        if definition.get("type") == "object" and "properties" in definition:
            assert definition.get("additionalProperties") is False, name
    text = json.dumps(schema, sort_keys=True)
    assert "#/components/" not in text
    assert '"nullable"' not in text


def test_json_schema_is_deterministic_and_a_fresh_copy() -> None:
    first = action_log_json_schema()
    first["title"] = "changed"
    assert json.dumps(action_log_json_schema(), sort_keys=True) == json.dumps(
        action_log_json_schema(), sort_keys=True
    )
    assert action_log_json_schema()["title"] == "judge-action-log/1"
    assert action_log_module.action_log_json_schema() == action_log_json_schema()


@needs_jsonschema
def test_json_schema_is_valid_and_accepts_valid_logs() -> None:
    schema = action_log_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in UA_EXAMPLES:
        assert list(validator.iter_errors(json.loads(path.read_text("utf-8")))) == [], path.name
    assert list(validator.iter_errors(log())) == []


@needs_jsonschema
@pytest.mark.parametrize(
    "doc",
    [
        with_action(5, {"p": "A", "do": "dance"}),
        with_action(4, {"p": "A", "do": "play", "card": "A-1", "colour": "red"}),
        with_action(8, {"p": "A", "do": "activate", "card": "A-11", "ability": 0}),
        with_action(12, {"p": "B", "do": "block"}),
        log(format="judge-action-log/2"),
        log(game="zx"),
        log(hidden={"mode": "observed", "seed": "x"}),
        log(players=[{"id": "A"}]),
        log(teams=[]),
    ],
    ids=lambda d: "case",
)
def test_json_schema_rejects_bad_shapes(doc: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(action_log_json_schema())
    assert list(validator.iter_errors(doc))
    assert validate_log(doc)[0]


@needs_jsonschema
def test_what_validate_log_accepts_the_json_schema_accepts() -> None:
    """Random damage to a valid log: whenever validate_log still accepts it, so does the
    JSON Schema (the schema is generated from the same marshmallow schemas)."""
    validator = jsonschema.Draft202012Validator(action_log_json_schema())
    values: list[Any] = [
        None,
        True,
        0,
        -1,
        2,
        1.5,
        "",
        "x",
        "player",
        "A",
        "A-1",
        "TST-001",
        [],
        {},
        [1],
        {"code": "TST-001", "zone": "hand"},
        {"player": "B"},
    ]
    rng = random.Random(20240601)
    accepted = 0
    for _ in range(400):
        doc = log()
        for _ in range(rng.randint(1, 2)):
            _damage(doc, rng, values)
        errors, parsed = validate_log(doc)
        if not errors:
            accepted += 1
            assert list(validator.iter_errors(doc)) == [], json.dumps(doc)[:500]
    assert accepted > 10


def _damage(doc: Any, rng: random.Random, values: list[Any]) -> None:
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            paths.append((node, key))
            if isinstance(value, dict | list):
                walk(value)

    walk(doc)
    parent, key = rng.choice(paths)
    roll = rng.random()
    if roll < 0.25 and isinstance(parent, dict):
        del parent[key]
    elif roll < 0.35 and isinstance(parent, dict):
        parent["surplus"] = 1
    else:
        parent[key] = copy.deepcopy(rng.choice(values))
