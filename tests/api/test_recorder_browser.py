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
saved log resumes.  One browser for the module.
"""

from __future__ import annotations

import json
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
SHOT = ROOT / "docs" / "images" / "recorder-1280.png"


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

    def record(self, action: dict[str, Any]) -> bool:
        """Record ``action`` by its button (Enter on it, or now and then its number key);
        False when no button is it (then it is typed into "record as played")."""
        page = self.page
        n = self.count
        key = canonical_json({k: v for k, v in action.items() if k != "note"})
        button = page.locator(f"#rec-actions button.rec-action[data-action={json.dumps(key)}]")
        found = button.count() > 0
        if found:
            if "note" in action:
                page.fill("#rec-note", action["note"])
            if n % 10 == 0:  # now and then by its number key, when it is among the first nine
                index = page.evaluate(
                    "key => [...document.querySelectorAll('#rec-actions button.rec-action')]"
                    ".findIndex(b => b.dataset.action === key)",
                    key,
                )
                if index < 9:
                    page.focus("#rec-actions")  # out of the note field: keys reach the page
                    page.keyboard.press(str(index + 1))
                else:
                    button.press("Enter")
            else:
                button.press("Enter")  # focused, and pressed: the keyboard's way
        else:
            if not page.is_visible("#rec-json"):
                page.click("#rec-compose > summary")
            page.fill("#rec-json", json.dumps(action))
            page.click("#rec-record-json")
        self.answered(n + 1)
        return found

    def download(self) -> dict[str, Any]:
        with self.page.expect_download() as info:
            self.page.click("#rec-download")
        return json.loads(Path(info.value.path()).read_text("utf-8"))

    def errors(self) -> list[str]:
        return [c for c in self.console if c.startswith(("error", "pageerror"))]

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
            by_button = rec.record(action)
            assert by_button == (index not in illegal), f"step {index}: {action}"
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
