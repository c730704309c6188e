"""``GET /v1/rules?q=&game=&limit=``: rule search over HTTP, answered as the CLI answers."""

from __future__ import annotations

from urllib.parse import quote

import jsonschema

from judge.core.rulesearch import search


def _search_schema(live) -> jsonschema.Draft202012Validator:
    components = live.get("/openapi.json").json["components"]
    return jsonschema.Draft202012Validator(
        {"$ref": "#/components/schemas/RuleSearch", "components": components}
    )


def test_search_every_game(live) -> None:
    answer = live.get("/v1/rules?q=snipe+block&limit=3")
    assert answer.status == 200 and answer.content_type.startswith("application/json")
    doc = answer.json
    _search_schema(live).validate(doc)
    assert [h["id"] for h in doc["hits"]][0] == "UA-KW-SNIPE"
    assert len(doc["hits"]) == 3 and doc["total"] >= 3 and doc["game"] is None
    hit = doc["hits"][0]
    assert hit["game"] == "union-arena" and hit["title"] == "Snipe"
    assert hit["confidence"] == "OFF" and hit["confidence_means"] == doc["labels"]["OFF"]
    assert hit["source"].startswith("Union Arena Rule Manual")
    assert doc == search("snipe block", limit=3).to_dict()  # the CLI's --json answer


def test_search_one_game_in_chinese_and_japanese(live) -> None:
    raid = live.get("/v1/rules?q=" + quote("激躍") + "&game=union-arena").json
    assert raid["game"] == "union-arena" and raid["hits"][0]["id"].startswith("UA-RAID")
    strike = live.get("/v1/rules?q=" + quote("ストライク") + "&game=rangers-strike").json
    assert "RS-STRIKE" in [h["id"] for h in strike["hits"][:4]]
    counter = live.get("/v1/rules?q=counter%20two").json
    assert counter["hits"][0]["id"] == "RS-COUNTER"


def test_the_same_query_answers_the_same_bytes(live) -> None:
    first = live.get("/v1/rules?q=turn+player+order+simultaneous")
    assert {h["id"] for h in first.json["hits"][:2]} == {"UA-SIMULTANEOUS", "RS-SIMULTANEOUS"}
    assert live.get("/v1/rules?q=turn+player+order+simultaneous").body == first.body


def test_no_match_is_an_empty_list(live) -> None:
    doc = live.get("/v1/rules?q=xyzzy").json
    assert doc["hits"] == [] and doc["total"] == 0


def test_bad_parameters_are_400_problems_naming_them(live, problem) -> None:
    for url, path in (
        ("/v1/rules", "q"),
        ("/v1/rules?q=", "q"),
        ("/v1/rules?q=%20%20", "q"),
        ("/v1/rules?q=the", "q"),
        ("/v1/rules?q=block&game=chess", "game"),
        ("/v1/rules?q=block&limit=0", "limit"),
        ("/v1/rules?q=block&limit=many", "limit"),
    ):
        doc = problem(live.get(url), 400)
        assert [e["path"] for e in doc["errors"]] == [path], (url, doc)
