"""The action log, format ``judge-action-log/1`` (see ``docs/action-log.md``).

:func:`parse_log` turns JSON text or an already decoded document into an :class:`ActionLog`
or raises :class:`~judge.core.errors.BadLog` listing every problem by field path.  The
checks (shape, then what needs the game: known card codes, player ids, card references) are
the marshmallow schemas in ``schemas/``, a layer above this one: the core does not import
them but asks the games registry for the log's checker (:func:`judge.games.validator`), so
that the imports point one way (``tests/test_layers.py``).  Nothing here judges legality:
that is the engine's work.

:func:`load_checked` reads again a log that was checked before (the service's API checked
it when it accepted it; its worker judges it), by the hash of the exact bytes that were
checked: the actions, most of a log and most of its checking, are not checked twice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.canonical import sha256_of
from judge.core.errors import BadLog
from judge.core.jsontext import NO_LIMITS, Limits, read_document
from judge.games import validator

if TYPE_CHECKING:
    from judge.core.cardsets import CardSets

FORMAT = "judge-action-log/1"


@dataclass
class ActionLog:
    """A validated action log.  ``document`` is the input as decoded, with the cards it
    names by name in its actions and ``start`` read as their codes (every other string as
    written; ``written_sha256`` then keeps the hash of the input)."""

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
    #: the SHA-256 of the document as written, when ``document`` differs from it: a log that
    #: names cards by name in its actions or ``start`` has them read as codes in
    #: ``document`` (what the engines judge and the replay echoes), and is still known by
    #: the hash of what was written (``docs/action-log.md``, "Cards by name")
    written_sha256: str | None = None

    @property
    def player_ids(self) -> list[str]:
        return [p["id"] for p in self.players]

    @property
    def sha256(self) -> str:
        """Content hash: SHA-256 of the canonical JSON of the document as given."""
        return self.written_sha256 or sha256_of(self.document)


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
    if not isinstance(data, dict):
        data = decode(data)
    errors, log = validator("log")(data, card_sets)  # shape + references, by field path
    if errors:
        raise BadLog(errors)
    assert log is not None
    return log


class NotChecked(ValueError):
    """The bytes given are not the ones that were checked: their SHA-256 differs from the
    hash recorded when the log was checked (a stored log changed, or a record of another)."""


def text_sha256(text: str | bytes) -> str:
    """Hex SHA-256 of ``text`` as UTF-8 bytes: the hash :func:`load_checked` compares (of the
    bytes exactly, not of the document they decode to)."""
    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def load_checked(text: str | bytes, sha256: str, card_sets: CardSets | None = None) -> ActionLog:
    """A log that :func:`parse_log` accepted before, read again from the same bytes: the
    envelope is loaded as then (its defaults, its card definitions, a position's layout,
    cheap), the actions are taken as recorded without being checked again (about three
    quarters of checking a log).  ``sha256``: :func:`text_sha256` of the bytes that were
    checked, recorded at that time.

    Why by the bytes' hash: what was checked is known exactly, so a log that was not
    checked (another text, a changed store, a record without the hash) is never taken as
    checked: :class:`NotChecked` when the hash differs, and the caller checks in full or
    refuses.  :attr:`ActionLog.actions` is then the document's actions as recorded
    (defaults not filled in: the engine reads ``document["actions"]`` in any case).
    BadLog if the envelope is refused now (a user's card set that resolves otherwise)."""
    if text_sha256(text) != sha256:
        raise NotChecked("the log's bytes are not those that were checked (their SHA-256 differs)")
    errors, log = validator("log")(decode(text), card_sets, trusted=True)
    if errors:
        raise BadLog(errors)
    assert log is not None
    return log
