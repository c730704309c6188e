"""The games the judge knows, by slug.  Engines are imported lazily, on first use."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from judge.core.engine import Engine
    from judge.core.rules import Catalogue


class Game(NamedTuple):
    """Where a game lives: its engine (module and class) and its log schemas' module.  This
    table is the one place that names a game; the CLI, the API, the workers and the log
    reader ask it (and then the engine: its catalogue, deck checker, card set schema)."""

    module: str
    engine: str
    schemas: str


#: slug -> where its engine and schemas are.  Only engines that judge logs are listed.
GAMES: dict[str, Game] = {
    "union-arena": Game(
        "judge.games.union_arena.engine", "UnionArenaEngine", "schemas.union_arena"
    ),
    "rangers-strike": Game(
        "judge.games.rangers_strike.engine", "RangersStrikeEngine", "schemas.rangers_strike"
    ),
    "rebirth": Game("judge.games.rebirth.engine", "RebirthEngine", "schemas.rebirth"),
    "zx": Game("judge.games.zx.engine", "ZXEngine", "schemas.zx"),
}

#: Slugs the log format reserves for engines that are not written yet.
PLANNED: tuple[str, ...] = ()

#: slug -> its renderer of a card's reading into English (``module:function``); a game not
#: listed has none yet.  Here, not in the CLI, because ``judge cards show`` and the API's
#: card-set readings (``GET /v1/card-sets/<ref>/cards``) both ask it, and the API must not
#: import the command line.
RENDERERS: dict[str, str] = {
    "union-arena": "judge.games.union_arena.render:render_card",
    "rebirth": "judge.games.rebirth.render:render_card",
    "zx": "judge.games.zx.render:render_card",
    "rangers-strike": "judge.games.rangers_strike.render:render_card",
}
#: The printed-text readers' coverage functions, by game (``module:function``): a set's
#: cards (code -> definition) -> how much of their text is read (``judge cards coverage``).
COVERAGES: dict[str, str] = {
    "union-arena": "judge.games.union_arena.coverage:coverage",
    "rebirth": "judge.games.rebirth.coverage:coverage",
    "zx": "judge.games.zx.coverage:coverage",
    "rangers-strike": "judge.games.rangers_strike.coverage:coverage",
}

#: A renderer: a card definition (as the game's card schema loads it) -> its printed text
#: beside its reading (``code``, ``name``, ``type``, ``text``, ``understood``, ``status``,
#: ``reading``, and for a card not understood ``unread`` and ``reasons``).
CardRenderer = Callable[[dict[str, Any]], dict[str, Any]]


#: The checkers of the documents the core reads, by kind (``module:function``, imported on
#: first use).  Why here: the schemas sit above the core (they load into its types), so the
#: core does not import them; it asks this table, as it asks :data:`GAMES` for an engine,
#: and the layers point one way (``tests/test_layers.py`` walks the imports).
#:
#: * ``log``: ``(document, card_sets, *, trusted=False) -> (problems, ActionLog | None)``
#:   (:func:`schemas.action_log.validate_log`; ``trusted``: see :func:`judge.core.log.load_checked`)
#: * ``card-set``: ``(document) -> (problems, CardSet | None)``
#: * ``question``: ``(document) -> (problems, what could be loaded)``
#: * ``log-json-schema``: ``() -> the JSON Schema of a whole log``
VALIDATORS: dict[str, str] = {
    "log": "schemas.action_log:validate_log",
    "card-set": "schemas.cardset:validate_card_set",
    "question": "schemas.question:validate_question",
    "log-json-schema": "schemas.action_log:action_log_json_schema",
}


def validator(kind: str) -> Callable[..., Any]:
    """The checker of documents of ``kind`` (:data:`VALIDATORS`; KeyError for another),
    imported now."""
    module, _, name = VALIDATORS[kind].partition(":")
    found: Callable[..., Any] = getattr(import_module(module), name)
    return found


def engine_class(game: str, variant: str | None = None) -> type[Engine]:
    """The engine class for ``game`` (and ``variant``); KeyError for one the judge does not
    know.  A game with variants lists them in its engine class's ``VARIANTS`` (variant name
    -> subclass; python-chess style: a variant is a small subclass of the base game)."""
    module, name, _ = GAMES[game]
    cls = getattr(import_module(module), name)
    variants = getattr(cls, "VARIANTS", None)
    if variants and variant is not None:
        return variants[variant]
    return cls


def catalogue(game: str) -> Catalogue:
    """The rule catalogue of ``game``."""
    return engine_class(game).catalogue


def deck_lists(game: str) -> tuple[str, ...]:
    """The lists of ``game``'s decks, the main deck first: ``("main", "ap")`` for Union Arena,
    ``("main", "dynamis")`` for Z/X, … — the sections of its instance ids (its schema
    module's ``INSTANCE_SECTIONS``), which a deck file and ``POST /v1/decks/check`` give by
    these names."""
    sections = import_module(GAMES[game].schemas).INSTANCE_SECTIONS
    return tuple(sorted(sections.values(), key=lambda name: name != "main"))


def card_coverage(game: str) -> Callable[[dict[str, dict[str, Any]]], dict[str, Any]] | None:
    """The function that counts how much of ``game``'s printed text a set's cards have read
    (imported on first use), or None for a game with no printed-text reader yet."""
    target = COVERAGES.get(game)
    if target is None:
        return None
    module, function = target.split(":")
    counted: Callable[[dict[str, dict[str, Any]]], dict[str, Any]]
    counted = getattr(import_module(module), function)
    return counted


def card_renderer(game: str) -> CardRenderer | None:
    """The function that renders ``game``'s cards' readings (imported on first use), or None
    for a game with no renderer yet: the caller says so in its own terms (the CLI exits 2,
    the API answers a problem), so a missing renderer is not an exception here."""
    target = RENDERERS.get(game)
    if target is None:
        return None
    module, function = target.split(":")
    renderer: CardRenderer = getattr(import_module(module), function)
    return renderer


class EngineDeckCheck:
    """The deck check of a game's engine (:meth:`~judge.core.engine.Engine.deck_checker`),
    looked up on the first call, so that listing the games imports no engine: the same
    function judges a replay's decks."""

    def __init__(self, game: str) -> None:
        self.game = game

    def __call__(self, main: list[str], ap: list[str], cards: Any) -> list[Any]:
        check = engine_class(self.game).deck_checker()
        if check is None:
            raise LookupError(f"{self.game} has no deck rules")
        return check(main, ap, cards)


#: Deck checkers by game slug: a callable, or a ``"module:function"`` (imported on first use,
#: :func:`deck_checker`).  Each is called as ``check(main, ap, cards)`` and returns objects
#: with ``rule``, ``message``, ``cards`` and ``to_dict()``.  Every game's engine has deck
#: rules.  Here, in the registry, so that the CLI (``judge check-deck``), the API's schemas
#: and the workers (``POST /v1/decks/check``) ask the games, not one another.
DECK_CHECKERS: dict[str, Any] = {game: EngineDeckCheck(game) for game in GAMES}


def deck_checker(game: str) -> Callable[..., list[Any]]:
    """The deck check of ``game`` (KeyError for a game with none), imported now."""
    spec = DECK_CHECKERS[game]
    if callable(spec):
        return spec  # type: ignore[no-any-return]
    module, _, name = str(spec).partition(":")
    found: Callable[..., list[Any]] = getattr(import_module(module), name)
    return found
