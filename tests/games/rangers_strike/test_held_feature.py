"""The top card of the opposing deck revealed, and a draw if the command held to use the card has a
feature (RS-IF-HELD-FEATURE), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "敵軍山札の上から1枚をオモテにする。このカードを使用するためにホ
ールドしたコマンドが特徴「X」を持つなら、自分は1枚ドローする。その後、オモテにしたカードは持ち主の山札の上に戻す。"
— the *opposing* deck's top card turned face up; *if the command held to use this card* has the
feature X, *the player draws 1*; *afterwards* the card goes back *on top of its owner's deck*.
Which command was held, when the log does not say and it matters, is not guessed.
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
    verdict,
)

SECOND = (
    "敵軍山札の上から1枚をオモテにする。このカードを使用するためにホールドしたコマンドが特徴「円盤」を持つなら、"
    "自分は1枚ドローする。その後、オモテにしたカードは持ち主の山札の上に戻す。"
)
TEXT = (
    "次の効果から1つ選び発動する⇒ ◎自分の手札から、「音撃戦士」のカードを1枚選び、自軍ラッシュエリアに出しても"
    f"よい。 ◎{SECOND}"
)
#: A's operation (blaze)
FORK = printed("T-790", TEXT, "operation", name="Fork")
#: command cards of the category: one printing the feature, one printing none
DISC = {**card("T-791", name="Disc", bp=1000), "features": ["円盤"]}
PLAIN = {**card("T-792", name="Plain", bp=1000), "features": []}
#: the same operation in its first printing's words: "このカードを使用したコマンド", and "山札に戻す",
#: where not said
FIRST = (
    "敵軍山札の上から1枚をオモテにする。このカードを使用したコマンドが特徴に「円盤」を持つカードなら自分は1枚ド"
    "ローする。その後、オモテにしたカードを山札に戻す。"
)
OLD_FORK = printed("T-793", TEXT.replace(SECOND, FIRST), "operation", name="Old Fork")
CARDS = [FORK, DISC, PLAIN, OLD_FORK]
SECOND_MODE = [{"modes": [2]}]


def _used(commands: tuple[str, ...], **use: Any) -> LogBuilder:
    """A charges ``commands`` into its command zone, one a turn (B passing its turns), then uses
    the Fork choosing its second effect."""
    b = LogBuilder(CARDS).setup(first="A")
    for k, code in enumerate(commands):
        if k:
            b.pass_turn("B")
        b.charge("A", code).proceed("A")
        if k < len(commands) - 1:
            b.proceed("A", 2)
    b.use("A", "T-790", **use)
    return b.act("A", "resolve", source="T-790", targets=SECOND_MODE)


def _hand(b: LogBuilder, before: bool = False) -> int:
    """A's hand after the resolve, or before the use (``before``)."""
    r = b.replay()
    return len(player_state(r, "A", index=b.last - 2 if before else -1)["hand"])


def test_RS_IF_HELD_FEATURE_read_and_shown() -> None:
    r = read_card(FORK)
    assert r.understood
    (modes,) = r.effects[0]["do"]
    assert modes["modes"][1] == {
        "do": [
            {"op": "reveal_opposing_top"},
            {"op": "draw", "n": 1, "if": {"held_command": {"feature": "円盤"}}},
            {"op": "revealed_to_top"},
        ]
    }
    assert render_card(FORK)["reading"][0].endswith(
        "(2) turn the top card of the opponent's deck face up; if the command held to use this "
        "card has the feature 円盤, draw 1 card; then put the card turned face up back on top of "
        "its owner's deck."
    )
    for near in (
        SECOND.replace("敵軍山札", "自軍山札"),  # one's own deck
        SECOND.replace("持ち主の山札の上に戻す", "山札の下に戻す"),  # the bottom
        SECOND.replace("持ち主の山札の上に戻す", "山札に戻す"),  # where is not said
        SECOND.replace("ドローする", "ドローしてもよい"),  # a choice
        SECOND.replace("使用するためにホールドした", "ホールドしている"),  # any held command
    ):
        assert not read_card({**FORK, "text": TEXT.replace(SECOND, near)}).understood, near


def test_RS_IF_HELD_FEATURE_the_command_held_has_it_a_card_is_drawn() -> None:
    b = _used(("T-791",))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-HELD-FEATURE" in rules_applied(r, b.last)
    assert _hand(b) == _hand(b, before=True) - 1 + 1  # the Fork used, a card drawn
    types = [e["type"] for e in r["steps"][b.last]["events"]]
    assert types.index("reveal") < types.index("draw") < types.index("reveal_end")


def test_RS_IF_HELD_FEATURE_the_command_held_has_it_not_no_draw() -> None:
    b = _used(("T-792",))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-HELD-FEATURE" in rules_applied(r, b.last)
    assert _hand(b) == _hand(b, before=True) - 1


def test_RS_IF_HELD_FEATURE_which_command_was_held_not_recorded_is_not_guessed() -> None:
    b = _used(("T-792", "T-791"))
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert _hand(b) == _hand(b, before=True) - 1  # not carried out
    named = _used(("T-792", "T-791"), hold="T-791")
    r = named.replay()
    assert verdict(r, named.last) == "legal", r["steps"][named.last]
    assert _hand(named) == _hand(named, before=True)
    alike = _used(("T-791", "T-791"))  # either would have had it
    r = alike.replay()
    assert verdict(r, alike.last) == "legal", r["steps"][alike.last]


def test_RS_IF_HELD_FEATURE_a_command_without_known_features_is_not_guessed() -> None:
    b = _used(("T-000",))  # the filler's definition gives no features
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-HELD-FEATURE" in rules_applied(r, b.last)


def test_RS_IF_HELD_FEATURE_the_opposing_deck_keeps_its_order() -> None:
    deck = ["T-790", "T-791"] * 20  # A's hand holds both
    b = LogBuilder(CARDS, mode="seeded", decks={"A": deck}).setup(first="A")
    b.charge("A", "T-791").proceed("A")
    before = b.replay()["steps"][b.last]["snapshot"]["players"]["B"]["deck"]
    b.use("A", "T-790").act("A", "resolve", source="T-790", targets=SECOND_MODE)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert r["steps"][b.last]["snapshot"]["players"]["B"]["deck"] == before


def test_RS_IF_HELD_FEATURE_the_first_printing_read_and_shown() -> None:
    (modes,) = read_card(OLD_FORK).effects[0]["do"]
    assert modes["modes"][1] == {
        "do": [
            {"op": "reveal_opposing_top"},
            {"op": "draw", "n": 1, "if": {"held_command": {"feature": "円盤"}}},
            {"op": "revealed_to_deck"},
        ]
    }
    assert render_card(OLD_FORK)["reading"][0].endswith(
        "then put the card turned face up back into its owner's deck (where is not printed: the "
        "engine puts it back on top, where it was, and a step where that could matter is "
        "unverifiable)."
    )
    for near in (
        FIRST.replace("を持つカードなら", "を持つなら"),  # neither printing's words
        FIRST.replace("山札に戻す", "山札に戻してシャッフルする"),  # shuffled
    ):
        assert not read_card({**OLD_FORK, "text": TEXT.replace(SECOND, near)}).understood, near


def test_RS_IF_HELD_FEATURE_the_first_printing_where_it_goes_back_matters_only_when_known() -> None:
    b = LogBuilder(CARDS).setup(first="A")  # observed: no place in B's deck is known
    b.charge("A", "T-791").proceed("A").use("A", "T-793")
    b.act("A", "resolve", source="T-793", targets=SECOND_MODE)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-HELD-FEATURE" in rules_applied(r, b.last)
    deck = ["T-793", "T-791"] * 20
    seeded = LogBuilder(CARDS, mode="seeded", decks={"A": deck}).setup(first="A")
    seeded.charge("A", "T-791").proceed("A")
    before = seeded.replay()["steps"][seeded.last]["snapshot"]["players"]["B"]["deck"]
    seeded.use("A", "T-793").act("A", "resolve", source="T-793", targets=SECOND_MODE)
    r = seeded.replay()
    assert verdict(r, seeded.last) == "unverifiable", r["steps"][seeded.last]
    assert r["steps"][seeded.last]["snapshot"]["players"]["B"]["deck"] == before
    assert len(player_state(r, "A")["hand"]) == len(
        player_state(r, "A", index=seeded.last - 2)["hand"]
    )  # the Old Fork used, a card drawn
