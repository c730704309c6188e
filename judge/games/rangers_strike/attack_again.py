"""A unit's text that triggers each time it attacks and wins the battle, and the additional
attack it may then make (RS-ATTACK-AGAIN).

"【大頑頑拳】これがアタックしてバトルに勝つたび、敵軍コマンドを1つ選びホールドしてもよい。そうしたとき、これは追
加でアタックできる(ストライクはできない)。" (a unit's own text: no combination number): ``{"when":
"on_wins_attacking", "optional": true, "do": [{"op": "hold_opposing_command", "count": 1,
"if_done": true}, {"op": "attack_again"}]}``.

It triggers each time (たび) the unit attacks and wins the battle: its BP, compared as the attack
resolves, is higher than the unit attacked (the higher BP wins the battle, atwiki renst 458); a
tie wins nothing.  The unit attacked may have resisted (it lost all the same).  It waits with
the when-destroyed effects of that battle, ordered by the turn player (RS-SIMULTANEOUS).

The player may choose one released command of the opposing side (a card of an opposing command
zone, not held: only a released one can be held; in tag battle either opposing player's, 敵軍
being the opposing team) and hold it.  Only if it does (そうしたとき, RS-IF-DONE) may the unit
attack again: it is the unit that may act once more, as if it had just entered, and only attack
(ストライクはできない): a strike it declares then is illegal, and it does not ride off.  The log
names the command first in the resolve's ``targets``; not named, it is taken when there is no
other choice (one code among the released commands, one player's), otherwise not guessed.

Not guessed (the step unverifiable): the unit destroyed although it won (RS-WIN-DESTROYED),
which can no longer attack, and whether its text still triggers; and *when* the additional
attack may be made.  The engine gives it right away, before the next unit enters or the battle
phase ends (as a unit acts just after it enters); a log that makes it later, once another unit
has entered or the phase has moved on, is not judged illegal for that: the sources do not say
it may not, and the attack is taken as recorded with the step unverifiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.costs import leading, names_card
from judge.games.rangers_strike.refs import is_instance
from judge.games.rangers_strike.state import Battle, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-ATTACK-AGAIN"
WHEN = "on_wins_attacking"
HOLD = "hold_opposing_command"
AGAIN = "attack_again"
Problem = tuple[str, str]
#: a released opposing command: (its player, its position in the command zone)
Slot = tuple[str, int]


def ok(effect: dict[str, Any]) -> bool:
    """The one effect of this kind the engine executes (module docstring)."""
    return (
        set(effect) <= {"when", "optional", "do", "text"}
        and effect.get("when") == WHEN
        and effect.get("optional") is True
        and effect.get("do") == [{"op": HOLD, "count": 1, "if_done": True}, {"op": AGAIN}]
    )


def after_battle(eng: RangersStrikeEngine, b: Battle, abp: int, tbp: int) -> None:
    """An attack's BP have been compared and its losers destroyed: the attacker that won
    (still in its battle area) has its texts of this timing triggered; one destroyed although
    it won is not guessed."""
    if abp <= tbp:
        return
    st = eng.state
    unit, pid = b.attacker, b.attacker_player
    texts = [e for e in st.card(unit.card).effects if e.get("when") == WHEN]
    if not texts:
        return
    what = f"{eng.name(unit.card)}'s text (each time it attacks and wins the battle)"
    if b.attacker_area == "rush" or st.area_of(unit) != (pid, "battle"):
        why = (
            f"{eng.name(unit.card)} attacked with ウイング from its rush area and won the battle, "
            "and whether its text lets it attack again, from where, the sources do not say "
            "(RS-WING)"
            if b.attacker_area == "rush"
            else f"{eng.name(unit.card)} won the battle but is no longer in its battle area (it "
            "was destroyed although it won), and whether its text still triggers the sources "
            "do not say"
        )
        for index, effect in enumerate(st.card(unit.card).effects):
            if effect.get("when") != WHEN:
                continue
            pe = PendingEffect(0, pid, unit.card, effect, index, WHEN, {"unit": unit})
            eng.not_guessed(pe, RULE, why, f"{what} is not carried out.")
        return
    eng.ctx.ruling(
        RULE,
        f"{eng.name(unit.card)} attacked and won the battle (BP {abp} > {tbp}): {what} triggers.",
    )
    eng.fire(unit, WHEN, pid)


def _released(eng: RangersStrikeEngine, pid: str) -> list[Slot]:
    st = eng.state
    return [
        (q, i)
        for q in eng.opponents(pid)
        for i, c in enumerate(st.players[q].command)
        if not c.held
    ]


def holds(effect: dict[str, Any]) -> bool:
    """Whether the effect holds a released opposing command (an op ``HOLD``): :func:`named`'s
    first test, and :mod:`picks_none`'s."""
    return any(isinstance(op, dict) and op.get("op") == HOLD for op in effect.get("do") or [])


def named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[list[Slot] | None, list[Any], list[Problem], str | None]:
    """The released opposing command the effect holds: ``(slots, targets left, problems,
    doubt)``; slots None when not known (the doubt says why).  No such op: ``([], targets, [],
    None)``."""
    if not holds(effect):
        return [], targets, [], None
    st = eng.state
    free = _released(eng, pid)
    cards = [st.players[q].command[i].card for q, i in free]
    chosen = [free[k] for k in leading(eng, cards, targets[:1], 1)]
    if chosen:
        ref = targets[0]
        if not is_instance(st, ref):  # a code: whose, when two opposing players have one
            owners = {q for (q, _), c in zip(free, cards, strict=True) if names_card(eng, ref, c)}
            if len(owners) > 1:
                return (
                    None,
                    targets[1:],
                    [],
                    f"{ref} names released commands of {' and '.join(sorted(owners))}, and which "
                    "one was held is not recorded",
                )
        return chosen, targets[1:], [], None
    if targets:
        held = [
            st.players[q].command[i].card
            for q in eng.opponents(pid)
            for i, c in enumerate(st.players[q].command)
            if c.held
        ]
        if leading(eng, held, targets[:1], 1):
            said = f"{targets[0]} is held already: only a released command can be held."
            return None, targets[1:], [(RULE, said)], None
        return None, targets[1:], [(RULE, f"{targets[0]} is not an opposing command.")], None
    if not free:
        return [], targets, [], None
    if len({(q, st.code_of[c]) for (q, _), c in zip(free, cards, strict=True)}) > 1:
        return None, targets, [], "which opposing command was held is not recorded"
    return free[:1], targets, [], None


def first_free(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """The first released opposing command (``legal_actions``)."""
    st = eng.state
    return [st.players[q].command[i].card for q, i in _released(eng, pid)[:1]]


def hold(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[Slot] | None,
    doubt: str | None,
    what: str,
) -> bool:
    """Hold the opposing command :func:`named` found; whether one was held (そうしたとき).  Not
    known: not guessed."""
    if chosen is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which opposing command was held is not recorded",
            f"{what} is not carried out; the log may name the command first in the resolve's "
            "targets.",
        )
        return False
    if not chosen:
        eng.ctx.ruling(
            RULE,
            f"No opposing command is released for {what}, so none can be held and the unit does "
            "not attack again.",
        )
        return False
    st = eng.state
    for q, i in chosen:
        cmd = st.players[q].command[i]
        cmd.held = True
        eng.event(
            "hold",
            f"{pe.controller} holds {q}'s command {eng.name(cmd.card)} ({what}).",
            player=q,
            card=cmd.card,
        )
    from judge.games.rangers_strike import command_watch  # RS-COMMAND-HELD-WATCH

    command_watch.held(eng, [(q, st.players[q].command[i].card) for q, i in chosen], "effect")
    return True


def grant(eng: RangersStrikeEngine, unit: Unit | None, what: str) -> None:
    """The unit may attack again now, and only attack."""
    st = eng.state
    if unit is None or st.area_of(unit) is None or st.area_of(unit)[1] != "battle":
        eng.event("effect", f"The unit has left its battle area: it cannot attack again ({what}).")
        return
    unit.again = True
    st.entering = unit
    eng.event(
        "attack_again",
        f"{eng.name(unit.card)} may attack again (not strike) ({what}).",
        card=unit.card,
    )
    eng.ctx.ruling(
        RULE,
        f"An opposing command was held: {eng.name(unit.card)} may attack again, now, and "
        "cannot strike for it.",
    )


def strike_barred(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why ``unit`` cannot strike: it may only attack again."""
    if unit.again:
        return (
            f"{eng.name(unit.card)} may attack again for its text, but not strike "
            "(ストライクはできない)."
        )
    return None


def late(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether ``unit``, not the unit that may act now, could still have an additional attack
    of its text's: it was given one that it has not made.  Its attack is then taken, the step
    unverifiable (when the additional attack may be made the sources do not say)."""
    if not unit.again or eng.state.entering is unit:
        return False
    eng.ctx.ruling(
        RULE,
        f"{eng.name(unit.card)} was given an additional attack earlier and attacks now, after "
        "the battle phase moved on: whether the additional attack may be made later the "
        "sources do not say, so the attack is taken as recorded.",
    )
    eng.ctx.cannot_verify(f"whether {eng.name(unit.card)} may still make its additional attack")
    return True
