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
    player_state,
    read_in_full,
    rules_applied,
    rules_broken,
    skip_to_turn_3,
    texted,
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


def seeded(
    *cards: dict[str, Any], deck: list[str], need: dict[str, int] | None = None, **kw: Any
) -> LogBuilder:
    """Seeded mode, A's turn-1 main phase, A's deck of ``deck`` (filled up to 50), under the
    first seed of a fixed list that deals A a hand holding ``need`` (code -> copies; by
    default one of each code of ``deck``): deterministic, whatever the shuffle does."""
    want = need if need is not None else dict.fromkeys(deck, 1)
    for k in range(500):
        b = LogBuilder(list(cards), deck_a=deck, mode="seeded", seed=f"under-{k}", **kw)
        b.setup(first="A").proceed("A")
        eng = position(b.doc)
        codes = [eng.state.code_of[i] for i in eng.state.players["A"].hand]
        if all(codes.count(code) >= n for code, n in want.items()):
            return b
    raise AssertionError(f"no seed deals {want}")


def a_state(b: LogBuilder) -> Any:
    return position(b.doc).state.players["A"]


def in_hand(b: LogBuilder, code: str) -> str:
    """An instance of ``code`` in A's hand (seeded mode: the engine knows the hand)."""
    eng = position(b.doc)
    return next(i for i in eng.state.players["A"].hand if eng.state.code_of[i] == code)


def unit_of(b: LogBuilder, iid: str) -> Any:
    found = position(b.doc).state.find_unit(iid)
    assert found is not None, iid
    return found[2]


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


# -- "…裏向きのカードがない場合、…置いてもよい" (UA-EFFECT-PUT-UNDER) -------------------------------

MAY_PUT = (
    "[登場時]自分の場のキャラの下に裏向きのカードがない場合、自分の山札の上から1枚を裏向きで"
    "自分の場のキャラ1枚の下に置いてもよい。"
)
MOVE = (
    "[起動メイン][ターン1]自分の場のキャラの下の裏向きのカードを1枚、裏向きのカードが下にない"
    "自分の場のキャラの下に移動させる。"
)


def test_UA_EFFECT_PUT_UNDER_may_put_read_and_rendered() -> None:
    (effect,) = read_card({"type": "character", "text": MAY_PUT}).effects
    target = {"side": "own", "zone": "field", "type": "character", "count": 1}
    cond = {"zone": "face_down", "of": "field", "max": 0}
    assert effect == {
        "when": "on_play",
        "optional": True,
        "do": [{"op": "put_under", "n": 1, "target": target, "if": cond}],
    }
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": MAY_PUT})
    assert shown["reading"] == [
        "On play: you may use this effect: if none of your characters has a face-down card "
        "under it, choose 1 of your characters; put the top card of your deck face down under "
        "it (no player sees it)."
    ]
    assert (
        read_in_full(
            MAY_PUT.replace("[登場時]", "[起動メイン]"),  # optional only when triggered
            MAY_PUT.replace("ない場合", "ある場合"),
            MAY_PUT + "そうした場合、カードを1枚引く。",
        )
        == []
    )


def _may_put(use: bool, targets: list[Any], *, first: str = MAY_PUT) -> tuple[LogBuilder, str]:
    """Seeded, A's turn 1: a character of ``first``'s text played, then the may-put card,
    whose effect A resolves with ``use`` and ``targets`` (the may-put card's id for "self")."""
    cards = [texted("T-FIRST", first), texted("T-MAY", MAY_PUT)]
    b = seeded(*cards, deck=["T-FIRST"] * 4 + ["T-MAY"] * 4)
    one = in_hand(b, "T-FIRST")
    b.play("A", one, to="front_line")
    if first == MAY_PUT:
        b.act("A", "resolve", source=one, use=False, targets=[])
    me = in_hand(b, "T-MAY")
    b.play("A", me, to="front_line")
    b.act("A", "resolve", source=me, use=use, targets=[me if t == "self" else t for t in targets])
    return b, me


def test_UA_EFFECT_PUT_UNDER_may_put_used_declined_and_blocked() -> None:
    b, me = _may_put(True, ["self"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert len(unit_of(b, me).face_down) == 1
    b, me = _may_put(False, [])
    assert verdict(b.replay(), b.last) == "legal"
    assert unit_of(b, me).face_down == []
    # a character with a card under it already: used, nothing is chosen and nothing is put
    b, me = _may_put(True, [], first=SELF)
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert unit_of(b, me).face_down == []
    assert "UA-EFFECT-IF" in rules_applied(r, b.last)
    b, me = _may_put(True, ["self"], first=SELF)  # a choice the effect does not make
    assert verdict(b.replay(), b.last) == "illegal"


def test_UA_EFFECT_PUT_UNDER_may_put_chooses_exactly_one_own_character() -> None:
    b, _ = _may_put(True, [])
    assert verdict(b.replay(), b.last) == "illegal"


# -- UA-EFFECT-MOVE-UNDER ------------------------------------------------------------------------


def test_UA_EFFECT_MOVE_UNDER_read_and_rendered() -> None:
    (effect,) = read_card({"type": "character", "text": MOVE}).effects
    own = {"side": "own", "zone": "field", "type": "character", "count": 1, "if_able": True}
    assert effect["do"] == [
        {"op": "pick_under", "target": {**own, "face_down": True}},
        {"op": "move_under", "target": {**own, "face_down": False}},
    ]
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": MOVE})
    reading = " ".join(shown["reading"])
    assert "choose 1 of your characters with a face-down card under it" in reading
    assert (
        "move a face-down card from under it to under 1 of your characters with no face-down "
        "card under it" in reading
    )
    assert not supported({"when": "activate_main", "do": [effect["do"][1]]})  # alone
    assert not supported({"when": "activate_main", "do": [effect["do"][0]]})
    assert (
        read_in_full(
            MOVE.replace("1枚、", "2枚、"),
            MOVE.replace("自分の場のキャラの下に移動", "相手の場のキャラの下に移動"),
        )
        == []
    )


def _moving(targets: list[str]) -> tuple[LogBuilder, dict[str, str]]:
    """Seeded, A's turn 1: a self-putting character, a plain one and the mover on A's field;
    the mover's ability used with ``targets`` (named by role: "self", "plain", "mover")."""
    cards = [texted("T-SELF", SELF), free_character("T-010"), texted("T-MOVE", MOVE)]
    b = seeded(*cards, deck=["T-SELF"] * 3 + ["T-010"] * 3 + ["T-MOVE"] * 3)
    ids = {
        "self": in_hand(b, "T-SELF"),
        "plain": in_hand(b, "T-010"),
        "mover": in_hand(b, "T-MOVE"),
    }
    for iid in ids.values():
        b.play("A", iid, to="front_line")
    b.act("A", "activate", card=ids["mover"], ability=1, targets=[ids[t] for t in targets])
    return b, ids


def test_UA_EFFECT_MOVE_UNDER_moves_one_card() -> None:
    b, ids = _moving(["self", "plain"])
    before = position({**b.doc, "actions": b.doc["actions"][:-1]})
    hidden = before.state.find_unit(ids["self"])[2].face_down
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-MOVE-UNDER" in rules_applied(r, b.last)
    assert unit_of(b, ids["self"]).face_down == []
    assert unit_of(b, ids["plain"]).face_down == hidden
    assert field_unit(r, "A", ids["plain"])["face_down"] == 1


def test_UA_EFFECT_MOVE_UNDER_wrong_choices_are_illegal() -> None:
    for targets in (["plain", "self"], ["self", "self"], ["plain", "mover"]):
        b, _ = _moving(targets)
        r = b.replay()
        assert verdict(r, b.last) == "illegal", targets
        assert set(rules_broken(r, b.last)) == {"UA-EFFECT-TARGETS"}, targets


# -- "特徴に「X」を持つキャラ" (UA-TRAIT-PHRASE) ---------------------------------------------------

TRAIT_PUT = (
    "[登場時]自分の場の特徴に「灯守」を持つ他のキャラを1枚まで選び、自分の山札の上から1枚を裏向きで"
    "そのキャラの下に置く。"
)


def test_UA_TRAIT_PHRASE_read_and_checked() -> None:
    (effect,) = read_card({"type": "character", "text": TRAIT_PUT}).effects
    assert effect["do"][0]["target"] == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "trait": "灯守",
        "other": True,
        "count": 1,
        "up_to": True,
    }
    assert (
        read_in_full(
            TRAIT_PUT.replace("特徴に「灯守」を持つ他のキャラ", "特徴に「灯守」を持つ[特徴:星]"),
            TRAIT_PUT.replace("「灯守」", "「灯守」「星」"),
        )
        == []
    )
    cards = [
        texted("T-TRAIT", TRAIT_PUT),
        free_character("T-KEEP", traits=["灯守"]),
        free_character("T-PLAIN"),
    ]
    for target, expected in (("T-KEEP", "legal"), ("T-PLAIN", "illegal")):
        b = seeded(*cards, deck=["T-KEEP"] * 3 + ["T-PLAIN"] * 3 + ["T-TRAIT"] * 3)
        other = in_hand(b, target)
        b.play("A", other, to="front_line")
        b.play("A", in_hand(b, "T-TRAIT"), to="front_line", targets=[other])
        r = b.replay()
        assert verdict(r, b.last) == expected, target
        if expected == "illegal":
            assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


# -- UA-EFFECT-UNDER-TO-OUTSIDE ------------------------------------------------------------------

MAY_OUT = "[登場時]自分の場のキャラの下の裏向きのカードを1枚場外に置いてもよい。そうした場合、カードを1枚引く。"


def test_UA_EFFECT_UNDER_TO_OUTSIDE_read_and_rendered() -> None:
    (effect,) = read_card({"type": "character", "text": MAY_OUT}).effects
    target = {"side": "own", "zone": "field", "type": "character", "count": 1, "face_down": True}
    assert effect == {
        "when": "on_play",
        "optional": True,
        "do": [
            {"op": "under_to_outside", "target": target},
            {"op": "draw", "n": 1, "if_done": True},
        ],
    }
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": MAY_OUT})
    assert shown["reading"] == [
        "On play: you may use this effect: choose 1 of your characters with a face-down card "
        "under it; put a face-down card from under it into your outside area; if you did, draw "
        "1 card."
    ]
    assert (
        read_in_full(
            MAY_OUT.replace("そうした場合、", ""),  # the draw does not depend on it
            MAY_OUT.replace("1枚場外", "2枚場外"),
        )
        == []
    )


def _out(use: bool, targets: list[str]) -> tuple[LogBuilder, dict[str, str], list[str | None]]:
    """Seeded, A's turn 1: a self-putting character and a plain one on A's field, then the
    may-outside card played and resolved (targets by role: "self", "plain")."""
    cards = [texted("T-SELF", SELF), free_character("T-010"), texted("T-OUT", MAY_OUT)]
    b = seeded(*cards, deck=["T-SELF"] * 3 + ["T-010"] * 3 + ["T-OUT"] * 3)
    ids = {"self": in_hand(b, "T-SELF"), "plain": in_hand(b, "T-010"), "out": in_hand(b, "T-OUT")}
    for iid in ids.values():
        b.play("A", iid, to="front_line")
    hidden = list(unit_of(b, ids["self"]).face_down)
    b.act("A", "resolve", source=ids["out"], use=use, targets=[ids[t] for t in targets])
    return b, ids, hidden


def test_UA_EFFECT_UNDER_TO_OUTSIDE_used_and_declined() -> None:
    b, ids, hidden = _out(True, ["self"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-UNDER-TO-OUTSIDE" in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == hidden  # public now
    assert unit_of(b, ids["self"]).face_down == []
    assert "draw" in event_types(r, b.last)
    b, ids, hidden = _out(False, [])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == [] and "draw" not in event_types(r, b.last)
    assert unit_of(b, ids["self"]).face_down == hidden


def test_UA_EFFECT_UNDER_TO_OUTSIDE_a_character_without_one_is_illegal() -> None:
    b, _, _ = _out(True, ["plain"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_UNDER_TO_OUTSIDE_observed_unknown_card_is_unverifiable() -> None:
    cards = [texted("T-SELF", SELF), texted("T-OUT", MAY_OUT)]
    b = board_at_turn_3(cards, ["T-SELF", "T-OUT"], [], phase="main")
    b.play("A", "A-1", to="front_line").play("A", "A-2", to="front_line")
    b.act("A", "resolve", source="A-2", use=True, targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert player_state(r, "A")["outside"] == [None]


ACT_OUT = (
    "[起動メイン][レストにする][ターン1]自分の場のキャラの下の裏向きのカードを1枚場外に置いてもよい。"
    "そうした場合、カードを1枚引き、自分の手札を1枚場外に置く。"
)


def test_UA_EFFECT_UNDER_TO_OUTSIDE_activated_is_a_choice_of_up_to_one() -> None:
    (effect,) = read_card({"type": "field", "text": ACT_OUT}).effects
    assert "optional" not in effect and effect["once_per_turn"] is True
    assert effect["do"][0]["target"]["up_to"] is True
    assert [op.get("if_done") for op in effect["do"]] == [None, True, True]
    cards = [texted("T-SELF", SELF), texted("T-ACT", ACT_OUT, type="field")]
    for chosen in (True, False):
        b = seeded(*cards, deck=["T-SELF"] * 4 + ["T-ACT"] * 4, need={"T-SELF": 2, "T-ACT": 1})
        me, act = in_hand(b, "T-SELF"), in_hand(b, "T-ACT")
        b.play("A", me, to="front_line").play("A", act, to="energy_line")
        hidden = list(unit_of(b, me).face_down)
        spare = in_hand(b, "T-SELF")
        skip_to_turn_3(b).proceed("A")  # the field entered rested: active on A's turn 3
        targets = [me, spare] if chosen else []
        b.act("A", "activate", card=act, ability=1, targets=targets)
        r = b.replay()
        assert verdict(r, b.last) == "legal", (chosen, rules_broken(r, b.last))
        outside = player_state(r, "A")["outside"]
        assert outside == ([*hidden, spare] if chosen else []), chosen
        assert ("draw" in event_types(r, b.last)) is chosen


# -- UA-EFFECT-IF-UNDER ----------------------------------------------------------------------------

BP_UNDER = "[自分のターン中]このキャラの下に裏向きのカードがある場合、このキャラはBP+1000。"


def test_UA_EFFECT_IF_UNDER_read_and_rendered() -> None:
    (effect,) = read_card({"type": "character", "text": BP_UNDER}).effects
    cond = {"zone": "face_down", "of": "self", "min": 1}
    assert effect == {
        "when": "continuous",
        "do": [{"op": "bp", "amount": 1000, "target": "self", "if": cond, "during": "own_turn"}],
    }
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": BP_UNDER})
    assert shown["reading"] == [
        "Continuous: during your turn, if this card has a face-down card under it, this card "
        "gets BP +1000."
    ]
    assert not read_card({"type": "field", "text": BP_UNDER}).understood
    assert read_in_full(BP_UNDER.replace("ある場合", "ない場合")) == []


def test_UA_EFFECT_IF_UNDER_bp_while_a_card_is_under_it() -> None:
    for text, bp in ((BP_UNDER + "\n" + SELF, 3000), (BP_UNDER, 2000)):
        b = seeded(texted("T-BP", text, bp=2000), deck=["T-BP"] * 50)
        me = a_state(b).hand[0]
        b.play("A", me, to="front_line")
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert field_unit(r, "A", me)["bp"] == bp, text
    # the opponent's turn: not raised
    b = seeded(texted("T-BP", BP_UNDER + "\n" + SELF, bp=2000), deck=["T-BP"] * 50)
    me = a_state(b).hand[0]
    b.play("A", me, to="front_line").proceed("A", 2)
    assert field_unit(b.replay(), "A", me)["bp"] == 2000


# -- UA-EFFECT-SELF-UNDER ------------------------------------------------------------------------

SELF_UNDER = (
    "[退場時]裏向きのカードが下にない自分の場の〈ミラ〉を1枚まで選び、このカードを裏向きで"
    "選んだキャラの下に置く。"
)


def test_UA_EFFECT_SELF_UNDER_read_and_rendered() -> None:
    (effect,) = read_card({"type": "character", "text": SELF_UNDER}).effects
    assert effect == {
        "when": "on_retire",
        "do": [
            {
                "op": "self_under",
                "target": {
                    "side": "own",
                    "zone": "field",
                    "name": "ミラ",
                    "type": "character",
                    "face_down": False,
                    "count": 1,
                    "up_to": True,
                },
            }
        ],
    }
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": SELF_UNDER})
    assert shown["reading"] == [
        "When this is retired: choose up to 1 of your characters named <ミラ> with no face-down "
        "card under it; put this card (from your outside area) face down under it."
    ]
    assert (
        read_in_full(
            SELF_UNDER.replace("[退場時]", "[登場時]"),  # only the retired card itself
            SELF_UNDER.replace("自分の場", "相手の場"),
            SELF_UNDER + "カードを1枚引く。",  # its last op only
        )
        == []
    )


def _self_under(target_role: str) -> tuple[LogBuilder, dict[str, str]]:
    """Observed, A's turn 3: 〈ミラ〉 (a plain one and one that puts a card under itself) and the
    self-under card played, then the retiring card retires the self-under card, which then
    resolves choosing ``target_role`` ("plain", "covered" or "" for none)."""
    cards = [
        free_character("T-MIRA", name="ミラ"),
        texted("T-COVER", SELF, name="ミラ"),
        texted("T-SU", SELF_UNDER),
        RETIRE,
    ]
    b = board_at_turn_3(cards, ["T-MIRA", "T-COVER", "T-SU", "T-GONE"], [], phase="main")
    ids = {"plain": "A-1", "covered": "A-2", "su": "A-3"}
    for iid in ids.values():
        b.play("A", iid, to="front_line")
    b.play("A", "A-4", to="energy_line", targets=[ids["su"]])
    chosen = [ids[target_role]] if target_role else []
    b.act("A", "resolve", source=ids["su"], targets=chosen)
    return b, ids


def test_UA_EFFECT_SELF_UNDER_the_retired_card_goes_under() -> None:
    b, ids = _self_under("plain")
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert unit_of(b, ids["plain"]).face_down == [ids["su"]]
    assert ids["su"] not in player_state(r, "A")["outside"]
    assert field_unit(r, "A", ids["plain"])["face_down"] == 1
    b, ids = _self_under("")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert ids["su"] in player_state(r, "A")["outside"]


def test_UA_EFFECT_SELF_UNDER_a_character_with_one_is_illegal() -> None:
    b, _ = _self_under("covered")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_MOVE_UNDER_listed_among_the_legal_actions() -> None:
    """The legal listing (`judge legal`) chooses by the face-down condition too."""
    cards = [texted("T-SELF", SELF), free_character("T-010"), texted("T-MOVE", MOVE)]
    b = seeded(*cards, deck=["T-SELF"] * 3 + ["T-010"] * 3 + ["T-MOVE"] * 3)
    ids = {
        "self": in_hand(b, "T-SELF"),
        "plain": in_hand(b, "T-010"),
        "mover": in_hand(b, "T-MOVE"),
    }
    for iid in ids.values():
        b.play("A", iid, to="front_line")
    listed = [a for a in position(b.doc).legal_actions() if a["do"] == "activate"]
    assert listed == [
        {
            "p": "A",
            "do": "activate",
            "card": ids["mover"],
            "ability": 1,
            "targets": [ids["self"], ids["plain"]],
        }
    ]


def test_UA_UNDER_a_code_naming_copies_with_and_without_one_is_ambiguous() -> None:
    """Two copies on the field, one with a face-down card under it: a reference by code could
    mean either, in different states, so the log must name the instance."""
    from pathlib import Path

    import pytest

    from judge.core.errors import BadLog
    from judge.core.position import position_log

    root = Path(__file__).resolve().parents[3]
    doc = json.loads((root / "examples" / "positions" / "ua-attack-block.json").read_text())
    b_zones = doc["start"]["players"]["B"]
    b_zones["front_line"].append({"card": "UAS-008", "face_down": ["UAS-001"]})
    b_zones["unseen"].remove("UAS-001")
    b_zones["deck"] = {"count": 19}
    log = position_log(doc)
    log["actions"] = [{"p": "B", "do": "block", "card": "UAS-008"}]
    with pytest.raises(BadLog, match="ambiguous card reference"):
        replay(log)
    b_zones["front_line"][-1]["face_down"] = []  # the same state: either one will do
    b_zones["unseen"].append("UAS-001")
    b_zones["deck"] = {"count": 20}
    log = position_log(doc)
    log["actions"] = [{"p": "B", "do": "block", "card": "UAS-008"}]
    assert replay(log)["steps"][-1]["verdict"] == "legal"
