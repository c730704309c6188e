"""The docs page and the replay page in a real headless browser (Chromium), with no network.

Needs Debian's ``chromium`` (``apt-get install -y chromium``); skipped when
``/usr/bin/chromium`` is missing.  Chromium runs with every host but 127.0.0.1 unresolvable,
so the docs page can only render if its Swagger UI files come from this server.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium)",
)


def dump_dom(url: str, tmp_path: Path) -> str:
    """The DOM after the page's scripts ran (8 s of virtual time), as Chromium serialises it."""
    done = subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--virtual-time-budget=8000",
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_docs_page_renders_from_local_files(live, tmp_path) -> None:
    page = live.get("/docs").body.decode()
    init = live.get("/docs/assets/docs.js").body.decode()
    assert not re.search(r"(src|href)=\"(https?:)?//", page)  # nothing from another host
    assert "http" not in init
    dom = dump_dom(f"{live.base}/docs", tmp_path)
    # Swagger UI ran: the operations of the document are on the page
    paths = set(re.findall(r'class="opblock-summary-path" data-path="([^"]+)"', dom))
    assert {
        "/v1/replays",
        "/v1/replays/{replay_id}",
        "/v1/replays/{replay_id}/steps",
        "/v1/replays/{replay_id}/html",
        "/v1/decks/check",
        "/v1/games",
        "/v1/games/{game}/rules",
        "/v1/games/{game}/rules/{rule_id}",
        "/v1/schemas/action-log",
        "/healthz",
        "/readyz",
    } <= paths, dom[:3000]
    assert "Submit an action log to be judged." in dom
    assert "OAS 3.1" in dom


def test_the_replay_page_shows_the_steps(live, finished, tmp_path) -> None:
    dom = dump_dom(f"{live.base}/v1/replays/{finished}/html", tmp_path)
    assert "<title>Replay: union-arena</title>" in dom
    steps = re.findall(r'<tr[^>]* id="step-(\d+)"', dom)
    assert [int(s) for s in steps] == list(range(193))
    assert "UA-WIN-LIFE" in dom
