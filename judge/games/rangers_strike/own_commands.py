"""Commands of one's own an effect chooses in any number (RS-HOLD-OWN-COMMANDS): "自軍コマンドを
好きな数選びホールドしてもよい。そうしたとき、ホールドしたコマンド1つにつきBP2000として、そのBPの合計以下の
BPを持つ敵軍ユニットを1体選び撃破する。".

``{"op": "hold_own_commands", "if_done": true}``, the first op of an optional effect: the player
holds any number of its own released commands (a held command is turned sideways and stays so
until released, atwiki renst 157: only a released one can be held), and only when it holds one
or more does what follows happen (holding none is not doing it: a choice of 0 stops what
follows, atwiki renst 1869).  What follows is a ``destroy`` whose selector has ``bp_per_held``
N: a unit whose BP is no more than N for each command so held (:func:`bound` makes it the
selector's ``bp_max`` once the number is known).

The log names the commands first in the resolve's ``targets`` (instance ids or codes, as a
cost's commands are named, RS-COMMAND-COST), then the unit destroyed.  The references naming
released commands of the player's, from the first, are the commands; the rest are the unit's.
A code naming both such a command and an opposing unit that fits where the commands end is
ambiguous when both readings make sense (the last reference read as the unit): not guessed.
Not named: with one released command, holding it is the only way to use the effect; with more
the number is the player's choice and is not guessed.  In tag battle 自軍 may mean the player's
commands or its team's: when the ally has a released command too, the choice is not guessed.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.costs import leading, names_card
from judge.games.rangers_strike.refs import Problem, is_instance

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-HOLD-OWN-COMMANDS"
#: the op: commands of one's own held, any number
HOLD = "hold_own_commands"
#: a selector's BP limit for each command held (``bp_per_held``), bound to ``bp_max``
PER_HELD = "bp_per_held"
#: the commands held (indexes in the player's command zone), or None when not known
Picks = tuple[list[int] | None, list[Any], list[Problem], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``hold_own_commands`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == HOLD:
            return op
    return None


def ok(effect: dict[str, Any]) -> bool:
    """Whether an effect holding commands of one's own is one the engine executes: an optional
    effect of two ops, ``{"op": "hold_own_commands", "if_done": true}`` and a ``destroy`` of
    opposing units whose selector has ``bp_per_held`` (and no ``bp_max``)."""
    ops = effect.get("do") or []
    if len(ops) != 2 or effect.get("optional") is not True:
        return False
    first, then = ops
    target = then.get("target") if isinstance(then, dict) else None
    return (
        first == {"op": HOLD, "if_done": True}
        and isinstance(then, dict)
        and set(then) == {"op", "target"}
        and then["op"] == "destroy"
        and isinstance(target, dict)
        and target.get("side") == "opponent"
        and "bp_max" not in target
        and "chooser" not in target
        and isinstance(target.get(PER_HELD), int)
        and not isinstance(target.get(PER_HELD), bool)
        and target[PER_HELD] >= 1
    )


def bound(effect: dict[str, Any], held: list[int] | None) -> dict[str, Any]:
    """The effect with its ``bp_per_held`` limit made ``bp_max`` for the number of commands
    ``held``; when nothing was held (or that is not known) the effect without what follows the
    hold, which then does not happen.  An effect without the op is returned as it is."""
    if op_of(effect) is None:
        return effect
    if not held:
        return {**effect, "do": effect["do"][:1]}
    out = copy.deepcopy(effect)
    for op in out["do"][1:]:
        target = op.get("target")
        if isinstance(target, dict) and PER_HELD in target:
            target["bp_max"] = int(target.pop(PER_HELD)) * len(held)
    return out


def released(eng: RangersStrikeEngine, pid: str) -> list[int]:
    """The positions of ``pid``'s released commands in its command zone."""
    return [i for i, c in enumerate(eng.state.players[pid].command) if not c.held]


def named(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    targets: list[Any],
    use: bool | None,
) -> Picks:
    """RS-HOLD-OWN-COMMANDS: the released commands of ``pid``'s that the effect holds,
    ``(positions, targets left, problems, doubt)`` (module docstring); positions None when not
    known (the targets left are then none: nothing after the hold is judged).  No such op, or
    not used: ``([], targets, [], None)``."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    ps = eng.state.players[pid]
    free = released(eng, pid)
    cards = [ps.command[i].card for i in free]
    chosen = [free[k] for k in leading(eng, cards, targets, len(free))]
    if chosen:
        doubt = _split_doubt(eng, pid, effect, targets, len(chosen))
        if doubt is not None:
            return None, [], [], doubt
        return chosen, targets[len(chosen) :], [], None
    doubt = _ally_doubt(eng, pid)
    if targets and not _names_opposing_unit(eng, pid, targets[0]):
        held = [c.card for c in ps.command if c.held]
        if any(names_card(eng, targets[0], c) for c in held):
            said = f"{targets[0]} is a held command of {pid}'s: only a released one can be held."
            return None, [], [(RULE, said)], None
    if doubt is not None:
        return None, [], [], doubt
    if not free:
        return [], targets, [], None  # nothing can be held: nothing is done
    if len(free) == 1:
        return free, targets, [], None  # holding it is the only way to use the effect
    return (
        None,
        [],
        [],
        f"how many (and which) of its {len(free)} released commands {pid} held is not recorded",
    )


def _names_opposing_unit(eng: RangersStrikeEngine, pid: str, ref: Any) -> bool:
    """Whether ``ref`` names a unit in an opposing player's rush or battle area."""
    st = eng.state
    return any(
        names_card(eng, ref, unit.card)
        for q in eng.opponents(pid)
        for unit in st.players[q].units()
    )


def _split_doubt(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], n: int
) -> str | None:
    """Where the commands end is not known: every reference names a released command of
    ``pid``'s, the last one a code that names too an opposing unit that fits the limit of one
    command fewer (one or more held)."""
    if n != len(targets) or n < 2 or is_instance(eng.state, targets[-1]):
        return None
    per = next(
        (
            int(op["target"][PER_HELD])
            for op in effect["do"]
            if isinstance(op.get("target"), dict) and PER_HELD in op["target"]
        ),
        None,
    )
    if per is None or not _names_opposing_unit(eng, pid, targets[-1]):
        return None
    for q in eng.opponents(pid):
        for zone in ("rush", "battle"):
            bp = eng.bp_in(q, zone)
            for unit in eng.state.players[q].area(zone):
                d = eng.state.card(unit.card)
                if (
                    d.is_unit
                    and names_card(eng, targets[-1], unit.card)
                    and bp(unit) <= per * (n - 1)
                ):
                    return (
                        f"{targets[-1]} names both a released command of {pid}'s and an opposing "
                        "unit, so where the commands held end is not known (name them by "
                        "instance id)"
                    )
    return None


def _ally_doubt(eng: RangersStrikeEngine, pid: str) -> str | None:
    """Tag battle: 自軍コマンド read as the player's or its team's disagree when the ally has a
    released command too."""
    for q in eng.allies(pid):
        if q != pid and released(eng, q):
            return (
                f"{q}, {pid}'s ally, has a released command too, and whether 自軍コマンド means "
                f"{pid}'s commands or its team's the sources do not say"
            )
    return None


def first_targets(eng: RangersStrikeEngine, pe: PendingEffect) -> list[Any]:
    """A legal resolve's targets: every released command of the controller's, then the first
    opposing unit the limit then lets be destroyed (for ``legal_actions``)."""
    from judge.games.rangers_strike.resolve import first_targets as units_first

    pid = pe.controller
    free = released(eng, pid)
    ps = eng.state.players[pid]
    return [ps.command[i].card for i in free] + units_first(
        eng, pid, bound(pe.effect, free), pe.context.get("unit")
    )


def hold(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[int] | None,
    doubt: str | None,
    what: str,
) -> bool:
    """RS-HOLD-OWN-COMMANDS: hold the commands :func:`named` found; whether what follows
    happens (one or more held).  Not known: not guessed."""
    if chosen is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which commands were held is not recorded",
            f"{what} is not carried out; the log may name the commands first in the resolve's "
            "targets.",
        )
        return False
    if not chosen:
        eng.ctx.ruling(
            RULE,
            f"{pe.controller} has no released command to hold for {what}: nothing is held, so "
            "what happens only when it holds one (そうしたとき) does not happen.",
        )
        return False
    for i in chosen:
        eng.hold_command(pe.controller, i, pe.controller, pe.source)
    eng.ctx.ruling(
        RULE,
        f"{pe.controller} holds {len(chosen)} released command(s) of its own for {what}: what "
        "follows happens, its limit counted on them.",
    )
    return True
