"""Union Arena: a character's own continuous raise or keyword tied to the lines of the field,
taught to the reader on made-up cards: "[フロントLにある場合]" and "自分のフロントLに〈X〉がある
場合" (UA-EFFECT-STATIC-WHERE), "同じラインに〈X〉がある場合" (UA-EFFECT-SAME-LINE) and "…1枚に
つき、このキャラはBP+N" (UA-EFFECT-STATIC-PER), each read whenever BP or keywords are."""

from __future__ import annotations

from judge.games.union_arena import own_static
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    FILLER_CODE,
    LogBuilder,
    board_at_turn_3,
    field_ids,
    field_unit,
    free_character,
    one_ability,
    player_state,
    read_in_full,
    reading_words,
    rules_broken,
    texted,
    verdict,
)

FRONT_ONLY = "[フロントLにある場合]このキャラはBP+1000。"
MIRA_IN_FRONT = "[自分のターン中]自分のフロントLに〈ミラ〉がある場合、このキャラはBP+1000。"
SAME_LINE_BP = "同じラインに〈ミラ〉か[特徴:灯守]がある場合、このキャラはBP+1000。"
SAME_LINE_DAMAGE = "[自分のターン中][フロントLにある場合]同じラインに〈ミラ〉がある場合、このキャラは[ダメージ(2)]を得る。"
PER_FRONT = "[フロントLにある場合]自分のフロントLの他のキャラ1枚につき、このキャラはBP+500。"
PER_EVENTS = (
    "[自分のターン中]このターン中に自分が使用したイベントカード1枚につき、このキャラはBP+1000。"
)
MIRA = free_character("T-MIRA", name="ミラ")
PLAIN = free_character("T-PLAIN", name="リオ")


def bp_of(cards: list, front: tuple[str, ...], energy: tuple[str, ...], **kw: object) -> int:
    """A-1's BP in A's turn 3 with A's ``front`` / ``energy`` played on turn 1."""
    deck = [c["code"] for c in cards]
    b = board_at_turn_3(
        cards,
        deck,
        kw.get("deck_b", []),
        a_front=front,
        a_energy=energy,
        **{k: v for k, v in kw.items() if k != "deck_b"},
    )
    unit = field_unit(b.replay(), "A", "A-1")
    assert unit is not None
    return unit["bp"]


# -- UA-EFFECT-STATIC-WHERE ------------------------------------------------------------------------


def test_UA_EFFECT_STATIC_WHERE_read_from_printed_text() -> None:
    assert one_ability(FRONT_ONLY) == {
        "when": "continuous",
        "do": [{"op": "bp", "amount": 1000, "target": "self", "where": "front_line"}],
    }
    both = "[相手のターン中][エナジーLにある場合]このキャラは[インパクト無効]を得る。"
    (op,) = one_ability(both)["do"]
    assert (op["during"], op["where"], op["op"]) == ("opponent_turn", "energy_line", "grant")
    assert one_ability(MIRA_IN_FRONT)["do"][0]["if"] == {
        "side": "own",
        "zone": "front_line",
        "name": "ミラ",
    }
    # the tags the other way round, twice, or with a tag the engine does not read: not read
    assert (
        read_in_full(
            "[フロントLにある場合][自分のターン中]このキャラはBP+1000。",
            "[フロントLにある場合][フロントLにある場合]このキャラはBP+1000。",
            "[フロントLにある場合][ターン1]このキャラはBP+1000。",
        )
        == []
    )


def test_UA_EFFECT_STATIC_WHERE_only_while_in_that_line() -> None:
    cards = [texted("T-WHERE", FRONT_ONLY, bp=2000), free_character("T-FOE", bp=2500)]
    assert bp_of(cards[:1], ("A-1",), ()) == 3000
    assert bp_of(cards[:1], (), ("A-1",)) == 2000
    # in a battle: 3000 beats a 2500 blocker, which retires
    b = board_at_turn_3(cards, ["T-WHERE"], ["T-FOE"], a_front=("A-1",), b_front=("B-1",))
    r = b.attack("A", "A-1").block("B", "B-1").replay()
    assert verdict(r, b.last) == "legal" and field_ids(r, "B", "front_line") == []


def test_UA_EFFECT_STATIC_WHERE_a_card_in_the_front_line() -> None:
    cards = [texted("T-LINE", MIRA_IN_FRONT, bp=2000), MIRA]
    assert bp_of(cards, ("A-1", "A-2"), ()) == 3000
    assert bp_of(cards, ("A-1",), ("A-2",)) == 2000  # <ミラ> in the energy line
    assert bp_of(cards, (), ("A-1", "A-2")) == 2000
    assert bp_of(cards, ("A-2",), ("A-1",)) == 3000  # this card anywhere, <ミラ> in front


def test_UA_EFFECT_STATIC_WHERE_rendered() -> None:
    words = reading_words(texted("T-WHERE", FRONT_ONLY))
    assert "while this card is in your front line, this card gets BP +1000" in words
    words = reading_words(texted("T-LINE", MIRA_IN_FRONT))
    assert "if your front line has a card named <ミラ>" in words and "not counted" not in words


# -- UA-EFFECT-SAME-LINE ---------------------------------------------------------------------------


def test_UA_EFFECT_SAME_LINE_read_from_printed_text() -> None:
    (op,) = one_ability(SAME_LINE_BP)["do"]
    assert op["if"] == {
        "side": "own",
        "zone": "same_line",
        "any_of": [{"name": "ミラ"}, {"trait": "灯守"}],
    }
    (op,) = one_ability(SAME_LINE_DAMAGE)["do"]
    assert op == {
        "op": "grant",
        "keyword": "damage 2",
        "target": "self",
        "during": "own_turn",
        "where": "front_line",
        "if": {"side": "own", "zone": "same_line", "name": "ミラ"},
    }
    # on a card that is itself <ミラ> (or has the trait): whether it counts itself is not read
    assert read_in_full(SAME_LINE_BP, name="ミラ") == []
    assert read_in_full(SAME_LINE_BP, traits=["灯守"]) == []
    assert not own_static.condition_ok({"side": "opponent", "zone": "same_line", "name": "ミラ"})


def test_UA_EFFECT_SAME_LINE_the_line_this_character_is_in() -> None:
    cards = [texted("T-SAME", SAME_LINE_BP, bp=2000), MIRA]
    assert bp_of(cards, ("A-1", "A-2"), ()) == 3000
    assert bp_of(cards, (), ("A-1", "A-2")) == 3000
    assert bp_of(cards, ("A-1",), ("A-2",)) == 2000  # the other line
    assert bp_of(cards, ("A-2",), ("A-1",)) == 2000
    keeper = free_character("T-KEEP", traits=["灯守"])
    assert bp_of([cards[0], keeper], ("A-1", "A-2"), ()) == 3000
    assert bp_of([cards[0], PLAIN], ("A-1", "A-2"), ()) == 2000
    # <ミラ> in the opponent's front line is not in this character's line
    b = board_at_turn_3(cards, ["T-SAME"], ["T-MIRA"], a_front=("A-1",), b_front=("B-1",))
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000


def pick(b: LogBuilder, *positions: int) -> LogBuilder:
    """A picks B's life cards at ``positions`` (fillers)."""
    return b.act("A", "pick_life", cards=list(positions), reveal=[FILLER_CODE] * len(positions))


def damage_scene(mira_line: str) -> LogBuilder:
    """A's turn 3: A-1 (damage 2 while <ミラ> is in its line) in the front line attacks B,
    unblocked; A-2, <ミラ>, is in ``mira_line``."""
    cards = [texted("T-DMG", SAME_LINE_DAMAGE), MIRA]
    where = {"a_front": ("A-1", "A-2")} if mira_line == "front" else {}
    where = where or {"a_front": ("A-1",), "a_energy": ("A-2",)}
    b = board_at_turn_3(cards, ["T-DMG", "T-MIRA"], [], **where)  # type: ignore[arg-type]
    return b.attack("A", "A-1").block("B")


def test_UA_EFFECT_SAME_LINE_a_keyword_while_it_holds() -> None:
    r = pick(damage_scene("front"), 1, 2).replay()
    assert verdict(r, len(r["steps"]) - 1) == "legal"
    assert player_state(r, "B")["life"] == 5
    b = damage_scene("energy")
    assert rules_broken(pick(b, 1, 2).replay(), b.last) == ["UA-DMG-PICK"]
    b = pick(damage_scene("energy"), 1)
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_SAME_LINE_rendered() -> None:
    words = reading_words(texted("T-SAME", SAME_LINE_BP))
    assert (
        "the line of your field this card is in has a card that is <ミラ> or with [灯守]" in words
    )
    assert "besides it" in words and "not counted" not in words


# -- UA-EFFECT-STATIC-PER --------------------------------------------------------------------------


def test_UA_EFFECT_STATIC_PER_read_from_printed_text() -> None:
    (op,) = one_ability(PER_FRONT)["do"]
    assert op == {
        "op": "bp",
        "amount": 500,
        "target": "self",
        "where": "front_line",
        "per": {"side": "own", "zone": "front_line", "type": "character", "other": True},
    }
    (op,) = one_ability(PER_EVENTS)["do"]
    assert op["per"] == {"side": "own", "zone": "this_turn", "events_used": 1}
    (op,) = one_ability("自分の場の[特徴:灯守]1枚につき、このキャラはBP+500。")["do"]
    assert op["per"] == {"side": "own", "zone": "field", "trait": "灯守"}
    # a keyword per card, two cards per step, the opponent's cards: not read
    assert (
        read_in_full(
            "自分のフロントLの他のキャラ1枚につき、このキャラは[インパクト(1)]を得る。",
            "自分のフロントLの他のキャラ2枚につき、このキャラはBP+500。",
            "相手のフロントLのキャラ1枚につき、このキャラはBP+500。",
            "自分のフロントLの他のキャラ1枚につき、このキャラはBP+500と[インパクト(1)]を得る。",
        )
        == []
    )


def test_UA_EFFECT_STATIC_PER_each_other_character_in_the_front_line() -> None:
    cards = [texted("T-PER", PER_FRONT, bp=2000), MIRA, PLAIN, free_character("T-3")]
    assert bp_of(cards, ("A-1", "A-2", "A-3"), ("A-4",)) == 3000  # two others in front
    assert bp_of(cards, ("A-1",), ("A-2", "A-3")) == 2000  # none
    assert bp_of(cards, ("A-2", "A-3", "A-4"), ("A-1",)) == 2000  # not in the front line


def test_UA_EFFECT_STATIC_PER_each_event_card_used_this_turn() -> None:
    event = texted("T-EV", "カードを1枚引く。", type="event")
    cards = [texted("T-EVS", PER_EVENTS, bp=2000), event]
    b = board_at_turn_3(cards, ["T-EVS", "T-EV", "T-EV"], [], a_front=("A-1",), phase="main")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000
    r = b.play("A", "A-2").replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000
    r = b.play("A", "A-3").replay()
    assert verdict(r, b.last) == "legal" and field_unit(r, "A", "A-1")["bp"] == 4000
    b.proceed("A", 2)  # B's turn: not A's own turn, and a new turn's count
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_STATIC_PER_rendered() -> None:
    words = reading_words(texted("T-PER", PER_FRONT))
    assert "this card gets BP +500 for each other character in your front line" in words
    words = reading_words(texted("T-EVS", PER_EVENTS))
    assert "BP +1000 for each event card you used this turn" in words
    assert "not counted" not in words and "not rendered" not in words


def test_UA_EFFECT_STATIC_PER_not_a_whole_reading_of_a_card_elsewhere() -> None:
    # an event's "…1枚につき" is not a continuous raise of a character's own
    reading = read_card(texted("T-EVX", PER_FRONT, type="event"))
    assert not reading.understood


# -- UA-EFFECT-IF: the outside area's size, whatever its cards ------------------------------------

EMPTY_OUTSIDE = "[自分のターン中]自分の場外にあるカードが0枚の場合、このキャラはBP+1500。"


def test_UA_EFFECT_IF_no_cards_in_the_outside_area() -> None:
    (op,) = one_ability(EMPTY_OUTSIDE)["do"]
    assert op["if"] == {"side": "own", "zone": "outside", "max": 0}
    assert read_in_full(EMPTY_OUTSIDE.replace("0枚の", "2枚の")) == []  # exactly 2: not a bound
    event = texted("T-EV", "カードを1枚引く。", type="event")
    cards = [texted("T-EMPTY", EMPTY_OUTSIDE, bp=2000), event]
    b = board_at_turn_3(cards, ["T-EMPTY", "T-EV"], [], a_front=("A-1",), phase="main")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3500
    r = b.play("A", "A-2").replay()  # the event goes into the outside area once resolved
    assert verdict(r, b.last) == "legal" and field_unit(r, "A", "A-1")["bp"] == 2000
    assert "if your outside area has no cards" in reading_words(cards[0])


def test_UA_EFFECT_IF_outside_area_bounds_read() -> None:
    assert one_ability("自分の場外にあるカードが3枚以下の場合、このキャラはBP+1000。")["do"][0][
        "if"
    ] == {"side": "own", "zone": "outside", "max": 3}
    assert one_ability("自分の場外にカードが10枚以上ある場合、このキャラはBP+1000。")["do"][0][
        "if"
    ] == {"side": "own", "zone": "outside", "min": 10}


NAME_EITHER = "自分の場にカード名に「灯」か「鐘」を含むキャラがある場合、このキャラはBP+1000。"


def test_UA_EFFECT_IF_a_name_containing_either_word() -> None:
    (op,) = one_ability(NAME_EITHER)["do"]
    assert op["if"] == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "any_of": [{"name_contains": "灯"}, {"name_contains": "鐘"}],
    }
    this = texted("T-NAMES", NAME_EITHER, bp=2000)
    bell = free_character("T-BELL", name="夜の鐘")
    assert bp_of([this, bell], ("A-1", "A-2"), ()) == 3000
    assert bp_of([this, PLAIN], ("A-1", "A-2"), ()) == 2000
    words = reading_words(this)
    assert "if your field has a character whose name contains “灯” or “鐘”" in words


# -- UA-EFFECT-STATIC-EITHER -----------------------------------------------------------------------

EITHER = "自分の場外に[特徴:呪具]が1枚以上かイベントカードが2枚以上ある場合、このキャラはBP+1000。"


def test_UA_EFFECT_STATIC_EITHER_read_from_printed_text() -> None:
    (op,) = one_ability(EITHER)["do"]
    assert op["if_any"] == [
        {"side": "own", "zone": "outside", "trait": "呪具", "min": 1},
        {"side": "own", "zone": "outside", "card_type": "event", "min": 2},
    ]
    assert read_in_full(EITHER.replace("[特徴:呪具]", "[特徴:呪具]の")) == []
    words = reading_words(texted("T-EITHER", EITHER))
    assert (
        "if your outside area has 1 or more cards with [呪具] or your outside area has "
        "2 or more event cards, this card gets BP +1000" in words
    )


def test_UA_EFFECT_STATIC_EITHER_one_count_reached_is_enough() -> None:
    plain = texted("T-EV", "カードを1枚引く。", type="event")
    tool = texted("T-TOOL", "カードを1枚引く。", type="event", traits=["呪具"])
    cards = [texted("T-EITHER", EITHER, bp=2000), plain, tool]
    b = board_at_turn_3(cards, ["T-EITHER", "T-EV", "T-EV"], [], a_front=("A-1",), phase="main")
    r = b.play("A", "A-2").replay()  # one event card: neither count
    assert field_unit(r, "A", "A-1")["bp"] == 2000
    r = b.play("A", "A-3").replay()  # two event cards
    assert verdict(r, b.last) == "legal" and field_unit(r, "A", "A-1")["bp"] == 3000
    b = board_at_turn_3(cards, ["T-EITHER", "T-TOOL"], [], a_front=("A-1",), phase="main")
    r = b.play("A", "A-2").replay()  # one [呪具]
    assert field_unit(r, "A", "A-1")["bp"] == 3000


# -- UA-EFFECT-STATIC-COMPARE ----------------------------------------------------------------------

AS_MANY = (
    "[自分のターン中]自分のフロントLのキャラの数が相手のフロントLのキャラの数以上の場合、"
    "このキャラはBP+1000。"
)


def test_UA_EFFECT_STATIC_COMPARE_read_from_printed_text() -> None:
    (op,) = one_ability(AS_MANY)["do"]
    assert op["if"] == {"side": "own", "zone": "line_vs_opponent", "line": "front_line"}
    mixed = AS_MANY.replace("相手のフロントL", "相手のエナジーL")
    assert read_in_full(mixed) == []  # two different lines: not read
    assert not own_static.condition_ok({"zone": "line_vs_opponent", "line": "hand"})
    words = reading_words(texted("T-VS", AS_MANY))
    assert (
        "if your front line has as many characters as the opponent's front line, or more" in words
    )


def test_UA_EFFECT_STATIC_COMPARE_as_many_or_more() -> None:
    cards = [texted("T-VS", AS_MANY, bp=2000), free_character("T-1"), free_character("T-2")]
    deck_a, deck_b = ["T-VS", "T-1"], ["T-1", "T-2"]

    def bp(a_front: tuple[str, ...], b_front: tuple[str, ...]) -> int:
        b = board_at_turn_3(cards, deck_a, deck_b, a_front=a_front, b_front=b_front)
        unit = field_unit(b.replay(), "A", "A-1")
        assert unit is not None
        return unit["bp"]

    assert bp(("A-1", "A-2"), ("B-1", "B-2")) == 3000  # 2 and 2
    assert bp(("A-1",), ()) == 3000  # 1 and 0: this character counted
    assert bp(("A-1",), ("B-1", "B-2")) == 2000  # 1 and 2
    b = board_at_turn_3(cards, deck_a, deck_b, a_energy=("A-1",))
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000  # 0 and 0


# -- UA-EFFECT-FRONT-ENERGY ------------------------------------------------------------------------

FRONT_ENERGY = "このキャラはフロントLにある場合もエナジーを発生させる。"
GIVEN_FRONT_ENERGY = (
    "自分の場に〈ミラ〉がある場合、このキャラは「このキャラはフロントLにある場合もエナジーを"
    "発生させる。」を得る。"
)


def test_UA_EFFECT_FRONT_ENERGY_read_from_printed_text() -> None:
    reading = read_card(texted("T-FE", FRONT_ENERGY))
    assert reading.understood and reading.keywords == ("generates in front line",)
    (op,) = one_ability(GIVEN_FRONT_ENERGY)["do"]
    assert op == {
        "op": "grant",
        "keyword": "generates in front line",
        "target": "self",
        "if": {"side": "own", "zone": "field", "name": "ミラ"},
    }
    assert "has “generates in front line”" in reading_words(texted("T-GFE", GIVEN_FRONT_ENERGY))


def energy_scene(generator: dict, front: tuple[str, ...], energy: tuple[str, ...]) -> str:
    """A's turn-3 main phase: ``generator`` (A-1, red, generating 1 red) and <ミラ> (A-2,
    generating nothing) where given; A plays a red card requiring 1 red: its verdict."""
    red = free_character("T-RED", color="red", energy={"red": 1})
    mira = free_character("T-MIRA", name="ミラ", generates={})
    cards = [{**generator, "color": "red", "generates": {"red": 1}}, mira, red]
    deck = [generator["code"], "T-MIRA", "T-RED"]
    b = board_at_turn_3(cards, deck, [], a_front=front, a_energy=energy, phase="main")
    r = b.play("A", "A-3", to="front_line").replay()
    return verdict(r, b.last)


def test_UA_EFFECT_FRONT_ENERGY_generates_in_the_front_line() -> None:
    assert energy_scene(texted("T-FE", FRONT_ENERGY), ("A-1",), ()) == "legal"
    assert energy_scene(texted("T-FE", FRONT_ENERGY), (), ("A-1",)) == "legal"
    assert energy_scene(free_character("T-PLAIN-R"), ("A-1",), ()) == "illegal"  # UA-ENERGY


def test_UA_EFFECT_FRONT_ENERGY_given_while_a_condition_holds() -> None:
    given = texted("T-GFE", GIVEN_FRONT_ENERGY)
    assert energy_scene(given, ("A-1", "A-2"), ()) == "legal"
    assert energy_scene(given, ("A-1",), ()) == "illegal"  # no <ミラ>: nothing in front


# -- UA-EFFECT-ENERGY: conditions on one line, the energy line full, "[エナジーLにある場合]" -------

MORE_IF_MIRA_IN_FRONT = "自分のフロントLに〈ミラ〉がある場合、このキャラの発生エナジー+[赤]。"
MORE_IF_FULL = "自分のエナジーLにカードが4枚ある場合、このキャラの発生エナジー+[赤]。"
MORE_IN_ENERGY = (
    "[エナジーLにある場合]自分のフロントLにカード名に「ミラ」を含むキャラがある場合、"
    "このキャラの発生エナジー+[赤]。"
)


def test_UA_EFFECT_ENERGY_conditions_on_a_line_read() -> None:
    (op,) = one_ability(MORE_IF_MIRA_IN_FRONT)["do"]
    assert op["if"] == {"side": "own", "zone": "front_line", "name": "ミラ"}
    (op,) = one_ability(MORE_IF_FULL)["do"]
    assert op["if"] == {"side": "own", "zone": "energy_line", "min": 4}
    (op,) = one_ability(MORE_IN_ENERGY)["do"]
    assert op["where"] == "energy_line"
    assert op["if"] == {
        "side": "own",
        "zone": "front_line",
        "type": "character",
        "name_contains": "ミラ",
    }
    assert read_in_full(MORE_IF_FULL.replace("4枚", "3枚")) == []  # exactly 3: not a bound
    words = reading_words(texted("T-G", MORE_IN_ENERGY))
    assert "while this card is in your energy line, while your front line has a character" in words
    assert "not counted" not in words


def red_play(cards: list, front: tuple[str, ...], energy: tuple[str, ...], need: int) -> str:
    """A's turn-3 main phase with ``front`` / ``energy`` (the first card A-1, …) played on turn
    1: the verdict of playing a red card (the last instance) requiring ``need`` red."""
    red = free_character("T-RED", color="red", energy={"red": need})
    deck = [c["code"] for c in cards] + ["T-RED"]
    b = board_at_turn_3([*cards, red], deck, [], a_front=front, a_energy=energy, phase="main")
    r = b.play("A", f"A-{len(deck)}", to="front_line").replay()
    return verdict(r, b.last)


def test_UA_EFFECT_ENERGY_a_card_in_the_front_line() -> None:
    gen = texted("T-G", MORE_IF_MIRA_IN_FRONT, color="red", generates={"red": 1})
    mira = free_character("T-MIRA", name="ミラ", generates={})
    assert red_play([gen, mira], ("A-2",), ("A-1",), 2) == "legal"
    assert red_play([gen, mira], (), ("A-1", "A-2"), 2) == "illegal"  # <ミラ> not in front


def test_UA_EFFECT_ENERGY_the_energy_line_full() -> None:
    gen = texted("T-G", MORE_IF_FULL, color="red", generates={"red": 1})
    fillers = [free_character(f"T-F{i}", generates={}) for i in range(3)]
    cards = [gen, *fillers]
    assert red_play(cards, (), ("A-1", "A-2", "A-3", "A-4"), 2) == "legal"
    assert red_play(cards, ("A-4",), ("A-1", "A-2", "A-3"), 2) == "illegal"  # 3 cards


def test_UA_EFFECT_ENERGY_only_in_the_energy_line() -> None:
    """After "[エナジーLにある場合]" the increase counts in the energy line only, even for a
    character that generates energy in the front line too (UA-EFFECT-FRONT-ENERGY)."""
    text = f"{MORE_IN_ENERGY}\n{FRONT_ENERGY}"
    gen = texted("T-G", text, color="red", generates={"red": 1})
    mira = free_character("T-MIRA", name="ミラのともだち", generates={})
    assert red_play([gen, mira], ("A-2",), ("A-1",), 2) == "legal"
    assert red_play([gen, mira], ("A-1", "A-2"), (), 1) == "legal"  # its printed 1 in front
    assert red_play([gen, mira], ("A-1", "A-2"), (), 2) == "illegal"  # not the increase


# -- UA-EFFECT-STATIC-MINUS ------------------------------------------------------------------------

MINUS = "自分の場に〈ミラ〉がない場合、このキャラはBP-500。"
LOWER_ONE = "[登場時]相手のフロントLのキャラを1枚選び、このターン中、BP-2000。"


def test_UA_EFFECT_STATIC_MINUS_read_from_printed_text() -> None:
    (op,) = one_ability(MINUS, bp=3500)["do"]
    assert op == {
        "op": "bp",
        "amount": -500,
        "target": "self",
        "if": {"side": "own", "zone": "field", "name": "ミラ", "max": 0},
    }
    # on a card the lowering alone could bring to 0, without a condition, or per card: not read
    assert read_in_full(MINUS, bp=500) == []
    assert read_in_full("このキャラはBP-500。", bp=3500) == []
    assert read_in_full("自分のフロントLの他のキャラ1枚につき、このキャラはBP-500。", bp=3500) == []
    assert "if your field has no cards named <ミラ>, this card gets BP −500" in reading_words(
        texted("T-MINUS", MINUS, bp=3500)
    )


def test_UA_EFFECT_STATIC_MINUS_while_the_condition_holds() -> None:
    cards = [texted("T-MINUS", MINUS, bp=2500), MIRA]
    assert bp_of(cards, ("A-1",), ()) == 2000
    assert bp_of(cards, ("A-1", "A-2"), ()) == 2500


def test_UA_EFFECT_STATIC_MINUS_with_another_lowering_retires() -> None:
    """B's character (2500, -500 without <ミラ>) lowered by 2000 more has BP 0: it retires
    (UA-BP-ZERO); with <ミラ> on B's field it has 500 and stays."""
    cards = [texted("T-MINUS", MINUS, bp=2500), MIRA, texted("T-LOW", LOWER_ONE)]
    for b_front, stays in ((("B-1",), False), (("B-1", "B-2"), True)):
        b = board_at_turn_3(cards, ["T-LOW"], ["T-MINUS", "T-MIRA"], b_front=b_front, phase="main")
        r = b.play("A", "A-1", to="front_line", targets=["B-1"]).replay()
        assert verdict(r, b.last) == "legal"
        assert ("B-1" in field_ids(r, "B", "front_line")) is stays


def test_UA_EFFECT_STATIC_MINUS_counts_as_lowered_for_bp_zero() -> None:
    """A definition written by hand whose lowering alone brings it to 0: after the next effect
    resolves, UA-BP-ZERO retires it (the reader reads no such card)."""
    minus = {
        "when": "continuous",
        "do": [
            {
                "op": "bp",
                "amount": -500,
                "target": "self",
                "if": {"zone": "field", "max": 0, "name": "ミラ"},
            }
        ],
    }
    weak = free_character("T-WEAK", bp=500, effects=[minus])
    draw = texted("T-DRAW", "[登場時]カードを1枚引く。")
    b = board_at_turn_3([weak, draw], ["T-WEAK", "T-DRAW"], [], a_energy=("A-1",), phase="main")
    r = b.play("A", "A-2", to="front_line").replay()
    assert "A-1" not in field_ids(r, "A", "energy_line")


# -- UA-EFFECT-NAME-KINDS --------------------------------------------------------------------------

KINDS = "[自分のターン中]自分の場に[特徴:灯守]のカード名が3種類以上ある場合、このキャラはBP+1500。"
KINDS_OUT = "自分の場外に黄の[特徴:灯守]のカード名が2種類以上ある場合、このキャラはBP+1000。"
KINDS_OR = "自分の場に[特徴:灯守]のカード名が3種類以上か〈ミラ〉がある場合、このキャラはBP+1000。"


def keeper(code: str, name: str, **fields: object) -> dict:
    return free_character(code, name=name, traits=["灯守"], **fields)


def test_UA_EFFECT_NAME_KINDS_read_from_printed_text() -> None:
    (op,) = one_ability(KINDS)["do"]
    assert op["if"] == {"side": "own", "zone": "field", "trait": "灯守", "names_min": 3}
    (op,) = one_ability(KINDS_OUT)["do"]
    assert op["if"] == {
        "side": "own",
        "zone": "outside",
        "color": "yellow",
        "trait": "灯守",
        "names_min": 2,
    }
    (op,) = one_ability(KINDS_OR)["do"]
    assert op["if_any"] == [
        {"side": "own", "zone": "field", "trait": "灯守", "names_min": 3},
        {"side": "own", "zone": "field", "name": "ミラ"},
    ]
    assert read_in_full(KINDS.replace("3種類", "1種類")) == []  # one kind: not a count of kinds
    words = reading_words(texted("T-K", KINDS))
    assert "if your field has cards with [灯守] of 3 or more different names" in words


def test_UA_EFFECT_NAME_KINDS_in_other_words() -> None:
    """ "自分の場に異なるカード名を持つ[特徴:X]がN種類以上ある" ([X] cards with different
    names, N kinds or more) is the same count as "[特徴:X]のカード名がN種類以上"."""
    other = KINDS.replace("[特徴:灯守]のカード名が3種類", "異なるカード名を持つ[特徴:灯守]が3種類")
    assert one_ability(other) == one_ability(KINDS)
    this = texted("T-K", other, bp=2000)
    cards = [this, keeper("T-A", "イロ"), keeper("T-B", "ミナ"), keeper("T-B2", "ミナ")]
    assert bp_of(cards, ("A-1", "A-2", "A-3", "A-4"), ()) == 2000  # two names: 2 kinds
    assert bp_of([*cards, keeper("T-C", "ソラ")], ("A-2", "A-3", "A-5"), ("A-1",)) == 3500
    assert read_in_full(other.replace("異なるカード名を持つ", "")) == []  # "[X]が3種類": not read


def test_UA_EFFECT_NAME_KINDS_kinds_not_cards() -> None:
    this = texted("T-K", KINDS, bp=2000)
    cards = [this, keeper("T-A", "イロ"), keeper("T-B", "ミナ"), keeper("T-B2", "ミナ")]
    assert bp_of(cards, ("A-1", "A-2", "A-3"), ()) == 2000  # T-K is no keeper: 2 kinds
    assert bp_of([*cards, keeper("T-C", "ソラ")], ("A-2", "A-3", "A-4"), ("A-1", "A-5")) == 3500
    # three keepers, two of one name: 2 kinds
    assert bp_of(cards, ("A-1", "A-2", "A-3", "A-4"), ()) == 2000
    assert bp_of([this, MIRA], ("A-1", "A-2"), ()) == 2000
    either = texted("T-OR", KINDS_OR, bp=2000)
    assert bp_of([either, MIRA], ("A-1", "A-2"), ()) == 3000  # <ミラ> instead


def test_UA_EFFECT_NAME_KINDS_a_name_it_is_also_treated_as() -> None:
    """GAP: a card also treated as <ソラ> gives that kind too by default ("all"); with rule
    option name_kinds_also "printed", only its printed name."""
    this = texted("T-K", KINDS, bp=2000)
    both = {**keeper("T-AB", "イロ"), "also_treated_as": ["ソラ"]}
    cards = [this, both, keeper("T-B", "ミナ")]
    assert bp_of(cards, ("A-1", "A-2", "A-3"), ()) == 3500
    printed = {"name_kinds_also": "printed"}
    assert bp_of(cards, ("A-1", "A-2", "A-3"), (), options=printed) == 2000


def test_UA_EFFECT_NAME_KINDS_in_the_outside_area() -> None:
    event = texted("T-EV", "カードを1枚引く。", type="event", color="yellow", traits=["灯守"])
    other = {**event, "code": "T-EV2", "name": "夜の歌"}
    blue = {**event, "code": "T-EV3", "name": "青の歌", "color": "blue"}
    cards = [texted("T-KO", KINDS_OUT, bp=2000), event, other, blue]
    for deck, raised in ((["T-KO", "T-EV", "T-EV2"], True), (["T-KO", "T-EV", "T-EV3"], False)):
        b = board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")
        r = b.play("A", "A-2").play("A", "A-3").replay()
        assert verdict(r, b.last) == "legal"
        assert field_unit(r, "A", "A-1")["bp"] == (3000 if raised else 2000)


# -- UA-EFFECT-STATIC-TIERS ------------------------------------------------------------------------

TIERS = (
    "自分の場外にあるイベントカードの枚数により、このキャラは以下の効果を全て得る。\n"
    "・1枚以上：[自分のターン中]このキャラはBP+500。\n"
    "・2枚以上：[インパクト（1）]（アタックしてバトルに勝利した時、相手プレイヤーに1ダメージ）"
)
PAIR_TIERS = (
    "自分の場外にある〈イロ〉と〈ミナ〉の合計枚数により、このキャラは以下の効果を全て得る。\n"
    "・2枚以上：[自分のターン中]このキャラはBP+1000。"
)


def test_UA_EFFECT_STATIC_TIERS_read_from_printed_text() -> None:
    events = {"side": "own", "zone": "outside", "card_type": "event"}
    assert one_ability(TIERS)["do"] == [
        {
            "op": "bp",
            "amount": 500,
            "target": "self",
            "if": {**events, "min": 1},
            "during": "own_turn",
        },
        {"op": "grant", "keyword": "impact 1", "target": "self", "if": {**events, "min": 2}},
    ]
    (op,) = one_ability(PAIR_TIERS)["do"]
    assert op["if"] == {
        "side": "own",
        "zone": "outside",
        "any_of": [{"name": "イロ"}, {"name": "ミナ"}],
        "min": 2,
    }
    # a tier of another kind: the whole list unread, every line of it listed
    bad = TIERS + "\n・3枚以上：[退場時]カードを1枚引く。"
    reading = read_card(texted("T-BAD", bad))
    assert not reading.understood and len(reading.unread) == 4
    words = reading_words(texted("T-TIERS", TIERS))
    assert (
        "during your turn, if your outside area has 1 or more event cards, this card gets BP +500"
        in words
    )
    assert "if your outside area has 2 or more event cards, this card has “impact 1”" in words


def test_UA_EFFECT_STATIC_TIERS_each_tier_reached() -> None:
    event = texted("T-EV", "カードを1枚引く。", type="event")
    cards = [texted("T-TIERS", TIERS, bp=2000), event, free_character("T-FOE", bp=2200)]

    def scene(events: int) -> LogBuilder:
        """A plays ``events`` event cards, then A-1 attacks and B-1 (2200) blocks."""
        deck = ["T-TIERS", "T-EV", "T-EV"]
        b = board_at_turn_3(
            cards, deck, ["T-FOE"], a_front=("A-1",), b_front=("B-1",), phase="main"
        )
        for n in range(events):
            b.play("A", f"A-{n + 2}")
        return b.proceed("A").attack("A", "A-1").block("B", "B-1")

    r = scene(0).replay()
    assert field_unit(r, "A", "A-1")["bp"] == 2000 and field_ids(r, "B", "front_line") == ["B-1"]
    r = scene(1).replay()  # one event: BP+500 wins the battle, no Impact
    assert field_ids(r, "B", "front_line") == [] and player_state(r, "B")["life"] == 7
    b = pick(scene(2), 1)  # two events: Impact 1 deals 1 damage after the win
    r = b.replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "B")["life"] == 6
    one = pick(scene(1), 1)  # no damage is due after the first tier's win
    assert verdict(one.replay(), one.last) == "illegal"


# -- UA-EFFECT-ENERGY-LESS: without a condition ----------------------------------------------------

LESS_ALWAYS = "手札にあるこのカードの必要エナジーを[赤×2]減らす。"


def test_UA_EFFECT_ENERGY_LESS_without_a_condition() -> None:
    assert one_ability(LESS_ALWAYS)["do"] == [{"op": "reduce_energy", "color": "red", "n": 2}]
    assert "while this card is in your hand, it requires 2 less red energy" in reading_words(
        texted("T-LESS", LESS_ALWAYS)
    )
    source = free_character("T-SRC", color="red", generates={"red": 1})
    for text, ok in ((LESS_ALWAYS, True), ("[登場時]カードを1枚引く。", False)):
        pricey = texted("T-LESS", text, color="red", energy={"red": 3})
        b = board_at_turn_3(
            [source, pricey], ["T-SRC", "T-LESS"], [], a_energy=("A-1",), phase="main"
        )
        r = b.play("A", "A-2", to="front_line").replay()
        assert (verdict(r, b.last) == "legal") is ok
        if not ok:
            assert rules_broken(r, b.last) == ["UA-ENERGY"]


LESS_IF_MIRA = (
    "自分のフロントLに〈ミラ〉がある場合、手札にあるこのカードの必要エナジーを[赤×2]減らす。"
)


def test_UA_EFFECT_ENERGY_LESS_while_a_card_is_in_the_front_line() -> None:
    (op,) = one_ability(LESS_IF_MIRA)["do"]
    assert op["if_any"] == [{"side": "own", "zone": "front_line", "name": "ミラ"}]
    hand = "自分の手札が5枚以上の場合、手札にあるこのカードの必要エナジーを[赤×2]減らす。"
    assert read_in_full(hand) == []  # the card itself is in the hand: not read
    source = free_character("T-SRC", color="red", generates={"red": 1})
    mira = free_character("T-MIRA", name="ミラ", generates={})
    pricey = texted("T-LESS", LESS_IF_MIRA, color="red", energy={"red": 3})
    cards = [source, mira, pricey]
    for front, energy, ok in ((("A-2",), ("A-1",), True), ((), ("A-1", "A-2"), False)):
        b = board_at_turn_3(
            cards, ["T-SRC", "T-MIRA", "T-LESS"], [], a_front=front, a_energy=energy, phase="main"
        )
        r = b.play("A", "A-3", to="front_line").replay()
        assert (verdict(r, b.last) == "legal") is ok
