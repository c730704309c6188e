"""The one strict reader of JSON input: the CLI, the HTTP API and the service all read with it.

Python's ``json.loads`` accepts what an audit tool must not: a key given twice (the last
one silently wins), a lone UTF-16 surrogate (``"\\ud800"``, a string that cannot be
written out again as UTF-8), ``NaN`` and ``Infinity``, nesting deep enough to exhaust the
interpreter's stack, and any size.  :func:`read_document` refuses each of them, naming the
place by the same field paths as :class:`~judge.core.errors.FieldError` everywhere else
(``actions[3]: duplicate key "p"``), and applies :class:`Limits` (size, depth, actions)
before any validation runs, so that a hostile document costs little to refuse.

How, and what it costs (a refusal must cost time linear in the input, issue 19: 300,000
objects with a key given twice once took 2.5 s): orjson reads the document, inside as many
lists as make its own nesting limit the depth limit (:func:`_orjson_read`); writing it out
again and counting colons says whether any key can have been given twice
(:func:`_may_repeat_keys`), and orjson refuses lone surrogates, ``NaN``, ``Infinity`` and
numbers out of range itself.  Only a document orjson refuses or reads differently (an
integer past 64 bits, which it reads as a float), or one that may give a key twice, is
read by the standard library, with its messages, and with a hook per object only for the
keys given twice; their paths are found by :mod:`judge.core.jsonproblems`.  Python's
cyclic collector is paused while the document is read (a tree has no cycles to collect;
its passes over 330,000 new lists cost more than reading them).  A 4 MB body reads in
about 0.1 s; without orjson installed, the standard library reads everything.

>>> read_document(b'{"game": "union-arena", "players": []}')
{'game': 'union-arena', 'players': []}
>>> try:
...     read_document("null")
... except BadLog as exc:
...     print(exc)
<document>: a document is a JSON object
>>> try:
...     read_document('{"actions": [{"p": "A", "p": "B"}]}')
... except BadLog as exc:
...     print(exc)
actions[0]: duplicate key "p"
>>> try:
...     read_document('{"actions": [1, 2, 3]}', Limits(max_actions=2))
... except TooLarge as exc:
...     print(exc.limit, exc)
max_actions actions: 3 actions, over the limit of 2
"""

from __future__ import annotations

import gc
import json
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, compress, repeat
from operator import is_
from typing import Any

try:  # a well-kept C extension; the standard library reads the same documents without it
    import orjson
except ImportError:  # pragma: no cover - exercised where orjson has no wheel
    orjson = None  # type: ignore[assignment]

from judge.core.errors import BadLog, FieldError, Unlisted
from judge.core.jsonproblems import problems, reachable_repeats


@dataclass(frozen=True)
class Limits:
    """How much input a reader accepts; ``None`` turns a limit off.

    ``max_bytes``
        the largest document, in bytes of UTF-8 (5 MB: a 400-action log is about 20 KB).
    ``max_depth``
        the deepest nesting of objects and lists, the document itself being level 1 (64: a
        log nests about 6 levels).
    ``max_actions``
        the most entries in a log's ``actions`` (10,000: real games have a few hundred
        actions, the longest example logs about 450; a 10,000-action log judges in well
        under a second).
    """

    max_bytes: int | None = 5 * 1024 * 1024
    max_depth: int | None = 64
    max_actions: int | None = 10_000


#: The defaults, for the CLI, the API and the service alike.
DEFAULT_LIMITS = Limits()
#: Structure only (duplicates, surrogates, NaN, a depth the interpreter cannot read): for
#: text this program wrote itself, such as a stored submission read back by a worker.
NO_LIMITS = Limits(max_bytes=None, max_depth=None, max_actions=None)


class TooLarge(BadLog):
    """The input is over a size limit: too many bytes or too many actions.

    A :class:`BadLog` (the CLI exits 2 for it too); the API answers 413 for it rather than
    400, since the document may be well formed.  ``limit`` is the :class:`Limits` field.
    """

    def __init__(self, errors: list[FieldError], limit: str) -> None:
        super().__init__(errors)
        self.limit = limit


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def _hint(hints: Mapping[str, str], limit: str) -> str:
    return f" ({hints[limit]})" if limit in hints else ""


def _size(text: str | bytes) -> int:
    if isinstance(text, bytes) or text.isascii():
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


#: integers of a magnitude orjson reads as floats (past 64 bits), and larger floats: a
#: document holding one is read again by the standard library, which keeps integers exact
_WIDE = float(2**63)


def _utf8(text: str) -> bytes:
    return text.encode("utf-8")


def _orjson_depth() -> int | None:
    """The deepest nesting orjson reads (1,024 in orjson 3), found by trying; None without
    orjson or when it reads 4,096 levels (then the depth is walked, :func:`_shape`)."""
    if orjson is None:
        return None

    def reads(depth: int) -> bool:
        try:
            orjson.loads(b"[" * depth + b"]" * depth)
        except orjson.JSONDecodeError:
            return False
        return True

    if reads(4096) or not reads(1):
        return None
    low, high = 1, 4096  # reads(low), not reads(high)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if reads(middle) else (low, middle)
    return low


_ORJSON_DEPTH = _orjson_depth()
#: every ASCII digit as "0", every other byte as a space: a run of 19 zeros is a number (or
#: text) too long for orjson to keep as an integer
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))


#: a document of at most this many bytes is read by orjson as it is and its depth walked
#: (:func:`_shape`), not read inside lists: the padding costs about 80 µs whatever the
#: document's size (orjson's thousand lists, then taking them off), the walk grows with it
#: (5 µs for a question's body, about 60 µs for 5 KB, as much as the padding near 8 KB)
_WALKED_BYTES = 8192


def _orjson_read(raw: bytes, max_depth: int | None) -> tuple[Any, bool]:
    """``raw`` read by orjson, and whether that reading can be trusted without a walk (the
    depth checked by orjson itself, no number orjson reads as a float that is an integer in
    the text); raises :class:`orjson.JSONDecodeError` for what orjson refuses.

    The depth: orjson refuses nesting past :data:`_ORJSON_DEPTH` levels, so a text of more
    than :data:`_WALKED_BYTES` is read inside as many lists as make orjson's limit
    ``max_depth`` (the lists are taken off again, after checking each holds exactly one
    value: then the text is one JSON value); a smaller one is read as it is and not trusted
    (the caller walks its depth)."""
    checked = max_depth is not None and _ORJSON_DEPTH is not None and max_depth <= _ORJSON_DEPTH
    if not checked or len(raw) <= _WALKED_BYTES:
        # no depth limit (the log readers' own, NO_LIMITS): nothing to walk for but a
        # number orjson reads as a float, which the same count of digits rules out; a
        # small document: read as it is, its depth walked by the caller (_shape)
        data = orjson.loads(raw)
        return data, max_depth is None and b"0" * 19 not in raw.translate(_DIGITS)
    pad = _ORJSON_DEPTH - max_depth  # type: ignore[operator]
    data = orjson.loads(b"[" * pad + raw + b"]" * pad) if pad else orjson.loads(raw)
    for _ in range(pad):
        if type(data) is not list or len(data) != 1:
            raise orjson.JSONDecodeError("not one JSON value", "", 0)
        data = data[0]
    return data, b"0" * 19 not in raw.translate(_DIGITS)


def _shape(data: Any, limit: int | None) -> tuple[bool, bool]:
    """Whether ``data`` nests deeper than ``limit`` levels, and whether it holds a float of
    at least 2**63 in magnitude: one level of containers at a time, stopping at the first
    level past the limit, each level sorted by kind in loops of C (no Python per value:
    330,000 nested lists took 0.1 s a value at a time)."""
    dicts: list[Any] = [data] if type(data) is dict else []
    lists: list[Any] = [data] if type(data) is list else []
    depth = 0
    wide = False
    while dicts or lists:
        depth += 1
        if limit is not None and depth > limit:
            return True, wide
        children = list(chain(chain.from_iterable(lists), *map(dict.values, dicts)))
        kinds = list(map(type, children))
        dicts = list(compress(children, map(is_, kinds, repeat(dict))))
        lists = list(compress(children, map(is_, kinds, repeat(list))))
        floats = compress(children, map(is_, kinds, repeat(float)))
        wide = wide or max(map(abs, floats), default=0.0) >= _WIDE
    return False, wide


def _dumped(data: Any) -> tuple[str | bytes, bool]:
    """``data`` written out again (orjson, else the standard library), and whether it holds
    a lone surrogate (which cannot be written as UTF-8)."""
    if orjson is not None:
        try:
            return orjson.dumps(data), False
        except TypeError:  # an integer past 64 bits, or a lone surrogate
            pass
    out = json.dumps(data, ensure_ascii=False)
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:
        return out, True
    return out, False


def _may_repeat_keys(text: str | bytes, dumped: str | bytes) -> bool:
    """Whether the document may give a key twice, from a count of its colons: without a
    repeated key, the document as read keeps every key and string of the text, so writing
    it out again gives one colon per key plus those in its strings, which are the text's
    own plus one per ``\\u003a`` escape; a repeated key loses at least its own colon.
    (A text holding an escaped backslash before ``u003`` is not counted: it may.)  A text
    without a backslash, as most are, has no escape to count: one search, not three scans."""
    if isinstance(text, bytes):
        if b"\\" not in text:
            escapes = 0
        elif b"\\\\u003" in text:
            return True
        else:
            escapes = text.count(b"\\u003a") + text.count(b"\\u003A")
        colons = text.count(b":")
    else:
        if "\\" not in text:
            escapes = 0
        elif "\\\\u003" in text:
            return True
        else:
            escapes = text.count("\\u003a") + text.count("\\u003A")
        colons = text.count(":")
    found = dumped.count(b":") if isinstance(dumped, bytes) else dumped.count(":")
    return found != colons + escapes


def _strict_loads(text: str, too_deep: str, pairs_hook: Any = None, finite: bool = False) -> Any:
    """The standard library's reader, refusing what JSON is not (``NaN``, ``Infinity``, and
    with ``finite`` numbers out of range, which it would read as infinite), with its
    messages."""
    try:
        return json.loads(
            text,
            object_pairs_hook=pairs_hook,
            parse_constant=_no_constant,
            parse_float=_finite if finite else None,
        )
    except json.JSONDecodeError as exc:
        raise BadLog(
            [FieldError("", f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")]
        ) from None
    except RecursionError:
        raise BadLog([FieldError("", too_deep)]) from None
    except ValueError as exc:  # NaN, Infinity, integers too long to convert
        raise BadLog([FieldError("", f"not acceptable JSON: {exc}")]) from None


@dataclass
class _Read:
    """A document read: ``deep`` whether it nests past the limit; ``duplicated`` its objects
    with a key given twice (by id: the object, alive so that its id holds, and its key and
    value pairs as given); ``surrogates`` whether it holds a lone surrogate."""

    data: Any
    deep: bool = False
    duplicated: dict[int, tuple[dict[str, Any], list[tuple[str, Any]]]] = field(
        default_factory=dict
    )
    surrogates: bool = False


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while a reader builds a document: a document
    is a tree (no cycles to collect), and the collector's passes over hundreds of thousands
    of new objects cost more than reading them (0.06 s against 0.02 s for 330,000 lists)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _parse(text: str, raw: bytes | None, too_deep: str, max_depth: int | None) -> _Read:
    """The document read, with what :func:`read_document` refuses it for.

    Why this way: the standard library's reader with a hook per object (to see a key given
    twice) took about 0.5 s for 300,000 objects.  orjson reads the document first (it
    refuses a lone surrogate, ``NaN``, ``Infinity``, a number out of range and nesting past
    1,024 levels itself); a count of colons then says whether any key can be given twice
    (:func:`_may_repeat_keys`), and only then is the text read again with the hook.  A
    document orjson refuses, or one holding an integer past 64 bits (which orjson reads as
    a float), is read by the standard library, for its exact integers and its messages.
    """
    data: Any = None
    parsed = trusted = False
    if orjson is not None:
        try:
            data, trusted = _orjson_read(raw if raw is not None else _utf8(text), max_depth)
            parsed = True
        except (orjson.JSONDecodeError, UnicodeEncodeError):
            pass
    deep, wide = (False, False) if trusted or not parsed else _shape(data, max_depth)
    if not parsed or wide:
        data = _strict_loads(text, too_deep)
        deep, wide = _shape(data, max_depth)
        if deep or wide:  # read again refusing a number out of range first, as it comes first
            data = _strict_loads(text, too_deep, finite=True)
    if deep:
        return _Read(data, deep=True)
    dumped, surrogates = _dumped(data)
    if not _may_repeat_keys(raw if raw is not None else text, dumped):
        return _Read(data, surrogates=surrogates)
    found: dict[int, tuple[dict[str, Any], list[tuple[str, Any]]]] = {}

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            found[id(obj)] = (obj, pairs)
        return obj

    data = _strict_loads(text, too_deep, pairs_hook)
    return _Read(data, duplicated=found, surrogates=surrogates)


def read_document(
    text: str | bytes,
    limits: Limits = DEFAULT_LIMITS,
    *,
    what: str = "document",
    hints: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Read one JSON object strictly; raise :class:`BadLog` naming every problem by path.

    In this order: the size (``max_bytes``, :class:`TooLarge`), UTF-8, the JSON syntax
    (``NaN``, ``Infinity`` and numbers out of range refused), the depth (``max_depth``),
    whether it is an object, the number of its ``actions`` when it has such a list
    (``max_actions``, :class:`TooLarge`), then every duplicate key and lone surrogate.  ``what`` names the document in messages (``"log"``); ``hints``
    says, per :class:`Limits` field, how the reader's user raises that limit
    (``{"max_actions": "raise it with --max-actions"}``).
    """
    hints = hints or {}
    if limits.max_bytes is not None:
        size = _size(text)
        if size > limits.max_bytes:
            raise TooLarge(
                [
                    FieldError(
                        "",
                        f"the {what} is {size:,} bytes, over the limit of "
                        f"{limits.max_bytes:,} bytes{_hint(hints, 'max_bytes')}",
                    )
                ],
                "max_bytes",
            )
    raw = text if isinstance(text, bytes) else None
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadLog(
                [FieldError("", f"not UTF-8 text: {exc.reason} at byte {exc.start}")]
            ) from None
    if limits.max_depth is None:
        too_deep = "nested too deeply for this reader"
    else:
        hint = f"; {hints['max_depth']}" if "max_depth" in hints else ""
        too_deep = f"nested too deeply (the limit is {limits.max_depth} levels{hint})"
    with _collector_paused():
        try:
            return _checked(text, raw, limits, what, hints, too_deep)
        except BadLog as exc:  # its traceback let go here, and with it what was read
            refused = exc.with_traceback(None)
    raise refused


def _checked(
    text: str,
    raw: bytes | None,
    limits: Limits,
    what: str,
    hints: Mapping[str, str],
    too_deep: str,
) -> dict[str, Any]:
    """:func:`read_document` past the size and the encoding: the document read and checked."""
    read = _parse(text, raw, too_deep, limits.max_depth)
    data, duplicated, surrogates = read.data, read.duplicated, read.surrogates
    if read.deep:
        raise BadLog([FieldError("", too_deep)])
    if not isinstance(data, dict):
        raise BadLog([FieldError("", f"a {what} is a JSON object")])
    actions = data.get("actions")
    if (
        limits.max_actions is not None
        and type(actions) is list
        and len(actions) > limits.max_actions
    ):
        raise TooLarge(
            [
                FieldError(
                    "actions",
                    f"{len(actions):,} actions, over the limit of "
                    f"{limits.max_actions:,}{_hint(hints, 'max_actions')}",
                )
            ],
            "max_actions",
        )
    if duplicated or surrogates:
        if surrogates:
            errors = problems(data, duplicated, surrogates)
        else:  # the keys given twice are counted as they are read: the rest need no walk
            errors = problems(data, duplicated, surrogates, count_rest=False)
            built = sum(e.count if type(e) is Unlisted else 1 for e in errors)
            rest = reachable_repeats(duplicated) - built
            if rest:
                errors.append(Unlisted("", "duplicate keys", rest))
        if errors:
            raise BadLog(errors)
    return data
