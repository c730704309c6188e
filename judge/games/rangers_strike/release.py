"""Held cards an effect releases (turns upright again): commands of one's own
(RS-RELEASE-COMMAND), and the unit riding a vehicle (RS-RELEASE-RIDER).

"自軍コマンドを1つ選びリリースしてもよい。": the player may choose one of its own held commands and
release it, so that it can be held again this turn (a command is held as it is used and stays
so until it is released: the fan wiki's page on holding, atwiki renst 157, "横向きになったコマンド
は消費されたという事になり、リリースされるまではこの状態のままになる").  Only a held command can be
released, as only a released one can be held.  The log names the commands first in the
resolve's ``targets`` (instance ids or codes); not named, the held ones are taken when there are
no more than the effect releases, or when they are all copies of one card (which ones is then
no choice); otherwise which ones is not guessed.  In tag battle 自軍 may mean the player's or
its team's: when the ally has a held command too, the choice is not guessed.

"【シャドウベール】自分がターンを終えるとき、これにライドしているユニットがホールド状態ならば、そのユニット
をリリースしてもよい。": at the end of its player's turn, if the unit riding the vehicle is held
(checked as it triggers and as it resolves), the player may release it: a held unit stays held
"ユニットである限り" until a card's effect releases it (atwiki renst 157).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.costs import leading
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

COMMAND_RULE = "RS-RELEASE-COMMAND"
Problem = tuple[str, str]


def _op(effect: dict[str, Any]) -> dict[str, Any] | None:
    for op in effect.get("do") or []:
        if isinstance(op, dict) and op.get("op") == "release_command":
            return op
    return None


def held_commands(eng: RangersStrikeEngine, pid: str) -> list[int]:
    """The positions of ``pid``'s held commands in its command zone."""
    return [i for i, c in enumerate(eng.state.players[pid].command) if c.held]


def commands_named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[list[int] | None, list[Any], list[Problem], str | None]:
    """RS-RELEASE-COMMAND: the held commands of ``pid``'s that the effect's ``release_command``
    releases, ``(positions, targets left, problems, doubt)``; positions None when not known
    (the doubt says why).  No such op: ``([], targets, [], None)``."""
    op = _op(effect)
    if op is None:
        return [], targets, [], None
    st = eng.state
    ps = st.players[pid]
    n = int(op["count"])
    held = held_commands(eng, pid)
    cards = [ps.command[i].card for i in held]
    chosen = [held[k] for k in leading(eng, cards, targets, n)]
    rest = targets[len(chosen) :]
    if chosen:
        if len(chosen) < min(n, len(held)):
            said = (
                f"The effect releases {min(n, len(held))} held command(s) of {pid}'s; the log "
                f"names {len(chosen)}."
            )
            return chosen, rest, [(COMMAND_RULE, said)], None
        return chosen, rest, [], None
    if targets:
        allies = [q for q in eng.allies(pid) if q != pid]
        theirs = [st.players[q].command[i].card for q in allies for i in held_commands(eng, q)]
        if leading(eng, theirs, targets, 1):
            return None, targets[1:], [], _ally_doubt(eng, pid)
        said = f"{targets[0]} is not a held command of {pid}'s: only a held one is released."
        return None, targets[1:], [(COMMAND_RULE, said)], None
    doubt = _ally_doubt(eng, pid)
    if doubt is not None:
        return None, rest, [], doubt
    if len(held) > n and len({st.code_of[c] for c in cards}) > 1:
        return None, rest, [], f"which of its held commands {pid} released is not recorded"
    return held[:n], rest, [], None


def _ally_doubt(eng: RangersStrikeEngine, pid: str) -> str | None:
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
    ps = eng.state.players[pid]
    return [ps.command[i].card for i in held_commands(eng, pid)[: int(op["count"])]]


def release_commands(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[int] | None,
    doubt: str | None,
    what: str,
) -> None:
    """RS-RELEASE-COMMAND: release the commands :func:`commands_named` found (none held: the
    effect does nothing); not known: not guessed."""
    if chosen is None:
        eng.not_guessed(
            pe,
            COMMAND_RULE,
            doubt or "which commands were released is not recorded",
            f"{what} is not carried out; the log may name the command first in the resolve's "
            "targets.",
        )
        return
    ps = eng.state.players[pe.controller]
    for i in chosen:
        cmd = ps.command[i]
        cmd.held = False
        eng.event(
            "release",
            f"{pe.controller} releases its {eng.state.card(cmd.card).category} command "
            f"{eng.name(cmd.card)} ({what}).",
            player=pe.controller,
            card=cmd.card,
        )
    eng.ctx.ruling(
        COMMAND_RULE,
        f"{what}: {len(chosen)} held command(s) of {pe.controller}'s released"
        + ("" if chosen else " (it has none held)")
        + "; a released command can be held again.",
    )


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
