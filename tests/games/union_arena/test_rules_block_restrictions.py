"""Union Arena: printed abilities that restrict blocking, from the card text templates of the
official card list: "このキャラはBP N以下/以上のキャラにブロックされない" (cannot be blocked by
characters with BP N or less / or more; UA-EFFECT-UNBLOCKABLE-BP) and "相手はこのキャラのアタック
を可能ならブロックしなければならない" (the opponent must block this character's attack if able;
UA-EFFECT-MUST-BLOCK).  The cards are original, written in those templates."""

from __future__ import annotations

from judge.core.replay import position
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    free_character,
    rules_applied,
    rules_broken,
    verdict,
)

LESS = "unblockable by bp 2000 or less"
MORE = "unblockable by bp 3500 or more"


def scene(keywords: list[str], *walls: int, **kw: object) -> object:
    """A's attacker (BP 3000, ``keywords``) against B's front line of characters with the
    BPs ``walls`` (B-1, B-2, …), all active, in A's turn-3 attack phase."""
    cards = [free_character("T-ATK", bp=3000, keywords=keywords)]
    cards += [free_character(f"T-W{bp}", bp=bp) for bp in sorted(set(walls))]
    return board_at_turn_3(
        cards,
        ["T-ATK"],
        [f"T-W{bp}" for bp in walls],
        a_front=("A-1",),
        b_front=tuple(f"B-{i + 1}" for i in range(len(walls))),
        **kw,
    )


# -- UA-EFFECT-UNBLOCKABLE-BP ----------------------------------------------------------------


def test_UA_EFFECT_UNBLOCKABLE_BP_or_less_includes_exactly_n() -> None:
    # "BP2000以下": a character with BP 2000 is "2000 or less", so it cannot block
    b = scene([LESS], 2000, 2500)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-UNBLOCKABLE-BP"]


def test_UA_EFFECT_UNBLOCKABLE_BP_a_character_above_the_range_may_block() -> None:
    b = scene([LESS], 2000, 2500)
    b.attack("A", "A-1").block("B", "B-2")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-BATTLE-BP" in rules_applied(r, b.last)


def test_UA_EFFECT_UNBLOCKABLE_BP_or_more_includes_exactly_n() -> None:
    # "BP3500以上": 3500 and more cannot block; 3000 can
    b = scene([MORE], 3500, 3000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-UNBLOCKABLE-BP"]
    b2 = scene([MORE], 3500, 3000)
    b2.attack("A", "A-1").block("B", "B-2")
    assert verdict(b2.replay(), b2.last) == "legal"


def test_UA_EFFECT_UNBLOCKABLE_BP_not_blocking_stays_legal() -> None:
    b = scene([LESS], 2000)
    b.attack("A", "A-1").block("B")
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_UNBLOCKABLE_BP_reads_bp_with_effects_in_force() -> None:
    # B-1 is printed BP 2500 (may block), lowered by 1000 this turn to 1500: it may not
    lower = {
        "when": "on_attack",
        "do": [
            {
                "op": "bp",
                "amount": -1000,
                "until": "turn",
                "target": {"side": "opponent", "zone": "front_line", "count": 1},
            }
        ],
    }
    cards = [
        free_character("T-ATK", bp=3000, keywords=[LESS], effects=[lower]),
        free_character("T-W2500", bp=2500),
    ]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-W2500"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1").act("A", "resolve", source="A-1", targets=["B-1"]).block("B", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-UNBLOCKABLE-BP"]


def test_UA_EFFECT_UNBLOCKABLE_BP_legal_block_decisions_leave_out_the_ruled_out() -> None:
    b = scene([LESS], 2000, 2500)
    b.attack("A", "A-1")
    engine = position(b.log())
    assert engine.awaiting() == ("B", ("block",))
    assert [a["card"] for a in engine.legal_actions()] == [None, "B-2"]


def test_UA_EFFECT_UNBLOCKABLE_BP_given_for_the_turn_by_printed_text() -> None:
    # "[登場時]自分の場のキャラを1枚まで選び、このターン中、「このキャラはBP2000以下のキャラに
    # ブロックされない。」を与える。" played in A's turn-3 main phase on A-1
    text = (
        "[登場時]自分の場のキャラを1枚まで選び、このターン中、"
        "「このキャラはBP2000以下のキャラにブロックされない。」を与える。"
    )
    cards = [
        free_character("T-ATK", bp=3000),
        {**free_character("T-GIVER", bp=1000), "text": text},
        free_character("T-W2000", bp=2000),
    ]
    b = board_at_turn_3(
        cards, ["T-ATK", "T-GIVER"], ["T-W2000"], a_front=("A-1",), b_front=("B-1",), phase="main"
    )
    b.play("A", "A-2", to="front_line").act("A", "resolve", source="A-2", targets=["A-1"])
    b.proceed("A")  # to the attack phase
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-UNBLOCKABLE-BP"]


def test_UA_EFFECT_UNBLOCKABLE_BP_read_from_printed_text() -> None:
    r = read_card(
        {"type": "character", "text": "このキャラはBP3500以上のキャラにブロックされない。"}
    )
    assert r.understood and r.keywords == (MORE,)
    r = read_card(
        {
            "type": "character",
            "text": "[登場時]自分の場のキャラを1枚まで選び、このターン中、"
            "「このキャラはBP2000以下のキャラにブロックされない。」を与える。",
        }
    )
    assert r.understood
    (op,) = r.effects[0]["do"]
    assert op["op"] == "grant" and op["keyword"] == LESS and op["until"] == "turn"
    assert op["target"]["count"] == 1 and op["target"]["up_to"] is True


# -- UA-EFFECT-MUST-BLOCK --------------------------------------------------------------------


def test_UA_EFFECT_MUST_BLOCK_not_blocking_when_able_is_illegal() -> None:
    b = scene(["must be blocked"], 1000)
    b.attack("A", "A-1").block("B")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-MUST-BLOCK"]


def test_UA_EFFECT_MUST_BLOCK_the_blocked_player_chooses_the_blocker() -> None:
    for blocker in ("B-1", "B-2"):
        b = scene(["must be blocked"], 1000, 5000)
        b.attack("A", "A-1").block("B", blocker)
        assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_MUST_BLOCK_no_obligation_without_an_active_front_line_character() -> None:
    b = scene(["must be blocked"])  # B's front line is empty
    b.attack("A", "A-1").block("B")
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_MUST_BLOCK_no_obligation_when_a_restriction_rules_every_blocker_out() -> None:
    # "if able": B's only character has BP 2000, which may not block a "BP2000以下" attacker
    b = scene(["must be blocked", LESS], 2000)
    b.attack("A", "A-1").block("B")
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_MUST_BLOCK_only_blocks_are_legal_decisions() -> None:
    b = scene(["must be blocked"], 1000)
    b.attack("A", "A-1")
    engine = position(b.log())
    assert [a["card"] for a in engine.legal_actions()] == ["B-1"]


def test_UA_EFFECT_MUST_BLOCK_read_from_printed_text_with_a_keyword() -> None:
    text = (
        "[登場時]このキャラはこのターン中、「相手はこのキャラのアタックを可能ならブロックしなければ"
        "ならない。」と[インパクト（1）]（アタックしてバトルに勝利した時、相手プレイヤーに1ダメージ）"
        "を得る。"
    )
    r = read_card({"type": "character", "text": text})
    assert r.understood
    ops = r.effects[0]["do"]
    assert [(o["op"], o["keyword"], o["target"]) for o in ops] == [
        ("grant", "must be blocked", "self"),
        ("grant", "impact 1", "self"),
    ]
