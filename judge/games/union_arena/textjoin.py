"""Reading two connectives that join a printed sentence to the ops read before it.

- "その後、<sentence>" (after that, …) after at least one op: the sentence is read as it would
  be alone, and its ops come after those before it, whatever they did (``UA-EFFECT-THEN``, the
  reading :mod:`judge.games.union_arena.textplay` gives "その後、<play>"): a condition in it is
  read when its op is carried out, after the ops before.
- "<condition>場合、さらに<operation>" (if …, further <operation>) with no card named, right
  after a choice of one card ("自分のフロントLのキャラを1枚選び、このターン中、BP+2000。"): the
  operation is done to that chosen card (target ``chosen``) if the condition holds as it is
  carried out (``UA-EFFECT-IF-MORE-CHOSEN``).  Only the operations the engine does to a chosen
  card (a BP change or keyword for a time it keeps, made active or rested); "さらに" before a
  draw is :func:`judge.games.union_arena.counts.more_draw`'s.

Why apart from :mod:`judge.games.union_arena.reader`: that module is the sentence loop and is
long already; it hands this module the sentence and the ops before it, and the functions it
reads conditions and operations with, so this module imports nothing upward.  What is not
read stays unread: "その後、" first in an ability (nothing before it to follow) or in an
optional effect (``reader._read_parts``' ``then_ok``: declining does nothing), "さらに"
after anything but a choice of exactly one card, and an operation with no duration the engine
keeps ("さらに[狙い撃ち]を与える": how long is not printed).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: "その後、" (after that)
THEN = "その後、"
#: the ops "さらに" may do to the chosen card (``effects.supported``'s for target ``chosen``)
_CHOSEN_OPS = ("bp", "grant", "activate", "rest")

Ops = list[dict[str, Any]]


def after_that(sentence: str, before: Ops) -> str | None:
    """The sentence without its "その後、" when ops were read before it (it follows them, in
    order: ``UA-EFFECT-THEN``), else None.

    >>> after_that("その後、カードを1枚引く", [{"op": "draw", "n": 1}])
    'カードを1枚引く'
    >>> after_that("その後、カードを1枚引く", []) is None
    True
    """
    if not sentence.startswith(THEN) or not before:
        return None
    rest = sentence[len(THEN) :]
    return rest if rest and not rest.startswith(THEN) else None


def more_to_chosen(
    sentence: str,
    before: Ops,
    condition: Callable[[str], dict[str, Any] | None],
    operations: Callable[[str], Ops | None],
) -> Ops | None:
    """ "<condition>場合、さらに<operation>" after a choice of one card: the operation on that
    card (target ``chosen``) with the condition (``if``), or None (``UA-EFFECT-IF-MORE-CHOSEN``).
    ``condition`` reads a condition clause, ``operations`` an operation with its duration.

    >>> cond = lambda c: {"name": "ミラ"} if c == "自分の場に〈ミラ〉がある" else None
    >>> ops = lambda t: [{"op": "bp", "amount": 1000, "until": "turn"}] if t == "このターン中、BP+1000" else None
    >>> chose = [{"op": "bp", "target": {"zone": "front_line", "count": 1, "if_able": True}}]
    >>> more_to_chosen("自分の場に〈ミラ〉がある場合、さらにこのターン中、BP+1000", chose, cond, ops)
    [{'op': 'bp', 'amount': 1000, 'until': 'turn', 'target': 'chosen', 'if': {'name': 'ミラ'}}]
    >>> more_to_chosen("自分の場に〈ミラ〉がある場合、さらにこのターン中、BP+1000", [], cond, ops) is None
    True
    """
    m = re.fullmatch(r"(.+?)場合、さらに(.+)", sentence)
    if not m or not _one_chosen(before):
        return None
    cond = condition(m.group(1))
    ops = operations(m.group(2)) if cond is not None else None
    if not ops or any(op.get("op") not in _CHOSEN_OPS or "target" in op for op in ops):
        return None
    return [{**op, "target": "chosen", "if": cond} for op in ops]


def _one_chosen(before: Ops) -> bool:
    """Whether the last op read chose exactly one card of the field (a count of 1, up to or
    not, not every card), or was done to the card chosen before it, and left it there (an op
    of :data:`_CHOSEN_OPS`)."""
    if not before or before[-1].get("op") not in _CHOSEN_OPS:
        return False
    target = before[-1].get("target")
    if target == "chosen":
        return _one_chosen(before[:-1])
    return (
        isinstance(target, dict)
        and target.get("count") == 1
        and not target.get("all")
        and target.get("zone") in ("field", "front_line", "energy_line")
    )
