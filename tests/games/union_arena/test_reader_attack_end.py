"""Union Arena: a card given, this turn, "「アタックフェイズ終了時、このキャラを退場させる。」" beside
BP and keywords (attack_end.py, UA-EFFECT-ATTACK-END-RETIRE).  Made-up cards read from printed
text, judged through the engine."""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    field_ids,
    field_unit,
    free_character,
    one_ability,
    player_state,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    unit_now,
    verdict,
)

QUOTED = "「アタックフェイズ終了時、このキャラを退場させる。」"
SELF = f"[起動メイン][ターン1]このキャラはこのターン中、{QUOTED}とBP+2000と[インパクト(1)]を得る。"
GIVE = f"自分の場のキャラを1枚選び、このターン中、{QUOTED}とBP+3000と[インパクト(1)]と[ダメージ(2)]を与える。"
RETIRE_DRAW = "[退場時]カードを1枚引く。"


def event(text: str = GIVE) -> dict[str, Any]:
    d = texted("T-EVT", text, name="灯の祈り", type="event")
    d.pop("bp", None)
    d.pop("generates", None)
    return d


def self_scene(extra: list[dict[str, Any]] | None = None) -> LogBuilder:
    """A's 〈ミラ〉 (A-1, ``SELF``) on A's front line from turn 1; A's turn-3 main phase."""
    cards = [texted("T-MIRA", SELF, name="ミラ", bp=3000), *(extra or [])]
    deck = ["T-MIRA"] + [c["code"] for c in extra or []]
    return board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")


# -- reading -----------------------------------------------------------------------------------


def test_UA_EFFECT_ATTACK_END_RETIRE_read_on_self_and_on_a_chosen_own_character() -> None:
    effect = one_ability(SELF)
    assert effect["do"] == [
        {"op": "bp", "amount": 2000, "until": "turn", "target": "self"},
        {"op": "grant", "keyword": "impact 1", "until": "turn", "target": "self"},
        {"op": "retire", "target": "self", "at": "attack_phase_end"},
    ]
    reading = read_card(event())
    assert reading.understood, reading.unread
    (given,) = reading.effects
    assert given["do"][-1] == {"op": "retire", "target": "chosen", "at": "attack_phase_end"}
    assert "At the end of the attack phase, retire this card" in reading_words(event())


def test_UA_EFFECT_ATTACK_END_RETIRE_other_shapes_left_unread() -> None:
    # the opponent's character, the hand instead of retiring, nothing else given
    for text in (
        GIVE.replace("自分の場", "相手の場"),
        GIVE.replace("退場させる", "手札に戻す"),
        SELF.replace("アタックフェイズ終了時", "ターン終了時"),
    ):
        assert not read_card(event(text)).understood, text
    assert not read_card(texted("T-X", SELF.replace("を得る", "を与える"))).understood


# -- the engine --------------------------------------------------------------------------------


def test_UA_EFFECT_ATTACK_END_RETIRE_retires_when_the_attack_phase_ends() -> None:
    b = self_scene()
    b.act("A", "activate", card="A-1", ability=1).proceed("A")  # to the attack phase
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1") is not None  # not at the main phase's end
    b.proceed("A")  # the attack phase ends
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1") is None
    assert "A-1" in player_state(r, "A")["outside"]


def test_UA_EFFECT_ATTACK_END_RETIRE_given_by_an_event_to_the_chosen_card() -> None:
    cards = [free_character("T-MIRA", name="ミラ"), free_character("T-RIO", name="リオ"), event()]
    b = board_at_turn_3(
        cards, ["T-MIRA", "T-RIO", "T-EVT"], [], a_front=("A-1", "A-2"), phase="main"
    )
    b.play("A", "A-3", targets=["A-2"]).proceed("A", 2)
    r = b.replay()
    assert rules_broken(r, b.last) == []
    assert field_ids(r, "A", "front_line") == ["A-1"]  # only the chosen one retired
    assert "A-2" in player_state(r, "A")["outside"]


def test_UA_EFFECT_ATTACK_END_RETIRE_a_card_that_left_and_came_back_stays() -> None:
    """Returned to the hand and played again in the main phase: a new card, not retired."""
    bounce = free_character(
        "T-BACK",
        name="リオ",
        effects=[
            {
                "when": "on_play",
                "do": [{"op": "to_hand", "target": {"side": "own", "zone": "field", "count": 1}}],
            }
        ],
    )
    b = self_scene([bounce])
    b.act("A", "activate", card="A-1", ability=1)
    b.play("A", "A-2", to="front_line", targets=["A-1"]).play("A", "A-1", to="front_line")
    r = b.proceed("A", 2).replay()
    assert rules_broken(r, b.last) == []
    assert field_unit(r, "A", "A-1") is not None
    assert "UA-EFFECT-ATTACK-END-RETIRE" not in str(r["steps"][b.last])


def test_UA_EFFECT_ATTACK_END_RETIRE_ordered_with_the_turn_players_other_triggers() -> None:
    """It waits with the other attack-phase-end effects: the turn player orders theirs."""
    drawer = texted("T-DRAW", "自分のアタックフェイズ終了時、カードを1枚引く。", name="リオ")
    for order in (["A-1", "A-2"], ["A-2", "A-1"]):
        b = self_scene([drawer])
        b.play("A", "A-2", to="front_line").act("A", "activate", card="A-1", ability=1)
        b.proceed("A", 2)
        r = b.replay()
        assert len(r["steps"][b.last]["pending"]) == 2  # both wait for A's order
        assert field_unit(r, "A", "A-1") is not None
        r = b.act("A", "resolve", source=order[0], order=order).replay()
        assert rules_broken(r, b.last) == []
        assert field_unit(r, "A", "A-1") is None
        kinds = [e["type"] for e in r["steps"][b.last]["events"]]
        retired_first = kinds.index("leave_field") < kinds.index("draw")
        assert retired_first == (order[0] == "A-1")


def test_UA_EFFECT_ATTACK_END_RETIRE_nothing_when_the_card_left_before_it_resolves() -> None:
    """Another attack-phase-end effect, ordered first, returns the card to the hand: the given
    ability names that card on the field only, so nothing retires."""
    back = {
        "when": "attack_phase_end",
        "do": [{"op": "to_hand", "target": {"side": "own", "zone": "field", "count": 1}}],
    }
    bouncer = free_character("T-BACK", name="リオ", effects=[back])
    b = self_scene([bouncer])
    b.play("A", "A-2", to="front_line").act("A", "activate", card="A-1", ability=1)
    b.proceed("A", 2).act("A", "resolve", source="A-2", order=["A-2", "A-1"], targets=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == []
    assert "A-1" in player_state(r, "A")["hand"]
    assert "A-1" not in player_state(r, "A")["outside"]
    assert any("no longer on the field" in t for t in ruling_texts(r, b.last))


def test_UA_EFFECT_ATTACK_END_RETIRE_a_raid_onto_the_card_drops_it() -> None:
    """A raid drops the effects the base received (UA-RAID-PROCEDURE step 2)."""
    raider = free_character("T-RAID", name="ソラ", raid={"onto": {"name": "ミラ"}})
    b = self_scene([raider])
    b.act("A", "activate", card="A-1", ability=1).act("A", "raid", card="A-2", onto="A-1")
    r = b.replay()
    assert "UA-EFFECT-ATTACK-END-RETIRE" in rules_applied(r, b.last)
    r = b.proceed("A", 2).replay()
    assert rules_broken(r, b.last) == []
    assert field_ids(r, "A", "front_line") == ["A-2"]


def test_UA_EFFECT_ATTACK_END_RETIRE_the_mark_lasts_until_it_triggers() -> None:
    b = self_scene()
    b.act("A", "activate", card="A-1", ability=1)
    assert unit_now(b, "A-1").retire_at_attack_end is True
    b.proceed("A")  # the attack phase: it waits for its end
    assert unit_now(b, "A-1").retire_at_attack_end is True
    from judge.core.replay import position

    b.proceed("A")
    state = position(b.doc).state
    assert state.find_unit("A-1") is None
    assert not any(u.retire_at_attack_end for ps in state.players.values() for u in ps.units())


def test_UA_EFFECT_ATTACK_END_RETIRE_moved_between_lines_is_the_same_card() -> None:
    """Moved to the energy line after it was given the ability: still on the field, the same
    card, so it retires (and its when-retired ability triggers)."""
    mover = texted(
        "T-MOVE", "[起動メイン]自分の場のキャラを1枚選び、別のラインに移動させる。", name="リオ"
    )
    cards = [texted("T-MIRA", SELF + "\n" + RETIRE_DRAW, name="ミラ", bp=3000), mover]
    assert read_card(cards[0]).understood and read_card(mover).understood
    b = board_at_turn_3(cards, ["T-MIRA", "T-MOVE"], [], a_front=("A-1", "A-2"), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    b.act("A", "activate", card="A-2", ability=1, targets=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == []
    assert field_ids(r, "A", "energy_line") == ["A-1"]
    r = b.proceed("A", 2).replay()
    assert rules_broken(r, b.last) == []
    assert "A-1" in player_state(r, "A")["outside"]
    drawn = [e for e in r["steps"][b.last]["events"] if e["type"] == "draw"]
    assert any("A-1's effect" in e["text"] for e in drawn)
