"""Rulings, round 3 (issue 20, Z/X effects; issue 27 for Z/X): "not affected by effects" for
every operation that moves, destroys or changes a card, the Break that cannot be carried out,
choosing as the card's text says, Void Bringer whose condition fails, and recorded choices the
rules do not allow.  Each test is written from the seed's wording (seed 003), quoted in its
docstring."""

from __future__ import annotations

from typing import Any

from judge.games.zx.testing import (
    LogBuilder,
    card,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

F = "T-000"
BIG = card("T-BIG", power=5000)
ATK = card("T-ATK", power=3000)
UN = card("T-UN", power=5000, keywords=["unaffected_by_opponent"])
UN_EV = card("T-UNE", power=2000, keywords=["unaffected_by_events"])
ZK = card("T-ZK", power=2000, keywords=["zekkai"])


def at(r: dict[str, Any], sq: int, i: int = -1) -> dict[str, Any] | None:
    return game_state(r, i)["squares"][str(sq)]


def _effect_on_b(ops: list[dict[str, Any]], target_card: dict[str, Any] = UN) -> LogBuilder:
    """B's ``target_card`` on square 4; A plays an event doing ``ops`` (its effect waits)."""
    ev = card("T-FX", type="event", effects=[{"when": "play", "do": ops}])
    b = LogBuilder([ev, target_card], a=[F, "T-FX"], b=[target_card["code"]]).start()
    b.pass_turn("A").proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B")
    b.proceed("A", 2).act("A", "play", card=b.iid("A", 1))
    return b


# -- ZX-NOT-AFFECTED: every operation --------------------------------------------------------


def _not_affected(op: dict[str, Any]) -> dict[str, Any]:
    b = _effect_on_b([op])
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # "可以被卡片的效果选择": it may be chosen
    assert "ZX-NOT-AFFECTED" in rules_applied(r, b.last)
    return r


def test_ZX_NOT_AFFECTED_damage_does_not_affect_it() -> None:
    """Seed 003 关键词行动 13: "使指定的持有者、操控者或发生源的卡片的效果对指定的卡片不会发生影响的行动。
    但是，“不会受到效果影响”的卡片可以被卡片的效果选择。" Damage of its opponent's effect."""
    r = _not_affected({"op": "damage", "n": 9000, "target": {"side": "opponent"}})
    z = at(r, 4)
    assert z is not None and z["code"] == "T-UN" and not z.get("damage")


def test_ZX_NOT_AFFECTED_destroy_does_not_affect_it() -> None:
    r = _not_affected({"op": "destroy", "target": {"side": "opponent"}})
    assert at(r, 4) is not None and player_state(r, "B")["charge"] == []


def test_ZX_NOT_AFFECTED_remove_does_not_affect_it() -> None:
    r = _not_affected({"op": "remove", "target": {"side": "opponent"}})
    assert at(r, 4) is not None and not player_state(r, "B").get("removed")


def test_ZX_NOT_AFFECTED_sleep_does_not_affect_it() -> None:
    r = _not_affected({"op": "sleep", "target": {"side": "opponent"}})
    z = at(r, 4)
    assert z is not None and z["state"] == "reboot"


def test_ZX_NOT_AFFECTED_power_does_not_affect_it() -> None:
    r = _not_affected({"op": "power", "n": -9000, "target": {"side": "opponent"}})
    z = at(r, 4)
    assert z is not None and z["power"] == 5000


def test_ZX_NOT_AFFECTED_its_own_controllers_effects_do_affect_it() -> None:
    """Only the effects of the cards the ability names (here: its opponent's) do not affect
    it (使指定的…操控者…的卡片的效果…不会发生影响)."""
    ev = card(
        "T-OWN", type="event", effects=[{"when": "play", "do": [{"op": "sleep", "target": {}}]}]
    )
    ev["effects"][0]["do"][0]["target"] = {"side": "own"}
    b = LogBuilder([ev, UN], a=["T-UN", "T-OWN"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0)])
    r = b.replay()
    z = at(r, 5)
    assert z is not None and z["state"] == "sleep"
    assert "ZX-NOT-AFFECTED" not in rules_applied(r, b.last)


def test_ZX_NOT_AFFECTED_by_the_effects_of_events_names_a_source() -> None:
    """发生源的卡片的效果: a card not affected by the effects of events (its source)."""
    r = _not_affected_events()
    z = at(r, 4)
    assert z is not None and z["state"] == "reboot"


def _not_affected_events() -> dict[str, Any]:
    b = _effect_on_b([{"op": "sleep", "target": {"side": "opponent"}}], UN_EV)
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert any("effects of events" in t for t in ruling_texts(r, b.last))
    return r


def test_ZX_NOT_AFFECTED_the_battle_is_not_an_effect() -> None:
    """Battle damage is the rules' doing, not a card's effect: it still affects the card."""
    un = card("T-UNA", power=1000, keywords=["unaffected_by_opponent"])
    b = LogBuilder([BIG, un], a=["T-BIG"], b=["T-UNA"]).start().pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=4)
    r = b.replay()
    assert at(r, 4) is None  # 5000 damage to a 1000-power Z/X: destroyed


def _life_hit(attacker: dict[str, Any], vb: dict[str, Any]) -> LogBuilder:
    """A's ``attacker`` on square 5 hits B's player square; B's Void Bringer life card is
    played to square 8 (B 3 life, A 4: its condition holds)."""
    b = LogBuilder([attacker, vb], a=[attacker["code"]], b=[F, F, F, F, vb["code"]]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    b.act("A", "attack", card=b.iid("A", 0), target=8).act("A", "pick_life", position=1)
    return b.act("B", "play_revealed", use=True, to=8)


VB = card("T-VB", ig=True, keywords=["void_bringer"])


def test_ZX_NOT_AFFECTED_void_bringer_chooses_it_but_it_stays() -> None:
    """Void Bringer 'may choose a Z/X on a square and put it into the trash'; one not
    affected by the effect may be chosen (seed 13) but does not go."""
    un = card("T-UNA", power=3000, keywords=["unaffected_by_opponent"])
    b = _life_hit(un, VB)
    b.act("B", "resolve", source=b.iid("B", 4), use=True, targets=[b.iid("A", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    z = at(r, 5)
    assert z is not None and z["code"] == "T-UNA"
    assert player_state(r, "A")["trash"] == []
    assert {"ZX-NOT-AFFECTED", "ZX-VOID-BRINGER"} <= set(rules_applied(r, b.last))


SHIFT = card("T-SH", type="shift", device={"race": "Knight"})
SHIFT_EV = card("T-SHE", type="event", effects=[{"when": "play", "do": [{"op": "shift"}]}])


def test_ZX_NOT_AFFECTED_a_shift_does_not_change_it() -> None:
    """A Shift (seed action 15) puts a shift card onto the card, which it changes; an effect
    that does not affect the card does not put it there."""
    kn = card("T-KN", power=2000, races=["Knight"], keywords=["unaffected_by_events"])
    b = LogBuilder([kn, SHIFT, SHIFT_EV], a=["T-KN", "T-SHE"], dynamis={"A": ["T-SH"]}).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D1", b.iid("A", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    z = at(r, 5)
    assert z is not None and "with_shift" not in z
    assert "ZX-NOT-AFFECTED" in rules_applied(r, b.last)


def test_ZX_NOT_AFFECTED_a_recorded_outcome_cannot_move_it() -> None:
    """An effect the engine cannot execute, whose outcome records destroying a Z/X its
    effects do not affect: that outcome is not possible."""
    b = _effect_on_b([{"op": "mystery"}])
    b.doc["cards"][1]["effects"][0]["text"] = "Something the engine cannot execute."
    b.act("A", "outcome", source=b.iid("A", 1), ops=[{"op": "destroy", "card": b.iid("B", 0)}])
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-NOT-AFFECTED"]
    assert at(r, 4) is not None


# -- ZX-BREAK-UNDO: the state before the Break ------------------------------------------------

BREAK_EVENT = card("T-BRK", type="event", effects=[{"when": "play", "do": [{"op": "break"}]}])
NEW = card("T-NEW", power=6000)


def test_ZX_BREAK_UNDO_card_a_not_affected_the_state_before_the_break() -> None:
    """ "由于任何原因，“超越”指定的行动无法实行的场合，将游戏的状态回归这次超越实行前" (seed 003 关键词行动
    18): card A is not affected by the event's effect, so it cannot be moved into the force
    zone: card B goes back to the hand, card A stays, exactly as before the Break."""
    b = LogBuilder([BREAK_EVENT, UN_EV, NEW], a=["T-UNE", "T-BRK", "T-NEW"]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 2)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # the rules say what happens: nothing is illegal
    assert {"ZX-NOT-AFFECTED", "ZX-BREAK-UNDO"} <= set(rules_applied(r, b.last))
    assert "ZX-BREAK" not in rules_applied(r, b.last)  # no Break ruling survives the undo
    before, after = game_state(r, b.last - 1), game_state(r, b.last)
    assert after["squares"] == before["squares"]
    pa, pb = before["players"]["A"], after["players"]["A"]
    for zone in ("hand", "deck", "life", "charge", "resources", "dynamis", "removed"):
        assert pb.get(zone) == pa.get(zone), zone
    assert pb["trash"] == pa["trash"] + [b.iid("A", 1)]  # the event, resolved, goes on
    assert after["players"]["B"] == before["players"]["B"]
    assert any("cannot be moved by the effect" in t for t in ruling_texts(r, b.last))


def test_ZX_BREAK_UNDO_an_opponents_card_a_not_affected() -> None:
    """Card A of a Break that may designate any Z/X, an opponent's one not affected by its
    opponent's effects: the Break is not carried out; B stays in the hand."""
    anyb = card(
        "T-BRA", type="event", effects=[{"when": "play", "do": [{"op": "break", "target": {}}]}]
    )
    anyb["effects"][0]["do"][0]["target"] = {"side": "any"}
    b = LogBuilder([anyb, UN, NEW], a=[F, "T-BRA", "T-NEW"], b=["T-UN"]).start().pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0), b.iid("A", 2)])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "ZX-BREAK-UNDO" in rules_applied(r, b.last)
    z = at(r, 4)
    assert z is not None and z["code"] == "T-UN" and b.iid("A", 2) in player_state(r, "A")["hand"]


def test_ZX_BREAK_UNDO_only_a_break_that_cannot_be_completed_may_be_left_undone() -> None:
    """With only a card A the effect does not affect, no Break can be completed: a resolve
    naming no cards is legal (ZX-BREAK requires one only when it can be done)."""
    b = LogBuilder([BREAK_EVENT, UN_EV, NEW], a=["T-UNE", "T-BRK", "T-NEW"]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    assert verdict(b.replay(), b.last) == "legal"


# -- ZX-CHOOSE / ZX-ZEKKAI: choosing is what the text says -----------------------------------


def test_ZX_CHOOSE_break_designates_card_a_a_zekkai_zx_can_be_card_a() -> None:
    """ "将…指定的Z/X（记为“卡片B”）移动到方阵上的另一张指定的Z/X（记为“卡片A”）…" (action 18):
    designated, not chosen; "没有记述“选择（選ぶ、選び）”但要求实行某些选择的行动，则不视为“通过卡片的能力
    或效果选择”" (action 22); Zekkai stops only choosing (ability 6)."""
    b = LogBuilder([BREAK_EVENT, ZK, NEW], a=["T-ZK", "T-BRK", "T-NEW"]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 2)])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "ZX-BREAK" in rules_applied(r, b.last)
    z = at(r, 5)
    assert z is not None and z["code"] == "T-NEW"


def test_ZX_ZEKKAI_a_break_whose_text_chooses_cannot_take_it() -> None:
    """A Break whose card text chooses card A (`"chooses": true`): Zekkai stops that choice."""
    chooser = card(
        "T-BRC", type="event", effects=[{"when": "play", "do": [{"op": "break", "chooses": True}]}]
    )
    b = LogBuilder([chooser, ZK, NEW], a=["T-ZK", "T-BRC", "T-NEW"]).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0), b.iid("A", 2)])
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-BREAK"]
    z = at(r, 5)
    assert z is not None and z["code"] == "T-ZK"


def test_ZX_CHOOSE_an_op_that_does_not_choose_may_name_a_zekkai_zx() -> None:
    """An op whose text names its Z/X without 選ぶ (`"chooses": false`) is not choosing
    (action 22): Zekkai does not stop it."""
    b = _effect_on_b([{"op": "destroy", "chooses": False, "target": {"side": "opponent"}}], ZK)
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 4) is None


def test_ZX_ZEKKAI_an_op_that_chooses_cannot_take_it() -> None:
    """ "任何涉及“选择指定张数的Z/X”的效果在选择卡片时，不能选择这张卡" (ability 6): the default."""
    b = _effect_on_b([{"op": "destroy", "target": {"side": "opponent"}}], ZK)
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-ZEKKAI"]


def test_ZX_CHOOSE_sample_cards_say_whether_they_choose_as_their_texts_do() -> None:
    """Every sample op that names a Z/X says `chooses`, true exactly when its text chooses."""
    from judge.core.cards import load_builtin_set

    seen = 0
    for c in load_builtin_set("zx-sample")["cards"]:
        for eff in c.get("effects") or []:
            for op in eff.get("do", []):
                if "target" in op or op.get("op") == "break":
                    seen += 1
                    assert "chooses" in op, c["code"]
                    assert op["chooses"] == ("hoose" in c["text"]), c["code"]
    assert seen >= 8


def test_ZX_ZEKKAI_void_bringer_chooses() -> None:
    """Void Bringer: "你可以选择方阵上的1张Z/X" (ability 3): it chooses, so not a Zekkai Z/X."""
    zk = card("T-ZKA", power=3000, keywords=["zekkai"])
    b = _life_hit(zk, VB)
    b.act("B", "resolve", source=b.iid("B", 4), use=True, targets=[b.iid("A", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-ZEKKAI"]


# -- ZX-VOID-BRINGER whose life condition fails ------------------------------------------------


def _void_bringer_fails() -> LogBuilder:
    """B hits A twice (A: 2 life); then A hits B's player square and B's Void Bringer life card
    is played (B: 3 life, more than A's 2: the condition fails)."""
    b = LogBuilder([ATK, VB], a=["T-ATK"], b=["T-ATK", "T-ATK", F, F, "T-VB"]).start()
    b.pass_turn("A").proceed("B", 2)
    for k, sq in ((0, 1), (1, 3)):
        b.act("B", "play", card=b.iid("B", k), to=sq)
        b.act("B", "attack", card=b.iid("B", k), target=2).act("B", "pick_life", position=1)
    b.proceed("B").proceed("A", 2).act("A", "play", card=b.iid("A", 0), to=5)
    b.act("A", "attack", card=b.iid("A", 0), target=8).act("A", "pick_life", position=1)
    return b.act("B", "play_revealed", use=True, to=8)


def test_ZX_VOID_BRINGER_condition_fails_no_decision_waits() -> None:
    """ "你的生命区中的卡片的张数小于等于对手的生命区中的卡片的张数的话，你可以选择…" (ability 3): with
    more life than the opponent it does nothing and chooses nothing: no decision waits."""
    b = _void_bringer_fails()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 3 and player_state(r, "A")["life"] == 2
    assert "ZX-VOID-BRINGER" in rules_applied(r, b.last)
    assert not any(p.get("kind") == "resolve" for p in r["steps"][b.last].get("pending", []))
    b.act("A", "proceed")  # the game goes on: nothing waited for B
    assert verdict(b.replay(), b.last) != "illegal"


def test_ZX_VOID_BRINGER_condition_fails_a_resolve_naming_a_target_is_illegal() -> None:
    b = _void_bringer_fails()
    b.act("B", "resolve", source=b.iid("B", 4), use=True, targets=[b.iid("A", 0)])
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-VOID-BRINGER"]
    z = at(r, 5)
    assert z is not None and z["code"] == "T-ATK" and player_state(r, "A")["trash"] == []


def test_ZX_VOID_BRINGER_condition_fails_a_resolve_naming_nothing_is_its_one_way() -> None:
    """A decision the rules leave one way may be recorded as that way (issue 20)."""
    b = _void_bringer_fails()
    b.act("B", "resolve", source=b.iid("B", 4), use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "ZX-VOID-BRINGER" in rules_applied(r, b.last)


# -- ZX-RECORDED-CHOICE: a recorded choice is judged, never replaced (issue 27) ---------------

OPT = card(
    "T-OPT",
    power=2000,
    effects=[
        {"when": "appear", "optional": True, "do": [{"op": "destroy", "target": {"side": "any"}}]}
    ],
)


def test_ZX_SIMULTANEOUS_a_mandatory_effect_recorded_as_not_used_is_illegal() -> None:
    """An effect without "you may" is carried out: `use: false` is not its choice (the
    core's check names the resolve rule, ZX-SIMULTANEOUS); applied as played it is not
    used, never carried out in place of what was recorded."""
    b = _effect_on_b([{"op": "destroy", "target": {"side": "opponent"}}], BIG)
    b.act("A", "resolve", source=b.iid("A", 1), use=False)
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-SIMULTANEOUS"]
    ra = b.replay(on_illegal="apply")  # applied as played: not used
    assert at(ra, 4) is not None


def test_ZX_RECORDED_CHOICE_an_optional_effect_not_used_chooses_nothing() -> None:
    b = LogBuilder([OPT], a=["T-OPT"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    b.act("A", "resolve", source=b.iid("A", 0), use=False, targets=[b.iid("A", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-RECORDED-CHOICE"]


def test_ZX_RECORDED_CHOICE_targets_without_use_true_are_not_read_as_not_used() -> None:
    b = LogBuilder([OPT], a=["T-OPT"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 0)])
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-RECORDED-CHOICE"]
    b.doc["actions"][-1]["use"] = True
    assert verdict(b.replay(), b.last) == "legal"


def test_ZX_RECORDED_CHOICE_a_square_or_squares_the_effect_does_not_choose() -> None:
    for extra in ({"to": 4}, {"squares": [4]}):
        b = _effect_on_b([{"op": "destroy", "target": {"side": "opponent"}}], BIG)
        b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)], **extra)
        r = b.replay()
        assert rules_broken(r, b.last) == ["ZX-RECORDED-CHOICE"], extra
        assert at(r, 4) is not None  # skipped: nothing happened
