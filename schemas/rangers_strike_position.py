"""Rangers Strike's ``start``: a game described at a moment of a phase (``docs/positions.md``),
1 vs 1 and tag battle alike.

Shapes only, as the rest of the log's schemas: whether the position could happen (six cards
in a command zone, a card in two places, a turn player the turn number contradicts, a player
out of the tag battle with units left) is checked by
:func:`judge.games.rangers_strike.position.layout`, which names the field as these do.
"""

from __future__ import annotations

from marshmallow import validate

from schemas.action_log import BaseSchema, Bool, Dict, Int, Nested, PlayerId, Str, one_of
from schemas.log_envelope import MAX_PLAYERS
from schemas.position_common import UNSEEN_DESCRIPTION, CardEntry, HiddenZone, position_list, zone

#: the phases a position may start in: those whose decisions the turn player makes (the
#: start and end phases run by themselves; the start phase's extra draw is open in the
#: charge phase that follows it, ``extra_draw_open``)
PHASES = ("charge", "rush", "battle")
UNTIL = ("turn", "battle")
ACTED = ("attack", "strike")
BATTLE_KINDS = ("attack", "strike")


class RSPosModSchema(BaseSchema):
    """An effect in force on a unit: a BP change until the end of the ``turn`` or of the
    ``battle`` (an effect "during this battle")."""

    bp = Int(required=True)
    until = Str(load_default="turn", validate=one_of(UNTIL), metadata={"default": "turn"})


class RSPosUnitSchema(BaseSchema):
    """A unit or a vehicle in a rush or battle area: its card, the vehicle it rides (a unit
    riding one: the two stand in one place, RS-RIDE), the operation cards it is stacked on
    (RS-STACK), what effects do to it now, and whether it has attacked or struck since it
    entered."""

    card = CardEntry(required=True)
    vehicle = CardEntry(
        load_default=None,
        metadata={
            "default": None,
            "description": "a unit: the vehicle it rides, under it in its place (RS-RIDE)",
        },
    )
    mods = position_list(Nested(RSPosModSchema), load_default=list, metadata={"default": []})
    stacked = position_list(
        CardEntry(),
        load_default=list,
        metadata={
            "default": [],
            "description": "a unit: the operation cards it is stacked on, in the order they "
            "were placed (RS-STACK)",
        },
    )
    acted = Str(
        allow_none=True,
        load_default=None,
        validate=one_of(ACTED),
        metadata={
            "default": None,
            "description": "battle area: it has attacked or struck (until it returns)",
        },
    )


class RSPosCommandSchema(BaseSchema):
    """A card in a command zone: released (upright) or held (sideways)."""

    card = CardEntry(required=True)
    held = Bool(load_default=False, metadata={"default": False})


class RSPosPowerSchema(BaseSchema):
    """A card in a power zone: face up, or face down (a point of damage; ``null`` when the
    judge does not know it, as a deck-top card turned face down by damage)."""

    card = CardEntry(required=True, unknown_ok=True)
    face_up = Bool(load_default=True, metadata={"default": True})


class RSPosPlayerSchema(BaseSchema):
    """A player's zones.  Hidden cards (hand, deck, face-down power cards) may be ``null`` for
    a card the judge does not know, or (deck) ``{"count": n}``; the cards those stand for are
    listed in ``unseen`` (observed logs only)."""

    rush = zone(Nested(RSPosUnitSchema), load_default=list, metadata={"default": []})
    battle = zone(
        Nested(RSPosUnitSchema),
        load_default=list,
        metadata={"default": [], "description": "position 1 (the leftmost) first"},
    )
    command = zone(Nested(RSPosCommandSchema), load_default=list, metadata={"default": []})
    power = zone(Nested(RSPosPowerSchema), load_default=list, metadata={"default": []})
    resident = CardEntry(
        unknown_ok=True,
        load_default=None,
        metadata={"default": None, "description": "its resident operation; null: none"},
    )
    hand = zone(CardEntry(unknown_ok=True), load_default=list, metadata={"default": []})
    deck = HiddenZone(load_default=list, metadata={"default": [], "description": "top first"})
    discard = zone(CardEntry(), load_default=list, metadata={"default": []})
    unseen = zone(
        CardEntry(),
        load_default=None,
        allow_none=True,
        metadata={"description": UNSEEN_DESCRIPTION},
    )
    out = Bool(
        load_default=False,
        metadata={"default": False, "description": "tag battle: can no longer continue play"},
    )


class RSPosBattleSchema(BaseSchema):
    """An attack or strike declared by the turn player's unit that has just entered, before
    it resolves: the moment a defending player may answer with a counter."""

    kind = Str(required=True, validate=one_of(BATTLE_KINDS))
    attacker = Str(required=True, metadata={"description": "instance id of the attacker"})
    target = Str(
        allow_none=True,
        load_default=None,
        metadata={"default": None, "description": "an attack: the attacked unit's id"},
    )


class RSPosPendingSchema(BaseSchema):
    """An effect that triggered and waits to resolve."""

    source = Str(required=True, metadata={"description": "instance id of its card"})
    effect = Int(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"default": 1, "description": "which of the card's effects (1…)"},
    )
    combination = Bool(
        load_default=False,
        metadata={
            "default": False,
            "description": "the effect is one of the card's Number Combination effects",
        },
    )


class RSStartSchema(BaseSchema):
    """Rangers Strike: the moment a log starts from (instead of ``decks``)."""

    turn = Int(
        required=True,
        validate=validate.Range(min=1),
        metadata={"description": "turns of sides: 1 vs 1 players' turns, tag teams' turns"},
    )
    phase = Str(required=True, validate=one_of(PHASES))
    turn_player = PlayerId(required=True, metadata={"description": "the player doing the phase"})
    first = PlayerId(
        required=True, metadata={"description": "the player who went first (tag: a leader)"}
    )
    charged = Bool(
        load_default=False,
        metadata={"default": False, "description": "charge phase: a card was charged already"},
    )
    extra_draw_open = position_list(
        PlayerId(),
        load_default=list,
        metadata={
            "default": [],
            "description": "charge phase, before any other decision: who may still take the "
            "start phase's extra draw",
        },
    )
    players = Dict(
        keys=PlayerId(),
        values=Nested(RSPosPlayerSchema),
        required=True,
        max_entries=MAX_PLAYERS,
        why="a game has at most 4 players",
    )
    entering = Str(
        allow_none=True,
        load_default=None,
        metadata={
            "default": None,
            "description": "battle phase: the unit that has just entered and may attack or strike",
        },
    )
    battle = Nested(RSPosBattleSchema, allow_none=True, load_default=None)
    pending = position_list(Nested(RSPosPendingSchema), load_default=list, metadata={"default": []})
