"""More of the printed-text reader of Rebirth for you: a character's continuous ability with a
skill showcase (R4U-TEXT-PERFORMANCE) and its "when put into the entry" ability
(R4U-TEXT-ON-ENTRY), read from made-up cards and carried out by the engine.  Each test is
written from the printed wording the rule quotes: 【永】【メンバー】 works from a member square,
【永】【エントリー】 from the entry; 「手札から」 and 「デッキ以外から」 name where the card came from."""

from __future__ import annotations

from typing import Any

from judge.games.rebirth.reader import read_card
from judge.games.rebirth.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

FREE = {"energy": 0, "partner": 0}
REMINDER = "(【本領発揮Lv{n}】:あなたの、メンバーとリタイアが合計{n}枚以上で有効)"


def _text_card(code: str, text: str, **stats: Any) -> dict[str, Any]:
    d = card(code, level=0, **stats)
    d["text"] = text
    return d


# -- R4U-TEXT-PERFORMANCE ------------------------------------------------------------------

MEMBER_CONT = "【永】【メンバー】【本領発揮Lv1】:あなたのエントリーを±0/+2。"
ENTRY_CONT = "【永】【エントリー】【本領発揮Lv1】:このキャラを+3/+1。"


def test_R4U_TEXT_PERFORMANCE_read_with_where_it_works() -> None:
    r = read_card({"type": "character", "text": MEMBER_CONT})
    assert r.understood
    assert r.effects[0]["when"] == "performance" and r.effects[0]["where"] == "member"
    assert r.effects[0]["count"] == 1
    assert r.effects[0]["do"] == [{"op": "mod", "atk": 0, "def": 2}]
    # the reminder on the same line, of the same level: read; of another level: not read
    same = ENTRY_CONT + REMINDER.format(n=1)
    assert read_card({"type": "character", "text": same}).effects[0]["where"] == "entry"
    other = ENTRY_CONT + REMINDER.format(n=2)
    assert not read_card({"type": "character", "text": other}).understood
    # a Rebirth card's 【永】 works from the Rebirth area: this wording is not one of it
    assert not read_card({"type": "rebirth", "text": MEMBER_CONT}).understood


def _played(text: str, to: str, option: str = "entry") -> dict[str, Any]:
    """In turn 1 A plays T-PRF (ATK 1, DEF 3, defined by ``text``) into ``to`` (member square
    1, or the entry: then the filler entry goes to the waiting room)."""
    b = LogBuilder([_text_card("T-PRF", text)], options={"performance_from": option})
    b.setup(first="A").proceed("A")
    where = {"to": "member", "square": 1} if to == "member" else {"to": "entry"}
    b.act("A", "play", card="T-PRF", pay=FREE, **where)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    return r


def test_R4U_TEXT_PERFORMANCE_member_changes_your_entry_while_it_is_a_member() -> None:
    # a member, 1 card in members and retire area: the filler entry gets DEF 3 + 2
    assert player_state(_played(MEMBER_CONT, "member"), "A")["entry"]["def"] == 5
    # as the entry it is no member: its own DEF stays 3 (members and retire area: none)
    assert player_state(_played(MEMBER_CONT, "entry"), "A")["entry"]["def"] == 3


def test_R4U_TEXT_PERFORMANCE_entry_works_from_the_entry_only_whatever_the_option() -> None:
    # a member under performance_from "field": 【エントリー】 says it does not work from there
    assert player_state(_played(ENTRY_CONT, "member", "field"), "A")["entry"]["atk"] == 1
    # the entry, with a member: the count (1) holds and this character gets +3/+1
    b = LogBuilder([_text_card("T-PRF", ENTRY_CONT)]).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay=FREE)
    b.act("A", "reveal", card="T-000")
    b.act("A", "play", card="T-PRF", to="entry", pay=FREE)
    r = b.replay()
    entry = player_state(r, "A")["entry"]
    assert (entry["atk"], entry["def"]) == (4, 4)
    # without the member the count (0) does not hold
    alone = _played(ENTRY_CONT, "entry")
    assert (player_state(alone, "A")["entry"]["atk"], player_state(alone, "A")["entry"]["def"]) == (
        1,
        3,
    )


# -- R4U-TEXT-ON-ENTRY ---------------------------------------------------------------------

FROM_HAND = "【自】:このキャラが手札からエントリーに置かれた時、このターン中、このキャラを+3/±0。"
NOT_DECK = "【自】【本領発揮Lv1】:このキャラがデッキ以外からエントリーに置かれた時、このターン中、このキャラを+2/+2。"


def test_R4U_TEXT_ON_ENTRY_read_in_both_wordings() -> None:
    hand = read_card({"type": "character", "text": FROM_HAND}).effects[0]
    assert (hand["when"], hand["from"], hand["do"]) == (
        "on_entry",
        "hand",
        [{"op": "mod", "atk": 3, "def": 0}],
    )
    other = read_card({"type": "character", "text": NOT_DECK}).effects[0]
    assert (other["from"], other["showcase"]) == ("not_deck", 1)
    moved = FROM_HAND.replace("エントリーに置かれた", "メンバーに置かれた")
    assert not read_card({"type": "character", "text": moved}).understood


def test_R4U_TEXT_ON_ENTRY_put_into_the_entry_from_the_hand_triggers() -> None:
    r = _played(FROM_HAND, "entry")
    assert "R4U-TEXT-ON-ENTRY" in rules_applied(r, len(r["steps"]) - 1)
    assert player_state(r, "A")["entry"]["atk"] == 1 + 3
    # into a member square it is not put into the entry: nothing
    m = _played(FROM_HAND, "member")
    assert player_state(m, "A")["entry"]["atk"] == 1


def test_R4U_TEXT_ON_ENTRY_an_entry_in_from_the_deck_triggers_neither_wording() -> None:
    for text in (FROM_HAND, NOT_DECK.replace("【本領発揮Lv1】", "")):
        b = LogBuilder([_text_card("T-PRF", text)]).setup(first="A").proceed("A")
        b.act("A", "move", square=1, pay=FREE)
        b.act("A", "reveal", card="T-PRF")  # from the deck by entry-in
        r = b.replay()
        assert "R4U-TEXT-ON-ENTRY" not in rules_applied(r, b.last)
        assert player_state(r, "A")["entry"]["atk"] == 1


def test_R4U_TEXT_ON_ENTRY_its_skill_showcase_is_read_when_it_would_trigger() -> None:
    # members and retire area empty: Lv1 does not hold, no trigger
    r = _played(NOT_DECK, "entry")
    assert "R4U-TEXT-SHOWCASE" in rules_applied(r, len(r["steps"]) - 1)
    assert player_state(r, "A")["entry"]["atk"] == 1
    # with a member it holds: +2/+2
    b = LogBuilder([_text_card("T-PRF", NOT_DECK)]).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay=FREE)
    b.act("A", "reveal", card="T-000")
    b.act("A", "play", card="T-PRF", to="entry", pay=FREE)
    r2 = b.replay()
    assert "R4U-TEXT-ON-ENTRY" in rules_applied(r2, b.last)
    entry = player_state(r2, "A")["entry"]
    assert (entry["atk"], entry["def"]) == (3, 5)


# -- R4U-TEXT-OWN-ATTACK -------------------------------------------------------------------

OWN_ATTACK = "【永】【エントリー】:各ターンこのキャラの{n}回目のアタック中、このキャラを+1/±0。"


def _own_attack(n: int, text: str = OWN_ATTACK) -> tuple[LogBuilder, dict[str, Any]]:
    """In turn 2 B's entry-in puts T-OWN (ATK 1, read from ``text``) into the entry and B
    attacks once with its filler member (A's entry: a filler, DEF 3); A uses no guard."""
    own = _text_card("T-OWN", text.format(n=n), atk=1, def_=4)
    b = LogBuilder([own]).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-OWN")
    b.proceed("B")
    b.act("B", "attack", card="T-000")
    b.act("A", "guard", card=None)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    return b, r


def test_R4U_TEXT_OWN_ATTACK_applies_during_this_characters_nth_attack_only() -> None:
    r = read_card({"type": "character", "text": OWN_ATTACK.format(n=1)})
    assert r.understood
    assert {k: v for k, v in r.effects[0].items() if k != "text"} == {
        "when": "continuous",
        "where": "entry",
        "own_attack": 1,
        "do": [{"op": "mod", "atk": 1, "def": 0}],
    }
    b, r1 = _own_attack(1)
    assert r1["steps"][b.last]["state"]["damage"]["total"] == 2  # ATK 1 + 1 in its 1st attack
    assert player_state(r1, "B")["entry"]["atk"] == 1  # no attack in progress now
    b2, r2 = _own_attack(2)
    assert r2["steps"][b2.last]["state"]["damage"]["total"] == 1  # its 1st attack: ATK 1
    # with a skill showcase of 2: B's members and retire area hold 1 card, it does not apply
    shown = OWN_ATTACK.replace("【エントリー】", "【エントリー】【本領発揮Lv2】")
    b3, r3 = _own_attack(1, shown)
    assert r3["steps"][b3.last]["state"]["damage"]["total"] == 1


# -- R4U-TEXT-SHOWCASE-ATTRIBUTE -----------------------------------------------------------

ATTR_SPARK = "【スパーク】【本領発揮Lv1】〔星組〕:あなたは2枚引く。"
ATTR_REMINDER = (
    "(【本領発揮Lv1】〔星組〕:あなたの、メンバーとリタイアの〔星組〕が合計1枚以上で有効)"
)


def test_R4U_TEXT_SHOWCASE_ATTRIBUTE_read_with_its_reminder() -> None:
    r = read_card({"type": "character", "text": ATTR_SPARK + "\n" + ATTR_REMINDER})
    assert r.understood
    assert (r.effects[0]["showcase"], r.effects[0]["showcase_attribute"]) == (1, "星組")
    # a reminder of another attribute, or of none, explains another showcase: not read
    other = ATTR_REMINDER.replace("星組", "月組")
    assert not read_card({"type": "character", "text": ATTR_SPARK + "\n" + other}).understood
    plain = "(【本領発揮Lv1】:あなたの、メンバーとリタイアが合計1枚以上で有効)"
    assert not read_card({"type": "character", "text": ATTR_SPARK + "\n" + plain}).understood
    # several attributes joined are not read
    joined = ATTR_SPARK.replace("〔星組〕", "〔星組〕&〔月組〕")
    assert not read_card({"type": "character", "text": joined}).understood


def _attr_spark(member: dict[str, Any]) -> tuple[LogBuilder, dict[str, Any]]:
    """In turn 2 B's entry is ``member`` (moved to member square 1) and the entry-in reveals
    T-ASP, read from ATTR_SPARK; A uses no cancel."""
    spark = _text_card("T-ASP", ATTR_SPARK)
    b = LogBuilder([spark, member], decks=None).setup(first="A", entries={"B": member["code"]})
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-ASP")
    return b, b.replay()


def test_R4U_TEXT_SHOWCASE_ATTRIBUTE_counts_cards_of_that_attribute_or_trait() -> None:
    one = card("T-STA", attribute="星組")
    several = card("T-STB", attribute=None)
    several["traits"] = ["歌劇", "星組"]
    other = card("T-STC", attribute="月組")
    for member, fires in ((one, True), (several, True), (other, False)):
        b, r = _attr_spark(member)
        assert ("R4U-SPARK" in rules_applied(r, b.last)) is fires, member["code"]
        assert ("R4U-TEXT-SHOWCASE" in rules_applied(r, b.last)) is not fires


# -- R4U-TEXT-ON-SUPPORT, R4U-TEXT-BY-DOING ------------------------------------------------

SUPPORT_PLAIN = (
    "【自】【メンバー】:このキャラがサポートした時、このアタック中、サポートされたキャラを+2/±0。"
)
SUPPORT_BOTTOM = (
    "【自】【メンバー】:このキャラがサポートした時、あなたはこのキャラをデッキの下に置くことで、"
    "このアタック中、サポートされたキャラを+2/±0。"
)
SUPPORT_MAY = (
    "【自】【メンバー】:このキャラがサポートした時、あなたは[エネ1]してよい。そうしたら、"
    "1枚引き、このアタック中、サポートされたキャラを+2/±0。"
)


def test_R4U_TEXT_ON_SUPPORT_read_in_its_wordings() -> None:
    plain = read_card({"type": "character", "text": SUPPORT_PLAIN}).effects[0]
    assert (plain["when"], plain["do"]) == (
        "on_support",
        [{"op": "mod", "atk": 2, "def": 0, "until": "attack"}],
    )
    bottom = read_card({"type": "character", "text": SUPPORT_BOTTOM}).effects[0]
    assert (bottom["pay_self"], bottom["optional"], bottom["by_doing"]) == (
        "deck_bottom",
        True,
        True,
    )
    may = read_card({"type": "character", "text": SUPPORT_MAY}).effects[0]
    assert (may["cost"], may["optional"], "by_doing" in may) == (1, True, False)
    assert may["do"][0] == {"op": "draw", "n": 1}
    by_energy = SUPPORT_BOTTOM.replace("このキャラをデッキの下に置く", "エネ2する")
    assert read_card({"type": "character", "text": by_energy}).effects[0]["cost"] == 2
    # "the supported character" of another attack, or another change: not read
    other = SUPPORT_PLAIN.replace("このアタック中", "このターン中")
    assert not read_card({"type": "character", "text": other}).understood


def _supports(text: str, options: dict[str, Any] | None = None) -> LogBuilder:
    """In turn 2 B's starting entry T-SUP (read from ``text``) moves to member square 1, the
    entry-in reveals a filler (ATK 1), and B attacks with T-SUP (A's entry: a filler, DEF 3)."""
    sup = _text_card("T-SUP", text)
    b = LogBuilder([sup], options=options).setup(first="A", entries={"B": "T-SUP"})
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-000")
    b.proceed("B")
    return b.act("B", "attack", card="T-SUP")


def _damage(b: LogBuilder) -> int:
    b.act("A", "guard", card=None)
    r = b.replay()
    step = r["steps"][b.last]
    assert verdict(r, b.last) == "legal", step["violations"]
    return next(int(e["damage"]) for e in step["events"] if e["type"] == "attack_result")


def test_R4U_TEXT_ON_SUPPORT_the_supported_character_during_this_attack_only() -> None:
    b = _supports(SUPPORT_PLAIN)
    r = b.replay()
    assert "R4U-TEXT-ON-SUPPORT" in rules_applied(r, b.last)
    assert player_state(r, "B")["entry"]["atk"] == 3  # during the attack: 1 + 2
    assert _damage(b) == 3
    assert player_state(b.replay(), "B")["entry"]["atk"] == 1  # the attack is over


def test_R4U_TEXT_ON_SUPPORT_a_cost_paid_or_declined() -> None:
    b = _supports(SUPPORT_BOTTOM)
    deck = player_state(b.replay(), "B")["deck"]
    b.act("B", "resolve", source="T-SUP", use=True)
    r = b.replay()
    assert player_state(r, "B")["members"][0] is None  # onto the deck's bottom
    assert player_state(r, "B")["deck"] == deck + 1
    assert _damage(b) == 3
    declined = _supports(SUPPORT_BOTTOM)
    declined.act("B", "resolve", source="T-SUP", use=False)
    assert _damage(declined) == 1
    assert player_state(declined.replay(), "B")["members"][0]["id"] == "B-1"
    # an energy cost: B's preset partner pays it; then B draws 1
    paid = _supports(SUPPORT_MAY)
    hand = len(player_state(paid.replay(), "B")["hand"])
    paid.act("B", "resolve", source="T-SUP", use=True, pay={"energy": 0, "partner": 1})
    r = paid.replay()
    assert player_state(r, "B")["partners"][0]["rested"] is True
    assert len(player_state(r, "B")["hand"]) == hand + 1
    assert _damage(paid) == 3
    # a cost that cannot be paid (no standing card left in the energy area) cannot be used
    broke = _supports(SUPPORT_MAY.replace("[エネ1]", "[エネ2]"))
    broke.act("B", "resolve", source="T-SUP", use=True)
    assert "R4U-COST" in rules_broken(broke.replay(), broke.last)


def test_R4U_TEXT_BY_DOING_may_by_default_must_as_an_option() -> None:
    for option, legal in (("may", True), ("must", False)):
        b = _supports(SUPPORT_BOTTOM, {"by_doing": option})
        b.act("B", "resolve", source="T-SUP", use=False)
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is legal, option
        assert ("R4U-TEXT-BY-DOING" in rules_broken(r, b.last)) is not legal
    # 「してよい。そうしたら」 is optional as printed, whatever the option
    b = _supports(SUPPORT_MAY, {"by_doing": "must"})
    b.act("B", "resolve", source="T-SUP", use=False)
    assert verdict(b.replay(), b.last) == "legal"


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
    b = LogBuilder([_text_card("T-PLC", text)], options=options).setup(first="A")
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


def _b_spark(text: str) -> LogBuilder:
    """B's entry-in in turn 2 reveals T-CNT (ATK 1, read from ``text``); A uses no cancel."""
    b = LogBuilder([_text_card("T-CNT", text)]).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-CNT")
    return b.act("A", "guard", card=None)


def test_R4U_TEXT_PER_COUNT_once_for_every_n_cards_when_it_resolves() -> None:
    r = read_card({"type": "character", "text": PER_HAND})
    assert r.effects[0]["do"] == [
        {"op": "mod", "atk": 1, "def": 0, "per": {"zone": "hand", "n": 2}}
    ]
    b = _b_spark(PER_HAND)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    hand = len(player_state(r, "B")["hand"])
    assert player_state(r, "B")["entry"]["atk"] == 1 + hand // 2
    # energy: B has none (its partner is not energy): +0
    b2 = _b_spark(PER_HAND.replace("手札2枚", "エネルギー1枚"))
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
    b = _b_spark(BOTTOM_ANY)
    b.act("B", "resolve", source="T-CNT", targets=[])
    assert verdict(b.replay(), b.last) == "legal"
    b = _b_spark(BOTTOM_ANY)
    b.act("B", "resolve", source="T-CNT", targets=["B-5"])
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_R4U_TEXT_MOVES_a_member_into_the_energy_rested() -> None:
    b = _b_spark(MEMBER_TO_ENERGY)
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
    b = _b_spark(DISCARD_FOR)
    member = player_state(b.replay(), "B")["members"][0]["id"]
    b.act("B", "resolve", source="T-CNT", targets=[member])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["entry"]["def"] == 3 + 2
    declined = _b_spark(DISCARD_FOR)
    declined.act("B", "resolve", source="T-CNT", use=False)
    assert player_state(declined.replay(), "B")["entry"]["def"] == 3
    # two members asked for, one there: it cannot be paid in full
    two = _b_spark(DISCARD_FOR.replace("1枚選び", "2枚選び"))
    two.act("B", "resolve", source="T-CNT", targets=[member])
    assert "R4U-TEXT-BY-DOING" in rules_broken(two.replay(), two.last)


def test_R4U_TEXT_MOVES_a_members_effect_puts_the_entry_onto_the_decks_bottom() -> None:
    act = "【起】【メンバー】【ターン1】:[エネ1]あなたは自分のエントリーから1枚選び、デッキの下に置く。"
    b = LogBuilder([_text_card("T-ACT", act)]).setup(first="A", entries={"B": "T-ACT"})
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


# -- R4U-TEXT-ON-ENTRY: a spark's sentence, and onto a member square -------------------------

ON_MEMBER = "【自】:このキャラがエントリー以外からメンバーに置かれた時、あなたは1枚引く。"


def test_R4U_TEXT_ON_ENTRY_with_a_sparks_sentence_and_onto_a_member_square() -> None:
    draw_on_entry = "【自】:このキャラが手札からエントリーに置かれた時、あなたは1枚引く。"
    eff = read_card({"type": "character", "text": draw_on_entry}).effects[0]
    assert (eff["when"], eff["from"], eff["do"]) == ("on_entry", "hand", [{"op": "draw", "n": 1}])
    on_member = read_card({"type": "character", "text": ON_MEMBER}).effects[0]
    assert (on_member["when"], on_member["from"]) == ("on_member", "not_entry")
    # on a member square "this character" is not the entry: not read
    self_ = "【自】:このキャラが手札からメンバーに置かれた時、このターン中、このキャラを+1/±0。"
    assert not read_card({"type": "character", "text": self_}).understood
    # played onto a member square from the hand: it triggers, and B draws 1
    b = LogBuilder([_text_card("T-ONM", ON_MEMBER)]).setup(first="A").proceed("A")
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "play", card="T-ONM", to="member", square=1, pay=FREE)
    r = b.replay()
    assert "R4U-TEXT-ON-ENTRY" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == hand - 1 + 1
    # moved there from the entry: not "not from the entry"
    b = LogBuilder([_text_card("T-ONM", ON_MEMBER)]).setup(first="A", entries={"A": "T-ONM"})
    b.proceed("A")
    b.act("A", "move", square=1, pay=FREE)
    assert "R4U-TEXT-ON-ENTRY" not in rules_applied(b.replay(), b.last)


# -- R4U-TEXT-ANY-COPIES -------------------------------------------------------------------


def test_R4U_TEXT_ANY_COPIES_the_copy_limit_does_not_count_it() -> None:
    from judge.games.rebirth.decks import check_deck

    many = _text_card("T-MNY", "【永】:このキャラはデッキに4枚より多く入れてよい。")
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
    mixed = _text_card("T-MNY", many["text"] + "\n【スパーク】:あなたは相手の手札を見る。")
    assert not read_card(mixed).understood
    cards["T-MNY"] = mixed
    assert "R4U-DECK-COPIES" not in [p.rule for p in check_deck(main, ["T-P01"] * 3, cards)]


def test_R4U_TEXT_MOVES_a_set_rebirth_card_back_to_the_hand_for_this_member() -> None:
    text = "【起】【メンバー】:[エネ1、このキャラをデッキの下に置く]あなたは自分のセットされているReバースから1枚選び、手札に戻す。"
    rb = card("T-RBX", "rebirth")
    b = LogBuilder([_text_card("T-RTN", text), rb]).setup(first="A", entries={"B": "T-RTN"})
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


# -- R4U-TEXT-UNSELECTABLE -----------------------------------------------------------------

HIDDEN = "【永】【メンバー】:相手のメンバーに空席があるなら、このキャラは効果で選べない。(あなたも選べない)"


def test_R4U_TEXT_UNSELECTABLE_not_chosen_while_the_opponent_has_an_empty_square() -> None:
    eff = read_card({"type": "character", "text": HIDDEN}).effects[0]
    assert (eff["when"], eff["where"], eff["if"]) == (
        "continuous",
        "member",
        "opponent_member_empty",
    )
    # A's member T-HID (A has an empty square... B has empty squares: it cannot be chosen);
    # B's spark puts an opposing member into the waiting room: none fits, none named
    for text, chosen in ((HIDDEN, False), ("【のびしろ】", True)):
        spark = _text_card(
            "T-SPD", "【スパーク】:あなたは相手のメンバーから1枚選び、控え室に置く。"
        )
        b = LogBuilder([spark, _text_card("T-HID", text)]).setup(first="A")
        b.proceed("A")
        b.act("A", "play", card="T-HID", to="member", square=1, pay=FREE)
        b.proceed("A")
        b.proceed("B")
        b.act("B", "move", square=1, pay=FREE)
        b.act("B", "reveal", card="T-SPD")
        b.act("A", "guard", card=None)
        b.act("B", "resolve", source="T-SPD", targets=["T-HID"])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is chosen, text
        assert ("R4U-EFFECT-TARGETS" in rules_broken(r, b.last)) is not chosen


# -- R4U-TEXT-NEXT-ATTACK ------------------------------------------------------------------

NEXT_ATTACK = "【スパーク】:このターンこのキャラの次のアタック中、このキャラを+2/±0。"


def test_R4U_TEXT_NEXT_ATTACK_during_the_next_attack_this_turn_only() -> None:
    eff = read_card({"type": "character", "text": NEXT_ATTACK}).effects[0]
    assert eff["do"] == [{"op": "mod", "atk": 2, "def": 0, "until": "next_attack"}]
    b = _b_spark(NEXT_ATTACK)
    r = b.replay()
    assert player_state(r, "B")["entry"]["atk"] == 1  # not attacking yet
    b.proceed("B")
    b.act("B", "attack", card="T-000")
    assert _damage(b) == 3  # ATK 1 + 2 during that attack
    assert player_state(b.replay(), "B")["entry"]["atk"] == 1  # that attack is over


# -- R4U-TEXT-ON-DEFEAT --------------------------------------------------------------------

ON_DEFEAT = "【自】【エントリー】:このキャラが相手のキャラをリタイアさせた時、このターン中、このキャラを+2/±0。"


def _defeats(partner: bool, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """B's entry T-DFT (ATK 3, read from ON_DEFEAT) attacks A's filler entry (DEF 3) with its
    filler member: in turn 2 by damage, or in turn 4 as a partner attack (3 partners)."""
    dft = _text_card("T-DFT", ON_DEFEAT, atk=3, def_=5)
    b = LogBuilder([dft], options=options).setup(first="A", entries={"B": "T-000"})
    b.proceed("A", 2)
    if partner:
        b.act("B", "partner", card="B-PT2")
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-DFT")
    if partner:
        b.proceed("B", 2)
        b.proceed("A", 3)
        b.act("B", "partner", card="B-PT3")
        b.proceed("B", 2)
        b.act("B", "attack", card="T-000", partner=True)
    else:
        b.proceed("B")
        b.act("B", "attack", card="T-000")
    b.act("A", "guard", card=None)
    r = b.replay()
    assert all(s["verdict"] == "legal" for s in r["steps"]), [
        s["violations"] for s in r["steps"] if s["verdict"] != "legal"
    ]
    return {"r": r, "last": b.last}


def test_R4U_TEXT_ON_DEFEAT_by_damage_and_by_a_partner_attack_as_the_option_says() -> None:
    out = _defeats(partner=False)
    assert "R4U-TEXT-ON-DEFEAT" in rules_applied(out["r"], out["last"])
    assert player_state(out["r"], "B")["entry"]["atk"] == 3 + 2
    for option, triggers in (("counts", True), ("damage_only", False)):
        out = _defeats(partner=True, options={"defeat_by_partner": option})
        assert ("R4U-TEXT-ON-DEFEAT" in rules_applied(out["r"], out["last"])) is triggers
        assert player_state(out["r"], "B")["entry"]["atk"] == (5 if triggers else 3)


# -- R4U-TEXT-NO-MOVE ----------------------------------------------------------------------


def test_R4U_TEXT_NO_MOVE_the_move_is_illegal_this_turn() -> None:
    text = "【スパーク】:このターン中、このキャラは効果以外でメンバーに置けない。"
    b = _b_spark(text)
    b.act("B", "move", square=2, pay=FREE)
    assert "R4U-TEXT-NO-MOVE" in rules_broken(b.replay(), b.last)
    plain = _b_spark("【スパーク】:あなたは1枚引く。")
    plain.act("B", "move", square=2, pay=FREE)
    assert verdict(plain.replay(), plain.last) == "legal"


# -- R4U-TEXT-EXTRA-SPARK ------------------------------------------------------------------


def test_R4U_TEXT_EXTRA_SPARK_each_spark_fires_once_more_per_card_set() -> None:
    twice = card("T-TWC", "rebirth")
    twice["text"] = "【永】:あなたの【スパーク】は追加でもう一度発動する。"
    drawer = _text_card("T-DRW", "【スパーク】:あなたは1枚引く。")

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


# -- R4U-TEXT-RECOMBO ----------------------------------------------------------------------

RECOMBO = "【永】【エントリー】【Reコンボ】:このキャラを+2/+1。(【Reコンボ】:あなたのReバースがセットしてあれば有効)"


def test_R4U_TEXT_RECOMBO_active_while_a_rebirth_card_is_set() -> None:
    eff = read_card({"type": "character", "text": RECOMBO}).effects[0]
    assert (eff["when"], eff["recombo"]) == ("continuous", True)
    named = "【起】【エントリー】【Reコンボ】《夜の舞台》:[エネ1]このターン中、このキャラを+1/±0。"
    assert read_card({"type": "character", "text": named}).effects[0]["recombo"] == "夜の舞台"
    # a reminder of another name does not explain it
    other = named + "\n(あなたの《朝の舞台》がセットしてあれば有効)"
    assert not read_card({"type": "character", "text": other}).understood
    rb = card("T-RBR", "rebirth")
    b = LogBuilder([_text_card("T-RCB", RECOMBO), rb]).setup(first="A")
    b.proceed("A")
    b.act("A", "play", card="T-RCB", to="entry", pay=FREE)
    entry = player_state(b.replay(), "A")["entry"]
    assert (entry["atk"], entry["def"]) == (1, 3)  # no Rebirth card set
    b.act("A", "rebirth", card="T-RBR")
    entry = player_state(b.replay(), "A")["entry"]
    assert (entry["atk"], entry["def"]) == (3, 4)


def test_R4U_TEXT_RECOMBO_an_activated_one_used_without_it_is_illegal() -> None:
    named = "【起】【エントリー】【Reコンボ】《夜の舞台》:[エネ1]このターン中、このキャラを+1/±0。"
    stage = card("T-NGT", "rebirth", name="夜の舞台")
    other = card("T-DAY", "rebirth", name="朝の舞台")
    for set_, legal in (("T-DAY", False), ("T-NGT", True)):
        b = LogBuilder([_text_card("T-RCA", named), stage, other]).setup(
            first="A", entries={"B": "T-RCA"}
        )
        b.proceed("A", 2)
        b.proceed("B")
        b.act("B", "rebirth", card=set_)
        b.act("B", "activate", card="T-RCA", pay={"energy": 0, "partner": 1})
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is legal, r["steps"][b.last]["violations"]
        assert ("R4U-TEXT-RECOMBO" in rules_broken(r, b.last)) is not legal


# -- R4U-TEXT-DISCARD-COST -----------------------------------------------------------------


def test_R4U_TEXT_DISCARD_COST_the_cards_of_the_hand_named() -> None:
    text = "【起】【メンバー】【ターン1】:[手札から1枚控え室に置く]あなたは自分のエントリーから1枚選び、このターン中、そのキャラを+1/±0。"
    eff = read_card({"type": "character", "text": text}).effects[0]
    assert (eff["discard"], eff["cost"], eff["per_turn"]) == (1, 0, 1)

    def use(discard: list[str]) -> dict[str, Any]:
        b = LogBuilder([_text_card("T-DSC", text)]).setup(first="A", entries={"B": "T-DSC"})
        b.proceed("A", 2)
        b.proceed("B")
        b.act("B", "move", square=1, pay=FREE)
        b.act("B", "reveal", card="T-000")
        b.act("B", "activate", card="T-DSC", pay=FREE, discard=discard)
        r = b.replay()
        return {"r": r, "last": b.last}

    ok = use(["T-000"])
    assert verdict(ok["r"], ok["last"]) == "legal", ok["r"]["steps"][ok["last"]]["violations"]
    assert player_state(ok["r"], "B")["entry"]["atk"] == 2
    assert len(player_state(ok["r"], "B")["waiting_room"]) == 1
    none = use([])
    assert "R4U-TEXT-DISCARD-COST" in rules_broken(none["r"], none["last"])
