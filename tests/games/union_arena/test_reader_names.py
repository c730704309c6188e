"""Names and traits compared in one form (UA-NAME-FORM, ``judge/core/names.py``).

The official card list prints names with full-width forms (``（）＆！～：``, full-width letters
and digits) and its texts refer to them in the same forms; the reader reads the text
normalised (NFKC), so the text's 〈灯台（北塔機）〉 names ``灯台(北塔機)``.  Compared character
by character, the card printed ``灯台（北塔機）`` was never the card the text names: taking it
was illegal (UA-EFFECT-TARGETS), a condition on it false (UA-EFFECT-IF), a raid onto it
illegal (UA-RAID).  Every card here is made up, in the list's formats and punctuation.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.names import has_trait, name_contains, name_key, same_name
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    card,
    event_types,
    free_character,
    player_state,
    rules_broken,
    verdict,
)

#: made-up names with the list's full-width forms: parentheses, ampersand, exclamation mark,
#: full-width tilde, full-width letters and digits, full-width colon
NAMES = ["灯台（北塔機）", "星＆月", "ハロー！", "夜風～ん", "ＸＹＺ１号", "霧犬：白＆黒"]
IDS = ["parentheses", "ampersand", "exclamation", "tilde", "letters-digits", "colon"]


def printed(code: str, text: str, **fields: Any) -> dict[str, Any]:
    """A free character with printed ``text`` and no effects: read by the engine."""
    return {**free_character(code, **fields), "text": text}


# -- UA-NAME-FORM ---------------------------------------------------------------------------------


def test_UA_NAME_FORM_one_form_for_every_spelling_of_a_name() -> None:
    """UA-NAME-FORM: "compared in one form, not character by character: Unicode NFKC …, then
    the wave dash 〜 as ~, the minus sign − as -, the middle dot · as ・ and curly quotes as
    straight ones, and runs of spaces as one space with none at either end. Spaces inside a
    name are kept and case is not folded.\""""
    assert same_name("灯台（北塔機）", "灯台(北塔機)")
    assert same_name("星＆月", "星&月") and same_name("ハロー！", "ハロー!")
    assert same_name("ＸＹＺ１号", "XYZ1号") and same_name("ﾊﾛｰ!", "ハロー!")
    assert same_name("夜風～ん", "夜風〜ん") and same_name("夜風~ん", "夜風〜ん")
    assert same_name("ミラ・ノクス", "ミラ·ノクス") and same_name("ミラ・ノクス", "ミラ･ノクス")
    assert same_name("俺達は”灯守”だ！", '俺達は"灯守"だ!')
    assert same_name("Ｘ－９", "X−9")
    assert same_name("灯守　ミラ", "灯守 ミラ") and same_name(" 灯守  ミラ ", "灯守 ミラ")
    # what is not folded: a space that is not there, case, the prolonged sound mark
    assert not same_name("灯守ミラ", "灯守 ミラ")
    assert not same_name("XYZ", "xyz")
    assert not same_name("ミラー", "ミラ-")
    assert has_trait(["ＫＮＴ隊", "灯守"], "KNT隊") and not has_trait(["灯守"], "灯")
    assert name_contains("ＸＹＺ１号", "XYZ") and not name_contains("ＸＹＺ１号", "ABC")
    assert name_key("灯台（北塔機）") == "灯台(北塔機)"


# -- UA-EFFECT-TARGETS: taking the named card -----------------------------------------------------


@pytest.mark.parametrize("name", NAMES, ids=IDS)
def test_UA_EFFECT_TARGETS_takes_from_the_outside_area_the_card_printed_with_full_width_forms(
    name: str,
) -> None:
    """UA-EFFECT-TARGETS: "<Name> is a card with that name … A target that does not fit makes
    the choice illegal."  The card printed ``name`` is the card the text's 〈name〉 names."""
    text = f"[起動メイン][手札を1枚場外に置く]自分の場外から〈{name}〉を1枚まで手札に加える。"
    cards = [printed("T-TAK", text), free_character("T-NAM", name=name), free_character("T-OTH")]
    b = board_at_turn_3(cards, ["T-TAK", "T-NAM", "T-OTH"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["T-NAM"]})
    b.act("A", "resolve", source="A-1", targets=["T-NAM"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert player_state(r, "A")["outside"] == []
    # a card of another name is still not the card the text names
    b = board_at_turn_3(cards, ["T-TAK", "T-NAM", "T-OTH"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["T-OTH"]})
    b.act("A", "resolve", source="A-1", targets=["T-OTH"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_LOOK_a_name_that_contains_full_width_letters() -> None:
    """UA-EFFECT-LOOK: "each must meet the condition (… "カード名に「X」を含む", a name that
    contains X …)": the text's 「ＸＹＺ」 (read XYZ) is in the name printed ＸＹＺ１号."""
    text = (
        "[登場時]自分の山札の上から3枚見る。その中からカード名に「ＸＹＺ」を含むキャラカードを"
        "1枚まで公開し手札に加える。残りを望む順で自分の山札の下に置く。"
    )
    cards = [printed("P-9", text), free_character("T-020", name="ＸＹＺ１号")]
    b = board_at_turn_3(cards, ["P-9", "T-020"], [], phase="main")
    r = b.play("A", "A-1", to="front_line", targets=["T-020", {"bottom": ["T-000"] * 2}]).replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "A-2" in player_state(r, "A")["hand"]


# -- UA-EFFECT-IF: a named card on your field -----------------------------------------------------


@pytest.mark.parametrize("name", NAMES, ids=IDS)
def test_UA_EFFECT_IF_a_card_printed_with_full_width_forms_is_on_the_field(name: str) -> None:
    """UA-EFFECT-IF: "what follows happens only if, as it is carried out, a card on your field
    … has that name": the card printed ``name`` is on the field, so the draw happens."""
    text = f"[登場時]自分の場に〈{name}〉がある場合、カードを1枚引く。"
    cards = [printed("P-1", text), free_character("T-NAM", name=name)]
    b = board_at_turn_3(cards, ["P-1", "T-NAM"], [], a_front=("A-2",), phase="main")
    hand = len(player_state(b.replay(), "A")["hand"])
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert "draw" in event_types(r, b.last)
    assert len(player_state(r, "A")["hand"]) == hand - 1 + 1


def test_UA_EFFECT_IF_a_trait_printed_with_full_width_letters_is_on_the_field() -> None:
    """UA-EFFECT-IF: "… or that [Trait]": the text's ［特徴：ＫＮＴ隊］ (read KNT隊) is the trait
    printed ＫＮＴ隊."""
    text = "[登場時]自分の場に［特徴：ＫＮＴ隊］がある場合、カードを1枚引く。"
    cards = [printed("P-1", text), free_character("T-KNT", traits=["ＫＮＴ隊"])]
    b = board_at_turn_3(cards, ["P-1", "T-KNT"], [], a_front=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert "draw" in event_types(r, b.last)


# -- UA-RAID: a raid onto the card the designation names ------------------------------------------


def _raid(base: dict[str, Any], raider: dict[str, Any]) -> dict[str, Any]:
    b = LogBuilder([base, raider]).setup(first="A").proceed("A")
    b.play("A", base["code"], to="front_line").act("A", "raid", card=raider["code"], onto="A-1")
    r = b.replay()
    return {"verdict": verdict(r, b.last), "broken": rules_broken(r, b.last)}


@pytest.mark.parametrize("name", NAMES, ids=IDS)
def test_UA_RAID_onto_a_card_printed_with_full_width_forms(name: str) -> None:
    """UA-RAID: "<Name> means a card named Name": a raid designation written as the reader
    reads the text (NFKC) names the card printed with full-width forms."""
    base = card("T-201", name=name, ap=0)
    raider = card("T-202", name="Raider", bp=4000, raid={"onto": {"name": name_key(name)}})
    assert _raid(base, raider) == {"verdict": "legal", "broken": []}
    other = card("T-201", name="Someone Else", ap=0)
    assert _raid(other, raider) == {"verdict": "illegal", "broken": ["UA-RAID"]}


def test_UA_RAID_an_imported_raid_written_with_the_other_wave_dash() -> None:
    """UA-RAID: the list prints 夜風～ん (U+FF5E); a text typed on another system writes
    〈夜風〜ん〉 (U+301C WAVE DASH, which NFKC leaves as it is): the same name."""
    from judge.core.cardimport import import_ua_simulator

    raw = {
        "code": "XX01/TST-1-002",
        "name": "夜風～ん",
        "cardType": "CHARACTER",
        "color": "BLUE",
        "bp": 4000,
        "apCost": 1,
        "reqEnergy": 0,
        "genEnergy": 1,
        "traits": [],
        "triggers": ["RAID"],
        "effectText": "[レイド]〈夜風〜ん〉アクティブにし、フロントLに移動できる",
    }
    (raider,) = import_ua_simulator([raw], name="raid").document["cards"]
    base = card("T-201", name="夜風～ん", ap=0)
    assert _raid(base, raider) == {"verdict": "legal", "broken": []}


def test_UA_RAID_onto_a_trait_printed_with_full_width_letters() -> None:
    """UA-RAID: "[trait] means a card with that trait": ［特徴：ＫＮＴ隊］ is the trait KNT隊."""
    base = card("T-201", name="Knight", ap=0, traits=["KNT隊"])
    raider = card("T-202", name="Raider", bp=4000, raid={"onto": {"trait": "ＫＮＴ隊"}})
    assert _raid(base, raider) == {"verdict": "legal", "broken": []}
