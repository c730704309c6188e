"""The replay viewer in a real headless browser: Debian's Chromium (``/usr/bin/chromium``),
driven by Playwright, no browser downloaded, every host but 127.0.0.1 unresolvable.

For each game (the tag battle too) a replay with an illegal play is opened from the API:
``n`` jumps to the first problem and its rule is read; stepping back and forth draws
exactly the cards of the replay's state at each step (``data-card-id``); a link to a step
and a viewpoint lands there; a player's view shows the opponent's hand as backs; an
annotation added from the page shows at once and is kept.  Screenshots of each game's
board at 375 px and 1280 px are kept by the run in ``$JUDGE_SCREENSHOTS`` (default
``build/screenshots``).  The self-contained file of ``judge replay --format html`` is
opened from disk and works the same with no server at all.
"""

from __future__ import annotations

import json
import os
import re
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

#: (name, example log, the player whose view hides the other's hand, the other player)
CASES = [
    ("union-arena", "union-arena/illegal-raid-and-reveal.json", "B", "A"),
    ("rangers-strike", "rangers-strike/1v1-illegal-rush-and-battle.json", "B", "A"),
    ("rangers-strike-tag", "rangers-strike/tag-illegal-team-play.json", "B1", "A1"),
    ("zx", "zx/illegal-out-of-range.json", "B", "A"),
    ("rebirth", "rebirth/illegal-plays.json", "B", "A"),
]
_ID = re.compile(r"^[A-Za-z0-9]+-[A-Za-z]*\d+$")
#: fields of a state that hold a word of that shape which is not a card's instance id
_NOT_IDS = {"code", "number", "turn_player", "controller", "owner", "player"}


class Viewer:
    """A page of the viewer, with what its console said."""

    def __init__(self, browser: Any, width: int = 1280, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def open(self, url: str) -> Viewer:
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready='1']", timeout=20_000)
        self.settle()
        return self

    def settle(self) -> None:
        self.page.wait_for_function(
            "() => !document.querySelector('#viewer').dataset.loading", timeout=20_000
        )

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.settle()

    @property
    def step(self) -> int:
        return int(self.page.get_attribute("#viewer", "data-step"))

    @property
    def view(self) -> str:
        return self.page.get_attribute("#viewer", "data-view")

    def board_ids(self) -> list[str]:
        return sorted(
            self.page.eval_on_selector_all(
                ".board [data-card-id]", "els => els.map(e => e.dataset.cardId)"
            )
        )

    def errors(self) -> list[str]:
        return [c for c in self.console if c.startswith(("error", "pageerror"))]

    def close(self) -> None:
        self.context.close()


def ids_in(state: Any) -> list[str]:
    """Every card instance id a state names (what the board must draw face up)."""
    found: list[str] = []

    def walk(node: Any, key: str | None = None) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for item in node:
                walk(item, key)
        elif isinstance(node, str) and _ID.match(node) and key not in _NOT_IDS:
            found.append(node)

    walk(state)
    return sorted(set(found))


def finished_job(live: Any, log: dict[str, Any]) -> str:
    answer = live.post("/v1/replays", log)
    job = answer.json["id"]
    assert live.get(f"/v1/replays/{job}?wait=30").json["status"] == "finished"
    return job


def state_at(live: Any, job: str, step: int, view: str = "judge") -> Any:
    got = live.get(f"/v1/replays/{job}/states?offset={step}&limit=1&perspective={view}").json
    return got["states"][0]["state"]


@pytest.mark.parametrize(("name", "example", "player", "other"), CASES, ids=[c[0] for c in CASES])
def test_a_judge_finds_the_illegal_play_and_steps_through_the_board(
    live, browser, name, example, player, other
) -> None:
    log = json.loads((ROOT / "examples" / example).read_text("utf-8"))
    job = finished_job(live, log)
    head = live.get(f"/v1/replays/{job}/head").json
    summary = head["replay"]["summary"]
    problems = sorted(
        {
            *summary["illegal_steps"],
            *summary["unverifiable_steps"],
            *summary.get("uncertain_steps", []),
        }
    )
    first_illegal = summary["illegal_steps"][0]
    viewer = Viewer(browser).open(f"{live.base}/replays/{job}")
    try:
        assert viewer.view == "judge"
        # n: the first problem; its rule, as the catalogue words it
        viewer.press("Home")
        viewer.press("n")
        assert viewer.step == problems[0]
        while viewer.step != first_illegal:
            viewer.press("n")
        step = live.get(f"/v1/replays/{job}/steps?offset={first_illegal}&limit=1").json["steps"][0]
        rule = step["violations"][0]["rule"]
        cited = head["replay"]["rules_cited"][rule]
        panel = viewer.page.locator("#step")
        assert rule in panel.locator(".rule-id").all_inner_texts()
        assert cited["title"] in panel.inner_text()
        texts = [t.strip() for t in panel.locator(".rule-text").all_inner_texts()]
        assert " ".join(cited["text"].split()) in [" ".join(t.split()) for t in texts]
        assert cited["confidence"] in panel.locator(".rule-label").all_inner_texts()
        # back and forth: the board is the replay's state at every step
        for key, delta in (
            ("ArrowLeft", -1),
            ("ArrowLeft", -1),
            ("ArrowRight", 1),
            ("ArrowRight", 1),
            ("ArrowRight", 1),
        ):
            before = viewer.step
            viewer.press(key)
            assert viewer.step == min(head["total"] - 1, max(0, before + delta))
            assert viewer.board_ids() == ids_in(state_at(live, job, viewer.step))
        assert f"step={viewer.step}" in viewer.page.url
        viewer.press("End")
        assert viewer.step == head["total"] - 1
        assert viewer.board_ids() == ids_in(state_at(live, job, viewer.step))
        # screenshots of the board, desktop and phone
        SHOTS.mkdir(parents=True, exist_ok=True)
        viewer.page.goto(f"{live.base}/replays/{job}#step={first_illegal}&view=judge")
        viewer.page.wait_for_selector("body[data-ready='1']")
        viewer.settle()
        viewer.page.screenshot(path=str(SHOTS / f"{name}-1280.png"), full_page=True)
        assert viewer.errors() == [], viewer.errors()
        assert not [c for c in viewer.console if "Content Security Policy" in c]
    finally:
        viewer.close()

    # a link to a step and a player's view, opened on a phone
    phone = Viewer(browser, width=375, height=800)
    try:
        target = min(first_illegal + 1, head["total"] - 1)
        phone.open(f"{live.base}/replays/{job}#step={target}&view={player}")
        assert (phone.step, phone.view) == (target, player)
        mine = state_at(live, job, target, player)
        judge = state_at(live, job, target)
        assert phone.board_ids() == ids_in(mine)
        hand = phone.page.locator(f".board [data-zone='hand'][data-player='{other}']")
        count = judge["players"][other]["hand"]
        count = count if isinstance(count, int) else len(count)
        assert hand.get_attribute("data-count") == str(count)
        assert hand.locator("[data-card-id]").count() == 0
        assert hand.locator(".card.back").count() == min(count, 12) or count > 12
        leaked = set(ids_in(judge["players"][other]["hand"])) & set(phone.board_ids())
        assert not leaked
        width = phone.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the page is {width} px wide at 375 px"
        phone.page.screenshot(path=str(SHOTS / f"{name}-375.png"), full_page=True)
        # switching the view with the selector: the judge sees that hand again
        phone.page.select_option("#view", "judge")
        phone.page.wait_for_function(
            "() => document.querySelector('#viewer').dataset.view === 'judge'"
        )
        phone.settle()
        assert phone.board_ids() == ids_in(judge)
        assert "view=judge" in phone.page.url
        # an annotation added on the phone shows on its step at once
        form = phone.page.locator("#annotate")
        form.locator("textarea[name='text']").fill(f"Checked at the table ({name})")
        form.locator("[type='submit']").click()
        phone.page.wait_for_selector(f"#step .annotation:has-text('Checked at the table ({name})')")
        kept = live.get(f"/v1/replays/{job}/annotations").json["annotations"]
        assert [(n["step"], n["text"]) for n in kept] == [
            (target, f"Checked at the table ({name})")
        ]
        assert phone.errors() == [], phone.errors()
    finally:
        phone.close()


def test_an_annotation_added_from_the_page_shows_at_once_and_is_kept(live, browser) -> None:
    log = json.loads(
        (ROOT / "examples" / "union-arena" / "illegal-line-and-phase.json").read_text("utf-8")
    )
    log["match"] = {"event": "annotated in a browser"}
    log["actions"][13]["note"] = "Judge called to table 7"
    job = finished_job(live, log)
    viewer = Viewer(browser).open(f"{live.base}/replays/{job}#step=13&view=public")
    try:
        # the log's own note shows on its step
        assert "Judge called to table 7" in viewer.page.locator("#step .note").inner_text()
        form = viewer.page.locator("#annotate")
        form.locator("textarea[name='text']").fill("The extra draw comes too late here.")
        form.locator("input[name='author']").fill("Floor judge")
        form.locator("[type='submit']").click()
        viewer.page.wait_for_selector("#step .annotation:has-text('comes too late')")
        kept = live.get(f"/v1/replays/{job}/annotations?perspective=public").json["annotations"]
        assert [(n["step"], n["text"], n["author"], n["view"]) for n in kept] == [
            (13, "The extra draw comes too late here.", "Floor judge", "public")
        ]
        # a new page shows it on its step, and in the Markdown export
        again = Viewer(browser).open(f"{live.base}/replays/{job}#step=13&view=B")
        assert "comes too late" in again.page.locator("#step").inner_text()
        again.close()
        assert "comes too late" in live.get(f"/v1/replays/{job}/markdown").body.decode()
        assert viewer.errors() == []
    finally:
        viewer.close()


def test_the_help_lists_the_keys(live, browser, finished) -> None:
    viewer = Viewer(browser).open(f"{live.base}/replays/{finished}")
    try:
        viewer.page.keyboard.press("?")
        help_text = viewer.page.locator("#help").inner_text()
        for word in ("←", "→", "↑", "↓", "n", "N", "Home", "End"):
            assert word in help_text
        viewer.page.keyboard.press("Escape")
        assert not viewer.page.locator("#help").is_visible()
        # ↓: the next turn's first step
        viewer.press("Home")
        viewer.press("ArrowDown")
        steps = live.get(f"/v1/replays/{finished}/steps?offset=0&limit=100").json["steps"]
        first_turn = steps[0]["turn"]
        nxt = next(s["index"] for s in steps if s["turn"] != first_turn)
        assert viewer.step == nxt
        viewer.press("ArrowUp")
        assert viewer.step == 0
    finally:
        viewer.close()


def test_the_self_contained_file_works_from_disk(browser, tmp_path) -> None:
    log = ROOT / "examples" / "zx" / "illegal-out-of-range.json"
    out = tmp_path / "replay.html"
    done = subprocess.run(
        [sys.executable, "-m", "judge", "replay", str(log), "--format", "html", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr  # it holds an illegal play
    text = out.read_text("utf-8")
    assert not re.search(r"(src|href)=\"(https?:)?//", text)
    viewer = Viewer(browser).open(out.as_uri())
    try:
        viewer.press("n")
        assert viewer.page.locator("#step .violation .rule-id").count() >= 1
        viewer.page.select_option("#view", "A")
        viewer.page.wait_for_function(
            "() => document.querySelector('#viewer').dataset.view === 'A'"
        )
        viewer.settle()
        hand = viewer.page.locator(".board [data-zone='hand'][data-player='B']")
        assert hand.get_attribute("data-count") == "4"
        assert hand.locator("[data-card-id]").count() == 0
        assert viewer.errors() == [], viewer.errors()
    finally:
        viewer.close()


def test_a_card_opens_its_definition_and_reading_and_changes_are_marked(
    live, browser, finished
) -> None:
    steps = live.get(f"/v1/replays/{finished}/steps?offset=0&limit=100").json["steps"]
    # step 14 of the example game: A plays A-44, a card with an effect the engine runs
    played = 14
    assert steps[played]["action"] == {**steps[played]["action"], "do": "play", "card": "A-44"}
    viewer = Viewer(browser).open(f"{live.base}/replays/{finished}#step={played}&view=judge")
    try:
        card = steps[played]["action"]["card"]
        # what the play changed is marked on the board: the card played is new where it is
        assert viewer.page.locator(f".board .changed[data-card-id='{card}']").count() == 1
        viewer.page.locator(f".board [data-card-id='{card}']").first.click()
        panel = viewer.page.locator("#card")
        panel.wait_for(state="visible")
        head = live.get(f"/v1/replays/{finished}/head").json
        code = viewer.page.get_attribute(f".board [data-card-id='{card}']", "data-code")
        definition = next(c for c in head["replay"]["cards"] if c["code"] == code)
        text = panel.inner_text()
        assert definition["name"] in text and code in text
        assert definition["effects"] and head["readings"][code]
        assert "Engine's reading" in text
        assert head["readings"][code][0] in text
        viewer.page.keyboard.press("Escape")
        assert not panel.is_visible()
    finally:
        viewer.close()


def test_a_face_down_card_under_a_union_arena_unit_shows_as_a_count_never_its_name(
    browser, tmp_path
) -> None:
    """UA-UNDER: the board shows how many face-down cards lie under a unit (a badge), and
    never which: the card put under it is on no element of the page, in any view."""
    from judge.core.replay import position
    from judge.games.union_arena.testing import seeded_turn_one, texted

    put_under = texted("T-SELF", "[登場時]自分の山札の上から1枚を裏向きでこのキャラの下に置く。")
    b = seeded_turn_one([put_under], ["T-SELF"] * 50)
    me = position(b.doc).state.players["A"].hand[0]
    under = position(b.doc).state.players["A"].deck[0]
    b.play("A", me, to="front_line")
    log = tmp_path / "face-down.json"
    log.write_text(json.dumps(b.doc, ensure_ascii=False), "utf-8")
    out = tmp_path / "replay.html"
    done = subprocess.run(
        [sys.executable, "-m", "judge", "replay", str(log), "--format", "html", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    viewer = Viewer(browser).open(out.as_uri())
    try:
        viewer.press("End")
        unit = viewer.page.locator(f".board [data-card-id='{me}']")
        assert unit.count() == 1
        assert "face down 1" in unit.inner_text()
        for view in ("judge", "A", "B"):
            viewer.page.select_option("#view", view)
            viewer.settle()
            assert viewer.page.locator(f"[data-card-id='{under}']").count() == 0, view
        SHOTS.mkdir(parents=True, exist_ok=True)
        viewer.page.screenshot(path=str(SHOTS / "union-arena-face-down-1280.png"), full_page=True)
        assert viewer.errors() == [], viewer.errors()
    finally:
        viewer.close()


def test_a_read_the_service_asks_to_repeat_is_repeated_after_its_retry_after(live, browser) -> None:
    """A narrower view's first read may wait for the replay's records (worker.records):
    503 ``answer-busy`` or 504 ``answer-timeout`` with ``Retry-After``.  The viewer asks
    again after that wait (source.js, ``vwRetryAfter``) and shows the replay; the two
    answers are made here by intercepting the first two reads of the steps (a busy service
    cannot be made on cue), the third goes to the live API.  A 429 is not asked again."""
    log = json.loads((ROOT / "examples" / CASES[0][1]).read_text("utf-8"))
    job = finished_job(live, log)
    seen: list[str] = []

    def problem(status: int, kind: str) -> dict[str, Any]:
        body = {"type": f"urn:tcg-judge:problem:{kind}", "title": kind, "status": status}
        return {
            "status": status,
            "headers": {"Retry-After": "1", "Content-Type": "application/problem+json"},
            "body": json.dumps({**body, "detail": "try again shortly"}),
        }

    def steps(route: Any) -> None:
        seen.append(route.request.url)
        if len(seen) == 1:
            route.fulfill(**problem(503, "answer-busy"))
        elif len(seen) == 2:
            route.fulfill(**problem(504, "answer-timeout"))
        else:
            route.continue_()

    viewer = Viewer(browser)
    try:
        viewer.page.route("**/v1/replays/*/steps?*", steps)
        viewer.open(f"{live.base}/replays/{job}#step=2&view=public")
        assert len(seen) >= 3 and "perspective=public" in seen[0]
        assert (viewer.step, viewer.view) == (2, "public")
        expected = live.get(f"/v1/replays/{job}/steps?offset=2&limit=1&perspective=public")
        action = expected.json["steps"][0]["action"]["do"]
        assert action in viewer.page.locator("#step").inner_text()
        unexpected = [e for e in viewer.errors() if "Failed to load resource" not in e]
        assert unexpected == [], unexpected
    finally:
        viewer.close()

    limited = Viewer(browser)
    try:
        asked: list[str] = []

        def head(route: Any) -> None:
            asked.append(route.request.url)
            route.fulfill(**problem(429, "rate-limited"))

        limited.page.route("**/v1/replays/*/head?*", head)
        limited.page.goto(f"{live.base}/replays/{job}")
        box = limited.page.locator(".vw-load-problem")
        box.wait_for(state="visible", timeout=20_000)  # the problem shown, as answered
        assert "rate-limited" in box.inner_text()
        limited.page.wait_for_timeout(1500)  # past a Retry-After of 1 s: not asked again
        assert len(asked) == 1
    finally:
        limited.close()
