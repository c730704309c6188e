"""Union Arena: a triggered ability's requirement on where its card is, "[登場時][フロントLにある
場合]…" (UA-TRIGGER-WHERE, GAP, rule option ``trigger_where``), and "相手はカードを1枚引く。"
(UA-EFFECT-OPPONENT-DRAW), on made-up cards: read from the printed text, carried out, and
rendered in English."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.core.timing import PendingEffect
from judge.games.union_arena import trigger_where
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    cards_drawn,
    effects_of,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

FRONT_DRAW = "[登場時][フロントLにある場合]カードを1枚引く。"
ENERGY_DRAW = "[登場時][エナジーLにある場合]カードを1枚引く。"
FRONT_RETIRE = (
    "[登場時][フロントLにある場合]BP3000以下の相手のフロントLのキャラを1枚まで選び、退場させる。"
)
RETIRED_DRAW = "[退場時]相手はカードを1枚引く。"


def only_effect(text: str) -> dict[str, Any]:
    (effect,) = effects_of(text)
    return effect


def shown(text: str) -> str:
    out = render_card(texted("T-SHW", text))
    assert out["understood"]
    return " ".join(out["reading"])


# -- reading ------------------------------------------------------------------------------------


def test_UA_TRIGGER_WHERE_read_from_printed_text() -> None:
    """UA-TRIGGER-WHERE: "[登場時][フロントLにある場合]…" (when played; if in the front line;
    "[エナジーLにある場合]": the energy line)."""
    assert only_effect(FRONT_DRAW) == {
        "when": "on_play",
        "where": "front_line",
        "do": [{"op": "draw", "n": 1}],
    }
    assert only_effect(ENERGY_DRAW)["where"] == "energy_line"
    assert only_effect(FRONT_RETIRE)["do"][0]["op"] == "retire"
    for text in (
        "[アタック時][フロントLにある場合]カードを1枚引く。",  # on other timings: not read
        "[退場時][フロントLにある場合]カードを1枚引く。",
        "[登場時][フロントLにある場合][ターン1]カードを1枚引く。",
        "[登場時][フロントLにある場合][エナジーLにある場合]カードを1枚引く。",
        "[登場時][レイドLにある場合]カードを1枚引く。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text


def test_UA_TRIGGER_WHERE_supported_only_on_play_and_a_line() -> None:
    draw = [{"op": "draw", "n": 1}]
    assert supported({"when": "on_play", "where": "front_line", "do": draw})
    assert supported({"when": "on_play", "where": "energy_line", "do": draw})
    assert not supported({"when": "on_play", "where": "hand", "do": draw})
    assert not supported({"when": "on_attack", "where": "front_line", "do": draw})


def test_UA_TRIGGER_WHERE_rendered() -> None:
    assert shown(FRONT_DRAW) == "On play (only if this card is in the front line): draw 1 card."
    assert shown(ENERGY_DRAW).startswith("On play (only if this card is in the energy line)")


# -- the engine ---------------------------------------------------------------------------------


def _played(text: str, line: str, targets: list[Any] | None = None, **kw: Any) -> Any:
    cards = [texted("T-WHR", text), free_character("T-FOE", bp=3000)]
    b = board_at_turn_3(cards, ["T-WHR"], ["T-FOE"], b_front=("B-1",), phase="main", **kw)
    fields: dict[str, Any] = {"to": line}
    if targets is not None:
        fields["targets"] = targets
    b.play("A", "A-1", **fields)
    return b, b.replay()


def test_UA_TRIGGER_WHERE_in_the_line_it_resolves() -> None:
    """UA-TRIGGER-WHERE: "the ability does something only when the card is in the line the tag
    names": played into the front line, it draws."""
    b, r = _played(FRONT_DRAW, "front_line")
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-TRIGGER-WHERE" in rules_applied(r, b.last)
    assert cards_drawn(r, b.last) == 1
    b, r = _played(ENERGY_DRAW, "energy_line")
    assert verdict(r, b.last) == "legal"
    assert cards_drawn(r, b.last) == 1


def test_UA_TRIGGER_WHERE_elsewhere_the_play_is_legal_and_does_nothing() -> None:
    """UA-TRIGGER-WHERE: "the card may be played into either line, and nothing about the play
    is illegal; … otherwise does nothing"."""
    b, r = _played(FRONT_DRAW, "energy_line")
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-TRIGGER-WHERE" in rules_applied(r, b.last)
    assert cards_drawn(r, b.last) == 0
    b, r = _played(ENERGY_DRAW, "front_line")
    assert verdict(r, b.last) == "legal"
    assert cards_drawn(r, b.last) == 0


def test_UA_TRIGGER_WHERE_elsewhere_no_choice_is_made() -> None:
    """UA-TRIGGER-WHERE: "no choice is made, the log records no targets for it": in the front
    line the choice retires the opposing character; from the energy line a record naming it
    is wrong, and without one nothing happens."""
    b, r = _played(FRONT_RETIRE, "front_line", targets=["B-1"])
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert player_state(r, "B")["outside"] == ["B-1"]
    b, r = _played(FRONT_RETIRE, "energy_line", targets=["B-1"])
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b, r = _played(FRONT_RETIRE, "energy_line", targets=[])
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert player_state(r, "B")["outside"] == []


def test_UA_TRIGGER_WHERE_option_trigger_reads_the_line_it_triggered_in() -> None:
    """UA-TRIGGER-WHERE: "The rule option trigger_where ("trigger") reads it when the ability
    triggered … The two differ only when an effect that resolves in between moves the card":
    a card now in the energy line that triggered in the front line."""
    b, _r = _played(FRONT_DRAW, "energy_line")
    eng = position(b.doc)
    effect = only_effect(FRONT_DRAW)
    pe = PendingEffect(99, "A", "A-1", effect, 0, "on_play", {"line_at_trigger": "front_line"})
    assert not trigger_where.applies(eng, pe)  # default "resolve": where it is now
    eng.options["trigger_where"] = "trigger"
    assert trigger_where.applies(eng, pe)
    pe.context["line_at_trigger"] = "energy_line"
    assert not trigger_where.applies(eng, pe)
    # the option in a log: the play into the front line draws either way
    b, r = _played(FRONT_DRAW, "front_line", options={"trigger_where": "trigger"})
    assert verdict(r, b.last) == "legal" and cards_drawn(r, b.last) == 1
    b, r = _played(FRONT_DRAW, "energy_line", options={"trigger_where": "trigger"})
    assert verdict(r, b.last) == "legal" and cards_drawn(r, b.last) == 0


# -- the opponent draws -------------------------------------------------------------------------


def test_UA_EFFECT_OPPONENT_DRAW_read_and_rendered() -> None:
    """UA-EFFECT-OPPONENT-DRAW: "相手はカードを1枚引く" (the opponent draws 1 card)."""
    assert only_effect(RETIRED_DRAW) == {
        "when": "on_retire",
        "do": [{"op": "opponent_draw", "n": 1}],
    }
    assert only_effect("[登場時]相手はカードを2枚引く。")["do"] == [{"op": "opponent_draw", "n": 2}]
    for text in (
        "[退場時]相手はカードを1枚まで引く。",
        "[退場時]相手はカードを0枚引く。",
        "[退場時]相手は自身の山札からカードを1枚引く。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text
    assert shown(RETIRED_DRAW) == "When this is retired: your opponent draws 1 card."
    assert not supported({"when": "on_play", "do": [{"op": "opponent_draw", "n": 0}]})
    assert not supported({"when": "on_play", "do": [{"op": "opponent_draw", "n": 1, "up_to": 1}]})


def test_UA_EFFECT_OPPONENT_DRAW_the_opponent_draws_from_their_deck() -> None:
    """UA-EFFECT-OPPONENT-DRAW: "the opponent of the effect's player draws that many cards from
    the top of their own deck into their own hand; nobody chooses anything": A's card retired
    (by A's own effect) makes B draw, not A."""
    killer = free_character(
        "T-KIL",
        effects=[
            {
                "when": "on_play",
                "do": [{"op": "retire", "target": {"side": "own", "zone": "field", "count": 1}}],
            }
        ],
    )
    cards = [texted("T-GIV", RETIRED_DRAW), killer]
    b = board_at_turn_3(cards, ["T-GIV", "T-KIL"], [], a_front=("A-1",), phase="main")
    before = {p: player_state(b.replay(), p) for p in ("A", "B")}
    b.play("A", "A-2", to="front_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-OPPONENT-DRAW" in rules_applied(r, b.last)
    after = {p: player_state(r, p) for p in ("A", "B")}
    assert after["A"]["outside"] == ["A-1"]
    assert len(after["B"]["hand"]) == len(before["B"]["hand"]) + 1
    assert after["B"]["deck"] == before["B"]["deck"] - 1
    assert len(after["A"]["hand"]) == len(before["A"]["hand"]) - 1  # A-2 played, nothing drawn
    assert after["A"]["deck"] == before["A"]["deck"]


# -- draw up to 1 -------------------------------------------------------------------------------

UP_TO_ONE = "[アタック時]カードを1枚まで引く。"


def test_UA_EFFECT_DRAW_UP_TO_read_and_rendered() -> None:
    """UA-EFFECT-DRAW-UP-TO: "カードを1枚まで引く" as the whole of a triggered ability is an
    ability the player may use or not."""
    assert only_effect(UP_TO_ONE) == {
        "when": "on_attack",
        "optional": True,
        "do": [{"op": "draw", "n": 1}],
    }
    assert only_effect("[退場時][ターン1]カードを1枚まで引く。")["once_per_turn"]
    for text in (
        "[アタック時]カードを2枚まで引く。",  # a count to record
        "[アタック時]カードを1枚まで引く。カードを1枚引く。",  # declining would skip the rest
        "[起動メイン]カードを1枚まで引く。",
        "[登場時][フロントLにある場合]カードを1枚まで引く。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text
    assert shown(UP_TO_ONE) == "When this attacks: you may use this effect: draw 1 card."


def _attacks(use: bool | None) -> Any:
    cards = [texted("T-UPT", UP_TO_ONE)]
    b = board_at_turn_3(cards, ["T-UPT"], [], a_front=("A-1",))
    b.attack("A", "A-1")
    if use is not None:
        b.act("A", "resolve", source="A-1", use=use)
    return b, b.replay()


def test_UA_EFFECT_DRAW_UP_TO_one_or_none_as_recorded() -> None:
    """UA-EFFECT-DRAW-UP-TO: "`use` (true: draws 1; false: draws none); a log that records
    neither has skipped the choice (UA-CHOICE-RECORDED: nothing is drawn, the step is
    unverifiable)"."""
    b, r = _attacks(True)
    assert verdict(r, b.last) == "legal" and cards_drawn(r, b.last) == 1
    b, r = _attacks(False)
    assert verdict(r, b.last) == "legal" and cards_drawn(r, b.last) == 0
    b, r = _attacks(None)
    b.block("B")
    r = b.replay()
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert verdict(r, b.last) == "unverifiable"
    assert cards_drawn(r, b.last) == 0


def test_UA_TRIGGER_WHERE_a_raid_reads_the_line_after_its_move() -> None:
    """UA-TRIGGER-WHERE: "for a raid, its line after the raid's move": raided onto a base in
    the energy line, the raid card draws only when the raid moves it to the front line."""
    from judge.games.union_arena.testing import LogBuilder, card

    base = card("T-BAS", name="ミラ", ap=0)
    text = "[レイド]〈ミラ〉アクティブにし、フロントLに移動できる\n" + FRONT_DRAW
    raider = texted("T-RAI", text, ap=1, raid={"onto": {"name": "ミラ"}})
    for moves, drawn in ((True, 1), (False, 0)):
        b = LogBuilder([base, raider]).setup(first="A").proceed("A")
        b.play("A", "T-BAS", to="energy_line")
        b.act("A", "raid", card="T-RAI", onto="A-1", to_front_line=moves)
        r = b.replay()
        assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
        assert cards_drawn(r, b.last) == drawn, moves


def test_UA_TRIGGER_WHERE_elsewhere_a_skipped_resolve_is_its_one_way() -> None:
    """UA-TRIGGER-WHERE: elsewhere "no choice is made": a raid that leaves its card in the
    energy line records no resolve for the choice, and that is its one way (UA-FORCED-DECISION),
    not a skipped choice."""
    from judge.games.union_arena.testing import LogBuilder, card

    base = card("T-BAS", name="ミラ", ap=0)
    text = "[レイド]〈ミラ〉アクティブにし、フロントLに移動できる\n" + FRONT_RETIRE
    raider = texted("T-RAI", text, ap=1, raid={"onto": {"name": "ミラ"}})
    b = LogBuilder([base, raider]).setup(first="A").proceed("A")
    b.play("A", "T-BAS", to="energy_line")
    b.act("A", "raid", card="T-RAI", onto="A-1", to_front_line=False).proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-FORCED-DECISION" in rules_applied(r, b.last)
    assert "UA-CHOICE-RECORDED" not in rules_applied(r, b.last)
