"""Union Arena: characters the opponent cannot choose by effects (UA-EFFECT-UNCHOOSABLE), on
made-up cards: the quoted abilities read into keywords, given until the start of the next
turn, judged for a character's, an event's and a trigger's choice, and rendered in English."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.testing import (
    LogBuilder,
    field_ids,
    free_character,
    read_in_full,
    reading_words,
    rules_broken,
    texted,
    verdict,
)

RULE = "UA-EFFECT-UNCHOOSABLE"
CHAR = "unchoosable by opposing character effects"
EVENT = "unchoosable by opposing event effects"
TRIGGER = "unchoosable by opposing trigger effects"
GIVE = (
    "[登場時]自分の場の〈ミラ〉を1枚まで選び、次の自分のターン開始時まで、"
    "「相手はキャラの効果でこのキャラを選べない。」を与える。"
)
RETIRE = "[登場時]相手のフロントLのキャラを1枚まで選び、退場させる。"
RETIRE_ONE = "[登場時]相手のフロントLのキャラを1枚選び、退場させる。"
RETIRE_EVENT = "相手のフロントLのキャラを1枚まで選び、退場させる。"


def _keywords_given(text: str, **fields: Any) -> list[str]:
    from judge.games.union_arena.testing import effects_of

    return [
        op["keyword"]
        for effect in effects_of(text, **fields)
        for op in effect["do"]
        if op.get("op") == "grant"
    ]


def test_UA_EFFECT_UNCHOOSABLE_read_one_keyword_per_kind() -> None:
    """UA-EFFECT-UNCHOOSABLE: "相手はキャラの効果でこのキャラを選べない。" and the kinds listed
    ("キャラの効果・イベントカードの効果・トリガーの効果") and "このキャラは、相手のトリガーの効果で
    選ばれない。", as an effect gives them."""
    assert _keywords_given(GIVE) == [CHAR]
    listed = (
        "自分のフロントLのキャラを1枚選び、次の自分のターン開始時まで、「相手はキャラの効果・"
        "イベントカードの効果・トリガーの効果でこのキャラを選べない。」を与える。"
    )
    assert _keywords_given(listed, type="event") == [CHAR, EVENT, TRIGGER]
    trigger = (
        "[アタック時]自分の場のキャラを1枚まで選び、このターン中、BP+1000と"
        "「このキャラは、相手のトリガーの効果で選ばれない。」を与える。"
    )
    assert _keywords_given(trigger) == [TRIGGER]
    words = reading_words(texted("T-GIV", GIVE))
    assert f"gains “{CHAR}” until the start of your next turn" in words


def test_UA_EFFECT_UNCHOOSABLE_paying_more_is_not_read() -> None:
    """UA-EFFECT-UNCHOOSABLE: "The forms that let the opponent choose it by paying more … are
    not read: the action log has no field for that payment"; nor a kind named twice."""
    assert not read_in_full(
        "相手はキャラの効果やイベントカードの効果でこのキャラを選ぶ際に、追加で自身の手札を1枚"
        "場外に置かないと選べない。",
        "[相手のターン中]自分の場に〈ミラ〉がある場合、相手はキャラの効果でこのキャラを選ぶ際に、"
        "追加でAPを1支払わないと選べない。",
        "[登場時]自分の場の〈ミラ〉を1枚まで選び、次の自分のターン開始時まで、「相手はキャラの効果"
        "やイベントカードの効果でこのキャラを選ぶ際に、追加で自身の手札を1枚場外に置かないと選べない"
        "。」を与える。",
        "[登場時]自分の場の〈ミラ〉を1枚まで選び、次の自分のターン開始時まで、「相手はキャラの効果"
        "・キャラの効果でこのキャラを選べない。」を与える。",
    )


def _cards() -> list[dict[str, Any]]:
    return [
        free_character("T-MIR", name="ミラ"),
        texted("T-GIV", GIVE),
        texted("T-RET", RETIRE),
        texted("T-ONE", RETIRE_ONE),
        texted("T-EVT", RETIRE_EVENT, type="event"),
        free_character("T-PRO", name="ミラ", keywords=[EVENT]),
    ]


def _given(a_deck: list[str]) -> LogBuilder:
    """B's turn 2: B plays 〈ミラ〉 (B-1) and the card that gives it the keyword (B-2, choosing
    B-1); A's turn 3, main phase."""
    b = LogBuilder(_cards(), deck_a=a_deck, deck_b=["T-MIR", "T-GIV", "T-MIR"]).setup()
    b.proceed("A", 3).proceed("B")
    b.play("B", "B-1", to="front_line").play("B", "B-2", to="front_line", targets=["B-1"])
    return b.proceed("B", 2).proceed("A")


def test_UA_EFFECT_UNCHOOSABLE_a_character_effect_cannot_choose_it() -> None:
    """UA-EFFECT-UNCHOOSABLE: "its controller's opponent cannot choose it for an effect of a
    kind named: a character's ability …": A log that names it is illegal."""
    b = _given(["T-RET"])
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == [RULE]
    b = _given(["T-RET"])
    b.play("A", "A-1", to="front_line", targets=["B-2"])  # the other character: no keyword
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line", b.last) == ["B-1"]


def test_UA_EFFECT_UNCHOOSABLE_a_kind_not_named_may_choose_it() -> None:
    """UA-EFFECT-UNCHOOSABLE: only "an effect of a kind named" is barred: an event card's effect
    chooses a character given "キャラの効果" only."""
    b = _given(["T-EVT"])
    b.play("A", "A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line", b.last) == ["B-2"]


def test_UA_EFFECT_UNCHOOSABLE_an_event_named_cannot_choose_it() -> None:
    """UA-EFFECT-UNCHOOSABLE: "an event card's effect as it is used" is barred when named."""
    b = LogBuilder(_cards(), deck_a=["T-EVT"], deck_b=["T-PRO"]).setup()
    b.proceed("A", 3).proceed("B").play("B", "B-1", to="front_line").proceed("B", 2)
    b.proceed("A").play("A", "A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == [RULE]


def test_UA_EFFECT_UNCHOOSABLE_a_mandatory_choice_chooses_none() -> None:
    """UA-EFFECT-UNCHOOSABLE: "a mandatory "1枚選び" with only such cards to choose from
    chooses none" — but with another card it may choose, it chooses that one."""
    b = LogBuilder(_cards(), deck_a=["T-ONE"], deck_b=["T-MIR", "T-GIV"]).setup()
    b.proceed("A", 3).proceed("B")
    b.play("B", "B-1", to="front_line").play("B", "B-2", to="energy_line", targets=["B-1"])
    b.proceed("B", 2).proceed("A").play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line", b.last) == ["B-1"]
    b = _given(["T-ONE"])
    b.play("A", "A-1", to="front_line", targets=[])  # B-2 could have been chosen
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_UNCHOOSABLE_until_the_start_of_the_next_turn() -> None:
    """UA-EFFECT-UNCHOOSABLE: given "until the start of that player's next turn": on A's turn
    5, after B's turn 4 has started, A's character chooses it."""
    b = _given(["T-RET"])
    b.proceed("A", 2).pass_turn("B").proceed("A")
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line", b.last) == ["B-2"]


def test_UA_EFFECT_UNCHOOSABLE_its_own_controller_may_choose_it() -> None:
    """UA-EFFECT-UNCHOOSABLE: "a choice its own controller makes is not barred": B gives it
    again, choosing it with its own character's effect."""
    b = LogBuilder(_cards(), deck_a=[], deck_b=["T-MIR", "T-GIV", "T-GIV"]).setup()
    b.proceed("A", 3).proceed("B")
    b.play("B", "B-1", to="front_line").play("B", "B-2", to="front_line", targets=["B-1"])
    b.play("B", "B-3", to="energy_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)


def _special(keywords: list[str]) -> Any:
    """A's 5000 BP character with ``keywords`` attacks B; B's life card picked has SPECIAL,
    used naming A's character."""
    from judge.games.union_arena.testing import board_at_turn_3, card

    atk = free_character("T-ATK", bp=5000, keywords=keywords)
    spc = card("T-SPC", trigger="special")
    b = board_at_turn_3([atk, spc], ["T-ATK"], ["T-SPC"], a_front=("A-1",))
    b.attack("A", "A-1").block("B", None).act("A", "pick_life", cards=[1], reveal=["T-SPC"])
    return b.act("B", "trigger", card="T-SPC", use=True, targets=["A-1"])


def test_UA_EFFECT_UNCHOOSABLE_a_trigger_named_cannot_choose_it() -> None:
    """UA-EFFECT-UNCHOOSABLE: "a trigger of a card turned from the life area" is barred when
    named ("相手のトリガーの効果で選ばれない"); a character's effect only is not a trigger's."""
    b = _special([TRIGGER])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == [RULE]
    b = _special([CHAR, EVENT])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line", b.last) == []


SHIELD = (
    "[フロントLにある場合]自分の場の〈ミラ〉以外のキャラは、相手が手札から使用したイベントカードの"
    "効果で選ばれない。"
)
OTHERS = "UA-EFFECT-UNCHOOSABLE-OTHERS"


def test_UA_EFFECT_UNCHOOSABLE_OTHERS_read_and_rendered() -> None:
    """UA-EFFECT-UNCHOOSABLE-OTHERS: the line in both word orders on a character; not on a
    field, nor without "[フロントLにある場合]", nor by the effects of a character."""
    other_order = (
        "[フロントLにある場合]〈ミラ〉以外の自分の場のキャラは、相手が手札から使用したイベント"
        "カードの効果で選ばれない。"
    )
    assert read_in_full(SHIELD, other_order) == [SHIELD, other_order]
    assert not read_in_full(SHIELD, type="field")
    assert not read_in_full(
        "自分の場の〈ミラ〉以外のキャラは、相手が手札から使用したイベントカードの効果で選ばれない。",
        "[フロントLにある場合]自分の場の〈ミラ〉以外のキャラは、相手のキャラの効果で選ばれない。",
    )
    words = reading_words(texted("T-SHD", SHIELD, name="ミラ"))
    assert (
        "your characters not named <ミラ> cannot be chosen by the effects of event cards" in words
    )


def _shielded(shield_line: str, chosen: str, a_deck: list[str] | None = None) -> Any:
    """B's 〈ミラ〉 with the line (B-1) and another character (B-2) on B's field (the first in
    ``shield_line``); A's turn 3: A uses an event choosing ``chosen``."""
    cards = [
        texted("T-SHD", SHIELD, name="ミラ"),
        free_character("T-OTH"),
        texted("T-EVT", RETIRE_EVENT, type="event"),
        texted("T-RET", RETIRE),
    ]
    b = LogBuilder(cards, deck_a=a_deck or ["T-EVT"], deck_b=["T-SHD", "T-OTH"]).setup()
    b.proceed("A", 3).proceed("B")
    b.play("B", "B-1", to=shield_line).play("B", "B-2", to="front_line")
    b.proceed("B", 2).proceed("A")
    return b.play("A", "A-1", to=None if a_deck is None else "front_line", targets=[chosen])


def test_UA_EFFECT_UNCHOOSABLE_OTHERS_an_event_cannot_choose_the_others() -> None:
    """UA-EFFECT-UNCHOOSABLE-OTHERS: "while that character is in its controller's front line,
    every character … not named <X> cannot be chosen by the effect of an event card the
    opponent used": illegal; <X> itself may be chosen."""
    b = _shielded("front_line", "B-2")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == [OTHERS]
    b = _shielded("front_line", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line", b.last) == ["B-2"]


def test_UA_EFFECT_UNCHOOSABLE_OTHERS_only_from_the_front_line_and_only_events() -> None:
    """UA-EFFECT-UNCHOOSABLE-OTHERS: "only while the line holds the character" (in the energy
    line it bars nothing) and only an event card's effect (a character's may choose)."""
    b = _shielded("energy_line", "B-2")
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line", b.last) == []
    b = _shielded("front_line", "B-2", a_deck=["T-RET"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line", b.last) == ["B-1"]
