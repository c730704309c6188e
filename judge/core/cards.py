"""Card definitions: where they come from and which ones a replay used.

A log's card codes are looked up in its own ``cards`` first, then in the built-in
``card_sets`` it names (``judge/cards/<set>.json``).  The definitions a replay used travel
with the replay, so it can be re-run exactly after the card sets change.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


def builtin_set_names() -> list[str]:
    """Names of the card sets shipped with the package, sorted."""
    folder = resources.files("judge").joinpath("cards")
    return sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))


@cache
def _load_set_text(name: str) -> str:
    return resources.files("judge").joinpath("cards", f"{name}.json").read_text("utf-8")


def load_builtin_set(name: str) -> dict[str, Any]:
    """A built-in set as ``{"set": name, "game": …, "cards": [...]}``; KeyError if unknown."""
    if name not in builtin_set_names():
        raise KeyError(name)
    return json.loads(_load_set_text(name))


def card_table(log_cards: list[dict[str, Any]], card_sets: list[str]) -> dict[str, dict[str, Any]]:
    """Code → definition: the log's own cards win over built-in sets (in the order named)."""
    table: dict[str, dict[str, Any]] = {}
    for name in card_sets:
        for card in load_builtin_set(name)["cards"]:
            table.setdefault(card["code"], card)
    for card in log_cards:
        table[card["code"]] = card
    return table
