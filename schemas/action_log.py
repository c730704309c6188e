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

The fields and references live in :mod:`schemas.log_fields`, the envelope schemas and
:func:`log_schema` in :mod:`schemas.log_envelope`; this module re-exports their names, so
``from schemas.action_log import …`` works for all of them.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Any

from marshmallow import Schema, ValidationError
from marshmallow.experimental.context import Context

from judge.core.canonical import sha256_of
from judge.core.cards import builtin_set_names, card_table, load_builtin_set
from judge.core.cardsets import CardSets, UnknownCardSet
from judge.core.errors import FieldError, capped_list, join_path
from judge.core.log import ActionLog
from judge.games import GAMES
from schemas.fastload import Refused, schema_loader
from schemas.log_envelope import (
    GAME_SCHEMA_MODULES,
    HIDDEN_MODES,
    MAX_CARD_SETS,
    MAX_CARDS,
    MAX_PLAYERS,
    BaseSchema,
    CheckpointSchema,
    LogSchema,
    ObservedHiddenSchema,
    PlayerSchema,
    ResolvedSet,
    SeededHiddenSchema,
    TeamSchema,
    game_schemas,
    log_schema,
    position_hooks,
)
from schemas.log_fields import (
    MISSING_MESSAGE,
    NULL_MESSAGE,
    OBJECT_MESSAGE,
    ActionIndex,
    Bool,
    CardCode,
    CardSetName,
    Dict,
    FreeObject,
    GameSlug,
    Int,
    List,
    Nested,
    OneOfKind,
    PlayerId,
    Refs,
    Scalar,
    Str,
    at_least,
    check_card_code,
    check_ref_string,
    current_refs,
    json_schema_def,
    not_empty,
    one_of,
    parse_instance_id,
    player_list,
)
from schemas.log_names import name_table, names_in, with_codes
from schemas.problems import flatten_errors

__all__ = [
    "ActionIndex",
    "BaseSchema",
    "Bool",
    "CardCode",
    "CardSetName",
    "CheckpointSchema",
    "Dict",
    "FreeObject",
    "GAME_SCHEMA_MODULES",
    "GameSlug",
    "HIDDEN_MODES",
    "Int",
    "List",
    "LogSchema",
    "MISSING_MESSAGE",
    "NULL_MESSAGE",
    "Nested",
    "OBJECT_MESSAGE",
    "ObservedHiddenSchema",
    "OneOfKind",
    "PlayerId",
    "PlayerSchema",
    "Refs",
    "Scalar",
    "SeededHiddenSchema",
    "Str",
    "TeamSchema",
    "action_log_json_schema",
    "at_least",
    "check_card_code",
    "check_ref_string",
    "current_refs",
    "flatten_errors",
    "game_schemas",
    "json_schema_def",
    "log_schema",
    "not_empty",
    "one_of",
    "parse_instance_id",
    "player_list",
    "validate_log",
]


# --------------------------------------------------------------------------------------------
# validate_log
# --------------------------------------------------------------------------------------------


def _raw_refs(
    data: dict[str, Any], module: ModuleType | None, registry: CardSets | None = None
) -> Refs:
    """Read what the fields' reference checks need from the document as given; the names
    in ``card_sets`` that are not built-in sets are looked up in ``registry`` (the user's
    sets), and what was found (or why not) is noted for the ``card_sets`` field."""
    refs = Refs(game=data.get("game") if isinstance(data.get("game"), str) else None)
    if module is not None:
        refs.sections = dict(module.INSTANCE_SECTIONS)

    players = data.get("players")
    if (
        isinstance(players, list)
        and len(players) <= MAX_PLAYERS  # else refused unread: nothing is checked against it
        and all(isinstance(p, dict) and isinstance(p.get("id"), str) and p["id"] for p in players)
    ):
        refs.players = tuple(p["id"] for p in players)

    decks = data.get("decks")
    if isinstance(decks, dict) and len(decks) <= MAX_PLAYERS:  # else refused unread
        for pid, deck in decks.items():
            if isinstance(deck, dict):
                refs.deck_sizes[pid] = {
                    section: len(deck[section])
                    for section in refs.sections.values()
                    if isinstance(deck.get(section), list)
                }

    cards: dict[str, str | None] | None = {}
    card_sets = data.get("card_sets", [])
    if isinstance(card_sets, list) and len(card_sets) <= MAX_CARD_SETS:  # else refused unread
        for name in card_sets:
            types = _named_set_types(name, refs, registry)
            if types is None or cards is None:
                cards = None  # an unreadable set could define any code: do not guess
            else:
                cards.update(types)
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


def _named_set_types(name: Any, refs: Refs, registry: CardSets | None) -> dict[str, Any] | None:
    """Card code -> type of the set ``name`` names (None when it names none), its game
    noted in ``refs.set_games``: a built-in set's as a string, a user set's (or the reason
    there is none) as a :class:`~schemas.log_envelope.ResolvedSet`."""
    if not isinstance(name, str):
        return None
    if name in builtin_set_names():
        refs.set_games[name], types = _set_types(name)
        return types
    if registry is None:
        return None  # the field says it is unknown, naming the built-in sets
    try:
        user_set = registry.resolve(name)
    except UnknownCardSet as exc:
        refs.set_games[name] = ResolvedSet(game=None, problem=exc.message)
        return None
    refs.set_games[name] = ResolvedSet(game=user_set.game, sha256=user_set.sha256)
    return {code: card.get("type") for code, card in user_set.cards.items()}


#: built-in set name -> (the loader it was read with, its game, card code -> card type)
_SET_TYPES: dict[str, tuple[Any, Any, dict[str, Any]]] = {}


def _set_types(name: str) -> tuple[Any, dict[str, Any]]:
    """A built-in set's game and card types, read once per process (decoding the set was a
    sixtieth of a replay's time): the package's sets do not change while it runs, as
    ``_normalised_set`` also assumes.  Read again if ``load_builtin_set`` is another
    function than the one it was read with (a test's own sets).  Shared, read-only."""
    loader = load_builtin_set
    entry = _SET_TYPES.get(name)
    if entry is None or entry[0] is not loader:
        card_set = loader(name)
        types = {card["code"]: card.get("type") for card in card_set.get("cards", [])}
        entry = _SET_TYPES[name] = (loader, card_set.get("game"), types)
    return entry[1], entry[2]


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


def _readable(items: Any, bound: int) -> Any:
    """``items``, unless it is a list over its bound (the schema refuses it unread: the
    checks that compare its entries must not read it either)."""
    return None if isinstance(items, list) and len(items) > bound else items


def _field(name: str) -> Any:
    def get(item: Any) -> Any:
        value = item.get(name) if isinstance(item, dict) else None
        return value if isinstance(value, str | int) and not isinstance(value, bool) else None

    return get


def _cross_checks(data: dict[str, Any], refs: Refs, module: ModuleType | None) -> list[FieldError]:
    """The checks that compare fields with one another, on the document as given."""
    errors: list[FieldError] = []
    players = _readable(data.get("players"), MAX_PLAYERS)
    for i, first, pid in _duplicates(players, _field("id")):
        errors.append(
            FieldError(
                join_path("players", i, "id"),
                f"duplicate player id {pid!r} (also players[{first}])",
            )
        )
    for i, first, code in _duplicates(_readable(data.get("cards"), MAX_CARDS), _field("code")):
        errors.append(
            FieldError(
                join_path("cards", i, "code"), f"duplicate card code {code!r} (also cards[{first}])"
            )
        )
    checkpoints = _readable(data.get("checkpoints"), max(refs.n_actions or 0, 1))
    for i, first, after in _duplicates(checkpoints, _field("after")):
        errors.append(
            FieldError(
                join_path("checkpoints", i, "after"),
                f"a second checkpoint after action {after} (also checkpoints[{first}])",
            )
        )

    decks = data.get("decks")
    if refs.players is not None and isinstance(decks, dict) and len(decks) <= MAX_PLAYERS:
        for pid in refs.players:
            if pid not in decks:
                errors.append(
                    FieldError(join_path("decks", pid), f"missing deck for player {pid!r}")
                )

    teams = data.get("teams")
    if isinstance(teams, list) and len(teams) <= MAX_PLAYERS:
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
        if not isinstance(members, list) or len(members) > MAX_PLAYERS:
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


@cache
def _log_loader(game: str | None) -> tuple[Schema, Any]:
    """The whole-log schema of ``game`` and its compiled loader, built once per process:
    a schema instance is reusable (the log being loaded is in the context, not in it), and
    building one, with its nested schemas, costs more than loading a log's envelope."""
    schema = log_schema(game)()
    return schema, schema_loader(schema)


def validate_log(
    data: dict[str, Any], card_sets: CardSets | None = None, *, trusted: bool = False
) -> tuple[list[FieldError], ActionLog | None]:
    """Check a decoded log's shape and references; return (every problem, the log or None).

    ``card_sets`` holds the user's sets the log may name in its ``card_sets`` (by name or
    ``sha256:<hash>``) besides the built-in ones; the log's ``card_set_hashes`` pins the
    ones it used.

    The problems are in the order a refusal lists them, at most
    :data:`~judge.core.errors.MAX_ERRORS` of them and then one
    :class:`~judge.core.errors.Unlisted` counting the rest (:func:`~judge.core.errors.capped_list`);
    the log is built only when there are none.  Card
    definitions in :attr:`ActionLog.cards` and the actions in :attr:`ActionLog.actions` have
    their omitted optional fields filled with the documented defaults;
    :attr:`ActionLog.document` keeps the input exactly as given.

    ``trusted``: the document was accepted by this function before (the caller made sure,
    by the hash of its bytes: :func:`judge.core.log.load_checked`), so its actions are not
    loaded again; the envelope is, for its defaults.  :attr:`ActionLog.actions` is then the
    document's, as recorded.
    """
    if not isinstance(data, dict):
        return [FieldError("", "a log is a JSON object")], None
    document = written_doc = data
    game = data.get("game")
    module = game_schemas(game) if isinstance(game, str) and game in GAMES else None
    errors: list[FieldError] = []
    lay = None
    if "start" in data:  # a game from a position: the decks it implies (docs/positions.md)
        errors, data, lay = _start_view(data, module, card_sets)
        if errors:  # the rest reads the position's cards: nothing more to check without them
            return capped_list(errors), None
    refs = _raw_refs(data, module, card_sets)
    if refs.cards is not None:  # names in actions (schemas.refs.code_of_name), read if met
        written = data
        refs.name_table = lambda: name_table(written, card_sets)
    if module is not None and "start" not in document and refs.cards is not None:
        # a deck listed by card names (schemas/deck_names.py): read only when an entry is
        # not a known code, so that a log listed by codes costs nothing more
        from schemas.deck_names import named_decks, unknown_entries

        sections = tuple(dict(module.INSTANCE_SECTIONS).values())
        if unknown_entries(data, sections, refs.cards):
            data, errors = named_decks(data, sections, card_sets)
            if errors:
                return capped_list(errors), None
    loaded: dict[str, Any] | None = None
    schema, load = _log_loader(game if module is not None else None)
    actions = data.get("actions") if trusted else None
    if isinstance(actions, list) and names_in(actions, refs):
        actions = None  # names were read as codes when it was checked: read them again
    if isinstance(actions, list):  # checked before: the envelope alone is loaded
        data = {**data, "actions": []}
    with Context(refs):
        try:
            loaded = load(data)  # the fast path, for a log marshmallow accepts as it is
        except Refused:
            try:
                loaded = schema.load(data)
            except ValidationError as exc:
                errors += flatten_errors(exc.messages)
    errors += _cross_checks(data, refs, module)
    if errors or loaded is None:
        return capped_list(errors), None
    if isinstance(actions, list):
        loaded["actions"] = actions
    elif refs.named and isinstance(document.get("actions"), list):
        # the engines and the replay's steps read the actions as recorded (not as loaded,
        # defaults filled): the names in them become the codes they were read as
        document = {
            **document,
            "actions": with_codes(document["actions"], loaded["actions"], refs.named),
        }
    if "start" in document and data.get("start") != document["start"]:
        document = {**document, "start": data["start"]}  # its names read as codes
    # built-in sets' cards get the same defaults as the log's own, so that a definition
    # reads the same wherever it came from (a canonical log inlines them)
    # (a user set's cards were loaded through the game's schema when the set was read)
    used: list[dict[str, str]] = []
    if module is not None and loaded["card_sets"]:
        cards: dict[str, Any] = {}
        for name in loaded["card_sets"]:
            if name in builtin_set_names() or card_sets is None:
                named = _normalised_set(game, name)
            else:
                user_set = card_sets.resolve(name)
                named = user_set.cards
                used.append({"ref": name, "name": user_set.name, "sha256": user_set.sha256})
            for code, card in named.items():
                cards.setdefault(code, card)
        cards.update(card_table(loaded["cards"], []))
    else:
        cards = card_table(loaded["cards"], loaded["card_sets"], card_sets)
    log = ActionLog(
        document=document,
        written_sha256=None if document is written_doc else sha256_of(written_doc),
        game=loaded["game"],
        variant=loaded["variant"],
        rule_options=loaded["rule_options"],
        match=loaded["match"],
        players=loaded["players"],
        cards=cards,
        card_sets=loaded["card_sets"],
        card_set_hashes=used,
        decks=loaded["decks"],
        hidden=loaded["hidden"],
        actions=loaded["actions"],
        checkpoints=loaded["checkpoints"],
        teams=loaded["teams"],
        start=loaded.get("start"),
        layout=lay,
    )
    return [], log


def _start_view(
    data: dict[str, Any], module: ModuleType | None, card_sets: CardSets | None
) -> tuple[list[FieldError], dict[str, Any], Any]:
    """A log with ``start``: its position checked and laid out by the game, and the
    document as the rest of the checks read it, with the ``decks`` the position implies (the
    position's instance ids are those decks' own: ``docs/positions.md``)."""
    hooks = position_hooks(module)
    if hooks is None:
        game = data.get("game")
        if "game" not in data:
            return [FieldError("game", MISSING_MESSAGE)], data, None
        try:  # an unknown game is refused as such (with the list of games), not as a position
            GameSlug(required=True).deserialize(game)
        except ValidationError as exc:
            return flatten_errors({"game": exc.messages}), data, None
        return [FieldError("start", f"{game} logs cannot start from a position yet")], data, None
    if "decks" in data:
        message = "a log that starts from a position (start) has no decks: its cards are in start"
        return [FieldError("decks", message)], data, None
    from judge.core.position import named_start

    if isinstance(data["start"], dict):  # else refused by the position's schema below
        start, errors = named_start(data, card_sets)  # its cards by name read as codes
        if errors:
            return errors, data, None
        data = {**data, "start": start}
    refs = _raw_refs(data, module, card_sets)
    players = list(refs.players or ())
    try:
        with Context(refs):
            start = hooks[0]().load(data["start"])
    except ValidationError as exc:
        return flatten_errors(exc.messages, ("start",)), data, None
    try:
        cards = card_table(
            [c for c in data.get("cards") or [] if isinstance(c, dict)],
            [n for n in data.get("card_sets") or [] if isinstance(n, str)],
            card_sets,
        )
    except (KeyError, LookupError):  # a definition without a code, an unknown set
        message = "start is read with the cards: the cards and card_sets must be readable first"
        return [FieldError("start", message)], data, None
    hidden = data.get("hidden")
    seeded = isinstance(hidden, dict) and hidden.get("mode") == "seeded"
    raw_teams = data.get("teams")
    teams = (
        [list(t["players"]) for t in raw_teams]
        if isinstance(raw_teams, list)
        and all(isinstance(t, dict) and isinstance(t.get("players"), list) for t in raw_teams)
        else None
    )
    errors, lay = hooks[1](start, players, cards, seeded, teams)
    return errors, {**data, "decks": lay.decks}, lay


def action_log_json_schema() -> dict[str, Any]:
    """The JSON Schema of a whole log (built in :mod:`schemas.jsonschema`, on first use)."""
    from schemas.jsonschema import action_log_json_schema as build

    return build()
