"""What a player did this turn, as card text reads it: "このターン中に自分がイベントカードを
使用している場合" (if you have used an event card this turn; ``UA-EFFECT-IF``).

The condition is ``{"side": "own", "zone": "this_turn", "events_used": N}``: that side has
used N event cards or more this turn.  "使用" of an event is what the rules call it, using
an event card from the hand (seed 000: "使用事件卡可以使用手牌中的事件卡來發動那個效果"); an
event whose trigger is used from the life area is not used from the hand, and no effect
plays an event, so only the plays of events from the hand are counted
(:func:`judge.games.union_arena.main_phase.apply_play`).  The count is per player
(``PlayerState.events_used``) and starts at 0 at every turn's start.

When an event counts: as its use is carried out (AP paid, the card out of the hand), before
its own effect resolves, the order the rules give ("最後，發動事件卡的效果").  So:

- "このカードは…場合のみ使用できる" (``UA-PLAY-ONLY-IF``), read as the use is declared,
  does not count the event itself;
- the event's own effect, resolving after its use, would count it, and the check of its
  targets stages it counted (:func:`staged`).  But on the event's own text the clause would
  then always hold, which suggests the card means an event other than itself, a reading
  the wording does not settle: the reader leaves it unread there (:func:`read_on`).

Why a module of its own: the engine's side (``valid``, ``holds``) and the reader's check are
small, and :mod:`~judge.games.union_arena.conditions` only dispatches to them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.union_arena.state import PlayerState, UAState

ZONE = "this_turn"
#: the printed clause, before "場合"
CLAUSE = "このターン中に自分がイベントカードを使用している"
CONDITION = {"side": "own", "zone": ZONE, "events_used": 1}


def valid(cond: dict[str, Any]) -> bool:
    """A condition on this turn that the engine evaluates exactly: only the count of event
    cards used (at least ``events_used``, 1 or more)."""
    n = cond.get("events_used")
    return (
        set(cond) <= {"side", "zone", "events_used"}
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 1
    )


def holds(ps: PlayerState, cond: dict[str, Any]) -> bool:
    """Whether the side's count of event cards used this turn reaches the condition's."""
    return ps.events_used >= int(cond["events_used"])


def describe(whose: str, cond: dict[str, Any]) -> str:
    """The condition in words, for rulings and the reading of a card."""
    n = cond["events_used"]  # as written (a hand-written one may be malformed)
    what = "an event card" if n == 1 else f"{n} or more event cards"
    who = "you have" if whose == "your" else "the opponent has"
    return f"{who} used {what} this turn"


@contextmanager
def staged(st: UAState, player: str, card: str | None) -> Iterator[None]:
    """For the check of a played card's targets: an event being used counted as used, as
    it is when its effect resolves; nothing changes for any other card."""
    event = card is not None and st.card(card).type == "event"
    ps = st.players[player]
    ps.events_used += event
    try:
        yield
    finally:
        ps.events_used -= event


def mentions(obj: Any) -> bool:
    """Whether a card's effects (or any part of them) hold a condition on this turn."""
    if isinstance(obj, dict):
        return obj.get("zone") == ZONE or any(mentions(v) for v in obj.values())
    if isinstance(obj, list | tuple):
        return any(mentions(v) for v in obj)
    return False


def read_on(defn: dict[str, Any], effect: dict[str, Any]) -> bool:
    """Whether the reader may keep an ability it read: not one of an event's own that asks
    about the events used this turn (the event itself counted, it would always hold)."""
    return defn.get("type") != "event" or not mentions(effect)
