"""Units chosen by a sentence their card prints (RS-SELECT-WRITTEN), on made-up cards in the
catalogue's sentence shape.

The source's words, which the tests follow: "敵軍バトルエリアから「S」と書かれた敵軍ユニットを1体選び、持ち
主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。" — one opposing unit of the battle area
*on which* the sentence S *is written* goes held into its owner's command zone.  The cards print S
as a note of their own, "※S。"; a few print the same words otherwise ("SP1以上" for "「SP1」以上"),
which the sources do not settle: not guessed.
"""

from __future__ import annotations

from judge.games.rangers_strike.cards import CardDef
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
from judge.games.rangers_strike.written import says

SAID = "これは敵軍ターン中、「SP1」以上のユニットとバトルしたときバトルに勝っても撃破される"
TEXT = (
    f"敵軍バトルエリアから「{SAID}」と書かれた敵軍ユニットを1体選び、持ち主のコマンドゾーンにホールド状態"
    "で置く。置けなければ捨札にする。"
)
#: A's operation
WARRANT = printed("T-770", TEXT, "operation", name="Warrant")
#: B's units: one printing the sentence as its note, one printing it otherwise, one without it
BRUTE = printed("T-771", f"※{SAID}。", name="Brute", bp=3000, sp=0, size="S")
LOOSE = printed(
    "T-772",
    "※これは敵軍ターン中、SP1以上のユニットとバトルしたときバトルに勝っても撃破される。",
    name="Loose",
    bp=3000,
    sp=0,
    size="S",
)
PLAIN = card("T-773", name="Plain", bp=1000, sp=0, size="S")
CARDS = [WARRANT, BRUTE, LOOSE, PLAIN]


def _ready(*b_units: str) -> LogBuilder:
    """B rushes ``b_units``, one a turn, and enters them all into its battle area in its last
    turn; then A, in its rush phase, is about to use the Warrant."""
    b = LogBuilder(CARDS).setup(first="A")
    for i, code in enumerate(b_units):
        b.pass_turn("A")
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B")
        if i == len(b_units) - 1:
            for unit in player_state(b.replay(), "B")["rush"]:
                b.enter("B", unit["id"])
        b.proceed("B")
    return b.charge("A", "T-000").proceed("A")


def _id(b: LogBuilder, code: str) -> str:
    return next(u["id"] for u in player_state(b.replay(), "B")["battle"] if u["code"] == code)


def test_RS_SELECT_WRITTEN_read_and_shown() -> None:
    r = read_card(WARRANT)
    assert r.understood
    assert r.effects[0]["do"] == [
        {
            "op": "to_command",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "type": "unit",
                "written": SAID,
            },
            "if_full": "discard",
        }
    ]
    assert render_card(WARRANT)["reading"] == [
        f"When used: put 1 unit (not a vehicle) whose card prints the sentence 「{SAID}」 in the "
        "opponent's battle area held into its owner's command zone; when that zone holds 5 "
        "already, it goes to the discard pile instead (not destroyed)."
    ]
    for near in (
        TEXT.replace("と書かれた", "と書かれていない"),  # not written
        TEXT.replace("と書かれた敵軍", "と書かれた自軍"),  # one's own
        TEXT.replace(f"「{SAID}」", f"「{SAID}。」"),  # a stop inside the quote
        TEXT.replace(
            "持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。", "撃破する。"
        ),
        TEXT.replace("敵軍バトルエリアから", ""),  # no area named
    ):
        assert not read_card({"type": "operation", "text": near}).understood, near


def test_RS_SELECT_WRITTEN_what_a_card_prints() -> None:
    assert says(CardDef.from_dict(BRUTE), SAID) is True
    assert says(CardDef.from_dict(LOOSE), SAID) is None  # the same words, printed otherwise
    assert says(CardDef.from_dict(PLAIN), SAID) is False  # written by hand: prints nothing
    named = printed("T-774", f"【X】{SAID}。", name="Named", size="S")
    assert says(CardDef.from_dict(named), SAID) is None  # not as its own note
    other = "これは特徴「星」を持つユニットとバトルしたとき、バトルに勝っても撃破される"
    starred = printed("T-775", f"※{other}。", name="Starred", size="S")
    assert says(CardDef.from_dict(starred), other) is True
    assert says(CardDef.from_dict(starred), SAID) is False


def test_RS_SELECT_WRITTEN_a_unit_printing_it_goes_held_into_the_command_zone() -> None:
    b = _ready("T-773", "T-771")
    brute = _id(b, "T-771")
    b.use("A", "T-770", targets=[brute])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-SELECT-WRITTEN", "RS-TO-COMMAND"} <= set(rules_applied(r, b.last))
    b_state = player_state(r, "B")
    assert [u["code"] for u in b_state["battle"]] == ["T-773"]
    assert any(c["id"] == brute and c["held"] for c in b_state["command"])


def test_RS_SELECT_WRITTEN_a_unit_not_printing_it_cannot_be_chosen() -> None:
    b = _ready("T-773", "T-771")
    b.use("A", "T-770", targets=[_id(b, "T-773")])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_SELECT_WRITTEN_none_printing_it_nothing_is_chosen() -> None:
    b = _ready("T-773")
    b.use("A", "T-770").act("A", "resolve", source="T-770")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-773"]


def test_RS_SELECT_WRITTEN_a_printing_that_differs_is_not_guessed() -> None:
    chosen = _ready("T-772")
    chosen.use("A", "T-770", targets=[_id(chosen, "T-772")])
    r = chosen.replay()
    assert verdict(r, chosen.last) == "unverifiable", r["steps"][chosen.last]
    assert rules_broken(r, chosen.last) == []
    assert "RS-SELECT-WRITTEN" in rules_applied(r, chosen.last)
    left = _ready("T-772")
    left.use("A", "T-770").act("A", "resolve", source="T-770")  # it may have had to be chosen
    r = left.replay()
    assert verdict(r, left.last) == "unverifiable", r["steps"][left.last]
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-772"]
