"""The printed-text reader (``judge/games/union_arena/reader.py``): one original card per
template it reads, written in the official templates' wording with made-up names and
numbers, the effects it reads, and a replay where the effect does what the text says; and
cards whose text it cannot read in full, which are unsupported and never vanilla."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.cards import CardDef
from judge.games.union_arena.coverage import shape
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    event_types,
    field_ids,
    field_unit,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)


def printed(code: str, text: str, **fields: Any) -> dict[str, Any]:
    """A free character (or ``type``) with printed ``text`` and no effects: read by the engine."""
    d = free_character(code, **fields)
    if d["type"] == "event":
        d.pop("bp", None)
        d.pop("generates", None)
    d["text"] = text
    return d


def only_effect(text: str, **fields: Any) -> dict[str, Any]:
    reading = read_card(printed("P-1", text, **fields))
    assert reading.understood, reading.unread
    (effect,) = reading.effects
    return effect


def test_on_play_draw() -> None:
    text = "【登場時】カードを２枚引く。"
    assert only_effect(text) == {"when": "on_play", "do": [{"op": "draw", "n": 2}]}
    b = board_at_turn_3([printed("P-1", text)], ["P-1"], [], phase="main")
    hand = len(player_state(b.replay(), "A")["hand"])
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == hand - 1 + 2


def test_on_play_draw_then_discard() -> None:
    text = "[登場時]カードを1枚引き、自分の手札を1枚場外に置く。"
    assert only_effect(text)["do"] == [{"op": "draw", "n": 1}, {"op": "discard", "n": 1}]
    b = board_at_turn_3([printed("P-1", text)], ["P-1"], [], phase="main")
    r = b.play("A", "A-1", to="front_line", targets=["T-000"]).replay()
    assert verdict(r, b.last) == "legal"
    assert event_types(r, b.last).count("discard") == 1
    assert len(player_state(r, "A")["outside"]) == 1


def test_on_play_bp_down_up_to_one_opposing_front_line_character() -> None:
    text = "[登場時]相手のフロントLのキャラを1枚まで選び、このターン中、BP-1500。"
    assert only_effect(text)["do"] == [
        {
            "op": "bp",
            "amount": -1500,
            "until": "turn",
            "target": {
                "side": "opponent",
                "zone": "front_line",
                "type": "character",
                "count": 1,
                "up_to": True,
            },
        }
    ]
    cards = [printed("P-1", text), free_character("T-009", bp=3000)]
    b = board_at_turn_3(cards, ["P-1"], ["T-009"], b_front=("B-1",), phase="main")
    r = b.play("A", "A-1", to="front_line", targets=["B-1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 1500


def test_event_retires_a_character_with_bp_at_most_n() -> None:
    text = "BP3000以下の相手のフロントLのキャラを1枚選び、退場させる。"
    effect = only_effect(text, type="event")
    assert effect["when"] == "on_play"
    assert effect["do"][0]["op"] == "retire"
    assert effect["do"][0]["target"]["bp_max"] == 3000
    assert effect["do"][0]["target"]["if_able"] is True
    cards = [
        printed("P-2", text, type="event"),
        free_character("T-009", bp=3000),
        free_character("T-010", bp=4000),
    ]
    b = board_at_turn_3(cards, ["P-2"], ["T-009", "T-010"], b_front=("B-1", "B-2"), phase="main")
    ok = b.play("A", "A-1", targets=["B-1"]).replay()
    assert verdict(ok, b.last) == "legal"
    assert field_ids(ok, "B", "front_line") == ["B-2"]
    b = board_at_turn_3(cards, ["P-2"], ["T-009", "T-010"], b_front=("B-1", "B-2"), phase="main")
    too_big = b.play("A", "A-1", targets=["B-2"]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(too_big, b.last)


def test_choose_one_with_nothing_to_choose_chooses_nothing() -> None:
    """Printed "1枚選び" is a mandatory choice when a card qualifies, and chooses nothing
    when none does (if_able): the event is still legal to use."""
    text = "BP3000以下の相手のフロントLのキャラを1枚選び、退場させる。"
    cards = [printed("P-2", text, type="event"), free_character("T-010", bp=4000)]
    b = board_at_turn_3(cards, ["P-2"], ["T-010"], b_front=("B-1",), phase="main")
    r = b.play("A", "A-1", targets=[]).replay()
    assert verdict(r, b.last) == "legal"
    cards = [printed("P-2", text, type="event"), free_character("T-009", bp=2000)]
    b = board_at_turn_3(cards, ["P-2"], ["T-009"], b_front=("B-1",), phase="main")
    r = b.play("A", "A-1", targets=[]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_event_returns_a_character_to_the_hand() -> None:
    text = "相手のフロントLのキャラを1枚選び、手札に戻す。"
    assert only_effect(text, type="event")["do"][0]["op"] == "to_hand"
    cards = [printed("P-2", text, type="event"), free_character("T-009")]
    b = board_at_turn_3(cards, ["P-2"], ["T-009"], b_front=("B-1",), phase="main")
    hand = len(player_state(b.replay(), "B")["hand"])
    r = b.play("A", "A-1", targets=["B-1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == []
    assert len(player_state(r, "B")["hand"]) == hand + 1


def test_activate_main_rest_cost_once_per_turn_rests_a_character() -> None:
    text = "[起動メイン][レストにする] [ターン1]BP2500以下の相手のフロントLのキャラを1枚まで選び、レストにする。"
    effect = only_effect(text)
    assert effect["when"] == "activate_main"
    assert effect["cost"] == {"rest_self": True}
    assert effect["once_per_turn"] is True
    assert effect["do"][0]["op"] == "rest"
    cards = [printed("P-3", text), free_character("T-009", bp=2500)]
    b = board_at_turn_3(cards, ["P-3"], ["T-009"], a_front=("A-1",), b_front=("B-1",), phase="main")
    r = b.act("A", "activate", card="A-1", ability=1, targets=["B-1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["rested"] and field_unit(r, "A", "A-1")["rested"]


def test_activate_main_retire_self_takes_a_trait_card_from_the_outside_area() -> None:
    text = "[起動メイン][レストにする] [このカードを退場させる]自分の場外から［特徴：灯守］を1枚まで手札に加える。"
    effect = only_effect(text)
    assert effect["cost"] == {"rest_self": True, "retire_self": True}
    assert effect["do"] == [
        {
            "op": "to_hand",
            "target": {
                "side": "own",
                "zone": "outside",
                "trait": "灯守",
                "count": 1,
                "up_to": True,
            },
        }
    ]
    cards = [printed("P-4", text), free_character("T-011", traits=["灯守"])]
    b = board_at_turn_3(cards, ["P-4", "T-011"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1).act("A", "resolve", source="A-1", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == [] and player_state(r, "A")["outside"]


def test_on_attack_self_bp_decides_the_battle() -> None:
    text = "[アタック時]このキャラはこのターン中、BP+2000。"
    assert only_effect(text)["do"] == [
        {"op": "bp", "amount": 2000, "until": "turn", "target": "self"}
    ]
    cards = [printed("P-5", text, bp=2000), free_character("T-009", bp=3000)]
    b = board_at_turn_3(cards, ["P-5"], ["T-009"], a_front=("A-1",), b_front=("B-1",))
    r = b.attack("A", "A-1").block("B", "B-1").replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == []  # 4000 beats 3000


def test_granted_keyword_with_reminder_text() -> None:
    text = "[登場時]このキャラはこのターン中、[インパクト(1)](アタックしてバトルに勝利した時、相手プレイヤーに1ダメージ)を得る。"
    assert only_effect(text)["do"] == [
        {"op": "grant", "keyword": "impact 1", "until": "turn", "target": "self"}
    ]


def test_on_retire_draw_and_keyword_line() -> None:
    text = "[インパクト無効](このキャラとバトルをしたキャラはこのバトル中、[インパクト]を失う)\n[退場時]カードを1枚引く。"
    d = printed("P-6", text)
    reading = read_card(d)
    assert reading.understood and reading.keywords == ("nullify impact",)
    assert reading.effects == ({"when": "on_retire", "do": [{"op": "draw", "n": 1}]},)
    assert "nullify impact" in CardDef.from_dict(d).keywords.flags
    cards = [printed("P-6", text, bp=1000), free_character("T-009", bp=3000)]
    b = board_at_turn_3(cards, ["T-009"], ["P-6"], a_front=("A-1",), b_front=("B-1",))
    hand = len(player_state(b.replay(), "B")["hand"])
    r = b.attack("A", "A-1").block("B", "B-1").replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "B")["hand"]) == hand + 1


def test_keywords_step_and_values() -> None:
    reading = read_card(
        printed("P-7", "[ステップ](自分の移動フェイズにフロントLからエナジーLへ移動できる)")
    )
    assert reading.understood and reading.keywords == ("step",)
    reading = read_card(
        printed(
            "P-7", "[ダメージ(2)](このキャラがアタックで直接ダメージを与える時、代わりに2ダメージ)"
        )
    )
    assert reading.keywords == ("damage 2",)


def test_also_treated_as_a_name() -> None:
    d = printed("P-8", "このカードは〈灯守イロ〉としても扱う。")
    assert read_card(d).also_treated_as == ("灯守イロ",)
    assert CardDef.from_dict(d).has_name("灯守イロ")


def test_raid_line_must_agree_with_the_definition() -> None:
    line = "[レイド]〈灯守イロ〉アクティブにし、フロントLに移動できる\n[登場時]カードを1枚引く。"
    agreeing = printed("P-9", line, raid={"onto": {"name": "灯守イロ"}})
    assert read_card(agreeing).understood
    missing = printed("P-9", line)  # the importer could not map it: the card is unsupported
    assert read_card(missing).unread == (
        "[レイド]〈灯守イロ〉アクティブにし、フロントLに移動できる",
    )


def test_keyword_line_disagreeing_with_the_definition_is_not_read() -> None:
    d = printed("P-10", "[狙い撃ち](説明)", keywords=["step"])
    assert not read_card(d).understood


# -- what the reader does not read ---------------------------------------------------------


def test_unread_sentences_are_named_and_grouped_by_template() -> None:
    text = "[登場時]カードを1枚引く。自分の場の［特徴：灯守］1枚につき、このキャラはこのターン中、BP+1000。"
    reading = read_card(printed("P-11", text))
    assert reading.unread == (
        "[登場時]自分の場の[特徴:灯守]1枚につき、このキャラはこのターン中、BP+1000",
    )
    assert (
        shape(reading.unread[0])
        == "[登場時]自分の場の[特徴]N枚につき、このキャラはこのターン中、BP+N"
    )
    # even the sentence it read is not executed: the whole ability stands in as text
    (effect,) = reading.effects
    assert effect["when"] == "on_play" and "do" not in effect and effect["text"]


def test_UA_EFFECT_UNSUPPORTED_continuous_text_taints_from_the_play() -> None:
    """A continuous ability the reader cannot read: the play is unverifiable and the battle
    after it uncertain, never legal (it was vanilla before the reader)."""
    text = "[自分のターン中]自分のリムーブエリアにカードが10枚以上ある場合、このキャラはBP+3000。"
    cards = [printed("P-12", text, bp=1000), free_character("T-009", bp=2000)]
    b = board_at_turn_3(cards, ["P-12"], ["T-009"], b_front=("B-1",), phase="main")
    b.play("A", "A-1", to="front_line")
    played = b.last
    r = b.replay()
    assert verdict(r, played) == "unverifiable"
    assert "UA-EFFECT-UNSUPPORTED" in rules_applied(r, played)
    step = r["steps"][played]
    assert "このキャラはBP+3000" in " ".join(step["unverifiable"])


def test_UA_EFFECT_UNSUPPORTED_unread_activated_bp_makes_the_battle_uncertain() -> None:
    """The issue's case: an unsupported "BP+3000" effect, then a battle it decides."""
    text = "[起動メイン][自分の場外にカードが5枚以上ある場合]このキャラはこのターン中、BP+3000。"
    assert not read_card(printed("P-13", text)).understood
    cards = [printed("P-13", text, bp=1000), free_character("T-009", bp=3000)]
    b = board_at_turn_3(
        cards, ["P-13"], ["T-009"], a_front=("A-1",), b_front=("B-1",), phase="main"
    )
    b.act("A", "activate", card="A-1", ability=1)
    used = b.last
    b.proceed("A").attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, used) == "unverifiable"
    assert verdict(r, b.last) == "uncertain"
    assert r["steps"][b.last]["depends_on"] == [used]


def test_UA_EFFECT_UNSUPPORTED_unread_attack_ability_is_unverifiable_when_it_triggers() -> None:
    text = "[アタック時]相手の山札の上から1枚を場外に置いてもよい。そうした場合、カードを2枚引く。"
    cards = [printed("P-14", text)]
    b = board_at_turn_3(cards, ["P-14"], [], a_front=("A-1",))
    r = b.attack("A", "A-1").replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)


def test_english_or_unknown_text_is_unsupported_not_vanilla() -> None:
    d = printed("P-15", "[On Play] Draw 1 card.")
    assert CardDef.from_dict(d).unread == ("[On Play] Draw 1 card.",)
    assert CardDef.from_dict(d).effects  # a stand-in, not nothing


def test_a_definition_with_effects_is_not_read() -> None:
    d = printed("P-16", "[登場時]カードを1枚引く。")
    d["effects"] = [{"when": "on_play", "do": [{"op": "draw", "n": 2}]}]
    assert CardDef.from_dict(d).effects == tuple(d["effects"])


def test_not_read_never_guessed() -> None:
    """Templates close to readable ones, each with a part the engine cannot check exactly."""
    for text in (
        "[登場時]相手は自身の手札を1枚場外に置く。",  # the opponent discards
        "[登場時]自分の手札を1枚場外に置く。",  # a discard alone
        "[退場時]このキャラを手札に戻す。",  # "this character" after it left
        "[登場時]自分の場外から〈灯守イロ〉かキャラカードを1枚まで手札に加える。",  # or a type
        "[登場時]このターン中、このキャラの発生エナジー+[紫]。",  # energy, not activated
    ):
        assert not read_card(printed("P-17", text)).understood, text


def test_two_timings_on_one_line_block_bp() -> None:
    text = "[アタック時][ブロック時]このキャラはこのターン中、BP+1500。"
    reading = read_card(printed("P-18", text))
    assert [e["when"] for e in reading.effects] == ["on_attack", "on_block"]
    cards = [free_character("T-009", bp=3000), printed("P-18", text, bp=2000)]
    b = board_at_turn_3(cards, ["T-009"], ["P-18"], a_front=("A-1",), b_front=("B-1",))
    r = b.attack("A", "A-1").block("B", "B-1").replay()
    assert verdict(r, b.last) == "legal"
    # the blocker's 3500 beats 3000: it stays (the losing attacker is not retired either)
    assert field_unit(r, "B", "B-1")["bp"] == 3500
    assert "battle" in event_types(r, b.last)


def test_activate_main_ap_cost() -> None:
    text = "[起動メイン][APを1支払う] [ターン1]カードを1枚引く。"
    effect = only_effect(text)
    assert effect["cost"] == {"ap": 1} and effect["once_per_turn"] is True
    b = board_at_turn_3([printed("P-19", text)], ["P-19"], [], a_front=("A-1",), phase="main")
    hand = len(player_state(b.replay(), "A")["hand"])
    r = b.act("A", "activate", card="A-1", ability=1).replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == hand + 1
    assert "pay_ap" in event_types(r, b.last)


def test_unsupported_activated_ability_keeps_the_cost_it_can_pay() -> None:
    """An activated ability whose condition tag is not read stands in with the costs the
    engine can pay, so the log's payment is not refused (the step is unverifiable)."""
    text = "[起動メイン][自分のターン中] [手札を1枚場外に置く] [ターン1]カードを1枚引く。"
    reading = read_card(printed("P-20", text))
    assert reading.unread == ("[起動メイン][自分のターン中][手札を1枚場外に置く][ターン1]",)
    (stand_in,) = reading.effects
    assert stand_in["cost"] == {"discard": 1} and stand_in["once_per_turn"] is True
    b = board_at_turn_3([printed("P-20", text)], ["P-20"], [], a_front=("A-1",), phase="main")
    r = b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["T-000"]}).replay()
    assert verdict(r, b.last) == "unverifiable"


def test_UA_EFFECT_UNSUPPORTED_a_card_whose_own_text_is_unread_may_cost_less() -> None:
    """A card's unread text may lower what it needs while in the hand (a printed cost
    reduction): a play ruled illegal on its printed cost says its ruling may be wrong."""
    text = "手札にあるこのカードの必要エナジーを1減らす。"
    pricey = printed("P-30", text, energy={"red": 1}, color="red")
    b = board_at_turn_3([pricey], ["P-30"], [], phase="main")
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-ENERGY"]
    (note,) = [x for x in r["steps"][b.last]["rulings"] if x["rule"] == "UA-EFFECT-UNSUPPORTED"]
    assert "this ruling may be wrong" in note["message"] and text[:10] in note["message"]
    assert any("may change its required energy" in u for u in r["steps"][b.last]["unverifiable"])
    # a card whose text was read in full gets no such note
    plain = printed("P-31", "[登場時]カードを1枚引く。", energy={"red": 1}, color="red")
    b = board_at_turn_3([plain], ["P-31"], [], phase="main")
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]
    assert "UA-EFFECT-UNSUPPORTED" not in rules_applied(r, b.last)


def test_UA_EFFECT_AP_event_makes_up_to_n_of_your_ap_cards_active() -> None:
    """Printed "自分のAPカードをN枚まで選び、アクティブにする": the log names AP cards in play by
    instance id; an active one may be chosen (it stays active); nothing else may."""
    text = "自分のAPカードを2枚まで選び、アクティブにする。"
    assert only_effect(text, type="event")["do"] == [
        {
            "op": "activate",
            "target": {"side": "own", "zone": "ap", "count": 2, "up_to": True},
        }
    ]
    cards = [printed("P-7", text, type="event", ap=1)]
    b = board_at_turn_3(cards, ["P-7"], [], phase="main")
    r = b.play("A", "A-1", targets=["A-AP1", "A-AP2"]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"] == {"active": 2, "total": 2}  # paid 1, then both active
    b = board_at_turn_3(cards, ["P-7"], [], phase="main")
    r = b.play("A", "A-1", targets=[]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"] == {"active": 1, "total": 2}
    for wrong in (["B-AP1"], ["A-2"], ["A-AP1", "A-AP1"], ["A-AP1", "A-AP2", "A-AP3"]):
        b = board_at_turn_3(cards, ["P-7"], [], phase="main")
        r = b.play("A", "A-1", targets=wrong).replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), wrong


def test_UA_EFFECT_AP_only_activate_is_read_for_ap_cards() -> None:
    """Only "アクティブにする" takes your AP cards: another operation on them is not read."""
    reading = read_card(printed("P-8", "自分のAPカードを1枚まで選び、レストにする。", type="event"))
    assert not reading.understood


LOOK = (
    "[登場時]自分の山札の上から3枚見る。その中から〈ミラ〉を1枚まで公開し手札に加える。"
    "残りを望む順で自分の山札の下に置く。手札に加えた場合、自分の手札を1枚場外に置く。"
)


def _look_board(text: str = LOOK) -> Any:
    cards = [printed("P-9", text), free_character("T-020", name="ミラ")]
    return board_at_turn_3(cards, ["P-9", "T-020"], [], phase="main")


def test_UA_EFFECT_LOOK_reads_look_take_rest_and_discard_if_taken() -> None:
    assert only_effect(LOOK)["do"] == [
        {
            "op": "look",
            "n": 3,
            "take": {"name": "ミラ", "count": 1, "up_to": True},
            "rest": "bottom",
        },
        {"op": "discard", "n": 1, "if_taken": True},
    ]
    trait = "自分の山札の上から5枚見る。その中から［特徴：灯守］を2枚まで公開し手札に加える。残りを望む順で自分の山札の下に置く。"
    assert only_effect(trait, type="event")["do"][0]["take"] == {
        "trait": "灯守",
        "count": 2,
        "up_to": True,
    }
    # a look whose choice or rest the reader cannot read is not read at all
    for text in (
        "[登場時]自分の山札の上から3枚見る。",
        "[登場時]自分の山札の上から3枚見る。その中から[トリガー]を持たないカードを1枚まで公開し手札に加える。残りを望む順で自分の山札の下に置く。",
        # the rest back on top is read since UA-EFFECT-LOOK-TOP; shuffled in: not a wording read
        "[登場時]自分の山札の上から3枚見る。その中から〈ミラ〉を1枚まで公開し手札に加える。残りを山札に加えてシャッフルする。",
    ):
        assert not read_card(printed("P-9", text)).understood, text


def test_UA_EFFECT_LOOK_observed_takes_a_card_puts_the_rest_at_the_bottom_and_discards() -> None:
    b = _look_board()
    before = player_state(b.replay(), "A")
    targets = ["T-020", {"bottom": ["T-000", "T-000"]}, "T-000"]
    r = b.play("A", "A-1", to="front_line", targets=targets).replay()
    assert verdict(r, b.last) == "legal"
    after = player_state(r, "A")
    assert "A-2" in after["hand"]  # the one T-020 of the deck, revealed
    assert len(after["hand"]) == len(before["hand"]) - 1 + 1 - 1
    assert after["deck"] == before["deck"] - 1 and len(after["outside"]) == 1
    assert "UA-EFFECT-LOOK" in rules_applied(r, b.last)
    assert {"look", "deck_bottom"} <= set(event_types(r, b.last))
    # taking nothing: nothing is discarded either (the rest order of unknown cards is moot)
    b = _look_board()
    r = b.play("A", "A-1", to="front_line", targets=[]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["deck"] == before["deck"]


def test_UA_EFFECT_LOOK_choices_that_cannot_be() -> None:
    cases = {
        "not <ミラ>": ["T-000", {"bottom": ["T-000", "T-000"]}, "T-000"],
        "not looked at": ["A-1", {"bottom": ["T-000", "T-000"]}, "T-000"],
        "bottom is not the rest": ["T-020", {"bottom": ["T-000"]}, "T-000"],
        "discard though nothing taken": [{"bottom": ["T-000", "T-000", "T-000"]}, "T-000"],
        "no discard after taking": ["T-020", {"bottom": ["T-000", "T-000"]}],
    }
    for why, targets in cases.items():
        b = _look_board()
        r = b.play("A", "A-1", to="front_line", targets=targets).replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), why
    # observed: the deck holds one T-020, so two cannot be among the cards looked at
    two = "[登場時]自分の山札の上から3枚見る。その中から〈ミラ〉を2枚まで公開し手札に加える。残りを望む順で自分の山札の下に置く。"
    b = _look_board(two)
    r = b.play("A", "A-1", to="front_line", targets=["T-020", "T-020"]).replay()
    assert "UA-REVEAL" in rules_broken(r, b.last)


def test_UA_EFFECT_LOOK_seeded_checks_the_cards_and_the_order() -> None:
    from judge.core.replay import position
    from judge.games.union_arena.testing import LogBuilder

    cards = [printed("P-9", LOOK, name="ミラ")]

    def board() -> Any:
        return LogBuilder(cards, deck_a=["P-9"] * 50, mode="seeded").setup(first="A").proceed("A")

    eng = position(board().doc)
    deck, hand = eng.state.players["A"].deck, eng.state.players["A"].hand
    top = deck[:3]
    b = board()
    b.play("A", hand[0], to="front_line", targets=[top[1], {"bottom": [top[2], top[0]]}, hand[1]])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    ps = position(b.doc).state.players["A"]
    assert top[1] in ps.hand and hand[1] in ps.outside
    assert ps.deck[-2:] == [top[2], top[0]] and ps.deck[0] == deck[3]
    b = board()
    b.play("A", hand[0], to="front_line", targets=[deck[3], {"bottom": top[1:]}, hand[1]])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)  # the 4th card: not looked at
    b = board()
    b.play("A", hand[0], to="front_line", targets=[top[1], {"bottom": [top[0], top[0]]}, hand[1]])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)  # one card twice
    b = board()  # the order of the rest not recorded: kept as it was, and unverifiable
    r = b.play("A", hand[0], to="front_line", targets=[top[1], hand[1]]).replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert position(b.doc).state.players["A"].deck[-2:] == [top[0], top[2]]


def test_UA_EFFECT_ENERGY_an_active_character_generates_one_more() -> None:
    """ "このキャラがアクティブの場合、このキャラの発生エナジー+[紫]": counted whenever energy is,
    only while the character (in the energy line) is active."""
    text = "このキャラがアクティブの場合、このキャラの発生エナジー+[紫]。"
    assert only_effect(text, color="purple") == {
        "when": "continuous",
        "do": [{"op": "generate", "color": "purple", "n": 1, "if": "active"}],
    }
    cards = [
        printed("P-10", text, color="purple", generates={"purple": 1}),
        free_character("T-030", color="purple", energy={"purple": 2}, generates={}),
    ]
    b = board_at_turn_3(cards, ["P-10", "T-030"], [], a_energy=("A-1",), phase="main")
    r = b.play("A", "A-2", to="front_line").replay()
    assert verdict(r, b.last) == "legal"  # 1 printed + 1 while active
    b = board_at_turn_3(cards, ["P-10", "T-030"], [], phase="main")
    b.play("A", "A-1", to="energy_line")  # enters rested: only its printed 1
    r = b.play("A", "A-2", to="front_line").replay()
    assert field_unit(r, "A", "A-1")["rested"]
    assert "UA-ENERGY" in rules_broken(r, b.last)
    # on a field card, or with another condition, the line is not read
    for line in ("このキャラがレストの場合、このキャラの発生エナジー+[紫]。",):
        assert not read_card(printed("P-10", line)).understood
    assert not read_card(printed("P-10", text, type="field")).understood


BOUNCE = "[登場時]必要エナジーが1以下の自分の場の他のキャラを1枚手札に戻す。戻せない場合、このキャラを手札に戻す。"


def test_UA_EFFECT_IF_NONE_return_another_low_energy_character_or_this_one() -> None:
    assert only_effect(BOUNCE)["do"] == [
        {
            "op": "to_hand",
            "target": {
                "side": "own",
                "zone": "field",
                "type": "character",
                "energy_max": 1,
                "other": True,
                "count": 1,
                "if_able": True,
            },
        },
        {"op": "to_hand", "target": "self", "if_none_before": True},
    ]
    cards = [
        printed("P-12", BOUNCE),
        free_character("T-040", energy={"blue": 1}),
        free_character("T-041", energy={"blue": 2}),
        card("T-044", "field", ap=0, generates={"blue": 2}),
    ]

    def board(deck: list[str], front: tuple[str, ...]) -> Any:
        return board_at_turn_3(cards, deck, [], a_energy=front, phase="main")

    # A-4 (a field) gives the energy; A-2 needs 1, A-3 needs 2
    deck = ["P-12", "T-040", "T-041", "T-044"]
    b = board(deck, ("A-4", "A-2", "A-3"))
    r = b.play("A", "A-1", to="front_line", targets=["A-2"]).replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-1"]
    assert field_ids(r, "A", "energy_line") == ["A-4", "A-3"]
    assert "A-2" in player_state(r, "A")["hand"]
    for wrong in (["A-3"], ["A-4"], []):  # needs 2 energy; a field; one could be returned
        b = board(deck, ("A-4", "A-2", "A-3"))
        r = b.play("A", "A-1", to="front_line", targets=wrong).replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), wrong
    # none could be returned: this character returns to the hand
    b = board(["P-12", "T-041", "T-044"], ("A-3", "A-2"))
    r = b.play("A", "A-1", to="front_line", targets=[]).replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == [] and "A-1" in player_state(r, "A")["hand"]
    # "戻せない場合" is read only right after a return
    assert not read_card(
        printed("P-12", "[登場時]カードを1枚引く。戻せない場合、このキャラを手札に戻す。")
    ).understood


def test_UA_EFFECT_OTHER_ENERGY_another_character_excludes_the_effects_own_card() -> None:
    text = "[起動メイン][レストにする]自分の場の他のキャラを1枚選び、このターン中、BP+1000。"
    assert only_effect(text)["do"][0]["target"]["other"] is True
    cards = [printed("P-13", text), free_character("T-042", bp=2000)]
    b = board_at_turn_3(cards, ["P-13", "T-042"], [], a_front=("A-1", "A-2"), phase="main")
    r = b.act("A", "activate", card="A-1", ability=1, targets=["A-2"]).replay()
    assert verdict(r, b.last) == "legal" and field_unit(r, "A", "A-2")["bp"] == 3000
    b = board_at_turn_3(cards, ["P-13", "T-042"], [], a_front=("A-1", "A-2"), phase="main")
    r = b.act("A", "activate", card="A-1", ability=1, targets=["A-1"]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)
    # alone on the field: there is no other character, so choosing none is right
    b = board_at_turn_3(cards, ["P-13"], [], a_front=("A-1",), phase="main")
    r = b.act("A", "activate", card="A-1", ability=1, targets=[]).replay()
    assert verdict(r, b.last) == "legal"


BOOST = "[起動メイン][レストにする] [ターン1]このターン中、このキャラの発生エナジー+[紫]。メインフェイズ終了時、このキャラを退場させる。"


def test_UA_EFFECT_MAIN_END_energy_for_the_turn_then_retire_when_the_main_phase_ends() -> None:
    effect = only_effect(BOOST, color="purple")
    assert effect == {
        "when": "activate_main",
        "cost": {"rest_self": True},
        "once_per_turn": True,
        "do": [
            {"op": "generate", "color": "purple", "until": "turn", "target": "self"},
            {"op": "retire", "target": "self", "at": "main_phase_end"},
        ],
    }
    granted = "[起動メイン][レストにする] [ターン1]このキャラはこのターン中、発生エナジー+[紫]と「メインフェイズ終了時、このキャラを退場させる。」を得る。"
    assert only_effect(granted)["do"] == effect["do"]
    field = "[起動メイン][レストにする] [ターン1]このターン中、このフィールドの発生エナジー+[紫]。メインフェイズ終了時、このフィールドを退場させる。"
    assert only_effect(field, type="field")["do"] == effect["do"]
    # only an activated ability's own card: not on play, and not "this character" of a field
    assert not read_card(
        printed("P-14", BOOST.replace("[起動メイン][レストにする] [ターン1]", "[登場時]"))
    ).understood
    assert not read_card(printed("P-14", BOOST, type="field")).understood

    cards = [
        printed("P-14", BOOST, color="purple", generates={"purple": 1}),
        free_character("T-030", color="purple", energy={"purple": 2}, generates={}),
    ]

    def board() -> Any:
        return board_at_turn_3(cards, ["P-14", "T-030"], [], a_energy=("A-1",), phase="main")

    b = board()
    r = b.play("A", "A-2", to="front_line").replay()
    assert "UA-ENERGY" in rules_broken(r, b.last)  # 1 purple without the effect
    b = board().act("A", "activate", card="A-1", ability=1)
    r = b.play("A", "A-2", to="front_line").replay()
    assert verdict(r, b.last) == "legal"  # 1 printed + 1 this turn, though A-1 is rested
    assert field_unit(r, "A", "A-1")["rested"]
    r = b.proceed("A").replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-MAIN-END" in rules_applied(r, b.last)
    assert field_ids(r, "A", "energy_line") == [] and "A-1" in player_state(r, "A")["outside"]


def test_UA_EFFECT_MAIN_END_a_raid_onto_the_card_drops_the_retire_and_says_it_is_unsure() -> None:
    """Whether the delayed retire follows the raided card is in no source: the engine drops
    it, as the raid drops the base's other effects, and the raid's step is unverifiable."""
    cards = [
        printed("P-14", BOOST, color="purple"),
        free_character("T-031", color="purple", raid={"onto": {"name": "P-14"}}),
    ]
    b = board_at_turn_3(cards, ["P-14", "T-031"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1).act("A", "raid", card="A-2", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    r = b.proceed("A").replay()
    assert "UA-EFFECT-MAIN-END" not in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-2"]


def test_UA_EFFECT_IF_a_named_card_on_your_field() -> None:
    text = "BP4000以下の相手のフロントLのキャラを1枚まで選び、レストにする。自分の場に〈ミラ〉がある場合、カードを1枚引く。"
    assert only_effect(text, type="event")["do"][1] == {
        "op": "draw",
        "n": 1,
        "if": {"side": "own", "zone": "field", "name": "ミラ"},
    }
    cards = [printed("P-15", text, type="event"), free_character("T-050", name="ミラ")]
    for front, drawn in ((("A-2",), 1), ((), 0)):
        b = board_at_turn_3(cards, ["P-15", "T-050"], [], a_front=front, phase="main")
        hand = len(player_state(b.replay(), "A")["hand"])
        r = b.play("A", "A-1", targets=[]).replay()
        assert verdict(r, b.last) == "legal"
        assert "UA-EFFECT-IF" in rules_applied(r, b.last)
        assert len(player_state(r, "A")["hand"]) == hand - 1 + drawn


def test_UA_EFFECT_IF_a_choice_only_when_the_condition_holds() -> None:
    text = "自分の場に〈ミラ〉がある場合、自分のAPカードを1枚まで選び、アクティブにする。"
    cards = [printed("P-15", text, type="event", ap=1), free_character("T-050", name="ミラ")]
    b = board_at_turn_3(cards, ["P-15", "T-050"], [], a_front=("A-2",), phase="main")
    r = b.play("A", "A-1", targets=["A-AP1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"]["active"] == 2
    b = board_at_turn_3(cards, ["P-15", "T-050"], [], phase="main")
    r = b.play("A", "A-1", targets=["A-AP1"]).replay()  # no <ミラ>: nothing to choose
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)
    # a character's own name counts once it is on the field, where its effect resolves
    own = "[登場時]自分の場に〈ミラ〉がある場合、自分のAPカードを1枚まで選び、アクティブにする。"
    cards = [printed("P-16", own, name="ミラ", ap=1)]
    b = board_at_turn_3(cards, ["P-16"], [], phase="main")
    r = b.play("A", "A-1", to="front_line", targets=["A-AP1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"]["active"] == 2


def test_UA_EFFECT_IF_replaced_bp_limit() -> None:
    text = "『BP3000以下』の相手のフロントLのキャラを1枚選び、退場させる。自分の場に〈ミラ〉がある場合、『BP5000以下』に代わる。"
    (op,) = only_effect(text, type="event")["do"]
    assert op["target"]["bp_max"] == 3000
    assert op["target"]["instead"] == {
        "if": {"side": "own", "zone": "field", "name": "ミラ"},
        "bp_max": 5000,
    }
    cards = [
        printed("P-17", text, type="event"),
        free_character("T-050", name="ミラ"),
        free_character("T-051", bp=4000),
    ]
    b = board_at_turn_3(
        cards, ["P-17", "T-050"], ["T-051"], a_front=("A-2",), b_front=("B-1",), phase="main"
    )
    r = b.play("A", "A-1", targets=["B-1"]).replay()
    assert verdict(r, b.last) == "legal" and field_ids(r, "B", "front_line") == []
    b = board_at_turn_3(cards, ["P-17", "T-050"], ["T-051"], b_front=("B-1",), phase="main")
    r = b.play("A", "A-1", targets=["B-1"]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)  # 4000 > 3000 without <ミラ>
    b = board_at_turn_3(cards, ["P-17", "T-050"], ["T-051"], b_front=("B-1",), phase="main")
    r = b.play("A", "A-1", targets=[]).replay()
    assert verdict(r, b.last) == "legal"  # nothing of BP 3000 or less to choose


def test_UA_EFFECT_IF_not_after_an_op_that_changes_your_field() -> None:
    from judge.games.union_arena import effects

    cond = {"side": "own", "zone": "field", "name": "ミラ"}
    mine = {"side": "own", "zone": "field", "count": 1}
    ok = {"when": "on_play", "do": [{"op": "draw", "n": 1, "if": cond}]}
    assert effects.supported(ok)
    for first in ({"op": "retire", "target": mine}, {"op": "to_hand", "target": "self"}):
        assert not effects.supported({"when": "on_play", "do": [first, ok["do"][0]]})
    assert not effects.supported(
        {"when": "on_play", "do": [{"op": "draw", "n": 1, "if": {**cond, "zone": "hand"}}]}
    )


def test_UA_EFFECT_IF_not_after_a_move_between_the_lines() -> None:
    """A card moved to the other line (or two swapped) changes what a condition on a line
    reads, and a move onto a full line first puts a card of it into the removal area: a
    condition after such a move is not read at the check before it happens."""
    from judge.games.union_arena import effects

    field = {"side": "own", "zone": "field", "name": "ミラ"}
    mine = {"side": "own", "zone": "field", "count": 1, "if_able": True}
    draw = {"op": "draw", "n": 1, "if": field}
    for move in (
        {"op": "move_line", "to": "other", "target": "self"},
        {"op": "move_line", "to": "other", "target": mine},
    ):
        assert effects.supported({"when": "activate_main", "do": [move]})
        assert effects.supported({"when": "activate_main", "do": [draw, move]})
        assert not effects.supported({"when": "activate_main", "do": [move, draw]})
    for kind in ("swap", "pick_swap"):
        assert {"field", "removal"} <= effects._changes({"op": kind, "target": mine})


def test_UA_EFFECT_ENERGY_LESS_required_energy_lowered_in_the_hand() -> None:
    text = "相手の場に緑か赤のカードがある場合、手札にあるこのカードの必要エナジーを[紫×1]減らす。"
    assert only_effect(text, color="purple") == {
        "when": "continuous",
        "do": [
            {
                "op": "reduce_energy",
                "color": "purple",
                "n": 1,
                "if_any": [
                    {"side": "opponent", "zone": "field", "color": "green"},
                    {"side": "opponent", "zone": "field", "color": "red"},
                ],
            }
        ],
    }
    cards = [
        printed("P-18", text, color="purple", energy={"purple": 2}),
        free_character("T-060", color="purple", generates={"purple": 1}),
        free_character("T-061", color="red"),
        free_character("T-062", color="blue"),
    ]
    b = board_at_turn_3(
        cards, ["P-18", "T-060"], ["T-061"], a_energy=("A-2",), b_front=("B-1",), phase="main"
    )
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"  # needs 2 - 1 purple: the opponent has a red card
    b = board_at_turn_3(
        cards, ["P-18", "T-060"], ["T-062"], a_energy=("A-2",), b_front=("B-1",), phase="main"
    )
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "illegal"  # no green or red card: it needs 2
    assert "UA-ENERGY" in rules_broken(r, b.last)


def test_UA_EFFECT_LOOK_one_card_to_the_top_or_the_bottom() -> None:
    from judge.core.replay import position
    from judge.games.union_arena.testing import LogBuilder

    text = "[登場時]自分の山札の上から1枚見る。そのカードを自分の山札の上か下に置く。"
    assert only_effect(text)["do"] == [{"op": "look", "n": 1, "rest": "top_or_bottom"}]
    cards = [printed("P-19", text)]
    for targets, ok in (
        ([{"bottom": ["T-000"]}], True),
        ([{"bottom": []}], True),
        ([{"bottom": ["T-000", "T-000"]}], False),
        (["T-000"], False),  # nothing is taken
    ):
        b = board_at_turn_3(cards, ["P-19"], [], phase="main")
        r = b.play("A", "A-1", to="front_line", targets=targets).replay()
        assert (verdict(r, b.last) == "legal") is ok, targets

    def board() -> Any:
        return LogBuilder(cards, deck_a=["P-19"] * 50, mode="seeded").setup(first="A").proceed("A")

    eng = position(board().doc)
    deck, hand = eng.state.players["A"].deck, eng.state.players["A"].hand
    for targets, top, last in (
        ([{"bottom": [deck[0]]}], deck[1], deck[0]),
        ([{"bottom": []}], deck[0], deck[-1]),
    ):
        b = board().play("A", hand[0], to="front_line", targets=targets)
        assert verdict(b.replay(), b.last) == "legal"
        ps = position(b.doc).state.players["A"]
        assert (ps.deck[0], ps.deck[-1]) == (top, last)
    b = board().play("A", hand[0], to="front_line", targets=[{"bottom": [deck[1]]}])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)  # not the card looked at
    b = board().play("A", hand[0], to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable" and "UA-CHOICE-RECORDED" in rules_applied(r, b.last)


PAY = "[アタック時]APを1支払ってもよい。そうした場合、カードを1枚引き、このキャラはこのターン中、BP+500。"


def test_UA_EFFECT_COST_optional_ap_payment_then_the_effect() -> None:
    assert only_effect(PAY) == {
        "when": "on_attack",
        "optional": True,
        "cost": {"ap": 1},
        "do": [
            {"op": "draw", "n": 1},
            {"op": "bp", "amount": 500, "until": "turn", "target": "self"},
        ],
    }
    cards = [printed("P-20", PAY, bp=2000), free_character("T-070", ap=1)]

    def attacking(spent: int = 0) -> Any:
        b = board_at_turn_3(cards, ["P-20", "T-070", "T-070"], [], a_front=("A-1",), phase="main")
        for iid in ("A-2", "A-3")[:spent]:
            b.play("A", iid, to="front_line")
        return b.proceed("A").attack("A", "A-1")

    b = attacking()
    before = player_state(b.replay(), "A")
    r = b.act("A", "resolve", source="A-1", use=True).replay()
    assert verdict(r, b.last) == "legal"
    after = player_state(r, "A")
    assert after["ap"]["active"] == before["ap"]["active"] - 1
    assert len(after["hand"]) == len(before["hand"]) + 1
    assert field_unit(r, "A", "A-1")["bp"] == 2500
    b = attacking()
    r = b.act("A", "resolve", source="A-1", use=False).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"] == before["ap"] and field_unit(r, "A", "A-1")["bp"] == 2000
    b = attacking(spent=2)  # both AP cards rested: it cannot be paid
    r = b.act("A", "resolve", source="A-1", use=True).replay()
    assert "UA-EFFECT-COST" in rules_broken(r, b.last)


def test_UA_EFFECT_LOOK_alternatives_part_of_a_name_and_a_card_type() -> None:
    either = (
        "[登場時]自分の山札の上から4枚見る。その中から［特徴：灯守］か〈イロ〉を1枚まで公開し"
        "手札に加える。残りを望む順で自分の山札の下に置く。"
    )
    assert only_effect(either)["do"][0]["take"] == {
        "any_of": [{"trait": "灯守"}, {"name": "イロ"}],
        "count": 1,
        "up_to": True,
    }
    part = either.replace("［特徴：灯守］か〈イロ〉", "カード名に「灯」を含むキャラカード")
    assert only_effect(part)["do"][0]["take"] == {
        "name_contains": "灯",
        "card_type": "character",
        "count": 1,
        "up_to": True,
    }
    cards = [
        printed("P-21", either),
        printed("P-22", part),
        free_character("T-020", name="イロ"),
        free_character("T-021", name="ミナ", traits=["灯守"]),
        free_character("T-022", name="灯守ミナ"),
        card("T-023", "field", name="灯台", ap=0),
    ]
    rest = {"bottom": ["T-000", "T-000", "T-000"]}
    for source, taken, ok in (
        ("P-21", "T-020", True),
        ("P-21", "T-021", True),
        ("P-21", "T-022", False),  # neither [灯守] nor <イロ>
        ("P-22", "T-022", True),
        ("P-22", "T-023", False),  # 「灯」 in its name, but a field
        ("P-22", "T-020", False),
    ):
        deck = [source, "T-020", "T-021", "T-022", "T-023"]
        b = board_at_turn_3(cards, deck, [], phase="main")
        r = b.play("A", "A-1", to="front_line", targets=[taken, rest]).replay()
        assert (verdict(r, b.last) == "legal") is ok, (source, taken)
        if not ok:
            assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_UA_EFFECT_STATIC_BP_own_continuous_raise_while_its_condition_holds() -> None:
    text = "[自分のターン中]自分の場に〈ミラ〉がある場合、このキャラはBP+1000。"
    assert only_effect(text) == {
        "when": "continuous",
        "do": [
            {
                "op": "bp",
                "amount": 1000,
                "target": "self",
                "during": "own_turn",
                "if": {"side": "own", "zone": "field", "name": "ミラ"},
            }
        ],
    }
    assert only_effect(text.replace("自分のターン中", "相手のターン中"))["do"][0]["during"] == (
        "opponent_turn"
    )
    cards = [
        printed("P-23", text, bp=2000),
        free_character("T-050", name="ミラ"),
        free_character("T-051", bp=2500),
    ]
    b = board_at_turn_3(
        cards, ["P-23", "T-050"], ["T-051"], a_front=("A-1", "A-2"), b_front=("B-1",)
    )
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000  # A's turn, <ミラ> on A's field
    r = b.attack("A", "A-1").block("B", "B-1").replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == []  # 3000 beats 2500
    b = board_at_turn_3(cards, ["P-23", "T-050"], ["T-051"], a_front=("A-1",), b_front=("B-1",))
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000  # no <ミラ>
    r = b.attack("A", "A-1").block("B", "B-1").replay()
    assert field_ids(r, "B", "front_line") == ["B-1"]  # 2000 does not beat 2500
    b = board_at_turn_3(
        cards, ["P-23", "T-050"], ["T-051"], a_front=("A-1", "A-2"), b_front=("B-1",)
    )
    b.proceed("A", 2)  # B's turn: not A's own turn any more
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_STATIC_BP_event_cards_in_the_outside_area() -> None:
    text = "自分の場外にイベントカードが1枚以上ある場合、このキャラはBP+1500。"
    assert only_effect(text)["do"][0]["if_outside"] == {"card_type": "event", "min": 1}
    cards = [printed("P-24", text, bp=2000), printed("P-25", "カードを1枚引く。", type="event")]
    b = board_at_turn_3(cards, ["P-24", "P-25"], [], a_front=("A-1",), phase="main")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000
    r = b.play("A", "A-2").replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3500


def test_UA_EFFECT_ENTERS_ACTIVE_a_field_played_active() -> None:
    text = (
        "このフィールドはアクティブで場に登場させる。\n[起動メイン][レストにする]カードを1枚引く。"
    )
    reading = read_card(printed("P-26", text, type="field"))
    assert reading.understood
    assert reading.effects[0] == {"when": "continuous", "do": [{"op": "enters_active"}]}
    cards = [printed("P-26", text, type="field"), card("T-080", "field", ap=0)]
    b = board_at_turn_3(cards, ["P-26", "T-080"], [], phase="main")
    r = b.play("A", "A-1", to="energy_line").play("A", "A-2", to="energy_line").replay()
    assert not field_unit(r, "A", "A-1")["rested"] and field_unit(r, "A", "A-2")["rested"]
    assert "UA-EFFECT-ENTERS-ACTIVE" in rules_applied(r, b.last - 1)
    # active, so its [レストにする] ability can be used the turn it is played
    r = b.act("A", "activate", card="A-1", ability=1).replay()
    assert verdict(r, b.last) == "legal"


def test_UA_EFFECT_TARGETS_alternatives_joined_by_ka() -> None:
    text = "[登場時]自分の場の［特徴：灯守］か［特徴：夜番］を1枚まで選び、このターン中、BP+1000。"
    assert only_effect(text)["do"][0]["target"]["any_of"] == [{"trait": "灯守"}, {"trait": "夜番"}]
    outside = "[登場時]自分の場外から〈イロ〉か〈ミナ〉を1枚まで手札に加える。"
    assert only_effect(outside)["do"][0]["target"]["any_of"] == [{"name": "イロ"}, {"name": "ミナ"}]
    cards = [
        printed("P-27", text),
        free_character("T-090", traits=["夜番"], bp=1000),
        free_character("T-091", traits=["昼番"], bp=1000),
    ]
    deck = ["P-27", "T-090", "T-091"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), phase="main")
    r = b.play("A", "A-1", to="front_line", targets=["A-2"]).replay()
    assert verdict(r, b.last) == "legal" and field_unit(r, "A", "A-2")["bp"] == 2000
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), phase="main")
    r = b.play("A", "A-1", to="front_line", targets=["A-3"]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)  # neither trait


def test_UA_EFFECT_IF_the_chosen_card() -> None:
    more = "自分の場のキャラを1枚選び、このターン中、BP+1000。選んだキャラが〈ミラ〉の場合、さらにアクティブにする。"
    assert only_effect(more, type="event")["do"][1] == {
        "op": "activate",
        "target": "chosen",
        "if_chosen": {"name": "ミラ"},
    }
    cards = [
        printed("P-28", more, type="event"),
        free_character("T-050", name="ミラ", bp=1000),
        free_character("T-051", bp=1000),
    ]
    for chosen, active in (("A-2", True), ("A-3", False)):
        b = board_at_turn_3(cards, ["P-28", "T-050", "T-051"], [], phase="main")
        b.play("A", "A-2", to="front_line").play("A", "A-3", to="front_line")  # enter rested
        r = b.play("A", "A-1", targets=[chosen]).replay()
        assert verdict(r, b.last) == "legal"
        unit = field_unit(r, "A", chosen)
        assert unit["bp"] == 2000 and unit["rested"] is not active

    ap = "自分の場のキャラを1枚選び、アクティブにする。選んだキャラが〈ミラ〉か〈イロ〉の場合、自分のAPカードを1枚まで選び、アクティブにする。"
    assert only_effect(ap, type="event")["do"][1]["if_chosen"] == {
        "any_of": [{"name": "ミラ"}, {"name": "イロ"}]
    }
    cards = [printed("P-29", ap, type="event", ap=1), *cards[1:]]
    deck = ["P-29", "T-050", "T-051"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), phase="main")
    r = b.play("A", "A-1", targets=["A-2", "A-AP1"]).replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "A")["ap"]["active"] == 2
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), phase="main")
    r = b.play("A", "A-1", targets=["A-3", "A-AP1"]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)  # not <ミラ>: no AP card to choose

    revealed = (
        "自分の山札の上から3枚見る。その中からキャラカードを1枚まで公開し手札に加える。"
        "残りを望む順で自分の山札の下に置く。公開したカードが〈ミラ〉の場合、"
        "自分のAPカードを1枚まで選び、アクティブにする。"
    )
    cards = [printed("P-30", revealed, type="event", ap=1), *cards[1:]]
    rest = {"bottom": ["T-000", "T-000"]}
    b = board_at_turn_3(cards, ["P-30", "T-050"], [], phase="main")
    r = b.play("A", "A-1", targets=["T-050", rest, "A-AP1"]).replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "A")["ap"]["active"] == 2
    b = board_at_turn_3(cards, ["P-30", "T-051"], [], phase="main")
    r = b.play("A", "A-1", targets=["T-051", rest, "A-AP1"]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_UA_EFFECT_IF_if_you_did() -> None:
    """ "…を1枚レストにする。そうした場合、…": the rest is a choice the player must make when
    able; what follows happens only if a card was rested."""
    text = "自分のフロントLのアクティブのキャラを1枚レストにする。そうした場合、カードを2枚引く。"
    assert only_effect(text, type="event")["do"] == [
        {
            "op": "rest",
            "target": {
                "side": "own",
                "zone": "front_line",
                "type": "character",
                "rested": False,
                "count": 1,
                "if_able": True,
            },
        },
        {"op": "draw", "n": 2, "if_done": True},
    ]
    boost = "[起動メイン][レストにする] [ターン1]自分のフロントLのアクティブのキャラを1枚レストにする。そうした場合、このキャラはこのターン中、発生エナジー+[紫]。"
    assert only_effect(boost)["do"][1] == {
        "op": "generate",
        "color": "purple",
        "until": "turn",
        "target": "self",
        "if_done": True,
    }
    cards = [printed("P-31", text, type="event"), free_character("T-090")]
    for front, targets, drawn in ((("A-2",), ["A-2"], 2), ((), [], 0)):
        b = board_at_turn_3(cards, ["P-31", "T-090"], [], a_front=front, phase="main")
        hand = len(player_state(b.replay(), "A")["hand"])
        r = b.play("A", "A-1", targets=targets).replay()
        assert verdict(r, b.last) == "legal"
        assert len(player_state(r, "A")["hand"]) == hand - 1 + drawn
    b = board_at_turn_3(cards, ["P-31", "T-090"], [], a_front=("A-2",), phase="main")
    r = b.play("A", "A-1", targets=[]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)  # one could be rested: it must be


def test_UA_EFFECT_ATTACK_START_ap_cards_made_active_when_the_attack_phase_starts() -> None:
    text = "[登場時]このターンのアタックフェイズ開始時、自分のAPカードを1枚まで選び、アクティブにする。"
    assert only_effect(text)["do"] == [
        {
            "op": "at_attack_start",
            "do": [
                {
                    "op": "activate",
                    "target": {"side": "own", "zone": "ap", "count": 1, "up_to": True},
                }
            ],
        }
    ]
    # only in the main phase's abilities: on retire it is not read
    assert not read_card(printed("P-32", text.replace("[登場時]", "[退場時]"))).understood
    cards = [printed("P-32", text, ap=1)]

    def played() -> Any:
        b = board_at_turn_3(cards, ["P-32"], [], phase="main")
        return b.play("A", "A-1", to="front_line")

    b = played()
    assert player_state(b.replay(), "A")["ap"]["active"] == 1
    r = b.proceed("A").replay()
    assert "UA-EFFECT-ATTACK-START" in rules_applied(r, b.last)
    r = b.act("A", "resolve", source="A-1", targets=["A-AP1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"]["active"] == 2
    b = played().proceed("A").act("A", "resolve", source="A-1", targets=["B-AP1"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_UA_EFFECT_STATIC_BP_a_keyword_of_its_own_while_a_named_card_is_on_the_field() -> None:
    text = "自分の場に〈ミラ〉がある場合、このキャラは[インパクト無効](このキャラとバトルをしたキャラはこのバトル中、[インパクト]を失う)を得る。"
    assert only_effect(text) == {
        "when": "continuous",
        "do": [
            {
                "op": "grant",
                "keyword": "nullify impact",
                "target": "self",
                "if": {"side": "own", "zone": "field", "name": "ミラ"},
            }
        ],
    }
    cards = [
        free_character("T-095", bp=3000, keywords=["impact 1"]),
        printed("P-33", text, bp=2000),
        free_character("T-050", name="ミラ"),
    ]
    for b_front, nullified in ((("B-1", "B-2"), True), (("B-1",), False)):
        b = board_at_turn_3(cards, ["T-095"], ["P-33", "T-050"], a_front=("A-1",), b_front=b_front)
        r = b.attack("A", "A-1").block("B", "B-1").replay()
        assert verdict(r, b.last) == "legal"
        assert ("UA-KW-NULLIFY-IMPACT" in rules_applied(r, b.last)) is nullified
        assert ("UA-KW-IMPACT" in rules_applied(r, b.last)) is not nullified


def test_UA_EFFECT_ATTACK_START_a_waiting_effect_is_part_of_the_fingerprint() -> None:
    """Between the play and the attack phase's start, the effect waits in the state: two
    games that differ only by it must not have the same state fingerprint."""
    text = "[登場時]このターンのアタックフェイズ開始時、自分のAPカードを1枚まで選び、アクティブにする。"
    b = board_at_turn_3([printed("P-32", text, ap=1)], ["P-32"], [], phase="main")
    b.play("A", "A-1", to="front_line")
    snap = b.replay()["steps"][b.last]["snapshot"]
    assert snap["delayed"] == [["A", "A-1", 0]]
    plain = board_at_turn_3([free_character("P-32", ap=1)], ["P-32"], [], phase="main")
    plain.play("A", "A-1", to="front_line")
    assert "delayed" not in plain.replay()["steps"][plain.last]["snapshot"]
