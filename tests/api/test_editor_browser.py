"""The position editor (``GET /position``) in a real headless browser: Debian's Chromium
(``/usr/bin/chromium``), driven by Playwright, every host but 127.0.0.1 unresolvable.

Each example position of ``examples/positions/`` is built in the editor through its
controls alone — the game, the players, the card sets, each card put in its zone by a search
for its *name*, its state set in the card's panel, hands and decks given as counts or
unknown cards — driven generically from the example's document; the page's document must
then be the example, and a question asked from the page must get exactly the answer
``judge ask`` gives on the example file.  The share link opens the same position and asks
the same question again; a 375 px page keeps to the phone's width.  A screenshot of the
editor at 1280 px is written to ``$JUDGE_SCREENSHOTS`` (default ``build/screenshots``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium)",
)

SHOTS = Path(os.environ.get("JUDGE_SCREENSHOTS") or ROOT / "build" / "screenshots")
POSITIONS = ROOT / "examples" / "positions"
EXAMPLES = sorted(p.stem for p in POSITIONS.glob("*.json"))
#: the questions asked of each example besides ``options`` (``legal`` picks its action by
#: clicking the card on the board)
MORE = {
    "ua-attack-block": [("legal", "B-1")],
    "ua-two-effects": [("order", None)],
    "rs-two-effects": [("order", None)],
    "rs-attack-counter": [("damage", None)],
    "rebirth-spark-choice": [("order", None)],
    "zx-appear-choice": [("order", None)],
}
#: the document's fields the page has its own controls for
DOC_KEYS = {"format", "game", "variant", "players", "teams", "card_sets", "start"}
START_KEYS = {"turn", "phase", "turn_player", "first", "players", "pending"}


@pytest.fixture(scope="module")
def browser() -> Any:
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
        )
        yield chromium
        chromium.close()


class Editor:
    """A page of the editor, with what its console said."""

    def __init__(self, browser: Any, width: int = 1280, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def open(self, url: str) -> Editor:
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready='1']", timeout=20_000)
        self.settle()
        return self

    def settle(self) -> None:
        self.page.wait_for_function(
            "() => { const d = document.querySelector('#editor').dataset;"
            " return !d.checking && !d.loading && !d.asking; }",
            timeout=20_000,
        )

    def doc(self) -> dict[str, Any]:
        return json.loads(self.page.input_value("#doc-json"))

    def set_json(self, selector: str, value: dict[str, Any]) -> None:
        if value:
            self.page.fill(selector, json.dumps(value, ensure_ascii=False))
            self.page.dispatch_event(selector, "change")
            self.settle()

    def set_control(self, selector: str, value: Any) -> None:
        kind = self.page.get_attribute(selector, "type")
        tag = self.page.eval_on_selector(selector, "e => e.tagName")
        if kind == "checkbox":
            self.page.set_checked(selector, bool(value))
        elif tag == "SELECT":
            self.page.select_option(selector, value or "")
        else:
            self.page.fill(selector, "" if value is None else str(value))
            self.page.dispatch_event(selector, "change")
        self.settle()

    def exists(self, selector: str) -> bool:
        return self.page.query_selector(selector) is not None

    def put(self, pid: str, zone: str, code: str, names: dict[str, str]) -> None:
        """Choose the zone, search the card by its name, take the result with its code."""
        self.page.click(
            f".ed-player[data-player='{pid}'] .ed-zone[data-zone='{zone}'] .ed-zone-name"
        )
        self.page.fill("#search", names[code])
        self.page.click(f"#results .ed-result[data-code='{code}']")
        self.settle()

    def errors(self) -> list[str]:
        return [c for c in self.console if c.startswith(("error", "pageerror"))]

    def close(self) -> None:
        self.context.close()


def build(ed: Editor, doc: dict[str, Any], names: dict[str, str]) -> None:
    """Build ``doc`` in the editor through its controls, generically."""
    page = ed.page
    page.select_option("#game", doc["game"])
    ed.settle()
    if doc.get("variant") and ed.exists("#variant"):
        page.select_option("#variant", doc["variant"])
        ed.settle()
    ids = [p["id"] for p in doc["players"]]
    if page.input_value("#players") != ", ".join(ids):
        ed.set_control("#players", ", ".join(ids))
    for box in page.query_selector_all(".ed-sets input[type=checkbox]"):
        want = box.get_attribute("value") in doc.get("card_sets", [])
        if box.is_checked() != want:
            box.set_checked(want)
            ed.settle()
    ed.set_json("#doc-extra", {k: v for k, v in doc.items() if k not in DOC_KEYS})
    start = doc["start"]
    ed.set_control("#turn", start["turn"])
    ed.set_control("#phase", start["phase"])
    ed.set_control("#turn-player", start.get("turn_player"))
    ed.set_control("#first", start.get("first"))
    extra = {}
    for key, value in start.items():
        if key == "battle" and ed.exists("#battle"):
            rest = {k: v for k, v in value.items() if not ed.exists(f"#start-battle-{k}")}
            for sub, v in value.items():
                if sub not in rest:
                    ed.set_control(f"#start-battle-{sub}", v)
            if rest:
                extra[key] = value  # (a field with no control: the whole attack as JSON)
            continue
        if key in START_KEYS:
            continue
        if ed.exists(f"#start-{key}"):
            ed.set_control(f"#start-{key}", value)
        else:
            extra[key] = value
    for p in start.get("pending") or []:
        page.fill("#pending-source", p["source"])
        if "effect" in p:
            page.fill("#pending-effect", str(p["effect"]))
        page.click("#pending-add")
        ed.settle()
    ed.set_json("#start-extra", extra)
    for pid, zones in start["players"].items():
        other = {}
        for key, value in zones.items():
            zone_sel = f".ed-player[data-player='{pid}'] .ed-zone[data-zone='{key}']"
            if key == "unseen":
                ed.set_control(f"textarea[aria-label='Unseen cards of {pid}']", ", ".join(value))
            elif ed.exists(zone_sel):
                build_zone(ed, pid, key, value, names, zone_sel)
            elif ed.exists(f"#player-{pid}-{key}"):
                ed.set_control(f"#player-{pid}-{key}", value)
            else:
                other[key] = value
        ed.set_json(f"#player-extra-{pid}", other)


def build_zone(
    ed: Editor, pid: str, key: str, value: Any, names: dict[str, str], zone_sel: str
) -> None:
    if isinstance(value, dict):  # {"count": n}
        ed.set_control(f"{zone_sel} .ed-count", value["count"])
        return
    if isinstance(value, str):  # one card (a resident, an entry)
        ed.put(pid, key, value, names)
        return
    for i, item in enumerate(value):
        card = item.get("card") if isinstance(item, dict) else item
        if card is None:
            ed.page.click(f"{zone_sel} .ed-blank")
            ed.settle()
        else:
            ed.put(pid, key, card, names)
        if not isinstance(item, dict):
            continue
        ed.page.click(f"{zone_sel} .ed-item[data-index='{i}']")
        rest = {}
        for field, v in item.items():
            if field == "card":
                continue
            if ed.exists(f"#entry-{field}"):
                ed.set_control(f"#entry-{field}", v)
            else:
                rest[field] = v
        ed.set_json("#entry-extra", rest)


def without_empty_zones(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` without its players' empty zones (``[]`` is a zone's default: the page leaves
    an empty zone out, as most of the examples do)."""
    out = json.loads(json.dumps(doc))
    for zones in out["start"]["players"].values():
        for key in [k for k, v in zones.items() if v == []]:
            del zones[key]
    return out


def cli_answer(question: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "question.json"
    path.write_text(json.dumps(question), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "judge", "ask", str(path), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def page_answer(ed: Editor) -> dict[str, Any]:
    return json.loads(ed.page.text_content("#answer-json") or "null")


def ask(ed: Editor, kind: str, card: str | None) -> None:
    ed.page.select_option("#kind", kind)
    if card is not None:  # the action picked on the board: the legal one naming this card
        ed.page.click(f"#board .card[data-card-id='{card}']")
        ed.settle()
    ed.page.keyboard.press("Control+Enter")
    ed.page.wait_for_selector("#answer-json", state="attached", timeout=20_000)
    ed.settle()


def card_names(example: dict[str, Any]) -> dict[str, str]:
    from judge.core.cards import card_table

    table = card_table(example.get("cards") or [], example.get("card_sets") or [])
    return {code: card["name"] for code, card in table.items()}


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_position_is_built_in_the_editor_and_answered_as_judge_ask(
    live, browser, name, tmp_path
) -> None:
    example = json.loads((POSITIONS / f"{name}.json").read_text("utf-8"))
    ed = Editor(browser).open(f"{live.base}/position")
    try:
        build(ed, example, card_names(example))
        assert without_empty_zones(ed.doc()) == without_empty_zones(example)
        assert ed.page.get_attribute("#problems", "data-count") == "0"
        assert ed.page.query_selector_all("#board .card[data-card-id]")
        for kind, card in [("options", None), *MORE.get(name, [])]:
            ask(ed, kind, card)
            question = {"format": "judge-question/1", "kind": kind, "position": example}
            if kind == "legal":
                question["action"] = json.loads(ed.page.input_value("#action-json"))
                assert card in json.dumps(question["action"])
            got = page_answer(ed)
            assert got == cli_answer(question, tmp_path)
            assert ed.page.inner_text("#verdict") == got["verdict"]
            for rule in got.get("rules") or []:
                assert ed.page.locator(f".ed-rule[data-rule='{rule['id']}']").count() == 1
        if name == "ua-attack-block":
            SHOTS.mkdir(parents=True, exist_ok=True)
            ed.page.screenshot(path=str(SHOTS / "editor-1280.png"), full_page=True)
        assert ed.errors() == [], ed.errors()
    finally:
        ed.close()


def test_a_shared_link_opens_the_position_and_asks_its_question_again(live, browser) -> None:
    example = json.loads((POSITIONS / "ua-attack-block.json").read_text("utf-8"))
    ed = Editor(browser).open(f"{live.base}/position")
    try:
        ed.page.click("#doc-json-box summary")
        ed.page.fill("#doc-json", json.dumps(example))
        ed.page.click("#doc-load")
        ed.settle()
        ed.page.select_option("#kind", "legal")
        ed.page.click("#board .card[data-card-id='B-1']")
        ed.settle()
        ed.page.keyboard.press("Control+Enter")
        ed.page.wait_for_selector("#answer-json", state="attached")
        ed.settle()
        first = page_answer(ed)
        link = ed.page.input_value("#share-link")
        record = ed.page.get_attribute("#record-link", "href")
    finally:
        ed.close()
    assert "#position=" in link and "&ask=" in link
    assert record.startswith("/record#position=")
    again = Editor(browser).open(link)
    try:
        again.page.wait_for_selector("#answer-json", state="attached", timeout=20_000)
        again.settle()
        assert again.doc() == example
        assert page_answer(again) == first
        assert first["legal"] is True and first["action"]["card"] == "B-1"
    finally:
        again.close()


def test_problems_name_the_zone_and_the_page_fits_a_phone(live, browser) -> None:
    example = json.loads((POSITIONS / "ua-attack-block.json").read_text("utf-8"))
    ed = Editor(browser, width=375, height=800).open(f"{live.base}/position")
    try:
        ed.page.click("#doc-json-box summary")
        ed.page.fill("#doc-json", json.dumps(example))
        ed.page.click("#doc-load")
        ed.settle()
        for _ in range(3):  # five cards on a front line of four
            ed.put("A", "front_line", "UAS-003", {"UAS-003": "Cinder Gunner"})
        problems = ed.page.inner_text("#problems")
        assert "A · Front line" in problems and "UA-LINE-LIMIT" in problems
        assert ed.page.get_attribute("#problems", "data-count") == "1"
        width = ed.page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 375, width
        # keyboard: "/" searches, Enter puts the first card found in the chosen zone
        ed.page.click(".ed-player[data-player='B'] .ed-zone[data-zone='outside'] .ed-zone-name")
        ed.page.keyboard.press("Escape")  # (the search is empty: Escape leaves it)
        assert ed.page.evaluate("() => document.activeElement.id") != "search"
        ed.page.keyboard.press("/")
        assert ed.page.evaluate("() => document.activeElement.id") == "search"
        ed.page.keyboard.type("Storm Corsair")
        ed.page.keyboard.press("Enter")
        ed.settle()
        assert ed.doc()["start"]["players"]["B"]["outside"] == ["UAS-008"]
        assert ed.errors() == [], ed.errors()
    finally:
        ed.close()


def test_cards_are_found_by_japanese_or_english_names_in_any_width(live, browser) -> None:
    doc = json.loads((POSITIONS / "ua-attack-block.json").read_text("utf-8"))
    doc["cards"] = [
        {
            "code": "T-TODO",
            "name": "藤堂 鏡志朗",
            "type": "character",
            "title": "UAS",
            "number": "T-1",
            "color": "red",
            "ap": 1,
            "bp": 2000,
        }
    ]
    ed = Editor(browser).open(f"{live.base}/position")
    try:
        ed.page.click("#doc-json-box summary")
        ed.page.fill("#doc-json", json.dumps(doc, ensure_ascii=False))
        ed.page.click("#doc-load")
        ed.settle()
        ed.page.click(".ed-player[data-player='B'] .ed-zone[data-zone='outside'] .ed-zone-name")
        for query, code in (("藤堂", "T-TODO"), ("ＣＩＮＤＥＲ", "UAS-003"), ("cinder", "UAS-003")):
            ed.page.fill("#search", query)
            assert ed.page.get_attribute("#results .ed-result.first", "data-code") == code
        ed.page.keyboard.press("Enter")
        ed.settle()
        assert ed.doc()["start"]["players"]["B"]["outside"] == ["UAS-003"]
        assert ed.errors() == [], ed.errors()
    finally:
        ed.close()


def test_a_cards_state_is_set_and_a_member_removed_keeps_the_squares(live, browser) -> None:
    doc = json.loads((POSITIONS / "rebirth-attack-guard.json").read_text("utf-8"))
    ed = Editor(browser).open(f"{live.base}/position")
    try:
        ed.page.click("#doc-json-box summary")
        ed.page.fill("#doc-json", json.dumps(doc))
        ed.page.click("#doc-load")
        ed.settle()
        # B-3 (B's second member) chosen on the board, rested in its panel
        ed.page.click("#board .card[data-card-id='B-3']")
        assert ed.page.get_attribute("#entry", "data-index") == "1"
        ed.set_control("#entry-rested", True)
        members = ed.doc()["start"]["players"]["B"]["members"]
        assert members[1] == {"card": "R4S-014", "rested": True}
        assert ed.page.locator("#board .card[data-card-id='B-3'].rested").count() == 1
        # the first member removed: its square is empty, the others keep theirs
        ed.page.click(".ed-player[data-player='B'] .ed-zone[data-zone='members'] .ed-item >> nth=0")
        ed.page.click("#entry-remove")
        ed.settle()
        members = ed.doc()["start"]["players"]["B"]["members"]
        assert members == [None, {"card": "R4S-014", "rested": True}, None]
        assert ed.errors() == [], ed.errors()
    finally:
        ed.close()
