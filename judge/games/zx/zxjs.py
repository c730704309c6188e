"""The ``zx-js`` importer: a Z/X card database written as a JavaScript array made a card set
(``judge cards import zx-js FILE -o SET.json``; ``docs/cards.md``, "Z/X").

The format is that of the fan database ``WebApp/db/abcout.js`` (no licence: the user's file
is read, none of it is in this repository): ``var dbMain=[{...}, ...];``, one object per
printing with ``SerialNo``, ``CardName_Jp``, ``Type`` (``Z/X`` or ``ZX``, ``事件`` event,
``玩家`` player), ``CardColor_Ch`` (``红`` ``蓝`` ``白`` ``黑`` ``绿`` ``无``), ``Cost``,
``Power`` (``-`` when none), ``Race`` (Chinese), ``Icon`` (``IG``, ``ES``, ``-``),
``Ability_Jp`` (the printed Japanese text, ``-`` for none, empty when not transcribed),
``Ability_Ch`` (a Chinese translation) and display fields.

Mapping (ZX-IMPORT): ``SerialNo`` → ``code``; ``CardName_Jp`` → ``name``; ``Type`` →
``type``; colour → ``color``; ``Cost``/``Power`` → ``cost``/``power`` (whole numbers; a Z/X
needs both, an event a cost, a player neither); ``Race`` → ``races`` (split at ``/``, kept in
Chinese as the list writes them); ``Icon`` ``IG`` → ``ig``; ``Ability_Jp`` → ``text`` (read by
:mod:`judge.games.zx.reader`), ``Ability_Ch`` → ``text_ch`` (shown, never read).  A record with
Chinese ability text and no Japanese is ``unsupported``: its printed text is not known.  A
second printing of a serial (foil, other art) is left out by :func:`import_records`.
"""

from __future__ import annotations

import json
from typing import Any

from judge.core.cardimport import Imported, LeftOut, import_records

_TYPES = {"Z/X": "zx", "ZX": "zx", "事件": "event", "玩家": "player"}
_COLOURS = {"红": "red", "蓝": "blue", "白": "white", "黑": "black", "绿": "green"}
_COLOURS["无"] = "colorless"
_READ = {"SerialNo", "CardName_Jp", "Type", "CardColor_Ch", "Cost", "Power", "Race", "Icon"}
_READ |= {"Ability_Jp", "Ability_Ch"}
#: display fields, read by no engine: left out without a note
_DISPLAY = {"CardSet", "CardColor_En", "Version", "Img_Suffix", "CardName_Ch", "Rarity"}
_DISPLAY |= {"Description_Ch", "Description_Jp", "Neta", "Relation", "Illustrator", "Tag"}
_DISPLAY |= {"Nickname", "Ruling", "TsugKomi"}
_NONE = ("", "-")


def _str(raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    return value.strip() if isinstance(value, str) else ""


def _number(raw: dict[str, Any], key: str, type_: str, needed: bool) -> int | None:
    """``key`` as a whole number; LeftOut when it must be one and is not, or is one and must
    not be (the record's type or its stats are then wrong, and which is not known)."""
    value = _str(raw, key)
    if value in _NONE:
        if needed:
            raise LeftOut(
                f"a {type_} card with {key} {value!r}: its type or its {key} is wrong",
                f"a {type_} card without {key}",
            )
        return None
    if not value.isdigit():
        raise LeftOut(f"{key} {value!r} is not a whole number", f"{key} not a whole number")
    if not needed and key == "Power":
        raise LeftOut(
            f"a {type_} card with Power {value}: only Z/X have power",
            f"a {type_} card with power",
        )
    return int(value)


def _card(raw: Any, notes: list[str]) -> dict[str, Any]:
    """One record as a Z/X definition; notes what it could not map."""
    if not isinstance(raw, dict):
        raise LeftOut("not an object")
    code = _str(raw, "SerialNo")
    if not code:
        raise LeftOut("no SerialNo")
    name = _str(raw, "CardName_Jp")
    if not name:
        raise LeftOut("no CardName_Jp")
    type_ = _str(raw, "Type")
    kind = _TYPES.get(type_)
    if kind is None:
        raise LeftOut(f"unknown Type {type_!r}", "unknown Type")
    card: dict[str, Any] = {"code": code, "name": name, "type": kind}
    colour = _str(raw, "CardColor_Ch")
    if colour in _COLOURS:
        card["color"] = _COLOURS[colour]
    elif kind != "player" or colour:
        notes.append(f"CardColor_Ch {colour!r} is not one colour; color left out")
    cost = _number(raw, "Cost", type_, kind != "player")
    power = _number(raw, "Power", type_, kind == "zx")
    if cost is not None:
        card["cost"] = cost
    if power is not None:
        card["power"] = power
    races = [r.strip() for r in _str(raw, "Race").split("/") if r.strip() not in _NONE]
    if races and kind == "player":
        notes.append("Race on a player card; left out")
    elif races:
        card["races"] = races
    icon = _str(raw, "Icon")
    if icon == "IG":
        card["ig"] = True
    elif icon not in _NONE:
        notes.append(f"Icon {icon!r} is not the IG icon; left out")
    _text(raw, card, notes)
    unread = sorted(k for k in raw if k not in _READ and k not in _DISPLAY)
    if unread:
        notes.append(f"fields not read: {', '.join(unread)}")
    return card


def _text(raw: dict[str, Any], card: dict[str, Any], notes: list[str]) -> None:
    """``Ability_Jp`` as ``text``; a card whose only text is Chinese is unsupported."""
    jp, ch = _str(raw, "Ability_Jp"), _str(raw, "Ability_Ch")
    if ch not in _NONE:
        card["text_ch"] = ch
    if jp not in _NONE:
        card["text"] = jp
    elif not jp and ch not in _NONE:
        why = "Ability_Jp is empty and Ability_Ch is not: the printed text is not known"
        notes.append(f"{why} (unsupported)")
        card["unsupported"] = [why]
    elif not jp:
        notes.append("Ability_Jp is empty; Ability_Ch says the card has no ability")


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
