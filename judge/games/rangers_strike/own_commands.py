"""Commands of one's own an effect chooses in any number: held (RS-HOLD-OWN-COMMANDS), "自軍コマ
ンドを好きな数選びホールドしてもよい。そうしたとき、ホールドしたコマンド1つにつきBP2000として、そのBPの合計以
下のBPを持つ敵軍ユニットを1体選び撃破する。", or returned to the hand (RS-COMMANDS-TO-HAND), "自軍コマン
ドを好きな数選び、自分の手札に戻してもよい。そうしたとき、相手は、戻した数と同じ数まで可能な限り自分自身のラッ
シュエリアのSユニットを選び、持ち主の山札の下に好きな順番で戻す。".

``{"op": "hold_own_commands", "if_done": true}`` or ``{"op": "commands_to_hand", "if_done":
true}``, the first op of an optional effect of two: the player holds any number of its own
released commands (a held command is turned sideways and stays so until released, atwiki renst
157: only a released one can be held), or returns any number of its own commands, held or
released, to its hand; only when it so moves one or more does what follows happen (choosing
none stops what follows, atwiki renst 1869).  What follows counts them: a ``destroy`` whose
selector has ``bp_per_held`` N takes a unit whose BP is no more than N for each command held; a
``to_deck_bottom`` whose selector has ``count_returned`` takes as many units as commands were
returned (as many as there are, up to that).  :func:`bound` makes that the selector's
``bp_max`` or ``count`` once the number is known.

The log names the commands first in the resolve's ``targets`` (instance ids or codes, as a
cost's commands are named, RS-COMMAND-COST), then the units.  The references naming commands of
the player's that the op can take, from the first, are the commands; the rest are the units'.
When codes make another split read as well (fewer commands, the references after them naming
as many fitting units as that number then takes), where the commands end is not known: not
guessed.  Not named: with one command the op could take, taking it is the only way to use the
effect; with more the number is the player's choice and is not guessed.  In tag battle 自軍 may
mean the player's commands or its team's: when the ally has one the op could take too, the
choice is not guessed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike.costs import leading, name_distinct, names_card
from judge.games.rangers_strike.refs import Problem

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

HOLD_RULE = "RS-HOLD-OWN-COMMANDS"
HAND_RULE = "RS-COMMANDS-TO-HAND"
#: the ops: commands of one's own held, or returned to the hand, any number
HOLD = "hold_own_commands"
TO_HAND = "commands_to_hand"
OPS = (HOLD, TO_HAND)
#: a selector's BP limit for each command held (``bp_per_held``), bound to ``bp_max``
PER_HELD = "bp_per_held"
#: a selector that takes as many units as commands were returned, bound to ``count``
COUNT_RETURNED = "count_returned"
#: what follows each op: the op and the selector key the number moved binds
FOLLOWS = {HOLD: ("destroy", PER_HELD), TO_HAND: ("to_deck_bottom", COUNT_RETURNED)}
#: the commands moved (indexes in the player's command zone), or None when not known
Picks = tuple[list[int] | None, list[Any], list[Problem], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``hold_own_commands`` or ``commands_to_hand`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") in OPS:
            return op
    return None


def rule_of(effect: dict[str, Any]) -> str:
    op = op_of(effect)
    return HAND_RULE if op is not None and op["op"] == TO_HAND else HOLD_RULE


def ok(effect: dict[str, Any]) -> bool:
    """Whether an effect moving commands of one's own is one the engine executes: an optional
    effect of two ops, ``{"op": <op>, "if_done": true}`` and what follows it (:data:`FOLLOWS`):
    a ``destroy`` of opposing units whose selector has ``bp_per_held`` (and no ``bp_max``), or
    a ``to_deck_bottom`` of the opponent's own units of its rush area, chosen by the opponent,
    whose selector has ``count_returned`` (and no ``count``)."""
    ops = effect.get("do") or []
    if len(ops) != 2 or effect.get("optional") is not True:
        return False
    first, then = ops
    if not isinstance(first, dict) or first.get("op") not in OPS or not isinstance(then, dict):
        return False
    name, key = FOLLOWS[first["op"]]
    target = then.get("target")
    if first != {"op": first["op"], "if_done": True} or set(then) != {"op", "target"}:
        return False
    if then["op"] != name or not isinstance(target, dict) or target.get("side") != "opponent":
        return False
    if key == PER_HELD:
        per = target.get(PER_HELD)
        return (
            "bp_max" not in target
            and COUNT_RETURNED not in target
            and "chooser" not in target
            and isinstance(per, int)
            and not isinstance(per, bool)
            and per >= 1
        )
    return (
        target.get(COUNT_RETURNED) is True
        and "count" not in target
        and PER_HELD not in target
        and target.get("chooser") == "opponent"
        and target.get("zone") == "rush"
        and target.get("type") == "unit"
    )


def bound(effect: dict[str, Any], n: int | None) -> dict[str, Any]:
    """The effect with what follows its op counted on the ``n`` commands moved (``bp_max``, or
    ``count``); when none was moved (or how many is not known) the effect without what follows,
    which then does not happen.  An effect without such an op is returned as it is."""
    if op_of(effect) is None:
        return effect
    if not n:
        return {**effect, "do": effect["do"][:1]}
    ops = [effect["do"][0]]
    for op in effect["do"][1:]:
        target = op.get("target")
        if isinstance(target, dict) and PER_HELD in target:
            rest = {k: v for k, v in target.items() if k != PER_HELD}
            op = {**op, "target": {**rest, "bp_max": int(target[PER_HELD]) * n}}
        elif isinstance(target, dict) and COUNT_RETURNED in target:
            rest = {k: v for k, v in target.items() if k != COUNT_RETURNED}
            op = {**op, "target": {**rest, "count": n}}
        ops.append(op)
    return {**effect, "do": ops}


def movable(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[int]:
    """The positions of ``pid``'s commands the effect's op can take: its released ones to hold,
    any to return to the hand."""
    op = op_of(effect)
    commands = eng.state.players[pid].command
    if op is not None and op["op"] == TO_HAND:
        return list(range(len(commands)))
    return [i for i, c in enumerate(commands) if not c.held]


def named(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    targets: list[Any],
    use: bool | None,
) -> Picks:
    """The commands of ``pid``'s that the effect's op moves, ``(positions, targets left,
    problems, doubt)`` (module docstring); positions None when not known (the targets left are
    then none: nothing after the op is judged).  No such op, or not used: ``([], targets, [],
    None)``."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    rule = rule_of(effect)
    ps = eng.state.players[pid]
    free = movable(eng, pid, effect)
    cards = [ps.command[i].card for i in free]
    chosen = [free[k] for k in leading(eng, cards, targets, len(free))]
    if chosen:
        doubt = _split_doubt(eng, pid, effect, targets, len(chosen))
        if doubt is not None:
            return None, [], [], doubt
        return chosen, targets[len(chosen) :], [], None
    doubt = _ally_doubt(eng, pid, effect)
    if targets and op["op"] == HOLD and not _names_opposing_unit(eng, pid, targets[0]):
        held = [c.card for c in ps.command if c.held]
        if any(names_card(eng, targets[0], c) for c in held):
            said = f"{targets[0]} is a held command of {pid}'s: only a released one can be held."
            return None, [], [(rule, said)], None
    if doubt is not None:
        return None, [], [], doubt
    if not free:
        return [], targets, [], None  # nothing can be moved: nothing is done
    if len(free) == 1:
        return free, targets, [], None  # moving it is the only way to use the effect
    kind = "released commands" if op["op"] == HOLD else "commands"
    verb = "held" if op["op"] == HOLD else "returned to its hand"
    return (
        None,
        [],
        [],
        f"how many (and which) of its {len(free)} {kind} {pid} {verb} is not recorded",
    )


def _names_opposing_unit(eng: RangersStrikeEngine, pid: str, ref: Any) -> bool:
    """Whether ``ref`` names a unit in an opposing player's rush or battle area."""
    st = eng.state
    return any(
        names_card(eng, ref, unit.card)
        for q in eng.opponents(pid)
        for unit in st.players[q].units()
    )


def split_point(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    targets: list[Any],
    n: int,
    bind: Callable[[dict[str, Any], int], dict[str, Any]],
) -> int | None:
    """A smaller count ``m`` (1 ≤ m < ``n``) of the cards read first at which the references
    after them name distinct units that fit, as many as the effect ``bind(effect, m)`` then
    takes: where the ``n`` cards end is then not known; None when no such count."""
    from judge.games.rangers_strike.effects import selectors
    from judge.games.rangers_strike.resolve import fitting

    for m in range(1, n):
        rest = targets[m:]
        (sel,) = selectors(bind(effect, m))
        cands = fitting(eng, pid, sel)
        if len(rest) != min(int(sel.get("count", 1)), len(cands)):
            continue
        if name_distinct(eng, rest, cands):
            return m
    return None


def _split_doubt(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], n: int
) -> str | None:
    """Where the ``n`` commands read first end is not known (:func:`split_point`)."""
    m = split_point(eng, pid, effect, targets, n, bound)
    if m is None:
        return None
    return (
        f"the references name commands of {pid}'s and units alike, so where the "
        f"commands end is not known ({n} commands, or {m}; name them by instance id)"
    )


def _ally_doubt(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> str | None:
    """Tag battle: 自軍コマンド read as the player's or its team's disagree when the ally has a
    command the op could take too."""
    for q in eng.allies(pid):
        if q != pid and movable(eng, q, effect):
            return (
                f"{q}, {pid}'s ally, has a command the effect could take too, and whether 自軍"
                f"コマンド means {pid}'s commands or its team's the sources do not say"
            )
    return None


def first_targets(eng: RangersStrikeEngine, pe: PendingEffect, effect: dict[str, Any]) -> list[Any]:
    """A legal resolve's targets for ``effect`` (``pe``'s): every command of the controller's
    the op can take, then the first units what follows then takes (for ``legal_actions``)."""
    from judge.games.rangers_strike.resolve import first_targets as units_first

    pid = pe.controller
    free = movable(eng, pid, effect)
    ps = eng.state.players[pid]
    return [ps.command[i].card for i in free] + units_first(
        eng, pid, bound(effect, len(free)), pe.context.get("unit")
    )


def carry_out(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[int] | None,
    doubt: str | None,
    what: str,
) -> bool:
    """Hold (or return to the hand) the commands :func:`named` found; whether what follows
    happens (one or more moved).  Not known: not guessed."""
    rule = rule_of(pe.effect)
    pid = pe.controller
    to_hand = rule == HAND_RULE
    if chosen is None:
        eng.not_guessed(
            pe,
            rule,
            doubt or "which commands were taken is not recorded",
            f"{what} is not carried out; the log may name the commands first in the resolve's "
            "targets.",
        )
        return False
    if not chosen:
        eng.ctx.ruling(
            rule,
            f"{pid} has no {'' if to_hand else 'released '}command to "
            f"{'return' if to_hand else 'hold'} for {what}: nothing is done, so what happens "
            "only when it is (そうしたとき) does not happen.",
        )
        return False
    st = eng.state
    ps = st.players[pid]
    if to_hand:
        others = [ps.command[i].card for i in chosen if st.owner_of[ps.command[i].card] != pid]
        if others:
            eng.not_guessed(
                pe,
                rule,
                f"{', '.join(others)} in {pid}'s command zone is another player's card, and "
                "whether 自分の手札に戻す takes it into the hand of the one who returns it the "
                "sources do not say",
                f"{what} is not carried out.",
            )
            return False
        cards = [ps.command[i].card for i in chosen]
        ps.command = [c for i, c in enumerate(ps.command) if i not in chosen]
        for card in cards:
            ps.hand.append(card)
            eng.event(
                "to_hand",
                f"{pid} returns its command {eng.name(card)} to its hand ({what}).",
                player=pid,
                card=card,
            )
        eng.ctx.ruling(
            rule,
            f"{pid} returns {plural(len(cards), 'command')} of its own to its hand for {what}: "
            "what "
            "follows takes as many.",
        )
        return True
    for i in chosen:
        eng.hold_command(pid, i, pid, pe.source)
    eng.ctx.ruling(
        rule,
        f"{pid} holds {plural(len(chosen), 'released command')} of its own for {what}: what "
        "follows "
        "happens, its limit counted on them.",
    )
    return True
