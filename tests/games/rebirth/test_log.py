"""The log's conventions (R4U-PHASE, R4U-CARD-IN-ZONE, R4U-REVEAL, R4U-CHOICE-RECORDED,
R4U-EFFECT-UNSUPPORTED, R4U-OUTCOME, R4U-CONCEDE)."""

from __future__ import annotations

from judge.games.rebirth.testing import (
    NO_CANCEL,
    LogBuilder,
    card,
    event_types,
    player_state,
    rules_applied,
    rules_broken,
    to_b_battle,
    verdict,
)


def test_R4U_PHASE_another_players_decision_is_illegal() -> None:
    b = LogBuilder().setup(first="A").act("B", "energy", card="T-000")
    assert rules_broken(b.replay(), b.last) == ["R4U-PHASE"]


def test_R4U_CARD_IN_ZONE_the_card_must_be_there() -> None:
    b = LogBuilder().setup(first="A").act("A", "energy", card="B-3")
    assert rules_broken(b.replay(), b.last) == ["R4U-CARD-IN-ZONE"]


def test_R4U_REVEAL_an_impossible_reveal_is_illegal() -> None:
    b = LogBuilder([card("T-ATK", level=1, atk=3, def_=5)]).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay={"energy": 0, "partner": 0})
    b.act("A", "reveal", card="T-P01")  # partner cards are not in the deck
    assert rules_broken(b.replay(), b.last) == ["R4U-REVEAL"]
    b.doc["actions"][-1]["card"] = "T-ATK"
    assert verdict(b.replay(), b.last) == "legal"


def test_R4U_CHOICE_RECORDED_a_missing_guard_or_pay() -> None:
    b = to_b_battle().act("B", "attack", card="T-000").act("A", "reveal", card="T-000")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"  # A's hand may hold a blocker
    assert "R4U-CHOICE-RECORDED" in rules_applied(r, b.last)
    b = LogBuilder([card("T-L1", level=1)]).setup(first="A").act("A", "partner", card="T-P01")
    b.act("A", "energy", card="T-000").proceed("A")
    b.act("A", "play", card="T-L1", to="member", square=1)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"


UNREAD = card("T-TXT", name="Mystery", effects=[{"when": "spark", "text": "Do something."}])


def test_R4U_EFFECT_UNSUPPORTED_marks_the_step_and_what_follows() -> None:
    b = LogBuilder([UNREAD], options=NO_CANCEL).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay={"energy": 0, "partner": 0}).act("A", "reveal", card="T-TXT")
    b.proceed("A")
    r = b.replay()
    assert verdict(r, b.last - 1) == "unverifiable"
    assert "R4U-EFFECT-UNSUPPORTED" in rules_applied(r, b.last - 1)
    assert verdict(r, b.last) == "uncertain"


def test_R4U_OUTCOME_records_what_the_effect_did() -> None:
    b = LogBuilder([UNREAD], options=NO_CANCEL).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay={"energy": 0, "partner": 0}).act("A", "reveal", card="T-TXT")
    b.act("A", "outcome", source="T-TXT", ops=[{"op": "draw", "n": 1}]).proceed("A")
    r = b.replay()
    assert verdict(r, b.last - 1) == "recorded"
    assert verdict(r, b.last) == "legal"
    b = LogBuilder([UNREAD]).setup(first="A").proceed("A")
    b.act("A", "outcome", source="T-TXT", ops=[{"op": "draw", "n": 1}])
    assert rules_broken(b.replay(), b.last) == ["R4U-OUTCOME"]


def test_R4U_CONCEDE_the_other_player_wins() -> None:
    r = LogBuilder().setup(first="A").act("A", "concede").replay()
    assert r["summary"]["result"] == {"winner": "B", "reason": "concede"}
    assert player_state(r, "A")["entry"] is not None


def _unread_spark() -> tuple[LogBuilder, str]:
    """A moves its entry (a filler) to member square 1; the entry-in reveals T-TXT, whose spark
    the engine cannot read; returns the builder and the member's id."""
    b = LogBuilder([UNREAD]).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay={"energy": 0, "partner": 0}).act("A", "reveal", card="T-TXT")
    b.act("B", "guard", card=None)  # B uses no cancel against the spark (R4U-CANCEL)
    return b, player_state(b.replay(), "A")["members"][0]["id"]


def test_R4U_OUTCOME_rests_a_member_and_moves_a_member_or_the_entry_character() -> None:
    b, member = _unread_spark()
    b.act("A", "outcome", source="T-TXT", ops=[{"op": "rest", "card": member}])
    r = b.replay()
    assert verdict(r, b.last) == "recorded"
    assert player_state(r, "A")["members"][0]["rested"] is True
    b, member = _unread_spark()
    ops = [{"op": "move", "card": member, "from": "member", "to": "hand"}]
    r = b.act("A", "outcome", source="T-TXT", ops=ops).replay()
    assert verdict(r, b.last) == "recorded"
    a = player_state(r, "A")
    assert a["members"][0] is None and member in a["hand"]
    b, _ = _unread_spark()
    entry = player_state(b.replay(), "A")["entry"]["id"]
    ops = [{"op": "move", "card": entry, "from": "entry", "to": "waiting_room"}]
    b.act("A", "outcome", source="T-TXT", ops=ops).act("A", "reveal", card="T-000")
    r = b.replay()
    assert verdict(r, b.last - 1) == "recorded"
    assert entry in player_state(r, "A")["waiting_room"]
    assert "entry_in" in event_types(r, b.last)  # R4U-ENTRY-IN: the empty entry is filled


def test_R4U_OUTCOME_a_rest_or_move_of_a_card_not_there_is_illegal() -> None:
    b, member = _unread_spark()
    b.act("A", "outcome", source="T-TXT", ops=[{"op": "rest", "card": "A-PT1"}])
    assert rules_broken(b.replay(), b.last) == ["R4U-OUTCOME"]
    b, member = _unread_spark()
    ops = [{"op": "move", "card": member, "from": "entry", "to": "hand"}]
    assert rules_broken(b.act("A", "outcome", source="T-TXT", ops=ops).replay(), b.last) == [
        "R4U-OUTCOME"
    ]
