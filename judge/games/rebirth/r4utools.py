"""The ``r4utools`` importer: the community card list of Rebirth for you made a card set
(``judge cards import r4utools FILE... -o SET.json``; ``docs/cards.md``).

The list (``ronelm2000/r4utools``, ``Montage.RebirthForYou.Tools.CLI/Sets/*.r4uset``, GPL-3.0:
the user's files are read, none of it is in this repository) is one JSON file per product:
``{"Version": …, "Cards": [{"Serial", "Name": {"EN", "JP"}, "Traits": [{"EN", "JP"}],
"Type": "Character" | "Rebirth" | "Partner", "Color", "Rarity", "Cost", "ATK", "DEF",
"Flavor", "Effect": [{"EN", "JP"}], "Set": {"ReleaseCode", "Name"}, …}]}``.

Mapping (R4U-IMPORT): ``Serial`` → ``code``; ``Name.JP`` (else ``EN``) → ``name``; ``Type`` →
``type``; a character's ``Cost``/``ATK``/``DEF`` → ``level``/``atk``/``def`` (whole numbers);
``Color`` → ``frame`` (Blue, Yellow, Green, Red); one trait → ``attribute`` (the engine's
attribute is one word: a record with several is imported without one, noted, and with them
as ``traits``, which a skill showcase of an attribute counts); the Japanese
effect lines → ``text`` (the printed authority, read by :mod:`judge.games.rebirth.reader`),
the English ones → ``text_en`` (shown, never read).  A record whose type disagrees with its
fields (a character without stats, a Rebirth or partner card with them, a frame colour of
another type) is left out and named: its type is not known, so it is not read.  An effect
with English and no Japanese makes the card ``unsupported`` (its printed text is not known).
"""

from __future__ import annotations

from typing import Any

from judge.core.cardimport import Imported, LeftOut, import_records

_TYPES = {"Character": "character", "Rebirth": "rebirth", "Partner": "partner"}
_FRAMES = {"Blue": "blue", "Yellow": "yellow", "Green": "green", "Red": "red"}
#: the frames each type may have (R4U-FRAME: partners red, the others blue, yellow, green)
_TYPE_FRAMES = {
    "character": ("blue", "yellow", "green"),
    "rebirth": ("blue", "yellow", "green"),
    "partner": ("red",),
}
_READ = {"Serial", "Name", "Traits", "Type", "Color", "Cost", "ATK", "DEF", "Effect", "Set"}
#: display fields, read by no engine: left out without a note
_DISPLAY = {"Rarity", "Flavor", "Images", "Remarks", "Alternates", "Language"}


def _whole(raw: dict[str, Any], key: str) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise LeftOut(
            f"a Character whose {key} is {value!r}, not a whole number: its type or its "
            f"{key} is wrong",
            f"a Character without {key}",
        )
    return value


def _text(value: Any, lang: str) -> str | None:
    if isinstance(value, dict):
        got = value.get(lang)
        return got.strip() if isinstance(got, str) and got.strip() else None
    return None


def _card(raw: Any, notes: list[str]) -> dict[str, Any]:
    """One record as a Rebirth for you definition; notes what it could not map."""
    if not isinstance(raw, dict):
        raise LeftOut("not an object")
    code = raw.get("Serial")
    if not isinstance(code, str) or not code.strip():
        raise LeftOut("no Serial")
    name = _text(raw.get("Name"), "JP") or _text(raw.get("Name"), "EN")
    if name is None:
        raise LeftOut("no Name (JP or EN)")
    kind = _TYPES.get(raw.get("Type"))  # type: ignore[arg-type]
    if kind is None:
        raise LeftOut(f"unknown Type {raw.get('Type')!r}", "unknown Type")
    card: dict[str, Any] = {"code": code.strip(), "name": name, "type": kind}
    if kind == "character":
        card["level"] = _whole(raw, "Cost")
        card["atk"] = _whole(raw, "ATK")
        card["def"] = _whole(raw, "DEF")
    else:
        stats = [k for k in ("Cost", "ATK", "DEF") if raw.get(k) is not None]
        if stats:
            raise LeftOut(
                f"a {raw['Type']} card with {', '.join(stats)}: only characters have them, so "
                "its Type or its stats are wrong",
                f"a {raw['Type']} card with a character's stats",
            )
    colour = raw.get("Color")
    if colour is not None:
        frame = _FRAMES.get(colour)
        if frame is None:
            notes.append(f"Color {colour!r} is not a frame colour; frame left out")
        elif frame not in _TYPE_FRAMES[kind]:
            raise LeftOut(
                f"a {raw['Type']} card with a {colour} frame: that frame is another type's "
                "(R4U-FRAME), so its Type or its Color is wrong",
                f"a {raw['Type']} card with another type's frame",
            )
        else:
            card["frame"] = frame
    traits = raw.get("Traits") or []
    words = [t for t in (_text(x, "JP") or _text(x, "EN") for x in traits) if t]
    if kind == "character" and len(words) == 1:
        card["attribute"] = words[0]
    elif kind == "character" and words:
        card["traits"] = words  # what a skill showcase of an attribute counts
        notes.append(
            f"Traits: {len(words)} traits; the engine's attribute is one: left out, the traits "
            "kept as traits"
        )
    _effects(raw.get("Effect"), card, notes)
    if card.get("unsupported") and "frame" in card:
        # the frame is judged against the text (R4U-FRAME-CHECK), which is not known here
        del card["frame"]
        notes.append("frame left out: the text it is judged against is not known")
    unread = sorted(k for k in raw if k not in _READ and k not in _DISPLAY)
    if unread:
        notes.append(f"fields not read: {', '.join(unread)}")
    return card


def _effects(effect: Any, card: dict[str, Any], notes: list[str]) -> None:
    """The Japanese effect lines as ``text``, the English as ``text_en``."""
    if effect is None:
        return
    if not isinstance(effect, list):
        notes.append(f"Effect: {effect!r} is not a list; left out")
        card["unsupported"] = ["the record's Effect is not a list: its printed text is not known"]
        return
    jp: list[str] = []
    en: list[str] = []
    missing = []
    for i, e in enumerate(effect):
        ja, english = _text(e, "JP"), _text(e, "EN")
        if ja:
            jp.append(ja)
        elif english:
            missing.append(i)
        if english:
            en.append(english)
    if jp:
        card["text"] = "\n".join(jp)
    if en:
        card["text_en"] = "\n".join(en)
    if missing:
        why = (
            f"Effect {', '.join(f'[{i}]' for i in missing)} has English and no Japanese: the "
            "printed text is not known in full"
        )
        notes.append(f"{why} (unsupported)")
        card["unsupported"] = [why]


def records(data: Any) -> list[Any]:
    """The card records of one decoded ``.r4uset`` (``{"Cards": [...]}``) or of several
    (``{"files": [doc, ...]}``, as the command gives them); ValueError for anything else."""
    docs = data["files"] if isinstance(data, dict) and "files" in data else [data]
    out: list[Any] = []
    for doc in docs:
        cards = doc.get("Cards") if isinstance(doc, dict) else None
        if not isinstance(cards, list):
            raise ValueError('an r4utools set is a JSON object with a "Cards" list')
        out += cards
    return out


def import_r4utools(data: Any, name: str) -> Imported:
    """The r4utools list (one file or several) as the Rebirth for you set ``name``."""
    cards_in = records(data)
    return import_records(
        cards_in,
        name,
        "rebirth",
        "r4utools",
        _card,
        key=lambda raw: raw.get("Serial"),
        key_name="Serial",
    )
