"""Union Arena deck construction: the checks a judge makes before the first card is drawn.

A deck is legal on its own, before any action of the log is judged, so the check is a pure
function of the two card lists and the card definitions: ``check_deck(main, ap, cards)``.
It returns every problem it finds rather than stopping at the first, so a judge sees the
whole list at once; an empty list means the deck is legal.  Each problem names the rule it
breaks (an id of ``rules.toml``) and, where it helps, the card codes involved.

The checks run in catalogue order, and each check's problems are sorted, so the same deck
always gives the same list:

- ``UA-DECK-SIZE``: exactly 50 cards in the main deck;
- ``UA-DECK-AP``: exactly 3 AP cards, kept apart (no AP card in the main deck, only AP cards
  in the AP deck);
- ``UA-DECK-TITLE``: one title code (the three letters or digits after the "/") for all main-deck cards;
- ``UA-DECK-COPIES``: at most 4 cards per card number after the "/" (counted by ``number``,
  not by name or code: two printings of one card share the number);
- ``UA-DECK-TRIGGERS``: at most 4 cards each with the SPECIAL, COLOR and FINAL triggers,
  counted per trigger kind over all cards of that kind.

AP cards wrongly placed in the main deck are reported once, under ``UA-DECK-AP``; the title,
copy and trigger checks look at the main deck's other cards only.  Card codes must be known:
an unknown code raises ``KeyError``, because callers validate a log's codes (bad input) before
judging its decks.

:class:`~judge.core.decks.DeckProblem`, the size check and the copy counting are the core's
(:mod:`judge.core.decks`); which rules, their limits and what is counted are this module's.

>>> def card(code, type_="character", title="UAS", trigger=None):
...     return {"code": code, "name": code, "type": type_, "title": title,
...             "number": code, "trigger": trigger}
>>> cards = {c["code"]: c for c in [card("UAS-001"), card("UAS-002"), card("UAS-AP", "ap")]}
>>> problems = check_deck(["UAS-001"] * 5 + ["UAS-002"] * 4, ["UAS-AP"] * 3, cards)
>>> [p.rule for p in problems]
['UA-DECK-SIZE', 'UA-DECK-COPIES']
>>> problems[0].message
'Deck has 9 cards; exactly 50 are required.'
>>> problems[1].to_dict()["cards"]
['UAS-001']
"""

from __future__ import annotations

from collections import Counter
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

#: Cards in the main deck.
DECK_SIZE = 50
#: AP cards kept apart from the deck.
AP_COUNT = 3
#: Most cards allowed with one card number.
MAX_COPIES = 4
#: Most cards allowed per restricted trigger kind.
MAX_PER_TRIGGER = 4
#: The restricted trigger kinds, in the order the rule names them.
LIMITED_TRIGGERS = ("special", "color", "final")


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _is_ap(card: Mapping[str, Any]) -> bool:
    return card.get("type") == "ap"


def _check_ap(
    main: list[str], ap: list[str], cards: Mapping[str, Mapping[str, Any]]
) -> list[DeckProblem]:
    problems: list[DeckProblem] = []
    if len(ap) != AP_COUNT:
        message = (
            f"AP deck has {plural(len(ap), 'card')}; exactly {AP_COUNT} AP cards are required."
        )
        problems.append(DeckProblem("UA-DECK-AP", message))
    in_main = [code for code in main if _is_ap(cards[code])]
    if in_main:
        codes = codes_of(in_main)
        message = (
            f"The main deck holds {plural(len(in_main), 'AP card')} ({', '.join(codes)}); "
            f"AP cards are kept apart from the {DECK_SIZE} cards, in the AP deck of {AP_COUNT}."
        )
        problems.append(DeckProblem("UA-DECK-AP", message, codes))
    not_ap = [code for code in ap if not _is_ap(cards[code])]
    if not_ap:
        codes = codes_of(not_ap)
        kinds = ", ".join(f"{code} is {_a(str(cards[code].get('type')))} card" for code in codes)
        message = (
            f"The AP deck holds {plural(len(not_ap), 'card')} that "
            f"{'is not an AP card' if len(not_ap) == 1 else 'are not AP cards'} ({kinds}); "
            f"only AP cards may be among the {AP_COUNT}."
        )
        problems.append(DeckProblem("UA-DECK-AP", message, codes))
    return problems


def _check_title(main: list[str], cards: Mapping[str, Mapping[str, Any]]) -> list[DeckProblem]:
    titles = Counter(cards[code]["title"] for code in main)
    if len(titles) <= 1:
        return []
    # The deck's title is the one most of its cards carry (alphabetical on a tie); the
    # others are the odd ones a judge needs to see.
    deck_title = min(titles, key=lambda title: (-titles[title], title))
    odd = [code for code in main if cards[code]["title"] != deck_title]
    others = "; ".join(
        f"{plural(titles[title], 'card')} of {title} "
        f"({', '.join(codes_of(c for c in odd if cards[c]['title'] == title))})"
        for title in sorted(titles)
        if title != deck_title
    )
    message = (
        f"Deck mixes titles: {plural(titles[deck_title], 'card')} of {deck_title}, "
        f"and {others}; all cards must share one title."
    )
    return [DeckProblem("UA-DECK-TITLE", message, codes_of(odd))]


def _check_copies(main: list[str], cards: Mapping[str, Mapping[str, Any]]) -> list[DeckProblem]:
    def message(number: str, copies: list[str], codes: tuple[str, ...]) -> str:
        names = ", ".join(sorted({str(cards[code].get("name", code)) for code in codes}))
        printed = f" as {', '.join(codes)}" if codes != (number,) else ""
        return (
            f"Deck has {len(copies)} copies of card number {number} ({names}){printed}; "
            f"at most {MAX_COPIES} cards with the same card number are allowed."
        )

    return copy_problems(
        main, lambda code: cards[code].get("number") or code, MAX_COPIES, "UA-DECK-COPIES", message
    )


def _check_triggers(main: list[str], cards: Mapping[str, Mapping[str, Any]]) -> list[DeckProblem]:
    problems: list[DeckProblem] = []
    for kind in LIMITED_TRIGGERS:
        having = [code for code in main if str(cards[code].get("trigger") or "").lower() == kind]
        if len(having) <= MAX_PER_TRIGGER:
            continue
        codes = codes_of(having)
        message = (
            f"Deck has {len(having)} cards with the {kind.upper()} trigger "
            f"({', '.join(codes)}); at most {MAX_PER_TRIGGER} are allowed, counted over all "
            f"cards with that trigger."
        )
        problems.append(DeckProblem("UA-DECK-TRIGGERS", message, codes))
    return problems


def check_deck(
    main: list[str], ap: list[str], cards: Mapping[str, Mapping[str, Any]]
) -> list[DeckProblem]:
    """Every deck-construction problem of ``main`` (50 cards) and ``ap`` (3 AP cards).

    ``cards`` maps a card code to its Union Arena definition.  An empty list means the deck
    is legal.  Raises ``KeyError`` for a code that ``cards`` does not define.
    """
    require_known([*main, *ap], cards)
    rest = [code for code in main if not _is_ap(cards[code])]
    return [
        *size_problems(main, DECK_SIZE, "UA-DECK-SIZE", exact=True),
        *_check_ap(main, ap, cards),
        *_check_title(rest, cards),
        *_check_copies(rest, cards),
        *_check_triggers(rest, cards),
    ]
