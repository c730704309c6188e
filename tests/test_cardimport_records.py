"""Records of the simulators' list whose fields disagree with each other (issue 21).

The list marks promotion cards ``ACTION_POINT`` while giving them a BP, printed text,
required energy and traits; other records may lack a field the card must have.  None of them
is imported silently: each is noted by record and disagreement and is either imported *not
relied on* (``unsupported``: the card is unsupported, and ``judge cards coverage`` counts it
as not understood, with the reason) or left out (its type or a number the engine needs is
not known).  Made-up records in the list's shape; no publisher's text.
"""

from __future__ import annotations

from typing import Any

from judge.core.cardimport import import_ua_simulator
from judge.games.union_arena.cards import CardDef
from judge.games.union_arena.coverage import coverage
from judge.games.union_arena.testing import (
    LogBuilder,
    card,
    rules_applied,
    verdict,
)
from schemas.union_arena import UnionArenaCardSchema


def record(number: int, **fields: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "code": f"ZZPR/QQQ-1-{number:03d}",
        "name": f"灯守 {number}号",
        "titleCode": "QQQ",
        "cardType": "CHARACTER",
        "color": "BLUE",
        "bp": 3000,
        "apCost": 1,
        "reqEnergy": 2,
        "genEnergy": 1,
        "traits": ["夜警団"],
        "triggers": [],
        "effectText": "[登場時]カードを1枚引く。",
        "isUnrevealed": False,
    }
    rec.update(fields)
    return rec


#: a real AP card as the list writes it (colour, AP cost and generated energy on every one)
AP_RECORD = {
    "code": "ZZPR/QQQ-AP01",
    "name": "アクションポイントカード(作り話)",
    "titleCode": "QQQ",
    "cardType": "ACTION_POINT",
    "color": "PURPLE",
    "bp": None,
    "apCost": 1,
    "reqEnergy": 0,
    "genEnergy": 1,
    "traits": [],
    "triggers": [],
    "effectText": "",
}


def one(rec: dict[str, Any]) -> tuple[dict[str, Any] | None, list[str], dict[str, Any]]:
    out = import_ua_simulator([rec], "made-up")
    cards = out.document["cards"]
    return (cards[0] if cards else None), out.note_lines(), out.document["source"]


def test_an_ap_card_record_is_an_ap_card_without_a_note() -> None:
    d, notes, _ = one(AP_RECORD)
    assert d is not None and d["type"] == "ap" and notes == []
    assert coverage({d["code"]: d})["understood"] == 1


def test_an_action_point_record_with_a_bp_is_a_character_not_relied_on() -> None:
    """Only characters have BP: the record is imported as a character, noted, and marked
    unsupported: its text is not read, and coverage counts it as not understood, with the
    reason (it used to be an AP card, 'understood: no printed text')."""
    d, notes, _ = one(record(1, cardType="ACTION_POINT", triggers=["DRAW"]))
    assert d is not None and d["type"] == "character" and d["bp"] == 3000
    why = (
        "the record's cardType ACTION_POINT disagrees with its bp, effectText, reqEnergy, "
        "traits, triggers: imported as a character (only characters have BP), not relied on"
    )
    assert d["unsupported"] == [why]
    assert notes == [f"[0] ZZPR/QQQ-1-001: {why} (unsupported)"]
    UnionArenaCardSchema().load(d)
    figures = coverage({d["code"]: d})
    assert figures["understood"] == 0 and figures["not_relied_on"] == 1
    assert figures["unread_templates"][0]["example"] == why
    assert CardDef.from_dict(d).unread[0] == why


def test_UA_EFFECT_UNSUPPORTED_a_card_not_relied_on_does_not_execute_its_text() -> None:
    """A card whose printed text is not read in full is unsupported: "the step where it
    resolves is unverifiable" (docs/cards.md).  An imported card not relied on is the same,
    however well its text reads."""
    d, _, _ = one(record(2, cardType="ACTION_POINT"))
    assert d is not None
    hero = {**d, "code": "T-401", "number": "T-401", "title": "TST", "ap": 0, "energy": {}}
    b = LogBuilder([hero, card("T-402", bp=1000, ap=0)]).setup(first="A").proceed("A")
    b.play("A", "T-401", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert rules_applied(r, b.last) == ["UA-EFFECT-UNSUPPORTED"]
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "cardType ACTION_POINT disagrees" in why


def test_an_action_point_record_with_text_and_no_bp_is_left_out() -> None:
    """Its type is not known (a character would have a BP; a field or an event may have
    text): left out, noted, and counted by kind in the set's source."""
    out = import_ua_simulator([record(3, cardType="ACTION_POINT", bp=None), AP_RECORD], "made-up")
    assert [c["code"] for c in out.document["cards"]] == ["ZZPR/QQQ-AP01"]
    assert out.note_lines() == [
        "[0] ZZPR/QQQ-1-003: left out: cardType ACTION_POINT disagrees with its effectText, "
        "reqEnergy 2, traits: its type is not known (an AP card has none of them; a character "
        "would have a BP)"
    ]
    assert out.document["source"]["left_out_why"] == {
        "cardType ACTION_POINT with a card's fields and no BP: type not known": 1
    }


def test_an_event_or_a_field_with_a_bp_is_left_out() -> None:
    """Only characters have BP: which of cardType and bp is wrong is not known (the importer
    used to drop the BP without a word)."""
    for kind in ("EVENT", "FIELD"):
        d, notes, _ = one(record(4, cardType=kind, bp=2000))
        assert d is None
        assert notes == [
            f"[0] ZZPR/QQQ-1-004: left out: a {kind} with bp 2000: only characters have BP, "
            "so its cardType or its bp is wrong"
        ]


def test_a_character_with_no_bp_is_left_out() -> None:
    d, notes, _ = one(record(5, bp=None))
    assert d is None and notes == ["[0] ZZPR/QQQ-1-005: left out: a character with no BP"]


def test_a_record_without_required_or_generated_energy_is_left_out() -> None:
    """A missing reqEnergy used to become 0 without a word, so any play of the card was
    judged to meet its required energy."""
    for field in ("reqEnergy", "genEnergy", "apCost"):
        rec = record(6)
        del rec[field]
        d, notes, _ = one(rec)
        assert d is None and notes == [f"[0] ZZPR/QQQ-1-006: left out: no {field}"]


def test_UA_ENERGY_a_missing_required_energy_is_not_taken_for_zero() -> None:
    """UA-ENERGY: a card's required energy must be met.  With the record's reqEnergy
    missing the card is not in the set, so a log cannot be judged to meet it (it used to be
    imported needing none: a play with no energy was legal)."""
    rec = record(7)
    del rec["reqEnergy"]
    d, _, _ = one(rec)
    assert d is None


def test_a_colour_the_game_does_not_have_is_left_out() -> None:
    d, notes, _ = one(record(8, color="BLACK"))
    assert d is None
    assert notes == [
        "[0] ZZPR/QQQ-1-008: left out: color 'BLACK' is not a colour of the game "
        "(purple, red, blue, green, yellow)"
    ]


def test_a_raid_trigger_with_no_raid_in_the_text_is_not_relied_on() -> None:
    d, notes, _ = one(record(9, triggers=["RAID"]))
    assert d is not None and d["trigger"] == "raid"
    why = "the record's RAID trigger disagrees with its text, which has no [レイド]"
    assert d["unsupported"] == [why] and notes == [f"[0] ZZPR/QQQ-1-009: {why} (unsupported)"]


def test_a_raid_on_a_card_that_is_not_a_character_is_noted() -> None:
    text = "[レイド]〈灯守〉アクティブにし、フロントLに移動できる"
    d, notes, _ = one(record(10, cardType="FIELD", bp=None, effectText=text))
    assert d is not None and "raid" not in d
    assert notes == ["[0] ZZPR/QQQ-1-010: raid: a [レイド] on a field card; left out"]


def test_a_raid_named_inside_another_ability_is_no_raid_line() -> None:
    """「[レイド]を持つ…」 inside a sentence is not the card's raid (it used to be noted as a
    raid naming no card)."""
    text = "[自分のターン中]自分の場に[レイド]を持つキャラがある場合、このキャラはBP+1000。"
    d, notes, _ = one(record(11, effectText=text))
    assert d is not None and "raid" not in d and notes == []


def test_UA_RAID_a_raid_line_not_read_is_known_to_the_engine() -> None:
    """A card whose printed raid was not read says so (``raid_unread``): the raid and the
    RAID trigger do not judge its base (never 'has no raid', 'names another character')."""
    raider = card("T-411", bp=4000, ap=0, trigger="raid")
    raider["text"] = "[レイド]〈甲〉と〈乙〉を重ねてアクティブにし、フロントLに移動できる"
    assert CardDef.from_dict(raider).raid_unread() is not None


def test_coverage_an_ap_card_with_text_or_effects_it_cannot_execute_are_not_understood() -> None:
    ap = {**card("T-421", "ap"), "text": "[登場時]カードを1枚引く。"}
    by_hand = {**card("T-422"), "effects": [{"when": "on_play", "text": "何かをする。"}]}
    executed = {
        **card("T-423"),
        "text": "[登場時]カードを1枚引く。",
        "effects": [{"when": "on_play", "do": [{"op": "draw", "n": 1}]}],
    }
    figures = coverage({c["code"]: c for c in (ap, by_hand, executed)})
    assert figures["understood"] == 1 and figures["effects_given"] == 1
    assert figures["not_relied_on"] == 2
    reasons = sorted(t["example"] for t in figures["unread_templates"])
    assert reasons == [
        "an AP card with printed text (AP cards have none): not read",
        "effects written by hand that the engine cannot execute",
    ]


def test_the_rest_of_a_consistent_record_is_imported_as_before() -> None:
    d, notes, _ = one(record(12))
    assert d is not None and notes == [] and "unsupported" not in d


def test_a_title_code_with_a_digit_is_a_title_code() -> None:
    """The official list has a title code with a digit (UA28BT/KJ8-1-…): its records were
    left out as "no three-letter title" (24 of 940 records of the sample drawn in docs/cards.md,
    a whole title).  A made-up title Q8Q, from ``titleCode`` or from the code; the set and a
    deck of it are checked as any other (UA-DECK-TITLE compares the codes)."""
    d, notes, source = one(record(7, code="ZZ28BT/Q8Q-1-007", titleCode="Q8Q"))
    assert d is not None and d["title"] == "Q8Q" and notes == [] and source["left_out"] == 0
    d, _, _ = one(record(8, code="ZZ28BT/Q8Q-1-008", titleCode=None))
    assert d is not None and d["title"] == "Q8Q"
    assert UnionArenaCardSchema().validate(d) == {}
    d, _, source = one(record(9, code="ZZ28BT/Q8-1-009", titleCode=None))
    assert d is None and source["left_out"] == 1  # two characters: not a title code
