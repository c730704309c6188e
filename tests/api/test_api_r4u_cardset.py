"""A Rebirth for you set made by the r4utools importer, kept by the service (on the embedded
store and on a real Redis): its readings (``GET /v1/card-sets/<ref>/cards``) are what
``judge cards show`` renders, and ``POST /v1/decks/check`` judges a deck of its cards.
Made-up records only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from judge.core.cardsets import read_card_set
from judge.games.rebirth.r4utools import import_r4utools
from judge.games.rebirth.render import render_card
from worker.service import JudgeService, MemoryStore
from worker.testing import REDIS_SERVER, HeldRunner, RedisServer


def made_up_list() -> dict[str, Any]:
    cards: list[dict[str, Any]] = []
    for n in range(1, 14):
        cards.append(
            {
                "Serial": f"ZZ/001B-{n:03d}",
                "Name": {"EN": None, "JP": f"灯守{n}号"},
                "Traits": [{"EN": None, "JP": "夜警団"}],
                "Type": "Character",
                "Color": "Yellow",
                "Cost": 1,
                "ATK": 2,
                "DEF": 4,
                "Effect": [{"EN": None, "JP": f"【スパーク】：あなたは{1 + n % 2}枚引く。"}],
            }
        )
    cards[0].update(Color="Blue", Effect=[{"EN": None, "JP": "【自】:あなたは相手の手札を見る。"}])
    for n in range(1, 4):
        cards.append(
            {"Serial": f"ZZ/PR-{n:03d}", "Name": {"JP": f"相棒{n}"}, "Type": "Partner",
             "Color": "Red", "Cost": None, "ATK": None, "DEF": None, "Effect": []}
        )  # fmt: skip
    return {"Version": "0.1", "Cards": cards}


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed")
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture(params=["embedded", "redis"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    if request.param == "embedded":
        service = JudgeService(store=MemoryStore(), runner=HeldRunner())
    else:
        import redis

        from worker.redis_store import RedisStore

        url = request.getfixturevalue("redis_server").url
        r = redis.Redis.from_url(url)
        r.flushall()
        store = RedisStore(r, result_ttl=600)
        service = JudgeService(store=store, runner=HeldRunner(), ttl=600, mode="redis")
    return create_app(service, config={"JUDGE_RATE_LIMITS": "off"}).test_client()


def test_R4U_IMPORT_an_imported_set_in_the_service(client: Any) -> None:
    doc = import_r4utools(made_up_list(), "zz").document
    kept = read_card_set(doc)
    answer = client.post("/v1/card-sets", json=doc)
    assert answer.status_code in (200, 201), answer.json
    got = client.get(f"/v1/card-sets/{kept.sha256}/cards")
    assert got.status_code == 200, got.json
    cards = got.json["cards"]
    assert got.json["game"] == "rebirth"
    shown = [render_card(kept.cards[c]) for c in sorted(kept.cards)]
    for c in shown:
        c.pop("text_en", None)  # not in the service's reading schema
    assert cards == shown
    by_code = {c["code"]: c for c in cards}
    assert by_code["ZZ/001B-002"]["reading"] == ["Spark: draw 1 card."]
    assert by_code["ZZ/001B-001"]["understood"] is False
    page = client.get(f"/v1/card-sets/{kept.sha256}/cards/html")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert "Spark: draw 1 card." in body and "【自】:あなたは相手の手札を見る。" in body
    main = [f"ZZ/001B-{n:03d}" for n in range(1, 13) for _ in range(4)] + ["ZZ/001B-013"] * 2
    deck = {"game": "rebirth", "card_sets": ["zz"], "main": main,
            "partner": ["ZZ/PR-001", "ZZ/PR-002", "ZZ/PR-003"]}  # fmt: skip
    checked = client.post("/v1/decks/check", json=deck)
    assert checked.status_code == 200, checked.json
    assert checked.json == {"game": "rebirth", "legal": True, "problems": []}
    deck["main"] = main[:-2] + ["ZZ/001B-001"] * 2
    checked = client.post("/v1/decks/check", json=deck)
    assert checked.status_code == 200, checked.json
    assert checked.json["legal"] is False
    assert [p["rule"] for p in checked.json["problems"]] == ["R4U-DECK-COPIES"]
