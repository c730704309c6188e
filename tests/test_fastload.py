"""The compiled loaders of :mod:`schemas.fastload` against marshmallow itself.

What a loader accepts, marshmallow accepts with an equal result; what marshmallow refuses, a
loader refuses (so the log's errors are always marshmallow's).  Checked on every action and
envelope of the example logs, the contract's examples and self-play games of both games, and
on broken variants of their actions (each field left out, null, of another type, out of
range; an unknown field; a list element broken).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError
from marshmallow.experimental.context import Context

from judge.core.selfplay import random_game
from judge.games import GAMES
from judge.games.rangers_strike.sample import sample_envelope as rs_envelope
from judge.games.union_arena.sample import sample_envelope as ua_envelope
from schemas.action_log import _log_loader, _raw_refs, game_schemas, log_schema, validate_log
from schemas.fastload import Refused, schema_loader
from tests.scale import scaled

ROOT = Path(__file__).resolve().parents[1]
MISSING = object()


def _logs() -> list[dict[str, Any]]:
    paths = sorted((ROOT / "examples").glob("*/*.json")) + sorted(
        (ROOT / "tests" / "spec_examples").rglob("*.json")
    )
    logs = []
    for path in paths:
        doc = json.loads(path.read_text("utf-8"))
        if isinstance(doc, dict) and doc.get("format") == "judge-action-log/1":
            logs.append(doc)
    logs.append(random_game(ua_envelope("fast-ua"), "fast-ua", max_actions=300))
    logs.append(random_game(rs_envelope("fast-rs"), "fast-rs", max_actions=300))
    logs.append(random_game(rs_envelope("fast-tag", variant="tag"), "fast-tag", max_actions=300))
    return logs


LOGS = _logs()


def _marshmallow(schema: Any, value: Any) -> Any:
    try:
        return schema.load(value)
    except ValidationError:
        return MISSING


def _fast(load: Any, value: Any) -> Any:
    try:
        return load(value)
    except Refused:
        return MISSING


def _same(schema: Any, load: Any, value: Any) -> None:
    slow, fast = _marshmallow(schema, value), _fast(load, value)
    if fast is not MISSING:
        assert slow is not MISSING, f"the fast path accepted what marshmallow refuses: {value!r}"
        assert fast == slow and json.dumps(fast) == json.dumps(slow), value
    else:
        assert slow is MISSING, f"the fast path refused a valid value: {value!r}"


def _broken(value: Any) -> Iterator[Any]:
    """Variants of an action (or of any object in it) with one thing changed."""
    if isinstance(value, dict):
        yield {**value, "extra": 1}
        for key, item in value.items():
            rest = {k: v for k, v in value.items() if k != key}
            yield rest
            for other in (None, 0, -1, True, "", "ZZZ-999", "A-999", "A-0", [], {}, 1.5, ["A-1"]):
                yield {**value, key: other}
            for variant in _broken(item):
                yield {**value, key: variant}
    elif isinstance(value, list):
        yield None
        for i, item in enumerate(value):
            for other in (None, 0, "", {}, [], "player"):
                yield [*value[:i], other, *value[i + 1 :]]
            for variant in _broken(item):
                yield [*value[:i], variant, *value[i + 1 :]]


def _kinds(doc: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    module = game_schemas(doc["game"])
    assert module is not None
    return module, {
        kind: (schema(), schema_loader(schema())) for kind, schema in module.ACTIONS.items()
    }


@pytest.mark.parametrize("index", range(len(LOGS)))
def test_the_fast_path_loads_every_action_and_envelope_as_marshmallow_does(index: int) -> None:
    doc = LOGS[index]
    module, kinds = _kinds(doc)
    refs = _raw_refs(doc, module)
    schema, load = _log_loader(doc["game"])
    with Context(refs):
        _same(schema, load, doc)
        seen = set()
        for action in doc["actions"]:
            if repr(action) in seen or action.get("do") not in kinds:
                continue
            seen.add(repr(action))
            _same(*kinds[action["do"]], action)
            for variant in _broken(action):
                if (
                    isinstance(variant, dict)
                    and isinstance(variant.get("do"), str)
                    and variant["do"] in kinds
                ):
                    _same(*kinds[variant["do"]], variant)


def test_broken_envelopes_are_refused_by_both() -> None:
    doc = LOGS[0]
    module, _ = _kinds(doc)
    schema, load = _log_loader(doc["game"])
    small = {**doc, "actions": doc["actions"][:3]}
    for key in small:
        for other in (None, 0, "", [], {}, [{}]):
            variant = {**small, key: other}
            with Context(_raw_refs(variant, module)):
                _same(schema, load, variant)
    variant = copy.deepcopy(small)
    first = next(iter(variant["decks"]))
    variant["decks"][first]["main"][0] = "NOPE-1"
    with Context(_raw_refs(variant, module)):
        _same(schema, load, variant)


ACTION_FIELDS = [
    "p",
    "card",
    "cards",
    "to",
    "target",
    "targets",
    "use",
    "redraw",
    "first",
    "ability",
    "costs",
    "onto",
    "source",
]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["", "A", "A-1", "B-7"]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(["p", "do", "card", "cards", "to", "x"]), children, max_size=3
        )
    ),
    max_leaves=8,
)


@settings(max_examples=scaled(120), deadline=None)
@given(
    kind=st.sampled_from(sorted(game_schemas("union-arena").ACTIONS)),  # type: ignore[union-attr]
    fields=st.dictionaries(
        st.sampled_from(ACTION_FIELDS),
        JSON,
        max_size=4,
    ),
)
def test_random_union_arena_actions_are_judged_alike(kind: str, fields: dict[str, Any]) -> None:
    doc = LOGS[-3]
    module, kinds = _kinds(doc)
    with Context(_raw_refs(doc, module)):
        _same(*kinds[kind], {"p": "A", "do": kind, **fields})


def test_validate_log_reports_the_same_errors_with_and_without_the_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = copy.deepcopy(LOGS[-3])
    doc["actions"][3] = {"p": "Z", "do": "play", "card": "A-999", "extra": 1}
    doc["actions"][5] = {"p": "A", "do": "pick_life", "cards": [1, 1]}
    doc["decks"]["A"]["main"][0] = "NOPE-1"
    errors, _ = validate_log(doc)
    assert errors

    def refuse(*args: Any) -> Any:
        raise Refused

    import schemas.action_log as action_log
    import schemas.log_fields as log_fields

    _log_loader.cache_clear()
    monkeypatch.setattr(action_log, "schema_loader", lambda *a, **k: refuse)
    monkeypatch.setattr(log_fields, "schema_loader", lambda *a, **k: refuse)
    try:
        assert validate_log(copy.deepcopy(doc))[0] == errors
    finally:
        _log_loader.cache_clear()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_schema_of_a_log_is_compiled_not_handed_to_marshmallow(game: str) -> None:
    """The fast path is taken: the whole log's schema and each action kind's compile to a
    loader of their own (a base class that overrides a method of marshmallow's made every
    one of them load through marshmallow, and checking a log three times as slow)."""
    module = game_schemas(game)
    assert module is not None
    schemas = [log_schema(game)(), *(kind() for kind in module.ACTIONS.values())]
    whole = [
        type(s).__name__
        for s in schemas
        if schema_loader(s).__qualname__.startswith("_whole_schema")
    ]
    assert not whole, f"loaded by marshmallow, not compiled: {whole}"
