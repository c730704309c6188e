"""Games, their rule catalogues, deck checks and the published JSON Schema.

``POST /v1/decks/check`` reads the deck document ``judge check-deck`` reads
(``{"game", "main", "ap" | "dynamis" | "partner", "cards"?, "card_sets"?}``) and answers the deck's problems, each
with the rule id it breaks (an empty list: the deck is legal).  Bad input (wrong types,
unknown fields, card definitions the game's card schema refuses, unknown card sets or card
codes) is a 400 naming every problem by path, as for a log.  The check itself
(:func:`worker.answers.check_deck`) runs where questions run, off the API's event loop
(:mod:`worker.sync_jobs`, :mod:`api.answers`): a deck of many entries costs worker time,
not the API's.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request, url_for
from flask_smorest import Blueprint

from api import json_body
from api.answers import run_answer
from api.docs import problems, response_name
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
    it (loading the catalogues and indexing them takes about 0.2 s of CPU, once per process)."""
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


@blp.route("/decks/check", methods=["POST"])
@blp.response(200, DeckCheckResultSchema, description="The deck's problems (none: legal).")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(501, **problems("engine-error", description="The engine failed"))
@blp.alt_response(
    503, **problems("answer-busy", "store-unavailable", "store-full", description="Not now")
)
@blp.alt_response(504, **problems("answer-timeout"))
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
    Checked off the API's event loop (as a question is), under `JUDGE_QUESTION_TIMEOUT`.
    """
    doc = json_body("deck document")
    return run_answer("deck-check", doc, request.get_data(cache=True))


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
