"""What every game's *position* shares: a game described at a moment, not from setup.

A log may start from a position: its ``start`` holds the moment (turn, phase, whose turn,
each player's zones with the cards in them, effects waiting) instead of ``decks``, and its
actions go on from there (``docs/positions.md``).  A stand-alone *position document*
(``judge-position/1``) is the same envelope as a log without ``decks`` and ``actions``: what a
question about a situation names (``judge ask``).

This module holds the pieces every game's ``start`` schema uses: a card entry (a card code,
``null`` for a card the judge does not know, or ``{"code": …, "id": …}`` to give it its
instance id) and a hidden zone given by count (``{"count": n}``).  A game's own schema module
says which zones and fields its ``start`` has (``START_SCHEMA``), and its engine package how
they are laid out into instances (``position.layout``).
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from judge.core.decks import MAX_DECK_ENTRIES

# the games' position modules import these from here, as before they lived in the core
from judge.core.position_ids import entry_code as entry_code
from judge.core.position_ids import entry_id as entry_id
from judge.core.position_ids import parse_id
from schemas.log_fields import List, check_card_code
from schemas.problems import too_many

POSITION_FORMAT = "judge-position/1"
#: the most entries a position's zone (a hand, a deck, a line, the cards under a unit), and
#: any other of its lists, may hold, given as a list or as a count: no more than a deck list
#: may (:data:`~judge.core.decks.MAX_DECK_ENTRIES`, ten times the largest deck).  Why: each
#: entry is a card checked and laid out, so a longer zone is refused unread, naming it.
MAX_ZONE_CARDS = MAX_DECK_ENTRIES
#: why, in the message of a zone over the bound
ZONE_BOUND_REASON = "a zone holds no more cards than a deck"
#: why, in the message of a position's other lists (effects in force, waiting, used)
OTHER_BOUND_REASON = "more than the cards a game has in play"
#: the ``unseen`` field in the JSON Schema: a list, or absent (the hidden cards then stand for
#: any card of the sets: ``judge.core.position.open_unseen``)
UNSEEN_DESCRIPTION = (
    "the cards behind the unknown (null or counted) ones, one code each; left out (or null), "
    "each unknown card may be any card of the sets (docs/positions.md, 'Hidden cards as counts')"
)


def zone(inner: fields.Field, **kwargs: Any) -> List:
    """A position's zone of ``inner`` entries (cards, units), read up to
    :data:`MAX_ZONE_CARDS` entries."""
    return List(inner, max_entries=MAX_ZONE_CARDS, why=ZONE_BOUND_REASON, **kwargs)


def position_list(inner: fields.Field, **kwargs: Any) -> List:
    """Another of a position's lists (modifiers, effects waiting, effects used), read up to
    :data:`MAX_ZONE_CARDS` entries too."""
    return List(inner, max_entries=MAX_ZONE_CARDS, why=OTHER_BOUND_REASON, **kwargs)


class CardEntry(fields.Field):
    """A card in a position's zone: its code (``"UAS-001"``), ``null`` where hidden zones
    allow a card the judge does not know, or ``{"code": "UAS-001", "id": "A-7"}`` to give it
    an instance id of its own choosing."""

    default_error_messages = {
        "invalid": 'expected a card code, or {{"code": …, "id": …}}',
        "null": "an unknown card (null) only in a hidden zone of an observed log",
    }

    #: the JSON Schema below says itself whether null is allowed
    json_schema_nullable = True

    def __init__(self, *, unknown_ok: bool = False, **kwargs: Any) -> None:
        super().__init__(allow_none=True, **kwargs)
        self.unknown_ok = unknown_ok

    def deserialize(self, value: Any, attr: Any = None, data: Any = None, **kwargs: Any) -> Any:
        if value is None:
            if not self.unknown_ok:
                raise self.make_error("null")
            return None
        return super().deserialize(value, attr, data, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and value:
            check_card_code(value)
            return value
        if isinstance(value, dict) and set(value) == {"code", "id"}:
            code, iid = value["code"], value["id"]
            if not isinstance(code, str) or not code or not isinstance(iid, str):
                raise self.make_error("invalid")
            check_card_code(code)
            if parse_id(iid) is None:
                raise ValidationError(f"id {iid!r} is not an instance id (player-number: A-7)")
            return {"code": code, "id": iid}
        raise self.make_error("invalid")

    def json_schema(self, converter: Any = None) -> dict[str, Any]:
        return {
            "anyOf": [
                {"type": "string", "minLength": 1},
                {
                    "type": "object",
                    "properties": {"code": {"type": "string"}, "id": {"type": "string"}},
                    "required": ["code", "id"],
                    "additionalProperties": False,
                },
                *([{"type": "null"}] if self.unknown_ok else []),
            ]
        }


class HiddenZone(fields.Field):
    """A hidden zone (deck, life): its cards top first (codes or ``null``), or
    ``{"count": n}`` — n cards the judge does not know (an observed log)."""

    default_error_messages = {
        "invalid": 'expected a list of cards, or {{"count": n}}',
        "too_many": "at most {limit} cards in a zone",
    }

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, dict):
            n = value.get("count")
            if set(value) != {"count"} or not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise self.make_error("invalid")
            if n > MAX_ZONE_CARDS:  # a count is not bounded by the body's size, as a list is
                raise self.make_error("too_many", limit=MAX_ZONE_CARDS)
            return [None] * n
        if not isinstance(value, list):
            raise self.make_error("invalid")
        if len(value) > MAX_ZONE_CARDS:  # read no further, as a zone list (zone())
            raise ValidationError(too_many(len(value), MAX_ZONE_CARDS, ZONE_BOUND_REASON))
        entry = CardEntry(unknown_ok=True)
        out, errors = [], {}
        for i, item in enumerate(value):
            try:
                out.append(entry.deserialize(item))
            except ValidationError as exc:
                errors[i] = exc.messages
        if errors:
            raise ValidationError(errors)
        return out

    def json_schema(self, converter: Any = None) -> dict[str, Any]:
        return {
            "anyOf": [
                {"type": "array", "items": CardEntry(unknown_ok=True).json_schema()},
                {
                    "type": "object",
                    "properties": {
                        "count": {"type": "integer", "minimum": 0, "maximum": MAX_ZONE_CARDS}
                    },
                    "required": ["count"],
                    "additionalProperties": False,
                },
            ]
        }
