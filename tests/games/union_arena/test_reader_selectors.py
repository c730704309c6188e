"""Union Arena: selector words of the official card list taught to the reader, each on made-up
cards and tested against what its sentence says: "必要エナジーがN以上の" and a required-energy
bound after the side ("自分の場の必要エナジーが4以上の他の[特徴:X]"), alternatives with words of
their own ("〈X〉か必要エナジーが1以下の〈Y〉", "カード名に「X」を含むキャラか[特徴:Y]",
UA-EFFECT-OTHER-ENERGY); "自分のフロントLに必要エナジーが3以下のキャラが2枚以上ある場合"
(UA-EFFECT-IF); "…を1枚レストにしてもよい。そうした場合、…" after other sentences
(UA-EFFECT-MAY-CHOOSE); "自分の場外にカードがN枚以上ある場合、このキャラはこのターン中、発生エナジー
+[紫]" on an activated ability (UA-EFFECT-ENERGY); "…1枚につき、このターン中、BP+500" counted as it resolves (UA-EFFECT-BP-PER)."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    field_unit,
    free_character,
    one_ability,
    player_state,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

# -- UA-EFFECT-OTHER-ENERGY: "必要エナジーがN以上の", before or after the side ---------------------

HIGH = (
    "[登場時]自分の場の必要エナジーが4以上の他の[特徴:灯守]を1枚まで選び、このターン中、BP+1000。"
)


def test_UA_EFFECT_OTHER_ENERGY_at_least_n_read_after_the_side() -> None:
    assert g.selector("自分の場の必要エナジーが4以上のアクティブの[特徴:灯守]") == {
        "side": "own",
        "zone": "field",
        "trait": "灯守",
        "energy_min": 4,
        "rested": False,
    }
    assert g.selector("必要エナジーが4以上の自分の場のキャラ") == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "energy_min": 4,
    }
    assert g.selector("自分の場の必要エナジーが3以下のキャラ") == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "energy_max": 3,
    }
    # one bound of a kind: two "以上" bounds are not a selector the reader knows
    assert g.selector("必要エナジーが4以上の自分の場の必要エナジーが5以上のキャラ") is None
    (op,) = one_ability(HIGH)["do"]
    assert op["target"] == {
        "side": "own",
        "zone": "field",
        "trait": "灯守",
        "energy_min": 4,
        "other": True,
        "count": 1,
        "up_to": True,
    }


def _high_board(played: str = HIGH) -> Any:
    cards = [
        card("T-050", "field", ap=0, generates={"blue": 4}),
        free_character("T-051", traits=["灯守"], energy={"blue": 4}, bp=2000),
        free_character("T-052", traits=["灯守"], energy={"blue": 3}, bp=2000),
        free_character("T-053", energy={"blue": 4}, bp=2000),
        texted("P-50", played, traits=["灯守"], energy={"blue": 4}),
    ]
    deck = ["T-050", "T-051", "T-052", "T-053", "P-50"]
    return board_at_turn_3(cards, deck, [], a_energy=("A-1",), a_front=(), phase="main"), cards


def test_UA_EFFECT_OTHER_ENERGY_at_least_n_checked_on_the_chosen_card() -> None:
    def scene() -> Any:
        b, _ = _high_board()
        for iid in ("A-2", "A-3", "A-4"):
            b.play("A", iid, to="front_line")
        return b

    b = scene()
    r = b.play("A", "A-5", to="front_line", targets=["A-2"]).replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["bp"] == 3000
    # requires 3 (less than 4); without the trait; the effect's own card ("他の")
    for wrong in (["A-3"], ["A-4"], ["A-5"]):
        b = scene()
        r = b.play("A", "A-5", to="front_line", targets=wrong).replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), wrong
    # up to 1: none chosen is legal
    b = scene()
    r = b.play("A", "A-5", to="front_line", targets=[]).replay()
    assert verdict(r, b.last) == "legal"


def test_UA_EFFECT_OTHER_ENERGY_unknown_words_after_the_side_not_read() -> None:
    for text in (
        "[登場時]自分の場の必要エナジーが4以上の全ての[特徴:灯守]は、このターン中、BP+1000。",
        "[登場時]自分の場の必要エナジーが4未満の[特徴:灯守]を1枚まで選び、このターン中、BP+1000。",
    ):
        assert not read_card(texted("P-51", text)).understood, text


# -- UA-EFFECT-IF: "自分のフロントLに必要エナジーがN以下のキャラがM枚以上ある場合" ---------------------

WAKE = (
    "[登場時][エナジーLにある場合]自分のフロントLに必要エナジーが3以下のキャラが2枚以上ある場合、"
    "このキャラをアクティブにする。"
)


def test_UA_EFFECT_IF_cheap_characters_in_the_front_line_read() -> None:
    (op,) = one_ability(WAKE)["do"]
    assert op == {
        "op": "activate",
        "target": "self",
        "if": {
            "side": "own",
            "zone": "front_line",
            "type": "character",
            "energy_max": 3,
            "min": 2,
        },
    }
    # another bound, or a count in the energy line of a kind the reader does not know
    for text in (
        "[登場時]自分のフロントLに必要エナジーが3未満のキャラが2枚以上ある場合、このキャラをアクティブにする。",
        "[登場時]自分のフロントLに必要エナジーが3以下のカードが2枚以上ある場合、このキャラをアクティブにする。",
    ):
        assert not read_card(texted("P-52", text)).understood, text


def _wake(front: tuple[str, ...], energy: tuple[str, ...]) -> Any:
    cards = [
        card("T-060", "field", ap=0, generates={"blue": 4}),
        free_character("T-061", energy={"blue": 3}),
        free_character("T-062", energy={"blue": 2}),
        free_character("T-063", energy={"blue": 4}),
        texted("P-53", WAKE),
    ]
    deck = ["T-060", "T-061", "T-062", "T-063", "P-53"]
    b = board_at_turn_3(cards, deck, [], a_energy=("A-1",), phase="main")
    for iid in front:
        b.play("A", iid, to="front_line")
    for iid in energy:
        b.play("A", iid, to="energy_line")
    b.play("A", "A-5", to="energy_line")
    return b


def test_UA_EFFECT_IF_cheap_characters_in_the_front_line_counted_as_it_resolves() -> None:
    # two characters requiring 3 and 2 in the front line: it becomes active
    b = _wake(("A-2", "A-3"), ())
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-5")["rested"] is False
    # one of them requires 4; or the second one is in the energy line: it stays rested
    for front, energy in ((("A-2", "A-4"), ()), (("A-2",), ("A-3",))):
        b = _wake(front, energy)
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert field_unit(r, "A", "A-5")["rested"] is True, (front, energy)


# -- UA-EFFECT-OTHER-ENERGY: alternatives with words of their own ---------------------------------

FETCH = "[登場時]自分の場外から〈ミラ〉か必要エナジーが1以下の〈イロ〉を1枚まで手札に加える。"
DISCARD_THREE = {"when": "on_play", "do": [{"op": "discard", "n": 3}]}


def test_UA_EFFECT_OTHER_ENERGY_alternative_with_its_own_bound_read() -> None:
    (op,) = one_ability(FETCH)["do"]
    assert op["target"] == {
        "side": "own",
        "zone": "outside",
        "any_of": [{"name": "ミラ"}, {"name": "イロ", "energy_max": 1}],
        "count": 1,
        "up_to": True,
    }
    for text in (  # any card, a card type, another name excluded among them: not read
        "[登場時]自分の場外から〈ミラ〉か必要エナジーが1以下のキャラカードを1枚まで手札に加える。",
        "[登場時]自分の場外から〈ミラ〉か〈ネロ〉以外の必要エナジーが1以下の〈イロ〉を1枚まで手札に加える。",
    ):
        assert not read_card(texted("P-54", text)).understood, text


def test_UA_EFFECT_OTHER_ENERGY_alternative_rendered_with_its_own_bound() -> None:
    """The bound is said with its own alternative only: in parentheses beside it, never
    after the last name where it could be read as every alternative's."""
    words = reading_words(texted("P-54", FETCH))
    assert "that is <ミラ> or (<イロ> with required energy 1 or less);" in words


def _fetch_scene() -> Any:
    """A's turn-3 main phase: A-2 puts A-3 (<ミラ>, requiring 3), A-4 (<イロ>, requiring 1)
    and A-5 (<イロ>, requiring 2) into the outside area; A-1 takes one back."""
    cards = [
        texted("P-55", FETCH),
        free_character("T-070", effects=[DISCARD_THREE]),
        free_character("T-071", name="ミラ", energy={"blue": 3}),
        free_character("T-072", name="イロ", energy={"blue": 1}),
        free_character("T-073", name="イロ", energy={"blue": 2}),
    ]
    deck = ["P-55", "T-070", "T-071", "T-072", "T-073"]
    b = board_at_turn_3(cards, deck, [], phase="main")
    return b.play("A", "A-2", to="energy_line", targets=["A-3", "A-4", "A-5"])


def test_UA_EFFECT_OTHER_ENERGY_alternative_with_its_own_bound_checked() -> None:
    for pick in ("A-3", "A-4"):  # <ミラ> whatever it requires; <イロ> requiring 1
        b = _fetch_scene().play("A", "A-1", to="front_line", targets=[pick])
        r = b.replay()
        assert verdict(r, b.last) == "legal", pick
        assert pick in player_state(r, "A")["hand"]
    b = _fetch_scene().play("A", "A-1", to="front_line", targets=["A-5"])  # <イロ> requiring 2
    r = b.replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)
    assert "A-5" in player_state(r, "A")["outside"]


WAKE_EITHER = (
    "[起動メイン]自分の場のカード名に「灯」を含むキャラか[特徴:灯守]を1枚選び、アクティブにする。"
)


def test_UA_EFFECT_OTHER_ENERGY_name_part_or_trait_read() -> None:
    (op,) = one_ability(WAKE_EITHER)["do"]
    assert op["target"] == {
        "side": "own",
        "zone": "field",
        "any_of": [{"name_contains": "灯", "card_type": "character"}, {"trait": "灯守"}],
        "count": 1,
        "if_able": True,
    }
    # "他の" before alternatives: whether it reaches past "か" is not read
    other = "[起動メイン]自分の場の他のカード名に「灯」を含むキャラか[特徴:灯守]を1枚選び、アクティブにする。"
    assert not read_card(texted("P-56", other)).understood


def _either_scene() -> Any:
    cards = [
        texted("P-57", WAKE_EITHER),
        free_character("T-080", name="灯火"),
        free_character("T-081", name="ネロ", traits=["灯守"]),
        free_character("T-082", name="ミラ"),
        card("T-083", "field", ap=0, name="灯の間"),
    ]
    deck = ["P-57", "T-080", "T-081", "T-082", "T-083"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")
    for iid in ("A-2", "A-3", "A-4"):
        b.play("A", iid, to="front_line")  # played this turn: rested
    return b.play("A", "A-5", to="energy_line")


def test_UA_EFFECT_OTHER_ENERGY_name_part_or_trait_checked() -> None:
    for pick in ("A-2", "A-3"):  # a character named with 「灯」; one with [灯守]
        b = _either_scene()
        r = b.act("A", "activate", card="A-1", ability=1, targets=[pick]).replay()
        assert verdict(r, b.last) == "legal", pick
        assert field_unit(r, "A", pick)["rested"] is False
    for pick in ("A-4", "A-5"):  # neither; a field card whose name has 「灯」 (not a character)
        b = _either_scene()
        r = b.act("A", "activate", card="A-1", ability=1, targets=[pick]).replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), pick


# -- UA-EFFECT-MAY-CHOOSE: "…を1枚レストにしてもよい。そうした場合、…" after other sentences ------------

MAY_REST = (
    "[登場時]カードを1枚引く。自分のフロントLのアクティブの〈ミラ〉を1枚レストにしてもよい。"
    "そうした場合、カードを1枚引く。"
)


def test_UA_EFFECT_MAY_CHOOSE_rest_after_other_sentences_read() -> None:
    assert one_ability(MAY_REST)["do"] == [
        {"op": "draw", "n": 1},
        {
            "op": "rest",
            "target": {
                "side": "own",
                "zone": "front_line",
                "name": "ミラ",
                "rested": False,
                "count": 1,
                "up_to": True,
            },
        },
        {"op": "draw", "n": 1, "if_done": True},
    ]
    for text in (  # two cards (both or none); nothing after it depending on it
        "[登場時]カードを1枚引く。自分のフロントLの〈ミラ〉を2枚レストにしてもよい。そうした場合、カードを1枚引く。",
        "[登場時]カードを1枚引く。自分のフロントLの〈ミラ〉を1枚レストにしてもよい。",
    ):
        assert not read_card(texted("P-58", text)).understood, text


def _may_rest_scene() -> Any:
    cards = [
        texted("P-59", MAY_REST),
        free_character("T-090", name="ミラ"),
        free_character("T-091", name="イロ"),
        free_character("T-092", name="ミラ"),
    ]
    deck = ["P-59", "T-090", "T-091", "T-092"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), phase="main")
    return b.play("A", "A-4", to="front_line")  # played this turn: rested


def test_UA_EFFECT_MAY_CHOOSE_rest_after_other_sentences_checked() -> None:
    b = _may_rest_scene()
    before = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1", to="front_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["rested"] is True
    assert len(player_state(r, "A")["hand"]) == before - 1 + 2  # played one, drew two
    b = _may_rest_scene()  # declined: the first draw only
    b.play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 1 + 1
    for wrong in ("A-3", "A-4"):  # not <ミラ>; rested already
        b = _may_rest_scene()
        b.play("A", "A-1", to="front_line", targets=[wrong])
        r = b.replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), wrong


# -- UA-EFFECT-ENERGY: one more energy this turn if the outside area holds N cards -------------

BOOST_IF = (
    "[起動メイン][レストにする] [手札を1枚場外に置く]自分の場外にカードが3枚以上ある場合、"
    "このキャラはこのターン中、発生エナジー+[紫]。"
)
DISCARD_ONE = {"when": "on_play", "do": [{"op": "discard", "n": 1}]}


def test_UA_EFFECT_ENERGY_if_the_outside_area_holds_n_cards_read() -> None:
    effect = one_ability(BOOST_IF)
    assert effect["cost"] == {"rest_self": True, "discard": 1}
    assert effect["do"] == [
        {
            "op": "generate",
            "color": "purple",
            "until": "turn",
            "target": "self",
            "if": {"side": "own", "zone": "outside", "min": 3},
        }
    ]
    # on play (not an activated ability's own card), or a condition on the cards' kind
    for text in (
        "[登場時]自分の場外にカードが3枚以上ある場合、このキャラはこのターン中、発生エナジー+[紫]。",
        "[起動メイン][レストにする] [手札を1枚場外に置く]自分の場外にイベントカードが3枚以上ある場合、"
        "このキャラはこのターン中、発生エナジー+[紫]。",
    ):
        assert not read_card(texted("P-60", text)).understood, text


def _boost_scene(dumps: int) -> Any:
    cards = [
        texted("P-61", BOOST_IF, color="purple", generates={"purple": 1}),
        free_character("T-100", color="purple", energy={"purple": 2}, generates={}),
        free_character("T-101", effects=[DISCARD_ONE], generates={}),
        free_character("T-102", effects=[DISCARD_ONE], generates={}),
    ]
    deck = ["P-61", "T-100", "T-101", "T-102"]
    b = board_at_turn_3(cards, deck, [], a_energy=("A-1",), phase="main")
    for iid, dumped in (("A-3", "A-5"), ("A-4", "A-6"))[:dumps]:  # A-5, A-6: fillers in hand
        b.play("A", iid, to="front_line", targets=[dumped])
    return b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["A-7"]})


def test_UA_EFFECT_ENERGY_if_the_outside_area_holds_n_cards_counted() -> None:
    # two cards put there before, the cost's third: one more purple, so A-2 (2 purple) is played
    b = _boost_scene(2)
    r = b.play("A", "A-2", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-IF" in rules_applied(r, b.last - 1)
    # one before, the cost's second: not three, so no more energy
    b = _boost_scene(1)
    r = b.play("A", "A-2", to="front_line").replay()
    assert verdict(r, b.last - 1) == "legal"  # the activation itself
    assert "UA-EFFECT-IF" in rules_applied(r, b.last - 1)
    assert "UA-ENERGY" in rules_broken(r, b.last)


# -- UA-EFFECT-BP-PER: "…1枚につき、このターン中、BP+500", counted as it resolves -----------------

PER = "[登場時]自分の場の他のキャラを1枚まで選び、自分の場のフロントLのキャラ1枚につき、このターン中、BP+500。"


def test_UA_EFFECT_BP_PER_read() -> None:
    (op,) = one_ability(PER)["do"]
    assert op == {
        "op": "bp",
        "amount": 500,
        "until": "turn",
        "per": {"side": "own", "zone": "front_line", "type": "character"},
        "target": {
            "side": "own",
            "zone": "field",
            "type": "character",
            "other": True,
            "count": 1,
            "up_to": True,
        },
    }
    for text in (  # other cards counted ("他の": relative to which card?), or a keyword given
        "[登場時]自分の場の他のキャラを1枚まで選び、自分のフロントLの他のキャラ1枚につき、このターン中、BP+500。",
        "[登場時]自分の場の他のキャラを1枚まで選び、自分のフロントLのキャラ1枚につき、このターン中、[狙い撃ち]を与える。",
    ):
        assert not read_card(texted("P-62", text)).understood, text


def test_UA_EFFECT_BP_PER_counted_as_it_resolves() -> None:
    cards = [texted("P-63", PER), free_character("T-110", bp=2000)]
    deck = ["P-63", "T-110", "T-110", "T-110"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), a_energy=("A-4",), phase="main")
    # A-2 and A-3 in the front line, and A-1 played there: 3 characters, +1500
    b.play("A", "A-1", to="front_line", targets=["A-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-4")["bp"] == 3500
    assert "UA-EFFECT-BP-PER" in rules_applied(r, b.last)
    # played to the energy line: 2 counted, +1000; it stays so when the front line changes
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), a_energy=("A-4",), phase="main")
    b.play("A", "A-1", to="energy_line", targets=["A-4"]).play("A", "A-5", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-4")["bp"] == 3000
    # the effect's own card is not "他の"
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3"), phase="main")
    b.play("A", "A-1", to="front_line", targets=["A-1"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)
    # rule option "unsure": the same change, the step unverifiable
    b = board_at_turn_3(
        cards,
        deck,
        [],
        a_front=("A-2", "A-3"),
        a_energy=("A-4",),
        phase="main",
        options={"bp_per_counted": "unsure"},
    )
    b.play("A", "A-1", to="front_line", targets=["A-4"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert field_unit(r, "A", "A-4")["bp"] == 3500


# -- UA-EFFECT-ENERGY-LESS-HAND: "自分の手札にある全ての〈X〉の必要エナジーを[緑×1]減らす" ----------------

LESS = "[自分のターン中]自分の手札にある全ての〈ミラ〉の必要エナジーを[緑×1]減らす。"


def test_UA_EFFECT_ENERGY_LESS_HAND_read() -> None:
    assert one_ability(LESS) == {
        "when": "continuous",
        "do": [
            {
                "op": "reduce_hand_energy",
                "card": {"name": "ミラ"},
                "color": "green",
                "n": 1,
                "during": "own_turn",
            }
        ],
    }
    for text in (  # the opponent's hand; two names; a colour not known
        "[自分のターン中]相手の手札にある全ての〈ミラ〉の必要エナジーを[緑×1]減らす。",
        "[自分のターン中]自分の手札にある全ての〈ミラ〉か〈イロ〉の必要エナジーを[緑×1]減らす。",
        "[自分のターン中]自分の手札にある全ての〈ミラ〉の必要エナジーを[白×1]減らす。",
    ):
        assert not read_card(texted("P-64", text)).understood, text


def _less_scene(reducer: str) -> Any:
    cards = [
        texted("P-65", LESS, color="green", generates={"green": 1}),
        free_character("T-120", color="green", generates={"green": 1}),
        free_character("T-121", name="ミラ", color="green", energy={"green": 2}),
        free_character("T-122", name="イロ", color="green", energy={"green": 2}),
    ]
    deck = [reducer, "T-121", "T-122"]
    return board_at_turn_3(cards, deck, [], a_energy=("A-1",), phase="main")


def test_UA_EFFECT_ENERGY_LESS_HAND_counted_when_a_card_is_played() -> None:
    # P-65 in the energy line (1 green) takes 1 green off <ミラ> (2 green): it is played
    b = _less_scene("P-65")
    r = b.play("A", "A-2", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    # not <ミラ>: it still requires 2
    b = _less_scene("P-65")
    r = b.play("A", "A-3", to="front_line").replay()
    assert "UA-ENERGY" in rules_broken(r, b.last)
    # without the card on the field: 2 required, 1 generated
    b = _less_scene("T-120")
    r = b.play("A", "A-2", to="front_line").replay()
    assert "UA-ENERGY" in rules_broken(r, b.last)


def test_UA_EFFECT_ENERGY_LESS_HAND_only_during_its_owners_turn() -> None:
    from judge.core.replay import position
    from judge.games.union_arena import handenergy

    st = position(_less_scene("P-65").doc).state
    assert handenergy.reduction(st, "A-2", "A") == {"green": 1}
    assert handenergy.reduction(st, "A-3", "A") == {}
    st.turn_player = "B"
    assert handenergy.reduction(st, "A-2", "A") == {}
