"""A kept card set's readings over real HTTP: ``GET /v1/card-sets/<ref>/cards`` (JSON) and
``…/cards/html`` (the page), on the embedded backend.

Every card here is made up for these tests (names and sentences written for them, in the
shapes the Union Arena reader knows, and one it does not); nothing printed by a publisher.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from api import create_app
from api.security import content_security_policy, inline_hashes
from judge.core.cardsets import read_card_set
from judge.games.union_arena.render import render_card
from worker.service import embedded_service

try:
    from test_api_browser import CHROMIUM, open_page
except ImportError:  # run from the repository's root
    from tests.api.test_api_browser import CHROMIUM, open_page

Live = Any  # tests/api/conftest.py's Live

DRAW = "[登場時]カードを1枚引く。"
#: a sentence of a shape the reader does not know (so the card is not understood)
FLIES = "[登場時]このキャラは空を飛ぶ。"
HOSTILE_NAME = "<script>document.title='pwned'</script>"
HOSTILE_TEXT = '<img src=x onerror="alert(1)"> & [登場時]カードを1枚引く。'


def _card(code: str, name: str, text: str | None = None) -> dict[str, Any]:
    card: dict[str, Any] = {
        "code": code,
        "name": name,
        "type": "character",
        "title": "QQT",
        "number": code.rsplit("-", 1)[-1],
        "color": "blue",
        "energy": {"blue": 1},
        "ap": 1,
        "bp": 2000,
    }
    if text is not None:
        card["text"] = text
    return card


def made_up_set(name: str = "lamplight") -> dict[str, Any]:
    """Seven made-up cards, given out of code order (pages go by code)."""
    return {
        "format": "judge-card-set/1",
        "game": "union-arena",
        "name": name,
        "cards": [
            _card("QQT-1-004", HOSTILE_NAME, HOSTILE_TEXT),
            _card("QQT-1-001", "灯守ミナ", DRAW),
            _card(
                "QQT-1-002",
                "霧読みソラ",
                "[登場時]相手のフロントLのキャラを1枚まで選び、このターン中、BP-1500。",
            ),
            _card("QQT-1-003", "空渡りの鳥", FLIES),
            _card("QQT-1-005", "石畳の番人"),
            _card("QQT-1-006", "夜警団の見習い", "[アタック時]カードを1枚引く。"),
            _card("QQT-1-007", "潮読みの書記", "[登場時]カードを2枚引く。"),
        ],
    }


@pytest.fixture(scope="module")
def api(start_server: Any) -> Live:
    """An app of its own (its sets are its own)."""
    service = embedded_service(workers=1)
    return start_server(create_app(service), service)


@pytest.fixture(scope="module")
def kept(api: Live) -> Any:
    """The made-up set, posted: its :class:`~judge.core.cardsets.CardSet`."""
    doc = made_up_set()
    answer = api.post("/v1/card-sets", doc)
    assert answer.status in (200, 201), answer.body
    return read_card_set(doc)


def path_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def test_the_readings_are_what_judge_cards_show_renders(api: Live, kept: Any) -> None:
    for ref in (kept.ref, kept.sha256):
        answer = api.get(f"/v1/card-sets/{ref}/cards")
        assert answer.status == 200, answer.body
        assert answer.content_type.startswith("application/json")
        doc = answer.json
        assert (doc["name"], doc["game"], doc["sha256"]) == (
            "lamplight",
            "union-arena",
            kept.sha256,
        )
        assert doc["limit"] == 100 and "next" not in doc
        assert [c["code"] for c in doc["cards"]] == sorted(kept.cards)
        # each card exactly as the renderer (judge cards show --json) gives it
        assert doc["cards"] == [render_card(kept.cards[c]) for c in sorted(kept.cards)]
    by_code = {c["code"]: c for c in doc["cards"]}
    known = by_code["QQT-1-001"]
    assert known["reading"] == render_card(kept.cards["QQT-1-001"])["reading"]
    assert known["reading"] == ["On play: draw 1 card."]
    assert known["understood"] is True and known["text"] == DRAW
    assert "unread" not in known and "reasons" not in known
    unknown = by_code["QQT-1-003"]
    assert unknown["understood"] is False
    assert unknown["status"] == "not understood: unsupported"
    assert unknown["unread"] == ["[登場時]このキャラは空を飛ぶ"]
    assert "UA-EFFECT-UNSUPPORTED" in unknown["reasons"][0]
    vanilla = by_code["QQT-1-005"]
    assert vanilla["text"] is None and vanilla["reading"] == ["No effects (a vanilla card)."]
    assert by_code["QQT-1-004"]["name"] == HOSTILE_NAME  # JSON carries the text as it is


def test_pages_go_by_code_after_the_cursor(api: Live, kept: Any, problem: Any) -> None:
    url = f"/v1/card-sets/{kept.ref}/cards?limit=3"
    seen: list[list[str]] = []
    while url:
        doc = api.get(url).json
        assert doc["limit"] == 3
        seen.append([c["code"] for c in doc["cards"]])
        url = path_of(doc["next"]) if "next" in doc else ""
        if url:
            assert parse_qs(urlsplit(url).query)["cursor"] == [seen[-1][-1]]
    codes = sorted(kept.cards)
    assert seen == [codes[0:3], codes[3:6], codes[6:7]]
    # a cursor is a code, not an offset: the page starts after it, whether or not it is one
    after = api.get(f"/v1/card-sets/{kept.ref}/cards?cursor=QQT-1-0055").json
    assert [c["code"] for c in after["cards"]] == ["QQT-1-006", "QQT-1-007"]
    last = api.get(f"/v1/card-sets/{kept.ref}/cards?cursor=QQT-1-007").json
    assert last["cards"] == [] and "next" not in last
    for bad in ("limit=0", "limit=501", "limit=x", "cursor="):
        body = problem(api.get(f"/v1/card-sets/{kept.ref}/cards?{bad}"), 400)
        assert body["errors"][0]["path"] == bad.split("=")[0], body


def test_code_picks_cards_and_an_unknown_code_is_a_400_naming_it(
    api: Live, kept: Any, problem: Any
) -> None:
    base = f"/v1/card-sets/{kept.ref}/cards"
    doc = api.get(f"{base}?code=QQT-1-006&code=QQT-1-001&code=QQT-1-006").json
    assert [c["code"] for c in doc["cards"]] == ["QQT-1-001", "QQT-1-006"]
    # paged too: the next page keeps the codes asked for
    first = api.get(f"{base}?code=QQT-1-006&code=QQT-1-001&code=QQT-1-003&limit=2").json
    assert [c["code"] for c in first["cards"]] == ["QQT-1-001", "QQT-1-003"]
    assert parse_qs(urlsplit(first["next"]).query)["code"] == [
        "QQT-1-001",
        "QQT-1-003",
        "QQT-1-006",
    ]
    second = api.get(path_of(first["next"])).json
    assert [c["code"] for c in second["cards"]] == ["QQT-1-006"] and "next" not in second
    body = problem(api.get(f"{base}?code=QQT-1-001&code=NOPE-1&code=NOPE-2"), 400)
    assert body["errors"] == [
        {"path": "code", "message": "no card 'NOPE-1' in the set 'lamplight'"},
        {"path": "code", "message": "no card 'NOPE-2' in the set 'lamplight'"},
    ]
    body = problem(api.get(f"{base}/html?code=NOPE-1"), 400)
    assert body["errors"][0]["path"] == "code"


def test_an_unknown_set_is_a_404_and_a_game_without_a_renderer_a_501(
    api: Live, problem: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import judge.games

    # every game has a renderer now: one is taken away to see what the service says
    monkeypatch.delitem(judge.games.RENDERERS, "rangers-strike")
    for ref in ("sha256:" + "0" * 64, "0" * 64, "nope"):
        for tail in ("cards", "cards/html"):
            body = problem(api.get(f"/v1/card-sets/{ref}/{tail}"), 404)
            assert "GET /v1/card-sets lists yours" in body["detail"]
    emberline = {
        "format": "judge-card-set/1",
        "game": "rangers-strike",
        "name": "emberline",
        "cards": [
            {
                "code": "EMB-001",
                "name": "Ember Scout",
                "type": "unit",
                "category": "blaze",
                "bp": 2000,
            }
        ],
    }
    ref = api.post("/v1/card-sets", emberline).json["id"]
    for tail in ("cards", "cards/html"):
        body = problem(api.get(f"/v1/card-sets/{ref}/{tail}"), 501)
        assert body["type"] == "urn:tcg-judge:problem:no-reading-renderer"
        assert body["title"] == "No reading renderer"
        assert "no reading renderer exists for rangers-strike yet" in body["detail"]


def test_the_page_shows_each_card_escaped_under_the_policy(api: Live, kept: Any) -> None:
    answer = api.get(f"/v1/card-sets/{kept.ref}/cards/html")
    assert answer.status == 200
    assert answer.content_type.startswith("text/html")
    page = answer.body.decode()
    # the security headers of every page, and a policy that allows this page's style
    assert answer.headers["content-security-policy"] == content_security_policy()
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["referrer-policy"] == "no-referrer"
    hashes = inline_hashes(page)
    assert hashes["script"] == set() and hashes["style-attr"] == set()
    assert all(h in content_security_policy() for h in hashes["style"])
    # nothing from another host, no script at all
    assert not re.search(r"(src|href)=\"(https?:)?//", page)
    assert "<script" not in page and "<img" not in page
    # the user's text is shown as text
    assert html.escape(HOSTILE_NAME) in page
    assert html.escape(HOSTILE_TEXT) in page
    for code in sorted(kept.cards):
        card = render_card(kept.cards[code])
        assert f"<code>{code}</code> {html.escape(card['name'])}" in page
        assert html.escape(card["status"]) in page
        for sentence in card["reading"] + card.get("unread", []) + card.get("reasons", []):
            assert f"<li>{html.escape(sentence)}</li>" in page
    assert f'<p class="printed">{DRAW}</p>' in page
    assert "<h3>Not read</h3><ul><li>[登場時]このキャラは空を飛ぶ</li></ul>" in page
    assert page.count("<article") == len(kept.cards)


def test_the_page_pages_and_filters_as_the_json_does(api: Live, kept: Any) -> None:
    base = f"/v1/card-sets/{kept.ref}/cards/html"
    page = api.get(f"{base}?limit=3").body.decode()
    assert page.count("<article") == 3
    (following,) = re.findall(r'<a href="([^"]+)" rel="next">', page)
    following = html.unescape(following)
    assert following == f"{base}?limit=3&cursor=QQT-1-003"
    second = api.get(following).body.decode()
    assert re.findall(r"<h2><code>([^<]+)</code>", second) == [
        "QQT-1-004",
        "QQT-1-005",
        "QQT-1-006",
    ]
    one = api.get(f"{base}?code=QQT-1-003").body.decode()
    assert re.findall(r"<h2><code>([^<]+)</code>", one) == ["QQT-1-003"]
    assert 'rel="next"' not in one
    assert f'href="/v1/card-sets/{kept.ref}/cards?limit=100&amp;code=QQT-1-003"' in one


def test_the_openapi_document_describes_the_readings(api: Live) -> None:
    spec = api.get("/openapi.json").json
    cards = spec["paths"]["/v1/card-sets/{ref}/cards"]["get"]
    page = spec["paths"]["/v1/card-sets/{ref}/cards/html"]["get"]
    assert cards["operationId"] == "getCardSetReadings"
    assert page["operationId"] == "getCardSetReadingsHtml"
    assert set(cards["responses"]) >= {"200", "400", "404", "501"}
    assert list(page["responses"]["200"]["content"]) == ["text/html"]
    names = {p["name"] for p in cards["parameters"] if p["in"] == "query"}
    assert names == {"limit", "cursor", "code"}
    reading = spec["components"]["schemas"]["CardReading"]
    assert set(reading["required"]) == {
        "code",
        "name",
        "type",
        "text",
        "understood",
        "status",
        "reading",
    }


@pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium)",
)
def test_the_page_renders_in_a_browser(api: Live, kept: Any, tmp_path: Path) -> None:
    """The page in headless Chromium (skipped without it, as the other browser checks): it
    renders under the API's policy with no violation, and the card named ``<script>`` is
    text on the page, never run."""
    shown = open_page(f"{api.base}/v1/card-sets/{kept.ref}/cards/html", tmp_path)
    assert not shown.csp_violations, shown.csp_violations
    assert "<title>lamplight: card readings</title>" in shown.dom
    assert "pwned" not in re.findall(r"<title>(.*?)</title>", shown.dom)[0]
    assert html.escape(HOSTILE_NAME, quote=False) in shown.dom
    assert shown.dom.count("<article") == len(kept.cards)
    assert "On play: draw 1 card." in shown.dom
