"""An ability given for this turn: "「アタックフェイズ終了時、このキャラを退場させる。」を得る"
(UA-EFFECT-ATTACK-END-RETIRE).

Why a module of its own: the given ability triggers with the other attack-phase-end effects
(UA-TRIGGER-ATTACK-PHASE-END), so it waits in the pending pool like them and the turn player
orders it among theirs (UA-SIMULTANEOUS); and it names the card it was given to only while that
card stays on the field (a mark on the unit, gone when the unit leaves the field; moving between
the lines keeps it, as it keeps the unit's other effects).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.union_arena.state import Unit

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

RULE = "UA-EFFECT-ATTACK-END-RETIRE"
#: the pending pool's trigger name for the given ability
TRIGGER = "given_attack_phase_end"
#: the sentence's quoted ability, as the reader finds it
QUOTED = "「アタックフェイズ終了時、このキャラを退場させる。」"
#: the effect the given ability puts in the pool (no choice: it resolves by itself when alone)
EFFECT: dict[str, Any] = {
    "when": TRIGGER,
    "do": [{"op": "retire", "target": "self", "given": True}],
}


def read(s: str, read_rest: Any) -> list[dict[str, Any]] | None:
    """ "このキャラはこのターン中、「アタックフェイズ終了時、このキャラを退場させる。」とBP+2000と
    [インパクト(1)]を得る" and "自分の場のキャラを1枚選び、このターン中、「…」とBP+3000と…を与える":
    the rest of the sentence's ops (``read_rest`` reads it without the quoted ability), then the
    op that gives the ability to the same card, or None."""
    if f"{QUOTED}と" not in s or s.count(QUOTED) != 1:
        return None
    rest = s.replace(f"{QUOTED}と", "")
    if not (rest.startswith("このキャラはこのターン中、") and rest.endswith("を得る")) and not (
        rest.startswith("自分の場のキャラを1枚選び、このターン中、") and rest.endswith("を与える")
    ):
        return None
    ops = read_rest(rest)
    if not ops or any(op.get("until") != "turn" or op["op"] not in ("bp", "grant") for op in ops):
        return None
    first = ops[0]["target"]
    if first == "self":
        target: Any = "self"
    elif isinstance(first, dict) and first.get("side") == "own" and first.get("count") == 1:
        if any(op["target"] != "chosen" for op in ops[1:]):
            return None
        target = "chosen"
    else:
        return None
    return [*ops, {"op": "retire", "target": target, "at": "attack_phase_end"}]


def give(eng: UnionArenaEngine, u: Unit) -> None:
    """The card gains the ability for this turn (the mark lasts until the turn ends)."""
    u.retire_at_attack_end = True
    eng.state.attack_end_given = True  # (fire and end_turn look for marks only after this)
    eng.event(
        "retire_later",
        f"{eng.name(u.top)} will retire at the end of this turn's attack phase.",
        card=u.top,
    )


def fire(eng: UnionArenaEngine) -> None:
    """The attack phase ends: each marked card's given ability triggers, with the other
    attack-phase-end effects (called beside them, so they wait together)."""
    st = eng.state
    if not st.attack_end_given:  # no card was given it this turn: no unit is marked
        return
    for owner in st.order:
        for unit in st.players[owner].units():
            if unit.retire_at_attack_end:
                unit.retire_at_attack_end = False
                eng.pool.add(owner, unit.top, EFFECT, -1, TRIGGER, unit=unit, top=unit.top)


def resolve(eng: UnionArenaEngine, pe: PendingEffect) -> None:
    """The given ability resolves: the card retires if it is still on the field as the card it
    was given to; else nothing happens."""
    st = eng.state
    unit: Unit = pe.context["unit"]
    name = eng.name(pe.source)
    eng.event("effect", f"{pe.describe()} resolves.", source=pe.source, trigger=pe.trigger)
    if unit not in st.players[pe.controller].units() or unit.top != pe.context["top"]:
        eng.ctx.ruling(
            RULE,
            f"{name} is no longer on the field as the card given the ability: nothing retires.",
        )
        return
    eng.ctx.ruling(RULE, f"The attack phase ended: {name} retires, as its given ability said.")
    eng.retire(pe.controller, unit, "effect", unit.top)  # its given ability (retired_by.py)


def end_turn(st: Any) -> None:
    """A mark that did not trigger (no attack phase ended after it) ends with the turn."""
    if not st.attack_end_given:  # no card was given it this turn: no unit is marked
        return
    st.attack_end_given = False
    for ps in st.players.values():
        for unit in ps.units():
            unit.retire_at_attack_end = False
