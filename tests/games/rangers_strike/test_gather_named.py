"""Cards of a name brought from one's power and command zones into one's rush area until one has
N units of that name (RS-GATHER-NAMED), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "これをラッシュしたとき、自軍エリアの「X」が3体以下なら、3体になるま
で、自軍パワーゾーンのオモテ向きのカードか自軍コマンドゾーンのカードから「X」のカードを選び、自軍ラッシュエリアに
出してもよい。" — the units named X in one's *areas* ("「ユニット」= rush/battle 上") counted, *3 or fewer*,
cards named X *may* be brought from the *face-up* power cards and the *command zone* *until there
are 3*, into the rush area by the effect (no command: "カードの効果によりラッシュ…コマンドのホールドは必要
がない"); names compared exactly ("完全に名前が一致").
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

TEXT = (
    "【三羽烏】これをラッシュしたとき、自軍エリアの「鴉丸」が3体以下なら、3体になるまで、自軍パワーゾーンのオモテ向き"
    "のカードか自軍コマンドゾーンのカードから「鴉丸」のカードを選び、自軍ラッシュエリアに出してもよい。"
)
CROW = printed("T-890", TEXT, name="鴉丸", bp=500, sp=0, size="S")
CARDS = [CROW]


def _rushed() -> LogBuilder:
    """A charges a Crow into its command zone in turn 1 and one face up into its power zone in
    turn 3, then rushes a third, holding the first as its command."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-890", to="command").proceed("A", 3)
    b.pass_turn("B")
    return b.charge("A", "T-890", to="power").proceed("A").rush("A", "T-890")


def _zones(b: LogBuilder) -> tuple[str, str, str]:
    """The Crow of the command zone, the one of the power zone, and the rushed one."""
    ps = player_state(b.replay(), "A")
    command = next(c["id"] for c in ps["command"])
    power = next(iter(ps["power"]["face_up"]))
    power = power["id"] if isinstance(power, dict) else power
    return command, power, ps["rush"][0]["id"]


def _rush_codes(b: LogBuilder) -> list[str]:
    return [u["code"] for u in player_state(b.replay(), "A")["rush"]]


def test_RS_GATHER_NAMED_read_from_the_printed_text_and_shown() -> None:
    (effect,) = read_card(CROW).effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "on_rush",
        "optional": True,
        "do": [{"op": "gather_named", "name": "鴉丸", "upto": 3}],
    }
    assert render_card(CROW)["reading"] == [
        "When rushed (optional: you may): if you have 3 or fewer units named 「鴉丸」 in your rush "
        "and battle areas, put cards named 「鴉丸」 from the face-up cards of your power zone or "
        "the cards of your command zone into your rush area, until you have 3 (no power, command "
        "or condition needed)."
    ]


def test_RS_GATHER_NAMED_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("3体以下なら、3体になるまで", "3体以下なら、4体になるまで"),
        TEXT.replace("から「鴉丸」のカード", "から「鳶丸」のカード"),
        TEXT.replace("出してもよい", "出す"),
        TEXT.replace("自軍パワーゾーンのオモテ向きのカードか", "自軍パワーゾーンのカードか"),
        TEXT.replace("自軍コマンドゾーンのカードから", "自軍捨札から"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_GATHER_NAMED_a_card_named_is_brought() -> None:
    b = _rushed()
    command, _, _ = _zones(b)
    b.act("A", "resolve", source="T-890", use=True, targets=[command])
    r = b.replay()
    # the Crow brought has a when-rushed effect of its own, which an effect's putting it there
    # is not known to trigger (RS-FROM-DISCARD): the step is unverifiable for that alone
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert rules_broken(r, b.last) == []
    assert "RS-GATHER-NAMED" in rules_applied(r, b.last)
    assert _rush_codes(b) == ["T-890"] * 2
    assert player_state(r, "A")["command"] == []


def test_RS_GATHER_NAMED_cards_of_both_zones_are_not_guessed() -> None:
    b = _rushed()
    command, power, _ = _zones(b)
    b.act("A", "resolve", source="T-890", use=True, targets=[command, power])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert rules_broken(r, b.last) == []
    assert any("か" in t for t in ruling_texts(r, b.last))
    assert _rush_codes(b) == ["T-890"]  # not carried out


def test_RS_GATHER_NAMED_one_card_only_is_allowed() -> None:
    b = _rushed()
    _, power, _ = _zones(b)
    b.act("A", "resolve", source="T-890", use=True, targets=[power])
    r = b.replay()
    assert rules_broken(r, b.last) == []
    assert _rush_codes(b) == ["T-890"] * 2


def test_RS_GATHER_NAMED_more_than_the_room_or_elsewhere_is_illegal() -> None:
    b = _rushed()
    command, power, rushed = _zones(b)
    b.act("A", "resolve", source="T-890", use=True, targets=[command, power, "A-40"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-GATHER-NAMED" in rules_broken(r, b.last)  # room for 2: one Crow is there
    b = _rushed()
    b.act("A", "resolve", source="T-890", use=True, targets=[rushed])  # in the rush area
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CARD-IN-ZONE" in rules_broken(r, b.last)


def test_RS_GATHER_NAMED_declined_or_not_recorded() -> None:
    b = _rushed()
    b.act("A", "resolve", source="T-890", use=False)
    assert verdict(b.replay(), b.last) == "legal"
    assert _rush_codes(b) == ["T-890"]
    b = _rushed()
    b.act("A", "resolve", source="T-890", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"  # how many, of which zone: not guessed
    assert _rush_codes(b) == ["T-890"]
