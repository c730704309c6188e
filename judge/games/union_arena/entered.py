"""How a card entered the field, as its when-played text asks: "[登場時]このキャラがリムーブエリア
から登場していた場合、…" (if this character entered from the removal area) and "[登場時]このキャラが
自分の〔キャラ・イベントカード〕の効果で登場していた場合、…" (if it entered by an effect of one of your
character or event cards); ``UA-EFFECT-ENTERED``.

The conditions are ``{"zone": "entry", "from": "removal"}`` and ``{"zone": "entry", "by":
["character", "event"]}`` (the card types named between 〔〕, "・" between them), read of the
card with the ability as it last entered the field.  "登場" is a card put onto the field:
played or raided from the hand in the main phase (by no effect: the player uses the card),
put there by an effect ("登場させる", UA-EFFECT-PLAY, from the hand or the outside area: "by"
that effect's card, of its controller), by a trigger of a life card (RAID: the card itself;
a green or purple COLOR: the card it brings), or by a move the
log records for an effect the engine does not execute (from the zone it names, by no card the
engine knows: that step is unverifiable, and what depends on it uncertain).  Kept per card
(``UAState.entered``: its instance id to the zone it came from and the card whose effect put
it there), forgotten when it leaves the field, so that a card back in the hand and played
again is as played then.

Whether a trigger of a character card (used from the life area) is "the effect of your
character card" no source says: rule option ``entered_by_trigger`` (``UA-EFFECT-ENTERED-TRIGGER``,
GAP; "not_counted" by default, as a life-area trigger does not retire "by a character's effect",
UA-EFFECT-THIS-TURN-RETIRED-BY-TRIGGERS).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import UAState

ZONE = "entry"
TRIGGER_OPTION = "entered_by_trigger"
#: the clauses' openings, for the reader's test of a conditional sentence
START = r"このキャラがリムーブエリアから登場していた|このキャラが自分の〔"
_TYPES = {"キャラ": "character", "イベントカード": "event", "フィールド": "field"}
_BY = re.compile(r"このキャラが自分の〔([^〔〕]+)〕の効果で登場していた")


def clause(text: str) -> dict[str, Any] | None:
    """The clause before "場合", or None.

    >>> clause("このキャラがリムーブエリアから登場していた")
    {'zone': 'entry', 'from': 'removal'}
    >>> clause("このキャラが自分の〔キャラ・イベントカード〕の効果で登場していた")
    {'zone': 'entry', 'by': ['character', 'event']}
    >>> clause("このキャラが自分の〔カード〕の効果で登場していた") is None
    True
    """
    if text == "このキャラがリムーブエリアから登場していた":
        return {"zone": ZONE, "from": "removal"}
    m = _BY.fullmatch(text)
    names = m.group(1).split("・") if m else []
    if not names or any(n not in _TYPES for n in names) or len(set(names)) != len(names):
        return None
    return {"zone": ZONE, "by": [_TYPES[n] for n in names]}


def valid(cond: dict[str, Any]) -> bool:
    """A condition as :func:`clause` makes it."""
    if set(cond) == {"zone", "from"}:
        return cond["from"] == "removal"
    by = cond.get("by")
    return (
        set(cond) == {"zone", "by"}
        and isinstance(by, list)
        and bool(by)
        and all(t in _TYPES.values() for t in by)
    )


def holds(st: UAState, controller: str, cond: dict[str, Any], source: str | None) -> bool:
    """Whether the card ``source`` (the one with the ability) last entered the field as
    ``cond`` says."""
    zone, by, trigger = st.entered.get(source or "", ("", "", False))
    if "from" in cond:
        return zone == cond["from"]
    if trigger and st.options.get(TRIGGER_OPTION, "not_counted") != "counted":
        return False
    return bool(by) and st.owner_of.get(by) == controller and st.card(by).type in cond["by"]


def describe(cond: dict[str, Any]) -> str:
    """The condition in words."""
    if "from" in cond:
        return "this card entered the field from the removal area"
    kinds = {"character": "character", "event": "event", "field": "field"}
    words = " or ".join(kinds[t] for t in cond.get("by", []))
    return f"this card entered the field by the effect of a {words} card of yours"


def record(eng: UnionArenaEngine, iid: str, zone: str, by: str = "", trigger: bool = False) -> None:
    """The card ``iid`` entered the field from ``zone`` by the effect of the card ``by``
    ("": no effect, or none the engine knows), by the trigger of ``by`` (``trigger``: a RAID
    trigger, the card itself, or a green or purple COLOR one)."""
    eng.state.entered[iid] = (zone, by, trigger)


def forget(eng: UnionArenaEngine, cards: list[str]) -> None:
    """The cards of a unit left the field."""
    for iid in cards:
        eng.state.entered.pop(iid, None)


def mentions(obj: Any) -> bool:
    """Whether a card's effects (or any part of them) hold a condition of this module."""
    if isinstance(obj, dict):
        return obj.get("zone") == ZONE or any(mentions(v) for v in obj.values())
    if isinstance(obj, list | tuple):
        return any(mentions(v) for v in obj)
    return False
