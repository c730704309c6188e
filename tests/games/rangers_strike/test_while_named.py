"""A unit's named effect "これは、自軍エリアに「A」があれば「SP1」になり、「B」があればBP+Nされ、「C」があ
ればレジストを得る。" (RS-WHILE-NAMED), on made-up cards; each test from the sentence's wording: SP 1
while a card named A is in its player's rush or battle area, BP +N while one named B is, resist
while one named C is (a unit printed SP ！ has SP only from its text)."""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

FORMATION = (
    "【三位一体】これは、自軍エリアに「ルーダー」があれば「SP1」になり、「タンク」があればBP+3000され、"
    "「ジャイロ」があればレジストを得る。"
)
#: A's unit, printed SP ！ and BP 2000
MEGA = {**printed("T-770", FORMATION, name="Mega", bp=2000, sp=0, size="L"), "sp_special": True}
RUDER = card("T-771", name="ルーダー", bp=1000)
TANK = card("T-772", name="タンク", bp=1000)
GYRO = card("T-773", name="ジャイロ", bp=1000)
FOE = card("T-774", name="Foe", bp=4000)
CARDS = [MEGA, RUDER, TANK, GYRO, FOE]


def test_RS_WHILE_NAMED_the_sentence_is_read() -> None:
    r = read_card({"type": "unit", "sp_special": True, "text": FORMATION})
    assert r.understood
    (effect,) = r.effects
    assert effect["do"] == [
        {"op": "sp", "value": 1, "while": {"own_has": "ルーダー"}},
        {"op": "bp", "amount": 3000, "while": {"own_has": "タンク"}},
        {"op": "resist", "while": {"own_has": "ジャイロ"}},
    ]
    assert render_card(MEGA)["reading"][-1] == (
        "Always: this unit is SP 1 while a card named ルーダー is in your rush or battle area; "
        "this unit gets BP +3000 while a card named タンク is in your rush or battle area; this "
        "unit has resist while a card named ジャイロ is in your rush or battle area."
    )
    for near in (
        FORMATION.replace("自軍エリアに", "敵軍エリアに"),
        FORMATION.replace("レジストを得る", "ウイングを得る"),
        FORMATION.replace("「SP1」になり", "「SP1」を得て"),
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near
    assert not read_card(
        {"type": "unit", "text": FORMATION, "combination": {"number": 2}}
    ).understood


def strikes(with_ruder: bool) -> LogBuilder:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-770").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A")
    if with_ruder:
        b.rush("A", "T-771")
    return b.proceed("A").enter("A", "T-770").strike("A", "T-770")


def test_RS_WHILE_NAMED_sp_while_a_card_so_named_is_in_ones_area() -> None:
    b = strikes(with_ruder=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-WHILE-NAMED" in rules_applied(r, b.last)
    b = strikes(with_ruder=False)
    assert rules_broken(b.replay(), b.last) == ["RS-STRIKE"]  # SP ！: SP 0 without it


def attacks(with_tank: bool) -> LogBuilder:
    """B's Foe (BP 4000) waits in B's battle area; Mega (BP 2000) attacks it."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-770").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-774").proceed("B").enter("B", "T-774")
    b.proceed("B").charge("A", "T-000").proceed("A")
    if with_tank:
        b.rush("A", "T-772")
    return b.proceed("A").enter("A", "T-770").attack("A", "T-770", "T-774")


def test_RS_WHILE_NAMED_bp_while_a_card_so_named_is_in_ones_area() -> None:
    b = attacks(with_tank=True)  # BP 5000 against 4000: Foe is destroyed
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert area_ids(r, "B", "battle") == []
    assert area_ids(r, "A", "battle") == ["A-1"]
    b = attacks(with_tank=False)  # BP 2000 against 4000: Mega is destroyed
    r = b.replay()
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-774"]
    assert area_ids(r, "A", "battle") == []


def attacked(with_gyro: bool) -> LogBuilder:
    """Mega (BP 2000) waits in A's battle area; B's Foe (BP 4000) attacks it and destroys it."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-770").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-774").proceed("B", 2)
    b.charge("A", "T-000").proceed("A")
    if with_gyro:
        b.rush("A", "T-773")
    b.proceed("A").enter("A", "T-770").proceed("A")
    return b.charge("B", "T-000").proceed("B", 2).enter("B", "T-774").attack("B", "T-774", "T-770")


def test_RS_WHILE_NAMED_resist_while_a_card_so_named_is_in_ones_area() -> None:
    b = attacked(with_gyro=True).act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "legal"
    (mega,) = player_state(r, "A")["battle"]
    assert mega["id"] == "A-1" and mega["held"] is True  # resisted: held, in place
    b = attacked(with_gyro=False)
    r = b.replay()
    assert "A-1" in player_state(r, "A")["discard"]  # no resist: into the discard pile


def test_RS_WHILE_NAMED_the_allys_card_in_tag_battle_is_unverifiable() -> None:
    """A2's ルーダー, A1's Mega: whether 自軍エリア takes in the ally's areas is not said."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-770").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-771").proceed("A2", 2)
    b.charge("B1", "T-000").proceed("B1", 3).charge("B2", "T-000").proceed("B2", 3)
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-770").strike("A1", "T-770")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-WHILE-NAMED" in rules_applied(r, b.last)


def test_RS_WHILE_NAMED_resist_by_the_allys_card_in_tag_battle_is_not_guessed() -> None:
    """A2's ジャイロ, A1's Mega destroyed by B1's Foe: whether it may resist is not known, and
    the engine does not destroy it."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-770").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-773").proceed("A2", 2)
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-774").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2", 3)
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-770").proceed("A1")
    b.charge("A2", "T-000").proceed("A2", 3)
    b.charge("B1", "T-000").proceed("B1", 2).enter("B1", "T-774").attack("B1", "T-774", "T-770")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-WHILE-NAMED" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "A1")["battle"]] == ["T-770"]
