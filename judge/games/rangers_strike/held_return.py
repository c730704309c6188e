"""A resident's restriction on both players at the end of their turns (RS-TURN-END-HELD-TO-HAND):
"自分も相手も次の制限を受ける。ターンを終えるときホールド状態のコマンドを1つ選んで手札に戻す。"

While the resident is in place (RS-RESIDENT), a player it restricts (自分も相手も: its player and the
opposing one, as a resident covers them, :meth:`RangersStrikeEngine.resident_covers`), as that
player ends its own turn (RS-TURN-END: the subject of ターンを終える is the player restricted, who
ends only its own turn), chooses one held command of its own and returns it to its hand (to its
owner's hand; it is no longer a command).  It must (戻す, not …てもよい); a player with no held
command returns none.  Whose commands "ホールド状態のコマンド" are the text does not say: read as the
player's own (GAP, said in the rule); where the other reading, any player's held command, could
differ it is not guessed: a log naming another player's held command, the player with none of
its own while another has some, or no command named while another player has a held one.

The effect waits in the pool as the player's own at the end of its turn; the log names the
command in the resolve's ``targets`` (an instance id or a code).  Not named: with one held command,
or held commands all copies of one card, it is that one; otherwise which one is not guessed.  In
tag battle whose turn ends at which end phase is not settled (RS-TURN-END): not guessed.

The effect: ``{"when": "turn_end", "turn": "each", "do": [{"op": "held_to_hand", "count": 1}]}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.costs import leading
from judge.games.rangers_strike.release import held_commands

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-TURN-END-HELD-TO-HAND"
OP = "held_to_hand"
#: the key of :func:`turn_end`'s codes (codes_where), read first by the engine's end phase
CODES = "held_return"
EFFECT = {"when": "turn_end", "turn": "each", "do": [{"op": OP, "count": 1}]}
Problem = tuple[str, str]


def is_effect(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has this module's op."""
    ops = effect.get("do")
    return isinstance(ops, list) and any(isinstance(op, dict) and op.get("op") == OP for op in ops)


def ok(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is the one shape of this module, exactly."""
    return {k: v for k, v in effect.items() if k != "text"} == EFFECT


def _prints(d: Any) -> bool:
    """Whether card ``d`` has this module's effect (what :func:`turn_end` reads)."""
    return any(ok(e) for e in d.effects)


def words(effect: dict[str, Any]) -> str | None:
    """The effect in English, or None when it is not this module's shape."""
    if not ok(effect):
        return None
    return (
        "While in place, you and your opponent are each restricted: as each of you ends its own "
        "turn, it chooses 1 held command of its own and returns it to its hand (it must, when it "
        "has one)."
    )


def turn_end(eng: RangersStrikeEngine, pid: str) -> None:
    """``pid``'s end phase begins: the residents in place that restrict ``pid`` put their
    effect into the pool as ``pid``'s own (module docstring)."""
    # no card of the game prints it (codes_where, shared: the definition alone): no resident
    # in place has it, and none is read (every end phase asks)
    codes = eng.codes_known.get(CODES)
    if codes is None:
        codes = eng.codes_where(CODES, _prints, shared=True)
    if not codes:
        return
    st = eng.state
    for q, res in st.placed():
        d = st.card(res)
        for index, effect in enumerate(d.effects):
            if not ok(effect):
                continue
            covered = [*eng.resident_covers(q, "own"), *eng.resident_covers(q, "opponent")]
            if pid not in covered:
                continue
            pe = PendingEffect(0, pid, res, effect, index, "turn_end", {})
            if len(eng.allies(pid)) > 1:
                eng.not_guessed(
                    pe,
                    RULE,
                    f"in tag battle whether {pid}'s end phase is where {pid}'s turn ends, for "
                    f"{eng.name(res)}'s restriction, the sources do not say",
                    f"{eng.name(res)}'s effect is not carried out.",
                )
                continue
            others = _others_held(eng, pid)
            if not held_commands(eng, pid) and others:
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{pid} has no held command of its own, but {others} has: whether "
                    "ホールド状態のコマンド may be another player's the text does not say",
                    f"{eng.name(res)}'s effect is not carried out.",
                )
                continue
            if not held_commands(eng, pid):
                eng.ctx.ruling(
                    RULE,
                    f"{pid} ends its turn while {eng.name(res)} is in place, but has no held "
                    "command: none is returned.",
                )
                continue
            eng.ctx.ruling(
                RULE,
                f"{pid} ends its turn while {eng.name(res)} is in place: {pid} is restricted, and "
                "chooses one held command of its own to return to its hand.",
            )
            eng.pool.add(pid, res, effect, index, "turn_end")


def named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[list[int] | None, list[Any], list[Problem], str | None]:
    """The position in ``pid``'s command zone of the held command returned: ``(positions,
    targets left, problems, doubt)``; positions None when not known (the doubt says why).  Not
    this module's effect: ``([], targets, [], None)``."""
    if not ok(effect):
        return [], targets, [], None
    st = eng.state
    held = held_commands(eng, pid)
    if not held:
        return [], targets, [], None
    cards = [st.players[pid].command[i].card for i in held]
    chosen = [held[k] for k in leading(eng, cards, targets, 1)]
    if chosen:
        return chosen, targets[1:], [], None
    others = _others_held(eng, pid)
    if targets:
        theirs = [
            st.players[q].command[i].card
            for q in st.order
            if q != pid
            for i in held_commands(eng, q)
        ]
        if leading(eng, theirs, targets, 1):
            return None, targets[1:], [], _whose(pid, others)
        said = f"{targets[0]} is not a held command of {pid}'s: only a held one is returned."
        return None, targets[1:], [(RULE, said)], None
    if others:
        return None, targets, [], _whose(pid, others)
    if len({st.code_of[c] for c in cards}) > 1:
        return None, targets, [], f"which held command {pid} returned to its hand is not recorded"
    return held[:1], targets, [], None


def _others_held(eng: RangersStrikeEngine, pid: str) -> str:
    """The other players with a held command, in words ("" when none)."""
    return " and ".join(q for q in eng.state.order if q != pid and held_commands(eng, q))


def _whose(pid: str, others: str) -> str:
    return (
        f"{others} has a held command too, and whether ホールド状態のコマンド may be another player's "
        f"(read as {pid}'s own) the text does not say"
    )


def first_held(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first held command the effect could return (for ``legal_actions``)."""
    if not ok(effect):
        return []
    st = eng.state
    return [st.players[pid].command[i].card for i in held_commands(eng, pid)[:1]]


def carry_out(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[int] | None,
    doubt: str | None,
    what: str,
) -> None:
    """Return the command :func:`named` found to its owner's hand; not known: not guessed."""
    if chosen is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which held command was returned is not recorded",
            f"{what} is not carried out; the log may name the command in the resolve's targets.",
        )
        return
    st = eng.state
    ps = st.players[pe.controller]
    for cmd in [ps.command[i] for i in chosen]:
        ps.command.remove(cmd)
        owner = st.owner_of[cmd.card]
        st.players[owner].hand.append(cmd.card)
        eng.event(
            "to_hand",
            f"{pe.controller} returns its held command {eng.name(cmd.card)} to {owner}'s hand "
            f"({what}).",
            player=owner,
            card=cmd.card,
        )
