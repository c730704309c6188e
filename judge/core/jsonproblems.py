"""Where a document's keys given twice and lone surrogates are, by path, and how many there
are: :func:`judge.core.jsontext.read_document`'s refusals, found only once the reader knows
there is something to find.

Why apart: finding them by path is a walk of the document, and a refusal must still cost
time linear in its size (200,000 objects with a key given twice took 2.5 s to refuse when a
problem was built for each): within a list, the problems past the first
:data:`~judge.core.errors.MAX_ERRORS` can never be listed and are counted, and keys given
twice are counted as they were read (:func:`reachable_repeats`), not walked.
"""

from __future__ import annotations

import json
from itertools import chain, compress
from operator import itemgetter, sub
from typing import Any

from judge.core.errors import MAX_ERRORS, FieldError, Unlisted, join_path

#: a document's objects with a key given twice, by id: the object and its pairs as given
Repeated = dict[int, tuple[dict[str, Any], list[tuple[str, Any]]]]


def _twice(pairs: list[tuple[str, Any]]) -> list[str]:
    """The keys an object's ``pairs`` give more than once, in order."""
    seen: set[str] = set()
    twice: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            twice.add(key)
        seen.add(key)
    return sorted(twice)


def _repeats(pairs: list[tuple[str, Any]], obj: dict[str, Any]) -> int:
    """How many keys ``pairs`` give more than once (``obj`` is what they made)."""
    return 1 if len(pairs) - len(obj) == 1 else len(_twice(pairs))


def reachable_repeats(duplicated: Repeated) -> int:
    """How many keys given twice the document as read holds: those of every object with one,
    less those only reachable through a value a later key replaced (counted by a walk of
    those values alone, which may themselves hold such objects).  Loops of C, not of Python,
    over what may be 300,000 objects."""
    found = list(duplicated.values())
    objects = list(map(itemgetter(0), found))
    pairs = list(map(itemgetter(1), found))
    total = sum(map(len, pairs)) - sum(map(len, objects))  # keys given again
    if total != len(found):  # not each object one key given twice: count by object
        extra = list(map(sub, map(len, pairs), map(len, objects)))
        total = extra.count(1)
        total += sum(map(len, map(_twice, compress(pairs, map((1).__lt__, extra)))))
    values = map(itemgetter(1), chain.from_iterable(pairs))
    kinds = set(map(type, values))
    if dict not in kinds and list not in kinds:  # no container was replaced: all reachable
        return total
    for obj, given in found:
        for key, value in given:
            if (type(value) is dict or type(value) is list) and obj[key] is not value:
                total -= _count(value, duplicated, False)
    return total


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


def problems(
    data: Any,
    duplicated: Repeated,
    surrogates: bool,
    count_rest: bool = True,
) -> list[FieldError]:
    """Every duplicate key and lone surrogate, by path: a walk with paths, run only when
    there is something to find (the document's depth is already within its limit).

    Within a list, once :data:`~judge.core.errors.MAX_ERRORS` problems are found, those of
    the later entries can never be listed (they sort after them, in the same top-level
    field): they are counted without paths, as one :class:`~judge.core.errors.Unlisted`
    (200,000 objects with a key given twice took 2.5 s to refuse when each was built)."""
    try:
        return _walk(data, (), duplicated, surrogates, count_rest)
    except RecursionError:  # lists nested past what the walk can recurse (no depth limit)
        return _every_problem(data, duplicated, surrogates)


def _walk(
    data: Any,
    at: tuple[str | int, ...],
    duplicated: Repeated,
    surrogates: bool,
    count_rest: bool = True,
) -> list[FieldError]:
    """The problems under ``data`` (at path ``at``): objects walked here, lists by
    :func:`_list_problems`."""
    errors: list[FieldError] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, at)]
    while stack:
        node, path = stack.pop()
        if type(node) is list:
            errors += _list_problems(node, path, duplicated, surrogates, count_rest)
            continue
        for key in _twice(duplicated[id(node)][1] if id(node) in duplicated else []):
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
    node: list[Any],
    path: tuple[str | int, ...],
    duplicated: Repeated,
    surrogates: bool,
    count_rest: bool = True,
) -> list[FieldError]:
    """A list's problems, entry by entry; past the first MAX_ERRORS, only counted (or, with
    ``count_rest`` false, left for the caller to count from the total)."""
    errors: list[FieldError] = []
    for i, child in enumerate(node):
        if len(errors) >= MAX_ERRORS:
            if not count_rest:
                break
            rest = sum(_count(c, duplicated, surrogates) for c in node[i:])
            if rest:
                errors.append(Unlisted(join_path(*path), "duplicate keys, lone surrogates", rest))
            break
        if type(child) is str:
            if surrogates and _has_surrogate(child):
                message = _surrogate_message(child, "the text")
                errors.append(FieldError(join_path(*path, i), message))
        elif type(child) is dict or type(child) is list:
            errors += _walk(child, (*path, i), duplicated, surrogates, count_rest)
    return errors


def _count(data: Any, duplicated: Repeated, surrogates: bool) -> int:
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
            seen = duplicated.get(id(node))
            count += _repeats(seen[1], node) if seen else 0
            for key, child in node.items():
                count += surrogates and type(key) is str and _has_surrogate(key)
                stack.append(child)
    return count


def _every_problem(data: Any, duplicated: Repeated, surrogates: bool) -> list[FieldError]:
    """The same problems as :func:`_walk`, each built, in one loop without recursion."""
    errors: list[FieldError] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if type(node) is dict:
            for key in _twice(duplicated[id(node)][1] if id(node) in duplicated else []):
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
