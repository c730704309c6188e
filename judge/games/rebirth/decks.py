"""Rebirth for you deck construction: the checks a judge makes before the first card is drawn.

``check_deck(main, partner, cards)`` has the shape of every game's checker (the second list is
the one beside the main deck: Union Arena's AP cards, here the partner cards).  It returns
every problem, in catalogue order, each naming its rule:

- ``R4U-CARD-TYPES``: every card is a character, a Rebirth card or a partner card;
- ``R4U-DECK-SIZE``: exactly 50 cards in the main deck;
- ``R4U-DECK-CHARACTERS``: at least 42 characters; ``R4U-DECK-REBIRTH``: at most 8 Rebirth
  cards;
- ``R4U-DECK-PARTNERS``: exactly 3 partner cards, in the partner list only;
- ``R4U-DECK-COPIES``: at most 4 copies of the same card in the main deck (the seed's sentence
  is about the main deck; partner cards are not counted), "the same card" read by name or by
  code as rule option ``same_card`` says (R4U-DECK-SAME-CARD);
- ``R4U-FRAME-CHECK``: a stated frame colour must match the card's text (rule option
  ``frame_check``).

>>> def c(code, type_="character", **kw):
...     return {"code": code, "name": code, "type": type_, **kw}
>>> cards = {"C": c("C"), "R": c("R", "rebirth"), "P": c("P", "partner"), "Q": c("Q", "partner")}
>>> [p.rule for p in check_deck(["C"] * 4 + ["R"] * 2, ["P", "Q", "Q"], cards)]
['R4U-DECK-SIZE', 'R4U-DECK-CHARACTERS']
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
from judge.games.rebirth.cards import CARD_TYPES, CardDef
from judge.games.rebirth.reader import ANY_COPIES, read_card

DECK_SIZE = 50
MIN_CHARACTERS = 42
MAX_REBIRTH = 8
PARTNERS = 3
MAX_COPIES = 4


def _types(main: list[str], partner: list[str], cards: Mapping[str, Any]) -> list[DeckProblem]:
    odd = [c for c in [*main, *partner] if cards[c].get("type") not in CARD_TYPES]
    if not odd:
        return []
    codes = codes_of(odd)
    return [
        DeckProblem(
            "R4U-CARD-TYPES",
            f"{', '.join(codes)}: not a Rebirth for you card type (character, rebirth, partner).",
            codes,
        )
    ]


def _counts(main: list[str], cards: Mapping[str, Any]) -> list[DeckProblem]:
    out = []
    chars = sum(1 for c in main if cards[c].get("type") == "character")
    if chars < MIN_CHARACTERS:
        out.append(
            DeckProblem(
                "R4U-DECK-CHARACTERS",
                f"The main deck has {plural(chars, 'character')}; at least {MIN_CHARACTERS} "
                "are required.",
            )
        )
    rebirths = [c for c in main if cards[c].get("type") == "rebirth"]
    if len(rebirths) > MAX_REBIRTH:
        out.append(
            DeckProblem(
                "R4U-DECK-REBIRTH",
                f"The main deck has {len(rebirths)} Rebirth cards; at most {MAX_REBIRTH} are "
                "allowed.",
                codes_of(rebirths),
            )
        )
    return out


def _partners(main: list[str], partner: list[str], cards: Mapping[str, Any]) -> list[DeckProblem]:
    out = []
    in_main = [c for c in main if cards[c].get("type") == "partner"]
    if in_main:
        out.append(
            DeckProblem(
                "R4U-DECK-PARTNERS",
                f"Partner cards belong in the partner list, not the main deck ({', '.join(codes_of(in_main))}).",
                codes_of(in_main),
            )
        )
    others = [c for c in partner if cards[c].get("type") != "partner"]
    if others:
        out.append(
            DeckProblem(
                "R4U-DECK-PARTNERS",
                f"The partner list holds cards that are not partner cards ({', '.join(codes_of(others))}).",
                codes_of(others),
            )
        )
    if len(partner) != PARTNERS:
        out.append(
            DeckProblem(
                "R4U-DECK-PARTNERS",
                f"The deck has {plural(len(partner), 'partner card')}; exactly {PARTNERS} are "
                "required.",
            )
        )
    return out


def _frames(
    main: list[str],
    partner: list[str],
    cards: Mapping[str, Any],
    defs: Mapping[str, CardDef] | None = None,
) -> list[DeckProblem]:
    """R4U-FRAME-CHECK (GAP, rule option frame_check "text"): the seed's frame colours
    (R4U-FRAME) read as a deck check: a stated frame must match the text, and a card with a
    spark and blocker or cancel fits no frame.  ``defs``: the definitions already read from
    ``cards`` (an engine's), when the caller has them: reading a card's text is not cheap."""
    out = []
    for code in codes_of([*main, *partner]):
        raw = cards[code]
        if raw.get("type") not in CARD_TYPES:
            continue
        d = defs[code] if defs is not None and code in defs else CardDef.from_dict(dict(raw))
        want = d.expected_frame()
        if want is None:
            out.append(
                DeckProblem(
                    "R4U-FRAME-CHECK",
                    f"{code} has a spark and blocker or cancel: no frame colour fits it.",
                    (code,),
                )
            )
        elif d.frame is not None and d.frame != want:
            out.append(
                DeckProblem(
                    "R4U-FRAME-CHECK",
                    f"{code} has a {d.frame} frame, but its text calls for {want}.",
                    (code,),
                )
            )
    return out


def any_copies(defn: Mapping[str, Any]) -> bool:
    """Whether a card may be in the main deck in any number of copies: its printed
    「【永】:このキャラはデッキに4枚より多く入れてよい。」 read (R4U-TEXT-ANY-COPIES), or the effect
    ``{"when": "deck", "do": [{"op": "any_copies"}]}`` given.  The printed line counts even
    on a card whose other lines are not read (the line says all there is to it).

    >>> any_copies({"code": "X", "type": "character", "text": "【永】:このキャラはデッキに4枚より多く入れてよい。"})
    True
    """
    given = defn.get("effects")
    if isinstance(given, list):
        return any(isinstance(e, dict) and e.get("do") == [{"op": "any_copies"}] for e in given)
    return any(name == ANY_COPIES for _, name in read_card(dict(defn)).lines)


def check_deck(
    main: list[str],
    partner: list[str],
    cards: Mapping[str, Mapping[str, Any]],
    same_card: str = "name",
    frame_check: str = "text",
    defs: Mapping[str, CardDef] | None = None,
) -> list[DeckProblem]:
    """Every deck-construction problem of a main deck and its partner cards (empty: legal).
    ``same_card`` is the rule option of R4U-DECK-SAME-CARD ("name": copies share a card name;
    "code": copies share a card number); ``frame_check`` that of R4U-FRAME-CHECK ("text":
    frames are checked against the text; "off": not); ``defs``: ``cards`` read already (an
    engine's definitions), when the caller has them.  Raises ``KeyError`` for a code
    ``cards`` does not define."""

    def key(code: str) -> str:
        return code if same_card == "code" else str(cards[code].get("name") or code)

    require_known(main, cards)
    require_known(partner, cards)

    def message(name: str, copies: list[str], codes: tuple[str, ...]) -> str:
        return (
            f"Deck has {len(copies)} copies of {name} ({', '.join(codes)}); at most "
            f"{MAX_COPIES} of the same card are allowed in the main deck "
            f"(rule option same_card {same_card})."
        )

    # any_copies asked once a code, not once a copy (it may read the card's text)
    unlimited = {code: any_copies(cards[code]) for code in set(main)}
    return [
        *_types(main, partner, cards),
        *size_problems(main, DECK_SIZE, "R4U-DECK-SIZE", exact=True),
        *_counts(main, cards),
        *_partners(main, partner, cards),
        *copy_problems(
            [code for code in main if not unlimited[code]],  # R4U-TEXT-ANY-COPIES
            key,
            MAX_COPIES,
            "R4U-DECK-COPIES",
            message,
        ),
        *(_frames(main, partner, cards, defs) if frame_check != "off" else []),
    ]
