"""Z/X rulings checked against the comprehensive rules as the fan wiki quotes them, and the
decisions no source settles made rule options (issue 20, Z/X part): each test is named after
its rule and quotes the source's wording."""

from __future__ import annotations

from typing import Any

from judge.core.replay import replay
from judge.games.zx.testing import (
    LogBuilder,
    card,
    event_texts,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

F = "T-000"


def at(r: dict[str, Any], sq: int, i: int = -1) -> Any:
    return game_state(r, i)["squares"][str(sq)]


def ignition_position(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Turn 3, A's ignition phase: two charge cards, a known deck (sample cards)."""
    return {
        "format": "judge-action-log/1",
        "game": "zx",
        "players": [{"id": "A"}, {"id": "B"}],
        "card_sets": ["zx-sample"],
        "hidden": {"mode": "observed"},
        "start": {
            "turn": 3,
            "phase": "ignition",
            "turn_player": "A",
            "first": "A",
            "players": {
                "A": {
                    "charge": ["ZXS-001", "ZXS-001"],
                    "hand": [],
                    "life": ["ZXS-001"] * 4,
                    "deck": ["ZXS-001"] * 3,
                },
                "B": {"hand": [], "life": ["ZXS-001"] * 4, "deck": ["ZXS-001"] * 3},
            },
        },
        "actions": actions,
    }


# -- ZX-IGNITION: CR 505.3-505.5 -------------------------------------------------------------


def test_ZX_IGNITION_may_ignite_again_after_an_ignition() -> None:
    """CR 505.5 (zxtcg.fandom.com/wiki/Ignition_Phase): "If the turn player chooses a card in
    Charge, return to 505.3. If the turn player choose to pass, proceed to the Main Phase.\""""
    r = replay(
        ignition_position(
            [
                {"p": "A", "do": "ignite", "charge": "A-1"},
                {"p": "A", "do": "ignite", "charge": "A-2"},
            ]
        )
    )
    assert [s["verdict"] for s in r["steps"]] == ["legal", "legal"]
    assert game_state(r)["phase"] == "ignition"  # a second ignition, and still the phase
    assert r["steps"][-1]["pending"][0]["kind"] == "ignite|proceed"
    assert player_state(r, "A")["charge"] == []


def test_ZX_IGNITION_only_a_pass_ends_the_ignition_phase() -> None:
    """CR 505.3: "The turn player is able to choose a card in their own Charge, or choose to
    pass"; 505.5: only the pass proceeds to the Main Phase."""
    base = [{"p": "A", "do": "ignite", "charge": "A-1"}]
    r = replay(ignition_position([*base, {"p": "A", "do": "proceed"}]))
    assert verdict(r, -1) == "legal" and game_state(r)["phase"] == "main"
    assert any("passes in the ignition phase" in t for t in ruling_texts(r, -1))
    # a main-phase action right after an ignition is not in the ignition phase's decisions
    r = replay(ignition_position([*base, {"p": "A", "do": "attack", "card": "A-1", "target": 8}]))
    assert verdict(r, -1) == "illegal"


# -- ZX-EXTEND-DRIVE: seed 003, keyword ability 10 ---------------------------------------------


def test_ZX_EXTEND_DRIVE_an_automatic_ability_is_the_players_one_use() -> None:
    """Seed 003 关键词能力 10: "一种每名玩家在1次游戏中只能使用1次的能力。会在能力的【起】【自】前
    用“Z/X延伸驱动！”表示…这次游戏中，这张卡的操控者没有使用过“Z/X延伸驱动！”能力的场合，这个能力
    才会有效": a 【自】 one used is the one use, and a 【起】 one is then not valid."""
    ed = card(
        "T-ED",
        effects=[
            {"when": "appear", "extend_drive": True, "do": [{"op": "draw", "n": 1}]},
            {"when": "activated", "extend_drive": True, "do": [{"op": "draw", "n": 1}]},
        ],
    )
    b = LogBuilder([ed], a=["T-ED"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "ZX-EXTEND-DRIVE" in rules_applied(r, b.last)
    assert player_state(r, "A")["extend_drive_used"] is True
    b.act("A", "activate", card=b.iid("A", 0), ability=1)
    assert rules_broken(b.replay(), b.last) == ["ZX-EXTEND-DRIVE"]


def test_ZX_EXTEND_DRIVE_a_second_automatic_one_is_no_longer_valid() -> None:
    """Seed 003 关键词能力 10: valid only "没有使用过…的场合": two triggered at once, the one that
    resolves second finds the use made and does nothing."""
    ed = card(
        "T-ED2", effects=[{"when": "appear", "extend_drive": True, "do": [{"op": "draw", "n": 1}]}]
    )
    two = card(
        "T-AP2",
        type="event",
        effects=[{"when": "play", "do": [{"op": "appear", "n": 2, "from": "hand"}]}],
    )
    b = LogBuilder([ed, two], a=["T-AP2", "T-ED2", "T-ED2"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0))
    b.act(
        "A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 1), b.iid("A", 2)], squares=[4, 5]
    )
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "resolve", source=b.iid("A", 1))  # the other then resolves by itself
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == hand + 1  # one draw, not two
    assert any("not valid" in t for t in event_texts(r, b.last))


# -- ZX-REVEAL: seed 003, keyword action 5 ------------------------------------------------------


def test_ZX_REVEAL_the_deck_is_shuffled_after_the_effect_resolves() -> None:
    """Seed 003 关键词行动 5: "在卡片的效果处理结束后如果还是公开状态的场合，需要将其返回非公开
    状态（转为背面表示）；对象秘匿领域是卡组的场合，在将公开的卡转为背面表示后需要将卡组切洗": a draw
    later in the same effect takes the revealed top card; the shuffle comes after it."""
    rv = card(
        "T-RVD",
        type="event",
        effects=[{"when": "play", "do": [{"op": "reveal_top", "n": 1}, {"op": "draw", "n": 1}]}],
    )
    b = LogBuilder([rv], a=["T-RVD"]).start().to_main("A")
    top = b.iid("A", 10)  # 4 hand, 4 life, 2 resources: the deck's top card now
    b.act("A", "play", card=b.iid("A", 0))
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert top in player_state(r, "A")["hand"]
    kinds = event_types(r, b.last)
    assert kinds.index("reveal") < kinds.index("draw") < kinds.index("shuffle")
    assert "ZX-REVEAL" in rules_applied(r, b.last)


# -- ZX-BATTLE, ZX-POWER-ZERO, ZX-OB-ATTACK ------------------------------------------------------

SNIPE = card(
    "T-SNP",
    power=3000,
    effects=[{"when": "attack", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)
WEAK = card(
    "T-WK",
    power=1000,
    effects=[{"when": "attack", "do": [{"op": "power", "n": -1000, "target": {"side": "own"}}]}],
)
BIG = card("T-BG", power=5000)


def _b_zx_on_5(attacker: dict[str, Any]) -> LogBuilder:
    """A's Z/X on 4; B's 5000 Z/X on 5 (turn 2); turn 3: A's Z/X is rebooted."""
    b = LogBuilder([attacker, BIG], a=[attacker["code"]], b=["T-BG"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=4).pass_turn("A").to_main("B")
    b.act("B", "play", card=b.iid("B", 0), to=5).pass_turn("B").to_main("A")
    return b.act("A", "attack", card=b.iid("A", 0), target=5)


def test_ZX_BATTLE_no_player_damage_when_the_attacked_zx_leaves_a_normal_square() -> None:
    """zxtcg.fandom.com/wiki/Battle: the attacking Z/X "may target one of the opposing Z/X or the
    opponent's empty Player Square ... as an attack target, which is then dealt damage"; the
    Player Square page: only "a Player Square without any Z/X on it [that] is attacked" costs
    its player damage. The target was a Z/X: once it has left, nobody takes damage."""
    b = _b_zx_on_5(SNIPE)
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("B", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 5) is None
    assert player_state(r, "B")["life"] == 4  # no player damage
    assert "player_damage" not in event_types(r, b.last)
    assert "ZX-BATTLE" in rules_applied(r, b.last)


def test_ZX_POWER_ZERO_an_attacker_at_power_0_is_destroyed_before_the_damage() -> None:
    """CR 208.2 (zxtcg.fandom.com/wiki/Power): "During priority preprocessing (702), if ... its
    Power is equal to or less than 0, this card is destroyed per Rule Effect": the attacker is
    gone before the battle deals damage, and the battle ends."""
    b = _b_zx_on_5(WEAK)
    b.act("A", "resolve", source=b.iid("A", 0), targets=[b.iid("A", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 4) is None and b.iid("A", 0) in player_state(r, "A")["charge"]
    assert at(r, 5)["damage"] == 0
    assert {"ZX-POWER-ZERO", "ZX-BATTLE"} <= set(rules_applied(r, b.last))


PLAYER = card("T-PL", type="player", overboost="Oathbound Aria")
UPPER = card("T-UP", type="zx_ob", name="Oathbound Aria", power=9000)
IGOB_EV = card(
    "T-IGE", type="event", effects=[{"when": "play", "do": [{"op": "igob", "name": "Aria"}]}]
)
RUNNER = card("T-RUN", power=2000)


def test_ZX_OB_ATTACK_no_attack_on_the_player_square_while_its_zx_ob_is_on_a_square() -> None:
    """zxtcg.fandom.com/wiki/Battle, Battle Declaration Step: "However, the opponent's empty
    Player Square cannot be chosen as an attack target if the opponent controls a Z/X Overboost
    on Square.\""""
    b = LogBuilder(
        [PLAYER, UPPER, IGOB_EV, RUNNER], a=["T-IGE"], b=["T-RUN"], dynamis={"A": ["T-UP"]}
    )
    b.act("A", "first_player", first="A").act("A", "setup", overboost="T-PL")
    b.act("B", "setup").act("A", "mulligan", redraw=False).act("B", "mulligan", redraw=False)
    b.proceed("A", 2).act("A", "play", card=b.iid("A", 0))
    b.act("A", "resolve", source=b.iid("A", 0), targets=["A-D1"], to=5).proceed("A")
    b.to_main("B").act("B", "play", card=b.iid("B", 0), to=1)
    b.act("B", "attack", card=b.iid("B", 0), target=2)  # A's empty player square
    r = b.replay()
    assert at(r, 5, b.last - 1)["code"] == "T-UP"
    assert rules_broken(r, b.last) == ["ZX-OB-ATTACK"]


# -- rule options ---------------------------------------------------------------------------------


def _player_damage(**opts: Any) -> dict[str, Any]:
    atk = card("T-AT", power=3000)
    b = LogBuilder([atk], a=["T-AT"], options=opts).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).pass_turn("A").pass_turn("B").to_main("A")
    b.act("A", "attack", card=b.iid("A", 0), target=8)
    return b.replay()


def test_ZX_PLAYER_DAMAGE_TIMING_player_damage_is_the_last_rule_effect() -> None:
    """CR 901.2b (zxtcg.fandom.com/wiki/Rule_Effect): "If multiple Rule Effect are performed
    simultaneously, they are performed in the following order ... 7. Lethal Damage Effect 8. Loss
    Effect 9. Player Damage Effect"; option player_damage_timing (GAP) at_once picks at once."""
    r = _player_damage()
    assert "ZX-PLAYER-DAMAGE-TIMING" in rules_applied(r, -1)
    assert r["steps"][-1]["pending"][0]["kind"] == "pick_life"
    r = _player_damage(player_damage_timing="at_once")
    assert "ZX-PLAYER-DAMAGE-TIMING" not in rules_applied(r, -1)
    assert r["steps"][-1]["pending"][0]["kind"] == "pick_life"


def _alter_force(**opts: Any) -> LogBuilder:
    """A's Alter Force 3 Z/X appears on turn 1 with one card in A's trash (an event played)."""
    af = card("T-AF3", keywords=["alter_force 3"])
    ev = card("T-EV", type="event", effects=[{"when": "play", "do": [{"op": "draw", "n": 1}]}])
    b = LogBuilder([af, ev], a=["T-EV", "T-AF3"], options=opts).start().to_main("A")
    return b.act("A", "play", card=b.iid("A", 0)).act("A", "play", card=b.iid("A", 1), to=5)


def test_ZX_ALTER_FORCE_SHORT_fewer_trash_cards_than_x() -> None:
    """Seed 003 关键词能力 7: "选择你的废弃区中的X张卡" says nothing of fewer than X: GAP, option
    alter_force_short (default all: the one card goes under it; none: no card does)."""
    b = _alter_force()
    ev = b.iid("A", 0)
    b.act("A", "resolve", source=b.iid("A", 1), targets=[ev])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "ZX-ALTER-FORCE-SHORT" in rules_applied(r, b.last)
    assert player_state(r, "A")["trash"] == []
    b = _alter_force(alter_force_short="none")
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("A", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-ALTER-FORCE"]  # names one; none may go
    b.doc["actions"][-1]["targets"] = []
    r = b.replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "A")["trash"] == [b.iid("A", 0)]


SHIFT = card("T-SH", type="shift", device={"race": "Knight"})
SHIFT_EV = card("T-SHE", type="event", effects=[{"when": "play", "do": [{"op": "shift"}]}])
KNIGHT = card("T-KN", races=["Knight"])


def _shift_onto_b(**opts: Any) -> LogBuilder:
    b = LogBuilder(
        [SHIFT, SHIFT_EV, KNIGHT], a=[F, "T-SHE"], b=["T-KN"], dynamis={"A": ["T-SH"]}, options=opts
    ).start()
    b.pass_turn("A").to_main("B").act("B", "play", card=b.iid("B", 0), to=5).pass_turn("B")
    b.to_main("A").act("A", "play", card=b.iid("A", 1))
    return b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D1", b.iid("B", 0)])


def test_ZX_SHIFT_ONTO_own_card_by_default_any_by_option() -> None:
    """Seed 003 关键词行动 15: "将神域卡组中的背面表示的剑临卡放置到其卡片能力文中的“剑临器”指定的
    方阵上的卡上" names the designated square's card, not whose: GAP, option shift_onto."""
    assert rules_broken(_shift_onto_b().replay(), -1) == ["ZX-SHIFT"]
    r = _shift_onto_b(shift_onto="any").replay()
    assert verdict(r, -1) == "legal" and at(r, 5)["shift"] == "A-D1"


def test_ZX_MARKER_SPEND_fewer_than_x_is_impossible_by_default() -> None:
    """Seed 003 关键词行动 16: "“消耗X个<标识>”指从玩家自己的已获得的指定的标识的计数标记物中减去X
    所示数量": with fewer than X, GAP: option marker_spend_short."""
    gm = card(
        "T-GM2",
        effects=[
            {"when": "appear", "do": [{"op": "gain_marker", "marker": "B", "n": 1}]},
            {"when": "activated", "cost": {"spend": {"B": 2}}, "do": [{"op": "draw", "n": 1}]},
        ],
    )
    for opt, want in (("impossible", ["ZX-MARKER-SPEND"]), ("to_zero", [])):
        b = LogBuilder([gm], a=["T-GM2"], options={"marker_spend_short": opt}).start()
        b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
        b.act("A", "activate", card=b.iid("A", 0))
        assert rules_broken(b.replay(), b.last) == want


# -- split labels -------------------------------------------------------------------------------


def test_ZX_START_CARD_UP_the_start_card_turns_face_up_when_the_game_starts() -> None:
    """FAN note.com/zx_lycoris ゲームの準備: スタートカードを表にして開始."""
    sc = card("T-SC", power=2000, keywords=["start_card"])
    b = LogBuilder([sc], setup={"A": {"start_card": "T-SC"}}).start()
    r = b.replay()
    assert at(r, 2)["code"] == "T-SC"
    assert "ZX-START-CARD-UP" in rules_applied(r, b.last)


def test_ZX_CHOOSE_choosing_is_what_the_text_says_it_chooses() -> None:
    """Seed 003 关键词行动 22: "卡片的能力或效果中记述的“选择（選ぶ、選び）”要求选择指定的卡片的场合，
    称为“通过卡片的能力选择”": a Zekkai Z/X cannot be chosen by an op that chooses."""
    zk = card("T-ZK", keywords=["zekkai"])
    kill = card(
        "T-KL",
        type="event",
        effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
    )
    b = LogBuilder([zk, kill], a=[F, "T-KL"], b=["T-ZK"]).start().pass_turn("A").to_main("B")
    b.act("B", "play", card=b.iid("B", 0), to=5).pass_turn("B").to_main("A")
    b.act("A", "play", card=b.iid("A", 1))
    b.act("A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)])
    assert rules_broken(b.replay(), b.last) == ["ZX-ZEKKAI"]


def test_ZX_EX_LEAVE_a_zx_ex_sent_to_the_trash_goes_to_the_dynamis() -> None:
    """wikiwiki.jp/zxtcg ゼクス エクストラ (FAN): スクエア以外に置かれたゼクス エクストラは即座に
    デュナミスに表向きで置かれる."""
    ex = card("T-EX", type="zx_ex", power=3000)
    b = LogBuilder([ex], a=[F], dynamis={"A": ["T-EX"]}).start().to_main("A")
    b.act("A", "play_ex", card="A-D1", to=5)
    b.act("A", "play", card=b.iid("A", 0), to=5)  # overwrites the rebooted Z/X EX
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["dynamis"] == ["A-D1"]  # face up, not in the trash
    assert "ZX-EX-LEAVE" in rules_applied(r, b.last)
