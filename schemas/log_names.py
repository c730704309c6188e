"""Cards named by name in a log's actions (``docs/action-log.md``, "Cards by name"): the
table a name is looked up in, whether a log checked before holds names, and the log's
actions as recorded with the names its fields read replaced by their codes.

The fields read a name (:func:`schemas.refs.code_of_name`, noting it in ``Refs.named``); the
engines and the replay read the actions as recorded, not as loaded, so the document they are
given is rewritten here, in the places the fields read a name and nowhere else.
"""

from __future__ import annotations

from typing import Any

from judge.core.cardnames import deck_key, known_cards
from judge.core.cardsets import CardSets
from schemas.refs import Refs


def name_table(data: dict[str, Any], card_sets: CardSets | None) -> dict[str, list[str]]:
    """Name key -> the codes of the cards of that name the log knows (its ``cards`` and
    ``card_sets``), codes in order; empty when a set cannot be read (no name is read then)."""
    table: dict[str, list[str]] = {}
    for code, name in sorted((known_cards(data, card_sets) or {}).items()):
        if name:
            table.setdefault(deck_key(name), []).append(code)
    return table


def names_in(actions: list[Any], refs: Refs) -> bool:
    """Whether a string of ``actions`` (already checked) is a card's name and not a code: a
    log checked before with names in it, whose actions must be read again for their codes."""
    if refs.name_table is None or refs.cards is None:
        return False
    stack: list[Any] = [actions]
    seen: set[str] = set()  # a log repeats its strings ("proceed", ids): each read once
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if value in seen or value in refs.cards:
                continue
            seen.add(value)
            if refs.codes_named(value):
                return True
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
    return False


def with_codes(written: Any, loaded: Any, named: dict[str, str]) -> Any:
    """``written`` (an action as recorded) with every string its fields read as a card's
    name replaced by that card's code: where the loaded action holds the code in its place.
    A string is replaced only there, so a keyword that happens to be a card's name too (in
    another field) stays as written.  A copy where something changes, else ``written``."""
    if isinstance(written, str):
        code = named.get(written)
        return code if code is not None and loaded == code else written
    if isinstance(written, list) and isinstance(loaded, list) and len(written) == len(loaded):
        out = [with_codes(w, v, named) for w, v in zip(written, loaded, strict=True)]
        return written if all(a is b for a, b in zip(out, written, strict=True)) else out
    if isinstance(written, dict) and isinstance(loaded, dict):
        changed = {
            k: new
            for k, v in written.items()
            if k in loaded and (new := with_codes(v, loaded[k], named)) is not v
        }
        return {**written, **changed} if changed else written
    return written
