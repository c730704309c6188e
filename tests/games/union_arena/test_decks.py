"""Union Arena deck construction, one test per rule id (UA-DECK-…)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.union_arena.decks import DeckProblem, check_deck


def card(
    code: str,
    *,
    name: str | None = None,
    type_: str = "character",
    title: str = "UAS",
    number: str | None = None,
    trigger: str | None = None,
) -> dict[str, Any]:
    return {
        "code": code,
        "name": name or f"Card {code}",
        "type": type_,
        "title": title,
        "number": number or code,
        "color": "red",
        "trigger": trigger,
    }


def table(*defs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {d["code"]: d for d in defs}


# 13 plain numbers x 4 copies = 52 cards; a legal deck takes 50 of them.
PLAIN = [card(f"UAS-{n:03d}") for n in range(1, 14)]
AP_CARD = card("UAS-AP01", type_="ap", name="Action Point")
CARDS = table(*PLAIN, AP_CARD)


def legal_main() -> list[str]:
    return [c["code"] for c in PLAIN for _ in range(4)][:50]


AP = ["UAS-AP01"] * 3


def rules(problems: list[DeckProblem]) -> list[str]:
    return [p.rule for p in problems]


def test_legal_50_and_3_deck_has_no_problems() -> None:
    assert check_deck(legal_main(), AP, CARDS) == []


def test_UA_DECK_SIZE_49_cards_is_a_problem() -> None:
    problems = check_deck(legal_main()[:49], AP, CARDS)
    assert rules(problems) == ["UA-DECK-SIZE"]
    assert problems[0].message == "Deck has 49 cards; exactly 50 are required."


def test_UA_DECK_SIZE_51_cards_is_a_problem() -> None:
    main = legal_main() + ["UAS-013"]  # the 13th number has 2 copies in the legal deck
    assert rules(check_deck(main, AP, CARDS)) == ["UA-DECK-SIZE"]


def test_UA_DECK_AP_needs_exactly_3() -> None:
    problems = check_deck(legal_main(), AP[:2], CARDS)
    assert rules(problems) == ["UA-DECK-AP"]
    assert problems[0].message == "AP deck has 2 cards; exactly 3 AP cards are required."


def test_UA_DECK_AP_no_ap_card_in_main_and_no_other_card_in_ap() -> None:
    main = legal_main()[:49] + ["UAS-AP01"]
    problems = check_deck(main, ["UAS-AP01", "UAS-AP01", "UAS-001"], CARDS)
    assert rules(problems) == ["UA-DECK-AP", "UA-DECK-AP"]
    assert problems[0].cards == ("UAS-AP01",)
    assert problems[1].cards == ("UAS-001",)
    assert "UAS-001 is a character card" in problems[1].message


def test_UA_DECK_TITLE_mixed_titles_names_the_odd_cards() -> None:
    cards = table(*PLAIN, AP_CARD, card("XYZ-001", title="XYZ"), card("XYZ-002", title="XYZ"))
    main = legal_main()[:47] + ["XYZ-001", "XYZ-001", "XYZ-002"]
    problems = check_deck(main, AP, cards)
    assert rules(problems) == ["UA-DECK-TITLE"]
    assert problems[0].cards == ("XYZ-001", "XYZ-002")
    assert "47 cards of UAS" in problems[0].message
    assert "3 cards of XYZ" in problems[0].message


def test_UA_DECK_COPIES_five_of_one_number_is_a_problem() -> None:
    main = legal_main()[:49] + ["UAS-001"]
    problems = check_deck(main, AP, CARDS)
    assert rules(problems) == ["UA-DECK-COPIES"]
    assert problems[0].cards == ("UAS-001",)
    assert "5 copies of card number UAS-001" in problems[0].message


def test_UA_DECK_COPIES_counts_by_number_not_name() -> None:
    # Two different numbers with the same name: 4 of each is fine.
    same_name = [
        card("UAS-101", name="Cinder Vanguard"),
        card("UAS-102", name="Cinder Vanguard"),
    ]
    cards = table(*PLAIN, AP_CARD, *same_name)
    main = legal_main()[:42] + ["UAS-101"] * 4 + ["UAS-102"] * 4
    assert check_deck(main, AP, cards) == []


def test_UA_DECK_COPIES_reprints_share_a_number() -> None:
    # A starter printing and a booster printing of one card differ before the "/" only.
    prints = [
        card("ST01/UAS-201", number="UAS-201"),
        card("BT01/UAS-201", number="UAS-201"),
    ]
    cards = table(*PLAIN, AP_CARD, *prints)
    main = legal_main()[:45] + ["ST01/UAS-201"] * 3 + ["BT01/UAS-201"] * 2
    problems = check_deck(main, AP, cards)
    assert rules(problems) == ["UA-DECK-COPIES"]
    assert problems[0].cards == ("BT01/UAS-201", "ST01/UAS-201")


def test_UA_DECK_TRIGGERS_counted_per_kind() -> None:
    trig = [
        card("UAS-301", trigger="special"),
        card("UAS-302", trigger="special"),
        card("UAS-303", trigger="color"),
        card("UAS-304", trigger="final"),
        card("UAS-305", trigger="special"),
    ]
    cards = table(*PLAIN, AP_CARD, *trig)
    # 4 special (over two numbers) + 4 color + 4 final: fine.
    fine = legal_main()[:38] + ["UAS-301"] * 2 + ["UAS-302"] * 2
    fine += ["UAS-303"] * 4 + ["UAS-304"] * 4
    assert check_deck(fine, AP, cards) == []
    # 5 special over three numbers: a problem naming all three.
    too_many = fine[:-1] + ["UAS-305"]  # drop one final, add a third special card
    problems = check_deck(too_many, AP, cards)
    assert rules(problems) == ["UA-DECK-TRIGGERS"]
    assert problems[0].cards == ("UAS-301", "UAS-302", "UAS-305")
    assert "5 cards with the SPECIAL trigger" in problems[0].message


def test_UA_DECK_TRIGGERS_other_triggers_are_not_limited() -> None:
    draws = [card(f"UAS-40{n}", trigger="draw") for n in range(1, 4)]
    cards = table(*PLAIN, AP_CARD, *draws)
    main = legal_main()[:38] + [d["code"] for d in draws for _ in range(4)]
    assert check_deck(main, AP, cards) == []


def test_problems_come_in_catalogue_order_and_are_stable() -> None:
    cards = table(*PLAIN, AP_CARD, card("XYZ-001", title="XYZ", trigger="final"))
    main = ["UAS-001"] * 6 + ["XYZ-001"] * 5
    first = check_deck(main, AP[:1], cards)
    assert rules(first) == [
        "UA-DECK-SIZE",
        "UA-DECK-AP",
        "UA-DECK-TITLE",
        "UA-DECK-COPIES",
        "UA-DECK-COPIES",
        "UA-DECK-TRIGGERS",
    ]
    assert first == check_deck(list(reversed(main)), AP[:1], cards)
    assert first[0].to_dict() == {
        "rule": "UA-DECK-SIZE",
        "message": "Deck has 11 cards; exactly 50 are required.",
        "cards": [],
    }


def test_unknown_code_raises_key_error() -> None:
    with pytest.raises(KeyError):
        check_deck(legal_main()[:49] + ["NOPE-001"], AP, CARDS)
