"""The keyword actions and abilities added after the first review (issue 13): Break and Alter
Break, abilities triggered by an attack, Z/X EX and event EX play from the dynamis, 破天降臨.
Each test is written from the seed's wording (seed 003, keyword actions 18, abilities 12 and
14) or the FAN source the rule cites."""

from __future__ import annotations

from judge.games.zx.testing import (
    LogBuilder,
    card,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

BREAK_EVENT = card("T-BRK", type="event", effects=[{"when": "play", "do": [{"op": "break"}]}])
OLD = card("T-OLD", power=2000)
NEW = card("T-NEW", power=6000, effects=[{"when": "appear", "do": [{"op": "draw", "n": 1}]}])


def at(r, sq, i=-1):
    return game_state(r, i)["squares"][str(sq)]


def _break_ready(hand: list[str] | None = None) -> LogBuilder:
    """A: T-OLD played to square 5, then the Break event played; its Break waits."""
    b = LogBuilder([BREAK_EVENT, OLD, NEW], a=hand or ["T-OLD", "T-BRK", "T-NEW"]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    return b.act("A", "play", card=b.iid("A", 1))


# -- Break (seed 003, keyword action 18) --------------------------------------------------------


def test_ZX_BREAK_card_a_face_down_under_card_b_which_appears_rebooted() -> None:
    b = _break_ready()
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 2)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    z = at(r, 5)
    assert z["code"] == "T-NEW" and z["state"] == "reboot"
    assert z["force"] == [[b.iid("A", 0), False]]  # card A: face down, B's force material
    hand = player_state(r, "A")["hand"]
    assert b.iid("A", 2) not in hand
    # card B appeared: its appear ability triggered (a draw): the 4th opening card and 1 drawn
    assert len(hand) == 2
    assert "ZX-BREAK" in rules_applied(r, b.last)


def test_ZX_BREAK_must_be_named_when_it_can_be_done() -> None:
    b = _break_ready()
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    assert rules_broken(b.replay(), b.last) == ["ZX-BREAK"]


def test_ZX_BREAK_card_b_comes_from_the_hand_and_is_a_zx() -> None:
    b = _break_ready(["T-OLD", "T-BRK", "T-NEW", "T-BRK"])
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 3)])
    assert rules_broken(b.replay(), b.last) == ["ZX-BREAK"]


def test_ZX_BREAK_force_of_card_a_option_break_force() -> None:
    af = card("T-AF", power=2000, keywords=["alter_force"])
    for keep, where in (("keep", "force"), ("trash", "trash")):
        b = LogBuilder(
            [BREAK_EVENT, af, NEW], a=["T-BRK", "T-AF", "T-NEW", "T-BRK"], options={}
        ).start()
        if keep == "trash":
            b.doc["rule_options"]["break_force"] = "trash"
        b.to_main("A").act("A", "play", card=b.iid("A", 0))  # an event: to the trash
        b.act("A", "play", card=b.iid("A", 1), to=5)
        b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0)])
        b.act("A", "play", card=b.iid("A", 3))
        b.act("A", "resolve", source=b.iid("A", 3), targets=[b.iid("A", 1), b.iid("A", 2)])
        r = b.replay()
        force = at(r, 5)["force"]
        assert force[0] == [b.iid("A", 1), False]
        if where == "force":
            assert [b.iid("A", 0), True] in force
        else:
            assert len(force) == 1 and b.iid("A", 0) in player_state(r, "A")["trash"]


# -- the Break that cannot be completed ---------------------------------------------------------


def test_ZX_BREAK_UNDO_no_zx_in_hand_nothing_moves() -> None:
    b = _break_ready(["T-OLD", "T-BRK", "T-BRK", "T-BRK"])  # no Z/X left in the hand
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "ZX-BREAK-UNDO" in rules_applied(r, b.last)
    assert at(r, 5)["code"] == "T-OLD" and "force" not in at(r, 5)
    assert player_state(r, "A")["hand"] == [b.iid("A", 2), b.iid("A", 3)]


def _sleeping_card_a() -> LogBuilder:
    b = LogBuilder([BREAK_EVENT, OLD, NEW], a=["T-OLD", "T-BRK", "T-NEW"]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    b.act("A", "attack", card=b.iid("A", 0), target=8).act("A", "pick_life", position=1)
    return b.act("A", "play", card=b.iid("A", 1))


def test_ZX_BREAK_UNDO_sleeping_card_a_nothing_moves() -> None:
    b = _sleeping_card_a()
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "ZX-BREAK-UNDO" in rules_applied(r, b.last)
    assert at(r, 5)["code"] == "T-OLD" and at(r, 5)["state"] == "sleep"
    assert b.iid("A", 2) in player_state(r, "A")["hand"]


def test_ZX_BREAK_names_a_rebooted_card_a() -> None:
    b = _sleeping_card_a()
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 2)])
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-BREAK"]
    assert at(r, 5)["code"] == "T-OLD"


# -- Break during a battle ----------------------------------------------------------------------

ATK = card("T-ATK", power=3000)
GUARD = card("T-GRD", power=2000, effects=[{"when": "attacked", "do": [{"op": "break"}]}])
RUSH = card(
    "T-RSH",
    power=3000,
    effects=[{"when": "attack", "do": [{"op": "break", "rebooted": False}]}],
)


def test_ZX_BREAK_BATTLE_attacked_zx_broken_the_battle_goes_on_against_card_b() -> None:
    b = LogBuilder([ATK, GUARD, NEW], a=["T-ATK"], b=["T-GRD", "T-NEW"]).start()
    b.pass_turn("A").to_main("B").act("B", "play", card=b.iid("B", 0), to=5).pass_turn("B")
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=4)
    b.act("A", "attack", card=b.iid("A", 0), target=5)
    b.act("B", "resolve", source=b.iid("B", 0), targets=[b.iid("B", 0), b.iid("B", 1)])
    r = b.replay()
    assert "ZX-BREAK-BATTLE" in rules_applied(r, b.last)
    z = at(r, 5)
    assert z["code"] == "T-NEW" and z["damage"] == 3000  # the battle went on against card B


def test_ZX_BREAK_BATTLE_attacking_zx_broken_the_battle_ends() -> None:
    b = LogBuilder([RUSH, OLD, NEW], a=["T-RSH", "T-NEW"], b=["T-OLD"]).start()
    b.pass_turn("A").to_main("B").act("B", "play", card=b.iid("B", 0), to=5).pass_turn("B")
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=4)
    b.act("A", "attack", card=b.iid("A", 0), target=5)
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 0), b.iid("A", 1)])
    r = b.replay()
    assert "ZX-BREAK-BATTLE" in rules_applied(r, b.last)
    assert at(r, 4)["code"] == "T-NEW"  # card B is not the attacking Z/X
    assert at(r, 5)["damage"] == 0  # the battle ended: no damage


# -- abilities triggered by an attack -------------------------------------------------------------


def test_ZX_ATTACK_TRIGGER_resolves_before_the_battle_goes_on() -> None:
    drawer = card("T-DRW", power=3000, effects=[{"when": "attack", "do": [{"op": "draw", "n": 1}]}])
    b = LogBuilder([drawer], a=["T-DRW"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    r = b.replay()
    applied = rules_applied(r, b.last)
    assert "ZX-ATTACK-TRIGGER" in applied
    assert len(player_state(r, "A")["hand"]) == 4  # 3 left after the play, then 1 drawn


# -- Alter Break (seed 003, keyword ability 12) ---------------------------------------------------

AB = card(
    "T-AB",
    power=5000,
    effects=[
        {"when": "activated", "alter_break": True, "do": [{"op": "draw", "n": 1}]},
        {"when": "appear", "alter_break": True, "do": [{"op": "gain_marker", "marker": "ab"}]},
    ],
)


def test_ZX_ALTER_BREAK_valid_only_in_break_state() -> None:
    b = LogBuilder([AB], a=["T-AB"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    r = b.replay()
    assert "markers" not in player_state(r, "A")  # appeared, not in Break state: no trigger
    b.act("A", "activate", card=b.iid("A", 0), ability=1)
    assert rules_broken(b.replay(), b.last) == ["ZX-ALTER-BREAK"]


def test_ZX_ALTER_BREAK_valid_after_a_break() -> None:
    b = LogBuilder([BREAK_EVENT, OLD, AB], a=["T-OLD", "T-BRK", "T-AB"]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 2)])
    r = b.replay()
    assert player_state(r, "A")["markers"] == {"ab": 1}  # its appear ability was valid
    b.act("A", "activate", card=b.iid("A", 2), ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and len(player_state(r, "A")["hand"]) == 2


# -- Z/X EX and event EX from the dynamis -------------------------------------------------------

EXD = card(
    "T-EXD",
    type="zx_ex",
    cost=3,
    power=7000,
    condition={"kind": "descent", "zx": {"race": "Knight"}},
)
EXA = card(
    "T-EXA", type="zx_ex", power=8000, condition={"kind": "awaken", "zx": {"race": "Knight"}}
)
KNIGHT = card("T-KN", power=2000, races=["Knight"])
EVX = card("T-EVX", type="event_ex", effects=[{"when": "play", "do": [{"op": "draw", "n": 1}]}])


def _ex(dyn: list[str], hand: list[str] | None = None, **opts) -> LogBuilder:
    b = LogBuilder([EXD, EXA, KNIGHT, EVX], a=hand or [], dynamis={"A": dyn}, options=opts).start()
    return b.to_main("A")


def test_ZX_EX_PLAY_face_down_zx_ex_appears_on_a_square() -> None:
    b = LogBuilder([EXA, KNIGHT], a=["T-KN"], dynamis={"A": ["T-EXA"]}).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=4)
    b.act("A", "play_ex", card="A-D1", to=5, **{"with": [b.iid("A", 0)]})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 5)["code"] == "T-EXA" and at(r, 5)["state"] == "reboot"
    assert player_state(r, "A")["dynamis"] == []
    assert "ZX-EX-PLAY" in rules_applied(r, b.last)


def test_ZX_EX_PLAY_once_a_turn_for_zx_ex_and_event_ex_together() -> None:
    b = _ex(["T-EVX", "T-EVX"])
    b.act("A", "play_ex", card="A-D1").act("A", "play_ex", card="A-D2")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["ZX-EX-PLAY"]
    b.pass_turn("A").pass_turn("B").to_main("A").act("A", "play_ex", card="A-D2")
    assert verdict(b.replay(), b.last) == "legal"  # the next turn: once again


def test_ZX_EX_PLAY_face_up_cannot_be_played_and_event_ex_goes_to_the_dynamis() -> None:
    b = _ex(["T-EVX"])
    b.act("A", "play_ex", card="A-D1")
    r = b.replay()
    assert player_state(r, "A")["dynamis"] == ["A-D1"]  # face up (option event_ex_to)
    b.pass_turn("A").pass_turn("B").to_main("A").act("A", "play_ex", card="A-D1")
    assert rules_broken(b.replay(), b.last) == ["ZX-EX-PLAY"]
    t = _ex(["T-EVX"], event_ex_to="trash").act("A", "play_ex", card="A-D1")
    assert player_state(t.replay(), "A")["trash"] == ["A-D1"]


def test_ZX_EX_PLAY_square_rules_as_for_a_zx() -> None:
    b = _ex(["T-EXA"]).act("A", "play_ex", card="A-D1", to=8)  # B's player square
    assert rules_broken(b.replay(), b.last) == ["ZX-PLAY-SQUARE"]


def _descent(resources: int, knights: list[str]) -> LogBuilder:
    kn1 = card("T-K1", power=2000, cost=1, races=["Knight"])
    kn2 = card("T-K2", power=2000, cost=2, races=["Knight"])
    b = LogBuilder([EXD, kn1, kn2], a=knights + ["T-000"] * 6, dynamis={"A": ["T-EXD"]}).start()
    if resources > 2:
        b.act("A", "resource", card=b.iid("A", 3)).proceed("A")
    else:
        b.to_main("A")
    for k in range(len(knights)):
        b.act("A", "play", card=b.iid("A", k), to=4 + k)
    return b


def test_ZX_EX_DESCENT_destroys_zx_of_enough_cost_instead_of_paying() -> None:
    b = _descent(3, ["T-K1", "T-K2"])
    b.act("A", "play_ex", card="A-D1", to=5, **{"with": [b.iid("A", 0), b.iid("A", 1)]})
    r = b.replay()
    before = player_state(r, "A", b.last - 1)["resources"]
    assert verdict(r, b.last) == "legal"
    assert at(r, 5)["code"] == "T-EXD" and at(r, 4) is None
    a = player_state(r, "A")
    assert sorted(a["charge"]) == sorted([b.iid("A", 0), b.iid("A", 1)])  # destroyed
    assert a["resources"] == before  # no resource slept
    assert "ZX-EX-DESCENT" in rules_applied(r, b.last)


def test_ZX_EX_DESCENT_costs_and_resources_must_reach_the_ex_cost() -> None:
    b = _descent(3, ["T-K1", "T-K2"])
    b.act("A", "play_ex", card="A-D1", to=6, **{"with": [b.iid("A", 1)]})  # cost 2 < 3
    assert rules_broken(b.replay(), b.last) == ["ZX-EX-DESCENT"]
    b = _descent(2, ["T-K2"])  # 2 resources, the EX costs 3
    b.act("A", "play_ex", card="A-D1", to=6, **{"with": [b.iid("A", 0)]})
    r = b.replay()
    problems = r["steps"][b.last]["violations"]
    assert {v["rule"] for v in problems} == {"ZX-EX-DESCENT"}
    assert any("resources" in v["message"] for v in problems)


def test_ZX_EX_CONDITION_awaken_zx_named_and_option_ex_condition_zx() -> None:
    b = LogBuilder([EXA, KNIGHT], a=["T-KN"], dynamis={"A": ["T-EXA"]}).start().to_main("A")
    b.act("A", "play_ex", card="A-D1", to=5)  # no Knight on a square
    assert rules_broken(b.replay(), b.last) == ["ZX-EX-CONDITION"]
    for where in ("force", "trash"):
        b = LogBuilder(
            [EXA, KNIGHT],
            a=["T-KN"],
            dynamis={"A": ["T-EXA"]},
            options={"ex_condition_zx": where},
        ).start()
        b.to_main("A").act("A", "play", card=b.iid("A", 0), to=4)
        b.act("A", "play_ex", card="A-D1", to=5, **{"with": [b.iid("A", 0)]})
        r = b.replay()
        assert at(r, 4) is None
        if where == "force":
            assert at(r, 5)["force"] == [[b.iid("A", 0), True]]
        else:
            assert b.iid("A", 0) in player_state(r, "A")["trash"]


# -- 破天降臨 (seed 003, keyword ability 14) ------------------------------------------------------


def test_ZX_HATENKOURIN_once_a_turn_per_player() -> None:
    hk = card(
        "T-HK",
        power=3000,
        effects=[{"when": "activated", "hatenkourin": True, "do": [{"op": "draw", "n": 1}]}],
    )
    b = LogBuilder([hk], a=["T-HK", "T-HK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=4).act("A", "play", card=b.iid("A", 1), to=5)
    b.act("A", "activate", card=b.iid("A", 0)).act("A", "activate", card=b.iid("A", 1))
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["ZX-HATENKOURIN"]
    b.pass_turn("A").pass_turn("B").to_main("A").act("A", "activate", card=b.iid("A", 1))
    assert verdict(b.replay(), b.last) == "legal"


# -- IGOB (seed 003, keyword action 14; CR 1014 as a fan wiki quotes it) --------------------------

PLAYER = card("T-PL", type="player", overboost="Oathbound Aria")
UPPER = card("T-UP", type="zx_ob", name="Oathbound Aria", power=9000)
OTHER = card("T-UP2", type="zx_ob", name="Other Aria", power=9000)
IGOB_EV = card(
    "T-IGE", type="event", effects=[{"when": "play", "do": [{"op": "igob", "name": "Aria"}]}]
)
KILL = card(
    "T-KIL",
    type="event",
    effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)


def _igob(dyn: list[str] | None = None, overboost: bool = True) -> LogBuilder:
    b = LogBuilder(
        [PLAYER, UPPER, OTHER, IGOB_EV, KILL],
        a=["T-IGE"],
        b=["T-KIL"],
        dynamis={"A": dyn or ["T-UP"]},
    )
    b.act("A", "first_player", first="A")
    b.act("A", "setup", **({"overboost": "T-PL"} if overboost else {}))
    b.act("B", "setup").act("A", "mulligan", redraw=False).act("B", "mulligan", redraw=False)
    return b.proceed("A", 2).act("A", "play", card=b.iid("A", 0))


def test_ZX_OB_SETUP_player_card_prepared() -> None:
    b = _igob()
    r = b.replay()
    assert "ZX-OB-SETUP" in rules_applied(r, 1)
    assert player_state(r, "A", 1)["player_card"] == ["A-P1", "player"]
    bad = LogBuilder([UPPER], dynamis={"A": ["T-UP"]})
    bad.act("A", "first_player", first="A").act("A", "setup", overboost="T-UP")
    assert rules_broken(bad.replay(), 1) == ["ZX-OB-SETUP"]


def test_ZX_IGOB_upper_half_joins_and_appears_rebooted() -> None:
    b = _igob().act("A", "resolve", source=b_src(), targets=["A-D1"], to=5)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    z = at(r, 5)
    assert z["code"] == "T-UP" and z["state"] == "reboot" and z["lower"] == "A-P1"
    assert player_state(r, "A")["dynamis"] == []
    assert player_state(r, "A")["player_card"] == ["A-P1", "ob"]
    assert "ZX-IGOB" in rules_applied(r, b.last)


def b_src() -> str:
    """The IGOB event's instance (A's first card after the shuffle)."""
    return LogBuilder([], a=["T-IGE"]).iid("A", 0)


def test_ZX_IGOB_square_without_zx_not_the_opponents_player_square() -> None:
    b = _igob().act("A", "resolve", source=b_src(), targets=["A-D1"], to=8)
    assert rules_broken(b.replay(), b.last) == ["ZX-IGOB"]


def test_ZX_IGOB_upper_half_named_as_the_lower_half() -> None:
    b = _igob(["T-UP2", "T-UP"]).act("A", "resolve", source=b_src(), targets=["A-D1"], to=5)
    assert rules_broken(b.replay(), b.last) == ["ZX-IGOB"]
    b = _igob(["T-UP2", "T-UP"]).act("A", "resolve", source=b_src(), targets=[], to=None)
    assert rules_broken(b.replay(), b.last) == ["ZX-IGOB"]  # A-D2 could be named


def test_ZX_IGOB_UNDO_no_lower_half_nothing_moves() -> None:
    b = _igob(overboost=False).act("A", "resolve", source=b_src(), targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "ZX-IGOB-UNDO" in rules_applied(r, b.last)
    assert player_state(r, "A")["dynamis"] == [None]  # still face down in the dynamis
    assert all(z is None for z in game_state(r)["squares"].values())


def test_ZX_OB_LEAVE_destroyed_splits_upper_to_dynamis_lower_to_player_square() -> None:
    b = _igob().act("A", "resolve", source=b_src(), targets=["A-D1"], to=5)
    b.proceed("A").to_main("B").act("B", "play", card=b.iid("B", 0))
    b.act("B", "resolve", source=b.iid("B", 0), targets=["A-D1"])
    r = b.replay()
    assert at(r, 5) is None
    assert player_state(r, "A")["dynamis"] == ["A-D1"]  # face up
    assert player_state(r, "A")["player_card"] == ["A-P1", "player"]
    assert "ZX-OB-LEAVE" in rules_applied(r, b.last)


# -- Shift (seed 003, keyword action 15; CR 202.8 as a fan wiki quotes it) ------------------------

SHIFT = card(
    "T-SH",
    type="shift",
    device={"race": "Knight"},
    effects=[{"when": "activated", "do": [{"op": "draw", "n": 1}]}],
)
SHIFT_EV = card("T-SHE", type="event", effects=[{"when": "play", "do": [{"op": "shift"}]}])


def _shift(dyn: list[str] | None = None) -> LogBuilder:
    b = LogBuilder(
        [SHIFT, SHIFT_EV, KNIGHT, KILL],
        a=["T-KN", "T-SHE", "T-SHE"],
        b=["T-KIL"],
        dynamis={"A": dyn or ["T-SH", "T-SH"]},
    ).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    return b.act("A", "play", card=b.iid("A", 1))


def test_ZX_SHIFT_put_onto_the_card_its_device_names() -> None:
    b = _shift().act("A", "resolve", source=b_shift(), targets=["A-D1", b_kn()])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 5)["shift"] == "A-D1" and at(r, 5)["code"] == "T-KN"
    assert "appear" not in [e["type"] for e in r["steps"][b.last]["events"]]  # not appearing
    b.act("A", "activate", card=b_kn(), ability=1)  # the shift's text is the card's
    assert verdict(b.replay(), b.last) == "legal"


def b_shift() -> str:
    return LogBuilder([], a=[]).iid("A", 1)


def b_kn() -> str:
    return LogBuilder([], a=[]).iid("A", 0)


def test_ZX_SHIFT_device_and_at_most_one() -> None:
    b = _shift().act("A", "resolve", source=b_shift(), targets=["A-D1", b_kn()])
    b.act("A", "play", card=LogBuilder([], a=[]).iid("A", 2))
    b.act("A", "resolve", source=LogBuilder([], a=[]).iid("A", 2), targets=["A-D2", b_kn()])
    assert rules_broken(b.replay(), b.last) == ["ZX-SHIFT"]  # already controls a shift
    other = card("T-SH2", type="shift", device={"name": "Nobody"})
    b = LogBuilder([other, SHIFT_EV, KNIGHT], a=["T-KN", "T-SHE"], dynamis={"A": ["T-SH2"]}).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D1", b.iid("A", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-SHIFT"]


def test_ZX_SHIFT_goes_face_up_to_the_dynamis_when_its_card_leaves() -> None:
    b = _shift().act("A", "resolve", source=b_shift(), targets=["A-D1", b_kn()])
    b.proceed("A").to_main("B").act("B", "play", card=b.iid("B", 0))
    b.act("B", "resolve", source=b.iid("B", 0), targets=[b_kn()])
    r = b.replay()
    assert at(r, 5) is None
    assert player_state(r, "A")["dynamis"] == [None, "A-D1"]  # A-D2 face down, A-D1 face up


def test_ZX_SHIFT_goes_to_the_dynamis_when_its_card_is_broken() -> None:
    sh = card("T-SH3", type="shift", device={"name": "T-OLD"})
    sev = card("T-SHE", type="event", effects=[{"when": "play", "do": [{"op": "shift"}]}])
    b = LogBuilder(
        [BREAK_EVENT, OLD, NEW, sh, sev],
        a=["T-OLD", "T-SHE", "T-BRK", "T-NEW"],
        dynamis={"A": ["T-SH3"]},
    ).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D1", b.iid("A", 0)])
    b.act("A", "play", card=b.iid("A", 2))
    b.act("A", "resolve", source=b.iid("A", 2), targets=[b.iid("A", 0), b.iid("A", 3)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "shift" not in at(r, 5)
    assert player_state(r, "A")["dynamis"] == ["A-D1"]  # face up, not lost
