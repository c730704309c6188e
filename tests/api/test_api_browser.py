"""The docs page and the replay page in a real headless browser (Chromium), with no network.

Needs Debian's ``chromium`` (``apt-get install -y chromium``); skipped when
``/usr/bin/chromium`` is missing.  Chromium runs with every host but 127.0.0.1 unresolvable,
so the docs page can only render if its Swagger UI files come from this server.  Its console
is read too: each page works under the API's Content-Security-Policy (``api/security.py``)
with no violation reported (Chromium writes every refused script, style or fetch there).
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium)",
)


@dataclass
class Page:
    """A page as Chromium left it: its DOM and its console's lines."""

    dom: str
    console: list[str]

    @property
    def csp_violations(self) -> list[str]:
        return [line for line in self.console if "Content Security Policy" in line]


def open_page(url: str, tmp_path: Path) -> Page:
    """The DOM after the page's scripts ran (8 s of virtual time), as Chromium serialises it,
    and what the page wrote to the console (Chromium's log on stderr)."""
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
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=8000",
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    return Page(done.stdout, console)


def dump_dom(url: str, tmp_path: Path) -> str:
    """The DOM of :func:`open_page`."""
    return open_page(url, tmp_path).dom


def test_the_docs_page_renders_from_local_files(live, tmp_path) -> None:
    page = live.get("/docs").body.decode()
    init = live.get("/docs/assets/docs.js").body.decode()
    assert not re.search(r"(src|href)=\"(https?:)?//", page)  # nothing from another host
    assert "http" not in init
    shown = open_page(f"{live.base}/docs", tmp_path)
    assert not shown.csp_violations, shown.csp_violations
    dom = shown.dom
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
    shown = open_page(f"{live.base}/v1/replays/{finished}/html", tmp_path)
    assert not shown.csp_violations, shown.csp_violations
    dom = shown.dom
    assert "<title>Replay: union-arena</title>" in dom
    steps = re.findall(r'<tr[^>]* id="step-(\d+)"', dom)
    assert [int(s) for s in steps] == list(range(193))
    assert "UA-WIN-LIFE" in dom


def test_a_page_under_the_policy_reports_what_it_refuses(tmp_path) -> None:
    """The console check sees a violation when there is one: under the API's policy (given
    here in a ``<meta>`` of a page of its own), an inline style and an inline script that it
    does not allow by hash are refused, each with a line on the console, and the script
    does not run."""
    from api.security import content_security_policy

    page = open_page(
        f'data:text/html,<meta http-equiv="Content-Security-Policy" '
        f'content="{content_security_policy()}"><style>p{{color:red}}</style>'
        "<script>document.title='ran'</script><p>x</p>",
        tmp_path,
    )
    refused = [line for line in page.csp_violations if "violates" in line]
    assert len(refused) == 2, page.console
    assert "<title>ran</title>" not in page.dom
