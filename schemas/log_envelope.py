"""The envelope of the action log (``format``, ``game``, ``players``, ``hidden``,
``checkpoints``, …), the same for every game, and :func:`log_schema`, which puts it together
with a game's own card, deck and action schemas (``schemas/union_arena.py``,
``schemas/rangers_strike.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, validate

from judge.core.log import FORMAT
from judge.games import GAMES
from schemas.log_fields import (
    OBJECT_MESSAGE,
    ActionIndex,
    CardSetName,
    Dict,
    FreeObject,
    GameSlug,
    List,
    Nested,
    OneOfKind,
    PlayerId,
    Scalar,
    Str,
    current_refs,
    not_empty,
)
from schemas.problems import UnknownCounted

#: game slug -> module holding that game's card, deck and action schemas (from the one
#: registration point, :data:`judge.games.GAMES`).
GAME_SCHEMA_MODULES: dict[str, str] = {slug: game.schemas for slug, game in GAMES.items()}


#: The most players (and teams, and decks) a log may list before it is read no further: four
#: times the most any game is played by (4, Rangers Strike's tag battle).  Each is checked
#: against every other and named by every reference, so a list of thousands must not be read.
MAX_PLAYERS = 16
#: The most entries of ``rule_options``: a game has a few named options (the engine refuses
#: an unknown name), far fewer than this.
MAX_RULE_OPTIONS = 100
#: The most ``card_sets`` a log (or a deck check) may name: each is a set looked up and read.
MAX_CARD_SETS = 100
#: The most card definitions a log's ``cards`` (or a card set's) may hold: more than any
#: game's whole official card list, each definition being loaded and checked.
MAX_CARDS = 10_000
_PLAYERS_WHY = "a game has at most 4 players"


def _checkpoints_bound() -> int | None:
    """At most one checkpoint per action (the log's own number, once its actions are read)."""
    refs = current_refs()
    return None if refs is None or refs.n_actions is None else max(refs.n_actions, 1)


class BaseSchema(UnknownCounted, Schema):
    """Unknown fields are errors; the message lists the fields allowed there."""

    #: Merged into this schema's JSON Schema (for what fields alone cannot say).
    JSON_SCHEMA_EXTRA: ClassVar[dict[str, Any]] = {}

    error_messages = {"type": OBJECT_MESSAGE, "unknown": "unknown field"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        allowed = sorted(f.data_key or name for name, f in self.load_fields.items())
        self.error_messages = {
            **self.error_messages,
            "unknown": f"unknown field (allowed here: {', '.join(allowed)})",
        }


class PlayerSchema(BaseSchema):
    """A player: an id the actions use, and an optional display name."""

    id = Str(required=True, non_empty=True)
    name = Str()


class TeamSchema(BaseSchema):
    """A team of players (for games played in teams, such as tag battle)."""

    id = Str(required=True, non_empty=True)
    name = Str()
    players = List(
        PlayerId(),
        required=True,
        validate=not_empty(),
        max_entries=MAX_PLAYERS,
        why=_PLAYERS_WHY,
    )


class SeededHiddenSchema(BaseSchema):
    """Hidden cards follow from the documented PRNG seeded with ``seed``."""

    mode = Str(required=True, validate=validate.Equal("seeded"))
    seed = Str(required=True, non_empty=True)


class ObservedHiddenSchema(BaseSchema):
    """Hidden cards are unknown; the log names a card by code where it becomes known."""

    mode = Str(required=True, validate=validate.Equal("observed"))


HIDDEN_MODES: dict[str, type[Schema]] = {
    "seeded": SeededHiddenSchema,
    "observed": ObservedHiddenSchema,
}


@dataclass(frozen=True)
class ResolvedSet:
    """What a ``card_sets`` entry that is no built-in set's name named among the user's sets
    (noted in ``Refs.set_games`` while the references are read): its game and hash, or
    why it names none (``problem``)."""

    game: str | None
    sha256: str | None = None
    problem: str | None = None


class CardSetRef(CardSetName):
    """A card set of the log's game: a built-in set's name, or a user's set by its name or
    ``sha256:<hash>`` (``docs/cards.md``), found in the registry the log is validated with."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        refs = current_refs()
        found = refs.set_games.get(value) if refs is not None and isinstance(value, str) else None
        if not isinstance(found, ResolvedSet):
            try:
                return super()._deserialize(value, attr, data, **kwargs)
            except ValidationError as exc:
                if not str(exc.messages[0]).startswith("unknown card set"):
                    raise
                raise ValidationError(
                    f"{exc.messages[0]}; a user's set is given with judge replay --card-set "
                    "FILE, or stored with POST /v1/card-sets"
                ) from None
        if found.problem is not None:
            raise ValidationError(found.problem)
        if refs is not None and refs.game in GAMES and found.game != refs.game:
            raise ValidationError(f"card set {value!r} is for {found.game!r}, not {refs.game!r}")
        return value


class CheckpointSchema(BaseSchema):
    """The recording client's state fingerprint after an action."""

    after = ActionIndex(required=True, metadata={"description": "0-based action index"})
    state_sha256 = Str(
        required=True,
        validate=validate.Regexp(
            r"^[0-9a-f]{64}$", error="must be 64 lowercase hexadecimal digits (a SHA-256)"
        ),
    )


class LogSchema(BaseSchema):
    """An action log, format ``judge-action-log/1``: the envelope every game shares."""

    format = Str(
        required=True,
        validate=validate.Equal(
            FORMAT, error=f"unsupported format {{input!r}}; this judge reads {FORMAT!r}"
        ),
    )
    game = GameSlug(required=True)
    variant = Str(allow_none=True, load_default=None)
    rule_options = Dict(
        keys=Str(non_empty=True),
        max_entries=MAX_RULE_OPTIONS,
        why="a game has a few named options",
        values=Scalar(),
        load_default=dict,
        metadata={"default": {}, "description": "named options; the engine checks names"},
    )
    match = FreeObject(load_default=dict, metadata={"default": {}, "description": "kept as is"})
    players = List(
        Nested(PlayerSchema),
        required=True,
        validate=not_empty(),
        max_entries=MAX_PLAYERS,
        why=_PLAYERS_WHY,
    )
    teams = List(
        Nested(TeamSchema),
        allow_none=True,
        load_default=None,
        max_entries=MAX_PLAYERS,
        why=_PLAYERS_WHY,
    )
    card_sets = List(
        CardSetRef(),
        load_default=list,
        metadata={
            "default": [],
            "description": "card sets: a built-in set's name, or a user's set by name or "
            "sha256:<hash> (docs/cards.md)",
        },
        max_entries=MAX_CARD_SETS,
        why="a log names a few card sets",
    )
    hidden = OneOfKind("mode", HIDDEN_MODES, what="hidden mode", required=True)
    checkpoints = List(
        Nested(CheckpointSchema),
        load_default=list,
        metadata={"default": []},
        max_entries=_checkpoints_bound,
        why="a log has at most one checkpoint per action",
    )
    # Game-specific in log_schema(game): the card definitions, the decks, the actions.
    cards = List(
        FreeObject(),
        load_default=list,
        metadata={"default": []},
        max_entries=MAX_CARDS,
        why="more than any game's official card list",
    )
    decks = Dict(
        keys=PlayerId(),
        values=FreeObject(),
        required=True,
        max_entries=MAX_PLAYERS,
        why=_PLAYERS_WHY,
    )
    start = FreeObject(
        metadata={
            "description": "the position the game starts from, instead of decks "
            "(docs/positions.md); its shape is the game's"
        }
    )
    actions = List(FreeObject(), required=True)


def game_schemas(game: str) -> ModuleType | None:
    """The module with ``game``'s card, deck and action schemas; None if there is none."""
    name = GAME_SCHEMA_MODULES.get(game)
    return import_module(name) if name else None


@cache
def log_schema(game: str | None) -> type[Schema]:
    """The whole-log schema of ``game``; for a game without schemas, the envelope alone."""
    module = game_schemas(game) if game else None
    if module is None:
        return LogSchema
    fields: dict[str, Any] = {
        "cards": List(
            Nested(module.CardSchema),
            load_default=list,
            metadata={"default": []},
            max_entries=MAX_CARDS,
            why="more than any game's official card list",
        ),
        "decks": Dict(
            keys=PlayerId(),
            values=Nested(module.DeckSchema),
            required=True,
            max_entries=MAX_PLAYERS,
            why=_PLAYERS_WHY,
        ),
        "actions": List(
            OneOfKind("do", module.ACTIONS, what="action kind", common=module.ActionSchema),
            required=True,
        ),
    }
    hooks = position_hooks(module)
    if hooks is not None:  # the game's positions (docs/positions.md)
        fields["start"] = Nested(hooks[0])
    return LogSchema.from_dict(fields, name=module.LOG_SCHEMA_NAME)


def position_hooks(module: ModuleType | None) -> tuple[type[Schema], Any] | None:
    """A game's positions, from its schema module's ``POSITION``: the schema of ``start`` and
    its ``layout(start, players, cards, seeded, teams)``; None for a game without them."""
    spec = getattr(module, "POSITION", None)
    if spec is None:
        return None
    schema, layout = (_named(ref) for ref in spec)
    return schema, layout


def _named(ref: str) -> Any:
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)
