"""Union Arena printed text, the parts the reader recognises whole: continuous abilities that
are a line of their own (energy generated while active, a BP raise or keyword while conditions
hold, played active, required energy lowered), the condition clauses before "場合、", and a
look at the deck's top cards over its sentences.  :mod:`judge.games.union_arena.reader` reads
a card's text with them; a module of their own since none needs the reader's sentence
grammar (and the reader stays one concept: abilities, sentences, operations).
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import counts, entered, printed_bp, textlook, this_turn
from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.conditions import either_ok
from judge.games.union_arena.state import LINE_LIMIT


def continuous_generation(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """ "このキャラがアクティブの場合、このキャラの発生エナジー+[紫]。" on a character: while it is
    active it generates one more energy of that colour; "<clause>場合、このキャラ(このフィールド)
    の発生エナジー+[赤]。" (a clause of :func:`condition_clause` but a hand's size, which a play
    would read with or without the card being played; or a card in one line, "自分のフロントLに
    〈X〉がある"; or the energy line full, "自分のエナジーLにカードが4枚ある"): while the
    condition holds; after "[エナジーLにある場合]", only while the card is in the energy line
    (``where``).  A continuous effect the engine counts whenever it counts energy
    (``UA-EFFECT-ENERGY``).

    >>> continuous_generation({"type": "field"}, "自分の場外に〈ミラ〉がある場合、このフィールドの発生エナジー+[赤]。")
    {'when': 'continuous', 'do': [{'op': 'generate', 'color': 'red', 'n': 1, 'if': {'side': 'own', 'zone': 'outside', 'name': 'ミラ', 'min': 1}}]}
    """
    from judge.games.union_arena.textconditions import only_if_clause  # it imports this module

    m = re.fullmatch(
        r"(\[エナジーLにある場合\])?(.+?)場合、この(キャラ|フィールド)の発生エナジー\+\[(.)\]。?",
        line,
    )
    kind = {"キャラ": "character", "フィールド": "field"}.get(m.group(3)) if m else None
    if not m or m.group(4) not in g.COLOURS or defn.get("type") != kind:
        return None
    cond: dict[str, Any] | str | None
    if m.group(2) == "このキャラがアクティブの":
        cond = "active" if kind == "character" else None
    elif _LINE_FULL.fullmatch(m.group(2)):  # "自分のエナジーLにカードが4枚ある": the line full
        cond = {"side": "own", "zone": "energy_line", "min": LINE_LIMIT}
    else:  # a clause of condition_clause, or a card in one line ("自分のフロントLに〈X〉がある")
        cond = only_if_clause(m.group(2))
        if cond is not None and cond.get("zone") == "hand":
            return None
    if cond is None:
        return None
    op = {"op": "generate", "color": g.COLOURS[m.group(4)], "n": 1, "if": cond}
    if m.group(1):  # "[エナジーLにある場合]": only there (UA-EFFECT-STATIC-WHERE)
        op["where"] = "energy_line"
    return {"when": "continuous", "do": [op]}


#: "自分のエナジーLにカードが4枚ある": four cards, as many as a line holds (UA-LINE-LIMIT)
_LINE_FULL = re.compile(rf"自分のエナジーLにカードが{LINE_LIMIT}枚ある")


def static_bp(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """A character's own continuous BP raise with a condition: "[自分のターン中]" /
    "[相手のターン中]", a condition clause then "場合、" (:func:`condition_clause`: "自分の場に
    〈X〉がある", "自分の手札が5枚以上の", …), then "このキャラはBP+N。" or "このキャラは
    [keyword]を得る。" (or a quoted ability written as a keyword, "「このキャラはBP3000以下の
    キャラにブロックされない。」を得る") (``UA-EFFECT-STATIC-BP``; without any condition it is
    not read).

    >>> static_bp({"type": "character"}, "[自分のターン中]自分の手札が5枚以上の場合、このキャラはBP+1000。")
    {'when': 'continuous', 'do': [{'op': 'bp', 'amount': 1000, 'target': 'self', 'during': 'own_turn', 'if': {'side': 'own', 'zone': 'hand', 'min': 5}}]}
    """
    m = re.fullmatch(
        r"(?:\[(自分|相手)のターン中\])?(?:(.+?)場合、)?"
        r"このキャラは(?:BP\+(\d+)(?:と(.+を得る))?"
        r"|((?:\[[^\[\]]*(?:\([^()]*\))?\]|「[^「」]*」)を得る))。?",
        line,
    )
    if not m or defn.get("type") != "character" or not any(m.group(1, 2)):
        return None
    ops: list[dict[str, Any]] = []
    if m.group(3):
        ops.append({"op": "bp", "amount": int(m.group(3)), "target": "self"})
    # "このキャラは[インパクト無効]を得る": a keyword while the conditions hold; "このキャラは
    # BP+1000と[インパクト(1)]を得る": a raise and a keyword, each under the same conditions
    words = g.granted_keywords(m.group(4)) if m.group(4) else None
    word = g.granted_keyword(m.group(5)) if m.group(5) else None
    if (m.group(4) and not words) or (m.group(5) and word is None):
        return None
    ops += [{"op": "grant", "keyword": w, "target": "self"} for w in words or [word] if w]
    conds: dict[str, Any] = {}
    if m.group(1):
        conds["during"] = "own_turn" if m.group(1) == "自分" else "opponent_turn"
    if m.group(2):
        cond = condition_clause(m.group(2))
        if cond is None:
            return None
        if cond.get("zone") == "outside" and "card_type" in cond:  # "…イベントカードがN枚以上"
            conds["if_outside"] = {"card_type": cond["card_type"], "min": cond["min"]}
        else:
            conds["if"] = cond
    return {"when": "continuous", "do": [{**op, **conds} for op in ops]}


def bp_and_grants(text: str, until: str) -> list[dict[str, Any]] | None:
    """ "BP+1000と[インパクト(+1)]を与える" / "BP+2500と「…」を与える" / "BP+1000と[ダメージ(2)]を
    得る" after a duration: a BP change and the keywords given with it, one op each, in the
    printed order (the reader gives the first the target and the others the same card,
    ``chosen``); None for any other text or a keyword the engine does not know.

    >>> bp_and_grants("BP+1000と[インパクト(+1)]を与える", "turn")
    [{'op': 'bp', 'amount': 1000, 'until': 'turn'}, {'op': 'grant', 'keyword': 'impact +1', 'until': 'turn'}]
    """
    m = re.fullmatch(r"(BP[+-]\d+)と(.+を(?:与える|得る))", text)
    amount = g.bp_change(m.group(1)) if m else None
    words = g.granted_keywords(m.group(2)) if m else None
    if amount is None or not words:
        return None
    grants = [{"op": "grant", "keyword": w, "until": until} for w in words]
    return [{"op": "bp", "amount": amount, "until": until}, *grants]


def enters_active(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """ "このフィールドはアクティブで場に登場させる。" (a character: "このキャラは…"), also
    written without "場に" ("このキャラはアクティブで登場させる。": 登場 is entering the field,
    so the words say the same): the card is played active, not rested
    (``UA-EFFECT-ENTERS-ACTIVE``)."""
    word = {"character": "キャラ", "field": "フィールド"}.get(defn.get("type") or "")
    if word is None or line.rstrip("。") not in (
        f"この{word}はアクティブで場に登場させる",
        f"この{word}はアクティブで登場させる",
    ):
        return None
    return {"when": "continuous", "do": [{"op": "enters_active"}]}


def energy_reduction(line: str) -> dict[str, Any] | None:
    """ "相手の場に緑か赤のカードがある場合、手札にあるこのカードの必要エナジーを[紫×1]減らす。":
    while in the hand, the card requires less of a colour when the opponent's field has a
    card of one of the colours named (``UA-EFFECT-ENERGY-LESS``); without a condition
    ("手札にあるこのカードの必要エナジーを[赤×2]減らす。"), always while in the hand."""
    always = re.fullmatch(r"手札にあるこのカードの必要エナジーを\[(.)×(\d+)\]減らす。?", line)
    if always and always.group(1) in g.COLOURS and int(always.group(2)) >= 1:
        op = {"op": "reduce_energy", "color": g.COLOURS[always.group(1)], "n": int(always.group(2))}
        return {"when": "continuous", "do": [op]}
    empty = re.fullmatch(
        r"自分の場にカードが(\d+)枚もない場合、手札にあるこのカードの必要エナジーを"
        r"\[(.)×(\d+)\]減らす。?",
        line,
    )  # "自分の場にカードが1枚もない場合": while your field has fewer than N cards
    if empty and empty.group(2) in g.COLOURS and int(empty.group(1)) >= 1:
        cond = {"side": "own", "zone": "field", "max": int(empty.group(1)) - 1}
        op = {"op": "reduce_energy", "color": g.COLOURS[empty.group(2)], "n": int(empty.group(3))}
        return {"when": "continuous", "do": [{**op, "if_any": [cond]}]}
    m = re.fullmatch(
        r"相手の場に(.)(?:か(.))?のカードがある場合、手札にあるこのカードの必要エナジーを"
        r"\[(.)×(\d+)\]減らす。?",
        line,
    )
    if not m:
        return _reduction_if(line)
    named = [w for w in (m.group(1), m.group(2)) if w is not None]
    if not all(w in g.COLOURS for w in [*named, m.group(3)]) or int(m.group(4)) < 1:
        return None
    conds = [{"side": "opponent", "zone": "field", "color": g.COLOURS[w]} for w in named]
    op = {"op": "reduce_energy", "color": g.COLOURS[m.group(3)], "n": int(m.group(4))}
    return {"when": "continuous", "do": [{**op, "if_any": conds}]}


def _reduction_if(line: str) -> dict[str, Any] | None:
    """ "自分の場に〈X〉がある場合、手札にあるこのカードの必要エナジーを[紫×2]減らす。" (any clause
    of ``only_if_clause``: the field, one line, the outside area, life; not a hand's size,
    which the card itself is part of): while the condition holds (``UA-EFFECT-ENERGY-LESS``)."""
    from judge.games.union_arena.textconditions import only_if_clause  # it imports this module

    m = re.fullmatch(r"(.+?)場合、手札にあるこのカードの必要エナジーを\[(.)×(\d+)\]減らす。?", line)
    cond = only_if_clause(m.group(1)) if m else None
    if m is None or cond is None or cond.get("zone") == "hand" or m.group(2) not in g.COLOURS:
        return None
    op = {"op": "reduce_energy", "color": g.COLOURS[m.group(2)], "n": int(m.group(3))}
    return {"when": "continuous", "do": [{**op, "if_any": [cond]}]} if op["n"] >= 1 else None


def field_condition(text: str) -> dict[str, Any] | None:
    """ "自分の場に〈X〉" / "自分の場に[特徴:X]" (a card on your field), "自分の場に〈X〉か〈Y〉"
    (a card that is either: ``any_of``, names and traits only), "自分の場に他の[特徴:X]"
    (another: not the card with the ability), "自分の場にカード名に「X」を含むキャラ" (a
    character whose name contains X; "「X」か「Y」を含む": either), "相手の場にレストのキャラ" (a rested character on the
    opponent's field): a condition (``conditions.valid``)."""
    m = re.fullmatch(r"自分の場にカード名に「([^「」]+)」を含むキャラ", text)
    if m:
        return {"side": "own", "zone": "field", "type": "character", "name_contains": m.group(1)}
    m = re.fullmatch(r"自分の場にカード名に((?:「[^「」]+」か)+「[^「」]+」)を含むキャラ", text)
    if m:  # "カード名に「X」か「Y」を含むキャラ": a character whose name contains either
        alts = [{"name_contains": w} for w in re.findall(r"「([^「」]+)」", m.group(1))]
        return {"side": "own", "zone": "field", "type": "character", "any_of": alts}
    if text == "相手の場にレストのキャラ":
        return {"side": "opponent", "zone": "field", "type": "character", "rested": True}
    m = re.fullmatch(r"自分の場に(他の)?(.+)", text)
    noun = g.card_noun(m.group(2), on_field=False) if m else None
    if not noun or m is None:
        return None
    either = "any_of" in noun
    if either and (m.group(1) or set(noun) != {"any_of"} or not either_ok(noun["any_of"])):
        return None  # "他の〈A〉か〈B〉": whether "他の" reaches past "か" is not read
    return {"side": "own", "zone": "field", **noun, **({"other": True} if m.group(1) else {})}


#: how a sentence with a condition clause (:func:`condition_clause`) starts
CONDITION_START = re.compile(
    r"(自分の場に|自分のフロントLに|自分のエナジーLに|相手の場にレスト|自分の場外に|(自分|相手)のライフが|自分の手札が|自分の山札が"
    r"|このターン中に自分(?:が|の(?!効果でアクティブから))|このターン中にキャラの効果で|このターンのアタックフェイズ中に自分が"
    r"|自分のターン中の場合|自分のリムーブエリアに"
    r"|相手の(?:フロントL|エナジーL|場)に元々のBPより"  # printed_bp.clause
    rf"|{entered.START})"
)
#: a named card or a trait: "〈X〉" / "[特徴:X]"
_NOUN = r"(?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\])"
#: a condition clause, up to "場合、" (judge/games/union_arena/conditions.py)
_CLAUSE = re.compile(
    rf"((?:自分の場に(?:他の)?{_NOUN}(?:か{_NOUN})*"
    r"|自分の場にカード名に「[^「」]+」(?:か「[^「」]+」)*を含むキャラ|相手の場にレストのキャラ))"
    r"が(?:(\d+)枚以上)?ある"
    r"|自分の場外にイベントカードが(\d+)枚以上ある"
    r"|(自分|相手)のライフが(\d+)以下の"
    r"|自分の手札が(\d+)枚以上の"
    rf"|自分の場外に({_NOUN})が(?:(\d+)枚以上)?ある"
    rf"|自分の場に必要エナジーが(\d+)以上の({_NOUN})が(?:(\d+)枚以上)?ある"
    r"|自分の(手札|山札)が(\d+)枚(以下)?の"
    r"|(このターン中に自分がイベントカードを使用している)"
    r"|自分の場外に(?:ある)?カードが(\d+)枚(以上ある|以下の|の)"
)


#: "自分の場(場外)に(黄の)[特徴:X]のカード名がN種類以上ある": N kinds of card name among them
_NAME_KINDS = re.compile(
    rf"自分の(場|場外)に(?:([{''.join(g.COLOURS)}])の)?\[特徴:([^\[\]]+)\]のカード名が(\d+)種類以上ある"
)
#: the same count in other words: "自分の場に異なるカード名を持つ[特徴:X]がN種類以上ある" ([X]
#: cards with different names, N kinds or more: N or more names among them)
_NAME_KINDS_DIFFERENT = re.compile(
    rf"自分の(場|場外)に異なるカード名を持つ(?:([{''.join(g.COLOURS)}])の)?\[特徴:([^\[\]]+)\]が(\d+)種類以上ある"
)
#: "自分の場に〈X〉がない" / "自分の場に[特徴:X]がない": no such card on your field
_ABSENT = re.compile(r"(自分の場に(?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\]))がない")


def condition_clause(text: str) -> dict[str, Any] | None:
    """A condition clause before "場合": a card (or N cards) on your field, another one (not
    the card with the ability), one requiring N energy or more, a character whose name
    contains a word, a rested character on the opponent's field, N event cards (or cards of
    a name or trait) in your outside area, a side's life N or less, N cards or more in your
    hand, N or fewer in your hand or deck ("自分の手札が0枚の": none; an exact count other
    than 0 is not a bound the engine reads, so not read), N or more (or fewer) cards in your
    outside area, whatever they are; N kinds of card name among the cards of a trait on your
    field or in your outside area ("[特徴:X]のカード名がN種類以上", ``names_min``); none of a
    name or trait on your
    field (``max`` 0); an event card used this turn.

    >>> condition_clause("相手のライフが4以下の")
    {'side': 'opponent', 'zone': 'life', 'max': 4}
    >>> condition_clause("自分の場に[特徴:灯守]が3枚以上ある")
    {'side': 'own', 'zone': 'field', 'trait': '灯守', 'min': 3}
    >>> condition_clause("自分の場に他の[特徴:灯守]が2枚以上ある")
    {'side': 'own', 'zone': 'field', 'trait': '灯守', 'other': True, 'min': 2}
    >>> condition_clause("自分の手札が5枚以上の")
    {'side': 'own', 'zone': 'hand', 'min': 5}
    >>> condition_clause("自分の山札が15枚以下の")
    {'side': 'own', 'zone': 'deck', 'max': 15}
    >>> condition_clause("自分の場外に[特徴:灯守]が2枚以上ある")
    {'side': 'own', 'zone': 'outside', 'trait': '灯守', 'min': 2}
    >>> condition_clause("自分の場に〈ミラ〉か[特徴:灯守]がある")
    {'side': 'own', 'zone': 'field', 'any_of': [{'name': 'ミラ'}, {'trait': '灯守'}]}
    >>> condition_clause("自分の場に〈ミラ〉がない")
    {'side': 'own', 'zone': 'field', 'name': 'ミラ', 'max': 0}
    >>> condition_clause("自分の場に[特徴:灯守]のカード名が5種類以上ある")
    {'side': 'own', 'zone': 'field', 'trait': '灯守', 'names_min': 5}
    >>> condition_clause("自分の場外にあるカードが0枚の")
    {'side': 'own', 'zone': 'outside', 'max': 0}
    >>> condition_clause("このターン中に自分がイベントカードを使用している")
    {'side': 'own', 'zone': 'this_turn', 'events_used': 1}
    """
    done = this_turn.clause(text)  # "このターン中に自分の〈X〉が退場している" (this_turn.py)
    if done is not None:
        return done
    entry = entered.clause(text)  # "このキャラがリムーブエリアから登場していた" (entered.py)
    if entry is not None:
        return entry
    counted = counts.clause(text)  # both names, field cards (counts.py)
    if counted is not None:
        return counted
    lowered = printed_bp.clause(text)  # "相手のフロントLに元々のBPよりBPが低いキャラがある"
    if lowered is not None:
        return lowered
    kinds = _NAME_KINDS.fullmatch(text) or _NAME_KINDS_DIFFERENT.fullmatch(text)
    # "自分の場に[特徴:X]のカード名が5種類以上ある", "…異なるカード名を持つ[特徴:X]が3種類以上ある"
    if kinds:
        zone = "field" if kinds.group(1) == "場" else "outside"
        colour = {"color": g.COLOURS[kinds.group(2)]} if kinds.group(2) else {}
        n = int(kinds.group(4))
        cond = {"side": "own", "zone": zone, **colour, "trait": kinds.group(3), "names_min": n}
        return cond if n >= 2 else None
    absent = _ABSENT.fullmatch(text)  # "自分の場に〈X〉がない": none of them on your field
    if absent:
        cond = field_condition(absent.group(1))
        return {**cond, "max": 0} if cond is not None else None
    m = _CLAUSE.fullmatch(text)
    if not m:
        return None
    if m.group(1):
        cond = field_condition(m.group(1))
        if cond is not None and m.group(2):
            if int(m.group(2)) < 1:
                return None
            cond["min"] = int(m.group(2))
        return cond
    if m.group(3):
        return {"side": "own", "zone": "outside", "card_type": "event", "min": int(m.group(3))}
    if m.group(6):
        return {"side": "own", "zone": "hand", "min": int(m.group(6))}
    if m.group(7):  # "自分の場外に[特徴:X]が2枚以上ある", "自分の場外に〈X〉がある"
        noun = g.card_noun(m.group(7), on_field=False)
        n = int(m.group(8) or 1)
        return {"side": "own", "zone": "outside", **noun, "min": n} if noun and n >= 1 else None
    if m.group(9):  # "自分の場に必要エナジーが4以上の[特徴:X]がある"
        noun = g.card_noun(m.group(10), on_field=False)
        n = int(m.group(11) or 1)
        if not noun or n < 1:
            return None
        cond = {"side": "own", "zone": "field", **noun, "energy_min": int(m.group(9))}
        return {**cond, **({"min": n} if m.group(11) else {})}
    if m.group(12):  # "自分の山札が15枚以下の", "自分の手札が0枚の"
        zone = "hand" if m.group(12) == "手札" else "deck"
        n = int(m.group(13))
        if not m.group(14) and n != 0:
            return None  # exactly N cards: not a bound
        return {"side": "own", "zone": zone, "max": n}
    if m.group(16):  # "自分の場外にあるカードが0枚の": any card, however many
        n, bound = int(m.group(16)), m.group(17)
        if bound == "の" and n != 0:
            return None  # exactly N cards: not a bound
        key = "min" if bound == "以上ある" else "max"
        return {"side": "own", "zone": "outside", key: n} if key == "max" or n >= 1 else None
    if m.group(15):  # judge/games/union_arena/this_turn.py
        return {"side": "own", "zone": "this_turn", "events_used": 1}
    side = "own" if m.group(4) == "自分" else "opponent"
    return {"side": side, "zone": "life", "max": int(m.group(5))}


def read_look(parts: list[str]) -> tuple[list[dict[str, Any]], int] | None:
    """A look at the deck's top cards, over its sentences: "自分の山札の上からN枚見る",
    "その中から<名・特徴・カード>をN枚まで公開し手札に加える", "残りを望む順で(自分の)山札の下に
    置く", and optionally "手札に加えた場合、自分の手札をN枚場外に置く"; (ops, sentences read)
    or None.  Each of the first three is needed: a look whose choice or rest the reader cannot
    read is not read at all.  A look that takes nothing: :func:`read_look_back`; the other
    wordings of a take: :func:`judge.games.union_arena.textlook.read_take`.

    >>> read_look(["自分の山札の上から3枚見る", "その中から〈ミラ〉を1枚まで公開し手札に加える",
    ...            "残りを望む順で自分の山札の下に置く"])
    ([{'op': 'look', 'n': 3, 'take': {'name': 'ミラ', 'count': 1, 'up_to': True}, 'rest': 'bottom'}], 3)
    """
    cond = None
    m = (
        re.fullmatch(r"(?!そうした)(.+?)場合、(自分の山札の上から\d+枚見.+)", parts[0])
        if parts
        else None
    )
    if m:  # "自分の場に〈X〉がある場合、自分の山札の上から2枚見る。…": the whole look's condition
        cond = condition_clause(m.group(1))
        if cond is None:
            return None
        parts = [m.group(2), *parts[1:]]
    got = read_look_back(parts) or textlook.read_take(parts)
    if got is None or cond is None:
        return got
    return [{**got[0][0], "if": cond}, *got[0][1:]], got[1]


#: where the cards a look leaves go, after "残りを" / "山札の上か": the bottom or the outside area
_AWAY = {"下": "top_or_bottom", "場外": "top_or_outside"}
#: "(自分の)山札の上か下(場外)に置く": the one card looked at back on top, or away
_ONE_BACK = r"(?:自分の)?山札の上か(下|場外)に置く"
#: "その中から望む枚数を望む順で(自分の)山札の上に置き、残りを望む順で下に置く" (or "残りを場外に
#: 置く"): any number back on top in any order, the rest away
_SOME_BACK = re.compile(
    r"その中から望む枚数を望む順で(?:自分の)?山札の上に置き、"
    r"残りを(?:望む順で(?:(?:自分の)?山札の)?(下)|(場外))に置く"
)


def read_look_back(parts: list[str]) -> tuple[list[dict[str, Any]], int] | None:
    """A look that takes nothing: each card looked at goes back on top (in the order chosen)
    or away (``rest`` ``top_or_bottom``: to the bottom, in the order chosen;
    ``top_or_outside``: into the outside area, not retired); (ops, sentences read) or None.
    Read: "自分の山札の上から1枚見る。そのカードを(自分の)山札の上か下(場外)に置く", the same in
    one sentence ("…1枚見て、山札の上か場外に置く"), and, N ≥ 2, "自分の山札の上からN枚見る。
    その中から望む枚数を望む順で自分の山札の上に置き、残りを望む順で下に置く(残りを場外に置く)".

    >>> read_look_back(["自分の山札の上から1枚見て、山札の上か場外に置く"])
    ([{'op': 'look', 'n': 1, 'rest': 'top_or_outside'}], 1)
    >>> read_look_back(["自分の山札の上から3枚見る",
    ...                 "その中から望む枚数を望む順で自分の山札の上に置き、残りを望む順で下に置く"])
    ([{'op': 'look', 'n': 3, 'rest': 'top_or_bottom'}], 2)
    """
    joined = re.fullmatch(r"自分の山札の上から1枚見て、" + _ONE_BACK, parts[0]) if parts else None
    if joined:
        return [{"op": "look", "n": 1, "rest": _AWAY[joined.group(1)]}], 1
    if len(parts) < 2:
        return None
    one = re.fullmatch(r"そのカードを" + _ONE_BACK, parts[1])
    if parts[0] == "自分の山札の上から1枚見る" and one:
        return [{"op": "look", "n": 1, "rest": _AWAY[one.group(1)]}], 2
    m = re.fullmatch(r"自分の山札の上から(\d+)枚見る", parts[0])
    some = _SOME_BACK.fullmatch(parts[1])
    if not (m and some) or int(m.group(1)) < 2:  # "その中から" of one card: not that wording
        return None
    return [{"op": "look", "n": int(m.group(1)), "rest": _AWAY[some.group(1) or some.group(2)]}], 2
