"""Rebirth for you in the action log: card definitions, decks, card references, action kinds.

The vocabulary of ``docs/rebirth.md``.  Two players, no variant, no teams.  Shapes and
references only; whether an action is allowed when it is taken is the engine's question.
Class names carry an ``R4U`` prefix: the published JSON Schema names its definitions after them.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, validate, validates_schema

from schemas.action_log import (
    BaseSchema,
    Bool,
    CardCode,
    Int,
    List,
    Nested,
    OneOfKind,
    PlayerId,
    Str,
    one_of,
)
from schemas.game_common import ActionSchema, BaseCardRef, FreeObject, Kind, deck_list

#: what a deck is, for the message refusing an over-long deck list
DECK = "a rebirth deck has 50 cards and 3 partner cards"

GAME = "rebirth"
LOG_SCHEMA_NAME = "RebirthLogSchema"
PLAYER_COUNTS = (2,)
VARIANTS: tuple[str, ...] = ()
TEAMS = False
#: Instance ids: ``P1-7`` is the 7th card of P1's ``main`` list, ``P1-PT2`` its 2nd partner.
INSTANCE_SECTIONS = {"": "main", "PT": "partner"}

CARD_TYPES = ("character", "rebirth", "partner")
KEYWORDS = ("blocker", "cancel")
FRAMES = ("blue", "yellow", "green", "red")
ZONES = ("hand", "deck", "waiting_room", "retire", "rebirth_area")
#: where an outcome's move may take a card from: the list zones, a member square, the entry
FROM_ZONES = (*ZONES, "member", "entry")
PLAY_TO = ("entry", "member")


class R4UCardSchema(BaseSchema):
    """A Rebirth for you card definition.  Characters need level, atk and def; Rebirth and
    partner cards have none of them."""

    code = Str(required=True, non_empty=True)
    name = Str(required=True, non_empty=True)
    type = Str(required=True, validate=one_of(CARD_TYPES))
    level = Int(minimum=0, allow_none=True, load_default=None)
    atk = Int(minimum=0, allow_none=True, load_default=None)
    def_ = Int(minimum=0, allow_none=True, load_default=None, data_key="def", attribute="def")
    attribute = Str(non_empty=True, allow_none=True, load_default=None)
    traits = List(
        Str(non_empty=True),
        metadata={
            "description": "a character's attributes when it has several (attribute left out): "
            "what a skill showcase of an attribute counts (R4U-TEXT-SHOWCASE-ATTRIBUTE)"
        },
    )
    frame = Str(allow_none=True, load_default=None, validate=one_of(FRAMES))
    keywords = List(Str(validate=one_of(KEYWORDS)), load_default=list, metadata={"default": []})
    #: no default: a definition without ``effects`` and with ``text`` has its text read
    effects = List(
        FreeObject(),
        metadata={
            "description": "the engine's structured effect vocabulary; when absent, the "
            "printed text is read into effects (R4U-TEXT-READ), or the card has none"
        },
    )
    text = Str(
        metadata={
            "description": "the printed text (Japanese), read into effects when none are "
            "given (R4U-TEXT-READ)"
        }
    )
    text_en = Str(metadata={"description": "an English text of the card, shown, never read"})
    unsupported = List(
        Str(non_empty=True),
        metadata={
            "description": "why the definition is not relied on in full (an importer's note: "
            "its printed text is not known in full); absent when none"
        },
    )

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _by_type(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if not isinstance(original, dict) or data.get("type") not in CARD_TYPES:
            return
        errors: dict[str, list[str]] = {}
        stats = ("level", "atk", "def")
        if data["type"] == "character":
            for name in stats:
                if original.get(name) is None:
                    errors[name] = ["required for characters"]
        else:
            for name in (*stats, "attribute", "traits"):
                if original.get(name) is not None:
                    errors[name] = [f"only characters have {name}; leave it out"]
        if errors:
            raise ValidationError(errors)


CardSchema = R4UCardSchema


class R4UDeckSchema(BaseSchema):
    """A player's deck: the main deck (characters, Rebirth cards) and the partner cards."""

    main = deck_list(CardCode(), DECK, required=True)
    partner = deck_list(CardCode(), DECK, required=True)


DeckSchema = R4UDeckSchema


class R4UZoneRefSchema(BaseSchema):
    """Any one copy of ``code`` in ``zone``."""

    code = CardCode(required=True)
    zone = Str(required=True, validate=one_of(ZONES))


class R4UCardRef(BaseCardRef):
    """A card reference: instance id, card code, or ``{"code": …, "zone": …}``."""

    ZONE_REF = R4UZoneRefSchema
    REF_DESCRIPTION = "an instance id (P1-7, P1-PT1) or a card code"
    DESCRIPTION = "A card reference: instance id, card code, or {code, zone}."


class R4UPaySchema(BaseSchema):
    """How a cost is paid: standing energy and partner cards rested."""

    energy = Int(minimum=0, load_default=0, metadata={"default": 0})
    partner = Int(minimum=0, load_default=0, metadata={"default": 0})


def _pay() -> Nested:
    return Nested(
        R4UPaySchema,
        allow_none=True,
        load_default=None,
        metadata={"description": "default: energy first (R4U-CHOICE-RECORDED)"},
    )


class R4UEntrySelectSchema(ActionSchema):
    """Setup: a character of level 2 or less from the deck into the entry."""

    do = Kind("entry_select")
    card = R4UCardRef(required=True)


class R4UFirstPlayerSchema(ActionSchema):
    """Setup: who goes first (recorded by either player)."""

    do = Kind("first_player")
    first = PlayerId(required=True)


class R4UPresetSchema(ActionSchema):
    """Setup: the second player's partner preset."""

    do = Kind("preset")
    card = R4UCardRef(required=True)


class R4URevealSchema(ActionSchema):
    """Observed mode: the code of the top card of ``p``'s deck, shown by the rules."""

    do = Kind("reveal")
    card = CardCode(required=True)


class R4UEnergySchema(ActionSchema):
    """Energy phase: a character or Rebirth card from the hand face down into the energy."""

    do = Kind("energy")
    card = R4UCardRef(required=True)


class R4UPartnerSchema(ActionSchema):
    """Energy phase: a partner card from the hand face up into the partner zone."""

    do = Kind("partner")
    card = R4UCardRef(required=True)


class R4UMoveSchema(ActionSchema):
    """Main phase: the entry character to an empty member square (1–3), paying its level."""

    do = Kind("move")
    square = Int(required=True, validate=validate.Range(1, 3, error="must be 1, 2 or 3"))
    pay = _pay()


class R4UPlaySchema(ActionSchema):
    """Main phase: a character from the hand into the entry or a member square."""

    do = Kind("play")
    card = R4UCardRef(required=True)
    to = Str(required=True, validate=one_of(PLAY_TO))
    square = Int(
        allow_none=True,
        load_default=None,
        validate=validate.Range(1, 3, error="must be 1, 2 or 3"),
        metadata={"description": "the member square, for to member"},
    )
    pay = _pay()

    @validates_schema(skip_on_field_errors=True)
    def _square(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("to") == "member" and data.get("square") is None:
            raise ValidationError({"square": ["required for to member"]})
        if data.get("to") == "entry" and data.get("square") is not None:
            raise ValidationError({"square": ["only for to member"]})


class R4URebirthSchema(ActionSchema):
    """Main phase: a Rebirth card from the hand into the Rebirth area (then draw 1)."""

    do = Kind("rebirth")
    card = R4UCardRef(required=True)
    draw = Bool(
        allow_none=True,
        load_default=None,
        metadata={
            "description": "whether the player draws after placing it (R4U-REBIRTH-DRAW); "
            "null: not given"
        },
    )


class R4UAttackSchema(ActionSchema):
    """Battle phase: rest a member for an attack (``partner``: also the 3 partners)."""

    do = Kind("attack")
    card = R4UCardRef(required=True)
    partner = Bool(load_default=False, metadata={"default": False})


class R4UGuardSchema(ActionSchema):
    """Right after an attack: the defender's blocker (or cancel) card, or null for none."""

    do = Kind("guard")
    card = R4UCardRef(required=True, allow_none=True)


class R4UActivateSchema(ActionSchema):
    """Main phase: use an effect with a printed cost of a card in the entry, a member square or
    the Rebirth area, paying the cost from the energy area; its choices and targets."""

    do = Kind("activate")
    card = R4UCardRef(required=True)
    ability = Int(
        minimum=1,
        load_default=1,
        metadata={"default": 1, "description": "1-based among the card's activated effects"},
    )
    pay = _pay()
    discard = List(
        R4UCardRef(),
        metadata={
            "description": "the cards of the hand put into the waiting room as the cost "
            "(R4U-TEXT-DISCARD-COST)"
        },
    )
    targets = List(R4UCardRef(), metadata={"description": "in the order of the effect's ops"})
    choice = Int(minimum=1, metadata={"description": "the option of a one_of, 1-based"})
    use = Bool(
        allow_none=True,
        load_default=None,
        metadata={"description": "false: an optional effect is not used"},
    )


class R4UResolveSchema(ActionSchema):
    """A spark that asks its player for a choice: its card, the targets, the option, or
    whether an optional effect is used."""

    do = Kind("resolve")
    source = R4UCardRef(required=True)
    pay = _pay()  # the energy cost of a member's ability when it supports (R4U-TEXT-ON-SUPPORT)
    squares = List(
        Int(),
        metadata={
            "description": "the member square (1-3) of each card the effect puts onto one, in "
            "order (R4U-TEXT-TO-MEMBER)"
        },
    )
    targets = List(R4UCardRef(), metadata={"description": "in the order of the effect's ops"})
    choice = Int(minimum=1, metadata={"description": "the option of a one_of, 1-based"})
    use = Bool(
        allow_none=True,
        load_default=None,
        metadata={"description": "false: an optional effect is not used"},
    )


class R4UProceedSchema(ActionSchema):
    """End the turn player's energy, main or battle phase."""

    do = Kind("proceed")


class R4UConcedeSchema(ActionSchema):
    """Concede the game."""

    do = Kind("concede")


class R4UOutcomeMoveSchema(BaseSchema):
    """A card moves between list zones."""

    op = Kind("move")
    card = R4UCardRef(required=True)
    from_ = Str(
        required=True,
        data_key="from",
        attribute="from",
        validate=one_of(FROM_ZONES),
        metadata={"description": "a list zone, a member square (member) or the entry"},
    )
    to = Str(required=True, validate=one_of(ZONES))
    position = Str(validate=one_of(("top", "bottom")))
    player = PlayerId()


class R4UOutcomeRestSchema(BaseSchema):
    """A member is rested (``rested`` false: stood)."""

    op = Kind("rest")
    card = R4UCardRef(required=True)
    rested = Bool(load_default=True, metadata={"default": True})
    player = PlayerId()


class R4UOutcomeDrawSchema(BaseSchema):
    """A player draws n cards."""

    op = Kind("draw")
    n = Int(required=True, minimum=1)
    player = PlayerId()


class R4UOutcomeModSchema(BaseSchema):
    """The entry character's ATK/DEF change until the end of the turn."""

    op = Kind("mod")
    atk = Int(load_default=0)
    def_ = Int(load_default=0, data_key="def", attribute="def")
    player = PlayerId()


R4U_OUTCOME_OPS: dict[str, type[Schema]] = {
    "move": R4UOutcomeMoveSchema,
    "rest": R4UOutcomeRestSchema,
    "draw": R4UOutcomeDrawSchema,
    "mod": R4UOutcomeModSchema,
}


class R4UOutcomeSchema(ActionSchema):
    """What an effect the engine cannot execute did, right after the step it resolved at."""

    do = Kind("outcome")
    source = R4UCardRef(required=True)
    ops = List(
        OneOfKind("op", R4U_OUTCOME_OPS, what="outcome op"),
        required=True,
        validate=validate.Length(min=1, error="must not be empty"),
    )


#: ``do`` -> schema.
ACTIONS: dict[str, type[Schema]] = {
    "entry_select": R4UEntrySelectSchema,
    "first_player": R4UFirstPlayerSchema,
    "preset": R4UPresetSchema,
    "reveal": R4URevealSchema,
    "energy": R4UEnergySchema,
    "partner": R4UPartnerSchema,
    "move": R4UMoveSchema,
    "play": R4UPlaySchema,
    "rebirth": R4URebirthSchema,
    "attack": R4UAttackSchema,
    "guard": R4UGuardSchema,
    "activate": R4UActivateSchema,
    "resolve": R4UResolveSchema,
    "proceed": R4UProceedSchema,
    "concede": R4UConcedeSchema,
    "outcome": R4UOutcomeSchema,
}


#: positions (docs/positions.md): the schema of a log's ``start`` and the function that lays
#: it out (``layout(start, players, cards, seeded, teams)``), as ``"module:name"``; imported on
#: first use (:func:`schemas.log_envelope.position_hooks`)
POSITION = ("schemas.rebirth_position:R4UStartSchema", "judge.games.rebirth.position:layout")
