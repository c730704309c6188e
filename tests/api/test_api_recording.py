"""The recorder's API (:mod:`api.recording`) over real HTTP on the embedded service: a match's
settings make a log or a 400 naming the field; the answer after each decision; a log's
problem is a 400 naming ``log.<path>``, an engine's fault a 501; a card search; a set
uploaded to the service used by name; the page and its files; the recorder's POSTs
counted as requests (and kilobytes), not as submissions; a recording saved as a replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api import create_app
from judge.core.canonical import canonical_json
from worker.service import embedded_service

from .conftest import ROOT, Live

try:
    from test_cardsets import sample_set
except ImportError:  # run from the repository root
    from tests.test_cardsets import sample_set


def example(path: str) -> dict[str, Any]:
    doc = json.loads((ROOT / "examples" / path).read_text("utf-8"))
    doc.pop("checkpoints", None)
    return doc


def settings(**over: Any) -> dict[str, Any]:
    deck = "4 Cinder Gunner\n46 UAS-001"
    doc = {
        "game": "union-arena",
        "players": [{"id": "A", "name": "Aki"}, {"id": "B", "name": "Ben"}],
        "card_sets": ["ua-sample"],
        "decks": {"A": {"main": deck, "ap": "3 UAS-AP"}, "B": {"main": deck, "ap": "3 UAS-AP"}},
        "hidden": {"mode": "observed"},
    }
    doc.update(over)
    return doc


def paths(doc: dict[str, Any]) -> list[str]:
    return [e["path"] for e in doc["errors"]]


def test_setup_offers_every_game_with_its_options_and_sets(live: Live) -> None:
    got = live.get("/v1/recordings/setup")
    assert got.status == 200
    games = got.json["games"]
    assert sorted(games) == ["rangers-strike", "rebirth", "union-arena", "zx"]
    assert games["rangers-strike"]["variants"] == ["1v1", "tag"]
    assert games["union-arena"]["deck_lists"] == ["main", "ap"]
    assert "ua-sample" in games["union-arena"]["card_sets"]
    assert any(o["name"] == "deck_construction" for o in games["zx"]["options"])


def test_a_match_started_from_settings_and_recorded(live: Live) -> None:
    started = live.post("/v1/recordings/start", settings())
    assert started.status == 200, started.body[:500]
    log = started.json["log"]
    assert log["decks"]["A"]["main"][:4] == ["UAS-003"] * 4 and log["actions"] == []
    got = live.post("/v1/recordings/next", {"log": log})
    assert got.status == 200
    first = got.json["legal_actions"][0]
    assert first["key"] == canonical_json(first["action"])
    log["actions"].append(first["action"])
    after = live.post("/v1/recordings/next", {"log": log, "perspective": "B"}).json
    assert after["last"]["verdict"] == "legal" and after["actions"] == 1
    assert after["perspective"] == "B"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (
            {"decks": {"A": {"main": "4 Nobody"}, "B": {"main": "1 UAS-001"}}},
            "decks.A.main[line 1]",
        ),
        ({"hidden": {"mode": "seeded"}}, "hidden.seed"),
        ({"players": [{"id": "A"}, {}]}, "players[1].id"),
        ({"game": "go"}, "game"),
        ({"card_sets": ["missing-set"]}, "card_sets[0]"),
        ({"position": {"format": "judge-position/1", "game": "zx"}}, "position.start"),
    ],
)
def test_settings_refused_are_a_400_naming_the_field(
    live: Live, problem: Any, change: dict[str, Any], path: str
) -> None:
    doc = problem(live.post("/v1/recordings/start", settings(**change)), 400)
    assert path in paths(doc)


def test_a_log_refused_names_the_field_under_log(live: Live, problem: Any) -> None:
    log = example("zx/illegal-out-of-range.json")
    assert live.post("/v1/recordings/next", {"log": log}).status == 200  # cached now
    bad = {
        **log,
        "actions": [*log["actions"], {"p": "A", "do": "attack", "card": "ZZ-1", "target": 1}],
    }
    doc = problem(live.post("/v1/recordings/next", {"log": bad}), 400)
    assert paths(doc) == [f"log.actions[{len(log['actions'])}].card"]
    doc = problem(live.post("/v1/recordings/next", {"log": log, "perspective": "Q"}), 400)
    assert paths(doc) == ["perspective"]
    doc = problem(live.post("/v1/recordings/next", {"log": log, "on_illegal": 3, "x": 1}), 400)
    assert paths(doc) == ["on_illegal", "x"]
    doc = problem(live.post("/v1/recordings/next", {"perspective": "A"}), 400)
    assert paths(doc) == ["log"]
    problem(
        live.post(
            "/v1/recordings/next", b"{not json", headers={"Content-Type": "application/json"}
        ),
        400,
    )
    problem(live.post("/v1/recordings/next", b"{}", headers={"Content-Type": "text/plain"}), 415)


def test_an_illegal_play_is_judged_with_its_rule(live: Live) -> None:
    log = example("zx/illegal-out-of-range.json")
    got = live.post("/v1/recordings/next", {"log": log}).json
    assert got["last"]["verdict"] == "illegal"
    (violation,) = got["last"]["violations"]
    assert violation["rule"] and violation["text"] and violation["source"]


def test_an_engine_fault_is_a_501_not_bad_input(
    live: Live, problem: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from judge.games import engine_class

    def broken(self: Any) -> Any:  # a fault no log can cause
        raise ZeroDivisionError("broken")

    monkeypatch.setattr(engine_class("zx"), "legal_actions", broken)
    log = example("zx/illegal-out-of-range.json")
    doc = problem(live.post("/v1/recordings/next", {"log": log}), 501)
    assert doc["type"].endswith("engine-error")


def test_a_card_is_found_by_name_and_an_unknown_set_is_a_400(live: Live, problem: Any) -> None:
    got = live.get("/v1/recordings/cards?q=cinder&card_set=ua-sample")
    assert got.status == 200
    assert [c["code"] for c in got.json["cards"]] == ["UAS-003"]
    doc = problem(live.get("/v1/recordings/cards?q=x&card_set=no-such"), 400)
    assert paths(doc) == ["card_sets[0]"]
    problem(live.get("/v1/recordings/cards?q=x"), 400)


def test_a_set_uploaded_to_the_service_is_used_by_its_name(live: Live) -> None:
    doc = sample_set("recorder-set")
    assert live.post("/v1/card-sets", doc).status in (200, 201)
    name = doc["cards"][0]["name"]  # UAS-001, by its name in the uploaded set
    decks = example("union-arena/full-game.json")["decks"]
    start = settings(
        card_sets=["recorder-set"],
        decks={
            pid: {
                "main": "\n".join(name if c == "UAS-001" else c for c in deck["main"]),
                "ap": "\n".join(deck["ap"]),
            }
            for pid, deck in decks.items()
        },
    )
    started = live.post("/v1/recordings/start", start)
    assert started.status == 200, started.body[:500]
    log = started.json["log"]
    assert log["decks"] == decks
    got = live.post("/v1/recordings/next", {"log": log})
    assert got.status == 200, got.body[:500]
    found = live.get(f"/v1/recordings/cards?q={name[:4]}&card_set=recorder-set").json["cards"]
    assert doc["cards"][0]["code"] in [c["code"] for c in found]


def test_the_page_and_its_files_are_served(live: Live) -> None:
    page = live.get("/record")
    assert page.status == 200 and page.content_type.startswith("text/html")
    assert '<script type="module" src="/recorder/main.js">' in page.body.decode()
    for name in ("main.js", "recorder.js", "settings.js", "api.js", "recorder.css"):
        assert live.get(f"/recorder/{name}").status == 200, name
    assert live.get("/recorder/nothing.js").status == 404
    assert live.get("/recorder/../api/recording.py").status == 404


def test_a_recording_saved_as_a_replay_has_its_page(live: Live) -> None:
    log = example("zx/illegal-out-of-range.json")
    sub = live.post("/v1/replays", log)
    job = sub.json["id"]
    assert live.get(f"/v1/replays/{job}?wait=30").json["status"] == "finished"
    assert live.get(f"/replays/{job}").status == 200


def test_recording_counts_as_requests_and_kilobytes_not_submissions() -> None:
    rates = {
        "JUDGE_RATE_LIMITS": "on",
        "JUDGE_RATE_SUBMISSIONS": "1/minute",
        "JUDGE_RATE_BODY_KB": "100000/hour",
        "JUDGE_RATE_REQUESTS": "4/minute",
    }
    client = create_app(embedded_service(workers=1), rates).test_client()
    body = json.dumps({"log": example("zx/illegal-out-of-range.json")})
    answers = [
        client.post("/v1/recordings/next", data=body, content_type="application/json")
        for _ in range(5)
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 200, 429]
    assert "JUDGE_RATE_REQUESTS" in answers[-1].get_json()["detail"]
    big = json.dumps({"log": example("union-arena/full-game.json")})  # about 30 KB
    small = create_app(embedded_service(workers=1), {**rates, "JUDGE_RATE_BODY_KB": "20/hour"})
    first = small.test_client().post(
        "/v1/recordings/next", data=big, content_type="application/json"
    )
    assert first.status_code == 429
    assert "JUDGE_RATE_BODY_KB" in first.get_json()["detail"]
