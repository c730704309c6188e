"""``judge replay``, ``judge canonical`` and ``judge legal``: judging an action log."""

from __future__ import annotations

import json
import sys
from importlib import import_module
from typing import Any

import click

from judge.commands.cards import card_set_registry
from judge.commands.common import (
    EXIT_FOUND,
    EXIT_OK,
    emit,
    fail,
    fail_bad_log,
    limit_options,
    read_text,
)
from judge.core.canonical import canonical_json
from judge.core.errors import BadLog
from judge.core.fault import guard_log
from judge.core.jsontext import Limits
from judge.core.log import parse_log

#: ``--card-set FILE`` (repeatable): the user's card sets a log may name
card_set_option = click.option(
    "--card-set",
    "card_sets",
    multiple=True,
    metavar="FILE",
    help="A card set the log may name in its card_sets, by name or sha256:<hash> "
    "(repeatable; see judge cards).",
)


def _log_with_sets(text: str, files: tuple[str, ...], limits: Limits) -> Any:
    """The log text as it is, or parsed with the ``--card-set`` files (BadLog when it is
    not a log)."""
    registry = card_set_registry(files, limits)
    return text if registry is None else parse_log(text, registry)


# --------------------------------------------------------------------------------------
# judge replay


@click.command("replay", short_help="Judge an action log; print the annotated replay.")
@click.argument("log", metavar="LOG")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown", "html", "table"]),
    default=None,
    help="Output format (default: text): html is the replay viewer as one self-contained "
    "file (the board at every step, every view no wider than --perspective); table is the "
    "steps as an HTML table.",
)
@click.option("--json", "as_json", is_flag=True, help="Shorthand for --format json.")
@click.option(
    "--perspective",
    default="judge",
    show_default=True,
    metavar="P",
    help="Whose view of hidden information: judge, public, or a player id.",
)
@click.option(
    "--on-illegal",
    type=click.Choice(["stop", "skip", "apply"]),
    default="skip",
    show_default=True,
    help="On an illegal play: stop the replay there, skip the action, or apply it as played.",
)
@click.option(
    "--states",
    is_flag=True,
    help="Every step with its state (a full replay; compact replays carry it every 20 "
    "steps); text and Markdown then show the state after every step.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the replay to FILE instead of stdout.",
)
@click.option(
    "--annotations",
    "annotations_file",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Annotations to show under their steps: the JSON the API's GET "
    '/v1/replays/<id>/annotations answers, {"annotations": [{step, text, author, view}]}; '
    "each view sees those written from a view no wider than it.",
)
@card_set_option
@limit_options
def replay_command(
    log: str,
    fmt: str | None,
    as_json: bool,
    perspective: str,
    on_illegal: str,
    states: bool,
    output: str | None,
    card_sets: tuple[str, ...],
    limits: Limits,
    annotations_file: str | None = None,
) -> None:
    """Judge the action log LOG (a path, or - for stdin) and print the annotated replay.

    Exits 0 when every step is legal (unverifiable steps are reported but do not fail),
    1 when an illegal play or an illegal deck was found (the decks are judged unless the log
    sets the rule option deck_construction to false), 2 when LOG cannot be read as an action
    log (also when it is over a limit: --max-bytes, --max-depth, --max-actions raise them),
    3 when the engine failed judging it (an engine error: a bug, reported with an id).
    """
    from judge.core.export import export

    if as_json and fmt not in (None, "json"):
        raise click.UsageError("--json and --format are exclusive", click.get_current_context())
    fmt = "json" if as_json else (fmt or "text")
    notes = read_annotations(annotations_file, limits) if annotations_file else []
    text = read_text(log, limits)
    engine = import_module("judge.core.replay")
    try:
        data = _log_with_sets(text, card_sets, limits)
        result = engine.replay(
            data,
            on_illegal=on_illegal,
            perspective=perspective,
            detail="full" if states or fmt == "html" else "compact",
        )
    except BadLog as exc:
        fail_bad_log(exc)
    except ValueError as exc:
        fail(str(exc))

    if fmt == "html":
        emit(_viewer_file(engine, data, result, on_illegal, perspective, notes), output)
    else:
        from judge.core.annotations import visible
        from judge.core.export import annotated

        options: dict[str, Any] = {}
        if fmt in ("text", "markdown") and states:
            options["states"] = True
        if notes and fmt != "json":  # the JSON is the replay document, which they are not part of
            result = annotated(result, visible(notes, perspective, result.get("teams")))
        emit(export(result, "html" if fmt == "table" else fmt, **options), output)
    summary = result.get("summary") or {}
    # a deck problem is illegal even in a log with no action to carry it
    illegal = summary.get("illegal_steps") or (summary.get("decks") or {}).get("problems")
    sys.exit(EXIT_FOUND if illegal else EXIT_OK)


def _viewer_file(
    engine: Any,
    data: Any,
    result: dict[str, Any],
    on_illegal: str,
    perspective: str,
    notes: list[dict[str, Any]],
) -> str:
    """The self-contained viewer of ``result`` (the full replay for ``perspective``), with a
    replay for each narrower view: the judge's file offers every view, a player's its own
    and the public one, each redacted as the API redacts it."""
    from judge.core.perspective import views_within
    from judge.web.page import standalone
    from judge.web.readings import readings

    players = [p["id"] for p in result.get("players") or ()]
    views = views_within(perspective, players)
    replays = {
        v: result
        if v == perspective
        else engine.replay(data, on_illegal=on_illegal, perspective=v, detail="full")
        for v in views
    }
    from judge.core.annotations import visible

    teams = result.get("teams")
    shown = {v: visible(notes, v, teams) for v in views}
    return standalone(replays, perspective, readings(result["game"], result.get("cards")), shown)


def read_annotations(path: str, limits: Limits) -> list[dict[str, Any]]:
    """The annotations in ``path`` (exit 2 naming the entry when one is not readable):
    ``{"annotations": [...]}`` as the API answers; numbered as they come when they carry
    no ``id``."""
    from judge.core.jsontext import read_document

    try:
        doc = read_document(read_text(path, limits), limits, what="annotations file")
    except BadLog as exc:
        fail_bad_log(exc)
    items = doc.get("annotations")
    if not isinstance(items, list):
        fail(f"{path}: annotations: must be a list")
    out = []
    for n, item in enumerate(items):
        where = f"{path}: annotations[{n}]"
        if not isinstance(item, dict):
            fail(f"{where}: must be an object")
        step, note = item.get("step"), item.get("text")
        if not isinstance(step, int) or isinstance(step, bool) or step < 0:
            fail(f"{where}.step: must be a step index (an integer, 0 or more)")
        if not isinstance(note, str) or not note.strip():
            fail(f"{where}.text: must be a text that is not blank")
        view = item.get("view", "public")
        if not isinstance(view, str):
            fail(f"{where}.view: must be a perspective (judge, public or a player id)")
        author = item.get("author")
        out.append(
            {
                "id": item.get("id", n + 1),
                "step": step,
                "text": note,
                "author": author if isinstance(author, str) else None,
                "view": view,
            }
        )
    return out


@click.command("canonical", short_help="Write a log back in canonical form.")
@click.argument("log", metavar="LOG")
@click.option(
    "--on-illegal",
    type=click.Choice(["skip", "apply"]),
    default="skip",
    show_default=True,
    help="How illegal actions are replayed while the checkpoints are computed.",
)
@click.option("--output", "-o", metavar="FILE", help="Write to FILE instead of stdout.")
@card_set_option
@limit_options
def canonical_command(
    log: str, on_illegal: str, output: str | None, card_sets: tuple[str, ...], limits: Limits
) -> None:
    """Replay LOG and write it back canonically: card definitions inlined, every rule option
    explicit, the replay's state fingerprints as checkpoints (replaying it gives
    fidelity "exact").  Exits 2 for bad input, 3 for an engine error."""
    from judge.core.replay import canonical_log, replay

    try:
        text = read_text(log, limits)
        doc = canonical_log(replay(_log_with_sets(text, card_sets, limits), on_illegal=on_illegal))
    except BadLog as exc:
        fail_bad_log(exc)
    emit(json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=True), output)


@click.command("legal", short_help="What the player to act may record now.")
@click.argument("log", metavar="LOG")
@click.option("--json", "as_json", is_flag=True, help="Print the actions as canonical JSON.")
@card_set_option
@limit_options
def legal_command(log: str, as_json: bool, card_sets: tuple[str, ...], limits: Limits) -> None:
    """Replay LOG (illegal actions skipped) and list the decisions the rules now wait for
    and every legal action (cards named by instance id; concede is always legal and not
    listed).  Exits 2 for bad input, 3 for an engine error."""
    from judge.core.replay import position

    try:
        engine = position(_log_with_sets(read_text(log, limits), card_sets, limits))
    except BadLog as exc:
        fail_bad_log(exc)
    with guard_log(engine.log, where="end"):  # an engine's exception: exit 3 (judge.cli)
        actions = engine.legal_actions()
        pending = engine.pending()
        result = engine.result()
        turn, phase = engine.turn_phase()
    if as_json:
        click.echo(canonical_json({"result": result, "pending": pending, "legal_actions": actions}))
        return
    click.echo(
        f"Turn {turn}, {phase}" + (f": the game is over ({result['reason']})" if result else "")
    )
    for item in pending:
        click.echo(f"  waiting for {item['text']}")
    for action in actions:
        click.echo("  " + canonical_json(action))
