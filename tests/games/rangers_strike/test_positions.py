"""Rangers Strike positions (docs/positions.md, "Rangers Strike's start"): a game described at a
moment of a phase, 1 vs 1 and tag battle.  An impossible position is refused naming the field
and the rule; a log may start from one and is judged on its state; every question works on
one.  The positions are the project's own, on its made-up sample cards (rs-sample)."""

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
from judge.core.position import position_json_schema, position_log, read_position
from judge.core.replay import canonical_log, replay, start

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "positions"


def attack_position() -> dict[str, Any]:
    """1 vs 1, A's turn 5, battle phase: A-4 (Scorch Rider, BP 4000 +1000 this battle) has
    attacked B-1 (Current Lancer, BP 3000); B holds Undertow (B-5), a counter, and a released
    tide command to pay for it."""
    return json.loads((EXAMPLES / "rs-attack-counter.json").read_text())


def tag_position() -> dict[str, Any]:
    """Tag, team B's turn 4, B2's battle phase: B2-1 (Arc Striker, SP 2) has just entered; A2
    is out (5 damage), so B2's target player has no units and A1 alone takes team A's damage."""
    return json.loads((EXAMPLES / "rs-tag-strike.json").read_text())


def two_effects() -> dict[str, Any]:
    """1 vs 1, B's turn 4: a battle destroyed B-9 and A-4; both when-destroyed effects wait."""
    return json.loads((EXAMPLES / "rs-two-effects.json").read_text())


def problems(doc: dict[str, Any]) -> dict[str, str]:
    """The position's problems by path: the reader's, or (tag battle: what needs the teams)
    the engine's."""
    with pytest.raises(BadLog) as caught:
        start(read_position(doc))
    return {e.path: e.message for e in caught.value.errors}


def zones(doc: dict[str, Any], pid: str) -> dict[str, Any]:
    return doc["start"]["players"][pid]


def log_from(doc: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {**position_log(doc), "actions": actions}


# -- impossible positions are refused, naming the field and the rule ------------------------------


def test_a_command_zone_of_six_is_refused() -> None:
    doc = attack_position()
    zones(doc, "A")["command"] += [{"card": "RSS-011"}] * 4
    assert problems(doc) == {
        "start.players.A.command": "6 cards; a command zone holds at most 5 (RS-COMMAND-LIMIT)"
    }
    doc = tag_position()
    zones(doc, "B1")["command"] += [{"card": "RSS-031"}] * 5
    assert problems(doc) == {
        "start.players.B1.command": "6 cards; a command zone holds at most 5 (RST-COMMAND)"
    }


def test_a_card_in_two_places_is_refused() -> None:
    doc = attack_position()
    zones(doc, "A")["battle"][0]["card"] = {"code": "RSS-001", "id": "A-9"}
    zones(doc, "A")["discard"] = [{"code": "RSS-004", "id": "A-9"}]
    assert problems(doc) == {
        "start.players.A.discard[0].id": "A-9 is already at start.players.A.battle[0].card: "
        "a card is in one place only"
    }


def test_an_id_of_another_player_is_refused() -> None:
    doc = attack_position()
    zones(doc, "A")["discard"] = [{"code": "RSS-004", "id": "B-1"}]
    assert list(problems(doc)) == ["start.players.A.discard[0].id"]


def test_the_turn_player_follows_from_the_turn_and_the_first_player() -> None:
    doc = attack_position()
    doc["start"]["turn_player"] = "B"  # turn 5 is the first player's
    (path, message), *_ = problems(doc).items()
    assert path == "start.turn_player" and "RS-TURN" in message


def test_what_stands_in_an_area_and_what_rides_a_vehicle() -> None:
    doc = attack_position()
    zones(doc, "A")["rush"].append({"card": "RSS-008"})  # an operation
    zones(doc, "A")["rush"][0]["vehicle"] = "RSS-011"  # a unit is not ridden
    zones(doc, "B")["battle"][0]["vehicle"] = "RSS-016"
    zones(doc, "B")["battle"][0]["card"] = "RSS-036"  # a vehicle rides nothing
    got = problems(doc)
    assert set(got) == {
        "start.players.A.rush[1].card",
        "start.players.A.rush[0].vehicle",
        "start.players.B.battle[0].vehicle",
    }
    assert all("RS-" in m for m in got.values())
    assert "RS-RIDE" in got["start.players.A.rush[0].vehicle"]
    doc = attack_position()
    zones(doc, "A")["rush"][0]["riders"] = ["RSS-001"]  # the old shape: named, not guessed
    assert "start.players.A.rush[0].riders" in problems(doc)


def test_a_resident_is_a_resident_operation() -> None:
    doc = attack_position()
    zones(doc, "A")["resident"] = "RSS-008"  # a normal operation
    assert problems(doc) == {
        "start.players.A.resident": "RSS-008 is not a resident operation (RS-RESIDENT)"
    }


def test_seven_damage_in_1v1_has_ended_the_game() -> None:
    doc = attack_position()
    zones(doc, "B")["power"] += [{"card": "RSS-021", "face_up": False}] * 5
    zones(doc, "B")["unseen"] = zones(doc, "B")["unseen"]
    (path, message), *_ = problems(doc).items()
    assert path == "start.players.B.power" and "RS-LOSS-DAMAGE" in message


def test_every_unknown_card_is_one_of_the_unseen() -> None:
    doc = attack_position()
    zones(doc, "A")["hand"].append(None)
    assert list(problems(doc)) == ["start.players.A.unseen"]
    doc = attack_position()
    zones(doc, "A")["power"][0] = {"card": None}  # face up: everyone sees it
    assert "start.players.A.power[0].card" in problems(doc)


def test_only_the_unit_that_has_just_entered_attacks() -> None:
    doc = attack_position()
    doc["start"]["battle"]["attacker"] = "A-3"  # entered before A-4
    (path, message), *_ = problems(doc).items()
    assert path == "start.battle.attacker" and "RS-ONE-ACTION" in message
    doc = attack_position()
    doc["start"]["battle"]["target"] = "A-1"
    (path, message), *_ = problems(doc).items()
    assert path == "start.battle.target" and "RS-ATTACK" in message
    doc = attack_position()
    doc["start"]["phase"] = "rush"
    assert list(problems(doc)) == ["start.battle"]


def test_a_strike_needs_sp_and_a_unit_riding_strikes_with_its_own() -> None:
    doc = attack_position()
    zones(doc, "A")["battle"].append({"card": "RSS-022"})  # SP 0
    doc["start"]["battle"] = {"kind": "strike", "attacker": "A-5"}
    (path, message), *_ = problems(doc).items()
    assert path == "start.battle.attacker" and "RS-STRIKE" in message
    zones(doc, "A")["battle"][-1] = {"card": "RSS-012", "vehicle": "RSS-027"}  # SP 1, riding
    assert read_position(doc).layout.zones["A"]["battle"][-1] == ["A-5", "A-6"]
    start(read_position(doc))
    zones(doc, "A")["battle"][-1] = {"card": "RSS-027"}  # a vehicle alone: no SP
    (path, message), *_ = problems(doc).items()
    assert path == "start.battle.attacker" and "RS-STRIKE" in message


def test_a_phase_must_be_one_with_decisions() -> None:
    doc = attack_position()
    doc["start"]["phase"] = "end"
    assert list(problems(doc)) == ["start.phase"]


def test_the_extra_draw_is_open_only_before_the_turns_other_decisions() -> None:
    doc = attack_position()
    doc["start"]["extra_draw_open"] = ["A"]  # battle phase
    doc["start"].pop("battle")
    assert list(problems(doc)) == ["start.extra_draw_open"]
    doc["start"]["phase"] = "charge"
    doc["start"]["extra_draw_open"] = ["B"]  # B had no start phase this turn
    assert list(problems(doc)) == ["start.extra_draw_open[0]"]


def test_a_pending_effect_waits_where_its_card_is() -> None:
    doc = two_effects()
    doc["start"]["pending"] = [{"source": "B-7"}]  # a card in the deck
    (path, message), *_ = problems(doc).items()
    assert path == "start.pending[0].source" and "battle area" in message
    doc["start"]["pending"] = [{"source": "B-9", "effect": 2}]
    assert list(problems(doc)) == ["start.pending[0].effect"]
    doc["start"]["pending"] = [{"source": "Z-1"}]
    assert list(problems(doc)) == ["start.pending[0].source"]


def test_tag_the_first_player_is_a_leader() -> None:
    doc = tag_position()
    doc["start"]["first"] = "A2"
    (path, message), *_ = problems(doc).items()
    assert path == "start.first" and "RST-SEATING" in message


def test_tag_the_turn_player_is_of_the_team_whose_turn_it_is() -> None:
    doc = tag_position()
    doc["start"]["turn_player"] = "A1"  # turn 4 is team B's (team A went first)
    (path, message), *_ = problems(doc).items()
    assert path == "start.turn_player" and "RST-PHASES" in message


def test_tag_five_damage_puts_a_player_out_and_an_out_player_has_no_units() -> None:
    doc = tag_position()
    zones(doc, "A2")["out"] = False
    (path, message), *_ = problems(doc).items()
    assert path == "start.players.A2.out" and "RST-OUT" in message
    doc = tag_position()
    zones(doc, "A2")["rush"] = [{"card": "RSS-021"}]
    zones(doc, "A2")["discard"] = ["RSS-016"]
    (path, message), *_ = problems(doc).items()
    assert path == "start.players.A2.rush" and "RST-OUT" in message


def test_tag_a_team_with_both_players_out_has_lost() -> None:
    doc = tag_position()
    a1 = zones(doc, "A1")
    a1["out"] = True
    a1.pop("battle")
    (path, message), *_ = problems(doc).items()
    assert path == "start.players.A2.out" and "RST-LOSS" in message


def test_tag_an_out_player_takes_no_phase_and_1v1_has_no_out() -> None:
    doc = tag_position()
    zones(doc, "B2")["out"] = True
    zones(doc, "B2")["power"] = [{"card": "RSS-021", "face_up": False}] * 5
    zones(doc, "B2").pop("battle")
    doc["start"]["entering"] = None
    assert "start.turn_player" in problems(doc)
    doc = attack_position()
    zones(doc, "A")["out"] = True
    assert "start.players.A.out" in problems(doc)


def test_a_bad_position_in_a_question_names_the_field() -> None:
    doc = attack_position()
    zones(doc, "A")["command"] += [{"card": "RSS-011"}] * 4
    with pytest.raises(BadLog) as caught:
        ask({"format": "judge-question/1", "kind": "options", "position": doc})
    assert [e.path for e in caught.value.errors] == ["position.start.players.A.command"]


# -- a log from a position is judged on the position's state --------------------------------------


def test_no_counter_the_attack_resolves_at_the_first_step() -> None:
    # A enters its unit riding a vehicle instead: B used no counter, so the attack resolves first — 5000
    # against 3000, B-1 is destroyed and its when-destroyed effect turns a power card face up
    r = replay(
        log_from(attack_position(), [{"p": "A", "do": "enter", "card": "A-1"}]), detail="full"
    )
    (step,) = r["steps"]
    assert step["verdict"] == "legal"
    rules = [x["rule"] for x in step["rulings"]]
    assert "RS-COUNTER" in rules and "RS-ATTACK-RESULT" in rules
    b = step["state"]["players"]["B"]
    assert b["battle"] == [] and b["damage"] == 1 and "B-1" in b["discard"]
    assert [u["id"] for u in step["state"]["players"]["A"]["battle"]] == ["A-3", "A-4", "A-1"]
    assert r["summary"]["decks"] == {"from_position": True, "judged": False, "problems": []}


def test_a_counter_answers_the_attack_of_the_position() -> None:
    # Undertow gives B-1 +2000 for the battle: 5000 against 5000, both are destroyed
    act = {"p": "B", "do": "use", "card": "B-5", "targets": ["B-1"]}
    r = replay(log_from(attack_position(), [act]), detail="full")
    (step,) = r["steps"]
    assert step["verdict"] == "legal"
    a, b = step["state"]["players"]["A"], step["state"]["players"]["B"]
    assert [u["id"] for u in a["battle"]] == ["A-3"] and "A-4" in a["discard"]
    assert b["battle"] == [] and {"B-1", "B-5"} <= set(b["discard"])


def test_a_log_from_a_position_rules_on_what_the_position_says() -> None:
    # A-3 struck earlier this turn: it cannot act again (RS-ONE-ACTION)
    doc = attack_position()
    doc["start"].pop("battle")
    r = replay(log_from(doc, [{"p": "A", "do": "strike", "card": "A-3"}]))
    assert [v["rule"] for v in r["steps"][0]["violations"]] == ["RS-ONE-ACTION"]


def test_tag_a_strike_from_a_position_goes_to_the_only_player_who_can_take_it() -> None:
    actions = [
        {"p": "B2", "do": "strike", "card": "B2-1"},
        {"p": "A1", "do": "take_damage", "cards": ["A1-2"]},
    ]
    r = replay(log_from(tag_position(), actions), detail="full")
    assert [s["verdict"] for s in r["steps"]] == ["legal", "legal"]
    assert "RST-STRIKE-ASSIGN" in [x["rule"] for x in r["steps"][0]["rulings"]]
    # B2-1 has SP 2: its strike deals 2 (RS-STRIKE-DAMAGE), one card turned, one from the deck
    assert r["steps"][1]["state"]["players"]["A1"]["damage"] == 3


def test_tag_an_attack_only_at_the_target_players_units() -> None:
    act = {"p": "B2", "do": "attack", "card": "B2-1", "target": "A1-1"}
    r = replay(log_from(tag_position(), [act]))
    assert [v["rule"] for v in r["steps"][0]["violations"]] == ["RST-ATTACK"]


def test_tag_the_resident_with_tag_does_not_cover_the_allys_units() -> None:
    # B1's Lighthouse Watch (Tag) gives B1's units +500, not B2's: Tag widens nothing
    # (RST-RESIDENT-TAG: the rewording is of the bold part, RS-TAG)
    r = replay(log_from(tag_position(), [{"p": "B2", "do": "proceed"}]), detail="full")
    assert r["steps"][0]["verdict"] == "legal"
    view = read_position(tag_position())
    eng = start(view)
    assert eng.bp(eng.state.players["B2"].battle[0]) == 2500  # printed BP


def test_tag_the_extra_draw_open_in_the_leaders_charge_phase() -> None:
    # team A's turn 3, A1's charge phase: A2 (4 damage, 1 card) takes its extra draw, which
    # closes A1's start phase, which came before A2's (RST-PHASES)
    doc = tag_position()
    doc["start"].update(turn=3, turn_player="A1", phase="charge", entering=None)
    doc["start"]["extra_draw_open"] = ["A2", "A1"]
    a2 = zones(doc, "A2")
    a2["out"] = False
    a2["power"] = [{"card": "RSS-013"}] + [{"card": None, "face_up": False}] * 4
    a2["unseen"].remove("RSS-013")
    actions = [{"p": "A2", "do": "extra_draw"}, {"p": "A1", "do": "extra_draw"}]
    r = replay(log_from(doc, actions))
    assert r["steps"][0]["verdict"] == "legal"
    assert [v["rule"] for v in r["steps"][1]["violations"]] == ["RST-PHASES"]


def test_a_seeded_position_knows_every_card() -> None:
    doc = {
        "format": "judge-position/1",
        "game": "rangers-strike",
        "variant": "1v1",
        "players": [{"id": "A"}, {"id": "B"}],
        "card_sets": ["rs-sample"],
        "hidden": {"mode": "seeded", "seed": "s"},
        "start": {
            "turn": 2,
            "phase": "charge",
            "turn_player": "B",
            "first": "A",
            "players": {
                "A": {"hand": ["RSS-001"], "deck": ["RSS-002"]},
                "B": {"hand": ["RSS-021", "RSS-022"], "deck": ["RSS-023"]},
            },
        },
    }
    act = {"p": "B", "do": "charge", "card": "B-2", "to": "command"}
    r = replay(log_from(doc, [act, {"p": "B", "do": "charge", "card": "B-1", "to": "power"}]))
    assert r["steps"][0]["verdict"] == "legal"
    assert [v["rule"] for v in r["steps"][1]["violations"]] == ["RS-CHARGE"]
    zones(doc, "A")["deck"] = {"count": 1}
    assert "a seeded log knows every card" in problems(doc)["start.players.A"]


def test_a_log_from_a_position_round_trips_through_the_canonical_log() -> None:
    for doc, acts in (
        (attack_position(), [{"p": "B", "do": "use", "card": "B-5", "targets": ["B-1"]}]),
        (tag_position(), [{"p": "B2", "do": "strike", "card": "B2-1"}]),
    ):
        r = replay(log_from(doc, acts))
        canon = canonical_log(r)
        assert "start" in canon and "decks" not in canon
        assert replay(canon)["steps"] == r["steps"]


def test_a_position_is_judged_the_same_twice() -> None:
    log = log_from(tag_position(), [{"p": "B2", "do": "strike", "card": "B2-1"}])
    assert json.dumps(replay(log)) == json.dumps(replay(copy.deepcopy(log)))


# -- questions on a position ----------------------------------------------------------------------


def question(kind: str, doc: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"format": "judge-question/1", "kind": kind, "position": doc, **extra}


def test_order_on_a_position_with_two_effects_waiting() -> None:
    # both players' effects: the turn player (B) orders them all (RS-SIMULTANEOUS)
    answer = ask(question("order", two_effects()))
    assert answer["verdict"].startswith("B chooses")
    assert "RS-SIMULTANEOUS" in [r["id"] for r in answer["rules"]]


def test_options_on_a_position_include_the_counter() -> None:
    answer = ask(question("options", attack_position()))
    by_player = {c["player"]: [o["action"]["do"] for o in c["options"]] for c in answer["choices"]}
    assert "use" in by_player["B"]


def test_legal_on_a_position_names_the_rule_broken() -> None:
    act = {"p": "B2", "do": "attack", "card": "B2-1", "target": "A1-1"}
    answer = ask(question("legal", tag_position(), action=act))
    assert answer["verdict"].startswith("Illegal")
    assert [r["id"] for r in answer["rules"]] == ["RST-ATTACK"]


def test_damage_on_a_log_from_a_position() -> None:
    # after B2's strike, A1 alone decides which face-up power card turns face down
    log = log_from(tag_position(), [{"p": "B2", "do": "strike", "card": "B2-1"}])
    answer = ask({"format": "judge-question/1", "kind": "damage", "log": log, "step": 0})
    assert answer["verdict"].startswith("A1 decides (take_damage)")


# -- the schema and the command line --------------------------------------------------------------


def test_the_position_json_schema_accepts_the_examples() -> None:
    import jsonschema

    validator = jsonschema.Draft202012Validator(position_json_schema())
    for path in sorted(EXAMPLES.glob("rs-*.json")):
        assert list(validator.iter_errors(json.loads(path.read_text()))) == [], path.name


def test_judge_position_shows_ids_and_who_acts(tmp_path: Path) -> None:
    runner = CliRunner()
    answer = runner.invoke(
        cli.main, ["position", str(EXAMPLES / "rs-attack-counter.json"), "--json"]
    )
    assert answer.exit_code == 0, answer.output
    shown = json.loads(answer.output)
    assert shown["cards"]["A"]["rush"] == [["A-1", "A-2"]]
    assert [p["player"] for p in shown["pending"]] == ["B"]
    bad = tag_position()
    bad["start"]["first"] = "B2"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    answer = runner.invoke(cli.main, ["position", str(tmp_path / "bad.json")])
    assert answer.exit_code == 2
    assert "start.first" in answer.output
