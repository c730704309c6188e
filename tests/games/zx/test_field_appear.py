"""Appearing (issue 13): several Z/X appearing at once, and the state a Z/X appears in.
Written from seed 003, keyword action 6 (登场: 将复数卡同时登场的场合，必须登场到分别不同的可供登场的方阵上。
若可供登场的方阵数量不足，则尽可能地将这些卡登场到可供登场的方阵上) and ZX-APPEAR-STATE (FAN, with rule option appear_state)."""

from __future__ import annotations

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
KNIGHT = card(
    "T-KN",
    power=2000,
    races=["Knight"],
    effects=[{"when": "appear", "do": [{"op": "draw", "n": 1}]}],
)
MAGE = card("T-MG", power=1000, races=["Mage"])


def appear_event(**op: object) -> dict:
    return card("T-APP", type="event", effects=[{"when": "play", "do": [{"op": "appear", **op}]}])


def at(r, sq, i=-1):
    return game_state(r, i)["squares"][str(sq)]


def _from_hand(a: list[str], **op: object) -> LogBuilder:
    """A's first main phase: it plays T-APP (its first card); the appearing waits."""
    b = LogBuilder([appear_event(**op), KNIGHT, MAGE], a=a).start().to_main("A")
    return b.act("A", "play", card=b.iid("A", 0))


def _crowded(a_first: bool = False) -> LogBuilder:
    """B fills squares 1, 3, 4, 5, 6, 7 with its Z/X: A may still appear on 2 (its player
    square) and 9 — where, with ``a_first``, A's own rebooted Z/X stands."""
    b = LogBuilder(
        [appear_event(**{"from": "hand", "n": 3}), KNIGHT],
        a=["T-APP", "T-KN", "T-KN", F] + [F] * 6 + ["T-KN"],  # the 3rd Knight drawn on turn 3
    ).start()
    b.proceed("A", 2)
    if a_first:
        b.act("A", "play", card=b.iid("A", 3), to=9)
    b.proceed("A").proceed("B", 2)
    # B's hand: its 4 opening cards and the 2 drawn (deck order 10, 11, after life and resources)
    for k, sq in zip((0, 1, 2, 3, 10, 11), (1, 3, 4, 5, 6, 7), strict=True):
        b.act("B", "play", card=b.iid("B", k), to=sq)
    b.proceed("B").proceed("A", 2)
    return b.act("A", "play", card=b.iid("A", 0))


def test_ZX_APPEAR_SEVERAL_each_on_a_different_square_at_once() -> None:
    b = _from_hand(["T-APP", "T-KN", "T-KN", F], **{"from": "hand", "n": 2})
    kn1, kn2 = b.iid("A", 1), b.iid("A", 2)
    b.act("A", "resolve", source=b.iid("A", 0), targets=[kn1, kn2], squares=[4, 6])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 4)["id"] == kn1 and at(r, 6)["id"] == kn2
    assert event_types(r, b.last).count("appear") == 2
    assert kn1 not in player_state(r, "A")["hand"] and kn2 not in player_state(r, "A")["hand"]
    assert "ZX-APPEAR-SEVERAL" in rules_applied(r, b.last)
    # both appeared together: both appear abilities wait, the controller picks the order
    assert {p["source"] for p in r["steps"][b.last]["pending"]} == {kn1, kn2}
    b.act("A", "resolve", source=kn2)  # the other one then resolves by itself
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == 3  # F and the two draws


def test_ZX_APPEAR_SEVERAL_two_on_one_square_is_illegal() -> None:
    b = _from_hand(["T-APP", "T-KN", "T-KN", F], **{"from": "hand", "n": 2})
    b.act(
        "A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 1), b.iid("A", 2)], squares=[4, 4]
    )
    assert rules_broken(b.replay(), b.last) == ["ZX-APPEAR-SEVERAL"]


def test_ZX_APPEAR_SEVERAL_none_left_out_while_a_square_is_free() -> None:
    b = _from_hand(["T-APP", "T-KN", "T-KN", F], **{"from": "hand", "n": 2})
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 1), b.iid("A", 2)], squares=[4])
    assert rules_broken(b.replay(), b.last) == ["ZX-APPEAR-SEVERAL"]


def test_ZX_APPEAR_SEVERAL_squares_where_it_can_appear() -> None:
    b = _from_hand(["T-APP", "T-KN", "T-KN", F], **{"from": "hand", "n": 2})
    # square 8 is B's player square
    b.act(
        "A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 1), b.iid("A", 2)], squares=[4, 8]
    )
    assert rules_broken(b.replay(), b.last) == ["ZX-APPEAR-SEVERAL"]


def test_ZX_APPEAR_SEVERAL_too_few_squares_as_many_as_possible() -> None:
    b = _crowded()
    kns = [b.iid("A", k) for k in (1, 2, 10)]
    b.act("A", "resolve", source=b.iid("A", 0), targets=kns, squares=[2, 9])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 2)["id"] == kns[0] and at(r, 9)["id"] == kns[1]
    assert kns[2] in player_state(r, "A")["hand"]  # no square left for it: it stays


def test_ZX_APPEAR_SEVERAL_left_out_beside_an_own_rebooted_zx_is_unverifiable() -> None:
    b = _crowded(a_first=True)
    kns = [b.iid("A", k) for k in (1, 2, 10)]
    b.act("A", "resolve", source=b.iid("A", 0), targets=kns, squares=[2])
    r = b.replay()
    # square 9 holds A's own rebooted Z/X: whether "as many as possible" means overwriting it
    # no stored source says
    assert verdict(r, b.last) == "unverifiable"
    b = _crowded(a_first=True)
    b.act("A", "resolve", source=b.iid("A", 0), targets=kns, squares=[2, 9])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 9)["id"] == kns[1]


def test_ZX_TARGET_appear_names_fitting_cards_of_its_zone_and_how_many() -> None:
    b = _from_hand(
        ["T-APP", "T-KN", "T-MG", F], **{"from": "hand", "n": 1, "zx": {"race": "Knight"}}
    )
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 2)], squares=[4])
    assert rules_broken(b.replay(), b.last) == ["ZX-TARGET"]  # a Mage, not a Knight
    b = _from_hand(["T-APP", "T-KN", "T-KN", F], **{"from": "hand", "n": 2})
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 1)], squares=[4])
    assert rules_broken(b.replay(), b.last) == ["ZX-TARGET"]  # exactly 2 when 2 fit
    b = _from_hand(["T-APP", "T-KN", "T-KN", F], **{"from": "hand", "n": 2, "up_to": True})
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 1)], squares=[4])
    assert verdict(b.replay(), b.last) == "legal"  # up to 2


def test_ZX_APPEAR_SEVERAL_from_the_deck_then_shuffled() -> None:
    order = ["T-APP", F, F, F, F, F, F, F, F, F, F, F, "T-KN"]
    b = _from_hand(order, **{"from": "deck", "n": 1, "zx": {"race": "Knight"}, "shuffle": True})
    kn = b.iid("A", 12)
    b.act("A", "resolve", source=b.iid("A", 0), targets=[kn], squares=[5])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 5)["id"] == kn
    assert "shuffle" in event_types(r, b.last)


def test_ZX_APPEAR_STATE_rebooted_by_default_option_sleep() -> None:
    for option, state in ((None, "reboot"), ("sleep", "sleep")):
        opts = {"appear_state": option} if option else {}
        b = LogBuilder([MAGE], a=["T-MG"], options=opts).start().to_main("A")
        b.act("A", "play", card=b.iid("A", 0), to=5)
        r = b.replay()
        assert at(r, 5)["state"] == state
        assert ("ZX-APPEAR-STATE" in rules_applied(r, b.last)) == (option == "sleep")


def test_ZX_APPEAR_STATE_igob_appears_rebooted_whatever_the_option() -> None:
    player = card("T-PL", type="player", overboost="Oathbound Aria")
    upper = card("T-UP", type="zx_ob", name="Oathbound Aria", power=9000)
    ige = card("T-IGE", type="event", effects=[{"when": "play", "do": [{"op": "igob"}]}])
    b = LogBuilder(
        [player, upper, ige],
        a=["T-IGE"],
        dynamis={"A": ["T-UP"]},
        options={"appear_state": "sleep"},
    )
    b.act("A", "first_player", first="A").act("A", "setup", overboost="T-PL").act("B", "setup")
    b.act("A", "mulligan", redraw=False).act("B", "mulligan", redraw=False)
    b.proceed("A", 2).act("A", "play", card=b.iid("A", 0))
    b.act("A", "resolve", source=b.iid("A", 0), targets=["A-D1"], to=5)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 5)["state"] == "reboot"


def test_ZX_APPEAR_SEVERAL_sample_card_from_the_trash() -> None:
    """ZXS-036 (sample set): up to 2 Flame Knight Z/X of cost 2 or less from the trash."""
    from judge.core.cards import load_builtin_set

    sample = {c["code"]: c for c in load_builtin_set("zx-sample")["cards"]}
    kill = card(
        "T-KIL",
        type="event",
        effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
    )
    # A: 4 opening cards, 4 life, 2 resources, the 2 cards drawn on turn 3 (ZXS-036 first),
    # then the card its turn-3 ignition reveals (Cinder Squire: no IG icon, to the trash)
    a = [F] * 10 + ["ZXS-036", F, "ZXS-001"]
    b = LogBuilder([sample["ZXS-036"], sample["ZXS-001"], kill], a=a, b=["T-KIL"]).start()
    b.proceed("A", 2).act("A", "play", card=b.iid("A", 0), to=5).proceed("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0))
    b.act("B", "resolve", source=b.iid("B", 0), targets=[b.iid("A", 0)]).proceed("B")
    b.act("A", "resource", card=b.iid("A", 1)).act("A", "ignite", charge=b.iid("A", 0))
    b.proceed("A").act("A", "play", card=b.iid("A", 10))
    squire = b.iid("A", 12)
    assert {squire, b.iid("A", 0)} <= set(player_state(b.replay(), "A")["trash"])
    bad = b.copy().act("A", "resolve", source=b.iid("A", 10), targets=[b.iid("A", 0)], squares=[5])
    assert rules_broken(bad.replay(), bad.last) == ["ZX-TARGET"]  # no Flame Knight
    b.act("A", "resolve", source=b.iid("A", 10), targets=[squire], squares=[5])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 5)["id"] == squire and squire not in player_state(r, "A")["trash"]


def test_ZX_APPEAR_SEVERAL_legal_actions_list_a_choice_that_is_legal() -> None:
    from judge.core.ask import ask

    b = _from_hand(["T-APP", "T-KN", "T-KN", F], **{"from": "hand", "n": 2})
    a = ask({"format": "judge-question/1", "kind": "options", "log": b.log()})
    opts = [o for c in a["choices"] for o in c["options"]]
    resolves = [o for o in opts if o["action"]["do"] == "resolve"]
    assert resolves
    act = dict(resolves[0]["action"])
    assert sorted(act["targets"]) == sorted([b.iid("A", 1), b.iid("A", 2)])
    assert len(set(act["squares"])) == 2
    b.act(act.pop("p"), act.pop("do"), **act)
    assert verdict(b.replay(), b.last) == "legal"
