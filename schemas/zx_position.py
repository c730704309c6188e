"""Z/X's ``start``: a game described at a moment of a turn (``docs/positions.md``).

Shapes only, as the rest of the log's schemas: whether the position could happen (two Z/X on
one square, a Z/X on the other player's player square, five charge cards, a dynamis card in
the hand, a card in two places) is checked by :func:`judge.games.zx.position.layout`, which
names the field and the rule.
"""

from __future__ import annotations

from marshmallow import validate

from schemas.action_log import BaseSchema, Bool, Dict, Int, Nested, PlayerId, Str, one_of
from schemas.log_envelope import MAX_PLAYERS
from schemas.position_common import UNSEEN_DESCRIPTION, CardEntry, HiddenZone, position_list, zone

#: the phases a position may start in: those whose decisions the turn player makes
PHASES = ("resource", "ignition", "main")


class ZXPosForceSchema(BaseSchema):
    """A force material under a Z/X: face up, or face down (the Z/X is in Break state)."""

    card = CardEntry(required=True)
    face_up = Bool(load_default=True, metadata={"default": True})


class ZXPosZXSchema(BaseSchema):
    """A Z/X on a square, its controller's."""

    square = Int(required=True, validate=validate.Range(min=1, max=9))
    card = CardEntry(required=True)
    sleeping = Bool(load_default=False, metadata={"default": False})
    damage = Int(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"default": 0, "description": "damage dealt to it this turn (ZX-DAMAGE-ZX)"},
    )
    force = zone(Nested(ZXPosForceSchema), load_default=list, metadata={"default": []})
    shift = CardEntry(
        load_default=None, metadata={"description": "the shift card on it (ZX-SHIFT)"}
    )


class ZXPosResourceSchema(BaseSchema):
    """A resource, rebooted or sleeping; the list's order is the order they were placed in
    (each one's reference time for Zero Optima, ZX-ZERO-OPTIMA)."""

    card = CardEntry(required=True)
    sleeping = Bool(load_default=False, metadata={"default": False})


class ZXPosDynamisSchema(BaseSchema):
    """A dynamis card, face down (not yet used) or face up."""

    card = CardEntry(required=True)
    face_up = Bool(load_default=False, metadata={"default": False})


class ZXPosPlayerZonesSchema(BaseSchema):
    """A player's zones.  The hand, the deck and the life may hold ``null`` for a card the
    judge does not know, listed in ``unseen`` (observed logs only); life and deck top first."""

    zx = zone(Nested(ZXPosZXSchema), load_default=list, metadata={"default": []})
    resources = zone(Nested(ZXPosResourceSchema), load_default=list, metadata={"default": []})
    dynamis = zone(Nested(ZXPosDynamisSchema), load_default=list, metadata={"default": []})
    charge = zone(CardEntry(), load_default=list, metadata={"default": []})
    trash = zone(CardEntry(), load_default=list, metadata={"default": []})
    removed = zone(CardEntry(), load_default=list, metadata={"default": []})
    hand = zone(CardEntry(unknown_ok=True), load_default=list, metadata={"default": []})
    life = HiddenZone(load_default=list, metadata={"default": [], "description": "first first"})
    deck = HiddenZone(load_default=list, metadata={"default": [], "description": "top first"})
    markers = Dict(
        keys=Str(),
        values=Int(validate=validate.Range(min=0)),
        load_default=dict,
        metadata={"default": {}, "description": "counters gained (ZX-MARKER)"},
    )
    extend_drive_used = Bool(
        load_default=False,
        metadata={"default": False, "description": "Z/X Extend Drive used (ZX-EXTEND-DRIVE)"},
    )
    hatenkourin_used = Bool(
        load_default=False,
        metadata={"default": False, "description": "a 破天降臨 used this turn (ZX-HATENKOURIN)"},
    )
    unseen = zone(
        CardEntry(),
        load_default=None,
        allow_none=True,
        metadata={"description": UNSEEN_DESCRIPTION},
    )


class ZXPosPendingSchema(BaseSchema):
    """An automatic (【自】) effect that triggered and waits to resolve."""

    source = Str(required=True, metadata={"description": "instance id of its card"})
    effect = Int(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"default": 1, "description": "which of the card's effects (1…)"},
    )


class ZXStartSchema(BaseSchema):
    """Z/X: the moment a log starts from (instead of ``decks``)."""

    turn = Int(
        required=True,
        validate=validate.Range(min=1),
        metadata={"description": "1, 2, … (both players' turns counted)"},
    )
    phase = Str(required=True, validate=one_of(PHASES))
    turn_player = PlayerId(required=True)
    first = PlayerId(required=True, metadata={"description": "the player who went first"})
    ex_played = Bool(
        load_default=False,
        metadata={
            "default": False,
            "description": "main phase: a Z/X EX or event EX was played this turn (ZX-EX-PLAY)",
        },
    )
    players = Dict(
        keys=PlayerId(),
        values=Nested(ZXPosPlayerZonesSchema),
        required=True,
        max_entries=MAX_PLAYERS,
        why="a game has at most 4 players",
    )
    pending = position_list(Nested(ZXPosPendingSchema), load_default=list, metadata={"default": []})
