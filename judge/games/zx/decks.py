"""Z/X deck construction (``judge check-deck zx``): 50 cards, exactly 20 with the IG icon, at
most 4 per name, at most 4 with Life Recovery, at most 4 with Void Bringer; the dynamis
(given as the second list, ``ap`` in the checker's shape) at most 16, at most 4 per name, and
only dynamis cards in it: Z/X EX, event EX, shift and Z/X OB upper halves, none of which is
a deck card (ZX-DYNAMIS).

>>> cards = {"A": {"code": "A", "name": "A", "type": "zx", "ig": True}}
>>> [p.rule for p in check_deck(["A"] * 5, [], cards)]
['ZX-DECK-SIZE', 'ZX-DECK-IG', 'ZX-DECK-COPIES']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.core.decks import DeckProblem, codes_of, copy_problems, require_known, size_problems

DECK_SIZE, IG_COUNT, MAX_COPIES, MAX_LR, MAX_VB, DYNAMIS_MAX = 50, 20, 4, 4, 4, 16
#: the card types a dynamis holds (official IGOB/Shift page: Z/X EX, event EX, shift, and the
#: upper half of a Z/X OB)
DYNAMIS_TYPES = ("zx_ex", "event_ex", "shift", "zx_ob")


def _copies(
    cards: list[str], table: Mapping[str, Mapping[str, Any]], rule: str
) -> list[DeckProblem]:
    return copy_problems(
        cards,
        lambda code: str(table[code].get("name") or code),
        MAX_COPIES,
        rule,
        lambda name, copies, codes: (
            f"{len(copies)} cards named {name} ({', '.join(codes)}); at most {MAX_COPIES}."
        ),
    )


def _at_most(
    main: list[str],
    table: Mapping[str, Mapping[str, Any]],
    kw: str,
    limit: int,
    rule: str,
    word: str,
) -> list[DeckProblem]:
    hits = [c for c in main if kw in (table[c].get("keywords") or [])]
    if len(hits) <= limit:
        return []
    return [
        DeckProblem(
            rule, f"Deck has {len(hits)} cards with {word}; at most {limit}.", codes_of(hits)
        )
    ]


def check_deck(
    main: list[str], dynamis: list[str], cards: Mapping[str, Mapping[str, Any]]
) -> list[DeckProblem]:
    """Every deck-construction problem of ``main`` and ``dynamis`` (empty: legal)."""
    require_known(main, cards)
    require_known(dynamis, cards)
    problems = size_problems(main, DECK_SIZE, "ZX-DECK-SIZE", exact=True)
    ig = [c for c in main if cards[c].get("ig")]
    if len(ig) != IG_COUNT:
        problems.append(
            DeckProblem(
                "ZX-DECK-IG",
                f"Deck has {len(ig)} cards with the IG icon; exactly {IG_COUNT} are required.",
            )
        )
    problems += _copies(main, cards, "ZX-DECK-COPIES")
    problems += _at_most(
        main, cards, "life_recovery", MAX_LR, "ZX-DECK-LIFE-RECOVERY", "Life Recovery"
    )
    problems += _at_most(
        main, cards, "void_bringer", MAX_VB, "ZX-DECK-VOID-BRINGER", "Void Bringer"
    )
    ex_in_deck = [c for c in main if cards[c].get("type") in DYNAMIS_TYPES]
    if ex_in_deck:
        problems.append(
            DeckProblem(
                "ZX-DYNAMIS",
                "Dynamis cards (Z/X EX, event EX, shift, Z/X OB) belong in the dynamis, "
                "not the deck.",
                codes_of(ex_in_deck),
            )
        )
    pl_ex = [c for c in main if cards[c].get("type") == "player_ex"]
    if pl_ex:
        problems.append(
            DeckProblem(
                "ZX-PL-EX-SETUP",
                "A PL EX is not a deck card: it is prepared at setup on the back of the player "
                "card.",
                codes_of(pl_ex),
            )
        )
    if len(dynamis) > DYNAMIS_MAX:
        problems.append(
            DeckProblem("ZX-DYNAMIS", f"Dynamis has {len(dynamis)} cards; at most {DYNAMIS_MAX}.")
        )
    odd = [c for c in dynamis if cards[c].get("type") not in DYNAMIS_TYPES]
    if odd:
        problems.append(
            DeckProblem(
                "ZX-DYNAMIS",
                "Only Z/X EX, event EX, shift and Z/X OB cards go in the dynamis.",
                codes_of(odd),
            )
        )
    problems += _copies(dynamis, cards, "ZX-DYNAMIS")
    return problems
