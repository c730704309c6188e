"""The ``rs-catalog`` importer (RS-IMPORT) and the deck note it reads (RS-DECK-ANY-COPIES), on
made-up records in the catalogue's format (invented names and texts, the same sentence shapes).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from judge.cli import main
from judge.core.cardsets import read_card_set
from judge.games.rangers_strike.catalog import import_rs_catalog
from judge.games.rangers_strike.coverage import understanding
from judge.games.rangers_strike.decks import check_deck
from judge.games.rangers_strike.reader import read_card

ANY = "※このカードはデッキに好きな枚数入れてもよい。"


def rec(code: str, **kw: Any) -> dict[str, Any]:
    """A made-up unit record in the catalogue's shape."""
    d: dict[str, Any] = {
        "id": code,
        "name": f"灯火レンジャー{code[-3:]}",
        "type": "unit",
        "category": "WB",
        "rarity": "N",
        "expansion": "legendZ",
        "powerCost": 2,
        "imageUrl": f"/cards/{code}.jpg",
        "imageSourceUrl": f"https://example.invalid/{code}.jpg",
        "bp": 3000,
        "size": "S",
        "sp": 1,
        "text": "なし",
        "features": ["レッド", "男"],
    }
    d.update(kw)
    return {k: v for k, v in d.items() if v is not None}


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_RS_IMPORT_maps_each_field() -> None:
    got = import_rs_catalog(
        {
            "expansion": "full-playable",
            "cards": [
                rec("ZZ-001", comboNumber=2, text="【灯火斬り】1枚ドローする。"),
                rec("ZZ-002", type="vehicle", bp=None, sp=None, text="なし"),
                rec(
                    "ZZ-003",
                    type="operation",
                    bp=None,
                    sp=None,
                    size=None,
                    features=None,
                    powerCost=3,
                    text="※常駐 ※タッグ（これは他の自軍常駐と合わせて2枚まで配置でき、"
                    "太字部分を実行するかわりに、他の自軍常駐の太字部分を実行できる） 自軍Sユニットを1体選ぶ。",
                ),
                rec(
                    "ZZ-004",
                    type="operation",
                    bp=None,
                    sp=None,
                    size=None,
                    features=None,
                    powerCost=0,
                    text="2枚ドローする。",
                ),
            ],
        },  # fmt: skip
        "zz",
    )
    cards = {c["code"]: c for c in got.document["cards"]}
    assert cards["ZZ-001"] == {
        "code": "ZZ-001",
        "name": "灯火レンジャー001",
        "type": "unit",
        "category": "WB",
        "power": 2,
        "bp": 3000,
        "sp": 1,
        "combination": {"number": 2, "effects": []},
        "size": "S",
        "features": ["レッド", "男"],
        "expansion": "legendZ",
        "text": "【灯火斬り】1枚ドローする。",
    }
    assert "text" not in cards["ZZ-002"]  # なし: no printed text
    assert cards["ZZ-002"]["bp"] == 0 and "unsupported" not in cards["ZZ-002"]  # RS-VEHICLE
    assert cards["ZZ-003"]["operation"] == "resident" and cards["ZZ-003"]["tag"] is True
    assert cards["ZZ-004"]["operation"] == "normal" and "unsupported" not in cards["ZZ-004"]
    assert read_card_set(got.document).game == "rangers-strike"
    assert got.document["source"] == {"importer": "rs-catalog", "read": 4, "left_out": 0}


def test_RS_IMPORT_flags_what_the_engine_has_no_place_for() -> None:
    got = import_rs_catalog(
        [
            rec(
                "ZZ-010",
                powerCost="5+",
                rushAdditionalCondition={
                    "conditionId": "send_s_unit_to_power",
                    "text": "自軍Sユニットを1体パワーゾーンに送る",
                },
            ),
            rec("ZZ-011", powerCost="9-"),
            rec("ZZ-012", sp="x"),
            rec("ZZ-015", text=""),  # not transcribed: なし is written for no text
        ],  # fmt: skip
        "zz",
    )
    cards = {c["code"]: c for c in got.document["cards"]}
    assert cards["ZZ-010"]["power"] == 5 and len(cards["ZZ-010"]["unsupported"]) == 2
    assert "自軍Sユニットを1体パワーゾーンに送る" in cards["ZZ-010"]["unsupported"][1]
    assert cards["ZZ-011"]["power"] == 0  # 9-: the condition can make it 0
    assert cards["ZZ-012"]["sp"] == 0 and "'x'" in cards["ZZ-012"]["unsupported"][0]
    assert "text" not in cards["ZZ-015"] and "text is empty" in cards["ZZ-015"]["unsupported"][0]
    for card in cards.values():  # never relied on, whatever their text reads
        assert not understanding(card).understood
    assert all("(unsupported)" in line for line in got.note_lines())


def test_RS_RIDER_COMBINATION_imported_from_RC_with_its_named_effect() -> None:
    """The catalogue's ``comboNumber`` ``"RC"`` is the rider combination; the unit's named
    effect is its RC effect (atwiki renst 228: "効果名を持つテキストの効果が有効になる")."""
    got = import_rs_catalog([rec("ZZ-014", comboNumber="RC", text="【疾走】1枚ドローする。")], "zz")
    imported = got.document["cards"][0]
    assert imported["combination"] == {"rc": True, "effects": []}
    assert "unsupported" not in imported
    assert understanding(imported).understood
    assert [e["do"] for e in read_card(imported).combination] == [[{"op": "draw", "n": 1}]]


def test_RS_SP_FRACTION_imported_as_sp_at_and_RS_SP_SPECIAL_as_sp_special() -> None:
    """The catalogue's ``"1/4"`` (SP 1 while 4th in the battle area) and ``"special"`` (the
    printed ！: SP from the card's NC or text alone) are SP the engine now models."""
    got = import_rs_catalog([rec("ZZ-016", sp="1/4"), rec("ZZ-017", sp="special")], "zz")
    cards = {c["code"]: c for c in got.document["cards"]}
    assert cards["ZZ-016"]["sp"] == 0 and cards["ZZ-016"]["sp_at"] == {"sp": 1, "position": 4}
    assert cards["ZZ-017"]["sp"] == 0 and cards["ZZ-017"]["sp_special"] is True
    assert "unsupported" not in cards["ZZ-016"] and "unsupported" not in cards["ZZ-017"]
    assert read_card_set(got.document).game == "rangers-strike"  # the schema accepts both


def test_RS_IMPORT_leaves_out_and_names_what_it_cannot_map() -> None:
    got = import_rs_catalog(
        [
            rec("ZZ-020"),
            rec("ZZ-020", name="二枚目"),
            rec("ZZ-021", category=["MA", "DA"]),
            rec(
                "ZZ-022",
                type="operation",
                bp=None,
                text="※カウンター（これは敵軍ターン中にのみ使用できる） 1枚ドローする。",
            ),
            rec("ZZ-023", bp=None),
            rec("ZZ-024", type="command"),
            {"name": "番号なし"},
            rec("ZZ-025", powerCost="たくさん", hp=3),
        ],  # fmt: skip
        "zz",
    )
    assert [c["code"] for c in got.document["cards"]] == ["ZZ-020"]
    lines = got.note_lines()
    assert "[1] ZZ-020: left out: the id again (also [0])" in lines
    assert any(line.startswith("[2] ZZ-021: left out: category ['MA', 'DA']") for line in lines)
    assert any(
        line.startswith("[3] ZZ-022: left out: an operation whose text names") for line in lines
    )
    assert "[4] ZZ-023: left out: a unit with bp None" in lines
    assert "[5] ZZ-024: left out: unknown type 'command'" in lines
    assert "[6]: left out: no id" in lines
    assert any(line.startswith("[7] ZZ-025: left out: powerCost") for line in lines)
    assert got.document["source"]["left_out"] == 7


def test_RS_IMPORT_command_writes_a_set_coverage_and_show_read_it(tmp_path: Path) -> None:
    src = tmp_path / "cards.json"
    doc = {
        "expansion": "x",
        "cards": [rec("ZZ-030"), rec("ZZ-031", text="【霧の構え】何かをする。")],
    }
    src.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "set.json"
    res = run("cards", "import", "rs-catalog", str(src), "-o", str(out))
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text())["game"] == "rangers-strike"
    cov = run("cards", "coverage", str(out), "--json")
    assert cov.exit_code == 0, cov.output
    figures = json.loads(cov.output)
    assert figures["understood"] == 1 and figures["sets"] == {
        "legendZ": {"cards": 2, "understood": 1, "percent": 50.0}
    }
    shown = run("cards", "show", str(out), "ZZ-031", "--json")
    assert shown.exit_code == 0, shown.output
    card = json.loads(shown.output)["cards"][0]
    assert card["understood"] is False and card["unread"] == ["【霧の構え】何かをする。"]
    (tmp_path / "bad.json").write_text('{"cards": 3}', encoding="utf-8")
    bad = run("cards", "import", "rs-catalog", str(tmp_path / "bad.json"), "-o", str(out))
    assert bad.exit_code == 2


def test_RS_DECK_ANY_COPIES_a_card_printed_so_is_not_counted_by_the_copy_limit() -> None:
    """The printed sentence: you may put any number of this card in your deck."""
    records = [rec("ZZ-040", text=f"{ANY} 【隊列】何かをする。")]
    records += [rec(f"ZZ-04{n}") for n in range(1, 4)]
    cards = {c["code"]: c for c in import_rs_catalog(records, "zz").document["cards"]}
    assert cards["ZZ-040"]["any_copies"] is True and "any_copies" not in cards["ZZ-041"]
    deck = ["ZZ-040"] * 31 + ["ZZ-041", "ZZ-042", "ZZ-043"] * 3
    assert check_deck(deck, [], cards) == []
    # every other card still counts: a fourth copy breaks RS-DECK-COPIES
    broken = check_deck([*deck, "ZZ-041"], [], cards)
    assert [p.rule for p in broken] == ["RS-DECK-COPIES"] and broken[0].cards == ("ZZ-041",)
