"""An operation put into its player's power zone (RS-SELF-TO-POWER), then a unit card taken from
the face-up cards of the power zone into the hand (RS-POWER-TO-HAND), on made-up cards in the
catalogue's sentence shape.

The source's words, which the tests follow: "このカードを自軍パワーゾーンに置く。その後、自軍パワーゾーン
のオモテ向きのカードからユニットカードを1枚選び、手札に加えてもよい。" (the operation *itself* goes into
one's power zone, instead of the discard pile a used normal operation goes to, "通常オペ: 使用後捨
札"; *afterwards* the player *may* take *one unit card* among the *face-up* cards of its power
zone into its hand); a card the text puts into the power zone without ウラ向き goes face up, as a
charge does ("必ずオモテ向き"), unless the rule option to_power_face says unverifiable.
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

SOUL_TEXT = (
    "このカードを自軍パワーゾーンに置く。その後、自軍パワーゾーンのオモテ向きのカードからユニットカードを1枚"
    "選び、手札に加えてもよい。"
)
#: A's operation; unit cards to charge into the power zone; an operation to charge there
SOUL = printed("T-922", SOUL_TEXT, type="operation", name="Soul")
ENGINE = card("T-923", name="Engine", bp=3000)
WHEEL = card("T-925", name="Wheel", bp=1000)
NOTE = card("T-924", type="operation", name="Note")
CARDS = [SOUL, ENGINE, WHEEL, NOTE]


def _used(*charged: str, variant: str = "1v1", **kw: object) -> LogBuilder:
    """A charges a command, then (one a turn) ``charged`` into its power zone; in its last
    turn A uses the Soul, whose effect waits for A's resolve."""
    players = ("A", "B") if variant == "1v1" else ("A1", "A2", "B1", "B2")
    a = players[0]
    b = LogBuilder(CARDS, variant=variant, **kw).setup(first=a)  # type: ignore[arg-type]
    b.charge(a, "T-000").proceed(a, 3)
    for p in players[1:]:
        b.charge(p, "T-000").proceed(p, 3)
    for code in charged[:-1]:
        b.charge(a, code, to="power").proceed(a, 3)
        for p in players[1:]:
            b.charge(p, "T-000").proceed(p, 3)
    b.charge(a, charged[-1], to="power").proceed(a)
    return b.use(a, "T-922")


def _zones(r: dict, pid: str = "A", index: int = -1) -> tuple[list[str], list[str], list[str]]:
    """``pid``'s face-up power cards, known hand cards and discard pile (instance ids: A's
    Soul is A-1, its Engine A-4, Wheel A-7, Note A-10, the decks holding three of each in
    order)."""
    ps = player_state(r, pid, index)
    return ps["power"]["face_up"], [c for c in ps["hand"] if c], ps["discard"]


def test_RS_POWER_TO_HAND_read_and_shown() -> None:
    (effect,) = read_card({"type": "operation", "text": SOUL_TEXT}).effects
    assert effect == {
        "when": "on_use",
        "optional": True,
        "do": [{"op": "to_power_self"}, {"op": "power_to_hand", "find": {"type": "unit"}}],
        "text": SOUL_TEXT,
    }
    assert render_card(SOUL)["reading"] == [
        "When used: put this card face up into your power zone (not into the discard pile); "
        "then you may take 1 unit card among the face-up cards of your power zone into your hand."
    ]
    for near in (
        # no その後: what the choice governs is not said
        "このカードを自軍パワーゾーンに置く。自軍パワーゾーンのオモテ向きのカードからユニットカードを1枚選び、"
        "手札に加えてもよい。",
        # any card, not a unit card
        "このカードを自軍パワーゾーンに置く。その後、自軍パワーゾーンのオモテ向きのカードからカードを1枚選び、"
        "手札に加えてもよい。",
        # two cards
        "このカードを自軍パワーゾーンに置く。その後、自軍パワーゾーンのオモテ向きのカードからユニットカードを2枚"
        "選び、手札に加えてもよい。",
        # face down too
        "このカードを自軍パワーゾーンに置く。その後、自軍パワーゾーンのカードからユニットカードを1枚選び、手札に加"
        "えてもよい。",
    ):
        assert not read_card({"type": "operation", "text": near}).understood, near
    # "このカード" of a unit's effect: not read
    unit = {
        "type": "unit",
        "text": "【X】これをラッシュしたとき、このカードを自軍パワーゾーンに置く。",
    }
    assert not read_card(unit).understood


def test_RS_POWER_TO_HAND_the_unit_card_named_goes_into_the_hand() -> None:
    b = _used("T-923")
    b.act("A", "resolve", source="T-922", use=True, targets=["T-923"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-SELF-TO-POWER", "RS-POWER-TO-HAND"} <= set(rules_applied(r, b.last))
    power, hand, discard = _zones(r)
    assert _zones(r, index=b.last - 1)[0] == ["A-4"]  # the Engine, charged
    assert power == ["A-1"]  # the Soul, face up; the Engine has left
    assert "A-4" in hand and "A-1" not in hand
    assert discard == []  # the Soul did not go to the discard pile


def test_RS_SELF_TO_POWER_not_used_the_operation_still_goes_into_the_power_zone() -> None:
    b = _used("T-923")
    b.act("A", "resolve", source="T-922", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    power, hand, discard = _zones(r)
    assert power == ["A-4", "A-1"]  # the Engine stays, the Soul joins it
    assert "A-4" not in hand and discard == []


def test_RS_POWER_TO_HAND_a_card_that_is_not_a_unit_card_cannot_be_taken() -> None:
    b = _used("T-924")
    b.act("A", "resolve", source="T-922", use=True, targets=["T-924"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-POWER-TO-HAND" in rules_broken(r, b.last)


def test_RS_POWER_TO_HAND_a_card_not_in_the_power_zone_cannot_be_taken() -> None:
    b = _used("T-924")
    b.act("A", "resolve", source="T-922", use=True, targets=["T-923"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CARD-IN-ZONE" in rules_broken(r, b.last)


def test_RS_POWER_TO_HAND_not_named_one_choice_only_is_taken() -> None:
    b = _used("T-923")
    b.act("A", "resolve", source="T-922", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    power, hand, _ = _zones(r)
    assert power == ["A-1"] and "A-4" in hand


def test_RS_POWER_TO_HAND_not_named_among_two_is_not_guessed() -> None:
    b = _used("T-923", "T-925")
    b.act("A", "resolve", source="T-922", use=True)
    resolved = b.last
    b.proceed("A")
    r = b.replay()
    assert verdict(r, resolved) == "unverifiable"
    assert "RS-POWER-TO-HAND" in rules_applied(r, resolved)
    assert _zones(r, index=resolved)[0] == ["A-4", "A-7", "A-1"]  # the Soul went in, no more
    assert verdict(r, b.last) == "uncertain"


def test_RS_SELF_TO_POWER_a_skipped_resolve_still_puts_the_operation_there() -> None:
    b = _used("T-923")
    b.proceed("A")  # no resolve recorded: not used, by default
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    power, _, discard = _zones(r)
    assert power == ["A-4", "A-1"] and discard == []


def test_RS_SELF_TO_POWER_option_unverifiable_face() -> None:
    b = _used("T-923", options={"to_power_face": "unverifiable"})
    b.act("A", "resolve", source="T-922", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-SELF-TO-POWER" in rules_applied(r, b.last)


def test_RS_POWER_TO_HAND_tag_a_card_of_the_allys_zone_is_not_guessed() -> None:
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1", 3)
    b.charge("A2", "T-923", to="power").proceed("A2", 3)
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p, 3)
    b.charge("A1", "T-000", to="power").proceed("A1").use("A1", "T-922")
    b.act("A1", "resolve", source="T-922", use=True, targets=["T-923"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-POWER-TO-HAND" in rules_applied(r, b.last)
    assert len(player_state(r, "A2")["power"]["face_up"]) == 1  # not taken


def test_RS_POWER_TO_HAND_the_resolves_listed_as_legal_are_judged_legal() -> None:
    from judge.core.replay import position

    listed = [a for a in position(_used("T-923").log()).legal_actions() if a["do"] == "resolve"]
    assert [(a.get("targets"), a.get("use")) for a in listed] == [(["A-4"], None), (None, False)]
    for action in listed:
        b = _used("T-923")
        b.act("A", "resolve", **{k: v for k, v in action.items() if k not in ("p", "do")})
        assert verdict(b.replay(), b.last) == "legal", action
