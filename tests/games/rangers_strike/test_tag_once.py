"""A resident's text executed once in each of its player's rush phases, its bold part a face-up
card of the power zone put on top of the deck, then, for the turn, one's units with a feature
given another (RS-TAG-ONCE, RS-TURN-FEATURE), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍ラッシュフェイズごとに1度だけ、『オモテ向きの自軍パワーを1枚
選び、自軍山札の上に戻す』を実行してもよい。そうしたとき、このターン、特徴「X」を持つ自軍ユニットは、「これはバト
ルエリアに出たとき撃破される」と書かれていても、そのテキストは無効になり、特徴「Y」を追加される。" — *once in
each* of its player's rush phases, the player *may* execute it; a *face-up* card of *its own* power
zone goes *on top of its deck*; only *when that was done* do its units *with X* have *Y added*,
*for the turn*.
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

REMINDER = (
    "※タッグ（これは他の自軍常駐と合わせて2枚まで配置でき、太字部分を実行するかわりに、他の自軍常駐の太字部分を"
    "実行できる）"
)
BODY = (
    "自軍ラッシュフェイズごとに1度だけ、『オモテ向きの自軍パワーを1枚選び、自軍山札の上に戻す』を実行してもよい。"
    "そうしたとき、このターン、特徴「幻影」を持つ自軍ユニットは、「これはバトルエリアに出たとき撃破される」と書かれて"
    "いても、そのテキストは無効になり、特徴「巡査」を追加される。"
)
#: A's Tag resident with the text
DESK = printed(
    "T-900",
    f"※常駐 {REMINDER} {BODY}",
    type="operation",
    operation="resident",
    tag=True,
    name="Desk",
)
#: A's size S unit with the feature 幻影, and one without
PHANTOM = {**card("T-901", name="Phantom", size="S"), "features": ["幻影"]}
PLAIN = card("T-902", name="Plain", size="S")
#: an operation giving BP to a unit of one's rush area with the feature 巡査 (written by hand)
PATROL = card(
    "T-903",
    "operation",
    name="Patrol",
    effects=[
        {
            "when": "on_use",
            "do": [
                {
                    "op": "bp",
                    "amount": 1000,
                    "target": {"side": "own", "zone": "rush", "count": 1, "feature": "巡査"},
                    "until": "turn",
                }
            ],
        }
    ],
)
CARDS = [DESK, PHANTOM, PLAIN, PATROL]


def _ready(power: tuple[str, ...] = ("T-000",)) -> LogBuilder:
    """A places the Desk in turn 1, charges ``power`` face up into its power zone and rushes the
    Phantom in turn 3 (and the next charge in turn 5), then in its next turn charges a command:
    its rush phase begins."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-900").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", power[0], to="power").proceed("A").rush("A", "T-901").proceed("A", 2)
    for code in power[1:]:
        b.pass_turn("B")
        b.charge("A", code, to="power").proceed("A", 3)
    b.pass_turn("B")
    return b.charge("A", "T-000").proceed("A")


def _desk(b: LogBuilder) -> str:
    return player_state(b.replay(), "A")["resident"]


def _phantom(b: LogBuilder) -> str:
    return next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-901")


def test_RS_TAG_ONCE_read_from_the_printed_text_and_shown() -> None:
    r = read_card(DESK)
    assert r.understood
    (effect,) = r.effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "resident_once",
        "do": [
            {"op": "bold", "part": {"op": "power_to_top"}},
            {
                "op": "turn_feature",
                "of": "幻影",
                "feature": "巡査",
                "void": "これはバトルエリアに出たとき撃破される",
            },
        ],
    }
    assert "(RS-TAG-ONCE, RS-TURN-FEATURE, RS-TAG)" in render_card(DESK)["reading"][1]


def test_RS_TAG_ONCE_near_misses_are_not_read() -> None:
    for text in (
        DESK["text"].replace("ごとに1度だけ", "中"),
        DESK["text"].replace("オモテ向きの自軍パワー", "ウラ向きの自軍パワー"),
        DESK["text"].replace("自軍山札の上", "自軍山札の下"),
        DESK["text"].replace("このターン、", ""),
        DESK["text"].replace("追加される", "失う"),
    ):
        assert not read_card({**DESK, "text": text}).understood, text


def test_RS_TURN_FEATURE_without_the_text_executed_the_unit_lacks_the_feature() -> None:
    b = _ready()
    b.use("A", "T-903", targets=[_phantom(b)])
    assert rules_broken(b.replay(), b.last)


def test_RS_TAG_ONCE_executed_the_power_card_goes_on_top_and_the_feature_is_added() -> None:
    b = _ready()
    before = player_state(b.replay(), "A")
    b.act("A", "activate", card=_desk(b), ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TAG-ONCE" in rules_applied(r, b.last)
    up = before["power"]["face_up"][0]
    b.act("A", "resolve", source=_desk(b), targets=[up])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-FEATURE" in rules_applied(r, b.last)
    after = player_state(r, "A")
    assert after["power"]["face_up"] == []
    assert after["deck"] == before["deck"] + 1
    b.use("A", "T-903", targets=[_phantom(b)])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_TAG_ONCE_a_second_time_in_one_rush_phase_is_illegal() -> None:
    b = _ready()
    b.act("A", "activate", card=_desk(b), ability=1)
    b.act("A", "resolve", source=_desk(b))
    assert verdict(b.replay(), b.last) == "legal"
    b.act("A", "activate", card=_desk(b), ability=1)
    assert "RS-TAG-ONCE" in rules_broken(b.replay(), b.last)


def test_RS_TAG_ONCE_a_card_that_is_not_a_face_up_power_card_is_illegal() -> None:
    b = _ready()
    b.act("A", "activate", card=_desk(b), ability=1)
    b.act("A", "resolve", source=_desk(b), targets=[_phantom(b)])
    assert "RS-TAG-ONCE" in rules_broken(b.replay(), b.last)


def test_RS_TAG_ONCE_the_card_not_named_among_different_ones_is_not_guessed() -> None:
    b = _ready(("T-000", "T-902"))
    b.act("A", "activate", card=_desk(b), ability=1)
    b.act("A", "resolve", source=_desk(b))
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert len(player_state(r, "A")["power"]["face_up"]) == 2


def test_RS_TAG_ONCE_no_face_up_power_card_nothing_follows() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-900").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-901")
    b.act("A", "activate", card=_desk(b), ability=1)
    b.act("A", "resolve", source=_desk(b))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-FEATURE" not in rules_applied(r, b.last)
