"""Every discard pile put back into the decks (RS-DISCARDS-TO-DECKS), on made-up cards in the
catalogue's sentence shape.

The source's words, which the tests follow: "すべての捨札を持ち主の山札に戻してシャッフルする。" (*every*
discard pile, both players', goes back into its *owner's* deck, and the decks are shuffled); a
deck that receives no card: whether it is shuffled the text does not say, which the engine
decides only where the two readings end alike (observed mode) and otherwise leaves unverifiable.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    event_types,
    player_state,
    printed,
    rules_applied,
    ruling_texts,
    verdict,
)

FUSION = "【世界の融合】これをラッシュしたとき、すべての捨札を持ち主の山札に戻してシャッフルする。"
#: A's unit whose when-rushed effect returns the discard piles; an operation that draws
MERGER = printed("T-920", FUSION, name="Merger", bp=5500, sp=1, size="S")
DRAWER = printed("T-921", "1枚ドローする。", type="operation", name="Drawer")
CARDS = [MERGER, DRAWER]


def _both_used() -> LogBuilder:
    """B, then A, use a Drawer (each goes to its user's discard pile); then A rushes the
    Merger, whose effect needs no choice and resolves at once."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B").use("B", "T-921").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").use("A", "T-921").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-920")


def test_RS_DISCARDS_TO_DECKS_read_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": FUSION}).effects
    assert effect == {"when": "on_rush", "do": [{"op": "discards_to_decks"}], "text": FUSION}
    assert render_card(MERGER)["reading"] == [
        "When rushed: put every card of every player's discard pile into its owner's deck, then "
        "shuffle each deck a card went into."
    ]
    for near in (
        "【X】これをラッシュしたとき、自軍の捨札を持ち主の山札に戻してシャッフルする。",  # one's own only
        "【X】これをラッシュしたとき、すべての捨札を持ち主の山札に戻す。",  # no shuffle said
        "【X】これをラッシュしたとき、すべての捨札を山札の下に置く。",
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near


def test_RS_DISCARDS_TO_DECKS_every_pile_goes_into_its_owners_deck_shuffled() -> None:
    b = _both_used()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DISCARDS-TO-DECKS" in rules_applied(r, b.last)
    before = {p: player_state(r, p, b.last - 1) for p in ("A", "B")}
    after = {p: player_state(r, p, b.last) for p in ("A", "B")}
    for p in ("A", "B"):
        assert len(before[p]["discard"]) == 1  # its Drawer
        assert after[p]["discard"] == []
        assert after[p]["deck"] == before[p]["deck"] + 1
    types = event_types(r, b.last)
    assert types.count("to_deck") == 2 and types.count("shuffle") == 2


def test_RS_DISCARDS_TO_DECKS_observed_an_empty_pile_changes_nothing_known() -> None:
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B").use("B", "T-921").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-920")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["discard"] == []
    assert event_types(r, b.last).count("shuffle") == 1  # B's deck only
    assert any("A's discard pile was empty" in t for t in ruling_texts(r, b.last))


def test_RS_DISCARDS_TO_DECKS_seeded_an_empty_pile_is_not_guessed() -> None:
    # seeded: the shuffle decides the deck's order, so whether A's deck (it received no card)
    # is shuffled matters; A's deck is all Mergers, B's all Drawers
    b = LogBuilder(CARDS, mode="seeded", decks={"A": ["T-920"] * 40, "B": ["T-921"] * 40})
    b.setup(first="B")
    b.charge("B", "T-921").proceed("B").use("B", "T-921").proceed("B", 2)
    b.charge("A", "T-920").proceed("A").rush("A", "T-920")
    rushed = b.last
    b.proceed("A")
    r = b.replay()
    assert verdict(r, rushed) == "unverifiable", r["steps"][rushed]
    assert "RS-DISCARDS-TO-DECKS" in rules_applied(r, rushed)
    assert player_state(r, "B", rushed)["discard"] == []
    assert verdict(r, b.last) == "uncertain"  # A's deck order is not known from here


def test_RS_DISCARDS_TO_DECKS_tag_every_players_pile_returns() -> None:
    # すべて: all four players' discard piles, each card into its owner's deck
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    for p in ("A1", "A2", "B1", "B2"):
        b.charge(p, "T-000").proceed(p).use(p, "T-921").proceed(p, 2)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-920")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    for p in ("A1", "A2", "B1", "B2"):
        assert player_state(r, p, b.last - 1)["discard"] != []
        assert player_state(r, p)["discard"] == []
        assert player_state(r, p)["deck"] == player_state(r, p, b.last - 1)["deck"] + 1
    assert event_types(r, b.last).count("shuffle") == 4
