"""The compiled loaders' own paths (:mod:`schemas.fastload`): the checks written in line
for strings, integers and booleans with marshmallow's validators, the reference checks made
once per log, and an action its loader refuses loaded by marshmallow once per log.

Each is held to marshmallow: what a loader accepts, marshmallow accepts with an equal
result; what marshmallow refuses, the loader refuses (``tests/test_fastload.py`` does the
same on whole logs).
"""

from __future__ import annotations

import copy
import importlib
import json
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, validate
from marshmallow.experimental.context import Context

import schemas.game_common as game_common
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope as ua_envelope
from schemas.action_log import Bool, Int, PlayerId, Str, _raw_refs, game_schemas, validate_log
from schemas.fastload import Refused, field_loader, schema_loader
from schemas.union_arena import AttackTarget, CardRef, Target
from tests.scale import scaled

MISSING = object()


def _odd(value: str) -> None:
    if len(value) % 2:
        raise ValidationError("odd")


class Inline(Schema):
    """One field of each kind a compiled loader checks in line, and one it calls."""

    equal = Str(validate=validate.Equal("x"))
    choice = Str(allow_none=True, validate=validate.OneOf(["a", "b"]))
    short = Str(validate=validate.Length(min=1, max=3))
    pair = fields.String(validate=validate.Length(equal=2))
    pattern = Str(validate=validate.Regexp(r"^[a-c]+$"))
    own = Str(validate=_odd)  # not one of marshmallow's: called
    square = Int(validate=validate.OneOf([1, 2, 3]))
    low = Int(minimum=1, validate=validate.Range(max=5, max_inclusive=False))
    above = fields.Integer(strict=True, validate=validate.Range(min=0, min_inclusive=False))
    flag = Bool(allow_none=True)
    plain = fields.Integer()  # not strict: loaded by its own _deserialize
    need = Str(required=True, validate=validate.Length(max=2))
    filled = Int(load_default=7)
    listed = fields.List(Str(validate=validate.OneOf(["a"])), load_default=list)


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 8),
    st.sampled_from(["", "x", "a", "b", "ab", "abc", "abcd", "zz", "1", "True"]),
    st.floats(allow_nan=False, min_value=-2, max_value=8),
    st.lists(st.sampled_from(["a", "b", 1]), max_size=2),
    st.just({}),
)


def _marshmallow(schema: Schema, value: Any) -> Any:
    try:
        return schema.load(value)
    except ValidationError:
        return MISSING


def _fast(load: Any, value: Any) -> Any:
    try:
        return load(value)
    except Refused:
        return MISSING


def _same(schema: Schema, load: Any, value: Any) -> None:
    slow, fast = _marshmallow(schema, value), _fast(load, value)
    if fast is not MISSING:
        assert slow is not MISSING, f"the fast path accepted what marshmallow refuses: {value!r}"
        assert fast == slow and json.dumps(fast) == json.dumps(slow), value
    else:
        assert slow is MISSING, f"the fast path refused a valid value: {value!r}"


def test_the_fields_it_knows_are_checked_in_line() -> None:
    """No call and no validator object per field of a known type: the checks are in the
    loader's own source (only the validator it does not know, and the fields it does not
    load in line, are named by it)."""
    load = schema_loader(Inline())
    assert load.__code__.co_filename == "<fastload Inline>"
    named = load.__globals__.values()
    assert _odd in named
    known = (validate.Equal, validate.OneOf, validate.Length, validate.Range, validate.Regexp)
    assert not [v for v in named if isinstance(v, known)]


@settings(max_examples=scaled(300), deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(Inline().load_fields)), VALUES, max_size=6))
def test_checks_in_line_accept_and_refuse_as_marshmallow(data: dict[str, Any]) -> None:
    schema = Inline()
    _same(schema, schema_loader(schema), {"need": "ab", **data})
    _same(schema, schema_loader(schema), data)


@settings(max_examples=scaled(200), deadline=None)
@given(VALUES)
def test_a_field_loaded_alone_is_checked_as_in_its_schema(value: Any) -> None:
    """A field's own compiled loader (a list's entries use one) answers as marshmallow's
    ``deserialize`` does."""
    for field in Inline().load_fields.values():
        try:
            slow = field.deserialize(value)
        except ValidationError:
            slow = MISSING
        try:
            fast = field_loader(field)(value, None, None)
        except Refused:
            fast = MISSING
        assert (fast is MISSING) == (slow is MISSING), (field, value)
        if fast is not MISSING:
            assert fast == slow and type(fast) is type(slow), (field, value)


class Players(Schema):
    p = PlayerId(required=True)
    among = PlayerId(validate=validate.OneOf(["A"]))  # another validator: not its own loader


@pytest.mark.parametrize("value", ["A", "B", "C", "", None, 1, True, ["A"]])
@pytest.mark.parametrize("players", [("A", "B"), None])
def test_a_player_id_is_loaded_as_marshmallow_loads_it(value: Any, players: Any) -> None:
    schema = Players()
    load = schema_loader(schema)
    with Context(_raw_refs({"players": [{"id": p} for p in players or ()]}, None)):
        _same(schema, load, {"p": value})
        _same(schema, load, {"p": "A", "among": value})


# --------------------------------------------------------------------------------------------
# References checked once per log
# --------------------------------------------------------------------------------------------


def _log() -> dict[str, Any]:
    return random_game(ua_envelope("compiled"), "compiled", max_actions=120)


LOG = _log()


def test_a_card_reference_is_checked_once_per_log(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    check = game_common.check_ref_string

    def counted(ref: str) -> str:
        checked.append(ref)
        return check(ref)

    monkeypatch.setattr(game_common, "check_ref_string", counted)
    errors, _ = validate_log(copy.deepcopy(LOG))
    assert not errors
    assert checked, "the log names cards"
    # once for each way of reading a string: a card reference, a target, an attack's target
    readings = {CardRef._deserialize, Target._deserialize, AttackTarget._deserialize}
    assert max(Counter(checked).values()) <= len(readings)
    named = sum(
        1
        for action in LOG["actions"]
        for value in action.values()
        for ref in (value if isinstance(value, list) else [value])
        if isinstance(ref, str) and ref in checked
    )
    assert len(checked) < named / 2, "a log names the same cards again and again"
    checked.clear()
    validate_log(copy.deepcopy(LOG))  # another log (the same text): checked again
    assert checked


def _refs(deck_size: int) -> Any:
    doc = copy.deepcopy(LOG)
    doc["decks"]["A"]["main"] = doc["decks"]["A"]["main"][:deck_size]
    return _raw_refs(doc, game_schemas("union-arena"))


def test_what_a_log_checked_does_not_answer_for_another() -> None:
    """``A-3`` is in range in one log and not in the next: each log's references judge it."""
    module = game_schemas("union-arena")
    assert module is not None
    schema = module.ACTIONS["play"]()
    load = schema_loader(schema)
    action = {"p": "A", "do": "play", "card": "A-3", "to": "front_line"}
    with Context(_refs(50)):
        _same(schema, load, action)
        assert _fast(load, action) is not MISSING
    with Context(_refs(2)):
        _same(schema, load, action)
        assert _fast(load, action) is MISSING


@pytest.mark.parametrize("ref", ["player", "A-1", "A-999", "", "UE01BT/JJK-1-001"])
def test_reference_classes_that_read_a_string_otherwise_do_not_share_a_check(ref: str) -> None:
    """A target reads ``"player"`` as itself, a card reference as a card: what one loaded
    does not answer for the other, in either order."""
    for order in ([Target, CardRef, AttackTarget], [CardRef, AttackTarget, Target]):
        with Context(_refs(50)):
            for cls in order:
                field = cls()
                try:
                    slow = field.deserialize(ref)
                except ValidationError:
                    slow = MISSING
                load = field_loader(field)
                for _ in range(2):  # the first time checked, the second remembered
                    try:
                        fast = load(ref, None, None)
                    except Refused:
                        fast = MISSING
                    assert fast == slow, (cls.__name__, ref)


# --------------------------------------------------------------------------------------------
# An action a compiled loader refuses
# --------------------------------------------------------------------------------------------


def test_an_action_refused_is_loaded_by_marshmallow_once_per_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast pass stops at the first action its loader refuses and keeps marshmallow's
    answer; marshmallow's own pass over the log finds it for that action and its repeats."""
    module = game_schemas("union-arena")
    assert module is not None
    play = module.ACTIONS["play"]
    calls: list[Any] = []
    original = Schema.load

    def load(self: Schema, data: Any, **kwargs: Any) -> Any:
        if type(self) is play:
            calls.append(data)
        return original(self, data, **kwargs)

    monkeypatch.setattr(Schema, "load", load)
    doc = copy.deepcopy(LOG)
    bad = {"p": "A", "do": "play", "card": "A-1", "to": "nowhere"}
    doc["actions"][5:5] = [copy.deepcopy(bad) for _ in range(4)]
    errors, log = validate_log(doc)
    assert log is None
    assert [e.path for e in errors] == [f"actions[{i}].to" for i in range(5, 9)]
    assert calls == [bad]


def test_the_pattern_of_instance_ids_follows_the_players_it_is_read_for() -> None:
    refs = _refs(50)
    first = refs.instance_pattern()
    assert refs.instance_pattern() is first
    refs.players = ("A", "B", "A-1")
    assert refs.instance_pattern() is not first
    assert refs.instance_pattern().fullmatch("A-1-2")
    assert re.fullmatch(refs.instance_pattern(), "A-1-2")["pid"] == "A-1"  # type: ignore[index]


# --------------------------------------------------------------------------------------------
# Card codes
# --------------------------------------------------------------------------------------------


def _codes_to_try(refs: Any) -> list[Any]:
    """Of every card type of the log's cards, a code; and what is not a known code."""
    by_type: dict[Any, str] = {}
    for code, kind in sorted(refs.cards.items()):
        by_type.setdefault(kind, code)
    return [*by_type.values(), "", "NOPE-1", "A-1", None, 3, ["x"]]


@pytest.mark.parametrize("section", ["main", "ap"])
def test_a_deck_code_is_loaded_as_marshmallow_loads_it(section: str) -> None:
    """A known code is accepted after one look-up, and a deck section refuses the cards
    that belong in the other (an AP card in ``main``, a character in ``ap``), alone and in
    lists of them, as marshmallow does."""
    module = game_schemas("union-arena")
    assert module is not None
    field = module.DeckSchema().fields[section]
    refs = _refs(50)
    codes = _codes_to_try(refs)
    assert {refs.cards[c] for c in codes[:-6]} >= {"ap", "character"}
    refs.cards[""] = "character"  # a card without a code is still not an empty entry
    lists = [[c] for c in codes] + [codes[:2], codes[:-6], [codes[0]] * 3]
    with Context(refs):
        for one, load in ((field, field_loader(field)), (field.inner, field_loader(field.inner))):
            for value in lists if one is field else codes:
                try:
                    slow = one.deserialize(value)
                except ValidationError:
                    slow = MISSING
                try:
                    fast = load(value, None, None)
                except Refused:
                    fast = MISSING
                assert fast == slow, value


@pytest.mark.parametrize("game", ["zx", "rebirth", "rangers-strike"])
def test_a_plain_card_code_list_is_loaded_as_marshmallow_loads_it(game: str) -> None:
    module = game_schemas(game)
    assert module is not None
    field = module.DeckSchema().fields["main"]
    doc = random_game(_envelope(game), "codes", max_actions=1)
    refs = _raw_refs(doc, module)
    codes = _codes_to_try(refs)
    refs.cards[""] = None  # a card without a code is still not an empty entry
    load = field_loader(field)
    with Context(refs):
        for value in [[c] for c in codes] + [codes[:2], codes[:-6], doc["decks"]["A"]["main"]]:
            try:
                slow = field.deserialize(value)
            except ValidationError:
                slow = MISSING
            try:
                fast = load(value, None, None)
            except Refused:
                fast = MISSING
            assert fast == slow, value


def _envelope(game: str) -> dict[str, Any]:
    module = importlib.import_module(f"judge.games.{game.replace('-', '_')}.sample")
    return module.sample_envelope("codes")  # type: ignore[no-any-return]
