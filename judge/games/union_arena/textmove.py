"""Union Arena printed text: a chosen card moved to the other line, read into ``move_line``.

The sentences (the official card list's wording)::

    自分の場の〈X〉を1枚まで選び、別のラインに移動させる。
    自分の場のキャラを1枚選び、別のラインに移動させる。
    相手のフロントLのキャラを1枚まで選び、エナジーLに移動させる。（移動させる時にエナジーLに
    空きがない場合、相手はエナジーLのカードを1枚選んでリムーブエリアに置いてから移動させる）

The reader (:mod:`judge.games.union_arena.reader`) reads the selector and the count as for
any "…を1枚(まで)選び、<operation>"; this module gives it the operation
(:func:`move_operation`: ``{"op": "move_line", "to": "other" | "energy_line" |
"front_line"}``), recognises the reminder printed after it (:func:`move_reminder`) and says
which moves the engine executes exactly (:func:`move_ok`, asked by
:func:`judge.games.union_arena.effects.supported`).  Carrying a move out is
:mod:`judge.games.union_arena.moveline`'s (``UA-EFFECT-MOVE-LINE``).

Why a module of its own: the reader stays one concept (abilities, sentences, operations) and
this one needs none of its grammar beyond the line words of
:mod:`judge.games.union_arena.textgrammar`.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g

#: the printed destination -> the op's ``to`` ("別のライン": the other line of the two)
DESTINATIONS = {"別のライン": "other", "エナジーL": "energy_line", "フロントL": "front_line"}
#: where a card may be chosen from for each destination (a card already in the line it is
#: sent to cannot move there: such a text is not read)
FROM_ZONES = {
    "other": ("field", "front_line", "energy_line"),
    "energy_line": ("front_line",),
    "front_line": ("energy_line",),
}
#: what a ``move_line`` op may carry besides its ``target`` (the conditions every op may have)
_OP_KEYS = {"op", "to", "target", "if", "if_chosen", "if_done"}

_MOVE = re.compile(r"(別のライン|エナジーL|フロントL)に移動させる")
_REMINDER = re.compile(
    r"\(移動させる時に(エナジーL|フロントL)に空きがない場合、(相手|自分)は\1のカードを1枚選んで"
    r"リムーブエリアに置いてから移動させる\)"
)


def move_operation(text: str) -> dict[str, Any] | None:
    """The operation of "…を1枚(まで)選び、<this>": "別のラインに移動させる" (to the other line),
    "エナジーLに移動させる", "フロントLに移動させる"; None for anything else (a duration before
    it, another operation after it).

    >>> move_operation("別のラインに移動させる")
    {'op': 'move_line', 'to': 'other'}
    >>> move_operation("このターン中、エナジーLに移動させる") is None
    True
    """
    m = _MOVE.fullmatch(text)
    return {"op": "move_line", "to": DESTINATIONS[m.group(1)]} if m else None


def move_reminder(sentence: str, before: list[dict[str, Any]]) -> bool:
    """Whether ``sentence`` is the reminder printed right after a move (``before``: the ops
    read before it): "(移動させる時にエナジーLに空きがない場合、相手はエナジーLのカードを1枚
    選んでリムーブエリアに置いてから移動させる)" — when that line is full, the moved card's owner
    first puts one card of it into the removal area.  That is what the engine does for every
    move into a full line (``UA-LINE-LIMIT``, :mod:`judge.games.union_arena.moveline`), so
    the reminder adds no op; it is read only after a move to the very line it names, of a
    card of the player it names ("相手": an opposing card, "自分": one's own).

    >>> move = {"op": "move_line", "to": "energy_line",
    ...         "target": {"side": "opponent", "zone": "front_line", "count": 1}}
    >>> move_reminder("(移動させる時にエナジーLに空きがない場合、相手はエナジーLのカードを1枚"
    ...               "選んでリムーブエリアに置いてから移動させる)", [move])
    True
    >>> move_reminder("(移動させる時にフロントLに空きがない場合、相手はフロントLのカードを1枚"
    ...               "選んでリムーブエリアに置いてから移動させる)", [move])
    False
    """
    m = _REMINDER.fullmatch(sentence)
    if m is None or not before:
        return False
    op = before[-1]
    target = op.get("target")
    if op.get("op") != "move_line" or not isinstance(target, dict):
        return False
    owner = "相手" if target.get("side") == "opponent" else "自分"
    return op.get("to") == g.ZONES[m.group(1)] and m.group(2) == owner


def move_ok(op: dict[str, Any]) -> bool:
    """Whether the engine executes a ``move_line`` op exactly: one card chosen ("1枚",
    "1枚まで": ``count`` 1) on the field, of either side, not "all", not a field card by its
    type (fields never move), and a destination that is the other line of the zone chosen
    from (``energy_line`` from the front line, ``front_line`` from the energy line,
    ``other`` from either or the whole field); or this card to the other line (``target``
    ``self``: the effect's own card, whose full line's removal the log records as after a
    chosen card; ``effects.supported`` allows it only in an activated main-phase ability,
    whose field is as the log is judged).  Several cards at once, or the card chosen
    before, are not read: where each goes and what a full line then does would need more
    than the log records.

    >>> target = {"side": "own", "zone": "field", "name": "X", "count": 1, "up_to": True}
    >>> move_ok({"op": "move_line", "to": "other", "target": target})
    True
    >>> move_ok({"op": "move_line", "to": "energy_line", "target": target})
    False
    """
    target = op.get("target")
    to = op.get("to")
    if target == "self" and to == "other":  # "このキャラを別のラインに移動させる" (swap.py)
        return not set(op) - _OP_KEYS
    if to not in FROM_ZONES or set(op) - _OP_KEYS or not isinstance(target, dict):
        return False
    count = target.get("count")
    return (
        isinstance(count, int)
        and not isinstance(count, bool)
        and count == 1
        and not target.get("all")
        and target.get("side", "own") in ("own", "opponent")
        and target.get("zone") in FROM_ZONES[to]
        and target.get("type") != "field"
    )


#: the only moment a whole "このキャラを別のラインに移動させてもよい" is read at
#: (UA-TRIGGER-OTHER-LINE-ENTERS): as its triggered effect resolves, "この" card moves if used
MAY_SELF_TIMINGS = ("other_line_enters",)


def read_may_move_self(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> list[dict[str, Any]] | None:
    """ "このキャラを別のラインに移動させてもよい" as a whole triggered ability: optional (the
    log's ``use``); used, this card moves to its other line (``UA-EFFECT-MOVE-LINE``, a full
    line making room first, ``UA-LINE-LIMIT``).  Only at :data:`MAY_SELF_TIMINGS`, nothing read
    before it, not already optional.

    >>> read_may_move_self(["このキャラを別のラインに移動させてもよい"], "other_line_enters",
    ...                    ["ターン1"], {}, [])
    [{'op': 'move_line', 'to': 'other', 'target': 'self'}]
    >>> read_may_move_self(["このキャラを別のラインに移動させてもよい"], "on_play", [], {}, [])
    """
    if (
        parts != ["このキャラを別のラインに移動させてもよい"]
        or when not in MAY_SELF_TIMINGS
        or ops
        or effect.get("optional")
        or tags not in ([], ["ターン1"])
    ):
        return None
    return [{"op": "move_line", "to": "other", "target": "self"}]
