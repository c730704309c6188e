"""Rangers Strike deck construction: the checks a judge makes before the first card is drawn.

A deck is legal on its own, before any action of the log is judged, so the check is a pure
function of the card lists and the card definitions: ``check_deck(main, ap, cards)``, the same
shape as every game's checker (``judge check-deck`` calls ``check(main, ap, cards)``).  It
returns every problem it finds rather than stopping at the first; an empty list means the deck
is legal.  Each problem names the rule it breaks (an id of ``rules.toml``) and, where it helps,
the card codes involved.

The checks run in catalogue order, and each check's problems are sorted, so the same deck
always gives the same list:

- ``RS-CARD-TYPES``: Rangers Strike has units, vehicles and operations only, in one deck.  A
  separate ``ap`` list (the AP cards of other games) must be empty, and every card of the deck
  must be of one of the three types;
- ``RS-DECK-SIZE``: at least 40 cards;
- ``RS-DECK-COPIES``: at most 3 cards with the same name (counted by ``name``, not by code:
  two codes printed with one name count together), except cards printed
  ``※このカードはデッキに好きな枚数入れてもよい。`` (``any_copies``, RS-DECK-ANY-COPIES).

Card codes must be known: an unknown code raises ``KeyError``, because callers validate a
log's codes (bad input) before judging its decks.

:class:`~judge.core.decks.DeckProblem`, the size check and the copy counting are the core's
(:mod:`judge.core.decks`); which rules, their limits and what is counted are this module's.

>>> def card(code, name=None, type_="unit"):
...     return {"code": code, "name": name or code, "type": type_, "category": "blaze"}
>>> cards = {c["code"]: c for c in [card("RSS-001"), card("RSS-002", "Twin")]}
>>> cards["RSS-003"] = card("RSS-003", "Twin")
>>> problems = check_deck(["RSS-001"] * 3 + ["RSS-002"] * 2 + ["RSS-003"] * 2, [], cards)
>>> [p.rule for p in problems]
['RS-DECK-SIZE', 'RS-DECK-COPIES']
>>> problems[0].message
'Deck has 7 cards; at least 40 are required.'
>>> problems[1].to_dict()["cards"]
['RSS-002', 'RSS-003']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.core.decks import (
    DeckProblem,
    codes_of,
    copy_problems,
    plural,
    require_known,
    size_problems,
)

#: Fewest cards in a deck.
DECK_SIZE = 40
#: Most cards allowed with one name.
MAX_COPIES = 3
#: The card types of the game.
CARD_TYPES = ("unit", "vehicle", "operation")


def _check_types(
    main: list[str], ap: list[str], cards: Mapping[str, Mapping[str, Any]]
) -> list[DeckProblem]:
    problems: list[DeckProblem] = []
    if ap:
        codes = codes_of(ap)
        message = (
            f"The deck comes with a separate list of {plural(len(ap), 'card')} "
            f"({', '.join(codes)}); Rangers Strike has no AP cards: units, vehicles and "
            f"operations all belong in the one deck."
        )
        problems.append(DeckProblem("RS-CARD-TYPES", message, codes))
    odd = [code for code in main if cards[code].get("type") not in CARD_TYPES]
    if odd:
        codes = codes_of(odd)
        kinds = ", ".join(f"{code} is of type {cards[code].get('type')!r}" for code in codes)
        message = (
            f"The deck holds {plural(len(odd), 'card')} of no Rangers Strike type ({kinds}); "
            f"every card must be a unit, a vehicle or an operation."
        )
        problems.append(DeckProblem("RS-CARD-TYPES", message, codes))
    return problems


def _check_copies(main: list[str], cards: Mapping[str, Mapping[str, Any]]) -> list[DeckProblem]:
    def message(name: str, copies: list[str], codes: tuple[str, ...]) -> str:
        return (
            f"Deck has {len(copies)} copies of {name} ({', '.join(codes)}); "
            f"at most {MAX_COPIES} cards with the same name are allowed."
        )

    counted = [code for code in main if not cards[code].get("any_copies")]
    return copy_problems(
        counted,
        lambda code: str(cards[code].get("name") or code),
        MAX_COPIES,
        "RS-DECK-COPIES",
        message,
    )


def check_deck(
    main: list[str], ap: list[str], cards: Mapping[str, Mapping[str, Any]]
) -> list[DeckProblem]:
    """Every deck-construction problem of ``main`` (at least 40 cards, at most 3 per name).

    ``ap`` must be empty: Rangers Strike has no AP cards (the argument exists because every
    game's checker is called as ``check(main, ap, cards)``).  ``cards`` maps a card code to its
    Rangers Strike definition.  An empty list means the deck is legal.  Raises ``KeyError`` for
    a code of ``main`` that ``cards`` does not define.
    """
    require_known(main, cards)
    return [
        *_check_types(main, ap, cards),
        *size_problems(main, DECK_SIZE, "RS-DECK-SIZE", exact=False),
        *_check_copies(main, cards),
    ]
