"""Union Arena in the action log: card definitions, decks, card references, action kinds.

Exactly the vocabulary of the contract (``action-log-v1.md``, "Union Arena kinds" and
"Union Arena card definition").  Shapes and references only; whether an action is allowed
when it is taken is the engine's question.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from schemas.action_log import (
    BaseSchema,
    Bool,
    CardCode,
    Dict,
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
DECK = "a union-arena deck has 50 cards and 3 AP cards"

GAME = "union-arena"
LOG_SCHEMA_NAME = "UnionArenaLogSchema"
PLAYER_COUNTS = (2,)
VARIANTS: tuple[str, ...] = ()
TEAMS = False
#: Instance ids: ``P1-7`` is the 7th card of P1's ``main`` list, ``P1-AP2`` the 2nd of ``ap``.
INSTANCE_SECTIONS = {"": "main", "AP": "ap"}

CARD_TYPES = ("character", "field", "event", "ap")
TRIGGERS = ("get", "draw", "raid", "active", "special", "color", "final")
ZONES = (
    "hand",
    "deck",
    "life",
    "front_line",
    "energy_line",
    "outside",
    "removal",
    "ap_area",
)
PLAY_DESTINATIONS = ("front_line", "energy_line")
#: step, snipe, double attack, double block, impact N, impact +N, damage N, damage +N,
#: nullify impact (N a whole number from 1); and two printed abilities written as keywords
#: (judge/games/union_arena/cards.py): must be blocked, unblockable by bp N or less|more; and
#: cannot move; unchoosable by opposing character|event|trigger effects.
KEYWORD_PATTERN = (
    r"^(step|snipe|double attack|double block|nullify impact|must be blocked|cannot move"
    r"|(impact|damage) \+?[1-9][0-9]*|unblockable by bp (0|[1-9][0-9]*) or (less|more)"
    r"|unchoosable by opposing (character|event|trigger) effects)$"
)
KEYWORD_GRAMMAR = (
    "step, snipe, double attack, double block, impact N, impact +N, damage N, damage +N, "
    "nullify impact, must be blocked, unblockable by bp N or less, unblockable by bp N or more, "
    "cannot move, unchoosable by opposing character effects (or event, trigger)"
)


# --------------------------------------------------------------------------------------------
# Card definitions
# --------------------------------------------------------------------------------------------


class RaidOntoSchema(BaseSchema):
    """What a Raid card goes onto: a character with this name, one with this trait, or one
    whose name contains this part (the text "カード名に「part」を含むキャラ")."""

    JSON_SCHEMA_EXTRA = {"minProperties": 1, "maxProperties": 1}

    name = Str(non_empty=True)
    trait = Str(non_empty=True)
    name_contains = Str(non_empty=True)

    @validates_schema(pass_original=True)
    def _exactly_one(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        given = [key for key in ("name", "trait", "name_contains") if key in original]
        if len(given) != 1:
            raise ValidationError('give exactly one of "name", "trait" or "name_contains"')


class RaidOnto(fields.Field):
    """What a Raid card goes onto: one designation (``{"name": …}`` or ``{"trait": …}``), or a
    list of two or more, its alternatives (the card text ``[レイド]〈A〉/［特徴：B］``: a base
    matching any one of them)."""

    default_error_messages = {
        "invalid": 'must be {{"name": …}}, {{"trait": …}} or a list of 2 or more of them',
        "required": "required",
        "null": "must not be null",
    }

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, dict):
            return RaidOntoSchema().load(value)
        if not isinstance(value, list):
            raise self.make_error("invalid")
        if len(value) < 2:
            raise ValidationError("a list of alternatives has 2 or more; give one as an object")
        out: list[Any] = []
        errors: dict[int, Any] = {}
        for i, one in enumerate(value):
            if not isinstance(one, dict):
                errors[i] = ["must be an object"]
                continue
            try:
                out.append(RaidOntoSchema().load(one))
            except ValidationError as exc:
                errors[i] = exc.messages
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return out

    def json_schema(self, converter: Any) -> dict[str, Any]:
        one = converter.resolve_nested_schema(RaidOntoSchema)
        return {"anyOf": [one, {"type": "array", "minItems": 2, "items": one}]}


class RaidSchema(BaseSchema):
    """The card's Raid: ``{"onto": {"name": …}}`` or ``{"onto": {"trait": …}}``, or
    ``{"onto": [{"name": …}, {"trait": …}, …]}`` for a raid onto any of several."""

    onto = RaidOnto(required=True)


def _colour_costs(description: str) -> Dict:
    return Dict(
        keys=Str(non_empty=True),
        values=Int(minimum=0),
        load_default=dict,
        metadata={"default": {}, "description": description},
    )


class UnionArenaCardSchema(BaseSchema):
    """A Union Arena card definition.

    Required for every card: code, name, type, title, number; for character, field and event
    cards also color and ap; for characters also bp.  Omitted optional fields default to
    empty ({} or []) or null, and ap to 0 for AP cards.
    """

    JSON_SCHEMA_EXTRA = {
        "allOf": [
            {
                "if": {"properties": {"type": {"const": "character"}}, "required": ["type"]},
                "then": {"required": ["bp"], "properties": {"bp": {"type": "integer"}}},
                "else": {"properties": {"bp": {"type": "null"}}},
            },
            {
                "if": {
                    "properties": {"type": {"enum": ["character", "field", "event"]}},
                    "required": ["type"],
                },
                "then": {"required": ["ap", "color"], "properties": {"color": {"type": "string"}}},
            },
        ]
    }

    code = Str(required=True, non_empty=True)
    name = Str(required=True, non_empty=True)
    type = Str(required=True, validate=one_of(CARD_TYPES))
    title = Str(
        required=True,
        validate=validate.Regexp(
            r"^[A-Za-z0-9]{3}$",
            error="must be three letters or digits (the title after the '/' on the card)",
        ),
    )
    number = Str(required=True, non_empty=True)
    color = Str(non_empty=True, allow_none=True, load_default=None)
    energy = _colour_costs("energy needed to play it: colour -> amount")
    ap = Int(minimum=0, metadata={"description": "AP cost; 0 when omitted on an AP card"})
    bp = Int(
        minimum=0, allow_none=True, load_default=None, metadata={"description": "characters only"}
    )
    generates = _colour_costs("energy it generates: colour -> amount")
    traits = List(Str(non_empty=True), load_default=list, metadata={"default": []})
    also_treated_as = List(
        Str(non_empty=True),
        metadata={
            "description": 'names the card also has: its text "This card is also treated as '
            '<Name>" (absent when it has none)'
        },
    )
    keywords = List(
        Str(
            validate=validate.Regexp(
                KEYWORD_PATTERN, error=f"unknown keyword {{input!r}}; keywords: {KEYWORD_GRAMMAR}"
            )
        ),
        load_default=list,
        metadata={"default": []},
    )
    trigger = Str(allow_none=True, load_default=None, validate=one_of(TRIGGERS))
    raid = Nested(RaidSchema, allow_none=True, load_default=None)
    unsupported = List(
        Str(non_empty=True),
        metadata={
            "description": "why the definition is not relied on in full (an importer's note: "
            "the record it was made of disagrees with itself); the card is then unsupported, "
            "as one whose printed text is not read in full (absent when none)"
        },
    )
    effects = effects_field()
    text = Str(
        metadata={
            "description": "the printed effect text, kept as given and not executed "
            "(absent when not given)"
        }
    )

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _by_type(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        kind = data.get("type")
        if kind not in CARD_TYPES or not isinstance(original, dict):
            return
        errors: dict[str, list[str]] = {}
        if kind == "character":
            if original.get("bp") is None:
                errors["bp"] = ["required for character cards"]
        elif original.get("bp") is not None:
            errors["bp"] = ["only characters have BP; leave bp out"]
        if kind != "ap":
            for name in ("color", "ap"):
                if original.get(name) is None:
                    errors[name] = [f"required for {kind} cards"]
        if errors:
            raise ValidationError(errors)

    @post_load
    def _defaults(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data.setdefault("ap", 0)
        return {name: data[name] for name in self.fields if name in data}


CardSchema = UnionArenaCardSchema


# --------------------------------------------------------------------------------------------
# Decks
# --------------------------------------------------------------------------------------------


class DeckCode(CardCode):
    """A card code in a deck list: AP cards in ``ap``, every other card in ``main``."""

    def __init__(self, section: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.section = section

    def misplaced(self, code: str, kind: str | None) -> str | None:  # type: ignore[override]
        """Why the card ``code`` (of type ``kind``) is not in this deck section, or None."""
        if kind is not None and self.section == "ap" and kind != "ap":
            return f"{code!r} is a {kind} card; the ap list holds AP cards only"
        if kind == "ap" and self.section == "main":
            return f"{code!r} is an AP card; it belongs in the ap list"
        return None


class DeckSchema(BaseSchema):
    """A player's deck: card codes; instance ids number these lists from 1."""

    main = deck_list(DeckCode("main"), DECK, required=True)
    ap = deck_list(DeckCode("ap"), DECK, required=True)


# --------------------------------------------------------------------------------------------
# Card references and targets
# --------------------------------------------------------------------------------------------


class ZoneRefSchema(BaseSchema):
    """Any one copy of ``code`` in ``zone``."""

    code = CardCode(required=True)
    zone = Str(required=True, validate=one_of(ZONES))


class PlayerTargetSchema(BaseSchema):
    """A player as a target."""

    player = PlayerId(required=True)


class CardRef(BaseCardRef):
    """A card reference: instance id, card code, or ``{"code": …, "zone": …}``."""

    ZONE_REF = ZoneRefSchema
    REF_DESCRIPTION = "an instance id (P1-7, P1-AP2) or a card code"


class PlacementSchema(BaseSchema):
    """A look at the deck's top cards: where the cards not taken go, each place with its
    cards top first (``UA-EFFECT-LOOK``): ``bottom`` (the order they lie at the bottom of
    the deck afterwards), ``top`` (back on top), ``outside`` (into the outside area); and
    the deck's top cards put into the outside area (``{"outside": […]}``,
    ``UA-EFFECT-DECK-TO-OUTSIDE``).  Which places fit the op is the engine's question."""

    JSON_SCHEMA_EXTRA = {"minProperties": 1}

    top = List(CardRef())
    bottom = List(CardRef())
    outside = List(CardRef())

    @validates_schema(pass_original=True)
    def _some_place(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if not any(key in original for key in ("top", "bottom", "outside")):
            raise ValidationError('give "top", "bottom" or "outside"')


#: the keys of a look's record of where its cards go (:class:`PlacementSchema`)
PLACES = ("top", "bottom", "outside")


class MoveRoomSchema(BaseSchema):
    """A move to the other line into a full line: the card of that line that goes to the
    removal area first, named right after the card moved (``UA-EFFECT-MOVE-LINE``)."""

    remove = CardRef(required=True)


class PlayLineSchema(BaseSchema):
    """A card an effect plays ("…自分の場にレストで登場させる"): the line it enters, right after
    it in ``targets``, and the card of that line removed to make room when it is full
    (``UA-EFFECT-PLAY``).  Without ``remove`` the log does not say (``null``: not given)."""

    to = Str(required=True, validate=one_of(PLAY_DESTINATIONS))
    remove = List(
        CardRef(),
        validate=validate.Length(max=4),
        metadata={"description": "sent to the removal area to make room (not given: unsaid)"},
    )


class Target(CardRef):
    """A target: a card reference, "player" (the opponent), {"player": id}, a look's record
    of where its cards go ({"bottom": [references]}, {"top": […], "outside": […]}), the
    deck's top cards put into the outside area ({"outside": [references]}, the same record),
    a choice among listed effects {"modes": [k, …]}, the card a move into a full line
    removes {"remove": reference}, or the line of a card an effect plays
    {"to": line, "remove"?: [references]}."""

    default_error_messages = {
        "invalid": 'must be a card reference, "player", {{"player": …}}, a look\'s '
        '{{"bottom"/"top"/"outside": […]}}, {{"modes": […]}}, {{"remove": …}} or {{"to": …}}',
    }

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if value == "player":
            return value
        if isinstance(value, dict) and "player" in value:
            return PlayerTargetSchema().load(value)
        if isinstance(value, dict) and any(key in value for key in PLACES):
            return PlacementSchema().load(value)
        if isinstance(value, dict) and "modes" in value:
            return ModesChoiceSchema().load(value)
        if isinstance(value, dict) and "to" in value:
            return PlayLineSchema().load(value)
        if isinstance(value, dict) and "remove" in value:
            return MoveRoomSchema().load(value)
        return super()._deserialize(value, attr, data, **kwargs)

    def _alternatives(self, converter: Any) -> list[dict[str, Any]]:
        return [
            *super()._alternatives(converter),
            {"const": "player"},
            converter.resolve_nested_schema(PlayerTargetSchema),
            converter.resolve_nested_schema(PlacementSchema),
            converter.resolve_nested_schema(ModesChoiceSchema),
            converter.resolve_nested_schema(MoveRoomSchema),
            converter.resolve_nested_schema(PlayLineSchema),
        ]


class AttackTarget(CardRef):
    """What an attack targets: "player", or a card (Snipe only)."""

    default_error_messages = {"invalid": 'must be "player" or a card reference'}

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if value == "player":
            return value
        return super()._deserialize(value, attr, data, **kwargs)

    def _alternatives(self, converter: Any) -> list[dict[str, Any]]:
        return [*super()._alternatives(converter), {"const": "player"}]


def _refs(description: str | None = None) -> List:
    return ref_list(CardRef, description)


def _targets() -> List:
    return ref_list(Target)


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


class FirstPlayerSchema(ActionSchema):
    """Setup: the rock-paper-scissors winner (``p``) names the first player."""

    do = Kind("first_player")
    first = PlayerId(required=True)


class MulliganSchema(ActionSchema):
    """Setup: redraw the opening hand or keep it."""

    do = Kind("mulligan")
    redraw = Bool(required=True)


class ExtraDrawSchema(ActionSchema):
    """Start phase, step 5: take the extra draw."""

    do = Kind("extra_draw")


class MoveSchema(ActionSchema):
    """Movement phase, all at once."""

    do = Kind("move")
    cards = _refs("energy line -> front line")
    step_back = _refs("front line -> energy line (Step only)")
    remove = _refs("sent to the removal area to make room")


class PlaySchema(ActionSchema):
    """Main phase: play a card from hand."""

    do = Kind("play")
    card = CardRef(required=True)
    to = Str(
        allow_none=True,
        load_default=None,
        validate=one_of(PLAY_DESTINATIONS),
        metadata={"description": "none for events"},
    )
    remove = _refs("sent to the removal area to make room")
    targets = _targets()


class RaidActionSchema(ActionSchema):
    """Main phase: play a Raid card onto a character."""

    do = Kind("raid")
    card = CardRef(required=True)
    onto = CardRef(required=True)
    to_front_line = Bool(load_default=False, metadata={"default": False})
    remove = List(
        CardRef(),
        allow_none=True,
        load_default=None,
        metadata={
            "default": None,
            "description": "front-line cards sent to the removal area to make room when the "
            "raided character moves to a full front line; null when not given",
        },
    )


class CostsSchema(BaseSchema):
    """Costs paid by choice."""

    discard = _refs()


class ActivateSchema(ActionSchema):
    """Main phase: use an activated ability."""

    do = Kind("activate")
    card = CardRef(required=True)
    ability = Int(
        required=True, minimum=1, metadata={"description": "1-based, among its activated abilities"}
    )
    costs = Nested(
        CostsSchema, load_default=lambda: {"discard": []}, metadata={"default": {"discard": []}}
    )
    targets = _targets()


class ResolveSchema(ActionSchema):
    """A choice for an effect the engine has pending for ``p``."""

    do = Kind("resolve")
    source = CardRef(required=True)
    targets = _targets()
    use = Bool(
        allow_none=True,
        load_default=None,
        metadata={"description": "for optional effects; null when not given"},
    )
    order = _refs()


class AttackSchema(ActionSchema):
    """Attack phase: attack the player, or a card (Snipe only)."""

    do = Kind("attack")
    card = CardRef(required=True)
    target = AttackTarget(required=True)


class BlockSchema(ActionSchema):
    """The defender's block decision: a card, or null for no block."""

    do = Kind("block")
    card = CardRef(required=True, allow_none=True)


class PickLifeSchema(ActionSchema):
    """After unblocked damage: which life cards the attacking player turns."""

    do = Kind("pick_life")
    cards = List(
        Int(minimum=1),
        required=True,
        validate=validate.Length(min=1, error="must not be empty"),
        metadata={"description": "positions 1…n in the defender's current life row"},
    )
    reveal = List(
        CardCode(),
        allow_none=True,
        load_default=None,
        metadata={"description": "their codes, in the same order (observed mode)"},
    )

    @validates_schema
    def _same_length(self, data: dict[str, Any], **kwargs: Any) -> None:
        errors: dict[str, list[str]] = {}
        cards, reveal = data["cards"], data.get("reveal")
        if len(set(cards)) != len(cards):
            errors["cards"] = ["positions must differ"]
        if reveal is not None and len(reveal) != len(cards):
            errors["reveal"] = [f"must list {len(cards)} codes, one for each position in cards"]
        if errors:
            raise ValidationError(errors)


class TriggerSchema(ActionSchema):
    """The damaged player's choice for a turned life card's trigger."""

    do = Kind("trigger")
    card = CardRef(required=True)
    use = Bool(required=True)
    targets = _targets()
    remove = List(
        CardRef(),
        allow_none=True,
        load_default=None,
        metadata={
            "default": None,
            "description": "front-line cards sent to the removal area to make room when the "
            "trigger plays a character to a full front line; null when not given",
        },
    )


class DiscardToLimitSchema(ActionSchema):
    """End phase, hand of 9 or more: the cards discarded."""

    do = Kind("discard_to_limit")
    cards = List(CardRef(), required=True)


class ProceedSchema(ActionSchema):
    """End the current phase (movement, main, attack) for ``p``."""

    do = Kind("proceed")


class ConcedeSchema(ActionSchema):
    """Concede the game."""

    do = Kind("concede")


# --------------------------------------------------------------------------------------------
# Recorded outcomes (judge/games/union_arena/outcome.py)
# --------------------------------------------------------------------------------------------

OUTCOME_ZONES = ("hand", "deck", "life", "outside", "removal", "front_line", "energy_line")
OUTCOME_REVEAL_ZONES = ("hand", "deck", "life", "outside")


def _whose(description: str) -> PlayerId:
    return PlayerId(metadata={"description": description})


def _count() -> Int:
    return Int(required=True, minimum=1)


def _cards() -> List:
    return List(
        CardRef(), required=True, validate=validate.Length(min=1, error="must not be empty")
    )


class UAOutcomeMoveSchema(BaseSchema):
    """A card moves from one zone to another."""

    op = Kind("move")
    card = CardRef(required=True)
    from_ = Str(required=True, data_key="from", attribute="from", validate=one_of(OUTCOME_ZONES))
    to = Str(required=True, validate=one_of(OUTCOME_ZONES))
    position = Str(
        validate=one_of(("top", "bottom")),
        metadata={"description": "where in the deck (to deck only); default top"},
    )
    player = _whose("whose zones (default: the card's owner for an instance id, else p)")


class UAOutcomeBpSchema(BaseSchema):
    """A card on the field gets a BP change until the given time."""

    op = Kind("bp")
    card = CardRef(required=True)
    amount = Int(required=True)
    until = Str(validate=one_of(("turn", "battle", "next_turn")), metadata={"default": "turn"})
    player = _whose("whose field (default: any)")


class UAOutcomeRestSchema(BaseSchema):
    """A card on the field is rested."""

    op = Kind("rest")
    card = CardRef(required=True)
    player = _whose("whose field (default: any)")


class UAOutcomeActivateSchema(BaseSchema):
    """A card on the field becomes active."""

    op = Kind("activate")
    card = CardRef(required=True)
    player = _whose("whose field (default: any)")


class UAOutcomeDrawSchema(BaseSchema):
    """A player draws n cards."""

    op = Kind("draw")
    n = _count()
    player = _whose("who draws (default: p)")


class UAOutcomeDiscardSchema(BaseSchema):
    """Cards go from a hand into the outside area."""

    op = Kind("discard")
    cards = _cards()
    player = _whose("whose hand (default: the owner of the first card, or p)")


class UAOutcomeRevealSchema(BaseSchema):
    """Cards are shown; nothing moves."""

    op = Kind("reveal")
    cards = _cards()
    from_ = Str(data_key="from", attribute="from", validate=one_of(OUTCOME_REVEAL_ZONES))
    player = _whose("whose zone (default: the owner of the first card, or p)")


class UAOutcomeDamageSchema(BaseSchema):
    """A player takes n damage, as from an effect."""

    op = Kind("damage")
    n = _count()
    player = _whose("who takes it (default: p's opponent)")


class UAOutcomeLifeSchema(BaseSchema):
    """The top n cards of a deck become life cards."""

    op = Kind("life")
    n = _count()
    player = _whose("whose deck and life (default: p)")


UA_OUTCOME_OPS: dict[str, type[Schema]] = {
    "move": UAOutcomeMoveSchema,
    "bp": UAOutcomeBpSchema,
    "rest": UAOutcomeRestSchema,
    "activate": UAOutcomeActivateSchema,
    "draw": UAOutcomeDrawSchema,
    "discard": UAOutcomeDiscardSchema,
    "reveal": UAOutcomeRevealSchema,
    "damage": UAOutcomeDamageSchema,
    "life": UAOutcomeLifeSchema,
}


class OutcomeSchema(ActionSchema):
    """What an effect the engine cannot execute did, recorded right after the step at which
    it resolved: its card (``source``) and primitive operations (``ops``), applied in order."""

    do = Kind("outcome")
    source = CardRef(required=True)
    ops = List(
        OneOfKind("op", UA_OUTCOME_OPS, what="outcome op"),
        required=True,
        validate=validate.Length(min=1, error="must not be empty"),
    )


#: ``do`` -> schema, in the order of the contract's table.
ACTIONS: dict[str, type[Schema]] = {
    "first_player": FirstPlayerSchema,
    "mulligan": MulliganSchema,
    "extra_draw": ExtraDrawSchema,
    "move": MoveSchema,
    "play": PlaySchema,
    "raid": RaidActionSchema,
    "activate": ActivateSchema,
    "resolve": ResolveSchema,
    "attack": AttackSchema,
    "block": BlockSchema,
    "pick_life": PickLifeSchema,
    "trigger": TriggerSchema,
    "discard_to_limit": DiscardToLimitSchema,
    "proceed": ProceedSchema,
    "concede": ConcedeSchema,
    "outcome": OutcomeSchema,
}


# --------------------------------------------------------------------------------------------
# Positions (docs/positions.md): a log's ``start``
# --------------------------------------------------------------------------------------------


#: positions (docs/positions.md): the schema of a log's ``start`` and the function that lays
#: it out (``layout(start, players, cards, seeded, teams)``), as ``"module:name"``; imported on
#: first use (:func:`schemas.log_envelope.position_hooks`)
POSITION = ("schemas.union_arena_position:StartSchema", "judge.games.union_arena.position:layout")
