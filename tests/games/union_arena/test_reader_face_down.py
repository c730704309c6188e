"""Union Arena: face-down cards under a character (UA-UNDER, UA-UNDER-STAYS, UA-UNDER-LEAVE)
and "自分の山札の上から1枚を裏向きでこのキャラの下に置く" / "…を1枚まで選び、…裏向きでそのキャラの下に
置く" (UA-EFFECT-PUT-UNDER), on made-up cards: read from the printed text, carried out in
seeded and observed mode, hidden from every perspective, where they go when their card leaves
the field or is raided onto (both rule options), and the English rendering."""

from __future__ import annotations

import json
import re
from typing import Any

from judge.core.replay import position, replay
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    card,
    event_types,
    field_unit,
    free_character,
    hand_card,
    player_state,
    read_in_full,
    rules_applied,
    rules_broken,
    seeded_turn_one,
    texted,
    unit_now,
    verdict,
)

SELF = "[登場時]自分の山札の上から1枚を裏向きでこのキャラの下に置く。"
CHOSEN = (
    "[登場時]自分の場のキャラを1枚まで選び、自分の山札の上から1枚を裏向きでそのキャラの下に置く。"
)
RULE = "UA-EFFECT-PUT-UNDER"
#: a made-up card that returns one of its controller's characters to the hand when played
BOUNCE = free_character(
    "T-BACK",
    effects=[
        {
            "when": "on_play",
            "do": [{"op": "to_hand", "target": {"side": "own", "zone": "field", "count": 1}}],
        }
    ],
)
#: one that retires one of its controller's characters when played
RETIRE = free_character(
    "T-GONE",
    effects=[
        {
            "when": "on_play",
            "do": [{"op": "retire", "target": {"side": "own", "zone": "field", "count": 1}}],
        }
    ],
)


def seeded(*cards: dict[str, Any], deck: list[str], **kw: Any) -> LogBuilder:
    """Seeded mode, A's turn-1 main phase (:func:`seeded_turn_one`)."""
    return seeded_turn_one(list(cards), deck, **kw)


def a_state(b: LogBuilder) -> Any:
    return position(b.doc).state.players["A"]


in_hand, unit_of = hand_card, unit_now


# -- reading ----------------------------------------------------------------------------------


def test_UA_EFFECT_PUT_UNDER_read_from_printed_text() -> None:
    (own,) = read_card({"type": "character", "text": SELF}).effects
    assert own == {"when": "on_play", "do": [{"op": "put_under", "n": 1, "target": "self"}]}
    (chosen,) = read_card({"type": "character", "text": CHOSEN}).effects
    target = {"side": "own", "zone": "field", "type": "character", "count": 1, "up_to": True}
    assert chosen == {"when": "on_play", "do": [{"op": "put_under", "n": 1, "target": target}]}
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": SELF})
    assert shown["understood"]
    assert "put the top card of your deck face down under this" in " ".join(shown["reading"])
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": CHOSEN})
    assert "put the top card of your deck face down under it" in " ".join(shown["reading"])


def test_UA_EFFECT_PUT_UNDER_what_is_not_read_stays_unread() -> None:
    assert (
        read_in_full(
            "[登場時]自分の山札の上から2枚を裏向きでこのキャラの下に置く。",  # two cards
            "[登場時]相手の山札の上から1枚を裏向きでこのキャラの下に置く。",  # the opponent's deck
            "[登場時]自分の山札の上から1枚を表向きでこのキャラの下に置く。",  # face up
            "[登場時]自分の山札の上から1枚を裏向きでこのフィールドの下に置く。",  # a field
            # the opponent's character
            "[登場時]相手の場のキャラを1枚まで選び、自分の山札の上から1枚を裏向きでそのキャラの下に置く。",
            # two characters
            "[登場時]自分の場のキャラを2枚まで選び、自分の山札の上から1枚を裏向きでそのキャラの下に置く。",
        )
        == []
    )


def test_UA_EFFECT_PUT_UNDER_supported_only_as_executed() -> None:
    own = {"side": "own", "zone": "field", "type": "character", "count": 1, "up_to": True}
    assert supported({"when": "on_play", "do": [{"op": "put_under", "n": 1, "target": own}]})
    for op in (
        {"op": "put_under", "n": 2, "target": "self"},
        {"op": "put_under", "n": True, "target": "self"},
        {"op": "put_under", "n": 1, "target": {**own, "side": "opponent"}},
        {"op": "put_under", "n": 1, "target": {**own, "count": 2}},
        {"op": "put_under", "n": 1, "target": {**own, "type": "field"}},
        {"op": "put_under", "n": 1, "target": {**own, "zone": "hand"}},
        {"op": "put_under", "n": 1, "target": "self", "face": "up"},
    ):
        assert not supported({"when": "on_play", "do": [op]}), op


# -- carried out ------------------------------------------------------------------------------


def test_UA_EFFECT_PUT_UNDER_seeded_the_top_card_goes_under_this_character() -> None:
    b = seeded(texted("T-SELF", SELF), deck=["T-SELF"] * 50)
    deck = list(a_state(b).deck)
    me = a_state(b).hand[0]
    b.play("A", me, to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert RULE in rules_applied(r, b.last)
    assert unit_of(b, me).face_down == [deck[0]]
    assert a_state(b).deck == deck[1:]
    assert field_unit(r, "A", me)["face_down"] == 1  # how many, never which
    assert "put_under" in event_types(r, b.last)


def test_UA_EFFECT_PUT_UNDER_chosen_character() -> None:
    cards = [texted("T-PICK", CHOSEN), free_character("T-010", name="ミラ")]
    b = seeded(*cards, deck=["T-010"] * 4 + ["T-PICK"] * 4)
    mira, pick = in_hand(b, "T-010"), in_hand(b, "T-PICK")
    b.play("A", mira, to="front_line")
    top = a_state(b).deck[0]
    b.play("A", pick, to="energy_line", targets=[mira])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert unit_of(b, mira).face_down == [top]
    assert unit_of(b, pick).face_down == []
    # up to one: none chosen, nothing is put
    b = seeded(*cards, deck=["T-010"] * 4 + ["T-PICK"] * 4)
    b.play("A", in_hand(b, "T-010"), to="front_line")
    held = len(a_state(b).deck)
    b.play("A", in_hand(b, "T-PICK"), to="energy_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(a_state(b).deck) == held


def test_UA_EFFECT_PUT_UNDER_an_opposing_character_is_illegal() -> None:
    cards = [texted("T-PICK", CHOSEN), free_character("T-010", name="ミラ")]
    b = board_at_turn_3(cards, ["T-PICK"], ["T-010"], b_front=("B-1",), phase="main")
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_PUT_UNDER_observed_the_card_stays_unknown() -> None:
    b = board_at_turn_3([texted("T-SELF", SELF)], ["T-SELF"], [], phase="main")
    held = len(a_state(b).deck)
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # nothing to name: nobody sees the card
    assert unit_of(b, "A-1").face_down == [None]
    assert len(a_state(b).deck) == held - 1
    assert field_unit(r, "A", "A-1")["face_down"] == 1


# -- UA-UNDER: hidden, not the character -------------------------------------------------------


def test_UA_UNDER_hidden_from_every_perspective_but_in_the_fingerprint() -> None:
    b = seeded(texted("T-SELF", SELF, bp=3000), deck=["T-SELF"] * 50)
    me = a_state(b).hand[0]
    hidden = a_state(b).deck[0]
    b.play("A", me, to="front_line")
    named = re.compile(rf"(?<![\w-]){re.escape(hidden)}(?![\w-])")  # A-3, not A-32
    for viewer in ("judge", "public", "A", "B"):
        step = replay(b.doc, perspective=viewer)["steps"][b.last]
        assert not named.search(json.dumps(step["state"])), viewer  # the view: a count only
        assert not named.search(json.dumps(step.get("events", []))), viewer
        if viewer != "judge":
            assert not named.search(json.dumps(step)), viewer
    eng = position(b.doc)
    snap = eng.snapshot()
    assert snap["players"]["A"]["front_line"][0]["face_down"] == [hidden]  # judge's full view
    # not the character: its BP and name stay its own card's
    unit = field_unit(replay(b.doc), "A", me)
    assert unit["bp"] == 3000 and unit["code"] == "T-SELF" and "under" not in unit


# -- UA-UNDER-LEAVE ----------------------------------------------------------------------------


def test_UA_UNDER_LEAVE_to_the_outside_area_by_default() -> None:
    cards = [texted("T-SELF", SELF), RETIRE]
    b = seeded(*cards, deck=["T-SELF"] * 4 + ["T-GONE"] * 4)
    me = in_hand(b, "T-SELF")
    b.play("A", me, to="front_line")
    hidden = unit_of(b, me).face_down[0]
    b.play("A", in_hand(b, "T-GONE"), to="energy_line", targets=[me])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-UNDER-LEAVE" in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"][-2:] == [me, hidden]  # public now
    # returned to the hand: the card under it still goes to the outside area
    cards = [texted("T-SELF", SELF), BOUNCE]
    b = seeded(*cards, deck=["T-SELF"] * 4 + ["T-BACK"] * 4)
    me = in_hand(b, "T-SELF")
    b.play("A", me, to="front_line")
    hidden = unit_of(b, me).face_down[0]
    b.play("A", in_hand(b, "T-BACK"), to="energy_line", targets=[me])
    r = b.replay()
    assert player_state(r, "A")["outside"] == [hidden]
    assert me in a_state(b).hand and hidden not in a_state(b).hand


def test_UA_UNDER_LEAVE_option_with_top() -> None:
    cards = [texted("T-SELF", SELF), BOUNCE]
    b = seeded(
        *cards, deck=["T-SELF"] * 4 + ["T-BACK"] * 4, options={"face_down_on_leave": "with_top"}
    )
    me = in_hand(b, "T-SELF")
    b.play("A", me, to="front_line")
    hidden = unit_of(b, me).face_down[0]
    b.play("A", in_hand(b, "T-BACK"), to="energy_line", targets=[me])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == []
    assert {me, hidden} <= set(a_state(b).hand)


def test_UA_UNDER_LEAVE_observed_unknown_cards_make_the_step_unverifiable() -> None:
    b = board_at_turn_3([texted("T-SELF", SELF), RETIRE], ["T-SELF", "T-GONE"], [], phase="main")
    b.play("A", "A-1", to="front_line")
    b.play("A", "A-2", to="energy_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert player_state(r, "A")["outside"] == ["A-1", None]


# -- UA-UNDER-STAYS ----------------------------------------------------------------------------

RAIDER = card("T-RAID", name="Mira Awakened", bp=5000, ap=1, raid={"onto": {"name": "ミラ"}})
STEPPER = texted("T-SELF", SELF, name="ミラ")


def test_UA_UNDER_STAYS_through_a_raid_and_a_move() -> None:
    b = seeded(STEPPER, RAIDER, deck=["T-SELF"] * 4 + ["T-RAID"] * 4)
    me = in_hand(b, "T-SELF")
    b.play("A", me, to="energy_line")
    hidden = unit_of(b, me).face_down[0]
    raider = in_hand(b, "T-RAID")
    b.act("A", "raid", card=raider, onto=me, to_front_line=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-UNDER-STAYS" in rules_applied(r, b.last)
    eng = position(b.doc)
    found = eng.state.find_unit(raider)
    assert found is not None and found[1] == "front_line"  # moved to the front line
    assert found[2].face_down == [hidden]  # and still under it
    assert field_unit(r, "A", raider)["face_down"] == 1


def test_UA_UNDER_STAYS_option_outside_on_a_raid() -> None:
    b = seeded(
        STEPPER,
        RAIDER,
        deck=["T-SELF"] * 4 + ["T-RAID"] * 4,
        options={"face_down_on_raid": "outside"},
    )
    me = in_hand(b, "T-SELF")
    b.play("A", me, to="front_line")
    hidden = unit_of(b, me).face_down[0]
    raider = in_hand(b, "T-RAID")
    b.act("A", "raid", card=raider, onto=me)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert unit_of(b, raider).face_down == []
    assert player_state(r, "A")["outside"] == [hidden]


# -- UA-EFFECT-UNDER-NO-ACTIVATE -----------------------------------------------------------------

STAYS = "このキャラの下に裏向きのカードがある場合、このキャラはアクティブにならない。"
#: its own rest cost rests it; the when-played ability puts a card under it
RESTER = STAYS + "\n" + SELF + "\n[起動メイン][レストにする]カードを1枚引く。"


def test_UA_EFFECT_UNDER_NO_ACTIVATE_read_from_printed_text() -> None:
    (stays,) = read_card({"type": "character", "text": STAYS}).effects
    cond = {"zone": "face_down", "of": "self", "min": 1}
    assert stays == {"when": "continuous", "do": [{"op": "stays_rested", "if": cond}]}
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": STAYS})
    assert shown["reading"] == [
        "Continuous: while this card has a face-down card under it, this card does not become "
        "active."
    ]
    assert (
        read_in_full(
            "このキャラの下に裏向きのカードがない場合、このキャラはアクティブにならない。",
            "このキャラはアクティブにならない。",
        )
        == []
    )
    assert not read_card({"type": "field", "text": STAYS}).understood


def _rested_with(text: str) -> tuple[LogBuilder, str]:
    """A's turn 1 (seeded): the card of ``text`` played to the front line, then rested by its
    own activated ability's cost."""
    b = seeded(texted("T-STAY", text), deck=["T-STAY"] * 50)
    me = a_state(b).hand[0]
    b.play("A", me, to="front_line")
    b.act("A", "activate", card=me, ability=1)
    return b, me


def test_UA_EFFECT_UNDER_NO_ACTIVATE_stays_rested_through_the_phases() -> None:
    b, me = _rested_with(RESTER)
    assert unit_of(b, me).rested and len(unit_of(b, me).face_down) == 1
    b.proceed("A", 2).pass_turn("B")  # A's end phase, B's turn, A's turn-3 start phase
    r = b.replay()
    assert field_unit(r, "A", me)["rested"] is True
    applied = {rule for i in range(len(r["steps"])) for rule in rules_applied(r, i)}
    assert "UA-EFFECT-UNDER-NO-ACTIVATE" in applied
    # without a card under it, it becomes active as any card does
    b, me = _rested_with(STAYS + "\n[起動メイン][レストにする]カードを1枚引く。")
    assert unit_of(b, me).face_down == []
    b.proceed("A", 2).pass_turn("B")
    assert field_unit(b.replay(), "A", me)["rested"] is False


def test_UA_EFFECT_UNDER_NO_ACTIVATE_an_effect_does_not_make_it_active() -> None:
    waker = free_character(
        "T-WAKE",
        effects=[
            {
                "when": "on_play",
                "do": [{"op": "activate", "target": {"side": "own", "zone": "field", "count": 1}}],
            }
        ],
    )
    b = seeded(texted("T-STAY", RESTER), waker, deck=["T-STAY"] * 4 + ["T-WAKE"] * 4)
    me = in_hand(b, "T-STAY")
    b.play("A", me, to="front_line")
    b.act("A", "activate", card=me, ability=1)
    b.play("A", in_hand(b, "T-WAKE"), to="energy_line", targets=[me])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-UNDER-NO-ACTIVATE" in rules_applied(r, b.last)
    assert field_unit(r, "A", me)["rested"] is True


# -- positions ---------------------------------------------------------------------------------


def test_UA_UNDER_a_position_places_face_down_cards() -> None:
    """A position's unit may list ``face_down`` cards: numbered after its card, placed under
    it, shown as a count in the step view and by id in the full snapshot."""
    from pathlib import Path

    from judge.core.position import position_log

    root = Path(__file__).resolve().parents[3]
    doc = json.loads((root / "examples" / "positions" / "ua-attack-block.json").read_text())
    a = doc["start"]["players"]["A"]
    a["front_line"][1]["face_down"] = ["UAS-004"]
    a["unseen"].remove("UAS-004")
    a["deck"] = {"count": 24}
    eng = position(position_log(doc))
    assert [u.face_down for u in eng.state.players["A"].front_line] == [[], ["A-3"]]
    assert eng.step_state()["players"]["A"]["front_line"][1]["face_down"] == 1
    assert eng.snapshot()["players"]["A"]["front_line"][1]["face_down"] == ["A-3"]
    assert eng.state.code_of["A-3"] == "UAS-004"
