"""Morph (※モーフ, RS-MORPH), on made-up cards in the catalogue's sentence shapes.

The source's words, which the tests follow: the reminder "敵軍ユニットがモーフ以外でラッシュされたとき、特徴が
このユニットと完全一致するオモテ向きのユニットカードを自軍ゾーンから1枚選び、これと置き換えてもよい" — *when an
opposing unit is rushed other than by Morph*, one *may* choose *one face-up unit card* of *one's
zones* (the command and power zones only: the fan wiki's Q&A A1) whose *features are exactly
this unit's* (the same, in the same order) and *replace* this unit with it; the replaced cards keep
the places' states (A2, A3: a released unit and a held command: the unit goes to the command zone
held, the card comes out released); no required power or additional condition (A4); the card need
not have Morph (A5); "置き換えでエリアに出ることはラッシュに含まれる" (atwiki renst 1413).
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
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

REMINDER = (
    "※モーフ(敵軍ユニットがモーフ以外でラッシュされたとき、特徴がこのユニットと完全一致するオモテ向きのユニット"
    "カードを自軍ゾーンから1枚選び、これと置き換えてもよい)"
)
FEATURES = ["Hero", "Masked"]
#: A's unit with Morph (printed bare), features Hero then Masked
MORPHER = {
    **printed("T-950", "※モーフ", name="Morpher", bp=2000, sp=1, size="S"),
    "features": FEATURES,
}
#: A's vanilla unit card with the same features, in the same order (no Morph of its own)
FORM = {**card("T-951", name="Form", bp=5000, sp=1, power=9), "features": FEATURES}
#: A's vanilla unit card with the same features in the other order
SWAPPED = {**card("T-952", name="Swapped", bp=5000, sp=1), "features": ["Masked", "Hero"]}
#: B's plain unit
RUSHER = card("T-953", name="Rusher", bp=1000, sp=1)
#: A unit with Morph (the reminder printed) whose note bars it from the battle area unless it holds
#: three commands, except when Morph puts it there
GUARDED = {
    **printed(
        "T-954",
        REMINDER
        + " ※これは自軍コマンドを3つホールドしなければバトルエリアに出られない(モーフで出るときは除く)。",
        name="Guarded",
        bp=5500,
        sp=1,
        size="S",
    ),
    "features": FEATURES,
}
#: the same without the exception
UNGUARDED = {
    **printed(
        "T-955",
        "※これは自軍コマンドを3つホールドしなければバトルエリアに出られない。",
        name="Unguarded",
        bp=5500,
        sp=1,
        size="S",
    ),
    "features": FEATURES,
}
CARDS = [MORPHER, FORM, SWAPPED, RUSHER, GUARDED, UNGUARDED]


def _ready(in_command: str = "T-951", enter: bool = False) -> tuple[LogBuilder, str, str]:
    """A charges ``in_command`` into its command zone and rushes Morpher (entering the battle area
    in turn 3 when ``enter``); B then rushes Rusher: A's Morph waits.  Returns the builder,
    Morpher's and the command card's instance ids."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", in_command).proceed("A").rush("A", "T-950").proceed("A", 2)
    r = b.replay()
    morpher = player_state(r, "A")["rush"][0]["id"]
    command = player_state(r, "A")["command"][0]["id"]
    if enter:
        b.charge("B", "T-000").proceed("B", 3)
        b.charge("A", "T-000").proceed("A", 2).enter("A", morpher).proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-953")
    return b, morpher, command


def test_RS_MORPH_read_and_shown() -> None:
    for text in ("※モーフ", REMINDER):
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.restrictions == ({"rule": "morph"},), text
    assert render_card(MORPHER)["reading"][-1] == (
        "Morph: when an opposing unit is rushed other than by Morph, you may replace this unit "
        "with a face-up unit card of your command or power zone whose features are exactly its "
        "own (the same, in the same order); the card comes out as a rush (RS-MORPH)."
    )
    r = read_card(GUARDED)
    assert r.understood and r.restrictions == (
        {"rule": "morph"},
        {"rule": "enter_hold", "count": 3, "except_morph": True},
    )
    assert "not when Morph puts it there" in render_card(GUARDED)["reading"][-1]
    for text in (
        REMINDER.replace("敵軍ユニット", "自軍ユニット"),
        REMINDER.replace("完全一致する", "同じ"),
        REMINDER.replace("オモテ向きの", ""),
        "※モーフ(敵軍ユニットがラッシュされたとき)",
        REMINDER.replace("選び、", "選び"),  # as RK-316 prints it, granting Morph to other units
        "※これは自軍コマンドを3つホールドしなければバトルエリアに出られない(コールで出るときは除く)。",
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_MORPH_an_opposing_rush_triggers_it_and_the_cards_change_places() -> None:
    b, morpher, command = _ready()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-MORPH" in rules_applied(r, b.last)
    waiting = [p for p in r["steps"][b.last]["pending"] if p["kind"] == "resolve"]
    assert [p["player"] for p in waiting] == ["A"]
    b.act("A", "resolve", source=morpher, use=True, targets=[command])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-MORPH" in rules_applied(r, b.last)
    a = player_state(r, "A")
    assert [u["id"] for u in a["rush"]] == [command]  # Form in Morpher's place
    assert [c["id"] for c in a["command"]] == [morpher]


def test_RS_MORPH_states_stay_with_the_places() -> None:
    """A2: a released unit and a held command (Form was held to rush Morpher): the unit goes to
    the command zone held, the card comes out released."""
    b, morpher, command = _ready()
    assert player_state(b.replay(), "A")["command"] == [{"id": command, "held": True}]
    b.act("A", "resolve", source=morpher, use=True, targets=[command])
    r = b.replay()
    a = player_state(r, "A")
    assert a["command"] == [{"id": morpher, "held": True}]
    assert "held" not in a["rush"][0]  # released (a held unit is shown so)


def test_RS_MORPH_in_the_battle_area_the_card_takes_its_position() -> None:
    b, morpher, command = _ready(enter=True)
    b.act("A", "resolve", source=morpher, use=True, targets=[command])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["id"] for u in player_state(r, "A")["battle"]] == [command]


def test_RS_MORPH_features_in_another_order_are_illegal() -> None:
    b, morpher, command = _ready(in_command="T-952")
    b.act("A", "resolve", source=morpher, use=True, targets=[command])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-MORPH" in rules_broken(r, b.last)


def test_RS_MORPH_a_card_of_the_hand_is_illegal() -> None:
    b, morpher, _ = _ready()
    b.act("A", "resolve", source=morpher, use=True, targets=["T-952"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CARD-IN-ZONE" in rules_broken(r, b.last)


def test_RS_MORPH_declined_nothing_changes() -> None:
    b, morpher, command = _ready()
    b.act("A", "resolve", source=morpher, use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    a = player_state(r, "A")
    assert [u["id"] for u in a["rush"]] == [morpher]
    assert [c["id"] for c in a["command"]] == [command]


def test_RS_MORPH_own_rush_triggers_no_morph() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-951").proceed("A").rush("A", "T-950").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-953")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-MORPH" not in rules_applied(r, b.last)
    assert not r["steps"][b.last]["pending"] or all(
        p["kind"] != "resolve" for p in r["steps"][b.last]["pending"]
    )


def test_RS_MORPH_the_card_not_recorded_is_unverifiable() -> None:
    b, morpher, _ = _ready()
    b.act("A", "resolve", source=morpher, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-MORPH" in rules_applied(r, b.last)


def test_RS_MORPH_no_card_fits_nothing_is_replaced() -> None:
    b, morpher, _ = _ready(in_command="T-952")
    b.act("A", "resolve", source=morpher, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["id"] for u in player_state(r, "A")["rush"]] == [morpher]


def _into_battle(code: str) -> tuple[LogBuilder, dict[str, Any]]:
    b, morpher, command = _ready(in_command=code, enter=True)
    b.act("A", "resolve", source=morpher, use=True, targets=[command])
    return b, b.replay()


def test_RS_MORPH_a_note_excepting_morph_does_not_hold() -> None:
    b, r = _into_battle("T-954")
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "A")["battle"]] == ["T-954"]


def test_RS_MORPH_a_note_on_entering_without_the_exception_is_unverifiable() -> None:
    b, r = _into_battle("T-955")
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-MORPH" in rules_applied(r, b.last)


#: A's unit card with the same features and a text of its being rushed (written by hand: draw 1)
DRAWER = {
    **card(
        "T-956",
        name="Drawer",
        bp=3000,
        effects=[{"when": "on_rush", "do": [{"op": "draw", "n": 1}]}],
    ),
    "features": FEATURES,
}


def test_RS_MORPH_the_card_comes_out_as_a_rush() -> None:
    """ "置き換えでエリアに出ることはラッシュに含まれる。ラッシュしたときに発動する効果は当然発生する"."""
    b = LogBuilder([*CARDS, DRAWER]).setup(first="A")
    b.charge("A", "T-956").proceed("A").rush("A", "T-950").proceed("A", 2)
    r = b.replay()
    morpher = player_state(r, "A")["rush"][0]["id"]
    drawer = player_state(r, "A")["command"][0]["id"]
    b.charge("B", "T-000").proceed("B").rush("B", "T-953")
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "resolve", source=morpher, use=True, targets=[drawer])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "draw" in event_types(r, b.last)  # Drawer's own when-rushed effect, run at once
    assert len(player_state(r, "A")["hand"]) == hand + 1


def test_RS_MORPH_a_rush_by_morph_triggers_no_morph() -> None:
    """ "モーフ以外で": B's own unit with Morph does not answer A's Morph."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-951").proceed("A").rush("A", "T-950").proceed("A", 2)
    r = b.replay()
    morpher = player_state(r, "A")["rush"][0]["id"]
    command = player_state(r, "A")["command"][0]["id"]
    b.charge("B", "T-000").proceed("B").rush("B", "T-950")  # B's Morpher: A's Morph triggers
    b.act("A", "resolve", source=morpher, use=True, targets=[command])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert all(p["kind"] != "resolve" for p in r["steps"][b.last]["pending"])
    assert [u["id"] for u in player_state(r, "A")["rush"]] == [command]


#: B's operation: puts a card named Rusher from its hand into its rush area
DROP_IN = printed(
    "T-957",
    "自分の手札から「Rusher」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    type="operation",
    name="Drop In",
)


def test_RS_MORPH_a_unit_an_effect_puts_there_is_rushed_too() -> None:
    """atwiki renst 146: "カードの効果等によるものでも、エリア以外の場所にあったカードがエリアに出た時は全て
    「ラッシュされた」として扱う": B's Rusher put there by B's operation triggers A's Morph."""
    b = LogBuilder([*CARDS, DROP_IN]).setup(first="A")
    b.charge("A", "T-951").proceed("A").rush("A", "T-950").proceed("A", 2)
    r = b.replay()
    morpher = player_state(r, "A")["rush"][0]["id"]
    command = player_state(r, "A")["command"][0]["id"]
    b.charge("B", "T-000").proceed("B").use("B", "T-957")
    b.act("B", "resolve", source="T-957", use=True, targets=["T-953"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-MORPH" in rules_applied(r, b.last)
    b.act("A", "resolve", source=morpher, use=True, targets=[command])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["id"] for u in player_state(r, "A")["rush"]] == [command]


def test_RS_MORPH_legal_actions_name_the_card() -> None:
    b, morpher, command = _ready()
    listed = position(b.log()).legal_actions()
    assert {"p": "A", "do": "resolve", "source": morpher, "targets": [command]} in listed
    assert {"p": "A", "do": "resolve", "source": morpher, "use": False} in listed
