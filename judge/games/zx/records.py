"""One record of a Z/X card list made a card definition: the mapping (ZX-IMPORT) shared by the
importers of the lists that have the same fields under other names (``zx-js``'s JavaScript
array, ``zx-xls``'s spreadsheet; ``docs/cards.md``, "Z/X").

A record is given with the fields under their canonical names (those of ``zx-js``:
``SerialNo``, ``CardName_Jp``, ``Type``, ``CardColor_Ch``, ``Cost``, ``Power``, ``Race``,
``Icon``, ``Ability_Jp``, ``Ability_Ch``) and ``named``, the name each field has in the list,
so that every note names the column the user can find.  Each importer says which of its
other fields are shown only (left out without a note) and notes any other.

Mapping: ``SerialNo`` → ``code``; ``CardName_Jp`` → ``name``; ``Type`` (``Z/X`` or ``ZX``,
``事件``, ``玩家``) → ``type``; colour (``红``/``赤`` ``蓝`` ``白`` ``黑`` ``绿`` ``无``) →
``color``; ``Cost``/``Power`` → ``cost``/``power`` (whole numbers; a Z/X needs both, an event
a cost, a player neither); ``Race`` → ``races`` (split at ``/``, kept in Chinese as the list
writes them); ``Icon`` ``IG`` → ``ig``; ``Ability_Jp`` → ``text`` (read by
:mod:`judge.games.zx.reader`), ``Ability_Ch`` → ``text_ch`` (shown, never read).  A record with
Chinese ability text and no Japanese is ``unsupported``: its printed text is not known.
``-`` (or the full-width ``－``) and an empty cell mean none.

>>> card({"SerialNo": "Z01-001", "CardName_Jp": "灯守の騎士", "Type": "事件", "Cost": "1"}, [])
{'code': 'Z01-001', 'name': '灯守の騎士', 'type': 'event', 'cost': 1}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.core.cardimport import LeftOut

TYPES = {"Z/X": "zx", "ZX": "zx", "事件": "event", "玩家": "player"}
#: the colours as the lists write them (Chinese; ``赤``, the Japanese red, in some rows)
COLOURS = {"红": "red", "赤": "red", "蓝": "blue", "白": "white", "黑": "black", "绿": "green"}
COLOURS["无"] = "colorless"
#: the canonical fields :func:`card` reads
FIELDS = ("SerialNo", "CardName_Jp", "Type", "CardColor_Ch", "Cost", "Power", "Race", "Icon")
FIELDS += ("Ability_Jp", "Ability_Ch")
NONE = ("", "-", "－")


def _same(key: str) -> str:
    return key


def text_of(raw: dict[str, Any], key: str) -> str:
    """The field ``key`` as stripped text ("" when it is not text)."""
    value = raw.get(key)
    return value.strip() if isinstance(value, str) else ""


def _number(
    raw: dict[str, Any], key: str, type_: str, needed: bool, named: Callable[[str], str]
) -> int | None:
    """``key`` as a whole number; LeftOut when it must be one and is not, or is one and must
    not be (the record's type or its stats are then wrong, and which is not known)."""
    value, col = text_of(raw, key), named(key)
    if value in NONE:
        if needed:
            raise LeftOut(
                f"a {type_} card with {col} {value!r}: its type or its {col} is wrong",
                f"a {type_} card without {col}",
            )
        return None
    if not value.isdigit():
        raise LeftOut(f"{col} {value!r} is not a whole number", f"{col} not a whole number")
    if not needed and key == "Power":
        raise LeftOut(
            f"a {type_} card with {col} {value}: only Z/X have power",
            f"a {type_} card with power",
        )
    return int(value)


def card(
    raw: dict[str, Any], notes: list[str], named: Callable[[str], str] = _same
) -> dict[str, Any]:
    """One record (canonical fields, each column's name in the list by ``named``) as a Z/X
    definition; notes what it could not map; LeftOut when it cannot be one."""
    code = text_of(raw, "SerialNo")
    if not code:
        raise LeftOut(f"no {named('SerialNo')}")
    name = text_of(raw, "CardName_Jp")
    if not name:
        raise LeftOut(f"no {named('CardName_Jp')}")
    type_ = text_of(raw, "Type")
    kind = TYPES.get(type_)
    if kind is None:
        raise LeftOut(f"unknown {named('Type')} {type_!r}", f"unknown {named('Type')}")
    out: dict[str, Any] = {"code": code, "name": name, "type": kind}
    colour = text_of(raw, "CardColor_Ch")
    if colour in COLOURS:
        out["color"] = COLOURS[colour]
    elif kind != "player" or colour:
        notes.append(f"{named('CardColor_Ch')} {colour!r} is not one colour; color left out")
    cost = _number(raw, "Cost", type_, kind != "player", named)
    power = _number(raw, "Power", type_, kind == "zx", named)
    if cost is not None:
        out["cost"] = cost
    if power is not None:
        out["power"] = power
    races = [r.strip() for r in text_of(raw, "Race").split("/") if r.strip() not in NONE]
    if races and kind == "player":
        notes.append(f"{named('Race')} on a player card; left out")
    elif races:
        out["races"] = races
    icon = text_of(raw, "Icon")
    if icon == "IG":
        out["ig"] = True
    elif icon not in NONE:
        notes.append(f"{named('Icon')} {icon!r} is not the IG icon; left out")
    _text(raw, out, notes, named)
    return out


def _text(
    raw: dict[str, Any], out: dict[str, Any], notes: list[str], named: Callable[[str], str]
) -> None:
    """``Ability_Jp`` as ``text``; a card whose only text is Chinese is unsupported."""
    jp, ch = text_of(raw, "Ability_Jp"), text_of(raw, "Ability_Ch")
    if ch not in NONE:
        out["text_ch"] = ch
    if jp not in NONE:
        out["text"] = jp
    elif not jp and ch not in NONE:
        why = (
            f"{named('Ability_Jp')} is empty and {named('Ability_Ch')} is not: the printed "
            "text is not known"
        )
        notes.append(f"{why} (unsupported)")
        out["unsupported"] = [why]
    elif not jp:
        notes.append(
            f"{named('Ability_Jp')} is empty; {named('Ability_Ch')} says the card has no ability"
        )
