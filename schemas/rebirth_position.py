"""Rebirth for you's ``start``: a game described at a moment of a turn (``docs/positions.md``).

Shapes only, as the rest of the log's schemas: whether the position could happen (an empty
entry, four member squares, nine Rebirth cards, seven retired cards, a card in two places) is
checked by :func:`judge.games.rebirth.position.layout`, which names the field and the rule.
"""

from __future__ import annotations

from marshmallow import validate

from schemas.action_log import BaseSchema, Bool, Dict, Int, Nested, PlayerId, Str, one_of
from schemas.log_envelope import MAX_PLAYERS
from schemas.position_common import UNSEEN_DESCRIPTION, CardEntry, HiddenZone, position_list, zone

#: the phases a position may start in: those whose decisions the turn player makes; the setup
#: (after the deal: who goes first, the preset) and the start of the stand and end phases
PHASES = ("setup", "stand", "energy", "main", "battle", "end")


class R4UPosSlotSchema(BaseSchema):
    """A card that stands or is rested: a member, an energy card, a partner card."""

    card = CardEntry(required=True)
    rested = Bool(load_default=False, metadata={"default": False})


class R4UPosEnergySchema(BaseSchema):
    """A face-down energy card (``null``: one the judge does not know, observed logs)."""

    card = CardEntry(required=True, unknown_ok=True)
    rested = Bool(load_default=False, metadata={"default": False})


class R4UPosModSchema(BaseSchema):
    """An ATK/DEF change on the entry character until the end of the turn."""

    atk = Int(load_default=0, metadata={"default": 0})
    def_ = Int(load_default=0, data_key="def", attribute="def", metadata={"default": 0})


class R4UPosPlayerZonesSchema(BaseSchema):
    """A player's zones.  ``members`` lists the member squares 1–3 in order (``null``: an
    empty square); the hand, the deck and face-down energy may hold ``null`` for a card the
    judge does not know, listed in ``unseen`` (observed logs only)."""

    entry = CardEntry(required=True, metadata={"description": "the entry character"})
    entry_mods = position_list(Nested(R4UPosModSchema), load_default=list, metadata={"default": []})
    members = zone(
        Nested(R4UPosSlotSchema, allow_none=True),
        load_default=list,
        metadata={"default": [], "description": "member squares 1, 2, 3 (null: empty)"},
    )
    retire = zone(CardEntry(), load_default=list, metadata={"default": []})
    rebirth_area = zone(CardEntry(), load_default=list, metadata={"default": []})
    energy = zone(Nested(R4UPosEnergySchema), load_default=list, metadata={"default": []})
    partners = zone(Nested(R4UPosSlotSchema), load_default=list, metadata={"default": []})
    hand = zone(CardEntry(unknown_ok=True), load_default=list, metadata={"default": []})
    deck = HiddenZone(load_default=list, metadata={"default": [], "description": "top first"})
    waiting_room = zone(CardEntry(), load_default=list, metadata={"default": []})
    unseen = zone(
        CardEntry(),
        load_default=None,
        allow_none=True,
        metadata={"description": UNSEEN_DESCRIPTION},
    )


class R4UPosBattleSchema(BaseSchema):
    """An attack declared (its member rested), waiting for the defender's guard decision."""

    attacker = Str(required=True, metadata={"description": "instance id of the rested member"})
    partner = Bool(
        load_default=False, metadata={"default": False, "description": "a partner attack"}
    )


class R4UPosPendingSchema(BaseSchema):
    """A spark that fired and waits for its player's choices (``resolve``)."""

    source = Str(required=True, metadata={"description": "instance id of its card"})
    effect = Int(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"default": 1, "description": "which of the card's effects (1…)"},
    )


class R4UPosUsedSchema(BaseSchema):
    """An activated effect with a printed use limit used this turn already (R4U-ACTIVATE-LIMIT)."""

    card = Str(required=True, metadata={"description": "instance id of its card"})
    ability = Int(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"default": 1, "description": "which of the card's activated effects (1…)"},
    )
    times = Int(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"default": 1, "description": "how many times this turn"},
    )


class R4UStartSchema(BaseSchema):
    """Rebirth for you: the moment a log starts from (instead of ``decks``)."""

    turn = Int(
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "0 in the setup, then 1, 2, … (both players' turns counted)"},
    )
    phase = Str(required=True, validate=one_of(PHASES))
    turn_player = PlayerId(
        required=True, allow_none=True, metadata={"description": "null in the setup only"}
    )
    first = PlayerId(
        required=True,
        allow_none=True,
        metadata={"description": "the player who went first (setup: null while it is not decided)"},
    )
    energy_done = Bool(
        load_default=False,
        metadata={"default": False, "description": "energy phase: a card was put into energy"},
    )
    partner_done = Bool(
        load_default=False,
        metadata={"default": False, "description": "energy phase: a partner card was put"},
    )
    damage = Int(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={
            "default": 0,
            "description": "battle phase: damage dealt this turn to the opposing entry",
        },
    )
    players = Dict(
        keys=PlayerId(),
        values=Nested(R4UPosPlayerZonesSchema),
        required=True,
        max_entries=MAX_PLAYERS,
        why="a game has at most 4 players",
    )
    battle = Nested(R4UPosBattleSchema, allow_none=True, load_default=None)
    pending = position_list(
        Nested(R4UPosPendingSchema), load_default=list, metadata={"default": []}
    )
    used = position_list(
        Nested(R4UPosUsedSchema),
        load_default=list,
        metadata={"default": [], "description": "main or battle phase: limited effects used"},
    )
