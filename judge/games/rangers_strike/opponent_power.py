"""The opponent's choice to return a face-up card of its power zone to its hand, and the unit
then barred from striking for the turn (RS-OPPONENT-RETURNS-POWER).

"【バルカッター】「SP1」相手は自分自身のパワーゾーンからオモテ向きのカードを1枚選び手札に戻してもよい。そうしたと
き、このターン、これはストライクできない。" (a unit's Number Combination): ``{"when": "combination",
"optional": true, "do": [{"op": "sp", "value": 1, "until": "turn"}, {"op":
"opponent_power_to_hand", "if_done": true}, {"op": "no_strike", "until": "turn"}]}``.  The
「SP1」 happens whatever the opponent does (the unit is SP 1 until the end of the turn,
RS-SP-EFFECT).  Then the opponent (相手: in tag battle the player rule option ``tag_opponent``
names, as for RS-OPPONENT-CHOOSES) may choose one face-up card of its own power zone (any card
type; a face-down card is a point of damage and is not one) and return it to its hand; only if it
does (そうしたとき, RS-IF-DONE), the unit cannot strike until the end of the turn (a ``Mod`` with
``no_strike``: its strike is illegal, RS-OPPONENT-RETURNS-POWER).

The effect's one choice is the opponent's: the resolve's ``use`` records it (``use: false``: the
opponent returns no card; the 「SP1」 still comes), its ``targets`` the card returned (an instance
id or a code; observed mode: naming a hidden face-up card binds it), whoever records the resolve
(its controller, or the turn player ordering it, RS-SIMULTANEOUS), as for the opponent's choice
among its own units (RS-OPPONENT-CHOOSES).  Not named with ``use`` not false, the card is taken
when it is the only choice (one code among the face-up cards, every one known, one player who can
choose); none is taken when the opponent has no face-up card (nothing happens); otherwise, or
with ``use`` not recorded while a card could be returned, it is not guessed: the step is
unverifiable and what follows the 「SP1」 is not carried out until an ``outcome`` records it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, ref_text
from judge.core.timing import PendingEffect
from judge.games.rangers_strike.refs import Problem, find_face_up
from judge.games.rangers_strike.state import Mod, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-OPPONENT-RETURNS-POWER"
OP = "opponent_power_to_hand"
NO_STRIKE = "no_strike"
#: a card taken: (its player, its index in the power zone, the instance, bind it as named)
Take = tuple[str, int, str, bool]
Picks = tuple[Take | None, list[Any], list[Problem], str | None]


def choice_at(effect: dict[str, Any]) -> int | None:
    """Where the opponent's choice is: the index of the effect's ``opponent_power_to_hand``
    (what comes before it happens whatever the opponent does), or None."""
    for i, op in enumerate(effect.get("do") or []):
        if isinstance(op, dict) and op.get("op") == OP:
            return i
    return None


def ok(effect: dict[str, Any]) -> bool:
    """Whether an effect with the opponent's choice is one the engine executes: optional (the
    opponent's choice), a unit's, at most an 「SP」 of the unit before it, and after it only the
    unit barred from striking until the end of the turn."""
    ops = effect.get("do") or []
    at = choice_at(effect)
    if at is None or effect.get("optional") is not True or len(ops) != at + 2:
        return False
    before, op, then = ops[:at], ops[at], ops[at + 1]
    return (
        effect.get("when") in ("combination", "on_enter", "on_rush")
        and set(effect) <= {"when", "optional", "do", "text"}
        and op == {"op": OP, "if_done": True}
        and then == {"op": NO_STRIKE, "until": "turn"}
        and all(
            isinstance(o, dict)
            and set(o) == {"op", "value", "until"}
            and o["op"] == "sp"
            and o["until"] == "turn"
            for o in before
        )
        and len(before) <= 1
    )


def sentence(effect: dict[str, Any], ops: list[str]) -> str:
    """What the effect does, in English, from its ops' words (``judge cards show``)."""
    at = choice_at(effect) or 0
    before = "; ".join(ops[:at])
    return (
        (f"{before}; then " if before else "")
        + "the opponent may choose 1 face-up card of its own power zone and return it to its "
        "hand, and if it does: this unit cannot strike until the end of the turn"
    )


def _face_up(eng: RangersStrikeEngine, pid: str) -> tuple[list[str], bool]:
    """The face-up cards of ``pid``'s power zone the engine knows, and whether one is not
    known (observed mode)."""
    ups = [p.card for p in eng.state.players[pid].power if p.face_up]
    return [c for c in ups if c is not None], None in ups


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The card the opponent of ``pid`` returns: ``(take, targets left, problems, doubt)``
    (module docstring); ``take`` None when none is returned or it is not known (the doubt says
    why).  No such op, or ``use: false``: nothing."""
    if choice_at(effect) is None or use is False:
        return None, targets, [], None
    st = eng.state
    players = eng.opponent_players(pid)
    if targets:
        ref, rest = targets[0], targets[1:]
        for q in players:
            found, problems = find_face_up(st, q, [ref])
            if problems:
                continue
            idx, bound = found[0]
            iid = bound if bound is not None else st.players[q].power[idx].card
            assert iid is not None
            return (q, idx, iid, bound is not None), rest, [], None
        whose = " or ".join(f"{q}'s" for q in players)
        said = f"{ref_text(ref)} is not a face-up card of {whose} power zone."
        return None, rest, [(RULE, said)], None
    able = [(q, *_face_up(eng, q)) for q in players]
    able = [(q, known, hidden) for q, known, hidden in able if known or hidden]
    if not able:
        return None, targets, [], None  # no face-up card: nothing can be returned
    if use is None:
        return None, targets, [], "whether the opponent returned a card to its hand is not recorded"
    q, known, hidden = able[0]
    codes = {st.code_of[c] for c in known}
    if len(able) == 1 and not hidden and len(codes) == 1:
        ups = st.players[q].power
        idx = next(i for i, p in enumerate(ups) if p.face_up and p.card == known[0])
        return (q, idx, known[0], False), targets, [], None
    return None, targets, [], "which face-up card the opponent returned to its hand is not recorded"


def first_card(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """The first face-up card an opponent of ``pid`` could return (``legal_actions``)."""
    for q in eng.opponent_players(pid):
        known, _ = _face_up(eng, q)
        if known:
            return known[:1]
    return []


def carry_out(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    take: Take | None,
    doubt: str | None,
    what: str,
) -> bool:
    """The opponent's card (``take``, :func:`picks`) goes from its power zone into its hand;
    whether one did (what "そうしたとき" asks).  Not known: not guessed."""
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"the rest of {what} is not carried out; the log may record the opponent's choice in "
            "the resolve (`use`, and the card in `targets`), or what happened in an `outcome`.",
        )
        return False
    if take is None:
        eng.event(
            "power_to_hand",
            f"The opponent returns no face-up card of its power zone ({what}).",
            card=pe.source,
        )
        eng.ctx.ruling(
            RULE,
            f"{what}: the opponent returns no card to its hand, so the unit is not barred from "
            "striking.",
        )
        return False
    st = eng.state
    q, idx, iid, hidden = take
    ps = st.players[q]
    if hidden:
        bind(st, q, iid)
    ps.power.pop(idx)
    ps.hand.append(iid)
    eng.event(
        "power_to_hand",
        f"{q} returns {eng.name(iid)}, a face-up card of its power zone, to its hand ({what}).",
        player=q,
        card=iid,
    )
    eng.ctx.ruling(
        RULE,
        f"{q}, the opponent, chose to return {eng.name(iid)} from its power zone (face up: no "
        "damage is removed) to its hand: what follows happens.",
    )
    return True


def bar_strike(eng: RangersStrikeEngine, unit: Unit | None, what: str) -> None:
    """The effect's own unit cannot strike until the end of the turn (none when it has left
    its area)."""
    st = eng.state
    if unit is None or st.area_of(unit) is None:
        eng.event("effect", f"The unit has left its area: nothing is barred ({what}).")
        return
    unit.mods.append(Mod(0, "turn", no_strike=True))
    eng.event(
        "no_strike",
        f"{eng.name(unit.card)} cannot strike until the end of the turn ({what}).",
        card=unit.card,
    )
    eng.ctx.ruling(RULE, f"{eng.name(unit.card)} cannot strike this turn.")


def strike_barred(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why ``unit`` cannot strike now, when an effect of this kind barred it, or None."""
    if any(m.no_strike for m in unit.mods):
        return (
            f"{eng.name(unit.card)} cannot strike this turn: the opponent returned a card of its "
            "power zone to its hand for the effect that says so."
        )
    return None
