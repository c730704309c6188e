"""The ``zx-xls`` importer: a Z/X card spreadsheet (Excel 97-2003 ``.xls``, one sheet per set)
made a card set (``judge cards import zx-xls FILE -o SET.json``; ``docs/cards.md``, "Z/X").

The format is that of the fan spreadsheet ``ZXCards.xls`` of the same database as ``zx-js``
(no licence: the user's file is read, none of it is in this repository), read with ``xlrd``
(2.x reads ``.xls`` only).  A card sheet's first row names its columns: ``编号`` (serial),
``卡片名_日`` (Japanese name), ``种类`` (type), ``色`` (colour), ``COST``, ``力量`` (power),
``种族`` (race), ``标记`` (icon), ``能力_日`` (the printed Japanese text), ``能力_中`` (a
Chinese translation) and display columns.  Each is the ``zx-js`` field of
:data:`COLUMNS`, and the mapping is that importer's (:mod:`judge.games.zx.records`,
ZX-IMPORT); a number cell (``6.0``) is its whole number (``6``).

What is not a card is said, never guessed at: a sheet without the ``编号``, ``卡片名_日`` and
``种类`` columns (questions and answers, a glossary, the player list, progress notes) is
noted as not a card list; an empty row is counted in a note of its sheet; a column of a card
sheet that is neither read nor a display column is noted once for its sheet.  A note on each
sheet says which records are its rows, and every other note and record left out names its
sheet and its row (as the spreadsheet numbers them, the header being row 1).  A second printing of a serial is left out naming the first.
"""

from __future__ import annotations

from typing import Any

from judge.core.cardimport import Imported, LeftOut, import_records
from judge.core.wording import plural
from judge.games.zx.records import card

#: column -> the zx-js field it is (:mod:`judge.games.zx.records`)
COLUMNS = {
    "编号": "SerialNo",
    "卡片名_日": "CardName_Jp",
    "种类": "Type",
    "色": "CardColor_Ch",
    "COST": "Cost",
    "力量": "Power",
    "种族": "Race",
    "标记": "Icon",
    "能力_日": "Ability_Jp",
    "能力_中": "Ability_Ch",
}
_NAMES = {field: column for column, field in COLUMNS.items()}
#: the columns a sheet needs to be a card list
NEEDED = ("编号", "卡片名_日", "种类")
#: display columns, read by no engine: left out without a note (set, Chinese name, rarity,
#: flavour text, notes, relations, illustrator, the serial a deck's reprint had, a web address,
#: the editors' remarks)
DISPLAY = {"收录卡包", "卡片名_中", "罕贵度", "卡片描述_日", "卡片描述_中", "原捏他", "关联"}
DISPLAY |= {"画师", "原卡编号", "地址", "居然没有位置吐槽这不科学〖风教练专座"}


def _named(field: str) -> str:
    return _NAMES.get(field, field)


def _value(cell: Any) -> str:
    """A cell as text: a whole number without its ``.0``, text stripped, anything else as
    written (so that it is noted, not read)."""
    value = cell.value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value.strip() if isinstance(value, str) else str(value) if value != "" else ""


def _sheets(book: Any) -> tuple[list[dict[str, Any]], list[tuple[int, str]]]:
    """The card rows of every card sheet, in order, as records (canonical fields, ``_at``
    the sheet and row), and the sheets' notes (``(index of the next record, note)``)."""
    rows: list[dict[str, Any]] = []
    notes: list[tuple[int, str]] = []
    for sheet in book.sheets():
        header = [_value(c) for c in sheet.row(0)] if sheet.nrows else []
        missing = [c for c in NEEDED if c not in header]
        if missing:
            notes.append(
                (
                    len(rows),
                    f"sheet {sheet.name!r} left out: not a card list (no {'/'.join(missing)})",
                )
            )
            continue
        unread: set[str] = set()
        blank, first = 0, len(rows)
        for r in range(1, sheet.nrows):
            cells = [_value(c) for c in sheet.row(r)]
            if not any(cells):
                blank += 1
                continue
            rec: dict[str, Any] = {"_at": f"sheet {sheet.name!r} row {r + 1}"}
            for i, value in enumerate(cells):
                column = header[i] if i < len(header) else ""
                if column in COLUMNS:
                    rec[COLUMNS[column]] = value
                elif column not in DISPLAY and value:
                    unread.add(column or f"unnamed column {i + 1}")
            rows.append(rec)
        if len(rows) > first:
            where = f"sheet {sheet.name!r}: its rows are records [{first}] to [{len(rows) - 1}]"
            notes.append((first, where))
        if blank:
            notes.append((len(rows), f"sheet {sheet.name!r}: {plural(blank, 'empty row')} skipped"))
        if unread:
            notes.append(
                (len(rows), f"sheet {sheet.name!r}: columns not read: {', '.join(sorted(unread))}")
            )
    return rows, notes


def _card(raw: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """One row as a Z/X definition; its notes and why it is left out name where it is."""
    mine: list[str] = []
    try:
        out = card(raw, mine, _named)
    except LeftOut as exc:
        raise LeftOut(f"{raw['_at']}: {exc}", exc.kind) from None
    notes += [f"{raw['_at']}: {note}" for note in mine]
    return out


def workbook(data: Any) -> Any:
    """The workbook of the file's bytes (ValueError when it is not an ``.xls`` workbook)."""
    import xlrd

    if not isinstance(data, bytes | bytearray):
        raise ValueError("a zx-xls file is an Excel 97-2003 workbook (.xls)")
    try:
        return xlrd.open_workbook(file_contents=bytes(data), on_demand=False)
    except Exception as exc:  # xlrd raises its own errors and struct/index errors alike
        raise ValueError(f"not an .xls workbook xlrd can read: {exc}") from None


def import_zx_xls(data: Any, name: str) -> Imported:
    """The zx-xls spreadsheet (its bytes) as the Z/X set ``name``."""
    rows, sheet_notes = _sheets(workbook(data))
    got = import_records(
        rows, name, "zx", "zx-xls", _card, key=lambda r: r.get("SerialNo"), key_name="编号"
    )
    notes = [(i, None, what) for i, what in sheet_notes]
    got.notes = sorted(notes + got.notes, key=lambda n: n[0])  # stable: the sheet's first
    return got
