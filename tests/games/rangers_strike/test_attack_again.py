"""A unit's text that triggers each time it attacks and wins the battle: an opposing command
held, and then an additional attack (RS-ATTACK-AGAIN), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "これがアタックしてバトルに勝つたび、敵軍コマンドを1つ選びホール
ドしてもよい。そうしたとき、これは追加でアタックできる(ストライクはできない)。" — *each time* it *attacks* and
*wins the battle* (the higher BP wins, atwiki renst 458), the player *may* choose *one opposing
command* and hold it; *only if it did*, the unit *may attack again*, and *not strike*.  When the
additional attack may be made the sources do not say: right away is judged, later is not.
"""

from __future__ import annotations

from judge.core.testing import ruling_texts
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "【大激突拳】これがアタックしてバトルに勝つたび、敵軍コマンドを1つ選びホールドしてもよい。そうしたとき、これは"
    "追加でアタックできる（ストライクはできない）。"
)
#: A's unit, no combination number, BP 5000, SP 1
RAGE = printed("T-760", TEXT, name="Rage Fist", bp=5000, sp=1, size="L")
#: B's units: two of BP 1000, one of BP 9000, one of BP 5000
WEAK, FRAIL = card("T-761", name="Weak", bp=1000), card("T-763", name="Frail", bp=1000)
STRONG, EVEN = card("T-762", name="Strong", bp=9000), card("T-764", name="Even", bp=5000)
CARDS = [RAGE, WEAK, FRAIL, STRONG, EVEN]


def _attacking(
    target: str = "T-761",
    b_units: tuple[str, str] = ("T-761", "T-763"),
    spare: bool = True,
    filler: bool = False,
) -> LogBuilder:
    """B rushes ``b_units`` (turn 4) and, in turn 6, charges a third command if ``spare`` and
    enters them (in turn 7 its commands are all released); in turn 7 A rushes
    Rage Fist (and the filler, if ``filler``), enters Rage Fist and attacks ``target``."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B")
    for code in b_units:
        b.rush("B", code)
    b.proceed("B", 2)
    b.pass_turn("A")
    if spare:
        b.charge("B", "T-000")
    b.proceed("B", 2)
    for code in b_units:
        b.enter("B", code)
    b.proceed("B")
    b.proceed("A").rush("A", "T-760")
    if filler:
        b.rush("A", "T-000")
    b.proceed("A").enter("A", "T-760")
    return b.attack("A", "T-760", target)


def _held(r: dict, pid: str = "B") -> list[bool]:
    return [c["held"] for c in player_state(r, pid)["command"]]


def test_RS_ATTACK_AGAIN_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": TEXT})
    assert r.understood
    assert r.effects[0]["do"] == [
        {"op": "hold_opposing_command", "count": 1, "if_done": True},
        {"op": "attack_again"},
    ]
    assert render_card(RAGE)["reading"] == [
        "Each time this unit attacks and wins the battle (optional: you may): choose 1 released "
        "command of the opposing side and hold it, and if you do: this unit may attack again "
        "(right away; it cannot strike for it)."
    ]


def test_RS_ATTACK_AGAIN_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("アタックしてバトルに勝つたび", "バトルに勝つたび"),
        TEXT.replace("敵軍コマンド", "自軍コマンド"),
        TEXT.replace("ホールドしてもよい。そうしたとき、", "ホールドする。"),
        TEXT.replace("（ストライクはできない）", ""),
        TEXT.replace("追加でアタック", "追加でストライク"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    assert not read_card({"type": "unit", "combination": {"number": 1}, "text": TEXT}).understood


def test_RS_ATTACK_AGAIN_a_command_held_the_unit_attacks_again() -> None:
    b = _attacking()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ATTACK-AGAIN" in rules_applied(r, b.last)
    assert _held(r) == [False, False, False]
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [True, False, False]
    b.attack("A", "T-760", "T-763")  # the additional attack, right away
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["battle"] == []
    # it won again: the text triggers again (たび)
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [True, True, False]


def test_RS_ATTACK_AGAIN_no_strike_for_it() -> None:
    b = _attacking()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    b.strike("A", "T-760")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-ATTACK-AGAIN" in rules_broken(r, b.last)


def test_RS_ATTACK_AGAIN_not_used_no_second_attack() -> None:
    b = _attacking()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _held(r) == [False, False, False]
    b.attack("A", "T-760", "T-763")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-ONE-ACTION" in rules_broken(r, b.last)


def test_RS_ATTACK_AGAIN_a_lost_battle_or_a_tie_triggers_nothing() -> None:
    for target, units in (("T-762", ("T-762", "T-761")), ("T-764", ("T-764", "T-761"))):
        b = _attacking(target, units)
        r = b.replay()
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        assert "RS-ATTACK-AGAIN" not in rules_applied(r, b.last)
        b.proceed("A")  # nothing waits for A's choice
        assert verdict(b.replay(), b.last) == "legal"


def test_RS_ATTACK_AGAIN_no_released_opposing_command_no_second_attack() -> None:
    b = _attacking(spare=False)  # B's two commands, held for its rush in turn 4, are released
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [True, False]  # the one code: no choice among them


def test_RS_ATTACK_AGAIN_a_held_command_cannot_be_chosen() -> None:
    b = _attacking()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    b.attack("A", "T-760", "T-763")
    first = player_state(b.replay(), "B")["command"][0]["id"]  # held by the first
    b.act("A", "resolve", source="A-1", use=True, targets=[first])
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-ATTACK-AGAIN" in rules_broken(r, b.last)


def test_RS_ATTACK_AGAIN_a_later_additional_attack_is_not_guessed() -> None:
    b = _attacking(filler=True)
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    filler = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-000")
    b.enter("A", filler)  # the battle phase moves on: another unit enters
    assert verdict(b.replay(), b.last) == "legal"
    b.attack("A", "T-760", "T-763")  # Rage Fist's additional attack, later
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "whether the additional attack may be made later" in " ".join(ruling_texts(r, b.last))
    assert player_state(r, "B")["battle"] == []  # taken as recorded
