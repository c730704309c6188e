"""Rules corrected or added when the catalogue was checked against the seed (each test from the
source's wording): the copy limit, the seed's damage example, the GAP options for the damage
total after a defeat, the energy-phase order, and both players at 7 (cancel against sparks: test_cancel.py)."""

from __future__ import annotations

from typing import Any

from judge.core.log import parse_log
from judge.core.replay import run_step
from judge.games.rebirth.decks import check_deck
from judge.games.rebirth.engine import RebirthEngine
from judge.games.rebirth.testing import (
    NO_CANCEL,
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

ZERO = {"energy": 0, "partner": 0}


def _main(n_chars: int = 11) -> tuple[list[str], dict[str, dict]]:
    chars = [card(f"C-{i}", name=f"Char {i}") for i in range(1, n_chars + 1)]
    rebirths = [card(f"R-{i}", "rebirth", name=f"Reb {i}") for i in range(1, 3)]
    main = [c["code"] for c in chars for _ in range(4)][:42] + [
        r["code"] for r in rebirths for _ in range(4)
    ]
    return main, {d["code"]: d for d in [*chars, *rebirths]}


# -- deck construction --------------------------------------------------------------------------


def test_R4U_DECK_COPIES_the_main_deck_only_partners_not_counted() -> None:
    """Seed, 卡片类型: "主卡组需要至少42张角色卡与至多8张Rebirth卡，同样的卡片至多可以投入4张" -- the
    limit is said of the main deck: 4 characters named Char 1 and a partner card of that name
    are legal."""
    main, cards = _main()
    cards["P-1"] = card("P-1", "partner", name="Char 1")
    assert main.count("C-1") == 4
    assert check_deck(main, ["P-1"] * 3, cards) == []
    five = [*main[:-1], "C-1"]  # a fifth Char 1 in the main deck is still too many
    assert [p.rule for p in check_deck(five, ["P-1"] * 3, cards)] == ["R4U-DECK-COPIES"]


def test_R4U_DECK_SAME_CARD_name_by_default_code_as_option() -> None:
    main, cards = _main()
    cards["C-1b"] = card("C-1b", name="Char 1")  # another code, the same name
    cards["P-1"] = card("P-1", "partner", name="Pal")
    five = [*main[:-1], "C-1b"]
    assert [p.rule for p in check_deck(five, ["P-1"] * 3, cards)] == ["R4U-DECK-COPIES"]
    assert check_deck(five, ["P-1"] * 3, cards, same_card="code") == []
    # the option reaches the engine's deck check
    b = LogBuilder(
        [*cards.values()],
        decks={p: {"main": five, "partner": ["P-1"] * 3} for p in "AB"},
        options={"deck_construction": True, "same_card": "code"},
    )
    b.act("A", "entry_select", card="C-1")
    assert "R4U-DECK-COPIES" not in rules_broken(b.replay(), 0)
    b.doc["rule_options"]["same_card"] = "name"
    assert "R4U-DECK-COPIES" in rules_broken(b.replay(), 0)


# -- damage ---------------------------------------------------------------------------------------

STRIKER = card("T-S3", name="Striker", level=0, atk=3, def_=5)
TARGET8 = card("T-D8", name="Bulwark", level=0, atk=1, def_=8)
TARGET5 = card("T-D5", name="Guard", level=0, atk=1, def_=5)
WALL = card("T-BLK", name="Wall", level=1, atk=1, def_=2, keywords=["blocker"])


def _three_members(options: dict[str, Any] | None = None, a_entry: str = "T-D8") -> LogBuilder:
    """A passes turn 1 (its entry ``a_entry``); in turn 2 B moves three fillers to its member
    squares and reveals the Striker (ATK 3) into its entry; B is in its battle phase."""
    b = LogBuilder([STRIKER, TARGET8, TARGET5, WALL], options=options)
    b.setup(first="A", entries={"A": a_entry}).proceed("A", 2).proceed("B")
    for sq in (1, 2):
        b.act("B", "move", square=sq, pay=ZERO).act("B", "reveal", card="T-000")
    b.act("B", "move", square=3, pay=ZERO).act("B", "reveal", card="T-S3")
    return b.proceed("B")


def _attack(b: LogBuilder, square_card: str, guard: str | None = None) -> dict:
    members = player_state(b.replay(), "B")["members"]
    member = next(m["id"] for m in members if m and not m["rested"])
    assert square_card == "T-000"
    b.act("B", "attack", card=member).act("A", "guard", card=guard)
    return b.replay()


def test_R4U_DAMAGE_the_seeds_worked_example() -> None:
    """Seed, 攻击的基本流程 example: ATK 3 against DEF 8; 3, then a blocked attack, then 3: 6 is
    less than 8, the entry stays; unblocked, 9 reaches 8 and the entry is defeated."""
    b = _three_members()
    _attack(b, "T-000")
    _attack(b, "T-000", guard="T-BLK")
    r = _attack(b, "T-000")
    assert r["steps"][b.last]["state"]["damage"]["total"] == 6
    assert player_state(r, "A")["retire"] == [] and player_state(r, "A")["entry"] is not None
    b = _three_members()
    bulwark = player_state(b.replay(), "A")["entry"]["id"]
    _attack(b, "T-000")
    _attack(b, "T-000")
    r = _attack(b, "T-000")
    assert player_state(r, "A")["retire"] == [bulwark]  # 9 >= DEF 8: defeated
    assert "R4U-DAMAGE" in rules_applied(r, b.last)


def test_R4U_DAMAGE_NEW_ENTRY_reset_by_default_carry_as_option() -> None:
    """A's filler (DEF 3) falls to the first attack (3); the Guard (DEF 5) enters.  Reset: the
    second attack makes 3 < 5; carry: 6 >= 5 defeats it."""

    def run(option: str | None) -> dict:
        b = _three_members({"damage_after_defeat": option} if option else None, a_entry="T-000")
        _attack(b, "T-000")
        b.act("A", "reveal", card="T-D5")
        return _attack(b, "T-000")

    r = run(None)
    assert player_state(r, "A")["entry"] is not None and len(player_state(r, "A")["retire"]) == 1
    assert r["steps"][-1]["state"]["damage"]["total"] == 3
    r = run("carry")
    assert len(player_state(r, "A")["retire"]) == 2
    assert "R4U-DAMAGE-NEW-ENTRY" in rules_applied(r, len(r["steps"]) - 1)


# -- energy phase -------------------------------------------------------------------------------


def test_R4U_ENERGY_ORDER_any_by_default_energy_first_as_option() -> None:
    for option, broken in ((None, []), ("energy_first", ["R4U-ENERGY-ORDER"])):
        b = LogBuilder([STRIKER], options={"energy_order": option} if option else None)
        b.setup(first="A").act("A", "partner", card="T-P01").act("A", "energy", card="T-000")
        assert rules_broken(b.replay(), b.last) == broken
        b = LogBuilder([STRIKER], options={"energy_order": option} if option else None)
        b.setup(first="A").act("A", "energy", card="T-000").act("A", "partner", card="T-P01")
        assert verdict(b.replay(), b.last) == "legal"


# -- game end -----------------------------------------------------------------------------------


def _both_at_seven(option: str | None) -> RebirthEngine:
    b = LogBuilder([STRIKER], options={"retire_both": option} if option else None)
    b.setup(first="A")
    log = parse_log(b.log())
    eng = RebirthEngine(log, RebirthEngine.catalogue.resolve_options(log.rule_options))
    for i, act in enumerate(log.actions):
        run_step(eng, i, act, "stop")
    for pid in ("A", "B"):
        ps = eng.state.players[pid]
        ps.retire.extend(f"{pid}-{n}" for n in range(10, 17))  # 7 cards each
    eng.push(("settle", {}))
    eng.advance()
    return eng


def test_R4U_LOSS_BOTH_draw_by_default_turn_player_loses_as_option() -> None:
    assert _both_at_seven(None).result() == {"winner": None, "reason": "retire"}
    assert _both_at_seven("turn_player_loses").result() == {"winner": "B", "reason": "retire"}


HEAL = card("T-HL", name="Medic", effects=[{"when": "spark", "do": [{"op": "heal", "n": 1}]}])


def _seventh_card(reveal: str) -> RebirthEngine:
    """A has 6 cards in the retire area; B's attack retires A's filler (the 7th), and A's
    entry-in reveals ``reveal``."""
    from judge.games.rebirth.testing import to_b_battle

    b = to_b_battle([HEAL], options=NO_CANCEL)
    b.act("B", "attack", card="T-000").act("A", "guard", card=None)
    b.act("A", "reveal", card=reveal)
    log = parse_log(b.log())
    eng = RebirthEngine(log, RebirthEngine.catalogue.resolve_options(log.rule_options))
    n = len(log.actions)
    for i, act in enumerate(log.actions[: n - 2]):
        run_step(eng, i, act, "stop")
    a = eng.state.players["A"]
    for _ in range(6):
        iid = a.unseen["T-000"].pop()
        a.deck.remove(None)
        a.retire.append(iid)
    for i in (n - 2, n - 1):
        run_step(eng, i, log.actions[i], "stop")
    return eng


def test_R4U_LOSS_RETIRE_checked_after_the_entry_in_and_its_spark() -> None:
    """Seed: "这里的卡最终达到７张时就会失败" and "在第７张卡进入退场区时也需要进行报名": the 7th
    card is followed by an entry-in; a spark of that entry-in that takes a card out of the
    retire area leaves 6 there, and the player does not lose."""
    eng = _seventh_card("T-000")
    assert eng.result() == {"winner": "B", "reason": "retire"}
    eng = _seventh_card("T-HL")
    assert eng.result() is None and len(eng.state.players["A"].retire) == 6
