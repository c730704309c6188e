"""Tests added by the review of the Z/X catalogue against its sources, each named after the
rule it would have caught, each written from the source's wording (seed 003, the official
IGOB/Shift page, the comprehensive rules as quoted by the fan wiki)."""

from __future__ import annotations

from judge.core.log import parse_log
from judge.core.replay import run_step, start
from judge.games.zx.decks import check_deck
from judge.games.zx.testing import (
    LogBuilder,
    card,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

F = "T-000"
BIG = card("T-BIG", power=5000)
ATK = card("T-ATK", power=3000)
DS = card(
    "T-DS",
    type="event",
    effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)


def at(r, sq, i=-1):
    return game_state(r, i)["squares"][str(sq)]


# -- ZX-CHARGE-LIMIT: CR 306.2a (limit 4) and 906.1 (its player chooses the excess) -----------


def test_ZX_CHARGE_LIMIT_the_player_chooses_the_excess() -> None:
    b = LogBuilder(
        [DS, BIG],
        a=["T-DS"] * 4 + [F] * 6 + ["T-DS"] * 2,
        b=["T-BIG"] * 4 + [F] * 6 + ["T-BIG"] * 2,
    ).start()
    b.pass_turn("A").proceed("B", 2)
    b_cards = [b.iid("B", k) for k in (0, 1, 2, 3, 10)]
    for iid, sq in zip(b_cards, (4, 5, 6, 7, 9), strict=True):
        b.act("B", "play", card=iid, to=sq)
    b.proceed("B").proceed("A", 2)
    a_cards = [b.iid("A", k) for k in (0, 1, 2, 3, 10)]
    for ev, target in zip(a_cards, b_cards, strict=True):
        b.act("A", "play", card=ev).act("A", "resolve", source=ev, targets=[target])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "ZX-CHARGE-LIMIT" in rules_applied(r, b.last)
    assert len(player_state(r, "B")["charge"]) == 5
    # the owner of the charge zone chooses, not the turn player
    b.act("A", "trash_charge", cards=[b_cards[0]])
    assert verdict(b.replay(), b.last) == "illegal"
    # exactly the excess: 5 - 4 = 1 card
    b.doc["actions"][-1] = {"p": "B", "do": "trash_charge", "cards": b_cards[:2]}
    assert rules_broken(b.replay(), b.last) == ["ZX-CHARGE-LIMIT"]
    b.doc["actions"][-1] = {"p": "B", "do": "trash_charge", "cards": [b_cards[2]]}
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "B")["charge"]) == 4
    assert b_cards[2] in player_state(r, "B")["trash"]


# -- ZX-RULE-ORDER: CR 901.2b, reload before the charge excess ----------------------------------


def test_ZX_RULE_ORDER_reload_before_charge_excess() -> None:
    """A reload's life card reaches the charge zone before the charge excess is counted, so
    one choice sees all the cards (the reload first, CR 901.2b)."""
    b = LogBuilder([]).start()
    eng = start(parse_log(b.doc))
    eng.advance()
    for i, action in enumerate(b.doc["actions"]):
        run_step(eng, i, action, "apply")
    st = eng.state
    ps = st.players["A"]
    # A: 5 charge cards, an empty deck, a non-empty trash: both rule effects apply at once
    ps.charge, ps.deck, ps.trash = list(ps.deck[:5]), [], list(ps.deck[5:7])
    assert eng.rules() is True
    assert [op for op, _ in st.agenda[:2]] == ["life_pick", "rules"]
    eng.advance()
    op, args = st.agenda[0]
    assert op == "wait_pick_life" and args["damaged"] == "A"


# -- ZX-DESTROY / ZX-REMOVE: seed 003, keyword actions 7 and 8 (a Z/X EX to the dynamis) -------


def test_ZX_DESTROY_a_zx_ex_goes_face_up_to_the_dynamis() -> None:
    ex = card("T-EX", type="zx_ex", power=1000)
    b = LogBuilder([BIG, ex], a=["T-BIG"], b=["T-EX"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5).pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "attack", card=b.iid("A", 0), target=4)
    r = b.replay()
    assert at(r, 4) is None
    assert player_state(r, "B")["charge"] == []
    assert b.iid("B", 0) in player_state(r, "B")["dynamis"]  # face up: shown by id
    assert "ZX-DESTROY" in rules_applied(r, b.last)


def test_ZX_REMOVE_a_zx_ex_goes_face_up_to_the_dynamis() -> None:
    ex = card("T-EX", type="zx_ex", power=1000)
    rm = card(
        "T-RM",
        type="event",
        effects=[{"when": "play", "do": [{"op": "remove", "target": {"side": "opponent"}}]}],
    )
    b = LogBuilder([rm, ex], a=[F, "T-RM"], b=["T-EX"]).start().pass_turn("A")
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 1)).act(
        "A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)]
    )
    r = b.replay()
    assert player_state(r, "B").get("removed") is None
    assert b.iid("B", 0) in player_state(r, "B")["dynamis"]


# -- ZX-DYNAMIS: official IGOB/Shift page (Z/X EX, event EX, shift, Z/X OB upper half) --------


def test_ZX_DYNAMIS_holds_event_ex_shift_and_ob_cards() -> None:
    cards = {
        "Z": {"code": "Z", "name": "Z", "type": "zx"},
        "EX": {"code": "EX", "name": "EX", "type": "zx_ex"},
        "EV": {"code": "EV", "name": "EV", "type": "event_ex"},
        "SH": {"code": "SH", "name": "SH", "type": "shift"},
        "OB": {"code": "OB", "name": "OB", "type": "zx_ob"},
    }
    dyn = ["EX", "EV", "SH", "OB"]
    assert [p.rule for p in check_deck([], dyn, cards) if p.rule == "ZX-DYNAMIS"] == []
    assert [p.rule for p in check_deck([], ["Z"], cards) if p.rule == "ZX-DYNAMIS"] == [
        "ZX-DYNAMIS"
    ]
    # none of them is a deck card
    probs = [p for p in check_deck(["EV", "SH"], [], cards) if p.rule == "ZX-DYNAMIS"]
    assert len(probs) == 1 and set(probs[0].cards) == {"EV", "SH"}
    # at most 16 together
    assert "ZX-DYNAMIS" in [p.rule for p in check_deck([], ["EX", "EV", "SH", "OB"] * 5, cards)]


def test_ZX_DYNAMIS_card_is_not_played_from_the_hand() -> None:
    sh = card("T-SH", type="shift")
    b = LogBuilder([sh], a=["T-SH"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0))
    assert rules_broken(b.replay(), b.last) == ["ZX-DYNAMIS"]


# -- ZX-LIFE-RECOVERY: seed 003, keyword ability 2 ------------------------------------------


def test_ZX_LIFE_RECOVERY_nothing_with_more_life_than_the_opponent() -> None:
    """ "你的生命区中的卡片的张数小于等于对手的…的话，回复1点": with more life, no recovery."""
    lr = card("T-LR", ig=True, keywords=["life_recovery"])
    pd = card(
        "T-PD", type="event", effects=[{"when": "play", "do": [{"op": "player_damage", "n": 1}]}]
    )
    # B (4 life) hits A twice first (A: 2 life); then A hits B: B has 3 life without the
    # Life Recovery card, more than A's 2: nothing is recovered
    b = LogBuilder(
        [lr, pd, ATK],
        a=["T-ATK"],
        b=["T-PD", "T-PD", F, F, "T-LR"],
        options={"life_ig_play": "free"},
    ).start()
    b.pass_turn("A").proceed("B", 2)
    for k in (0, 1):
        b.act("B", "play", card=b.iid("B", k)).act("B", "pick_life", position=1)
    r = b.replay()
    assert player_state(r, "A")["life"] == 2, player_state(r, "A")
    b.proceed("B").proceed("A", 2).act("A", "play", card=b.iid("A", 0), to=5)
    b.act("A", "attack", card=b.iid("A", 0), target=8).act("A", "pick_life", position=1)
    b.act("B", "play_revealed", use=True, to=8)
    r = b.replay()
    assert player_state(r, "B")["life"] == 3  # 3 > 2: no recovery
    assert "ZX-LIFE-RECOVERY" in rules_applied(r, b.last)
