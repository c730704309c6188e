"""A character rested by its player's own effect this turn: "このターン中に自分のフロントLのキャラが
自分の効果でアクティブからレストになったことがある場合、…" (a condition) and "[起動メイン]このターン中に
自分のフロントLのアクティブのこのキャラが自分の効果でレストにされている場合のみ発動できる" (an activated
ability's ``only_if``); ``UA-EFFECT-RESTED-BY-OWN``.

"自分の効果" is an effect its player controls: an op of an effect of that player's card that
rests the character as the effect resolves ("…を1枚選び、レストにする", UA-EFFECT-IF …), or a
rest the log records for such an effect the engine does not execute (UA-OUTCOME, recorded by
that player).  Attacking or blocking rests a character by the rules, not by an effect; an
opponent's effect (its yellow COLOR trigger) is not one's own.  A character that was rested
already does not become rested.  Kept per player as (serial, top card, line) of each unit so
rested (``PlayerState.rested_by_own``), empty at every turn's start: a card that left the
field and came back, or a card raided onto it, is another card.

What the wording does not settle is GAP, one rule option each:

- ``rested_by_own_costs`` (``UA-EFFECT-RESTED-BY-OWN-COSTS``): whether the cost "[レストにする]"
  of one's activated ability rests it by one's effect; "not_counted" by default (a cost is
  paid to use the effect, as ``ap_paid_costs``).
- ``rested_by_own_line`` (``UA-EFFECT-RESTED-BY-OWN-LINE``): "自分のフロントLのキャラ" is a
  character in the front line as it was rested ("when_rested", the default: "アクティブの" in
  the same phrase describes it then) or one in the front line now ("now": the same card still
  on the field, now in the front line).

Why a module of its own: :mod:`this_turn` is full; it dispatches the condition here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import UAState, Unit

ZONE = "this_turn"
KEY = "rested_by_own"
#: an activated ability's ``only_if``: this card, active in the front line, rested so
ONLY_IF = "rested_by_own_this_turn"
#: a selector's key: "このターン中に自分の効果でアクティブからレストになったことがある自分の場の…"
SELECTOR = "rested_by_own"
COSTS_OPTION = "rested_by_own_costs"
LINE_OPTION = "rested_by_own_line"
CLAUSE = "このターン中に自分のフロントLのキャラが自分の効果でアクティブからレストになったことがある"
ONLY_IF_CLAUSE = (
    "このターン中に自分のフロントLのアクティブのこのキャラが自分の効果でレストにされている"
)


def clause(text: str) -> dict[str, Any] | None:
    """The condition before "場合", or None.

    >>> clause(CLAUSE)
    {'zone': 'this_turn', 'rested_by_own': {'line': 'front_line'}}
    """
    return {"zone": ZONE, KEY: {"line": "front_line"}} if text == CLAUSE else None


def valid(cond: dict[str, Any]) -> bool:
    """The condition as :func:`clause` makes it."""
    return set(cond) == {"zone", KEY} and cond[KEY] == {"line": "front_line"}


def _line_now(st: UAState, pid: str, serial: int, top: str) -> str | None:
    """The line the unit (its serial, the same top card) is in now, or None."""
    for line in ("front_line", "energy_line"):
        if any(u.serial == serial and u.top == top for u in st.players[pid].line(line)):
            return line
    return None


def _rested(st: UAState, pid: str, serial: int, top: str, line: str) -> bool:
    """Whether a record of a rest counts for the front line, as the option says."""
    if st.options.get(LINE_OPTION, "when_rested") == "now":
        return _line_now(st, pid, serial, top) == "front_line"
    return line == "front_line"


def holds(st: UAState, pid: str) -> bool:
    """Whether a character of ``pid``'s front line was rested by ``pid``'s effect this turn."""
    return any(_rested(st, pid, *rec) for rec in st.players[pid].rested_by_own)


def unit_holds(st: UAState, pid: str, unit: Unit) -> bool:
    """Whether ``unit`` (as it is now), active in ``pid``'s front line, was rested by
    ``pid``'s effect this turn (the ``only_if``)."""
    return any(
        s == unit.serial and t == unit.top and _rested(st, pid, s, t, line)
        for s, t, line in st.players[pid].rested_by_own
    )


def unit_rested(st: UAState, unit: Unit) -> bool:
    """Whether ``unit`` (as it is now) was rested from active by its owner's effect this
    turn, in whatever line (the selector's)."""
    pid = st.owner_of[unit.top]
    return any(s == unit.serial and t == unit.top for s, t, _ in st.players[pid].rested_by_own)


def describe() -> str:
    """The condition in words."""
    return "a character in your front line has been rested from active by your effect this turn"


def describe_only_if() -> str:
    """The ``only_if`` in words."""
    return "this card, active in your front line, has been rested by your effect this turn"


def record(eng: UnionArenaEngine, owner: str, controller: str, unit: Unit) -> None:
    """``unit`` of ``owner``'s is about to be rested by an effect ``controller`` controls:
    recorded when it is active and the effect is its owner's."""
    st = eng.state
    if unit.rested or owner != controller:
        return
    line = _line_now(st, owner, unit.serial, unit.top)
    if line is not None and st.card(unit.top).type == "character":
        st.players[owner].rested_by_own.append((unit.serial, unit.top, line))


def cost_counted(eng: UnionArenaEngine) -> bool:
    """Whether the cost "[レストにする]" rests the card by its player's effect (the option)."""
    return eng.options.get(COSTS_OPTION, "not_counted") == "counted"


def mentions(obj: Any) -> bool:
    """Whether a card's effects (or any part of them) read this module's record."""
    if obj == ONLY_IF:
        return True
    if _selects(obj):
        return True
    if isinstance(obj, dict):
        return (obj.get("zone") == ZONE and KEY in obj) or any(mentions(v) for v in obj.values())
    if isinstance(obj, list | tuple):
        return any(mentions(v) for v in obj)
    return False


def after_op(effect: dict[str, Any]) -> bool:
    """Whether an effect asks the condition on an op after another op (which might itself
    rest one of its player's characters: the reader leaves that unread)."""
    ops = effect.get("do") if isinstance(effect, dict) else None
    if not isinstance(ops, list):
        return False
    return any(
        i > 0 and isinstance(op, dict) and (mentions(op.get("if")) or _selects(op.get("target")))
        for i, op in enumerate(ops)
    )


def _selects(target: Any) -> bool:
    """Whether a target is a selector with :data:`SELECTOR`."""
    return isinstance(target, dict) and bool(target.get(SELECTOR))
