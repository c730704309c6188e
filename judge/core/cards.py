"""Card definitions: where they come from and which ones a replay used.

A log's card codes are looked up in its own ``cards`` first, then in the ``card_sets`` it
names, in order: a built-in set by its name (``judge/cards/<set>.json``), or a user's set
(:mod:`judge.core.cardsets`) by its name or ``sha256:<hash>``, from the registry the caller
passes.  The definitions a replay used travel with the replay, so it can be re-run exactly
after the card sets change.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.core.cardsets import CardSets

try:  # as in judge.core.canonical: the standard library does the same without it
    import orjson
except ImportError:  # pragma: no cover - exercised where orjson has no wheel
    orjson = None  # type: ignore[assignment]


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
