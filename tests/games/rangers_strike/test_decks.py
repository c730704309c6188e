"""Rangers Strike deck construction, one test per rule id (RS-CARD-TYPES, RS-DECK-…)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.rangers_strike.decks import (
    CARD_TYPES,
    DECK_SIZE,
    MAX_COPIES,
    DeckProblem,
    check_deck,
)


def card(
    code: str, *, name: str | None = None, type_: str = "unit", category: str = "blaze"
) -> dict[str, Any]:
    return {"code": code, "name": name or f"Card {code}", "type": type_, "category": category}


def table(*defs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {d["code"]: d for d in defs}


# 14 plain names x 3 copies = 42 cards; a legal deck takes 40 of them.  Units, vehicles and
# operations mixed, as a real deck would be.
PLAIN = [
    card(f"RSS-{n:03d}", type_=CARD_TYPES[n % 3], category=("blaze", "tide")[n % 2])
    for n in range(1, 15)
]
CARDS = table(*PLAIN)


def legal_main() -> list[str]:
    return [c["code"] for c in PLAIN for _ in range(3)][:40]


def rules(problems: list[DeckProblem]) -> list[str]:
    return [p.rule for p in problems]


def test_constants_match_the_catalogue() -> None:
    assert (DECK_SIZE, MAX_COPIES, CARD_TYPES) == (40, 3, ("unit", "vehicle", "operation"))


def test_legal_40_card_deck_has_no_problems() -> None:
    assert check_deck(legal_main(), [], CARDS) == []


def test_RS_DECK_SIZE_39_cards_is_a_problem() -> None:
    problems = check_deck(legal_main()[:39], [], CARDS)
    assert rules(problems) == ["RS-DECK-SIZE"]
    assert problems[0].message == "Deck has 39 cards; at least 40 are required."
    assert problems[0].cards == ()


def test_RS_DECK_SIZE_has_no_upper_limit() -> None:
    more = [card(f"RSS-{n:03d}") for n in range(101, 121)]
    main = [c["code"] for c in [*PLAIN, *more] for _ in range(3)]
    assert len(main) == 102
    assert check_deck(main, [], table(*PLAIN, *more)) == []


def test_RS_DECK_SIZE_empty_deck() -> None:
    problems = check_deck([], [], CARDS)
    assert rules(problems) == ["RS-DECK-SIZE"]
    assert problems[0].message == "Deck has 0 cards; at least 40 are required."


def test_RS_DECK_COPIES_four_of_one_name_is_a_problem() -> None:
    main = legal_main() + ["RSS-014"] * 2  # the 14th name has 1 copy in the legal deck
    assert check_deck(main, [], CARDS) == []  # 3 copies are fine
    main.append("RSS-001")
    problems = check_deck(main, [], CARDS)
    assert rules(problems) == ["RS-DECK-COPIES"]
    assert problems[0].cards == ("RSS-001",)
    assert problems[0].message == (
        "Deck has 4 copies of Card RSS-001 (RSS-001); "
        "at most 3 cards with the same name are allowed."
    )


def test_RS_DECK_COPIES_counts_by_name_not_code() -> None:
    # Two codes printed with one name count together: 2 + 2 is too many.
    twins = [
        card("RSS-201", name="Blaze Cadet Rin"),
        card("RSS-202", name="Blaze Cadet Rin", type_="operation"),
    ]
    cards = table(*PLAIN, *twins)
    main = legal_main()[:36] + ["RSS-201"] * 2 + ["RSS-202"] * 2
    problems = check_deck(main, [], cards)
    assert rules(problems) == ["RS-DECK-COPIES"]
    assert problems[0].cards == ("RSS-201", "RSS-202")
    assert "4 copies of Blaze Cadet Rin (RSS-201, RSS-202)" in problems[0].message
    # ... and 2 + 1 is fine.
    assert check_deck(main[:-1] + ["RSS-014"], [], cards) == []


def test_RS_DECK_COPIES_one_problem_per_name_in_name_order() -> None:
    cards = table(*PLAIN, card("RSS-301", name="Zed"), card("RSS-302", name="Amp"))
    main = legal_main()[:32] + ["RSS-301"] * 4 + ["RSS-302"] * 5
    problems = check_deck(main, [], cards)
    assert rules(problems) == ["RS-DECK-COPIES", "RS-DECK-COPIES"]
    assert [p.cards for p in problems] == [("RSS-302",), ("RSS-301",)]
    assert "5 copies of Amp" in problems[0].message


def test_RS_CARD_TYPES_no_ap_cards() -> None:
    cards = table(*PLAIN, card("UAS-AP", type_="ap"))
    problems = check_deck(legal_main(), ["UAS-AP"] * 3, cards)
    assert rules(problems) == ["RS-CARD-TYPES"]
    assert problems[0].cards == ("UAS-AP",)
    assert problems[0].message.startswith(
        "The deck comes with a separate list of 3 cards (UAS-AP); Rangers Strike has no AP cards"
    )


def test_RS_CARD_TYPES_a_separate_list_of_game_cards_is_refused_too() -> None:
    problems = check_deck(legal_main(), ["RSS-001"], CARDS)
    assert rules(problems) == ["RS-CARD-TYPES"]
    assert problems[0].cards == ("RSS-001",)


def test_RS_CARD_TYPES_only_units_vehicles_and_operations() -> None:
    cards = table(*PLAIN, card("XYZ-001", type_="character"), card("XYZ-002", type_="field"))
    main = legal_main()[:38] + ["XYZ-002", "XYZ-001"]
    problems = check_deck(main, [], cards)
    assert rules(problems) == ["RS-CARD-TYPES"]
    assert problems[0].cards == ("XYZ-001", "XYZ-002")
    assert "XYZ-001 is of type 'character'" in problems[0].message
    assert "every card must be a unit, a vehicle or an operation" in problems[0].message


def test_problems_come_in_catalogue_order_and_are_stable() -> None:
    cards = table(*PLAIN, card("XYZ-001", type_="event"))
    main = ["RSS-001"] * 5 + ["XYZ-001"]
    first = check_deck(main, ["RSS-002"], cards)
    assert rules(first) == ["RS-CARD-TYPES", "RS-CARD-TYPES", "RS-DECK-SIZE", "RS-DECK-COPIES"]
    assert first == check_deck(list(reversed(main)), ["RSS-002"], cards)
    assert first[2].to_dict() == {
        "rule": "RS-DECK-SIZE",
        "message": "Deck has 6 cards; at least 40 are required.",
        "cards": [],
    }


def test_called_the_way_judge_check_deck_calls_every_checker() -> None:
    # judge/cli.py calls check(main, ap, cards), with ap [] when a deck names none
    check = check_deck
    assert check(legal_main(), [], CARDS) == []


def test_unknown_code_raises_key_error() -> None:
    with pytest.raises(KeyError):
        check_deck(legal_main()[:39] + ["NOPE-001"], [], CARDS)
