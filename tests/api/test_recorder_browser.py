"""The scorekeeper's recorder (``GET /record``) in a real headless browser: Debian's Chromium
(``/usr/bin/chromium``) driven by Playwright, every host but 127.0.0.1 unresolvable.

For each game (tag battle too) one example log is recorded through the page by keys and
clicks alone, the shortest that still exercises it (seeded and observed, illegal plays
with their rules, a game's end): the match is started from the settings form (the
examples on built-in sets) or by resuming the example's header with no actions (those
carrying their own card definitions).  Each action the engine lists is the button whose
``data-action`` is its canonical JSON, pressed by its number key or by Enter; any other
(an illegal play, a card that becomes known in observed mode) is recorded as played: the
kind the rules wait for, the card named by searching the log's card sets, the rest
written.  The downloaded log's canonical form equals the example's.  Then, on a short
game: a card picked on the board filters the decisions, undo, a note, a reload keeps the
recording, a card found by name, saving to the service gives the replay's link, and a
saved log resumes.  One browser for the module; each decision waits on the page's own
``data-answered`` and ``aria-busy``, never a fixed time.  The page at 1280 px is kept by
the run in ``$JUDGE_SCREENSHOTS`` (default ``build/screenshots``):
docs/images/recorder-1280.png is that file.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Iterator
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
#: (name, example, how the match is started, how many of its actions are recorded): the
#: shortest example of each game that still exercises the page (issue 23), seeded and
#: observed, from the settings form and by resuming, with illegal plays and a game's end
CASES = [
    # seeded, its own cards, an illegal play last
    ("zx", "zx/illegal-zekkai-chosen.json", "resume", None),
    # observed, its own cards (named from the answer's cards), an illegal guard, the result
    ("rebirth", "rebirth/observed-blocker.json", "resume", None),
    # seeded from the settings form (the seed field): the built-in set's example up to and
    # past its two illegal plays (its 158 decisions to the end add nothing the page does)
    ("rebirth-seeded", "rebirth/illegal-plays.json", "settings", 10),
    # observed, a built-in set (named by the service's card search), three illegal plays
    ("union-arena", "union-arena/illegal-raid-and-reveal.json", "settings", None),
    ("rangers-strike", "rangers-strike/1v1-illegal-rush-and-battle.json", "settings", None),
    # four seats and their teams from the settings form, five illegal plays
    ("rangers-strike-tag", "rangers-strike/tag-illegal-team-play.json", "settings", None),
]
#: how :meth:`Recorder.record` says it pressed a button the engine listed
BUTTON = ("key", "enter")
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
def scorekeeper(live: Any, browser: Any) -> Iterator[Recorder]:
    """One recorder page at 1280 px for the module's matches, each begun by "New match"
    (a page and its modules loaded once: most of a short match's time otherwise)."""
    rec = Recorder(browser, live.base).open()
    yield rec
    rec.close()


class Recorder:
    """A page of the recorder, with what its console said."""

    def __init__(self, browser: Any, base: str, width: int = 1280, height: int = 900) -> None:
        self.base = base
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, accept_downloads=True
        )
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.last = -1  # the decisions answered, as the page last said
        self.clicked: set[str] = set()  # the buttons of "record as played" clicked once
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def open(self, fragment: str = "") -> Recorder:
        self.page.goto(f"{self.base}/record{fragment}")
        self.page.wait_for_selector("#recorder[aria-busy='false']", timeout=20_000)
        return self

    def new_match(self) -> Recorder:
        """Back to the settings, as a scorekeeper goes on to the next match: "New match"
        (accepting its question when a recording is in progress), the console's record
        started afresh."""
        page = self.page
        if page.get_attribute("#recorder", "data-view") == "recording":
            page.once("dialog", lambda dialog: dialog.accept())
            page.click("#rec-new")
        page.wait_for_selector("#recorder[data-view='settings']:not([data-answered])")
        self.console.clear()
        self.clicked.clear()
        return self

    def answered(self, n: int) -> None:
        """Wait for the page's own signal that the answer to its ``n``-th decision is drawn:
        looked for at every frame (a selector's wait looks again after 20, 50, 100 ms, …,
        which is most of a decision's time when the answer takes 30 ms)."""
        self.page.wait_for_function(
            """n => {
                const root = document.querySelector('#recorder');
                return root && root.dataset.answered === String(n)
                    && root.getAttribute('aria-busy') === 'false';
            }""",
            arg=n,
            polling="raf",
            timeout=20_000,
        )
        self.last = n

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
        if log.get("teams"):
            teams = "; ".join(f"{t['id']}: {' '.join(t['players'])}" for t in log["teams"])
            page.fill("#rec-teams", teams)
        for pid, deck in log["decks"].items():
            for section, codes in deck.items():
                page.fill(f"#rec-deck-{pid}-{section}", deck_text(codes))
        if log["hidden"]["mode"] == "seeded":
            page.select_option("#rec-mode", "seeded")
            page.fill("#rec-seed", log["hidden"]["seed"])
        match = dict(log.get("match") or {})
        page.click("details.rec-more >> text=Event, round, table")
        for field in ("event", "round", "table"):
            if field in match:
                page.fill(f"#rec-{field}", str(match.pop(field)))
        if match:
            page.fill("#rec-match", json.dumps(match))
        if log.get("rule_options"):
            page.click("details.rec-more >> text=Rule options")  # opened once: a click toggles
        for name, value in (log.get("rule_options") or {}).items():
            page.select_option(f"#rec-opt-{name}", json.dumps(value))
        page.click("#rec-start")
        page.wait_for_selector(
            "#recorder[data-answered='0'], #rec-start-errors li, #rec-start-errors p"
        )
        refused = (
            page.inner_text("#rec-start-errors") if page.is_visible("#rec-start-errors p") else ""
        )
        assert not refused, refused
        self.answered(0)

    def resume(self, log: dict[str, Any]) -> None:
        self.page.fill("#rec-resume", json.dumps(log))
        self.page.click("#rec-resume-start")
        self.answered(len(log.get("actions") or []))

    def record(self, action: dict[str, Any], cards: dict[str, Any] | None = None) -> str:
        """Record ``action`` as a scorekeeper does, and wait for its answer.

        Listed among the engine's legal actions: its button, by its number key (every
        other decision, when it is among the first nine and no field has the keys) or
        by Enter on it.  Not listed (an illegal play, or a card the engine did not know
        until now): "record as played", the kind's button when the rules wait for that
        kind, the card named by searching (by its name, or its code when the name is not
        unique) when it is a code of ``cards`` (the log's cards by code), the rest of the
        action written.  Returns how: ``key``, ``enter``, ``named`` or ``written``."""
        page = self.page
        n = self.last
        key = canonical_json({k: v for k, v in action.items() if k != "note"})
        index, typing, composing, waited = page.evaluate(
            """([key, p, kind]) => [
                [...document.querySelectorAll('#rec-actions button.rec-action')]
                    .findIndex(b => b.dataset.action === key),
                ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement.tagName),
                document.querySelector('#rec-compose').open,
                [...document.querySelectorAll('#rec-kinds button')]
                    .some(b => b.dataset.player === p && b.dataset.kind === kind),
            ]""",
            [key, action["p"], action["do"]],
        )
        if index >= 0:
            if "note" in action:
                page.fill("#rec-note", action["note"])
            if index < 9 and n % 2 == 0 and not typing and "note" not in action:
                page.keyboard.press(str(index + 1))
                how = "key"
            else:  # focused and pressed: the keyboard's way past the ninth
                page.locator("#rec-actions button.rec-action").nth(index).press("Enter")
                how = "enter"
            self.answered(n + 1)
            return how

        def press(selector: str, what: str) -> None:
            """The first of each button of a match clicked, the others pressed by Enter on
            them (the keyboard's way; a click waits for the page to be still, a key does
            not, and under load that wait is most of a decision's time)."""
            if what in self.clicked:
                page.press(selector, "Enter")
            else:
                page.click(selector)
                self.clicked.add(what)

        start = {"p": action["p"], "do": action["do"]}
        if not composing:
            page.click("#rec-compose > summary")
        if waited:  # the kind the rules wait for, as a start: {"p", "do"}
            press(
                f"#rec-kinds button[data-player='{action['p']}'][data-kind='{action['do']}']",
                "kind",
            )
        else:
            page.fill("#rec-json", json.dumps(start))
        written = start
        code = action.get("card")
        how = "written"
        if cards and isinstance(code, str) and code in cards:
            name = cards[code].get("name")
            unique = name and [c.get("name") for c in cards.values()].count(name) == 1
            page.fill("#rec-search", name if unique else code.lower())
            # the list this search answers, not one an earlier search left
            press(f"#rec-found[aria-busy='false'] button[data-code='{code}']", "found")
            written = json.loads(page.input_value("#rec-json"))
            assert written == {**start, "card": code}
            how = "named"
        if written != action:
            page.fill("#rec-json", json.dumps(action))
        press("#rec-record-json", "record")
        self.answered(n + 1)
        return how

    def verdict(self) -> tuple[str | None, list[str]]:
        """The last step's verdict as shown, and the rules of the violations it lists."""
        return tuple(
            self.page.evaluate(
                "() => [document.querySelector('#rec-verdict').dataset.verdict, "
                "[...document.querySelectorAll('#rec-verdict li.rec-violation')]"
                ".map(e => e.dataset.rule)]"
            )
        )

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


@pytest.mark.parametrize(("name", "path", "how", "upto"), CASES, ids=[c[0] for c in CASES])
def test_an_example_recorded_by_keys_and_clicks_saves_the_same_log(
    scorekeeper: Any, name: str, path: str, how: str, upto: int | None
) -> None:
    full = example(path)
    log = {**full, "actions": full["actions"][:upto]}
    expected = replay(log)
    illegal = set(expected["summary"]["illegal_steps"])
    assert illegal or expected["summary"]["result"], "an example shows a rule or a result"
    cards = rec_cards(log)
    rec = scorekeeper.new_match()
    if how == "settings":
        rec.start_from_settings(log)
    else:
        rec.resume(header_of(log))
    ways: list[str] = []
    for index, action in enumerate(log["actions"]):
        way = rec.record(action, cards)
        ways.append(way)
        if index in illegal:
            assert way in ("named", "written"), f"step {index}: an illegal play listed"
            rules = [v["rule"] for v in expected["steps"][index]["violations"]]
            assert rec.verdict() == ("illegal", rules), f"step {index}"
    # in seeded mode every card is known: each legal decision is a button
    legal = [w for i, w in enumerate(ways) if i not in illegal]
    if log["hidden"]["mode"] == "seeded":
        assert set(legal) <= set(BUTTON), ways
    else:  # in observed mode a card that becomes known is named by searching
        assert "named" in legal, ways
    assert set(BUTTON) <= set(ways), ways
    if expected["summary"]["result"]:
        assert rec.page.is_visible("#rec-result")
    saved = rec.download()
    assert canonical(saved) == canonical(log)
    assert rec.errors() == []


def rec_cards(log: dict[str, Any]) -> dict[str, Any]:
    """The log's cards by code (its own, and its sets')."""
    from judge.core.log import parse_log

    return dict(parse_log(log).cards)


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
            assert rec.record(action) in BUTTON
        # a note on the next decision is kept on its step
        page.fill("#rec-note", "checked at the table")
        assert rec.record(log["actions"][3]) in BUTTON
        # undo by its key: the decision is gone, the one before is the last step again
        page.focus("#rec-actions")
        page.keyboard.press("u")
        rec.answered(3)
        assert "Step 2:" in page.inner_text("#rec-verdict")
        page.fill("#rec-note", "checked at the table")
        assert rec.record(log["actions"][3]) in BUTTON
        # a reload loses nothing
        page.reload()
        rec.answered(4)
        for action in log["actions"][4 : illegal - 1]:
            assert rec.record(action) in BUTTON
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
        assert rec.record(log["actions"][illegal - 1]) in BUTTON
        # the illegal play, recorded as played, judged at once with its rule
        assert rec.record(log["actions"][illegal]) == "written"
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
        # the players typed, then the first deck box clicked: the players' field redraws the
        # deck boxes (their names) as the focus leaves it, and the box keeps the focus
        page.click("#rec-players")
        page.keyboard.press("Control+A")
        page.keyboard.type("A Aki\nB Ben")
        page.click("#rec-deck-A-main")
        page.keyboard.type("4 Cinder Gunner\n3 Nobody At All")
        assert page.input_value("#rec-deck-A-main") == "4 Cinder Gunner\n3 Nobody At All"
        assert "Aki: main" in page.inner_text("#rec-decks")
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
