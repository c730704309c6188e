"""Lines that choose one Z/X on a (normal) square, of a cost or less, and "this card gets
power" (ZX-TARGET-NORMAL-SQUARE, ZX-TARGET-COST, ZX-SELF-POWER), read from printed text and
judged end to end.

Written from the sources' wording: the fan wiki's スクエア page (2つのプレイヤースクエアを除いた7つの
スクエアをノーマルスクエアと呼ぶ。スクエアと指定されている能力は…両方を含む), the effect's own コストN以下,
and seed 003, keyword action 22 (没有记述"选择"…则不视为"通过卡片的能力或效果选择": このカード is named,
not chosen).  The cards are made up; their sentences are the game's grammar, not any card's text.
"""

from __future__ import annotations

from typing import Any

from judge.games.zx.reader import read_card
from judge.games.zx.render import render_card
from judge.games.zx.testing import (
    LogBuilder,
    card,
    game_state,
    rules_applied,
    rules_broken,
    verdict,
)

NORMAL_DAMAGE = "【★】ノーマルスクエアにあるゼクスを１枚選び、3000ダメージを与える。"
ANY_DAMAGE = "【★】スクエアにあるゼクスを１枚選び、3000ダメージを与える。"
CHEAP_DESTROY = "【自】このカードが登場した時、ノーマルスクエアにある相手のコスト１以下のゼクスを１枚選び、破壊する。"
SELF_UP = "【自】このカードが攻撃した時、ターン終了時まで、このカードのパワーを＋2000する。"
SEED_MINUS = (
    "【自】エヴォルシード（このカードがデッキからトラッシュに置かれた時、以下の効果を解決する。）"
    "ノーマルスクエアにある相手のゼクスを１枚選び、ターン終了時まで、パワーを－3000する。"
)


def at(r: dict[str, Any], sq: int) -> Any:
    return game_state(r)["squares"][str(sq)]


def _event_on_b(text: str, squares: tuple[int, ...]) -> LogBuilder:
    """B's 5000-power Z/X stand on ``squares`` (8 is B's player square); in A's second turn A
    plays an event whose printed text is ``text``."""
    ev = card("T-EV", type="event", name="灯の礫", text=text)
    big = card("T-BIG", power=5000)
    b = LogBuilder([ev, big], a=["T-000", "T-EV"], b=["T-BIG"] * len(squares))
    b.start().pass_turn("A").proceed("B", 2)
    for k, sq in enumerate(squares):
        b.act("B", "play", card=b.iid("B", k), to=sq)
    return b.proceed("B").proceed("A", 2).act("A", "play", card=b.iid("A", 1))


def test_ZX_TARGET_NORMAL_SQUARE_read_from_the_printed_line() -> None:
    (effect,) = read_card({"type": "event", "text": NORMAL_DAMAGE}).effects
    assert effect["when"] == "play"
    assert effect["do"] == [
        {"op": "damage", "n": 3000, "target": {"side": "any", "square": "normal"}}
    ]
    (effect,) = read_card({"type": "event", "text": ANY_DAMAGE}).effects
    assert effect["do"][0]["target"] == {"side": "any"}  # スクエア: all 9, player squares too
    assert not read_card({"type": "zx", "text": NORMAL_DAMAGE}).understood  # 【★】: events only


def test_ZX_TARGET_NORMAL_SQUARE_a_zx_on_a_player_square_cannot_be_named() -> None:
    b = _event_on_b(NORMAL_DAMAGE, (8, 4))
    on_player_square, on_normal = b.iid("B", 0), b.iid("B", 1)
    bad = b.copy().act("A", "resolve", source=b.iid("A", 1), targets=[on_player_square])
    assert rules_broken(bad.replay(), bad.last) == ["ZX-TARGET"]
    b.act("A", "resolve", source=b.iid("A", 1), targets=[on_normal])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 4)["damage"] == 3000 and at(r, 8)["damage"] == 0


def test_ZX_TARGET_NORMAL_SQUARE_only_a_player_square_zx_there_chooses_none() -> None:
    b = _event_on_b(NORMAL_DAMAGE, (8,))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # none can be chosen: none is, even under "must"
    assert at(r, 8)["damage"] == 0
    # the same line without ノーマル names the player square's Z/X too
    b = _event_on_b(ANY_DAMAGE, (8,))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 8)["damage"] == 3000


def _appear_against(costs: tuple[int, int]) -> LogBuilder:
    """B's Z/X of ``costs`` stand on squares 4 and 6; in A's second turn A plays a Z/X whose
    appear ability destroys an opposing Z/X of cost 1 or less on a normal square."""
    mine = card("T-CUT", name="刈り手の騎士", power=3000, text=CHEAP_DESTROY)
    lo = card("T-LO", power=2000, cost=costs[0])
    hi = card("T-HI", power=2000, cost=costs[1])
    b = LogBuilder([mine, lo, hi], a=["T-000", "T-CUT"], b=["T-LO", "T-HI"])
    b.start().pass_turn("A").proceed("B", 2)
    b.act("B", "play", card=b.iid("B", 0), to=4).act("B", "play", card=b.iid("B", 1), to=6)
    return b.proceed("B").proceed("A", 2).act("A", "play", card=b.iid("A", 1), to=5)


def test_ZX_TARGET_COST_only_a_zx_of_that_cost_or_less_can_be_named() -> None:
    b = _appear_against((0, 2))
    bad = b.copy().act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 1)])
    assert rules_broken(bad.replay(), bad.last) == ["ZX-TARGET"]  # cost 2 > 1
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])  # cost 0
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 4) is None and at(r, 6)["code"] == "T-HI"
    assert "ZX-DESTROY" in rules_applied(r, b.last)


def test_ZX_TARGET_COST_read_with_the_side_and_the_normal_square() -> None:
    (effect,) = read_card({"type": "zx", "text": CHEAP_DESTROY}).effects
    assert effect["when"] == "appear"
    target = {"side": "opponent", "square": "normal", "cost_max": 1}
    assert effect["do"] == [{"op": "destroy", "target": target}]
    shown = render_card({"code": "T-CUT", "type": "zx", "text": CHEAP_DESTROY})["reading"]
    assert shown == [
        "When this Z/X appears: choose 1 opposing Z/X of cost 1 or less on a normal square "
        "(not a player square); destroy it."
    ]
    attack = CHEAP_DESTROY.replace("登場した時", "攻撃した時")
    assert read_card({"type": "zx", "text": attack}).effects[0]["when"] == "attack"
    # two Z/X chosen, or "up to": not read (the engine's ops choose one)
    two = CHEAP_DESTROY.replace("１枚選び", "２枚選び")
    assert not read_card({"type": "zx", "text": two}).understood


def test_ZX_SELF_POWER_this_card_gets_it_when_it_attacks_without_being_chosen() -> None:
    (effect,) = read_card({"type": "zx", "text": SELF_UP}).effects
    assert effect["when"] == "attack" and effect["do"] == [{"op": "self_power", "n": 2000}]
    raider = card("T-RD", name="突撃の騎士", power=3000, text=SELF_UP)
    b = LogBuilder([raider], a=["T-RD"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # no resolve names it: nothing is chosen
    assert {"ZX-ATTACK-TRIGGER", "ZX-POWER"} <= set(rules_applied(r, b.last))
    assert at(r, 5)["power"] == 5000 and at(r, 5)["power_changes"] == [2000]


def test_ZX_SELF_POWER_a_zekkai_card_still_gets_it() -> None:
    raider = card("T-RZ", power=3000, keywords=["zekkai"])
    raider["effects"] = [{"when": "attack", "do": [{"op": "self_power", "n": 1000}]}]
    b = LogBuilder([raider], a=["T-RZ"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "attack", card=b.iid("A", 0), target=8)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 5)["power"] == 4000


def test_ZX_EVOL_SEED_read_with_a_normal_square_target() -> None:
    (effect,) = read_card({"type": "zx", "text": SEED_MINUS}).effects
    assert effect["when"] == "evol_seed"
    target = {"side": "opponent", "square": "normal"}
    assert effect["do"] == [{"op": "power", "n": -3000, "target": target}]


# -- 【常】 power by resources (ZX-STATIC-POWER) ------------------------------------------------

STATIC_UP = "【常】あなたのリソースにカードが３枚以上ある場合、このカードのパワーを＋2000する。"
STEADY = card("T-ST", name="灯台の番人", power=3000, text=STATIC_UP)


def test_ZX_STATIC_POWER_read_and_rendered() -> None:
    (effect,) = read_card({"type": "zx", "text": STATIC_UP}).effects
    assert effect["when"] == "static" and effect["resources_min"] == 3
    assert effect["do"] == [{"op": "self_power", "n": 2000}]
    assert render_card({"code": "T-ST", "type": "zx", "text": STATIC_UP})["reading"] == [
        "While this Z/X is on a square and you have 3 or more cards in your resource zone, "
        "it has power +2000."
    ]
    minus = STATIC_UP.replace("＋2000", "－2000")  # a minus is not read: the rule is for a bonus
    assert not read_card({"type": "zx", "text": minus}).understood


def test_ZX_STATIC_POWER_while_the_controller_has_enough_resources() -> None:
    b = LogBuilder([STEADY], a=["T-ST"]).start()
    two = b.copy().to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    assert at(two.replay(), 5)["power"] == 3000  # 2 resources: fewer than 3
    b.act("A", "resource", card=b.iid("A", 3)).proceed("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and at(r, 5)["power"] == 5000  # 3 resources


def _damage_b(resources: bool) -> LogBuilder:
    """B's T-ST stands on square 4 (with a third resource or not); A's event deals it 4000."""
    ev = card(
        "T-EV", type="event", text="【★】スクエアにあるゼクスを１枚選び、4000ダメージを与える。"
    )
    b = LogBuilder([ev, STEADY], a=["T-000", "T-EV"], b=["T-ST"]).start().pass_turn("A")
    if resources:
        b.act("B", "resource", card=b.iid("B", 3)).proceed("B")
    else:
        b.proceed("B", 2)
    b.act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 1))
    return b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])


def test_ZX_STATIC_POWER_is_part_of_the_power_the_rule_effects_read() -> None:
    r = _damage_b(resources=True).replay()
    assert at(r, 4)["damage"] == 4000 and at(r, 4)["power"] == 5000  # 4000 < 5000: it stands
    b = _damage_b(resources=False)
    r = b.replay()
    assert at(r, 4) is None  # 4000 >= 3000: destroyed
    assert "ZX-DAMAGE-ZX" in rules_applied(r, b.last)
