"""Z/X questions (``judge ask``, :mod:`judge.core.ask`) on seeded states built with the log
builder (the deck order chosen), from the sources of the Z/X catalogue: the seed 003 (a Chinese
translation of the official keyword rules: 关键词行动 10 点燃 and its "ignite X times" example
①-④, 1 给予伤害, 17 邻接; 关键词能力 4 射程, 6 绝界), the official manual and the comprehensive
rules as the catalogue quotes them (the life card picked by the opponent, an IG life card, the
charge limit, reload).

Each test asserts the answer the source gives (its words quoted in a comment) and the rule ids
it rests on."""

from __future__ import annotations

from typing import Any

from judge.core.ask import ask
from judge.games.zx.testing import LogBuilder, card, player_state

F = "T-000"
ATK = card("T-ATK", power=3000)
BIG = card("T-BIG", power=5000)
IGC = card("T-IG", power=2000, ig=True)
RANGED = card("T-R2", power=3000, keywords=["range 2"])
APPEARS = card(
    "T-AP",
    ig=True,
    effects=[{"when": "appear", "do": [{"op": "gain_marker", "marker": "X", "n": 1}]}],
)
EVENT_IG = card(
    "T-EV",
    type="event",
    ig=True,
    effects=[{"when": "play", "do": [{"op": "gain_marker", "marker": "Y", "n": 1}]}],
)
EVOL = card("T-ES", effects=[{"when": "evol_seed", "do": [{"op": "draw", "n": 1}]}])
IGNITE3 = card("T-I3", type="event", effects=[{"when": "play", "do": [{"op": "ignite", "n": 3}]}])
DESTROY = card(
    "T-DS",
    type="event",
    effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)
PAIRS2 = card(
    "T-PR", effects=[{"when": "activated", "adjacent_pairs": 2, "do": [{"op": "draw", "n": 1}]}]
)


def question(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return {"format": "judge-question/1", "kind": kind, "log": b.log(), **fields}


def answer(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return ask(question(b, kind, **fields))


def rule_ids(a: dict[str, Any]) -> list[str]:
    return [r["id"] for r in a["rules"]]


def options_of(a: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for c in a["choices"] for o in c["options"]]


def kinds_of(a: dict[str, Any]) -> set[str]:
    return {o["action"]["do"] for o in options_of(a)}


# -- ignite X times: seed 003, 关键词行动 10, example ①-④ --------------------------------------


def ignite_three() -> LogBuilder:
    """A plays an event that ignites 3 times; A's deck top after the draws: a Z/X with the IG
    icon and an "on appearing" ability, an IG event, a card with Evol Seed (no IG icon)."""
    top = ["T-I3", F, F, F, F, F, F, F, F, F, "T-AP", "T-EV", "T-ES"]
    b = LogBuilder([APPEARS, EVENT_IG, EVOL, IGNITE3], a=top).start().to_main("A")
    return b.act("A", "play", card=b.iid("A", 0))


def test_options_the_first_ignition_the_zx_may_appear_for_free() -> None:
    # seed, 10: "那张卡具备点燃标记的场合，那张卡的操控者可以将那张卡以不支付任何费用的方式正规使用
    # …操控者不使用…那张卡放置到废弃区"; ①: "那张Z/X的“登场时”自动能力暂不处理"
    b = ignite_three()
    a = answer(b, "options")
    assert [c["player"] for c in a["choices"]] == ["A"]
    assert kinds_of(a) == {"play_revealed"}
    by_use = {o["action"].get("to"): o for o in options_of(a)}
    assert any("goes from the deck to the trash" in d for d in by_use[None]["does"])
    appear = by_use[5]["does"]
    assert any("appears on square 5" in d for d in appear)
    assert any("ignites" in d for d in appear)  # the 2nd ignition follows at once
    assert not any("appear effect resolves" in d for d in appear)  # ① the trigger waits
    assert 8 not in by_use  # not the opponent's player square
    assert "ZX-IGNITION-ABILITY" in rule_ids(a)


def test_order_after_three_ignitions_the_controller_orders_the_triggers() -> None:
    # seed, 10 ④: "操控者再将通过第1次点燃正规使用的Z/X诱发的“登场时”自动能力与通过第3次点燃放置到
    # 废弃区的卡诱发的觉醒之种能力自行决定先后顺序处理"
    b = ignite_three()
    b.act("A", "play_revealed", use=True, to=5)  # ①
    b.act("A", "play_revealed", use=True)  # ② the event's ability resolves now; ③ follows
    appear, evol = b.iid("A", 10), b.iid("A", 12)
    a = answer(b, "order")
    assert [(w["source"], w["trigger"], w["may_resolve_now"]) for w in a["waiting"]] == [
        (appear, "appear", True),
        (evol, "evol_seed", True),
    ]
    assert a["order"] == [{"chooser": "A", "effects": [appear, evol]}]
    assert a["verdict"].startswith("A chooses: 2 of 2")
    options = {o["action"]["source"]: o for o in options_of(a)}
    assert set(options) == {appear, evol}
    assert all(o["verdict"] == "legal" for o in options.values())
    # either first: both then resolve (the marker and the draw)
    first_evol = options[evol]["events"]
    assert first_evol.index(f"{evol}'s evol seed effect resolves.") < first_evol.index(
        f"{appear}'s appear effect resolves."
    )
    [refused] = a["not_allowed"]  # the opponent orders nothing
    assert refused["action"]["p"] == "B" and refused["verdict"] == "illegal"
    assert rule_ids(a)[0] == "ZX-SIMULTANEOUS"


def test_explain_the_ignitions_come_first() -> None:
    # seed, 10: "先依次将这X次点燃实行完毕后，再处理这个过程中诱发的自动能力" -- the step that makes
    # the 2nd ignition's choice resolves the event (②) and reveals the 3rd card (③)
    b = ignite_three()
    b.act("A", "play_revealed", use=True, to=5).act("A", "play_revealed", use=True)
    a = answer(b, "explain")
    assert a["step_verdict"] == "legal"
    assert {"ZX-IGNITION-MULTI", "ZX-EVOL-SEED"} <= set(rule_ids(a))
    assert "All ignitions are done" in a["explanation"]
    assert a["choices"][0]["player"] == "A"


# -- player damage and the life card: 关键词行动 1, 11; ZX-LIFE-PICK ------------------------------


def hit_player_b(b_top: list[str], cards: list[dict[str, Any]]) -> LogBuilder:
    """Turn 1: A's 3000-power Z/X on square 5 attacks B's player square (8), empty."""
    b = LogBuilder([ATK, *cards], a=["T-ATK"], b=b_top).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    return b.act("A", "attack", card=b.iid("A", 0), target=8)


def test_damage_the_attacker_picks_the_damaged_players_life_card() -> None:
    # seed, 1: "玩家受到伤害时，会对该名玩家增加相应的玩家伤害值"; ZX-LIFE-PICK (wikiwiki ライフ):
    # "対戦相手が指定した自分のライフを1枚公開する" -- A, the damaged player's opponent, picks
    a = answer(hit_player_b([], []), "damage")
    assert a["verdict"].startswith("A decides (pick_life)")
    assert [c["player"] for c in a["choices"]] == ["A"]
    assert sorted(o["action"]["position"] for o in options_of(a)) == [1, 2, 3, 4]
    assert {"ZX-DAMAGE-PLAYER", "ZX-LIFE-PICK"} <= set(rule_ids(a))


def test_legal_the_damaged_player_does_not_pick_the_life_card() -> None:
    # ZX-LIFE-PICK: "対戦相手が指定した" -- B may not pick its own; A may pick 1 to 4 only
    b = hit_player_b([], [])
    own = answer(b, "legal", action={"p": "B", "do": "pick_life", "position": 1})
    assert own["legal"] is False
    assert [c["player"] for c in own["choices"]] == ["A"]
    beyond = answer(b, "legal", action={"p": "A", "do": "pick_life", "position": 5})
    assert beyond["legal"] is False and rule_ids(beyond) == ["ZX-LIFE-PICK"]
    picked = answer(b, "legal", action={"p": "A", "do": "pick_life", "position": 2})
    assert picked["legal"] is True
    assert any("charge" in e for e in picked["consequence"]["events"])  # no IG icon


def test_options_an_ig_life_card_may_be_played_for_free() -> None:
    # ZX-LIFE-CHANGE (seed 11; wikiwiki ライフ): a life card lost to damage with the IG icon may be
    # played for free (rule option life_ig_play free), else it goes to the charge zone
    b = hit_player_b([F, F, F, F, "T-IG"], [IGC]).act("A", "pick_life", position=1)
    a = answer(b, "options")
    assert [c["player"] for c in a["choices"]] == ["B"]  # the card's owner decides
    assert kinds_of(a) == {"play_revealed"}
    by_to = {o["action"].get("to"): o["does"] for o in options_of(a)}
    assert any("charge zone" in d for d in by_to[None])
    assert any("from the life zone, for free" in d for d in by_to[8])
    assert 2 not in by_to  # A's player square


# -- the charge limit: CR 306.2a, 906.1 (ZX-CHARGE-LIMIT) -----------------------------------------


def five_charge_cards() -> tuple[LogBuilder, list[str]]:
    """Turn 3: A's events have destroyed 5 of B's Z/X; B's charge zone holds 5."""
    b = LogBuilder(
        [DESTROY, BIG],
        a=["T-DS"] * 4 + [F] * 6 + ["T-DS"] * 2,
        b=["T-BIG"] * 4 + [F] * 6 + ["T-BIG"] * 2,
    ).start()
    b.pass_turn("A").proceed("B", 2)
    b_cards = [b.iid("B", k) for k in (0, 1, 2, 3, 10)]
    for iid, square in zip(b_cards, (4, 5, 6, 7, 9), strict=True):
        b.act("B", "play", card=iid, to=square)
    b.proceed("B").proceed("A", 2)
    for k, target in zip((0, 1, 2, 3, 10), b_cards, strict=True):
        ev = b.iid("A", k)
        b.act("A", "play", card=ev).act("A", "resolve", source=ev, targets=[target])
    return b, b_cards


def test_legal_the_charge_limit_its_owner_trashes_exactly_the_excess() -> None:
    # ZX-CHARGE-LIMIT (CR 306.2a: 4 at most; 906.1: the player chooses the excess to the trash)
    b, b_cards = five_charge_cards()
    assert len(player_state(b.replay(), "B")["charge"]) == 5
    a = answer(b, "options")
    assert [c["player"] for c in a["choices"]] == ["B"] and kinds_of(a) == {"trash_charge"}
    by_a = answer(b, "legal", action={"p": "A", "do": "trash_charge", "cards": [b_cards[0]]})
    assert by_a["legal"] is False  # the turn player does not choose B's cards
    two = answer(b, "legal", action={"p": "B", "do": "trash_charge", "cards": b_cards[:2]})
    assert two["legal"] is False and rule_ids(two) == ["ZX-CHARGE-LIMIT"]
    one = answer(b, "legal", action={"p": "B", "do": "trash_charge", "cards": [b_cards[2]]})
    assert one["legal"] is True
    assert (
        f"B puts {b_cards[2]} from the charge zone into the trash." in one["consequence"]["events"]
    )


# -- reload (ZX-RELOAD) -------------------------------------------------------------------------


def test_legal_a_draw_from_an_empty_deck_reloads_at_once() -> None:
    # ZX-RELOAD (wikiwiki リロードエフェクト; CR 901.2b): the deck empty, the trash becomes the
    # deck at once and a life card goes to the charge zone
    d1 = card("T-D1", type="event", effects=[{"when": "play", "do": [{"op": "draw", "n": 1}]}])
    d3 = card("T-D3", type="event", effects=[{"when": "play", "do": [{"op": "draw", "n": 3}]}])
    b = LogBuilder([d1, d3], a=["T-D1", "T-D3"], size=12).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0))
    a = answer(b, "legal", action={"p": "A", "do": "play", "card": b.iid("A", 1)})
    assert a["legal"] is True
    assert any(r["rule"] == "ZX-RELOAD" for r in a["consequence"]["rulings"])
    assert "ZX-RELOAD" in rule_ids(a)


# -- Range and adjacency: 关键词能力 4, 关键词行动 17 ---------------------------------------------


def facing(attacker: dict[str, Any], a_square: int, b_square: int) -> LogBuilder:
    """Turn 3: A's ``attacker`` on ``a_square``, B's 5000-power Z/X on ``b_square``."""
    b = LogBuilder([attacker, BIG], a=[attacker["code"]], b=["T-BIG"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=a_square).pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=b_square).proceed("B")
    return b.proceed("A", 2)


def test_legal_a_diagonal_square_is_distance_2() -> None:
    # seed, 4 射程: "一个方阵斜向相接的方阵，需要横向、纵向各跨越1次，因此距离为2" -- without Range a
    # Z/X reaches the squares next to it; with Range 2 the diagonal one
    b = facing(ATK, 5, 7)
    a = answer(b, "legal", action={"p": "A", "do": "attack", "card": b.iid("A", 0), "target": 7})
    assert a["legal"] is False and rule_ids(a) == ["ZX-ATTACK"]
    b = facing(RANGED, 5, 7)
    a = answer(b, "legal", action={"p": "A", "do": "attack", "card": b.iid("A", 0), "target": 7})
    assert a["legal"] is True
    assert "ZX-RANGE" in rule_ids(a)
    assert any("takes 3000 damage" in e for e in a["consequence"]["events"])


def test_legal_three_in_a_row_are_two_adjacent_pairs() -> None:
    # seed, 17 邻接: "有3张Z/X连成一横列或一纵列的场合，中央的Z/X与两侧Z/X各有1组邻接，合计2组"
    b = LogBuilder([PAIRS2], a=["T-PR", "T-PR", "T-PR"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=4).act("A", "play", card=b.iid("A", 1), to=5)
    use = {"p": "A", "do": "activate", "card": b.iid("A", 0)}
    one_pair = answer(b, "legal", action=use)
    assert one_pair["legal"] is False and rule_ids(one_pair) == ["ZX-ADJACENT"]
    b.act("A", "play", card=b.iid("A", 2), to=6)
    assert answer(b, "legal", action=use)["legal"] is True


def test_legal_zekkai_cannot_be_chosen() -> None:
    # seed, 6 绝界: "任何涉及“选择指定张数的Z/X”的效果在选择卡片时，不能选择这张卡"
    zekkai = card("T-ZK", power=5000, keywords=["zekkai"])
    b = LogBuilder([DESTROY, zekkai], a=[F, "T-DS"], b=["T-ZK"]).start().pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 1))
    resolve = {"p": "A", "do": "resolve", "source": b.iid("A", 1), "targets": [b.iid("B", 0)]}
    a = answer(b, "legal", action=resolve)
    assert a["legal"] is False and rule_ids(a) == ["ZX-ZEKKAI"]


# -- damage to a Z/X accumulates: 关键词行动 1 ------------------------------------------------------


def test_legal_the_second_attack_destroys_by_accumulated_damage() -> None:
    # seed, 1: "方阵上的Z/X在同一个回合中受到的伤害会累积，当伤害的累积值大于等于这张Z/X的当前力量值
    # 时，这张Z/X将会破坏"; 7: "将那张Z/X移动到持有者的充能区" -- 3000 + 3000 against 5000
    b = LogBuilder([ATK, BIG], a=["T-ATK", "T-ATK"], b=["T-BIG"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1), to=1)
    b.pass_turn("A").proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4)
    b.proceed("B").proceed("A", 2).act("A", "attack", card=b.iid("A", 0), target=4)
    a = answer(b, "legal", action={"p": "A", "do": "attack", "card": b.iid("A", 1), "target": 4})
    assert a["legal"] is True
    assert {"ZX-DAMAGE-ZX", "ZX-DESTROY"} <= set(rule_ids(a))
    assert any("charge" in e for e in a["consequence"]["events"])


# -- the phases (ZX-TURN) and explain ------------------------------------------------------------


def test_options_each_phase_of_the_turn() -> None:
    # ZX-TURN (official glossary; FAN summary): reboot, draw, resource, ignition, main, end
    b = LogBuilder([ATK], a=["T-ATK"]).start()
    a = answer(b, "options")
    assert a["state"]["phase"] == "resource" and kinds_of(a) == {"resource", "proceed"}
    b.proceed("A")
    a = answer(b, "options")
    assert a["state"]["phase"] == "ignition"
    assert kinds_of(a) == {"proceed"}  # no charge card yet: no ignition possible
    refused = answer(b, "legal", action={"p": "A", "do": "ignite", "charge": "A-1"})
    assert refused["legal"] is False and rule_ids(refused) == ["ZX-IGNITION"]
    b.proceed("A")
    a = answer(b, "options")
    assert a["state"]["phase"] == "main"
    assert {"play", "proceed"} <= kinds_of(a) <= {"play", "attack", "activate", "proceed"}


def test_explain_a_play_on_the_opponents_player_square() -> None:
    # ZX-PLAY-SQUARE (wikiwiki, FAN): "相手のプレイヤースクエア以外"
    b = LogBuilder([ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=8)
    a = answer(b, "explain")
    assert a["step_verdict"] == "illegal" and rule_ids(a) == ["ZX-PLAY-SQUARE"]
    assert a["choices"][0]["player"] == "A"  # still A's main phase
