"""Counts of card text: a BP limit counted from the field, and the conditions "both names",
"N cards in the removal area" and "a field on your field" / "field cards in the outside area".

- ``bp_max_per`` on a selector (``UA-EFFECT-BP-COUNT``): "自分の場にある[特徴:X]の枚数×1000以下の
  BPの相手のフロントLのキャラ…", "自分の場の〈A〉と〈B〉の合計枚数×1000以下の…", "自分の場の元々の
  BPが2500以下のキャラの合計枚数×1000以下の…": ``{"each": 1000, "of": spec}``; the choice is of
  BP at most ``each`` times the number of the controller's units whose top card meets ``spec``
  (a trait, names joined by と counted together, or characters of printed BP at most N),
  counted as the condition of ``UA-EFFECT-IF`` is (:func:`judge.games.union_arena.conditions.
  effective`), so the check of targets and the resolution read it alike.
- ``all_of`` on a field condition (``UA-EFFECT-BOTH-NAMES``): "自分の場に〈A〉と〈B〉(が
  どちらも)がある": a card of each name; whether one card also treated as the other name
  ("〈B〉としても扱う") is both is rule option ``both_names_one_card`` (GAP).
- zone ``removal`` (``UA-EFFECT-IF-REMOVAL``): "自分のリムーブエリアにカードがN枚以上ある".

A module of its own so that :mod:`conditions` and :mod:`textlines` only call into it.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import permutations
from typing import TYPE_CHECKING, Any

from judge.games.union_arena.state import LINES

if TYPE_CHECKING:
    from judge.games.union_arena.cards import CardDef
    from judge.games.union_arena.state import UAState

BP_PER = "bp_max_per"
REMOVAL = "removal"
#: rule option of UA-EFFECT-BOTH-NAMES (GAP): "apart" (the default: a different card for each
#: name) or "one" (a card that has both names, printed or "としても扱う", meets both)
BOTH_OPTION = "both_names_one_card"
BP_RULE = "UA-EFFECT-BP-COUNT"


def _is_n(n: Any, least: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= least


def _names(alts: Any) -> bool:
    """Two or more ``{"name": X}`` (X a non-empty string)."""
    return (
        isinstance(alts, list)
        and len(alts) >= 2
        and all(
            isinstance(a, dict) and set(a) == {"name"} and isinstance(a["name"], str) and a["name"]
            for a in alts
        )
    )


def spec_ok(spec: Any) -> bool:
    """What a ``bp_max_per`` counts: one's own field's cards with a ``trait``, of any of
    the names ``any_of``, or characters with printed BP at most ``printed_bp_max``; or the
    kinds of card name (``kinds``) among the cards of one's outside area with a ``trait``
    (and a ``color``)."""
    if isinstance(spec, dict) and spec.get("zone") == "outside" and spec.get("kinds") is True:
        keys = set(spec) - {"side", "zone", "kinds", "color"}
        return (
            spec.get("side") == "own"
            and keys == {"trait"}
            and all(isinstance(spec[k], str) and spec[k] for k in {"trait", "color"} & set(spec))
        )
    if not isinstance(spec, dict) or spec.get("side") != "own" or spec.get("zone") != "field":
        return False
    rest = {k: v for k, v in spec.items() if k not in ("side", "zone")}
    if set(rest) == {"trait"}:
        return isinstance(rest["trait"], str) and bool(rest["trait"])
    if set(rest) == {"any_of"}:
        return _names(rest["any_of"])
    return (
        set(rest) == {"type", "printed_bp_max"}
        and rest["type"] == "character"
        and (_is_n(rest["printed_bp_max"], 0))
    )


def per_ok(value: Any) -> bool:
    """A ``bp_max_per`` the engine counts exactly: ``each`` ≥ 1 times a :func:`spec_ok`."""
    return (
        isinstance(value, dict)
        and set(value) == {"each", "of"}
        and _is_n(value["each"], 1)
        and spec_ok(value["of"])
    )


def meets(d: CardDef, spec: dict[str, Any]) -> bool:
    """Whether a card meets a count's spec (its printed facts; names as UA-EFFECT-IF's)."""
    if "trait" in spec and not d.has_trait(spec["trait"]):
        return False
    if "any_of" in spec and not any(d.has_name(a["name"]) for a in spec["any_of"]):
        return False
    if "type" in spec and d.type != spec["type"]:
        return False
    return "printed_bp_max" not in spec or d.bp <= spec["printed_bp_max"]


def field_count(
    st: UAState,
    controller: str,
    spec: dict[str, Any],
    plus: str | None = None,
    gone: Collection[str] = (),
) -> int:
    """How many of the controller's units meet ``spec``, a raided stack as its top card
    (``plus``, a card being played, counted; a unit holding a card of ``gone`` not); for
    ``kinds``, how many kinds of card name the outside area's cards meeting it have
    (``conditions.name_kinds``, UA-EFFECT-NAME-KINDS)."""
    ps = st.players[controller]
    if spec.get("kinds"):
        from judge.games.union_arena import conditions  # it imports this module

        cards = [c for c in ps.outside if c is not None and _outside_meets(st.card(c), spec)]
        return conditions.name_kinds(st, cards)
    units = [u for line in LINES for u in ps.line(line) if not any(g in u.cards for g in gone)]
    n = sum(1 for u in units if meets(st.card(u.top), spec))
    return n + (plus is not None and meets(st.card(plus), spec))


def _outside_meets(d: CardDef, spec: dict[str, Any]) -> bool:
    """Whether a card of the outside area has the spec's trait (and colour)."""
    return d.has_trait(spec["trait"]) and ("color" not in spec or d.color == spec["color"])


def limit(
    st: UAState,
    controller: str,
    sel: dict[str, Any],
    plus: str | None = None,
    gone: Collection[str] = (),
) -> dict[str, Any]:
    """The selector with its ``bp_max_per`` counted now into a ``bp_max``."""
    per = sel[BP_PER]
    out = {k: v for k, v in sel.items() if k != BP_PER}
    out["bp_max"] = int(per["each"]) * field_count(st, controller, per["of"], plus, gone)
    return out


def all_ok(cond: Any) -> bool:
    """``all_of``: a field condition of two or more names, nothing else."""
    return (
        isinstance(cond, dict)
        and set(cond) <= {"side", "zone", "all_of"}
        and cond.get("side", "own") == "own"
        and cond.get("zone", "field") == "field"
        and _names(cond.get("all_of"))
    )


def all_holds(
    st: UAState,
    controller: str,
    cond: dict[str, Any],
    plus: str | None = None,
    gone: Collection[str] = (),
) -> bool:
    """Whether the controller's field has a card of each name of ``all_of``: each name a
    different card, unless rule option ``both_names_one_card`` is "one" (then a card with
    both names meets both)."""
    ps = st.players[controller]
    tops = [u.top for line in LINES for u in ps.line(line) if not any(g in u.cards for g in gone)]
    tops += [plus] if plus is not None else []
    names = [a["name"] for a in cond["all_of"]]
    if st.options.get(BOTH_OPTION, "apart") == "one":
        return all(any(st.card(c).has_name(n) for c in tops) for n in names)
    having = [[c for c in tops if st.card(c).has_name(n)] for n in names]
    if any(not h for h in having):
        return False
    return any(
        all(st.card(c).has_name(n) for c, n in zip(pick, names, strict=True))
        for pick in permutations(tops, len(names))
    )


def removal_ok(cond: Any) -> bool:
    """``{"zone": "removal", "min": N}``: one's own removal area holds N cards or more."""
    return (
        isinstance(cond, dict)
        and set(cond) == {"side", "zone", "min"}
        and cond["side"] == "own"
        and cond["zone"] == REMOVAL
        and _is_n(cond["min"], 1)
    )


def removal_holds(st: UAState, controller: str, cond: dict[str, Any]) -> bool:
    """Whether the controller's removal area holds ``min`` cards or more (a count, known in
    every mode)."""
    return len(st.players[controller].removal) >= int(cond["min"])


def describe(cond: dict[str, Any]) -> str | None:
    """The conditions of this module in words (None for another)."""
    if cond.get("zone") == REMOVAL:
        return f"your removal area has {cond['min']} or more cards"
    if "all_of" in cond:
        return "your field has " + " and ".join(f"<{a['name']}>" for a in cond["all_of"])
    return None


def describe_spec(spec: dict[str, Any]) -> str:
    """What a ``bp_max_per`` counts, in words."""
    if spec.get("kinds"):
        colour = f"{spec['color']} " if "color" in spec else ""
        return f"kinds of card name among your outside area's {colour}cards with [{spec['trait']}]"
    if "trait" in spec:
        return f"cards with [{spec['trait']}] on your field"
    if "any_of" in spec:
        return " and ".join(f"<{a['name']}>" for a in spec["any_of"]) + " on your field"
    return f"characters with printed BP {spec['printed_bp_max']} or less on your field"


_NAME = r"〈[^〈〉]+〉"
#: "自分の場に〈A〉と〈B〉(が)どちらもある" / "自分の場に〈A〉と〈B〉がある"
_BOTH = re.compile(rf"自分の場に((?:{_NAME}と)+{_NAME})が(?:どちらも)?ある")
#: "自分の場に〈A〉と〈B〉と〈C〉が合計N枚以上ある": N cards or more, each of one of the names
_TOTAL = re.compile(rf"自分の場に((?:{_NAME}と)+{_NAME})が合計(\d+)枚以上ある")
_REMOVAL = re.compile(r"自分のリムーブエリアにカードが(\d+)枚以上ある")
#: "自分の場外にフィールドカードが(N枚以上)ある": field cards in the outside area
#: "自分の場に[トリガー]を持たないカードが4枚以上ある": cards of the field without (with) a trigger
_TRIGGERS = re.compile(r"自分の場に\[トリガー\]を(持つ|持たない)カードが(\d+)枚以上ある")
_OUTSIDE_FIELDS = re.compile(r"自分の場外にフィールドカードが(?:(\d+)枚以上)?ある")


def clause(text: str) -> dict[str, Any] | None:
    """The condition clauses of this module, before "場合" (None for another text).

    >>> clause("自分の場に〈ミラ〉と〈ソラ〉がどちらもある")
    {'side': 'own', 'zone': 'field', 'all_of': [{'name': 'ミラ'}, {'name': 'ソラ'}]}
    >>> clause("自分の場に〈ミラ〉と〈ソラ〉が合計2枚以上ある")["any_of"]
    [{'name': 'ミラ'}, {'name': 'ソラ'}]
    >>> clause("自分の場外にフィールドカードが6枚以上ある")
    {'side': 'own', 'zone': 'outside', 'card_type': 'field', 'min': 6}
    >>> clause("自分の場にフィールドがある")
    {'side': 'own', 'zone': 'field', 'type': 'field'}
    >>> clause("自分の場に[トリガー]を持たないカードが4枚以上ある")
    {'side': 'own', 'zone': 'field', 'has_trigger': False, 'min': 4}
    """
    m = _BOTH.fullmatch(text)
    if m:
        alts = [{"name": n} for n in re.findall(r"〈([^〈〉]+)〉", m.group(1))]
        return {"side": "own", "zone": "field", "all_of": alts}
    m = _TOTAL.fullmatch(text)  # "〈A〉と〈B〉と〈C〉が合計3枚以上": cards of any of them
    if m and int(m.group(2)) >= 1:
        alts = [{"name": n} for n in re.findall(r"〈([^〈〉]+)〉", m.group(1))]
        return {"side": "own", "zone": "field", "any_of": alts, "min": int(m.group(2))}
    m = _OUTSIDE_FIELDS.fullmatch(text)
    if m:
        n = int(m.group(1) or 1)
        return {"side": "own", "zone": "outside", "card_type": "field", "min": n} if n else None
    if text == "自分の場にフィールドがある":
        return {"side": "own", "zone": "field", "type": "field"}
    m = _TRIGGERS.fullmatch(text)  # UA-EFFECT-IF-TRIGGER
    if m and int(m.group(2)) >= 1:
        has = m.group(1) == "持つ"
        return {"side": "own", "zone": "field", "has_trigger": has, "min": int(m.group(2))}
    return None


def removal_clause(text: str) -> dict[str, Any] | None:
    """ "自分のリムーブエリアにカードがN枚以上ある": read only on a triggered or activated
    ability's sentence (``reader.read_conditional``), not on a continuous ability, whose
    reading at the check of targets would not see the cards a full line puts there.

    >>> removal_clause("自分のリムーブエリアにカードが3枚以上ある")
    {'side': 'own', 'zone': 'removal', 'min': 3}
    """
    m = _REMOVAL.fullmatch(text)
    n = int(m.group(1)) if m else 0
    return {"side": "own", "zone": REMOVAL, "min": n} if n >= 1 else None


def more_draw(text: str) -> str | None:
    """The sentence after "場合、" without a "さらに" before a draw ("さらにカードを1枚引き、…":
    one more draw, after those before, UA-EFFECT-IF-MORE); None after another "さらに".

    >>> more_draw("さらにカードを1枚引き、自分の手札を1枚場外に置く")
    'カードを1枚引き、自分の手札を1枚場外に置く'
    >>> more_draw("さらにこのターン中、[インパクト(+1)]を与える") is None
    True
    """
    if not text.startswith("さらに"):
        return text
    rest = text.removeprefix("さらに")
    return rest if re.match(r"カードを\d+枚引", rest) else None


def implies(later: Any, earlier: Any) -> bool:
    """Whether the field condition ``later`` cannot hold without ``earlier``: names both
    (``all_of``) and ``earlier`` one of them (a name, either of names, or some of them both)."""
    if not all_ok(later) or not isinstance(earlier, dict):
        return False
    names = {a["name"] for a in later["all_of"]}
    rest = {k: v for k, v in earlier.items() if k not in ("side", "zone")}
    if earlier.get("side", "own") != "own" or earlier.get("zone", "field") != "field":
        return False
    if set(rest) == {"name"}:
        return rest["name"] in names
    if set(rest) == {"any_of"} and _names(rest["any_of"]):
        return any(a["name"] in names for a in rest["any_of"])
    if set(rest) == {"all_of"} and _names(rest["all_of"]):
        return all(a["name"] in names for a in rest["all_of"])
    return False


def then_ok(instead: dict[str, Any]) -> bool:
    """A second BP limit replacing the first ("…場合、『BP4000以下』に代わる。…場合、『BP5000以下』
    に代わる"): ``then`` ``{"if": condition, "bp_max": N}``, read only when its condition
    cannot hold without the first's (:func:`implies`), so the later text's limit is the one
    in force whenever it holds, the first's when only that holds."""
    more = instead.get("then")
    return (
        isinstance(more, dict)
        and set(more) == {"if", "bp_max"}
        and _is_n(more["bp_max"], 0)
        and implies(more["if"], instead.get("if"))
    )


def read_more_bp(ops: list[dict[str, Any]], sentence: str) -> bool:
    """ "…場合、『BP5000以下』に代わる" after a choice already given another limit by a
    replacement (``instead``): the second (``then``, :func:`then_ok`) added to the last op's
    target; whether it was."""
    from judge.games.union_arena.textlines import condition_clause  # it imports this module

    target = ops[-1].get("target") if ops else None
    instead = target.get("instead") if isinstance(target, dict) else None
    m = re.fullmatch(r"(.+?)場合、『BP(\d+)以下』に代わる", sentence)
    if not m or not isinstance(instead, dict) or "bp_max" not in instead or "then" in instead:
        return False
    cond = condition_clause(m.group(1))
    more = {**instead, "then": {"if": cond, "bp_max": int(m.group(2))}}
    if cond is None or not then_ok(more):
        return False
    assert isinstance(target, dict)
    target["instead"] = more
    return True


#: "自分の場(にある|の)<what>の(合計)枚数×1000以下のBPの<selector>…"
_PER = re.compile(r"自分の場(?:にある|の)(.+?)の(合計)?枚数×(\d+)以下のBPの(.+)")


def count_spec(text: str, total: bool) -> dict[str, Any] | None:
    """What "…の枚数" counts: "[特徴:X]" (``枚数``), "〈A〉と〈B〉…" or "元々のBPがN以下のキャラ"
    (``合計枚数``)."""
    own = {"side": "own", "zone": "field"}
    m = re.fullmatch(r"\[特徴:([^\[\]]+)\]", text)
    if m and not total:
        return {**own, "trait": m.group(1)}
    if total and re.fullmatch(rf"(?:{_NAME}と)+{_NAME}", text):
        return {**own, "any_of": [{"name": n} for n in re.findall(r"〈([^〈〉]+)〉", text)]}
    m = re.fullmatch(r"元々のBPが(\d+)以下のキャラ", text)
    if m and total:
        return {**own, "type": "character", "printed_bp_max": int(m.group(1))}
    return None


#: "自分の場外の(黄の)[特徴:X]のカード名の種類数×1000以下のBPの<selector>…"
_KINDS_PER = re.compile(
    r"自分の場外の(?:([紫緑赤青黄])の)?\[特徴:([^\[\]]+)\]のカード名の種類数×(\d+)以下のBPの(.+)"
)
_COLOURS = {"紫": "purple", "緑": "green", "赤": "red", "青": "blue", "黄": "yellow"}


def read_bp_per(sentence: str) -> list[dict[str, Any]] | None:
    """ "自分の場にある[特徴:X]の枚数×1000以下のBPの相手のフロントLのキャラを1枚選び、退場させる":
    the sentence's op, its choice bounded by the count (``bp_max_per``); None for another."""
    from judge.games.union_arena.reader import read_sentence  # it imports this module

    m = _PER.fullmatch(sentence)
    spec = count_spec(m.group(1), bool(m.group(2))) if m else None
    k = _KINDS_PER.fullmatch(sentence)
    if k:  # kinds of name in the outside area
        colour = {"color": _COLOURS[k.group(1)]} if k.group(1) else {}
        spec = {"side": "own", "zone": "outside", **colour, "trait": k.group(2), "kinds": True}
        m = k
    if m is None or spec is None or int(m.group(3)) < 1:
        return None
    ops = read_sentence(m.group(4), False)
    if not ops or len(ops) != 1:
        return None
    target = ops[0].get("target")
    if (
        not isinstance(target, dict)
        or target.get("type") != "character"
        or {"bp_max", "bp_min", "instead", "all"} & set(target)
    ):
        return None
    target[BP_PER] = {"each": int(m.group(3)), "of": spec}
    return ops


def op_ok(ops: list[dict[str, Any]], i: int, changed: set[str]) -> bool:
    """Whether op ``i`` is executed exactly as far as this module goes: a ``bp_max_per`` is
    :func:`per_ok` and no earlier op changed one's own field (the count reads it when the
    targets are checked, before the effect resolves); a condition on the removal area is
    the last op's, one that chooses nothing (the check of targets, before the effect
    resolves, does not see the cards a full line or a cost puts there, and reads nothing
    after it)."""
    op = ops[i]
    target = op.get("target")
    counted = isinstance(target, dict) and BP_PER in target
    if counted and (not per_ok(target[BP_PER]) or "bp_max" in target):
        return False
    if counted and ("outside" if target[BP_PER]["of"].get("kinds") else "field") in changed:
        return False  # what it counts changed before: the check could not read it as then
    cond = op.get("if")
    if isinstance(cond, dict) and cond.get("zone") == REMOVAL:
        return i == len(ops) - 1 and not isinstance(target, dict)
    return True
