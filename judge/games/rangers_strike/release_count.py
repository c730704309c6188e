"""Held commands and units of one's own released one at a time, and an opposing unit whose
required power is no more than the number of times put as damage (RS-RELEASE-TIMES):
"「自軍コマンドを1つリリースするか、自軍ユニットを1体リリースする」を1~5回実行してもよい。そうしたとき、実行
した回数以下の必要パワーの数字を持つ敵軍ユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。".

``{"op": "release_times", "max": 5, "if_done": true}``, the first op of an optional effect of
two, then ``{"op": "to_damage", "target": {…, "power_max": {"released": "times"}}}``.  The player
may carry out "release one of its commands, or release one of its units" one to ``max`` times:
each time one held card of its own is released (turned upright), a command of its command zone or
a unit of its rush or battle area (a unit riding a vehicle as itself; a vehicle is no unit).  A
held command stays held until it is released, and a held unit stays held "ユニットである限り" until a
card's effect releases it (the fan wiki's page on holding, atwiki renst 157); what releasing a
card that is not held would be (and whether it counts as a time) the sources do not say, so a log
naming a released card of its own for it is not judged.  Only when it carries it out once or more
does what follows happen (RS-IF-DONE): one opposing unit (rush or battle area, RS-SELECT-FIELD)
whose printed required power is no more than the number of times (RS-POWER-AT-MOST) goes face
down into its owner's power zone as damage (RS-TO-DAMAGE); it must when one fits.
:func:`bound` makes the limit that number once it is known.

The log names the cards released first in the resolve's ``targets`` (instance ids or codes), one
a time, then the unit.  The references naming held cards of the player's, from the first (at most
``max``), are the cards released; the rest is the unit's.  When codes make another split read as
well (fewer cards, the reference after them naming a unit that then fits), where the cards end is
not known: not guessed.  Not named: with one held card of its own, releasing it once is the only
way to use the effect; with more, how many times (and which) is the player's choice and is not
guessed.  In tag battle 自軍 may mean the player's cards or its team's: when the ally has a held
command or unit too, the choice is not guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike import own_commands
from judge.games.rangers_strike.costs import leading, names_card
from judge.games.rangers_strike.refs import Problem

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-RELEASE-TIMES"
OP = "release_times"
#: a selector's limit made by the number of times the op was carried out, bound by :func:`bound`
TIMES = {"released": "times"}


@dataclass(frozen=True, slots=True)
class Held:
    """A held card of one's own the op may release: a command (its position in the command
    zone) or a unit (the unit itself)."""

    iid: str
    command: int | None = None
    unit: Any = None


#: the cards released (None when not known), targets left, problems, a doubt
Picks = tuple[list[Held] | None, list[Any], list[Problem], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``release_times`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any]) -> bool:
    """Whether the effect is the one shape the engine executes (module docstring): optional, as
    the unit enters, the op with ``max`` N and ``if_done``, then a ``to_damage`` of one opposing
    unit whose only limit is :data:`TIMES`."""
    ops = effect.get("do") or []
    if effect.get("when") != "on_enter" or effect.get("optional") is not True or len(ops) != 2:
        return False
    first, then = ops
    if not isinstance(first, dict) or set(first) != {"op", "max", "if_done"}:
        return False
    most = first.get("max")
    if first.get("op") != OP or first.get("if_done") is not True:
        return False
    if not isinstance(most, int) or isinstance(most, bool) or most < 1:
        return False
    target = then.get("target") if isinstance(then, dict) else None
    return (
        isinstance(then, dict)
        and set(then) == {"op", "target"}
        and then["op"] == "to_damage"
        and target
        == {"side": "opponent", "zone": "field", "count": 1, "type": "unit", "power_max": TIMES}
    )


def bound(effect: dict[str, Any], n: int | None) -> dict[str, Any]:
    """The effect with :data:`TIMES` made ``n``; when none was released (or how many is not
    known) the effect without what follows, which then does not happen.  An effect without
    the op is returned as it is."""
    if op_of(effect) is None:
        return effect
    if not n:
        return {**effect, "do": effect["do"][:1]}
    ops = [effect["do"][0]]
    for op in effect["do"][1:]:
        target = op.get("target")
        if isinstance(target, dict):
            op = {**op, "target": {k: n if v == TIMES else v for k, v in target.items()}}
        ops.append(op)
    return {**effect, "do": ops}


def releasable(eng: RangersStrikeEngine, pid: str) -> list[Held]:
    """``pid``'s held commands, then its held units (rush area, then battle area)."""
    st = eng.state
    ps = st.players[pid]
    out = [Held(c.card, command=i) for i, c in enumerate(ps.command) if c.held]
    for area in (ps.rush, ps.battle):
        out += [Held(u.card, unit=u) for u in area if u.held and st.card(u.card).is_unit]
    return out


def _released_own(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """``pid``'s released commands and released units: cards the op does not release."""
    st = eng.state
    ps = st.players[pid]
    out = [c.card for c in ps.command if not c.held]
    for area in (ps.rush, ps.battle):
        out += [u.card for u in area if not u.held and st.card(u.card).is_unit]
    return out


def _names_opposing_unit(eng: RangersStrikeEngine, pid: str, ref: Any) -> bool:
    st = eng.state
    return any(
        names_card(eng, ref, unit.card)
        for q in eng.opponents(pid)
        for unit in st.players[q].units()
    )


def _ally_doubt(eng: RangersStrikeEngine, pid: str) -> str | None:
    """Tag battle: 自軍 read as the player's cards or its team's disagree when the ally has a
    held command or unit too."""
    for q in eng.allies(pid):
        if q != pid and releasable(eng, q):
            return (
                f"{q}, {pid}'s ally, has a held command or unit too, and whether 自軍コマンド and "
                f"自軍ユニット mean {pid}'s or its team's the sources do not say"
            )
    return None


def _split_doubt(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], n: int
) -> str | None:
    """Where the ``n`` cards read first end is not known: with fewer (one or more), the
    references after them name a unit that then fits (:func:`own_commands.split_point`)."""
    m = own_commands.split_point(eng, pid, effect, targets, n, bound)
    if m is None:
        return None
    return (
        f"the references name held cards of {pid}'s and units alike, so where the cards "
        f"released end is not known ({n} times, or {m}; name them by instance id)"
    )


def named(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    targets: list[Any],
    use: bool | None,
) -> Picks:
    """The held cards of ``pid``'s the op releases, ``(cards, targets left, problems, doubt)``
    (module docstring); cards None when not known.  No such op, or not used: ``([], targets,
    [], None)``."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    free = releasable(eng, pid)
    chosen = [free[k] for k in leading(eng, [h.iid for h in free], targets, int(op["max"]))]
    if chosen:
        rest = targets[len(chosen) :]
        if rest and any(names_card(eng, rest[0], h.iid) for h in chosen):
            return (
                None,
                [],
                [],
                f"{rest[0]} names a card of {pid}'s released already for this effect, and what "
                "releasing a card that is not held would be the sources do not say",
            )
        if (
            rest
            and len(chosen) < int(op["max"])
            and not _names_opposing_unit(eng, pid, rest[0])
            and any(names_card(eng, rest[0], c) for c in _released_own(eng, pid))
        ):
            return (
                None,
                [],
                [],
                f"{rest[0]} is a released card of {pid}'s, and what releasing a card that is "
                "not held would be (and whether it counts as a time) the sources do not say",
            )
        doubt = _split_doubt(eng, pid, effect, targets, len(chosen))
        if doubt is not None:
            return None, [], [], doubt
        return chosen, rest, [], None
    if targets and not _names_opposing_unit(eng, pid, targets[0]):
        allies = [q for q in eng.allies(pid) if q != pid]
        theirs = [h.iid for q in allies for h in releasable(eng, q)]
        if leading(eng, theirs, targets, 1):
            return None, [], [], _ally_doubt(eng, pid)
        if any(names_card(eng, targets[0], c) for c in _released_own(eng, pid)):
            return (
                None,
                [],
                [],
                f"{targets[0]} is a released card of {pid}'s, and what releasing a card that is "
                "not held would be (and whether it counts as a time) the sources do not say",
            )
    doubt = _ally_doubt(eng, pid)
    if doubt is not None:
        return None, [], [], doubt
    if not free:
        return [], targets, [], None  # nothing can be released: nothing is done
    if len(free) == 1 and use is True:
        return free, targets, [], None  # releasing it once is the only way to use the effect
    return (
        None,
        [],
        [],
        f"how many times (and which of its {len(free)} held commands and units) {pid} "
        "released is not recorded",
    )


def first_targets(eng: RangersStrikeEngine, pe: PendingEffect, effect: dict[str, Any]) -> list[Any]:
    """A legal resolve's targets for ``effect`` (``pe``'s): the first held cards of the
    controller's the op can release (as many as it may), then the first unit what follows then
    takes (for ``legal_actions``)."""
    from judge.games.rangers_strike.resolve import first_targets as units_first

    op = op_of(effect)
    if op is None:
        return []
    pid = pe.controller
    free = releasable(eng, pid)[: int(op["max"])]
    return [h.iid for h in free] + units_first(
        eng, pid, bound(effect, len(free)), pe.context.get("unit")
    )


def carry_out(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[Held] | None,
    doubt: str | None,
    what: str,
) -> bool:
    """Release the cards :func:`named` found, one a time; whether what follows happens (once or
    more).  Not known: not guessed."""
    pid = pe.controller
    if chosen is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which cards were released is not recorded",
            f"{what} is not carried out; the log may name the cards released first in the "
            "resolve's targets.",
        )
        return False
    if not chosen:
        eng.ctx.ruling(
            RULE,
            f"{pid} has no held command or unit to release for {what}: nothing is done, so what "
            "happens only when it is (そうしたとき) does not happen.",
        )
        return False
    st = eng.state
    for h in chosen:
        if h.command is not None:
            cmd = st.players[pid].command[h.command]
            cmd.held = False
            kind = f"{st.card(cmd.card).category} command"
        else:
            h.unit.held = False
            kind = "unit"
        eng.event(
            "release",
            f"{pid} releases its {kind} {eng.name(h.iid)} ({what}).",
            player=pid,
            card=h.iid,
        )
    n = len(chosen)
    eng.ctx.ruling(
        RULE,
        f"{pid} releases a held command or unit of its own {plural(n, 'time')} for "
        f"{what}: what follows takes an opposing unit whose printed required power is no more "
        f"than {n}.",
    )
    return True
