"""The printed-text reader of Rebirth for you, a character's abilities: continuous (【永】), automatic
(【自】) and activated (【起】) lines read from made-up cards and carried out by the engine
(R4U-TEXT-PERFORMANCE, -ON-ENTRY, -OWN-ATTACK, -SHOWCASE-ATTRIBUTE, -ON-SUPPORT, -BY-DOING,
-UNSELECTABLE, -ON-DEFEAT, -RECOMBO, -DISCARD-COST, -FROM-WAITING-ROOM).  Each test is written from
the printed wording the rule quotes; the sparks and their ops: ``test_r4u_text_effects.py``."""

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
    text_card,
    verdict,
)

REMINDER = "(【本領発揮Lv{n}】:あなたの、メンバーとリタイアが合計{n}枚以上で有効)"


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
    b = LogBuilder([text_card("T-PRF", text)], options={"performance_from": option})
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
    b = LogBuilder([text_card("T-PRF", ENTRY_CONT)]).setup(first="A").proceed("A")
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
        b = LogBuilder([text_card("T-PRF", text)]).setup(first="A").proceed("A")
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
    b = LogBuilder([text_card("T-PRF", NOT_DECK)]).setup(first="A").proceed("A")
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
    own = text_card("T-OWN", text.format(n=n), atk=1, def_=4)
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
    spark = text_card("T-ASP", ATTR_SPARK)
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
    sup = text_card("T-SUP", text)
    b = LogBuilder([sup], options=options).setup(first="A", entries={"B": "T-SUP"})
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card="T-000")
    b.proceed("B")
    return b.act("B", "attack", card="T-SUP")


def test_R4U_TEXT_ON_SUPPORT_the_supported_character_during_this_attack_only() -> None:
    b = _supports(SUPPORT_PLAIN)
    r = b.replay()
    assert "R4U-TEXT-ON-SUPPORT" in rules_applied(r, b.last)
    assert player_state(r, "B")["entry"]["atk"] == 3  # during the attack: 1 + 2
    assert attack_damage(b) == 3
    assert player_state(b.replay(), "B")["entry"]["atk"] == 1  # the attack is over


def test_R4U_TEXT_ON_SUPPORT_a_cost_paid_or_declined() -> None:
    b = _supports(SUPPORT_BOTTOM)
    deck = player_state(b.replay(), "B")["deck"]
    b.act("B", "resolve", source="T-SUP", use=True)
    r = b.replay()
    assert player_state(r, "B")["members"][0] is None  # onto the deck's bottom
    assert player_state(r, "B")["deck"] == deck + 1
    assert attack_damage(b) == 3
    declined = _supports(SUPPORT_BOTTOM)
    declined.act("B", "resolve", source="T-SUP", use=False)
    assert attack_damage(declined) == 1
    assert player_state(declined.replay(), "B")["members"][0]["id"] == "B-1"
    # an energy cost: B's preset partner pays it; then B draws 1
    paid = _supports(SUPPORT_MAY)
    hand = len(player_state(paid.replay(), "B")["hand"])
    paid.act("B", "resolve", source="T-SUP", use=True, pay={"energy": 0, "partner": 1})
    r = paid.replay()
    assert player_state(r, "B")["partners"][0]["rested"] is True
    assert len(player_state(r, "B")["hand"]) == hand + 1
    assert attack_damage(paid) == 3
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
    b = LogBuilder([text_card("T-ONM", ON_MEMBER)]).setup(first="A").proceed("A")
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "play", card="T-ONM", to="member", square=1, pay=FREE)
    r = b.replay()
    assert "R4U-TEXT-ON-ENTRY" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == hand - 1 + 1
    # moved there from the entry: not "not from the entry"
    b = LogBuilder([text_card("T-ONM", ON_MEMBER)]).setup(first="A", entries={"A": "T-ONM"})
    b.proceed("A")
    b.act("A", "move", square=1, pay=FREE)
    assert "R4U-TEXT-ON-ENTRY" not in rules_applied(b.replay(), b.last)


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
        spark = text_card("T-SPD", "【スパーク】:あなたは相手のメンバーから1枚選び、控え室に置く。")
        b = LogBuilder([spark, text_card("T-HID", text)]).setup(first="A")
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


# -- R4U-TEXT-ON-DEFEAT --------------------------------------------------------------------

ON_DEFEAT = "【自】【エントリー】:このキャラが相手のキャラをリタイアさせた時、このターン中、このキャラを+2/±0。"


def _defeats(partner: bool, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """B's entry T-DFT (ATK 3, read from ON_DEFEAT) attacks A's filler entry (DEF 3) with its
    filler member: in turn 2 by damage, or in turn 4 as a partner attack (3 partners)."""
    dft = text_card("T-DFT", ON_DEFEAT, atk=3, def_=5)
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
    b = LogBuilder([text_card("T-RCB", RECOMBO), rb]).setup(first="A")
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
        b = LogBuilder([text_card("T-RCA", named), stage, other]).setup(
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
        b = LogBuilder([text_card("T-DSC", text)]).setup(first="A", entries={"B": "T-DSC"})
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


# -- R4U-TEXT-FROM-WAITING-ROOM ------------------------------------------------------------


def test_R4U_TEXT_FROM_WAITING_ROOM_into_the_entry_replacing_it() -> None:
    text = "【起】【控え室】:[エネ1]あなたはこのキャラをエントリーに置く。"
    eff = read_card({"type": "character", "text": text}).effects[0]
    assert (eff["where"], eff["cost"], eff["do"]) == ("waiting_room", 1, [{"op": "self_to_entry"}])
    for option, moves in (("replace", True), ("empty_only", False)):
        b = LogBuilder([text_card("T-WRM", text)], options={"place_occupied": option})
        b.setup(first="A", entries={"B": "T-WRM"})
        b.proceed("A", 2)
        b.proceed("B")
        b.act("B", "play", card="T-000", to="entry", pay=FREE)  # T-WRM to the waiting room
        b.act("B", "activate", card="T-WRM", pay={"energy": 0, "partner": 1})
        r = b.replay()
        assert verdict(r, b.last) == "legal", r["steps"][b.last]["violations"]
        mine = player_state(r, "B")
        assert (mine["entry"]["id"] == "B-1") is moves, option  # B-1: the starting T-WRM
        assert len(mine["waiting_room"]) == 1
