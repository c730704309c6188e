"""A raid onto one of several alternatives (issue 21, "Wrong readings first").

The official list prints a raid onto any of several characters as designations joined by
``/``: ``[レイド]〈A〉/〈B〉``, ``[レイド]［特徴：X］/〈B〉``.  Every alternative is read (by the
importer into the definition's ``raid``, by the reader when it checks the text against it)
and a base matching any one of them is legal (UA-RAID).  A raid line that cannot be read is
never judged as "no raid": whether the base may be raided onto is then not checked.

Made-up cards in the list's shapes (names, traits and texts invented; same punctuation and
full-width forms).
"""

from __future__ import annotations

from typing import Any

from judge.core.cardimport import import_ua_simulator
from judge.games.union_arena.cards import CardDef
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)
from schemas.union_arena import UnionArenaCardSchema

TAIL = "アクティブにし、フロントLに移動できる"


def record(number: int, text: str, **fields: Any) -> dict[str, Any]:
    """A made-up record of the simulators' list (the shape of ``officialCards.json``)."""
    rec = {
        "code": f"ZZ01BT/QQQ-1-{number:03d}",
        "baseCode": f"ZZ01BT/QQQ-1-{number:03d}",
        "name": f"灯守 {number}号",
        "title": "作り話",
        "titleCode": "QQQ",
        "cardType": "CHARACTER",
        "color": "PURPLE",
        "bp": 4000,
        "apCost": 1,
        "reqEnergy": 0,
        "genEnergy": 1,
        "traits": ["夜警団"],
        "triggers": ["RAID"],
        "effectText": text,
        "rarity": "SR",
        "isParallel": False,
        "isUnrevealed": False,
    }
    rec.update(fields)
    return rec


def imported(*records: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    out = import_ua_simulator(list(records), "made-up")
    return {c["code"]: c for c in out.document["cards"]}, out.note_lines()


def as_log_card(definition: dict[str, Any], code: str) -> dict[str, Any]:
    """An imported definition under a test code (free to play: AP 0, no energy)."""
    return {**definition, "code": code, "number": code, "title": "TST", "ap": 0, "energy": {}}


BASE_A = card("T-301", name="ルルーシュ・ランペ", bp=2000, ap=0, traits=["団員"])
BASE_B = card("T-302", name="シー・ツー", bp=2000, ap=0)
BASE_KNIGHT = card("T-303", name="朝霧 省吾", bp=2000, ap=0, traits=["四剣士"])
OTHER = card("T-304", name="通りすがり", bp=2000, ap=0)
BASE_TODO = card("T-305", name="藤堂 鏡", bp=2000, ap=0)


def main_phase(*cards: dict[str, Any]) -> LogBuilder:
    return LogBuilder(list(cards)).setup(first="A").proceed("A")


# -- the importer and the reader read every alternative ------------------------------------------


def test_UA_RAID_the_importer_keeps_every_alternative_of_a_raid() -> None:
    """Seed 000, 激躍: "指定的角色會寫在激躍圖示的右邊。用不同的括號區分不同的指定條件。
    <○○>表示【卡名為○○的卡片】 [特徵：○○]表示【持有○○特徵的卡片】": each designation after
    the icon is read, a name or a trait, all of them when several are written."""
    cards, notes = imported(
        record(
            1, f"[レイド]〈ルルーシュ・ランペ〉/〈シー・ツー〉{TAIL}\n[登場時]カードを1枚引く。"
        ),
        record(2, f"[レイド]［特徴：四剣士］/〈藤堂 鏡〉{TAIL}"),
        record(3, f"[レイド]〈月影（藤堂機）〉{TAIL}"),
        record(4, f"[レイド]カード名に「ゼロツー」を含むキャラ {TAIL}"),
    )
    assert cards["ZZ01BT/QQQ-1-001"]["raid"] == {
        "onto": [{"name": "ルルーシュ・ランペ"}, {"name": "シー・ツー"}]
    }
    assert cards["ZZ01BT/QQQ-1-002"]["raid"] == {"onto": [{"trait": "四剣士"}, {"name": "藤堂 鏡"}]}
    assert cards["ZZ01BT/QQQ-1-003"]["raid"] == {"onto": {"name": "月影（藤堂機）"}}  # as printed
    assert cards["ZZ01BT/QQQ-1-004"]["raid"] == {"onto": {"name_contains": "ゼロツー"}}
    assert notes == []
    for d in cards.values():  # a definition the card schema accepts, and its text agrees
        UnionArenaCardSchema().load(d)
        assert not [s for s in read_card(d).unread if s.startswith("[レイド]")], d["code"]


def test_UA_RAID_a_raid_line_the_importer_cannot_read_is_noted_never_cut_short() -> None:
    """Never keep part of a printed ability without saying so: a raid line that is not
    designations joined by '/' and the reminder is left out with a note (not the first
    alternative alone)."""
    cards, notes = imported(record(5, f"[レイド]〈甲〉と〈乙〉を重ねて{TAIL}"))
    assert "raid" not in cards["ZZ01BT/QQQ-1-005"]
    assert notes == [
        "[0] ZZ01BT/QQQ-1-005: raid: '[レイド]〈甲〉と〈乙〉を重ねてアクティブにし、フロントLに"
        "移動できる' is not read (its designation); left out"
    ]


def test_UA_RAID_the_reader_checks_every_alternative_against_the_definition() -> None:
    from judge.games.union_arena.raidtext import raid_designations

    line = f"[レイド]〈甲〉/［特徴：乙］{TAIL}"
    agreeing = card("P-1", raid={"onto": [{"trait": "乙"}, {"name": "甲"}]})
    assert read_card({**agreeing, "text": line}).understood  # in any order
    first_only = card("P-1", raid={"onto": {"name": "甲"}})
    assert read_card({**first_only, "text": line}).unread == (f"[レイド]〈甲〉/[特徴:乙]{TAIL}",)
    assert raid_designations(f"〈甲〉/〈乙〉／［特徴：丙］{TAIL}") == [
        {"name": "甲"},
        {"name": "乙"},
        {"trait": "丙"},
    ]


# -- UA-RAID: a base matching any alternative ----------------------------------------------------


def _raider(text: str) -> dict[str, Any]:
    cards, _ = imported(record(9, text))
    return as_log_card(cards["ZZ01BT/QQQ-1-009"], "T-309")


def test_UA_RAID_onto_the_second_alternative_is_legal() -> None:
    """Seed 000, 激躍: a raid card "可以在…指定的角色上面疊放來激躍" and "指定的角色會寫在激躍圖示
    的右邊": a base named by any one of the designations written there is a designated
    character.  Made from the list's text by the importer, read by the reader."""
    raider = _raider(f"[レイド]〈ルルーシュ・ランペ〉/〈シー・ツー〉{TAIL}")
    b = main_phase(BASE_B, raider).play("A", "T-302", to="front_line")
    b.act("A", "raid", card="T-309", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "A", b.last)["front_line"][0]["under"] == ["A-1"]


def test_UA_RAID_onto_either_of_a_trait_and_a_name_is_legal() -> None:
    """Seed 000: "<○○>表示【卡名為○○的卡片】", "[特徵：○○]表示【持有○○特徵的卡片】": the
    designations of 「［特徴：四剣士］/〈藤堂 鏡〉」 are met by a character with the trait and
    by the character of the name (the importer used to keep the trait alone)."""
    raider = _raider(f"[レイド]［特徴：四剣士］/〈藤堂 鏡〉{TAIL}")
    for base in (BASE_KNIGHT, BASE_TODO):
        b = main_phase(base, raider).play("A", base["code"], to="front_line")
        b.act("A", "raid", card="T-309", onto="A-1")
        r = b.replay()
        assert verdict(r, b.last) == "legal", (base["name"], r["steps"][b.last]["violations"])


def test_UA_RAID_onto_a_character_matching_no_alternative_is_illegal() -> None:
    """Seed 000: a raid goes onto "指定的角色" only: a base matching none of the designations
    is illegal, and the ruling names them all."""
    raider = _raider(f"[レイド]〈ルルーシュ・ランペ〉/〈シー・ツー〉{TAIL}")
    b = main_phase(OTHER, raider).play("A", "T-304", to="front_line")
    b.act("A", "raid", card="T-309", onto="A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-RAID"]
    (v,) = r["steps"][b.last]["violations"]
    assert "<ルルーシュ・ランペ> or <シー・ツー>" in v["message"]


def test_UA_RAID_onto_a_character_whose_name_contains_the_part_is_legal() -> None:
    """The text's own designation 「カード名に「X」を含むキャラ」: a character whose card name
    contains X."""
    raider = _raider(f"[レイド]カード名に「ランペ」を含むキャラ {TAIL}")
    b = main_phase(BASE_A, raider).play("A", "T-301", to="front_line")
    b.act("A", "raid", card="T-309", onto="A-1")
    assert verdict(b.replay(), b.last) == "legal"
    b = main_phase(BASE_B, raider).play("A", "T-302", to="front_line")
    b.act("A", "raid", card="T-309", onto="A-1")
    assert rules_broken(b.replay(), b.last) == ["UA-RAID"]


def test_UA_RAID_an_unread_raid_line_is_unverifiable_not_no_raid() -> None:
    """A verdict never claims more than the engine knows: a card whose printed raid was not
    read has a raid the engine cannot check, not "no raid"."""
    raider = as_log_card(
        {**card("T-309", bp=4000), "text": f"[レイド]〈甲〉と〈乙〉を重ねて{TAIL}"}, "T-309"
    )
    assert CardDef.from_dict(raider).raid_unread() is not None
    b = main_phase(OTHER, raider).play("A", "T-304", to="front_line")
    b.act("A", "raid", card="T-309", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-RAID" in rules_applied(r, b.last)
    assert player_state(r, "A", b.last)["front_line"][0]["under"] == ["A-1"]
