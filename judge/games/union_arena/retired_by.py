"""How a character left the field this turn: "このターン中にキャラの効果でキャラが退場していた場合"
(if a character was retired by the effect of a character this turn; ``UA-EFFECT-THIS-TURN-RETIRED-BY``).

The condition is ``{"zone": "this_turn", "char_retired_by_char": 1}``: this turn a character
card (either player's: the wording names no side, where card text says "自分の" or "相手の"
when it means one) was retired from the field by an effect of a character card (either
player's).  What the wording settles (``OFF-tr``): an op of a character card's effect that
retires a character as the effect resolves ("…を1枚選び、退場させる", a "…終了時、このキャラを
退場させる" set up by a character's effect) counts; a lost battle is no effect and does not,
nor does an event's or a field's effect, nor a card returned to the hand or removed (not
retired, UA-RETIRE).

What it does not settle is GAP, one rule option each (``UA-EFFECT-THIS-TURN-RETIRED-BY-…``):

- ``retired_by_char_costs``: a character retired as the cost of a character's activated
  ability ("[起動メイン][このキャラを退場させる]"); "not_counted" by default, as the AP of such a
  cost is not AP paid by the character's effect (``ap_paid_costs``): a cost is paid to use the
  effect, before it resolves.
- ``retired_by_char_bp_zero``: a character retired because its BP became 0 or less (a rule's
  doing, seed 000: "因為效果變為0以下的角色會退場") when a character's effect lowered it;
  "not_counted" by default.  "counted": a BP lowering in force on it from a character card's
  effect the engine carried out, or its own continuous lowering, makes it count.
- ``retired_by_char_triggers``: a character retired by a trigger ([トリガー]) of a character
  card used from the life area (SPECIAL, red COLOR); "not_counted" by default.

Kept per player as the count of its characters so retired (``PlayerState.retired_by_char``),
0 at every turn's start.  Why a module of its own: :mod:`this_turn` is full, and the cause
of a retirement is one more thing the engine passes along to record it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import UAState, Unit

ZONE = "this_turn"
KEY = "char_retired_by_char"
#: the printed clause, before "場合"
CLAUSE = "このターン中にキャラの効果でキャラが退場していた"
COSTS_OPTION = "retired_by_char_costs"
BP_ZERO_OPTION = "retired_by_char_bp_zero"
TRIGGERS_OPTION = "retired_by_char_triggers"
#: a retirement's causes that an option decides, and its option
_OPTIONS = {"cost": COSTS_OPTION, "bp_zero": BP_ZERO_OPTION, "trigger": TRIGGERS_OPTION}


def clause(text: str) -> dict[str, Any] | None:
    """The clause before "場合", or None.

    >>> clause("このターン中にキャラの効果でキャラが退場していた")
    {'zone': 'this_turn', 'char_retired_by_char': 1}
    >>> clause("このターン中に自分のキャラの効果でキャラが退場していた") is None
    True
    """
    return {"zone": ZONE, KEY: 1} if text == CLAUSE else None


def valid(cond: dict[str, Any]) -> bool:
    """The condition as :func:`clause` makes it (no side: either player's)."""
    return set(cond) == {"zone", KEY} and cond[KEY] == 1


def holds(st: UAState) -> bool:
    """Whether a character of either player was retired by a character's effect this turn."""
    return any(ps.retired_by_char for ps in st.players.values())


def describe() -> str:
    """The condition in words."""
    return "a character has been retired by the effect of a character this turn"


def counted(eng: UnionArenaEngine, cause: str) -> bool:
    """Whether a retirement of ``cause`` ("effect", "cost", "bp_zero", "trigger") by a
    character card counts, under the rule options."""
    if cause == "effect":
        return True
    option = _OPTIONS.get(cause)
    return option is not None and eng.options.get(option, "not_counted") == "counted"


def by_character(eng: UnionArenaEngine, unit: Unit) -> bool:
    """Whether a BP lowering of a character card's effect is in force on ``unit`` (a mod
    whose source is a character card, or its own continuous lowering)."""
    from judge.games.union_arena.own_static import lowers

    st = eng.state
    if any(m.bp < 0 and m.source and st.card(m.source).type == "character" for m in unit.mods):
        return True
    return st.card(unit.top).type == "character" and lowers(st, unit)


def record(
    eng: UnionArenaEngine, pid: str, top: str, cause: str | None, source: str | None
) -> None:
    """``pid``'s card ``top`` was retired, by ``cause`` of the card ``source`` (None: by no
    effect, e.g. a lost battle)."""
    st = eng.state
    if cause is None or source is None or st.card(top).type != "character":
        return
    if st.card(source).type == "character" and counted(eng, cause):
        st.players[pid].retired_by_char += 1


def after_costs(eng: UnionArenaEngine, top: str, cost: dict[str, Any]) -> bool:
    """Whether the condition holds once an activated ability of ``top`` has paid ``cost``
    (its card retired as the cost counted under ``retired_by_char_costs``)."""
    st = eng.state
    own = (
        bool(cost.get("retire_self")) and st.card(top).type == "character" and counted(eng, "cost")
    )
    return own or holds(st)


def after_op(effect: dict[str, Any]) -> bool:
    """Whether an effect asks the condition on an op after another op: on a character's
    card the op before might itself retire a character by a character's effect (the
    reader leaves that unread: which of the two the text means is not checked)."""
    ops = effect.get("do") if isinstance(effect, dict) else None
    if not isinstance(ops, list):
        return False
    return any(
        i > 0 and isinstance(op, dict) and mentions(op.get("if")) for i, op in enumerate(ops)
    )


def mentions(obj: Any) -> bool:
    """Whether a condition (or any part of it) is this module's."""
    if isinstance(obj, dict):
        return (obj.get("zone") == ZONE and KEY in obj) or any(mentions(v) for v in obj.values())
    if isinstance(obj, list | tuple):
        return any(mentions(v) for v in obj)
    return False
