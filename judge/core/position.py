"""Position documents (``judge-position/1``): a game described at a moment, without its history.

A position is the envelope of an action log (game, variant, rule options, players, cards,
card sets, hidden mode) with ``start`` — the moment itself, in the shape its game's schema
gives (``docs/positions.md``) — and no ``decks`` and no ``actions``.  It is read as the log
that starts from it and has no action yet, so it is checked by the same schemas, with the same
paths (``start.players.A.front_line``), and every engine question works on it
(:mod:`judge.core.ask`).  A log may start from a position too: it carries ``start`` instead
of ``decks``, and its actions go on from there.

``hidden`` defaults to ``observed`` here: a judge describing a situation at a table knows the
cards on the field and, at most, some of the hidden ones.

>>> doc = {"format": POSITION_FORMAT, "game": "union-arena", "players": [{"id": "A"}, {"id": "B"}],
...        "card_sets": ["ua-sample"], "start": {"turn": 1, "phase": "main", "turn_player": "A",
...        "first": "A", "players": {"A": {}, "B": {}}}}
>>> log = read_position(doc)
>>> log.start["phase"], log.actions
('main', [])
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from judge.core.errors import BadLog, FieldError
from judge.core.log import FORMAT as LOG_FORMAT
from judge.core.log import ActionLog, parse_log

POSITION_FORMAT = "judge-position/1"
#: what a position document has that a log has too (the rest of a log it must not have)
ENVELOPE = (
    "format",
    "game",
    "variant",
    "rule_options",
    "match",
    "players",
    "teams",
    "cards",
    "card_sets",
    "hidden",
    "start",
)


def position_log(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The log a position document stands for: its envelope, ``start``, no action; BadLog
    for what a position cannot hold (``decks``, ``actions``: a log's) or a wrong format."""
    errors = []
    if doc.get("format") != POSITION_FORMAT:
        errors.append(
            FieldError(
                "format",
                f"unsupported format {doc.get('format')!r}; a position is {POSITION_FORMAT!r}",
            )
        )
    for key in sorted(k for k in doc if k not in ENVELOPE):
        allowed = ", ".join(ENVELOPE)
        errors.append(FieldError(key, f"unknown field in a position (allowed: {allowed})"))
    if "start" not in doc:
        errors.append(FieldError("start", "required: the moment the position describes"))
    if errors:
        raise BadLog(errors)
    out = copy.deepcopy(dict(doc))
    out["format"] = LOG_FORMAT
    out.setdefault("hidden", {"mode": "observed"})
    out["actions"] = []
    return out


def read_position(doc: Mapping[str, Any] | Any, card_sets: Any = None) -> ActionLog:
    """Check a position document and read it as the log that starts from it (no action);
    BadLog names every problem by the position's own paths."""
    if not isinstance(doc, Mapping):
        raise BadLog([FieldError("", "a position is a JSON object")])
    return parse_log(position_log(doc), card_sets)


def position_json_schema() -> dict[str, Any]:
    """The JSON Schema of a position document, derived from the action log's: each game's
    log schema that has ``start``, without ``decks``, ``actions`` and ``checkpoints``, with
    ``start`` required and ``format`` ``judge-position/1``."""
    from schemas.action_log import action_log_json_schema

    doc = action_log_json_schema()
    defs = doc["$defs"]
    roots = [r["$ref"].rsplit("/", 1)[1] for r in doc.get("oneOf", [])]
    if not roots:  # a single game: its log schema is the document itself
        defs["_single"] = {k: v for k, v in doc.items() if k not in ("$defs", "$schema", "$id")}
        roots = ["_single"]
    kept = []
    for name in roots:
        body = defs[name]
        if "start" not in body.get("properties", {}):
            continue
        props = body["properties"]
        for key in ("decks", "actions", "checkpoints"):
            props.pop(key, None)
        props["format"] = {"const": POSITION_FORMAT}
        props["hidden"]["default"] = {"mode": "observed"}
        body["required"] = sorted(
            {r for r in body.get("required", []) if r not in ("decks", "actions", "hidden")}
            | {"start"}
        )
        body.pop("oneOf", None)
        kept.append(name)
    return {
        "$schema": doc["$schema"],
        "$id": "urn:tcg-judge:schema:judge-position:1",
        "title": POSITION_FORMAT,
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in kept],
        "$defs": defs,
    }
