"""Union Arena: a card played by an effect ("…を1枚まで自分の場にレストで登場させる",
UA-EFFECT-PLAY), the when-played effects of such a card (UA-EFFECT-PLAY-WHEN-PLAYED, GAP), and
"それは次の1回アクティブにならない" after a rest (UA-EFFECT-NO-ACTIVATE), on made-up cards.  Each
test follows the wording of its rule: the card must meet every condition printed, it enters the
line the text (or the log, where the player chooses) says, no AP is paid and no energy checked."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.testing import player_state, rules_applied, rules_broken, verdict
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    card,
    field_ids,
    field_unit,
    free_character,
    texted,
)

#: from the hand, up to 1 green character card with required energy 2 or less and AP cost 1,
#: onto your field (the line of your choice), rested
GREEN_TO_FIELD = (
    "[登場時]自分の手札から必要エナジーが2以下で消費APが1の緑のキャラカードを1枚まで"
    "自分の場にレストで登場させる。"
)
FREEZE = "[登場時]相手のフロントLのキャラを1枚まで選び、レストにする。それは次の1回アクティブにならない。"


def green(code: str = "T-SPROUT", **fields: Any) -> dict[str, Any]:
    """A green character with required energy 2 and AP cost 1: it meets GREEN_TO_FIELD."""
    fields = {"color": "green", "energy": {"green": 2}, "ap": 1, **fields}
    return card(code, **fields)


def scene(
    text: str = GREEN_TO_FIELD, wanted: dict[str, Any] | None = None, **kw: Any
) -> LogBuilder:
    """A's turn-3 main phase; A-1 (free, blue) has ``text``, A-2 is ``wanted`` (by default a
    card that meets GREEN_TO_FIELD).  A's energy line is empty: it generates no green."""
    wanted = wanted or green()
    cards = [texted("T-SOWER", text), wanted, free_character("T-B3000", bp=3000)]
    return board_at_turn_3(
        cards, ["T-SOWER", wanted["code"]], ["T-B3000"], b_front=("B-1",), phase="main", **kw
    )


def active_ap(r: dict[str, Any], pid: str = "A") -> int:
    return int(player_state(r, pid)["ap"]["active"])


# -- UA-EFFECT-PLAY: reading ---------------------------------------------------------------------


def test_UA_EFFECT_PLAY_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": GREEN_TO_FIELD})
    assert r.understood
    assert r.effects == (
        {
            "when": "on_play",
            "do": [
                {
                    "op": "play",
                    "target": {
                        "side": "own",
                        "zone": "hand",
                        "energy_max": 2,
                        "ap_cost": 1,
                        "color": "green",
                        "card_type": "character",
                        "count": 1,
                        "up_to": True,
                    },
                    "to": "field",
                    "rested": True,
                }
            ],
        },
    )


@pytest.mark.parametrize(
    ("text", "target", "to", "rested"),
    [
        (
            "[登場時]自分の場外から〈ミラ〉以外の[特徴:灯守]を1枚まで自分のエナジーLにアクティブで登場させる。",
            {"zone": "outside", "not_name": "ミラ", "trait": "灯守", "up_to": True},
            "energy_line",
            False,
        ),
        (
            "[退場時]自分の場外から必要エナジーが1以下の黄の〈カナ〉を1枚まで自分のフロントLにレストで登場させる。",
            {"zone": "outside", "energy_max": 1, "color": "yellow", "name": "カナ", "up_to": True},
            "front_line",
            True,
        ),
        (  # "1枚" (no "まで"), from the outside area: one must be chosen when one can
            "[登場時]自分の場外から［特徴：灯守］のキャラカードを１枚自分の場にアクティブで登場させる。",
            {"zone": "outside", "trait": "灯守", "card_type": "character", "if_able": True},
            "field",
            False,
        ),
    ],
)
def test_UA_EFFECT_PLAY_read_with_each_form_of_condition(
    text: str, target: dict[str, Any], to: str, rested: bool
) -> None:
    r = read_card({"type": "character", "text": text})
    assert r.understood, r.unread
    (op,) = r.effects[0]["do"]
    assert op == {
        "op": "play",
        "target": {"side": "own", **target, "count": 1},
        "to": to,
        "rested": rested,
    }


@pytest.mark.parametrize(
    "text",
    [
        # the energy is checked ("必要エナジーを満たし"): not a play the engine carries out so
        "[登場時]自分の手札から必要エナジーを満たしている緑のキャラカードを1枚まで自分の場にレストで登場させる。",
        # no state printed
        "[登場時]自分の手札から緑のキャラカードを1枚まで自分の場に登場させる。",
        # two cards that must be chosen
        "[登場時]自分の場外から緑のキャラカードを2枚自分の場にレストで登場させる。",
        # "1枚" of a name: the card may be an event, which cannot enter the field
        "[登場時]自分の場外から〈ミラ〉を1枚自分の場にレストで登場させる。",
        # "1枚" from the hand: observed mode may not show whether none could be chosen
        "[登場時]自分の手札から緑のキャラカードを1枚自分の場にレストで登場させる。",
        # something after the play would be checked without the card played
        "[登場時]自分の手札から緑のキャラカードを1枚まで自分の場にレストで登場させる。カードを1枚引く。",
        # "AP cost N or less" is not "AP cost N"
        "[登場時]自分の手札から消費APが1以下の緑のキャラカードを1枚まで自分の場にレストで登場させる。",
    ],
)
def test_UA_EFFECT_PLAY_what_stays_unread(text: str) -> None:
    assert not read_card({"type": "character", "text": text}).understood


def test_UA_EFFECT_PLAY_a_play_inside_a_choice_of_two_effects_is_not_executed() -> None:
    """One listed effect chosen: the play is checked as it is (test_reader_play_chained.py);
    two: the other could change the field or the zones after the check."""
    play = {
        "op": "play",
        "target": {"side": "own", "zone": "hand", "count": 1, "up_to": True},
        "to": "field",
        "rested": True,
    }
    for n, ok in ((1, True), (2, False)):
        modes = {"op": "modes", "n": n, "modes": [[{"op": "draw", "n": 1}], [play]]}
        assert supported({"when": "on_play", "do": [modes]}) is ok


# -- UA-EFFECT-PLAY: the engine ------------------------------------------------------------------


def test_UA_EFFECT_PLAY_a_card_meeting_every_condition_enters_the_line_chosen_rested() -> None:
    base = scene().replay()
    b = scene().play("A", "A-1", to="front_line", targets=["A-2", {"to": "energy_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-PLAY" in rules_applied(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-2"]
    assert field_ids(r, "A", "front_line") == ["A-1"]
    assert field_unit(r, "A", "A-2")["rested"] is True
    assert "A-2" not in player_state(r, "A")["hand"]
    # no AP paid for it, and its 2 green energy not checked (A's energy line is empty)
    assert active_ap(r) == active_ap(base)
    events = [e for e in r["steps"][b.last]["events"] if e["type"] == "play"]
    assert [(e["card"], e["to"]) for e in events] == [("A-1", "front_line"), ("A-2", "energy_line")]


def test_UA_EFFECT_PLAY_the_front_line_the_player_chooses() -> None:
    b = scene().play("A", "A-1", to="energy_line", targets=["A-2", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-2"]


def test_UA_EFFECT_PLAY_active_into_the_line_the_text_names() -> None:
    text = (
        "[登場時]自分の手札から緑のキャラカードを1枚まで自分のフロントLにアクティブで登場させる。"
    )
    b = scene(text).play("A", "A-1", to="energy_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # the line is the text's: no record needed
    assert field_ids(r, "A", "front_line") == ["A-2"]
    assert field_unit(r, "A", "A-2")["rested"] is False
    b = scene(text).play("A", "A-1", to="energy_line", targets=["A-2", {"to": "energy_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-PLAY"]


@pytest.mark.parametrize(
    "wanted",
    [
        green(color="red", energy={"red": 2}),  # another colour
        green(energy={"green": 3}),  # required energy 3
        green(ap=2),  # AP cost 2
        green("T-FIELD", type="field"),  # not a character card
    ],
    ids=["colour", "energy", "ap-cost", "type"],
)
def test_UA_EFFECT_PLAY_a_card_missing_a_condition_is_illegal(wanted: dict[str, Any]) -> None:
    b = scene(wanted=wanted).play(
        "A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}]
    )
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    assert field_unit(r, "A", "A-2") is None  # not carried out (on_illegal skip)


def test_UA_EFFECT_PLAY_nothing_to_play_is_legal_and_nothing_happens() -> None:
    b = scene(wanted=green(ap=2)).play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-1"]
    assert field_ids(r, "A", "energy_line") == []


def test_UA_EFFECT_PLAY_a_line_record_with_no_card_is_illegal() -> None:
    b = scene().play("A", "A-1", to="front_line", targets=[{"to": "energy_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_PLAY_the_line_left_unsaid_is_a_skipped_choice() -> None:
    b = scene().play("A", "A-1", to="energy_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-2"]  # the engine's default


def test_UA_EFFECT_PLAY_from_the_outside_area() -> None:
    dump = free_character(
        "T-DUMP", effects=[{"when": "on_play", "do": [{"op": "discard", "n": 1}]}]
    )
    text = "[登場時]自分の場外から緑のキャラカードを1枚自分の場にアクティブで登場させる。"
    cards = [texted("T-SOWER", text), dump, green()]
    b = board_at_turn_3(cards, ["T-SOWER", "T-DUMP", "T-SPROUT"], [], phase="main")
    b.play("A", "A-2", to="front_line", targets=["A-3"])  # A-3 to the outside area
    b.play("A", "A-1", to="front_line", targets=["A-3", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-2", "A-1", "A-3"]
    assert field_unit(r, "A", "A-3")["rested"] is False
    assert "A-3" not in player_state(r, "A")["outside"]
    # "1枚": with a card that qualifies, choosing none is illegal
    b = board_at_turn_3(cards, ["T-SOWER", "T-DUMP", "T-SPROUT"], [], phase="main")
    b.play("A", "A-2", to="front_line", targets=["A-3"])
    b.play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_PLAY_a_card_in_the_hand_is_not_in_the_outside_area() -> None:
    text = "[登場時]自分の場外から緑のキャラカードを1枚まで自分の場にレストで登場させる。"
    b = scene(text).play("A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    assert field_unit(r, "A", "A-2") is None


def test_UA_EFFECT_PLAY_a_field_enters_the_energy_line_only() -> None:
    text = "[登場時]自分の手札から[特徴:灯守]を1枚まで自分の場にレストで登場させる。"
    lamp = card("T-LAMP", "field", traits=["灯守"], ap=1)
    b = scene(text, lamp).play("A", "A-1", to="front_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # a field has one line: no choice to record
    assert field_ids(r, "A", "energy_line") == ["A-2"]
    b = scene(text, lamp).play("A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-FIELD-EL"]


def test_UA_EFFECT_PLAY_an_event_does_not_enter_the_field() -> None:
    text = "[登場時]自分の手札から[特徴:灯守]を1枚まで自分の場にレストで登場させる。"
    spark = card("T-SPARK", "event", traits=["灯守"], ap=1)
    b = scene(text, spark).play("A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-PLAY"]


def full_front_scene() -> LogBuilder:
    """A's front line holds A-3 … A-5; A-1 (the effect's card) is played there as the fourth,
    so the card its effect plays into the front line needs room."""
    text = "[登場時]自分の手札から緑のキャラカードを1枚まで自分のフロントLにレストで登場させる。"
    cards = [texted("T-SOWER", text), green(), free_character("T-WALL")]
    deck = ["T-SOWER", "T-SPROUT", "T-WALL", "T-WALL", "T-WALL"]
    return board_at_turn_3(cards, deck, [], a_front=("A-3", "A-4", "A-5"), phase="main")


def test_UA_EFFECT_PLAY_into_a_full_line_one_card_goes_to_the_removal_area_first() -> None:
    record = {"to": "front_line", "remove": ["A-4"]}
    b = full_front_scene().play("A", "A-1", to="front_line", targets=["A-2", record])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-LINE-LIMIT" in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-3", "A-5", "A-1", "A-2"]
    assert player_state(r, "A")["removal"] == ["A-4"]
    # not said which: the card there longest, and the step is unverifiable
    b = full_front_scene().play("A", "A-1", to="front_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert player_state(r, "A")["removal"] == ["A-3"]
    # a removal from a line with room is illegal
    record = {"to": "front_line", "remove": ["A-4"]}
    b = full_front_scene().play("A", "A-1", to="energy_line", targets=["A-2", record])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_EFFECT_PLAY_an_activated_ability_resolved_later() -> None:
    text = "[起動メイン][レストにする]自分の手札から緑のキャラカードを1枚まで自分の場にレストで登場させる。"
    cards = [texted("T-SOWER", text), green()]
    b = board_at_turn_3(cards, ["T-SOWER", "T-SPROUT"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1, targets=["A-2", {"to": "energy_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-2"]


# -- UA-EFFECT-PLAY-WHEN-PLAYED (GAP, option played_by_effect_on_play) ---------------------------


def drawing_green() -> dict[str, Any]:
    """A green card that meets GREEN_TO_FIELD and draws a card when played."""
    d = green()
    del d["effects"]
    return {**d, "text": "[登場時]カードを1枚引く。"}


def test_UA_EFFECT_PLAY_WHEN_PLAYED_they_trigger_by_default() -> None:
    before = len(player_state(scene(wanted=drawing_green()).replay(), "A")["hand"])
    b = scene(wanted=drawing_green())
    b.play("A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-PLAY-WHEN-PLAYED" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == before - 2 + 1  # two played, one drawn


def test_UA_EFFECT_PLAY_WHEN_PLAYED_option_does_not_trigger() -> None:
    options = {"played_by_effect_on_play": "does_not_trigger"}
    before = len(player_state(scene(wanted=drawing_green()).replay(), "A")["hand"])
    b = scene(wanted=drawing_green(), options=options)
    b.play("A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-PLAY-WHEN-PLAYED" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == before - 2  # nothing drawn


@pytest.mark.parametrize(("option", "drawn"), [("triggers", 1), ("does_not_trigger", 0)])
def test_UA_EFFECT_PLAY_WHEN_PLAYED_a_green_COLOR_trigger_follows_the_option(
    option: str, drawn: int
) -> None:
    cards = [
        free_character("T-ATK"),
        free_character("T-COL", color="green", trigger="color"),
        drawing_green(),
    ]
    options = {"played_by_effect_on_play": option}
    b = board_at_turn_3(cards, ["T-ATK"], ["T-COL", "T-SPROUT"], a_front=("A-1",), options=options)
    b.attack("A", "A-1").block("B").act("A", "pick_life", cards=[1], reveal=["T-COL"])
    before = len(player_state(b.replay(), "B")["hand"])
    b.act("B", "trigger", card="B-1", use=True, targets=["B-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "B", "front_line") == ["B-2"]
    assert len(player_state(r, "B")["hand"]) == before - 1 + drawn


# -- UA-EFFECT-NO-ACTIVATE -----------------------------------------------------------------------


def test_UA_EFFECT_NO_ACTIVATE_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": FREEZE})
    assert r.understood
    assert r.effects[0]["do"] == [
        {
            "op": "rest",
            "target": {
                "side": "opponent",
                "zone": "front_line",
                "type": "character",
                "count": 1,
                "up_to": True,
            },
        },
        {"op": "no_activate", "target": "chosen"},
    ]


@pytest.mark.parametrize(
    "text",
    [
        "[登場時]それは次の1回アクティブにならない。",  # nothing rested before it
        "[登場時]相手のフロントLのキャラを1枚まで選び、退場させる。それは次の1回アクティブにならない。",
        "[登場時]相手のフロントLのキャラを2枚まで選び、レストにする。それは次の1回アクティブにならない。",
    ],
)
def test_UA_EFFECT_NO_ACTIVATE_unread_unless_right_after_one_card_rested(text: str) -> None:
    assert not read_card({"type": "character", "text": text}).understood


def test_UA_EFFECT_NO_ACTIVATE_stays_rested_through_the_next_start_phase_once() -> None:
    b = scene(FREEZE).play("A", "A-1", to="front_line", targets=["B-1"])
    rested = b.last
    b.proceed("A", 2)  # A's attack phase and end phase: B's turn 4 starts
    start = b.last
    b.proceed("B", 3)  # B's movement, main and attack phases: its end phase
    end = b.last
    r = b.replay()
    assert verdict(r, rested) == "legal"
    assert field_unit(r, "B", "B-1", rested)["rested"] is True
    assert "UA-EFFECT-NO-ACTIVATE" in rules_applied(r, start)
    assert field_unit(r, "B", "B-1", start)["rested"] is True
    assert field_unit(r, "B", "B-1", end)["rested"] is False  # then active as usual
    assert "UA-EFFECT-NO-ACTIVATE" not in rules_applied(r, end)


def test_UA_EFFECT_NO_ACTIVATE_none_chosen_nothing_happens() -> None:
    b = scene(FREEZE).play("A", "A-1", to="front_line", targets=[])
    b.proceed("A", 2)
    r = b.replay()
    assert field_unit(r, "B", "B-1")["rested"] is False
    assert "UA-EFFECT-NO-ACTIVATE" not in rules_applied(r, b.last)


def test_UA_EFFECT_NO_ACTIVATE_made_active_by_an_effect_first_is_unverifiable() -> None:
    cards = [
        texted("T-SOWER", FREEZE),
        free_character("T-ATK"),
        free_character("T-B3000", bp=3000),
        free_character("T-UP", trigger="active"),
    ]
    b = board_at_turn_3(
        cards,
        ["T-SOWER", "T-ATK"],
        ["T-B3000", "T-UP"],
        a_front=("A-2",),
        b_front=("B-1",),
        phase="main",
    )
    b.play("A", "A-1", to="front_line", targets=["B-1"]).proceed("A")
    b.attack("A", "A-2").block("B").act("A", "pick_life", cards=[1], reveal=["T-UP"])
    b.act("B", "trigger", card="B-2", use=True, targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-EFFECT-NO-ACTIVATE" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1")["rested"] is False


def test_UA_EFFECT_NO_ACTIVATE_a_raid_onto_it_ends_it() -> None:
    cards = [
        texted("T-SOWER", FREEZE),
        free_character("T-ATK"),
        free_character("T-B3000", bp=3000),
        free_character("T-RAIDER", bp=3000, trigger="raid", raid={"onto": {"name": "T-B3000"}}),
    ]
    b = board_at_turn_3(
        cards,
        ["T-SOWER", "T-ATK", "T-ATK"],
        ["T-B3000", "T-RAIDER"],
        a_front=("A-2", "A-3"),
        b_front=("B-1",),
        phase="main",
    )
    b.play("A", "A-1", to="front_line", targets=["B-1"]).proceed("A")
    b.attack("A", "A-2").block("B").act("A", "pick_life", cards=[1], reveal=["T-RAIDER"])
    b.act("B", "trigger", card="B-2", use=True, targets=["B-1"])  # raids onto B-1: active
    raided = b.last
    b.attack("A", "A-3").block("B", "B-2")  # the raided card blocks: rested again
    blocked = b.last
    b.proceed("A")  # A's end phase; B's turn 4 starts
    r = b.replay()
    assert verdict(r, raided) == "legal"
    assert verdict(r, blocked) == "legal"
    assert field_unit(r, "B", "B-2", blocked)["rested"] is True
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-NO-ACTIVATE" not in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-2")["rested"] is False


def test_UA_EFFECT_NO_ACTIVATE_the_state_fingerprint_tells_the_card_apart() -> None:
    """Two games alike but for the card that is not to become active the next time are not
    the same state: their fingerprints differ."""
    rest_only = "[登場時]相手のフロントLのキャラを1枚まで選び、レストにする。"
    prints = []
    for text in (FREEZE, rest_only):
        b = scene(text).play("A", "A-1", to="front_line", targets=["B-1"])
        prints.append(b.replay()["steps"][b.last]["state_sha256"])
    assert prints[0] != prints[1]


# -- rendering -----------------------------------------------------------------------------------


def test_UA_EFFECT_PLAY_rendered() -> None:
    out = render_card({"code": "X", "name": "X", "type": "character", "text": GREEN_TO_FIELD})
    assert out["understood"]
    assert out["reading"] == [
        "On play: choose up to 1 of your green character cards in your hand with required "
        "energy 2 or less with AP cost 1; play it to your field (the front line or the energy "
        "line, your choice), rested (no AP paid, required energy not checked)."
    ]


def test_UA_EFFECT_NO_ACTIVATE_rendered() -> None:
    out = render_card({"code": "X", "name": "X", "type": "character", "text": FREEZE})
    assert out["reading"] == [
        "On play: choose up to 1 opposing front-line character; rest it; the chosen card does "
        "not become active the next time its controller's cards do."
    ]
