"""Cards leaving the field (issue 13): a Z/X OB destroyed or removed splits, a shift card goes
face up to the dynamis when the card under it leaves.  Written from seed 003, keyword actions
7 (破坏: Z/X OB被破坏的场合，将上半部以正面表示移动到神域区，将下半部翻面展示出玩家卡，放回操控者的玩家方阵;
那张Z/X离场时剑临卡以正面表示移动到神域区) and 8 (除外: 将Z/X EX、Z/X OB、剑临卡除外的行动方式类同于"7、破坏")."""

from __future__ import annotations

from judge.games.zx.testing import (
    LogBuilder,
    card,
    game_state,
    player_state,
    rules_applied,
    ruling_texts,
    verdict,
)

PLAYER = card("T-PL", type="player", overboost="Oathbound Aria")
UPPER = card("T-UP", type="zx_ob", name="Oathbound Aria", power=9000)
IGOB_EV = card(
    "T-IGE", type="event", effects=[{"when": "play", "do": [{"op": "igob", "name": "Aria"}]}]
)
KILL = card(
    "T-KIL",
    type="event",
    effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)
REMOVE = card(
    "T-REM",
    type="event",
    effects=[{"when": "play", "do": [{"op": "remove", "target": {"side": "opponent"}}]}],
)
OB_SHIFT = card("T-SHO", type="shift", device={"name": "Oathbound Aria"})
SHIFT_EV = card("T-SHE", type="event", effects=[{"when": "play", "do": [{"op": "shift"}]}])
KNIGHT = card("T-KN", power=2000, races=["Knight"])
KNIGHT_SHIFT = card("T-SH", type="shift", device={"race": "Knight"})


def at(r, sq, i=-1):
    return game_state(r, i)["squares"][str(sq)]


def _ob_on_5(a: list[str] | None = None, dyn: list[str] | None = None) -> LogBuilder:
    """A prepares the player card, IGOBs its Z/X OB onto square 5 in its first main phase."""
    b = LogBuilder(
        [PLAYER, UPPER, IGOB_EV, KILL, REMOVE, OB_SHIFT, SHIFT_EV],
        a=a or ["T-IGE"],
        b=["T-KIL", "T-REM"],
        dynamis={"A": dyn or ["T-UP"]},
    )
    b.act("A", "first_player", first="A")
    b.act("A", "setup", overboost="T-PL")
    b.act("B", "setup").act("A", "mulligan", redraw=False).act("B", "mulligan", redraw=False)
    b.proceed("A", 2).act("A", "play", card=b.iid("A", 0))
    return b.act("A", "resolve", source=b.iid("A", 0), targets=["A-D1"], to=5)


def _b_plays(b: LogBuilder, k: int, target: str) -> LogBuilder:
    """A ends its turn; B plays its k-th card (an event choosing one of A's Z/X)."""
    b.proceed("A").proceed("B", 2).act("B", "play", card=b.iid("B", k))
    return b.act("B", "resolve", source=b.iid("B", k), targets=[target])


def test_ZX_OB_LEAVE_removed_splits_as_when_destroyed() -> None:
    b = _b_plays(_ob_on_5(), 1, "A-D1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 5) is None
    assert player_state(r, "A")["dynamis"] == ["A-D1"]  # upper half face up in the dynamis
    assert player_state(r, "A")["player_card"] == ["A-P1", "player"]  # lower half turned back
    assert "removed" not in player_state(r, "A")  # nothing went to the removed zone
    assert {"ZX-REMOVE", "ZX-OB-LEAVE"} <= set(rules_applied(r, b.last))


def test_ZX_DESTROY_a_destroyed_ob_is_not_said_to_go_to_the_charge_zone() -> None:
    b = _b_plays(_ob_on_5(), 0, "A-D1")
    r = b.replay()
    assert "ZX-OB-LEAVE" in rules_applied(r, b.last)
    assert not any("charge zone" in t for t in ruling_texts(r, b.last))
    assert player_state(r, "A")["charge"] == []


def test_ZX_OB_LEAVE_a_shift_on_the_ob_goes_face_up_to_the_dynamis_too() -> None:
    b = _ob_on_5(a=["T-IGE", "T-SHE"], dyn=["T-UP", "T-SHO"])
    b.act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D2", "A-D1"])
    assert at(b.replay(), 5)["shift"] == "A-D2"
    b = _b_plays(b, 0, "A-D1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["dynamis"] == ["A-D1", "A-D2"]  # both face up
    assert player_state(r, "A")["player_card"] == ["A-P1", "player"]
    assert {"ZX-OB-LEAVE", "ZX-SHIFT"} <= set(rules_applied(r, b.last))


def test_ZX_OB_LEAVE_overwritten_splits_but_is_unverifiable() -> None:
    # A's rebooted Z/X OB on square 5 is overwritten by a Z/X played there: the seed speaks of
    # destroying and removing a Z/X OB only
    b = _ob_on_5(a=["T-IGE", "T-000"])
    b.act("A", "play", card=b.iid("A", 1), to=5)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert at(r, 5)["code"] == "T-000"
    assert player_state(r, "A")["dynamis"] == ["A-D1"]
    assert player_state(r, "A")["player_card"] == ["A-P1", "player"]


def test_ZX_SHIFT_a_removed_card_sends_its_shift_face_up_to_the_dynamis() -> None:
    b = LogBuilder(
        [KNIGHT, KNIGHT_SHIFT, SHIFT_EV, REMOVE],
        a=["T-KN", "T-SHE"],
        b=["T-REM"],
        dynamis={"A": ["T-SH"]},
    ).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D1", b.iid("A", 0)])
    b = _b_plays(b, 0, b.iid("A", 0))
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["removed"] == [b.iid("A", 0)]
    assert player_state(r, "A")["dynamis"] == ["A-D1"]  # face up, not removed with it
    assert "ZX-SHIFT" in rules_applied(r, b.last)
