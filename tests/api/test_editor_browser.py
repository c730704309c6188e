"""The position editor (``GET /position``) in a real headless browser: Debian's Chromium
(``/usr/bin/chromium``), driven by Playwright, every host but 127.0.0.1 unresolvable.

Each example position of ``examples/positions/`` is built in the editor through its
controls alone — the game, the players, the card sets, each card put in its zone by a search
for its *name*, its state set in the card's panel, hands and decks given as counts or
unknown cards — driven generically from the example's document; the page's document must
then be the example, and a question asked from the page must get exactly the answer
``judge ask --json`` gives on the example file.  The share link opens the same position and
asks the same question again; a 375 px page keeps to the phone's width.  A screenshot of the
editor at 1280 px is written to ``$JUDGE_SCREENSHOTS`` (default ``build/screenshots``).

Why it is quicker (2-8 s a position on the busy 2-core machine, was 8-14 s): one browser
and one page serve the module, each test starting from the page's own "New position"; the test
waits on the page's own attributes (``data-version`` / ``data-checked``: the live check of
the latest document drawn; ``data-answered``: an answer drawn), never on a fixed delay, and
only where the next step needs it (the cards of a set loaded before a search, the check
drawn before the board is clicked or the document read); what it reads it reads in one
call; ``judge ask`` runs in this process (its click command, as ``python -m judge`` runs it).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

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

#: the page settled: the latest version of the document checked and drawn, no card set
#: loading, no question on its way
SETTLED = (
    "() => { const d = document.querySelector('#editor').dataset;"
    " return d.checked === d.version && !d.checking && !d.loading && !d.asking; }"
)
#: what the form offers now, in one call: each control's id and kind, each zone's name
FORM = """() => ({
  controls: Object.fromEntries([...document.querySelectorAll('#editor [id]')].map((e) =>
    [e.id, e.type === 'checkbox' ? 'checkbox' : e.tagName === 'SELECT' ? 'select' : 'text'])),
  zones: [...document.querySelectorAll('.ed-zone')].map((z) =>
    `${z.dataset.player}/${z.dataset.zone}`),
})"""


#: the zone chosen to put cards in, where the focus is, what the search holds
TARGET = """() => {
  const t = document.querySelector('#zones .ed-zone.target');
  return [t && t.dataset.player, t && t.dataset.zone, document.activeElement.id,
    document.querySelector('#search').value];
}"""
#: the chosen card (its place) and its panel's controls
ENTRY = """() => {
  const e = document.querySelector('#entry');
  return {at: [e.dataset.player, e.dataset.zone, e.dataset.index],
    controls: Object.fromEntries([...e.querySelectorAll('[id]')].map((c) =>
      [c.id, c.type === 'checkbox' ? 'checkbox' : c.tagName === 'SELECT' ? 'select' : 'text']))};
}"""


class Editor:
    """A page of the editor, with what its console said (since :meth:`fresh`)."""

    def __init__(self, browser: Any, width: int = 1280, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.controls: dict[str, str] = {}
        self.zones: set[str] = set()
        #: the zone a card was last put in, while nothing else was done since
        self.typing: tuple[str, str] | None = None
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def open(self, url: str) -> Editor:
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready='1']", timeout=20_000)
        self.settle()
        return self

    def fresh(self) -> Editor:
        """The page's "New position": an empty table of the game shown, no answer."""
        self.typing = None
        if self.page.viewport_size != {"width": 1280, "height": 900}:
            self.page.set_viewport_size({"width": 1280, "height": 900})
        self.page.click("#new-position")
        self.settle()
        self.console.clear()
        doc = self.doc()
        assert all(zones == {} for zones in doc["start"]["players"].values()), doc
        assert self.page.text_content("#answer") == ""
        return self

    def settle(self) -> None:
        self.page.wait_for_function(SETTLED, timeout=20_000)

    def loaded(self) -> None:
        """The chosen card sets' cards are in (what a search needs), the check may still run."""
        self.page.wait_for_function(
            "() => !document.querySelector('#editor').dataset.loading", timeout=20_000
        )

    def look(self) -> None:
        """Note the form's controls and zones (they change with the game, the players and
        the card chosen)."""
        form = self.page.evaluate(FORM)
        self.controls = form["controls"]
        self.zones = set(form["zones"])

    def has(self, control: str) -> bool:
        return control in self.controls

    def doc(self) -> dict[str, Any]:
        return json.loads(self.page.input_value("#doc-json"))

    def load(self, doc: dict[str, Any]) -> None:
        """Paste ``doc`` in "The position as JSON" and load it."""
        if not self.page.evaluate("() => document.querySelector('#doc-json-box').open"):
            self.page.click("#doc-json-box summary")
        self.page.fill("#doc-json", json.dumps(doc, ensure_ascii=False))
        self.page.click("#doc-load")
        self.typing = None
        self.settle()

    def set_json(self, selector: str, value: dict[str, Any]) -> None:
        if value:
            self.typing = None
            self.page.fill(selector, json.dumps(value, ensure_ascii=False))
            self.page.dispatch_event(selector, "change")
            self.loaded()  # (the document's own cards are loaded for the search)

    def set_control(self, selector: str, value: Any, kind: str | None = None) -> None:
        """Set a control as a person does; ``kind`` is looked up when not given."""
        self.typing = None
        if kind is None:
            kind = self.controls.get(selector.removeprefix("#")) or self.page.eval_on_selector(
                selector,
                "e => e.type === 'checkbox' ? 'checkbox' : e.tagName === 'SELECT' ? 'select'"
                " : 'text'",
            )
        if kind == "checkbox":
            self.page.set_checked(selector, bool(value))
        elif kind == "select":
            self.page.select_option(selector, value or "")
        else:
            self.page.fill(selector, "" if value is None else str(value))
            self.page.dispatch_event(selector, "change")

    def put(
        self, pid: str, zone: str, code: str, names: dict[str, str], click: bool = False
    ) -> None:
        """Choose the zone (unless it is chosen and the search waits), search the card by its
        name, and put it there: Enter (the first card found: the card of that very name) as
        a person types, or a click on the result with its code (``click``, and for a name
        that several cards bear)."""
        if self.typing != (pid, zone):  # (after a put the zone stays chosen, the search focused)
            self.page.click(
                f".ed-player[data-player='{pid}'] .ed-zone[data-zone='{zone}'] .ed-zone-name"
            )
            assert self.page.evaluate(TARGET) == [pid, zone, "search", ""]
        name = names[code]
        if click or list(names.values()).count(name) > 1:
            self.page.fill("#search", name)
            self.page.click(f"#results .ed-result[data-code='{code}']")
        else:
            self.page.keyboard.insert_text(name)
            self.page.keyboard.press("Enter")
        self.typing = (pid, zone)

    def errors(self) -> list[str]:
        return [c for c in self.console if c.startswith(("error", "pageerror"))]

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def editor(live: Any, browser: Any) -> Iterator[Editor]:
    """One page of the editor for the module's tests."""
    page = Editor(browser).open(f"{live.base}/position")
    yield page
    page.close()


@pytest.fixture
def ed(editor: Editor) -> Editor:
    """The module's page, on a new position (1280 px wide)."""
    return editor.fresh()


def build(ed: Editor, doc: dict[str, Any], names: dict[str, str]) -> None:
    """Build ``doc`` in the editor through its controls, generically."""
    page = ed.page
    page.select_option("#game", doc["game"])
    ed.loaded()
    ed.look()
    if doc.get("variant") and ed.has("variant"):
        page.select_option("#variant", doc["variant"])
        ed.loaded()
    ids = [p["id"] for p in doc["players"]]
    if page.input_value("#players") != ", ".join(ids):
        ed.set_control("#players", ", ".join(ids), "text")
    sets = page.evaluate(
        "() => [...document.querySelectorAll('.ed-sets input[type=checkbox]')]"
        ".map((b) => [b.value, b.checked])"
    )
    for name, checked in sets:
        if checked != (name in doc.get("card_sets", [])):
            page.set_checked(f".ed-sets input[value='{name}']", not checked)
            ed.loaded()
    ed.set_json("#doc-extra", {k: v for k, v in doc.items() if k not in DOC_KEYS})
    ed.look()  # (the game, the variant and the players chosen: the form to fill)
    start = doc["start"]
    ed.set_control("#turn", start["turn"])
    ed.set_control("#phase", start["phase"])
    ed.set_control("#turn-player", start.get("turn_player"))
    ed.set_control("#first", start.get("first"))
    extra = {}
    for key, value in start.items():
        if key == "battle" and ed.has("battle"):
            rest = {k: v for k, v in value.items() if not ed.has(f"start-battle-{k}")}
            for sub, v in value.items():
                if sub not in rest:
                    ed.set_control(f"#start-battle-{sub}", v)
            if rest:
                extra[key] = value  # (a field with no control: the whole attack as JSON)
            continue
        if key in START_KEYS:
            continue
        if ed.has(f"start-{key}"):
            ed.set_control(f"#start-{key}", value)
        else:
            extra[key] = value
    for p in start.get("pending") or []:
        page.fill("#pending-source", p["source"])
        if "effect" in p:
            page.fill("#pending-effect", str(p["effect"]))
        page.click("#pending-add")
    ed.set_json("#start-extra", extra)
    for pid, zones in start["players"].items():
        other = {}
        for key, value in zones.items():
            zone_sel = f".ed-player[data-player='{pid}'] .ed-zone[data-zone='{key}']"
            if key == "unseen":
                ed.set_control(
                    f"textarea[aria-label='Unseen cards of {pid}']", ", ".join(value), "text"
                )
            elif f"{pid}/{key}" in ed.zones:
                build_zone(ed, pid, key, value, names, zone_sel)
            elif ed.has(f"player-{pid}-{key}"):
                ed.set_control(f"#player-{pid}-{key}", value)
            else:
                other[key] = value
        ed.set_json(f"#player-extra-{pid}", other)
    ed.settle()


def build_zone(
    ed: Editor, pid: str, key: str, value: Any, names: dict[str, str], zone_sel: str
) -> None:
    if isinstance(value, dict):  # {"count": n}
        ed.set_control(f"{zone_sel} .ed-count", value["count"], "text")
        return
    if isinstance(value, str):  # one card (a resident, an entry)
        ed.put(pid, key, value, names)
        return
    for i, item in enumerate(value):
        card = item.get("card") if isinstance(item, dict) else item
        if card is None:
            ed.page.click(f"{zone_sel} .ed-blank")
            ed.typing = None
        else:
            ed.put(pid, key, card, names)
        if not isinstance(item, dict) or set(item) == {"card"}:
            continue
        entry = ed.page.evaluate(ENTRY)  # (the card just put, or added unknown, is chosen)
        assert entry["at"] == [pid, key, str(i)], entry
        fields = entry["controls"]
        rest = {}
        for field, v in item.items():
            if field == "card":
                continue
            if f"entry-{field}" in fields:
                ed.set_control(f"#entry-{field}", v, fields[f"entry-{field}"])
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
    """``judge ask QUESTION --json``: the command line's own command (``python -m judge``
    calls the same ``judge.cli.main``), run in this process — the same reading of the file,
    the same card sets and limits, the same canonical JSON, without starting Python again."""
    from judge.cli import main

    path = tmp_path / "question.json"
    path.write_text(json.dumps(question), "utf-8")
    done = CliRunner().invoke(main, ["ask", str(path), "--json"], prog_name="judge")
    assert done.exit_code == 0, (done.output, done.exception)
    return json.loads(done.stdout)


#: the answer as the page shows it, in one call: its JSON, the verdict, the rules drawn
SHOWN = """() => ({
  json: (document.querySelector('#answer-json') || {}).textContent || 'null',
  verdict: (document.querySelector('#verdict') || {}).innerText,
  rules: [...document.querySelectorAll('#answer .ed-rule')].map((e) => e.dataset.rule),
})"""


def shown(ed: Editor) -> dict[str, Any]:
    out = ed.page.evaluate(SHOWN)
    out["answer"] = json.loads(out.pop("json"))
    return out


def page_answer(ed: Editor) -> dict[str, Any]:
    return shown(ed)["answer"]


def answered(ed: Editor, before: str | None) -> None:
    """Wait for an answer newer than ``before`` (``#editor``'s ``data-answered``), drawn."""
    ed.page.wait_for_function(
        "(before) => { const d = document.querySelector('#editor').dataset;"
        " return d.answered && d.answered !== before && !d.asking; }",
        arg=before,
        timeout=20_000,
    )


def ask(ed: Editor, kind: str, card: str | None) -> None:
    ed.page.select_option("#kind", kind)
    if card is not None:  # the action picked on the board: the legal one naming this card
        ed.settle()  # (the board drawn from the latest check)
        ed.page.click(f"#board .card[data-card-id='{card}']")
    before = ed.page.get_attribute("#editor", "data-answered")
    ed.page.keyboard.press("Control+Enter")
    answered(ed, before)


def card_names(example: dict[str, Any]) -> dict[str, str]:
    from judge.core.cards import card_table

    table = card_table(example.get("cards") or [], example.get("card_sets") or [])
    return {code: card["name"] for code, card in table.items()}


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_position_is_built_in_the_editor_and_answered_as_judge_ask(
    ed, name, tmp_path
) -> None:
    example = json.loads((POSITIONS / f"{name}.json").read_text("utf-8"))
    build(ed, example, card_names(example))
    assert without_empty_zones(ed.doc()) == without_empty_zones(example)
    board = ed.page.evaluate(
        "() => ({problems: document.querySelector('#problems').dataset.count,"
        " cards: document.querySelectorAll('#board .card[data-card-id]').length})"
    )
    assert board["problems"] == "0"
    assert board["cards"] > 0
    for kind, card in [("options", None), *MORE.get(name, [])]:
        ask(ed, kind, card)
        question = {"format": "judge-question/1", "kind": kind, "position": example}
        if kind == "legal":
            question["action"] = json.loads(ed.page.input_value("#action-json"))
            assert card in json.dumps(question["action"])
        got = shown(ed)
        assert got["answer"] == cli_answer(question, tmp_path)
        assert got["verdict"] == got["answer"]["verdict"]
        assert got["rules"] == [rule["id"] for rule in got["answer"].get("rules") or []]
    if name == "ua-attack-block":
        SHOTS.mkdir(parents=True, exist_ok=True)
        ed.page.screenshot(path=str(SHOTS / "editor-1280.png"), full_page=True)
    assert ed.errors() == [], ed.errors()


def test_a_shared_link_opens_the_position_and_asks_its_question_again(ed, browser) -> None:
    example = json.loads((POSITIONS / "ua-attack-block.json").read_text("utf-8"))
    ed.load(example)
    ed.page.select_option("#kind", "legal")
    ed.page.click("#board .card[data-card-id='B-1']")
    before = ed.page.get_attribute("#editor", "data-answered")
    ed.page.keyboard.press("Control+Enter")
    answered(ed, before)
    first = page_answer(ed)
    link = ed.page.input_value("#share-link")
    record = ed.page.get_attribute("#record-link", "href")
    assert "#position=" in link and "&ask=" in link
    assert record.startswith("/record#position=")
    assert ed.errors() == [], ed.errors()
    again = Editor(browser)  # (a page of its own: the link read as it is opened)
    try:
        again.open(link)
        answered(again, None)
        again.settle()
        assert again.doc() == example
        assert page_answer(again) == first
        assert first["legal"] is True and first["action"]["card"] == "B-1"
        assert again.errors() == [], again.errors()
    finally:
        again.close()


def test_problems_name_the_zone_and_the_page_fits_a_phone(ed) -> None:
    example = json.loads((POSITIONS / "ua-attack-block.json").read_text("utf-8"))
    ed.page.set_viewport_size({"width": 375, "height": 800})
    ed.load(example)
    for _ in range(3):  # five cards on a front line of four (the result clicked)
        ed.put("A", "front_line", "UAS-003", {"UAS-003": "Cinder Gunner"}, click=True)
    ed.settle()
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


def test_cards_are_found_by_japanese_or_english_names_in_any_width(ed) -> None:
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
    ed.load(doc)
    ed.page.click(".ed-player[data-player='B'] .ed-zone[data-zone='outside'] .ed-zone-name")
    for query, code in (("藤堂", "T-TODO"), ("ＣＩＮＤＥＲ", "UAS-003"), ("cinder", "UAS-003")):
        ed.page.fill("#search", query)
        assert ed.page.get_attribute("#results .ed-result.first", "data-code") == code
    ed.page.keyboard.press("Enter")
    ed.settle()
    assert ed.doc()["start"]["players"]["B"]["outside"] == ["UAS-003"]
    assert ed.errors() == [], ed.errors()


def test_a_cards_state_is_set_and_a_member_removed_keeps_the_squares(ed) -> None:
    doc = json.loads((POSITIONS / "rebirth-attack-guard.json").read_text("utf-8"))
    ed.load(doc)
    # B-3 (B's second member) chosen on the board, rested in its panel
    ed.page.click("#board .card[data-card-id='B-3']")
    assert ed.page.get_attribute("#entry", "data-index") == "1"
    ed.set_control("#entry-rested", True, "checkbox")
    ed.settle()
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
