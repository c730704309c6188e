"""The zx-js importer of Z/X (ZX-IMPORT), the printed-text reader (ZX-TEXT-READ, the keyword
abilities of seed 003), coverage and ``judge cards show``, end to end.

Made-up records in the database's shape (``var dbMain=[...]``) with made-up names; the
sentences are the game's grammar and its keywords' reminders, not any card's text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from judge import cli
from judge.games.zx.coverage import coverage, understanding
from judge.games.zx.reader import read_card
from judge.games.zx.render import render_card
from judge.games.zx.zxjs import import_zx_js

START = "【常】スタートカード(このカードをプレイヤースクエアに置いてゲームを開始できる。)"
RECOVERY = (
    "【常】ライフリカバリー（このカードがライフから登場する際、あなたのライフが相手のライフ以下"
    "ならば、１点回復する。）"
)
VOID = (
    "【常】ヴォイドブリンガー（このカードがライフから登場する際、あなたのライフが相手のライフ以下"
    "ならば、スクエアにあるゼクスを１枚選び、トラッシュに置いてよい。）"
)
POWER = "【自】このカードが登場した時、スクエアにあるゼクスを１枚選び、ターン終了時まで、パワーを＋1500する。"


def record(serial: str, kind: str = "Z/X", **fields: Any) -> dict[str, Any]:
    """A made-up record: a red cost 2, power 4000 Z/X with no ability."""
    rec: dict[str, Any] = {
        "CardSet": "Z01「作り話」",
        "CardColor_Ch": "红",
        "CardColor_En": "",
        "SerialNo": serial,
        "Version": "",
        "Img_Suffix": "",
        "CardName_Jp": "灯守の騎士",
        "CardName_Ch": "灯守骑士",
        "Rarity": "C",
        "Type": kind,
        "Race": "勇者",
        "Cost": "2",
        "Power": "4000",
        "Icon": "-",
        "Ability_Ch": "-",
        "Ability_Jp": "-",
        "Description_Ch": "",
        "Description_Jp": "",
        "Neta": "",
        "Relation": "",
        "Illustrator": "",
        "Tag": "",
        "Nickname": "",
        "Ruling": "",
        "TsugKomi": "",
    }
    if kind == "事件":
        rec.update(Power="-", Race="-")
    if kind == "玩家":
        rec.update(Cost="-", Power="-", Race="-", CardColor_Ch="")
    rec.update(fields)
    return rec


def js(*records: dict[str, Any]) -> str:
    return "var dbMain=" + json.dumps(list(records), ensure_ascii=False)


def run(*args: str) -> Any:
    return CliRunner().invoke(cli.main, list(args))


def test_ZX_IMPORT_maps_each_field() -> None:
    got = import_zx_js(
        js(
            record("Z01-001", Icon="IG", Ability_Jp=START, Ability_Ch="【常】起始卡"),
            record("Z01-002", "ZX", Race="勇者/魔人", CardColor_Ch="蓝"),
            record("Z01-003", "事件", Cost="1", Ability_Jp="【★】カードを1枚引く。"),
            record("Z01-004", "玩家"),
        ),
        "demo",
    )
    cards = {c["code"]: c for c in got.document["cards"]}
    assert cards["Z01-001"] == {
        "code": "Z01-001",
        "name": "灯守の騎士",
        "type": "zx",
        "color": "red",
        "cost": 2,
        "power": 4000,
        "races": ["勇者"],
        "ig": True,
        "text_ch": "【常】起始卡",
        "text": START,
    }
    assert cards["Z01-002"]["races"] == ["勇者", "魔人"] and cards["Z01-002"]["color"] == "blue"
    assert cards["Z01-003"]["type"] == "event" and "power" not in cards["Z01-003"]
    assert cards["Z01-004"] == {"code": "Z01-004", "name": "灯守の騎士", "type": "player"}
    assert got.left_out == 0 and got.notes == []


def test_ZX_IMPORT_leaves_out_and_names_what_it_cannot_map() -> None:
    got = import_zx_js(
        js(
            record("Z01-001"),
            record("Z01-001", Version="（闪卡）"),  # a second printing
            record("", Type=""),
            record("Z01-002", Power="-"),  # a Z/X with no power
            record("Z01-003", "事件", Power="3000"),  # an event with power
            record("Z01-004", "Spell"),
            record("Z01-005", Ability_Jp="", Ability_Ch="【自】某效果。"),
            record("Z01-006", CardColor_Ch="龙", Icon="ES"),
        ),
        "demo",
    )
    assert [c["code"] for c in got.document["cards"]] == ["Z01-001", "Z01-005", "Z01-006"]
    assert got.document["source"]["left_out_why"] == {
        "a Z/X card without Power": 1,
        "a 事件 card with power": 1,
        "no SerialNo": 1,
        "the SerialNo again": 1,
        "unknown Type": 1,
    }
    lines = got.note_lines()
    assert "[1] Z01-001: left out: the SerialNo again (also [0])" in lines
    assert any(line.startswith("[6] Z01-005: Ability_Jp is empty") for line in lines)
    assert "[7] Z01-006: CardColor_Ch '龙' is not one colour; color left out" in lines
    assert "[7] Z01-006: Icon 'ES' is not the IG icon; left out" in lines
    flagged = got.document["cards"][1]
    assert flagged["unsupported"] and not understanding(flagged).understood


def test_ZX_IMPORT_command_writes_a_set_and_exits_2_on_bad_input(tmp_path: Path) -> None:
    src = tmp_path / "db.js"
    src.write_text(js(record("Z01-001", Ability_Jp=VOID), record("Z01-002")), encoding="utf-8")
    out = tmp_path / "set.json"
    res = run("cards", "import", "zx-js", str(src), "-o", str(out))
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    assert doc["game"] == "zx" and [c["code"] for c in doc["cards"]] == ["Z01-001", "Z01-002"]
    shown = run("cards", "show", str(out), "Z01-001", "--json")
    assert shown.exit_code == 0, shown.output
    assert "Void Bringer (ZX-VOID-BRINGER)" in shown.output
    cov = run("cards", "coverage", str(out), "--json")
    assert cov.exit_code == 0 and json.loads(cov.output)["understood"] == 2
    (tmp_path / "bad.js").write_text("var dbMain=[{oops}]", encoding="utf-8")
    bad = run("cards", "import", "zx-js", str(tmp_path / "bad.js"), "-o", str(out))
    assert bad.exit_code == 2 and "not JSON" in bad.output


def test_ZX_START_CARD_read_with_and_without_its_reminder() -> None:
    assert read_card({"type": "zx", "text": START}).keywords == ("start_card",)
    assert read_card({"type": "zx", "text": "【常】スタートカード"}).keywords == ("start_card",)
    # a player card does not have it: the line stays unread
    assert not read_card({"type": "player", "text": START}).understood


def test_ZX_LIFE_RECOVERY_read_in_either_printing() -> None:
    assert read_card({"type": "zx", "text": RECOVERY}).keywords == ("life_recovery",)
    errata = RECOVERY.replace("【常】", "【特】")
    assert read_card({"type": "zx", "text": errata}).keywords == ("life_recovery",)
    wrong = RECOVERY.replace("１点", "２点")  # not the keyword's definition
    r = read_card({"type": "zx", "text": wrong})
    assert not r.understood and len(r.unread) == 1 and "2点回復" in r.unread[0]


def test_ZX_VOID_BRINGER_read() -> None:
    r = read_card({"type": "zx", "text": VOID})
    assert r.understood and r.keywords == ("void_bringer",) and r.effects == ()


def test_ZX_RANGE_needs_the_same_number_in_its_reminder() -> None:
    assert read_card(
        {"type": "zx", "text": "【常】レンジ2(このカードは2つ先のスクエアを攻撃できる。)"}
    ).keywords == ("range 2",)
    assert not read_card(
        {"type": "zx", "text": "【常】レンジ2(このカードは3つ先のスクエアを攻撃できる。)"}
    ).understood
    inf = "【常】レンジ∞（このカードはどのスクエアも攻撃できる。）"
    assert read_card({"type": "zx", "text": inf}).keywords == ("range inf",)


def test_ZX_POWER_read_from_an_appear_ability() -> None:
    r = read_card({"type": "zx", "text": POWER})
    assert r.effects[0]["when"] == "appear"
    assert r.effects[0]["do"] == [{"op": "power", "n": 1500, "target": {"side": "any"}}]
    minus = POWER.replace("＋1500", "-2000")
    assert read_card({"type": "zx", "text": minus}).effects[0]["do"][0]["n"] == -2000


def test_ZX_TEXT_READ_a_card_is_read_only_when_all_its_text_is() -> None:
    two = POWER.replace("１枚選び", "２枚選び")  # two Z/X: the engine's ops choose one
    r = read_card({"type": "zx", "text": f"{START}\n{two}"})
    assert not r.understood and r.keywords == () and r.effects == ()
    assert len(r.unread) == 1 and "2枚選び" in r.unread[0]
    cards = {
        "Z01-001": {"code": "Z01-001", "type": "zx", "text": START},
        "Z01-002": {"code": "Z01-002", "type": "zx"},
        "Z02-001": {"code": "Z02-001", "type": "zx", "text": two},
    }
    got = coverage(cards)
    assert (got["understood"], got["no_text"], got["text_read"], got["with_text"]) == (2, 1, 1, 2)
    assert got["sets"]["Z02"] == {"cards": 1, "understood": 0, "percent": 0.0}
    assert got["unread_templates"][0]["cards"] == 1
    shown = render_card(cards["Z02-001"])
    assert not shown["understood"] and shown["unread"] and "ZX-TEXT-READ" in shown["reasons"][0]
    assert render_card(cards["Z01-001"])["reading"] == ["Keywords: Start card (ZX-START-CARD)."]


def test_ZX_TEXT_READ_a_read_card_is_loaded_with_what_was_read() -> None:
    from judge.games.zx.cards import CardDef

    d = CardDef.from_dict({"code": "Z01-001", "name": "灯守", "type": "zx", "text": POWER})
    assert d.effects[0]["do"] == [{"op": "power", "n": 1500, "target": {"side": "any"}}]
    assert CardDef.from_dict({"code": "Z01-002", "name": "灯", "text": RECOVERY}).has(
        "life_recovery"
    )
    given = CardDef.from_dict(
        {"code": "Z01-003", "name": "灯", "text": START, "keywords": ["zekkai"]}
    )
    assert given.keywords == ("zekkai",)  # written by hand: the text is not read
    unread = CardDef.from_dict({"code": "Z01-004", "name": "灯", "text": f"{START}\n【自】何か。"})
    assert unread.keywords == () and unread.effects == ()


def test_ZX_TEXT_UNREAD_a_card_not_read_in_full_makes_its_appearing_unverifiable() -> None:
    """The rule's words: when a card whose printed text is not read appears on a square,
    that step is unverifiable and every later verdict uncertain; never judged as vanilla."""
    from judge.games.zx.testing import LogBuilder, card

    unread = card("T-UN", text="【自】このカードが攻撃した時、カードを1枚引く。")
    b = LogBuilder([unread], a=["T-UN"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=9)
    played = b.last
    b.proceed("A")
    steps = b.replay()["steps"]
    assert steps[played]["verdict"] == "unverifiable"
    assert "ZX-TEXT-UNREAD" in [x["rule"] for x in steps[played]["rulings"]]
    assert steps[played + 1]["verdict"] == "uncertain"
    assert steps[played + 1]["depends_on"] == [played]


def test_ZX_TEXT_UNREAD_a_read_card_and_a_hand_written_note_are_judged_as_before() -> None:
    from judge.games.zx.testing import LogBuilder, card

    read = card("T-RD", text=RECOVERY)  # read in full: life recovery
    note = card("T-NT", text="A note in English, not printed text.")  # a hand-made card's note
    for code in ("T-RD", "T-NT"):
        b = LogBuilder([read, note], a=[code]).start().to_main("A")
        b.act("A", "play", card=b.iid("A", 0), to=9)
        played = b.last
        b.proceed("A")
        steps = b.replay()["steps"]
        assert steps[played]["verdict"] == "legal", code
        assert steps[played + 1]["verdict"] == "legal", code
