"""Power changes (issue 13), written from seed 003, keyword action 1 (给予伤害: 当伤害的累积值大于等于
这张Z/X的当前力量值时，这张Z/X将会破坏: the CURRENT power) and 13 (不会受到效果影响: 但是，"不会受到效果影响"的卡片可以被卡片的效果选择),
and ZX-POWER-ZERO (a Z/X with power 0 or less, from the official card FAQ)."""

from __future__ import annotations

from judge.games.zx.testing import (
    LogBuilder,
    card,
    game_state,
    player_state,
    rules_applied,
    verdict,
)

F = "T-000"
BIG = card("T-BIG", power=5000)
KNIGHT = card("T-KN", power=2000, races=["Knight"])


def at(r, sq, i=-1):
    return game_state(r, i)["squares"][str(sq)]


def _effect_on_b(ops: list[dict], target: dict = BIG, options: dict | None = None) -> LogBuilder:
    """B's ``target`` stands on square 4; in A's second turn A plays an event doing ``ops``
    and names it (the resolve is the last action)."""
    ev = card("T-FX", type="event", effects=[{"when": "play", "do": ops}])
    b = LogBuilder([ev, target], a=[F, "T-FX"], b=[target["code"]], options=options)
    b.start().pass_turn("A").proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4)
    b.proceed("B").proceed("A", 2).act("A", "play", card=b.iid("A", 1))
    return b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])


def test_ZX_POWER_plus_until_the_end_of_the_turn() -> None:
    up = card(
        "T-UP",
        type="event",
        effects=[{"when": "play", "do": [{"op": "power", "n": 3000, "target": {"side": "own"}}]}],
    )
    b = LogBuilder([up, KNIGHT], a=["T-KN", "T-UP"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 5)["power"] == 5000 and at(r, 5)["power_changes"] == [3000]
    assert "ZX-POWER" in rules_applied(r, b.last)
    b.proceed("A")  # the end phase: the change ends with the turn
    r = b.replay()
    assert at(r, 5)["power"] == 2000 and "power_changes" not in at(r, 5)


def test_ZX_POWER_lowered_to_its_damage_is_destroyed_by_the_current_power() -> None:
    dmg = {"op": "damage", "n": 3000, "target": {"side": "opponent"}}
    b = _effect_on_b([dmg, {"op": "power", "n": -2000, "target": {"side": "opponent"}}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 4) is None  # 3000 damage, current power 3000: destroyed
    assert b.iid("B", 0) in player_state(r, "B")["charge"]
    assert {"ZX-POWER", "ZX-DAMAGE-ZX"} <= set(rules_applied(r, b.last))
    b = _effect_on_b([dmg, {"op": "power", "n": -1000, "target": {"side": "opponent"}}])
    r = b.replay()
    assert at(r, 4)["power"] == 4000 and at(r, 4)["damage"] == 3000  # still standing


def test_ZX_POWER_raised_saves_a_zx_from_its_printed_power() -> None:
    up = {"op": "power", "n": 2000, "target": {"side": "opponent"}}
    b = _effect_on_b([up, {"op": "damage", "n": 6000, "target": {"side": "opponent"}}])
    r = b.replay()
    assert at(r, 4)["damage"] == 6000 and at(r, 4)["power"] == 7000  # 6000 < 7000


def test_ZX_NOT_AFFECTED_a_power_change_may_choose_it_but_does_not_change_it() -> None:
    un = card("T-UN", power=5000, keywords=["unaffected_by_opponent"])
    b = _effect_on_b([{"op": "power", "n": -5000, "target": {"side": "opponent"}}], un)
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # it may be chosen
    assert at(r, 4)["power"] == 5000 and "power_changes" not in at(r, 4)
    assert "ZX-NOT-AFFECTED" in rules_applied(r, b.last)
    assert "ZX-POWER" not in rules_applied(r, b.last)


def test_ZX_POWER_ZERO_power_0_or_less_is_destroyed_into_the_charge() -> None:
    # the FAQ: "Z/X whose Power value becomes equal or less than 0 is destroyed and put into
    # Charge" — here one that has taken no damage this turn
    for n in (-5000, -7000):
        down = [{"op": "power", "n": n, "target": {"side": "opponent"}}]
        r = _effect_on_b(down).replay()
        assert at(r, 4) is None
        assert "ZX-POWER-ZERO" in rules_applied(r, len(r["steps"]) - 1)
        assert player_state(r, "B")["charge"] != []


def test_ZX_POWER_sample_card_undertow() -> None:
    """ZXS-037 (sample set): an opponent's Z/X gets power -3000 until the end of the turn."""
    from judge.core.cards import load_builtin_set

    sample = {c["code"]: c for c in load_builtin_set("zx-sample")["cards"]}
    r = _effect_on_b(sample["ZXS-037"]["effects"][0]["do"]).replay()
    assert at(r, 4)["power"] == 2000 and at(r, 4)["power_changes"] == [-3000]
