"""The shortcuts of a log's checking held to the long way they stand for, on real games.

- the fields a compiled loader writes in line (a player, a card reference, a list or an
  object: :mod:`schemas.fastload`'s ``fast_source`` and container lines) load what the
  field's own loader loads, with the log's references, without them, and with another
  context;
- a deck list of known codes answered by one comparison of sets
  (:func:`schemas.deck_names.unknown_entries`) as entry by entry;
- a text without a backslash counted without its escapes
  (:func:`judge.core.jsontext._may_repeat_keys`) as with them.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from marshmallow import ValidationError
from marshmallow.experimental.context import Context

from judge.core import jsontext
from judge.core.selfplay import random_game
from judge.games.rangers_strike.sample import sample_envelope as rs_envelope
from judge.games.rebirth.sample import sample_envelope as rebirth_envelope
from judge.games.union_arena.sample import sample_envelope as ua_envelope
from judge.games.zx.sample import sample_envelope as zx_envelope
from schemas.action_log import _raw_refs, game_schemas, validate_log
from schemas.deck_names import unknown_entries
from schemas.fastload import Refused, field_loader, schema_loader
from schemas.refs import Refs

MISSING = object()
ENVELOPES = {
    "union-arena": ua_envelope,
    "rangers-strike": rs_envelope,
    "zx": zx_envelope,
    "rebirth": rebirth_envelope,
}


def _game(game: str) -> dict[str, Any]:
    seed = f"inline-{game}"
    return random_game(ENVELOPES[game](seed), seed, max_actions=150)


GAMES = {game: _game(game) for game in ENVELOPES}


class OtherRefs(Refs):
    """A context that is a Refs but not exactly one: the lines leave it to the loader."""


def _contexts(doc: dict[str, Any]) -> list[Any]:
    module = game_schemas(doc["game"])
    refs = _raw_refs(doc, module)
    other = OtherRefs(**{k: getattr(refs, k) for k in ("game", "players", "cards", "sections")})
    other.deck_sizes = refs.deck_sizes
    other.n_actions = refs.n_actions
    return [refs, other, None, "not refs"]


def _outcome(load: Any, value: Any) -> Any:
    try:
        return load(value)
    except (Refused, ValidationError):
        return MISSING


def _variants(action: dict[str, Any]) -> list[dict[str, Any]]:
    """The action, and the action with each of its fields given other values: strings of
    players and cards known and not, null, other types, lists of them."""
    others: list[Any] = ["", "A", "B", "Z", "A-1", "A-999", "player", None, 3, True, [], ["A-1"]]
    out = [action]
    for key in action:
        if key != "do":
            out += [{**action, key: other} for other in others]
    return out


def _long_way(kind_schema: Any, value: Any) -> Any:
    """The kind's loader with no field written in line: each field's own loader called."""
    out = {}
    for name, field in kind_schema.load_fields.items():
        if name in value:
            out[name] = field_loader(field)(value[name], name, value)
    return out


@pytest.mark.parametrize("game", sorted(ENVELOPES))
def test_fields_in_line_load_as_their_own_loaders_do(game: str) -> None:
    doc = GAMES[game]
    module = game_schemas(game)
    assert module is not None
    loaders = {kind: schema_loader(schema()) for kind, schema in module.ACTIONS.items()}
    inline = [kind for kind, load in loaders.items() if "refs" in load.__code__.co_varnames]
    assert len(inline) == len(loaders), "every action has a player, written in line"
    actions = {json.dumps(a, sort_keys=True): a for a in doc["actions"]}.values()
    for context in _contexts(doc):
        with Context(context):
            for action in actions:
                schema = module.ACTIONS[action["do"]]()
                for value in _variants(action):
                    fast = _outcome(loaders[action["do"]], copy.deepcopy(value))
                    try:
                        slow = schema.load(copy.deepcopy(value))
                    except ValidationError:
                        slow = MISSING
                    if fast is MISSING:
                        assert slow is MISSING, (context, value)
                        continue
                    assert fast == slow, (context, value)
                    # the accepted value, field by field, as each field's loader loads it
                    long_way = _long_way(schema, value)
                    assert {k: fast[k] for k in long_way} == long_way, (context, value)


@pytest.mark.parametrize("game", sorted(ENVELOPES))
def test_a_reference_first_checked_in_line_is_remembered_for_lists(game: str) -> None:
    """A string checked in an action's own field, then met in a list (and the other way):
    the same memo, the same answers as a log checked whole."""
    doc = copy.deepcopy(GAMES[game])
    errors, log = validate_log(doc)
    assert not errors and log is not None
    reversed_doc = {**copy.deepcopy(doc), "actions": list(reversed(doc["actions"]))}
    errors, backwards = validate_log(reversed_doc)
    assert not errors and backwards is not None
    assert backwards.actions == list(reversed(log.actions))


def _unknown_entries_long_way(data: dict[str, Any], sections: tuple[str, ...], codes: Any) -> bool:
    decks = data.get("decks")
    if not isinstance(decks, dict):
        return False
    for deck in decks.values():
        if isinstance(deck, dict):
            for section in sections:
                entries = deck.get(section)
                if isinstance(entries, list):
                    for entry in entries:
                        if isinstance(entry, str) and entry not in codes:
                            return True
    return False


@pytest.mark.parametrize("game", sorted(ENVELOPES))
def test_known_deck_entries_are_found_as_entry_by_entry(game: str) -> None:
    doc = GAMES[game]
    module = game_schemas(game)
    assert module is not None
    sections = tuple(dict(module.INSTANCE_SECTIONS).values())
    refs = _raw_refs(doc, module)
    assert refs.cards
    pid = doc["players"][0]["id"]
    changes: list[Any] = [None, 3, ["x"], {"a": 1}, "NOT-A-CODE", "", next(iter(refs.cards))]
    docs = [doc]
    for change in changes:
        for section in sections:
            broken = copy.deepcopy(doc)
            entries = broken["decks"][pid].get(section)
            if isinstance(entries, list):
                entries.append(change)
                docs.append(broken)
    docs.append({**doc, "decks": {pid: {sections[0]: [[1], "NOT-A-CODE"]}}})
    docs.append({**doc, "decks": {pid: {sections[0]: "not a list"}}})
    docs.append({**doc, "decks": []})
    for one in docs:
        for codes in (refs.cards, set(refs.cards)):  # a set of codes is read entry by entry
            expected = _unknown_entries_long_way(one, sections, codes)
            assert unknown_entries(one, sections, codes) == expected
    assert not unknown_entries(doc, sections, refs.cards)


def _may_repeat_long_way(text: str | bytes, dumped: str | bytes) -> bool:
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if isinstance(dumped, bytes):
        dumped = dumped.decode("utf-8")
    if "\\\\u003" in text:
        return True
    escapes = text.count("\\u003a") + text.count("\\u003A")
    return dumped.count(":") != text.count(":") + escapes


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "b": "x:y"}',
        '{"a": 1, "a": 2}',
        '{"a": "\\u003a", "b": 1}',
        '{"a": "\\u003A", "a": 1}',
        '{"a": "\\\\u003a"}',
        '{"a": "\\n", "b": "c:d"}',
        '{"a": "\\"", "a": "\\""}',
    ],
)
def test_a_text_without_escapes_is_counted_as_with_them(text: str) -> None:
    for given in (text, text.encode("utf-8")):
        dumped, _ = jsontext._dumped(json.loads(text))
        for out in (dumped, dumped.decode("utf-8") if isinstance(dumped, bytes) else dumped):
            assert jsontext._may_repeat_keys(given, out) == _may_repeat_long_way(given, out)


@pytest.mark.parametrize("game", sorted(ENVELOPES))
def test_a_game_text_reads_as_the_standard_library_reads_it(game: str) -> None:
    text = json.dumps(GAMES[game])
    assert "\\" not in text
    assert jsontext.read_document(text) == json.loads(text)
    repeated = text.replace('"format":', '"format": 1, "format":', 1)
    with pytest.raises(jsontext.BadLog, match="duplicate key"):
        jsontext.read_document(repeated)
