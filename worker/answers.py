"""The work behind ``POST /v1/rulings`` and ``POST /v1/decks/check``, done where it cannot
stall the API (:mod:`worker.sync_jobs` runs it in a worker, or on a small pool of threads).

Each function takes the store (for the stored replays and the card sets) and the request's
decoded document, and returns an *outcome*, a JSON object the API turns into its answer:

=============================  ===========================================================
outcome                        the API answers
=============================  ===========================================================
``{"ok": document}``           200 with the document (the answer, the deck's problems)
``{"invalid": [...], "more"}`` 400 naming every problem by path (``{"path", "message"}``)
``{"not_found": id}``          404, no such replay
``{"refused": message}``       403 ``perspective-refused`` (a view wider than submitted)
``{"set_gone": message}``      404, a card set the submission pinned is no longer kept
=============================  ===========================================================

Why outcomes and not exceptions: the work may run in another process, and what crosses
the queue is JSON.  An exception (an engine fault) is not an outcome: the runner reports
it as a failed job.  Flask-free, so that the workers need not import the API.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import BadLog, FieldError
from judge.core.perspective import PerspectiveWidened
from worker.cardsets import (
    LOCAL_OWNER,
    PinnedSetGone,
    card_sets_of,
    sets_for_log,
    sets_for_submission,
)

Outcome = dict[str, Any]


def invalid(exc: BadLog) -> Outcome:
    return {"invalid": [e.to_dict() for e in exc.errors], "more": exc.more}


def owners_sets(store: Any, doc: Any, owner: str) -> Any:
    """The kept sets a question's log or a deck names, for ``owner`` (a name among its own
    sets, a hash among all); its claims on them are refreshed, as a use."""
    sets = card_sets_of(store)
    registry = sets_for_log(sets, doc, owner)
    if registry is not None and len(registry):
        sets.use([s.sha256 for s in registry], owner)
    return registry


# -- questions ----------------------------------------------------------------------------------


def answer_question(store: Any, doc: dict[str, Any], owner: str = LOCAL_OWNER) -> Outcome:
    """The answer to the question ``doc`` (:func:`judge.core.ask.answer`).

    A question on a submitted ``replay`` reads that submission's stored log, its card sets
    (the hashes pinned when it was accepted), its ``on_illegal`` and the perspective it was
    submitted with: the answer sees no more than that perspective, and the question's own
    ``perspective`` may narrow it, never widen it (``refused``).  A question with its own
    ``log`` or ``position`` names its card sets among ``owner``'s."""
    from judge.core.ask import answer, read_question
    from judge.core.log import decode

    stored = None
    try:
        replay_id = doc.get("replay")
        if isinstance(replay_id, str) and replay_id and "log" not in doc:
            sub = store.get(replay_id)
            text = store.log_text(replay_id) if sub is not None else None
            if sub is None or text is None:
                return {"not_found": replay_id}
            sets = sets_for_submission(card_sets_of(store), sub.card_sets, text)
            stored = (decode(text), sub.on_illegal, sub.perspective)
        else:
            log = doc.get("log", doc.get("position"))  # a position names sets as a log does
            sets = owners_sets(store, log, owner) if isinstance(log, dict) else None
        question = read_question(doc, sets, stored=stored)
    except BadLog as exc:
        return invalid(exc)
    except PinnedSetGone as exc:
        return {"set_gone": str(exc)}
    except PerspectiveWidened as exc:
        return {"refused": str(exc)}
    return {"ok": answer(question)}


# -- deck checks --------------------------------------------------------------------------------


def check_deck(store: Any, doc: dict[str, Any], owner: str = LOCAL_OWNER) -> Outcome:
    """The problems of the deck ``doc`` (what ``judge check-deck`` prints), each with the
    rule it breaks and that rule's title; an empty list: the deck is legal."""
    from judge.core.canonical import sha256_of
    from judge.core.fault import Judged, engine_guard
    from judge.games import catalogue, deck_checker

    try:
        deck, table = deck_input(store, doc, owner)
    except BadLog as exc:
        return invalid(exc)
    check = deck_checker(deck["game"])  # the function `judge check-deck` calls
    cat = catalogue(deck["game"])
    with engine_guard(Judged(deck["game"], sha256_of(deck)), where="deck"):  # 501 engine-error
        found = check(*_lists_of(deck), table)
    problems = [
        {
            **p.to_dict(),
            "title": cat.rules[p.rule].title if p.rule in cat.rules else p.rule,
        }
        for p in found
    ]
    return {"ok": {"game": deck["game"], "legal": not problems, "problems": problems}}


def deck_input(
    store: Any, doc: dict[str, Any], owner: str = LOCAL_OWNER
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The loaded deck document and its card table; :class:`BadLog` naming every problem."""
    from marshmallow import ValidationError
    from marshmallow.experimental.context import Context

    from judge.core.cards import builtin_set_names, card_table, load_builtin_set
    from judge.core.cardsets import UnknownCardSet
    from schemas.action_log import Refs, flatten_errors, game_schemas
    from schemas.api import DECK_GAMES, DeckCheckSchema

    errors: list[FieldError] = []
    try:
        deck = DeckCheckSchema().load(doc)
    except ValidationError as exc:
        errors += flatten_errors(exc.messages)
        deck = exc.valid_data if isinstance(exc.valid_data, dict) else {}
    game = deck.get("game")
    if isinstance(game, str) and game not in DECK_GAMES:
        known = ", ".join(DECK_GAMES)
        errors.append(
            FieldError("game", f"no deck rules for {game!r}; games with deck rules: {known}")
        )
        game = None
    cards: list[dict[str, Any]] = []
    module = game_schemas(game) if isinstance(game, str) else None
    if module is not None:
        card_schema = module.CardSchema()
        with Context(Refs(game=game)):
            for i, raw in enumerate(deck.get("cards") or []):
                try:
                    cards.append(card_schema.load(raw))
                except ValidationError as exc:
                    errors += flatten_errors(exc.messages, ("cards", i))
    known_sets = builtin_set_names()
    registry = owners_sets(store, deck, owner)
    for i, name in enumerate(deck.get("card_sets") or []):
        if name in known_sets:
            set_game = load_builtin_set(name).get("game")
        else:
            try:
                if registry is None:
                    raise UnknownCardSet(f"no card set {name!r} is stored")
                set_game = registry.resolve(name).game
            except UnknownCardSet as exc:
                message = (
                    f"unknown card set {name!r}: {exc.message}; built-in sets: "
                    f"{', '.join(known_sets)}; sets of your own: POST /v1/card-sets"
                )
                errors.append(FieldError(f"card_sets[{i}]", message))
                continue
        if isinstance(game, str) and set_game != game:
            message = f"card set {name!r} is for {set_game}, not {game}"
            errors.append(FieldError(f"card_sets[{i}]", message))
    if errors:
        raise BadLog(errors)
    from judge.games import deck_lists

    lists = deck_lists(deck["game"])
    for other in ("ap", "dynamis", "partner"):
        if other not in lists and other in doc:
            errors.append(FieldError(other, f"{deck['game']} decks have no {other} list"))
    if errors:
        raise BadLog(errors)
    table = card_table(cards, list(deck["card_sets"]), registry)
    for part in lists:
        for i, code in enumerate(deck.get(part) or []):
            if code not in table:
                errors.append(
                    FieldError(
                        f"{part}[{i}]", f"unknown card code {code!r} (not in cards or card_sets)"
                    )
                )
    if errors:
        raise BadLog(errors)
    return deck, table


def _lists_of(deck: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The main deck and the game's second list (``ap``, ``dynamis``, ``partner``; empty
    for a game without one), as the game's deck check takes them."""
    from judge.games import deck_lists

    lists = deck_lists(deck["game"])
    second = list(deck.get(lists[1]) or []) if len(lists) > 1 else []
    return list(deck["main"]), second


#: the work a job may do, by name (what crosses the queue is the name, not a function)
def replay_frames(store: Any, doc: dict[str, Any], owner: str = LOCAL_OWNER) -> Outcome:
    """The states after a window of a stored replay's steps (:func:`judge.core.frames.frames`):
    ``doc`` is ``{"replay": id, "offset", "limit", "perspective"}``, the perspective already
    narrowed from the submission's by the API (it is checked again here: never wider).

    The log is judged again as its job judged it: the card sets it pinned, its
    ``on_illegal``."""
    from judge.core.frames import frames
    from judge.core.log import parse_log
    from judge.core.perspective import narrowed

    replay_id = doc.get("replay")
    sub = store.get(replay_id) if isinstance(replay_id, str) else None
    text = store.log_text(replay_id) if sub is not None else None
    if sub is None or text is None:
        return {"not_found": replay_id}
    try:
        view = narrowed(sub.perspective, doc.get("perspective"), sub.players)
        sets = sets_for_submission(card_sets_of(store), sub.card_sets, text)
        log = text if sets is None else parse_log(text, sets)
        found = frames(
            log, int(doc["offset"]), int(doc["limit"]), on_illegal=sub.on_illegal, perspective=view
        )
    except BadLog as exc:
        return invalid(exc)
    except PinnedSetGone as exc:
        return {"set_gone": str(exc)}
    except PerspectiveWidened as exc:
        return {"refused": str(exc)}
    return {"ok": {**found, "perspective": view}}


def audit_report(store: Any, doc: dict[str, Any], owner: str = LOCAL_OWNER) -> Outcome:
    """The report of a done audit (:func:`worker.audits.report`)."""
    from worker.audits import report

    return report(store, doc, owner)


def replay_records(store: Any, doc: dict[str, Any], owner: str = LOCAL_OWNER) -> Outcome:
    """The records of a stored replay, made when first needed (:mod:`worker.records`)."""
    from worker.records import make_records

    return make_records(store, doc, owner)


WORK = {
    "question": answer_question,
    "records": replay_records,
    "deck-check": check_deck,
    "frames": replay_frames,
    "audit-report": audit_report,
}


def refusal(store: Any, kind: str, doc: Any, owner: str = LOCAL_OWNER) -> Outcome | None:
    """The ``invalid`` outcome of a document that is bad input, found where the request is
    read (the API), or ``None`` when it must go to the work.

    Why here and not only in the work: bad input is a 400 naming every problem whether or
    not a worker is free (a worker that is down or busy must not turn a malformed deck into
    a 504), and refusing costs time linear in the body, which the readers' limits bound.

    A deck check is read whole (its lists are bounded: :data:`judge.core.decks.MAX_DECK_ENTRIES`);
    the check itself then runs in the work.  A question's envelope (``kind``, ``step``,
    ``action``, …) is checked first; only when it is bad is its log read here too, so that
    the answer still names every problem at once.  A well-formed question goes to the work
    unread: reading and replaying its log is the work.
    """
    if not isinstance(doc, dict):
        return None
    if kind == "deck-check":
        try:
            deck_input(store, doc, owner)
        except BadLog as exc:
            return invalid(exc)
        return None
    if kind == "question":
        from schemas.question import validate_question

        errors, _ = validate_question(doc)
        if not errors:
            return None
        found = answer_question(store, doc, owner)
        return found if "invalid" in found else None
    return None
