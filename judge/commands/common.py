"""What every ``judge`` command shares: the exit codes, reading input, failing with
``error: <path>: <message>`` lines, writing output, and loading ``"module:function"`` specs.
"""

from __future__ import annotations

import functools
import os
import stat
import sys
from collections.abc import Callable, Iterable
from importlib import import_module
from pathlib import Path
from typing import Any, NoReturn

import click

from judge.core.errors import BadLog
from judge.core.fault import EXIT_ENGINE_ERROR, EngineFault
from judge.core.jsontext import DEFAULT_LIMITS, Limits, read_document

#: Exit codes.
EXIT_OK = 0
EXIT_FOUND = 1
EXIT_BAD_INPUT = 2
#: ``EXIT_ENGINE_ERROR`` (3, from :mod:`judge.core.fault`): an engine fault, the engine failed
#: judging this input: a bug to report (with the printed id), not a problem of the input


# --------------------------------------------------------------------------------------
# Helpers shared by the commands


def fail(messages: str | Iterable[str], code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print each message as ``error: …`` on stderr and exit with ``code``."""
    if isinstance(messages, str):
        messages = [messages]
    for message in messages:
        click.echo(f"error: {message}", err=True)
    sys.exit(code)


def fail_engine_fault(fault: EngineFault) -> NoReturn:
    """Exit 3 printing the fault's one line (``engine error at step N (action …): <type>:
    <message>; report id <id>``) on stderr, never a traceback."""
    click.echo(fault.line(), err=True)
    sys.exit(EXIT_ENGINE_ERROR)


def fail_bad_log(exc: BadLog) -> NoReturn:
    """Exit 2 listing the problems of a :class:`BadLog`, one per line (the first
    :data:`~judge.core.errors.MAX_ERRORS`, then how many more)."""
    fail(exc.lines() or [str(exc) or "bad input"])


#: How a user of the command line raises each limit, for the messages that name one.
LIMIT_HINTS = {
    "max_bytes": "raise it with --max-bytes",
    "max_depth": "raise it with --max-depth",
    "max_actions": "raise it with --max-actions",
}


def limit_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Give a command that reads JSON the options ``--max-bytes``, ``--max-depth`` and
    ``--max-actions``; it receives them as one ``limits`` (:class:`Limits`).  The defaults
    are the API's, so that a log the service refuses is refused here too."""

    @functools.wraps(command)
    def with_limits(*args: Any, max_bytes: int, max_depth: int, max_actions: int, **kw: Any) -> Any:
        return command(*args, limits=Limits(max_bytes, max_depth, max_actions), **kw)

    options = [
        ("--max-bytes", DEFAULT_LIMITS.max_bytes, "The largest input read, in bytes."),
        ("--max-depth", DEFAULT_LIMITS.max_depth, "The deepest nesting of the JSON accepted."),
        ("--max-actions", DEFAULT_LIMITS.max_actions, "The most actions a log may have."),
    ]
    for flag, default, text in reversed(options):
        with_limits = click.option(
            flag,
            type=click.IntRange(min=1),
            default=default,
            show_default=True,
            metavar="N",
            help=text,
        )(with_limits)
    return with_limits


def read_input(source: str, max_bytes: int | None = None) -> bytes:
    """The bytes of a file, or of stdin for ``-``; an unreadable file exits 2.

    At most ``max_bytes`` + 1 bytes are read: one more than the limit means over it, which
    exits 2 naming the limit (a 58 MB file is refused, not read whole into memory).
    """
    to_read = -1 if max_bytes is None else max_bytes + 1
    size: int | None = None
    if source == "-":
        data = sys.stdin.buffer.read(to_read)
    else:
        try:
            with open(source, "rb") as stream:
                info = os.fstat(stream.fileno())
                size = info.st_size if stat.S_ISREG(info.st_mode) else None
                data = stream.read(to_read)
        except OSError as exc:
            fail(f"{source}: cannot read: {exc.strerror or exc}")
    if max_bytes is not None and len(data) > max_bytes:
        found = f"{size:,} bytes" if size and size > max_bytes else f"more than {max_bytes:,} bytes"
        fail(
            f"{source}: {found}, over the limit of {max_bytes:,} bytes ({LIMIT_HINTS['max_bytes']})"
        )
    return data


def read_text(source: str, limits: Limits = DEFAULT_LIMITS, what: str = "log") -> str:
    """The text of a file or stdin, read strictly within ``limits``
    (:func:`judge.core.jsontext.read_document`): over a limit, not UTF-8, malformed, a key
    given twice or a lone surrogate exits 2 naming the place and the limit."""
    raw = read_input(source, limits.max_bytes)
    try:
        read_document(raw, limits, what=what, hints=LIMIT_HINTS)
    except BadLog as exc:
        fail_bad_log(exc)
    return raw.decode("utf-8")


def read_json(
    source: str, limits: Limits = DEFAULT_LIMITS, what: str = "document"
) -> dict[str, Any]:
    """A JSON object from a file or stdin, read strictly within ``limits``; any problem
    exits 2, a problem of the whole document prefixed with ``source``."""
    raw = read_input(source, limits.max_bytes)
    try:
        return read_document(raw, limits, what=what, hints=LIMIT_HINTS)
    except BadLog as exc:
        lines = [f"{source}: {e.message}" if not e.path else str(e) for e in exc.errors]
        fail(lines + exc.lines()[len(exc.errors) :])


def emit(text: str, output: str | None) -> None:
    """Write ``text`` (ending in one newline) to ``output``, or to stdout when None/``-``."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror or exc}")


def _load(spec: Any) -> Any:
    """A ``"module:attribute"`` spec imported now; a callable is returned as is."""
    if callable(spec):
        return spec
    module, _, name = spec.partition(":")
    return getattr(import_module(module), name)


def _known_games() -> str:
    from judge.games import GAMES, PLANNED

    known = ", ".join(sorted(GAMES))
    planned = ", ".join(p for p in PLANNED if p not in GAMES)
    return f"known games: {known}" + (f" (planned: {planned})" if planned else "")
