"""Refusing a hostile body costs time linear in its size (issue 19), and the answer is the
one every problem built would give: the first 100 problems, and the exact count of the rest.

No timings: the work is counted (the problems built, the comparisons made, the objects walked,
the loads) and must stay bounded or grow in proportion; each such test fails on the code before
the fix it is about (the figures are bench/refusal.py's).
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


# -- the work a refusal costs grows in proportion: each test fails on the code before the fix ----


class _Compared:
    """A sort key that counts the comparisons made with it (sorting n problems costs about
    n log n of them; selecting the first 100 with a heap about n)."""

    def __init__(self, key: Any, counter: list[None]) -> None:
        self.key, self.counter = key, counter

    def __lt__(self, other: _Compared) -> bool:
        self.counter.append(None)
        return bool(self.key < other.key)

    def __eq__(self, other: object) -> bool:
        self.counter.append(None)
        return isinstance(other, _Compared) and self.key == other.key

    __hash__ = None  # type: ignore[assignment]


def test_capping_compares_problems_a_bounded_number_of_times_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Shuffled problems (sorted or reversed input sorts in linear time anyway): sorting all
    200,000 of them made about 17 comparisons each; selecting the first 100, fewer than 2.
    20,000 tell the two apart as well (a sort's n log n is about 14 comparisons each there,
    the bound 3) at a tenth of the cost."""
    import random

    compared: list[None] = []
    monkeypatch.setattr(errors_module, "error_order", lambda e: _Compared(error_order(e), compared))
    n = 20_000
    errors = [FieldError(f"actions[{i}].p", "x") for i in range(n)]
    random.Random(19).shuffle(errors)
    kept, more = capped(errors)
    assert [e.path for e in kept] == [f"actions[{i}].p" for i in range(MAX_ERRORS)]
    assert more == n - MAX_ERRORS
    assert len(compared) < 3 * n


def test_a_question_keeps_the_count_of_its_logs_unlisted_problems() -> None:
    doc = copy.deepcopy(LOG)
    doc["actions"][3].update(_keys(BIG))
    question = {"format": "judge-question/1", "kind": "order", "log": doc}
    exc = _refused(read_question, json.dumps(question).encode())
    assert [e.path for e in exc.errors][:2] == ["log.actions[3].k000000", "log.actions[3].k000001"]
    assert len(exc.errors) + exc.more == BIG


def test_a_free_object_is_copied_not_loaded_key_by_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """A question's log is a free object (checked as a log afterwards): its 300,000 keys were
    each loaded as a marshmallow string field."""
    from marshmallow import fields

    loaded: list[None] = []
    original = fields.String._deserialize

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        loaded.append(None)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(fields.String, "_deserialize", counting)
    question = {"format": "judge-question/1", "kind": "order", "log": {**LOG, **_keys(BIG)}}
    exc = _refused(read_question, json.dumps(question).encode())
    assert exc.errors[0].path == "log.k000000"
    assert len(exc.errors) + exc.more == BIG
    assert len(loaded) < 10_000


def test_an_action_refused_is_loaded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The log's fast path and then marshmallow read the same action; an action of 300,000
    unknown keys was loaded four times (each finding and ordering its unknown keys)."""
    from schemas.problems import UnknownCounted

    loads: list[int] = []
    original = UnknownCounted._deserialize

    def counting(self: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(data, dict) and len(data) > 1_000:
            loads.append(len(data))
        return original(self, data, **kwargs)

    monkeypatch.setattr(UnknownCounted, "_deserialize", counting)
    exc = _refused(parse_log, _with(["actions", 3], 20_000))
    assert exc.more == 20_000 - MAX_ERRORS
    assert len(loads) == 1


def _dups_in_a_list(n: int) -> bytes:
    return ('{"x": [' + ",".join(['{"a":1,"a":2}'] * n) + "]}").encode()


def test_keys_given_twice_are_counted_as_read_not_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past a list's first 100 problems, each later object was walked to count its keys given
    twice; they are counted as the reader found them."""
    import judge.core.jsonproblems as problems_module

    walked: list[None] = []
    original = problems_module._count

    def counting(*args: Any) -> int:
        walked.append(None)
        return int(original(*args))

    monkeypatch.setattr(problems_module, "_count", counting)
    with pytest.raises(BadLog) as caught:
        read_document(_dups_in_a_list(20_000))
    assert caught.value.more == 20_000 - MAX_ERRORS
    assert walked == []


def test_keys_given_twice_in_the_objects_of_a_big_object_are_listed_and_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Objects that are the values of a document's keys (not in a list): each field's first
    problem can be listed, and each was built (150,000 of them took 2 s); the fields past
    those that can be listed are not read at all."""
    n = 50_000
    built = _count_built(monkeypatch)
    body = "{" + ",".join(f'"k{i:06d}": {{"a":1,"a":2,"b":{{"c":1,"c":2}}}}' for i in range(n))
    with pytest.raises(BadLog) as caught:
        read_document((body + "}").encode())
    # the first problem of each field in turn: 50,000 fields, so one of each of the first 100
    assert [str(e) for e in caught.value.errors] == [
        f'k{i:06d}: duplicate key "a"' for i in range(MAX_ERRORS)
    ]
    assert caught.value.more == 2 * n - MAX_ERRORS
    assert len(built) < 10 * MAX_ERRORS


def test_a_key_given_twice_is_found_whatever_the_colons_in_its_text() -> None:
    # colons written as escapes, in keys and in strings, and a backslash before "u003a"
    cases = {
        '{"\\u003a": 1, "\\u003a": 2}': ['<document>: duplicate key ":"'],
        '{"a": "x\\u003Ay", "a": 1}': ['<document>: duplicate key "a"'],
        '{"a": "\\\\u003a", "a": "b:c"}': ['<document>: duplicate key "a"'],
        '{"a:b": 1, "c": {"d": ":", "d": 2}}': ['c: duplicate key "d"'],
    }
    for text, expected in cases.items():
        with pytest.raises(BadLog) as caught:
            read_document(text)
        assert [str(e) for e in caught.value.errors] == expected, text
    assert read_document('{"\\u003a": "\\u003a:", "a": "\\\\u003a"}') == {":": "::", "a": "\\u003a"}


def test_a_key_given_twice_inside_a_replaced_value_is_not_counted() -> None:
    # the first "a" (and its own key given twice) is not in the document as read
    text = '{"x": [' + ",".join(['{"a": {"b": 1, "b": 2}, "a": 3}'] * 300) + "]}"
    with pytest.raises(BadLog) as caught:
        read_document(text)
    assert {e.message for e in caught.value.errors} == {'duplicate key "a"'}
    assert len(caught.value.errors) + caught.value.more == 300


def test_integers_past_64_bits_are_read_exactly() -> None:
    # orjson reads them as floats: such a document is read by the standard library
    doc = read_document('{"a": 123456789012345678901234567890, "b": -9223372036854775809}')
    assert doc == {"a": 123456789012345678901234567890, "b": -9223372036854775809}
    assert all(type(v) is int for v in doc.values())
    assert type(read_document('{"a": 1e19}')["a"]) is float


def test_the_depth_limit_is_exact() -> None:
    from judge.core.jsontext import Limits

    for limit in (1, 2, 64):
        at = '{"a":' * (limit - 1) + "{}" + "}" * (limit - 1)
        assert read_document(at, Limits(max_depth=limit)) is not None
        with pytest.raises(BadLog, match="nested too deeply"):
            read_document('{"a":' + at + "}", Limits(max_depth=limit))
        with pytest.raises(BadLog, match="malformed JSON"):  # one value, not two
            read_document(at + "," + at, Limits(max_depth=limit))


def test_the_collector_is_paused_while_a_document_is_read_and_on_after() -> None:
    import gc

    import judge.core.jsontext as jsontext

    seen: list[bool] = []
    original = jsontext._parse

    def watching(*args: Any) -> Any:
        seen.append(gc.isenabled())
        return original(*args)

    assert gc.isenabled()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsontext, "_parse", watching)
        read_document('{"a": 1}')
        with pytest.raises(BadLog):
            read_document('{"a": 1, "a": 1}')
    assert seen == [False, False]
    assert gc.isenabled()


def test_check_deck_on_the_command_line_applies_the_deck_bound(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from judge import cli
    from schemas.problems import too_many

    deck = {"game": "union-arena", "main": ["UAS-001"] * 400_000, "cards": LOG["cards"]}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck))
    result = CliRunner().invoke(cli.main, ["check-deck", str(path)])
    assert result.exit_code == 2, result.output
    why = "a deck has 50 cards (Rangers Strike: at least 40)"
    assert f"main: {too_many(400_000, MAX_DECK_ENTRIES, why)}" in result.output
    whole_log = {**LOG, "decks": {**LOG["decks"], "B": {"main": ["UAS-001"] * 501, "ap": []}}}
    path.write_text(json.dumps(whole_log))
    result = CliRunner().invoke(cli.main, ["check-deck", str(path)])
    assert result.exit_code == 2 and "decks.B.main: 501 entries" in result.output
