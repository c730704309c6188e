"""The action log, format ``judge-action-log/1`` (see ``docs/action-log.md``).

:func:`parse_log` turns JSON text or an already decoded document into an :class:`ActionLog`
or raises :class:`~judge.core.errors.BadLog` listing every problem by field path.  Shape
checks are the marshmallow schemas in ``schemas/``; the checks that need the game (known
card codes, player ids, card references) follow them here.  Nothing here judges legality:
that is the engine's work.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from judge.core.canonical import sha256_of
from judge.core.errors import BadLog, FieldError

FORMAT = "judge-action-log/1"


@dataclass
class ActionLog:
    """A validated action log.  ``document`` is the input exactly as decoded."""

    document: dict[str, Any]
    game: str
    variant: str | None
    rule_options: dict[str, Any]
    match: dict[str, Any]
    players: list[dict[str, Any]]
    cards: dict[str, dict[str, Any]]  # code -> definition (log's own, then card sets)
    card_sets: list[str]
    decks: dict[str, dict[str, list[str]]]
    hidden: dict[str, Any]
    actions: list[dict[str, Any]]
    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    teams: list[dict[str, Any]] | None = None

    @property
    def player_ids(self) -> list[str]:
        return [p["id"] for p in self.players]

    @property
    def sha256(self) -> str:
        """Content hash: SHA-256 of the canonical JSON of the document as given."""
        return sha256_of(self.document)


def decode(text: str | bytes) -> dict[str, Any]:
    """Decode JSON text; a syntax error becomes a BadLog naming line and column."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadLog(
            [FieldError("", f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")]
        ) from None
    except UnicodeDecodeError as exc:
        raise BadLog([FieldError("", f"not UTF-8 text: {exc.reason}")]) from None
    if not isinstance(data, dict):
        raise BadLog([FieldError("", "a log is a JSON object")])
    return data


def parse_log(data: str | bytes | dict[str, Any]) -> ActionLog:
    """Validate and parse a log; raise BadLog with every problem found."""
    from schemas.action_log import validate_log  # shape + references, by field path

    if not isinstance(data, dict):
        data = decode(data)
    errors, log = validate_log(data)
    if errors:
        raise BadLog(errors)
    assert log is not None
    return log
