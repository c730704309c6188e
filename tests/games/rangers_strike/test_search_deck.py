"""A card searched for in one's own deck (RS-SEARCH-DECK), on made-up cards in the catalogue's
sentence shapes.

The sources' words, which the tests follow: "自軍山札から「X」のカードを1枚選び、自軍ラッシュエリア
に出してもよい。その後、山札をシャッフルする。" and "自軍山札からビークルカードを1枚選び、相手に見
せてから手札に加えてもよい。その後、山札をシャッフルする。": the player *may* take the card (てもよ
い: taking none is allowed); it goes into the rush area by the effect (atwiki renst page 151: an
effect's rush needs no command, and the text asks no power nor condition) or, shown to the
opponent first, into the hand; *afterwards* (その後, not そうしたとき) the deck is shuffled, a card
taken or not.
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
    verdict,
)

TO_RUSH = "自軍山札から「Ranger」のカードを1枚選び、自軍ラッシュエリアに出してもよい。その後、山札をシャッフルする。"
TO_HAND = "自軍山札からビークルカードを1枚選び、相手に見せてから手札に加えてもよい。その後、山札をシャッフルする。"

CALL = printed("T-120", TO_RUSH, type="operation", name="Ranger Call")
FETCH = printed("T-123", TO_HAND, type="operation", name="Vehicle Fetch")
RANGER = card("T-121", name="Ranger", bp=1000)
RIVAL = card("T-122", name="Rival", bp=1000)
BIKE = card("T-124", "vehicle", name="Bike", bp=1000)
#: another card named Ranger (another code, so another choice)
RANGER2 = card("T-125", name="Ranger", bp=1500)
CARDS = [CALL, RANGER, RIVAL, FETCH, BIKE, RANGER2]


def _used(op: str = "T-120", b: LogBuilder | None = None) -> LogBuilder:
    """A uses the operation ``op`` in its first rush phase: its effect waits for `resolve`."""
    b = b or LogBuilder(CARDS).setup(first="A")
    return b.charge("A", "T-000").proceed("A").use("A", op)


def test_RS_SEARCH_DECK_read_from_the_printed_sentences_and_shown() -> None:
    r = read_card({"type": "operation", "text": TO_RUSH})
    assert r.understood
    assert r.effects[0]["optional"] is True
    assert r.effects[0]["do"] == [
        {"op": "from_deck", "find": {"name": "Ranger"}, "count": 1, "to": "rush"},
        {"op": "shuffle"},
    ]
    hand = read_card({"type": "operation", "text": TO_HAND}).effects[0]["do"][0]
    assert hand == {"op": "from_deck", "find": {"type": "vehicle"}, "count": 1, "to": "hand"}
    looked = TO_RUSH.replace("山札から", "山札を見て、").replace("1枚選び", "2枚まで選び")
    assert read_card({"type": "operation", "text": looked}).effects[0]["do"][0]["count"] == 2
    # "N枚選び…てもよい" with N > 1 and no まで (all or none?) is not read, nor a search with
    # no shuffle after it
    assert not read_card({"type": "operation", "text": TO_RUSH.replace("1枚", "2枚")}).understood
    assert not read_card({"type": "operation", "text": TO_RUSH.split("その後")[0]}).understood
    assert render_card(FETCH)["reading"] == [
        "When used: you may take a vehicle card from your deck, show it to the opponent and put "
        "it into your hand; then, a card taken or not, shuffle your deck."
    ]


def test_RS_SEARCH_DECK_the_card_named_goes_into_the_rush_area_and_the_deck_is_shuffled() -> None:
    b = _used()
    b.act("A", "resolve", source="T-120", use=True, targets=["T-121"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-SEARCH-DECK" in rules_applied(r, b.last)
    rush = player_state(r, "A")["rush"]
    assert [u["code"] for u in rush] == ["T-121"]
    assert "from_deck" in event_types(r, b.last)
    assert event_types(r, b.last).index("shuffle") > event_types(r, b.last).index("from_deck")


def test_RS_SEARCH_DECK_shown_and_put_into_the_hand() -> None:
    b = _used("T-123")
    r = b.replay()
    before = len(player_state(r, "A")["hand"])
    b.act("A", "resolve", source="T-123", use=True, targets=["T-124"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    hand = player_state(r, "A")["hand"]
    assert len(hand) == before + 1
    assert any(isinstance(c, str) and c.startswith("A-") for c in hand)
    shown = [e["text"] for e in r["steps"][b.last]["events"] if e["type"] == "from_deck"]
    assert len(shown) == 1 and "shows" in shown[0] and "(Bike)" in shown[0]


def test_RS_SEARCH_DECK_not_used_no_card_is_taken_but_the_deck_is_shuffled() -> None:
    b = _used()
    b.act("A", "resolve", source="T-120", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "A", "rush") == []
    assert "shuffle" in event_types(r, b.last)


def test_RS_SEARCH_DECK_a_card_of_another_name_does_not_fit() -> None:
    b = _used()
    b.act("A", "resolve", source="T-120", use=True, targets=["T-122"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-SEARCH-DECK" in rules_broken(r, b.last)


def test_RS_SEARCH_DECK_a_card_the_deck_cannot_hold_is_illegal() -> None:
    decks = {"A": ["T-120"] * 3, "B": []}  # no Ranger in A's deck at all
    b = _used(b=LogBuilder(CARDS, decks=decks).setup(first="A"))
    b.act("A", "resolve", source="T-120", use=True, targets=["T-121"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-REVEAL" in rules_broken(r, b.last)
    assert area_ids(r, "A", "rush") == []


def test_RS_SEARCH_DECK_not_recorded_from_a_hidden_deck_is_unverifiable() -> None:
    b = _used()
    b.act("A", "resolve", source="T-120", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-SEARCH-DECK" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == []  # not guessed
    b.proceed("A")
    assert verdict(b.replay(), b.last) == "uncertain"  # until an outcome records it


def _seeded(extra: list[str]) -> LogBuilder:
    """Seeded: A's deck is Ranger Calls and ``extra``; A charges one Call and uses another."""
    deck = ["T-120"] * (40 - len(extra)) + extra
    b = LogBuilder(CARDS, decks={"A": deck, "B": []}, mode="seeded", seed="search")
    b.setup(first="A")
    return b.charge("A", "T-120").proceed("A").use("A", "T-120")


def test_RS_SEARCH_DECK_seeded_one_code_fits_and_it_is_taken_when_used() -> None:
    b = _seeded(["T-121"] * 2)  # the seed leaves a Ranger in the deck (they are not all drawn)
    b.act("A", "resolve", source="T-120", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-121"]


def test_RS_SEARCH_DECK_seeded_nothing_fits_nothing_is_taken() -> None:
    b = _seeded([])
    b.act("A", "resolve", source="T-120", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "A", "rush") == []
    assert "shuffle" in event_types(r, b.last)


def test_RS_SEARCH_DECK_a_when_rushed_effect_of_the_card_put_is_not_run() -> None:
    eager = {**RANGER, "effects": [{"when": "on_rush", "do": [{"op": "draw", "n": 1}]}]}
    b = _used(b=LogBuilder([CALL, eager]).setup(first="A"))
    b.act("A", "resolve", source="T-120", use=True, targets=["T-121"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert len(area_ids(r, "A", "rush")) == 1


def test_RS_SEARCH_DECK_the_resolves_listed_as_legal_are_judged_legal() -> None:
    """``legal_actions`` names a card of the deck that fits (seeded: the engine knows the
    deck), and lists not using the effect too; each, recorded, is legal."""
    from judge.core.replay import position

    two = ["T-121", "T-121", "T-125", "T-125"]  # two codes fit: unrecorded, no choice is known
    b = _seeded(two)
    unrecorded = _seeded(two).act("A", "resolve", source="T-120", use=True)
    assert verdict(unrecorded.replay(), unrecorded.last) == "unverifiable"
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    assert len(listed) == 2
    assert [a.get("use") for a in listed] == [None, False]
    assert len(listed[0]["targets"]) == 1
    for action in listed:
        b2 = _seeded(two)
        b2.act(**{k: v for k, v in action.items() if k not in ("p", "do")}, p="A", do="resolve")
        r = b2.replay()
        assert verdict(r, b2.last) == "legal", (action, r["steps"][b2.last])


# -- a card put from the hand (RS-FROM-HAND) ---------------------------------------------------

#: "自分の手札から「X」のカードを1枚選び、自軍ラッシュエリアに出してもよい。": the player *may* put a
#: card so named from its hand into its rush area, by the effect (no power, command or condition)
FROM_HAND = "自分の手札から「Ranger」のカードを1枚選び、自軍ラッシュエリアに出してもよい。"
DROP_IN = printed("T-126", FROM_HAND, type="operation", name="Drop In")


def _dropped() -> LogBuilder:
    return _used("T-126", LogBuilder([*CARDS, DROP_IN]).setup(first="A"))


def test_RS_FROM_HAND_read_from_the_printed_sentence_and_shown() -> None:
    r = read_card({"type": "operation", "text": FROM_HAND})
    assert r.understood and r.effects[0]["optional"] is True
    assert r.effects[0]["do"] == [
        {"op": "from_hand", "find": {"name": "Ranger"}, "count": 1, "to": "rush"}
    ]
    assert read_card(
        {"type": "operation", "text": FROM_HAND.replace("から「", "から、「")}
    ).understood
    # a condition to meet ("ただし、追加条件は満たすこと。") is not read
    assert not read_card(
        {"type": "operation", "text": FROM_HAND + "ただし、追加条件は満たすこと。"}
    ).understood
    assert render_card(DROP_IN)["reading"] == [
        "When used (optional: you may): put a card named Ranger from your hand into your rush "
        "area (no power, command or condition needed)."
    ]


def test_RS_FROM_HAND_the_card_named_goes_from_the_hand_into_the_rush_area() -> None:
    b = _dropped()
    before = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "resolve", source="T-126", use=True, targets=["T-121"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-FROM-HAND" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-121"]
    assert len(player_state(r, "A")["hand"]) == before - 1
    assert "shuffle" not in event_types(r, b.last)


def test_RS_FROM_HAND_a_card_of_another_name_does_not_fit() -> None:
    b = _dropped()
    b.act("A", "resolve", source="T-126", use=True, targets=["T-122"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-FROM-HAND" in rules_broken(r, b.last)


def test_RS_FROM_HAND_not_used_or_not_recorded() -> None:
    b = _dropped()
    b.act("A", "resolve", source="T-126", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and area_ids(r, "A", "rush") == []
    b = _dropped()
    b.act("A", "resolve", source="T-126", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"  # a hidden hand: not guessed
    assert "RS-FROM-HAND" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == []


#: "これをラッシュしたとき、次の効果を発動できる⇒自軍山札を見て特徴「X」を持つカードを2枚まで選び、自軍ラッシュエ
#: リアに出してもよい。その後、山札をシャッフルする。": the effect *may be activated* (not activated:
#: nothing of it happens); activated, up to 2 cards printing the feature may be taken, then the
#: deck is shuffled
POT = (
    "【壺】これをラッシュしたとき、次の効果を発動できる⇒自軍山札を見て特徴「戦闘員」を持つカードを2枚まで"
    "選び、自軍ラッシュエリアに出してもよい。その後、山札をシャッフルする。"
)
URN = printed("T-126", POT, name="Urn", bp=1000, sp=0)
GRUNT = {**card("T-127", name="Grunt", bp=1000), "features": ["戦闘員"]}
GRUNT_OPS = {**card("T-128", "operation", name="Grunt Orders"), "features": ["戦闘員"]}


def _urn(use: bool, targets: list[str] | None = None) -> LogBuilder:
    b = LogBuilder([URN, GRUNT, GRUNT_OPS, RIVAL]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-126")
    if not use:
        return b.act("A", "resolve", source="T-126", use=False)
    return b.act("A", "resolve", source="T-126", use=True, targets=targets or [])


def test_RS_MAY_ACTIVATE_a_search_by_feature_read_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": POT}).effects
    assert effect["activate"] is True and effect["optional"] is True
    assert effect["do"][0] == {
        "op": "from_deck",
        "find": {"feature": "戦闘員"},
        "count": 2,
        "to": "rush",
    }
    assert render_card(URN)["reading"] == [
        "When rushed (optional: you may activate it): you may take up to 2 cards with the "
        "feature 戦闘員 from your deck and put them into your rush area (no power, command or "
        "condition needed); then, a card taken or not, shuffle your deck."
    ]


def test_RS_MAY_ACTIVATE_not_activated_the_deck_is_not_shuffled() -> None:
    b = _urn(False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "shuffle" not in event_types(r, b.last)


def test_RS_SEARCH_DECK_cards_printing_the_feature_go_into_the_rush_area() -> None:
    b = _urn(True, ["T-127", "T-127"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-126", "T-127", "T-127"]
    assert "shuffle" in event_types(r, b.last)
    # an operation with the feature cannot stand in the rush area; a card without it does not fit
    for wrong in ("T-128", "T-122"):
        bad = _urn(True, [wrong])
        r = bad.replay()
        assert verdict(r, bad.last) == "illegal", wrong
