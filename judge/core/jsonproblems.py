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

import bisect
import heapq
import json
import re
from itertools import chain, compress
from operator import itemgetter, sub
from typing import Any

from judge.core.errors import MAX_ERRORS, FieldError, Unlisted, error_order, join_path

#: a path's top-level field, as :func:`judge.core.errors.capped` reads it
_TOP = re.compile(r"[^.\[]*")

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
        if type(data) is dict:
            return _top_problems(data, duplicated, surrogates, count_rest)
        return _walk(data, (), duplicated, surrogates, count_rest)
    except RecursionError:  # lists nested past what the walk can recurse (no depth limit)
        return _every_problem(data, duplicated, surrogates)


def _top_problems(
    data: dict[str, Any], duplicated: Repeated, surrogates: bool, count_rest: bool
) -> list[FieldError]:
    """The problems of a document that is an object, by top-level field (the part of a path
    before its first ``.`` or ``[``, as :func:`~judge.core.errors.capped` groups them).

    Why not one walk: 150,000 objects with a key given twice, each the value of a key of the
    document, took 2 s to refuse, a problem built (and capped) for each.  A refusal lists the
    first problem of each field in turn; once :data:`MAX_ERRORS` fields with problems are
    read, a field whose every path sorts after their first problems can never be listed.
    Every path of a field sorts at or after the field's own name, so the fields are read in
    the order of their names (a heap: only those read are sorted), and the reading stops at
    the first field whose name sorts after the first problems of the ones read; the rest are
    counted (or left to the caller's total, ``count_rest`` false).  The document's own
    problems (its keys given twice, its keys holding a lone surrogate) are at the empty
    path: past the first MAX_ERRORS of them (by message), counted."""
    own: list[str] = []  # messages of the problems at the empty path
    seen = duplicated.get(id(data))
    for key in _twice(seen[1]) if seen else []:
        own.append(f"duplicate key {json.dumps(key) if not _has_surrogate(key) else ascii(key)}")
    fields: Any  # field name -> its keys and their values
    keys = "\0".join(data)
    if not surrogates and "." not in keys and "[" not in keys:  # each key its own field
        fields = _OwnFields(data)
    else:
        fields = {}
        for key, child in data.items():
            kind = type(child)
            if surrogates and _has_surrogate(key):
                own.append(_surrogate_message(key, "a key"))
                key = ascii(key)  # the paths below it must be writable too
            if (
                kind is dict
                or kind is list
                or (kind is str and surrogates and _has_surrogate(child))
            ):
                fields.setdefault(_field(key), []).append((key, child))
    errors: list[FieldError] = []
    shown = heapq.nsmallest(MAX_ERRORS, own)
    errors += [FieldError("", message) for message in shown]
    if len(own) > len(shown):
        errors.append(Unlisted("", "duplicate keys, lone surrogates", len(own) - len(shown)))
    firsts: list[Any] = []  # the first problem of each field read, the smallest MAX_ERRORS
    own_first = [error_order(FieldError("", shown[0]))] if shown else []
    if own_first and "" not in fields:  # the empty field is read first, with its keys
        firsts += own_first
    names = list(fields)
    heapq.heapify(names)
    while names:
        if len(firsts) >= MAX_ERRORS and firsts[MAX_ERRORS - 1] < ([names[0]], ""):
            break
        name = heapq.heappop(names)
        found: list[FieldError] = []
        for key, child in fields[name]:
            if type(child) is str:
                found.append(FieldError(key, _surrogate_message(child, "the text")))
            else:
                found += _walk(child, (key,), duplicated, surrogates, count_rest)
        listed = [error_order(e) for e in found if type(e) is not Unlisted]
        listed += own_first if name == "" else []
        if listed:
            bisect.insort(firsts, min(listed))
            del firsts[MAX_ERRORS:]
        errors += found
    if names and count_rest:
        rest = sum(
            1 if type(child) is str else _count(child, duplicated, surrogates)
            for name in names
            for _, child in fields[name]
        )
        if rest:
            errors.append(Unlisted("", "duplicate keys, lone surrogates", rest))
    return errors


class _OwnFields:
    """The fields of a document whose keys hold no ``.`` nor ``[``: a key is its own field
    (built when read, not for every key: a document may have 150,000 of them)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def __iter__(self) -> Any:
        return (key for key, child in self.data.items() if type(child) in _CONTAINERS)

    def __contains__(self, name: str) -> bool:
        return name in self.data and type(self.data[name]) in _CONTAINERS

    def __getitem__(self, name: str) -> list[tuple[str, Any]]:
        return [(name, self.data[name])]


_CONTAINERS = (dict, list)


def _field(key: str) -> str:
    """The top-level field of the paths under ``key`` (:func:`~judge.core.errors.capped`)."""
    top = _TOP.match(key)
    return top.group(0) if top else ""


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
