"""Union Arena: "このターン中、次に手札から使用する<card>の消費APを-Nする" (this turn, the next
<card> you use from your hand costs N AP less; UA-EFFECT-AP-LESS-NEXT), read from made-up
printed text and judged through the engine: the next matching play, raid or event use from
the hand pays N AP less (never below 0) and uses the reduction up; it ends with the turn.  The
two GAP options (UA-EFFECT-AP-LESS-NEXT-ZERO, UA-EFFECT-AP-LESS-NEXT-STACK) are exercised both
ways."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.nextap import noun
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    effects_of,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

LESS = "[起動メイン]このターン中、次に手札から使用する[特徴:灯守]の消費APを-1する。"
LESS2 = "[起動メイン]このターン中、次に手札から使用する[特徴:灯守]の消費APを-2する。"
TORCH = card("T-TORCH", ap=2, traits=["灯守"])  # A's turn 3: 2 active AP cards
TORCH3 = card("T-TORCH3", ap=3, traits=["灯守"])
TORCH4 = card("T-TORCH4", ap=4, traits=["灯守"])
PLAIN = card("T-PLAIN", ap=2)
TORCH0 = card("T-TORCH0", ap=0, traits=["灯守"])
RAIDER = card("T-RAIDER", ap=3, traits=["灯守"], raid={"onto": {"name": "T-SEER0"}})
TORCH_EVENT = card("T-GLOW", "event", ap=2, traits=["灯守"])


def scene(texts: tuple[str, ...], hand: list[str], options: dict[str, Any] | None = None) -> Any:
    """A's characters with ``texts`` (A-1, …) on the front line in A's turn-3 main phase; the
    cards ``hand`` (codes) next in A's deck, so in A's hand as A-(len(texts)+1), …"""
    seers = [texted(f"T-SEER{i}", t) for i, t in enumerate(texts)]
    cards = [*seers, RAIDER, TORCH, TORCH3, TORCH4, PLAIN, TORCH0, TORCH_EVENT]
    deck = [s["code"] for s in seers] + hand
    front = tuple(f"A-{i + 1}" for i in range(len(texts)))
    return board_at_turn_3(cards, deck, ["T-PLAIN"], a_front=front, phase="main", options=options)


def activate(b: Any, n: int) -> Any:
    for i in range(n):
        b.act("A", "activate", card=f"A-{i + 1}", ability=1)
    return b


# -- reading ------------------------------------------------------------------------------------


def test_UA_EFFECT_AP_LESS_NEXT_read_from_printed_text() -> None:
    (effect,) = effects_of(LESS)
    assert effect["do"] == [{"op": "ap_less_next", "n": 1, "card": {"trait": "灯守"}}]
    for words, want in (
        ("イベントカード", {"card_type": "event"}),
        ("〈ミラ〉", {"name": "ミラ"}),
        ("黄の[特徴:灯守]", {"trait": "灯守", "color": "yellow"}),
        ("元々のBPが3500の[特徴:灯守]", {"bp": 3500, "trait": "灯守"}),
        ("必要エナジーが3以下のイベントカード", {"card_type": "event", "energy_max": 3}),
    ):
        assert noun(words) == want, words
    for minus in ("-", "−", "‐"):
        text = f"[登場時]このターン中、次に手札から使用する〈ミラ〉の消費APを{minus}1する。"
        assert effects_of(text)[0]["do"][0] == {
            "op": "ap_less_next",
            "n": 1,
            "card": {"name": "ミラ"},
        }
    assert "the next card with [灯守] you use from your hand" in reading_words(texted("T-R", LESS))


def test_UA_EFFECT_AP_LESS_NEXT_other_wordings_left_unread() -> None:
    for text in (
        "[登場時]このターン中、次に手札から使用するキャラの消費APを-1する。",  # not a card noun
        "[登場時]このターン中、次に手札から使用する[特徴:灯守]の消費APを+1する。",
        "[登場時]次に手札から使用する[特徴:灯守]の消費APを-1する。",  # no "this turn"
        "[登場時]このターン中、次に相手が手札から使用する[特徴:灯守]の消費APを-1する。",
        "[登場時]このターン中、次に手札から使用するBP3000以下の[特徴:灯守]の消費APを-1する。",
    ):
        assert not read_card(texted("T-U", text)).understood, text


# -- the engine ---------------------------------------------------------------------------------


def test_UA_EFFECT_AP_LESS_NEXT_next_matching_play_costs_less() -> None:
    """A three-AP card with 2 active AP cards: illegal without, legal after the reduction."""
    base = scene((LESS,), ["T-TORCH3"]).play("A", "A-2", to="front_line").replay()
    assert "UA-AP-COST" in rules_broken(base, -1)
    b = activate(scene((LESS,), ["T-TORCH3"]), 1).play("A", "A-2", to="front_line")
    doc = b.replay()
    assert verdict(doc, -1) == "legal"
    assert "UA-EFFECT-AP-LESS-NEXT" in rules_applied(doc, -1)
    assert "UA-EFFECT-AP-LESS-NEXT" in rules_applied(doc, -2)  # set up as it resolves
    # pending in the state's snapshot after the activation
    doc = activate(scene((LESS,), ["T-TORCH3"]), 1).replay()
    pending = doc["steps"][-1]["snapshot"]["players"]["A"]["ap_less_next"]
    assert pending == [{"n": 1, "card": {"trait": "灯守"}, "source": "A-1"}]


def test_UA_EFFECT_AP_LESS_NEXT_only_a_matching_card_and_only_once() -> None:
    # a card without the trait does not take it, and leaves it for the next that does
    b = activate(scene((LESS2,), ["T-PLAIN", "T-TORCH3"]), 1)
    b.play("A", "A-2", to="energy_line")  # 2 AP: all of A's AP
    doc = b.replay()
    assert verdict(doc, -1) == "legal"
    assert "UA-EFFECT-AP-LESS-NEXT" not in rules_applied(doc, -1)
    # the reduction used up by the first matching card: the second pays in full
    b = activate(scene((LESS2,), ["T-TORCH3", "T-TORCH3"]), 1)
    b.play("A", "A-2", to="front_line").play("A", "A-3", to="front_line")  # 1 AP, then 3
    doc = b.replay()
    assert verdict(doc, -2) == "legal"
    assert "UA-AP-COST" in rules_broken(doc, -1)


def test_UA_EFFECT_AP_LESS_NEXT_event_use_and_raid_take_it() -> None:
    b = activate(scene((LESS2,), ["T-GLOW", "T-TORCH"]), 1)
    b.play("A", "A-2").play("A", "A-3", to="front_line")  # the event free, then 2 AP
    doc = b.replay()
    assert "UA-EFFECT-AP-LESS-NEXT" in rules_applied(doc, -2)
    assert verdict(doc, -1) == "legal"
    # a raid from the hand is a character entering from it (seed, "使用卡片"): 3 - 1 AP
    base = scene((LESS,), ["T-RAIDER"]).act("A", "raid", card="A-2", onto="A-1").replay()
    assert "UA-AP-COST" in rules_broken(base, -1)
    b = activate(scene((LESS,), ["T-RAIDER"]), 1).act("A", "raid", card="A-2", onto="A-1")
    doc = b.replay()
    assert verdict(doc, -1) == "legal"
    assert "UA-EFFECT-AP-LESS-NEXT" in rules_applied(doc, -1)


def test_UA_EFFECT_AP_LESS_NEXT_ends_with_the_turn() -> None:
    b = activate(scene((LESS2,), ["T-TORCH3"]), 1)
    b.proceed("A", 2).pass_turn("B").proceed("A").play("A", "A-2", to="front_line")
    doc = b.replay()
    assert "UA-EFFECT-AP-LESS-NEXT" not in rules_applied(doc, -1)


def test_UA_EFFECT_AP_LESS_NEXT_ZERO_option_both_ways() -> None:
    """A free matching card: "used" (default) uses the reduction up, "kept" leaves it."""
    b = activate(scene((LESS2,), ["T-TORCH0", "T-TORCH3"]), 1)
    b.play("A", "A-2", to="front_line").play("A", "A-3", to="front_line")
    doc = b.replay()
    assert "UA-AP-COST" in rules_broken(doc, -1)
    b = activate(scene((LESS2,), ["T-TORCH0", "T-TORCH3"], {"ap_less_next_zero": "kept"}), 1)
    b.play("A", "A-2", to="front_line").play("A", "A-3", to="front_line")
    doc = b.replay()
    assert verdict(doc, -1) == "legal"


def test_UA_EFFECT_AP_LESS_NEXT_STACK_option_both_ways() -> None:
    """Two -1 reductions and a 4-AP card with 2 active AP cards: "all" (the default) takes 2
    off (legal), "first" only 1 (illegal)."""
    b = activate(scene((LESS, LESS), ["T-TORCH4"]), 2).play("A", "A-3", to="front_line")
    doc = b.replay()
    assert verdict(doc, -1) == "legal"
    opts = {"ap_less_next_stack": "first"}
    b = activate(scene((LESS, LESS), ["T-TORCH4"], opts), 2).play("A", "A-3", to="front_line")
    doc = b.replay()
    assert "UA-AP-COST" in rules_broken(doc, -1)


def test_UA_EFFECT_AP_LESS_NEXT_after_a_condition_or_a_draw() -> None:
    (effect,) = effects_of(
        "[登場時]自分の場に〈ミラ〉がある場合、このターン中、次に手札から使用する[特徴:灯守]の消費APを-1する。"
    )
    assert effect["do"] == [
        {
            "op": "ap_less_next",
            "n": 1,
            "card": {"trait": "灯守"},
            "if": {"side": "own", "zone": "field", "name": "ミラ"},
        }
    ]
    text = (
        "自分の場のフィールドを1枚退場させる。そうした場合、カードを1枚引き、"
        "このターン中、次に手札から使用する〈ミラ〉の消費APを‐1する。"
    )
    (effect,) = effects_of(text, type="event")
    assert effect["do"][1:] == [
        {"op": "draw", "n": 1, "if_done": True},
        {"op": "ap_less_next", "n": 1, "card": {"name": "ミラ"}, "if_done": True},
    ]
    # a draw before anything else than the reduction is not read by this shape
    assert not read_card(
        texted("T-U", "[登場時]カードを1枚引き、次に手札から使用する〈ミラ〉の消費APを-1する。")
    ).understood


def test_UA_EFFECT_AP_LESS_NEXT_if_done_after_a_retire_through_the_engine() -> None:
    """The event's reduction comes only if its field was retired; with no field, none."""
    text = (
        "自分の場のフィールドを1枚退場させる。そうした場合、"
        "このターン中、次に手札から使用する[特徴:灯守]の消費APを-1する。"
    )
    ev = texted("T-RITE", text, type="event")
    cards = [ev, TORCH3]
    b = board_at_turn_3(cards, ["T-RITE", "T-TORCH3"], ["T-TORCH3"], phase="main")
    b.play("A", "A-1").play("A", "A-2", to="front_line")
    doc = b.replay()
    assert "UA-EFFECT-AP-LESS-NEXT" not in rules_applied(doc, -1)
    assert "UA-AP-COST" in rules_broken(doc, -1)
