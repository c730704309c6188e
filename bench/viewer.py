"""Benchmark: the replay viewer on a big replay, in a real browser (Debian's Chromium).

Run: ``python bench/viewer.py [--actions 10000] [--moves 40]``.  It needs the ``test``
extra (Playwright) and ``/usr/bin/chromium``.  In one run, on one in-process API (the
embedded backend, werkzeug's threaded server, as the tests serve it):

* a ``--actions``-action Union Arena log is judged: a real self-play game's first 150
  actions, then an illegal attack repeated (every step is judged and skipped; the shape
  :mod:`bench.questions` uses), so the replay has ``--actions`` steps;
* ``GET /replays/<id>`` is opened, and the time to the first board drawn
  (``body[data-ready]``) is measured, against the time the table page
  (``/v1/replays/<id>/html``, every step in one document) takes to load in the same
  browser: the ratio of the two is the figure;
* ``--moves`` steps forward then back with the keyboard from the start, each timed from
  the key to the board drawn for the new step (p50, p95, max); ``End`` (the last window:
  its states are judged again from the log's start, :mod:`judge.core.frames`), then
  ``--moves`` steps back from the end.

Never a test.  Each figure is the median of ``--repeat`` page loads (3).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.questions import heavy_log  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def ready_ms(page: Any, url: str, selector: str = "body[data-ready='1']") -> float:
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(selector, timeout=120_000)
    return (time.perf_counter() - start) * 1000


def load_ms(page: Any, url: str) -> float:
    """Milliseconds from the navigation's start to the page's load event, by its clock."""
    page.goto(url, wait_until="load", timeout=300_000)
    return float(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))


#: in the page: a key pressed, then the milliseconds until the board shows another step
#: (the viewer sets ``data-drawn`` when it has drawn one), measured by the page's own clock
_MOVE = """
async (key) => {
  const viewer = document.querySelector('#viewer');
  const before = viewer.dataset.drawn;
  const start = performance.now();
  const drawn = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (viewer.dataset.drawn !== before) { seen.disconnect(); resolve(performance.now()); }
    });
    seen.observe(viewer, { attributes: true, attributeFilter: ['data-drawn'] });
  });
  document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  const at = await drawn;
  return [at - start, Number(viewer.dataset.drawn)];
}
"""


def move_ms(page: Any, key: str) -> tuple[float, int]:
    """Milliseconds from ``key`` to the board drawn for the step it leads to, by the
    page's clock (what a user waits for, without the test driver's round trips)."""
    elapsed, step = page.evaluate(_MOVE, key)
    return float(elapsed), int(step)


def first_board_ms(page: Any) -> float:
    """Milliseconds from the navigation's start to the first board drawn, by the page's
    clock (the viewer marks it ``vw-board-drawn``)."""
    return float(page.evaluate("performance.getEntriesByName('vw-board-drawn')[0].startTime"))


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"p50 {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    from api import create_app
    from worker.service import embedded_service
    from worker.testing import serve

    service = embedded_service(workers=1, timeout=600)
    server = serve(create_app(service))
    base = f"http://127.0.0.1:{server.server_port}"
    log = heavy_log(args.actions, seed="viewer-bench")
    clock = time.perf_counter()
    sub, _ = service.submit(log)
    done = service.wait(sub.id, 600)
    judged = time.perf_counter() - clock
    total = service.steps(sub.id, 0, 1)["total"]
    print(f"replay: {total} steps, judged and stored in {judged:.1f} s")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        firsts = []
        for _ in range(args.repeat):
            ready_ms(page, f"{base}/replays/{sub.id}")
            firsts.append(first_board_ms(page))
        tables = [load_ms(page, f"{base}/v1/replays/{sub.id}/html") for _ in range(args.repeat)]
        first, table = statistics.median(firsts), statistics.median(tables)
        print(
            f"first board (viewer): {first:.0f} ms (runs {', '.join(f'{t:.0f}' for t in firsts)})"
        )
        print(
            f"table page loaded:    {table:.0f} ms (runs {', '.join(f'{t:.0f}' for t in tables)})"
        )
        print(f"ratio table / first board: {table / first:.1f}")
        ready_ms(page, f"{base}/replays/{sub.id}")
        page.keyboard.press("Home")
        forward = [move_ms(page, "ArrowRight")[0] for _ in range(args.moves)]
        back = [move_ms(page, "ArrowLeft")[0] for _ in range(args.moves)]
        print(f"step forward from the start ({args.moves}): {spread(forward)}")
        print(f"step back ({args.moves}): {spread(back)}")
        end_ms, at = move_ms(page, "End")
        print(f"End (step {at}, its window judged again from the start): {end_ms:.0f} ms")
        back_end = [move_ms(page, "ArrowLeft")[0] for _ in range(args.moves)]
        print(f"step back from the end ({args.moves}): {spread(back_end)}")
        browser.close()
    server.shutdown()
    assert done.status == "finished"


if __name__ == "__main__":
    main()
