"""Union Arena printed text: a look at the deck's top cards that takes some of them, read over
its sentences (``op`` ``look``, :mod:`judge.games.union_arena.look`).

The official list writes one look in several ways, all read here into the same op: the look
and the take in two sentences or joined ("自分の山札の上から3枚見る。その中から〈X〉を…" /
"自分の山札の上から3枚見て、〈X〉を…"), the take and the rest in two sentences or joined
("…手札に加える。残りを…" / "…手札に加え、残りを…"), the card taken into the hand
("公開し手札に加える", or unrevealed when any card may be taken) or into the outside area
("場外に置く", ``to`` ``outside``: public, UA-EFFECT-LOOK-OUTSIDE), and the rest to the bottom
or back on top, each in the order chosen ("残りを望む順で山札の下(上)に置く", ``rest``
``bottom`` / ``top``, UA-EFFECT-LOOK-TOP); then what is done when a card was taken, or one
that meets a condition ("…カードを手札に加えた場合", "手札に加えたカードが…場合":
``if_taken``, UA-EFFECT-LOOK-CONDITIONS).  A module of its own so that the shapes of one
concept read in one place (:mod:`judge.games.union_arena.textlines` asks it first).
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g

#: the look: "自分の山札の上からN枚見る" or, joined with what follows, "…N枚見て、<…>";
#: after "自分の手札をN枚場外に置いてもよい。" its "そうした場合、" (``if_done``)
_HEAD = re.compile(r"(そうした場合、)?自分の山札の上から(\d+)枚見(?:る|て、(.+))")
#: the take: "(<条件>を)N枚(まで)(公開し)手札に加える" / "…場外に置く", or joined with the
#: rest ("…手札に加え、残りを…" / "…場外に置き、残りを…"); "異なるカード名の<条件>をそれぞれ1枚
#: ずつ合計N枚まで": N cards of different names
_TAKE = re.compile(
    r"(?:(.+?)を)?(それぞれ1枚ずつ合計)?(\d+)枚(まで)?(公開し)?"
    r"(手札に加える|場外に置く|手札に加え、|場外に置き、)(.*)"
)
_DISTINCT = "異なるカード名の"
#: where the rest go: "残りを望む順で(自分の)山札の下(上)に置く"
_REST = re.compile(r"残りを望む順で(?:自分の)?山札の(下|上)に置く")
_RESTS = {"下": "bottom", "上": "top"}
#: after a take into the hand: "(<条件>のカードを)手札に加えた場合、自分の手札をN枚場外に置く",
#: the condition "必要エナジーがN以上の" or "[トリガー]を持つ" (look.TAKEN_CONDITIONS)
_THEN = re.compile(
    r"(?:(?:必要エナジーが(\d+)以上の|(\[トリガー\]を持つ))カードを)?"
    r"手札に加えた場合、自分の手札を(\d+)枚場外に置く"
)
#: "その中から1枚を(自分の)山札の上に置き、残りを望む順で(山札の)下に置く": one card back on
#: top, the others to the bottom in the order chosen
_ONE_TOP = re.compile(
    r"その中から1枚を(?:自分の)?山札の上に置き、残りを望む順で(?:(?:自分の)?山札の)?下に置く"
)
#: a look that only puts the cards back in the order chosen: "望む順で(自分の)山札の上に置く"
_REORDER = re.compile(r"望む順で(?:自分の)?山札の上に置く")


def read_take(parts: list[str]) -> tuple[list[dict[str, Any]], int] | None:
    """A look that takes up to N cards (or reorders them), over its sentences: (ops,
    sentences read) or None.  Each part is needed: the look, the take (or the reorder), and
    where the rest go; a look whose take or rest is not read is not read at all.

    >>> read_take(["自分の山札の上から3枚見て、赤の[特徴:灯守]を1枚まで場外に置く",
    ...            "残りを望む順で山札の上に置く"])
    ([{'op': 'look', 'n': 3, 'take': {'color': 'red', 'trait': '灯守', 'count': 1, 'up_to': True}, 'rest': 'top', 'to': 'outside'}], 2)
    >>> read_take(["自分の山札の上から3枚見て、望む順で山札の上に置く"])
    ([{'op': 'look', 'n': 3, 'rest': 'top'}], 1)
    """
    head = _HEAD.fullmatch(parts[0]) if parts else None
    if head is None or int(head.group(2)) < 1:
        return None
    n = int(head.group(2))
    done = {"if_done": True} if head.group(1) else {}
    if head.group(3) is not None:  # joined: "…N枚見て、<the take>"
        if _REORDER.fullmatch(head.group(3)):  # "…N枚見て、望む順で山札の上に置く"
            return ([{"op": "look", "n": n, "rest": "top", **done}], 1) if n >= 2 else None
        clauses, offset = [head.group(3), *parts[1:]], 0
    elif len(parts) > 1 and _ONE_TOP.fullmatch(parts[1]):  # exactly one back on top
        return ([{"op": "look", "n": n, "rest": "one_top", **done}], 2) if n >= 2 else None
    elif len(parts) > 1 and parts[1].startswith("その中から"):
        clauses, offset = [parts[1].removeprefix("その中から"), *parts[2:]], 1
    else:
        return None
    take = _TAKE.fullmatch(clauses[0])
    if take is None or int(take.group(3)) < 1:
        return None
    what = take.group(1) or ""
    distinct = what.startswith(_DISTINCT)
    if distinct != bool(take.group(2)) or (distinct and not take.group(4)):
        return None  # "異なるカード名の…をそれぞれ1枚ずつ合計N枚まで": both parts, "up to"
    what = what.removeprefix(_DISTINCT)
    noun = g.take_noun(what) if what else {}
    into = "hand" if take.group(6).startswith("手札") else "outside"
    joined = take.group(6).endswith("、")
    if noun is None or joined != bool(take.group(7)):
        return None
    if into == "outside" and (take.group(5) or distinct):  # "公開し…場外に置く": not read
        return None
    if into == "hand" and not take.group(5) and noun:
        return None  # a card taken unrevealed is only "カード" (any card): a condition needs it
    last = 0 if joined else 1  # the clause that says where the rest go
    rest = _REST.fullmatch(take.group(7) if joined else clauses[1] if len(clauses) > 1 else "")
    if rest is None:
        return None
    op: dict[str, Any] = {
        "op": "look",
        "n": n,
        "take": {
            **noun,
            "count": int(take.group(3)),
            ("up_to" if take.group(4) else "if_able"): True,
            **({"distinct_names": True} if distinct else {}),
        },
        "rest": _RESTS[rest.group(1)],
    }
    if into == "outside":
        op["to"] = "outside"
    elif not take.group(5):
        op["reveal"] = False
    op.update(done)
    then = (
        _THEN.fullmatch(clauses[last + 1]) if into == "hand" and len(clauses) > last + 1 else None
    )
    if then and int(then.group(3)) >= 1:
        cond: dict[str, Any] | bool = True
        if then.group(1):  # "必要エナジーが4以上のカードを手札に加えた場合"
            cond = {"energy_min": int(then.group(1))}
        elif then.group(2):  # "[トリガー]を持つカードを手札に加えた場合"
            cond = {"has_trigger": True}
        discard = {"op": "discard", "n": int(then.group(3)), "if_taken": cond}
        return [op, discard], last + offset + 2
    after = _taken_card_then(clauses[last + 1]) if len(clauses) > last + 1 else None
    if into == "hand" and after is not None:
        return [op, after], last + offset + 2
    return [op], last + offset + 1


#: "手札に加えたカードが[トリガー]を持たない(持つ)場合、<a sentence>": the card the look took
_TAKEN_CARD = re.compile(r"手札に加えたカードが\[トリガー\]を(持たない|持つ)場合、(.+)")


def _taken_card_then(clause: str) -> dict[str, Any] | None:
    """ "手札に加えたカードが[トリガー]を持たない場合、自分の場外から〈X〉を1枚まで手札に加える":
    the op of the sentence after "場合、", only when a card the look took meets the condition
    (``if_taken``; none taken: not met), or None.  Only a card taken from one's outside area
    into the hand is read after it."""
    from judge.games.union_arena.reader import read_sentence  # the reader's sentence grammar

    m = _TAKEN_CARD.fullmatch(clause)
    ops = read_sentence(m.group(2), False) if m else None
    if m is None or not ops or len(ops) != 1:
        return None
    (op,) = ops
    target = op.get("target")
    if op["op"] != "to_hand" or not isinstance(target, dict) or target.get("zone") != "outside":
        return None
    return {**op, "if_taken": {"has_trigger": m.group(1) == "持つ"}}
