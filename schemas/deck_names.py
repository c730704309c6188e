"""Deck lists by card name: an entry of a log's ``decks`` that is not a card code but the
name of exactly one card the log knows (its ``cards`` and the sets of its ``card_sets``) is
read as that card's code, so that a person writing a log (or a scorekeeper's page filling
one) can list ``"Cinder Gunner"`` four times instead of looking up ``UAS-003``.

Names are compared in the normal form every name is compared in (:func:`judge.core.names.name_key`:
NFKC, full-width forms folded, white space collapsed), and without case.  A name that two or
more codes carry is refused naming them (the log must say which); a name no card carries is
left for the code check, which says it is unknown.  The log's ``document`` keeps what was
written; the loaded log, its replay and its canonical form list codes.
"""

from __future__ import annotations

from typing import Any

# in the core, which reads positions by name too (judge.core.position), below the schemas
from judge.core.cardnames import deck_key as _key
from judge.core.cardnames import known_cards as known_cards
from judge.core.errors import FieldError


def unknown_entries(data: dict[str, Any], sections: tuple[str, ...], codes: Any) -> bool:
    """Whether a deck list holds a string that is not one of ``codes`` (a name, or a typo)."""
    decks = data.get("decks")
    if not isinstance(decks, dict):
        return False
    # loops, not a generator: each entry of every deck cost a generator's step (a log's
    # decks are read before every replay); a list of known codes, the common case, is
    # answered by one comparison of sets, without a step an entry
    known = codes.keys() if isinstance(codes, dict) else None
    for deck in decks.values():
        if isinstance(deck, dict):
            for section in sections:
                entries = deck.get(section)
                if isinstance(entries, list):
                    if known is not None:
                        try:
                            if known >= set(entries):
                                continue  # every entry a known code
                        except TypeError:  # an entry that is not hashable: each in turn
                            pass
                    for entry in entries:
                        if isinstance(entry, str) and entry not in codes:
                            return True
    return False


def named_decks(
    data: dict[str, Any], sections: tuple[str, ...], card_sets: Any = None
) -> tuple[dict[str, Any], list[FieldError]]:
    """``data`` with its deck entries that name one card by name replaced by that card's
    code (a copy; ``data`` itself when nothing is replaced), and the entries whose name
    several cards carry."""
    decks = data.get("decks")
    if not isinstance(decks, dict):
        return data, []
    cards = None
    errors: list[FieldError] = []
    out: dict[str, Any] = {}
    changed = False
    for pid, deck in decks.items():
        if not isinstance(deck, dict):
            out[pid] = deck
            continue
        new_deck = dict(deck)
        for section in sections:
            entries = deck.get(section)
            if not isinstance(entries, list):
                continue
            listed = list(entries)
            for n, entry in enumerate(entries):
                if not isinstance(entry, str):
                    continue
                if cards is None:
                    cards = known_cards(data, card_sets)
                    if cards is None:
                        return data, []
                    by_name: dict[str, list[str]] = {}
                    for code, name in sorted(cards.items()):
                        if name:
                            by_name.setdefault(_key(name), []).append(code)
                if entry in cards:
                    continue
                codes = by_name.get(_key(entry), [])
                if len(codes) == 1:
                    listed[n] = codes[0]
                    changed = True
                elif len(codes) > 1:
                    errors.append(
                        FieldError(
                            f"decks.{pid}.{section}[{n}]",
                            f"{entry!r} is the name of {len(codes)} cards ({', '.join(codes)}): "
                            "write the code of the one meant",
                        )
                    )
            new_deck[section] = listed
        out[pid] = new_deck
    if not changed:
        return data, errors
    return {**data, "decks": out}, errors
