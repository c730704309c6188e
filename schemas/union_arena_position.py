"""Union Arena's ``start``: a game described at a moment of a turn (``docs/positions.md``).

Shapes only, as the rest of the log's schemas: whether the position could happen (a line of
five, a card in two places, an attack by a character that is not there) is checked by
:func:`judge.games.union_arena.position.layout`, which names the field as these do.
"""

from __future__ import annotations

from marshmallow import validate

from schemas.action_log import BaseSchema, Bool, Dict, Int, Nested, PlayerId, Str, one_of
from schemas.log_envelope import MAX_PLAYERS
from schemas.position_common import UNSEEN_DESCRIPTION, CardEntry, HiddenZone, position_list, zone

#: the phases a position may start in: those whose decisions the turn player makes
PHASES = ("movement", "main", "attack")
UNTIL = ("turn", "battle", "next_turn")
COLOURS = ("purple", "green", "red", "blue", "yellow")
TIMINGS = (
    "on_play",
    "activate_main",
    "on_attack",
    "on_block",
    "not_blocked",
    "on_retire",
    "win_battle",
    "lose_battle_attacking",
    "battle_end",
    "end_phase_start",
)


class ModifierSchema(BaseSchema):
    """An effect in force on a card of the field: a BP change, a keyword given, or one more
    energy of a colour generated, until a time (``until``: the end of the ``turn``, of the
    ``battle``, or the start of ``owner``'s next turn: ``next_turn``)."""

    bp = Int(load_default=0, metadata={"default": 0})
    keyword = Str(
        metadata={"description": "a keyword, as a card's keywords (judge/games/union_arena)"}
    )
    energy = Str(validate=one_of(COLOURS))
    until = Str(load_default="turn", validate=one_of(UNTIL), metadata={"default": "turn"})
    owner = PlayerId(metadata={"description": "whose next turn ends it (default: its card's)"})


class UnitSchema(BaseSchema):
    """A character or field on a line: its card (the top card of a raided stack), the cards
    under it, its state and what effects do to it now."""

    card = CardEntry(required=True)
    under = zone(CardEntry(), load_default=list, metadata={"default": []})
    face_down = zone(
        CardEntry(),
        load_default=list,
        metadata={
            "default": [],
            "description": "cards an effect put face down under it (UA-UNDER), known cards",
        },
    )
    rested = Bool(load_default=False, metadata={"default": False})
    raided = Bool(load_default=False, metadata={"default": False})
    entered_this_turn = Bool(
        load_default=False,
        metadata={"default": False, "description": "it came onto the field this turn"},
    )
    mods = position_list(Nested(ModifierSchema), load_default=list, metadata={"default": []})
    attacks = Int(load_default=0, validate=validate.Range(min=0), metadata={"default": 0})
    blocks = Int(load_default=0, validate=validate.Range(min=0), metadata={"default": 0})
    used = position_list(
        Int(validate=validate.Range(min=1)),
        load_default=list,
        metadata={
            "default": [],
            "description": "its once-per-turn effects used this turn, by number on the card (1…)",
        },
    )


class APSchema(BaseSchema):
    """An AP card in play."""

    card = CardEntry(required=True)
    rested = Bool(load_default=False, metadata={"default": False})


class PlayerZonesSchema(BaseSchema):
    """A player's zones.  Hidden zones (hand, deck, life) may hold ``null`` for a card the
    judge does not know, or (deck, life) ``{"count": n}``; the cards those stand for are
    listed in ``unseen`` (observed logs only)."""

    front_line = zone(Nested(UnitSchema), load_default=list, metadata={"default": []})
    energy_line = zone(Nested(UnitSchema), load_default=list, metadata={"default": []})
    hand = zone(CardEntry(unknown_ok=True), load_default=list, metadata={"default": []})
    deck = HiddenZone(load_default=list, metadata={"default": [], "description": "top first"})
    life = HiddenZone(load_default=list, metadata={"default": [], "description": "top first"})
    outside = zone(CardEntry(), load_default=list, metadata={"default": []})
    removal = zone(CardEntry(), load_default=list, metadata={"default": []})
    ap = zone(Nested(APSchema), load_default=list, metadata={"default": []})
    ap_reserve = zone(
        CardEntry(),
        load_default=list,
        metadata={"default": [], "description": "AP cards not yet in play"},
    )
    unseen = zone(
        CardEntry(),
        load_default=None,
        allow_none=True,
        metadata={"description": UNSEEN_DESCRIPTION},
    )


class BattleSchema(BaseSchema):
    """An attack declared, waiting for the attacked player's block decision."""

    attacker = Str(required=True, metadata={"description": "instance id of the attacker"})
    target = Str(
        load_default="player",
        metadata={"default": "player", "description": '"player", or a Snipe target\'s id'},
    )


class PendingSchema(BaseSchema):
    """An effect that triggered and waits to resolve."""

    source = Str(required=True, metadata={"description": "instance id of its card"})
    effect = Int(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"default": 1, "description": "which of the card's effects (1…)"},
    )
    trigger = Str(validate=one_of(TIMINGS), metadata={"description": "default: its timing"})


class StartSchema(BaseSchema):
    """Union Arena: the moment a log starts from (instead of ``decks``)."""

    turn = Int(required=True, validate=validate.Range(min=1))
    phase = Str(required=True, validate=one_of(PHASES))
    turn_player = PlayerId(required=True)
    first = PlayerId(required=True, metadata={"description": "the player who went first"})
    extra_draw_open = Bool(
        load_default=False,
        metadata={"default": False, "description": "movement phase: the extra draw is open"},
    )
    players = Dict(
        keys=PlayerId(),
        values=Nested(PlayerZonesSchema),
        required=True,
        max_entries=MAX_PLAYERS,
        why="a game has at most 4 players",
    )
    battle = Nested(BattleSchema, allow_none=True, load_default=None)
    pending = position_list(Nested(PendingSchema), load_default=list, metadata={"default": []})
