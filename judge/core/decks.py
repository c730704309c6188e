"""Deck construction, the part every game shares: a problem found, and the counting.

Each game's ``decks.py`` holds its own rules (``check_deck(main, ap, cards)``); what they all
need is here: :class:`DeckProblem` (the rule id, why, and the cards involved), the size check
(an exact count or a minimum), and grouping a deck's cards by what the copy limit counts (a
card number, a name).  Problems list their codes sorted and without repeats, so the same deck
always gives the same list.

>>> size_problems(["X-1"] * 7, 40, "G-DECK-SIZE", exact=False)[0].message
'Deck has 7 cards; at least 40 are required.'
>>> problems = copy_problems(["X-1", "X-2", "X-1", "X-1"], lambda code: code, 2, "G-DECK-COPIES",
...                          lambda key, copies, codes: f"{len(copies)} copies of {key}")
>>> [(p.rule, p.message, p.cards) for p in problems]
[('G-DECK-COPIES', '3 copies of X-1', ('X-1',))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.core.wording import plural

#: The most entries a deck list may have (a log's ``decks.<player>.main``, ``ap``, …, a deck
#: check's ``main``, …): ten times the largest legal deck of any game (50 cards: Union Arena,
#: Z/X, Rebirth for you; Rangers Strike asks for at least 40 and sets no maximum, so 500 is
#: twelve times its minimum).  Why: each entry is a card looked up and then counted by the
#: deck rules (a check of 400,000 entries took 2 s of the API's time), so a longer list is
#: refused unread, at the schema stage, naming the field; a shorter one, however illegal
#: (a 60-card deck), still reaches the game's deck-construction rules, which name the rule
#: it breaks.
MAX_DECK_ENTRIES = 500


def deck_bound_reason(deck: str) -> str:
    """Why a deck list is read no further than :data:`MAX_DECK_ENTRIES`, for the message
    (``deck``: what the game's deck is, ``"a union-arena deck has 50 cards and 3 AP cards"``).

    >>> deck_bound_reason("a zx deck has 50 cards")
    'a zx deck has 50 cards'
    """
    return deck


@dataclass(frozen=True)
class DeckProblem:
    """One way a deck breaks a deck-construction rule: the rule id, why, and the cards."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "cards": list(self.cards)}


def codes_of(codes: Iterable[str]) -> tuple[str, ...]:
    """The distinct codes, sorted: how a problem lists its cards."""
    return tuple(sorted(set(codes)))


def require_known(codes: Iterable[str], cards: Mapping[str, Any]) -> None:
    """``KeyError`` for the first code that ``cards`` does not define (callers validate a log's
    codes, as bad input, before judging its decks)."""
    for code in codes:
        if code not in cards:
            raise KeyError(code)


def size_problems(main: list[str], size: int, rule: str, *, exact: bool) -> list[DeckProblem]:
    """``rule`` broken when the deck has not exactly ``size`` cards (``exact``) or fewer than
    ``size``; else nothing."""
    if len(main) == size if exact else len(main) >= size:
        return []
    bound = "exactly" if exact else "at least"
    message = f"Deck has {plural(len(main), 'card')}; {bound} {size} are required."
    return [DeckProblem(rule, message)]


def copy_problems(
    main: list[str],
    key: Callable[[str], str],
    limit: int,
    rule: str,
    message: Callable[[str, list[str], tuple[str, ...]], str],
) -> list[DeckProblem]:
    """``rule`` broken once for each group of more than ``limit`` cards of ``main`` that share
    ``key(code)`` (what the copy limit counts: a card number, a name), sorted by key.  The
    problem's text is ``message(key, cards of the group in deck order, their codes)``."""
    groups: dict[str, list[str]] = {}
    for code in main:
        groups.setdefault(key(code), []).append(code)
    problems: list[DeckProblem] = []
    for k in sorted(groups):
        copies = groups[k]
        if len(copies) > limit:
            codes = codes_of(copies)
            problems.append(DeckProblem(rule, message(k, copies, codes), codes))
    return problems


#: (checker, the lists, settings, the listed cards' definitions by identity) -> (those
#: definitions, kept so that their ids are not reused while here; the problems)
_JUDGED: dict[tuple[Any, ...], tuple[tuple[Any, ...], tuple[DeckProblem, ...]]] = {}
_JUDGED_MAX = 512


def judged_deck(
    check: Callable[..., list[DeckProblem]],
    main: list[str],
    second: list[str],
    cards: Mapping[str, Any],
    *settings: Any,
    **shared: Any,
) -> tuple[DeckProblem, ...]:
    """``check(main, second, cards, *settings, **shared)``: a game's deck-construction check,
    once per deck.

    Why: the decks are judged before every replay, and most logs list the same few decks of
    the same shared definitions (a built-in set's cards are one read-only dict each, for
    every log: ``schemas.action_log``'s normalised sets); judging a deck cost as much as
    dozens of actions.  A check is a pure function of the two lists, its settings (rule
    options) and the definitions of the cards listed: every game's checker reads
    ``cards[code]`` for the codes listed and nothing else (``shared``: what it may read
    instead, derived from those definitions, an engine's parsed cards; not part of the key).
    So the problems are kept by the lists, the settings and the identities of those
    definitions (a log's own cards are new dicts every time and only fill it); DeckProblems
    are immutable.  Bounded: emptied when full.  A code ``cards`` does not define is left to
    the check, which raises as it always did.
    """
    try:
        used = tuple(cards[code] for code in dict.fromkeys([*main, *second]))
    except KeyError:
        return tuple(check(main, second, cards, *settings, **shared))
    key = (check, tuple(main), tuple(second), settings, tuple(map(id, used)))
    entry = _JUDGED.get(key)
    if entry is not None:
        return entry[1]
    problems = tuple(check(main, second, cards, *settings, **shared))
    if len(_JUDGED) >= _JUDGED_MAX:
        _JUDGED.clear()
    _JUDGED[key] = (used, problems)
    return problems
