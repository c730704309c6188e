"""The action log's JSON Schema (draft 2020-12), generated from the marshmallow schemas.

One source: apispec turns the schemas of :mod:`schemas.action_log` and the games' modules into
OpenAPI 3.1 schema objects (which are JSON Schema 2020-12); this module gathers them under
``$defs`` and adds what fields alone cannot say (a schema class's ``JSON_SCHEMA_EXTRA``, a
``const`` for one-value enums such as each action's ``do``).  ``judge schema action-log``
prints it; the HTTP API's OpenAPI document is built the same way.

The JSON Schema checks shape only.  The reference checks (player ids among ``players``, card
codes known, instance ids in range, checkpoints within the actions, one deck per player) need
the whole document and are made by :func:`schemas.action_log.validate_log`.
"""

from __future__ import annotations

import copy
import json
import warnings
from functools import cache
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema

from judge.core.log import FORMAT
from judge.games import GAMES
from schemas.action_log import LogSchema, game_schemas, log_schema

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_ID = "urn:tcg-judge:schema:judge-action-log:1"
_REF_PREFIX = "#/components/schemas/"


def _custom_field(self: Any, field: Any, ret: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: fields with a ``json_schema(converter)`` describe themselves."""
    describe = getattr(field, "json_schema", None)
    if describe is None:
        return {}
    keep = {key: ret[key] for key in ("default", "description") if key in ret}
    ret.clear()
    out = describe(self)
    if field.allow_none and not getattr(field, "json_schema_nullable", False):
        out = {"anyOf": [out, {"type": "null"}]}
    return {**out, **keep}


def _description(cls: type[Schema]) -> str | None:
    doc = cls.__dict__.get("__doc__")
    if not doc:
        return None
    return " ".join(doc.strip().split("\n\n")[0].replace("``", "").split())


def _tidy(node: Any) -> Any:
    """Refs into ``$defs``; one-value enums as ``const``."""
    if isinstance(node, list):
        return [_tidy(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _tidy(value) for key, value in node.items()}
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.startswith(_REF_PREFIX):
        out["$ref"] = "#/$defs/" + ref[len(_REF_PREFIX) :]
    enum = out.get("enum")
    if isinstance(enum, list) and len(enum) == 1:
        out["const"] = out.pop("enum")[0]
        if out.get("type") in ("string", "integer", "boolean"):
            del out["type"]
    return out


def _game_rules(game: str, properties: dict[str, Any]) -> None:
    """What the game's module says about the envelope: players, variants, teams."""
    properties["game"] = {"const": game}
    module = game_schemas(game)
    if module is None:
        return
    properties["players"]["minItems"] = min(module.PLAYER_COUNTS)
    properties["players"]["maxItems"] = max(module.PLAYER_COUNTS)
    properties["variant"] = (
        {"enum": [*module.VARIANTS, None], "default": None}
        if module.VARIANTS
        else {"type": "null", "default": None}
    )
    if not module.TEAMS:
        properties["teams"] = {"type": "null", "default": None}


@cache
def _build() -> str:
    plugin = MarshmallowPlugin()
    spec = APISpec(title=FORMAT, version="1", openapi_version="3.1.0", plugins=[plugin])
    assert plugin.converter is not None
    plugin.converter.add_attribute_function(_custom_field)

    roots: dict[str, str] = {}  # game -> name of its whole-log schema
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # a clash of schema names must not pass
        for game in GAMES:
            cls = log_schema(game if game_schemas(game) else None)
            roots[game] = plugin.converter.resolve_nested_schema(cls)["$ref"].rsplit("/", 1)[1]
    defs: dict[str, Any] = spec.to_dict()["components"]["schemas"]

    for key, name in plugin.converter.refs.items():
        cls = key[0]
        extra = copy.deepcopy(getattr(cls, "JSON_SCHEMA_EXTRA", {}))
        description = _description(cls) or (
            _description(LogSchema) if issubclass(cls, LogSchema) else None
        )
        if description:
            defs[name].setdefault("description", description)
        defs[name].update(extra)
    for game, name in roots.items():
        _game_rules(game, defs[name]["properties"])
        if "start" in defs[name]["properties"]:  # decks, or the position it starts from
            defs[name]["required"] = [r for r in defs[name]["required"] if r != "decks"]
            defs[name]["oneOf"] = [{"required": ["decks"]}, {"required": ["start"]}]
    defs = _tidy(defs)

    document: dict[str, Any] = {
        "$schema": DIALECT,
        "$id": SCHEMA_ID,
        "title": FORMAT,
    }
    if len(roots) == 1:
        (name,) = roots.values()
        document.update(defs.pop(name))
        document["title"] = FORMAT
    else:
        document["oneOf"] = [{"$ref": f"#/$defs/{name}"} for name in roots.values()]
    document["$defs"] = defs
    return json.dumps(document, sort_keys=True, ensure_ascii=False)


def action_log_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a whole ``judge-action-log/1`` document.

    Deterministic: the same code gives the same document; dump it with ``sort_keys=True``.
    The result is a fresh copy each call.
    """
    return json.loads(_build())
