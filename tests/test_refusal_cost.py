"""Refusing a hostile body costs time linear in its size (issue 19), and the answer is the
one every problem built would give: the first 100 problems, and the exact count of the rest.

No timings: the work is counted (the problems built, the sort keys computed) for bodies of
n and 10n units, and must stay bounded or grow in proportion.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import judge.core.errors as errors_module
from judge.core.cardsets import read_card_set
from judge.core.decks import MAX_DECK_ENTRIES
from judge.core.errors import MAX_ERRORS, BadLog, FieldError, Unlisted, capped, error_order
from judge.core.jsontext import DEFAULT_LIMITS, read_document
from judge.core.log import parse_log
from judge.core.question import read_question

ROOT = Path(__file__).resolve().parent.parent
LOG = json.loads((ROOT / "examples/union-arena/full-game.json").read_text())
BIG = 300_000  # units of a body of about 3.5-4.5 MB


def _log(**changes: Any) -> dict[str, Any]:
    doc = copy.deepcopy(LOG)
    doc.update(changes)
    return doc


def _refused(read: Any, body: bytes) -> BadLog:
    with pytest.raises(BadLog) as caught:
        read(read_document(body, DEFAULT_LIMITS))
    return caught.value


def _keys(n: int) -> dict[str, int]:
    return {f"k{i:06d}": 1 for i in range(n)}


def _with(path: list[Any], n: int) -> bytes:
    doc = copy.deepcopy(LOG)
    node: Any = doc
    for key in path:
        node = node[key]
    node.update(_keys(n))
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    ("path", "prefix"),
    [
        ([], ""),
        (["actions", 3], "actions[3]."),
        (["decks", "A"], "decks.A."),
        (["players", 0], "players[0]."),
        (["cards", 0], "cards[0]."),
        (["hidden"], "hidden."),
    ],
)
def test_many_unknown_keys_are_refused_with_the_first_100_and_the_count(
    path: list[Any], prefix: str
) -> None:
    body = _with(path, BIG)
    assert 3_000_000 < len(body) < DEFAULT_LIMITS.max_bytes
    exc = _refused(parse_log, body)
    assert [e.path for e in exc.errors] == [f"{prefix}k{i:06d}" for i in range(MAX_ERRORS)]
    assert all(e.message.startswith("unknown field") for e in exc.errors)
    assert exc.more == BIG - MAX_ERRORS


def test_the_answer_is_the_one_every_problem_built_gives() -> None:
    """Unknown fields counted, not built, leave the list and the count that capping every
    problem built would give, on a log with problems in several fields."""
    doc = _log(players=[{"id": "A", **_keys(150)}, {"id": "B"}], zz=1)
    doc["actions"][2].update(_keys(130))
    doc["decks"]["B"]["main"][4] = "NOPE"
    fast = _refused(parse_log, json.dumps(doc).encode())
    message = {e.path.split(".")[0]: e.message for e in fast.errors}
    every = [FieldError(f"players[0].k{i:06d}", message["players[0]"]) for i in range(150)]
    every += [FieldError(f"actions[2].k{i:06d}", message["actions[2]"]) for i in range(130)]
    every += [e for e in fast.errors if e.path in ("zz", "decks.B.main[4]")]
    assert len(every) == 282
    kept, more = capped(every)
    assert fast.errors == kept
    assert fast.more == more


def test_many_bad_entries_of_a_list_are_counted_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    built = _count_built(monkeypatch)
    for n in (1_000, 10_000):
        built.clear()
        actions = [{"p": "A", "do": "nonsense", "k": i} for i in range(n)]
        exc = _refused(parse_log, json.dumps(_log(actions=actions)).encode())
        assert exc.errors[0].path == "actions[0].do"
        assert len(exc.errors) + exc.more == n  # an unknown kind each
        assert len(built) < 20 * MAX_ERRORS, n  # bounded: not one per problem


def _count_built(monkeypatch: pytest.MonkeyPatch) -> list[None]:
    """Count the FieldErrors built from here on."""
    built: list[None] = []
    original = FieldError.__init__

    def counting_init(self: FieldError, *args: Any, **kwargs: Any) -> None:
        built.append(None)
        original(self, *args, **kwargs)

    monkeypatch.setattr(FieldError, "__init__", counting_init)
    return built


@pytest.mark.parametrize("n", [2_000, 20_000])
def test_unknown_keys_build_a_bounded_number_of_problems(
    monkeypatch: pytest.MonkeyPatch, n: int
) -> None:
    body = _with(["actions", 3], n)
    built = _count_built(monkeypatch)
    exc = _refused(parse_log, body)
    assert exc.more == n - MAX_ERRORS
    assert len(built) < 10 * MAX_ERRORS


def test_capped_computes_keys_in_proportion(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[None] = []

    def counted(error: FieldError) -> Any:
        calls.append(None)
        return error_order(error)

    monkeypatch.setattr(errors_module, "error_order", counted)
    per_size = []
    for n in (5_000, 50_000):
        calls.clear()
        kept, more = capped([FieldError(f"actions[{i}].p", "x") for i in range(n)])
        assert [e.path for e in kept][:2] == ["actions[0].p", "actions[1].p"]
        assert more == n - MAX_ERRORS
        per_size.append(len(calls))
    assert per_size[1] <= 10 * per_size[0] + MAX_ERRORS


def test_capped_keeps_the_first_of_each_field_in_turn() -> None:
    errors = [FieldError(f"actions[{i}].p", "x") for i in range(300)]
    errors += [FieldError(f"k{i}", "unknown field") for i in range(3)]
    errors += [Unlisted("", "unknown field", 40)]
    kept, more = capped(errors)
    assert [e.path for e in kept][-3:] == ["k0", "k1", "k2"]
    assert len(kept) == MAX_ERRORS and more == 303 - MAX_ERRORS + 40


def test_duplicate_keys_in_many_objects_are_counted() -> None:
    n = 200_000
    body = ('{"x": [' + ",".join(['{"a":1,"a":2}'] * n) + "]}").encode()
    with pytest.raises(BadLog) as caught:
        read_document(body)
    assert [e.path for e in caught.value.errors][:3] == ["x[0]", "x[1]", "x[2]"]
    assert len(caught.value.errors) == MAX_ERRORS and caught.value.more == n - MAX_ERRORS


def test_an_over_long_deck_list_is_refused_unread_naming_the_field() -> None:
    deck = copy.deepcopy(LOG["decks"])
    deck["A"]["main"] = ["UAS-001"] * 400_000
    exc = _refused(parse_log, json.dumps(_log(decks=deck)).encode())
    assert [str(e) for e in exc.errors] == [
        "decks.A.main: 400,000 entries; a union-arena deck has 50 cards and 3 AP cards: "
        f"at most {MAX_DECK_ENTRIES} entries are read"
    ]


def test_a_deck_over_the_legal_size_but_under_the_bound_reaches_the_deck_rule() -> None:
    from judge.games.union_arena.decks import check_deck

    deck = copy.deepcopy(LOG["decks"])
    deck["A"]["main"] = deck["A"]["main"] + deck["A"]["main"][:10]  # 60 cards
    log = parse_log(_log(decks=deck))
    rules = [p.rule for p in check_deck(log.decks["A"]["main"], log.decks["A"]["ap"], log.cards)]
    assert "UA-DECK-SIZE" in rules


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("players", [{"id": f"P{i}"} for i in range(50_000)], "players"),
        ("cards", [{} for _ in range(20_000)], "cards"),
        ("card_sets", ["x"] * 50_000, "card_sets"),
        ("rule_options", {f"o{i}": 1 for i in range(50_000)}, "rule_options"),
        ("checkpoints", [{"after": 0}] * 50_000, "checkpoints"),
    ],
)
def test_other_lists_that_cost_work_per_entry_are_bounded(
    field: str, value: Any, path: str
) -> None:
    exc = _refused(parse_log, json.dumps(_log(**{field: value})).encode())
    messages = [str(e) for e in exc.errors if e.path == path]
    assert messages and "entries are read" in messages[0], [str(e) for e in exc.errors][:3]


def test_a_card_set_of_many_bad_cards_is_counted() -> None:
    n = 9_000
    body = json.dumps(
        {"format": "judge-card-set/1", "game": "union-arena", "name": "x", "cards": [{}] * n}
    ).encode()
    exc = _refused(read_card_set, body)
    assert exc.errors[0].path == "cards[0].code"
    per_card = sum(1 for e in exc.errors if e.path.startswith("cards[0]"))
    assert len(exc.errors) + exc.more == per_card * n


def test_a_question_with_many_unknown_keys_is_counted() -> None:
    def total(n: int) -> tuple[int, list[str]]:
        doc = {"kind": "state", "log": LOG, **_keys(n)}
        exc = _refused(read_question, json.dumps(doc).encode())
        return len(exc.errors) + exc.more, [e.path for e in exc.errors]

    few, _ = total(50)  # every problem built (too few unknown fields to count)
    many, paths = total(BIG)
    assert many == few - 50 + BIG
    assert "k000000" in paths
