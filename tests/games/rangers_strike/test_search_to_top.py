"""A card searched for in one's own deck, shown, and put on top of the shuffled deck
(RS-SEARCH-TO-TOP), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "これをラッシュしたとき、次の効果を発動できる⇒自軍山札を見て、
特徴「車両」を持つSユニットのカードを1枚選び、相手に見せる。その後、山札をシャッフルし、選んだカードを山札
の上に戻す。" — the effect *may be activated* (not activated, nothing happens); activated, the player
*chooses* one size S unit card printing the feature (選び: not "may"; "「～してもよい」のみ任意"),
*shows* it to the opponent, and *afterwards* the deck is shuffled and the card chosen goes *on top*
of it.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    event_types,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "【格納庫】これをラッシュしたとき、次の効果を発動できる⇒自軍山札を見て、特徴「車両」を持つSユニットのカー"
    "ドを1枚選び、相手に見せる。その後、山札をシャッフルし、選んだカードを山札の上に戻す。"
)
#: A's vehicle with the effect
HANGAR = printed("T-850", TEXT, type="vehicle", name="Hangar")
#: size S units with the feature 車両 (two codes), one without it, one of size M with it
BUGGY = {**card("T-851", name="Buggy", size="S"), "features": ["車両"]}
JEEP = {**card("T-852", name="Jeep", size="S"), "features": ["メカ", "車両"]}
WALKER = {**card("T-853", name="Walker", size="S"), "features": ["メカ"]}
TANK = {**card("T-854", name="Tank", size="M"), "features": ["車両"]}
CARDS = [HANGAR, BUGGY, JEEP, WALKER, TANK]


def _rushed(b: LogBuilder | None = None) -> LogBuilder:
    """A rushes the Hangar in its first rush phase: its effect waits for `resolve`."""
    b = b or LogBuilder(CARDS).setup(first="A")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-850")


def _seeded(extra: list[str]) -> LogBuilder:
    """Seeded: A's deck is Hangars and ``extra``; A charges one Hangar and rushes another."""
    deck = ["T-850"] * (40 - len(extra)) + extra
    b = LogBuilder(CARDS, decks={"A": deck, "B": []}, mode="seeded", seed="top")
    b.setup(first="A")
    return b.charge("A", "T-850").proceed("A").rush("A", "T-850")


def _drawn_next(b: LogBuilder) -> list[str]:
    """The cards A draws at the start of its next turn (A ends this turn, B passes its own)."""
    b.proceed("A").proceed("A")
    b.pass_turn("B")
    r = b.replay()
    step = next(s for s in reversed(r["steps"]) if any(e["type"] == "draw" for e in s["events"]))
    return [c for e in step["events"] if e["type"] == "draw" for c in e.get("cards", [])]


def test_RS_SEARCH_TO_TOP_read_from_the_printed_sentences_and_shown() -> None:
    (effect,) = read_card(HANGAR).effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "on_rush",
        "optional": True,
        "activate": True,
        "do": [
            {
                "op": "from_deck",
                "find": {"type": "unit", "size": "S", "feature": "車両"},
                "count": 1,
                "to": "top",
            },
            {"op": "shuffle", "chosen_on_top": True},
        ],
    }
    assert render_card(HANGAR)["reading"] == [
        "When rushed (optional: you may activate it): look through your deck and choose an S "
        "unit card with the feature 車両 in it, if there is one, and show it to the opponent; "
        "then shuffle your deck without the card chosen and put that card on top of it."
    ]
    unsized = read_card({"type": "vehicle", "text": TEXT.replace("Sユニット", "ユニット")})
    assert unsized.understood
    assert unsized.effects[0]["do"][0]["find"] == {"type": "unit", "feature": "車両"}


def test_RS_SEARCH_TO_TOP_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("次の効果を発動できる⇒", ""),  # not a choice to activate: not this shape
        TEXT.replace("選んだカードを山札の上に戻す", "選んだカードを手札に加える"),
        TEXT.replace("山札の上に戻す", "山札の下に戻す"),
        TEXT.replace("相手に見せる。", "相手に見せてもよい。"),
        TEXT.replace("1枚選び", "2枚選び"),
        TEXT.replace("特徴「車両」を持つ", ""),  # no feature: not read
        TEXT.replace("その後、山札をシャッフルし、", "その後、"),
    ):
        assert not read_card({"type": "vehicle", "text": text}).understood, text


def test_RS_SEARCH_TO_TOP_the_card_chosen_is_shown_and_goes_on_top() -> None:
    b = _rushed()
    b.act("A", "resolve", source="T-850", use=True, targets=["T-852"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-SEARCH-TO-TOP" in rules_applied(r, b.last)
    types = event_types(r, b.last)
    assert types.index("from_deck") < types.index("shuffle") < types.index("to_deck")
    shown = next(e["card"] for e in r["steps"][b.last]["events"] if e["type"] == "from_deck")
    assert player_state(r, "A")["deck"] == 33  # 40, less 5 in hand, 1 charged, 1 rushed
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-850"]
    assert _drawn_next(b) == [shown]  # the top card: A draws it at the start of its next turn


def test_RS_SEARCH_TO_TOP_not_activated_nothing_happens() -> None:
    b = _rushed()
    b.act("A", "resolve", source="T-850", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "shuffle" not in event_types(r, b.last)
    assert "from_deck" not in event_types(r, b.last)


def test_RS_SEARCH_TO_TOP_a_card_that_does_not_fit_is_illegal() -> None:
    for wrong in ("T-853", "T-854", "T-850"):  # no feature; size M; a vehicle
        b = _rushed()
        b.act("A", "resolve", source="T-850", use=True, targets=[wrong])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", wrong
        assert "RS-SEARCH-DECK" in rules_broken(r, b.last)


def test_RS_SEARCH_TO_TOP_not_recorded_from_a_hidden_deck_is_unverifiable() -> None:
    b = _rushed()
    b.act("A", "resolve", source="T-850", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "shuffle" not in event_types(r, b.last)  # not carried out
    b.proceed("A")
    assert verdict(b.replay(), b.last) == "uncertain"


def test_RS_SEARCH_TO_TOP_seeded_one_code_fits_it_is_chosen() -> None:
    b = _seeded(["T-851", "T-851", "T-853", "T-854"])
    b.act("A", "resolve", source="T-850", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    shown = next(e["card"] for e in r["steps"][b.last]["events"] if e["type"] == "from_deck")
    assert "(Buggy)" in next(
        e["text"] for e in r["steps"][b.last]["events"] if e["type"] == "to_deck"
    )
    assert _drawn_next(b) == [shown]


def test_RS_SEARCH_TO_TOP_seeded_two_codes_fit_the_choice_is_not_guessed() -> None:
    b = _seeded(["T-851", "T-851", "T-852", "T-852"])
    b.act("A", "resolve", source="T-850", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-SEARCH-DECK" in rules_applied(r, b.last)


def test_RS_SEARCH_TO_TOP_seeded_none_fits_the_deck_is_shuffled_all_the_same() -> None:
    b = _seeded(["T-853", "T-854"])
    b.act("A", "resolve", source="T-850", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "shuffle" in event_types(r, b.last)
    assert "to_deck" not in event_types(r, b.last)
    assert "RS-SEARCH-TO-TOP" in rules_applied(r, b.last)
