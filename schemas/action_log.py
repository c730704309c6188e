"""The action log, format ``judge-action-log/1``: marshmallow schemas and :func:`validate_log`.

The envelope (``format``, ``game``, ``players``, ``hidden``, ``checkpoints``, …) is the same
for every game and lives here; the card definition, the deck and the action kinds belong to
the game and live in its own module (``schemas/union_arena.py``,
``schemas/rangers_strike.py``).  :func:`log_schema` puts
the two together.

Two kinds of checks run while a log is loaded, and both report by field path:

* **shape**: types, required fields, allowed values, no unknown fields;
* **references**: player ids among ``players``, card codes known (from ``cards`` or
  ``card_sets``), instance ids within their deck list, checkpoints within the actions.  The
  fields that hold references look them up in a :class:`Refs` set as marshmallow's
  ``Context``; :func:`validate_log` builds it from the document before loading.

Checks that compare several fields (unique player ids, one deck per player, the number of
players) run after loading, in :func:`validate_log`.  Every problem is collected; nothing
stops at the first.  Legality is never judged here: that is the engine's work.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate
from marshmallow.experimental.context import Context

from judge.core.cards import builtin_set_names, card_table, load_builtin_set
from judge.core.errors import FieldError, join_path
from judge.core.log import FORMAT, ActionLog
from judge.games import GAMES, PLANNED

#: game slug -> module holding that game's card, deck and action schemas.
GAME_SCHEMA_MODULES: dict[str, str] = {
    "union-arena": "schemas.union_arena",
    "rangers-strike": "schemas.rangers_strike",
}

MISSING_MESSAGE = "required field is missing"
NULL_MESSAGE = "must not be null"
OBJECT_MESSAGE = "must be an object"

# Marshmallow's own wording, for the few places it can still come through.
_PLAIN = {
    "Missing data for required field.": MISSING_MESSAGE,
    "Field may not be null.": NULL_MESSAGE,
    "Unknown field.": "unknown field",
    "Invalid input type.": OBJECT_MESSAGE,
    "Invalid value.": "invalid value",
    "Not a valid string.": "must be a string",
    "Not a valid integer.": "must be an integer",
    "Not a valid boolean.": "must be true or false",
    "Not a valid list.": "must be a list",
    "Not a valid mapping type.": OBJECT_MESSAGE,
}


# --------------------------------------------------------------------------------------------
# References: what the fields look names up in
# --------------------------------------------------------------------------------------------


@dataclass
class Refs:
    """What the document names, read before loading, for the fields that check references.

    ``None`` means "could not be read", and the checks that need it are skipped (the
    reason is reported elsewhere, once, instead of once per reference).
    """

    game: str | None = None
    players: tuple[str, ...] | None = None
    #: player id -> deck section ("main", "ap") -> number of cards listed.
    deck_sizes: dict[str, dict[str, int]] = field(default_factory=dict)
    #: card code -> card type (None when the definition gives none readable).
    cards: dict[str, str | None] | None = None
    n_actions: int | None = None
    #: instance-id tag -> deck section: ``{"": "main", "AP": "ap"}`` reads ``P1-7`` as the
    #: 7th card of ``main`` and ``P1-AP2`` as the 2nd of ``ap``.
    sections: dict[str, str] = field(default_factory=lambda: {"": "main"})
    #: ``repr`` of an object already loaded by a ``OneOfKind`` -> its loaded value.
    #: Within one log the references do not change, so an identical action (``proceed``,
    #: ``block: null``, …) loads identically; a log repeats a few actions very often.
    loaded: dict[str, Any] = field(default_factory=dict)


def current_refs() -> Refs | None:
    """The :class:`Refs` of the log being loaded (the marshmallow context), or None."""
    refs = Context.get(None)
    return refs if isinstance(refs, Refs) else None


def player_list(players: tuple[str, ...]) -> str:
    return ", ".join(players) if players else "none"


def parse_instance_id(ref: str, refs: Refs) -> tuple[str, str, int] | None:
    """``"P1-7"`` -> ``("P1", "main", 7)`` when ``P1`` is a listed player; else None."""
    if not refs.players:
        return None
    tags = "|".join(re.escape(tag) for tag in sorted(refs.sections, key=len, reverse=True) if tag)
    pattern = re.compile(
        rf"(?P<tag>{tags})?(?P<n>[1-9][0-9]*|0)" if tags else r"(?P<n>[1-9][0-9]*|0)"
    )
    for pid in sorted(refs.players, key=len, reverse=True):
        if ref.startswith(pid + "-"):
            m = pattern.fullmatch(ref[len(pid) + 1 :])
            if m:
                tag = m.groupdict().get("tag") or ""
                return pid, refs.sections[tag], int(m["n"])
    return None


def check_card_code(code: str) -> None:
    """Raise ValidationError if ``code`` is not a card the log knows."""
    refs = current_refs()
    if refs is not None and refs.cards is not None and code not in refs.cards:
        raise ValidationError(f"unknown card code {code!r} (not in cards or card_sets)")


def check_ref_string(ref: str) -> None:
    """Raise ValidationError unless ``ref`` is an instance id in range or a known card code.

    A string that is an instance id of a listed player (``<player>-<n>``,
    ``<player>-AP<n>``) is read as one; any other string is a card code.  A string that is
    both an instance id and a known card code is ambiguous.
    """
    refs = current_refs()
    if refs is None:
        return
    instance = parse_instance_id(ref, refs)
    known_code = refs.cards is not None and ref in refs.cards
    if instance is not None:
        if known_code:
            raise ValidationError(
                f"ambiguous card reference {ref!r}: both an instance id and a card code; "
                'write {"code": …, "zone": …} to mean the code'
            )
        pid, section, n = instance
        size = refs.deck_sizes.get(pid, {}).get(section)
        if size is not None and not 1 <= n <= size:
            raise ValidationError(
                f"instance id {ref!r} is out of range: the {section} list of player {pid!r} has "
                f"{size} card{'' if size == 1 else 's'}"
            )
        return
    check_card_code(ref)


# --------------------------------------------------------------------------------------------
# Fields, with plain messages
# --------------------------------------------------------------------------------------------


class _Plain:
    default_error_messages = {"required": MISSING_MESSAGE, "null": NULL_MESSAGE}


def not_empty() -> validate.Length:
    return validate.Length(min=1, error="must not be empty")


def at_least(minimum: int) -> validate.Range:
    return validate.Range(min=minimum, error="must be at least {min}")


def one_of(choices: Any) -> validate.OneOf:
    return validate.OneOf(list(choices), error="must be one of: {choices}")


class Str(_Plain, fields.String):
    default_error_messages = {"invalid": "must be a string"}

    def __init__(self, *, non_empty: bool = False, **kwargs: Any) -> None:
        if non_empty:
            kwargs["validate"] = [not_empty(), *_as_list(kwargs.get("validate"))]
        super().__init__(**kwargs)


class Int(_Plain, fields.Integer):
    """An integer as JSON gives it: no floats, no strings, no booleans."""

    default_error_messages = {"invalid": "must be an integer"}

    def __init__(self, *, minimum: int | None = None, **kwargs: Any) -> None:
        if minimum is not None:
            kwargs["validate"] = [at_least(minimum), *_as_list(kwargs.get("validate"))]
        super().__init__(strict=True, **kwargs)


class Bool(_Plain, fields.Boolean):
    """``true`` or ``false`` only (not 1, 0, "yes")."""

    default_error_messages = {"invalid": "must be true or false"}

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class List(_Plain, fields.List):
    default_error_messages = {"invalid": "must be a list"}


class Nested(_Plain, fields.Nested):
    pass


class Dict(_Plain, fields.Dict):
    """A JSON object; errors are reported under the key (``decks.P1.main[3]``)."""

    default_error_messages = {"invalid": OBJECT_MESSAGE}

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except ValidationError as exc:
            if not isinstance(exc.messages, dict):
                raise
            messages: dict[Any, Any] = {}
            for key, problem in exc.messages.items():
                key_messages = list(problem.get("key", []))
                value_messages = problem.get("value")
                if value_messages is None:
                    messages[key] = key_messages
                elif isinstance(value_messages, dict):
                    messages[key] = (
                        {**value_messages, "_schema": key_messages}
                        if key_messages
                        else value_messages
                    )
                else:
                    messages[key] = key_messages + list(value_messages)
            raise ValidationError(messages) from None


class FreeObject(Dict):
    """Any JSON object, kept as it is."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(keys=fields.String(), **kwargs)


class Scalar(_Plain, fields.Field):
    """A string, number, boolean or null."""

    json_schema_nullable = True
    default_error_messages = {"invalid": "must be a string, a number, true, false or null"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(allow_none=True, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            raise self.make_error("invalid")
        if not isinstance(value, str | int | float | bool):
            raise self.make_error("invalid")
        return value

    def json_schema(self, converter: Any) -> dict[str, Any]:
        return {"type": ["string", "number", "boolean", "null"]}


class PlayerId(Str):
    """The id of a player listed in ``players``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(non_empty=True, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        value = super()._deserialize(value, attr, data, **kwargs)
        refs = current_refs()
        if refs is not None and refs.players is not None and value not in refs.players:
            raise ValidationError(
                f"player {value!r} is not among players ({player_list(refs.players)})"
            )
        return value


class CardCode(Str):
    """The code of a card defined in ``cards`` or in one of the ``card_sets``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(non_empty=True, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        value = super()._deserialize(value, attr, data, **kwargs)
        if value:
            check_card_code(value)
        return value


class GameSlug(Str):
    """One of the games the judge has an engine for."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(validate=one_of(GAMES), **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        value = super()._deserialize(value, attr, data, **kwargs)
        if value in PLANNED:
            raise ValidationError(f"game {value!r} is not supported yet")
        return value


class CardSetName(Str):
    """A card set shipped with the judge (``judge/cards/<name>.json``) for the log's game."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        value = super()._deserialize(value, attr, data, **kwargs)
        known = builtin_set_names()
        if value not in known:
            raise ValidationError(
                f"unknown card set {value!r}; built-in sets: {', '.join(known) or 'none'}"
            )
        refs = current_refs()
        set_game = load_builtin_set(value).get("game")
        if refs is not None and refs.game in GAMES and set_game != refs.game:
            raise ValidationError(f"card set {value!r} is for {set_game!r}, not {refs.game!r}")
        return value


class ActionIndex(Int):
    """The 0-based index of an action of this log."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(minimum=0, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        value = super()._deserialize(value, attr, data, **kwargs)
        refs = current_refs()
        if refs is not None and refs.n_actions is not None and value >= refs.n_actions:
            if refs.n_actions == 0:
                raise ValidationError(f"there is no action {value}: the log has no actions")
            raise ValidationError(
                f"there is no action {value}: the log has {refs.n_actions} actions "
                f"(0 to {refs.n_actions - 1})"
            )
        return value


class OneOfKind(_Plain, fields.Field):
    """An object whose schema is chosen by one of its fields (``do``, ``mode``).

    ``common`` is a schema of the fields every kind shares; when the kind cannot be read,
    those fields are still checked, so that their errors are reported too.
    """

    default_error_messages = {"invalid": OBJECT_MESSAGE}

    def __init__(
        self,
        discriminator: str,
        kinds: dict[str, type[Schema]],
        *,
        what: str,
        common: type[Schema] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.discriminator = discriminator
        self.kinds = kinds
        self.what = what
        self.common = common
        # one instance per kind, made on first use: building a marshmallow schema costs far
        # more than loading with it, and a log has thousands of actions of a few kinds
        self._instances: dict[str, Schema] = {}

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        kind = value.get(self.discriminator)
        schema = self.kinds.get(kind) if isinstance(kind, str) else None
        if schema is not None:
            refs = current_refs()
            # repr of decoded JSON is injective (a dict written in another key order only
            # misses); loaded values are shared and read-only
            key = repr(value) if refs is not None else None
            if key is not None and key in refs.loaded:
                return refs.loaded[key]
            instance = self._instances.get(kind)
            if instance is None:
                instance = self._instances[kind] = schema()
            result = instance.load(value)
            if key is not None:
                refs.loaded[key] = result
            return result
        allowed = ", ".join(self.kinds)
        if self.discriminator not in value:
            problem = f"{MISSING_MESSAGE}; one of: {allowed}"
        elif not isinstance(kind, str):
            problem = f"must be a string, one of: {allowed}"
        else:
            problem = f"unknown {self.what} {kind!r}; must be one of: {allowed}"
        messages: dict[str, Any] = {}
        if self.common is not None:
            try:
                self.common(unknown=EXCLUDE).load(value)
            except ValidationError as exc:
                messages.update(exc.messages if isinstance(exc.messages, dict) else {})
        messages[self.discriminator] = [problem]
        raise ValidationError(messages)

    def json_schema(self, converter: Any) -> dict[str, Any]:
        return {"oneOf": [converter.resolve_nested_schema(s) for s in self.kinds.values()]}


def json_schema_def(converter: Any, name: str, body: dict[str, Any]) -> dict[str, Any]:
    """For a field's ``json_schema``: register ``body`` once as ``name``, return a ref to it."""
    if name not in converter.spec.components.schemas:
        converter.spec.components.schema(name, component=body)
    return {"$ref": f"#/components/schemas/{name}"}


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


# --------------------------------------------------------------------------------------------
# Schemas
# --------------------------------------------------------------------------------------------


class BaseSchema(Schema):
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
    players = List(PlayerId(), required=True, validate=not_empty())


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
        values=Scalar(),
        load_default=dict,
        metadata={"default": {}, "description": "named options; the engine checks names"},
    )
    match = FreeObject(load_default=dict, metadata={"default": {}, "description": "kept as is"})
    players = List(Nested(PlayerSchema), required=True, validate=not_empty())
    teams = List(Nested(TeamSchema), allow_none=True, load_default=None)
    card_sets = List(CardSetName(), load_default=list, metadata={"default": []})
    hidden = OneOfKind("mode", HIDDEN_MODES, what="hidden mode", required=True)
    checkpoints = List(Nested(CheckpointSchema), load_default=list, metadata={"default": []})
    # Game-specific in log_schema(game): the card definitions, the decks, the actions.
    cards = List(FreeObject(), load_default=list, metadata={"default": []})
    decks = Dict(keys=PlayerId(), values=FreeObject(), required=True)
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
    return LogSchema.from_dict(
        {
            "cards": List(Nested(module.CardSchema), load_default=list, metadata={"default": []}),
            "decks": Dict(keys=PlayerId(), values=Nested(module.DeckSchema), required=True),
            "actions": List(
                OneOfKind("do", module.ACTIONS, what="action kind", common=module.ActionSchema),
                required=True,
            ),
        },
        name=module.LOG_SCHEMA_NAME,
    )


# --------------------------------------------------------------------------------------------
# validate_log
# --------------------------------------------------------------------------------------------


def flatten_errors(messages: Any, path: tuple[str | int, ...] = ()) -> list[FieldError]:
    """Marshmallow's nested error dict -> FieldErrors with paths like ``actions[12].card``."""
    out: list[FieldError] = []
    if isinstance(messages, dict):
        for key, sub in messages.items():
            out += flatten_errors(sub, path if key == "_schema" else (*path, key))
    elif isinstance(messages, list | tuple):
        for message in messages:
            out += flatten_errors(message, path)
    else:
        text = str(messages)
        out.append(FieldError(join_path(*path), _PLAIN.get(text, text)))
    return out


def _raw_refs(data: dict[str, Any], module: ModuleType | None) -> Refs:
    """Read what the fields' reference checks need from the document as given."""
    refs = Refs(game=data.get("game") if isinstance(data.get("game"), str) else None)
    if module is not None:
        refs.sections = dict(module.INSTANCE_SECTIONS)

    players = data.get("players")
    if isinstance(players, list) and all(
        isinstance(p, dict) and isinstance(p.get("id"), str) and p["id"] for p in players
    ):
        refs.players = tuple(p["id"] for p in players)

    decks = data.get("decks")
    if isinstance(decks, dict):
        for pid, deck in decks.items():
            if isinstance(deck, dict):
                refs.deck_sizes[pid] = {
                    section: len(deck[section])
                    for section in refs.sections.values()
                    if isinstance(deck.get(section), list)
                }

    cards: dict[str, str | None] | None = {}
    card_sets = data.get("card_sets", [])
    if isinstance(card_sets, list):
        for name in card_sets:
            if not isinstance(name, str) or name not in builtin_set_names():
                cards = None  # an unreadable set could define any code: do not guess
                break
            for card in load_builtin_set(name).get("cards", []):
                cards[card["code"]] = card.get("type")
    else:
        cards = None
    log_cards = data.get("cards", [])
    if cards is not None and isinstance(log_cards, list):
        for card in log_cards:
            if isinstance(card, dict) and isinstance(card.get("code"), str):
                kind = card.get("type")
                cards[card["code"]] = kind if isinstance(kind, str) else None
    elif cards is not None:
        cards = None
    refs.cards = cards

    actions = data.get("actions")
    refs.n_actions = len(actions) if isinstance(actions, list) else None
    return refs


def _duplicates(items: Any, key: Any) -> list[tuple[int, int, Any]]:
    """(index, index of first occurrence, value) for every repeated ``key(item)``."""
    seen: dict[Any, int] = {}
    out = []
    if not isinstance(items, list):
        return out
    for i, item in enumerate(items):
        value = key(item)
        if value is None:
            continue
        if value in seen:
            out.append((i, seen[value], value))
        else:
            seen[value] = i
    return out


def _field(name: str) -> Any:
    def get(item: Any) -> Any:
        value = item.get(name) if isinstance(item, dict) else None
        return value if isinstance(value, str | int) and not isinstance(value, bool) else None

    return get


def _cross_checks(data: dict[str, Any], refs: Refs, module: ModuleType | None) -> list[FieldError]:
    """The checks that compare fields with one another, on the document as given."""
    errors: list[FieldError] = []
    players = data.get("players")
    for i, first, pid in _duplicates(players, _field("id")):
        errors.append(
            FieldError(
                join_path("players", i, "id"),
                f"duplicate player id {pid!r} (also players[{first}])",
            )
        )
    for i, first, code in _duplicates(data.get("cards"), _field("code")):
        errors.append(
            FieldError(
                join_path("cards", i, "code"), f"duplicate card code {code!r} (also cards[{first}])"
            )
        )
    for i, first, after in _duplicates(data.get("checkpoints"), _field("after")):
        errors.append(
            FieldError(
                join_path("checkpoints", i, "after"),
                f"a second checkpoint after action {after} (also checkpoints[{first}])",
            )
        )

    decks = data.get("decks")
    if refs.players is not None and isinstance(decks, dict):
        for pid in refs.players:
            if pid not in decks:
                errors.append(
                    FieldError(join_path("decks", pid), f"missing deck for player {pid!r}")
                )

    teams = data.get("teams")
    if isinstance(teams, list):
        errors += _team_checks(teams)

    if module is None:
        return errors
    game = module.GAME
    if isinstance(players, list) and len(players) not in module.PLAYER_COUNTS:
        counts = " or ".join(str(n) for n in module.PLAYER_COUNTS)
        errors.append(
            FieldError("players", f"{game} is played by {counts} players, not {len(players)}")
        )
    variant = data.get("variant")
    required = getattr(module, "VARIANT_REQUIRED", False)
    if isinstance(variant, str) and variant not in module.VARIANTS:
        errors.append(
            FieldError(
                "variant",
                f"must be {'' if required else 'null or '}one of: {', '.join(module.VARIANTS)}"
                if module.VARIANTS
                else f"{game} has no variants; must be null",
            )
        )
    elif variant is None and required:
        errors.append(
            FieldError("variant", f"required for {game}: one of {', '.join(module.VARIANTS)}")
        )
    if teams is not None and not module.TEAMS:
        errors.append(FieldError("teams", f"{game} is not played in teams; leave teams out"))
    # what the game's variants say about players and teams (e.g. tag battle: 2 teams of 2)
    check_envelope = getattr(module, "check_envelope", None)
    if check_envelope is not None:
        errors += check_envelope(data)
    return errors


def _team_checks(teams: list[Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    for i, first, tid in _duplicates(teams, _field("id")):
        errors.append(
            FieldError(
                join_path("teams", i, "id"), f"duplicate team id {tid!r} (also teams[{first}])"
            )
        )
    member_of: dict[str, int] = {}
    for i, team in enumerate(teams):
        members = team.get("players") if isinstance(team, dict) else None
        if not isinstance(members, list):
            continue
        for j, pid in enumerate(members):
            if not isinstance(pid, str):
                continue
            if pid in member_of:
                errors.append(
                    FieldError(
                        join_path("teams", i, "players", j),
                        f"player {pid!r} is already in teams[{member_of[pid]}]",
                    )
                )
            else:
                member_of[pid] = i
    return errors


@cache
def _normalised_set(game: str, name: str) -> dict[str, Any]:
    """A built-in set's cards loaded through the game's card schema (defaults filled in),
    once per process: the set files do not change while it runs.  Shared, read-only."""
    module = game_schemas(game)
    assert module is not None
    card_schema = module.CardSchema()
    with Context(Refs(game=game)):
        return {code: card_schema.load(card) for code, card in card_table([], [name]).items()}


def validate_log(data: dict[str, Any]) -> tuple[list[FieldError], ActionLog | None]:
    """Check a decoded log's shape and references; return (every problem, the log or None).

    The problems are sorted by path; the log is built only when there are none.  Card
    definitions in :attr:`ActionLog.cards` and the actions in :attr:`ActionLog.actions` have
    their omitted optional fields filled with the documented defaults;
    :attr:`ActionLog.document` keeps the input exactly as given.
    """
    if not isinstance(data, dict):
        return [FieldError("", "a log is a JSON object")], None
    game = data.get("game")
    module = game_schemas(game) if isinstance(game, str) and game in GAMES else None
    refs = _raw_refs(data, module)
    errors: list[FieldError] = []
    loaded: dict[str, Any] | None = None
    with Context(refs):
        try:
            loaded = log_schema(game if module is not None else None)().load(data)
        except ValidationError as exc:
            errors += flatten_errors(exc.messages)
    errors += _cross_checks(data, refs, module)
    if errors or loaded is None:
        return sorted(set(errors)), None
    # built-in sets' cards get the same defaults as the log's own, so that a definition
    # reads the same wherever it came from (a canonical log inlines them)
    if module is not None and loaded["card_sets"]:
        cards: dict[str, Any] = {}
        for name in loaded["card_sets"]:
            for code, card in _normalised_set(game, name).items():
                cards.setdefault(code, card)
        cards.update(card_table(loaded["cards"], []))
    else:
        cards = card_table(loaded["cards"], loaded["card_sets"])
    log = ActionLog(
        document=data,
        game=loaded["game"],
        variant=loaded["variant"],
        rule_options=loaded["rule_options"],
        match=loaded["match"],
        players=loaded["players"],
        cards=cards,
        card_sets=loaded["card_sets"],
        decks=loaded["decks"],
        hidden=loaded["hidden"],
        actions=loaded["actions"],
        checkpoints=loaded["checkpoints"],
        teams=loaded["teams"],
    )
    return [], log


def action_log_json_schema() -> dict[str, Any]:
    """The JSON Schema of a whole log (built in :mod:`schemas.jsonschema`, on first use)."""
    from schemas.jsonschema import action_log_json_schema as build

    return build()
