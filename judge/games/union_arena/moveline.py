"""Carrying out ``move_line``: a chosen card moved to the other line of its owner's field.

Printed "…を1枚(まで)選び、別のラインに移動させる" / "…エナジーLに移動させる" (read by
:mod:`judge.games.union_arena.textmove`).  The chosen card moves from the line it is in to
the other one, on its owner's field, and is put after the cards already there
(``UA-EFFECT-MOVE-LINE``).  It does not leave the field, so it is the same card: its
once-per-turn uses, attacks and blocks this turn and a raided stack go with it.  What the move
does to its active or rested state and to the effects on it is in no source
(``UA-EFFECT-MOVE-LINE-STATE``, GAP): by default it keeps them (rule option
``move_line_state``).

**A full line.**  Moving into a line that holds 4 cards first puts one card of that line
(character or field) into the removal area, chosen by the line's player, the moved card's
owner: the seed's rule for the movement phase, which the rule manual applies to moves
outside it and the cards' own reminder restates for this effect (``UA-LINE-LIMIT``).  The
log records that card right after the moved one in the effect's ``targets``:
``{"remove": reference}`` — the one place the contract gives an effect's choices, whoever
makes them.  A removal with no card moved is illegal (``UA-LINE-LIMIT``); so are a card not in
that line and a removal when the line has room, where the field cannot change before the
effect resolves (a ``resolve``, an ``activate`` without a self-retiring cost, no earlier op
of the effect that moves cards).  Elsewhere (the targets a ``play`` or a ``raid`` records,
judged before the card enters the field) the line is judged as the effect resolves: a
record that does not fit then makes the step unverifiable.  A full line with no
record is a choice the log skipped (``UA-CHOICE-RECORDED``): the engine removes the card
there longest and the step is unverifiable.

A character of the battle in progress (the attacker, or the character attacked) moved out of
the front line: no source found says what becomes of the attack, so the step is unverifiable
and what follows uncertain (the engine goes on as for a character that left the front line).
A field chosen by its name or trait does not move (fields never move); whether it could be
chosen is in no source: unverifiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.union_arena import cannot_move
from judge.games.union_arena.refs import Problem, find_unit, ref_text
from judge.games.union_arena.state import LINE_LIMIT, Unit

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

RULE = "UA-EFFECT-MOVE-LINE"
STATE_RULE = "UA-EFFECT-MOVE-LINE-STATE"
ROOM_RULE = "UA-LINE-LIMIT"
#: rule option ``move_line_state`` (UA-EFFECT-MOVE-LINE-STATE)
STATES = ("kept", "unverifiable")
#: ops that change what is in the lines when carried out (a full line before them may not
#: be full after them, and the other way round)
FIELD_OPS = ("retire", "to_hand", "remove", "to_deck_bottom", "move_line", "modes")


def is_record(value: Any) -> bool:
    """Whether a ``targets`` entry is a move's ``{"remove": reference}`` (a card an effect
    plays names its line, ``{"to": …, "remove": [...]}``: not this)."""
    return isinstance(value, dict) and "remove" in value and "to" not in value


def destination(op: dict[str, Any], line: str) -> str:
    """The line a card in ``line`` moves to: the other one (``to`` ``other``), or ``to``."""
    if op.get("to") == "other":
        return "energy_line" if line == "front_line" else "front_line"
    return str(op.get("to"))


def changes_field(ops: list[dict[str, Any]]) -> bool:
    """Whether any of ``ops`` (an effect's ops before a move) may change what is in the lines."""
    return any(o.get("op") in FIELD_OPS for o in ops)


def _words(line: str) -> str:
    return line.replace("_", " ")


def check_room(
    eng: UnionArenaEngine,
    op: dict[str, Any],
    got: list[Any],
    targets: list[Any],
    pos: int,
    settled: bool,
) -> tuple[int, list[Problem]]:
    """The ``{"remove": …}`` record after the card a move chose (``got``, from ``pos``), when
    the action is judged: the next position and the problems.  ``settled``: the field will
    be as it is now when the effect resolves, so the record is judged now; otherwise only a
    record with no card moved is (the lines may change first: the card played enters one, a
    raid moves its base), and the rest when the effect resolves (:func:`run`)."""
    if pos >= len(targets) or not is_record(targets[pos]):
        return pos, []
    ref = targets[pos]["remove"]
    pos += 1
    moved = [g for g in got if isinstance(g, tuple)]
    if not moved:
        return pos, [
            (ROOM_RULE, "No card is chosen to move: no card goes to the removal area to make room.")
        ]
    if not settled:
        return pos, []
    owner, line, unit = moved[0]
    st = eng.state
    if st.card(unit.top).type != "character" or st.has(unit, cannot_move.KEYWORD):
        return pos, []  # a field, or a card that cannot move: judged as it resolves
    dest = destination(op, line)
    found = find_unit(st, ref, f"actions[{eng.ctx.index}].targets[{pos - 1}].remove", owner=owner)
    if found is None or found[1] != dest:
        return pos, [
            (
                ROOM_RULE,
                f"{ref_text(ref)} is not in {owner}'s {_words(dest)}: only a card of the line "
                f"{unit.top} moves to goes to the removal area to make room.",
            )
        ]
    held = len(st.players[owner].line(dest))
    if held < LINE_LIMIT:
        return pos, [
            (
                ROOM_RULE,
                f"Cards go to the removal area only to make room in a full line: {owner}'s "
                f"{_words(dest)} holds {held} cards.",
            )
        ]
    return pos, []


def room_record(eng: UnionArenaEngine, op: dict[str, Any], picked: list[str]) -> list[Any]:
    """For ``legal_actions``: the record a move of ``picked`` (the cards its choice named)
    needs, ``[{"remove": the card longest in the full line}]``, or none."""
    found = eng.state.find_unit(picked[0]) if picked else None
    if found is None:
        return []
    owner, line, _ = found
    dest = eng.state.players[owner].line(destination(op, line))
    return [{"remove": dest[0].top}] if len(dest) >= LINE_LIMIT else []


def run(
    eng: UnionArenaEngine,
    pe: PendingEffect,
    op: dict[str, Any],
    objs: list[Any],
    targets: list[Any],
    pos: int,
) -> int:
    """Carry out a move as the effect ``pe`` resolves: ``objs`` are the card its choice named
    (``(owner, line, unit)``), ``targets[pos]`` may be its ``{"remove": …}``.  Returns the
    next position in ``targets``."""
    record = targets[pos] if pos < len(targets) and is_record(targets[pos]) else None
    pos += 1 if record is not None else 0
    st = eng.state
    ctx = eng.ctx
    for owner, line, unit in objs[:1]:
        if unit not in st.players[owner].line(line):
            continue
        name = eng.name(unit.top)
        if st.card(unit.top).type != "character":
            ctx.ruling(RULE, f"{pe.describe()}: {name} is a field; fields never move: it stays.")
            ctx.cannot_verify(
                f"{name}, a field, was chosen to move to the other line: whether a card that "
                "cannot move may be chosen is in no source"
            )
            return pos
        if st.has(unit, cannot_move.KEYWORD):  # "このキャラは移動できない" (UA-CANNOT-MOVE)
            ctx.ruling(cannot_move.RULE, f"{pe.describe()}: {name} cannot move: it stays.")
            ctx.cannot_verify(
                f"{name}, which cannot move, was chosen to move to the other line: whether a "
                "card that cannot move may be chosen is in no source"
            )
            return pos
        dest = destination(op, line)
        _make_room(eng, pe, owner, dest, name, record)
        _move(eng, pe, owner, line, dest, unit)
    return pos


def _make_room(
    eng: UnionArenaEngine,
    pe: PendingEffect,
    owner: str,
    dest: str,
    name: str,
    record: dict[str, Any] | None,
) -> None:
    """A full ``dest`` line of ``owner``: the card the log names (else the card there
    longest, unverifiable) goes to the removal area first (UA-LINE-LIMIT)."""
    ctx = eng.ctx
    cards = eng.state.players[owner].line(dest)
    named = None
    if record is not None:
        found = find_unit(eng.state, record["remove"], "targets", owner=owner)
        named = found[2] if found is not None and found[1] == dest else None
    if len(cards) < LINE_LIMIT:
        if record is not None:
            ctx.ruling(
                ROOM_RULE,
                f"{pe.describe()}: {owner}'s {_words(dest)} has room, so no card goes to the "
                f"removal area; the log names {ref_text(record['remove'])}.",
            )
            ctx.cannot_verify(
                f"the log names a card to remove from {owner}'s {_words(dest)}, which has room "
                f"when {name} moves there"
            )
        return
    if named is None:
        named = cards[0]
        what = (
            f"the log's {ref_text(record['remove'])} is not in that line"
            if record is not None
            else "the log does not say which card went to the removal area"
        )
        ctx.ruling(
            "UA-CHOICE-RECORDED",
            f"{pe.describe()}: {name} moves into {owner}'s full {_words(dest)} and {what}: the "
            f"engine assumes {eng.name(named.top)} (the card there longest).",
        )
        ctx.cannot_verify(
            f"no card of {owner}'s full {_words(dest)} named to go to the removal area"
        )
    eng.leave_field(owner, named, "removal", retire=False)
    ctx.ruling(
        ROOM_RULE,
        f"{owner}'s {_words(dest)} was full: {eng.name(named.top)} went to the removal area "
        f"before {name} moved there.",
    )


def _move(
    eng: UnionArenaEngine, pe: PendingEffect, owner: str, line: str, dest: str, unit: Unit
) -> None:
    """The move itself: the same card, after the cards of ``dest``, keeping its state and
    the effects on it (UA-EFFECT-MOVE-LINE-STATE)."""
    st = eng.state
    ctx = eng.ctx
    name = eng.name(unit.top)
    st.players[owner].line(line).remove(unit)
    st.players[owner].line(dest).append(unit)
    eng.event(
        "move_line",
        f"{name} moves from {owner}'s {_words(line)} to the {_words(dest)}.",
        player=owner,
        card=unit.top,
        to=dest,
    )
    ctx.ruling(
        RULE,
        f"{pe.describe()}: {name} moves to {owner}'s {_words(dest)}; it stays on the field, "
        "the same card.",
    )
    b = st.battle
    if b is not None and unit in (b.attacker, b.target):
        ctx.ruling(
            RULE,
            f"{name} is in the battle in progress and leaves the front line: no source found "
            "says what becomes of the attack; the engine goes on as for a card that left it.",
        )
        ctx.cannot_verify(f"{name} moved out of the front line during its battle")
        eng.taint_effect(pe, RULE)
    keep_state(eng, pe, unit)


def keep_state(eng: UnionArenaEngine, pe: PendingEffect, unit: Unit) -> None:
    """A card that moved keeps its active or rested state and the effects on it, or the step
    is unverifiable (rule option ``move_line_state``, UA-EFFECT-MOVE-LINE-STATE): also a
    card that swapped positions (``UA-EFFECT-SWAP``)."""
    ctx = eng.ctx
    name = eng.name(unit.top)
    effects_on = (
        bool(unit.mods) or unit.no_activate or unit.retire_at_main_end or unit.retire_at_attack_end
    )
    if not (unit.rested or effects_on):
        return
    kept = ("rested" if unit.rested else "active") + (
        " and the effects on it" if effects_on else ""
    )
    if eng.options.get("move_line_state", "kept") == "unverifiable":
        ctx.ruling(
            STATE_RULE,
            f"{name} keeps its state ({kept}), but no source says so: the step is unverifiable "
            "(rule option move_line_state).",
        )
        ctx.cannot_verify(f"whether {name} keeps its state and the effects on it when it moves")
        eng.taint_effect(pe, STATE_RULE)
        return
    ctx.ruling(
        STATE_RULE, f"{name} keeps its state ({kept}) as it moves (rule option move_line_state)."
    )
