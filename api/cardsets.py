"""``/v1/card-sets``: keep the user's card sets, list them, read one back.

``POST /v1/card-sets`` checks a set (``judge-card-set/1``, ``docs/cards.md``) as ``judge
cards check`` does (400 with every problem by path; 413 over the body limit) and keeps it
under its content hash: 201 with the set's ``id`` (``sha256:<hash>``, what a log's
``card_sets`` names it by), or 200 when the same set was kept already.  Sets do not expire
(:mod:`worker.cardsets`).  A log submitted to ``POST /v1/replays`` may then name the set by
hash, or by name when exactly one kept set has that name.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Response, url_for
from flask_smorest import Blueprint

from api import current_service, json_body
from api.docs import response_name
from api.errors import ApiProblem, invalid
from judge.core.canonical import canonical_bytes
from judge.core.cardsets import HASH_PREFIX, read_card_set
from judge.core.errors import BadLog
from schemas.api import CardSetDocumentSchema, CardSetListSchema, CardSetSavedSchema
from worker.cardsets import CardSetStore, card_sets_of

blp = Blueprint(
    "cardsets",
    __name__,
    url_prefix="/v1/card-sets",
    description="Card sets from the user: kept by content hash, named by logs.",
)

_HEX = re.compile(r"[0-9a-f]{64}")
_LOCATION = {
    "Location": {"description": "The set's URL.", "schema": {"type": "string", "format": "uri"}}
}


def _store() -> CardSetStore:
    return card_sets_of(current_service().store)


def _url(sha256: str) -> str:
    return url_for("cardsets.get_card_set", ref=HASH_PREFIX + sha256, _external=True)


@blp.route("", methods=["POST"])
@blp.response(201, CardSetSavedSchema, description="Kept: a new set.", headers=_LOCATION)
@blp.alt_response(
    200,
    schema=CardSetSavedSchema,
    description="The same set (same hash) was kept already.",
    headers=_LOCATION,
)
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(503, response=response_name(503))
@blp.doc(
    operationId="postCardSet",
    requestBody={
        "required": True,
        "description": "A card set (`judge-card-set/1`).",
        "content": {"application/json": {"schema": CardSetDocumentSchema}},
    },
)
def post_card_set() -> Any:
    """Keep a card set; answer its id (`sha256:<hash>`).

    The set is checked as a log's `cards` are, with every problem by path (`cards[3].bp`).
    Posting the same set again answers the same id (200).
    """
    try:
        card_set = read_card_set(json_body("card set"))
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None
    created = _store().put(card_set)
    url = _url(card_set.sha256)
    doc = {**card_set.summary(), "id": card_set.ref, "url": url, "created": created}
    return doc, 201 if created else 200, {"Location": url}


@blp.route("", methods=["GET"])
@blp.response(200, CardSetListSchema, description="Every kept set, by name then hash.")
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="listCardSets")
def list_card_sets() -> Any:
    """The kept card sets: name, game, hash and number of cards of each."""
    return {"card_sets": [{**s, "url": _url(s["sha256"])} for s in _store().summaries()]}


@blp.route("/<ref>", methods=["GET"])
@blp.response(200, CardSetDocumentSchema, description="The set, as it was posted.")
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="getCardSet")
def get_card_set(ref: str) -> Any:
    """A kept card set by its hash (`sha256:<hash>`, or the 64 hex digits alone)."""
    sha256 = ref[len(HASH_PREFIX) :] if ref.startswith(HASH_PREFIX) else ref
    card_set = _store().get(sha256) if _HEX.fullmatch(sha256) else None
    if card_set is None:
        raise ApiProblem(
            404,
            f"no card set {ref!r} is kept here; sets are named sha256:<64 hex digits> "
            "(GET /v1/card-sets lists them)",
            title="No such card set",
        )
    # the document exactly as posted (its canonical JSON: what its hash is taken over)
    return Response(canonical_bytes(card_set.document), mimetype="application/json")
