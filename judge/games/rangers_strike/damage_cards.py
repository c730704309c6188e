"""A face-down power card (a point of damage) taken into the hand, and the deck's top card put
face down in its place (RS-DAMAGE-TO-HAND): "自軍パワーのダメージになっているカードをウラ向きのまま1枚
選び、手札に加えてもよい。そうしたとき、自軍山札の上から1枚ひいて自軍パワーゾーンにウラ向きに置く。".

``{"op": "damage_to_hand", "if_done": true}`` then ``{"op": "top_to_damage"}`` (an optional
effect, nothing else): the player may take one face-down card of its own power zone into its
hand without turning it face up (ウラ向きのまま: the opponent does not see which); only if it did,
the top card of its deck goes face down into its power zone, where it is a point of damage
(RS-DAMAGE), unseen: nobody looks at it (the fan wiki's Q&A on the card, atwiki renst 1207: "「見
る」や「オモテにする」といった類の記述がないからです").  The damage is then what it was; the damage limit
is checked all the same (RS-LOSS-DAMAGE).

Which card: the log names it first in the resolve's ``targets`` (an instance id or a code: a
known face-down card, else, in observed mode, an unseen copy bound to a face-down card nobody
knows).  Not named, the engine takes one only when the face-down cards are all alike to it (all
unknown, or all known copies of one card: which one is then no choice); otherwise the choice is
not guessed.  In tag battle 自軍パワー may be the player's power zone or its team's: a card named
in the ally's zone, or none named while only the ally has damage, is not guessed (the card from
the deck goes into the player's own power zone, as the seed keeps one a player).

From an empty deck nothing can be put: whether taking a card from it then loses as a draw does
(RS-LOSS-DECK) the sources do not say, so the step is unverifiable (as for RS-TOP-TO-COMMAND).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, is_instance, ref_code, ref_text
from judge.games.rangers_strike.refs import Problem
from judge.games.rangers_strike.state import PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-DAMAGE-TO-HAND"
#: a card taken: (its index in the power zone, the instance or None when nobody knows it,
#: whether the instance is bound now)
Take = tuple[int, str | None, bool]
Picks = tuple[Take | None, list[Any], list[Problem], str | None]
#: the effect's ops, exactly
OPS = [{"op": "damage_to_hand", "if_done": True}, {"op": "top_to_damage"}]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``damage_to_hand`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "damage_to_hand":
            return op
    return None


def ok(effect: dict[str, Any]) -> bool:
    """Whether an effect with ``damage_to_hand`` or ``top_to_damage`` is one the engine
    executes: the optional effect of the two, in this order, and nothing else."""
    return effect.get("optional") is True and effect.get("do") == OPS


def _downs(eng: RangersStrikeEngine, pid: str) -> list[int]:
    return [i for i, p in enumerate(eng.state.players[pid].power) if not p.face_up]


def find_face_down(eng: RangersStrikeEngine, pid: str, ref: Any) -> tuple[Take | None, str]:
    """The face-down card of ``pid``'s power zone ``ref`` names: a known one (an instance id, or
    the first of a code), else an unseen copy bound to a face-down card nobody knows; ``(take,
    "")`` or ``(None, why not)``."""
    st = eng.state
    ps = st.players[pid]
    downs = _downs(eng, pid)
    code = ref_code(st, ref)
    if is_instance(st, ref):
        idx = next((i for i in downs if ps.power[i].card == ref), None)
    else:
        idx = next(
            (
                i
                for i in downs
                if ps.power[i].card is not None and st.code_of[ps.power[i].card] == code
            ),
            None,
        )
    if idx is not None:
        return (idx, ps.power[idx].card, False), ""
    slot = next((i for i in downs if ps.power[i].card is None), None)
    pool = ps.unseen.get(code, []) if code in st.defs else []
    want = ref if is_instance(st, ref) else (pool[0] if pool else None)
    if slot is not None and want is not None and want in pool and st.owner_of[want] == pid:
        return (slot, want, True), ""
    return None, f"{ref_text(ref)} is not a face-down card of {pid}'s power zone."


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The face-down card ``damage_to_hand`` takes: ``(take, targets left, problems, doubt)``
    (module docstring); take None when there is none to take.  No such op, or not used:
    nothing."""
    if op_of(effect) is None or use is False:
        return None, targets, [], None
    st = eng.state
    allies = [q for q in eng.allies(pid) if q != pid]
    if targets:
        ref, rest = targets[0], targets[1:]
        take, why = find_face_down(eng, pid, ref)
        if take is not None:
            return take, rest, [], None
        if any(find_face_down(eng, q, ref)[0] is not None for q in allies):
            return None, rest, [], _team_doubt(pid, f"{ref_text(ref)} is in the ally's power zone")
        return None, rest, [("RS-CARD-IN-ZONE", why)], None
    downs = _downs(eng, pid)
    if not downs:
        if any(_downs(eng, q) for q in allies):
            return None, targets, [], _team_doubt(pid, "the ally has damage")
        return None, targets, [], None  # no damage: nothing to take, exactly
    cards = [st.players[pid].power[i].card for i in downs]
    kinds = {None if c is None else st.code_of[c] for c in cards}
    if len(kinds) == 1:
        return (downs[0], cards[0], False), targets, [], None
    return None, targets, [], f"which face-down card {pid} took from its power zone is not recorded"


def _team_doubt(pid: str, said: str) -> str:
    return (
        f"自軍パワー read as {pid}'s own power zone or its team's disagree ({said}): the sources "
        "do not say which"
    )


def first_named(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """The first known face-down card of ``pid``'s power zone (a legal ``resolve``'s targets),
    or none."""
    ps = eng.state.players[pid]
    return [c for i in _downs(eng, pid) if (c := ps.power[i].card) is not None][:1]


def to_hand(
    eng: RangersStrikeEngine, pe: Any, take: Take | None, doubt: str | None, what: str
) -> bool:
    """RS-DAMAGE-TO-HAND: the face-down card chosen goes into its player's hand, unturned;
    whether one did (what "そうしたとき" asks).  A choice not known is not guessed."""
    pid = pe.controller
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"{what} is not carried out; the log may name the card first in the resolve's "
            "targets, or record what happened in an `outcome`.",
        )
        return False
    if take is None:
        return False
    st = eng.state
    ps = st.players[pid]
    idx, iid, bound = take
    if bound and iid is not None:
        bind(st, pid, iid)
    ps.power.pop(idx)
    ps.hand.append(iid)
    said = f"{pid} takes a face-down card of its power zone into its hand, unturned ({what})"
    eng.event(
        "damage_to_hand",
        f"{said}: {eng.name(iid)}; {pid} has {ps.damage} damage." if iid else f"{said}.",
        player=pid,
        card=iid,
        private=pid,
        public_text=f"{said}; {pid} has {ps.damage} damage.",
    )
    eng.ctx.ruling(
        RULE,
        f"A point of {pid}'s damage leaves its power zone for its hand, face down (the opponent "
        "does not see which card).",
    )
    return True


def top_to_damage(eng: RangersStrikeEngine, pe: Any, what: str) -> None:
    """RS-DAMAGE-TO-HAND: the top card of the controller's deck goes face down into its power
    zone, nobody looking at it (a point of damage); then the damage limit is checked.  From an
    empty deck: not known (module docstring)."""
    st = eng.state
    pid = pe.controller
    ps = st.players[pid]
    if not ps.deck:
        why = (
            f"{pid}'s deck is empty: whether taking its top card loses as a draw does is not known"
        )
        eng.ctx.ruling(RULE, f"{why[0].upper()}{why[1:]} (the sources do not say).")
        eng.ctx.cannot_verify(why)
        eng.taint_effect(pe, RULE)
        return
    ps.power.append(PowerCard(ps.deck.pop(0), face_up=False))
    eng.event(
        "to_damage",
        f"{pid} puts the top card of its deck face down into its power zone, unseen ({what}): "
        f"{pid} has {ps.damage} damage.",
        player=pid,
    )
    eng.ctx.ruling(
        RULE,
        f"The top card of {pid}'s deck goes face down into its power zone without anybody looking "
        "at it: a point of damage.",
    )
    if ps.damage >= eng.damage_limit() and eng.can_act(pid):
        eng.reach_limit(pid)
