"""A card of the opponent's hand chosen after looking at it, and its NC (or RC) effect activated
as this unit's own (RS-LOOK-OPPONENT-HAND, RS-AS-OWN-EFFECT), on made-up cards in the
catalogue's sentence shapes.

The sources' words, which the tests follow: "相手の手札を見てもよい。そうしたとき、ＮＣを持つSユニットのカードが
あれば1枚選び、そのNCの効果をこのユニットの効果として発動する。" — *may look at the opponent's hand*; *when
one did so*, *if there is* a *size S unit card with an NC*, *choose one* (not optional), and *its NC
effect* is *activated as this unit's effect*; "…ＮＣかＲＣを持つSユニットのカードを1枚選び、そのNCまたはRC
の効果を、…" the same with an RC too.  A hand the engine does not know is not guessed.
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
    "【読心】相手の手札を見てもよい。そうしたとき、ＮＣを持つSユニットのカードがあれば1枚選び、そのNCの効果をこのユ"
    "ニットの効果として発動する。"
)
EITHER = (
    "【読心二】相手の手札を見てもよい。そうしたとき、ＮＣかＲＣを持つSユニットのカードを1枚選び、そのNCまたはRCの効"
    "果を、このユニットの効果として発動する。"
)
#: A's unit, Number Combination 1, BP 2000
SEER = printed("T-780", TEXT, name="Seer", bp=2000, sp=1, size="S", combination={"number": 1})
#: A's unit of the NC-or-RC shape, Number Combination 1, BP 2000
SAGE = printed("T-785", EITHER, name="Sage", bp=2000, sp=1, size="S", combination={"number": 1})
#: B's size S unit with an NC: this unit BP +3000 for the turn
BOOSTER = printed(
    "T-781",
    "【増力】このターン、これはBP+3000される。",
    name="Booster",
    size="S",
    combination={"number": 3},
)
#: B's size M unit with an NC
GIANT = printed(
    "T-782",
    "【巨力】このターン、これはBP+5000される。",
    name="Giant",
    size="M",
    combination={"number": 2},
)
#: B's size S unit with RC: this unit BP +1000 for the turn
RIDER = printed(
    "T-783",
    "【疾走】このターン、これはBP+1000される。",
    name="Rider",
    size="S",
    combination={"rc": True},
)
#: B's size S unit with an NC whose text the reader does not read
ODD = printed(
    "T-784", "【奇術】自軍山札の上から3枚を見る。", name="Odd", size="S", combination={"number": 4}
)
CARDS = [SEER, BOOSTER, GIANT, RIDER, ODD, SAGE]


def _entered(unit: str = "T-780", **kw: object) -> tuple[LogBuilder, str]:
    """A's turn 3: A rushes ``unit`` and it enters first: its Number Combination waits."""
    b = LogBuilder(CARDS, **kw).setup(first="A")  # type: ignore[arg-type]
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A")
    me = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == unit)
    return b.enter("A", me), me


def _bp(b: LogBuilder, me: str) -> int:
    return int(next(u["bp"] for u in player_state(b.replay(), "A")["battle"] if u["id"] == me))


def test_RS_LOOK_OPPONENT_HAND_read_from_the_printed_named_effects_and_shown() -> None:
    for d, kind, has in ((SEER, "nc", "an NC"), (SAGE, "nc_or_rc", "an NC or RC")):
        r = read_card(d)
        assert r.understood
        assert r.combination[0]["optional"] is True
        assert r.combination[0]["do"] == [{"op": "as_own", "from": "opponent_hand", "effect": kind}]
        effect = "NC or RC effect" if kind == "nc_or_rc" else "NC effect"
        assert render_card(d)["reading"][-1] == (
            "Number Combination 1 (optional: you may): look at the opponent's hand, and if you "
            f"do: choose 1 size S unit card there with {has} if there is one, and activate its "
            f'{effect} as this unit\'s own effect (its "this" is this unit; carried out only when '
            "that card's text is read in full)."
        )


def test_RS_LOOK_OPPONENT_HAND_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("見てもよい", "見る"),
        TEXT.replace("Sユニット", "Mユニット"),
        TEXT.replace("そのNCの効果", "そのRCの効果"),
        TEXT.replace("このユニットの効果として", "このカードの効果として"),
        TEXT.replace("相手の手札", "自分の手札"),
        EITHER.replace("NCまたはRC", "NC"),
    ):
        assert not read_card({**SEER, "text": text}).understood, text


def test_RS_LOOK_OPPONENT_HAND_the_card_named_its_nc_effect_for_this_unit() -> None:
    b, me = _entered()
    assert _bp(b, me) == 2000  # the combination waits for A's choice
    cards = len(player_state(b.replay(), "B")["hand"])
    b.act("A", "resolve", source=me, use=True, targets=["T-781"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-LOOK-OPPONENT-HAND", "RS-AS-OWN-EFFECT"} <= set(rules_applied(r, b.last))
    assert _bp(b, me) == 5000  # Booster's "これはBP+3000される", for the Seer
    assert len(player_state(r, "B")["hand"]) == cards  # the card chosen stays in B's hand


def test_RS_LOOK_OPPONENT_HAND_a_card_that_does_not_fit_is_illegal() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=True, targets=["T-782"])  # size M
    assert rules_broken(b.replay(), b.last) == ["RS-LOOK-OPPONENT-HAND"]
    b, me = _entered()
    b.act("A", "resolve", source=me, use=True, targets=["T-783"])  # RC, no NC
    assert rules_broken(b.replay(), b.last) == ["RS-LOOK-OPPONENT-HAND"]


def test_RS_LOOK_OPPONENT_HAND_an_unknown_hand_not_named_is_not_guessed() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-LOOK-OPPONENT-HAND" in rules_applied(r, b.last)
    assert _bp(b, me) == 2000


def test_RS_LOOK_OPPONENT_HAND_not_used_nothing_happens() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-LOOK-OPPONENT-HAND" not in rules_applied(r, b.last)
    assert _bp(b, me) == 2000


def test_RS_LOOK_OPPONENT_HAND_a_known_hand_without_one_nothing_is_chosen() -> None:
    """Seeded: B's deck is all fillers, so its hand, which the engine knows, has none."""
    b, me = _entered(mode="seeded", decks={"A": ["T-780", "T-000"] * 20, "B": []})
    b.act("A", "resolve", source=me, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert any("holds no size S unit card with an NC" in t for t in ruling_texts(r, b.last))
    assert _bp(b, me) == 2000


def test_RS_AS_OWN_EFFECT_an_rc_card_chosen_for_nc_or_rc_gives_its_rc_effect() -> None:
    b, me = _entered("T-785")
    b.act("A", "resolve", source=me, use=True, targets=["T-783"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _bp(b, me) == 3000  # Rider's RC effect, BP +1000


def test_RS_AS_OWN_EFFECT_a_card_of_the_hand_not_read_is_not_guessed() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=True, targets=["T-784"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert any("not read in full" in t for t in ruling_texts(r, b.last))
    assert _bp(b, me) == 2000
