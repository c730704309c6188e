"""The recorder's documents (``/v1/recordings/…``, :mod:`api.recording`): what the page
sends and what it gets back, for the OpenAPI document.

The bodies are read by the API's strict JSON reader and checked by
:mod:`judge.core.recording` (a log is validated as any log is, every problem named by its
path under ``log.``); these schemas describe them for clients and keep the published
document honest (the answers are dumped through them)."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

ON_ILLEGAL = ("skip", "apply", "stop")


class RecordingSettingsSchema(Schema):
    """A match's settings: the header of a new log (or a ``position`` to start from)."""

    class Meta:
        unknown = INCLUDE

    game = fields.String(metadata={"description": "union-arena, rangers-strike, zx or rebirth."})
    variant = fields.String(
        allow_none=True, metadata={"description": "rangers-strike: 1v1 or tag."}
    )
    players = fields.List(
        fields.Dict(), metadata={"description": "`[{id, name}]`; four for tag battle."}
    )
    teams = fields.List(
        fields.Dict(),
        allow_none=True,
        metadata={"description": "Tag battle: `[{id, players}]` (default: seats 1-2 against 3-4)."},
    )
    rule_options = fields.Dict()
    match = fields.Dict(metadata={"description": "Free metadata (event, round, table)."})
    card_sets = fields.List(fields.String(), metadata={"description": "Built-in or kept sets."})
    cards = fields.List(fields.Dict(), metadata={"description": "Card definitions of the log."})
    decks = fields.Dict(
        metadata={
            "description": "Per player, per list of a deck (`main`, `ap`, …): the list as "
            "text, one entry a line, by card name or code, with quantities (`4 Cinder Gunner`)."
        }
    )
    hidden = fields.Dict(
        metadata={"description": "`{mode: observed}` (paper) or `{mode: seeded, seed}`."}
    )
    position = fields.Dict(
        metadata={"description": "A position (a log with `start`) to start from instead."}
    )


class RecordingStartAnswerSchema(Schema):
    """The new log: ``judge-action-log/1`` with no actions."""

    log = fields.Dict(required=True)


class RecordingNextSchema(Schema):
    """The log so far, and how to judge it."""

    class Meta:
        unknown = INCLUDE

    log = fields.Dict(required=True, metadata={"description": "The log (`judge-action-log/1`)."})
    perspective = fields.String(metadata={"description": "judge (default), public or a player id."})
    on_illegal = fields.String(validate=validate.OneOf(ON_ILLEGAL))


class LegalActionSchema(Schema):
    action = fields.Dict(required=True)
    key = fields.String(required=True, metadata={"description": "The action's canonical JSON."})
    label = fields.String(required=True, metadata={"description": "Its cards by name."})
    cards = fields.List(fields.String(), required=True, metadata={"description": "Ids it names."})


class RecordingAnswerSchema(Schema):
    """What the recorder needs after the log's last action (``judge-recording/1``)."""

    format = fields.String(required=True)
    game = fields.String(required=True)
    variant = fields.String(required=True, allow_none=True)
    perspective = fields.String(required=True)
    on_illegal = fields.String(required=True)
    actions = fields.Integer(required=True, metadata={"description": "Actions in the log."})
    observed = fields.Boolean(required=True)
    turn = fields.Integer(required=True, allow_none=True)
    phase = fields.String(required=True, allow_none=True)
    frame = fields.Dict(
        required=True, metadata={"description": "`{index, state}`: the board after the last step."}
    )
    players = fields.List(fields.Dict(), required=True)
    teams = fields.List(fields.Dict(), required=True, allow_none=True)
    decks = fields.Dict(required=True, allow_none=True)
    cards = fields.List(fields.Dict(), required=True)
    pending = fields.List(fields.Dict(), required=True)
    to_act = fields.List(fields.Dict(), required=True)
    legal_actions = fields.List(fields.Nested(LegalActionSchema), required=True)
    last = fields.Dict(
        required=True,
        allow_none=True,
        metadata={"description": "The last step: its verdict, violations and rulings with texts."},
    )
    stopped = fields.Boolean(required=True)
    result = fields.Dict(required=True, allow_none=True)


class CardSearchQuerySchema(Schema):
    q = fields.String(load_default="", validate=validate.Length(max=200))
    card_set = fields.List(
        fields.String(validate=validate.Length(min=1, max=200)),
        required=True,
        validate=validate.Length(min=1, max=16),
        metadata={"description": "A set to search (repeatable)."},
    )


class FoundCardSchema(Schema):
    class Meta:
        unknown = INCLUDE

    code = fields.String(required=True)
    name = fields.String(allow_none=True)
    type = fields.String(allow_none=True)
    name_ja = fields.String()


class CardSearchAnswerSchema(Schema):
    cards = fields.List(fields.Nested(FoundCardSchema), required=True)


class RecordingSetupSchema(Schema):
    games = fields.Dict(
        required=True,
        metadata={"description": "Per game: variants, deck lists, rule options, card sets."},
    )
