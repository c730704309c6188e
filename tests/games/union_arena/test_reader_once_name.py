"""Union Arena: "〈X〉のこの効果は1ターンに1回のみ発動できる。" / "…発動する。" (once per turn for
this effect of the cards named X together, UA-EFFECT-ONCE-NAME), read from made-up printed text
and judged: copies share one use per turn, a new turn gives a new one, another effect of a card
named X is limited on its own; and the rule options of the GAP rules (whose uses limit whom, a
declined or unmet triggered one)."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    effects_of,
    free_character,
    player_state,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)
from judge.games.union_arena.testing import cards_drawn as draws

LIMIT = "〈ミラ〉のこの効果は1ターンに1回のみ発動できる。"
HAPPENS = "〈ミラ〉のこの効果は1ターンに1回のみ発動する。"
ACTIVATED = "[起動メイン]カードを1枚引く。" + LIMIT
ON_PLAY = "[登場時]カードを1枚引く。" + HAPPENS
DRAW = {"op": "draw", "n": 1}


def mira(code: str, text: str) -> dict[str, Any]:
    return texted(code, text, name="ミラ")


def scene(*texts: str, options: dict[str, Any] | None = None, **board: Any) -> Any:
    """A's cards named ミラ with ``texts`` (A-1, A-2, …), then the deck; A's turn-3 main phase."""
    cards = [mira(f"T-MIRA{i}", t) for i, t in enumerate(texts)] + [free_character("T-FOE")]
    deck = [f"T-MIRA{i}" for i in range(len(texts))]
    return board_at_turn_3(cards, deck, ["T-FOE"], phase="main", options=options, **board)


# -- reading -----------------------------------------------------------------------------------


def test_UA_EFFECT_ONCE_NAME_read_from_printed_text() -> None:
    (effect,) = effects_of(ACTIVATED, name="ミラ")
    assert effect == {"when": "activate_main", "once_name": "ミラ", "do": [DRAW]}
    (effect,) = effects_of(ON_PLAY, name="ミラ")
    assert effect == {"when": "on_play", "once_name": "ミラ", "do": [DRAW]}
    (effect,) = effects_of("[登場時]カードを1枚引く。" + LIMIT, name="ミラ")
    assert effect["once_name"] == "ミラ"
    # with a condition on its use before it, and a cost
    (effect,) = effects_of(
        "[起動メイン][レストにする]自分の場外にイベントカードが2枚以上ある場合のみ発動できる。"
        "カードを1枚引く。" + LIMIT,
        name="ミラ",
    )
    assert effect["only_if"] == {"side": "own", "zone": "outside", "card_type": "event", "min": 2}
    assert effect["once_name"] == "ミラ" and effect["cost"] == {"rest_self": True}
    words = reading_words(mira("T-M", ACTIVATED))
    assert "once per turn for this effect of all your cards named <ミラ>" in words


def test_UA_EFFECT_ONCE_NAME_other_forms_stay_unread() -> None:
    for text, name in (
        (ACTIVATED, "ルカ"),  # the limit names another card
        ("[起動メイン]カードを1枚引く。" + HAPPENS, "ミラ"),  # "happens": not an activated word
        ("[アタック時][ブロック時]カードを1枚引く。" + HAPPENS, "ミラ"),  # two timings, one limit
        ("[起動メイン]" + LIMIT, "ミラ"),  # nothing else to do
        ("[起動メイン]カードを1枚引く。〈ミラ〉のこの効果は1ターンに2回まで発動できる。", "ミラ"),
    ):
        assert not read_card(texted("T-READ", text, name=name)).understood, text
    assert not supported({"when": "on_play", "once_name": "", "do": [DRAW]})
    assert not supported({"when": "on_play", "once_name": 3, "do": [DRAW]})
    assert supported({"when": "on_play", "once_name": "ミラ", "do": [DRAW]})


# -- activated ---------------------------------------------------------------------------------


def test_UA_EFFECT_ONCE_NAME_copies_share_one_activation_per_turn() -> None:
    b = scene(ACTIVATED, ACTIVATED, a_front=("A-1", "A-2"))
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONCE-NAME" in rules_applied(r, b.last)
    assert draws(r, b.last) == 1
    b.act("A", "activate", card="A-2", ability=1)  # another copy, the same turn
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONCE-NAME"]
    b = scene(ACTIVATED, ACTIVATED, a_front=("A-1", "A-2"))
    b.act("A", "activate", card="A-1", ability=1).act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONCE-NAME"]  # the same card again


def test_UA_EFFECT_ONCE_NAME_a_new_turn_gives_a_new_use() -> None:
    b = scene(ACTIVATED, a_front=("A-1",))
    b.act("A", "activate", card="A-1", ability=1)
    assert position(b.log()).snapshot()["players"]["A"]["names_used"]
    b.proceed("A", 2).pass_turn("B")
    b.act("B", "discard_to_limit", cards=["B-1"]).proceed("A")  # A's turn 5, main phase
    assert "names_used" not in position(b.log()).snapshot()["players"]["A"]
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1


def test_UA_EFFECT_ONCE_NAME_another_effect_of_the_name_has_its_own_limit() -> None:
    other = "[起動メイン]自分のAPカードを1枚アクティブにする。" + LIMIT
    b = scene(ACTIVATED, other, a_front=("A-1", "A-2"))
    b.act("A", "activate", card="A-1", ability=1).act("A", "activate", card="A-2", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"


def test_UA_EFFECT_ONCE_NAME_an_illegal_activation_does_not_spend_it() -> None:
    only = (
        "[起動メイン]自分の場外にイベントカードが2枚以上ある場合のみ発動できる。カードを1枚引く。"
    )
    b = scene(only + LIMIT, only + LIMIT, a_front=("A-1", "A-2"))
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]
    assert "names_used" not in position(b.log()).snapshot()["players"]["A"]


# -- triggered ---------------------------------------------------------------------------------


def test_UA_EFFECT_ONCE_NAME_a_triggered_one_beyond_the_limit_does_not_happen() -> None:
    b = scene(ON_PLAY, ON_PLAY)
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1
    b.play("A", "A-2", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 0
    assert "UA-EFFECT-ONCE-NAME" in rules_applied(r, b.last)


UNMET = "[登場時]自分の場外にイベントカードが2枚以上ある場合、カードを1枚引く。" + HAPPENS


def test_UA_EFFECT_ONCE_NAME_UNMET_counts_by_default_and_not_under_the_option() -> None:
    (effect,) = effects_of(UNMET, name="ミラ")
    assert effect["do"][0]["if"]["zone"] == "outside"
    for option in ("used", "not_used"):
        b = scene(UNMET, ON_PLAY, options={"once_name_unmet": option})
        b.play("A", "A-1", to="front_line")
        r = b.replay()
        assert draws(r, b.last) == 0
        assert "UA-EFFECT-ONCE-NAME-UNMET" in rules_applied(r, b.last)
        # another effect (ON_PLAY) is limited on its own: it draws whatever the option
        b.play("A", "A-2", to="front_line")
        assert draws(b.replay(), b.last) == 1
    counted = {}
    for option in ("used", "not_used"):
        b = scene(UNMET, UNMET, options={"once_name_unmet": option})
        b.play("A", "A-1", to="front_line").play("A", "A-2", to="front_line")
        r = b.replay()
        counted[option] = "UA-EFFECT-ONCE-NAME-UNMET" in rules_applied(r, b.last)
    # the second copy: no longer triggered after a counted use, read (unmet) again otherwise
    assert counted == {"used": False, "not_used": True}


MAY = "[登場時]カードを1枚まで引く。" + HAPPENS


def test_UA_EFFECT_ONCE_NAME_DECLINED_not_counted_by_default() -> None:
    (effect,) = effects_of(MAY, name="ミラ")
    assert effect["optional"] is True
    for option, second in (("not_used", 1), ("used", 0)):
        b = scene(MAY, MAY, options={"once_name_declined": option})
        b.play("A", "A-1", to="front_line").act("A", "resolve", source="A-1", use=False)
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert "UA-EFFECT-ONCE-NAME-DECLINED" in rules_applied(r, b.last)
        b.play("A", "A-2", to="front_line")
        if second:  # not spent: the second copy's triggers, and is used
            b.act("A", "resolve", source="A-2", use=True)
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert draws(r, b.last) == second


def test_UA_EFFECT_ONCE_NAME_PLAYERS_each_player_by_default() -> None:
    """A's ミラ leaves the field and its retire effect draws; then A retires B's ミラ, whose
    copy of the effect happens only when each player's uses limit only their own cards."""
    mira_text = (
        "[起動メイン][このカードを退場させる]カードを1枚引く。\n[退場時]カードを1枚引く。" + HAPPENS
    )
    axe = "[起動メイン][このカードを退場させる]相手のフロントLのキャラを1枚選び、退場させる。"
    for option, b_draws in (("each", 1), ("both", 0)):
        b = board_at_turn_3(
            [mira("T-MIRA", mira_text), texted("T-AXE", axe)],
            ["T-MIRA", "T-AXE"],
            ["T-MIRA"],
            a_front=("A-1", "A-2"),
            b_front=("B-1",),
            phase="main",
            options={"once_name_players": option},
        )
        b.act("A", "activate", card="A-1", ability=1)
        b.act("A", "resolve", source="A-1")  # then the other waiting one resolves by itself
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert draws(r, b.last) == 2  # the activated effect and the retire effect
        before = len(player_state(r, "B")["hand"])
        b.act("A", "activate", card="A-2", ability=1, targets=["B-1"])
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert len(player_state(r, "B")["hand"]) - before == b_draws, option
