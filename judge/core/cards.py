"""Card definitions: where they come from and which ones a replay used.

A log's card codes are looked up in its own ``cards`` first, then in the ``card_sets`` it
names, in order: a built-in set by its name (``judge/cards/<set>.json``), or a user's set
(:mod:`judge.core.cardsets`) by its name or ``sha256:<hash>``, from the registry the caller
passes.  The definitions a replay used travel with the replay, so it can be re-run exactly
after the card sets change.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from judge.core.cardsets import CardSets

try:  # as in judge.core.canonical: the standard library does the same without it
    import orjson
except ImportError:  # pragma: no cover - exercised where orjson has no wheel
    orjson = None  # type: ignore[assignment]

T = TypeVar("T")


def builtin_set_names() -> list[str]:
    """Names of the card sets shipped with the package, sorted."""
    return list(_set_names())


@cache
def _set_names() -> tuple[str, ...]:
    # listed once per process, as the sets' texts are read once (_load_set_text): the
    # package's files do not change while it runs, and every log naming a set asks
    folder = resources.files("judge").joinpath("cards")
    return tuple(
        sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))
    )


@cache
def _load_set_text(name: str) -> str:
    return resources.files("judge").joinpath("cards", f"{name}.json").read_text("utf-8")


def load_builtin_set(name: str) -> dict[str, Any]:
    """A built-in set as ``{"set": name, "game": …, "cards": [...]}``; KeyError if unknown.

    A new object on every call (callers may change it); decoded by orjson when installed,
    which reads the shipped sets as the standard library does, in less than half its time
    (every log naming a set decodes it while it is validated).
    """
    if name not in _set_names():
        raise KeyError(name)
    text = _load_set_text(name)
    return orjson.loads(text) if orjson is not None else json.loads(text)


def set_cards(ref: str, registry: CardSets | None = None) -> list[dict[str, Any]]:
    """The definitions of the set ``ref`` names: a built-in set's as shipped, a user set's
    (from ``registry``) as its game's card schema loaded them.  KeyError for a built-in name
    that is not one and no registry; :class:`~judge.core.cardsets.UnknownCardSet` when the
    registry has no such set."""
    if ref in _set_names() or registry is None:
        return load_builtin_set(ref)["cards"]
    return list(registry.resolve(ref).cards.values())


def card_table(
    log_cards: list[dict[str, Any]],
    card_sets: list[str],
    registry: CardSets | None = None,
) -> dict[str, dict[str, Any]]:
    """Code → definition: the log's own cards win over the sets (in the order named); a
    name that is not a built-in set's is looked up in ``registry`` (the user's sets)."""
    table: dict[str, dict[str, Any]] = {}
    for name in card_sets:
        for card in set_cards(name, registry):
            table.setdefault(card["code"], card)
    for card in log_cards:
        table[card["code"]] = card
    return table


#: definitions read by :func:`read_once`, by reader and the definition's JSON text
_READ: dict[tuple[Callable[[dict[str, Any]], Any], bytes], Any] = {}
_READ_MAX = 4096


def read_once(read: Callable[[dict[str, Any]], T], d: dict[str, Any]) -> T:
    """``read(d)`` (a game's ``CardDef.from_dict``), once per definition text and reader.

    Why: a log's card definitions are new dicts every time it is decoded, and reading them
    (their printed text, for some games) was a good part of starting an engine, for the same
    few dozen cards replayed again and again.  Looked up by the definition's JSON text, keys
    in the order given (a definition that differs in anything, key order included, is read
    anew); read from a deep copy of its own, which no caller holds and so nothing changes.
    The definitions read are immutable and engines only read them.  Bounded: emptied when
    full.  Without orjson, or for a value JSON cannot hold, ``read(d)`` as before.

    >>> calls = []
    >>> def read(d):
    ...     calls.append(d["code"])
    ...     return dict(d)
    >>> a = read_once(read, {"code": "X-1", "n": 1})
    >>> read_once(read, {"code": "X-1", "n": 1}) is a, calls
    (True, ['X-1'])
    >>> read_once(read, {"n": 1, "code": "X-1"}) is a, calls  # another key order: read anew
    (False, ['X-1', 'X-1'])
    """
    if orjson is None:  # pragma: no cover - exercised where orjson has no wheel
        return read(d)
    try:
        text = orjson.dumps(d)
    except TypeError:  # a non-string key or an integer over 64 bits: as given
        return read(d)
    key = (read, text)
    parsed = _READ.get(key)
    if parsed is None:
        parsed = read(copy.deepcopy(d))
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        _READ[key] = parsed
    return parsed


#: card tables read by :func:`read_table_once`, by reader and the table's JSON text, each
#: with its memo
_TABLES: dict[tuple[Callable[[dict[str, Any]], Any], bytes], tuple[dict[str, Any], dict]] = {}
_TABLES_MAX = 64  # (each key holds a whole table's text: a few MB at most)


def read_all_once(read: Callable[[dict[str, Any]], T], cards: dict[str, Any]) -> dict[str, T]:
    """``{code: read_once(read, d) for code, d in sorted(cards.items())}``: a log's card
    table read, once per table text and reader.

    Why: a log replayed again (or another log with the same cards, as a format's sample
    decks make them) has the same table; one look-up by its JSON text (keys in the order
    given) instead of one per definition.  The dict returned is the caller's own (its
    definitions are shared: immutable).  Bounded: emptied when full.

    >>> calls = []
    >>> def read(d):
    ...     calls.append(d["code"])
    ...     return (d["code"], d["n"])
    >>> read_all_once(read, {"B": {"code": "B", "n": 2}, "A": {"code": "A", "n": 1}})
    {'A': ('A', 1), 'B': ('B', 2)}
    >>> t = read_all_once(read, {"B": {"code": "B", "n": 2}, "A": {"code": "A", "n": 1}})
    >>> calls
    ['A', 'B']
    """
    return read_table_once(read, cards)[0]


def read_table_once(
    read: Callable[[dict[str, Any]], T], cards: dict[str, Any]
) -> tuple[dict[str, T], dict[Any, Any]]:
    """:func:`read_all_once`'s table, and a memo shared by every log whose table has the same
    text and reader: for what an engine works out from the definitions alone (which codes
    print a keyword, …), so that a game of the same cards finds it worked out.  Only what
    depends on nothing but the definitions may go in it (no rule option, no state of a
    game), under keys the engine names; a table read one by one (see :func:`read_once`)
    has a memo of its own.

    >>> def read(d):
    ...     return d["n"]
    >>> table, memo = read_table_once(read, {"A": {"n": 1}})
    >>> memo["odd"] = frozenset(c for c, n in table.items() if n % 2)
    >>> read_table_once(read, {"A": {"n": 1}})[1]["odd"]
    frozenset({'A'})
    >>> "odd" in read_table_once(read, {"A": {"n": 3}})[1]  # another table: another memo
    False
    """
    if orjson is None:  # pragma: no cover - exercised where orjson has no wheel
        return {code: read(d) for code, d in sorted(cards.items())}, {}
    try:
        text = orjson.dumps(cards)
    except TypeError:  # a non-string key or an integer over 64 bits: one by one
        return {code: read_once(read, d) for code, d in sorted(cards.items())}, {}
    key = (read, text)
    got = _TABLES.get(key)
    if got is None:
        got = ({code: read_once(read, d) for code, d in sorted(cards.items())}, {})
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        _TABLES[key] = got
    return dict(got[0]), got[1]
