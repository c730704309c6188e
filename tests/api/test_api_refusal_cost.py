"""A hostile body costs the API linear work: refused with the first 100 problems and the
count of the rest (issue 19; figures in bench/refusal.py).  The requests complete within
the client's socket timeout; no timings are asserted."""

from __future__ import annotations

import copy
import json
from typing import Any

from judge.core.decks import MAX_DECK_ENTRIES


def _keys(n: int) -> dict[str, int]:
    return {f"k{i:06d}": 1 for i in range(n)}


def test_a_log_of_300000_unknown_keys_is_refused_with_the_count(
    live: Any, full_game: dict[str, Any], problem: Any
) -> None:
    log = {**copy.deepcopy(full_game), **_keys(300_000)}
    doc = problem(live.post("/v1/replays", log), 400)
    paths = [e["path"] for e in doc["errors"]]
    assert paths[:100] == [f"k{i:06d}" for i in range(100)]
    assert doc["errors"][-1]["message"].startswith("and 299,900 more problems")


def test_a_question_with_300000_unknown_keys_is_refused(
    live: Any, full_game: dict[str, Any], problem: Any
) -> None:
    question = {"kind": "state", "log": full_game, **_keys(300_000)}
    doc = problem(live.post("/v1/rulings", question), 400)
    assert "k000000" in [e["path"] for e in doc["errors"]]


def test_a_card_set_with_300000_unknown_keys_is_refused(live: Any, problem: Any) -> None:
    body = {"format": "judge-card-set/1", "game": "union-arena", "name": "x", "cards": [{}]}
    doc = problem(live.post("/v1/card-sets", {**body, **_keys(300_000)}), 400)
    assert "k000000" in [e["path"] for e in doc["errors"]]


def test_a_deck_check_of_400000_entries_is_refused_naming_the_field(
    live: Any, full_game: dict[str, Any], problem: Any
) -> None:
    deck = {"game": "union-arena", "main": ["UAS-001"] * 400_000, "cards": full_game["cards"]}
    doc = problem(live.post("/v1/decks/check", deck), 400)
    assert doc["errors"] == [
        {
            "path": "main",
            "message": "400,000 entries; a deck has 50 cards (Rangers Strike: at least 40): "
            f"at most {MAX_DECK_ENTRIES} entries are read",
        }
    ]


def test_a_deck_over_the_legal_size_still_reaches_the_rule(
    live: Any, full_game: dict[str, Any]
) -> None:
    deck = full_game["decks"]["A"]
    body = {
        "game": "union-arena",
        "main": deck["main"] + deck["main"][:10],
        "ap": deck["ap"],
        "cards": full_game["cards"],
    }
    answer = live.post("/v1/decks/check", body)
    assert answer.status == 200, answer.body[:300]
    assert "UA-DECK-SIZE" in [p["rule"] for p in answer.json["problems"]]


def test_a_question_whose_log_is_refused_keeps_the_count(
    live: Any, full_game: dict[str, Any], problem: Any
) -> None:
    log = copy.deepcopy(full_game)
    log["actions"][3].update(_keys(300_000))
    question = {"format": "judge-question/1", "kind": "order", "log": log}
    doc = problem(live.post("/v1/rulings", question), 400)
    assert doc["errors"][0]["path"] == "log.actions[3].k000000"
    assert doc["errors"][-1]["message"].startswith("and 299,900 more problems")


def test_a_question_on_a_position_of_300000_unknown_keys_is_refused_with_the_count(
    live: Any, problem: Any
) -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    position = json.loads((root / "examples/positions/ua-attack-block.json").read_text())
    question = {"format": "judge-question/1", "kind": "order", "position": position}
    question["position"].update(_keys(300_000))
    doc = problem(live.post("/v1/rulings", question), 400)
    assert doc["errors"][0]["path"] == "position.k000000"
    assert doc["errors"][-1]["message"].startswith("and 299,900 more problems")


def test_a_log_of_150000_objects_giving_a_key_twice_is_refused_with_the_count(
    live: Any, problem: Any
) -> None:
    body = "{" + ",".join(f'"k{i:06d}": {{"a": 1, "a": 2}}' for i in range(150_000)) + "}"
    answer = live.post("/v1/replays", body.encode(), headers={"Content-Type": "application/json"})
    doc = problem(answer, 400)
    assert [e["path"] for e in doc["errors"]][:2] == ["k000000", "k000001"]
    assert doc["errors"][-1]["message"].startswith("and 149,900 more problems")
