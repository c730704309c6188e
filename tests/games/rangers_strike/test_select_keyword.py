"""Units chosen by a keyword they print (RS-SELECT-KEYWORD), on made-up cards in the catalogue's
sentence shapes.

The source's words, which the tests follow: "ウイングを持つ敵軍Sユニットを1体選び撃破する。" (one opposing
size S unit *that has* ウイング, of the rush or battle area as no area is named, is destroyed); a
keyword is printed as a note, "※ウイング", "※レジスト", and an ability given to another card is
printed after an arrow, "次の能力を得る⇒※ウイング、BP+2000", or as "これはレジストを得る": such a card
in play, which the engine does not read, leaves whether a unit has the keyword unknown.
"""

from __future__ import annotations

from judge.games.rangers_strike.keywords import printed as printed_keywords
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

GUN = "【イクサカリバー・ガンモード】ウイングを持つ敵軍Sユニットを1体選び撃破する。"
SHOT = "【X】レジストを持つ敵軍Sユニットを1体選び撃破する。"
#: A's Number Combination 2 units choosing by ウイング and by レジスト
IXA = printed("T-930", GUN, name="Ixa", bp=2000, sp=0, size="S", combination={"number": 2})
SHOOTER = printed("T-934", SHOT, name="Shooter", bp=2000, sp=0, size="S", combination={"number": 2})
#: B's units: one printing ウイング (not read: the engine does not implement it), one printing
#: レジスト (read), one printing none, one that gives itself レジスト (not read)
BIRD = printed("T-931", "※ウイング", name="Bird", bp=1000, sp=0, size="S")
TOUGH = printed(
    "T-932",
    "※レジスト（これがバトルで撃破されたとき、捨札にするかわりにこれをホールドしてその場に留めてもよい）",
    name="Tough",
    bp=1000,
    sp=0,
    size="S",
)
PLAIN = card("T-933", name="Plain", bp=1000, sp=0, size="S")
GIVER = printed(
    "T-935", "※特徴「女」を持つ自軍ユニットがあれば、これはレジストを得る。", name="Giver", size="S"
)
CARDS = [IXA, SHOOTER, BIRD, TOUGH, PLAIN, GIVER]


def _combined(unit: str, b_units: tuple[str, ...]) -> LogBuilder:
    """B rushes ``b_units`` (one a turn) while A rushes a filler; then A rushes ``unit`` and
    enters the filler and it: it stands second, and its Number Combination 2 waits."""
    b = LogBuilder(CARDS).setup(first="B")
    for i, code in enumerate(b_units):
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B", 2)
        b.charge("A", "T-000").proceed("A")
        if i == 0:
            b.rush("A", "T-000")
        b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A")
    return b.enter("A", "T-000").enter("A", unit)


def test_RS_SELECT_KEYWORD_read_and_shown() -> None:
    rider = {"type": "unit", "combination": {"rc": True}, "text": GUN}
    (effect,) = read_card(rider).combination
    assert effect["do"] == [
        {
            "op": "destroy",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "keyword": "ウイング",
                "size": "S",
            },
        }
    ]
    assert render_card({**rider, "code": "X", "name": "X"})["reading"][-1] == (
        "Rider Combination RC (when it rides off a vehicle in its battle phase): destroy 1 size "
        "S unit (not a vehicle) with ウイング in the opponent's rush or battle area."
    )
    (shot,) = read_card({"type": "unit", "combination": {"number": 2}, "text": SHOT}).combination
    assert shot["do"][0]["target"]["keyword"] == "レジスト"
    unit = {"type": "unit", "combination": {"number": 2}}
    for near in (
        "【X】チェイスを持つ敵軍Sユニットを1体選び撃破する。",  # a keyword not chosen by
        "【X】ウイングを持たない敵軍Sユニットを1体選び撃破する。",  # not having it
        "【X】ウイングを持つ自軍Sユニットを1体選び撃破する。",  # one's own
        "【X】ウイングを持つSユニットを1体選び撃破する。",  # whose is not said
    ):
        assert not read_card({**unit, "text": near}).understood, near


def test_RS_SELECT_KEYWORD_a_card_has_the_keywords_it_prints() -> None:
    assert printed_keywords(BIRD) == ("ウイング",)
    assert printed_keywords(TOUGH) == ("レジスト",)
    assert printed_keywords(PLAIN) == ()
    assert printed_keywords(GIVER) == ()  # it gives itself レジスト, sometimes: not printed
    assert printed_keywords({**PLAIN, "resist": True}) == ("レジスト",)
    given = {
        "text": "※ウイング 【翼合体】…このカードに重ねたユニットは、次の能力を得る⇒※ウイング、BP+2000"
    }
    assert printed_keywords(given) == ("ウイング",)  # its own; the second is given
    arrow = {"text": "【X】このターン、選んだユニットは次の能力を得る⇒※ウイング"}
    assert printed_keywords(arrow) == ()


def test_RS_SELECT_KEYWORD_a_unit_printing_the_keyword_is_destroyed() -> None:
    b = _combined("T-930", ("T-931", "T-933"))
    b.act("A", "resolve", source="T-930", targets=["T-931"])
    r = b.replay()
    # the Bird's ※ウイング is read (RS-WING): its rush was legal, and so is what follows
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert rules_broken(r, b.last) == []
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-933"]


def test_RS_SELECT_KEYWORD_a_unit_without_it_cannot_be_chosen() -> None:
    b = _combined("T-934", ("T-932", "T-933"))
    b.act("A", "resolve", source="T-934", targets=["T-933"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    right = _combined("T-934", ("T-932", "T-933"))
    right.act("A", "resolve", source="T-934", targets=["T-932"])
    r = right.replay()
    assert verdict(r, right.last) == "legal", r["steps"][right.last]
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-933"]


def test_RS_SELECT_KEYWORD_a_card_that_may_give_the_keyword_leaves_it_unknown() -> None:
    b = _combined("T-934", ("T-935", "T-933"))
    b.act("A", "resolve", source="T-934", targets=["T-933"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"  # not illegal: the Giver may have given it
    assert rules_broken(r, b.last) == []
    assert "RS-SELECT-KEYWORD" in rules_applied(r, b.last)
    assert len(area_ids(r, "B", "rush")) == 2  # nothing destroyed


#: B's unit whose own text, read (RS-WHILE-NAMED), gives it レジスト while a card named Plain is in
#: B's area: it then *has* レジスト as a unit with it printed does (the units that may resist)
GUARD = printed(
    "T-936",
    "【守りの構え】これは、自軍エリアに「Nobody」があれば「SP1」になり、「Noone」があればBP+3000され、"
    "「Plain」があればレジストを得る。",
    name="Guard",
    bp=1000,
    sp=0,
    size="S",
)


def test_RS_SELECT_KEYWORD_resist_its_own_text_gives_counts() -> None:
    """ "レジストを持つ敵軍Sユニット": a unit whose own text gives it resist now has resist, as
    RS-HOLD-KEYWORD and RS-RESIST-TO-DAMAGE read it; choosing it is legal."""
    b = LogBuilder([*CARDS, GUARD]).setup(first="B")
    for i, code in enumerate(("T-936", "T-933")):
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B", 2)
        b.charge("A", "T-000").proceed("A")
        if i == 0:
            b.rush("A", "T-000")
        b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-934").proceed("A")
    b.enter("A", "T-000").enter("A", "T-934")
    b.act("A", "resolve", source="T-934", targets=["T-936"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert rules_broken(r, b.last) == []
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-933"]
