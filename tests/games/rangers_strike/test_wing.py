"""ウイング (Wing): a unit's attack from its rush area, the unit held (RS-WING), on made-up
cards printing the bare note as the catalogue's cards do.

The sources' words, which the tests follow (atwiki renst page 1537 ウイング and page 157
ホールド): "バトルエリアに出ずに、ラッシュエリアからアタックを行う" — it attacks *from the rush area*,
*without entering the battle area*; "デメリットはユニットをホールドする点、発動したターンはバトルエリアに
出られない点" — the unit *is held*, and *the turn it is used it cannot enter the battle area*;
"レジストとウイングなどホールドが必要な能力…は、普通片方しか使えない" — Wing *needs the unit
released*; "リリースする手段があれば、同じユニットのウイングを1ターンに複数回使うこともできる" — used
again only once released.
"""

from __future__ import annotations

from judge.core.replay import position
from judge.core.testing import ruling_texts
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

#: A's unit with Wing (made-up name)
HAWK = printed("T-910", "※ウイング", name="Sky Hawk", bp=3000)
#: B's unit, entered into B's battle area
PREY = card("T-911", name="Prey", bp=2000)
#: A's unit without Wing
WALKER = card("T-912", name="Walker", bp=3000)
#: A's unit with resist and Wing, weaker than the prey
FLEDGLING = printed("T-913", "※レジスト ※ウイング", name="Fledgling", bp=1000)
#: A's unit with Wing that must enter the battle area every turn if it can
EAGER = printed(
    "T-914", "※ウイング ※これは毎ターン、可能ならバトルエリアに出る。", name="Eager Kite", bp=3000
)
#: A's unit whose text names ウイング and is not read
CHARM = printed(
    "T-915",
    "【空の加護】このターン、自軍ユニットは、ウイングでアタックしたとき、そのバトル中、BP+2000される。",
    name="Sky Charm",
    bp=1000,
)
#: A's unit with Wing that cannot enter the battle area
FORT = printed("T-916", "※ウイング ※これはバトルエリアに出られない。", name="Sky Fort", bp=3000)
#: A's unit with Wing whose text lets it attack again after it wins (RS-ATTACK-AGAIN)
RAGER = printed(
    "T-917",
    "※ウイング 【大激突拳】これがアタックしてバトルに勝つたび、敵軍コマンドを1つ選びホールドしてもよい。"
    "そうしたとき、これは追加でアタックできる（ストライクはできない）。",
    name="Raging Wing",
    bp=5000,
)
CARDS = [HAWK, PREY, WALKER, FLEDGLING, EAGER, CHARM, FORT, RAGER]


def _ready(*a_units: str) -> LogBuilder:
    """A rushes ``a_units[0]`` (turn 1); B rushes Prey and enters it (turn 2); A rushes the
    rest of ``a_units`` in turn 3 and reaches its battle phase."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", a_units[0]).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-911").proceed("B").enter("B", "T-911")
    b.proceed("B").charge("A", "T-000").proceed("A")
    for code in a_units[1:]:
        b.rush("A", code)
    return b.proceed("A")


def _wing(b: LogBuilder, unit: str, target: str = "T-911") -> LogBuilder:
    return b.act("A", "attack", card=unit, target=target, wing=True)


def _held(r: dict, pid: str, area: str, code: str) -> bool:
    (u,) = [u for u in player_state(r, pid)[area] if u["code"] == code]
    return bool(u.get("held"))


def test_RS_WING_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": "※ウイング"})
    assert r.understood and "wing" in r.keywords
    assert list(r.effects) == [] and list(r.restrictions) == []
    assert render_card(HAWK)["reading"] == [
        "Keywords: Wing: in your battle phase, while released, it may attack from the rush area "
        "without entering the battle area; it is held, and cannot enter the battle area this turn "
        "(RS-WING)."
    ]
    # a reminder of it has not been checked: not read
    assert not read_card({"type": "unit", "text": "※ウイング(これはアタックできる)"}).understood
    # an operation never has it
    assert not read_card(
        {"type": "operation", "operation": "normal", "text": "※ウイング"}
    ).understood


def test_RS_WING_attack_from_the_rush_area_holds_the_unit() -> None:
    b = _wing(_ready("T-910"), "T-910")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-WING" in rules_applied(r, b.last)
    assert "RS-ATTACK-RESULT" in rules_applied(r, b.last)
    assert area_ids(r, "B", "battle") == []  # Prey, BP 2000 < 3000, destroyed
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-910"]
    assert area_ids(r, "A", "battle") == []
    assert _held(r, "A", "rush", "T-910")
    assert any("attacks with ウイング" in t for t in ruling_texts(r, b.last))


def test_RS_WING_the_unit_cannot_enter_that_turn_and_may_the_next() -> None:
    b = _wing(_ready("T-910"), "T-910").enter("A", "T-910")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert rules_broken(r, b.last) == ["RS-WING"]
    # next turn: held, it may enter (a held unit works as any unit)
    b = _wing(_ready("T-910"), "T-910").proceed("A").pass_turn("B")
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-910")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_WING_a_held_unit_cannot_use_it_again() -> None:
    # B's two Preys (B-4, B-5: the deck's copies of T-911) are in its battle area in turn 5
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-910").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "B-4").proceed("B").enter("B", "B-4")
    b.proceed("B").pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "B-5").proceed("B")
    b.enter("B", "B-4").enter("B", "B-5").proceed("B")
    b.charge("A", "T-000").proceed("A", 2)
    b = _wing(b, "A-1", "B-4").act("A", "attack", card="A-1", target="B-5", wing=True)
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal", r["steps"][b.last - 1]
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert rules_broken(r, b.last) == ["RS-WING"]
    assert "is held" in r["steps"][b.last]["violations"][0]["message"]


def test_RS_WING_a_unit_without_it_or_in_the_battle_area_is_illegal() -> None:
    b = _wing(_ready("T-912"), "T-912")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert rules_broken(r, b.last) == ["RS-WING"]
    b = _wing(_ready("T-910").enter("A", "T-910"), "T-910")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert rules_broken(r, b.last) == ["RS-WING"]
    # the same unit just entered attacks as usual (no wing)
    b = _ready("T-910").enter("A", "T-910").attack("A", "T-910", "T-911")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_WING_a_restriction_on_entering_does_not_keep_it_from_wing() -> None:
    b = _ready("T-916").enter("A", "T-916")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"  # its printed restriction
    b = _wing(_ready("T-916"), "T-916")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_WING_the_unit_that_lost_is_destroyed_and_cannot_resist() -> None:
    b = _ready("T-913")
    (fledgling,) = area_ids(b.replay(), "A", "rush")
    b = _wing(b, fledgling)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "A")["rush"] == []
    assert fledgling in player_state(r, "A")["discard"]
    assert "RS-RESIST" not in rules_applied(r, b.last)
    assert not [p for p in r["steps"][b.last]["pending"] if p["kind"] == "resolve"]


def test_RS_WING_a_unit_that_entered_may_no_longer_attack() -> None:
    b = _ready("T-910", "T-912").enter("A", "T-912")
    b = _wing(b, "T-910").attack("A", "T-912", "T-911")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal", r["steps"][b.last - 1]
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert rules_broken(r, b.last) == ["RS-ONE-ACTION"]


def test_RS_WING_what_the_sources_leave_open_is_not_judged() -> None:
    # an unread card naming ウイング in play: what it does to the attack is not known
    b = _wing(_ready("T-910", "T-915"), "T-910")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-WING" in rules_applied(r, b.last)
    # a unit that must enter if it can, and still can
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-914").proceed("A").enter("A", "T-914")
    b.proceed("A").charge("B", "T-000").proceed("B").rush("B", "T-911").proceed("B")
    b.enter("B", "T-911").proceed("B").charge("A", "T-000").proceed("A", 2)
    b = _wing(b, "T-914")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert any("must enter the battle area" in t for t in ruling_texts(r, b.last))


def test_RS_WING_listed_among_the_legal_actions() -> None:
    b = _ready("T-910", "T-912")
    r = b.replay()
    hawk, walker = area_ids(r, "A", "rush")
    (prey,) = area_ids(r, "B", "battle")
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "attack"]
    assert listed == [{"p": "A", "do": "attack", "card": hawk, "target": prey, "wing": True}]
    b = _wing(b, hawk, prey)
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "attack"]
    assert listed == []  # held now
    assert walker


def test_RS_WING_a_text_to_attack_again_after_it_is_not_guessed() -> None:
    assert read_card(RAGER).understood
    b = _wing(_ready("T-917"), "T-917")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert area_ids(r, "B", "battle") == []  # the battle itself is decided
    assert any("attacked with ウイング from its rush area" in t for t in ruling_texts(r, b.last))


def test_RS_WING_a_unit_of_the_opposing_rush_area_as_its_target_is_not_judged() -> None:
    # B's second Prey stays in B's rush area; the Hawk attacks it with ウイング
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-910").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "B-4").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 2)
    b = _wing(b, "A-1", "B-4")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-WING" in rules_applied(r, b.last)
    assert "RS-ATTACK-RUSH-AREA" not in rules_applied(r, b.last)
    # an ordinary attack on it stays illegal
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-912").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "B-4").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-912").attack("A", "T-912", "B-4")
    assert verdict(b.replay(), b.last) == "illegal"
