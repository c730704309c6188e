"""Tag, a resident's keyword (RS-TAG), and the resident text that holds a unit of its player's as
a held one enters, then releases the one that entered (RS-TAG-HELD-ENTERED), on made-up cards in
the catalogue's sentence shape.

The sources' words, which the tests follow: Tag's printed reminder "これは他の自軍常駐と合わせて2枚
まで配置でき、太字部分を実行するかわりに、他の自軍常駐の太字部分を実行できる" — a Tag resident *may be
placed* beside *one other* resident *of its player's* (two at most), and *instead of* its bold part
(the words in 『…』) its player *may* execute *another* resident's bold part; the text
"自軍バトルフェイズ中、ホールド状態の自軍Sユニットがバトルエリアに出たとき、『自軍Sユニットを1体選びホールドす
る』を実行してもよい。そうしたとき、バトルエリアに出たユニットをリリースする。" — in *its player's battle
phase*, a *held* size S unit of *its player's* entering triggers it (one entering *released*
does not: the official Q&A), the bold part is *optional*, and only *when it was done* is the
entered unit released.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

REMINDER = (
    "※タッグ（これは他の自軍常駐と合わせて2枚まで配置でき、太字部分を実行するかわりに、他の自軍常駐の太字部分を"
    "実行できる）"
)
BODY = (
    "自軍バトルフェイズ中、ホールド状態の自軍Sユニットがバトルエリアに出たとき、『自軍Sユニットを1体選びホールドす"
    "る』を実行してもよい。そうしたとき、バトルエリアに出たユニットをリリースする。"
)
#: A's Tag resident with the text
WAKE = printed(
    "T-890",
    f"※常駐 {REMINDER} {BODY}",
    type="operation",
    operation="resident",
    tag=True,
    name="Wake",
)
#: a size S unit rushed held, and a released one
HEAVY = printed(
    "T-891", "※これはラッシュするとき、可能ならホールド状態で置く。", name="Heavy", size="S"
)
PAL = card("T-892", name="Pal", size="S")
BULK = card("T-893", name="Bulk", size="M")
PEER = card("T-897", name="Peer", size="S")
#: a resident without Tag and without text, and one read in full without a bold part
OLD = card("T-894", "operation", operation="resident", name="Old")
DOJO = printed(
    "T-895",
    "※常駐 自軍バトルフェイズ中、特徴「闘魂」を持つ自軍Sユニットがバトルエリアに出たとき、次の効果を発動できる "
    "⇒バトルエリアに出たユニットの必要パワーの数字よりも、必要パワーの数字が小さいWBのMユニットのカードを、自分の"
    "手札から1枚選び、自軍ラッシュエリアに出す。",
    type="operation",
    operation="resident",
    name="Dojo",
)
#: a Tag resident whose text the engine does not read
ODD = printed(
    "T-896",
    f"※常駐 {REMINDER} 自軍ラッシュフェイズごとに1度だけ、『自分の手札から1枚選び捨札にする』を実行してもよい。"
    "そうしたとき、相手は1枚ドローする。",
    type="operation",
    operation="resident",
    tag=True,
    name="Odd",
)
CARDS = [WAKE, HEAVY, PAL, BULK, OLD, DOJO, ODD, PEER]


def _placed(*codes: str) -> LogBuilder:
    """A places the residents ``codes`` in turns 1, 3, 5, … (one command charged each turn)."""
    b = LogBuilder(CARDS).setup(first="A")
    for k, code in enumerate(codes):
        if k:
            b.pass_turn("B")
        b.charge("A", "T-000").proceed("A").use("A", code).proceed("A", 2)
    return b


def _entered(*rushed: str, resident: str = "T-890", enter: str = "T-891") -> LogBuilder:
    """A places ``resident`` in turn 1, charges in turn 3; in turn 5 A rushes ``rushed`` (three
    commands charged by then) and ``enter`` enters the battle area."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", resident).proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A", 3)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A")
    for code in rushed or ("T-891", "T-892"):
        b.rush("A", code)
    b.proceed("A")
    return b.enter("A", _id(b, enter))


def _id(b: LogBuilder, code: str, area: str = "rush") -> str:
    return next(u["id"] for u in player_state(b.replay(), "A")[area] if u["code"] == code)


def _unit(b: LogBuilder, code: str) -> dict[str, Any]:
    state = player_state(b.replay(), "A")
    return next(u for u in state["rush"] + state["battle"] if u["code"] == code)


def test_RS_TAG_read_from_the_printed_reminder_and_shown() -> None:
    r = read_card(WAKE)
    assert r.understood
    assert "tag" in r.keywords
    (effect,) = r.effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "resident_held_entered",
        "of": {"size": "S"},
        "optional": True,
        "do": [{"op": "bold", "part": {"op": "hold_own", "size": "S"}}, {"op": "release_entered"}],
    }
    reading = render_card(WAKE)["reading"]
    assert reading[0].startswith("Keywords: Tag: it may be placed beside one other resident")
    assert "(RS-TAG-HELD-ENTERED, RS-TAG)" in reading[1]


def test_RS_TAG_near_misses_are_not_read() -> None:
    no_tag = {**WAKE, "tag": False}  # the importer's tag: a resident printing Tag
    assert not read_card(no_tag).understood
    normal = {**WAKE, "operation": "normal"}
    assert not read_card(normal).understood
    for text in (
        WAKE["text"].replace("2枚まで", "3枚まで"),
        WAKE["text"].replace("ホールド状態の自軍S", "リリース状態の自軍S"),
        WAKE["text"].replace(
            "『自軍Sユニットを1体選びホールドする』", "自軍Sユニットを1体選びホールドする"
        ),
        WAKE["text"].replace("実行してもよい", "実行する"),
        WAKE["text"].replace("自軍バトルフェイズ中、", ""),
        WAKE["text"].replace("リリースする。", "撃破する。"),
    ):
        assert not read_card({**WAKE, "text": text}).understood, text


def test_RS_TAG_HELD_ENTERED_a_held_unit_entering_triggers_it_and_the_entered_unit_is_released() -> (
    None
):
    b = _entered()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TAG-HELD-ENTERED" in rules_applied(r, b.last)
    assert _unit(b, "T-891").get("held", False) is True
    b.act("A", "resolve", source="T-890", use=True, targets=[_id(b, "T-892")])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _unit(b, "T-892").get("held", False) is True
    assert _unit(b, "T-891").get("held", False) is False


def test_RS_TAG_HELD_ENTERED_not_executed_nothing_happens() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-890", use=False)
    assert verdict(b.replay(), b.last) == "legal"
    assert _unit(b, "T-892").get("held", False) is False
    assert _unit(b, "T-891").get("held", False) is True


def test_RS_TAG_HELD_ENTERED_a_unit_entering_released_does_not_trigger_it() -> None:
    b = _entered("T-892", "T-897", enter="T-892")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TAG-HELD-ENTERED" not in rules_applied(r, b.last)


def test_RS_TAG_HELD_ENTERED_no_released_size_s_unit_the_entered_unit_stays_held() -> None:
    b = _entered("T-891", "T-893")  # only a size M unit besides the held one
    b.act("A", "resolve", source="T-890", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _unit(b, "T-891").get("held", False) is True
    assert _unit(b, "T-893").get("held", False) is False


def test_RS_TAG_HELD_ENTERED_a_unit_that_cannot_be_chosen_is_illegal() -> None:
    for code in ("T-893", "T-891"):  # size M; held already
        b = _entered("T-891", "T-892", "T-893")
        b.act("A", "resolve", source="T-890", use=True, targets=[_unit(b, code)["id"]])
        r = b.replay()
        assert "RS-TAG-HELD-ENTERED" in rules_broken(r, b.last), code


def test_RS_TAG_HELD_ENTERED_the_unit_not_named_among_several_is_not_guessed() -> None:
    b = _entered("T-891", "T-892", "T-897")
    b.act("A", "resolve", source="T-890", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert _unit(b, "T-891").get("held", False) is True


def test_RS_TAG_a_tag_resident_stands_beside_another_resident() -> None:
    b = _placed("T-894", "T-890")
    r = b.replay()
    assert verdict(r, b.last - 2) == "legal", r["steps"][b.last - 2]
    assert "RS-TAG" in rules_applied(r, b.last - 2)
    state = player_state(r, "A")
    assert len(state["residents"]) == 2
    assert state["discard"] == []


def test_RS_TAG_two_copies_stand_and_a_third_replaces_the_first() -> None:
    b = _placed("T-890", "T-890")
    assert len(player_state(b.replay(), "A")["residents"]) == 2
    b = _placed("T-890", "T-890", "T-890")
    r = b.replay()
    assert verdict(r, b.last - 2) == "legal", r["steps"][b.last - 2]
    state = player_state(r, "A")
    assert len(state["residents"]) == 2
    assert len(state["discard"]) == 1


def test_RS_TAG_which_of_two_different_residents_goes_is_not_guessed() -> None:
    b = _placed("T-894", "T-890", "T-890")
    r = b.replay()
    assert verdict(r, b.last - 2) == "unverifiable", r["steps"][b.last - 2]


def test_RS_TAG_the_resident_named_in_replace_goes() -> None:
    b = _placed("T-894", "T-890")
    old = player_state(b.replay(), "A")["residents"][1]  # the Wake, placed second
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").use("A", "T-890", replace=[old]).proceed("A", 2)
    r = b.replay()
    assert verdict(r, b.last - 2) == "legal", r["steps"][b.last - 2]
    state = player_state(r, "A")
    assert old not in state["residents"] and old in state["discard"]


def test_RS_TAG_replace_naming_no_resident_in_place_is_illegal() -> None:
    b = _placed("T-890")
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").use("A", "T-890", replace=["T-895"])
    assert "RS-TAG" in rules_broken(b.replay(), b.last)


def test_RS_TAG_a_resident_without_tag_beside_a_tag_one_is_not_guessed() -> None:
    b = _placed("T-890", "T-894")
    r = b.replay()
    assert verdict(r, b.last - 2) == "unverifiable", r["steps"][b.last - 2]


def test_RS_TAG_without_tag_one_resident_replaces_the_other_as_before() -> None:
    b = _placed("T-894", "T-895")
    r = b.replay()
    assert verdict(r, b.last - 2) == "legal"
    assert "RS-RESIDENT" in rules_applied(r, b.last - 2)
    state = player_state(r, "A")
    assert "residents" not in state and state["resident"] is not None


def _two_wakes_entered() -> LogBuilder:
    b = _placed("T-890", "T-890")
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-891").rush("A", "T-892").proceed("A")
    return b.enter("A", _id(b, "T-891"))


def test_RS_TAG_another_residents_bold_part_executed_instead() -> None:
    b = _two_wakes_entered()
    first, second = player_state(b.replay(), "A")["residents"]
    b.act("A", "resolve", source=first, use=True, targets=[{"bold": second}, _id(b, "T-892")])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TAG" in rules_applied(r, b.last)
    assert _unit(b, "T-892").get("held", False) is True
    assert _unit(b, "T-891").get("held", False) is False


def test_RS_TAG_a_bold_part_of_a_card_that_is_not_another_resident_is_illegal() -> None:
    b = _two_wakes_entered()
    first, _ = player_state(b.replay(), "A")["residents"]
    for bold in (first, "T-895"):  # itself; a card not in place
        b2 = _two_wakes_entered()
        b2.act("A", "resolve", source=first, use=True, targets=[{"bold": bold}, _id(b2, "T-892")])
        assert "RS-TAG" in rules_broken(b2.replay(), b2.last), bold


def test_RS_TAG_a_resident_printing_no_bold_part_is_illegal_an_unread_one_not_guessed() -> None:
    b = _placed("T-895", "T-890")
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-891").rush("A", "T-892").proceed("A")
    b.enter("A", _id(b, "T-891"))
    dojo, wake = player_state(b.replay(), "A")["residents"]
    b.act("A", "resolve", source=wake, use=True, targets=[{"bold": dojo}, _id(b, "T-892")])
    assert "RS-TAG" in rules_broken(b.replay(), b.last)
    b = _placed("T-896", "T-890")
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-891").rush("A", "T-892").proceed("A")
    b.enter("A", _id(b, "T-891"))
    odd, wake = player_state(b.replay(), "A")["residents"]
    b.act("A", "resolve", source=wake, use=True, targets=[{"bold": odd}, _id(b, "T-892")])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-TAG" in rules_applied(r, b.last)
    assert _unit(b, "T-892").get("held", False) is False


# -- RST-RESIDENT-TAG: in tag battle the substitution reaches the team-mate's residents ----------
# The seed: "タッグを持つ常駐の「太字部分の読み替え」は、チームを組んだプレイヤーの配置した常駐についても適用され
# ます"; the reminder: "太字部分を実行するかわりに、他の自軍常駐の太字部分を実行できる".


def _tag_entered(ally: str = "T-894", foe: str | None = None) -> LogBuilder:
    """Tag battle: A1 places Wake, A2 places ``ally``, B1 ``foe`` (if any); in A1's next turn A1
    rushes Heavy (held) and Pal, and Heavy enters the battle area."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-890").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").use("A2", ally).proceed("A2", 2)
    if foe is None:
        b.pass_turn("B1")
    else:
        b.charge("B1", "T-000").proceed("B1").use("B1", foe).proceed("B1", 2)
    b.pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-891").rush("A1", "T-892").proceed("A1")
    return b.enter("A1", _tag_id(b, "A1", "T-891"))


def _tag_id(b: LogBuilder, pid: str, code: str, area: str = "rush") -> str:
    return next(u["id"] for u in player_state(b.replay(), pid)[area] if u["code"] == code)


def _tag_unit(b: LogBuilder, code: str) -> dict[str, Any]:
    state = player_state(b.replay(), "A1")
    return next(u for u in state["rush"] + state["battle"] if u["code"] == code)


def test_RST_RESIDENT_TAG_the_team_mates_resident_may_be_named_its_outcome_not_guessed() -> None:
    b = _tag_entered()
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
    wake = player_state(r, "A1")["resident"]
    old = player_state(r, "A2")["resident"]
    b.act(
        "A1", "resolve", source=wake, use=True, targets=[{"bold": old}, _tag_id(b, "A1", "T-892")]
    )
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RST-RESIDENT-TAG" in rules_applied(r, b.last)
    assert rules_broken(r, b.last) == []
    # not carried out: Pal stays released, Heavy held
    assert _tag_unit(b, "T-892").get("held", False) is False
    assert _tag_unit(b, "T-891").get("held", False) is True


def test_RST_RESIDENT_TAG_an_opposing_players_resident_is_not_the_teams() -> None:
    b = _tag_entered(foe="T-894")
    r = b.replay()
    wake = player_state(r, "A1")["resident"]
    foes = player_state(r, "B1")["resident"]
    b.act(
        "A1", "resolve", source=wake, use=True, targets=[{"bold": foes}, _tag_id(b, "A1", "T-892")]
    )
    assert "RS-TAG" in rules_broken(b.replay(), b.last)


def test_RST_RESIDENT_TAG_its_own_bold_part_in_tag_battle_as_before() -> None:
    b = _tag_entered()
    wake = player_state(b.replay(), "A1")["resident"]
    b.act("A1", "resolve", source=wake, use=True, targets=[_tag_id(b, "A1", "T-892")])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RST-RESIDENT-TAG" not in rules_applied(r, b.last)


def test_RST_RESIDENT_TAG_a_tag_resident_placed_in_tag_battle_says_what_tag_reaches() -> None:
    b = _tag_entered()
    r = b.replay()
    use = next(
        s["index"] for s in r["steps"] if s["action"] == {"p": "A1", "do": "use", "card": "T-890"}
    )
    assert "RST-RESIDENT-TAG" in rules_applied(r, use)
    assert any("A2 placed too" in t for t in ruling_texts(r, use))
