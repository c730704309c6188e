"""The printed-text reader of Rebirth for you (R4U-TEXT-…): each template, a card read only
when all of it is, and the engine executing what was read (replays of made-up cards defined
by their text).  The importer's tests: ``test_r4u_import.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.rebirth.cards import CardDef
from judge.games.rebirth.reader import read_card
from judge.games.rebirth.testing import (
    LogBuilder,
    card,
    event_texts,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

ZERO = {"energy": 0, "partner": 0}


# -- R4U-TEXT-READ ----------------------------------------------------------------------------


def test_R4U_TEXT_READ_full_and_half_width_read_alike() -> None:
    full = read_card(
        {"type": "character", "text": "【スパーク】：このターン中、このキャラを＋２/±０。"}
    )
    half = read_card(
        {"type": "character", "text": "【スパーク】:このターン中、このキャラを+2/±0。"}
    )
    assert full.understood and half.understood
    assert full.effects[0]["do"] == half.effects[0]["do"] == [{"op": "mod", "atk": 2, "def": 0}]


def test_R4U_TEXT_READ_a_card_is_read_only_when_all_of_it_is() -> None:
    text = "【ブロッカー】\n【スパーク】:あなたは1枚引く。\n【スパーク】:あなたは相手の手札を見る。"
    r = read_card({"type": "character", "text": text})
    assert not r.understood
    assert r.unread == ("【スパーク】:あなたは相手の手札を見る。",)
    # every ability a text-only stand-in at its timing, the read one too; the keyword kept
    assert r.keywords == ("blocker",)
    assert [e["when"] for e in r.effects] == ["spark", "spark"]
    assert all("do" not in e for e in r.effects)


def test_R4U_TEXT_READ_a_sentence_read_on_one_type_only() -> None:
    # "this character" on a Rebirth card, "your entry" continuous on a character: not read
    rb = read_card({"type": "rebirth", "text": "【スパーク】:このターン中、このキャラを+1/+1。"})
    ch = read_card({"type": "character", "text": "【永】:あなたのエントリーを+1/+1。"})
    assert not rb.understood and rb.effects == ({"when": "spark", "text": rb.unread[0]},)
    assert not ch.understood and ch.effects[0]["when"] == "performance"


def test_R4U_TEXT_READ_a_partner_with_printed_text_is_not_read() -> None:
    assert not read_card({"type": "partner", "text": "【スパーク】:あなたは1枚引く。"}).understood


def test_R4U_TEXT_READ_effects_given_keep_the_text_unread() -> None:
    d = CardDef.from_dict(
        {"code": "X-1", "name": "X", "type": "character", "level": 0, "atk": 1, "def": 1,
         "text": "Blocker.", "effects": [], "keywords": ["blocker"]}
    )  # fmt: skip
    assert d.effects == () and d.keywords == ("blocker",)


def _b_spark_text(text: str, fires: bool = True) -> LogBuilder:
    """B's entry-in in turn 2 reveals T-TXT, a card defined by its printed ``text`` only; when
    its spark ``fires``, A uses no cancel against it (R4U-CANCEL)."""
    spark = card("T-TXT", level=1, atk=2, def_=4)
    spark["text"] = text
    b = LogBuilder([spark]).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=ZERO)
    b.act("B", "reveal", card="T-TXT")
    return b.act("A", "guard", card=None) if fires else b


def test_R4U_TEXT_READ_the_engine_executes_what_was_read() -> None:
    b = _b_spark_text("【スパーク】:あなたは2枚引く。")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    hand = len(player_state(r, "B")["hand"])
    b2 = _b_spark_text("【スパーク】:あなたは相手の手札を見る。")  # not read: nothing drawn
    r2 = b2.replay()
    assert hand == len(player_state(r2, "B")["hand"]) + 2
    assert verdict(r2, b2.last) == "unverifiable"
    assert "R4U-EFFECT-UNSUPPORTED" in rules_applied(r2, b2.last)


# -- R4U-TEXT-BLOCKER, R4U-TEXT-GROWING, R4U-TEXT-SPARK-OPS ----------------------------------


def test_R4U_TEXT_BLOCKER_the_keyword_and_its_reminder() -> None:
    reminder = "(手札から控え室に置くと、味方へのアタック1回のダメージを0にする)"
    r = read_card({"type": "character", "text": f"【ブロッカー】\n{reminder}"})
    assert r.understood and r.keywords == ("blocker",) and r.effects == ()
    alone = read_card({"type": "character", "text": reminder})
    assert not alone.understood and alone.unread == (reminder,)
    # the reminder on the keyword's line, and its older wording (すてる: discard)
    for text in (
        f"【ブロッカー】{reminder}",
        "【ブロッカー】\n" + reminder.replace("控え室に置く", "すてる"),
    ):
        r = read_card({"type": "character", "text": text})
        assert r.understood and r.keywords == ("blocker",), text


def test_R4U_TEXT_GROWING_is_a_marker_with_no_effect() -> None:
    r = read_card({"type": "character", "text": "【のびしろ】（今後の成長に期待！）"})
    assert r.understood and r.keywords == ("growing",) and r.effects == ()
    both = read_card({"type": "character", "text": "【ブロッカー】:【のびしろ】"})
    assert both.understood and both.keywords == ("blocker", "growing")
    refers = read_card(
        {"type": "character", "text": "【永】:このキャラの【キャンセル】は、あなたのエントリーに"
         "【のびしろ】がいる時のみ使える。"}
    )  # fmt: skip
    assert not refers.understood


@pytest.mark.parametrize(
    ("kind", "text", "effect"),
    [
        ("character", "【スパーク】:このターン中、このキャラを+2/+2。",
         {"when": "spark", "do": [{"op": "mod", "atk": 2, "def": 2}]}),
        ("character", "【スパーク】:このターン中、このキャラを±0/+3。",
         {"when": "spark", "do": [{"op": "mod", "atk": 0, "def": 3}]}),
        ("rebirth", "【スパーク】:あなたは1点回復する。",
         {"when": "spark", "do": [{"op": "heal", "n": 1}]}),
        ("character", "【スパーク】:あなたは2枚引く。",
         {"when": "spark", "do": [{"op": "draw", "n": 2}]}),
        ("character", "【スパーク】:あなたは相手のメンバーから1枚選び、控え室に置く。",
         {"when": "spark", "do": [{"op": "discard_member", "side": "opponent",
                                   "zone": "member", "count": 1}]}),
        ("rebirth", "【永】:あなたのエントリーを+1/+1。",
         {"when": "rebirth_area", "do": [{"op": "mod", "atk": 1, "def": 1}]}),
        ("character", "【起】【エントリー】:[エネ2]このターン中、このキャラを+2/±0。",
         {"when": "activated", "cost": 2, "where": "entry",
          "do": [{"op": "mod", "atk": 2, "def": 0}]}),
    ],
)  # fmt: skip
def test_R4U_TEXT_SPARK_OPS_each_sentence(kind: str, text: str, effect: dict[str, Any]) -> None:
    r = read_card({"type": kind, "text": text})
    assert r.understood, r.unread
    assert r.effects == ({**effect, "text": text},)


def test_R4U_TEXT_SPARK_OPS_a_sentence_with_other_words_is_not_read() -> None:
    for text in (
        "【スパーク】:あなたは相手のメンバーから2枚まで選び、手札に戻す。",  # not an op yet
        "【スパーク】【本領発揮Lv3】:あなたは1枚引き、1点回復する。",  # two ops in one
        # read since R4U-TEXT-OWN-ATTACK with "このキャラを+X/+Y"; not with another change
        "【永】【エントリー】:各ターンこのキャラの1回目のアタック中、相手は【ブロッカー】を使えない。",
    ):
        assert not read_card({"type": "rebirth", "text": text}).understood
        assert not read_card({"type": "character", "text": text}).understood


# -- R4U-TEXT-NTH-ATTACK -------------------------------------------------------------------


def _nth_attack(n: int) -> Any:
    """B sets a Rebirth card read from 「各ターンn回目のアタック中、あなたのエントリーを+2/±0」
    and attacks once with its entry of ATK 1 (A's entry: a filler, DEF 3)."""
    nth = card("T-NTH", "rebirth")
    nth["text"] = f"【永】:各ターン{n}回目のアタック中、あなたのエントリーを+2/±0。"
    weak = card("T-WK", level=0, atk=1, def_=2)
    b = LogBuilder([nth, weak]).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=ZERO)
    b.act("B", "reveal", card="T-WK")
    b.act("B", "rebirth", card="T-NTH")
    b.proceed("B")
    b.act("B", "attack", card="T-000")
    return b, b.act("A", "guard", card=None)


def test_R4U_TEXT_NTH_ATTACK_applies_during_that_attack_only() -> None:
    b, _ = _nth_attack(1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    texts = event_texts(r, b.last)
    assert any("3 damage in total against DEF 3" in t for t in texts), texts  # ATK 1 + 2
    assert player_state(r, "B")["entry"]["atk"] == 1  # no attack in progress now
    b2, _ = _nth_attack(2)
    r2 = b2.replay()
    assert r2["steps"][b2.last]["state"]["damage"]["total"] == 1  # the first attack: ATK 1


# -- R4U-TEXT-SHOWCASE ---------------------------------------------------------------------

SHOWCASE_REMINDER = "(【本領発揮Lv{n}】:あなたの、メンバーとリタイアが合計{n}枚以上で有効)"


def test_R4U_TEXT_SHOWCASE_read_with_its_reminder() -> None:
    text = "【スパーク】【本領発揮Lv3】:あなたは1枚引く。\n" + SHOWCASE_REMINDER.format(n=3)
    r = read_card({"type": "character", "text": text})
    assert r.understood
    assert r.effects[0]["showcase"] == 3 and r.effects[0]["do"] == [{"op": "draw", "n": 1}]
    # the reminder alone, or of another level, is not read
    other = "【スパーク】【本領発揮Lv4】:あなたは1枚引く。\n" + SHOWCASE_REMINDER.format(n=3)
    assert not read_card({"type": "character", "text": other}).understood
    alone = read_card({"type": "character", "text": SHOWCASE_REMINDER.format(n=3)})
    assert not alone.understood


def test_R4U_TEXT_SHOWCASE_a_spark_fires_only_when_it_holds() -> None:
    # B's members and retire area hold 1 card (the filler moved to member square 1)
    holds = _b_spark_text("【スパーク】【本領発揮Lv1】:あなたは2枚引く。")
    fails = _b_spark_text("【スパーク】【本領発揮Lv2】:あなたは2枚引く。", fires=False)
    r1, r2 = holds.replay(), fails.replay()
    assert verdict(r1, holds.last) == verdict(r2, fails.last) == "legal"
    assert len(player_state(r1, "B")["hand"]) == len(player_state(r2, "B")["hand"]) + 2
    assert "R4U-TEXT-SHOWCASE" in rules_applied(r2, fails.last)
    assert "R4U-SPARK" not in rules_applied(r2, fails.last)


# -- R4U-TEXT-RETIRE-COUNT -----------------------------------------------------------------

RETIRE_COUNT = (
    "【スパーク】:あなたは相手の、エントリーとメンバーから、あなたのリタイアと同じ枚数選び、"
    "控え室に置く。(選べる限り選ぶ)"
)


def test_R4U_TEXT_RETIRE_COUNT_read_and_counted_when_it_resolves() -> None:
    r = read_card({"type": "character", "text": RETIRE_COUNT})
    assert r.understood
    assert r.effects[0]["do"] == [
        {"op": "discard_member", "side": "opponent", "zone": "field", "count_of": "own_retire"}
    ]
    # B's retire area is empty: the spark takes no target, and one named is one too many
    b = _b_spark_text(RETIRE_COUNT)
    b.act("B", "resolve", source="T-TXT", targets=[])
    assert verdict(b.replay(), b.last) == "legal"
    b = _b_spark_text(RETIRE_COUNT)
    b.act("B", "resolve", source="T-TXT", targets=["T-000"])
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


# -- R4U-TEXT-OPS-MORE -----------------------------------------------------------------------

RETURN_AND_STAND = (
    "【スパーク】:あなたは自分のメンバーから1枚選び、手札に戻してよい。\n"
    "【起】【ターン1】:あなたのパートナーをすべて【スタンド】する。"
)


def _b_rebirth_spark() -> LogBuilder:
    """B's entry-in in turn 2 reveals T-RTS, a Rebirth card read from RETURN_AND_STAND: its
    spark fires and it goes to the Rebirth area; the next entry-in reveals a filler."""
    rts = card("T-RTS", "rebirth")
    rts["text"] = RETURN_AND_STAND
    b = LogBuilder([rts]).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=ZERO)
    return b.act("B", "reveal", card="T-RTS")


def test_R4U_TEXT_OPS_MORE_a_member_back_to_the_hand_and_partners_stood() -> None:
    r = read_card({"type": "rebirth", "text": RETURN_AND_STAND})
    assert r.understood and r.effects[0]["optional"] is True
    b = _b_rebirth_spark()
    b.act("B", "resolve", source="T-RTS", targets=["T-000"])
    b.act("B", "reveal", card="T-000")
    r1 = b.replay()
    assert verdict(r1, b.last) == "legal", [s["verdict"] for s in r1["steps"]]
    assert player_state(r1, "B")["members"][0] is None
    assert any("to the hand" in t for s in r1["steps"] for t in _texts(s))
    b.act("B", "activate", card="T-RTS", ability=1)
    r2 = b.replay()
    assert verdict(r2, b.last) == "legal"
    assert any("partner cards stand" in t for t in event_texts(r2, b.last))
    b.act("B", "activate", card="T-RTS", ability=1)  # once a turn
    assert "R4U-ACTIVATE-LIMIT" in rules_broken(b.replay(), b.last)
    declined = _b_rebirth_spark()
    declined.act("B", "resolve", source="T-RTS", use=False)
    r3 = declined.replay()
    assert verdict(r3, declined.last) == "legal"
    assert player_state(r3, "B")["members"][0] is not None


def _texts(step: dict[str, Any]) -> list[str]:
    return [e.get("text", "") for e in step.get("events", [])]


# -- R4U-TEXT-UP-TO ------------------------------------------------------------------------

UP_TO = "【スパーク】:あなたは味方のメンバーから2枚まで選び、控え室に置く。"
RESTED = "【スパーク】:あなたは相手の【レスト】しているメンバーから1枚選び、控え室に置く。"


def test_R4U_TEXT_UP_TO_none_to_n_of_your_members() -> None:
    for targets, members_left in (([], 1), (["T-000"], 0)):
        b = _b_spark_text(UP_TO)  # B has one member: the filler it moved
        b.act("B", "resolve", source="T-TXT", targets=targets)
        r = b.replay()
        assert verdict(r, b.last) == "legal", targets
        assert sum(m is not None for m in player_state(r, "B")["members"]) == members_left
    b = _b_spark_text(UP_TO)
    b.act("B", "resolve", source="T-TXT", targets=["T-000", "T-000"])  # one card twice
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_R4U_TEXT_UP_TO_rested_members_only() -> None:
    r = read_card({"type": "character", "text": RESTED})
    assert r.effects[0]["do"][0]["rested"] is True
    # A's only member stands (A's first turn had no battle): nothing fits, and naming it breaks
    b = _b_spark_text(RESTED)
    b.act("B", "resolve", source="T-TXT", targets=[])
    assert verdict(b.replay(), b.last) == "legal"
    b = _b_spark_text(RESTED)
    b.act("B", "resolve", source="T-TXT", targets=["T-000"])
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


# -- R4U-TEXT-ON-SET -----------------------------------------------------------------------

ON_SET_RETIRE = (
    "【自】:このReバースがセットされた時、あなたのリタイアが1枚以上なら、"
    "あなたは相手の、エントリーかメンバーから1枚選び、控え室に置く。"
)
ON_SET_SALVAGE = "【自】:このReバースがセットされた時、あなたは自分の控え室からキャラを1枚選び、手札に戻してよい。"


def _b_sets(text: str, options: dict[str, Any] | None = None) -> LogBuilder:
    """In turn 2 B puts T-SET, a Rebirth card read from ``text``, from the hand into the
    Rebirth area (B's retire area is empty)."""
    rb = card("T-SET", "rebirth")
    rb["text"] = text
    b = LogBuilder([rb], options=options).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    return b.act("B", "rebirth", card="T-SET")


def test_R4U_TEXT_ON_SET_triggers_when_set_and_its_condition_is_read_when_it_resolves() -> None:
    r = read_card({"type": "rebirth", "text": ON_SET_RETIRE})
    assert r.understood and r.effects[0]["when"] == "on_set" and r.effects[0]["if_retire"] == 1
    b = _b_sets(ON_SET_RETIRE)
    r1 = b.replay()
    assert "R4U-TEXT-ON-SET" in rules_applied(r1, b.last)
    # B's retire area is empty: the effect does nothing, so it takes no target
    b.act("B", "resolve", source="T-SET", targets=[])
    assert verdict(b.replay(), b.last) == "legal"
    b = _b_sets(ON_SET_RETIRE)
    b.act("B", "resolve", source="T-SET", targets=["T-000"])
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_R4U_TEXT_ON_SET_an_optional_one_may_be_declined() -> None:
    r = read_card({"type": "rebirth", "text": ON_SET_SALVAGE})
    assert r.understood and r.effects[0]["optional"] is True
    b = _b_sets(ON_SET_SALVAGE)
    b.act("B", "resolve", source="T-SET", use=False)
    assert verdict(b.replay(), b.last) == "legal"


def test_R4U_TEXT_ON_SET_by_entry_in_under_each_option() -> None:
    for option, triggers in (("both", True), ("play_only", False)):
        rb = card("T-SET", "rebirth")
        rb["text"] = ON_SET_SALVAGE
        b = LogBuilder([rb], options={"on_set": option}).setup(first="A")
        b.proceed("A", 2)
        b.proceed("B")
        b.act("B", "move", square=1, pay=ZERO)
        b.act("B", "reveal", card="T-SET")  # a Rebirth card by entry-in: to the Rebirth area
        r = b.replay()
        assert ("R4U-TEXT-ON-SET" in rules_applied(r, b.last)) is triggers, option


# -- R4U-TEXT-OPPOSING-MOD -----------------------------------------------------------------


def test_R4U_TEXT_OPPOSING_MOD_changes_the_opposing_entry_this_turn() -> None:
    b = _b_spark_text(
        "【スパーク】：あなたは相手のエントリーから１枚選び、このターン中、そのキャラを±０/－２。"
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["entry"]["def"] == 1  # the filler's DEF 3 - 2
    assert player_state(r, "B")["entry"]["def"] == 4  # B's own entry (T-TXT) unchanged
    from judge.games.rebirth.effects import supported

    rb = {"when": "rebirth_area", "do": [{"op": "mod", "side": "opponent", "atk": -1}]}
    assert not supported(rb)  # a continuous change is of its own player's entry only


# -- R4U-TEXT-DECK-TO-ENERGY ---------------------------------------------------------------


def test_R4U_TEXT_DECK_TO_ENERGY_the_top_cards_rested() -> None:
    before = _b_spark_text("【スパーク】:あなたは1枚引く。").replay()
    b = _b_spark_text("【スパーク】:あなたは自分のデッキの上から2枚エネルギーに【レスト】で置く。")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    mine, was = player_state(r, "B"), player_state(before, "B")
    assert len(mine["energy"]) == len(was["energy"]) + 2
    assert mine["energy_rested"] == was["energy_rested"] + 2
    assert mine["deck"] == was["deck"] - 1  # two to the energy, against one drawn
    # the next stand phase stands them with the rest
    b.proceed("B", 2).proceed("A", 3)
    b.act("B", "energy", card="T-000")
    r2 = b.replay()
    assert player_state(r2, "B")["energy_rested"] == 0
