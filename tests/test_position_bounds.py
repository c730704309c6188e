"""A position's lists are bounded and its unknown fields counted (issue 19): a zone is read up
to a deck list's bound (500 entries, given as a list or as a count), its players up to a log's
(16), and a position document's unknown fields past the first 100 are counted, not built.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge.core.decks import MAX_DECK_ENTRIES
from judge.core.errors import MAX_ERRORS, BadLog, FieldError
from judge.core.position import read_position
from judge.core.question import read_question
from schemas.position_common import MAX_ZONE_CARDS, OTHER_BOUND_REASON, ZONE_BOUND_REASON
from schemas.problems import too_many

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "examples" / "positions"
#: an example position of each game, and a zone of its players given as a list of cards
ZONES = {
    "ua-attack-block.json": "hand",
    "rs-attack-counter.json": "hand",
    "rebirth-attack-guard.json": "waiting_room",
    "zx-appear-choice.json": "trash",
}
BIG = 300_000


def _position(name: str) -> dict[str, Any]:
    return json.loads((POSITIONS / name).read_text())


def _refused(doc: dict[str, Any]) -> BadLog:
    with pytest.raises(BadLog) as caught:
        read_position(doc)
    return caught.value


def _player(doc: dict[str, Any]) -> str:
    return sorted(doc["start"]["players"])[0]


def test_the_zone_bound_is_a_deck_lists() -> None:
    assert MAX_ZONE_CARDS == MAX_DECK_ENTRIES


@pytest.mark.parametrize(("name", "zone"), sorted(ZONES.items()))
def test_a_zone_longer_than_a_deck_can_be_is_refused_unread_naming_it(name: str, zone: str) -> None:
    doc = _position(name)
    pid = _player(doc)
    card = doc["cards"][0]["code"] if doc.get("cards") else "UAS-001"
    doc["start"]["players"][pid][zone] = [card] * 400_000
    exc = _refused(doc)
    path = f"start.players.{pid}.{zone}"
    assert [str(e) for e in exc.errors] == [
        f"{path}: {too_many(400_000, MAX_ZONE_CARDS, ZONE_BOUND_REASON)}"
    ]
    assert "400,000 entries; a zone holds no more cards than a deck" in exc.errors[0].message


@pytest.mark.parametrize(("name", "zone"), sorted(ZONES.items()))
def test_a_zone_within_the_bound_is_read_entry_by_entry(name: str, zone: str) -> None:
    # at the bound the entries are read: a bad one is named by its index, not the zone refused
    doc = _position(name)
    pid = _player(doc)
    doc["start"]["players"][pid][zone] = [""] * MAX_ZONE_CARDS
    paths = [e.path for e in _refused(doc).errors]
    assert f"start.players.{pid}.{zone}[0]" in paths
    assert f"start.players.{pid}.{zone}" not in paths


def test_a_hidden_zone_given_as_a_list_is_bounded_as_any_zone() -> None:
    doc = _position("ua-attack-block.json")
    doc["start"]["players"]["A"]["deck"] = [None] * (MAX_ZONE_CARDS + 1)
    assert [str(e) for e in _refused(doc).errors] == [
        f"start.players.A.deck: {too_many(MAX_ZONE_CARDS + 1, MAX_ZONE_CARDS, ZONE_BOUND_REASON)}"
    ]


def test_a_hidden_zone_given_by_count_is_bounded_as_a_zone() -> None:
    doc = _position("ua-attack-block.json")
    doc["start"]["players"]["A"]["deck"] = {"count": MAX_ZONE_CARDS + 1}
    assert {e.path: e.message for e in _refused(doc).errors} == {
        "start.players.A.deck": f"at most {MAX_ZONE_CARDS} cards in a zone"
    }


def test_a_positions_other_lists_are_bounded() -> None:
    doc = _position("ua-attack-block.json")
    doc["start"]["pending"] = [{"source": "A-1"}] * 100_000
    assert [str(e) for e in _refused(doc).errors] == [
        f"start.pending: {too_many(100_000, MAX_ZONE_CARDS, OTHER_BOUND_REASON)}"
    ]


def test_a_positions_players_are_bounded() -> None:
    doc = _position("ua-attack-block.json")
    doc["start"]["players"].update({f"P{i}": {} for i in range(50_000)})
    messages = [str(e) for e in _refused(doc).errors if e.path == "start.players"]
    assert messages and "50,002 entries; a game has at most 4 players" in messages[0]


def _keys(n: int) -> dict[str, int]:
    return {f"k{i:06d}": 1 for i in range(n)}


def _count_built(monkeypatch: pytest.MonkeyPatch) -> list[None]:
    built: list[None] = []
    original = FieldError.__init__

    def counting_init(self: FieldError, *args: Any, **kwargs: Any) -> None:
        built.append(None)
        original(self, *args, **kwargs)

    monkeypatch.setattr(FieldError, "__init__", counting_init)
    return built


def test_a_positions_unknown_fields_past_the_first_100_are_counted_not_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = {**_position("ua-attack-block.json"), **_keys(BIG)}
    built = _count_built(monkeypatch)
    exc = _refused(doc)
    assert [e.path for e in exc.errors] == [f"k{i:06d}" for i in range(MAX_ERRORS)]
    assert all(e.message.startswith("unknown field in a position") for e in exc.errors)
    assert exc.more == BIG - MAX_ERRORS
    assert len(built) < 10 * MAX_ERRORS


def test_a_positions_unknown_fields_are_listed_in_path_order() -> None:
    doc = {**_position("ua-attack-block.json"), "zz": 1, "b[10]": 1, "b[2]": 1, "a": 1}
    assert [e.path for e in _refused(doc).errors] == ["a", "b[2]", "b[10]", "zz"]


def test_a_question_on_a_position_keeps_the_count_of_its_unknown_fields() -> None:
    question = {
        "format": "judge-question/1",
        "kind": "order",
        "position": {**_position("ua-attack-block.json"), **_keys(BIG)},
    }
    with pytest.raises(BadLog) as caught:
        read_question(question)
    exc = caught.value
    assert exc.errors[0].path == "position.k000000"
    assert len(exc.errors) + exc.more == BIG
