"""The cards a log knows by name, and the form in which a deck list's (or a position's)
entry is compared with their names: :func:`judge.core.names.name_key`, without case.

Here, in the core, because the core reads a position's card entries by name
(:mod:`judge.core.position`) as the schemas read a deck list's (:mod:`schemas.deck_names`),
and the core does not import the schemas, a layer above it (``tests/test_layers.py``).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from judge.core.cards import builtin_set_names, card_table
from judge.core.names import name_key


@lru_cache(maxsize=8192)
def deck_key(name: str) -> str:
    """The form a card's name is compared in with an entry written by name (kept for the
    strings met most: a log's keywords and ids, asked of every log that may name cards).

    >>> deck_key("Cinder  GUNNER") == deck_key("cinder gunner")
    True
    """
    return name_key(name).casefold()


def known_cards(data: dict[str, Any], card_sets: Any) -> dict[str, str] | None:
    """Code -> name of every card the log knows; None when a set it names cannot be read
    (then no name is resolved: the set could hold any card)."""
    out: dict[str, str] = {}
    for name in data.get("card_sets") or ():
        if not isinstance(name, str):
            return None
        try:
            if name in builtin_set_names():
                named = _builtin_names(name)
            elif card_sets is not None:
                named = _names_of(card_sets.resolve(name).cards)
            else:
                return None
        except (KeyError, LookupError, ValueError):
            return None
        for code, card_name in named:
            out.setdefault(code, card_name)  # the first set that defines a code wins
    for card in data.get("cards") or ():
        if isinstance(card, dict) and isinstance(card.get("code"), str):
            name = card.get("name")
            out[card["code"]] = name if isinstance(name, str) else ""
    return out


@cache
def _builtin_names(name: str) -> tuple[tuple[str, str], ...]:
    """(code, name) of a built-in set's cards, read once per process: the package's sets do
    not change while it runs, and a log that may name cards by name asks for them (a worker
    reading a checked log again asks for every log)."""
    return _names_of(card_table([], [name]))


def _names_of(cards: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(
        (code, card["name"])
        for code, card in cards.items()
        if isinstance(card, dict) and isinstance(card.get("name"), str)
    )
