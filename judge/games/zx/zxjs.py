"""The ``zx-js`` importer: a Z/X card database written as a JavaScript array made a card set
(``judge cards import zx-js FILE -o SET.json``; ``docs/cards.md``, "Z/X").

The format is that of the fan database ``WebApp/db/abcout.js`` (no licence: the user's file
is read, none of it is in this repository): ``var dbMain=[{...}, ...];``, one object per
printing with ``SerialNo``, ``CardName_Jp``, ``Type`` (``Z/X`` or ``ZX``, ``事件`` event,
``玩家`` player), ``CardColor_Ch`` (``红`` ``蓝`` ``白`` ``黑`` ``绿`` ``无``), ``Cost``,
``Power`` (``-`` when none), ``Race`` (Chinese), ``Icon`` (``IG``, ``ES``, ``-``),
``Ability_Jp`` (the printed Japanese text, ``-`` for none, empty when not transcribed),
``Ability_Ch`` (a Chinese translation) and display fields.

Mapping (ZX-IMPORT): :mod:`judge.games.zx.records` (shared with ``zx-xls``), the fields
under these very names.  A second printing of a serial (foil, other art) is left out by
:func:`import_records`.
"""

from __future__ import annotations

import json
from typing import Any

from judge.core.cardimport import Imported, LeftOut, import_records
from judge.games.zx.records import FIELDS, card

#: display fields, read by no engine: left out without a note
_DISPLAY = {"CardSet", "CardColor_En", "Version", "Img_Suffix", "CardName_Ch", "Rarity"}
_DISPLAY |= {"Description_Ch", "Description_Jp", "Neta", "Relation", "Illustrator", "Tag"}
_DISPLAY |= {"Nickname", "Ruling", "TsugKomi"}


def _card(raw: Any, notes: list[str]) -> dict[str, Any]:
    """One record as a Z/X definition (:func:`judge.games.zx.records.card`); notes the
    fields it does not know."""
    if not isinstance(raw, dict):
        raise LeftOut("not an object")
    out = card(raw, notes)
    unread = sorted(k for k in raw if k not in FIELDS and k not in _DISPLAY)
    if unread:
        notes.append(f"fields not read: {', '.join(unread)}")
    return out


def records(data: Any) -> list[Any]:
    """The records of a decoded list, or of the file's text (``var NAME=[...];``)."""
    if isinstance(data, str):
        start, end = data.find("["), data.rfind("]")
        if start < 0 or end < start:
            raise ValueError("a zx-js file is `var NAME=[...]` or a JSON list")
        try:
            data = json.loads(data[start : end + 1])
        except json.JSONDecodeError as exc:
            raise ValueError(f"the array is not JSON: {exc.msg} at {exc.pos}") from None
    if not isinstance(data, list):
        raise ValueError("a zx-js file is `var NAME=[...]` or a JSON list")
    return data


def import_zx_js(data: Any, name: str) -> Imported:
    """The zx-js database (its text, or its array decoded) as the Z/X set ``name``."""
    return import_records(
        records(data),
        name,
        "zx",
        "zx-js",
        _card,
        key=lambda r: r.get("SerialNo"),
        key_name="SerialNo",
    )
