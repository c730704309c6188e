"""A page of a kept card set's readings, for a browser (``/v1/card-sets/<ref>/cards/html``).

Per card: its code, name and type, the printed text as the set gives it, whether the engine
understands the card, its reading in English (:func:`judge.games.card_renderer`), and for a
card not understood the sentences not read and why: what ``judge cards show`` prints.

Everything from the set is the uploader's text (any client may post a set, and anybody may
open a set's page by its hash), so every value goes through :func:`html.escape` (quotes
too, for the one attribute); a card named ``<script>`` shows as those characters.  The page
is self-contained: one ``<style>`` element, whose text never depends on the set (the API's
Content-Security-Policy allows it by hash, :mod:`api.security`), no script, nothing from
another host.  It reads at 375 px wide: one column, long codes and unbroken text wrap.

Pure: no Flask, no I/O.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping
from typing import Any

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:48rem;margin:1rem auto;
padding:0 1rem;color:#1b1f24;line-height:1.45;overflow-wrap:anywhere}
h1{font-size:1.4rem;margin:.5rem 0}h2{font-size:1.1rem;margin:0 0 .3rem}
h3{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:#57606a;margin:.7rem 0 .2rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
p.meta{color:#57606a;font-size:.9rem}
article{border:1px solid #d0d7de;border-radius:.4rem;padding:.7rem .9rem;margin:1rem 0}
article.not-understood{border-color:#d4a72c;background:#fffdf3}
.type{color:#57606a;font-weight:400}
p.printed{white-space:pre-wrap;margin:0;padding:.4rem .6rem;background:#f6f8fa;border-radius:.3rem}
p.status{margin:.2rem 0;font-weight:600}p.status.yes{color:#116329}p.status.no{color:#7a4d00}
ul{margin:.2rem 0;padding-left:1.2rem}li{margin:.15rem 0}
nav{margin:1.5rem 0}
""".strip()


def _e(value: Any) -> str:
    """Escape any value for HTML text or a double-quoted attribute."""
    return html.escape(str(value), quote=True)


def _items(sentences: Any) -> str:
    return "".join(f"<li>{_e(s)}</li>" for s in sentences or ())


def _card(card: Mapping[str, Any]) -> Iterator[str]:
    understood = bool(card.get("understood"))
    yield f'<article class="{"understood" if understood else "not-understood"}">'
    yield (
        f"<h2><code>{_e(card['code'])}</code> {_e(card['name'])} "
        f'<span class="type">({_e(card["type"])})</span></h2>'
    )
    yield f'<p class="status {"yes" if understood else "no"}">{_e(card["status"])}</p>'
    if card.get("text"):
        yield f'<h3>Printed</h3><p class="printed">{_e(card["text"])}</p>'
    yield f"<h3>Reading (what the engine executes)</h3><ul>{_items(card['reading'])}</ul>"
    if card.get("unread"):
        yield f"<h3>Not read</h3><ul>{_items(card['unread'])}</ul>"
    if card.get("reasons"):
        yield f"<h3>Why</h3><ul>{_items(card['reasons'])}</ul>"
    yield "</article>"


def readings_page(doc: Mapping[str, Any], json_url: str, next_url: str | None = None) -> str:
    """The page of ``doc`` (a page of readings as ``GET /v1/card-sets/<ref>/cards`` answers
    it: ``name``, ``game``, ``sha256``, ``cards``), linking to the same page as JSON and to
    ``next_url``, the next page of this one, when there is one."""
    cards = list(doc["cards"])
    if cards:
        shown = f"{len(cards)} {'card' if len(cards) == 1 else 'cards'}, by code"
    else:
        shown = "no cards on this page"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(doc['name'])}: card readings</title>",
        f"<style>\n{CSS}\n</style>",
        "</head>",
        "<body>",
        f'<h1>{_e(doc["name"])} <span class="type">({_e(doc["game"])})</span></h1>',
        f'<p class="meta">Card set <code>sha256:{_e(doc["sha256"])}</code>; {shown}. '
        "Each reading is rendered from the effects the engine executes, not from stored "
        f'text. <a href="{_e(json_url)}">As JSON</a>.</p>',
    ]
    for card in cards:
        parts.extend(_card(card))
    if next_url is not None:
        parts.append(f'<nav><a href="{_e(next_url)}" rel="next">Next page</a></nav>')
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


#: a page with every part a page can have: its inline style is what the policy must allow
#: (:func:`api.security.content_security_policy`)
SAMPLE: dict[str, Any] = {
    "name": "sample",
    "game": "union-arena",
    "sha256": "0" * 64,
    "cards": [
        {
            "code": "X-1",
            "name": "n",
            "type": "character",
            "text": "t",
            "understood": False,
            "status": "s",
            "reading": ["r"],
            "unread": ["u"],
            "reasons": ["w"],
        }
    ],
}
