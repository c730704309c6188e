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
    PlayerId,
    Str,
    one_of,
)
from schemas.game_common import ActionSchema, BaseCardRef, Kind, effects_field, ref_list

GAME = "zx"
LOG_SCHEMA_NAME = "ZXLogSchema"
PLAYER_COUNTS = (2,)
VARIANTS: tuple[str, ...] = ()
TEAMS = False
#: Instance ids: ``P1-7`` the 7th card of P1's ``main`` list; ``P1-D2`` the 2nd of its dynamis.
INSTANCE_SECTIONS = {"": "main", "D": "dynamis"}

#: dynamis cards: ``zx_ex`` and ``event_ex`` are played by ``play_ex`` (ZX-EX-PLAY); ``shift``
#: and ``zx_ob`` (an overboost's upper half) the engine holds but does not play yet
CARD_TYPES = ("zx", "event", "zx_ex", "event_ex", "shift", "zx_ob", "player")
ZONES = ("hand", "deck", "life", "charge", "trash", "resources", "dynamis", "removed")
SQUARES = list(range(1, 10))


class ZXConditionZXSchema(BaseSchema):
    """The Z/X an EX's condition needs (race, name, colour; a descent condition: at least
    ``n`` of them); a shift device's card (race, name)."""

    race = Str(non_empty=True)
    name = Str(non_empty=True)
    color = Str(non_empty=True)
    n = Int(minimum=1)


class ZXConditionSchema(BaseSchema):
    """A Z/X EX's or event EX's condition (降臨条件, 覚醒条件, 夢装条件) as the engine reads it:
    descent (ZX-EX-DESCENT): rebooted Z/X fitting ``zx`` destroyed in place of the cost;
    awaken, dream (ZX-EX-CONDITION, GAP): one of your Z/X on a square fitting ``zx``."""

    kind = Str(required=True, validate=one_of(("descent", "awaken", "dream")))
    zx = Nested(ZXConditionZXSchema)


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
    text = Str(metadata={"description": "the printed text, kept as given and not executed"})


CardSchema = ZXCardSchema


class ZXDeckSchema(BaseSchema):
    """A player's deck (``main``, 50 cards) and dynamis (``dynamis``: Z/X EX, event EX,
    shift and Z/X OB upper-half cards)."""

    main = List(CardCode(), required=True)
    dynamis = List(CardCode(), load_default=list, metadata={"default": []})


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


class ZXPickLifeSchema(ActionSchema):
    """Player damage or reload: the opponent picks a life card by position (1 = first)."""

    do = Kind("pick_life")
    position = Int(required=True, minimum=1)


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
    order = ref_list(ZXCardRef)


class ZXProceedSchema(ActionSchema):
    """End the resource, ignition or main phase."""

    do = Kind("proceed")


class ZXConcedeSchema(ActionSchema):
    """Concede the game."""

    do = Kind("concede")


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
    "resolve": ZXResolveSchema,
    "proceed": ZXProceedSchema,
    "concede": ZXConcedeSchema,
}
