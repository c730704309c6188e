"""Union Arena: the targets a play records are checked against the game as it will be when
its when-played effect resolves (UA-EFFECT-TARGETS), not as it was before the card entered:
the card is on the field then (a choice of one's own field may name it, and the BP other
cards' continuous effects give while it is there count), and a BP an earlier op of the same
effect changed is the BP a later "BPN以下" choice reads.  Made-up cards."""

from __future__ import annotations

from judge.core.testing import player_state
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_unit,
    free_character,
    rules_broken,
    texted,
    verdict,
)


def test_UA_EFFECT_TARGETS_a_when_played_choice_of_ones_own_field_may_name_the_card_itself() -> (
    None
):
    """ "自分の場のキャラを1枚選び" names a character on your field when the effect resolves,
    and the card just played is one (it was ruled illegal: "not a card in A's field")."""
    text = "[登場時]自分の場のキャラを1枚選び、このターン中、BP+1000。"
    cards = [texted("T-SELF", text, bp=2000)]
    b = board_at_turn_3(cards, ["T-SELF"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["bp"] == 3000


def test_UA_EFFECT_TARGETS_other_still_leaves_out_the_card_itself() -> None:
    text = "[登場時]自分の場の他のキャラを1枚選び、このターン中、BP+1000。"
    cards = [texted("T-OTHER", text, bp=2000)]
    b = board_at_turn_3(cards, ["T-OTHER"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_TARGETS_a_bp_bound_reads_the_bp_an_earlier_op_of_the_effect_left() -> None:
    """ "…を1枚選び、このターン中、BP-1000。BP2000以下の…を1枚選び、退場させる": a 3000 BP
    character chosen by both is at 2000 when the second choice is made (it was ruled illegal:
    "has BP 3000, more than 2000"); a 3500 one is at 2500, more than 2000."""
    text = (
        "[登場時]相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"
        "BP2000以下の相手のフロントLのキャラを1枚選び、退場させる。"
    )
    for bp, expected in ((3000, "legal"), (3500, "illegal")):
        cards = [texted("T-TWO", text), free_character("T-B", bp=bp)]
        b = board_at_turn_3(cards, ["T-TWO"], ["T-B"], b_front=("B-1",), phase="main")
        b.play("A", "A-1", to="front_line", targets=["B-1", "B-1"])
        r = b.replay()
        assert verdict(r, b.last) == expected, bp
        if expected == "legal":
            assert "B-1" in player_state(r, "B")["outside"]
        else:
            assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_TARGETS_a_bp_bound_counts_what_the_card_played_gives_others() -> None:
    """Another character's "自分の場に〈X〉がある場合、このキャラはBP+1000" is in force once X,
    the card played, is on the field: its BP then is 3500, more than the 3000 X's own
    when-played choice allows (it was read as 2500 and ruled legal)."""
    ally = texted("T-ALLY", "自分の場に〈灯守イロ〉がある場合、このキャラはBP+1000。", bp=2500)
    x = texted(
        "T-IRO",
        "[登場時]BP3000以下の自分の場の他のキャラを1枚選び、このターン中、BP+500。",
        name="灯守イロ",
    )
    b = board_at_turn_3([ally, x], ["T-ALLY", "T-IRO"], [], a_front=("A-1",), phase="main")
    b.play("A", "A-2", to="front_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
