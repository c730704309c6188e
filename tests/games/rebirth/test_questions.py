"""Rebirth for you questions (``judge ask``, :mod:`judge.core.ask`) on states built with the log
builder, from the seed's own sections (seed 004, Rebirth基本规则, a Chinese translation of the
basic rules): エントリーイン (entry-in whenever the entry is empty, also after the 7th retired
card), スパーク (sparks only through entry-in), Rebirth卡的使用 (a Rebirth card revealed by
entry-in), 游戏流程 (the phases; no battle phase in the first player's first turn), 攻击的基本流程
(damage against DEF through the turn, the blocker, its worked example, the partner attack) and
游戏场地 ③ (the loss at 7 cards in the retire area).

Each test asserts the answer the source gives (the seed's words quoted in a comment) and the rule
ids it rests on.  Seeded logs (``mode="seeded"``) are used where the answer lists the cards of a
hand (the engine sees them); observed logs where the test chooses what an entry-in reveals."""

from __future__ import annotations

from typing import Any

from judge.core.ask import ask
from judge.core.canonical import canonical_json
from judge.games.rebirth.testing import (
    BIG,
    NO_CANCEL,
    REBIRTH,
    LogBuilder,
    card,
    player_state,
    to_b_battle,
)

ZERO = {"energy": 0, "partner": 0}
PARTNERS = ["T-P01"] * 3
STRIKER = card("T-S3", name="Striker", level=0, atk=3, def_=5)
BULWARK = card("T-D8", name="Bulwark", level=0, atk=1, def_=8)
WALL = card("T-BLK", name="Wall", level=1, atk=1, def_=2, keywords=["blocker"], frame="green")
FORTRESS = card("T-WALL", name="Fortress", level=0, atk=0, def_=20)
FLASH = card(
    "T-SPK",
    name="Flash",
    frame="yellow",
    effects=[{"when": "spark", "do": [{"op": "draw", "n": 2}]}],
)
BURST = card(
    "T-SRB",
    "rebirth",
    name="Burst",
    frame="yellow",
    effects=[{"when": "spark", "do": [{"op": "draw", "n": 1}]}],
)


def question(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return {"format": "judge-question/1", "kind": kind, "log": b.log(), **fields}


def answer(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return ask(question(b, kind, **fields))


def rule_ids(a: dict[str, Any]) -> list[str]:
    return [r["id"] for r in a["rules"]]


def options_of(a: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for c in a["choices"] for o in c["options"]]


def members(b: LogBuilder, p: str = "B") -> list[str]:
    return [m["id"] for m in player_state(b.replay(), p)["members"] if m]


def strikers_vs(a_main: list[str], cards: list[dict[str, Any]], **kw: Any) -> LogBuilder:
    """Seeded: A (first) holds ``a_main`` (its first card is A's entry); B's deck is all Strikers
    (ATK 3). A passes turn 1; in turn 2 B moves its entry to the three member squares (each
    entry-in brings another Striker) and is in its battle phase."""
    decks = {"A": {"main": a_main, "partner": PARTNERS}, "B": {"main": ["T-S3"] * 50}}
    decks["B"]["partner"] = PARTNERS
    b = LogBuilder([STRIKER, *cards], decks=decks, mode="seeded", **kw)
    b.setup(first="A", entries={"A": a_main[0], "B": "T-S3"}).proceed("A", 2).proceed("B")
    for square in (1, 2, 3):
        b.act("B", "move", square=square, pay=ZERO)
    return b.proceed("B")


def attack(b: LogBuilder, member: str, guard: str | None = None) -> LogBuilder:
    return b.act("B", "attack", card=member).act("A", "guard", card=guard)


# -- damage: 攻击的基本流程 and its worked example ------------------------------------------------


def test_damage_the_seeds_example_blocked_second_attack_leaves_the_entry() -> None:
    # seed, 攻击的基本流程, 例: "攻击力为３…防御力为８，第一次普通攻击后给予对方３点伤害，第二次普通
    # 攻击对手使用拦截故不造成伤害，第三次普通攻击后给予对方３点伤害，合计伤害为６，低于８的防御力，
    # 故无法打倒对手“擂台”角色"
    b = strikers_vs(["T-D8"] + ["T-BLK"] * 49, [BULWARK, WALL])
    first, second, third = members(b)
    attack(b, first)
    attack(b, second, guard="T-BLK")
    b.act("B", "attack", card=third)
    a = answer(b, "damage")
    assert a["verdict"].startswith("A decides (guard)")  # the defender decides, nobody else
    assert [c["player"] for c in a["choices"]] == ["A"]
    by_guard = {o["action"]["card"] is None: o for o in options_of(a)}
    no_block = by_guard[True]
    assert "6 damage in total against DEF 8: A-1 (Bulwark) stays" in " ".join(no_block["events"])
    assert not any(r["rule"] == "R4U-ENTRY-IN" for r in no_block["rulings"])
    blocked = by_guard[False]  # "如果使用的话那么这次攻击便无法造成伤害"
    assert "The attack deals no damage (blocker)." in blocked["events"]
    assert {"R4U-DAMAGE", "R4U-BLOCKER"} <= set(rule_ids(a))


def test_damage_the_seeds_example_unblocked_nine_defeats_def_8() -> None:
    # seed, 例: "若第二次普通攻击对手未使用拦截，则能达到９点伤害，打倒对手“擂台”角色"; 3: "合计伤害量
    # 超过或达到对手“擂台”角色的防御力时…打倒的角色送入退场区"; then entry-in ("擂台"空着 → 报名)
    b = strikers_vs(["T-D8"] + ["T-BLK"] * 49, [BULWARK, WALL])
    first, second, third = members(b)
    attack(b, first)
    attack(b, second)
    b.act("B", "attack", card=third)
    a = answer(b, "damage")
    no_block = next(o for o in options_of(a) if o["action"]["card"] is None)
    events = " ".join(no_block["events"])
    assert "9 damage in total against DEF 8: A-1 (Bulwark) is defeated." in events
    assert "goes to A's retire area (1 there)" in events
    assert "A's entry-in" in events
    assert [r["rule"] for r in no_block["rulings"]][0] == "R4U-DAMAGE"
    assert {"R4U-DAMAGE", "R4U-ENTRY-IN"} <= set(rule_ids(a))


def test_legal_only_a_blocker_card_stops_an_attack() -> None:
    # seed, 普通攻击时 1: "对手可以选择是否使用带有ブロッカー（拦截）的卡片" -- a card without blocker
    # answers nothing
    b = to_b_battle().act("B", "attack", card="T-000")
    a = answer(b, "legal", action={"p": "A", "do": "guard", "card": "T-ATK"})
    assert a["legal"] is False and rule_ids(a) == ["R4U-BLOCKER"]
    # nor does the attacker answer its own attack
    a = answer(b, "legal", action={"p": "B", "do": "guard", "card": "T-BLK"})
    assert a["legal"] is False


# -- the partner attack: 游戏流程 5 and 伙伴攻击时 ----------------------------------------------


def partner_attack_scene() -> LogBuilder:
    """A's entry is the Fortress (DEF 20); B adds a partner in turns 2 and 4 (the preset made
    the first), moves its entry to square 1 in turn 4 and is in its battle phase."""
    b = LogBuilder([FORTRESS, STRIKER]).setup(first="A", entries={"A": "T-WALL"})
    b.proceed("A", 2).act("B", "partner", card="T-P01").proceed("B", 3).proceed("A", 3)
    b.act("B", "partner", card="T-P01").proceed("B")
    b.act("B", "move", square=1, pay=ZERO).act("B", "reveal", card="T-S3")
    return b.proceed("B")


def test_legal_a_partner_attack_needs_all_three_partners() -> None:
    # seed, 游戏流程 5: "在进行一次攻击时，一起横置能量区中的３张伙伴卡，这次攻击将成为必杀的伙伴攻击"
    # -- in turn 2 B has 2 partners (the preset and one from its energy phase)
    b = LogBuilder([STRIKER]).setup(first="A").proceed("A", 2)
    b.act("B", "partner", card="T-P01").proceed("B")
    b.act("B", "move", square=1, pay=ZERO).act("B", "reveal", card="T-S3").proceed("B")
    a = answer(b, "legal", action={"p": "B", "do": "attack", "card": "T-000", "partner": True})
    assert a["legal"] is False and rule_ids(a) == ["R4U-PARTNER-ATTACK"]
    # the same member may still make a normal attack
    normal = answer(b, "legal", action={"p": "B", "do": "attack", "card": "T-000"})
    assert normal["legal"] is True


def test_legal_a_partner_attack_retires_the_entry_whatever_its_def() -> None:
    # seed, 伙伴攻击时: "无视双方的攻击力与防御力，对手“擂台”角色直接送入退场区" -- ATK 3 against DEF 20
    b = partner_attack_scene().act("B", "attack", card="T-000", partner=True)
    a = answer(b, "legal", action={"p": "A", "do": "guard", "card": None})
    assert a["legal"] is True
    c = a["consequence"]
    assert any(r["rule"] == "R4U-PARTNER-ATTACK" for r in c["rulings"])
    assert any("goes to A's retire area (1 there)" in e for e in c["events"])
    assert c["then"] == ["A: reveal"]  # the entry-in that follows
    assert "R4U-DAMAGE" not in rule_ids(a)  # ATK and DEF are not compared
    # no damage is dealt ("无视…攻击力与防御力"): the damage question says so, and names the
    # defender's guard decision as what waits
    d = answer(b, "damage")
    assert d["verdict"].startswith("No damage is waiting")
    assert [c["player"] for c in d["choices"]] == ["A"]


# -- the loss at 7: 游戏场地 ③ and エントリーイン ---------------------------------------------------


def test_damage_the_seventh_retired_card_loses_after_its_entry_in() -> None:
    # seed, 游戏场地 ③: "这里的卡最终达到７张时就会失败"; エントリーイン: "在第７张卡进入退场区时也需要
    # 进行报名" -- the 7th card is followed by an entry-in, then A loses
    b = strikers_vs(["T-000"] * 50, [])
    for _ in range(2):  # turns 2 and 4: three attacks each, each retiring a filler (DEF 3)
        for member in members(b):
            attack(b, member)
        b.proceed("B").proceed("A", 3).proceed("B", 2)
    assert len(player_state(b.replay(), "A")["retire"]) == 6
    b.act("B", "attack", card=members(b)[0])
    a = answer(b, "damage")
    [option] = options_of(a)  # A's hand holds no blocker: no guard is the only choice
    assert option["result"] == {"winner": "B", "reason": "retire"}
    events = option["events"]
    seventh = next(k for k, e in enumerate(events) if "(7 there)" in e)
    entry_in = next(k for k, e in enumerate(events) if "entry-in" in e)
    loss = next(k for k, e in enumerate(events) if "A loses" in e)
    assert seventh < entry_in < loss
    assert "R4U-LOSS-RETIRE" in rule_ids(a)


# -- entry-in, spark, Rebirth cards --------------------------------------------------------------


def test_legal_a_spark_fires_when_entry_in_reveals_it() -> None:
    # seed, スパーク: "因为报名导致“擂台”出现的卡片带有这个符号的效果时，将发动非常强力的效果"
    b = LogBuilder([FLASH], options=NO_CANCEL).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay=ZERO)  # the entry is empty: entry-in, A reveals
    a = answer(b, "legal", action={"p": "A", "do": "reveal", "card": "T-SPK"})
    assert a["legal"] is True
    events = a["consequence"]["events"]
    assert "A's entry-in: A-1 (Flash) enters the entry." in events
    assert sum("Flash)'s spark" in e for e in events) == 2  # draw 2
    assert rule_ids(a) == ["R4U-ENTRY-IN", "R4U-SPARK"]


def test_legal_a_spark_card_played_from_the_hand_fires_nothing() -> None:
    # seed, スパーク: "闪光的效果只有依靠报名才能启动"
    b = LogBuilder([FLASH]).setup(first="A").proceed("A")
    play = {"p": "A", "do": "play", "card": "T-SPK", "to": "entry", "pay": ZERO}
    a = answer(b, "legal", action=play)
    assert a["legal"] is True
    assert not any("spark" in e for e in a["consequence"]["events"])
    assert "R4U-SPARK" not in rule_ids(a)
    # "如果登场的区域已有角色存在，则之前存在的角色送入休息室"
    assert "R4U-REPLACE" in rule_ids(a)


def test_legal_a_rebirth_card_revealed_by_entry_in() -> None:
    # seed, Rebirth卡的使用: "因为报名使得“擂台”上出现Rebirth卡时，发动该卡片的闪光效果并将其放入Rebirth
    # 卡区" -- and the entry is still empty, so another entry-in (保证参赛区一直有角色存在)
    b = LogBuilder([BURST], options=NO_CANCEL).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay=ZERO)
    a = answer(b, "legal", action={"p": "A", "do": "reveal", "card": "T-SRB"})
    assert a["legal"] is True
    c = a["consequence"]
    assert "A's entry-in reveals A-1 (Burst), a Rebirth card." in c["events"]
    assert any("Burst)'s spark" in e for e in c["events"])  # its spark: draw 1
    assert c["then"] == ["A: reveal"]
    assert rule_ids(a)[0] == "R4U-REBIRTH-ENTRY" and "R4U-SPARK" in rule_ids(a)
    b.act("A", "reveal", card="T-SRB")
    assert player_state(b.replay(), "A")["rebirth_area"] == ["A-1"]


# -- both entries empty (エントリーイン; the order: R4U-ENTRY-IN-BOTH) ----------------------------

NO_CARDS = {"refresh_empty": "nothing"}  # a player with no card left simply has no entry-in


def a_without_cards(options: dict[str, Any] | None = None) -> LogBuilder:
    """A's deck is its entry and 3 hand cards; B's Striker (ATK 3) retires A's filler (DEF 3)
    in turn 2. A has no card for an entry-in (rule option refresh_empty "nothing")."""
    decks = {"A": {"main": ["T-000"] * 4, "partner": PARTNERS}}
    decks["B"] = {"main": ["T-S3"] * 50, "partner": PARTNERS}
    b = LogBuilder([STRIKER], decks=decks, options={**NO_CARDS, **(options or {})})
    b.setup(first="A", entries={"B": "T-S3"}).proceed("A", 2).proceed("B")
    b.act("B", "move", square=1, pay=ZERO).act("B", "reveal", card="T-S3").proceed("B")
    return attack(b, "B-1")


def both_entries_empty(options: dict[str, Any] | None = None) -> LogBuilder:
    """Turn 4: A's entry is still empty; B moves its entry to square 2: both are empty."""
    b = a_without_cards(options).proceed("B").proceed("A", 3).proceed("B")
    return b.act("B", "move", square=2, pay=ZERO)


def test_options_the_game_goes_on_when_no_entry_in_can_happen() -> None:
    # R4U-REFRESH-EMPTY's option "nothing": "the draw or entry-in simply does not happen" --
    # B's battle phase goes on (seed, 战斗阶段: B may attack again or end it)
    a = answer(a_without_cards(), "options")
    kinds = {o["action"]["do"] for o in options_of(a)}
    assert kinds == {"proceed"} or kinds == {"attack", "proceed"}
    assert [c["player"] for c in a["choices"]] == ["B"]


def test_order_both_entries_empty_the_turn_player_enters_first() -> None:
    # seed, エントリーイン: "只要参赛区空着没有角色存在就要进行报名"; the order of both: the turn player
    # first (R4U-ENTRY-IN-BOTH, FAN: 総合ルール as cited by 遊々亭Blog)
    b = both_entries_empty()
    a = answer(b, "order")
    assert a["waiting"] == []  # no card effect waits: the entry-ins are the rules' own
    assert [c["player"] for c in a["choices"]] == ["B"]
    assert {o["action"]["do"] for o in options_of(a)} == {"reveal"}
    assert "R4U-ENTRY-IN-BOTH" in rule_ids(a)
    e = answer(b, "explain")
    assert any(
        r["rule"] == "R4U-ENTRY-IN-BOTH" and "B performs entry-in first" in r["message"]
        for r in e["rulings"]
    )
    refused = answer(b, "legal", action={"p": "A", "do": "reveal", "card": "T-000"})
    assert refused["legal"] is False


def test_order_both_entries_empty_the_second_entry_in_still_follows() -> None:
    # rule option entry_in_order non_turn_player_first: A first (no card: nothing happens), then
    # B -- seed, エントリーイン: "只要参赛区空着没有角色存在就要进行报名"
    b = both_entries_empty({"entry_in_order": "non_turn_player_first"})
    assert "R4U-ENTRY-IN-BOTH" in rule_ids(answer(b, "explain"))
    a = answer(b, "options")
    assert {o["action"]["do"] for o in options_of(a)} == {"reveal"}
    assert [c["player"] for c in a["choices"]] == ["B"]


# -- the phases: 游戏流程 ---------------------------------------------------------------------------


def seeded_start() -> LogBuilder:
    decks = {p: {"main": ["T-000"] * 46 + ["T-RB"] * 4, "partner": PARTNERS} for p in "AB"}
    return LogBuilder([REBIRTH, BIG], decks=decks, mode="seeded").setup(first="A")


def test_options_each_phase_of_the_turn() -> None:
    # seed, 游戏流程 3: "可以将手牌中一张角色卡或Rebirth卡里侧状态放入能量 / 可以将手牌中一张伙伴卡表侧
    # 放入伙伴"; 4: move, play, Rebirth card; 5: "将一个成员横置…视为一次攻击"
    b = seeded_start()
    a = answer(b, "options")
    assert a["state"]["phase"] == "energy"
    assert {o["action"]["do"] for o in options_of(a)} == {"energy", "partner", "proceed"}
    b.proceed("A")
    a = answer(b, "options")
    assert a["state"]["phase"] == "main"
    kinds = {o["action"]["do"] for o in options_of(a)}
    assert {"move", "play", "proceed"} <= kinds <= {"move", "play", "rebirth", "proceed"}
    # the second player's battle phase: attack with a standing member, or end it
    b.proceed("A").proceed("B")
    b.act("B", "move", square=1, pay=ZERO).proceed("B")
    a = answer(b, "options")
    assert a["state"] == {"turn": 2, "phase": "battle", "turn_player": "B"}
    assert {o["action"]["do"] for o in options_of(a)} == {"attack", "proceed"}


def test_legal_a_second_energy_in_one_energy_phase() -> None:
    # seed, 游戏流程 3: "可以将手牌中一张角色卡或Rebirth卡里侧状态放入能量" (one card)
    b = seeded_start()
    first = player_state(b.replay(), "A")["hand"][0]
    b.act("A", "energy", card=first)
    second = next(c for c in player_state(b.replay(), "A")["hand"] if c and "PT" not in c)
    a = answer(b, "legal", action={"p": "A", "do": "energy", "card": second})
    assert a["legal"] is False and rule_ids(a) == ["R4U-ENERGY-PHASE"]


def test_legal_playing_a_character_costs_its_level() -> None:
    # seed, 费用的支付: "移动或登场角色需要的费用为该角色的等级数" -- the Giant is level 3, A has no
    # energy in turn 1
    b = LogBuilder([BIG]).setup(first="A").proceed("A")
    play = {"p": "A", "do": "play", "card": "T-BIG", "to": "member", "square": 1}
    a = answer(b, "legal", action={**play, "pay": {"energy": 3, "partner": 0}})
    assert a["legal"] is False and rule_ids(a) == ["R4U-COST"]


def test_legal_a_rebirth_card_from_the_hand_then_draw_1() -> None:
    # seed, 游戏流程 4: "将手牌中的一张Rebirth卡放入Rebirth卡区，然后抽一张卡"
    b = LogBuilder([REBIRTH]).setup(first="A").proceed("A")
    a = answer(b, "legal", action={"p": "A", "do": "rebirth", "card": "T-RB"})
    assert a["legal"] is True
    assert any("draws" in e for e in a["consequence"]["events"])
    assert "R4U-REBIRTH-PLAY" in rule_ids(a)


def test_explain_an_attack_in_the_first_players_first_turn() -> None:
    # seed, 游戏准备 5 / 游戏流程 5: "先攻玩家的第1回合不存在战斗阶段"
    b = LogBuilder([]).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay=ZERO).act("A", "reveal", card="T-000").proceed("A")
    # A's main phase ended: no battle phase, the turn goes to B
    ended = answer(b, "explain")
    assert any(r["rule"] == "R4U-BATTLE" for r in ended["rulings"])
    b.doc["actions"].pop()
    b.act("A", "attack", card="A-5")
    a = answer(b, "explain")
    assert a["step_verdict"] == "illegal"
    assert rule_ids(a) == ["R4U-BATTLE"]
    assert a["choices"][0]["player"] == "A"  # still A's main phase


def test_explain_a_move_onto_an_occupied_member_square() -> None:
    # seed, 主要阶段: "只能移动到空着的成员，不能选择存在角色的成员格"
    b = LogBuilder([]).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay=ZERO).act("A", "reveal", card="T-000")
    b.act("A", "move", square=1, pay=ZERO)
    a = answer(b, "explain", step=b.last)
    assert a["step_verdict"] == "illegal"
    assert rule_ids(a) == ["R4U-REPLACE"]
    assert "only to an empty member square" in a["explanation"]


def test_answers_are_deterministic() -> None:
    b = partner_attack_scene().act("B", "attack", card="T-000", partner=True)
    assert canonical_json(answer(b, "damage")) == canonical_json(answer(b, "damage"))
