"""Z/X in the action log: card definitions, decks (deck and dynamis), card references and
action kinds (``docs/zx.md``).  Shapes and references only; whether an action is allowed
when it is taken is the engine's question.

Class names carry a ``ZX`` prefix: the published JSON Schema names its definitions after them.
"""

from __future__ import annotations

from marshmallow import Schema, validate

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
    deck_list,
    effects_field,
    ref_list,
)

#: what a deck is, for the message refusing an over-long deck list
DECK = "a zx deck has 50 cards and a dynamis of at most 16"

GAME = "zx"
LOG_SCHEMA_NAME = "ZXLogSchema"
PLAYER_COUNTS = (2,)
VARIANTS: tuple[str, ...] = ()
TEAMS = False
#: Instance ids: ``P1-7`` the 7th card of P1's ``main`` list; ``P1-D2`` the 2nd of its dynamis.
INSTANCE_SECTIONS = {"": "main", "D": "dynamis"}

#: dynamis cards: ``zx_ex`` and ``event_ex`` are played by ``play_ex`` (ZX-EX-PLAY); ``shift``
#: and ``zx_ob`` (an overboost's upper half) the engine holds but does not play yet
CARD_TYPES = ("zx", "event", "zx_ex", "event_ex", "shift", "zx_ob", "player", "player_ex")
ZONES = ("hand", "deck", "life", "charge", "trash", "resources", "dynamis", "removed")
SQUARES = list(range(1, 10))


class ZXConditionZXSchema(BaseSchema):
    """The Z/X an EX's condition needs (race, name, colour; a descent condition: at least
    ``n`` of them); a shift device's card (race, name)."""

    race = Str(non_empty=True)
    name = Str(non_empty=True)
    color = Str(non_empty=True)
    n = Int(minimum=1)


class ZXShiftAddsSchema(BaseSchema):
    """What a shift card adds to the card under it besides its text: the name, colour and
    races marked with the plus icon (ZX-SHIFT-INFO, CR 202.8d)."""

    name = Str(non_empty=True)
    color = Str(non_empty=True)
    races = List(Str(non_empty=True))


class ZXConditionSchema(BaseSchema):
    """A Z/X EX's or event EX's condition (降臨条件, 覚醒条件, 夢装条件) as the engine reads it:
    descent (ZX-EX-DESCENT): rebooted Z/X fitting ``zx`` destroyed in place of the cost;
    awaken, dream (ZX-EX-CONDITION, GAP): one of your Z/X on a square fitting ``zx``."""

    kind = Str(required=True, validate=one_of(("descent", "awaken", "dream")))
    zx = Nested(ZXConditionZXSchema)


class ZXCrisisSchema(BaseSchema):
    """A PL EX's crisis (ZX-CRISIS) as the engine reads it: the condition ("damaged": you
    receive damage) and, for "Crisis ○○", the ○○ its player card's name must contain."""

    condition = Str(required=True, validate=one_of(("damaged",)))
    name = Str(non_empty=True)


class ZXCardSchema(BaseSchema):
    """A Z/X card definition: code, name, type (zx, event; dynamis cards zx_ex, event_ex,
    shift, zx_ob), colour, cost, power,
    races, the IG icon, keywords and effects (the engine's vocabulary)."""

    code = Str(required=True, non_empty=True)
    name = Str(required=True, non_empty=True)
    type = Str(required=True, validate=one_of(CARD_TYPES))
    color = Str(load_default="colorless", metadata={"default": "colorless"})
    cost = Int(minimum=0, load_default=0, metadata={"default": 0})
    power = Int(minimum=0, load_default=0, metadata={"default": 0})
    races = List(Str(non_empty=True), load_default=list, metadata={"default": []})
    ig = Bool(load_default=False, metadata={"default": False, "description": "the IG icon"})
    keywords = List(Str(non_empty=True), load_default=list, metadata={"default": []})
    effects = effects_field()
    condition = Nested(ZXConditionSchema, metadata={"description": "Z/X EX / event EX only"})
    device = Nested(
        ZXConditionZXSchema,
        metadata={"description": "a shift card: its shift device (剣臨器), a race and/or name"},
    )
    overboost = Str(
        non_empty=True,
        metadata={"description": "a player card: the name of the Z/X OB lower half on its back"},
    )
    player_name = Str(
        non_empty=True, metadata={"description": "a player card: its player name, if any"}
    )
    crisis = Nested(ZXCrisisSchema, metadata={"description": "a PL EX: its crisis (ZX-CRISIS)"})
    adds = Nested(
        ZXShiftAddsSchema,
        metadata={"description": "a shift card: the name, colour, races its plus icons add"},
    )
    text = Str(metadata={"description": "the printed text, kept as given and not executed"})
    text_ch = Str(metadata={"description": "a Chinese text of the card, shown, never read"})
    unsupported = List(
        Str(non_empty=True),
        metadata={"description": "why an importer could not know the card's text (not read)"},
    )


CardSchema = ZXCardSchema


class ZXDeckSchema(BaseSchema):
    """A player's deck (``main``, 50 cards) and dynamis (``dynamis``: Z/X EX, event EX,
    shift and Z/X OB upper-half cards)."""

    main = deck_list(CardCode(), DECK, required=True)
    dynamis = deck_list(CardCode(), DECK, load_default=list, metadata={"default": []})


DeckSchema = ZXDeckSchema


class ZXZoneRefSchema(BaseSchema):
    """Any one copy of ``code`` in ``zone``."""

    code = CardCode(required=True)
    zone = Str(required=True, validate=one_of(ZONES))


class ZXCardRef(BaseCardRef):
    """A card reference: instance id, card code, or ``{"code": …, "zone": …}``."""

    ZONE_REF = ZXZoneRefSchema
    REF_DESCRIPTION = "an instance id (P1-7, P1-D1) or a card code"
    DESCRIPTION = "A card reference: instance id, card code, or {code, zone}."


class ZXFirstPlayerSchema(ActionSchema):
    """Setup: the rock-paper-scissors winner (``p``) names the first player."""

    do = Kind("first_player")
    first = PlayerId(required=True)


class ZXSetupSchema(ActionSchema):
    """Setup: the cards taken out of the deck before the shuffle (each optional)."""

    do = Kind("setup")
    start_card = ZXCardRef(allow_none=True, load_default=None)
    start_resource = ZXCardRef(allow_none=True, load_default=None)
    gate_card = ZXCardRef(allow_none=True, load_default=None)
    overboost = CardCode(
        allow_none=True,
        load_default=None,
        metadata={"description": "the player card with a Z/X OB lower half (ZX-OB-SETUP)"},
    )
    player_card = CardCode(
        allow_none=True,
        load_default=None,
        metadata={"description": "the player card a PL EX lies behind (ZX-PL-EX-SETUP)"},
    )
    player_ex = CardCode(
        allow_none=True,
        load_default=None,
        metadata={"description": "the PL EX on the back of the player card (ZX-PL-EX-SETUP)"},
    )


class ZXMulliganSchema(ActionSchema):
    """Setup: keep the 4 cards, or redraw once."""

    do = Kind("mulligan")
    redraw = Bool(required=True)


class ZXResourceSchema(ActionSchema):
    """Resource phase: a hand card into the resources."""

    do = Kind("resource")
    card = ZXCardRef(required=True)


class ZXIgniteSchema(ActionSchema):
    """Ignition phase: a charge card into the trash, then ignition."""

    do = Kind("ignite")
    charge = ZXCardRef(required=True)


class ZXPlaySchema(ActionSchema):
    """Main phase: play a Z/X to a square (``to``) or an event; ``pay``: the resources slept."""

    do = Kind("play")
    card = ZXCardRef(required=True)
    to = Int(
        allow_none=True,
        load_default=None,
        validate=validate.OneOf(SQUARES, error="must be a square 1-9"),
    )
    pay = List(ZXCardRef(), allow_none=True, load_default=None)


class ZXPlayExSchema(ActionSchema):
    """Main phase: play a face-down Z/X EX (to a square, ``to``) or event EX from the dynamis,
    once a turn; ``with``: the Z/X its condition needs; ``pay``: the resources slept."""

    do = Kind("play_ex")
    card = ZXCardRef(required=True)
    to = Int(
        allow_none=True,
        load_default=None,
        validate=validate.OneOf(SQUARES, error="must be a square 1-9"),
    )
    with_ = List(
        ZXCardRef(),
        data_key="with",
        attribute="with",
        allow_none=True,
        load_default=None,
        metadata={"description": "the Z/X its condition names (descent: those destroyed)"},
    )
    pay = List(ZXCardRef(), allow_none=True, load_default=None)


class ZXAttackSchema(ActionSchema):
    """Main phase: a rebooted Z/X sleeps and attacks a square."""

    do = Kind("attack")
    card = ZXCardRef(required=True)
    target = Int(required=True, validate=validate.OneOf(SQUARES, error="must be a square 1-9"))


class ZXActivateSchema(ActionSchema):
    """Main phase: use an activated (【起】) ability, 1-based among the card's."""

    do = Kind("activate")
    card = ZXCardRef(required=True)
    ability = Int(minimum=1, load_default=1, metadata={"default": 1})
    force = List(
        ZXCardRef(),
        allow_none=True,
        load_default=None,
        metadata={"description": "a place_force cost: the force materials put (ZX-FORCE-COST)"},
    )


class ZXPickLifeSchema(ActionSchema):
    """Player damage or reload: the opponent picks a life card by position (1 = first)."""

    do = Kind("pick_life")
    position = Int(required=True, minimum=1)
    reveal = CardCode(
        allow_none=True,
        load_default=None,
        metadata={"description": "observed mode: the picked card's code (no `reveal` follows)"},
    )


class ZXRevealSchema(ActionSchema):
    """Observed mode: the code of a card of ``p`` that the rules turn face up (a resource from
    the deck top, an ignition's card, a life card); the engine waits for it."""

    do = Kind("reveal")
    card = CardCode(required=True)


class ZXPlayRevealedSchema(ActionSchema):
    """A revealed IG card (by ignition, or a life card lost to damage): play it or not."""

    do = Kind("play_revealed")
    use = Bool(required=True)
    to = Int(
        allow_none=True,
        load_default=None,
        validate=validate.OneOf(SQUARES, error="must be a square 1-9"),
    )


class ZXTrashChargeSchema(ActionSchema):
    """Charge limit: the cards over 4 the player puts into the trash."""

    do = Kind("trash_charge")
    cards = List(ZXCardRef(), required=True)


class ZXResolveSchema(ActionSchema):
    """A choice for an effect the engine has pending for ``p``."""

    do = Kind("resolve")
    source = ZXCardRef(required=True)
    targets = ref_list(ZXCardRef)
    use = Bool(allow_none=True, load_default=None)
    count = Int(
        allow_none=True,
        load_default=None,
        minimum=0,
        metadata={"description": "draw up to: how many"},
    )
    to = Int(
        allow_none=True,
        load_default=None,
        validate=validate.OneOf(SQUARES, error="must be a square 1-9"),
        metadata={"description": "IGOB: the square the Z/X OB appears on"},
    )
    squares = List(
        Int(validate=validate.OneOf(SQUARES, error="must be a square 1-9")),
        allow_none=True,
        load_default=None,
        metadata={
            "description": "appear (several at once): the square of each of `targets`, in order"
        },
    )
    order = ref_list(ZXCardRef)


class ZXCrisisActionSchema(ActionSchema):
    """The crisis of a PL EX is fulfilled: put it face up on the player card, or not."""

    do = Kind("crisis")
    use = Bool(required=True)


class ZXProceedSchema(ActionSchema):
    """End the resource, ignition or main phase."""

    do = Kind("proceed")


class ZXConcedeSchema(ActionSchema):
    """Concede the game."""

    do = Kind("concede")


# Recorded outcomes (judge/games/zx/outcome.py)
# --------------------------------------------------------------------------------------------

OUTCOME_ZONES = ("hand", "deck", "life", "charge", "trash", "removed", "resources")
_SQUARE = validate.OneOf(SQUARES, error="must be a square 1-9")


def _whose(description: str) -> PlayerId:
    return PlayerId(metadata={"description": description})


class ZXOutcomeMoveSchema(BaseSchema):
    """A card moves between list zones, or (``from`` ``square``) a Z/X leaves its square."""

    op = Kind("move")
    card = ZXCardRef(required=True)
    from_ = Str(
        required=True,
        data_key="from",
        attribute="from",
        validate=one_of((*OUTCOME_ZONES, "square")),
    )
    to = Str(required=True, validate=one_of(OUTCOME_ZONES))
    position = Str(
        validate=one_of(("top", "bottom")),
        metadata={"description": "where in the deck (to deck only); default top"},
    )
    player = _whose("whose zones (default: the card's owner for an instance id, else p)")


class ZXOutcomeAppearSchema(BaseSchema):
    """A Z/X appears on a square from a list zone (its appear abilities trigger)."""

    op = Kind("appear")
    card = ZXCardRef(required=True)
    from_ = Str(required=True, data_key="from", attribute="from", validate=one_of(OUTCOME_ZONES))
    to = Int(required=True, validate=_SQUARE)
    player = _whose("whose zone and Z/X (default: the card's owner for an instance id, else p)")


class ZXOutcomeCountSchema(BaseSchema):
    """``draw`` / ``recover`` n (p's, or ``player``'s); ``player_damage`` n (p's opponent's)."""

    op = Str(required=True, validate=one_of(("draw", "recover", "player_damage")))
    n = Int(required=True, minimum=1)
    player = _whose("who (default: p; player_damage: p's opponent)")


class ZXOutcomeDamageSchema(BaseSchema):
    """n damage to a Z/X on a square."""

    op = Kind("damage")
    card = ZXCardRef(required=True)
    n = Int(required=True, minimum=1)
    player = _whose("its controller (default: any)")


class ZXOutcomeCardSchema(BaseSchema):
    """``destroy`` a Z/X on a square; ``sleep`` / ``reboot`` a Z/X on a square or a resource."""

    op = Str(required=True, validate=one_of(("destroy", "sleep", "reboot")))
    card = ZXCardRef(required=True)
    player = _whose("its controller (default: any; a resource: its owner)")


class ZXOutcomeMarkerSchema(BaseSchema):
    """n markers gained (a negative n: spent)."""

    op = Kind("marker")
    marker = Str(required=True, non_empty=True)
    n = Int(required=True)
    player = _whose("whose markers (default: p)")


ZX_OUTCOME_OPS: dict[str, type[Schema]] = {
    "move": ZXOutcomeMoveSchema,
    "appear": ZXOutcomeAppearSchema,
    "draw": ZXOutcomeCountSchema,
    "recover": ZXOutcomeCountSchema,
    "player_damage": ZXOutcomeCountSchema,
    "damage": ZXOutcomeDamageSchema,
    "destroy": ZXOutcomeCardSchema,
    "sleep": ZXOutcomeCardSchema,
    "reboot": ZXOutcomeCardSchema,
    "marker": ZXOutcomeMarkerSchema,
}


class ZXOutcomeSchema(ActionSchema):
    """What an effect the engine cannot execute did, recorded right after the step at which
    it resolved: its card (``source``) and primitive operations (``ops``), applied in order."""

    do = Kind("outcome")
    source = ZXCardRef(required=True)
    ops = List(
        OneOfKind("op", ZX_OUTCOME_OPS, what="outcome op"),
        required=True,
        validate=validate.Length(min=1, error="must not be empty"),
    )


ACTIONS: dict[str, type[Schema]] = {
    "first_player": ZXFirstPlayerSchema,
    "setup": ZXSetupSchema,
    "mulligan": ZXMulliganSchema,
    "resource": ZXResourceSchema,
    "ignite": ZXIgniteSchema,
    "play": ZXPlaySchema,
    "play_ex": ZXPlayExSchema,
    "attack": ZXAttackSchema,
    "activate": ZXActivateSchema,
    "pick_life": ZXPickLifeSchema,
    "play_revealed": ZXPlayRevealedSchema,
    "trash_charge": ZXTrashChargeSchema,
    "reveal": ZXRevealSchema,
    "resolve": ZXResolveSchema,
    "proceed": ZXProceedSchema,
    "concede": ZXConcedeSchema,
    "outcome": ZXOutcomeSchema,
    "crisis": ZXCrisisActionSchema,
}


#: positions (docs/positions.md): the schema of a log's ``start`` and the function that lays
#: it out (``layout(start, players, cards, seeded, teams)``), as ``"module:name"``; imported on
#: first use (:func:`schemas.log_envelope.position_hooks`)
POSITION = ("schemas.zx_position:ZXStartSchema", "judge.games.zx.position:layout")
