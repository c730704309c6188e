"""The small grammar of Union Arena's printed (Japanese) card text: its parts, read one by one.

An ability on a card is written in a few parts (the official card list, ``effectText``)::

    [起動メイン][レストにする] [ターン1]相手のフロントLのキャラを1枚選び、このターン中、BP-500。
     timing      cost          limit    selector                count   duration   operation

This module reads the parts: the bracketed tags at the start of a line (timing, costs,
once per turn), keywords and their reminder text, selectors ("自分の場の［特徴：X］"),
counts ("1枚まで"), durations ("このターン中") and operations ("退場させる", "BP+1000").
:mod:`judge.games.union_arena.reader` puts them together into the engine's effects.  Every
function returns None for what it does not recognise: the reader never guesses.

Text is normalised first (:func:`normalise`): NFKC (full-width digits, letters, brackets
and signs become ASCII: ``［特徴：X］`` → ``[特徴:X]``, ``（1）`` → ``(1)``, ``＋`` → ``+``),
and ``【…】`` → ``[…]`` (both spellings of the timing tags occur).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from judge.games.union_arena import unchoosable

#: timing tags -> the engine's ``when``
TIMINGS = {
    "登場時": "on_play",
    "起動メイン": "activate_main",
    "アタック時": "on_attack",
    "ブロック時": "on_block",
    "退場時": "on_retire",
}

#: colour words -> the engine's colours (the importer's lower-case names)
COLOURS = {"紫": "purple", "緑": "green", "赤": "red", "青": "blue", "黄": "yellow"}

#: keyword tags -> the engine's keyword words (:class:`~judge.games.union_arena.cards.Keywords`)
SIMPLE_KEYWORDS = {
    "インパクト無効": "nullify impact",
    "ステップ": "step",
    "狙い撃ち": "snipe",
    "2回アタック": "double attack",
    "2回ブロック": "double block",
}
_VALUE_KEYWORD = re.compile(r"^(インパクト|ダメージ)\((\+?)(\d+)\)$")

#: durations -> the engine's ``until``
DURATIONS = {
    "このターン中": "turn",
    "このバトル中": "battle",
    # until the start of the effect's controller's next turn (UA-START-EXPIRE)
    "次の自分のターン開始時まで": "next_turn",
}

#: zone words of a selector -> the engine's zones
ZONES = {"場": "field", "フロントL": "front_line", "エナジーL": "energy_line"}


def normalise(text: str) -> str:
    """The text in one spelling: NFKC, ``【】`` as ``[]``, no spaces around tags, line
    breaks kept (a line is an ability).

    >>> normalise("【登場時】カードを１枚引く。")
    '[登場時]カードを1枚引く。'
    """
    text = unicodedata.normalize("NFKC", text).replace("【", "[").replace("】", "]")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(re.sub(r"\]\s+\[", "][", line.strip()) for line in text.split("\n"))


def strip_reminders(line: str) -> str:
    """The line without reminder text: a parenthesised group right after a ``]`` (a keyword's
    explanation, "[ステップ](自分の移動フェイズに…)"), nested brackets included.  Parentheses
    elsewhere (a name such as 〈月下(藤堂機)〉) are kept.

    >>> strip_reminders("[インパクト(+1)](インパクトの与えるダメージが+1され、[インパクト(1)]を得る)を与える")
    '[インパクト(+1)]を与える'
    """
    out: list[str] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "(" and out and out[-1] == "]":
            depth = 0
            j = i
            while j < len(line):
                if line[j] == "(":
                    depth += 1
                elif line[j] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if depth == 0:
                i = j + 1
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def keyword(tag: str) -> str | None:
    """The engine's keyword for a keyword tag's inside (``インパクト(1)`` → ``impact 1``).

    >>> keyword("ダメージ(+1)"), keyword("狙い撃ち"), keyword("レストにする")
    ('damage +1', 'snipe', None)
    """
    if tag in SIMPLE_KEYWORDS:
        return SIMPLE_KEYWORDS[tag]
    m = _VALUE_KEYWORD.match(tag)
    if m:
        word = "impact" if m.group(1) == "インパクト" else "damage"
        return f"{word} {m.group(2)}{m.group(3)}"
    return None


def leading_tags(line: str) -> tuple[list[str], str]:
    """The ``[...]`` tags a line starts with, and the rest (``[特徴:…]`` is not a tag: it
    names a trait, which a body may start with)."""
    tags: list[str] = []
    rest = line
    while rest.startswith("[") and not rest.startswith("[特徴:"):
        end = _closing(rest)
        if end < 0:
            break
        tags.append(rest[1:end])
        rest = rest[end + 1 :]
    return tags, rest


def _closing(text: str) -> int:
    """Index of the ``]`` closing the ``[`` at 0 (brackets nest: ``[インパクト(1)]``)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return i
    return -1


def cost(tags: list[str]) -> tuple[dict[str, Any], bool] | None:
    """An activated ability's cost tags (``[レストにする]``, ``[このカードを退場させる]``,
    ``[手札を1枚場外に置く]``, ``[APを1支払う]``) and ``[ターン1]``: (cost, once per turn), or None
    when a tag is not one the engine can pay (a condition such as ``[フロントLにある場合]``)."""
    out: dict[str, Any] = {}
    once = False
    for tag in tags:
        m = re.fullmatch(r"手札を(\d+)枚場外に置く", tag)
        ap = re.fullmatch(r"APを(\d+)支払う", tag)
        if tag == "レストにする":
            out["rest_self"] = True
        elif tag in ("このカードを退場させる", "このキャラを退場させる"):
            out["retire_self"] = True
        elif m:
            out["discard"] = out.get("discard", 0) + int(m.group(1))
        elif ap:
            out["ap"] = out.get("ap", 0) + int(ap.group(1))
        elif tag == "ターン1":
            once = True
        else:
            return None
    return out, once


def payable_cost(tags: list[str]) -> tuple[dict[str, Any], bool]:
    """The cost tags the engine can pay, the others (conditions) left out: what an
    unsupported activated ability's stand-in still asks (the log records its payment, and
    the step is unverifiable in any case)."""
    out: dict[str, Any] = {}
    once = False
    for tag in tags:
        read = cost([tag])
        if read is not None:
            for key, value in read[0].items():
                out[key] = out.get(key, 0) + value if key in ("discard", "ap") else value
            once = once or read[1]
    return out, once


def count(text: str) -> tuple[int, bool] | None:
    """``1枚`` → (1, False), ``2枚まで`` → (2, True)."""
    m = re.fullmatch(r"(\d+)枚(まで)?", text)
    if not m or int(m.group(1)) < 1:
        return None
    return int(m.group(1)), bool(m.group(2))


_SIDE = re.compile(r"^(自分|相手)の(場|フロントL|エナジーL)の")


#: "このターン中に自分の効果でアクティブからレストになったことがある" before a selector's side
#: (UA-EFFECT-RESTED-BY-OWN, judge/games/union_arena/rested_by.py)
RESTED_BY_OWN = "このターン中に自分の効果でアクティブからレストになったことがある"


def selector(text: str) -> dict[str, Any] | None:
    """A selector of cards on the field: ``[BPn以下の|BPn以上の](自分|相手)の(場|フロントL|エナジーL)の``
    (or ``自分のAPカード``: your AP cards in play)
    then conditions (``BPn以下の``, ``必要エナジーがn以下の`` / ``以上の``, ``元々のBPがn以下の``
    (printed) — also before the side —,
    ``レストの``, ``アクティブの``, a colour ``紫の``, ``他の``: "another", not the effect's own
    card) and a noun (``キャラ``, ``カード``, ``フィールド``, ``〈Name〉``, ``[特徴:X]``).
    Anything else (``全て``, ``〈A〉か〈B〉``) is not a selector the engine can check, so None.

    >>> selector("BP3000以下の相手のフロントLのキャラ")
    {'side': 'opponent', 'zone': 'front_line', 'type': 'character', 'bp_max': 3000}
    >>> selector("BP3000以上の相手の場のキャラ")
    {'side': 'opponent', 'zone': 'field', 'type': 'character', 'bp_min': 3000}
    >>> selector("必要エナジーが1以下の自分の場の他のキャラ")
    {'side': 'own', 'zone': 'field', 'type': 'character', 'energy_max': 1, 'other': True}
    >>> selector("元々のBPが2500以下の自分の場のキャラ")
    {'side': 'own', 'zone': 'field', 'type': 'character', 'printed_bp_max': 2500}
    >>> selector("自分の場の必要エナジーが4以上の他の[特徴:灯守]")
    {'side': 'own', 'zone': 'field', 'trait': '灯守', 'energy_min': 4, 'other': True}
    >>> selector("自分の場の全てのキャラ") is None
    True
    >>> selector("自分の場の特徴に「灯守」を持つ他のキャラ")
    {'side': 'own', 'zone': 'field', 'type': 'character', 'trait': '灯守', 'other': True}
    """
    if text == "自分のAPカード":  # only "アクティブにする" takes it (effects.supported)
        return {"side": "own", "zone": "ap"}
    out: dict[str, Any] = {}
    while True:  # conditions written before the side: "BP3000以下の", "必要エナジーが1以下の"
        m = re.match(r"^BP(\d+)(以下|以上)の", text)
        e = _ENERGY_BOUND.match(text)
        o = re.match(r"^元々のBPが(\d+)(以下|以上)の", text)  # printed BP (UA-EFFECT-PRINTED-BP)
        bp_key = _BP_BOUND[m.group(2)] if m else None
        if text.startswith(RESTED_BY_OWN) and "rested_by_own" not in out:  # rested_by.py
            out["rested_by_own"] = True
            m = re.match(RESTED_BY_OWN, text)
        elif m and bp_key not in out:
            out[bp_key] = int(m.group(1))
        elif o and f"printed_{_BP_BOUND[o.group(2)]}" not in out:
            out[f"printed_{_BP_BOUND[o.group(2)]}"] = int(o.group(1))
            m = o
        elif e and _ENERGY_KEY[e.group(2)] not in out:
            out[_ENERGY_KEY[e.group(2)]] = int(e.group(1))
            m = e
        else:
            break
        text = text[m.end() :]
    m = _SIDE.match(text)
    if not m:
        return None
    sel: dict[str, Any] = {
        "side": "own" if m.group(1) == "自分" else "opponent",
        "zone": ZONES[m.group(2)],
    }
    rest = text[m.end() :]
    while True:
        m = re.match(r"^BP(\d+)(以下|以上)の", rest)
        e = _ENERGY_BOUND.match(rest)
        if m and _BP_BOUND[m.group(2)] not in out:
            out[_BP_BOUND[m.group(2)]] = int(m.group(1))
        elif e and _ENERGY_KEY[e.group(2)] not in out:  # "自分の場の必要エナジーが4以上の…"
            out[_ENERGY_KEY[e.group(2)]] = int(e.group(1))
            m = e
        elif rest.startswith(("レストの", "アクティブの")) and "rested" not in out:
            out["rested"] = rest.startswith("レスト")
            m = re.match(r"^(レスト|アクティブ)の", rest)
        elif rest[:2] in {f"{c}の" for c in COLOURS} and "color" not in out:
            out["color"] = COLOURS[rest[0]]
            m = re.match(r"^.の", rest)
        elif rest.startswith("他の") and "other" not in out:
            out["other"] = True
            m = re.match(r"^他の", rest)
        elif rest.startswith("特徴に「") and "trait" not in out and _HAS_TRAIT.match(rest):
            m = _HAS_TRAIT.match(rest)  # "特徴に「X」を持つキャラ": a character with trait X
            assert m is not None
            out["trait"] = m.group(1)
        else:
            break
        assert m is not None
        rest = rest[m.end() :]
    noun = card_noun(rest, on_field=True)
    if noun is None and "other" not in out:  # "他の" before them: whether it reaches past "か"
        noun = _field_alternatives(rest)  # is not settled (UA-EFFECT-IF), so not read
    if noun is None or ("trait" in out and ("trait" in noun or "any_of" in noun)):
        return None
    sel.update(noun)
    sel.update(out)
    if any(k in sel for k in _BP_KEYS) and sel.get("type", "character") != "character":
        return None
    return sel


#: an alternative of a selector's noun: 〈X〉, [特徴:X], "カード名に「X」を含むキャラ"
_FIELD_ALT = r"(?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\]|カード名に「[^「」]+」を含むキャラ)"


def _field_alternatives(text: str) -> dict[str, Any] | None:
    """ "カード名に「X」を含むキャラか[特徴:Y]" on the field: alternatives, one of them a
    character whose name contains X (``name_contains`` and ``card_type``, each alternative
    checked whole by ``targets.card_mismatch``); None when none is such (:func:`card_noun`
    reads names and traits).

    >>> _field_alternatives("カード名に「灯」を含むキャラか[特徴:灯守]")
    {'any_of': [{'name_contains': '灯', 'card_type': 'character'}, {'trait': '灯守'}]}
    """
    if not re.fullmatch(rf"{_FIELD_ALT}(?:か{_FIELD_ALT})+", text) or "カード名に" not in text:
        return None
    alts: list[dict[str, Any]] = []
    for item in re.findall(_FIELD_ALT, text):
        m = re.fullmatch(r"カード名に「([^「」]+)」を含むキャラ", item)
        noun = (
            {"name_contains": m.group(1), "card_type": "character"} if m else card_noun(item, True)
        )
        if not noun:
            return None
        alts.append(noun)
    return {"any_of": alts}


#: "特徴に「X」を持つ" (having trait X), before a selector's noun
_HAS_TRAIT = re.compile(r"^特徴に「([^「」]+)」を持つ")
#: a selector's BP bound: "BP3000以下の" (at most), "BP3000以上の" (at least)
_BP_BOUND = {"以下": "bp_max", "以上": "bp_min"}
#: a selector's BP bounds, with effects and printed ("元々のBPが2500以下の"): a character's only
_BP_KEYS = ("bp_max", "bp_min", "printed_bp_max", "printed_bp_min")
#: a selector's required-energy bound: "必要エナジーが1以下の" (printed, all colours, at most),
#: "必要エナジーが4以上の" (at least), before or after the side
_ENERGY_BOUND = re.compile(r"^必要エナジーが(\d+)(以下|以上)の")
_ENERGY_KEY = {"以下": "energy_max", "以上": "energy_min"}


def card_noun(text: str, on_field: bool) -> dict[str, Any] | None:
    """What a selector's noun asks: ``キャラ`` (a character), ``カード`` (any card),
    ``フィールド``, ``〈Name〉`` or ``[特徴:X]``, or names and traits joined by か (``any_of``).
    Off the field a card is not a character or a field but a character card
    (:func:`off_field_noun`), so there ``キャラ`` and ``フィールド`` are not read (None)."""
    if text in ("キャラ", "フィールド"):
        if not on_field:
            return None
        return {"type": "character" if text == "キャラ" else "field"}
    if text == "カード":
        return {}
    m = re.fullmatch(r"〈([^〈〉]+)〉", text)
    if m:
        return {"name": m.group(1)}
    m = re.fullmatch(r"\[特徴:([^\[\]]+)\]", text)
    if m:
        return {"trait": m.group(1)}
    item = r"(?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\])"
    if re.fullmatch(rf"{item}(?:か{item})+", text):  # "[特徴:A]か〈B〉": alternatives
        return {"any_of": [card_noun(alt, on_field) for alt in re.findall(item, text)]}
    return None


_TYPE_WORDS = {"キャラ": "character", "フィールド": "field", "イベント": "event"}
_COLOUR_CLASS = "".join(COLOURS)


def off_field_noun(text: str) -> dict[str, Any] | None:
    """What a choice of a card off the field (the outside area) may ask: what
    :func:`card_noun` reads there (names, traits, any card), or a card type
    "(必要エナジーがN以下の)(色の)(キャラ|フィールド|イベント)カード": a ``card_type``, with a
    colour and an ``energy_max``, which the engine checks on a card wherever it is
    (``targets.card_mismatch``).

    >>> off_field_noun("必要エナジーが2以下の黄のイベントカード")
    {'card_type': 'event', 'color': 'yellow', 'energy_max': 2}
    >>> off_field_noun("キャラ") is None
    True
    """
    noun = card_noun(text, on_field=False)
    if noun is not None:
        return noun
    m = re.fullmatch(
        rf"(?:必要エナジーが(\d+)以下の)?(?:([{_COLOUR_CLASS}])の)?(キャラ|フィールド|イベント)カード",
        text,
    )
    if not m:
        return None
    out: dict[str, Any] = {"card_type": _TYPE_WORDS[m.group(3)]}
    if m.group(2):
        out["color"] = COLOURS[m.group(2)]
    if m.group(1):
        out["energy_max"] = int(m.group(1))
    return out


#: one thing a look may take: 〈Name〉, [特徴:X], "カード名に「X」(か「Y」)を含む(緑の)(キャラ)カード",
#: "(必要エナジーがN以下の)(紫の)(キャラ)カード"
_TAKE_ITEM = (
    r"(?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\]"
    r"|カード名に「[^「」]+」(?:か「[^「」]+」)*を含む"
    rf"(?:[{_COLOUR_CLASS}]の)?(?:キャラ|フィールド|イベント)?カード"
    rf"|(?:必要エナジーが\d+以下の)?(?:[{_COLOUR_CLASS}]の)?(?:キャラ|フィールド|イベント)?カード)"
)
#: a colour before one name or trait: "赤の[特徴:X]" (a red card with the trait X).  Not before
#: alternatives in 〔〕 ("黄の〔[特徴:X]かフィールドカード〕"): whether the colour is each
#: alternative's, no source says
_COLOURED = re.compile(rf"([{_COLOUR_CLASS}])の(〈[^〈〉]+〉|\[特徴:[^\[\]]+\])")


def take_noun(text: str) -> dict[str, Any] | None:
    """What a look may take (``その中から<this>を…``): one thing or alternatives joined by か.

    >>> take_noun("[特徴:灯守]か〈イロ〉")
    {'any_of': [{'trait': '灯守'}, {'name': 'イロ'}]}
    >>> take_noun("カード名に「灯」を含むキャラカード")
    {'name_contains': '灯', 'card_type': 'character'}
    >>> take_noun("黄のフィールドカード")
    {'color': 'yellow', 'card_type': 'field'}
    >>> take_noun("赤の[特徴:灯守]")
    {'color': 'red', 'trait': '灯守'}
    >>> take_noun("BPが5000の〈イロ〉")
    {'bp': 5000, 'name': 'イロ'}
    """
    bp = re.fullmatch(r"BPが(\d+)の(〈[^〈〉]+〉|\[特徴:[^\[\]]+\]|キャラカード)", text)
    if bp:  # "BPが5000の〈X〉": a character card whose printed BP is exactly N
        noun = take_noun(bp.group(2))
        return {"bp": int(bp.group(1)), **noun} if noun is not None else None
    coloured = _COLOURED.fullmatch(text)
    if coloured:  # a colour and a name or trait, both asked of the same card
        noun = card_noun(coloured.group(2), on_field=False)
        return {"color": COLOURS[coloured.group(1)], **noun} if noun else None
    if not re.fullmatch(rf"{_TAKE_ITEM}(?:か{_TAKE_ITEM})*", text):
        return None
    alts: list[dict[str, Any]] = []
    for item in re.findall(_TAKE_ITEM, text):
        read = _take_item(item)
        if read is None:
            return None
        alts += read
    if len(alts) == 1:
        return alts[0]
    if any(not a for a in alts):  # "any card" among alternatives: not a template
        return None
    return {"any_of": alts}


def _take_item(item: str) -> list[dict[str, Any]] | None:
    noun = card_noun(item, on_field=False)
    if noun is not None:
        return [noun]
    m = re.fullmatch(
        rf"カード名に((?:「[^「」]+」か?)+)を含む(?:([{_COLOUR_CLASS}])の)?"
        r"(キャラ|フィールド|イベント)?カード",
        item,
    )
    if m:  # "カード名に「X」を含む緑のキャラカード": each condition asked of the same card
        kind = {"card_type": _TYPE_WORDS[m.group(3)]} if m.group(3) else {}
        kind.update({"color": COLOURS[m.group(2)]} if m.group(2) else {})
        return [{"name_contains": w, **kind} for w in re.findall(r"「([^「」]+)」", m.group(1))]
    m = re.fullmatch(
        rf"(?:必要エナジーが(\d+)以下の)?(?:([{_COLOUR_CLASS}])の)?(キャラ|フィールド|イベント)?カード",
        item,
    )
    if m:
        out: dict[str, Any] = {}
        if m.group(1):  # "必要エナジーが3以下のキャラカード": printed energy, all colours
            out["energy_max"] = int(m.group(1))
        if m.group(2):
            out["color"] = COLOURS[m.group(2)]
        if m.group(3):
            out["card_type"] = _TYPE_WORDS[m.group(3)]
        return [out]
    return None


def duration(text: str) -> tuple[str | None, str]:
    """A leading duration (``このターン中、``) and the rest."""
    for words, until in DURATIONS.items():
        for form in (words + "、", words):
            if text.startswith(form):
                return until, text[len(form) :]
    return None, text


def bp_change(text: str) -> int | None:
    """``BP+1000`` → 1000, ``BP-500`` → -500."""
    m = re.fullmatch(r"BP([+-])(\d+)", text)
    if not m:
        return None
    return int(m.group(2)) * (1 if m.group(1) == "+" else -1)


def granted_keyword(text: str) -> str | None:
    """``[狙い撃ち]を与える`` / ``[インパクト(1)]を得る`` (reminder text already gone), or a
    quoted ability the engine writes as a keyword (:func:`quoted_ability`): the keyword
    given, or None."""
    words = granted_keywords(text)
    return words[0] if words and len(words) == 1 else None


def granted_keywords(text: str) -> list[str] | None:
    """The keywords a "…を与える" / "…を得る" gives, one or several joined by "と"
    (``「相手はこのキャラのアタックを可能ならブロックしなければならない。」と[インパクト(1)]を得る``);
    None when one of them is not known.

    >>> granted_keywords("「このキャラはBP2000以下のキャラにブロックされない。」を与える")
    ['unblockable by bp 2000 or less']
    >>> granted_keywords("「相手はこのキャラのアタックを可能ならブロックしなければならない。」と[インパクト(1)]を得る")
    ['must be blocked', 'impact 1']
    """
    m = re.fullmatch(r"(.+)を(与える|得る)", text)
    if not m:
        return None
    parts = re.findall(r"「[^「」]*」|\[[^\[\]]*(?:\([^()]*\))?\]|と", m.group(1))
    if "".join(parts) != m.group(1) or not parts or parts[0] == "と":
        return None
    words: list[str] = []
    for i, part in enumerate(parts):
        if (part == "と") != (i % 2 == 1):  # items and "と" alternate
            return None
        if part == "と":
            continue
        if part.startswith("「") and (several := unchoosable.quoted(part[1:-1])):
            words += several  # "「相手はキャラの効果・…でこのキャラを選べない。」" (one per kind)
            continue
        word = quoted_ability(part[1:-1]) if part.startswith("「") else keyword(part[1:-1])
        if word is None:
            return None
        words.append(word)
    return words if len(parts) % 2 == 1 else None


def quoted_ability(text: str) -> str | None:
    """A continuous ability of the card itself, as printed or quoted in "「…」を与える", that
    the engine writes as a keyword (``judge/games/union_arena/cards.py``): "このキャラはBP N
    以下/以上のキャラにブロックされない。" (``unblockable by bp N or less|more``,
    UA-EFFECT-UNBLOCKABLE-BP) and "相手はこのキャラのアタックを可能ならブロックしなければ
    ならない。" (``must be blocked``, UA-EFFECT-MUST-BLOCK), "このキャラはフロントLにある場合も
    エナジーを発生させる。" (``generates in front line``, UA-EFFECT-FRONT-ENERGY); None for any
    other text.

    >>> quoted_ability("このキャラはBP3500以上のキャラにブロックされない。")
    'unblockable by bp 3500 or more'
    """
    text = text.rstrip("。")
    m = re.fullmatch(r"このキャラはBP(\d+)(以下|以上)のキャラにブロックされない", text)
    if m:
        return (
            f"unblockable by bp {int(m.group(1))} or {'less' if m.group(2) == '以下' else 'more'}"
        )
    if text == "相手はこのキャラのアタックを可能ならブロックしなければならない":
        return "must be blocked"
    if text == "このキャラはフロントLにある場合もエナジーを発生させる":  # UA-EFFECT-FRONT-ENERGY
        return "generates in front line"
    return None
