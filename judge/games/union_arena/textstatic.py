"""Union Arena printed text: a character's own continuous BP raise or keyword in the shapes
:func:`judge.games.union_arena.textlines.static_bp` does not read — with "[フロントLにある場合]"
("[エナジーLにある場合]") among its tags, a condition on one line ("自分のフロントLに〈X〉が
ある場合") or on the character's own line ("同じラインに〈X〉(か〈Y〉)がある場合"), either of two counts of the outside area
("自分の場外に[特徴:X]が1枚以上かイベントカードが4枚以上ある場合", ``if_any``), or a raise
per card counted ("自分のフロントLの他のキャラ1枚につき、このキャラはBP+500", "このターン中
に自分が使用したイベントカード1枚につき、…").  The engine's side is
:mod:`judge.games.union_arena.own_static`; a line is read only when it says what the engine
counts (``state.static_bp_ok`` / ``static_grant_ok``).
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import own_static
from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.state import static_bp_ok, static_grant_ok
from judge.games.union_arena.textconditions import only_if_clause

#: the tags a continuous raise may carry, and what each sets
_DURING = {"自分のターン中": "own_turn", "相手のターン中": "opponent_turn"}
_WHERE = {"フロントLにある場合": "front_line", "エナジーLにある場合": "energy_line"}
_LINE_WORDS = {"場": "field", "フロントL": "front_line", "エナジーL": "energy_line"}
#: a named card or a trait: "〈X〉" / "[特徴:X]"
_NOUN = r"(?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\])"
#: what the character gets: "BP+N", "BP+Nと[keyword]を得る", "[keyword]を得る", "「…」を得る"
_GAIN = re.compile(
    r"このキャラは(?:BP\+(\d+)(?:と(.+を得る))?|((?:\[[^\[\]]*(?:\([^()]*\))?\]|「[^「」]*」)を得る)"
    r"|BP-(\d+))。?"
)
#: "同じラインに〈X〉(か〈Y〉)がある": a card of one's own in the character's line
_SAME_LINE = re.compile(rf"同じラインに({_NOUN}(?:か{_NOUN})*)がある")
#: "自分のフロントLの他のキャラ1枚につき": each unit of one's own field (one line) counted
_PER_FIELD = re.compile(rf"自分の(場|フロントL|エナジーL)の(他の)?(キャラ|{_NOUN})1枚につき")
#: "自分の場外に[特徴:X]が1枚以上かイベントカードが4枚以上ある": either count reached
_EITHER_OUTSIDE = re.compile(
    rf"自分の場外に((?:{_NOUN}|イベントカード)が\d+)枚以上か((?:{_NOUN}|イベントカード)が\d+)枚以上ある"
)
#: "自分のフロントLのキャラの数が相手のフロントLのキャラの数以上の": as many characters or more
_LINE_VS = re.compile(
    r"自分の(フロントL|エナジーL)のキャラの数が相手の(フロントL|エナジーL)のキャラの数以上の"
)
#: "自分の場に[特徴:X]のカード名が4種類以上か〈Y〉がある": either
_KINDS_OR_NAME = re.compile(
    r"自分の場に(\[特徴:[^\[\]]+\]のカード名が\d+種類以上)か(〈[^〈〉]+〉が)ある"
)
#: "このターン中に自分が使用したイベントカード1枚につき": each event card used this turn
_PER_EVENTS = "このターン中に自分が使用したイベントカード1枚につき"


def static_ability(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """A character's own continuous raise or keyword (``UA-EFFECT-STATIC-BP``) with
    ``where``, a condition on a line, or ``per`` (:mod:`~judge.games.union_arena.own_static`).

    >>> static_ability({"type": "character", "name": "ユナ"},
    ...                "[フロントLにある場合]自分のフロントLの他のキャラ1枚につき、このキャラはBP+500。")
    {'when': 'continuous', 'do': [{'op': 'bp', 'amount': 500, 'target': 'self', 'where': 'front_line', 'per': {'side': 'own', 'zone': 'front_line', 'type': 'character', 'other': True}}]}
    >>> static_ability({"type": "character", "name": "ユナ"},
    ...                "同じラインに〈ミラ〉か〈リオ〉がある場合、このキャラは[インパクト(1)]を得る。")
    {'when': 'continuous', 'do': [{'op': 'grant', 'keyword': 'impact 1', 'target': 'self', 'if': {'side': 'own', 'zone': 'same_line', 'any_of': [{'name': 'ミラ'}, {'name': 'リオ'}]}}]}
    """
    if defn.get("type") != "character":
        return None
    tags, rest = g.leading_tags(line)
    conds: dict[str, Any] = {}
    for tag in tags:  # "[自分のターン中][フロントLにある場合]", each at most once, in that order
        if tag in _DURING and not conds:
            conds["during"] = _DURING[tag]
        elif tag in _WHERE and "where" not in conds:
            conds["where"] = _WHERE[tag]
        else:
            return None
    m = re.fullmatch(r"(?:(.+?)(場合|につき)、)?(このキャラは.+)", rest)
    if m is None:
        return None
    per = None
    if m.group(2) == "につき":
        per = _per(m.group(1) + "につき")
        if per is None:
            return None
    elif m.group(1):
        either = _EITHER_OUTSIDE.fullmatch(m.group(1))
        kinds_or = _KINDS_OR_NAME.fullmatch(m.group(1))
        if kinds_or:  # "自分の場に[特徴:X]のカード名が4種類以上か〈Y〉がある"
            alts = [only_if_clause(f"自分の場に{kinds_or.group(i)}ある") for i in (1, 2)]
            if None in alts:
                return None
            conds["if_any"] = alts
        elif either:  # "自分の場外に[特徴:X]が1枚以上かイベントカードが4枚以上ある"
            alts = [only_if_clause(f"自分の場外に{either.group(i)}枚以上ある") for i in (1, 2)]
            if None in alts:
                return None
            conds["if_any"] = alts
        else:
            cond = _condition(defn, m.group(1))
            if cond is None:
                return None
            conds["if"] = cond
    gain = _GAIN.fullmatch(m.group(3))
    if gain is None or (per is not None and not (gain.group(1) and not gain.group(2))):
        return None  # "…1枚につき": a BP raise alone
    if gain.group(4):  # "このキャラはBP-500" (UA-EFFECT-STATIC-MINUS)
        return _lowering(defn, int(gain.group(4)), conds)
    if not (set(conds) & {"where", "if", "if_any"} or per is not None):
        return None  # no condition of this module: textlines.static_bp's, or not read
    ops: list[dict[str, Any]] = []
    if gain.group(1):
        ops.append({"op": "bp", "amount": int(gain.group(1)), "target": "self"})
    words = g.granted_keywords(gain.group(2)) if gain.group(2) else None
    word = g.granted_keyword(gain.group(3)) if gain.group(3) else None
    if (gain.group(2) and not words) or (gain.group(3) and word is None):
        return None
    ops += [{"op": "grant", "keyword": w, "target": "self"} for w in words or [word] if w]
    ops = [{**op, **conds, **({"per": per} if per else {})} for op in ops]
    if not ops or not all(static_bp_ok(op) or static_grant_ok(op) for op in ops):
        return None
    return {"when": "continuous", "do": ops}


def _lowering(defn: dict[str, Any], n: int, conds: dict[str, Any]) -> dict[str, Any] | None:
    """ "<clause>場合、このキャラはBP-N": a lowering while the condition holds, read only with
    a condition and on a card printed with more BP than N: then only an effect that lowers
    its BP too brings it to 0 (UA-BP-ZERO, checked after every effect, as for any lowering);
    a card the lowering alone could retire would need the check whenever the condition
    turns, which the engine does not make."""
    bp = defn.get("bp")
    if not ({"if", "if_any", "where"} & set(conds)) or not isinstance(bp, int) or not 1 <= n < bp:
        return None
    op = {"op": "bp", "amount": -n, "target": "self", **conds}
    return {"when": "continuous", "do": [op]} if static_bp_ok(op) else None


def _condition(defn: dict[str, Any], clause: str) -> dict[str, Any] | None:
    """The clause before "場合": one of ``only_if_clause`` (the field, one line, …) or
    "同じラインに〈X〉がある" (not when the character itself is such a card: whether it counts
    itself is not read)."""
    vs = _LINE_VS.fullmatch(clause)
    if vs and vs.group(1) == vs.group(2):  # "自分のフロントLのキャラの数が相手のフロントLの…以上の"
        return {"side": "own", "zone": own_static.LINE_VS, "line": _LINE_WORDS[vs.group(1)]}
    same = _SAME_LINE.fullmatch(clause)
    if same is None:
        return only_if_clause(clause)
    noun = g.card_noun(same.group(1), on_field=False)
    if not noun:
        return None
    for alt in noun.get("any_of") or [noun]:
        if alt.get("name") in (defn.get("name"), *(defn.get("also_treated_as") or ())):
            return None
        if alt.get("trait") and alt["trait"] in (defn.get("traits") or ()):
            return None
    return {"side": "own", "zone": "same_line", **noun}


def _per(head: str) -> dict[str, Any] | None:
    """What "…1枚につき" counts: units of one's own field or line, or event cards used."""
    if head == _PER_EVENTS:
        return {"side": "own", "zone": "this_turn", "events_used": 1}
    m = _PER_FIELD.fullmatch(head)
    if m is None:
        return None
    noun = g.card_noun(m.group(3), on_field=True)
    if not noun:
        return None
    per = {"side": "own", "zone": _LINE_WORDS[m.group(1)], **noun}
    return {**per, "other": True} if m.group(2) else per


#: "<count>により、このキャラは以下の効果を全て得る": the effects listed after it ("・N枚以上:…"),
#: each while the count reaches its number (UA-EFFECT-STATIC-TIERS)
TIER_HEADER = re.compile(r"(.+)により、このキャラは以下の効果を全て得る。?")
_TIER = re.compile(r"・(\d+)枚以上:(.+?)。?")


def static_tiers(defn: dict[str, Any], header: str, bullets: list[str]) -> dict[str, Any] | None:
    """ "自分の場外にあるイベントカードの枚数により、このキャラは以下の効果を全て得る。" and its
    bullets "・2枚以上:[自分のターン中]このキャラはBP+500。", "・4枚以上:[インパクト(1)]": each
    a continuous raise or keyword of the character's own while the count is at least the
    bullet's number (``min`` on the count's condition); None unless every bullet is read.

    >>> static_tiers({"type": "character"}, "自分の場外にあるイベントカードの枚数により、このキャラは以下の効果を全て得る。",
    ...              ["・2枚以上:[自分のターン中]このキャラはBP+500。", "・4枚以上:[インパクト(1)]"])["do"][1]
    {'op': 'grant', 'keyword': 'impact 1', 'target': 'self', 'if': {'side': 'own', 'zone': 'outside', 'card_type': 'event', 'min': 4}}
    """
    m = TIER_HEADER.fullmatch(header)
    base = _tier_count(m.group(1)) if m else None
    if base is None or defn.get("type") != "character" or not bullets:
        return None
    ops: list[dict[str, Any]] = []
    for bullet in bullets:
        tier = _TIER.fullmatch(g.strip_reminders(bullet))
        if tier is None or int(tier.group(1)) < 1:
            return None
        cond = {**base, "min": int(tier.group(1))}
        tags, rest = g.leading_tags(tier.group(2))
        words = [g.keyword(t) for t in tags]
        if tags and not rest and all(words):  # "・4枚以上:[インパクト(1)]": a keyword
            ops += [{"op": "grant", "keyword": w, "target": "self", "if": cond} for w in words]
            continue
        during = _DURING.get(tags[0]) if len(tags) == 1 else None
        bp = re.fullmatch(r"このキャラはBP\+(\d+)", rest)
        if bp is None or len(tags) > 1 or (tags and during is None):
            return None
        op = {"op": "bp", "amount": int(bp.group(1)), "target": "self", "if": cond}
        ops.append({**op, **({"during": during} if during else {})})
    if not all(static_bp_ok(op) or static_grant_ok(op) for op in ops):
        return None
    return {"when": "continuous", "do": ops}


def _tier_count(text: str) -> dict[str, Any] | None:
    """What a tiered ability counts: event cards in your outside area, cards of either of
    two names there ("〈A〉と〈B〉の合計枚数"), or other cards of a trait on your field."""
    if text == "自分の場外にあるイベントカードの枚数":
        return {"side": "own", "zone": "outside", "card_type": "event"}
    pair = re.fullmatch(r"自分の場外にある〈([^〈〉]+)〉と〈([^〈〉]+)〉の合計枚数", text)
    if pair:
        return {"side": "own", "zone": "outside", "any_of": [{"name": n} for n in pair.groups()]}
    other = re.fullmatch(r"自分の場の他の\[特徴:([^\[\]]+)\]の枚数", text)
    if other:
        return {"side": "own", "zone": "field", "trait": other.group(1), "other": True}
    return None
