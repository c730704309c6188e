"""Positions a person can write (docs/positions.md, "Hidden cards as counts" and "Cards by
name"): hidden zones given as counts with no ``unseen`` list, and cards named by name.

Every example position is read again with its ``unseen`` lists left out and with its cards
written by name: the same cards get the same ids and the engine finds the same actions legal,
in each game (Union Arena, Rangers Strike 1 vs 1 and tag battle, Rebirth for you, Z/X).  A
card the position does not know is still not guessed (unverifiable), the deck rule's copies
still bound what an unknown card can be, and a name two cards carry is refused by path.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.cards import card_table
from judge.core.errors import BadLog
from judge.core.position import position_log, read_position
from judge.core.position_check import check_position
from judge.core.replay import replay

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "examples" / "positions"
EXAMPLES = sorted(p.stem for p in POSITIONS.glob("*.json"))


def example(name: str) -> dict[str, Any]:
    return json.loads((POSITIONS / f"{name}.json").read_text("utf-8"))


def without_unseen(doc: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    for zones in out["start"]["players"].values():
        zones.pop("unseen", None)
    return out


def known_ids(checked: dict[str, Any]) -> dict[str, Any]:
    return checked["ids"]


def problems(doc: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(BadLog) as caught:
        read_position(doc)
    return {e.path: e.message for e in caught.value.errors}


@pytest.mark.parametrize("name", EXAMPLES)
def test_hidden_zones_as_counts_need_no_unseen_list_in_every_game(name: str) -> None:
    doc = example(name)
    given = check_position(doc)
    assert given["problems"] == []
    counted = check_position(without_unseen(doc))
    assert counted["problems"] == []
    # every card the position shows keeps its id; what is legal now is the same
    assert known_ids(counted) == known_ids(given)
    assert counted["legal_actions"] == given["legal_actions"]
    assert counted["state"] == given["state"]


def test_an_unknown_card_may_be_any_main_deck_card_of_the_sets_up_to_the_deck_rules_copies() -> (
    None
):
    doc = without_unseen(example("ua-attack-block"))
    log = read_position(doc)
    unseen = [log.layout.decks["A"]["main"][n - 1] for n in _unseen_numbers(log, "A")]
    cards = card_table([], ["ua-sample"])
    shown_a = {"UAS-007": 1, "UAS-003": 1, "UAS-001": 1, "UAS-002": 1}
    for code, card in cards.items():
        want = 0 if card["type"] == "ap" else min(32, 4 - shown_a.get(code, 0))
        assert unseen.count(code) == want, code
    # ids after every placed card, in code order: the same on every reading
    assert unseen == sorted(unseen)
    assert read_position(doc).layout.zones == log.layout.zones


def _unseen_numbers(log: Any, pid: str) -> list[int]:
    return [int(i.rsplit("-", 1)[1]) for i in log.layout.zones[pid]["unseen"]]


def test_a_card_a_counted_position_does_not_know_is_not_guessed() -> None:
    # B's two life cards are a count: turning one cannot say whether it had a trigger
    doc = without_unseen(example("ua-attack-block"))
    actions = [{"p": "B", "do": "block", "card": None}, {"p": "A", "do": "pick_life", "cards": [1]}]
    r = replay({**position_log(doc), "actions": actions}, detail="full")
    assert [s["verdict"] for s in r["steps"]] == ["legal", "unverifiable"]
    assert r["steps"][-1]["state"]["players"]["B"]["life"] == 1


def main_phase_with_four_cinder_gunners() -> dict[str, Any]:
    doc = without_unseen(example("ua-attack-block"))
    doc["start"]["phase"] = "main"
    doc["start"].pop("battle")
    doc["start"]["players"]["A"]["outside"] = ["UAS-003", "UAS-003", "UAS-003"]
    return doc


def test_a_fifth_copy_cannot_be_an_unknown_hand_card_but_a_fourth_can() -> None:
    doc = main_phase_with_four_cinder_gunners()
    play = {"p": "A", "do": "play", "card": "UAS-003", "to": "front_line"}
    r = replay({**position_log(doc), "actions": [play]})
    assert [v["rule"] for v in r["steps"][0]["violations"]] == ["UA-REVEAL"]
    doc["start"]["players"]["A"]["outside"] = ["UAS-003", "UAS-003"]
    r = replay({**position_log(doc), "actions": [play]})
    assert "UA-REVEAL" not in [v["rule"] for v in r["steps"][0]["violations"]]


def test_a_seeded_position_still_knows_every_card() -> None:
    doc = without_unseen(example("ua-attack-block"))
    doc["hidden"] = {"mode": "seeded", "seed": "1"}
    found = problems(doc)
    assert "no unknown (null) cards" in found["start.players.A"]


def test_an_unseen_list_given_must_still_match_the_unknown_cards() -> None:
    doc = example("ua-attack-block")
    doc["start"]["players"]["A"]["unseen"] = doc["start"]["players"]["A"]["unseen"][1:]
    assert "31 cards for 32 unknown (null) cards" in problems(doc)["start.players.A.unseen"]


# -- cards by name -----------------------------------------------------------------------------


def by_name(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with every card of its players' zones written by its name."""
    names = {c: d["name"] for c, d in card_table(doc.get("cards") or [], doc["card_sets"]).items()}

    def walk(value: Any, is_card: bool) -> Any:
        if isinstance(value, str):
            return names.get(value, value) if is_card else value
        if isinstance(value, list):
            return [walk(v, True) for v in value]
        if isinstance(value, dict):
            return {
                k: v
                if k in ("mods", "entry_mods", "used", "markers")
                else walk(v, k in ("card", "code", "resident", "entry", "shift"))
                for k, v in value.items()
            }
        return value

    out = copy.deepcopy(doc)
    for pid, zones in out["start"]["players"].items():
        out["start"]["players"][pid] = {
            k: walk(v, k in ("resident", "entry")) for k, v in zones.items()
        }
    return out


@pytest.mark.parametrize("name", EXAMPLES)
def test_cards_named_by_their_names_are_those_cards_in_every_game(name: str) -> None:
    doc = without_unseen(example(name))
    named = by_name(doc)
    assert named != doc
    assert check_position(named) == check_position(doc)


def test_names_are_compared_without_case_or_width() -> None:
    doc = example("ua-attack-block")
    doc["start"]["players"]["A"]["front_line"][1]["card"] = "ＣＩＮＤＥＲ gunner"
    assert read_position(doc).layout.decks["A"]["main"][1] == "UAS-003"


def test_a_name_two_cards_carry_is_refused_naming_them() -> None:
    doc = example("ua-attack-block")
    doc["cards"] = [
        {
            "code": "T-GUN",
            "name": "Cinder Gunner",
            "type": "character",
            "title": "UAS",
            "number": "T-1",
            "color": "red",
            "ap": 1,
            "bp": 1000,
        }
    ]
    doc["start"]["players"]["A"]["front_line"][1]["card"] = "Cinder Gunner"
    assert problems(doc) == {
        "start.players.A.front_line[1].card": (
            "'Cinder Gunner' is the name of 2 cards (T-GUN, UAS-003): write the code of the one "
            "meant"
        )
    }


def test_a_string_no_card_is_named_is_an_unknown_card_and_ids_keywords_are_never_names() -> None:
    doc = example("ua-attack-block")
    doc["start"]["players"]["A"]["front_line"][1]["card"] = "No Such Card"
    assert "No Such Card" in " ".join(problems(doc).values())
    # a modifier's keyword and a battle's attacker id are not card entries
    doc = example("ua-attack-block")
    doc["start"]["players"]["A"]["front_line"][0]["mods"] = [{"keyword": "Snipe"}]
    log = read_position(doc)
    assert log.start["players"]["A"]["front_line"][0]["mods"][0]["keyword"] == "Snipe"
    assert log.start["battle"]["attacker"] == "A-1"


def test_judge_position_says_an_unseen_list_was_left_out(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(without_unseen(example("ua-attack-block"))))
    printed = CliRunner().invoke(cli.main, ["position", str(path)])
    assert printed.exit_code == 0, printed.output
    assert (
        "  unseen: not listed: each unknown card may be any card of the sets "
        "(168 candidates, A-5…A-172)"
    ) in printed.output.splitlines()
    assert "  deck: 25 unknown cards" in printed.output.splitlines()


def rules_of(doc: dict[str, Any], actions: list[dict[str, Any]]) -> list[list[str]]:
    r = replay({**position_log(doc), "actions": actions})
    return [[v["rule"] for v in s["violations"]] for s in r["steps"]]


def test_rs_a_counter_from_an_unknown_hand_is_a_candidate_unless_every_copy_is_shown() -> None:
    doc = without_unseen(example("rs-attack-counter"))
    b = doc["start"]["players"]["B"]
    b["hand"] = [None, None, None]  # Undertow (RSS-019) is no longer a known hand card
    use = {"p": "B", "do": "use", "card": "RSS-019", "targets": ["B-1"]}
    assert rules_of(doc, [use]) == [[]]
    b["discard"] = ["RSS-019", "RSS-019", "RSS-019"]  # RS-DECK-COPIES: all three shown
    (broken,) = rules_of(doc, [use])
    assert broken  # no copy can be in the hand: not legal (the engine cites its counter rule)


def test_r4u_an_entry_in_from_a_counted_deck_reveals_a_candidate_never_a_partner() -> None:
    doc = without_unseen(example("rebirth-attack-guard"))
    guard = {"p": "A", "do": "guard", "card": None}
    reveal = {"p": "A", "do": "reveal", "card": "R4S-001"}
    assert rules_of(doc, [guard, reveal]) == [[], []]
    partner = {"p": "A", "do": "reveal", "card": "R4S-P01"}
    assert rules_of(doc, [guard, partner])[1] == ["R4U-REVEAL"]


def test_candidates_past_a_deck_lists_bound_are_refused_naming_the_unseen_list() -> None:
    # a set of 150 codes makes 600 candidates: more than a deck list holds (500)
    doc = without_unseen(example("ua-attack-block"))
    doc["cards"] = [
        {"code": f"T-{i:03d}", "name": f"Test {i}", "type": "character", "title": "UAS"}
        | {"number": f"T-{i}", "color": "red", "ap": 1, "bp": 1000}
        for i in range(150)
    ]
    found = problems(doc)
    assert set(found) == {"start.players.A.unseen", "start.players.B.unseen"}
    assert (
        "more than the 500 cards a deck list holds; list the unseen cards"
        in (found["start.players.A.unseen"])
    )
