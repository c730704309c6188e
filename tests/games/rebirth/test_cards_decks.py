"""Card types, frames and deck construction (R4U-CARD-TYPES … R4U-DECK-…, R4U-FIELD)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.log import parse_log
from judge.games.rebirth.cards import CardDef
from judge.games.rebirth.decks import check_deck
from judge.games.rebirth.testing import LogBuilder, card, player_state


def _cards(*defs: dict) -> dict[str, dict]:
    return {d["code"]: d for d in defs}


CH = card("C-1", name="Ann")
RB = card("R-1", "rebirth", name="Dawn")
PT = card("P-1", "partner", name="Pal")


def _legal_main() -> tuple[list[str], dict[str, dict]]:
    chars = [card(f"C-{i}", name=f"Char {i}") for i in range(1, 12)]
    rebirths = [card(f"R-{i}", "rebirth", name=f"Reb {i}") for i in range(1, 3)]
    main = [c["code"] for c in chars for _ in range(4)][:42] + [
        r["code"] for r in rebirths for _ in range(4)
    ]
    return main, _cards(*chars, *rebirths, PT)


def test_R4U_DECK_SIZE_a_main_deck_of_exactly_50() -> None:
    main, cards = _legal_main()
    assert check_deck(main, ["P-1"] * 3, cards) == []
    assert [p.rule for p in check_deck([*main, "C-11"], ["P-1"] * 3, cards)] == ["R4U-DECK-SIZE"]


def test_R4U_DECK_CHARACTERS_at_least_42_characters() -> None:
    main, cards = _legal_main()
    cards["R-3"] = card("R-3", "rebirth", name="Reb 3")
    fewer = main[1:] + ["R-3"]  # 41 characters, 9 Rebirth cards
    rules = [p.rule for p in check_deck(fewer, ["P-1"] * 3, cards)]
    assert "R4U-DECK-CHARACTERS" in rules and "R4U-DECK-REBIRTH" in rules


def test_R4U_DECK_REBIRTH_at_most_8_rebirth_cards() -> None:
    main, cards = _legal_main()
    assert sum(1 for c in main if cards[c]["type"] == "rebirth") == 8
    cards["R-3"] = card("R-3", "rebirth", name="Reb 3")
    more = [*main[:-9], *main[-8:], "R-3"]
    assert "R4U-DECK-REBIRTH" in [p.rule for p in check_deck(more, ["P-1"] * 3, cards)]


def test_R4U_DECK_COPIES_at_most_4_of_the_same_card() -> None:
    main, cards = _legal_main()
    cards["C-1b"] = card("C-1b", name="Char 1")  # same name, another code
    five = ["C-1b" if i == 10 else c for i, c in enumerate(main)]
    problems = check_deck(five, ["P-1"] * 3, cards)
    assert [p.rule for p in problems] == ["R4U-DECK-COPIES"]
    assert problems[0].cards == ("C-1", "C-1b")


def test_R4U_DECK_PARTNERS_exactly_3_partner_cards_in_their_own_list() -> None:
    main, cards = _legal_main()
    assert [p.rule for p in check_deck(main, ["P-1"] * 2, cards)] == ["R4U-DECK-PARTNERS"]
    assert "R4U-DECK-PARTNERS" in [p.rule for p in check_deck(main, ["C-1"] * 3, cards)]
    swapped = ["P-1", *main[1:]]
    assert "R4U-DECK-PARTNERS" in [p.rule for p in check_deck(swapped, ["P-1"] * 3, cards)]


def test_R4U_CARD_TYPES_three_types_only() -> None:
    main, cards = _legal_main()
    cards["X-1"] = {"code": "X-1", "name": "Odd", "type": "event"}
    odd = ["X-1", *main[1:]]
    assert "R4U-CARD-TYPES" in [p.rule for p in check_deck(odd, ["P-1"] * 3, cards)]
    b = LogBuilder([{"code": "X-1", "name": "Odd", "type": "event"}])
    with pytest.raises(BadLog):
        parse_log(b.log())


def test_R4U_CHARACTER_has_level_atk_def_attribute() -> None:
    b = LogBuilder([{"code": "C-9", "name": "No stats", "type": "character"}])
    with pytest.raises(BadLog) as exc:
        parse_log(b.log())
    text = str(exc.value)
    assert "level" in text and "atk" in text and "def" in text
    b = LogBuilder([card("C-8", level=2, atk=4, def_=6, attribute="Idol")])
    log = parse_log(b.log())
    assert log.cards["C-8"]["def"] == 6 and log.cards["C-8"]["attribute"] == "Idol"


def test_R4U_PARTNER_CARD_has_no_level_and_is_no_energy() -> None:
    b = LogBuilder([{"code": "P-9", "name": "Pal", "type": "partner", "level": 1}])
    with pytest.raises(BadLog):
        parse_log(b.log())
    b = LogBuilder().setup(first="A").act("A", "energy", card="T-P01")
    r = b.replay()
    assert r["summary"]["illegal_steps"] == [b.last]
    assert r["steps"][-1]["violations"][0]["rule"] == "R4U-PARTNER-CARD"


def _frame_cards() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    spark = {"when": "spark", "do": [{"op": "draw", "n": 1}]}
    good = [
        card("F-1", effects=[spark], frame="yellow"),
        card("F-2", keywords=["blocker"], frame="green"),
        card("F-3", keywords=["cancel"], frame="green"),
        card("F-4", frame="blue"),
        card("F-5", "partner", frame="red"),
    ]
    bad = [
        card("F-6", effects=[spark], frame="blue"),
        card("F-7", keywords=["blocker"], frame="yellow"),
        card("F-8", "partner", frame="green"),
        card("F-9", effects=[spark], keywords=["blocker"]),
    ]
    return good, bad


def test_R4U_FRAME_spark_yellow_guard_green_others_blue_partner_red() -> None:
    """R4U-FRAME, seed 004 卡片边框颜色说明: "伙伴卡均为红色边框 … 所有带有スパーク（闪光）效果的
    卡片均为黄色边框。所有带有拦截或者取消效果的卡片均为绿色边框。其他的角色卡或Rebirth卡为蓝色边框"."""
    good, bad = _frame_cards()
    for raw in good:
        assert CardDef.from_dict(raw).expected_frame() == raw["frame"]
    assert CardDef.from_dict(bad[-1]).expected_frame() is None  # a spark and blocker: none


def test_R4U_FRAME_CHECK_text_reports_a_frame_the_text_does_not_call_for() -> None:
    """R4U-FRAME-CHECK (GAP), rule option frame_check "text" (the default): the seed only
    describes the frames; the engine's deck check reports a stated frame that does not match
    the text, and a card with a spark and blocker, which fits no frame."""
    good, bad = _frame_cards()
    cards = _cards(*good, *bad)
    main = [c["code"] for c in good if c["type"] != "partner"]
    assert not [p for p in check_deck(main, ["F-5"], cards) if "FRAME" in p.rule]
    frames = [p for p in check_deck(["F-6", "F-7", "F-9"], ["F-8"], cards) if "FRAME" in p.rule]
    assert {p.rule for p in frames} == {"R4U-FRAME-CHECK"}
    assert sorted(c for p in frames for c in p.cards) == ["F-6", "F-7", "F-8", "F-9"]
    assert any("no frame colour fits it" in p.message for p in frames)


def test_R4U_FRAME_CHECK_off_does_not_judge_frames() -> None:
    """R4U-FRAME-CHECK, rule option frame_check "off": frames are not judged, in the deck
    check and at the start of a replay."""
    good, bad = _frame_cards()
    cards = _cards(*good, *bad)
    problems = check_deck(["F-6", "F-7", "F-9"], ["F-8"], cards, frame_check="off")
    assert not [p for p in problems if "FRAME" in p.rule]
    spark_blocker = card(
        "F-9", effects=[{"when": "spark", "do": [{"op": "draw", "n": 1}]}], keywords=["blocker"]
    )
    for setting, broken in (("text", True), ("off", False)):
        b = LogBuilder([spark_blocker], options={"deck_construction": True, "frame_check": setting})
        r = b.setup(first="A").replay()
        rules = {v["rule"] for s in r["steps"] for v in s["violations"]}
        assert ("R4U-FRAME-CHECK" in rules) is broken


def test_R4U_FIELD_each_player_has_the_zones() -> None:
    r = LogBuilder().setup(first="A").replay()
    pv = player_state(r, "A")
    for zone in (
        "entry",
        "members",
        "retire",
        "rebirth_area",
        "energy",
        "partners",
        "deck",
        "waiting_room",
        "hand",
    ):
        assert zone in pv
    assert pv["members"] == [None, None, None]
    assert player_state(r, "B")["partners"][0]["id"].startswith("B-PT")


def test_effects_when_kept_answers_are_the_walks() -> None:
    """CardDef.effects_when, kept per definition, answers what walking the effects found: the
    same effect objects in printed order, none for a ``when`` that is not a string."""
    effs = (
        {"when": "performance", "count": 1, "do": []},
        {"when": "continuous", "do": []},
        {"when": ["performance"], "do": []},
        {"do": []},
        {"when": "performance", "count": 2, "do": []},
    )
    d = CardDef("X", "X", "character", effects=effs)
    for when in ("performance", "continuous", "rebirth_area", "spark"):
        walked = [e for e in effs if e.get("when") == when]
        for _ in range(2):  # worked out, then kept
            got = d.effects_when(when)
            assert list(got) == walked
            assert all(a is b for a, b in zip(got, walked, strict=True))
    assert d.by_when is not None
    assert d == CardDef("X", "X", "character", effects=effs)  # the memo is not compared
