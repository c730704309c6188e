"""Importers: card lists in other formats made into card sets (``judge cards import``).

Each importer maps what it can of every card to the game's card definition and says, per
card, what it could not map (a card it cannot make a definition of at all is left out, and
says why).  What it produces is then checked like any set (:mod:`schemas.cardset`).

``ua-simulator``
    The JSON list of the official Union Arena card list kept by public simulators: one
    object per card with ``code`` (``UA01BT/ABC-1-001``), ``name``, ``cardType``
    (``CHARACTER``, ``FIELD``, ``EVENT``, ``ACTION_POINT``), ``color`` (``PURPLE``, …),
    ``bp``, ``apCost``, ``reqEnergy``, ``genEnergy``, ``traits``, ``triggers`` (``GET``,
    ``DRAW``, …), ``effectText`` (``"-"`` when none), ``titleCode`` and fields for display
    (``imageUrl``, ``rarity``, ``seriesName``, …).  The mapping is in ``docs/cards.md``.

``zx-js``
    A Z/X database written as ``var dbMain=[...]``: :mod:`judge.games.zx.zxjs`.

``zx-xls``
    A Z/X card spreadsheet (``.xls``, one sheet per set): :mod:`judge.games.zx.zxxls`.

``rs-catalog``
    The Rangers Strike catalogue JSON: :mod:`judge.games.rangers_strike.catalog`.

``r4utools``
    The Rebirth for you community list (``*.r4uset``, one file per product, several at
    once): :mod:`judge.games.rebirth.r4utools`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judge.core.cardsets import FORMAT as SET_FORMAT


@dataclass
class Imported:
    """An importer's result: the set document, and one note per thing it could not map
    (``(index in the input, card code or None, what)``)."""

    document: dict[str, Any]
    notes: list[tuple[int, str | None, str]] = field(default_factory=list)
    left_out: int = 0

    def note_lines(self) -> list[str]:
        return [f"[{i}]{f' {code}' if code else ''}: {what}" for i, code, what in self.notes]


class LeftOut(Exception):
    """The card cannot be made a definition of; the message says why, ``kind`` says it
    without the card's values (the set's ``source`` counts left-out cards by kind)."""

    def __init__(self, message: str, kind: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind or message


def import_records(
    records: list[Any],
    name: str,
    game: str,
    importer: str,
    read: Callable[[Any, list[str]], dict[str, Any]],
    key: Callable[[dict[str, Any]], Any],
    key_name: str = "code",
) -> Imported:
    """A list's records made the card set ``name`` of ``game``, each by ``read`` (a
    record, its notes -> a definition, or :class:`LeftOut`), as every importer does it:
    a record whose key (``key``: its code or serial as the list writes it) came before is
    left out naming the first, every record left out is noted with its index and why, and
    the set's ``source`` counts what was read, what was left out and why by kind.

    >>> got = import_records([{"id": "X-1"}, {"id": "X-1"}, {}], "demo", "union-arena", "t",
    ...                      lambda raw, notes: {"code": raw["id"]} if "id" in raw
    ...                      else (_ for _ in ()).throw(LeftOut("no id")), key=lambda r: r.get("id"))
    >>> [c["code"] for c in got.document["cards"]], got.left_out, got.document["source"]["left_out_why"]
    (['X-1'], 2, {'no id': 1, 'the code again': 1})
    """
    out = Imported(document={})
    cards: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    why: dict[str, int] = {}
    for i, raw in enumerate(records):
        value = key(raw) if isinstance(raw, dict) else None
        shown = value.strip() if isinstance(value, str) else None
        notes: list[str] = []
        try:
            if shown is not None and shown in seen:
                raise LeftOut(
                    f"the {key_name} again (also [{seen[shown]}])", f"the {key_name} again"
                )
            card = read(raw, notes)
        except LeftOut as exc:
            out.notes.append((i, shown, f"left out: {exc}"))
            out.left_out += 1
            why[exc.kind] = why.get(exc.kind, 0) + 1
            continue
        seen[card["code"]] = i
        cards.append(card)
        out.notes += [(i, shown, note) for note in notes]
    out.document = {
        "format": SET_FORMAT,
        "game": game,
        "name": name,
        "source": {
            "importer": importer,
            "read": len(records),
            "left_out": out.left_out,
            **({"left_out_why": dict(sorted(why.items()))} if why else {}),
        },
        "cards": cards,
    }
    return out


_UA_TYPES = {"CHARACTER": "character", "FIELD": "field", "EVENT": "event", "ACTION_POINT": "ap"}
_UA_TRIGGERS = {"GET", "DRAW", "RAID", "ACTIVE", "SPECIAL", "COLOR", "FINAL"}
#: the colours of the game (a card of another colour cannot have its energy checked)
_UA_COLOURS = ("purple", "red", "blue", "green", "yellow")
#: the title code after the "/" of a card number: three letters, or letters and a digit (KJ8)
_UA_TITLE = re.compile(r"/([A-Za-z0-9]{3})-")
#: a line of printed text that is a raid: "[レイド]…" (either bracket, either width)
_UA_RAID_LINE = re.compile(r"\s*[\[【［]レイド[\]】］]")
#: display fields, read by no engine: left out without a note
_UA_DISPLAY = {
    "baseCode",
    "title",
    "titleCode",
    "imageUrl",
    "rarity",
    "isParallel",
    "isUnrevealed",
    "seriesId",
    "seriesName",
    "hasBpPlus",
}
_UA_READ = {
    "code",
    "name",
    "cardType",
    "color",
    "bp",
    "apCost",
    "reqEnergy",
    "genEnergy",
    "traits",
    "triggers",
    "effectText",
}


def _count(value: Any, what: str) -> int:
    """A whole number ≥ 0 (an integer, or a string of digits as some lists write them)."""
    if value is None:
        raise LeftOut(f"no {what}", f"no {what}")
    if isinstance(value, bool):
        raise LeftOut(f"{what} is {value!r}, not a number", f"{what} not a number")
    if isinstance(value, int) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise LeftOut(f"{what} is {value!r}, not a whole number", f"{what} not a whole number")


def _has_text(raw: dict[str, Any]) -> bool:
    text = raw.get("effectText")
    return isinstance(text, str) and text.strip() not in ("", "-")


def _ap_disagreements(raw: dict[str, Any]) -> list[str]:
    """What an ``ACTION_POINT`` record has that an AP card has not (AP cards have no BP, no
    printed text, no required energy, no traits and no trigger).  The list writes colour,
    AP cost and generated energy on every AP card: those say nothing."""
    odd = []
    if raw.get("bp") is not None:
        odd.append(f"bp {raw.get('bp')!r}")
    if _has_text(raw):
        odd.append("effectText")
    if raw.get("reqEnergy") not in (None, 0, "0"):
        odd.append(f"reqEnergy {raw.get('reqEnergy')!r}")
    if raw.get("traits"):
        odd.append("traits")
    if raw.get("triggers"):
        odd.append("triggers")
    return odd


def _ua_kind(raw: dict[str, Any], doubts: list[str]) -> str:
    """The card's type, from ``cardType`` checked against the record's other fields.

    An ``ACTION_POINT`` record with a character's fields (the list so writes promotion
    cards) is a character when it has a BP (only characters have one), imported unsupported
    (``doubts``); without a BP its type is not known and it is left out.  A field or event
    with a BP is left out: which of the two is wrong is not known."""
    ctype = raw.get("cardType")
    kind = _UA_TYPES.get(ctype)  # type: ignore[arg-type]
    if kind is None:
        raise LeftOut(f"unknown cardType {ctype!r}", "unknown cardType")
    if kind == "ap":
        odd = _ap_disagreements(raw)
        if odd and raw.get("bp") is not None:
            doubts.append(
                "the record's cardType ACTION_POINT disagrees with its "
                + ", ".join(o.split(" ")[0] for o in odd)
                + ": imported as a character (only characters have BP), not relied on"
            )
            return "character"
        if odd:
            raise LeftOut(
                f"cardType ACTION_POINT disagrees with its {', '.join(odd)}: its type is not "
                "known (an AP card has none of them; a character would have a BP)",
                "cardType ACTION_POINT with a card's fields and no BP: type not known",
            )
    elif kind != "character" and raw.get("bp") is not None:
        raise LeftOut(
            f"a {ctype} with bp {raw.get('bp')!r}: only characters have BP, so its cardType "
            "or its bp is wrong",
            f"a {ctype} with a BP",
        )
    return kind


def _ua_card(raw: Any, notes: list[str]) -> dict[str, Any]:
    """One simulator card as a Union Arena definition; notes what it could not map."""
    if not isinstance(raw, dict):
        raise LeftOut("not an object")
    code = raw.get("code")
    if not isinstance(code, str) or not code.strip():
        raise LeftOut("no code")
    if raw.get("isUnrevealed") is True:
        raise LeftOut("not revealed yet (isUnrevealed)")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise LeftOut("no name")
    doubts: list[str] = []
    kind = _ua_kind(raw, doubts)
    title = raw.get("titleCode")
    if not (isinstance(title, str) and re.fullmatch(r"[A-Za-z0-9]{3}", title)):
        found = _UA_TITLE.search(code)
        if found is None:
            raise LeftOut("no title code of three (titleCode, or after the '/' of the code)")
        title = found.group(1)
    card: dict[str, Any] = {
        "code": code,
        "name": name,
        "type": kind,
        "title": title,
        "number": code.split("/", 1)[1] if "/" in code else code,
    }
    color = raw.get("color")
    if kind != "ap":
        if not isinstance(color, str) or not color.strip():
            raise LeftOut(f"a {kind} card with no color", "no color")
        colour = color.strip().lower()
        if colour not in _UA_COLOURS:
            raise LeftOut(
                f"color {color!r} is not a colour of the game ({', '.join(_UA_COLOURS)})",
                "an unknown color",
            )
        card["color"] = colour
        card["ap"] = _count(raw.get("apCost"), "apCost")
        need = _count(raw.get("reqEnergy"), "reqEnergy")
        card["energy"] = {colour: need} if need else {}
        made = _count(raw.get("genEnergy"), "genEnergy")
        card["generates"] = {colour: made} if made else {}
    if kind == "character":
        if raw.get("bp") is None:
            raise LeftOut("a character with no BP")
        card["bp"] = _count(raw.get("bp"), "bp")
    traits = raw.get("traits") or []
    if isinstance(traits, list):
        card["traits"] = [t.strip() for t in traits if isinstance(t, str) and t.strip()]
        if len(card["traits"]) != len(traits):
            notes.append("traits: entries that are not text left out")
    else:
        notes.append(f"traits: {traits!r} is not a list; left out")
    card["trigger"] = _ua_trigger(raw.get("triggers"), notes)
    text = raw.get("effectText")
    raided = False
    if isinstance(text, str) and text.strip() not in ("", "-"):
        card["text"] = text.strip()
        raided = _ua_raid(card, kind, text, notes)
    elif text is not None and not isinstance(text, str):
        notes.append(f"effectText: {text!r} is not text; left out")
    if card["trigger"] == "raid" and not raided:
        doubts.append("the record's RAID trigger disagrees with its text, which has no [レイド]")
    if doubts:
        card["unsupported"] = doubts
        notes += [f"{why} (unsupported)" for why in doubts]
    unread = sorted(k for k in raw if k not in _UA_READ and k not in _UA_DISPLAY)
    if unread:
        notes.append(f"fields not read: {', '.join(unread)}")
    return card


def _ua_raid(card: dict[str, Any], kind: str, text: str, notes: list[str]) -> bool:
    """The card's raid from its printed ``[レイド]`` line (``card["raid"]``): every
    designation, ``〈name〉``, ``［特徴：trait］`` or ``カード名に「part」を含むキャラ``,
    several joined by ``/`` as alternatives (UA-RAID).  A raid line it cannot read whole is
    left out with a note (the reader then marks the card unsupported, and the engine does not
    judge its raids).  Whether the text has a raid line."""
    from judge.games.union_arena.raidtext import raid_designations

    lines = [line.strip() for line in text.split("\n") if _UA_RAID_LINE.match(line)]
    if not lines:
        return False
    if len(lines) > 1:
        notes.append("raid: several [レイド] lines; left out")
        return True
    line = lines[0]
    if kind != "character":
        notes.append(f"raid: a [レイド] on a {kind} card; left out")
        return True
    found = raid_designations(_UA_RAID_LINE.sub("", line, count=1))
    if found is None:
        notes.append(f"raid: {line!r} is not read (its designation); left out")
        return True
    card["raid"] = {"onto": found[0] if len(found) == 1 else found}
    return True


def _ua_trigger(triggers: Any, notes: list[str]) -> str | None:
    """The card's trigger: one of the simulator's ``triggers``.  The colour trigger is
    listed with the trigger its text names (``["ACTIVE", "COLOR"]``): it is the colour one."""
    if not triggers:
        return None
    if not isinstance(triggers, list) or not all(isinstance(t, str) for t in triggers):
        notes.append(f"triggers: {triggers!r} is not a list of names; left out")
        return None
    unknown = [t for t in triggers if t.upper() not in _UA_TRIGGERS]
    if unknown:
        notes.append(f"triggers: {', '.join(unknown)} not in the vocabulary; trigger left out")
        return None
    names = {t.upper() for t in triggers}
    if len(names) == 1:
        return names.pop().lower()
    if "COLOR" in names:
        return "color"
    notes.append(f"triggers: several ({', '.join(triggers)}); a card has one; left out")
    return None


def import_ua_simulator(data: Any, name: str) -> Imported:
    """The simulators' Union Arena card list (a JSON list, or ``{"cards": [...]}``) as the
    set ``name``."""
    cards_in = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(cards_in, list):
        raise ValueError("a ua-simulator card list is a JSON list of cards")
    return import_records(
        cards_in, name, "union-arena", "ua-simulator", _ua_card, key=lambda raw: raw.get("code")
    )


def import_r4utools(data: Any, name: str) -> Imported:
    """The Rebirth for you community list (``judge.games.rebirth.r4utools``, imported on
    first use, as the game's own text is read there)."""
    from judge.games.rebirth.r4utools import import_r4utools as run

    return run(data, name)


def import_zx_js(data: Any, name: str) -> Imported:
    """A Z/X database written as a JavaScript array (``judge.games.zx.zxjs``)."""
    from judge.games.zx.zxjs import import_zx_js as run

    return run(data, name)


def import_zx_xls(data: Any, name: str) -> Imported:
    """A Z/X card spreadsheet, ``.xls`` (``judge.games.zx.zxxls``)."""
    from judge.games.zx.zxxls import import_zx_xls as run

    return run(data, name)


def import_rs_catalog(data: Any, name: str) -> Imported:
    """The Rangers Strike catalogue JSON (``judge.games.rangers_strike.catalog``)."""
    from judge.games.rangers_strike.catalog import import_rs_catalog as run

    return run(data, name)


#: importer name -> (the game, the function: decoded input, set name -> Imported)
IMPORTERS: dict[str, tuple[str, Callable[[Any, str], Imported]]] = {
    "ua-simulator": ("union-arena", import_ua_simulator),
    "r4utools": ("rebirth", import_r4utools),
    "zx-js": ("zx", import_zx_js),
    "zx-xls": ("zx", import_zx_xls),
    "rs-catalog": ("rangers-strike", import_rs_catalog),
}
#: importers that read the file's text themselves (not JSON: ``var dbMain=[...]``)
TEXT_FILE = ("zx-js",)
#: importers that read the file's bytes themselves (a spreadsheet)
BINARY_FILE = ("zx-xls",)
#: importers that read several files at once (given as ``{"files": [doc, ...]}``)
MULTI_FILE = ("r4utools",)
