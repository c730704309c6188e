"""The scorekeeper's recorder (``GET /record``) in a real headless browser: Debian's Chromium
(``/usr/bin/chromium``) driven by Playwright, every host but 127.0.0.1 unresolvable.

For each game (tag battle too) one example log is recorded through the page by keys and
clicks alone: the match is started from the settings form (Z/X, Rebirth: their examples
use the built-in sets) or by resuming the example's header with no actions (the others
carry their own card definitions); then each of the example's actions is the button whose
``data-action`` is its canonical JSON, pressed by its number key (or clicked past the
ninth), and only an illegal action is typed into "record as played".  The downloaded log's
canonical form equals the example's.  Then, on a short game: an illegal play shows its
rule, a card picked on the board filters the decisions, undo, a note, a reload keeps the
recording, a card found by name, saving to the service gives the replay's link, and a
saved log resumes.  One browser for the module.  The page at 1280 px is kept by the run in
``$JUDGE_SCREENSHOTS`` (default ``build/screenshots``): docs/images/recorder-1280.png is
that file.
"""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.replay import canonical_log, replay

from .conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium)",
)

EXAMPLES = ROOT / "examples"
#: (name, example, how the match is started)
CASES = [
    ("zx", "zx/full-game-zx-a.json", "settings"),
    ("rebirth", "rebirth/illegal-plays.json", "settings"),
    ("union-arena", "union-arena/full-game.json", "resume"),
    ("rangers-strike", "rangers-strike/1v1-full-game.json", "resume"),
    ("rangers-strike-tag", "rangers-strike/tag-full-game.json", "resume"),
]
#: where the run keeps its screenshot (as the viewer's test does); the README's
#: docs/images/recorder-1280.png is a copy of it
SHOT = Path(os.environ.get("JUDGE_SCREENSHOTS") or ROOT / "build" / "screenshots") / (
    "recorder-1280.png"
)


def example(path: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / path).read_text("utf-8"))


def canonical(log: dict[str, Any]) -> str:
    """``judge canonical``'s form of a log (skipping illegal actions, as recorded)."""
    return canonical_json(canonical_log(replay(log)))


def deck_text(codes: list[str]) -> str:
    """A deck list as a scorekeeper pastes it: runs of one code as ``<n> <code>``, in order."""
    lines: list[str] = []
    run = 0
    for i, code in enumerate(codes):
        run += 1
        if i + 1 == len(codes) or codes[i + 1] != code:
            lines.append(f"{run} {code}")
            run = 0
    return "\n".join(lines)


@pytest.fixture(scope="module")
def browser() -> Any:
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
        )
        yield chromium
        chromium.close()


class Recorder:
    """A page of the recorder, with what its console said."""

    def __init__(self, browser: Any, base: str, width: int = 1280, height: int = 900) -> None:
        self.base = base
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, accept_downloads=True
        )
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def open(self, fragment: str = "") -> Recorder:
        self.page.goto(f"{self.base}/record{fragment}")
        self.page.wait_for_selector("#recorder[aria-busy='false']", timeout=20_000)
        return self

    def answered(self, n: int) -> None:
        self.page.wait_for_selector(
            f"#recorder[data-answered='{n}'][aria-busy='false']", timeout=20_000
        )

    @property
    def count(self) -> int:
        return int(self.page.get_attribute("#recorder", "data-answered") or -1)

    def start_from_settings(self, log: dict[str, Any]) -> None:
        page = self.page
        page.select_option("#rec-game", log["game"])
        if log.get("variant"):
            page.select_option("#rec-variant", log["variant"])
        players = "\n".join(f"{p['id']} {p.get('name', '')}".strip() for p in log["players"])
        page.fill("#rec-players", players)
        page.dispatch_event("#rec-players", "change")
        for pid, deck in log["decks"].items():
            for section, codes in deck.items():
                page.fill(f"#rec-deck-{pid}-{section}", deck_text(codes))
        if log["hidden"]["mode"] == "seeded":
            page.select_option("#rec-mode", "seeded")
            page.fill("#rec-seed", log["hidden"]["seed"])
        match = dict(log.get("match") or {})
        page.click("details.rec-more >> text=Event, round, table")
        if "event" in match:
            page.fill("#rec-event", match.pop("event"))
        if match:
            page.fill("#rec-match", json.dumps(match))
        for name, value in (log.get("rule_options") or {}).items():
            page.click("details.rec-more >> text=Rule options")
            page.select_option(f"#rec-opt-{name}", json.dumps(value))
        page.click("#rec-start")
        self.answered(0)

    def resume(self, log: dict[str, Any]) -> None:
        self.page.fill("#rec-resume", json.dumps(log))
        self.page.click("#rec-resume-start")
        self.answered(len(log.get("actions") or []))

    def record(self, action: dict[str, Any], listed: bool | None = None) -> bool:
        """Record ``action``: by its button (Enter on it, and now and then its number key)
        when it is ``listed`` among the legal actions, else typed into "record as played".
        ``listed=None``: look (one more round trip).  True when it went by its button."""
        page = self.page
        n = self.count
        key = canonical_json({k: v for k, v in action.items() if k != "note"})
        button = page.locator(f"#rec-actions button.rec-action[data-action={json.dumps(key)}]")
        if listed is None:
            listed = button.count() > 0
        if listed:
            if "note" in action:
                page.fill("#rec-note", action["note"])
            index = 9
            if n % 10 == 0:  # now and then by its number key, when it is among the first nine
                index = page.evaluate(
                    "key => [...document.querySelectorAll('#rec-actions button.rec-action')]"
                    ".findIndex(b => b.dataset.action === key)",
                    key,
                )
                assert index >= 0, f"not listed: {key}"
            if index < 9:
                page.focus("#rec-actions")  # out of the note field: keys reach the page
                page.keyboard.press(str(index + 1))
            else:
                button.press("Enter", timeout=5_000)  # focused and pressed: the keyboard's way
        else:
            if not page.is_visible("#rec-json"):
                page.click("#rec-compose > summary")
            page.fill("#rec-json", json.dumps(action))
            page.click("#rec-record-json")
        self.answered(n + 1)
        return listed

    def download(self) -> dict[str, Any]:
        with self.page.expect_download() as info:
            self.page.click("#rec-download")
        return json.loads(Path(info.value.path()).read_text("utf-8"))

    def errors(self) -> list[str]:
        """What the console said was wrong, but the 400s the tests ask for (refusals)."""
        return [
            c
            for c in self.console
            if c.startswith(("error", "pageerror")) and "status of 400" not in c
        ]

    def close(self) -> None:
        self.context.close()


@pytest.mark.parametrize(("name", "path", "how"), CASES, ids=[c[0] for c in CASES])
def test_an_example_recorded_by_keys_and_clicks_saves_the_same_log(
    live: Any, browser: Any, name: str, path: str, how: str
) -> None:
    log = example(path)
    expected = replay(log)
    illegal = set(expected["summary"]["illegal_steps"])
    rec = Recorder(browser, live.base).open()
    try:
        if how == "settings":
            rec.start_from_settings(log)
        else:
            rec.resume({**{k: v for k, v in log.items() if k != "checkpoints"}, "actions": []})
        for index, action in enumerate(log["actions"]):
            rec.record(action, listed=index not in illegal)
            if index in illegal:
                verdict = rec.page.get_attribute("#rec-verdict", "data-verdict")
                assert verdict == "illegal"
                shown = rec.page.eval_on_selector_all(
                    "#rec-verdict li.rec-violation", "els => els.map(e => e.dataset.rule)"
                )
                step = expected["steps"][index]
                assert shown == [v["rule"] for v in step["violations"]]
        if expected["summary"]["result"]:
            assert rec.page.is_visible("#rec-result")
        saved = rec.download()
        assert canonical(saved) == canonical(log)
        assert rec.errors() == []
    finally:
        rec.close()


def test_a_paper_match_names_each_card_as_it_becomes_known(live: Any, browser: Any) -> None:
    """Observed mode: the engine lists no decision naming a hidden card, so each card
    played from a hand is named by searching the card set and recorded as played; the
    rest are buttons.  The saved log is the example's."""
    log = example("rangers-strike/1v1-paper-match.json")
    rec = Recorder(browser, live.base).open()
    page = rec.page
    try:
        rec.start_from_settings(log)
        named = 0
        for action in log["actions"]:
            key = canonical_json(action)
            if page.locator(
                f"#rec-actions button.rec-action[data-action={json.dumps(key)}]"
            ).count():
                rec.record(action, listed=True)
                continue
            n = rec.count
            if not page.is_visible("#rec-json"):
                page.click("#rec-compose > summary")
            kind = page.locator(
                f"#rec-kinds button[data-player='{action['p']}'][data-kind='{action['do']}']"
            )
            kind.click()  # the kind the rules wait for, as a start
            code = action.get("card")
            if isinstance(code, str) and code in rec_cards(log):
                page.fill("#rec-search", code.lower())
                page.click(f"#rec-found button[data-code='{code}']")
                named += 1
            written = json.loads(page.input_value("#rec-json"))
            page.fill("#rec-json", json.dumps({**written, **action}))
            page.click("#rec-record-json")
            rec.answered(n + 1)
        assert named > 5
        assert canonical(rec.download()) == canonical(log)
        assert rec.errors() == []
    finally:
        rec.close()


def rec_cards(log: dict[str, Any]) -> set[str]:
    from judge.core.log import parse_log

    return set(parse_log(log).cards)


def position_param(doc: dict[str, Any]) -> str:
    """A document as ``doclink.js`` carries it in a link's fragment (base64url of its JSON)."""
    return base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("=")


def header_of(log: dict[str, Any]) -> dict[str, Any]:
    """The log with no actions: what a recording of it starts from."""
    return {**{k: v for k, v in log.items() if k != "checkpoints"}, "actions": []}


def test_a_scorekeeper_picks_undoes_notes_reloads_records_an_illegal_play_saves_and_resumes(
    live: Any, browser: Any, tmp_path: Path
) -> None:
    log = example("zx/illegal-out-of-range.json")
    expected = replay(log)
    (illegal,) = expected["summary"]["illegal_steps"]
    rule = expected["steps"][illegal]["violations"][0]["rule"]
    rec = Recorder(browser, live.base).open()
    page = rec.page
    try:
        rec.resume(header_of(log))
        for action in log["actions"][:3]:
            assert rec.record(action)
        # a note on the next decision is kept on its step
        page.fill("#rec-note", "checked at the table")
        assert rec.record(log["actions"][3])
        # undo by its key: the decision is gone, the one before is the last step again
        page.focus("#rec-actions")
        page.keyboard.press("u")
        rec.answered(3)
        assert "Step 2:" in page.inner_text("#rec-verdict")
        page.fill("#rec-note", "checked at the table")
        assert rec.record(log["actions"][3])
        # a reload loses nothing
        page.reload()
        rec.answered(4)
        for action in log["actions"][4 : illegal - 1]:
            assert rec.record(action)
        # a card picked on the board: the decisions naming it, and Esc shows them all again
        card = log["actions"][illegal - 1]["card"]
        every = page.locator("#rec-actions button.rec-action").count()
        page.click(f"#rec-board button.card[data-card-id='{card}']")
        picked = page.eval_on_selector_all(
            "#rec-actions button.rec-action", "els => els.map(e => e.dataset.cards.split(' '))"
        )
        assert picked and all(card in ids for ids in picked) and len(picked) < every
        page.keyboard.press("Escape")
        assert page.locator("#rec-actions button.rec-action").count() == every
        assert rec.record(log["actions"][illegal - 1])
        # the illegal play, recorded as played, judged at once with its rule
        assert not rec.record(log["actions"][illegal])
        assert page.get_attribute("#rec-verdict", "data-verdict") == "illegal"
        assert page.get_attribute("#rec-verdict li.rec-violation", "data-rule") == rule
        page.click("#rec-verdict li.rec-violation summary")
        assert page.is_visible("#rec-verdict .rec-rule-text")
        # a card named by searching goes into the action being written
        page.focus("#rec-actions")
        page.keyboard.press("/")
        page.keyboard.type("t-atk")
        page.wait_for_selector("#rec-found button[data-code='T-ATK']")
        page.fill("#rec-json", '{"p": "A", "do": "play"}')
        page.click("#rec-found button[data-code='T-ATK']")
        assert json.loads(page.input_value("#rec-json")) == {
            "p": "A",
            "do": "play",
            "card": "T-ATK",
        }
        # a note on a step recorded before, from the list of steps
        page.click("#rec-steps > summary")
        page.click("#rec-history li[data-index='0'] button.rec-note-edit")
        page.keyboard.type("A won the roll")
        page.keyboard.press("Enter")
        rec.answered(len(log["actions"]))
        page.wait_for_selector("#rec-history li[data-index='0'] .rec-note-text")
        # saved: the file, and the service's replay with its link
        saved = rec.download()
        assert saved["actions"][0]["note"] == "A won the roll"
        assert saved["actions"][3]["note"] == "checked at the table"
        assert [{k: v for k, v in a.items() if k != "note"} for a in saved["actions"]] == log[
            "actions"
        ]
        page.click("#rec-store")
        link = page.wait_for_selector("#rec-replay-link").get_attribute("href")
        job = link.rsplit("/", 1)[1]
        got = live.get(f"/v1/replays/{job}?wait=30").json
        assert got["status"] == "finished"
        assert got["replay"]["summary"]["illegal_steps"] == [illegal]
        # a position's link asks before it replaces the recording in progress
        param = position_param(example("positions/ua-attack-block.json"))
        page.once("dialog", lambda dialog: dialog.dismiss())
        page.goto(f"{live.base}/record#position={param}")
        page.wait_for_function("() => !location.hash")
        assert rec.count == len(log["actions"])
        page.once("dialog", lambda dialog: dialog.accept())
        page.goto(f"{live.base}/record#position={param}")
        rec.answered(0)
        assert rec.errors() == []
    finally:
        rec.close()
    # resumed from the file in a fresh browser: where it was
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(saved), "utf-8")
    again = Recorder(browser, live.base).open()
    try:
        again.page.set_input_files("#rec-resume-file", str(path))
        again.page.wait_for_function("() => document.querySelector('#rec-resume').value.length > 0")
        again.page.click("#rec-resume-start")
        again.answered(len(saved["actions"]))
        assert again.page.get_attribute("#rec-verdict", "data-verdict") == "illegal"
    finally:
        again.close()


def test_settings_refused_name_the_line_and_a_position_link_starts_a_recording(
    live: Any, browser: Any
) -> None:
    from judge.core.ask import ask

    rec = Recorder(browser, live.base, width=375, height=800).open()
    page = rec.page
    try:
        page.select_option("#rec-game", "union-arena")
        page.fill("#rec-deck-A-main", "4 Cinder Gunner\n3 Nobody At All")
        page.click("#rec-start")
        page.wait_for_selector("#rec-start-errors li[data-path='decks.A.main[line 2]']")
        assert page.evaluate("document.activeElement.id") == "rec-deck-A-main"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the settings are {width} px wide at 375 px"
        # a position by link (what the position editor links to)
        position = example("positions/ua-attack-block.json")
        param = position_param(position)
        page.goto(f"{live.base}/record#position={param}")
        rec.answered(0)
        keys = page.eval_on_selector_all(
            "#rec-actions button.rec-action", "els => els.map(e => e.dataset.action)"
        )
        options = ask({"format": "judge-question/1", "kind": "options", "position": position})
        listed = [canonical_json(o["action"]) for c in options["choices"] for o in c["options"]]
        assert sorted(keys) == sorted(listed)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the recorder is {width} px wide at 375 px"
        assert rec.errors() == []
    finally:
        rec.close()


def test_the_recorder_at_1280_px_for_the_readme(live: Any, browser: Any) -> None:
    log = example("union-arena/full-game.json")
    rec = Recorder(browser, live.base).open()
    try:
        rec.resume({**header_of(log), "actions": log["actions"][:40]})
        card = rec.page.get_attribute(
            "#rec-actions button.rec-action[data-cards*='-']", "data-cards"
        )
        rec.page.click(f"#rec-board button.card[data-card-id='{card.split()[0]}']")
        rec.page.evaluate("window.scrollTo(0, 0)")
        SHOT.parent.mkdir(parents=True, exist_ok=True)
        rec.page.screenshot(path=str(SHOT))
        assert SHOT.stat().st_size > 10_000
    finally:
        rec.close()
