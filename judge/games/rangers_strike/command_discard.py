"""A held command of one's own put into the discard pile by an effect (RS-DISCARD-HELD-COMMAND):
"ホールド状態の自軍コマンドを1つ選び捨札にしてもよい。そうしたとき、自軍山札の上から1枚ひいて、そのカードが特徴
「メカ」を持つならリリース状態で、持たないならホールド状態で自軍コマンドゾーンに置く。".

``{"op": "discard_held_command", "count": N, "if_done": true}``, the first op of an optional
effect: the player may choose N held commands of its own (cards of its command zone, held, of
any card type) and put them into its discard pile (they are no longer commands; a command is no
unit, so nothing is destroyed).  Only when it does so does what follows happen (そうしたとき,
RS-IF-DONE): here the top card of its deck put into its command zone, released if the card
prints the feature X, held otherwise (``top_to_command`` with ``released_if`` ``{"feature":
X}``, RS-TOP-TO-COMMAND, :func:`zone_moves.top_to_command`).

The log names the commands first in the resolve's ``targets`` (instance ids or codes), then the
top card when the engine does not know it.  Not named, the held ones are taken when there are
no more than the effect takes, or when they are all copies of one card (which ones is then no
choice); otherwise which ones is not guessed.  In tag battle 自軍 may mean the player's or its
team's: when the ally has a held command too, the choice is not guessed (as for RS-RELEASE-COMMAND).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike.costs import leading
from judge.games.rangers_strike.release import ally_doubt, held_commands

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-DISCARD-HELD-COMMAND"
OP = "discard_held_command"
Problem = tuple[str, str]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``discard_held_command`` op, or None."""
    for op in effect.get("do") or []:
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """Whether the op is one the engine executes: N commands, the optional effect's first op,
    with what follows only if it was done."""
    ops = effect.get("do") or []
    count = op.get("count")
    return (
        set(op) == {"op", "count", "if_done"}
        and isinstance(count, int)
        and not isinstance(count, bool)
        and count >= 1
        and op["if_done"] is True
        and effect.get("optional") is True
        and bool(ops)
        and ops[0] is op
        and len(ops) > 1
    )


def named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[list[int] | None, list[Any], list[Problem], str | None]:
    """The positions in ``pid``'s command zone of the held commands the effect discards:
    ``(positions, targets left, problems, doubt)``; positions None when not known (the doubt
    says why).  No such op: ``([], targets, [], None)``.  A first reference naming none of the
    held commands is left for what follows (the top card), unless it names a released command
    of the player's or one of its ally's."""
    op = op_of(effect)
    if op is None:
        return [], targets, [], None
    st = eng.state
    n = int(op["count"])
    held = held_commands(eng, pid)
    cards = [st.players[pid].command[i].card for i in held]
    chosen = [held[k] for k in leading(eng, cards, targets, n)]
    rest = targets[len(chosen) :]
    if chosen:
        if len(chosen) < min(n, len(held)):
            said = (
                f"The effect puts {plural(min(n, len(held)), 'held command')} into the discard "
                "pile; the "
                f"log names {len(chosen)}."
            )
            return chosen, rest, [(RULE, said)], None
        return chosen, rest, [], None
    if targets:
        released = [c.card for c in st.players[pid].command if not c.held]
        if leading(eng, released, targets, 1):
            said = f"{targets[0]} is not a held command of {pid}'s: only a held one can be chosen."
            return None, targets[1:], [(RULE, said)], None
        allies = [q for q in eng.allies(pid) if q != pid]
        theirs = [st.players[q].command[i].card for q in allies for i in held_commands(eng, q)]
        if leading(eng, theirs, targets, 1):
            return None, targets[1:], [], ally_doubt(eng, pid)
    doubt = ally_doubt(eng, pid)
    if doubt is not None:
        return None, targets, [], doubt
    if len(held) > n and len({st.code_of[c] for c in cards}) > 1:
        return (
            None,
            targets,
            [],
            f"which held command {pid} put into the discard pile is not recorded",
        )
    return held[:n], targets, [], None


def first_held(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first held commands the effect could discard (for ``legal_actions``)."""
    op = op_of(effect)
    if op is None:
        return []
    st = eng.state
    return [st.players[pid].command[i].card for i in held_commands(eng, pid)[: int(op["count"])]]


def carry_out(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[int] | None,
    doubt: str | None,
    what: str,
) -> bool:
    """Put the commands :func:`named` found into the controller's discard pile; not known: not
    guessed.  Whether one was discarded (what "そうしたとき" asks, RS-IF-DONE)."""
    if chosen is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which held command was put into the discard pile is not recorded",
            f"{what} is not carried out; the log may name the command first in the resolve's "
            "targets.",
        )
        return False
    st = eng.state
    ps = st.players[pe.controller]
    cmds = [ps.command[i] for i in chosen]
    for cmd in cmds:
        ps.command.remove(cmd)
        owner = st.owner_of[cmd.card]
        st.players[owner].discard.append(cmd.card)
        eng.event(
            "to_discard",
            f"{pe.controller} puts its held command {eng.name(cmd.card)} into {owner}'s discard "
            f"pile ({what}).",
            player=owner,
            card=cmd.card,
        )
    if not cmds:
        eng.ctx.ruling(
            RULE,
            f"{pe.controller} has no held command for {what}, so what happens only when one is "
            "put into the discard pile (そうしたとき) does not happen.",
        )
        return False
    eng.ctx.ruling(
        RULE,
        f"{what}: {plural(len(cmds), 'held command')} of {pe.controller}'s put into the discard "
        "pile (no "
        "longer commands, not destroyed); what follows happens.",
    )
    return True
