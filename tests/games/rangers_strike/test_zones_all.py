"""An effect that applies only when every face-up card of one's zones is of a category
(RS-IF-ZONES-ALL), choosing an opposing unit by its printed BP (RS-PRINTED-BP), on made-up cards
in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍ターン中、これがバトルエリアに出たとき、自軍ゾーンのオモテ向
きのカードがすべてDAを持つなら、本来のBPが5000以下の敵軍ユニットを1体選び撃破する。" — only *if every*
face-up card of one's zones has DA; 自軍ゾーン is "「自軍コマンドゾーン」および「自軍パワーゾーン」のみ"
(the Q&A on モーフ: "はい、間違いありません。"); a card is charged "必ずオモテ向き"; 本来の値 is the
printed one ("「本来の値」は印刷値"); no area named: the rush and battle areas ("「ユニット」=
rush/battle 上"). With no face-up card at all, and (tag battle) 自軍 read as the player's or
its team's where the two disagree, the sources do not say: not guessed.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

EVIL = (
    "【悪】自軍ターン中、これがバトルエリアに出たとき、自軍ゾーンのオモテ向きのカードがすべてDAを持つなら、"
    "本来のBPが5000以下の敵軍ユニットを1体選び撃破する。"
)
#: A's unit whose when-it-enters effect destroys, and a DA card to charge
GOLD = printed("T-640", EVIL, name="Gold", category="DA", bp=5000, sp=0, size="S")
DARK = card("T-641", name="Dark", category="DA", bp=1000, sp=0, size="S")
#: B's units: printed BP 4000 but 6000 now (two face-up power cards); printed 6000
SWELL = printed(
    "T-642",
    "※これは自軍パワーゾーンのオモテ向きのカード1枚につきBP+1000される。",
    name="Swell",
    bp=4000,
    sp=0,
    size="S",
)
BIG = card("T-643", name="Big", bp=6000, sp=0, size="S")
CARDS = [GOLD, DARK, SWELL, BIG]


def _entered(a_power: str | None = None) -> LogBuilder:
    """B rushes Swell and Big, charging two cards into its power zone; A charges Dark into its
    command zone (and ``a_power`` into its power zone, if any), rushes Gold holding Dark and
    Gold enters: its effect waits for A."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B").rush("B", "T-642").proceed("B", 2)
    b.charge("A", "T-641").proceed("A", 3)
    b.charge("B", "T-000", to="power").proceed("B").rush("B", "T-643").proceed("B", 2)
    if a_power:
        b.charge("A", a_power, to="power")
    b.proceed("A", 3)
    b.charge("B", "T-000", to="power").proceed("B", 3)
    return b.proceed("A").rush("A", "T-640").proceed("A").enter("A", "T-640")


def _rush(r: dict, pid: str = "B") -> list[str]:
    return [u["code"] for u in player_state(r, pid)["rush"]]


def test_RS_IF_ZONES_ALL_read_from_the_printed_sentence_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": EVIL}).effects
    assert effect == {
        "when": "on_enter",
        "if": {"own_zones_all": "DA"},
        "do": [
            {
                "op": "destroy",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "printed_bp_max": 5000,
                },
            }
        ],
        "text": EVIL,
    }
    assert render_card(GOLD)["reading"] == [
        "When it enters the battle area in your turn, if every face-up card of your command zone and power "
        "zone is of category DA: destroy 1 unit (not a vehicle) whose printed BP is 5000 or less "
        "in the opponent's rush or battle area."
    ]


def test_RS_IF_ZONES_ALL_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "text": text}).understood

    assert understood(EVIL)
    assert not understood(EVIL.replace("自軍ゾーン", "敵軍ゾーン"))
    assert not understood(EVIL.replace("すべてDA", "1枚でもDA"))
    assert not understood(EVIL.replace("オモテ向きのカードが", "カードが"))
    assert not understood(EVIL.replace("本来のBPが5000以下の", "本来のBPが5000以上の"))
    # a Number Combination's condition is not read (its effects last the turn)
    assert not read_card(
        {
            "type": "unit",
            "combination": {"number": 2},
            "text": EVIL.replace("自軍ターン中、これがバトルエリアに出たとき、", ""),
        }
    ).understood


def test_RS_PRINTED_BP_a_unit_printing_5000_or_less_is_destroyed_whatever_its_bp_now() -> None:
    """Swell prints BP 4000 and has 6000 now: it fits; A's one zone card is Dark (DA)."""
    b = _entered()
    assert [u["bp"] for u in player_state(b.replay(), "B")["rush"]] == [6000, 6000]
    b.act("A", "resolve", source="T-640", targets=["T-642"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-IF-ZONES-ALL", "RS-PRINTED-BP"} <= set(rules_applied(r, b.last))
    assert _rush(r) == ["T-643"]
    assert player_state(r, "B")["discard"] == ["B-7"]  # Swell, destroyed


def test_RS_PRINTED_BP_a_unit_printing_more_cannot_be_chosen() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-640", targets=["T-643"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"]
    assert "whose printed BP is 5000 or less" in str(r["steps"][b.last]["violations"])


def test_RS_IF_ZONES_ALL_a_face_up_card_of_another_category_and_nothing_happens() -> None:
    """A's power zone holds a face-up filler (not DA): nothing is chosen, a unit named is not
    taken."""
    b = _entered(a_power="T-000")
    b.act("A", "resolve", source="T-640")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-ZONES-ALL" in rules_applied(r, b.last)
    named = _entered(a_power="T-000")
    named.act("A", "resolve", source="T-640", targets=["T-642"])
    r = named.replay()
    assert verdict(r, named.last) == "legal", r["steps"][named.last]
    assert _rush(r) == ["T-642", "T-643"]


def test_RS_IF_ZONES_ALL_a_face_up_dark_card_in_the_power_zone_counts_too() -> None:
    b = _entered(a_power="T-641")
    b.act("A", "resolve", source="T-640", targets=["T-642"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush(r) == ["T-643"]


DECKS = {p: [c["code"] for c in CARDS for _ in range(3)] for p in ("A1", "A2", "B1", "B2")}


def test_RS_IF_ZONES_ALL_zones_without_a_face_up_card_are_not_guessed() -> None:
    """Tag battle: A2 charged nothing and A1 held its DA command for A2's Gold: A2's zones
    hold no face-up card, and whether すべて holds then the sources do not say."""
    b = LogBuilder(CARDS, variant="tag", decks=DECKS).setup(first="A1")
    b.charge("A1", "T-641").proceed("A1", 3)
    b.proceed("A2").rush("A2", "T-640", hold_by="A1").proceed("A2").enter("A2", "T-640")
    b.act("A2", "resolve", source="T-640")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-ZONES-ALL" in rules_applied(r, b.last)


def test_RS_IF_ZONES_ALL_tag_readings_that_disagree_are_not_guessed() -> None:
    """A2's one zone card is Dark (DA); A1's power zone holds a filler (not DA): 自軍ゾーン read
    as A2's and as its team's disagree."""
    b = LogBuilder(CARDS, variant="tag", decks=DECKS).setup(first="A1")
    b.charge("A1", "T-000", to="power").proceed("A1", 3)
    b.charge("A2", "T-641").proceed("A2").rush("A2", "T-640").proceed("A2").enter("A2", "T-640")
    b.act("A2", "resolve", source="T-640")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-ZONES-ALL" in rules_applied(r, b.last)
    same = LogBuilder(CARDS, variant="tag", decks=DECKS).setup(first="A1")
    same.charge("A1", "T-641", to="power").proceed("A1", 3)
    same.charge("A2", "T-641").proceed("A2").rush("A2", "T-640").proceed("A2")
    same.enter("A2", "T-640").act("A2", "resolve", source="T-640")
    r = same.replay()
    assert verdict(r, same.last) == "legal", r["steps"][same.last]
