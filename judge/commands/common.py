"""What every ``judge`` command shares: the exit codes, reading input, failing with
``error: <path>: <message>`` lines, writing output, and loading ``"module:function"`` specs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from typing import Any, NoReturn

import click

from judge.core.errors import BadLog

#: Exit codes.
EXIT_OK = 0
EXIT_FOUND = 1
EXIT_BAD_INPUT = 2


# --------------------------------------------------------------------------------------
# Helpers shared by the commands


def fail(messages: str | Iterable[str], code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print each message as ``error: …`` on stderr and exit with ``code``."""
    if isinstance(messages, str):
        messages = [messages]
    for message in messages:
        click.echo(f"error: {message}", err=True)
    sys.exit(code)


def fail_bad_log(exc: BadLog) -> NoReturn:
    """Exit 2 listing every :class:`FieldError` of a :class:`BadLog`, one per line."""
    fail([str(e) for e in exc.errors] or [str(exc) or "bad input"])


def read_input(source: str) -> bytes:
    """The bytes of a file, or of stdin for ``-``; an unreadable file exits 2."""
    if source == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(source).read_bytes()
    except OSError as exc:
        fail(f"{source}: cannot read: {exc.strerror or exc}")


def read_json(source: str) -> dict[str, Any]:
    """A JSON object from a file or stdin; not UTF-8, malformed or not an object exits 2."""
    raw = read_input(source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(f"{source}: not UTF-8 text: {exc.reason} at byte {exc.start}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"{source}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")
    if not isinstance(data, dict):
        fail(f"{source}: expected a JSON object")
    return data


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
