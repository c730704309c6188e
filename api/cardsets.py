"""``/v1/card-sets``: keep the caller's card sets, list them, read one back, delete one.

``POST /v1/card-sets`` checks a set (``judge-card-set/1``, ``docs/cards.md``) as ``judge
cards check`` does (400 with every problem by path; 413 over the body limit) and keeps it
under its content hash for the caller: 201 with the set's ``id`` (``sha256:<hash>``, what a
log's ``card_sets`` names it by), or 200 when the caller kept the same set already.

Every set has owners (:mod:`worker.cardsets`): the caller is a fingerprint of the bearer
token when ``JUDGE_TOKENS`` is set (:func:`request_owner`), else the client's address.  A
log submitted to ``POST /v1/replays``, a question and a deck check name a set by hash
(anybody's) or by a name among the caller's own sets; a submission keeps the hashes.

``JUDGE_CARD_SET_TTL`` (seconds, default 30 days: ``create_app(config=…)`` or the
environment): how long a caller's claim on a set lasts from its last upload or use.

``GET /v1/card-sets/<hash>/cards`` answers the set's cards by code, a page at a time, each
with its reading in English beside its printed text (what ``judge cards show --json``
prints, by the same renderer: :func:`judge.games.card_renderer`); ``…/cards/html`` is the
same page for a browser (:mod:`api.cardpage`).

Who may do what, with tokens on: ``GET /v1/card-sets/<hash>`` (and its cards, as JSON or a
page) is open, as a job's GETs are (a hash names content, and is not guessed); the list
(the caller's own sets) and ``DELETE`` need the token (401 without).  ``DELETE`` of a set
the caller does not own is a 404, as for a set that does not exist: whether somebody else
keeps it does not leak.
"""

from __future__ import annotations

import hmac
import re
from typing import Any

from flask import Response, current_app, request, url_for
from flask_smorest import Blueprint

from api import current_service, json_body
from api.docs import TOKEN_NEEDED, problems, response_name
from api.errors import ApiProblem, invalid, problem_type
from judge.core.canonical import canonical_bytes
from judge.core.cardsets import HASH_PREFIX, NAME_PATTERN, CardSet, read_card_set
from judge.core.errors import BadLog, FieldError
from judge.games import card_renderer
from schemas.api import (
    CardSetDocumentSchema,
    CardSetListQuerySchema,
    CardSetListSchema,
    CardSetSavedSchema,
)
from schemas.cardreadings import CardReadingsQuerySchema, CardReadingsSchema
from worker.cardsets import (
    TTL_VARIABLE,
    CardSetStore,
    address_owner,
    card_sets_of,
    cursor_of,
    read_ttl,
    token_owner,
)

blp = Blueprint(
    "cardsets",
    __name__,
    url_prefix="/v1/card-sets",
    description="Card sets from the user: kept by content hash for their owners, named by "
    "logs by hash or by a name among the caller's own sets.",
)

_HEX = re.compile(r"[0-9a-f]{64}")
_CURSOR = re.compile(NAME_PATTERN[1:-1] + r":[0-9a-f]{64}")
_LOCATION = {
    "Location": {"description": "The set's URL.", "schema": {"type": "string", "format": "uri"}}
}


@blp.record_once
def _retention(state: Any) -> None:
    """``JUDGE_CARD_SET_TTL`` given to ``create_app(config=…)`` sets the service's
    retention (the environment's is the service's default)."""
    value = state.app.config.get(TTL_VARIABLE)
    if value not in (None, ""):
        state.app.extensions["judge_service"].card_set_ttl = read_ttl(value)


def _store() -> CardSetStore:
    service = current_service()
    return card_sets_of(service.store, service.card_set_ttl)


def _url(sha256: str) -> str:
    return url_for("cardsets.get_card_set", ref=HASH_PREFIX + sha256, _external=True)


def _unauthorized(given: str) -> ApiProblem:
    return ApiProblem(
        401,
        "this endpoint needs Authorization: Bearer <token>"
        if not given
        else "the bearer token is not accepted",
        title="Unauthorized",
        headers={"WWW-Authenticate": 'Bearer realm="tcg-judge"'},
    )


def request_owner() -> str:
    """Who the caller is, as an owner of card sets: with ``JUDGE_TOKENS``, a fingerprint of
    its bearer token (401 without an accepted one); without, its address (behind a trusted
    proxy, the address the proxy saw).  An open service cannot protect names: a client
    that shares or spoofs an address shares its names; hashes are the safe way to name."""
    tokens = current_app.config.get("JUDGE_TOKEN_SET") or ()
    if not tokens:
        return address_owner(request.remote_addr)
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    given = given.strip()
    if scheme.lower() != "bearer" or not any(
        hmac.compare_digest(given.encode(), t.encode()) for t in tokens
    ):
        raise _unauthorized(given)
    return token_owner(given)


def _sha256_of(ref: str) -> str | None:
    sha256 = ref[len(HASH_PREFIX) :] if ref.startswith(HASH_PREFIX) else ref
    return sha256 if _HEX.fullmatch(sha256) else None


def _no_such_set(ref: str) -> ApiProblem:
    return ApiProblem(
        404,
        f"no card set {ref!r} is kept here for you; sets are named sha256:<64 hex digits> "
        "(GET /v1/card-sets lists yours)",
        title="No such card set",
    )


@blp.route("", methods=["POST"])
@blp.response(201, CardSetSavedSchema, description="Kept: new for the caller.", headers=_LOCATION)
@blp.alt_response(
    200,
    schema=CardSetSavedSchema,
    description="The caller kept the same set (same hash) already: its retention is renewed.",
    headers=_LOCATION,
)
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(503, **problems("store-unavailable", "store-full"))
@blp.doc(
    operationId="postCardSet",
    requestBody={
        "required": True,
        "description": "A card set (`judge-card-set/1`).",
        "content": {"application/json": {"schema": CardSetDocumentSchema}},
    },
)
def post_card_set() -> Any:
    """Keep a card set for the caller; answer its id (`sha256:<hash>`) and its expiry.

    The set is checked as a log's `cards` are, with every problem by path (`cards[3].bp`).
    Posting the same set again answers the same id (200) and renews the caller's claim.
    """
    owner = request_owner()
    try:
        card_set = read_card_set(json_body("card set"))
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None
    created, expires = _store().put(card_set, owner)
    url = _url(card_set.sha256)
    doc = {
        **card_set.summary(),
        "id": card_set.ref,
        "url": url,
        "created": created,
        "expires": expires,
    }
    return doc, 201 if created else 200, {"Location": url}


@blp.route("", methods=["GET"])
@blp.arguments(CardSetListQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, CardSetListSchema, description="A page of the caller's sets.")
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="listCardSets", **{TOKEN_NEEDED: True})
def list_card_sets(limit: int, cursor: str | None = None) -> Any:
    """The caller's card sets, by name then hash, a page at a time (`next` until the last).

    With tokens on, the token's sets (401 without one); without, the address's.
    """
    owner = request_owner()
    if cursor is not None and not _CURSOR.fullmatch(cursor):
        message = "a cursor is <name>:<64 hex digits>, as the previous page's next URL gives"
        raise invalid([FieldError("cursor", message)])
    rows, more = _store().page(owner, limit, cursor)
    doc: dict[str, Any] = {
        "card_sets": [{**s, "url": _url(s["sha256"])} for s in rows],
        "limit": limit,
    }
    if more and rows:
        doc["next"] = url_for(
            "cardsets.list_card_sets", limit=limit, cursor=cursor_of(rows[-1]), _external=True
        )
    return doc


def _kept(ref: str) -> CardSet:
    """The set ``ref`` names by hash (``sha256:<hex>`` or the hex alone); 404 for none."""
    sha256 = _sha256_of(ref)
    card_set = _store().get(sha256) if sha256 else None
    if card_set is None:
        raise _no_such_set(ref)
    return card_set


@blp.route("/<ref>", methods=["GET"])
@blp.response(200, CardSetDocumentSchema, description="The set, as it was posted.")
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="getCardSet")
def get_card_set(ref: str) -> Any:
    """A kept card set by its hash (`sha256:<hash>`, or the 64 hex digits alone), whoever
    keeps it: open, as a job's GETs are (a hash is content, not a guess)."""
    card_set = _kept(ref)
    # the document exactly as posted (its canonical JSON: what its hash is taken over)
    return Response(canonical_bytes(card_set.document), mimetype="application/json")


@blp.route("/<ref>", methods=["DELETE"])
@blp.response(204, description="The caller's claim on the set is removed.")
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="deleteCardSet", **{TOKEN_NEEDED: True})
def delete_card_set(ref: str) -> Any:
    """Delete one of the caller's sets by hash: 204; 404 when the caller keeps none of
    that hash (somebody else's is a 404 too).

    The stored document goes when no other owner keeps it and no accepted job needs it;
    until then it stays readable by hash.
    """
    owner = request_owner()
    sha256 = _sha256_of(ref)
    if sha256 is None or not _store().delete(owner, sha256):
        raise _no_such_set(ref)
    return Response(status=204)


# -- the cards' readings -------------------------------------------------------------------------


def _no_renderer(card_set: CardSet) -> ApiProblem:
    return ApiProblem(
        501,
        f"no reading renderer exists for {card_set.game} yet: its cards' readings cannot be "
        "shown (the set itself is kept: GET /v1/card-sets/<ref>)",
        type_=problem_type("no-reading-renderer"),
        title="No reading renderer",
    )


def _readings(
    ref: str, limit: int, cursor: str | None, code: list[str] | None
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A page of the set's readings (``CardReadingsSchema`` without ``next``) and the query
    of the next page, None on the last.

    Cards go by code (the order ``judge cards show`` prints a whole set in), ``code`` picks
    some of them, and the page starts after ``cursor``: a code, not an offset, so a page's
    link stays right whatever its reader did between two pages.  The set is checked before
    the codes and the renderer: an unknown set is a 404 whatever else is asked; then a code
    the set does not have is a 400 naming each (the request is wrong, not the set missing),
    and a game with no renderer a 501 (the server cannot do it yet, whatever is asked).
    """
    card_set = _kept(ref)
    codes = sorted(set(code)) if code else sorted(card_set.cards)
    missing = [c for c in dict.fromkeys(code or ()) if c not in card_set.cards]
    if missing:
        raise invalid(
            [FieldError("code", f"no card {c!r} in the set {card_set.name!r}") for c in missing]
        )
    render = card_renderer(card_set.game)
    if render is None:
        raise _no_renderer(card_set)
    after = [c for c in codes if cursor is None or c > cursor]
    page = after[:limit]
    doc = {
        "name": card_set.name,
        "game": card_set.game,
        "sha256": card_set.sha256,
        "cards": [render(card_set.cards[c]) for c in page],
        "limit": limit,
    }
    following = None
    if len(after) > limit:
        following = {"limit": limit, "cursor": page[-1], **({"code": codes} if code else {})}
    return doc, following


@blp.route("/<ref>/cards", methods=["GET"])
@blp.arguments(CardReadingsQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, CardReadingsSchema, description="A page of the set's cards, by code.")
@blp.alt_response(
    400, response=response_name(400), description="A bad query, or a code the set lacks."
)
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(501, **problems("no-reading-renderer"))
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="getCardSetReadings")
def get_readings(
    ref: str, limit: int, cursor: str | None = None, code: list[str] | None = None
) -> Any:
    """A kept set's cards, each with its printed text beside its reading in plain English,
    a page at a time by code (`next` until the last); `code` picks cards.

    Each card is what `judge cards show --json` prints: `code`, `name`, `type`, `text`,
    `understood`, `status`, `reading` (rendered from the effects the engine executes), and
    for a card not understood `unread` and `reasons`.  Open, as `GET /v1/card-sets/{ref}`
    is.  404 for an unknown set; 400 naming each code the set does not have (path
    `code`); 501 `no-reading-renderer` for a game with no renderer yet.
    """
    doc, following = _readings(ref, limit, cursor, code)
    if following is not None:
        doc["next"] = url_for("cardsets.get_readings", ref=ref, _external=True, **following)
    return doc


@blp.route("/<ref>/cards/html", methods=["GET"])
@blp.arguments(CardReadingsQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(
    200,
    {"type": "string"},
    content_type="text/html",
    description="The page of the set's cards and their readings.",
)
@blp.alt_response(
    400, response=response_name(400), description="A bad query, or a code the set lacks."
)
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(501, **problems("no-reading-renderer"))
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="getCardSetReadingsHtml")
def get_readings_html(
    ref: str, limit: int, cursor: str | None = None, code: list[str] | None = None
) -> Any:
    """The same page of readings as `GET /v1/card-sets/{ref}/cards`, as HTML for a browser.

    A URL of its own, as the replay's page is (`/v1/replays/{id}/html` beside its job):
    not the JSON URL answering `Accept: text/html`, so a link opens the page in any browser
    and a cache keeps the two apart without `Vary`, each operation documenting one content
    type; and under `/v1` beside its JSON, not at `/card-sets/{ref}`, so the page is in the
    OpenAPI document and takes the same query.  Every value of the set (uploaders' text)
    is escaped; the page links to its JSON and to the next page."""
    from api.cardpage import readings_page

    doc, following = _readings(ref, limit, cursor, code)
    query = {"limit": limit, **({"cursor": cursor} if cursor else {})}
    json_url = url_for(
        "cardsets.get_readings", ref=ref, **query, **({"code": code} if code else {})
    )
    next_url = (
        url_for("cardsets.get_readings_html", ref=ref, **following)
        if following is not None
        else None
    )
    return Response(readings_page(doc, json_url, next_url), mimetype="text/html")
