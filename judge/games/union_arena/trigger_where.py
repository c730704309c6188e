"""A triggered ability's requirement on where its card is: "[登場時][フロントLにある場合]…"
(when played, if in the front line; also "[エナジーLにある場合]", the energy line;
``UA-TRIGGER-WHERE``).

The effect carries ``where`` as an activated ability's does (``UA-EFFECT-WHERE``), but
nothing is illegal about it: the card may be played into either line, and its ability then
does something only when the card is in the line the tag names.  When that is read is not
written in the sources found (GAP): rule option ``trigger_where`` says.  ``resolve`` (the
default): as the ability resolves, the card must be on its controller's field in that line
(a card that left the field is in no line).  ``trigger``: the line the card was in when the
ability triggered (the line it was played into; for a raid, the line after its move), even
if it moved or left before the ability resolved.  In the engine nothing moves a card between
its when-played ability triggering and resolving unless another effect resolves first, so
the two agree but for such an effect.

The check of the targets a play records reads the line the card is staged in
(``targets.check_effect_targets`` puts it there), which is both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import UAState

RULE = "UA-TRIGGER-WHERE"
OPTION = "trigger_where"
VALUES = ("resolve", "trigger")
#: the triggered timings a requirement on where is read on
TIMINGS = ("on_play",)
#: the lines a requirement may name
LINES = ("front_line", "energy_line")
#: the context key the line at the trigger is kept under (``engine.fire``)
AT_TRIGGER = "line_at_trigger"


def valid(effect: dict[str, Any]) -> bool:
    """Whether a triggered effect's ``where`` is one the engine reads (``effects.supported``)."""
    return effect.get("when") in TIMINGS and effect.get("where") in LINES


def line_of(st: UAState, controller: str, iid: str | None) -> str | None:
    """The line of ``controller``'s field holding card ``iid``, or None (not there)."""
    found = st.find_unit(iid) if iid is not None else None
    return found[1] if found is not None and found[0] == controller else None


def in_line(st: UAState, controller: str, effect: dict[str, Any], iid: str | None) -> bool:
    """Whether ``effect``'s requirement holds for its card ``iid`` now (no requirement: True)."""
    where = effect.get("where")
    if where is None or effect.get("when") == "activate_main":
        return True
    return line_of(st, controller, iid) == where


def _line(eng: UnionArenaEngine, pe: PendingEffect) -> str | None:
    """The line rule option ``trigger_where`` reads for a pending effect's card."""
    if eng.options.get(OPTION, "resolve") == "trigger":
        line = pe.context.get(AT_TRIGGER)
        return line if isinstance(line, str) else None
    return line_of(eng.state, pe.controller, pe.source)


def applies(eng: UnionArenaEngine, pe: PendingEffect) -> bool:
    """Whether a pending effect's requirement on where its card is holds (no ruling): the
    check of the targets a ``resolve`` records reads it as :func:`holds` will."""
    where = pe.effect.get("where")
    return where is None or pe.effect.get("when") == "activate_main" or _line(eng, pe) == where


def holds(eng: UnionArenaEngine, pe: PendingEffect) -> bool:
    """Whether a pending triggered effect's requirement on where its card is holds, read as
    rule option ``trigger_where`` says; rules on it either way."""
    where = pe.effect.get("where")
    if where is None or pe.effect.get("when") == "activate_main":
        return True
    moment = "when it triggered" if eng.options.get(OPTION) == "trigger" else "as it resolves"
    line = _line(eng, pe)
    ok = line == where
    named = where.replace("_", " ")
    eng.ctx.ruling(
        RULE,
        f"{pe.describe()} requires {eng.name(pe.source)} in the {named} (read {moment}, rule "
        f"option {OPTION}): "
        + (
            "it is, so it resolves."
            if ok
            else f"it is {'in the ' + line.replace('_', ' ') if line else 'not on the field'}, "
            "so it does nothing."
        ),
    )
    return ok
