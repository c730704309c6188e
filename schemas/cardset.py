"""The card-set file, format ``judge-card-set/1``: its schema and :func:`validate_card_set`.

A set's ``cards`` are checked by the very schema of a log's ``cards`` for its game
(``schemas/union_arena.py``, ``schemas/rangers_strike.py``), so a definition reads the same
in a set and in a log, and every problem is reported by path, as for a log
(``cards[3].bp: required for character cards``).  See ``docs/cards.md``.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, validate
from marshmallow.experimental.context import Context

from judge.core.cards import builtin_set_names
from judge.core.cardsets import FORMAT, NAME_PATTERN, CardSet, set_hash
from judge.core.errors import MAX_ERRORS, FieldError, Unlisted, capped_list, join_path
from schemas.action_log import (
    BaseSchema,
    FreeObject,
    GameSlug,
    List,
    Refs,
    Str,
    flatten_errors,
    game_schemas,
    not_empty,
)
from schemas.log_envelope import MAX_CARDS
from schemas.problems import count_problems, counted_only


class CardSetSchema(BaseSchema):
    """A card set: definitions of one game's cards, under a name (``docs/cards.md``)."""

    format = Str(
        required=True,
        validate=validate.Equal(
            FORMAT, error=f"unsupported format {{input!r}}; this judge reads {FORMAT!r}"
        ),
    )
    game = GameSlug(required=True)
    name = Str(
        required=True,
        validate=validate.Regexp(
            NAME_PATTERN,
            error="must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter "
            "or a digit",
        ),
        metadata={"description": "how logs may name the set (or by its hash)"},
    )
    description = Str(metadata={"description": "free text, kept as is"})
    source = FreeObject(
        metadata={"description": "where the definitions came from (importer, file); kept as is"}
    )
    cards = List(
        FreeObject(),
        required=True,
        validate=not_empty(),
        max_entries=MAX_CARDS,
        why="more than any game's official card list",
        metadata={"description": "card definitions, as in a log's cards (plus text)"},
    )


def _count_card(
    schema: Any, raw: Any, code: Any, first: dict[str, int], memo: dict[str, int]
) -> int:
    """A later card's number of problems, counted as the loop above finds them (a code seen
    before is one problem; else its schema's), each distinct card loaded once."""
    if isinstance(code, str) and code in first:
        return 1
    if isinstance(code, str):
        first[code] = -1
    key = repr(raw)
    if key not in memo:
        try:
            with counted_only():
                schema.load(raw)
            memo[key] = 0
        except ValidationError as exc:
            memo[key] = count_problems(exc.messages)
    return memo[key]


def validate_card_set(data: Any) -> tuple[list[FieldError], CardSet | None]:
    """Check a decoded set; return (its problems as :func:`~judge.core.errors.capped_list`
    lists them, the set or None)."""
    if not isinstance(data, dict):
        return [FieldError("", "a card set is a JSON object")], None
    errors: list[FieldError] = []
    loaded: dict[str, Any] = {}
    try:
        loaded = CardSetSchema().load(data)
    except ValidationError as exc:
        errors += flatten_errors(exc.messages)
        loaded = exc.valid_data if isinstance(exc.valid_data, dict) else {}
    name = data.get("name")
    if isinstance(name, str) and name in builtin_set_names():
        errors.append(FieldError("name", f"{name!r} is a built-in set's name; choose another"))
    game = loaded.get("game")
    module = game_schemas(game) if isinstance(game, str) else None
    cards: dict[str, dict[str, Any]] = {}
    raw_cards = data.get("cards")
    if module is not None and isinstance(raw_cards, list) and len(raw_cards) <= MAX_CARDS:
        card_schema = module.CardSchema()
        first: dict[str, int] = {}
        found = counted = 0  # the cards' problems listed, and only counted (see List)
        memo: dict[str, int] = {}
        with Context(Refs(game=game)):
            for i, raw in enumerate(raw_cards):
                code = raw.get("code") if isinstance(raw, dict) else None
                if found >= MAX_ERRORS:  # refused already: the later cards are counted
                    counted += _count_card(card_schema, raw, code, first, memo)
                    continue
                if isinstance(code, str) and code in first:
                    errors.append(
                        FieldError(
                            join_path("cards", i, "code"),
                            f"duplicate card code {code!r} (also cards[{first[code]}])",
                        )
                    )
                    found += 1
                    continue
                if isinstance(code, str):
                    first[code] = i
                try:
                    card = card_schema.load(raw)
                except ValidationError as exc:
                    errors += flatten_errors(exc.messages, ("cards", i))
                    found += count_problems(exc.messages)
                    continue
                cards[card["code"]] = card
        if counted:
            errors.append(Unlisted("cards", "problems in later cards", counted))
    if errors:
        return capped_list(errors), None
    card_set = CardSet(
        name=loaded["name"],
        game=loaded["game"],
        sha256=set_hash(data),
        document=data,
        cards=cards,
    )
    return [], card_set
