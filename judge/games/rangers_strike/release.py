"""Held cards an effect releases (turns upright again): commands of one's own
(RS-RELEASE-COMMAND) or of the opposing side (RS-RELEASE-OPPOSING), and the unit riding a
vehicle (RS-RELEASE-RIDER).

"自軍コマンドを1つ選びリリースしてもよい。": the player may choose one of its own held commands and
release it, so that it can be held again this turn (a command is held as it is used and stays
so until it is released: the fan wiki's page on holding, atwiki renst 157, "横向きになったコマンド
は消費されたという事になり、リリースされるまではこの状態のままになる").  Only a held command can be
released, as only a released one can be held.  The log names the commands first in the
resolve's ``targets`` (instance ids or codes); not named, the held ones are taken when there are
no more than the effect releases, or when they are all copies of one card (which ones is then
no choice); otherwise which ones is not guessed.  In tag battle 自軍 may mean the player's or
its team's: when the ally has a held command too, the choice is not guessed.

"敵軍コマンドを1つ選びリリースしてもよい。そうしたとき、…" (``"side": "opponent"``): the player may
release one held command of the opposing side (in tag battle either opposing player's: 敵軍 is
the opposing team); only if it did, what follows happens (RS-IF-DONE).  A code naming held
commands of both opposing players does not say whose: not guessed.

"【シャドウベール】自分がターンを終えるとき、これにライドしているユニットがホールド状態ならば、そのユニット
をリリースしてもよい。": at the end of its player's turn, if the unit riding the vehicle is held
(checked as it triggers and as it resolves), the player may release it: a held unit stays held
"ユニットである限り" until a card's effect releases it (atwiki renst 157).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike.costs import leading
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

COMMAND_RULE = "RS-RELEASE-COMMAND"
OPPOSING_RULE = "RS-RELEASE-OPPOSING"
Problem = tuple[str, str]
#: a held command: (its holder, its position in the holder's command zone)
Slot = tuple[str, int]


def _op(effect: dict[str, Any]) -> dict[str, Any] | None:
    for op in effect.get("do") or []:
        if isinstance(op, dict) and op.get("op") == "release_command":
            return op
    return None


def rule_of(effect: dict[str, Any]) -> str:
    """The rule a ``release_command`` op follows: RS-RELEASE-OPPOSING for the opposing side's
    commands ("敵軍コマンド"), else RS-RELEASE-COMMAND."""
    op = _op(effect)
    return OPPOSING_RULE if op is not None and op.get("side") == "opponent" else COMMAND_RULE


def held_commands(eng: RangersStrikeEngine, pid: str) -> list[int]:
    """The positions of ``pid``'s held commands in its command zone."""
    return [i for i, c in enumerate(eng.state.players[pid].command) if c.held]


def _holders(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> list[str]:
    """Whose commands the op releases: ``pid``'s own, or the opposing side's (敵軍: in tag
    battle both opposing players', as for RS-HOLD-ALL-COMMANDS)."""
    return eng.opponents(pid) if op.get("side") == "opponent" else [pid]


def commands_named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[list[Slot] | None, list[Any], list[Problem], str | None]:
    """RS-RELEASE-COMMAND (RS-RELEASE-OPPOSING): the held commands the effect's
    ``release_command`` releases, ``(slots, targets left, problems, doubt)``; slots None when not
    known (the doubt says why).  No such op: ``([], targets, [], None)``."""
    op = _op(effect)
    if op is None:
        return [], targets, [], None
    rule = rule_of(effect)
    st = eng.state
    n = int(op["count"])
    held = [(q, i) for q in _holders(eng, pid, op) for i in held_commands(eng, q)]
    cards = [st.players[q].command[i].card for q, i in held]
    chosen = [held[k] for k in leading(eng, cards, targets, n)]
    rest = targets[len(chosen) :]
    if chosen:
        if len(chosen) < min(n, len(held)):
            said = (
                f"The effect releases {plural(min(n, len(held)), 'held command')}; the log names "
                f"{len(chosen)}."
            )
            return chosen, rest, [(rule, said)], None
        twice = _ambiguous(eng, held, targets[: len(chosen)])
        if twice is not None:
            return None, rest, [], twice
        return chosen, rest, [], None
    whose = "an opposing player's" if op.get("side") == "opponent" else f"{pid}'s"
    if targets:
        allies = [q for q in eng.allies(pid) if q != pid]
        theirs = [st.players[q].command[i].card for q in allies for i in held_commands(eng, q)]
        if op.get("side") != "opponent" and leading(eng, theirs, targets, 1):
            return None, targets[1:], [], ally_doubt(eng, pid)
        said = f"{targets[0]} is not a held command of {whose}: only a held one is released."
        return None, targets[1:], [(rule, said)], None
    doubt = ally_doubt(eng, pid) if op.get("side") != "opponent" else None
    if doubt is not None:
        return None, rest, [], doubt
    if (
        len(held) > n
        and len({(q, st.code_of[c]) for (q, _), c in zip(held, cards, strict=True)}) > 1
    ):
        return None, rest, [], f"which held command of {whose} {pid} released is not recorded"
    return held[:n], rest, [], None


def _ambiguous(eng: RangersStrikeEngine, held: list[Slot], refs: list[Any]) -> str | None:
    """A code naming held commands of two players (tag battle: the two opposing players'),
    which are not interchangeable: which one is meant is a doubt, not guessed."""
    from judge.games.rangers_strike.refs import is_instance, ref_code

    st = eng.state
    for ref in refs:
        if is_instance(st, ref):
            continue
        owners = {
            q for q, i in held if st.code_of[st.players[q].command[i].card] == ref_code(st, ref)
        }
        if len(owners) > 1:
            return (
                f"{ref} names held commands of {' and '.join(sorted(owners))}, and which one was "
                "released is not recorded"
            )
    return None


def ally_doubt(eng: RangersStrikeEngine, pid: str) -> str | None:
    """Tag battle: 自軍コマンド read as the player's or its team's disagree when the ally has a
    held command too."""
    for q in eng.allies(pid):
        if q != pid and held_commands(eng, q):
            return (
                f"{q}, {pid}'s ally, has a held command too, and whether 自軍コマンド means "
                f"{pid}'s commands or its team's the sources do not say"
            )
    return None


def first_held(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first held commands the effect could release (for ``legal_actions``)."""
    op = _op(effect)
    if op is None:
        return []
    st = eng.state
    held = [(q, i) for q in _holders(eng, pid, op) for i in held_commands(eng, q)]
    return [st.players[q].command[i].card for q, i in held[: int(op["count"])]]


def release_commands(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[Slot] | None,
    doubt: str | None,
    what: str,
) -> bool:
    """RS-RELEASE-COMMAND (RS-RELEASE-OPPOSING): release the commands :func:`commands_named`
    found (none held: the effect does nothing); not known: not guessed.  Whether a command was
    released (what "そうしたとき" asks, RS-IF-DONE)."""
    rule = rule_of(pe.effect)
    if chosen is None:
        eng.not_guessed(
            pe,
            rule,
            doubt or "which commands were released is not recorded",
            f"{what} is not carried out; the log may name the command first in the resolve's "
            "targets.",
        )
        return False
    st = eng.state
    for q, i in chosen:
        cmd = st.players[q].command[i]
        cmd.held = False
        whose = "its" if q == pe.controller else f"{q}'s"
        eng.event(
            "release",
            f"{pe.controller} releases {whose} {st.card(cmd.card).category} command "
            f"{eng.name(cmd.card)} ({what}).",
            player=q,
            card=cmd.card,
        )
    opposing = rule == OPPOSING_RULE
    whose = "the opposing side's" if opposing else f"{pe.controller}'s"
    eng.ctx.ruling(
        rule,
        f"{what}: {plural(len(chosen), 'held command')} of {whose} released"
        + ("" if chosen else " (none is held)")
        + "; a released command can be held again.",
    )
    return bool(chosen)


RIDER_RULE = "RS-RELEASE-RIDER"


def rider_of(eng: RangersStrikeEngine, vehicle: str) -> tuple[str, Unit] | None:
    """The player and the unit riding the vehicle card ``vehicle``, or None."""
    st = eng.state
    for pid in st.order:
        for unit in st.players[pid].units():
            if unit.vehicle == vehicle:
                return pid, unit
    return None


def rider_held(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """RS-RELEASE-RIDER: "これにライドしているユニットがホールド状態ならば": whether a held unit
    rides the effect's vehicle as it resolves; a ruling says so when none does."""
    found = rider_of(eng, pe.source)
    if found is not None and found[1].held:
        return True
    eng.ctx.ruling(
        RIDER_RULE,
        f"{what}: no held unit rides {eng.name(pe.source)} now, so nothing happens.",
    )
    return False


def release_rider(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> None:
    """RS-RELEASE-RIDER: "そのユニットをリリースする": the held unit riding the effect's vehicle
    is released (upright)."""
    found = rider_of(eng, pe.source)
    if found is None or not found[1].held:
        return
    pid, unit = found
    unit.held = False
    eng.event(
        "release",
        f"{pid} releases {eng.name(unit.card)}, which rides {eng.name(pe.source)} ({what}).",
        player=pid,
        card=unit.card,
    )
    eng.ctx.ruling(
        RIDER_RULE,
        f"{eng.name(unit.card)}, held, rides {eng.name(pe.source)}: it is released (a unit "
        "stays held until an effect releases it).",
    )
