"""The judge's position editor, served: ``GET /position`` (the page), ``GET /editor/<file>``
(its modules and style sheet), ``GET /position/cards/<set>`` (a built-in set's cards, to
search by name) and ``POST /v1/positions/check`` (a position checked as ``judge position``
checks it: the problems by path, or the board's state and what is legal now).

A floor judge describes a table without typing JSON: picks the game, searches cards by name
and puts them on the board's zones, gives hands and decks as counts, and asks a question of
the existing question API (``POST /v1/rulings``).  The page draws the board with the replay
viewer's own component (``/viewer/boards/…``), from the engine's state of the position, so
a position looks in the editor as its replay will in the viewer.  Like the viewer it fetches
nothing from another host and needs no build step (``docs/editor.md``).
"""

from __future__ import annotations

import html
from typing import Any

from flask import Blueprint, Response, jsonify, send_from_directory

from api import json_body
from api.errors import ApiProblem
from judge.web.page import EDITOR, data_block

blp = Blueprint("editor", __name__)

_TYPES = {".js": "text/javascript", ".css": "text/css"}

#: what the page offers per game: its name, variants, the phases a position may start in,
#: how many players (per variant) and its built-in card sets
GAMES: dict[str, dict[str, Any]] = {
    "union-arena": {
        "name": "Union Arena",
        "variants": [],
        "phases": ["movement", "main", "attack"],
    },
    "rangers-strike": {
        "name": "Rangers Strike",
        "variants": ["1v1", "tag"],
        "phases": ["charge", "rush", "battle"],
    },
    "rebirth": {
        "name": "Rebirth for you",
        "variants": [],
        "phases": ["setup", "stand", "energy", "main", "battle", "end"],
    },
    "zx": {"name": "Z/X", "variants": [], "phases": ["resource", "ignition", "main"]},
}


def page_data() -> dict[str, Any]:
    """The page's data block: the games, each with its built-in card sets."""
    from judge.core.cards import builtin_set_names, load_builtin_set

    games = {slug: {**info, "sets": []} for slug, info in GAMES.items()}
    for name in builtin_set_names():
        game = load_builtin_set(name).get("game")
        if game in games:
            games[game]["sets"].append(name)
    return {"mode": "editor", "games": games, "cards_at": "/position/cards/"}


def editor_page() -> str:
    """The page's HTML: the editor's style sheets and module, and its data block."""
    head = (
        '<link rel="stylesheet" href="/viewer/board.css">\n'
        '<link rel="stylesheet" href="/editor/editor.css">\n'
        '<link rel="modulepreload" href="/viewer/boards/index.js">\n'
        '<script type="module" src="/editor/main.js"></script>\n'
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        '<link rel="icon" href="data:,">\n'
        f"<title>{html.escape('Position editor')}</title>\n{head}</head>\n"
        '<body><main id="editor" aria-busy="true"><noscript>The position editor needs '
        "JavaScript; positions are also checked by <code>judge position</code>.</noscript>"
        f"</main>\n{data_block(page_data())}\n</body></html>\n"
    )


@blp.get("/position")
def position_page() -> Any:
    """The position editor (its state is in the URL's fragment: nothing is stored)."""
    return Response(editor_page(), mimetype="text/html")


@blp.get("/editor/<path:name>")
def editor_file(name: str) -> Any:
    """One of the editor's files (``main.js``, ``editor.css``, …)."""
    suffix = name[name.rfind(".") :] if "." in name else ""
    if suffix not in _TYPES or not (EDITOR / name).is_file():
        raise ApiProblem(404, f"no such file of the editor: {name}", type_="about:blank")
    return send_from_directory(EDITOR, name, mimetype=_TYPES[suffix], max_age=300)


@blp.get("/position/cards/<name>")
def set_cards(name: str) -> Any:
    """A built-in set's card definitions, as shipped (the page searches them by name)."""
    from judge.core.cards import builtin_set_names, load_builtin_set

    if name not in builtin_set_names():
        raise ApiProblem(
            404,
            f"no built-in card set {name!r} (built-in: {', '.join(builtin_set_names())})",
            type_="about:blank",
        )
    doc = load_builtin_set(name)
    return jsonify({"set": name, "game": doc.get("game"), "cards": doc["cards"]})


@blp.post("/v1/positions/check")
def check() -> Any:
    """Check a position document: 200 with ``problems`` (by path, empty when it holds) and,
    when it holds, ``state``, ``ids``, ``decks``, ``pending``, ``legal_actions``; 400 only
    for a body that is not a JSON object; 501 for an engine's fault."""
    from api.errors import invalid
    from judge.core.errors import BadLog
    from judge.core.position_check import check_position

    doc = json_body("position")
    try:
        return jsonify(check_position(doc))
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None
