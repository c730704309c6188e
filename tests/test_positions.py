"""Positions (``judge-position/1``, docs/positions.md): a game described at a moment without its
history.  An impossible position is refused naming the field; a log may start from one; every
question works on one.  The positions are the project's own, on its made-up sample cards."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.ask import ask
from judge.core.errors import BadLog
from judge.core.log import parse_log
from judge.core.position import position_json_schema, position_log, read_position
from judge.core.replay import canonical_log, replay
from schemas.position_common import MAX_ZONE_CARDS

ROOT = Path(__file__).resolve().parents[1]
ATTACK = ROOT / "examples" / "positions" / "ua-attack-block.json"
TWO_EFFECTS = ROOT / "examples" / "positions" / "ua-two-effects.json"


def attack_position() -> dict[str, Any]:
    """A's turn 5, attack phase: A-1 (BP 4000) attacks B, who may block with B-1 (BP 5000);
    B-2 is rested; B has 2 life cards."""
    return json.loads(ATTACK.read_text())


def problems(doc: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(BadLog) as caught:
        read_position(doc)
    return {e.path: e.message for e in caught.value.errors}


def a_zones(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["start"]["players"]["A"]


# -- impossible positions are refused, naming the field -------------------------------------------


def test_a_line_of_five_is_refused() -> None:
    doc = attack_position()
    a_zones(doc)["front_line"] += [{"card": "UAS-003"}] * 3
    assert problems(doc) == {
        "start.players.A.front_line": "5 cards; a line holds at most 4 (UA-LINE-LIMIT)"
    }


def test_a_card_in_two_places_is_refused() -> None:
    doc = attack_position()
    a_zones(doc)["front_line"][1]["card"] = {"code": "UAS-003", "id": "A-7"}
    a_zones(doc)["outside"] = [{"code": "UAS-004", "id": "A-7"}]
    assert problems(doc) == {
        "start.players.A.outside[0].id": "A-7 is already at start.players.A.front_line[1].card: "
        "a card is in one place only"
    }


def test_ids_number_a_players_cards_without_gaps() -> None:
    doc = attack_position()
    a_zones(doc)["outside"] = [{"code": "UAS-004", "id": "A-99"}]
    (path, message), *_ = problems(doc).items()
    assert path == "start.players.A" and "A-99 is beyond" in message


def test_the_turn_player_follows_from_the_turn_and_the_first_player() -> None:
    doc = attack_position()
    doc["start"]["turn_player"] = "B"  # turn 5 is the first player's (A)
    assert list(problems(doc)) == ["start.turn_player"]


def test_the_attacker_is_on_the_turn_players_front_line() -> None:
    doc = attack_position()
    doc["start"]["battle"]["attacker"] = "A-3"  # in the energy line
    assert "start.battle.attacker" in problems(doc)


def test_every_unknown_card_is_one_of_the_unseen() -> None:
    doc = attack_position()
    a_zones(doc)["hand"].append(None)
    assert list(problems(doc)) == ["start.players.A.unseen"]


def test_a_seeded_log_knows_every_card() -> None:
    doc = attack_position()
    doc["hidden"] = {"mode": "seeded", "seed": "x"}
    assert "a seeded log knows every card" in problems(doc)["start.players.A"]


def test_an_event_is_not_on_a_line_and_a_phase_must_be_one_with_decisions() -> None:
    doc = attack_position()
    a_zones(doc)["front_line"][1]["card"] = "UAS-017"  # an event
    assert list(problems(doc)) == ["start.players.A.front_line[1].card"]
    doc = attack_position()
    doc["start"]["phase"] = "end"
    assert list(problems(doc)) == ["start.phase"]


def test_a_position_has_no_decks_and_no_actions() -> None:
    doc = attack_position()
    doc["decks"] = {}
    doc["actions"] = []
    assert set(problems(doc)) == {"decks", "actions"}
    log = position_log(attack_position())
    log["decks"] = {}
    with pytest.raises(BadLog) as caught:
        parse_log(log)
    assert [e.path for e in caught.value.errors] == ["decks"]


def test_a_log_from_a_position_of_an_unknown_game_is_refused_with_the_list_of_games(
    tmp_path: Path,
) -> None:
    """A misspelled game is an unknown game, whether or not the log starts from a position:
    the refusal names ``game`` and lists the games, not "cannot start from a position"."""
    log = {**position_log(attack_position()), "actions": [], "game": "unionarena"}
    with pytest.raises(BadLog) as caught:
        parse_log(log)
    errors = {e.path: e.message for e in caught.value.errors}
    assert errors == {"game": "must be one of: union-arena, rangers-strike, rebirth, zx"}
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    result = CliRunner().invoke(cli.main, ["replay", str(path)])
    assert result.exit_code == 2
    assert "must be one of: union-arena, rangers-strike, rebirth, zx" in result.output
    assert "cannot start from a position" not in result.output
    del log["game"]
    with pytest.raises(BadLog) as caught:
        parse_log(log)
    assert [(e.path, e.message) for e in caught.value.errors] == [
        ("game", "required field is missing")
    ]


# -- a log may start from a position --------------------------------------------------------------


def log_from(doc: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {**position_log(doc), "actions": actions}


NO_BLOCK_THEN_PICK = [
    {"p": "B", "do": "block", "card": None},
    {"p": "A", "do": "pick_life", "cards": [1]},
]


def test_a_log_from_a_position_is_judged_on_the_positions_state() -> None:
    # B's life cards are known here: B does not block, A picks one, B has 1 left
    doc = attack_position()
    doc["start"]["players"]["B"]["life"] = ["UAS-001", "UAS-001"]
    doc["start"]["players"]["B"]["unseen"] = doc["start"]["players"]["B"]["unseen"][2:]
    r = replay(log_from(doc, NO_BLOCK_THEN_PICK), detail="full")
    assert [s["verdict"] for s in r["steps"]] == ["legal", "legal"]
    assert r["steps"][-1]["state"]["players"]["B"]["life"] == 1
    assert r["summary"]["decks"] == {"from_position": True, "judged": False, "problems": []}


def test_a_card_the_position_does_not_know_is_not_guessed() -> None:
    # the same with B's life cards unknown (null): the card turned could have had a trigger
    r = replay(log_from(attack_position(), NO_BLOCK_THEN_PICK), detail="full")
    assert [s["verdict"] for s in r["steps"]] == ["legal", "unverifiable"]
    assert r["steps"][-1]["state"]["players"]["B"]["life"] == 1


def test_a_log_from_a_position_rules_on_what_the_position_says() -> None:
    # B-2 is rested in the position: it cannot block (UA-BLOCK)
    r = replay(log_from(attack_position(), [{"p": "B", "do": "block", "card": "B-2"}]))
    assert r["steps"][0]["verdict"] == "illegal"
    assert [v["rule"] for v in r["steps"][0]["violations"]] == ["UA-BLOCK"]


def test_a_log_from_a_position_round_trips_through_the_canonical_log() -> None:
    log = log_from(attack_position(), [{"p": "B", "do": "block", "card": "B-1"}])
    r = replay(log)
    again = replay(canonical_log(r))
    assert again["steps"] == r["steps"]
    assert "start" in canonical_log(r) and "decks" not in canonical_log(r)


def test_a_card_may_give_its_own_id_and_the_others_are_numbered_around_it() -> None:
    doc = attack_position()
    a_zones(doc)["front_line"][1]["card"] = {"code": "UAS-003", "id": "A-1"}
    log = read_position(doc)
    assert log.layout.zones["A"]["front_line"] == [["A-2"], ["A-1"]]
    assert log.decks["A"]["main"][:2] == ["UAS-003", "UAS-007"]


def test_a_position_is_judged_the_same_twice() -> None:
    log = log_from(attack_position(), [{"p": "B", "do": "block", "card": "B-1"}])
    assert json.dumps(replay(log)) == json.dumps(replay(copy.deepcopy(log)))


# -- questions on a position ----------------------------------------------------------------------


def question(kind: str, doc: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"format": "judge-question/1", "kind": kind, "position": doc, **extra}


def test_options_on_a_position() -> None:
    answer = ask(question("options", attack_position()))
    (choice,) = answer["choices"]
    assert choice["player"] == "B"
    assert [o["action"]["card"] for o in choice["options"]] == [None, "B-1"]


def test_legal_on_a_position_names_the_rule_broken() -> None:
    answer = ask(
        question("legal", attack_position(), action={"p": "B", "do": "block", "card": "B-2"})
    )
    assert answer["verdict"].startswith("Illegal")
    assert [r["id"] for r in answer["rules"]] == ["UA-BLOCK"]


def test_order_on_a_position_with_two_effects_waiting() -> None:
    answer = ask(question("order", json.loads(TWO_EFFECTS.read_text())))
    assert answer["verdict"].startswith("A chooses")
    assert "UA-SIMULTANEOUS" in [r["id"] for r in answer["rules"]]


def test_a_bad_question_on_a_position_names_the_field() -> None:
    doc = attack_position()
    a_zones(doc)["front_line"] += [{"card": "UAS-003"}] * 3
    with pytest.raises(BadLog) as caught:
        ask(question("options", doc))
    assert [e.path for e in caught.value.errors] == ["position.start.players.A.front_line"]
    with pytest.raises(BadLog) as caught:
        ask(question("options", attack_position(), step=0))
    assert [e.path for e in caught.value.errors] == ["step"]


# -- the schema and the command line --------------------------------------------------------------


def test_the_position_json_schema_accepts_the_examples_and_refuses_a_log() -> None:
    import jsonschema

    schema = position_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in (ATTACK, TWO_EFFECTS):
        assert list(validator.iter_errors(json.loads(path.read_text()))) == []
    assert list(validator.iter_errors({**attack_position(), "format": "judge-action-log/1"}))


def test_judge_position_shows_ids_and_who_acts(tmp_path: Path) -> None:
    answer = CliRunner().invoke(cli.main, ["position", str(ATTACK), "--json"])
    assert answer.exit_code == 0, answer.output
    shown = json.loads(answer.output)
    assert shown["cards"]["B"]["front_line"] == [["B-1"], ["B-2"]]
    assert [p["player"] for p in shown["pending"]] == ["B"]
    bad = attack_position()
    bad["start"]["turn_player"] = "B"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    answer = CliRunner().invoke(cli.main, ["position", str(tmp_path / "bad.json")])
    assert answer.exit_code == 2
    assert "start.turn_player" in answer.output


def test_judge_position_prints_names_and_states_beside_ids() -> None:
    """A person reads the text: each id with its card's name and state, unknown cards
    counted (issue 23)."""
    answer = CliRunner().invoke(cli.main, ["position", str(ATTACK)])
    assert answer.exit_code == 0, answer.output
    assert "A-1 Captain Vessa Flint [bp 4000, rested]" in answer.output
    assert "B-2 Rigging Runner [bp 2000, rested]" in answer.output
    assert "  deck: 25 unknown cards\n" in answer.output
    assert "?" not in answer.output.split("Waiting")[0]


def test_a_waiting_effect_that_needs_no_choice_resolves_at_the_first_step() -> None:
    doc = json.loads(TWO_EFFECTS.read_text())
    doc["start"]["pending"] = [{"source": "A-3"}]  # "draw a card": no choice
    step = replay(log_from(doc, [{"p": "A", "do": "proceed"}]))["steps"][0]
    assert step["verdict"] == "legal"
    assert [e["type"] for e in step["events"]][:2] == ["effect", "draw"]


def test_damage_on_a_position_says_who_takes_it_and_who_picks_the_life_cards() -> None:
    # an unblocked attack deals B 1 damage, and the attacker (A) picks B's life cards
    answer = ask(question("damage", attack_position()))
    assert answer["verdict"].startswith("B decides (block)")
    assert "B takes 1 damage.; then A: pick_life" in answer["explanation"]
    assert "UA-DMG-AMOUNT" in [r["id"] for r in answer["rules"]]


def test_a_hidden_zone_count_is_bounded() -> None:
    # a count is not bounded by the body's size as a list is: refused before any card is made
    doc = attack_position()
    a_zones(doc)["deck"] = {"count": 75_926_523_115}
    assert problems(doc) == {"start.players.A.deck": f"at most {MAX_ZONE_CARDS} cards in a zone"}


def test_a_tag_battle_positions_team_facts_are_checked_by_the_reader_with_the_prefix() -> None:
    # the teams reach the game's layout: a supporter as first player is refused by field,
    # under position. in a question (RST-SEATING)
    doc = json.loads((ROOT / "examples" / "positions" / "rs-tag-strike.json").read_text())
    doc["start"]["first"] = doc["teams"][0]["players"][1]
    with pytest.raises(BadLog) as caught:
        ask(question("options", doc))
    assert [e.path for e in caught.value.errors] == ["position.start.first"]
    assert "RST-SEATING" in caught.value.errors[0].message


def test_a_players_view_of_a_game_from_a_position_hides_where_its_hidden_cards_are() -> None:
    # the position names A's hand and numbers cards by zone: B's view has neither it nor the
    # decks it implies (codes in id order), which would tell which card each id is
    from judge.core.perspective import redact

    doc = attack_position()
    a_zones(doc)["hand"] = ["UAS-004", "UAS-005", "UAS-006"]
    a_zones(doc)["unseen"] = a_zones(doc)["unseen"][3:]
    r = replay(log_from(doc, [{"p": "B", "do": "block", "card": None}]))
    assert "start" in r and r["decks"]["A"]["main"]
    seen = redact(r, "B", ("hand",))
    assert "start" not in seen and seen["decks"] is None
    assert "UAS-005" not in json.dumps(seen["steps"])
