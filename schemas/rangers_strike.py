"""Rangers Strike in the action log: card definitions, decks, card references, action kinds.

The vocabulary of ``docs/rangers-strike.md`` (card definition; action kinds).  ``variant`` is
required: ``"1v1"`` (2 players, no teams) or ``"tag"`` (4 players in 2 teams of 2, every
player in exactly one team; the first player listed in a team is its leader).  Shapes and
references only; whether an action is allowed when it is taken is the engine's question.

Class names carry an ``RS`` prefix: the published JSON Schema names its definitions after
them, next to Union Arena's.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, post_load, validate, validates_schema

from judge.core.errors import FieldError, join_path
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
from schemas.game_common import (
    ActionSchema,
    BaseCardRef,
    Kind,
    ModesChoiceSchema,
    deck_list,
    effects_field,
    ref_list,
)

#: what a deck is, for the message refusing an over-long deck list
DECK = "a rangers-strike deck has at least 40 cards"

GAME = "rangers-strike"
LOG_SCHEMA_NAME = "RangersStrikeLogSchema"
PLAYER_COUNTS = (2, 4)
VARIANTS: tuple[str, ...] = ("1v1", "tag")
#: ``variant`` may not be null: the log says which game it is.
VARIANT_REQUIRED = True
TEAMS = True
#: players per variant, and teams per variant (number of teams, players per team; None: none)
PLAYERS_BY_VARIANT = {"1v1": 2, "tag": 4}
TEAMS_BY_VARIANT: dict[str, tuple[int, int] | None] = {"1v1": None, "tag": (2, 2)}
#: Instance ids: ``P1-7`` is the 7th card of P1's ``main`` list (the only list).
INSTANCE_SECTIONS = {"": "main"}

CARD_TYPES = ("unit", "vehicle", "operation")
OPERATIONS = ("normal", "resident", "counter")
COUNTER_TIMINGS = ("attacked", "struck")
ZONES = ("hand", "deck", "command", "power", "rush", "battle", "resident", "discard")
CHARGE_TO = ("power", "command")


# --------------------------------------------------------------------------------------------
# Card definitions
# --------------------------------------------------------------------------------------------


class _ExactlyOne(BaseSchema):
    """An object of exactly one of the fields :attr:`ONE_OF` names."""

    JSON_SCHEMA_EXTRA = {"minProperties": 1, "maxProperties": 1}
    ONE_OF: tuple[str, ...] = ("", "")

    @validates_schema(pass_original=True)
    def _exactly_one(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        given = [key for key in self.ONE_OF if key in original]
        if len(given) != 1:
            *first, last = (f'"{key}"' for key in self.ONE_OF)
            raise ValidationError(f"give exactly one of {', '.join(first)} or {last}")


class RSCombinesFromSchema(_ExactlyOne):
    """The unit a combination is made from (「…からコンビネーションする」, RS-COMBINATION-FROM):
    a unit with this feature, a unit of one of these names, or a unit of this category (its
    categories as it stands in the battle area, one added included)."""

    ONE_OF = ("feature", "names", "category")

    feature = Str(non_empty=True)
    names = List(Str(non_empty=True), validate=validate.Length(min=1))
    category = Str(validate=validate.OneOf(("WB", "ET", "OT", "MA", "DA")))


class RSRiddenBySchema(BaseSchema):
    """The units a vehicle's text lets ride it (RS-RIDER): a unit with this feature, of this
    category, or of one of these names, of this printed size when ``size`` says, holding
    ``hold`` commands of its own to ride so; ``only``: no other unit rides it, the rider
    combination RC included."""

    ONE_OF = ("feature", "category", "names")

    feature = Str(non_empty=True)
    category = Str(non_empty=True)
    names = List(Str(non_empty=True), validate=validate.Length(min=1))
    size = Str(validate=one_of(("S", "M", "L")), metadata={"description": "the printed size"})
    hold = Int(
        minimum=1,
        metadata={"description": "commands of one's own held to ride it so (no RC needed)"},
    )
    only = Bool(load_default=False, metadata={"default": False})

    @validates_schema(pass_original=True)
    def _exactly_one(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if sum(1 for key in self.ONE_OF if key in original) != 1:
            raise ValidationError('give exactly one of "feature", "category" or "names"')


class RSRiderResistSchema(BaseSchema):
    """The units a vehicle's text gives resist while they ride it (RS-RIDER-BP): with this
    feature, or any unit riding it when no feature is named."""

    feature = Str(non_empty=True)


class RSCombinationSchema(BaseSchema):
    """A unit's combination: the position that triggers it (its Number Combination), or the
    unit it combines from whatever its number (RS-COMBINATION-FROM), or both, or the rider
    combination RC (RS-RIDER-COMBINATION); its effects."""

    number = Int(minimum=1, allow_none=True, load_default=None)
    rc = Bool(
        load_default=False,
        metadata={
            "default": False,
            "description": "the rider combination RC: the unit may ride any vehicle, and its "
            "effects trigger when it rides off in its battle phase (RS-RIDE, "
            "RS-RIDER-COMBINATION)",
        },
    )
    combines_from = Nested(
        RSCombinesFromSchema,
        metadata={
            "description": "the effects trigger too (whatever the number) when the unit enters "
            "the battle area directly after such a unit (RS-COMBINATION-FROM); absent: never"
        },
    )
    effects = effects_field()

    @validates_schema(pass_original=True)
    def _a_trigger(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if (
            isinstance(original, dict)
            and original.get("number") is None
            and original.get("combines_from") is None
            and not original.get("rc")
        ):
            raise ValidationError(
                {"number": ['required unless "combines_from" or "rc" says what triggers it']}
            )
        if isinstance(original, dict) and original.get("rc") and original.get("number"):
            raise ValidationError({"rc": ["a unit prints RC in place of a combination number"]})


class RSConditionSchema(_ExactlyOne):
    """An additional condition: a unit with this name, or a unit of this category."""

    ONE_OF = ("unit_named", "unit_category")

    unit_named = Str(non_empty=True)
    unit_category = Str(non_empty=True)


class RSDiscardWhichSchema(BaseSchema):
    """Which units a discard cost takes: by name, by every feature listed, or one for each
    part of a combination (合体: each part a list of the names that may stand for it)."""

    JSON_SCHEMA_EXTRA = {"minProperties": 1, "maxProperties": 1}

    name = Str(non_empty=True)
    features = List(Str(non_empty=True), validate=validate.Length(min=1))
    parts = List(
        List(Str(non_empty=True), validate=validate.Length(min=1)),
        validate=validate.Length(min=1),
        metadata={"description": "合体: one unit named by each part (RS-COMBINE-PARTS)"},
    )


class RSCostSchema(BaseSchema):
    """An additional condition that is a cost: discarding units of one's own
    (RS-RUSH-DISCARD: ``discard`` and ``count``) or holding further commands (RS-RUSH-HOLD:
    ``hold``)."""

    JSON_SCHEMA_EXTRA = {"anyOf": [{"required": ["discard"]}, {"required": ["hold"]}]}

    discard = Nested(RSDiscardWhichSchema)
    count = Int(minimum=1)
    hold = Int(minimum=1, metadata={"description": "how many further commands it holds"})
    zero_power = Bool(metadata={"description": "optional: discarding makes the required power 0"})


class RSSpAtSchema(BaseSchema):
    """A printed fractional SP "K/N": SP K while the unit is N-th in its battle area."""

    sp = Int(required=True, minimum=1)
    position = Int(required=True, minimum=1)


class RSTaxisSchema(BaseSchema):
    """※タクスX: the category X, and the place N its reminder names, when printed."""

    category = Str(required=True, validate=one_of(("WB", "ET", "OT", "MA", "DA")))
    position = Int(
        minimum=1,
        metadata={
            "description": "the place N its reminder names; absent: not printed (rule option "
            "taxis_position)"
        },
    )


class RSCardSchema(BaseSchema):
    """A Rangers Strike card definition.

    Required for every card: code, name, type, category; for units and vehicles also bp; for
    operations also operation, and for counters timing.  Omitted optional fields default to
    0, null, false or [] (carries: 1 for vehicles).
    """

    JSON_SCHEMA_EXTRA = {
        "allOf": [
            {
                "if": {"properties": {"type": {"enum": ["unit", "vehicle"]}}, "required": ["type"]},
                "then": {"required": ["bp"], "properties": {"bp": {"type": "integer"}}},
                "else": {"required": ["operation"], "properties": {"bp": {"type": "null"}}},
            }
        ]
    }

    code = Str(required=True, non_empty=True)
    name = Str(required=True, non_empty=True)
    type = Str(required=True, validate=one_of(CARD_TYPES))
    category = Str(required=True, non_empty=True)
    power = Int(minimum=0, load_default=0, metadata={"default": 0, "description": "required power"})
    power_number = Int(
        minimum=0,
        metadata={
            "description": "the number printed as the required power when the card requires "
            "another (an importer's N-: power 0), as effects that compare required powers read "
            "it (RS-POWER-AT-MOST); absent: power"
        },
    )
    bp = Int(
        minimum=0,
        allow_none=True,
        load_default=None,
        metadata={"description": "units; a vehicle has none (RS-VEHICLE): given, it is not used"},
    )
    sp = Int(minimum=0, allow_none=True, load_default=None, metadata={"description": "units"})
    sp_at = Nested(
        RSSpAtSchema,
        metadata={
            "description": "units: a printed SP K/N, SP K while N-th in the battle area "
            "(RS-SP-FRACTION); absent: none"
        },
    )
    cost = Nested(
        RSCostSchema,
        metadata={"description": "an additional condition that discards units (RS-RUSH-DISCARD)"},
    )
    sp_special = Bool(
        metadata={
            "description": "units: the printed SP ！, SP only from the card's Number Combination "
            "or text (RS-SP-SPECIAL); absent: false"
        }
    )
    resist = Bool(metadata={"description": "units: ※レジスト (RS-RESIST); absent: false"})
    call = Str(
        non_empty=True,
        metadata={
            "description": "units: ※コールX, the category X of the units it may be held to rush "
            "in place of a command (RS-CALL); absent: none"
        },
    )
    lead = Str(
        non_empty=True,
        metadata={
            "description": "units: ※リードX, the category X of the operations it may be held to "
            "use in place of a command, counters included (RS-LEAD); absent: none"
        },
    )
    taxis = Nested(
        RSTaxisSchema,
        metadata={
            "description": "units: ※タクスX, the S unit of category X directly after it gets SP 1 "
            "while it stands N-th in its battle area (RS-TAXIS); absent: none"
        },
    )
    size = Str(non_empty=True, allow_none=True, load_default=None)
    combination = Nested(RSCombinationSchema, allow_none=True, load_default=None)
    condition = Nested(RSConditionSchema, allow_none=True, load_default=None)
    operation = Str(allow_none=True, load_default=None, validate=one_of(OPERATIONS))
    timing = Str(allow_none=True, load_default=None, validate=one_of(COUNTER_TIMINGS))
    carries = Int(
        minimum=1,
        allow_none=True,
        load_default=None,
        metadata={"description": "vehicles; not used: one unit rides a vehicle (RS-RIDE)"},
    )
    rider_bp = Int(
        minimum=0,
        allow_none=True,
        load_default=None,
        metadata={"description": "vehicles: BP the unit riding it gets (RS-RIDER-BP)"},
    )
    rider_attack_bp = Int(
        minimum=0,
        allow_none=True,
        load_default=None,
        metadata={
            "description": "vehicles: BP the unit riding it gets as it attacks (RS-RIDER-BP)"
        },
    )
    rider_resist = Nested(
        RSRiderResistSchema,
        allow_none=True,
        load_default=None,
        metadata={
            "description": "vehicles: the unit riding it (with the feature, if named) has resist "
            "(RS-RIDER-BP, RS-RESIST); absent: none"
        },
    )
    ridden_by = Nested(
        RSRiddenBySchema,
        allow_none=True,
        load_default=None,
        metadata={
            "description": "vehicles: the units its text lets ride it besides those with RC "
            "(RS-RIDE); absent: units with RC only"
        },
    )
    effects = effects_field()
    tag = Bool(load_default=False, metadata={"default": False, "description": "residents"})
    text = Str(
        metadata={
            "description": "the printed effect text: read into effects when the definition "
            "gives none (RS-TEXT-READ), otherwise kept as given (absent when not given)"
        }
    )
    unsupported = List(
        Str(non_empty=True),
        metadata={"description": "why an importer could not map the card in full (RS-IMPORT)"},
    )
    features = List(Str(non_empty=True), metadata={"description": "features (特徴), shown"})
    expansion = Str(non_empty=True, metadata={"description": "the product, shown"})
    any_copies = Bool(
        metadata={"description": "any number in a deck (RS-DECK-ANY-COPIES); absent: false"}
    )

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _by_type(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        kind = data.get("type")
        if kind not in CARD_TYPES or not isinstance(original, dict):
            return
        errors: dict[str, list[str]] = {}

        def absent(name: str, why: str) -> None:
            if original.get(name) is not None:
                errors[name] = [why]

        if kind in ("unit", "vehicle"):
            if original.get("bp") is None and kind == "unit":
                errors["bp"] = ["required for unit cards"]
            absent("operation", f"only operations have an operation kind; leave it out of {kind}s")
            absent("timing", "only counter operations have a timing")
        else:
            absent("bp", "operations have no BP; leave bp out")
            if original.get("operation") is None:
                errors["operation"] = ["required for operation cards (normal, resident, counter)"]
            elif original.get("operation") == "counter":
                if original.get("timing") is None:
                    errors["timing"] = ["required for counters (attacked, struck)"]
            else:
                absent("timing", "only counter operations have a timing")
        if kind != "unit":
            absent("sp", "only units have SP (a vehicle never strikes: RS-VEHICLE)")
            absent("sp_at", "only units have SP")
            if original.get("resist"):
                errors["resist"] = ["only units have resist"]
            absent("call", "only units have call (they are held as a command)")
            absent("lead", "only units have lead (they are held as a command)")
            absent("taxis", "only units have taxis")
            if original.get("sp_special"):
                errors["sp_special"] = ["only units have SP"]
            absent("combination", "only units have a Number Combination")
        if kind != "vehicle":
            absent("carries", "only vehicles carry units")
            absent("ridden_by", "only vehicles are ridden")
            absent("rider_bp", "only vehicles are ridden")
            absent("rider_attack_bp", "only vehicles are ridden")
            absent("rider_resist", "only vehicles are ridden")
        if original.get("tag") and original.get("operation") != "resident":
            errors["tag"] = ["only resident operations have Tag"]
        if errors:
            raise ValidationError(errors)

    @post_load
    def _defaults(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if data.get("type") == "unit" and data.get("sp") is None:
            data["sp"] = 0
        if data.get("type") == "vehicle" and data.get("carries") is None:
            data["carries"] = 1
        return {name: data[name] for name in self.fields if name in data}


CardSchema = RSCardSchema


# --------------------------------------------------------------------------------------------
# Decks
# --------------------------------------------------------------------------------------------


class RSDeckSchema(BaseSchema):
    """A player's deck: one list of card codes; instance ids number it from 1."""

    main = deck_list(CardCode(), DECK, required=True)


DeckSchema = RSDeckSchema


# --------------------------------------------------------------------------------------------
# Card references
# --------------------------------------------------------------------------------------------


class RSZoneRefSchema(BaseSchema):
    """Any one copy of ``code`` in ``zone``."""

    code = CardCode(required=True)
    zone = Str(required=True, validate=one_of(ZONES))


class RSCardRef(BaseCardRef):
    """A card reference: instance id, card code, or ``{"code": …, "zone": …}``."""

    ZONE_REF = RSZoneRefSchema
    REF_DESCRIPTION = "an instance id (P1-7) or a card code"
    DESCRIPTION = "A card reference: instance id, card code, or {code, zone}."


def _refs(description: str | None = None) -> List:
    return ref_list(RSCardRef, description)


class PlaceChoiceSchema(BaseSchema):
    """Where a card an effect looked at goes, recorded in ``targets`` after the card: held into
    the command zone, back on top of the deck, or at its bottom (RS-LOOK-TOP-CATEGORY)."""

    place = Str(
        required=True,
        validate=one_of(("command", "top", "bottom")),
        metadata={"description": "where the card looked at goes"},
    )


class BoldChoiceSchema(BaseSchema):
    """The other resident whose bold part a Tag resident's effect executes instead of its own,
    recorded first in ``targets`` (RS-TAG)."""

    bold = RSCardRef(
        required=True,
        metadata={"description": "the other resident in place whose bold part is executed"},
    )


class RSTarget(RSCardRef):
    """A resolve's target: a card reference, the choice of one effect listed
    ({"modes": [k]}, first; RS-CHOOSE-ONE), where a card looked at goes ({"place": P},
    RS-LOOK-TOP-CATEGORY), or the resident whose bold part is executed ({"bold": R}, first;
    RS-TAG)."""

    DESCRIPTION = (
        "A card reference (instance id, card code, or {code, zone}), the choice of one effect "
        "listed ({modes: [k], use?}), where a card looked at goes ({place: P}), or the resident "
        "whose bold part is executed instead ({bold: R})."
    )
    default_error_messages = {
        "invalid": 'must be a card reference, {{"modes": [k]}} (the effect chosen), '
        '{{"place": P}} (where a card looked at goes) or {{"bold": R}} (the resident whose '
        "bold part is executed)"
    }

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, dict) and "modes" in value:
            return ModesChoiceSchema().load(value)
        if isinstance(value, dict) and "place" in value:
            return PlaceChoiceSchema().load(value)
        if isinstance(value, dict) and "bold" in value:
            return BoldChoiceSchema().load(value)
        return super()._deserialize(value, attr, data, **kwargs)

    def _alternatives(self, converter: Any) -> list[dict[str, Any]]:
        return [
            *super()._alternatives(converter),
            converter.resolve_nested_schema(ModesChoiceSchema),
            converter.resolve_nested_schema(PlaceChoiceSchema),
            converter.resolve_nested_schema(BoldChoiceSchema),
        ]


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


class RSFirstPlayerSchema(ActionSchema):
    """Setup: the rock-paper-scissors winner (``p``) names the first player (tag: a leader)."""

    do = Kind("first_player")
    first = PlayerId(required=True)


class RSExtraDrawSchema(ActionSchema):
    """Start phase: draw 1 more while the hand is smaller than one's damage (once)."""

    do = Kind("extra_draw")


class RSChargeSchema(ActionSchema):
    """Charge phase: a hand card face up into the power zone or the command zone."""

    do = Kind("charge")
    card = RSCardRef(required=True)
    to = Str(required=True, validate=one_of(CHARGE_TO))


class RSRushSchema(ActionSchema):
    """Rush phase: rush a unit or vehicle from the hand to the rush area."""

    do = Kind("rush")
    card = RSCardRef(required=True)
    hold = RSCardRef(
        allow_none=True,
        load_default=None,
        metadata={"description": "the released command to hold; default: any of the category"},
    )
    hold_by = PlayerId(
        allow_none=True,
        load_default=None,
        metadata={"description": "tag: the ally holding the command"},
    )
    lend = _refs("tag: the ally's units meeting the additional condition")
    discard = _refs("units discarded for the card's additional condition (RS-RUSH-DISCARD)")
    also_hold = _refs("further commands held for the card's additional condition (RS-RUSH-HOLD)")


class RSUseSchema(ActionSchema):
    """Use an operation: normal or resident in the rush phase, a counter after an opposing
    attack or strike."""

    do = Kind("use")
    card = RSCardRef(required=True)
    hold = RSCardRef(allow_none=True, load_default=None)
    hold_by = PlayerId(allow_none=True, load_default=None)
    lend = _refs("tag: the ally's units meeting the additional condition")
    discard = _refs("units discarded for the card's additional condition (RS-RUSH-DISCARD)")
    also_hold = _refs("further commands held for the card's additional condition (RS-RUSH-HOLD)")
    targets = _refs("targets of the operation's effect")
    replace = _refs(
        "a resident: the residents of one's own in place that go to the discard pile as it is "
        "placed (RS-RESIDENT, RS-TAG)"
    )


class RSBoardSchema(ActionSchema):
    """A unit in the rush area boards a vehicle there: never legal, a unit rides a vehicle
    only as it enters the battle area (``enter`` with ``ride``; RS-RIDE).  Kept so that a log
    recording it is judged, not refused."""

    do = Kind("board")
    card = RSCardRef(required=True)
    vehicle = RSCardRef(required=True)


class RSEnterSchema(ActionSchema):
    """Battle phase: a unit (with the vehicle it rides) moves from the rush area to the battle
    area; ``ride``: a vehicle of the rush area it rides as it enters (RS-RIDE)."""

    do = Kind("enter")
    card = RSCardRef(required=True)
    ride = RSCardRef(
        allow_none=True,
        load_default=None,
        metadata={
            "description": "a vehicle in the rush area the unit rides as it enters (RS-RIDE)"
        },
    )
    also_hold = _refs("commands held for the unit's note to enter the battle area (RS-ENTER-HOLD)")


class RSRideOffSchema(ActionSchema):
    """Battle phase: the unit that has just entered riding a vehicle rides off, just before it
    attacks or strikes (RS-RIDE-OFF)."""

    do = Kind("ride_off")
    card = RSCardRef(required=True)


class RSAttackSchema(ActionSchema):
    """Battle phase: the unit that just entered attacks a unit of the target player; with
    ``wing``, a unit of the rush area with ウイング attacks from there, held (RS-WING)."""

    do = Kind("attack")
    card = RSCardRef(required=True)
    target = RSCardRef(required=True)
    wing = Bool(
        load_default=False,
        metadata={
            "default": False,
            "description": "an attack with ウイング: card is a unit of the player's rush area, "
            "which is held and attacks from there without entering the battle area (RS-WING)",
        },
    )


class RSStrikeSchema(ActionSchema):
    """Battle phase: the unit that just entered strikes."""

    do = Kind("strike")
    card = RSCardRef(required=True)


class RSTakeDamageSchema(ActionSchema):
    """The damaged player's choice of face-up power cards to turn face down, in order."""

    do = Kind("take_damage")
    cards = List(RSCardRef(), required=True)


class RSAssignDamageSchema(ActionSchema):
    """Tag battle: the damaged team names the player who takes the damage."""

    do = Kind("assign_damage")
    to = PlayerId(required=True)


class RSActivateSchema(ActionSchema):
    """Rush phase: a unit of the player's rush area put into the discard pile to activate its
    effect "自軍ラッシュフェイズ中、このユニットを捨札にして次の効果を発動できる⇒…" (RS-ACTIVATE);
    ``ability``: which of its effects so activated, from 1."""

    do = Kind("activate")
    card = RSCardRef(required=True)
    ability = Int(
        required=True,
        minimum=1,
        metadata={"description": "1-based, among the unit's effects activated so"},
    )


class RSResolveSchema(ActionSchema):
    """A choice for an effect the engine has pending for ``p``."""

    do = Kind("resolve")
    source = RSCardRef(required=True)
    targets = ref_list(RSTarget)
    use = Bool(
        allow_none=True,
        load_default=None,
        metadata={"description": "for optional effects; null when not given"},
    )
    order = _refs()


class RSProceedSchema(ActionSchema):
    """End the turn player's charge, rush or battle phase."""

    do = Kind("proceed")


class RSConcedeSchema(ActionSchema):
    """Concede the game (tag battle: for the team)."""

    do = Kind("concede")


# Recorded outcomes (judge/games/rangers_strike/outcome.py)

RS_OUTCOME_FROM = ("hand", "deck", "discard", "rush", "battle")
RS_OUTCOME_TO = ("hand", "deck", "discard", "power", "rush")
RS_OUTCOME_REVEAL = ("hand", "deck", "discard")


def _whose(description: str) -> PlayerId:
    return PlayerId(metadata={"description": description})


def _ref_cards() -> List:
    return List(
        RSCardRef(), required=True, validate=validate.Length(min=1, error="must not be empty")
    )


class RSOutcomeMoveSchema(BaseSchema):
    """A card moves from one zone to another."""

    op = Kind("move")
    card = RSCardRef(required=True)
    from_ = Str(required=True, data_key="from", attribute="from", validate=one_of(RS_OUTCOME_FROM))
    to = Str(required=True, validate=one_of(RS_OUTCOME_TO))
    position = Str(
        validate=one_of(("top", "bottom")),
        metadata={"description": "where in the deck (to deck only); default top"},
    )
    player = _whose("whose zones (default: the card's owner for an instance id, else p)")


class RSOutcomeBpSchema(BaseSchema):
    """A unit or vehicle in a rush or battle area gets a BP change until the given time."""

    op = Kind("bp")
    card = RSCardRef(required=True)
    amount = Int(required=True)
    until = Str(validate=one_of(("turn", "battle")), metadata={"default": "turn"})
    player = _whose("whose areas (default: any)")


class RSOutcomeDrawSchema(BaseSchema):
    """A player draws n cards."""

    op = Kind("draw")
    n = Int(required=True, minimum=1)
    player = _whose("who draws (default: p)")


class RSOutcomeDiscardSchema(BaseSchema):
    """Cards go from a hand into the discard pile."""

    op = Kind("discard")
    cards = _ref_cards()
    player = _whose("whose hand (default: the owner of the first card, or p)")


class RSOutcomeRevealSchema(BaseSchema):
    """Cards are shown; nothing moves."""

    op = Kind("reveal")
    cards = _ref_cards()
    from_ = Str(data_key="from", attribute="from", validate=one_of(RS_OUTCOME_REVEAL))
    player = _whose("whose zone (default: the owner of the first card, or p)")


class RSOutcomeDamageSchema(BaseSchema):
    """n damage from p to the opposing side, as an effect's."""

    op = Kind("damage")
    n = Int(required=True, minimum=1)


class RSOutcomeHealSchema(BaseSchema):
    """A player turns n face-down power cards face up."""

    op = Kind("heal")
    n = Int(required=True, minimum=1)
    player = _whose("whose power zone (default: p)")


RS_OUTCOME_OPS: dict[str, type[Schema]] = {
    "move": RSOutcomeMoveSchema,
    "bp": RSOutcomeBpSchema,
    "draw": RSOutcomeDrawSchema,
    "discard": RSOutcomeDiscardSchema,
    "reveal": RSOutcomeRevealSchema,
    "damage": RSOutcomeDamageSchema,
    "heal": RSOutcomeHealSchema,
}


class RSOutcomeSchema(ActionSchema):
    """What an effect the engine cannot execute did, recorded right after the step at which
    it resolved: its card (``source``) and primitive operations (``ops``), applied in order."""

    do = Kind("outcome")
    source = RSCardRef(required=True)
    ops = List(
        OneOfKind("op", RS_OUTCOME_OPS, what="outcome op"),
        required=True,
        validate=validate.Length(min=1, error="must not be empty"),
    )


#: ``do`` -> schema, in the order of the design's table.
ACTIONS: dict[str, type[Schema]] = {
    "first_player": RSFirstPlayerSchema,
    "extra_draw": RSExtraDrawSchema,
    "charge": RSChargeSchema,
    "rush": RSRushSchema,
    "use": RSUseSchema,
    "board": RSBoardSchema,
    "enter": RSEnterSchema,
    "ride_off": RSRideOffSchema,
    "activate": RSActivateSchema,
    "attack": RSAttackSchema,
    "strike": RSStrikeSchema,
    "take_damage": RSTakeDamageSchema,
    "assign_damage": RSAssignDamageSchema,
    "resolve": RSResolveSchema,
    "proceed": RSProceedSchema,
    "concede": RSConcedeSchema,
    "outcome": RSOutcomeSchema,
}


# --------------------------------------------------------------------------------------------
# The envelope: players and teams by variant
# --------------------------------------------------------------------------------------------


def check_envelope(data: dict[str, Any]) -> list[FieldError]:
    """Players and teams as the variant needs them (2 players and no teams for ``1v1``; 4
    players in 2 teams of 2, every player in exactly one, for ``tag``)."""
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in PLAYERS_BY_VARIANT:
        return []  # reported at ``variant``
    errors: list[FieldError] = []
    players = data.get("players")
    want = PLAYERS_BY_VARIANT[variant]
    ids: list[str] | None = None
    if isinstance(players, list):
        if len(players) != want:
            errors.append(
                FieldError(
                    "players",
                    f"variant {variant!r} is played by {want} players, not {len(players)}",
                )
            )
        ids = [p["id"] for p in players if isinstance(p, dict) and isinstance(p.get("id"), str)]
    teams = data.get("teams")
    shape = TEAMS_BY_VARIANT[variant]
    if shape is None:
        if teams is not None:
            errors.append(FieldError("teams", f"variant {variant!r} has no teams; leave teams out"))
        return errors
    n_teams, per_team = shape
    if teams is None:
        errors.append(
            FieldError(
                "teams",
                f"required for variant {variant!r}: {n_teams} teams of {per_team} players "
                "(the first listed is the leader)",
            )
        )
        return errors
    if not isinstance(teams, list):
        return errors  # reported by the shape check
    if len(teams) != n_teams:
        errors.append(
            FieldError("teams", f"variant {variant!r} has {n_teams} teams, not {len(teams)}")
        )
    placed: set[str] = set()
    for i, team in enumerate(teams):
        members = team.get("players") if isinstance(team, dict) else None
        if not isinstance(members, list):
            continue
        if len(members) != per_team:
            errors.append(
                FieldError(
                    join_path("teams", i, "players"),
                    f"a team has {per_team} players (leader first), not {len(members)}",
                )
            )
        placed.update(m for m in members if isinstance(m, str))
    if ids is not None:
        for j, pid in enumerate(ids):
            if pid not in placed:
                errors.append(
                    FieldError(join_path("players", j, "id"), f"player {pid!r} is in no team")
                )
    return errors


# --------------------------------------------------------------------------------------------
# Positions (docs/positions.md): a log's ``start``
# --------------------------------------------------------------------------------------------


#: positions (docs/positions.md): the schema of a log's ``start`` and the function that lays
#: it out (``layout(start, players, cards, seeded, teams)``), as ``"module:name"``; imported on
#: first use (:func:`schemas.log_envelope.position_hooks`)
POSITION = (
    "schemas.rangers_strike_position:RSStartSchema",
    "judge.games.rangers_strike.position:layout",
)
