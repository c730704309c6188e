"""The zx-xls importer of Z/X (ZX-IMPORT): a card spreadsheet (``.xls``, one sheet per set) made
a card set with zx-js's mapping, every row not mapped named with its sheet and row.

The workbooks are made here, with made-up cards, by :func:`xls` (a small writer of the
Excel 97-2003 format, BIFF8 in a compound file: no maintained library writes ``.xls``).
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.games.zx.coverage import understanding
from judge.games.zx.zxxls import import_zx_xls

HEADER = ["收录卡包", "色", "编号", "卡片名_日", "卡片名_中", "罕贵度", "种类", "种族", "COST"]
HEADER += ["力量", "标记", "能力_日", "能力_中", "卡片描述_日", "画师"]
VOID = (
    "【常】ヴォイドブリンガー（このカードがライフから登場する際、あなたのライフが相手のライフ以下"
    "ならば、スクエアにあるゼクスを１枚選び、トラッシュに置いてよい。）"
)

# -- a small .xls writer (BIFF8 records in an OLE2 compound file) ---------------------------


def _record(kind: int, data: bytes) -> bytes:
    return struct.pack("<HH", kind, len(data)) + data


def _text(value: str, lenlen: int) -> bytes:
    raw = value.encode("utf-16-le")
    return struct.pack("<H" if lenlen == 2 else "<B", len(value)) + b"\x01" + raw


def _bof(kind: int) -> bytes:
    return _record(0x0809, struct.pack("<HHHHII", 0x0600, kind, 0x0DBB, 0x07CC, 0, 6))


def _sheet(rows: list[list[Any]]) -> bytes:
    cols = max((len(r) for r in rows), default=0)
    out = _bof(0x0010) + _record(0x0200, struct.pack("<IIHHH", 0, len(rows), 0, cols, 0))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if isinstance(value, int | float):
                out += _record(0x0203, struct.pack("<HHHd", r, c, 0, float(value)))
            elif value:
                out += _record(0x0204, struct.pack("<HHH", r, c, 0) + _text(value, 2))
    return out + _record(0x000A, b"")


def _workbook(sheets: dict[str, list[list[Any]]]) -> bytes:
    bodies = [_sheet(rows) for rows in sheets.values()]
    heads = [_record(0x0085, b"\0" * 6 + _text(name, 1)) for name in sheets]
    at = len(_bof(0x0005)) + sum(map(len, heads)) + len(_record(0x000A, b""))
    glob = _bof(0x0005)
    for head, body in zip(heads, bodies, strict=True):
        glob += head[:4] + struct.pack("<I", at) + head[8:]
        at += len(body)
    stream = glob + _record(0x000A, b"") + b"".join(bodies)
    return stream + b"\0" * max(0, 4096 - len(stream))  # a normal stream, not a mini one


def _entry(name: str, kind: int, child: int, start: int, size: int) -> bytes:
    raw = (name + "\0").encode("utf-16-le") if name else b""
    none = 0xFFFFFFFF
    head = raw.ljust(64, b"\0") + struct.pack("<HBBIII", len(raw), kind, 1, none, none, child)
    return head + b"\0" * 36 + struct.pack("<IQ", start, size)


def xls(sheets: dict[str, list[list[Any]]]) -> bytes:
    """An ``.xls`` file of ``sheets`` (name -> rows of text or numbers; "" is an empty cell)."""
    stream = _workbook(sheets)
    n = -(-len(stream) // 512)
    end, free = 0xFFFFFFFE, 0xFFFFFFFF
    fat = [0xFFFFFFFD, end] + [3 + i for i in range(n - 1)] + [end]
    fat += [free] * (128 - len(fat))
    header = bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 16
    header += struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + b"\0" * 10
    header += struct.pack("<IIIIIIII", 1, 1, 0, 4096, end, 0, end, 0)
    header += struct.pack("<I", 0) + struct.pack("<I", free) * 108
    directory = _entry("Root Entry", 5, 1, end, 0) + _entry("Workbook", 2, free, 2, len(stream))
    directory += _entry("", 0, free, 0, 0) * 2
    return header + struct.pack("<128I", *fat) + directory + stream.ljust(n * 512, b"\0")


def row(serial: str, kind: str = "Z/X", **cols: Any) -> list[Any]:
    """A made-up card row under :data:`HEADER`: a red cost 2, power 4000 Z/X, no ability."""
    values = {"收录卡包": "Z01\n作り話", "色": "红", "编号": serial, "卡片名_日": "灯守の騎士"}
    values |= {"卡片名_中": "灯守骑士", "罕贵度": "C", "种类": kind, "种族": "勇者", "COST": 2}
    values |= {"力量": 4000, "标记": "-", "能力_日": "-", "能力_中": "-", "画师": ""}
    if kind == "事件":
        values |= {"力量": "-", "种族": "-"}
    values |= cols
    return [values.get(h, "") for h in HEADER]


# -- the importer -------------------------------------------------------------------------------


def test_ZX_IMPORT_xls_maps_each_column_as_zx_js_maps_its_field() -> None:
    book = xls(
        {
            "Z01": [
                HEADER,
                row("Z01-001", 标记="IG", 能力_日=VOID, 能力_中="【常】虚空使者"),
                row("Z01-002", "ZX", 种族="勇者/魔人", 色="蓝", COST=3, 力量=5500),
                row("Z01-003", "事件", COST=1, 能力_日="【★】カードを1枚引く。"),
            ],
            "Z02": [
                HEADER,
                row("Z02-001", 色="赤"),
                row("Z02-002", "玩家", COST="-", 力量="-", 种族="-"),
            ],
        }
    )
    got = import_zx_xls(book, "demo")
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
        "text_ch": "【常】虚空使者",
        "text": VOID,
    }
    z2 = cards["Z01-002"]
    assert (z2["races"], z2["color"], z2["cost"], z2["power"]) == (
        ["勇者", "魔人"],
        "blue",
        3,
        5500,
    )
    assert cards["Z01-003"]["type"] == "event" and "power" not in cards["Z01-003"]
    assert cards["Z02-001"]["color"] == "red"  # 赤: red as the Japanese write it
    assert cards["Z02-002"]["type"] == "player" and "races" not in cards["Z02-002"]
    assert got.left_out == 0
    assert got.document["source"]["importer"] == "zx-xls"
    assert got.note_lines() == [
        "[0]: sheet 'Z01': its rows are records [0] to [2]",
        "[3]: sheet 'Z02': its rows are records [3] to [4]",
    ]


def test_ZX_IMPORT_xls_names_the_sheet_and_row_of_what_it_leaves_out() -> None:
    book = xls(
        {
            "QA1": [["[b]Q[/b]", "問い", "[b]A[/b]", "答え"], ["Q", "x", "A", "y"]],
            "Z01": [
                HEADER + ["", "备考"],
                row("Z01-001"),
                row("Z01-001"),  # a second printing
                [""] * len(HEADER),
                row("Z01-002", 种类="-"),  # the type not written: not guessed
                row("Z01-003", 力量="-"),  # a Z/X with no power
                row("Z01-004", 卡片名_日=""),
                row("Z01-005", 能力_日="", 能力_中="【自】某效果。"),
                row("Z01-006", 色="龙", 标记="ES") + ["", "メモ"],
            ],
        }
    )
    got = import_zx_xls(book, "demo")
    assert [c["code"] for c in got.document["cards"]] == ["Z01-001", "Z01-005", "Z01-006"]
    assert got.document["source"]["left_out_why"] == {
        "a Z/X card without 力量": 1,
        "no 卡片名_日": 1,
        "the 编号 again": 1,
        "unknown 种类": 1,
    }
    lines = got.note_lines()
    assert "[0]: sheet 'QA1' left out: not a card list (no 编号/卡片名_日/种类)" in lines
    assert "[1] Z01-001: left out: the 编号 again (also [0])" in lines
    assert "[2] Z01-002: left out: sheet 'Z01' row 5: unknown 种类 '-'" in lines
    assert any(line.startswith("[3] Z01-003: left out: sheet 'Z01' row 6: a Z/X") for line in lines)
    assert "[4] Z01-004: left out: sheet 'Z01' row 7: no 卡片名_日" in lines
    assert any(
        line.startswith("[5] Z01-005: sheet 'Z01' row 8: 能力_日 is empty") for line in lines
    )
    assert "[6] Z01-006: sheet 'Z01' row 9: 色 '龙' is not one colour; color left out" in lines
    assert "[6] Z01-006: sheet 'Z01' row 9: 标记 'ES' is not the IG icon; left out" in lines
    assert "[7]: sheet 'Z01': 1 empty row skipped" in lines
    assert "[7]: sheet 'Z01': columns not read: 备考" in lines
    flagged = got.document["cards"][1]
    assert flagged["unsupported"] and not understanding(flagged).understood


def test_ZX_IMPORT_xls_refuses_a_file_that_is_not_a_workbook() -> None:
    with pytest.raises(ValueError, match="not an .xls workbook"):
        import_zx_xls(b"var dbMain=[]", "demo")
    with pytest.raises(ValueError, match="Excel 97-2003"):
        import_zx_xls("text", "demo")


def test_ZX_IMPORT_xls_command_writes_a_set_and_exits_2_on_bad_input(tmp_path: Path) -> None:
    src = tmp_path / "cards.xls"
    src.write_bytes(xls({"Z01": [HEADER, row("Z01-001", 能力_日=VOID), row("Z01-002")]}))
    out = tmp_path / "set.json"
    res = CliRunner().invoke(cli.main, ["cards", "import", "zx-xls", str(src), "-o", str(out)])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    assert doc["game"] == "zx" and doc["name"] == "cards"
    assert [c["code"] for c in doc["cards"]] == ["Z01-001", "Z01-002"]
    cov = CliRunner().invoke(cli.main, ["cards", "coverage", str(out), "--json"])
    assert cov.exit_code == 0 and json.loads(cov.output)["understood"] == 2
    (tmp_path / "bad.xls").write_bytes(b"\xd0\xcf\x11\xe0 truncated")
    bad = CliRunner().invoke(
        cli.main, ["cards", "import", "zx-xls", str(tmp_path / "bad.xls"), "-o", str(out)]
    )
    assert bad.exit_code == 2 and "not an .xls workbook" in bad.output
