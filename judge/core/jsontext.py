"""The one strict reader of JSON input: the CLI, the HTTP API and the service all read with it.

Python's ``json.loads`` accepts what an audit tool must not: a key given twice (the last
one silently wins), a lone UTF-16 surrogate (``"\\ud800"``, a string that cannot be
written out again as UTF-8), ``NaN`` and ``Infinity``, nesting deep enough to exhaust the
interpreter's stack, and any size.  :func:`read_document` refuses each of them, naming the
place by the same field paths as :class:`~judge.core.errors.FieldError` everywhere else
(``actions[3]: duplicate key "p"``), and applies :class:`Limits` (size, depth, actions)
before any validation runs, so that a hostile document costs little to refuse.

What it costs on a valid log: a hook per JSON object that notes a key given twice, and one
iterative walk over the containers for the depth (about 1-2% of judging a log).  Strings
are only looked at one by one when the text holds a ``\\uD8xx``-``\\uDFxx`` escape (or, for
``str`` input, a surrogate itself); paths are only built once a problem is known to exist.

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

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.core.errors import MAX_ERRORS, BadLog, FieldError, Unlisted, join_path


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


def _depth_over(data: Any, limit: int) -> bool:
    """Whether ``data`` nests deeper than ``limit`` levels: one level of containers at a
    time (no recursion, no tuple per node), stopping at the first level past the limit."""
    level = [data] if type(data) is dict or type(data) is list else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        deeper: list[Any] = []
        add = deeper.append
        for node in level:
            for child in node.values() if type(node) is dict else node:
                kind = type(child)
                if kind is dict or kind is list:
                    add(child)
        level = deeper
    return False


def _may_hold_surrogates(text: str, from_bytes: bool) -> bool:
    """Cheap pre-check: a lone surrogate can only come from a ``\\uD800``-``\\uDFFF`` escape
    (strict UTF-8 decoding refuses encoded surrogates), or be in ``str`` input itself."""
    if "\\ud" in text or "\\uD" in text:
        return True
    if from_bytes or text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _has_surrogate(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _surrogate_message(text: str, what: str) -> str:
    """The message for a string holding a lone surrogate; the string is shown escaped
    (``ascii()``), since the surrogate itself cannot be written out."""
    shown = ascii(text if len(text) <= 40 else text[:40] + "…")
    return f"{what} holds a lone surrogate, which is not a Unicode character: {shown}"


def _problems(data: Any, duplicated: dict[int, list[str]], surrogates: bool) -> list[FieldError]:
    """Every duplicate key and lone surrogate, by path: a walk with paths, run only when
    there is something to find (the document's depth is already within its limit).

    Within a list, once :data:`~judge.core.errors.MAX_ERRORS` problems are found, those of
    the later entries can never be listed (they sort after them, in the same top-level
    field): they are counted without paths, as one :class:`~judge.core.errors.Unlisted`
    (200,000 objects with a key given twice took 2.5 s to refuse when each was built)."""
    try:
        return _walk(data, (), duplicated, surrogates)
    except RecursionError:  # lists nested past what the walk can recurse (no depth limit)
        return _every_problem(data, duplicated, surrogates)


def _walk(
    data: Any, at: tuple[str | int, ...], duplicated: dict[int, list[str]], surrogates: bool
) -> list[FieldError]:
    """The problems under ``data`` (at path ``at``): objects walked here, lists by
    :func:`_list_problems`."""
    errors: list[FieldError] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, at)]
    while stack:
        node, path = stack.pop()
        if type(node) is list:
            errors += _list_problems(node, path, duplicated, surrogates)
            continue
        for key in duplicated.get(id(node), ()):
            shown = json.dumps(key) if not _has_surrogate(key) else ascii(key)
            errors.append(FieldError(join_path(*path), f"duplicate key {shown}"))
        for key, child in node.items():
            if surrogates and type(key) is str and _has_surrogate(key):
                errors.append(FieldError(join_path(*path), _surrogate_message(key, "a key")))
                key = ascii(key)  # the paths below it must be writable too
            if type(child) is str:
                if surrogates and _has_surrogate(child):
                    message = _surrogate_message(child, "the text")
                    errors.append(FieldError(join_path(*path, key), message))
            elif type(child) is dict or type(child) is list:
                stack.append((child, (*path, key)))
    return errors


def _list_problems(
    node: list[Any], path: tuple[str | int, ...], duplicated: dict[int, list[str]], surrogates: bool
) -> list[FieldError]:
    """A list's problems, entry by entry; past the first MAX_ERRORS, only counted."""
    errors: list[FieldError] = []
    for i, child in enumerate(node):
        if len(errors) >= MAX_ERRORS:
            rest = sum(_count(c, duplicated, surrogates) for c in node[i:])
            if rest:
                errors.append(Unlisted(join_path(*path), "duplicate keys, lone surrogates", rest))
            break
        if type(child) is str:
            if surrogates and _has_surrogate(child):
                message = _surrogate_message(child, "the text")
                errors.append(FieldError(join_path(*path, i), message))
        elif type(child) is dict or type(child) is list:
            errors += _walk(child, (*path, i), duplicated, surrogates)
    return errors


def _count(data: Any, duplicated: dict[int, list[str]], surrogates: bool) -> int:
    """How many problems :func:`_walk` would find under ``data``, without their paths."""
    count = 0
    stack = [data]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is str:
            count += surrogates and _has_surrogate(node)
        elif kind is list:
            stack.extend(node)
        elif kind is dict:
            count += len(duplicated.get(id(node), ()))
            for key, child in node.items():
                count += surrogates and type(key) is str and _has_surrogate(key)
                stack.append(child)
    return count


def _every_problem(
    data: Any, duplicated: dict[int, list[str]], surrogates: bool
) -> list[FieldError]:
    """The same problems as :func:`_walk`, each built, in one loop without recursion."""
    errors: list[FieldError] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if type(node) is dict:
            for key in duplicated.get(id(node), ()):
                shown = json.dumps(key) if not _has_surrogate(key) else ascii(key)
                errors.append(FieldError(join_path(*path), f"duplicate key {shown}"))
            items: Any = node.items()
        elif type(node) is list:
            items = enumerate(node)
        else:
            continue
        for key, child in items:
            if surrogates and type(key) is str and _has_surrogate(key):
                errors.append(FieldError(join_path(*path), _surrogate_message(key, "a key")))
                key = ascii(key)  # the paths below it must be writable too
            if type(child) is str:
                if surrogates and _has_surrogate(child):
                    errors.append(
                        FieldError(join_path(*path, key), _surrogate_message(child, "the text"))
                    )
            elif type(child) is dict or type(child) is list:
                stack.append((child, (*path, key)))
    return errors


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
    from_bytes = isinstance(text, bytes)
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
    duplicated: dict[int, list[str]] = {}
    keep: list[dict[str, Any]] = []  # the objects with duplicates, alive so their ids hold

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            twice: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    twice.add(key)
                seen.add(key)
            duplicated[id(obj)] = sorted(twice)
            keep.append(obj)
        return obj

    try:
        data = json.loads(
            text, object_pairs_hook=pairs_hook, parse_constant=_no_constant, parse_float=_finite
        )
    except json.JSONDecodeError as exc:
        raise BadLog(
            [FieldError("", f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")]
        ) from None
    except RecursionError:
        raise BadLog([FieldError("", too_deep)]) from None
    except ValueError as exc:  # NaN, Infinity, integers too long to convert
        raise BadLog([FieldError("", f"not acceptable JSON: {exc}")]) from None
    if limits.max_depth is not None and _depth_over(data, limits.max_depth):
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
    surrogates = _may_hold_surrogates(text, from_bytes)
    if duplicated or surrogates:
        errors = _problems(data, duplicated, surrogates)
        if errors:
            raise BadLog(errors)
    return data
