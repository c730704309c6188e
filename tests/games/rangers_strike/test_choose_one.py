"""An operation that lists effects to choose one from (RS-CHOOSE-ONE), on made-up cards in the
catalogue's sentence shapes.

The source's words, which the tests follow: "次の効果から1つ選び発動する⇒ ◎… ◎…": the player
chooses *one* of the effects listed and activates it; an effect listed that is "…てもよい" may
then be used or not.  The log records the choice first in the resolve's targets,
``{"modes": [k]}`` (the shape of Union Arena's choices among listed effects).
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
    "次の効果から1つ選び発動する⇒ ◎自軍山札からビークルカードを1枚選び、相手に見せてから手札に加えて"
    "もよい。その後、山札をシャッフルする。 ◎2枚ドローする。"
)
PICK = printed("T-130", TEXT, type="operation", name="Pick One")
BIKE = card("T-131", "vehicle", name="Bike", bp=1000)
CARDS = [PICK, BIKE]


def _used(b: LogBuilder | None = None) -> LogBuilder:
    """A uses Pick One in its first rush phase: its effect waits for `resolve`."""
    b = b or LogBuilder(CARDS).setup(first="A")
    return b.charge("A", "T-000").proceed("A").use("A", "T-130")


def _hand(b: LogBuilder) -> int:
    return len(player_state(b.replay(), "A")["hand"])


def test_RS_CHOOSE_ONE_read_from_the_printed_text_and_shown() -> None:
    r = read_card({"type": "operation", "text": TEXT})
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_use" and "optional" not in effect  # the choice is not optional
    (op,) = effect["do"]
    assert op["op"] == "modes" and len(op["modes"]) == 2
    assert op["modes"][0]["optional"] is True  # "…てもよい"
    assert op["modes"][1] == {"do": [{"op": "draw", "n": 2}]}
    # "…発動する。" too, and with no space before ◎
    assert read_card({"type": "operation", "text": TEXT.replace("⇒ ", "。")}).understood
    # an effect listed that is not read leaves the card unsupported, that part unread
    other = TEXT.replace("◎2枚ドローする。", "◎このターン、相手はドローできない。")
    assert read_card({"type": "operation", "text": other}).unread == (
        "◎このターン、相手はドローできない。",
    )
    assert render_card(PICK)["reading"] == [
        "When used, choose one — (1) you may take a vehicle card from your deck, show it to "
        "the opponent and put it into your hand; then, a card taken or not, shuffle your deck. "
        "(2) draw 2 cards."
    ]


def test_RS_CHOOSE_ONE_only_the_effect_chosen_is_carried_out() -> None:
    b = _used()
    before = _hand(b)
    b.act("A", "resolve", source="T-130", targets=[{"modes": [2]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-CHOOSE-ONE" in rules_applied(r, b.last)
    assert _hand(b) == before + 2
    assert "shuffle" not in event_types(r, b.last)  # the other effect is not carried out


def test_RS_CHOOSE_ONE_the_chosen_effects_targets_follow_the_record() -> None:
    b = _used()
    before = _hand(b)
    b.act("A", "resolve", source="T-130", targets=[{"modes": [1]}, "T-131"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _hand(b) == before + 1
    assert "RS-SEARCH-DECK" in rules_applied(r, b.last)


def test_RS_CHOOSE_ONE_an_optional_effect_chosen_and_not_used() -> None:
    b = _used()
    before = _hand(b)
    b.act("A", "resolve", source="T-130", targets=[{"modes": [1], "use": False}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _hand(b) == before
    assert "shuffle" in event_types(r, b.last)  # その後: shuffled all the same (RS-SEARCH-DECK)


def test_RS_CHOOSE_ONE_a_choice_not_recorded_is_not_guessed() -> None:
    b = _used()
    before = _hand(b)
    b.act("A", "resolve", source="T-130")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-CHOOSE-ONE" in rules_applied(r, b.last)
    assert _hand(b) == before
    b.proceed("A")
    assert verdict(b.replay(), b.last) == "uncertain"  # until an outcome records it


def test_RS_CHOOSE_ONE_none_two_or_an_effect_not_listed_is_illegal() -> None:
    for record in ({"modes": []}, {"modes": [1, 2]}, {"modes": [3]}, {"modes": [2], "use": False}):
        b = _used()
        b.act("A", "resolve", source="T-130", targets=[record])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", record
        assert "RS-CHOOSE-ONE" in rules_broken(r, b.last), record
    b = _used()  # not using it at all: the choice is not optional
    b.act("A", "resolve", source="T-130", use=False)
    assert verdict(b.replay(), b.last) == "illegal"
    b = _used()  # the chosen effect's use belongs in its record
    b.act("A", "resolve", source="T-130", use=True, targets=[{"modes": [2]}])
    assert "RS-CHOOSE-ONE" in rules_broken(b.replay(), b.last)


def test_RS_CHOOSE_ONE_the_resolves_listed_as_legal_are_judged_legal() -> None:
    from judge.core.replay import position

    def seeded() -> LogBuilder:
        deck = ["T-130"] * 37 + ["T-131"] * 3
        b = LogBuilder(CARDS, decks={"A": deck, "B": []}, mode="seeded", seed="choose")
        b.setup(first="A")
        return b.charge("A", "T-130").proceed("A").use("A", "T-130")

    listed = [a for a in position(seeded().log()).legal_actions() if a["do"] == "resolve"]
    assert [a["targets"][0] for a in listed] == [
        {"modes": [1]},
        {"modes": [1], "use": False},
        {"modes": [2]},
    ]
    for action in listed:
        b = seeded()
        b.act("A", "resolve", source=action["source"], targets=action["targets"])
        r = b.replay()
        assert verdict(r, b.last) == "legal", (action, r["steps"][b.last])
