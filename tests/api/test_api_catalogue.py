"""Games, rules, deck checks, the published schema and the OpenAPI document, over HTTP."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge.games import catalogue
from schemas.jsonschema import action_log_json_schema


def test_games(live) -> None:
    doc = live.get("/v1/games").json
    (ua,) = [g for g in doc["games"] if g["game"] == "union-arena"]
    cat = catalogue("union-arena")
    assert ua["rules"] == len(cat.rules) and ua["rules_version"] == cat.version
    assert ua["deck_rules"] is True
    assert ua["options"] == list(cat.options)
    assert ua["rules_url"] == f"{live.base}/v1/games/union-arena/rules"
    assert "union-arena" not in doc["planned"]


def test_rules_and_one_rule(live, problem) -> None:
    doc = live.get("/v1/games/union-arena/rules").json
    assert doc == json.loads(json.dumps(catalogue("union-arena").to_dict()))
    rule = live.get("/v1/games/union-arena/rules/UA-DECK-SIZE").json
    assert rule["id"] == "UA-DECK-SIZE" and rule["text"]
    assert live.get("/v1/games/union-arena/rules/ua-deck-size").json == rule
    assert "unknown game" in problem(live.get("/v1/games/chess/rules"), 404)["detail"]
    assert "unknown rule" in problem(live.get("/v1/games/union-arena/rules/UA-X"), 404)["detail"]


def test_rule_pages_explain_their_confidence_labels(live) -> None:
    doc = live.get("/v1/games/rangers-strike/rules").json
    assert set(doc["labels"]) == {"OFF", "OFF-tr", "FAN", "GAP", "ENGINE"}
    assert doc["labels"]["GAP"].startswith("not found in any source")
    for rule in doc["rules"]:
        assert rule["confidence_means"] == doc["labels"][rule["confidence"]], rule["id"]
    rule = live.get("/v1/games/union-arena/rules/UA-DECK-SIZE").json
    assert rule["confidence_means"] == doc["labels"][rule["confidence"]]
    (deck,) = [o for o in doc["options"] if o["name"] == "deck_construction"]
    assert deck["kind"] == "format" and deck["default"] is True


# -- decks -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def legal_deck(full_game: dict[str, Any]) -> dict[str, Any]:
    deck = full_game["decks"]["A"]
    return {
        "game": "union-arena",
        "main": deck["main"],
        "ap": deck["ap"],
        "cards": full_game.get("cards", []),
        "card_sets": full_game.get("card_sets", []),
    }


def test_a_legal_deck(live, legal_deck) -> None:
    answer = live.post("/v1/decks/check", legal_deck)
    assert answer.status == 200, answer.body
    assert answer.json == {"game": "union-arena", "legal": True, "problems": []}


def test_an_illegal_deck_cites_rules(live, legal_deck) -> None:
    deck = {**legal_deck, "main": legal_deck["main"][:45] + [legal_deck["main"][0]] * 6, "ap": []}
    doc = live.post("/v1/decks/check", deck).json
    assert doc["legal"] is False
    rules = [p["rule"] for p in doc["problems"]]
    assert {"UA-DECK-SIZE", "UA-DECK-AP", "UA-DECK-COPIES"} <= set(rules)
    copies = next(p for p in doc["problems"] if p["rule"] == "UA-DECK-COPIES")
    assert copies["cards"] and copies["title"] == catalogue("union-arena")["UA-DECK-COPIES"].title


def test_a_deck_from_a_built_in_set(live) -> None:
    deck = {"game": "union-arena", "main": ["UAS-001"] * 3, "card_sets": ["ua-sample"]}
    doc = live.post("/v1/decks/check", deck).json
    assert [p["rule"] for p in doc["problems"]] == ["UA-DECK-SIZE", "UA-DECK-AP"]


def test_a_deck_with_its_games_own_second_list(live) -> None:
    """Z/X's dynamis and Rebirth for you's partners, by their names; another game's list is
    a 400 naming it."""
    try:
        from test_deck_judging import zx_and_rebirth_decks
    except ImportError:  # run from the repository's root
        from tests.test_deck_judging import zx_and_rebirth_decks

    for deck in zx_and_rebirth_decks():
        doc = live.post("/v1/decks/check", deck).json
        assert doc["legal"] is True, doc
        wrong = live.post("/v1/decks/check", {**deck, "ap": []})
        assert wrong.status == 400
        assert [e["path"] for e in wrong.json["errors"]] == ["ap"]


@pytest.mark.parametrize(
    "deck,paths",
    [
        ({}, {"game", "main"}),
        ({"game": "union-arena", "main": "UAS-001"}, {"main"}),
        ({"game": "union-arena", "main": [1, "UAS-001"], "extra": 1}, {"main[0]", "extra"}),
        ({"game": "chess", "main": []}, {"game"}),
        ({"game": "union-arena", "main": ["NOPE-1"], "ap": ["NOPE-2"]}, {"main[0]", "ap[0]"}),
        ({"game": "union-arena", "main": [], "card_sets": ["nope"]}, {"card_sets[0]"}),
        ({"game": "union-arena", "main": [], "cards": [{"code": "X-1"}]}, {"cards[0].name"}),
    ],
)
def test_bad_deck_input_is_400_by_path(live, problem, deck, paths) -> None:
    doc = problem(live.post("/v1/decks/check", deck), 400)
    assert paths <= {e["path"] for e in doc["errors"]}, doc["errors"]


def test_a_card_set_of_another_game_is_refused(live, problem) -> None:
    from judge.core.cards import builtin_set_names, load_builtin_set

    others = [n for n in builtin_set_names() if load_builtin_set(n)["game"] != "union-arena"]
    if not others:
        pytest.skip("no built-in card set of another game")
    deck = {"game": "union-arena", "main": [], "card_sets": [others[0]]}
    doc = problem(live.post("/v1/decks/check", deck), 400)
    assert doc["errors"][0]["path"] == "card_sets[0]"


# -- schemas and the OpenAPI document ---------------------------------------------------------------


def test_the_action_log_schema_is_published(live) -> None:
    answer = live.get("/v1/schemas/action-log")
    assert answer.status == 200 and answer.content_type.startswith("application/json")
    assert answer.json == action_log_json_schema()


def test_openapi_document(live) -> None:
    answer = live.get("/openapi.json")
    assert answer.status == 200
    doc = answer.json
    assert doc["openapi"] == "3.1.0"
    assert doc["info"]["title"] == "tcg-judge"
    expected = {
        ("post", "/v1/replays"),
        ("get", "/v1/replays/{replay_id}"),
        ("get", "/v1/replays/{replay_id}/steps"),
        ("get", "/v1/replays/{replay_id}/html"),
        ("get", "/v1/replays/{replay_id}/markdown"),
        ("get", "/v1/replays/{replay_id}/head"),
        ("get", "/v1/replays/{replay_id}/states"),
        ("get", "/v1/replays/{replay_id}/annotations"),
        ("post", "/v1/replays/{replay_id}/annotations"),
        ("post", "/v1/audits"),
        ("get", "/v1/audits/{audit_id}"),
        ("get", "/v1/audits/{audit_id}/report"),
        ("post", "/v1/decks/check"),
        ("get", "/v1/games"),
        ("get", "/v1/games/{game}/rules"),
        ("get", "/v1/games/{game}/rules/{rule_id}"),
        ("get", "/v1/rules"),
        ("post", "/v1/rulings"),
        ("get", "/v1/schemas/action-log"),
        ("post", "/v1/card-sets"),
        ("get", "/v1/card-sets"),
        ("get", "/v1/card-sets/{ref}"),
        ("delete", "/v1/card-sets/{ref}"),
        ("get", "/v1/card-sets/{ref}/cards"),
        ("get", "/v1/card-sets/{ref}/cards/html"),
        ("get", "/v1/recordings/setup"),
        ("post", "/v1/recordings/start"),
        ("post", "/v1/recordings/next"),
        ("get", "/v1/recordings/cards"),
        ("get", "/healthz"),
        ("get", "/readyz"),
    }
    found = {(m, p) for p, ops in doc["paths"].items() for m in ops if m != "parameters"}
    assert found == expected
    body = doc["paths"]["/v1/replays"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/ActionLog"}
    # the component is the published JSON Schema, its $defs lifted into components
    published = action_log_json_schema()
    defs = published.pop("$defs")
    del published["$schema"], published["$id"]

    def lifted(node: Any) -> Any:
        text = json.dumps(node, sort_keys=True)
        return json.loads(text.replace('"#/$defs/', '"#/components/schemas/ActionLog.'))

    schemas = doc["components"]["schemas"]
    assert schemas["ActionLog"] == lifted(published)
    for name, body in defs.items():
        assert schemas[f"ActionLog.{name}"] == lifted(body)
    # every error response is a problem document
    for name, response in doc["components"]["responses"].items():
        assert list(response["content"]) == ["application/problem+json"], name
    # every $ref resolves
    for ref in _refs(doc):
        node: Any = doc
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]


def test_the_openapi_document_validates_logs_like_the_schema(live, full_game) -> None:
    """The component, resolved from the document's root, accepts a real log and refuses a
    broken one, as the published schema does."""
    jsonschema = pytest.importorskip("jsonschema")
    doc = live.get("/openapi.json").json
    schema = {"$ref": "#/components/schemas/ActionLog", "components": doc["components"]}
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(full_game))
    broken = {**full_game, "actions": [{"p": "A", "do": "dance"}]}
    assert list(validator.iter_errors(broken))


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        out = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        for value in node.values():
            out += _refs(value)
        return out
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


#: Every problem status each operation can answer, and the problem types among them that
#: the OpenAPI document must name (None: the status alone).  429 ``rate-limited`` is every
#: operation's but the health probes'; 401 (with JUDGE_TOKENS) is checked elsewhere.
STORE = {503: {"store-unavailable"}}
#: a read from a narrower perspective may have the replay's records made first (worker.records)
READ = {501: {"engine-error"}, 503: {"answer-busy", "store-unavailable"}, 504: {"answer-timeout"}}
WORK = {
    400: None,
    413: None,
    415: None,
    501: {"engine-error"},
    503: {"answer-busy", "store-unavailable", "store-full"},
    504: {"answer-timeout"},
}
CAN_ANSWER: dict[tuple[str, str], dict[int, set[str] | None]] = {
    ("post", "/v1/replays"): {
        400: None,
        413: None,
        415: None,
        503: {"store-unavailable", "store-full"},
    },
    ("get", "/v1/replays/{replay_id}"): {400: None, 403: None, 404: None, **READ},
    ("get", "/v1/replays/{replay_id}/steps"): {400: None, 403: None, 404: None, 409: None, **READ},
    ("get", "/v1/replays/{replay_id}/html"): {400: None, 403: None, 404: None, 409: None, **READ},
    ("get", "/v1/replays/{replay_id}/markdown"): {
        400: None,
        403: None,
        404: None,
        409: None,
        **READ,
    },
    ("get", "/v1/replays/{replay_id}/head"): {400: None, 403: None, 404: None, 409: None, **STORE},
    ("get", "/v1/replays/{replay_id}/states"): {
        400: None,
        403: None,
        404: None,
        409: None,
        501: {"engine-error"},
        503: {"answer-busy", "store-unavailable"},
        504: {"answer-timeout"},
    },
    ("get", "/v1/replays/{replay_id}/annotations"): {400: None, 403: None, 404: None, **STORE},
    ("post", "/v1/replays/{replay_id}/annotations"): {
        400: None,
        403: None,
        404: None,
        409: None,
        413: None,
        415: None,
        503: {"store-unavailable", "store-full"},
    },
    ("post", "/v1/audits"): {
        400: None,
        413: None,
        415: None,
        503: {"store-unavailable", "store-full"},
    },
    ("get", "/v1/audits/{audit_id}"): {
        404: None,
        501: {"engine-error"},
        503: {"answer-busy", "store-unavailable"},
        504: {"answer-timeout"},
    },
    ("get", "/v1/audits/{audit_id}/report"): {
        400: None,
        404: None,
        409: None,
        501: {"engine-error"},
        503: {"answer-busy", "store-unavailable"},
        504: {"answer-timeout"},
    },
    ("post", "/v1/decks/check"): WORK,
    ("post", "/v1/rulings"): {**WORK, 403: None, 404: None},
    ("get", "/v1/recordings/setup"): {},
    ("post", "/v1/recordings/start"): {400: None, 413: None, 415: None, **STORE},
    ("post", "/v1/recordings/next"): {
        400: None,
        413: None,
        415: None,
        501: {"engine-error"},
        **STORE,
    },
    ("get", "/v1/recordings/cards"): {400: None, **STORE},
    ("get", "/v1/games"): {},
    ("get", "/v1/games/{game}/rules"): {404: None},
    ("get", "/v1/games/{game}/rules/{rule_id}"): {404: None},
    ("get", "/v1/rules"): {400: None},
    ("get", "/v1/schemas/action-log"): {},
    ("post", "/v1/card-sets"): {
        400: None,
        413: None,
        415: None,
        503: {"store-unavailable", "store-full"},
    },
    ("get", "/v1/card-sets"): {400: None, **STORE},
    ("get", "/v1/card-sets/{ref}"): {404: None, **STORE},
    ("delete", "/v1/card-sets/{ref}"): {404: None, **STORE},
    ("get", "/v1/card-sets/{ref}/cards"): {
        400: None,
        404: None,
        501: {"no-reading-renderer"},
        **STORE,
    },
    ("get", "/v1/card-sets/{ref}/cards/html"): {
        400: None,
        404: None,
        501: {"no-reading-renderer"},
        **STORE,
    },
    ("get", "/healthz"): {},
    ("get", "/readyz"): {503: None},
}
#: The problem types the API answers with ``Retry-After`` (api.errors, api.answers,
#: api.ratelimit).
WITH_RETRY_AFTER = {
    "rate-limited",
    "store-unavailable",
    "store-full",
    "answer-busy",
    "answer-timeout",
}


def _declared(doc: dict[str, Any], response: Any) -> dict[str, Any]:
    """A response object, its ``$ref`` resolved."""
    if isinstance(response, dict) and "$ref" in response:
        node: Any = doc
        for part in response["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        return node
    return response


def test_every_problem_an_operation_can_answer_is_declared(live) -> None:
    doc = live.get("/openapi.json").json
    operations = {(m, p): op for p, ops in doc["paths"].items() for m, op in ops.items()}
    assert set(CAN_ANSWER) == {k for k in operations if k[0] != "parameters"}
    for (method, path), statuses in CAN_ANSWER.items():
        expected = dict(statuses)
        if path not in ("/healthz", "/readyz"):
            expected[429] = {"rate-limited"}
        responses = operations[(method, path)]["responses"]
        for status, types in expected.items():
            where = f"{method.upper()} {path} {status}"
            assert str(status) in responses, f"{where} is not declared"
            response = _declared(doc, responses[str(status)])
            content = response["content"]
            assert list(content) == ["application/problem+json"], where
            examples = content["application/problem+json"].get("examples", {})
            named = {
                e["value"]["type"].removeprefix("urn:tcg-judge:problem:") for e in examples.values()
            }
            for example in examples.values():
                assert example["value"]["status"] == status, where
            assert types is None or types <= named, f"{where}: {sorted(types - named)} not named"
            for slug in named:
                assert f"urn:tcg-judge:problem:{slug}" in response["description"], where
            if named & WITH_RETRY_AFTER:
                assert "Retry-After" in response.get("headers", {}), f"{where}: no Retry-After"
    rate = _declared(doc, operations[("get", "/v1/games")]["responses"]["429"])
    assert {"Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining"} <= set(rate["headers"])


def test_the_declared_problems_are_the_ones_answered() -> None:
    """What the document names is what the API sends: a real 429 of a spent budget, and
    the store's and the engine's problems, carry the declared type, title and
    ``Retry-After``."""
    from api import create_app
    from api.docs import PROBLEM_TYPES, problems
    from api.errors import engine_error, store_full, store_unavailable
    from judge.core.fault import EngineFault
    from worker.service import embedded_service

    def declared(slug: str) -> dict[str, Any]:
        return problems(slug)["examples"][slug]["value"]

    client = create_app(
        embedded_service(workers=1), {"JUDGE_RATE_LIMITS": "on", "JUDGE_RATE_REQUESTS": "1/minute"}
    ).test_client()
    client.get("/v1/games")
    limited = client.get("/v1/games")
    assert limited.status_code == 429
    body = limited.get_json()
    assert {k: body[k] for k in ("type", "title", "status")} == declared("rate-limited")
    assert int(limited.headers["Retry-After"]) >= 1
    fault = EngineFault.from_dict(
        {"game": "zx", "log_sha256": "0" * 64, "step": 3, "error_type": "ValueError"}
    )
    for slug, problem in (
        ("store-full", store_full()),
        ("store-unavailable", store_unavailable()),
        ("engine-error", engine_error(fault)),
    ):
        assert (problem.type, problem.title, problem.status) == tuple(declared(slug).values())
        assert ("Retry-After" in problem.headers) == PROBLEM_TYPES[slug][2]
