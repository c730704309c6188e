"""The ``rs-catalog`` importer: the Rangers Strike catalogue JSON made a card set
(``judge cards import rs-catalog cards.json -o SET.json``; ``docs/cards.md``, "Rangers Strike").

The format is that of the fan simulator's generated catalogue
(``packages/cards/src/generated/catalog/*/cards.json`` of ``tsukasa19901012/rangers-strike``;
the user's file is read, none of it is in this repository): ``{"expansion": …, "cards":
[{...}, ...]}`` (or the list alone), one object per card with ``id`` (``RS-001``), ``name``,
``type`` (``unit``, ``vehicle``, ``operation``), ``category`` (``WB`` ``ET`` ``OT`` ``MA``
``DA``; a list for a multi-category card), ``expansion``, ``powerCost`` (a number, or
``"5+"`` / ``"10-"``), ``bp``, ``size``, ``sp`` (``1``, ``"1/5"``, ``"special"``),
``comboNumber`` (a number or ``"RC"``), ``rushAdditionalCondition`` (``{conditionId, text,
…}``), ``features`` and ``text`` (the printed text, ``なし`` for none; empty when not transcribed) and
fields for display
(``rarity``, ``imageUrl``, ``imageSourceUrl``).

Mapping (RS-IMPORT; what the engine has no place for makes the card ``unsupported`` with the
reason, or leaves it out, never silently dropped):

- ``id`` → ``code``, ``name``, ``type``, ``category`` (one of the list's two-letter codes; a
  multi-category card is left out: the engine holds a command of exactly its category, and a
  multi-category card needs every one of them, so any use of it would be misjudged);
- ``powerCost`` ``N`` → ``power``; ``"N+"`` → ``power`` N and unsupported (its additional
  condition is a cost the engine does not carry out); ``"N-"`` → ``power`` 0 and unsupported
  (the condition makes it 0: the engine requires only what is always required), and
  ``power_number`` N (the number printed, which effects comparing required powers read:
  RS-POWER-AT-MOST);
- ``bp`` → ``bp`` (a unit without one is left out; a vehicle prints none and has none:
  ``bp`` 0, RS-VEHICLE); ``size`` → ``size``; ``sp`` a whole number → ``sp``;
  none → ``sp`` 0 (the catalogue's "－": the unit cannot strike); ``"K/N"`` → ``sp`` 0 and
  ``sp_at`` ``{"sp": K, "position": N}`` (SP K while N-th in the battle area: RS-SP-FRACTION);
  ``"special"`` (the printed ``！``) → ``sp`` 0 and ``sp_special`` (its SP comes from its Number
  Combination or its text alone: RS-SP-SPECIAL); any other SP → ``sp`` 0 and unsupported;
- ``comboNumber`` N → ``combination.number`` (its effects: the reader's); ``"RC"`` →
  ``combination.rc`` (the rider combination: RS-RIDE, RS-RIDER-COMBINATION);
- ``rushAdditionalCondition``: its ``text`` when it discards units of one's own (``自軍「X」N体を
  捨札にする``, ``特徴「X」[と「Y」]を持つ自軍ユニットN体を捨札にする``, either with
  ``…捨札にすれば必要パワー0になる``), discards the combination's parts (``自軍合体ユニットを捨札に
  する``, the parts read from the text's ``合体―A+B…``: :func:`combine_parts`), or holds further
  commands (``追加で自軍コマンドをNつホールドする``) → ``cost`` (RS-RUSH-DISCARD, RS-COMBINE-PARTS,
  RS-RUSH-HOLD; then ``"N+"`` and ``"N-"`` are power N);
  any other → unsupported, naming its text (the record's ``conditionId`` is not read:
  the printed text is the authority, and the two disagree on some records);
- operations: ``※常駐`` in the text → ``operation`` ``resident`` (``※タッグ`` → ``tag``), no
  such note → ``normal``; a text naming ``カウンター`` is left out (a counter's timing is not
  read, and a counter imported as a normal operation would be misjudged);
- ``※このカードはデッキに好きな枚数入れてもよい。`` → ``any_copies`` (RS-DECK-ANY-COPIES);
- ``features`` → ``features``, ``expansion`` → ``expansion`` (shown, and coverage by
  expansion); ``text`` → ``text`` (read by :mod:`judge.games.rangers_strike.reader`; ``なし``:
  no text; empty or missing: unsupported, the printed text is not known).
"""

from __future__ import annotations

import re
from typing import Any

from judge.core.cardimport import Imported, LeftOut, import_records
from judge.core.textread import normalise

_TYPES = ("unit", "vehicle", "operation")
_CATEGORY = re.compile(r"[A-Z]{2}")
_READ = {"id", "name", "type", "category", "expansion", "powerCost", "bp", "size", "sp"}
_READ |= {"comboNumber", "rushAdditionalCondition", "features", "text"}
#: display fields, read by no engine: left out without a note
_DISPLAY = {"rarity", "imageUrl", "imageSourceUrl"}
#: the printed text of a card without text (an empty ``text`` is not known, not "none")
NO_TEXT = "なし"
#: the deck-construction note read into ``any_copies`` (RS-DECK-ANY-COPIES)
ANY_COPIES = "※このカードはデッキに好きな枚数入れてもよい。"
_POWER = re.compile(r"(\d+)([+-]?)")


def _str(raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    return value.strip() if isinstance(value, str) else ""


def _whole(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def _power(raw: dict[str, Any], cost: dict[str, Any] | None, doubts: list[str]) -> int:
    """``powerCost`` as required power (module docstring): ``"N+"`` with a discard cost the
    engine carries out (RS-RUSH-DISCARD) is power N; ``"N-"`` with an optional discard that
    makes it 0 (``zero_power``) is power N too."""
    value = raw.get("powerCost")
    if _whole(value) is not None:
        return int(value)
    found = _POWER.fullmatch(value.strip()) if isinstance(value, str) else None
    if found is None:
        raise LeftOut(f"powerCost {value!r} is not a required power", "powerCost not read")
    n, mark = int(found.group(1)), found.group(2)
    if mark == "+":
        if cost is None or cost.get("zero_power"):
            doubts.append(
                f"required power {value}: its additional condition is a cost the engine does "
                "not carry out"
            )
        return n
    if mark == "-":
        if cost is not None and cost.get("zero_power"):
            return n
        doubts.append(
            f"required power {value}: 0 when its additional condition is met, which the engine "
            "does not check (it requires power 0)"
        )
        return 0
    return n


_DISCARD = re.compile(
    r"(?:自軍「(?P<name>[^「」]+)」を?|特徴「(?P<f1>[^「」]+)」(?:と「(?P<f2>[^「」]+)」)?を持つ自軍ユニット)"
    r"(?P<n>[1-9])体を?捨札に(?:する|(?P<zero>すれば必要パワー0になる))"
)


_HOLD = re.compile(r"追加で自軍コマンドを(?P<n>[1-9])つホールドする")


#: "自軍合体ユニットを捨札にする" (with "…すれば必要パワー0になる"): the parts the text lists after
#: "合体―" (RS-COMBINE-PARTS)
_COMBINE = re.compile(r"自軍合体ユニットを捨札に(?:する|(?P<zero>すれば必要パワー0になる))")
#: the text's "合体―A+B+C" (each part "X" or "XまたはY"; a part of parts, "A(またはa+b)", is not read)
_PARTS = re.compile(r"合体[―-](?P<parts>[^\s【※◎]+)")


def combine_parts(text: str) -> list[list[str]] | None:
    """The parts a card's text lists after "合体―", each a list of the names that may stand for
    it; None when there is no such list or a part is itself several (``(または…+…)``).

    >>> combine_parts("合体―ゴーゴーダンプ＋ゴーゴージャイロ 【X】…")
    [['ゴーゴーダンプ'], ['ゴーゴージャイロ']]
    >>> combine_parts("合体－ゲキレッドまたはゲキタイガー＋ゲキイエロー")
    [['ゲキレッド', 'ゲキタイガー'], ['ゲキイエロー']]
    >>> combine_parts("合体―エンジンオー（またはスピードル＋バスオン）＋ガンバルオー") is None
    True
    """
    found = _PARTS.search(normalise(text))
    if found is None or "(" in found["parts"] or ")" in found["parts"]:
        return None
    parts = [p.split("または") for p in found["parts"].split("+")]
    return parts if all(all(parts_) for parts_ in parts) else None


def _cost(said: str, text: str = "") -> dict[str, Any] | None:
    """An additional condition's text as a cost (RS-RUSH-DISCARD, RS-RUSH-HOLD,
    RS-COMBINE-PARTS: the parts from the card's ``text``), or None."""
    condition = normalise(said).strip()
    combine = _COMBINE.fullmatch(condition)
    if combine is not None:
        parts = combine_parts(text)
        if parts is None:
            return None
        cost: dict[str, Any] = {"discard": {"parts": parts}, "count": len(parts)}
        if combine["zero"]:
            cost["zero_power"] = True
        return cost
    hold = _HOLD.fullmatch(condition)
    if hold is not None:
        return {"hold": int(hold.group("n"))}
    found = _DISCARD.fullmatch(condition)
    if found is None:
        return None
    if found.group("name"):
        which: dict[str, Any] = {"name": found.group("name")}
    else:
        which = {"features": [f for f in (found.group("f1"), found.group("f2")) if f]}
    cost: dict[str, Any] = {"discard": which, "count": int(found.group("n"))}
    if found.group("zero"):
        cost["zero_power"] = True
    return cost


_SP_FRACTION = re.compile(r"([1-9])/([1-9])")


def _sp(raw: dict[str, Any], card: dict[str, Any], doubts: list[str]) -> int:
    """``sp`` as the unit's printed SP (module docstring: RS-SP-FRACTION, RS-SP-SPECIAL)."""
    value = raw.get("sp")
    if value is None:
        return 0
    if _whole(value) is not None:
        return int(value)
    said = value.strip() if isinstance(value, str) else None
    if said is not None and said.isdigit():
        return int(said)
    fraction = _SP_FRACTION.fullmatch(said) if said is not None else None
    if fraction is not None:
        card["sp_at"] = {"sp": int(fraction.group(1)), "position": int(fraction.group(2))}
        return 0
    if said == "special":
        card["sp_special"] = True
        return 0
    doubts.append(f"SP {value!r}: an SP the engine does not model (it is given SP 0)")
    return 0


def _operation(card: dict[str, Any], text: str) -> None:
    """The operation's kind from its printed notes (module docstring)."""
    if "カウンター" in text:
        raise LeftOut(
            "an operation whose text names カウンター: a counter's timing is not read, and "
            "as a normal operation it would be misjudged",
            "a counter (timing not read)",
        )
    notes = re.findall(r"※([^\s※(（]+)", text)
    if "常駐" in notes:
        card["operation"] = "resident"
        card["tag"] = "タッグ" in notes
    else:
        card["operation"] = "normal"


def _unit_fields(raw: dict[str, Any], card: dict[str, Any], doubts: list[str]) -> None:
    kind = card["type"]
    bp = _whole(raw.get("bp"))
    if kind == "unit":
        if bp is None:
            raise LeftOut(f"a unit with bp {raw.get('bp')!r}", "a unit without a BP")
        card["bp"] = bp
        card["sp"] = _sp(raw, card, doubts)
        combo = raw.get("comboNumber")
        if _whole(combo):
            card["combination"] = {"number": int(combo), "effects": []}
        elif combo == "RC":  # the rider combination (RS-RIDE, RS-RIDER-COMBINATION)
            card["combination"] = {"rc": True, "effects": []}
        elif combo is not None:
            doubts.append(f"combination {combo!r}: not a Number Combination the engine has")
    else:
        card["bp"] = bp or 0  # a vehicle has no BP and never fights (RS-VEHICLE)
        for key in ("sp", "comboNumber"):
            if raw.get(key) is not None:
                doubts.append(f"{key} on a vehicle: not read")
    size = _str(raw, "size")
    if size:
        card["size"] = size


def _card(raw: Any, notes: list[str]) -> dict[str, Any]:
    """One record as a Rangers Strike definition; notes what it could not map."""
    if not isinstance(raw, dict):
        raise LeftOut("not an object")
    code = _str(raw, "id")
    if not code:
        raise LeftOut("no id")
    name = _str(raw, "name")
    if not name:
        raise LeftOut("no name")
    kind = _str(raw, "type")
    if kind not in _TYPES:
        raise LeftOut(f"unknown type {raw.get('type')!r}", "unknown type")
    category = raw.get("category")
    if not (isinstance(category, str) and _CATEGORY.fullmatch(category.strip())):
        raise LeftOut(
            f"category {category!r} is not one category (the engine holds a command of "
            "exactly the card's category)",
            "not one category",
        )
    doubts: list[str] = []
    card: dict[str, Any] = {"code": code, "name": name, "type": kind}
    card["category"] = category.strip()
    cond = raw.get("rushAdditionalCondition")
    said = cond.get("text") if isinstance(cond, dict) else None
    cost = _cost(said, _str(raw, "text")) if isinstance(said, str) else None
    card["power"] = _power(raw, cost, doubts)
    printed = _POWER.fullmatch(str(raw.get("powerCost")).strip())
    if printed is not None and int(printed.group(1)) != card["power"]:
        card["power_number"] = int(printed.group(1))  # N-: the number printed (RS-POWER-AT-MOST)
    text = _str(raw, "text")
    if kind == "operation":
        _operation(card, text)
        for key in ("bp", "sp", "comboNumber", "size"):
            if raw.get(key) is not None:
                notes.append(f"{key} on an operation: left out")
    else:
        _unit_fields(raw, card, doubts)
    if cost is not None:
        card["cost"] = cost
    elif cond is not None:
        doubts.append(f"additional condition {said or cond!r}: not in the engine's vocabulary")
    features = raw.get("features")
    if isinstance(features, list) and all(isinstance(f, str) for f in features):
        if features:
            card["features"] = [f.strip() for f in features]
    elif features is not None:
        notes.append(f"features {features!r} is not a list of names; left out")
    expansion = _str(raw, "expansion")
    if expansion:
        card["expansion"] = expansion
    if not text:
        doubts.append(
            "the record's text is empty (なし is written for no text): the printed text is "
            "not known"
        )
    elif text != NO_TEXT:
        card["text"] = text
        if ANY_COPIES in text:
            card["any_copies"] = True
    if doubts:
        card["unsupported"] = doubts
        notes += [f"{why} (unsupported)" for why in doubts]
    unread = sorted(k for k in raw if k not in _READ and k not in _DISPLAY)
    if unread:
        notes.append(f"fields not read: {', '.join(unread)}")
    return card


def records(data: Any) -> list[Any]:
    """The records of a decoded catalogue: ``{"cards": [...]}`` or the list itself."""
    found = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(found, list):
        raise ValueError('an rs-catalog file is {"cards": [...]} or a JSON list of cards')
    return found


def import_rs_catalog(data: Any, name: str) -> Imported:
    """The catalogue (decoded JSON) as the Rangers Strike set ``name``."""
    return import_records(
        records(data),
        name,
        "rangers-strike",
        "rs-catalog",
        _card,
        key=lambda r: r.get("id"),
        key_name="id",
    )
