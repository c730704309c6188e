"""A unit's effect activated in its player's rush phase, the unit put into the discard pile as
the cost, searching the deck for a card of one name or, when the discard pile holds two others,
of a third (RS-ACTIVATE, RS-SEARCH-EITHER-NAME), on made-up cards in the catalogue's sentence
shape.

The sources' words, which the tests follow: "自軍ラッシュフェイズ中、このユニットを捨札にして次の効果を発動できる⇒
自軍山札を見て「A」のカードを1枚か、自軍捨札に「B」と「C」があれば「D」のカードを1枚選び、自軍ラッシュエリアに出し
てもよい。その後、山札をシャッフルする。" — *in one's own rush phase*, putting *this unit into the discard
pile* (not destroyed: "「撃破」と「捨札になること」はイコールではない"), the effect *may be activated*; one card
named A, *or*, *if* the discard pile holds B *and* C, one named D, *may* be put into the rush area;
*afterwards* the deck is shuffled.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    event_types,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "【呼笛】自軍ラッシュフェイズ中、このユニットを捨札にして次の効果を発動できる⇒自軍山札を見て「ナイト」のカードを"
    "1枚か、自軍捨札に「フィッシュ」と「ゴーレム」があれば「エンペラー」のカードを1枚選び、自軍ラッシュエリアに出し"
    "てもよい。その後、山札をシャッフルする。"
)
WOLF = printed("T-900", TEXT, name="ウルフ", bp=3000, sp=0, size="S")
KNIGHT = card("T-901", name="ナイト", bp=5000, size="M")
FISH = printed("T-902", TEXT, name="フィッシュ", bp=3000, sp=0, size="S")
GOLEM = printed("T-903", TEXT, name="ゴーレム", bp=3000, sp=0, size="S")
EMPEROR = card("T-904", name="エンペラー", bp=8000, size="L")
CARDS = [WOLF, KNIGHT, FISH, GOLEM, EMPEROR]


def _id(b: LogBuilder, code: str) -> str:
    return next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == code)


def _activated() -> LogBuilder:
    """A rushes the Wolf in turn 1 and activates its effect."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-900")
    return b.act("A", "activate", card=_id(b, "T-900"), ability=1)


def _rush_codes(b: LogBuilder) -> list[str]:
    return [u["code"] for u in player_state(b.replay(), "A")["rush"]]


def test_RS_ACTIVATE_read_from_the_printed_text_and_shown() -> None:
    (effect,) = read_card(WOLF).effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "activated",
        "cost": "discard_self",
        "optional": True,
        "do": [
            {
                "op": "from_deck",
                "find": {
                    "name": "ナイト",
                    "or": {"name": "エンペラー", "if_discard": ["フィッシュ", "ゴーレム"]},
                },
                "count": 1,
                "to": "rush",
            },
            {"op": "shuffle"},
        ],
    }
    assert render_card(WOLF)["reading"] == [
        "In your rush phase, you may put this unit from your rush area into your discard pile "
        "(not destroyed) to activate this: you may take a card named ナイト (or, if your discard "
        "pile holds cards named フィッシュ and ゴーレム, one named エンペラー) from your deck and "
        "put it into your rush area (no power, command or condition needed); then, a card taken "
        "or not, shuffle your deck."
    ]


def test_RS_ACTIVATE_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("自軍ラッシュフェイズ中、", ""),
        TEXT.replace("このユニットを捨札にして", "このユニットをホールドして"),
        TEXT.replace("出してもよい", "出す"),
        TEXT.replace("その後、山札をシャッフルする。", ""),
        TEXT.replace("があれば", "がなければ"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    numbered = {"type": "unit", "text": TEXT, "combination": {"number": 1}}
    assert not read_card(numbered).understood  # a numbered unit's named effect is its NC's
    assert not read_card({"type": "vehicle", "text": TEXT}).understood  # このユニット


def test_RS_ACTIVATE_the_unit_is_discarded_and_the_effect_waits() -> None:
    b = _activated()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ACTIVATE" in rules_applied(r, b.last)
    ps = player_state(r, "A")
    assert ps["rush"] == [] and len(ps["discard"]) == 1
    assert "destroy" not in event_types(r, b.last)
    b.act("A", "resolve", source="T-900", use=True, targets=["T-901"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-SEARCH-EITHER-NAME" in rules_applied(r, b.last)
    assert _rush_codes(b) == ["T-901"]
    assert "shuffle" in event_types(r, b.last)


def test_RS_ACTIVATE_declined_the_deck_is_still_shuffled() -> None:
    b = _activated()
    b.act("A", "resolve", source="T-900", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _rush_codes(b) == []
    assert "shuffle" in event_types(r, b.last)


def test_RS_ACTIVATE_not_in_the_rush_phase_or_not_in_the_rush_area_is_illegal() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-900").proceed("A")  # battle phase
    b.act("A", "activate", card=_id(b, "T-900"), ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-RUSH" in rules_broken(r, b.last)  # a decision of the rush phase
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    b.act("A", "activate", card="T-900", ability=1)  # still in the hand
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-ACTIVATE" in rules_broken(r, b.last)
    knight = LogBuilder(CARDS).setup(first="A")
    knight.charge("A", "T-000").proceed("A").rush("A", "T-901")
    knight.act("A", "activate", card=_id(knight, "T-901"), ability=1)  # no such effect
    r = knight.replay()
    assert verdict(r, knight.last) == "illegal"
    assert "RS-ACTIVATE" in rules_broken(r, knight.last)


def test_RS_SEARCH_EITHER_NAME_the_other_name_only_with_both_in_the_discard_pile() -> None:
    b = _activated()  # the discard pile holds the Wolf only
    b.act("A", "resolve", source="T-900", use=True, targets=["T-904"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-SEARCH-EITHER-NAME" in rules_broken(r, b.last)
    # the Fish and the Golem go to the discard pile by their own effects first
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-902")
    b.act("A", "activate", card=_id(b, "T-902"), ability=1)
    b.act("A", "resolve", source="T-902", use=False).proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-903").rush("A", "T-900")
    b.act("A", "activate", card=_id(b, "T-903"), ability=1)
    b.act("A", "resolve", source="T-903", use=False)
    b.act("A", "activate", card=_id(b, "T-900"), ability=1)
    b.act("A", "resolve", source="T-900", use=True, targets=["T-904"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-SEARCH-EITHER-NAME" in rules_applied(r, b.last)
    assert _rush_codes(b) == ["T-904"]


def test_RS_SEARCH_EITHER_NAME_not_recorded_is_unverifiable() -> None:
    b = _activated()
    b.act("A", "resolve", source="T-900", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert _rush_codes(b) == []


# -- a vehicle's: an operation card of the deck held into the command zone (RS-SEARCH-TO-COMMAND) --

#: "自軍ラッシュフェイズ中、このビークルを捨札にして次の効果を発動できる→自軍山札を見てオペレーションカードを1枚選
#: び、自軍コマンドゾーンにホールド状態で置く(置けなければ自軍コマンドを1つ選び、捨札にしてから置く)。その後、山札
#: をシャッフルする。": one operation card *chosen* (選び: not "may") and put *held* into the command
#: zone, a command of one's own *discarded first* when the zone is full; *afterwards* the shuffle
VENDOR_TEXT = (
    "【自販機】自軍ラッシュフェイズ中、このビークルを捨札にして次の効果を発動できる→自軍山札を見てオペレーションカー"
    "ドを1枚選び、自軍コマンドゾーンにホールド状態で置く（置けなければ自軍コマンドを1つ選び、捨札にしてから置く）。"
    "その後、山札をシャッフルする。"
)
VENDOR = printed("T-905", VENDOR_TEXT, type="vehicle", name="Vendor")
ORDERS = card("T-906", "operation", name="Orders")
VENDING = [VENDOR, ORDERS, KNIGHT]


def _vended(turns: int = 1) -> LogBuilder:
    """A charges a command in each of its first ``turns`` turns, rushes the Vendor in the last
    and activates its effect."""
    b = LogBuilder(VENDING).setup(first="A")
    for _ in range(turns - 1):
        b.charge("A", "T-000").proceed("A", 3)
        b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-905")
    return b.act("A", "activate", card=_id(b, "T-905"), ability=1)


def test_RS_SEARCH_TO_COMMAND_read_from_the_printed_text_and_shown() -> None:
    (effect,) = read_card(VENDOR).effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "activated",
        "cost": "discard_self",
        "do": [
            {
                "op": "from_deck",
                "find": {"type": "operation"},
                "count": 1,
                "to": "command",
                "if_full": "discard_command",
            },
            {"op": "shuffle"},
        ],
    }
    assert render_card(VENDOR)["reading"] == [
        "In your rush phase, you may put this vehicle from your rush area into your discard pile "
        "(not destroyed) to activate this: look through your deck, choose an operation card in "
        "it, if there is one, and put it held into your command zone (when the zone is full, "
        "first choose a command of yours and put it into the discard pile); then shuffle your "
        "deck."
    ]
    for text in (
        VENDOR_TEXT.replace("ホールド状態で置く", "リリース状態で置く"),
        VENDOR_TEXT.replace("（置けなければ自軍コマンドを1つ選び、捨札にしてから置く）", ""),
        VENDOR_TEXT.replace("1枚選び", "1枚選んでもよい。"),
    ):
        assert not read_card({"type": "vehicle", "text": text}).understood, text
    assert not read_card({"type": "unit", "text": VENDOR_TEXT}).understood  # このビークル


def test_RS_SEARCH_TO_COMMAND_the_operation_card_goes_held_into_the_command_zone() -> None:
    b = _vended()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ACTIVATE" in rules_applied(r, b.last)
    assert _rush_codes(b) == [] and len(player_state(r, "A")["discard"]) == 1
    b.act("A", "resolve", source="T-905", targets=["T-906"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-SEARCH-TO-COMMAND" in rules_applied(r, b.last)
    commands = player_state(r, "A")["command"]
    assert len(commands) == 2 and commands[-1]["held"] is True
    assert "shuffle" in event_types(r, b.last)


def test_RS_SEARCH_TO_COMMAND_not_an_operation_or_a_command_for_nothing_is_illegal() -> None:
    b = _vended()
    b.act("A", "resolve", source="T-905", targets=["T-901"])  # a unit card
    assert "RS-SEARCH-DECK" in rules_broken(b.replay(), b.last)
    b = _vended()
    command = player_state(b.replay(), "A")["command"][0]["id"]
    b.act("A", "resolve", source="T-905", targets=["T-906", command])  # the zone has room
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-SEARCH-TO-COMMAND" in rules_broken(r, b.last)


def test_RS_SEARCH_TO_COMMAND_a_full_zone_loses_the_command_named_first() -> None:
    b = _vended(turns=5)
    commands = player_state(b.replay(), "A")["command"]
    assert len(commands) == 5
    b.act("A", "resolve", source="T-905", targets=["T-906", commands[0]["id"]])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    after = player_state(r, "A")["command"]
    assert len(after) == 5 and commands[0]["id"] not in [c["id"] for c in after]
    assert commands[0]["id"] in player_state(r, "A")["discard"]
    b = _vended(turns=5)
    b.act("A", "resolve", source="T-905", targets=["T-906"])  # which command: not recorded
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert len(player_state(r, "A")["command"]) == 5


def test_RS_SEARCH_TO_COMMAND_not_recorded_from_a_hidden_deck_is_unverifiable() -> None:
    b = _vended()
    b.act("A", "resolve", source="T-905")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert len(player_state(r, "A")["command"]) == 1
