"""One test (or more) per rule of the Z/X catalogue, named after it, written from the rule's
source: the seed 003 keyword semantics, the official manual, the comprehensive rules."""

from __future__ import annotations

from judge.games.zx.geometry import GRID
from judge.games.zx.testing import (
    LogBuilder,
    card,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

F = "T-000"
BIG = card("T-BIG", power=5000)
ATK = card("T-ATK", power=3000)
IGC = card("T-IG", power=2000, ig=True)


def squares(r, i=-1):
    return game_state(r, i)["squares"]


def at(r, sq, i=-1):
    return squares(r, i)[str(sq)]


# -- setup and turn --------------------------------------------------------------------------


def test_ZX_SETUP_hand_life_resources() -> None:
    b = LogBuilder([]).start()
    a = player_state(b.replay(), "A")
    assert (len(a["hand"]), a["life"], len(a["resources"])) == (4, 4, 2)


def test_ZX_START_CARD_face_up_on_player_square() -> None:
    sc = card("T-SC", power=2000, keywords=["start_card"])
    b = LogBuilder([sc], setup={"A": {"start_card": "T-SC"}}).start()
    r = b.replay()
    assert at(r, GRID.player_square(0))["code"] == "T-SC"
    assert "ZX-START-CARD" in rules_applied(r, 1)


def test_ZX_START_CARD_requires_the_ability() -> None:
    b = LogBuilder([BIG], setup={"A": {"start_card": "T-BIG"}}).start()
    assert rules_broken(b.replay(), 1) == ["ZX-START-CARD"]


def test_ZX_START_RESOURCE_into_resources() -> None:
    sr = card("T-SR", keywords=["start_resource"])
    b = LogBuilder([sr], setup={"A": {"start_resource": "T-SR"}}).start()
    assert len(player_state(b.replay(), "A")["resources"]) == 3


def test_ZX_GATE_CARD_face_up_in_dynamis() -> None:
    g = card("T-G", races=["Gate Dragon"], keywords=["gate_card"])
    b = LogBuilder([g], setup={"A": {"gate_card": "T-G"}}).start()
    assert player_state(b.replay(), "A")["dynamis"] == [b.setup_iid("A", "gate_card")]


def test_ZX_TURN_decision_out_of_phase_is_illegal() -> None:
    b = LogBuilder([ATK], a=["T-ATK"]).start()
    b.act("A", "attack", card=b.iid("A", 0), target=5)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    b2 = LogBuilder([]).start().proceed("B")
    assert rules_broken(b2.replay(), b2.last) == ["ZX-TURN"]


def test_ZX_REBOOT_PHASE_reboots_the_turn_players_cards() -> None:
    b = LogBuilder([ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    b.act("A", "pick_life", position=1)
    b.pass_turn("A").pass_turn("B")
    r = b.replay()
    assert at(r, 5)["state"] == "reboot"
    assert "ZX-REBOOT-PHASE" in rules_applied(r, b.last)


def test_ZX_DRAW_PHASE_two_cards_none_on_the_first_turn() -> None:
    b = LogBuilder([]).start()
    r = b.replay()
    assert len(player_state(r, "A")["hand"]) == 4
    b.pass_turn("A")
    assert len(player_state(b.replay(), "B")["hand"]) == 6


def test_ZX_DRAW_PHASE_option_first_turn_draw() -> None:
    b = LogBuilder([], options={"first_turn_draw": 1}).start()
    assert len(player_state(b.replay(), "A")["hand"]) == 5


def test_ZX_RESOURCE_PHASE_one_card() -> None:
    b = LogBuilder([]).start()
    b.act("A", "resource", card=b.iid("A", 0))
    r = b.replay()
    assert len(player_state(r, "A")["resources"]) == 3
    assert game_state(r)["phase"] == "ignition"
    b.act("A", "resource", card=b.iid("A", 1))
    assert (
        rules_broken(b.replay(), b.last) == ["ZX-IGNITION"]
        or verdict(b.replay(), b.last) == "illegal"
    )


def test_ZX_END_clears_damage() -> None:
    b = LogBuilder([ATK, BIG], a=["T-ATK"], b=["T-BIG"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4)
    b.proceed("B").proceed("A", 2).act("A", "attack", card=b.iid("A", 0), target=4)
    r = b.replay()
    assert at(r, 4)["damage"] == 3000
    b.proceed("A")
    r = b.replay()
    assert at(r, 4)["damage"] == 0 and "ZX-END" in rules_applied(r, b.last)


# -- playing, squares, cost ------------------------------------------------------------------


def test_ZX_PLAY_from_hand_only() -> None:
    b = LogBuilder([ATK], a=[F, F, F, F, F, F, F, F, F, F, "T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 10), to=5)
    assert rules_broken(b.replay(), b.last) == ["ZX-PLAY"]


def test_ZX_PLAY_SQUARE_not_the_opponents_player_square() -> None:
    b = LogBuilder([ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=GRID.player_square(1))
    assert rules_broken(b.replay(), b.last) == ["ZX-PLAY-SQUARE"]


def test_ZX_PLAY_SQUARE_overwrites_an_own_rebooted_zx() -> None:
    b = LogBuilder([ATK, BIG], a=["T-ATK", "T-BIG"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1), to=5)
    r = b.replay()
    assert at(r, 5)["code"] == "T-BIG"
    assert b.iid("A", 0) in player_state(r, "A")["trash"]


def test_ZX_PLAY_SQUARE_not_onto_an_own_sleeping_zx() -> None:
    b = LogBuilder([ATK], a=["T-ATK", "T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    b.act("A", "pick_life", position=1).act("A", "play", card=b.iid("A", 1), to=5)
    assert rules_broken(b.replay(), b.last) == ["ZX-PLAY-SQUARE"]


def test_ZX_COST_sleeps_resources_with_the_colour() -> None:
    c2 = card("T-C2", cost=2, color="blue", power=4000)
    b = LogBuilder([c2], a=["T-C2"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    assert rules_broken(b.replay(), b.last) == ["ZX-COST"]  # two red resources, no blue one
    b2 = LogBuilder([c2], a=["T-C2"], options={"color_requirement": False}).start().to_main("A")
    b2.act("A", "play", card=b2.iid("A", 0), to=5)
    r = b2.replay()
    assert verdict(r, b2.last) == "legal"
    assert [s for _, s in player_state(r, "A")["resources"]] == ["sleep", "sleep"]


def test_ZX_APPEAR_triggers_on_appearing() -> None:
    m = card(
        "T-M", effects=[{"when": "appear", "do": [{"op": "gain_marker", "marker": "M", "n": 1}]}]
    )
    b = LogBuilder([m], a=["T-M"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    r = b.replay()
    assert "appear" in event_types(r, b.last)
    assert player_state(r, "A")["markers"] == {"M": 1}


# -- battle --------------------------------------------------------------------------------------


def _facing(attacker: dict, defender: dict, a_sq: int = 5, b_sq: int = 4):
    b = (
        LogBuilder([attacker, defender], a=[attacker["code"]], b=[defender["code"]])
        .start()
        .to_main("A")
    )
    b.act("A", "play", card=b.iid("A", 0), to=a_sq).pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=b_sq).proceed("B").proceed("A", 2)
    return b


def test_ZX_ATTACK_adjacent_only_and_sleeps() -> None:
    b = _facing(ATK, BIG, 5, 7)  # 5 and 7 are diagonal: distance 2
    b.act("A", "attack", card=b.iid("A", 0), target=7)
    assert rules_broken(b.replay(), b.last) == ["ZX-ATTACK"]
    b = _facing(ATK, BIG, 5, 4)
    b.act("A", "attack", card=b.iid("A", 0), target=4)
    assert at(b.replay(), 5)["state"] == "sleep"


def test_ZX_RANGE_two_reaches_a_diagonal() -> None:
    ranged = card("T-R2", power=3000, keywords=["range 2"])
    b = _facing(ranged, BIG, 5, 7)
    b.act("A", "attack", card=b.iid("A", 0), target=7)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 7)["damage"] == 3000


def test_ZX_RANGE_infinite_reaches_any_square() -> None:
    inf = card("T-RI", power=3000, keywords=["range inf"])
    b = LogBuilder([inf], a=["T-RI"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=1).act("A", "attack", card=b.iid("A", 0), target=8)
    assert verdict(b.replay(), b.last) == "legal"


def test_ZX_BATTLE_attacker_deals_its_power() -> None:
    b = _facing(ATK, BIG)
    b.act("A", "attack", card=b.iid("A", 0), target=4)
    r = b.replay()
    assert at(r, 4)["damage"] == 3000 and at(r, 5)["damage"] == 0
    b2 = LogBuilder([ATK, BIG], a=["T-ATK"], b=["T-BIG"], options={"battle_damage": "both_ways"})
    b2.start().to_main("A").act("A", "play", card=b2.iid("A", 0), to=5).pass_turn("A")
    b2.proceed("B", 2).act("B", "play", card=b2.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b2.act("A", "attack", card=b2.iid("A", 0), target=4)
    r2 = b2.replay()
    assert at(r2, 5) is None  # 5000 back at a 3000-power attacker: destroyed


def test_ZX_DAMAGE_ZX_accumulates_through_the_turn() -> None:
    b = LogBuilder([ATK, BIG], a=["T-ATK", "T-ATK"], b=["T-BIG"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act(
        "A", "play", card=b.iid("A", 1), to=1
    ).pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "attack", card=b.iid("A", 0), target=4)
    assert at(b.replay(), 4)["damage"] == 3000
    b.act("A", "attack", card=b.iid("A", 1), target=4)
    r = b.replay()
    assert at(r, 4) is None and b.iid("B", 0) in player_state(r, "B")["charge"]
    assert "ZX-DAMAGE-ZX" in rules_applied(r, b.last)


def test_ZX_DESTROY_goes_to_the_charge_zone() -> None:
    b = _facing(BIG, ATK)
    b.act("A", "attack", card=b.iid("A", 0), target=4)
    r = b.replay()
    assert player_state(r, "B")["charge"] == [b.iid("B", 0)]
    assert "ZX-DESTROY" in rules_applied(r, b.last)


def test_ZX_DAMAGE_PLAYER_empty_player_square() -> None:
    b = LogBuilder([ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    r = b.replay()
    assert "ZX-DAMAGE-PLAYER" in rules_applied(r, b.last)
    assert game_state(r)["players"]["B"]["life"] == 4  # waits for the pick
    b.act("A", "pick_life", position=2)
    r = b.replay()
    assert player_state(r, "B")["life"] == 3
    assert player_state(r, "B")["charge"] == [b.iid("B", 5)]


def test_ZX_LIFE_PICK_by_the_opponent_in_range() -> None:
    b = LogBuilder([ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    b.act("B", "pick_life", position=1)
    assert verdict(b.replay(), b.last) == "illegal"
    b.doc["actions"][-1] = {"p": "A", "do": "pick_life", "position": 5}
    assert rules_broken(b.replay(), b.last) == ["ZX-LIFE-PICK"]


def test_ZX_LIFE_CHANGE_ig_life_card_may_be_played() -> None:
    b = LogBuilder([ATK, IGC], a=["T-ATK"], b=[F, F, F, F, "T-IG"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    b.act("A", "pick_life", position=1).act("B", "play_revealed", use=True, to=8)
    r = b.replay()
    assert at(r, 8)["code"] == "T-IG" and player_state(r, "B")["life"] == 3
    b2 = LogBuilder(
        [ATK, IGC], a=["T-ATK"], b=[F, F, F, F, "T-IG"], options={"life_ig_play": "none"}
    )
    b2.start().to_main("A").act("A", "play", card=b2.iid("A", 0), to=5)
    b2.act("A", "attack", card=b2.iid("A", 0), target=8).act("A", "pick_life", position=1)
    assert player_state(b2.replay(), "B")["charge"] == [b2.iid("B", 4)]


def test_ZX_WIN_no_life_left() -> None:
    b = LogBuilder([ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    for turn in range(4):
        b.act("A", "attack", card=b.iid("A", 0), target=8)
        if turn < 3:
            b.act("A", "pick_life", position=1).pass_turn("A").pass_turn("B").proceed("A", 2)
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "life"}
    b2 = LogBuilder([]).start().act("B", "concede")
    assert b2.replay()["summary"]["result"] == {"winner": "A", "reason": "concede"}


# -- ignition ------------------------------------------------------------------------------------


def test_ZX_IGNITION_costs_a_charge_card() -> None:
    b = LogBuilder([]).start().proceed("A").act("A", "ignite", charge="A-1")
    assert rules_broken(b.replay(), b.last) == ["ZX-IGNITION"]


def _ignition_setup(top: list[str], cards: list[dict], **opts):
    """B attacks nothing; A gets a charge card from a destroyed Z/X, then ignites in turn 3."""
    b = LogBuilder(
        [BIG, ATK, *cards], a=["T-ATK", F, F, F, F, F, F, F, F, F, F, F, *top], b=["T-BIG"], **opts
    )
    b.start().to_main("A").act("A", "play", card=b.iid("A", 0), to=4).pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=5).act(
        "B", "attack", card=b.iid("B", 0), target=4
    )
    b.proceed("B").proceed("A")  # A's resource phase passed: ignition phase, charge holds A's Z/X
    return b


def test_ZX_IGNITION_ig_card_played_for_free() -> None:
    b = _ignition_setup(["T-IG"], [IGC])
    b.act("A", "ignite", charge=b.iid("A", 0)).act("A", "play_revealed", use=True, to=1)
    b.proceed("A")  # CR 505.5: a pass ends the ignition phase
    r = b.replay()
    assert at(r, 1)["code"] == "T-IG" and game_state(r)["phase"] == "main"
    assert all(s == "reboot" for _, s in player_state(r, "A")["resources"])


def test_ZX_IGNITION_no_icon_goes_to_the_trash() -> None:
    b = _ignition_setup([F], [])
    b.act("A", "ignite", charge=b.iid("A", 0))
    r = b.replay()
    assert player_state(r, "A")["trash"] == [b.iid("A", 0), b.iid("A", 12)]


def test_ZX_EVOL_SEED_triggers_from_a_failed_ignition() -> None:
    seed = card("T-ES", effects=[{"when": "evol_seed", "do": [{"op": "draw", "n": 1}]}])
    b = _ignition_setup(["T-ES"], [seed])
    b.act("A", "ignite", charge=b.iid("A", 0))
    r = b.replay()
    assert "ZX-EVOL-SEED" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == 6  # 4 - 1 played + 2 (turn 3) + 1


def test_ZX_IGNITION_ABILITY_takes_no_charge_card() -> None:
    ig1 = card("T-I1", type="event", effects=[{"when": "play", "do": [{"op": "ignite", "n": 1}]}])
    b = LogBuilder([ig1], a=["T-I1", F, F, F, F, F, F, F, F, F, F]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0))
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "ZX-IGNITION-ABILITY" in rules_applied(r, b.last)
    assert b.iid("A", 10) in player_state(r, "A")["trash"]


def test_ZX_IGNITION_MULTI_all_ignitions_then_triggers_in_chosen_order() -> None:
    app = card(
        "T-AP",
        ig=True,
        effects=[{"when": "appear", "do": [{"op": "gain_marker", "marker": "X", "n": 1}]}],
    )
    ev = card(
        "T-EV",
        type="event",
        ig=True,
        effects=[{"when": "play", "do": [{"op": "gain_marker", "marker": "Y", "n": 1}]}],
    )
    seed = card("T-ES", effects=[{"when": "evol_seed", "do": [{"op": "draw", "n": 1}]}])
    ig3 = card("T-I3", type="event", effects=[{"when": "play", "do": [{"op": "ignite", "n": 3}]}])
    top = ["T-I3", F, F, F, F, F, F, F, F, F, "T-AP", "T-EV", "T-ES"]
    b = LogBuilder([app, ev, seed, ig3], a=top).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0))
    b.act("A", "play_revealed", use=True, to=5)  # 1st: the Z/X appears; its trigger waits
    r = b.replay()
    assert player_state(r, "A").get("markers") is None
    b.act("A", "play_revealed", use=True)  # 2nd: the event's ★ resolves now
    r = b.replay()
    assert player_state(r, "A")["markers"] == {"Y": 1}
    pending = [p["source"] for p in r["steps"][-1]["pending"]]
    assert sorted(pending) == sorted([b.iid("A", 10), b.iid("A", 12)])
    assert "ZX-IGNITION-MULTI" in rules_applied(r, b.last)
    b.act("A", "resolve", source=b.iid("A", 12), order=[b.iid("A", 12), b.iid("A", 10)])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "A")["markers"] == {"X": 1, "Y": 1}


def test_ZX_IGNITION_MULTI_one_triggered_ability_is_said_as_one() -> None:
    app = card(
        "T-AP",
        ig=True,
        effects=[{"when": "appear", "do": [{"op": "gain_marker", "marker": "X", "n": 1}]}],
    )
    ig3 = card("T-I3", type="event", effects=[{"when": "play", "do": [{"op": "ignite", "n": 3}]}])
    top = ["T-I3", F, F, F, F, F, F, F, F, F, "T-AP", F, F]
    b = LogBuilder([app, ig3], a=top).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0))
    b.act("A", "play_revealed", use=True, to=5)  # the Z/X appears; the two after have no icon
    r = b.replay()
    messages = [x["message"] for x in r["steps"][-1]["rulings"]]
    assert "All ignitions are done: the one ability they triggered now waits." in messages
    assert player_state(r, "A")["markers"] == {"X": 1}  # alone, it resolved with no choice


# -- keyword actions -----------------------------------------------------------------------------


def test_ZX_DRAW_up_to_counts_one_at_a_time() -> None:
    up = card(
        "T-UP", type="event", effects=[{"when": "play", "do": [{"op": "draw_up_to", "n": 2}]}]
    )
    b = LogBuilder([up], a=["T-UP"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0)).act("A", "resolve", source=b.iid("A", 0), count=3)
    assert rules_broken(b.replay(), b.last) == ["ZX-DRAW"]
    b.doc["actions"][-1]["count"] = 1
    r = b.replay()
    assert len(player_state(r, "A")["hand"]) == 4  # 3 left + 1


def test_ZX_RECOVER_deck_top_to_life() -> None:
    rc = card("T-RC", type="event", effects=[{"when": "play", "do": [{"op": "recover", "n": 2}]}])
    b = LogBuilder([rc], a=["T-RC"]).start().to_main("A").act("A", "play", card="T-RC")
    r = b.replay()
    assert player_state(r, "A")["life"] == 6 and "ZX-RECOVER" in rules_applied(r, b.last)


def test_ZX_REVEAL_returns_and_shuffles() -> None:
    rv = card(
        "T-RV", type="event", effects=[{"when": "play", "do": [{"op": "reveal_top", "n": 1}]}]
    )
    b = LogBuilder([rv], a=["T-RV"]).start().to_main("A").act("A", "play", card="T-RV")
    r = b.replay()
    assert {"reveal", "shuffle"} <= set(event_types(r, b.last))


def test_ZX_REBOOT_SLEEP_by_effect() -> None:
    sl = card(
        "T-SL",
        type="event",
        effects=[{"when": "play", "do": [{"op": "sleep", "target": {"side": "opponent"}}]}],
    )
    b = LogBuilder([sl, BIG], a=[F, "T-SL"], b=["T-BIG"]).start().pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 1)).act(
        "A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)]
    )
    r = b.replay()
    assert at(r, 4)["state"] == "sleep" and "ZX-REBOOT-SLEEP" in rules_applied(r, b.last)


def _effect_on_b(eff: list[dict], target_card: dict = BIG):
    ev = card("T-FX", type="event", effects=[{"when": "play", "do": eff}])
    b = LogBuilder([ev, target_card], a=[F, "T-FX"], b=[target_card["code"]]).start().pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 1))
    return b


def test_ZX_REMOVE_to_the_removed_zone() -> None:
    b = _effect_on_b([{"op": "remove", "target": {"side": "opponent"}}])
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    r = b.replay()
    assert player_state(r, "B")["removed"] == [b.iid("B", 0)]


def test_ZX_TARGET_only_the_side_named() -> None:
    b = _effect_on_b([{"op": "destroy", "target": {"side": "own"}}])
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-TARGET"]


def test_ZX_ZEKKAI_cannot_be_chosen_on_a_square() -> None:
    zk = card("T-ZK", power=5000, keywords=["zekkai"])
    b = _effect_on_b([{"op": "destroy", "target": {"side": "opponent"}}], zk)
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-ZEKKAI"]


def test_ZX_NOT_AFFECTED_may_be_chosen_but_nothing_happens() -> None:
    un = card("T-UN", power=5000, keywords=["unaffected_by_opponent"])
    b = _effect_on_b([{"op": "destroy", "target": {"side": "opponent"}}], un)
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 4)["code"] == "T-UN"
    assert "ZX-NOT-AFFECTED" in rules_applied(r, b.last)


def test_ZX_MARKER_gain_and_spend() -> None:
    gm = card(
        "T-GM",
        effects=[
            {"when": "appear", "do": [{"op": "gain_marker", "marker": "B", "n": 1}]},
            {"when": "activated", "cost": {"spend": {"B": 1}}, "do": [{"op": "draw", "n": 1}]},
        ],
    )
    b = LogBuilder([gm], a=["T-GM"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "activate", card=b.iid("A", 0))
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "ZX-MARKER" in rules_applied(r, b.last)
    assert player_state(r, "A").get("markers", {}).get("B", 0) == 0  # 1 gained, 1 spent


def test_ZX_ADJACENT_three_in_a_row_are_two_pairs() -> None:
    pair = card(
        "T-PR", effects=[{"when": "activated", "adjacent_pairs": 2, "do": [{"op": "draw", "n": 1}]}]
    )
    b = LogBuilder([pair], a=["T-PR", "T-PR", "T-PR"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=4).act("A", "play", card=b.iid("A", 1), to=5)
    b.act("A", "activate", card=b.iid("A", 0))
    assert rules_broken(b.replay(), b.last) == ["ZX-ADJACENT"]
    b.doc["actions"].pop()
    b.act("A", "play", card=b.iid("A", 2), to=6).act("A", "activate", card=b.iid("A", 0))
    assert verdict(b.replay(), b.last) == "legal"


def _alter_forced():
    af = card("T-AF", power=1000, keywords=["alter_force"])
    b = _ignition_setup([F], [af])
    b.doc["decks"]["A"]["main"][b.perm["A"][1]] = "T-AF"  # A's 2nd hand card
    b.act("A", "ignite", charge=b.iid("A", 0)).proceed("A")
    b.act("A", "play", card=b.iid("A", 1), to=4)
    return b


def test_ZX_ALTER_FORCE_trash_cards_under_it() -> None:
    b = _alter_forced()
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 12)])
    assert rules_broken(b.replay(), b.last) == ["ZX-ALTER-FORCE"]
    b.doc["actions"][-1]["targets"] = [b.iid("A", 12)]
    r = b.replay()
    assert at(r, 4)["force"] == [[b.iid("A", 12), True]]


def test_ZX_FORCE_materials_leave_with_their_zx() -> None:
    b = _alter_forced()
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 12)])
    b.proceed("A").proceed("B", 2).act("B", "attack", card=b.iid("B", 0), target=4)
    r = b.replay()
    assert "ZX-FORCE" in rules_applied(r, b.last)
    assert b.iid("A", 12) in player_state(r, "A")["trash"]


def test_ZX_ZERO_OPTIMA_counts_ig_marks_in_placement_order() -> None:
    zo = card("T-ZO", effects=[{"when": "static", "gain_ig": True, "zero_optima": 2}])
    user = card(
        "T-ZU", effects=[{"when": "activated", "zero_optima": 3, "do": [{"op": "draw", "n": 1}]}]
    )
    # resources: T-IG, T-IG (2 printed marks); then T-ZO placed: it gains the mark -> 3
    b = LogBuilder([IGC, zo, user], a=["T-ZU", "T-ZO", F, F, F, F, F, F, "T-IG", "T-IG"]).start()
    b.act("A", "resource", card=b.iid("A", 1)).proceed("A").act(
        "A", "play", card=b.iid("A", 0), to=5
    )
    b.act("A", "activate", card=b.iid("A", 0))
    assert verdict(b.replay(), b.last) == "legal"
    # one printed mark only: T-ZO's own Zero Optima 2 does not count its own mark -> 1
    b2 = LogBuilder([IGC, zo, user], a=["T-ZU", "T-ZO", F, F, F, F, F, F, "T-IG", F]).start()
    b2.act("A", "resource", card=b2.iid("A", 1)).proceed("A").act(
        "A", "play", card=b2.iid("A", 0), to=5
    )
    b2.act("A", "activate", card=b2.iid("A", 0))
    assert rules_broken(b2.replay(), b2.last) == ["ZX-ZERO-OPTIMA"]


def test_ZX_LV_dragon_matches_races_containing_it() -> None:
    lv = card(
        "T-LV",
        effects=[
            {"when": "activated", "lv": {"race": "Dragon", "n": 1}, "do": [{"op": "draw", "n": 1}]}
        ],
    )
    gate = card("T-GT", races=["Thunder Dragon"], keywords=["gate_card"])
    b = LogBuilder([lv, gate], a=["T-LV"], setup={"A": {"gate_card": "T-GT"}}).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "activate", card=b.iid("A", 0))
    assert verdict(b.replay(), b.last) == "legal"
    b2 = LogBuilder([lv], a=["T-LV"]).start().to_main("A")
    b2.act("A", "play", card=b2.iid("A", 0), to=5).act("A", "activate", card=b2.iid("A", 0))
    assert rules_broken(b2.replay(), b2.last) == ["ZX-LV"]


def test_ZX_EXTEND_DRIVE_once_a_game() -> None:
    ed = card(
        "T-ED",
        effects=[{"when": "activated", "extend_drive": True, "do": [{"op": "draw", "n": 1}]}],
    )
    b = LogBuilder([ed], a=["T-ED", "T-ED"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1), to=4)
    b.act("A", "activate", card=b.iid("A", 0))
    assert verdict(b.replay(), b.last) == "legal"
    b.act("A", "activate", card=b.iid("A", 1))
    assert rules_broken(b.replay(), b.last) == ["ZX-EXTEND-DRIVE"]


def test_ZX_ACTIVATE_needs_the_ability() -> None:
    b = LogBuilder([ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "activate", card=b.iid("A", 0))
    assert rules_broken(b.replay(), b.last) == ["ZX-ACTIVATE"]


def _life_hit(kw: str, a_life_top: list[str] | None = None):
    lr = card("T-LR", ig=True, keywords=[kw])
    b = LogBuilder([ATK, lr], a=["T-ATK"], b=[F, F, F, F, "T-LR"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    b.act("A", "pick_life", position=1).act("B", "play_revealed", use=True, to=8)
    return b


def test_ZX_LIFE_RECOVERY_compares_life_without_itself() -> None:
    b = _life_hit("life_recovery")
    r = b.replay()
    assert player_state(r, "B")["life"] == 4  # 3 <= 4: recover 1
    assert "ZX-LIFE-RECOVERY" in rules_applied(r, b.last)


def test_ZX_VOID_BRINGER_puts_a_zx_into_the_trash() -> None:
    b = _life_hit("void_bringer")
    b.act("B", "resolve", source=b.iid("B", 4), use=True, targets=[b.iid("A", 0)])
    r = b.replay()
    assert at(r, 5) is None and player_state(r, "A")["trash"] == [b.iid("A", 0)]
    assert player_state(r, "A")["charge"] == []  # not destroyed


def test_ZX_RELOAD_at_once_and_a_life_card_to_charge() -> None:
    d1 = card("T-D1", type="event", effects=[{"when": "play", "do": [{"op": "draw", "n": 1}]}])
    d3 = card("T-D3", type="event", effects=[{"when": "play", "do": [{"op": "draw", "n": 3}]}])
    b = LogBuilder([d1, d3], a=["T-D1", "T-D3"], size=12).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0)).act("A", "play", card=b.iid("A", 1))
    r = b.replay()
    assert "ZX-RELOAD" in rules_applied(r, b.last)
    # drawn: the last deck card, then (reloaded at once) T-D1 from the trash; then none left
    assert b.iid("A", 0) in player_state(r, "A")["hand"]
    b.act("B", "pick_life", position=1)
    r = b.replay()
    assert player_state(r, "A")["life"] == 3 and len(player_state(r, "A")["charge"]) == 1


def test_ZX_WIN_by_player_damage_from_an_effect() -> None:
    rm = card(
        "T-RM", type="event", effects=[{"when": "play", "do": [{"op": "player_damage", "n": 5}]}]
    )
    b = LogBuilder([rm], a=["T-RM"], options={"life_ig_play": "none"}).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0))
    for _ in range(3):
        b.act("A", "pick_life", position=1)
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "life"}


def test_ZX_RULE_ORDER_charge_excess_waits_for_a_choice() -> None:
    pd = card(
        "T-PD", type="event", effects=[{"when": "play", "do": [{"op": "player_damage", "n": 1}]}]
    )
    b = LogBuilder(
        [pd], a=["T-PD"] * 4 + [F] * 6 + ["T-PD"] * 4, options={"life_ig_play": "none"}
    ).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0)).act("A", "pick_life", position=1)
    r = b.replay()
    assert player_state(r, "B")["charge"] and verdict(r, b.last) == "legal"


def test_ZX_SIMULTANEOUS_only_the_chooser_resolves() -> None:
    m = card("T-M2", effects=[{"when": "appear", "optional": True, "do": [{"op": "draw", "n": 1}]}])
    b = LogBuilder([m], a=["T-M2"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("B", "resolve", source=b.iid("A", 0), use=True)
    assert rules_broken(b.replay(), b.last) == ["ZX-SIMULTANEOUS"]


def test_ZX_CHOICE_RECORDED_missing_resolve_is_unverifiable() -> None:
    m = card("T-M2", effects=[{"when": "appear", "optional": True, "do": [{"op": "draw", "n": 1}]}])
    b = LogBuilder([m], a=["T-M2"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).proceed("A")
    assert verdict(b.replay(), b.last) == "unverifiable"
