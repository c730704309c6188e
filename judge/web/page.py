"""The viewer's pages: the one the API serves (its modules and style sheets as files, the
replay read through the API) and the self-contained file the CLI writes (everything inline).

Both are one shell: ``<main id="viewer">`` and the data the viewer starts from, in a
``<script type="application/json" id="replay-data">`` block (a data block is never run, so
the API's Content-Security-Policy, which allows no inline script, lets it be).  The
viewer's ``main.js`` reads it:

* ``{"mode": "api", "id", "base", "perspective", "views"}``: the served page; the viewer
  reads the head, steps, frames and annotations from ``base`` (``/v1/replays/<id>``) for the
  view it shows, so a player's view is redacted by the server, never by the browser;
* ``{"mode": "embedded", "perspective", "views", "replays": {view: {"head", "steps",
  "states"}}, "readings", "annotations"}``: the self-contained file, one redacted replay
  for each view it offers (each view no wider than the one asked for).

Why a bundle for the file and not the modules inline: a page opened from disk may not load
modules from beside it (browsers refuse ``file:`` module scripts), and an import map would
need the modules' URLs.  The modules keep to a form a concatenation can join
(:func:`bundle`): single-line named imports of relative paths, no default export, and
top-level names unique across the files (a test bundles them and runs the result).
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

#: the viewer's files
VIEWER = Path(__file__).resolve().parent / "static" / "viewer"
#: the position editor's files (``api/editor.py``; it imports the viewer's board)
EDITOR = Path(__file__).resolve().parent / "static" / "editor"
#: where the API serves them
SERVED_AT = "/viewer/"
STYLE_SHEETS = ("viewer.css", "board.css")

_IMPORT = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"(\./[^"]+|\.\./[^"]+)";\s*$', re.M)
_EXPORT = re.compile(r"^export\s+(?=(async\s+)?function\b|const\b|let\b|class\b)", re.M)


def _module_order(entry: Path) -> list[Path]:
    """``entry`` and every module it imports, each after the modules it imports."""
    order: list[Path] = []
    seen: set[Path] = set()

    def visit(path: Path, stack: tuple[Path, ...]) -> None:
        if path in seen:
            return
        if path in stack:
            raise ValueError(f"the viewer's modules import in a cycle: {path.name}")
        for match in _IMPORT.finditer(path.read_text(encoding="utf-8")):
            visit((path.parent / match.group(1)).resolve(), (*stack, path))
        seen.add(path)
        order.append(path)

    visit(entry.resolve(), ())
    return order


@cache
def _modules() -> tuple[Path, ...]:
    return tuple(_module_order(VIEWER / "main.js"))


@cache
def bundle() -> str:
    """The viewer's modules as one module's text: each after those it imports, their
    imports and ``export`` keywords taken out."""
    parts = []
    for path in _modules():
        text = _IMPORT.sub("", path.read_text(encoding="utf-8"))
        if re.search(r"^\s*import\b", text, re.M) or "export default" in text:
            raise ValueError(f"{path.name}: an import or export the bundle cannot join")
        parts.append(f"// {path.relative_to(VIEWER)}\n" + _EXPORT.sub("", text))
    script = "\n".join(parts)
    if "</script" in script.lower():
        raise ValueError("the viewer's code holds '</script'")
    return script


@cache
def styles() -> str:
    """The viewer's style sheets, joined."""
    return "\n".join((VIEWER / name).read_text(encoding="utf-8") for name in STYLE_SHEETS)


def data_block(data: dict[str, Any]) -> str:
    """``data`` as the page's JSON data block; nothing in it can end the element or open a
    comment (``<`` is written ``\\u003c``, which JSON reads back the same)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f'<script type="application/json" id="replay-data">{text}</script>'


def _shell(title: str, head: str, data: dict[str, Any]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        '<link rel="icon" href="data:,">\n'  # no icon to fetch
        f"<title>{html.escape(title)}</title>\n{head}</head>\n"
        '<body><main id="viewer" aria-busy="true"><noscript>The replay viewer needs '
        "JavaScript; the replay's steps are also at the API as JSON, Markdown and a "
        "table.</noscript></main>\n"
        f"{data_block(data)}\n</body></html>\n"
    )


def served(replay_id: str, base: str, perspective: str, views: list[str]) -> str:
    """The page ``GET /replays/<id>`` answers: the viewer's files from this server."""
    links = "".join(f'<link rel="stylesheet" href="{SERVED_AT}{name}">\n' for name in STYLE_SHEETS)
    # every module asked for at once, not import by import (a chain of round trips)
    preload = "".join(
        f'<link rel="modulepreload" href="{SERVED_AT}{path.relative_to(VIEWER).as_posix()}">\n'
        for path in _modules()
    )
    head = links + preload + f'<script type="module" src="{SERVED_AT}main.js"></script>\n'
    data = {
        "mode": "api",
        "id": replay_id,
        "base": base,
        "perspective": perspective,
        "views": views,
    }
    return _shell(f"Replay {replay_id}", head, data)


def standalone(
    replays: dict[str, dict[str, Any]],
    perspective: str,
    readings: dict[str, list[str]],
    annotations: dict[str, list[dict[str, Any]]] | None = None,
) -> str:
    """The self-contained viewer: ``replays`` is each offered view's full replay
    (``detail="full"``: a state on every step), ``perspective`` the one it opens on;
    ``annotations`` what each view may read of them (:func:`judge.core.annotations.visible`)."""
    views = list(replays)
    shown = annotations or {}
    data = {
        "mode": "embedded",
        "perspective": perspective,
        "views": views,
        "replays": {
            view: {**split(doc), "annotations": shown.get(view, [])}
            for view, doc in replays.items()
        },
        "readings": readings,
        "annotations": shown.get(perspective, []),
    }
    first = replays[perspective]
    title = f"Replay: {first.get('game')}"
    players = ", ".join(str(p.get("name") or p.get("id")) for p in first.get("players") or ())
    if players:
        title += f" ({players})"
    head = f'<style>\n{styles()}\n</style>\n<script type="module">\n{bundle()}\n</script>\n'
    return _shell(title, head, data)


def split(doc: dict[str, Any]) -> dict[str, Any]:
    """A full replay as the embedded viewer reads it: the head (no steps), the steps
    without their states (and without the judge's snapshots), the states by step."""
    steps, states = [], []
    for step in doc.get("steps") or ():
        step = dict(step)
        states.append(step.pop("state", None))
        step.pop("snapshot", None)
        steps.append(step)
    head = {k: v for k, v in doc.items() if k != "steps"}
    head["steps"] = []
    return {"head": head, "steps": steps, "states": states}
