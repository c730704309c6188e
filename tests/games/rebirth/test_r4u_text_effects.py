"""The printed-text reader of Rebirth for you, what sparks and abilities do: cards put onto member
squares, counted changes, moves to the deck's bottom and the energy, the deck's copy limit lifted,
the next attack, a forbidden move, sparks fired once more (R4U-TEXT-TO-MEMBER, -PER-COUNT, -MOVES,
-BY-DOING, -ANY-COPIES, -NEXT-ATTACK, -NO-MOVE, -EXTRA-SPARK), read from made-up cards and carried
out by the engine.  A character's ability lines: ``test_r4u_text_abilities.py``."""

from __future__ import annotations

from typing import Any

from judge.games.rebirth.reader import read_card
from judge.games.rebirth.testing import (
    FREE,
    LogBuilder,
    attack_damage,
    card,
    player_state,
    rules_applied,
    rules_broken,
    spark_scene,
    text_card,
    verdict,
)

# -- R4U-TEXT-TO-MEMBER, R4U-TEXT-TO-MEMBER-OCCUPIED ---------------------------------------

PLACE = "【スパーク】:あなたは自分の控え室からキャラを1枚選び、メンバーに置いてよい。"
PLACE_EMPTY = PLACE.replace("メンバーに", "空席のメンバーに")
SELF_TO_MEMBER = "【スパーク】【本領発揮Lv1】:あなたはこのキャラを空席のメンバーに置いてよい。"


def test_R4U_TEXT_TO_MEMBER_read_in_its_wordings() -> None:
    place = read_card({"type": "character", "text": PLACE}).effects[0]
    assert place["optional"] is True
    assert place["do"] == [
        {"op": "place_member", "count": 1, "type": "character", "empty_only": False}
    ]
    empty = read_card({"type": "character", "text": PLACE_EMPTY}).effects[0]
    assert empty["do"][0]["empty_only"] is True
    self_ = read_card({"type": "character", "text": SELF_TO_MEMBER}).effects[0]
    assert (self_["do"], self_["showcase"]) == ([{"op": "self_to_member"}], 1)
    on_entry = "【自】:このキャラが手札からエントリーに置かれた時、あなたはこのキャラを空席のメンバーに置いてよい。"
    assert read_card({"type": "character", "text": on_entry}).effects[0]["when"] == "on_entry"
    # from the hand, or without 「てよい」: not read
    hand = PLACE.replace("控え室", "手札")
    assert not read_card({"type": "character", "text": hand}).understood
    must = PLACE.replace("置いてよい", "置く")
    assert not read_card({"type": "character", "text": must}).understood


def _b_places(text: str, options: dict[str, Any] | None = None) -> LogBuilder:
    """In turn 2 B plays a filler into its entry (the filler there goes to the waiting room),
    moves that entry to member square 1, and the entry-in reveals T-PLC (read from
    ``text``); A uses no cancel against its spark."""
    b = LogBuilder([text_card("T-PLC", text)], options=options).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "play", card="T-000", to="entry", pay=FREE)
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-PLC")
    return b.act("A", "guard", card=None)


def test_R4U_TEXT_TO_MEMBER_a_character_of_the_waiting_room_onto_a_square() -> None:
    b = _b_places(PLACE)
    b.act("B", "resolve", source="T-PLC", targets=["T-000"], squares=[2])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]["violations"]
    members = player_state(r, "B")["members"]
    assert members[1] is not None and members[1]["rested"] is False
    assert player_state(r, "B")["waiting_room"] == []
    assert "R4U-TEXT-TO-MEMBER" in rules_applied(r, b.last)
    # no square, or two, for one card: the squares do not fit
    for squares in ([], [2, 3]):
        b = _b_places(PLACE)
        b.act("B", "resolve", source="T-PLC", targets=["T-000"], squares=squares)
        assert "R4U-TEXT-TO-MEMBER" in rules_broken(b.replay(), b.last)
    # declined: nothing moves
    b = _b_places(PLACE)
    b.act("B", "resolve", source="T-PLC", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and len(player_state(r, "B")["waiting_room"]) == 1


def test_R4U_TEXT_TO_MEMBER_OCCUPIED_replace_by_default_empty_only_as_an_option() -> None:
    b = _b_places(PLACE)
    b.act("B", "resolve", source="T-PLC", targets=["T-000"], squares=[1])  # the moved filler
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "R4U-TEXT-TO-MEMBER-OCCUPIED" in rules_applied(r, b.last)
    assert len(player_state(r, "B")["waiting_room"]) == 1  # the one replaced
    b = _b_places(PLACE, {"place_occupied": "empty_only"})
    b.act("B", "resolve", source="T-PLC", targets=["T-000"], squares=[1])
    assert "R4U-TEXT-TO-MEMBER-OCCUPIED" in rules_broken(b.replay(), b.last)
    # 「空席の」: an empty square only, whatever the option
    b = _b_places(PLACE_EMPTY)
    b.act("B", "resolve", source="T-PLC", targets=["T-000"], squares=[1])
    assert "R4U-TEXT-TO-MEMBER" in rules_broken(b.replay(), b.last)


def test_R4U_TEXT_TO_MEMBER_this_character_from_the_entry_then_entry_in() -> None:
    b = _b_places(SELF_TO_MEMBER)
    b.act("B", "resolve", source="T-PLC", squares=[3])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]["violations"]
    assert player_state(r, "B")["members"][2] is not None  # T-PLC, from the entry
    assert player_state(r, "B")["entry"] is None
    assert r["steps"][b.last]["pending"][0]["kind"] == "reveal"  # entry-in follows
    # onto the occupied square 1: not an empty one
    b = _b_places(SELF_TO_MEMBER)
    b.act("B", "resolve", source="T-PLC", squares=[1])
    assert "R4U-TEXT-TO-MEMBER" in rules_broken(b.replay(), b.last)


# -- R4U-TEXT-PER-COUNT --------------------------------------------------------------------

PER_HAND = "【スパーク】:あなたの手札2枚につき、このターン中、このキャラを+1/±0。"


def test_R4U_TEXT_PER_COUNT_once_for_every_n_cards_when_it_resolves() -> None:
    r = read_card({"type": "character", "text": PER_HAND})
    assert r.effects[0]["do"] == [
        {"op": "mod", "atk": 1, "def": 0, "per": {"zone": "hand", "n": 2}}
    ]
    b = spark_scene(PER_HAND)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    hand = len(player_state(r, "B")["hand"])
    assert player_state(r, "B")["entry"]["atk"] == 1 + hand // 2
    # energy: B has none (its partner is not energy): +0
    b2 = spark_scene(PER_HAND.replace("手札2枚", "エネルギー1枚"))
    assert player_state(b2.replay(), "B")["entry"]["atk"] == 1
    from judge.games.rebirth.effects import supported

    per = {"op": "mod", "atk": 1, "per": {"zone": "hand", "n": 2}}
    assert not supported({"when": "rebirth_area", "do": [per]})  # counted when resolving only


# -- R4U-TEXT-MOVES, and R4U-TEXT-BY-DOING on a spark ----------------------------------------

BOTTOM_ANY = "【スパーク】:あなたは、いずれかの【レスト】しているメンバーから1枚選び、そのプレイヤーのデッキの下に置く。"
MEMBER_TO_ENERGY = (
    "【スパーク】:あなたは自分のメンバーから1枚選び、エネルギーに【レスト】で置いてよい。"
)
DISCARD_FOR = "【スパーク】:あなたは自分のメンバーから1枚選び、控え室に置くことで、このターン中、このキャラを±0/+2。"


def test_R4U_TEXT_MOVES_read_as_ops() -> None:
    assert read_card({"type": "character", "text": BOTTOM_ANY}).effects[0]["do"] == [
        {"op": "bottom", "side": "any", "rested": True, "count": 1}
    ]
    energy = read_card({"type": "character", "text": MEMBER_TO_ENERGY}).effects[0]
    assert energy["optional"] and energy["do"] == [
        {"op": "to_energy", "from": "member", "count": 1}
    ]
    wr = MEMBER_TO_ENERGY.replace("メンバー", "控え室").replace("置いてよい", "置く")
    assert (
        read_card({"type": "character", "text": wr}).effects[0]["do"][0]["from"] == "waiting_room"
    )
    act = "【起】【メンバー】【ターン1】:[エネ1]あなたは自分のエントリーから1枚選び、デッキの下に置く。"
    eff = read_card({"type": "character", "text": act}).effects[0]
    assert (eff["where"], eff["cost"], eff["per_turn"]) == ("member", 1, 1)


def test_R4U_TEXT_MOVES_rested_members_of_either_player_onto_their_decks() -> None:
    # B's member (the filler moved to square 1) is standing: no rested member fits, none named
    b = spark_scene(BOTTOM_ANY)
    b.act("B", "resolve", source="T-CNT", targets=[])
    assert verdict(b.replay(), b.last) == "legal"
    b = spark_scene(BOTTOM_ANY)
    b.act("B", "resolve", source="T-CNT", targets=["B-5"])
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_R4U_TEXT_MOVES_a_member_into_the_energy_rested() -> None:
    b = spark_scene(MEMBER_TO_ENERGY)
    before = player_state(b.replay(), "B")
    member = before["members"][0]["id"]
    b.act("B", "resolve", source="T-CNT", targets=[member])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    after = player_state(r, "B")
    assert after["members"][0] is None
    assert len(after["energy"]) == len(before["energy"]) + 1
    assert after["energy_rested"] == before["energy_rested"] + 1


def test_R4U_TEXT_BY_DOING_a_sparks_cost_paid_in_full_or_declined() -> None:
    eff = read_card({"type": "character", "text": DISCARD_FOR}).effects[0]
    assert (eff["optional"], eff["by_doing"]) == (True, True)
    b = spark_scene(DISCARD_FOR)
    member = player_state(b.replay(), "B")["members"][0]["id"]
    b.act("B", "resolve", source="T-CNT", targets=[member])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["entry"]["def"] == 3 + 2
    declined = spark_scene(DISCARD_FOR)
    declined.act("B", "resolve", source="T-CNT", use=False)
    assert player_state(declined.replay(), "B")["entry"]["def"] == 3
    # two members asked for, one there: it cannot be paid in full
    two = spark_scene(DISCARD_FOR.replace("1枚選び", "2枚選び"))
    two.act("B", "resolve", source="T-CNT", targets=[member])
    assert "R4U-TEXT-BY-DOING" in rules_broken(two.replay(), two.last)


def test_R4U_TEXT_MOVES_a_members_effect_puts_the_entry_onto_the_decks_bottom() -> None:
    act = "【起】【メンバー】【ターン1】:[エネ1]あなたは自分のエントリーから1枚選び、デッキの下に置く。"
    b = LogBuilder([text_card("T-ACT", act)]).setup(first="A", entries={"B": "T-ACT"})
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-000")
    deck = player_state(b.replay(), "B")["deck"]
    b.act("B", "activate", card="T-ACT", pay={"energy": 0, "partner": 1}, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]["violations"]
    assert player_state(r, "B")["entry"] is None  # entry-in follows
    assert player_state(r, "B")["deck"] == deck + 1
    b.act("B", "reveal", card="T-000")
    b.act("B", "activate", card="T-ACT", pay={"energy": 0, "partner": 0}, targets=["T-000"])
    assert "R4U-ACTIVATE-LIMIT" in rules_broken(b.replay(), b.last)  # 【ターン1】


# -- R4U-TEXT-ANY-COPIES -------------------------------------------------------------------


def test_R4U_TEXT_ANY_COPIES_the_copy_limit_does_not_count_it() -> None:
    from judge.games.rebirth.decks import check_deck

    many = text_card("T-MNY", "【永】:このキャラはデッキに4枚より多く入れてよい。")
    plain = card("T-PLN")
    partners = {"T-P01": card("T-P01", "partner")}
    cards = {"T-MNY": many, "T-PLN": plain, **partners}
    main = ["T-MNY"] * 10 + ["T-PLN"] * 4 + [f"T-F{i:02}" for i in range(36)]
    cards.update({c: card(c) for c in main if c.startswith("T-F")})
    rules = [p.rule for p in check_deck(main, ["T-P01"] * 3, cards)]
    assert "R4U-DECK-COPIES" not in rules
    main2 = main[:-1] + ["T-PLN"]  # a fifth copy of a card without the line
    assert "R4U-DECK-COPIES" in [p.rule for p in check_deck(main2, ["T-P01"] * 3, cards)]
    # the line read on a card with another line not read: still counted out
    mixed = text_card("T-MNY", many["text"] + "\n【スパーク】:あなたは相手の手札を見る。")
    assert not read_card(mixed).understood
    cards["T-MNY"] = mixed
    assert "R4U-DECK-COPIES" not in [p.rule for p in check_deck(main, ["T-P01"] * 3, cards)]


def test_R4U_TEXT_MOVES_a_set_rebirth_card_back_to_the_hand_for_this_member() -> None:
    text = "【起】【メンバー】:[エネ1、このキャラをデッキの下に置く]あなたは自分のセットされているReバースから1枚選び、手札に戻す。"
    rb = card("T-RBX", "rebirth")
    b = LogBuilder([text_card("T-RTN", text), rb]).setup(first="A", entries={"B": "T-RTN"})
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "rebirth", card="T-RBX")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-000")
    deck = player_state(b.replay(), "B")["deck"]
    b.act("B", "activate", card="T-RTN", pay={"energy": 0, "partner": 1}, targets=["T-RBX"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]["violations"]
    mine = player_state(r, "B")
    assert mine["rebirth_area"] == [] and mine["members"][0] is None
    assert mine["deck"] == deck + 1


# -- R4U-TEXT-NEXT-ATTACK ------------------------------------------------------------------

NEXT_ATTACK = "【スパーク】:このターンこのキャラの次のアタック中、このキャラを+2/±0。"


def test_R4U_TEXT_NEXT_ATTACK_during_the_next_attack_this_turn_only() -> None:
    eff = read_card({"type": "character", "text": NEXT_ATTACK}).effects[0]
    assert eff["do"] == [{"op": "mod", "atk": 2, "def": 0, "until": "next_attack"}]
    b = spark_scene(NEXT_ATTACK)
    r = b.replay()
    assert player_state(r, "B")["entry"]["atk"] == 1  # not attacking yet
    b.proceed("B")
    b.act("B", "attack", card="T-000")
    assert attack_damage(b) == 3  # ATK 1 + 2 during that attack
    assert player_state(b.replay(), "B")["entry"]["atk"] == 1  # that attack is over


# -- R4U-TEXT-NO-MOVE ----------------------------------------------------------------------


def test_R4U_TEXT_NO_MOVE_the_move_is_illegal_this_turn() -> None:
    text = "【スパーク】:このターン中、このキャラは効果以外でメンバーに置けない。"
    b = spark_scene(text)
    b.act("B", "move", square=2, pay=FREE)
    assert "R4U-TEXT-NO-MOVE" in rules_broken(b.replay(), b.last)
    plain = spark_scene("【スパーク】:あなたは1枚引く。")
    plain.act("B", "move", square=2, pay=FREE)
    assert verdict(plain.replay(), plain.last) == "legal"


# -- R4U-TEXT-EXTRA-SPARK ------------------------------------------------------------------


def test_R4U_TEXT_EXTRA_SPARK_each_spark_fires_once_more_per_card_set() -> None:
    twice = card("T-TWC", "rebirth")
    twice["text"] = "【永】:あなたの【スパーク】は追加でもう一度発動する。"
    drawer = text_card("T-DRW", "【スパーク】:あなたは1枚引く。")

    def hand_after(setting: bool) -> int:
        b = LogBuilder([twice, drawer], options={"cancel_timing": "none"}).setup(first="A")
        b.proceed("A", 2)
        b.proceed("B")
        if setting:
            b.act("B", "rebirth", card="T-TWC")
        b.act("B", "move", square=1, pay=FREE)
        before = len(player_state(b.replay(), "B")["hand"])
        b.act("B", "reveal", card="T-DRW")
        if setting:  # two firings wait: B names the first, the other then resolves by itself
            assert "R4U-TEXT-EXTRA-SPARK" in rules_applied(b.replay(), b.last)
            b.act("B", "resolve", source="T-DRW")
        r = b.replay()
        assert verdict(r, b.last) == "legal", r["steps"][b.last]["violations"]
        return len(player_state(r, "B")["hand"]) - before

    assert (hand_after(False), hand_after(True)) == (1, 2)
