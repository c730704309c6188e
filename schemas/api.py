"""Marshmallow schemas of the HTTP API's own bodies: the single source of its OpenAPI document.

The action log itself (the body of ``POST /v1/replays``) is not described here: its schema
is :func:`schemas.jsonschema.action_log_json_schema`, which the API publishes as the
``ActionLog`` component.  What is here:

* query parameters (loaded by flask-smorest, so a bad value is a 400 naming the parameter);
* the bodies the API answers with (dumped through these schemas, so the document and the
  answers cannot drift apart);
* the deck document of ``POST /v1/decks/check`` (the shape ``judge check-deck`` reads);
* the problem document every error is (RFC 9457, ``application/problem+json``).

A field whose ``metadata`` has ``json_schema`` is documented by exactly that (the API's
OpenAPI builder honours it): how the deck document points at the log's card definitions.

Nothing here imports Flask: the schemas are plain marshmallow.
"""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, INCLUDE, RAISE, Schema, fields, validate

from judge.core.cards import builtin_set_names, load_builtin_set
from judge.core.cardsets import NAME_PATTERN
from judge.core.decks import MAX_DECK_ENTRIES
from judge.core.rules import CONFIDENCE, LABELS, OPTION_KINDS
from schemas.log_envelope import MAX_CARD_SETS, MAX_CARDS
from schemas.problems import UnknownCounted

#: ``on_illegal`` choices, as :data:`judge.core.replay.ON_ILLEGAL` (kept literal here so the
#: schemas do not import the engine).
ON_ILLEGAL = ("stop", "skip", "apply")
#: Job statuses, as :data:`worker.service.STATUSES`.
STATUSES = ("queued", "started", "finished", "failed")


def _deck_games() -> dict[str, str]:
    """Games with deck-construction rules (those of ``judge check-deck``) and an engine, each
    with the component of its card definitions (in the action log's JSON Schema, which the
    API publishes as ``ActionLog.*``; apispec names a schema class without its ``Schema``)."""
    from judge.games import DECK_CHECKERS, GAMES
    from schemas.action_log import game_schemas

    out = {}
    for game in sorted(DECK_CHECKERS):
        module = game_schemas(game) if game in GAMES else None
        if module is not None:
            out[game] = "ActionLog." + module.CardSchema.__name__.removesuffix("Schema")
    return out


def _games() -> list[str]:
    from judge.games import GAMES

    return list(GAMES)


#: Games with deck-construction rules -> the component of their card definitions.
DECK_GAMES = _deck_games()
#: The longest ``?wait=`` a client may ask for, in seconds.
MAX_WAIT = 30.0
#: Steps per page: the default and the most one page may hold.
DEFAULT_LIMIT = 50
MAX_LIMIT = 500

PERSPECTIVE_TEXT = (
    "Whose view of hidden information: `judge` (everything), `public`, or a player id. "
    "It may narrow the perspective the log was submitted with, never widen it."
)


class _Query(Schema):
    """Query parameters: unknown ones are ignored (caches and proxies add their own)."""

    class Meta:
        unknown = EXCLUDE


# -- problems -----------------------------------------------------------------------------------


class FieldErrorSchema(Schema):
    """One problem in the input: where (a field path such as ``actions[12].card``) and what."""

    path = fields.String(
        required=True,
        metadata={
            "description": "The field, as a path into the document (`actions[12].card`), a "
            "query parameter (`perspective`), or empty for the document as a whole."
        },
    )
    message = fields.String(required=True)


class ProblemSchema(Schema):
    """An error, as RFC 9457 problem details (``application/problem+json``).

    ``errors`` lists every field problem of a refused input, by path.  Some problems carry
    more members (``status`` of a job that is not finished, ``store`` and ``workers`` of a
    service that is not ready).
    """

    class Meta:
        unknown = INCLUDE  # problem details may carry extension members

    type = fields.String(
        required=True,
        metadata={
            "description": "A URI naming the kind of problem (`about:blank` for plain HTTP)."
        },
    )
    title = fields.String(required=True, metadata={"description": "The kind of problem, in short."})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status code."})
    detail = fields.String(
        required=True, metadata={"description": "This occurrence, in plain language."}
    )
    instance = fields.String(metadata={"description": "The path of the request."})
    errors = fields.List(
        fields.Nested(FieldErrorSchema),
        metadata={"description": "Every problem of a refused input, by field path."},
    )
    job_status = fields.String(
        validate=validate.OneOf(STATUSES),
        metadata={"description": "409: the status of the job that is not finished, or failed."},
    )
    ready = fields.Boolean(metadata={"description": "`/readyz`: false."})
    store = fields.Boolean(metadata={"description": "`/readyz`: whether the store answers."})
    workers = fields.Integer(metadata={"description": "`/readyz`: workers alive."})
    mode = fields.String(metadata={"description": "`/readyz`: `embedded` or `redis`."})


# -- replays ------------------------------------------------------------------------------------


class SubmitQuerySchema(_Query):
    """The options a log is judged with (checked with the log: every problem is reported)."""

    on_illegal = fields.String(
        load_default="skip",
        metadata={
            "enum": list(ON_ILLEGAL),
            "description": "On an illegal play: `stop` the replay there, `skip` the action, "
            "or `apply` it as played and mark what follows.",
        },
    )
    perspective = fields.String(
        load_default="judge",
        metadata={
            "description": "The widest perspective the replay may be read with: `judge`, "
            "`public` or a player id of the log."
        },
    )


class SubmissionSchema(Schema):
    """A submission's job: where to follow it."""

    id = fields.String(
        required=True, metadata={"description": "The job id: 32 hex digits (128 random bits)."}
    )
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    url = fields.String(required=True, metadata={"description": "Where to follow the job."})
    reused = fields.Boolean(
        required=True,
        metadata={
            "description": "True when an identical log with the same options was already "
            "submitted: its job is returned and nothing new is queued."
        },
    )


class SummarySchema(Schema):
    """What the judge found, in short (null until the job is finished)."""

    winner = fields.String(
        allow_none=True, metadata={"description": "The winner's player id; null when no winner."}
    )
    result = fields.Dict(
        allow_none=True,
        metadata={"description": "How the game ended (`winner`, `reason`); null if it did not."},
    )
    illegal_steps = fields.List(fields.Integer(), required=True)
    unverifiable_steps = fields.List(fields.Integer(), required=True)
    uncertain_steps = fields.List(
        fields.Integer(),
        metadata={
            "description": "Steps the engine found nothing illegal in, but on a state that may "
            "differ from the game's: they depend on an earlier effect that was neither executed "
            "nor recorded (each step's `depends_on` names it). Not an illegal play. Absent or "
            "empty when there are none."
        },
    )
    recorded_steps = fields.List(
        fields.Integer(),
        metadata={
            "description": "`outcome` steps: what an effect the engine cannot execute did, as "
            "the log records it, found possible but not checked against the card text. "
            "Absent or empty when there are none."
        },
    )
    steps = fields.Integer(required=True, metadata={"description": "Steps judged."})
    stopped_at = fields.Integer(
        allow_none=True,
        metadata={"description": "The illegal step the replay stopped at (`on_illegal=stop`)."},
    )


class LinksSchema(Schema):
    self = fields.String(required=True)
    steps = fields.String(required=True)
    html = fields.String(required=True)


class ReplayStatusSchema(Schema):
    """A job: its status, its summary, and the replay once it is finished."""

    id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    reason = fields.String(
        allow_none=True, metadata={"description": "Why the job failed (status `failed`)."}
    )
    game = fields.String(required=True)
    on_illegal = fields.String(required=True, validate=validate.OneOf(ON_ILLEGAL))
    submitted_perspective = fields.String(
        required=True, metadata={"description": "The perspective the log was submitted with."}
    )
    perspective = fields.String(
        required=True, metadata={"description": "The perspective of this answer."}
    )
    attempts = fields.Integer(required=True)
    submitted_at = fields.Float(required=True, metadata={"description": "Unix time."})
    started_at = fields.Float(allow_none=True)
    finished_at = fields.Float(allow_none=True)
    summary = fields.Nested(SummarySchema, allow_none=True)
    replay = fields.Dict(
        allow_none=True,
        metadata={
            "description": "The annotated replay (`judge-replay/2`, compact: the state on "
            "keyframe steps) as `perspective` sees "
            "it, when the job is finished; null before."
        },
    )
    links = fields.Nested(LinksSchema, required=True)


class StatusQuerySchema(_Query):
    perspective = fields.String(metadata={"description": PERSPECTIVE_TEXT})
    wait = fields.Float(
        load_default=0.0,
        validate=validate.Range(min=0, max=MAX_WAIT),
        metadata={
            "description": "Long-poll: answer as soon as the job is finished or failed, or "
            f"after this many seconds (at most {MAX_WAIT:g}), whichever comes first."
        },
    )


class StepsQuerySchema(_Query):
    offset = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "Index of the first step of the page."},
    )
    limit = fields.Integer(
        load_default=DEFAULT_LIMIT,
        validate=validate.Range(min=1, max=MAX_LIMIT),
        metadata={"description": f"Steps per page (default {DEFAULT_LIMIT}, at most {MAX_LIMIT})."},
    )
    perspective = fields.String(metadata={"description": PERSPECTIVE_TEXT})


class StepsPageSchema(Schema):
    """A page of a finished replay's steps."""

    id = fields.String(required=True)
    total = fields.Integer(required=True, metadata={"description": "Steps in the replay."})
    offset = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    perspective = fields.String(required=True)
    steps = fields.List(fields.Dict(), required=True)
    next = fields.String(
        allow_none=True, metadata={"description": "The next page; null on the last one."}
    )


# -- games, rules, decks, schemas ----------------------------------------------------------------


class GameSchema(Schema):
    game = fields.String(required=True, metadata={"description": "The game's slug."})
    rules_version = fields.String(required=True)
    rules = fields.Integer(required=True, metadata={"description": "Rules in the catalogue."})
    options = fields.List(
        fields.String(), required=True, metadata={"description": "Rule options a log may set."}
    )
    deck_rules = fields.Boolean(
        required=True, metadata={"description": "Whether `POST /v1/decks/check` knows it."}
    )
    rules_url = fields.String(required=True)


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
    planned = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "Slugs the log format reserves for engines not written yet."},
    )


_LABELS_TEXT = "; ".join(f"{label}: {means}" for label, means in LABELS.items())


class RuleSchema(Schema):
    """One rule, as a violation or a ruling cites it."""

    id = fields.String(required=True)
    title = fields.String(required=True)
    text = fields.String(required=True)
    source = fields.String(required=True)
    confidence = fields.String(
        required=True,
        validate=validate.OneOf(CONFIDENCE),
        metadata={"description": "How sure the rule is, by its source: " + _LABELS_TEXT},
    )
    confidence_means = fields.String(
        required=True, metadata={"description": "What the confidence label means, in words."}
    )
    section = fields.String(required=True)


class RuleOptionSchema(Schema):
    name = fields.String(required=True)
    rule = fields.String(required=True)
    default = fields.Raw(required=True)
    choices = fields.List(fields.Raw(), required=True)
    text = fields.String(required=True)
    kind = fields.String(
        required=True,
        validate=validate.OneOf(OPTION_KINDS),
        metadata={
            "description": "gap: decides what no source settles (on a GAP rule); format: "
            "switches an official rule off for formats that play otherwise."
        },
    )


class CatalogueSchema(Schema):
    """A game's rule catalogue: its rules in rulebook order and its rule options."""

    game = fields.String(required=True)
    version = fields.String(required=True)
    labels = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Each confidence label and what it means."},
    )
    rules = fields.List(fields.Nested(RuleSchema), required=True)
    options = fields.List(fields.Nested(RuleOptionSchema), required=True)


class RuleSearchQuerySchema(_Query):
    """``GET /v1/rules``: the words, and optionally the game and how many hits."""

    q = fields.String(
        required=True,
        validate=validate.Length(min=1, max=500),
        metadata={
            "description": "What to look for: words in English, Chinese or Japanese (as the "
            "rules' sources quote them), or a rule id.",
            "examples": ["snipe block"],
        },
    )
    game = fields.String(
        validate=validate.OneOf(sorted(_games())),
        metadata={"description": "Only this game's rules (default: every game's)."},
    )
    limit = fields.Integer(
        load_default=10,
        validate=validate.Range(min=1, max=200),
        metadata={"description": "At most this many hits (default 10, at most 200)."},
    )


class RuleHitSchema(RuleSchema):
    """A rule a search found: the rule as cited, its game, its score and what matched."""

    game = fields.String(required=True)
    score = fields.Float(
        required=True,
        metadata={"description": "BM25F over the rule's fields (higher is better), 4 places."},
    )
    matched = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "The rule's fields holding a word of the query (id, title, terms, "
            "section, text, source, options)."
        },
    )


class RuleSearchSchema(Schema):
    """The rules matching a query, best first (equal scores by rule id)."""

    query = fields.String(required=True)
    game = fields.String(required=True, allow_none=True)
    terms = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "The query's search tokens: English words stemmed, common words "
            "dropped, Chinese and Japanese text as character bigrams."
        },
    )
    total = fields.Integer(
        required=True, metadata={"description": "Rules that match, before the limit."}
    )
    labels = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "The confidence labels of the hits and what they mean."},
    )
    hits = fields.List(fields.Nested(RuleHitSchema), required=True)


def _bounded(bound: int, why: str, inner: fields.Field, **kwargs: Any) -> fields.List:
    """A list read up to ``bound`` entries (each costs a card loaded or a set looked up)."""
    from schemas.log_fields import List

    return List(inner, max_entries=bound, why=why, **kwargs)


def _deck_list(**kwargs: Any) -> fields.List:
    """A deck check's list of codes, read up to MAX_DECK_ENTRIES (judge/core/decks.py)."""
    why = "a deck has 50 cards (Rangers Strike: at least 40)"
    return _bounded(MAX_DECK_ENTRIES, why, fields.String(), **kwargs)


class DeckCheckSchema(UnknownCounted, Schema):
    """A deck document, as ``judge check-deck`` reads one.

    Card codes are looked up in ``cards`` (definitions in the game's card format, as in an
    action log), then in the ``card_sets`` (built-in, or stored by ``POST /v1/card-sets``).
    """

    class Meta:
        unknown = RAISE

    game = fields.String(
        required=True,
        metadata={"description": "A game with deck rules.", "enum": sorted(DECK_GAMES)},
    )
    main = _deck_list(required=True, metadata={"description": "Card codes."})
    ap = _deck_list(load_default=list, metadata={"description": "Union Arena: AP card codes."})
    dynamis = _deck_list(metadata={"description": "Z/X: the dynamis's codes."})
    partner = _deck_list(metadata={"description": "Rebirth for you: the 3 partner cards' codes."})
    cards = _bounded(
        MAX_CARDS,
        "more than any game's official card list",
        fields.Dict(
            metadata={
                "json_schema": {
                    "anyOf": [{"$ref": f"#/components/schemas/{c}"} for c in DECK_GAMES.values()]
                }
            }
        ),
        load_default=list,
        metadata={
            "description": "Card definitions, in the game's card format (as in an action log)."
        },
    )
    card_sets = _bounded(
        MAX_CARD_SETS,
        "a deck names a few card sets",
        fields.String(
            metadata={
                "examples": [
                    n for n in builtin_set_names() if load_builtin_set(n)["game"] in DECK_GAMES
                ]
            }
        ),
        load_default=list,
        metadata={
            "description": "Card sets: a built-in set's name, or a stored set's "
            "(POST /v1/card-sets) name or sha256:<hash>."
        },
    )


class DeckProblemSchema(Schema):
    rule = fields.String(required=True, metadata={"description": "The rule id it breaks."})
    title = fields.String(required=True, metadata={"description": "That rule's title."})
    message = fields.String(required=True)
    cards = fields.List(fields.String(), required=True)


class DeckCheckResultSchema(Schema):
    game = fields.String(required=True)
    legal = fields.Boolean(required=True)
    problems = fields.List(fields.Nested(DeckProblemSchema), required=True)


# -- health ---------------------------------------------------------------------------------------


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"description": "Always `ok`."})


class ReadySchema(Schema):
    ready = fields.Boolean(required=True)
    store = fields.Boolean(required=True, metadata={"description": "Whether the store answers."})
    workers = fields.Integer(required=True, metadata={"description": "Workers alive."})
    mode = fields.String(required=True, metadata={"description": "`embedded` or `redis`."})


# -- card sets ------------------------------------------------------------------------------------


def _card_components() -> dict[str, str]:
    """Every game with card schemas -> the component of its card definitions (in the
    action log's JSON Schema, published as ``ActionLog.*``)."""
    from judge.games import GAMES
    from schemas.log_envelope import GAME_SCHEMA_MODULES, game_schemas

    out = {}
    for game in sorted(GAME_SCHEMA_MODULES):
        module = game_schemas(game) if game in GAMES else None
        if module is not None:
            out[game] = "ActionLog." + module.CardSchema.__name__.removesuffix("Schema")
    return out


#: Games whose card sets the service keeps -> the component of their card definitions.
CARD_SET_GAMES = _card_components()


class CardSetDocumentSchema(Schema):
    """A card set, format ``judge-card-set/1`` (``docs/cards.md``): card definitions of one
    game, as in an action log's ``cards`` (plus the printed ``text``), under a name."""

    class Meta:
        unknown = RAISE

    format = fields.String(required=True, metadata={"enum": ["judge-card-set/1"]})
    game = fields.String(required=True, metadata={"enum": sorted(CARD_SET_GAMES)})
    name = fields.String(
        required=True,
        metadata={
            "description": "How logs may name the set (or by `sha256:<hash>`); not a built-in "
            "set's name.",
            "pattern": NAME_PATTERN,
        },
    )
    description = fields.String(metadata={"description": "Free text, kept as is."})
    source = fields.Dict(metadata={"description": "Where the cards came from; kept as is."})
    cards = fields.List(
        fields.Dict(
            metadata={
                "json_schema": {
                    "anyOf": [
                        {"$ref": f"#/components/schemas/{c}"} for c in CARD_SET_GAMES.values()
                    ]
                }
            }
        ),
        required=True,
        validate=validate.Length(min=1),
        metadata={"description": "Card definitions in the game's card format; codes unique."},
    )


class CardSetSummarySchema(Schema):
    """A kept card set, in short."""

    name = fields.String(required=True)
    game = fields.String(required=True)
    sha256 = fields.String(
        required=True,
        metadata={
            "description": "SHA-256 of the set's canonical JSON: a log names the set by "
            "`sha256:<this>`."
        },
    )
    cards = fields.Integer(required=True, metadata={"description": "How many cards it defines."})
    url = fields.String(required=True, metadata={"description": "Where to read the set."})
    expires = fields.Float(
        required=True,
        metadata={
            "description": "When the caller's claim on the set ends (Unix seconds) unless "
            "it is uploaded or used again (`JUDGE_CARD_SET_TTL`)."
        },
    )


class CardSetSavedSchema(CardSetSummarySchema):
    """The answer to a posted set: what it is kept as."""

    id = fields.String(
        required=True,
        metadata={"description": "`sha256:<hash>`: what a log's `card_sets` names it by."},
    )
    created = fields.Boolean(
        required=True,
        metadata={"description": "False when the caller kept the same set already (same hash)."},
    )


#: the card-set listing's page sizes
CARD_SET_LIMIT = 100
CARD_SET_MAX_LIMIT = 500


class CardSetListQuerySchema(_Query):
    limit = fields.Integer(
        load_default=CARD_SET_LIMIT,
        validate=validate.Range(min=1, max=CARD_SET_MAX_LIMIT),
        metadata={
            "description": f"Sets per page (default {CARD_SET_LIMIT}, at most "
            f"{CARD_SET_MAX_LIMIT})."
        },
    )
    cursor = fields.String(
        metadata={"description": "Where the page starts: as the previous page's `next` gives."}
    )


class CardSetListSchema(Schema):
    """A page of the caller's sets, by name then hash."""

    card_sets = fields.List(fields.Nested(CardSetSummarySchema), required=True)
    limit = fields.Integer(required=True)
    next = fields.String(
        metadata={"description": "The next page; absent on the last one."},
    )


# -- questions: POST /v1/rulings -----------------------------------------------------------------


class AnswerRuleSchema(Schema):
    """A rule an answer rests on, as a judge looks it up."""

    id = fields.String(required=True)
    title = fields.String(required=True)
    text = fields.String(required=True)
    source = fields.String(required=True)
    confidence = fields.String(required=True, validate=validate.OneOf(CONFIDENCE))
    confidence_means = fields.String(required=True)


class AnswerChoiceSchema(Schema):
    """Who decides, what (the rules' own words), and the options with what each does."""

    class Meta:
        unknown = INCLUDE

    player = fields.String(required=True, allow_none=True)
    decides = fields.List(fields.String(), required=True)
    options = fields.List(fields.Dict(), required=True)
    withheld = fields.String(
        metadata={
            "description": "Options naming cards the perspective does not see are not listed."
        }
    )


class AnswerSchema(Schema):
    """The answer to a question (``judge-answer/1``; docs/questions.md).

    Every answer has the fields up to ``rules``; the others belong to one kind each
    (``order``: ``waiting``, ``order``, ``recorded_order``, ``policy``, ``not_allowed``;
    ``legal``: ``legal``, ``action``, ``violations``, ``consequence``; ``explain``:
    ``step_verdict``, ``action``, ``violations``, ``rulings``, ``unverifiable``,
    ``depends_on``)."""

    format = fields.String(required=True, metadata={"description": "`judge-answer/1`."})
    kind = fields.String(required=True)
    game = fields.String(required=True)
    variant = fields.String(required=True, allow_none=True)
    step = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The last action applied."}
    )
    on_illegal = fields.String(required=True, validate=validate.OneOf(ON_ILLEGAL))
    perspective = fields.String(
        required=True,
        metadata={"description": "Whose view the answer is for (`judge`, `public`, a player)."},
    )
    state = fields.Dict(
        required=True, allow_none=True, metadata={"description": "Turn, phase, turn player."}
    )
    verdict = fields.String(required=True, metadata={"description": "The answer in one line."})
    explanation = fields.String(required=True)
    choices = fields.List(fields.Nested(AnswerChoiceSchema), required=True)
    rules = fields.List(fields.Nested(AnswerRuleSchema), required=True)
    waiting = fields.List(fields.Dict())
    order = fields.List(fields.Dict())
    recorded_order = fields.List(fields.String())
    policy = fields.String()
    not_allowed = fields.List(fields.Dict())
    legal = fields.Boolean()
    action = fields.Dict()
    violations = fields.List(fields.Dict())
    consequence = fields.Dict()
    step_verdict = fields.String()
    rulings = fields.List(fields.Dict())
    unverifiable = fields.List(fields.String())
    depends_on = fields.List(fields.Dict())
    withheld = fields.String(
        metadata={
            "description": "For a perspective other than the judge's: what the answer leaves "
            "out (every card it does not see is named 'a hidden card')."
        }
    )
