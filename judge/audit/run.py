"""Judging an event's logs: finding them, judging them in parallel, resuming.

What ``judge audit`` runs (:mod:`judge.commands.audit`), without the command line, so that
``bench/audit.py`` measures the same code.

- :func:`sources`: the logs under the paths given: files, folders (every ``*.json`` below,
  sorted) and zip files (their ``*.json`` members, sorted; a member over the byte limit or
  compressed suspiciously well is refused unread, and a zip of more than
  :data:`MAX_ZIP_MEMBERS` logs is refused whole).
- :func:`judge_source`: one log judged in a worker process; it returns the small row
  (:func:`judge.audit.report.row`), never the replay, so the parent's memory stays flat in
  the number of matches.
- :func:`run`: every log judged (a :class:`~concurrent.futures.ProcessPoolExecutor` of
  ``jobs`` processes; one after the other in this process when ``jobs`` is 1), the rows written to the state
  directory as they come, then the matches recorded twice diffed.

Resuming: a row is stored in ``<state>/rows/<key>.kept`` (JSON), ``key`` the SHA-256 of the
options that change a verdict (the engine's version, ``on_illegal``, the card sets' hashes,
the limits) and the log's bytes.  A run finds a log's row there and does not judge it again;
an interrupted run leaves every row it finished (each written whole, then renamed into
place).  Diffs are kept the same way, in ``<state>/diffs/``.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import zipfile
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import judge
from judge.audit.diff import diff as diff_logs
from judge.audit.report import row as make_row
from judge.core.canonical import canonical_json
from judge.core.errors import BadLog, more_message
from judge.core.fault import EngineFault
from judge.core.jsontext import Limits, read_document

#: The most ``*.json`` members a zip may hold (more: the zip is refused, unread).
MAX_ZIP_MEMBERS = 10_000
#: A member whose size over its compressed size is above this ratio is refused as a likely
#: zip bomb (JSON logs compress about 10 to 20 times; a bomb millions of times), when it is
#: also larger than :data:`BOMB_FLOOR` bytes (tiny members may compress oddly).
MAX_RATIO = 200
BOMB_FLOOR = 1 << 20
#: The state's files' suffix: JSON, but not named ``*.json``, so that a state directory
#: inside an audited folder is never taken for logs.
SUFFIX = "kept"
#: How a reader of the command line raises each limit (the messages name it).
HINTS = {
    "max_bytes": "raise it with --max-bytes",
    "max_depth": "raise it with --max-depth",
    "max_actions": "raise it with --max-actions",
}


@dataclass(frozen=True)
class Source:
    """One log: a file, or a zip's member.  ``name`` is what the report shows (the path, or
    ``zip-path:member``); ``refused`` a reason to refuse it unread."""

    name: str
    path: str
    member: str | None = None
    refused: str | None = None


@dataclass(frozen=True)
class Options:
    """What a worker needs besides the log (picklable)."""

    on_illegal: str = "skip"
    limits: Limits = field(default_factory=Limits)
    #: the SHA-256 of everything besides the log that changes a row (see :func:`options_key`)
    key: str = ""
    #: the state directory (None: no resume, nothing written)
    state: str | None = None


class NoLogs(Exception):
    """No log was found under the paths given."""


def options_key(on_illegal: str, limits: Limits, card_set_refs: Iterable[str]) -> str:
    """The part of every row's key that is not the log: what changes a verdict.  The engine's
    version is in it, so a new engine judges again."""
    doc = {
        "engine": judge.__version__,
        "on_illegal": on_illegal,
        "limits": [limits.max_bytes, limits.max_depth, limits.max_actions],
        "card_sets": sorted(card_set_refs),
        "row": 1,  # the row's shape: raised when it changes, so old rows are not reused
    }
    return hashlib.sha256(canonical_json(doc).encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------------------
# Finding the logs


def sources(paths: Iterable[str], limits: Limits, skip: str | None = None) -> list[Source]:
    """The logs under ``paths`` in the order given (a folder's and a zip's sorted by name);
    each path once.  In a folder, hidden files and folders (``.name``) and the folder
    ``skip`` (the state directory, whose rows are JSON too) are passed over.  Raises
    :class:`NoLogs` when there are none, FileNotFoundError for a path that does not exist."""
    out: list[Source] = []
    skipped = Path(skip).resolve() if skip else None
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for file in sorted(path.rglob("*.json")):
                inside = file.relative_to(path).parts
                if any(part.startswith(".") for part in inside) or not file.is_file():
                    continue
                if skipped is not None and skipped in file.resolve().parents:
                    continue
                out.append(Source(str(file), str(file)))
        elif not path.exists():
            raise FileNotFoundError(given)
        elif zipfile.is_zipfile(path):
            out.extend(_zip_sources(path, limits))
        else:
            out.append(Source(str(path), str(path)))
    seen: set[str] = set()
    unique = [s for s in out if not (s.name in seen or seen.add(s.name))]  # type: ignore[func-returns-value]
    if not unique:
        raise NoLogs(", ".join(paths))
    return unique


def _zip_sources(path: Path, limits: Limits) -> list[Source]:
    """A zip's ``*.json`` members, each refused unread when its declared size is over the
    byte limit or its compression ratio that of a bomb (:data:`MAX_RATIO`); the whole zip
    refused (one source) when it holds more than :data:`MAX_ZIP_MEMBERS` of them."""
    try:
        with zipfile.ZipFile(path) as archive:
            infos = [
                i
                for i in archive.infolist()
                if not i.is_dir()
                and i.filename.lower().endswith(".json")
                and not i.filename.startswith("__MACOSX/")
            ]
    except (zipfile.BadZipFile, OSError) as exc:
        return [Source(str(path), str(path), refused=f"not a readable zip file: {exc}")]
    if len(infos) > MAX_ZIP_MEMBERS:
        return [
            Source(
                str(path),
                str(path),
                refused=f"{len(infos):,} logs in one zip, over the limit of {MAX_ZIP_MEMBERS:,}",
            )
        ]
    out = []
    for info in sorted(infos, key=lambda i: i.filename):
        refused = None
        if limits.max_bytes is not None and info.file_size > limits.max_bytes:
            refused = (
                f"the log is {info.file_size:,} bytes, over the limit of "
                f"{limits.max_bytes:,} bytes ({HINTS['max_bytes']})"
            )
        elif info.file_size > BOMB_FLOOR and info.file_size > MAX_RATIO * max(
            info.compress_size, 1
        ):
            refused = (
                f"compressed {info.file_size // max(info.compress_size, 1):,} times: "
                "refused unread as a likely zip bomb"
            )
        out.append(Source(f"{path}:{info.filename}", str(path), info.filename, refused))
    return out


class Refused(Exception):
    """A source that cannot be read (the message says why)."""


def read_source(source: Source, max_bytes: int | None) -> bytes:
    """A source's bytes, at most ``max_bytes`` + 1 of them (one more: over the limit); a
    zip member's declared size is not trusted, what is read is counted."""
    if source.refused:
        raise Refused(source.refused)
    want = -1 if max_bytes is None else max_bytes + 1
    try:
        if source.member is None:
            with open(source.path, "rb") as stream:
                data = stream.read(want)
        else:
            with zipfile.ZipFile(source.path) as archive, archive.open(source.member) as stream:
                data = stream.read(want)
    except (OSError, zipfile.BadZipFile, RuntimeError, EOFError) as exc:
        raise Refused(f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    if max_bytes is not None and len(data) > max_bytes:
        raise Refused(
            f"the log is more than {max_bytes:,} bytes, over the limit ({HINTS['max_bytes']})"
        )
    return data


# --------------------------------------------------------------------------------------
# In a worker

#: the card sets a worker judges with (set by :func:`init_worker`)
_CARD_SETS: Any = None


def init_worker(card_sets: Any, ignore_interrupt: bool = True) -> None:
    """A worker process's start: its card sets; Ctrl-C left to the parent (which stops the
    run and keeps what is done), so that workers print no traceback of their own."""
    global _CARD_SETS
    _CARD_SETS = card_sets
    if ignore_interrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def problems_of(exc: Any) -> list[dict[str, str]]:
    """A refusal's problems as a row lists them (``{"path", "message"}``), the count of
    those it left out as one more line: a :class:`BadLog`, or anything with its ``errors``
    and ``more`` (the service's refused submission)."""
    out = [e.to_dict() for e in exc.errors]
    if exc.more:
        out.append({"path": "", "message": more_message(exc.more, len(exc.errors))})
    return out


def judge_bytes(name: str, raw: bytes, options: Options) -> dict[str, Any]:
    """One log's row: read strictly within the limits, judged, summed up.  Bad input and
    engine faults are rows too (the audit goes on)."""
    from judge.core.log import parse_log
    from judge.core.replay import replay

    try:
        doc = read_document(raw, options.limits, what="log", hints=HINTS)
    except BadLog as exc:
        return make_row(name, log=None, problems=problems_of(exc))
    try:
        data = parse_log(doc, _CARD_SETS) if _CARD_SETS is not None else doc
        judged = replay(data, on_illegal=options.on_illegal)
    except BadLog as exc:
        return make_row(name, log=doc, problems=problems_of(exc))
    except EngineFault as fault:
        return make_row(name, log=doc, failure=fault.line())
    return make_row(name, log=doc, replay=judged)


def _key(options: Options, raw: bytes) -> str:
    return hashlib.sha256(options.key.encode("ascii") + b"\0" + raw).hexdigest()


def _stored(options: Options, kind: str, key: str) -> Any:
    if options.state is None:
        return None
    try:
        return json.loads(Path(options.state, kind, f"{key}.{SUFFIX}").read_text("utf-8"))
    except (OSError, ValueError):
        return None  # absent, or not whole: judged again


def store(state: str | None, kind: str, key: str, value: Any) -> None:
    """Write ``value`` to ``<state>/<kind>/<key>.kept`` whole: a temporary file renamed into
    place, so that an interrupted run never leaves half a row."""
    if state is None:
        return
    folder = Path(state, kind)
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f".{key}.{os.getpid()}.tmp"
    temporary.write_text(canonical_json(value), "utf-8")
    os.replace(temporary, folder / f"{key}.{SUFFIX}")


def judge_source(source: Source, options: Options) -> tuple[str | None, dict[str, Any], bool]:
    """``(key, row, from_state)`` of one source: its row from the state when a run judged
    it already (``from_state`` True), else judged now.  ``key`` is None for a source that
    could not be read (its row is not stored: the file may be readable next time)."""
    try:
        raw = read_source(source, options.limits.max_bytes)
    except Refused as exc:
        return (
            None,
            make_row(source.name, log=None, problems=[{"path": "", "message": str(exc)}]),
            False,
        )
    key = _key(options, raw)
    kept = _stored(options, "rows", key)
    if isinstance(kept, dict):
        kept["source"] = source.name  # the same log may have moved: the row is its content's
        return key, kept, True
    try:
        return key, judge_bytes(source.name, raw, options), False
    except Exception as exc:  # noqa: BLE001 - a bug here must not stop the audit
        return key, make_row(source.name, log=None, failure=f"{type(exc).__name__}: {exc}"), False


def diff_sources(a: Source, b: Source, options: Options) -> tuple[str | None, dict | None, bool]:
    """``(key, diff, from_state)`` of two sources recorded as one match (None: one of them
    is not a readable JSON object; its row says why)."""
    try:
        raw_a = read_source(a, options.limits.max_bytes)
        raw_b = read_source(b, options.limits.max_bytes)
        doc_a = read_document(raw_a, options.limits, what="log", hints=HINTS)
        doc_b = read_document(raw_b, options.limits, what="log", hints=HINTS)
    except (Refused, BadLog):
        return None, None, False
    key = hashlib.sha256(
        f"{options.key}\0{_key(options, raw_a)}\0{_key(options, raw_b)}".encode("ascii")
    ).hexdigest()
    kept = _stored(options, "diffs", key)
    if isinstance(kept, dict):
        return key, {**kept, "a": a.name, "b": b.name}, True
    try:
        found = diff_logs(doc_a, doc_b, on_illegal=options.on_illegal, card_sets=_CARD_SETS)
    except BadLog:
        return None, None, False  # a card set the log names is missing: its row says so
    return key, {**found, "a": a.name, "b": b.name}, False


# --------------------------------------------------------------------------------------
# The run


@dataclass
class Outcome:
    """What :func:`run` found: the rows and diffs (unranked), and how many rows were judged
    now and how many came from the state."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    diffs: list[dict[str, Any]] = field(default_factory=list)
    judged: int = 0
    from_state: int = 0


def _results(
    executor: Executor | None, fn: Callable[..., Any], calls: list[tuple[Any, ...]]
) -> Iterator[Any]:
    """``fn(*call)`` for every call, as they finish: in the pool, or one after the other in
    this process when there is none (``--jobs 1``: no worker to start)."""
    if executor is None:
        for call in calls:
            yield fn(*call)
        return
    futures = [executor.submit(fn, *call) for call in calls]
    for future in as_completed(futures):
        yield future.result()


def pairs(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The sources to diff: logs whose rows name the same event, round and table, each
    with the next in source order."""
    groups: dict[str, list[str]] = {}
    for r in rows:
        key = (r.get("event"), r.get("round"), r.get("table"))
        if None not in key:
            groups.setdefault(canonical_json(list(key)), []).append(r["source"])
    out = []
    for names in groups.values():
        names.sort()
        out.extend(zip(names, names[1:], strict=False))
    return sorted(out)


def run(
    found: list[Source],
    options: Options,
    *,
    jobs: int = 1,
    card_sets: Any = None,
    on_progress: Callable[[str, int], None] | None = None,
) -> Outcome:
    """Judge every source (``jobs`` processes), storing each new row in the state as it
    comes, then diff the matches recorded twice.  ``on_progress(phase, total)`` is called
    with ``("judging", n)`` and ``("diffing", n)`` when a phase starts and ``("done", 1)``
    after each item.  A KeyboardInterrupt stops it; what was stored stays."""
    progress = on_progress or (lambda phase, n: None)
    outcome = Outcome()
    by_name = {s.name: s for s in found}
    executor: Executor | None = None
    if jobs <= 1:
        init_worker(card_sets, ignore_interrupt=False)
    else:
        executor = ProcessPoolExecutor(
            max_workers=jobs, initializer=init_worker, initargs=(card_sets,)
        )
    interrupted = False
    try:
        calls = [(s, options) for s in found]
        progress("judging", len(calls))
        for key, got, kept in _results(executor, judge_source, calls):
            if kept:
                outcome.from_state += 1
            else:
                outcome.judged += 1
                if key is not None:
                    store(options.state, "rows", key, got)
            outcome.rows.append(got)
            progress("done", 1)
        todo = [(by_name[a], by_name[b], options) for a, b in pairs(outcome.rows)]
        progress("diffing", len(todo))
        for key, got, kept in _results(executor, diff_sources, todo):
            if got is not None:
                if not kept and key is not None:
                    stored = {k: v for k, v in got.items() if k not in ("a", "b")}
                    store(options.state, "diffs", key, stored)
                outcome.diffs.append(got)
            progress("done", 1)
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        if executor is not None:
            executor.shutdown(wait=not interrupted, cancel_futures=True)
    return outcome
