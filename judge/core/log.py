"""The action log, format ``judge-action-log/1`` (see ``docs/action-log.md``).

:func:`parse_log` turns JSON text or an already decoded document into an :class:`ActionLog`
or raises :class:`~judge.core.errors.BadLog` listing every problem by field path.  Shape
checks are the marshmallow schemas in ``schemas/``; the checks that need the game (known
card codes, player ids, card references) follow them here.  Nothing here judges legality:
that is the engine's work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.canonical import sha256_of
from judge.core.errors import BadLog
from judge.core.jsontext import NO_LIMITS, Limits, read_document

if TYPE_CHECKING:
    from judge.core.cardsets import CardSets

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
    #: the user's card sets the log named (``judge.core.cardsets``), in order: how it named
    #: each (``ref``), its name and its ``sha256``; the replay pins them
    card_set_hashes: list[dict[str, str]] = field(default_factory=list)
    #: the position the game starts from (``start``, as its game's schema loaded it) instead
    #: of setup, and its layout (every card's instance id: the game's ``position.layout``);
    #: None for a log that starts from setup (``docs/positions.md``)
    start: dict[str, Any] | None = None
    layout: Any = None

    @property
    def player_ids(self) -> list[str]:
        return [p["id"] for p in self.players]

    @property
    def sha256(self) -> str:
        """Content hash: SHA-256 of the canonical JSON of the document as given."""
        return sha256_of(self.document)


def decode(text: str | bytes, limits: Limits = NO_LIMITS) -> dict[str, Any]:
    """Decode JSON text strictly (:func:`judge.core.jsontext.read_document`): malformed
    JSON, a key given twice, a lone surrogate, ``NaN`` or a document that is not an object
    become a :class:`BadLog` naming the place.  Without ``limits`` only what the reader
    cannot survive is refused (the entry points, the CLI, the API and the service's
    submit, pass their :class:`~judge.core.jsontext.Limits`)."""
    return read_document(text, limits, what="log")


def parse_log(data: str | bytes | dict[str, Any], card_sets: CardSets | None = None) -> ActionLog:
    """Validate and parse a log; raise BadLog with every problem found.  ``card_sets``: the
    user's card sets the log may name besides the built-in ones."""
    from schemas.action_log import validate_log  # shape + references, by field path

    if not isinstance(data, dict):
        data = decode(data)
    errors, log = validate_log(data, card_sets)
    if errors:
        raise BadLog(errors)
    assert log is not None
    return log
