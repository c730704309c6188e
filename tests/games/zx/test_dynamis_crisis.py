"""Crisis (seed 003, keyword action 23) and the PL EX it turns up, from the comprehensive rules
1023 as zxtcg.fandom.com/wiki/Crisis quotes them and that page's summary of the Crisis Effect
(``judge/games/zx/crisis.py``)."""

from __future__ import annotations

from typing import Any

from judge.games.zx.decks import check_deck
from judge.games.zx.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

PLEX = card("T-PLX", type="player_ex", name="Crisis Mantle", crisis={"condition": "damaged"})
PLEX_NAMED = card(
    "T-PLN", type="player_ex", name="Named Mantle", crisis={"condition": "damaged", "name": "Aoi"}
)
PLAYER = card("T-PLY", type="player", name="Aoi Player")
OTHER = card("T-PLO", type="player", name="Someone Else")
HITTER = card("T-HIT", power=3000)


def damaged(setup_b: dict[str, Any], extra: list[dict[str, Any]] | None = None) -> LogBuilder:
    """B prepares what ``setup_b`` says; A's turn 3: T-HIT attacks B's empty player square 8
    from square 5 and A picks B's life card: B has received damage."""
    b = LogBuilder([PLEX, PLEX_NAMED, PLAYER, OTHER, HITTER, *(extra or [])], a=["T-HIT"])
    b.act("A", "first_player", first="A").act("A", "setup").act("B", "setup", **setup_b)
    b.act("A", "mulligan", redraw=False).act("B", "mulligan", redraw=False)
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).proceed("A")
    b.pass_turn("B")
    b.to_main("A").act("A", "attack", card=b.iid("A", 0), target=8)
    return b.act("A", "pick_life", position=1)


def test_ZX_PL_EX_SETUP_face_down_behind_the_player_card() -> None:
    b = damaged({"player_ex": "T-PLX", "player_card": "T-PLY"})
    r = b.replay()
    assert verdict(r, 2) == "legal"
    assert "ZX-PL-EX-SETUP" in rules_applied(r, 2)
    bv = player_state(r, "B", 2)
    assert bv["player_ex"] == [None, False]  # face down: its card not shown
    assert bv["player_card"] == ["B-P1", "player"]


def test_ZX_PL_EX_SETUP_not_with_a_zx_ob_lower_half_and_only_a_pl_ex() -> None:
    ob = card("T-OBP", type="player", name="OB Player", overboost="Oath")
    b = LogBuilder([PLEX, ob, PLAYER])
    b.act("A", "first_player", first="A")
    b.act("A", "setup", player_ex="T-PLX", overboost="T-OBP")
    assert rules_broken(b.replay(), b.last) == ["ZX-PL-EX-SETUP"]
    b2 = LogBuilder([PLEX, PLAYER])
    b2.act("A", "first_player", first="A").act("A", "setup", player_ex="T-PLY")
    assert rules_broken(b2.replay(), b2.last) == ["ZX-PL-EX-SETUP"]


def test_ZX_PL_EX_SETUP_not_a_deck_card() -> None:
    cards = {"P": {"code": "P", "name": "P", "type": "player_ex"}}
    assert "ZX-PL-EX-SETUP" in [p.rule for p in check_deck(["P"], [], cards)]


def test_ZX_CRISIS_damage_fulfils_the_condition_and_the_pl_ex_may_turn_up() -> None:
    b = damaged({"player_ex": "T-PLX"})
    r = b.replay()
    # after the player damage, the Crisis Effect waits for B's choice
    assert "ZX-CRISIS" in rules_applied(r, b.last)
    assert r["steps"][b.last]["pending"][0] == {
        "player": "B",
        "kind": "crisis",
        "text": "B: crisis",
    }
    b.act("B", "crisis", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["player_ex"] == ["B-X1", True]


def test_ZX_CRISIS_declined_it_stays_face_down_and_comes_again_with_new_damage() -> None:
    b = damaged({"player_ex": "T-PLX"})
    b.act("B", "crisis", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["player_ex"] == [None, False]
    # without a new damage there is no crisis to answer
    b.act("B", "crisis", use=True)
    assert rules_broken(b.replay(), b.last) == ["ZX-CRISIS"]


def test_ZX_CRISIS_no_crisis_without_its_condition() -> None:
    b = LogBuilder([PLEX, HITTER], a=["T-HIT"])
    b.act("A", "first_player", first="A").act("A", "setup").act("B", "setup", player_ex="T-PLX")
    b.act("A", "mulligan", redraw=False).act("B", "mulligan", redraw=False)
    b.act("B", "crisis", use=True)  # B has received no damage
    assert rules_broken(b.replay(), b.last) == ["ZX-CRISIS"]


def test_ZX_CRISIS_a_named_crisis_needs_the_name_on_the_player_card() -> None:
    ok = damaged({"player_ex": "T-PLN", "player_card": "T-PLY"}).replay()
    assert ok["steps"][-1]["pending"][0]["kind"] == "crisis"
    no = damaged({"player_ex": "T-PLN", "player_card": "T-PLO"}).replay()
    assert [p["kind"] for p in no["steps"][-1]["pending"]] != ["crisis"]
    none = damaged({"player_ex": "T-PLN"}).replay()  # a nameless player card
    assert [p["kind"] for p in none["steps"][-1]["pending"]] != ["crisis"]


def test_ZX_CRISIS_a_pl_ex_with_abilities_the_engine_does_not_run_leaves_doubt() -> None:
    text = card(
        "T-PLT",
        type="player_ex",
        name="Text Mantle",
        crisis={"condition": "damaged"},
        effects=[{"when": "activated", "text": "[Startup] Sleep this card: draw a card."}],
    )
    b = damaged({"player_ex": "T-PLT"}, [text])
    b.act("B", "crisis", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "ZX-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)
