"""A search of one's deck for unit cards printing a feature, no two of one card name, when one
has no unit with the feature (RS-SEARCH-DISTINCT-NAMES, RS-IF-NONE-WITH-FEATURE), on made-up
cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "特徴「X」を持つ自軍ユニットが1体もなければ、自軍山札を見て、特徴
「X」を持つユニットカードを3枚まで選び、選んだカードを自軍ラッシュエリアに出してもよい。ただし、この効果でカ
ードを選ぶとき、同じカード名のユニットカードを2枚以上選ぶことはできない。その後、山札をシャッフルする。" —
*only if* the player has *not one* unit with the feature (rush and battle areas: "「ユニット」=
rush/battle 上"), it *may* take *up to 3* unit cards printing it, *no two of the same card name*
("通常は完全に名前が一致しているもの"), into its rush area; *afterwards* the deck is shuffled.  A card
usable as another ("としてつかえる") has that name in the game: not guessed.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    event_types,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

TEXT = (
    "特徴「銀河警備」を持つ自軍ユニットが1体もなければ、自軍山札を見て、特徴「銀河警備」を持つユニットカードを3枚"
    "まで選び、選んだカードを自軍ラッシュエリアに出してもよい。ただし、この効果でカードを選ぶとき、同じカード名の"
    "ユニットカードを2枚以上選ぶことはできない。その後、山札をシャッフルする。"
)
#: A's operation
MUSTER = printed("T-860", TEXT, type="operation", name="Muster")
#: units with the feature: Alpha (two codes of one name), Beta, Gamma
ALPHA = {**card("T-861", name="Alpha"), "features": ["銀河警備"]}
ALPHA2 = {**card("T-862", name="Alpha", bp=3000), "features": ["銀河警備"]}
BETA = {**card("T-863", name="Beta"), "features": ["銀河警備"]}
GAMMA = {**card("T-864", name="Gamma"), "features": ["銀河警備", "メカ"]}
#: a unit without the feature, and an operation with it (not a unit card)
PLAIN = card("T-865", name="Plain")
ORDERS = {**card("T-866", "operation", name="Orders"), "features": ["銀河警備"]}
#: Alpha as the catalogue names a reprint (a bracketed note closing the name)
REPRINT = {**card("T-867", name="Alpha(XG9)"), "features": ["銀河警備"]}
#: a unit usable as another ("これは「Beta」としてつかえる。")
DOUBLE = {
    **card("T-868", name="Double"),
    "features": ["銀河警備"],
    "text": "※これは「Beta」としてつかえる。",
}
CARDS = [MUSTER, ALPHA, ALPHA2, BETA, GAMMA, PLAIN, ORDERS, REPRINT, DOUBLE]


def _used(unit: str | None = None) -> LogBuilder:
    """A uses Muster in turn 3, having rushed ``unit`` (if any) in turn 1."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if unit is not None:
        b.rush("A", unit)
    b.proceed("A", 2)
    b.pass_turn("B")
    return b.charge("A", "T-000").proceed("A").use("A", "T-860")


def _rushed_codes(b: LogBuilder) -> list[str]:
    return [u["code"] for u in player_state(b.replay(), "A")["rush"]]


def test_RS_SEARCH_DISTINCT_NAMES_read_from_the_printed_text_and_shown() -> None:
    (effect,) = read_card(MUSTER).effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "on_use",
        "if": {"own_none": {"feature": "銀河警備"}},
        "optional": True,
        "do": [
            {
                "op": "from_deck",
                "find": {"type": "unit", "feature": "銀河警備"},
                "count": 3,
                "to": "rush",
                "distinct_names": True,
            },
            {"op": "shuffle"},
        ],
    }
    assert render_card(MUSTER)["reading"] == [
        "When used, if you have no unit with the feature 銀河警備 (rush and battle areas): you "
        "may take up to 3 unit cards with the feature 銀河警備, no two with the same card name, "
        "from your deck and put them into your rush area (no power, command or condition "
        "needed); then, a card taken or not, shuffle your deck."
    ]


def test_RS_SEARCH_DISTINCT_NAMES_near_misses_are_not_read() -> None:
    proviso = "ただし、この効果でカードを選ぶとき、同じカード名のユニットカードを2枚以上選ぶことはできない。"
    for text in (
        TEXT.replace(proviso, ""),  # no proviso: not this shape
        TEXT.replace("2枚以上選ぶことはできない", "2枚以上選んでもよい"),
        TEXT.replace("3枚まで", "3枚"),  # all three or none?
        TEXT.replace("出してもよい", "出す"),
        TEXT.replace("その後、山札をシャッフルする。", ""),
        TEXT.replace("1体もなければ", "1体以上あれば"),
        TEXT.replace("自軍ユニットが1体もなければ", "敵軍ユニットが1体もなければ"),
    ):
        assert not read_card({"type": "operation", "text": text}).understood, text


def test_RS_SEARCH_DISTINCT_NAMES_cards_of_different_names_go_into_the_rush_area() -> None:
    b = _used()
    b.act("A", "resolve", source="T-860", use=True, targets=["T-861", "T-863", "T-864"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-IF-NONE-WITH-FEATURE", "RS-SEARCH-DECK"} <= set(rules_applied(r, b.last))
    assert _rushed_codes(b) == ["T-861", "T-863", "T-864"]
    assert "shuffle" in event_types(r, b.last)


def test_RS_SEARCH_DISTINCT_NAMES_two_cards_of_one_name_are_illegal() -> None:
    b = _used()
    b.act("A", "resolve", source="T-860", use=True, targets=["T-861", "T-862"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-SEARCH-DISTINCT-NAMES" in rules_broken(r, b.last)


def test_RS_SEARCH_DISTINCT_NAMES_a_card_that_does_not_fit_is_illegal() -> None:
    for wrong in ("T-865", "T-866"):  # no feature; not a unit card
        b = _used()
        b.act("A", "resolve", source="T-860", use=True, targets=["T-861", wrong])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", wrong
        assert "RS-SEARCH-DECK" in rules_broken(r, b.last)


def test_RS_SEARCH_DISTINCT_NAMES_a_reprints_bracketed_name_is_not_guessed() -> None:
    b = _used()
    b.act("A", "resolve", source="T-860", use=True, targets=["T-861", "T-867"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-SEARCH-DECK" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == []  # not carried out


def test_RS_SEARCH_DISTINCT_NAMES_a_card_usable_as_another_is_not_guessed() -> None:
    b = _used()
    b.act("A", "resolve", source="T-860", use=True, targets=["T-863", "T-868"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert area_ids(r, "A", "rush") == []
    assert any("としてつかえる" in t for t in ruling_texts(r, b.last))


def test_RS_SEARCH_DISTINCT_NAMES_not_recorded_is_unverifiable() -> None:
    b = _used()
    b.act("A", "resolve", source="T-860", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert area_ids(r, "A", "rush") == []


def test_RS_IF_NONE_WITH_FEATURE_declined_the_deck_is_shuffled() -> None:
    b = _used()
    b.act("A", "resolve", source="T-860", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "shuffle" in event_types(r, b.last)
    assert area_ids(r, "A", "rush") == []


def test_RS_IF_NONE_WITH_FEATURE_a_unit_with_the_feature_nothing_happens() -> None:
    """A has Gamma (銀河警備) in its rush area: nothing is taken, and whether the deck is
    shuffled all the same is not guessed."""
    for use in (True, False):
        b = _used("T-864")
        b.act("A", "resolve", source="T-860", use=use, targets=["T-861"] if use else [])
        r = b.replay()
        assert verdict(r, b.last) == "unverifiable", (use, r["steps"][b.last])
        assert "RS-IF-NONE-WITH-FEATURE" in rules_applied(r, b.last)
        assert _rushed_codes(b) == ["T-864"]
        assert "shuffle" not in event_types(r, b.last)


def test_RS_IF_NONE_WITH_FEATURE_a_unit_without_it_does_not_count() -> None:
    b = _used("T-865")
    b.act("A", "resolve", source="T-860", use=True, targets=["T-863"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rushed_codes(b) == ["T-865", "T-863"]
