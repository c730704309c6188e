"""``judge audit PATH…`` (a whole event judged, one report) and ``judge diff A B`` (two
records of one match compared).  The work is :mod:`judge.audit`; this is the shell: options,
the progress bar, the state directory, the exit code."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from judge.commands.common import (
    EXIT_BAD_INPUT,
    EXIT_FOUND,
    EXIT_OK,
    emit,
    fail,
    limit_options,
    read_json,
)
from judge.commands.judging import card_set_option
from judge.core.jsontext import Limits

#: where resumable state goes unless --state says otherwise (in the current directory)
DEFAULT_STATE = ".judge-audit"
#: the exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it)
EXIT_INTERRUPTED = 130


def default_jobs() -> int:
    """The CPUs this process may run on (the default ``--jobs``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def read_replay_ids(path: str, limits: Limits) -> dict[str, str]:
    """``--replay-ids FILE``: a JSON object mapping a log's ``log_sha256`` (or its source as
    the report names it) to the id the service gave its replay; anything else exits 2."""
    doc = read_json(path, limits, what="replay ids")
    bad = [k for k, v in doc.items() if not isinstance(v, str) or not v]
    if bad:
        fail([f"{path}: {k}: must be a replay id (a string)" for k in bad[:10]])
    return doc


def link_for(row: dict[str, Any], base: str | None, ids: dict[str, str]) -> str | None:
    """The match's replay page, ``{base}/replays/<id>``, when its id is known (by the log's
    hash or its source in ``ids``), else None."""
    if not base:
        return None
    found = ids.get(row.get("log_sha256") or "") or ids.get(row["source"])
    if not found:
        return None
    from urllib.parse import quote

    return f"{base.rstrip('/')}/replays/{quote(found, safe='')}"


class _Bar:
    """The progress bar (rich, on stderr): shown on a terminal unless ``--quiet``."""

    def __init__(self, quiet: bool) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        console = Console(stderr=True)
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            disable=quiet or not console.is_terminal,
        )
        self.task: Any = None

    def __enter__(self) -> _Bar:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def __call__(self, phase: str, n: int) -> None:
        if phase == "done":
            self.progress.advance(self.task, n)
        else:
            self.task = self.progress.add_task(phase, total=n)


@click.command("audit", short_help="Judge a whole event's logs; report what needs a judge.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH…")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown", "html", "csv", "json"]),
    default="text",
    show_default=True,
    help="The report's format: html is one self-contained page; csv one line per match.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the report to FILE instead of stdout.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Judge in N processes (default: the CPUs available).",
)
@click.option(
    "--state",
    metavar="DIR",
    default=DEFAULT_STATE,
    show_default=True,
    help="Keep each match's row here as it is judged; a run again with the same options "
    "judges only the logs not there yet (an interrupted audit resumes).",
)
@click.option("--no-state", is_flag=True, help="Keep nothing: judge every log, write nothing.")
@click.option(
    "--on-illegal",
    type=click.Choice(["stop", "skip", "apply"]),
    default="skip",
    show_default=True,
    help="On an illegal play: stop the replay there, skip the action, or apply it as played.",
)
@click.option(
    "--link-base",
    metavar="URL",
    default=None,
    help="A judge service's root URL: each match whose replay id --replay-ids gives "
    "links to its viewer page, {URL}/replays/<id>.",
)
@click.option(
    "--replay-ids",
    "replay_ids",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="A JSON object from a log's log_sha256 (or its source) to its replay's id in the "
    "service: the ids --link-base links to (the service chooses them when a log is "
    "submitted; nothing else can know them).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary on stderr.")
@card_set_option
@limit_options
def audit_command(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    jobs: int | None,
    state: str,
    no_state: bool,
    on_illegal: str,
    link_base: str | None,
    replay_ids: str | None,
    quiet: bool,
    card_sets: tuple[str, ...],
    limits: Limits,
) -> None:
    """Judge every log under PATH… (files, folders searched for *.json, zip files) and
    print one report: a row per match ranked by what needs a judge first (engine failures,
    bad input, illegal plays, deck problems, uncertain, unverifiable, recorded outcomes,
    clean), the rules broken most and by whom, and the matches recorded twice (logs naming
    the same event, round and table) that disagree.

    Bad logs are reported with their problems and the audit goes on.  Ctrl-C stops it
    keeping every row judged; the same command again judges only the rest.  Exits as judge
    replay would for the worst match: 3 an engine error, 2 bad input, 1 an illegal play or
    deck problem, 0 otherwise (130 when interrupted).
    """
    from judge.audit.report import build, render
    from judge.audit.run import NoLogs, Options, options_key, run, sources
    from judge.commands.cards import card_set_registry

    where = None if no_state else state
    try:
        found = sources(paths, limits, skip=where)
    except FileNotFoundError as exc:
        fail(f"{exc.args[0]}: no such file or folder")
    except NoLogs:
        fail(f"no logs (*.json) found in {', '.join(paths)}")
    registry = card_set_registry(card_sets, limits)  # every problem of a set exits 2 here
    refs = [s.sha256 for s in registry] if registry is not None else []
    ids = read_replay_ids(replay_ids, limits) if replay_ids else {}
    options = Options(on_illegal, limits, options_key(on_illegal, limits, refs), where)
    jobs = min(jobs or default_jobs(), len(found))
    bar = _Bar(quiet)
    try:
        with bar:
            outcome = run(found, options, jobs=jobs, card_sets=registry, on_progress=bar)
    except KeyboardInterrupt:
        click.echo(
            "interrupted: the matches judged so far are kept"
            + (f" in {where}; the same command again judges only the rest" if where else ""),
            err=True,
        )
        sys.exit(EXIT_INTERRUPTED)
    for r in outcome.rows:
        r["link"] = link_for(r, link_base, ids)
    report = build(outcome.rows, diffs=outcome.diffs)
    emit(render(report, fmt), output)
    if not quiet:
        kept = f", {outcome.from_state} from {where}" if outcome.from_state else ""
        click.echo(
            f"audit: {len(outcome.rows)} matches, {outcome.judged} judged now{kept}; "
            f"{len(outcome.diffs)} recorded twice; exit {report['exit']}",
            err=True,
        )
    sys.exit(report["exit"])


@click.command("diff", short_help="Two records of one match: where they first disagree.")
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--json", "as_json", is_flag=True, help="The diff as canonical JSON.")
@click.option(
    "--on-illegal",
    type=click.Choice(["stop", "skip", "apply"]),
    default="skip",
    show_default=True,
    help="How both logs are judged (as judge replay).",
)
@card_set_option
@limit_options
def diff_command(
    a: str, b: str, as_json: bool, on_illegal: str, card_sets: tuple[str, ...], limits: Limits
) -> None:
    """Compare two logs of one match (each player's own record): their envelopes, the
    first action where they disagree and what differs in it, and, judging both, whether
    that changes a verdict or the result.

    Exits 0 when the records agree, 1 when they differ, 2 when either cannot be read as
    JSON (a log that is read but is not a valid log is judged as bad input and reported).
    """
    from judge.audit.diff import diff, render_text
    from judge.commands.cards import card_set_registry
    from judge.core.canonical import canonical_json

    doc_a = read_json(a, limits, what="log")
    doc_b = read_json(b, limits, what="log")
    registry = card_set_registry(card_sets, limits)
    found = diff(doc_a, doc_b, on_illegal=on_illegal, card_sets=registry)
    if as_json:
        emit(canonical_json({**found, "a": a, "b": b}), None)
    else:
        emit(render_text(found, Path(a).name, Path(b).name), None)
    sys.exit(EXIT_OK if found["agree"] else EXIT_FOUND)


__all__ = ["EXIT_BAD_INPUT", "audit_command", "diff_command"]
