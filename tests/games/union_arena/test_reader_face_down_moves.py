"""Union Arena: what moves face-down cards under a character and reads them, on made-up cards
(the cards themselves, UA-UNDER, and putting one under a character: test_reader_face_down.py):
"…裏向きのカードがない場合、…自分の場のキャラ1枚の下に置いてもよい" (UA-EFFECT-PUT-UNDER), a card
moved from under one character to under another (UA-EFFECT-MOVE-UNDER), one put into the outside
area (UA-EFFECT-UNDER-TO-OUTSIDE), a retired card put under a character (UA-EFFECT-SELF-UNDER),
the conditions on them (UA-EFFECT-IF-UNDER), "特徴に「X」を持つキャラ" (UA-TRAIT-PHRASE), the legal
listing and references by code."""

from __future__ import annotations

import json
from typing import Any

from judge.core.replay import position, replay
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    event_types,
    field_unit,
    free_character,
    hand_card,
    player_state,
    read_in_full,
    rules_applied,
    rules_broken,
    seeded_turn_one,
    skip_to_turn_3,
    texted,
    unit_now,
    verdict,
)

SELF = "[登場時]自分の山札の上から1枚を裏向きでこのキャラの下に置く。"
#: a made-up card that retires one of its controller's characters when played
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


in_hand, unit_of = hand_card, unit_now


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
        me = in_hand(b, "T-BP")
        b.play("A", me, to="front_line")
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert field_unit(r, "A", me)["bp"] == bp, text
    # the opponent's turn: not raised
    b = seeded(texted("T-BP", BP_UNDER + "\n" + SELF, bp=2000), deck=["T-BP"] * 50)
    me = in_hand(b, "T-BP")
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
