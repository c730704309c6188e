"""Union Arena: a BP change of a resolved effect counted as it resolves, "自分の場の他のキャラを1枚まで
選び、自分の場のフロントLのキャラ1枚につき、このターン中、BP+500" (+500 for each character in your
front line), ``UA-EFFECT-BP-PER``.  The op is a ``bp`` with ``per``: the characters of one's own
field (or of one line) counted when the op is carried out, the amount times that count, fixed
for the duration as any BP change is (the count is not read again later).  A module of its own:
the reader (``reader._operations``), the check of the op (``effects.supported``), its execution
(``resolve.py``) and the check of targets before resolution (``targets.py``) share it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import plural
from judge.games.union_arena import conditions
from judge.games.union_arena.state import LINES

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import UAState

#: the rule option of UA-EFFECT-BP-PER (GAP): "once" (the default), the count read once as the
#: op is carried out and the change fixed; "unsure": the same, and the step unverifiable
OPTION = "bp_per_counted"
RULE = "UA-EFFECT-BP-PER"

#: the zone words of "自分の(場の)?(フロントL|エナジーL)のキャラ1枚につき"
ZONES = {"フロントL": "front_line", "エナジーL": "energy_line", "場": "field"}


def per_ok(op: dict[str, Any]) -> bool:
    """A resolved ``bp`` op's ``per`` the engine counts: one's own characters in a line or on
    the field, nothing else asked of them (``other`` would need the card it is relative to).

    >>> per_ok({"op": "bp", "amount": 500, "per": {"side": "own", "zone": "front_line", "type": "character"}})
    True
    >>> per_ok({"op": "bp", "amount": 500, "per": {"side": "own", "zone": "front_line", "other": True}})
    False
    """
    per = op.get("per")
    return (
        op.get("op") == "bp"
        and isinstance(per, dict)
        and per.get("side") == "own"
        and per.get("zone") in (*LINES, "field")
        and per.get("type") == "character"
        and set(per) == {"side", "zone", "type"}
        and isinstance(op.get("amount"), int)
        and not isinstance(op.get("amount"), bool)
    )


def count(st: UAState, per: dict[str, Any], controller: str) -> int:
    """How many units of the controller's field (or line) are characters now (a raided stack
    is one, its top card's type)."""
    zone = per.get("zone", "field")
    lines = LINES if zone == "field" else (zone,)
    ps = st.players[controller]
    return sum(
        1 for line in lines for u in ps.line(line) if conditions.card_meets(st.card(u.top), per)
    )


def amount(st: UAState, op: dict[str, Any], controller: str) -> int:
    """The BP change the op gives now: its ``amount``, times the count with ``per``."""
    base = int(op.get("amount", 0))
    per = op.get("per")
    return base if not isinstance(per, dict) else base * count(st, per, controller)


def ruling(eng: UnionArenaEngine, describe: str, op: dict[str, Any], controller: str) -> None:
    """Say how the count was read (UA-EFFECT-BP-PER); with rule option ``bp_per_counted``
    "unsure", the step is unverifiable (whether the count is read again later, no source says)."""
    per = op.get("per")
    if not isinstance(per, dict):
        return
    n = count(eng.state, per, controller)
    eng.ctx.ruling(
        RULE,
        f"{describe}: {plural(n, 'character')} counted as it resolves, so BP "
        f"{int(op.get('amount', 0)) * n:+d}, fixed for its duration.",
    )
    if eng.options.get(OPTION, "once") == "unsure":
        eng.ctx.cannot_verify(f"whether {describe}'s count is read again later (no source says)")
