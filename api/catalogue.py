"""Games, their rule catalogues, deck checks and the published JSON Schema.

``POST /v1/decks/check`` reads the deck document ``judge check-deck`` reads
(``{"game", "main", "ap" | "dynamis" | "partner", "cards"?, "card_sets"?}``) and answers the deck's problems, each
with the rule id it breaks (an empty list: the deck is legal).  Bad input (wrong types,
unknown fields, card definitions the game's card schema refuses, unknown card sets or card
codes) is a 400 naming every problem by path, as for a log.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, url_for
from flask_smorest import Blueprint
from marshmallow import ValidationError
from marshmallow.experimental.context import Context

from api import json_body
from api.docs import response_name
from api.errors import ApiProblem, invalid
from judge.core.errors import FieldError
from judge.games import GAMES, PLANNED, catalogue
from schemas.api import (
    DECK_GAMES,
    CatalogueSchema,
    DeckCheckResultSchema,
    DeckCheckSchema,
    GamesSchema,
    RuleSchema,
    RuleSearchQuerySchema,
    RuleSearchSchema,
)

blp = Blueprint(
    "catalogue",
    __name__,
    url_prefix="/v1",
    description="The games the judge knows, their rules, deck checks, the log's JSON Schema.",
)


def _game(game: str) -> Any:
    if game not in GAMES:
        raise ApiProblem(
            404,
            f"unknown game {game!r}; known games: {', '.join(sorted(GAMES))}",
            title="No such game",
        )
    return catalogue(game)


@blp.route("/games", methods=["GET"])
@blp.response(200, GamesSchema)
@blp.doc(operationId="listGames")
def list_games() -> Any:
    """The games the judge has engines for, and the slugs planned."""
    games = []
    for slug in sorted(GAMES):
        cat = catalogue(slug)
        games.append(
            {
                "game": slug,
                "rules_version": cat.version,
                "rules": len(cat.rules),
                "options": list(cat.options),
                "deck_rules": slug in DECK_GAMES,
                "rules_url": url_for("catalogue.game_rules", game=slug, _external=True),
            }
        )
    return {"games": games, "planned": [p for p in PLANNED if p not in GAMES]}


@blp.route("/games/<game>/rules", methods=["GET"])
@blp.response(200, CatalogueSchema)
@blp.alt_response(404, response=response_name(404))
@blp.doc(operationId="getRules")
def game_rules(game: str) -> Any:
    """A game's rule catalogue (what violations and rulings cite), and its rule options."""
    return _game(game).to_dict()


@blp.route("/games/<game>/rules/<rule_id>", methods=["GET"])
@blp.response(200, RuleSchema)
@blp.alt_response(404, response=response_name(404))
@blp.doc(operationId="getRule")
def game_rule(game: str, rule_id: str) -> Any:
    """One rule by id (case-insensitive)."""
    cat = _game(game)
    rule = cat.rules.get(rule_id) or cat.rules.get(rule_id.upper())
    if rule is None:
        raise ApiProblem(404, f"unknown rule {rule_id!r} for {game}", title="No such rule")
    return rule.to_dict()


@blp.record_once
def _build_rule_index(state: Any) -> None:
    """Build the rule search index with the app, so that no client's first search waits for
    it (loading the catalogues and indexing them takes about 0.1 s, once per process)."""
    from judge.core.rulesearch import default_index

    default_index()


@blp.route("/rules", methods=["GET"])
@blp.arguments(RuleSearchQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, RuleSearchSchema, description="The matching rules, best first.")
@blp.doc(operationId="searchRules")
def search_rules(q: str, limit: int, game: str | None = None) -> Any:
    """Find rules by words: every game's, or one game's (`game`).

    Ranked by BM25F over each rule's id, title, search terms, section, text, source and rule
    options; words in English (stemmed) or in the sources' languages (Chinese and Japanese as
    character bigrams: `激躍`, `ストライク`).  The same query always answers the same list.
    No match is an empty list; an empty query, or one of only common words, is a 400 naming
    `q`.
    """
    from judge.core.rulesearch import SearchError, search

    try:
        return search(q, game, limit).to_dict()
    except SearchError as exc:
        raise invalid([FieldError(exc.parameter, exc.message)]) from None


def _check_deck_input(doc: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The loaded deck document and its card table, or a 400 naming every problem."""
    from api.cardsets import sets_for_request
    from judge.core.cards import builtin_set_names, card_table, load_builtin_set
    from judge.core.cardsets import UnknownCardSet
    from schemas.action_log import Refs, flatten_errors, game_schemas

    errors: list[FieldError] = []
    try:
        deck = DeckCheckSchema().load(doc)
    except ValidationError as exc:
        errors += flatten_errors(exc.messages)
        deck = exc.valid_data if isinstance(exc.valid_data, dict) else {}
    game = deck.get("game")
    if isinstance(game, str) and game not in DECK_GAMES:
        known = ", ".join(DECK_GAMES)
        errors.append(
            FieldError("game", f"no deck rules for {game!r}; games with deck rules: {known}")
        )
        game = None
    cards: list[dict[str, Any]] = []
    module = game_schemas(game) if isinstance(game, str) else None
    if module is not None:
        card_schema = module.CardSchema()
        with Context(Refs(game=game)):
            for i, raw in enumerate(deck.get("cards") or []):
                try:
                    cards.append(card_schema.load(raw))
                except ValidationError as exc:
                    errors += flatten_errors(exc.messages, ("cards", i))
    known_sets = builtin_set_names()
    registry = sets_for_request(deck)  # names among the caller's sets, hashes among all
    for i, name in enumerate(deck.get("card_sets") or []):
        if name in known_sets:
            set_game = load_builtin_set(name).get("game")
        else:
            try:
                if registry is None:
                    raise UnknownCardSet(f"no card set {name!r} is stored")
                set_game = registry.resolve(name).game
            except UnknownCardSet as exc:
                message = (
                    f"unknown card set {name!r}: {exc.message}; built-in sets: "
                    f"{', '.join(known_sets)}; sets of your own: POST /v1/card-sets"
                )
                errors.append(FieldError(f"card_sets[{i}]", message))
                continue
        if isinstance(game, str) and set_game != game:
            message = f"card set {name!r} is for {set_game}, not {game}"
            errors.append(FieldError(f"card_sets[{i}]", message))
    if errors:
        raise invalid(errors)
    from judge.games import deck_lists

    lists = deck_lists(deck["game"])
    for other in ("ap", "dynamis", "partner"):
        if other not in lists and other in doc:
            errors.append(FieldError(other, f"{deck['game']} decks have no {other} list"))
    if errors:
        raise invalid(errors)
    table = card_table(cards, list(deck["card_sets"]), registry)
    for part in lists:
        for i, code in enumerate(deck.get(part) or []):
            if code not in table:
                errors.append(
                    FieldError(
                        f"{part}[{i}]", f"unknown card code {code!r} (not in cards or card_sets)"
                    )
                )
    if errors:
        raise invalid(errors)
    return deck, table


def _lists_of(deck: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The main deck and the game's second list (``ap``, ``dynamis``, ``partner``; empty
    for a game without one), as the game's deck check takes them."""
    from judge.games import deck_lists

    lists = deck_lists(deck["game"])
    second = list(deck.get(lists[1]) or []) if len(lists) > 1 else []
    return list(deck["main"]), second


@blp.route("/decks/check", methods=["POST"])
@blp.response(200, DeckCheckResultSchema, description="The deck's problems (none: legal).")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.doc(
    operationId="checkDeck",
    requestBody={
        "required": True,
        "content": {"application/json": {"schema": DeckCheckSchema}},
    },
)
def check_deck(**kwargs: Any) -> Any:
    """Check a deck against the game's deck-construction rules.

    Every problem cites the rule it breaks (`UA-DECK-SIZE`, …).  A legal deck has none.
    """
    from judge.cli import DECK_CHECKERS  # the functions `judge check-deck` calls
    from judge.commands.common import _load

    deck, table = _check_deck_input(json_body("deck document"))
    check = _load(DECK_CHECKERS[deck["game"]])
    cat = catalogue(deck["game"])
    problems = [
        {
            **p.to_dict(),
            "title": cat.rules[p.rule].title if p.rule in cat.rules else p.rule,
        }
        for p in check(*_lists_of(deck), table)
    ]
    return {"game": deck["game"], "legal": not problems, "problems": problems}


@blp.route("/schemas/action-log", methods=["GET"])
@blp.response(
    200,
    {"type": "object"},
    description="The action log's JSON Schema (draft 2020-12).",
)
@blp.doc(operationId="getActionLogSchema")
def action_log_schema() -> Any:
    """The published JSON Schema of the action log (`judge-action-log/1`)."""
    from schemas.jsonschema import action_log_json_schema

    return jsonify(action_log_json_schema())
