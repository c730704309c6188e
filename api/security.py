"""Security headers on every answer of the API: a Content-Security-Policy, ``nosniff``, no
framing, no referrer.

The API serves three pages a browser runs: the docs page (``/docs``: Swagger UI from this
server's own files, :mod:`api.docs`), the replay page (``/v1/replays/<id>/html``, the
HTML exporter's self-contained page, or the page that waits for it) and a card set's
readings (``/v1/card-sets/<ref>/cards/html``, :mod:`api.cardpage`).  None has an inline
script: Swagger UI is started by ``/docs/assets/docs.js``, the other pages have no script
at all.  Each has inline CSS: a ``<style>`` element (the replay page's and the readings
page's whole style sheets, one rule on the docs page), and the waiting page a ``style``
attribute.  The policy allows
exactly those, by the SHA-256 of each (:func:`inline_hashes` of the pages' templates,
computed once), and nothing inline else: a script or a style that got into a page some
other way (a replay's text that escaped the escaping) is refused by the browser.

The policy, directive by directive:

``default-src 'none'``
    nothing that is not allowed below (JSON answers: nothing at all);
``script-src 'self'``
    scripts from this server only (Swagger UI and its initializer), none inline;
``style-src 'self' 'sha256-…'``
    Swagger UI's style sheet, and the pages' own ``<style>`` elements by hash;
``style-src-attr 'unsafe-hashes' 'sha256-…'``
    the waiting page's ``style`` attribute by hash (Swagger UI sets styles through the
    DOM, which a policy does not restrict);
``img-src 'self' data:``
    the favicon, and the icons Swagger UI's style sheet carries as ``data:`` URLs;
``connect-src 'self'``
    Swagger UI fetching ``/openapi.json`` and "Try it out" requests;
``base-uri 'none'``, ``form-action 'self'``
    no ``<base>`` to redirect relative URLs; forms post here only;
``frame-ancestors 'none'``
    no page may frame these (clickjacking; also ``X-Frame-Options: DENY`` for browsers
    without it).

``Referrer-Policy: no-referrer``: a job's URL is its only secret (GETs need no token; the
id is 128 random bits), so a link followed from a page must not carry it to another host.
``X-Content-Type-Options: nosniff``: a JSON answer holding a log's text is never read as
HTML or script.

A view may set its own value of any of these headers; it is kept.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable
from functools import cache
from html.parser import HTMLParser

from flask import Flask, Response

#: the headers set on every answer, besides the policy
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class _InlineParts(HTMLParser):
    """The inline scripts, inline style sheets and ``style`` attributes of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: dict[str, list[str]] = {"script": [], "style": []}
        self.attributes: list[str] = []
        self._open: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if given.get("style"):
            self.attributes.append(given["style"] or "")
        if tag in self.blocks and not (tag == "script" and given.get("src")):
            self._open = (tag, [])

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and self._open[0] == tag:
            self.blocks[tag].append("".join(self._open[1]))
            self._open = None


def _sha256(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def inline_hashes(page: str) -> dict[str, set[str]]:
    """The CSP hash sources of ``page``'s inline parts, by kind: ``script`` and ``style``
    (the text of each ``<script>`` without ``src`` and each ``<style>``, exactly as
    written), ``style-attr`` (each ``style`` attribute's value).

    >>> inline_hashes('<p style="margin:0">x</p>')["style-attr"]
    {"'sha256-q3nqK4VzeI/SowYCYQ/tCfo056B/JMutuSpzbJbHczk='"}
    """
    parser = _InlineParts()
    parser.feed(page)
    parser.close()
    return {
        "script": {_sha256(text) for text in parser.blocks["script"]},
        "style": {_sha256(text) for text in parser.blocks["style"]},
        "style-attr": {_sha256(text) for text in parser.attributes},
    }


def _served_templates() -> Iterable[str]:
    """The pages this API serves, as their templates render them with any values: the
    inline parts do not depend on the values (a replay's text is only ever in the body,
    escaped)."""
    from api import cardpage, docs, replays
    from judge.core.export import export

    values = {
        "title": "t",
        "version": "v",
        "css": "c",
        "icon": "i",
        "bundle": "b",
        "init": "j",
        "spec": "s",
        "items": "",
        "id": "0",
        "status": "queued",
    }
    yield docs._PAGE.format(**values)
    yield docs._PLAIN.format(**values)
    yield replays._WAITING_PAGE.format(**values)
    yield export({"steps": []}, "html")
    yield cardpage.readings_page(cardpage.SAMPLE, "/j", "/n")


@cache
def content_security_policy() -> str:
    """The policy (see the module), with the hashes of the served pages' inline parts."""
    found: dict[str, set[str]] = {"script": set(), "style": set(), "style-attr": set()}
    for page in _served_templates():
        for kind, hashes in inline_hashes(page).items():
            found[kind] |= hashes
    if found["script"]:  # no page has one; if one ever does, it is allowed by hash only
        script = "script-src 'self' " + " ".join(sorted(found["script"]))
    else:
        script = "script-src 'self'"
    directives = [
        "default-src 'none'",
        script,
        " ".join(["style-src 'self'", *sorted(found["style"])]),
        " ".join(["style-src-attr", "'unsafe-hashes'", *sorted(found["style-attr"])])
        if found["style-attr"]
        else "style-src-attr 'none'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    return "; ".join(directives)


def _add_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", content_security_policy())
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def register(app: Flask) -> None:
    """Set the security headers on every answer of ``app`` (errors included)."""
    content_security_policy()  # computed at start: a template that cannot be read fails here
    app.after_request(_add_headers)
