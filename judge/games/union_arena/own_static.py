"""A character's own continuous BP raise or keyword (``UA-EFFECT-STATIC-BP``), the parts
beyond ``during`` / ``if`` / ``if_outside`` that :class:`judge.games.union_arena.state.UAState`
reads through this module whenever the character's BP or keywords are read:

- ``where`` ("[フロントLにある場合]…", ``UA-EFFECT-STATIC-WHERE``): ``front_line`` /
  ``energy_line``, the op is in force only while the character is in that line of its
  controller's field;
- ``if`` on one line ("自分のフロントLに〈X〉がある場合", zone ``front_line`` /
  ``energy_line``) or on the character's own line ("同じラインに〈X〉がある場合", zone
  ``same_line``, ``UA-EFFECT-SAME-LINE``): the line, of the two of its controller's field,
  that holds the character; the character itself is not counted; or a comparison, "自分の
  フロントLのキャラの数が相手のフロントLのキャラの数以上の場合" (zone ``line_vs_opponent``,
  ``UA-EFFECT-STATIC-COMPARE``): the controller has as many characters in that line as the
  opponent has in theirs, or more;
- ``if_any`` ("自分の場外に[特徴:X]が1枚以上かイベントカードが4枚以上ある場合"): two or more
  conditions, in force while one of them holds (``UA-EFFECT-STATIC-EITHER``);
- ``per`` ("自分のフロントLの他のキャラ1枚につき、このキャラはBP+500",
  ``UA-EFFECT-STATIC-PER``): the raise is ``amount`` times the number of the controller's
  units meeting a field condition (in one line or on the whole field; ``other``: not this
  character), or times the event cards its controller used this turn (zone ``this_turn``,
  ``events_used`` 1, :mod:`judge.games.union_arena.this_turn`'s count).

A module of its own so that :mod:`~judge.games.union_arena.state` stays small (it only
calls :func:`ok`, :func:`holds` and :func:`times`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.union_arena import conditions, this_turn
from judge.games.union_arena.defmemo import facts
from judge.games.union_arena.state import LINES, static_bp_ok

if TYPE_CHECKING:
    from judge.games.union_arena.state import UAState, Unit

#: the zone of a condition on the line holding the character ("同じライン")
SAME_LINE = "same_line"
#: the zone of a comparison of one line's characters on both sides ("自分のフロントLのキャラの
#: 数が相手のフロントLのキャラの数以上"): ``{"zone": LINE_VS, "line": "front_line"}``
LINE_VS = "line_vs_opponent"


def condition_ok(cond: Any) -> bool:
    """An ``if`` of a continuous raise the engine evaluates: one of
    :func:`conditions.valid`, or a card (N cards) of one's own in one line or in the
    character's own line (never "at most": no such text is read).

    >>> condition_ok({"side": "own", "zone": "same_line", "name": "ミラ"})
    True
    >>> condition_ok({"side": "opponent", "zone": "same_line", "name": "ミラ"})
    False
    """
    if isinstance(cond, dict) and cond.get("zone") == LINE_VS:
        return set(cond) <= {"side", "zone", "line"} and cond.get("line") in LINES
    if isinstance(cond, dict) and cond.get("zone") in (*LINES, SAME_LINE):
        own = cond.get("side", "own") == "own" or cond.get("zone") != SAME_LINE
        return own and "max" not in cond and conditions.valid({**cond, "zone": "field"})
    return conditions.valid(cond)


def generation_condition_ok(cond: Any) -> bool:
    """A condition of a continuous ``generate`` the engine counts (``state.generation_ok``):
    one of :func:`conditions.valid` or a card (N cards) of one's own in one line, or N cards
    of any kind there ("自分のエナジーLにカードが4枚ある"); never a hand's size (a play would
    read it with or without the card being played) nor one on the character's own line."""
    if not isinstance(cond, dict) or cond.get("zone") in ("hand", SAME_LINE, LINE_VS):
        return False
    if cond.get("zone") in LINES and set(cond) <= {"side", "zone", "min"}:
        n = cond.get("min", 1)
        return isinstance(n, int) and not isinstance(n, bool) and n >= 1
    return condition_ok(cond)


def per_ok(per: Any) -> bool:
    """A ``per`` the engine counts: units of a side's field (or of one line) meeting a field
    condition (no ``min`` / ``max``), or the event cards used this turn (``events_used`` 1).

    >>> per_ok({"side": "own", "zone": "front_line", "type": "character", "other": True})
    True
    >>> per_ok({"side": "own", "zone": "this_turn", "events_used": 1})
    True
    """
    if not isinstance(per, dict) or per.get("zone") not in (*LINES, "field", this_turn.ZONE):
        return False
    if per.get("zone") == this_turn.ZONE:
        return per.get("side", "own") == "own" and per.get("events_used") == 1 and len(per) <= 3
    return not {"min", "max"} & set(per) and conditions.valid({**per, "zone": "field"})


def ok(op: dict[str, Any]) -> bool:
    """Whether an op's ``where``, ``if`` and ``per`` are ones the engine reads (those it
    lacks: nothing to check)."""
    return (
        op.get("where") in (None, *LINES)
        and ("if" not in op or condition_ok(op["if"]))
        and ("per" not in op or per_ok(op["per"]))
        and ("if_any" not in op or _either_ok(op["if_any"]))
    )


def _either_ok(alts: Any) -> bool:
    """``if_any``: two or more conditions (:func:`condition_ok`, not on the character's own
    line), of which one holding is enough."""
    return (
        isinstance(alts, list)
        and len(alts) >= 2
        and all(condition_ok(c) and c.get("zone") != SAME_LINE for c in alts)
    )


def line_of(st: UAState, owner: str, unit: Unit) -> str | None:
    """The line of ``owner``'s field holding ``unit``, or None."""
    ps = st.players[owner]
    return next((line for line in LINES if any(u is unit for u in ps.line(line))), None)


def holds(st: UAState, op: dict[str, Any], owner: str, unit: Unit) -> bool:
    """Whether the op's ``where``, ``if_any`` and ``if`` hold now for ``unit`` of ``owner``."""
    where = op.get("where")
    if where is not None and line_of(st, owner, unit) != where:
        return False
    alts = op.get("if_any")
    if alts is not None and not any(
        conditions.holds_in(st, owner, c, source=unit.top) for c in alts
    ):
        return False
    cond = op.get("if")
    if cond is None:
        return True
    if cond.get("zone") == LINE_VS:  # as many characters in that line as the opponent, or more
        mine, theirs = (st.players[p].line(cond["line"]) for p in (owner, st.other(owner)))
        return _characters(st, mine) >= _characters(st, theirs)
    if cond.get("zone") == SAME_LINE:
        line = line_of(st, owner, unit)
        if line is None:
            return False
        cond = {**cond, "zone": line, "other": True}
    return conditions.holds_in(st, owner, cond, source=unit.top)


def _characters(st: UAState, units: list[Unit]) -> int:
    """How many of ``units`` are characters (a raided stack is one)."""
    return sum(1 for u in units if st.card(u.top).type == "character")


def times(st: UAState, op: dict[str, Any], owner: str, unit: Unit) -> int:
    """How many times the op's ``amount`` counts: 1 without ``per``, else the count."""
    per = op.get("per")
    if per is None:
        return 1
    if per.get("zone") == this_turn.ZONE:
        return st.players[owner].events_used
    side = owner if per.get("side", "own") == "own" else st.other(owner)
    zone = per.get("zone", "field")
    lines = LINES if zone == "field" else (zone,)
    ps = st.players[side]
    return sum(
        1 for line in lines for u in ps.line(line) if conditions.unit_meets(st, per, u, unit.top)
    )


#: the keyword of "このキャラはフロントLにある場合もエナジーを発生させる" (UA-EFFECT-FRONT-ENERGY)
FRONT_ENERGY = "generates in front line"


def front_generators(st: UAState, pid: str) -> list[Unit]:
    """The units of ``pid``'s front line that generate energy there too: those whose
    keywords (printed, given by an effect, or their own continuous ones while in force) hold
    ``generates in front line`` (``UA-EFFECT-FRONT-ENERGY``).  Only a unit whose card has
    effects or keywords, or with effects in force on it, can have it: the others are not read."""
    out = []
    for unit in st.players[pid].front_line:
        d = st.defs[st.code_of[unit.cards[-1]]]  # (st.card(unit.top) written out)
        if (unit.mods or d.effects or d.keywords.flags) and st.has(unit, FRONT_ENERGY):
            out.append(unit)
    return out


def lowers(st: UAState, unit: Unit) -> bool:
    """Whether one of the unit's own continuous BP lowerings ("自分の場に〈X〉がない場合、この
    キャラはBP-500", ``UA-EFFECT-STATIC-MINUS``) is in force now: then its BP is lowered by an
    effect, for UA-BP-ZERO."""
    top = unit.cards[-1]  # (unit.top and st.card written out: one and a half calls an action)
    d = st.defs[st.code_of[top]]
    if not d.effects:
        return False
    owner = st.owner_of[top]
    found = d.memo or facts(d)
    if found:  # the same ops, in the same order, as the walk below reaches
        if not found.lowering:  # most cards (no generator to make)
            return False
        return any(st._static_holds(op, owner, unit) for op in found.lowering)
    return any(
        op.get("op") == "bp"
        and isinstance(op.get("amount"), int)
        and op["amount"] < 0
        and static_bp_ok(op)
        and st._static_holds(op, owner, unit)
        for effect in d.effects
        if effect.get("when") == "continuous"
        for op in effect.get("do") or []
        if isinstance(op, dict)
    )
