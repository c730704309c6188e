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
    type=click.Choice(["text", "json", "markdown", "html"]),
    default=None,
    help="Output format (default: text).",
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
    text = read_text(log, limits)
    engine = import_module("judge.core.replay")
    try:
        result = engine.replay(
            _log_with_sets(text, card_sets, limits),
            on_illegal=on_illegal,
            perspective=perspective,
            detail="full" if states else "compact",
        )
    except BadLog as exc:
        fail_bad_log(exc)
    except ValueError as exc:
        fail(str(exc))

    options: dict[str, Any] = {}
    if fmt in ("text", "markdown") and states:
        options["states"] = True
    emit(export(result, fmt, **options), output)
    summary = result.get("summary") or {}
    # a deck problem is illegal even in a log with no action to carry it
    illegal = summary.get("illegal_steps") or (summary.get("decks") or {}).get("problems")
    sys.exit(EXIT_FOUND if illegal else EXIT_OK)


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
