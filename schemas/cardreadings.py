"""Marshmallow schemas of a kept card set's readings (``GET /v1/card-sets/<ref>/cards``).

A module of its own, beside :mod:`schemas.api` (which holds the API's other bodies), so
that neither grows past a screenful of schemas per concern; the API's OpenAPI document is
built from these as from those.  A card is what ``judge cards show --json`` prints for it
(:data:`judge.games.CardRenderer`): the answer is dumped through :class:`CardReadingSchema`,
so the document and the answers cannot drift apart.

Nothing here imports Flask: the schemas are plain marshmallow.
"""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

#: cards per page: the default and the most one page may hold
READINGS_LIMIT = 100
READINGS_MAX_LIMIT = 500
#: the most ``code`` parameters one request may give (a page's worth)
MAX_CODES = READINGS_MAX_LIMIT


class CardReadingsQuerySchema(Schema):
    """Which cards, and which page of them.  Unknown parameters are ignored (caches and
    proxies add their own), as on the API's other queries."""

    class Meta:
        unknown = EXCLUDE

    limit = fields.Integer(
        load_default=READINGS_LIMIT,
        validate=validate.Range(min=1, max=READINGS_MAX_LIMIT),
        metadata={
            "description": f"Cards per page (default {READINGS_LIMIT}, at most "
            f"{READINGS_MAX_LIMIT})."
        },
    )
    cursor = fields.String(
        validate=validate.Length(min=1),
        metadata={
            "description": "Where the page starts: the last code of the previous page (its "
            "`next` gives it); the page holds the codes after it."
        },
    )
    code = fields.List(
        fields.String(validate=validate.Length(min=1)),
        validate=validate.Length(max=MAX_CODES),
        metadata={
            "description": "Only these cards (repeat it: `?code=A&code=B`), still by code and "
            f"paged; at most {MAX_CODES}.  A code the set does not have is a 400 naming it "
            "(path `code`)."
        },
    )


class CardReadingSchema(Schema):
    """A card's printed text beside its reading, as ``judge cards show --json`` gives it."""

    code = fields.String(required=True)
    name = fields.String(required=True)
    type = fields.String(required=True)
    text = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The printed text, as the set gives it (null: none)."},
    )
    understood = fields.Boolean(
        required=True,
        metadata={
            "description": "Whether the engine executes the card exactly: no printed text, "
            "text read in full, or effects written by hand."
        },
    )
    status = fields.String(required=True, metadata={"description": "`understood` in words."})
    reading = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "The reading in plain English, rendered from the effects the engine "
            "executes (not from stored text), a sentence per effect."
        },
    )
    unread = fields.List(
        fields.String(),
        metadata={"description": "A card not understood: the sentences the reader did not read."},
    )
    reasons = fields.List(
        fields.String(),
        metadata={"description": "A card not understood: why it is not."},
    )


class CardReadingsSchema(Schema):
    """A page of a kept set's cards, by code, each with its reading."""

    name = fields.String(required=True)
    game = fields.String(required=True)
    sha256 = fields.String(required=True)
    cards = fields.List(fields.Nested(CardReadingSchema), required=True)
    limit = fields.Integer(required=True)
    next = fields.String(metadata={"description": "The next page; absent on the last one."})
