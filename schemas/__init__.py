"""Marshmallow schemas of what the judge reads, and the JSON Schema generated from them.

* :mod:`schemas.action_log`: :func:`~schemas.action_log.validate_log`, re-exporting the parts of
  :mod:`schemas.log_fields` (fields and references) and :mod:`schemas.log_envelope` (the
  envelope schemas, :func:`~schemas.log_envelope.log_schema`);
* :mod:`schemas.union_arena`: Union Arena card definitions, decks and action kinds;
* :mod:`schemas.rangers_strike`: the same for Rangers Strike, with players and teams by variant;
* :mod:`schemas.game_common`: the parts every game's module builds from (action fields, card
  references, effect lists);
* :mod:`schemas.jsonschema`: :func:`~schemas.jsonschema.action_log_json_schema`.

The two functions are also importable from here (loaded on first use).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "validate_log": "schemas.action_log",
    "action_log_json_schema": "schemas.jsonschema",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'schemas' has no attribute {name!r}")
