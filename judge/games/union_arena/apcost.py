"""The AP a card costs now: its printed AP cost, less what its own continuous ``reduce_ap``
effects take off while it is in its owner's hand (``UA-EFFECT-AP-LESS``).

"自分のフロントLに〈X〉がある場合、手札にあるこのカードの消費APを-1する。" is read as the
continuous op ``{"op": "reduce_ap", "n": 1, "if": condition}``: while the card is in its
owner's hand and the condition holds (any of :func:`judge.games.union_arena.only_if.condition_ok`:
a card on the field, in one line of it, a life, hand or outside-area count), the card costs
``n`` AP less, never below 0 (no source lowers a cost below nothing, and paying less than
no AP is not a thing: the seed's AP cost is a number of AP cards rested).

Why a module of its own: the cost is read in several places (a play, a raid, a choice of
"消費APがN" from the hand, the green COLOR trigger) and, like required energy
(:func:`judge.games.union_arena.conditions.required_energy`), all of them must read the same
number.  The AP is paid at step 2 of a play (seed, "主要階段": energy checked, AP paid, then the
card enters), while the card is still in the hand: the condition is read on the field as the
play is declared.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from judge.games.union_arena import conditions, nextap, only_if

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


def reduction_ok(op: Any) -> bool:
    """A ``reduce_ap`` op the engine counts exactly: a whole ``n`` of 1 or more and one
    condition the engine reads when a play is declared (written by hand otherwise: it is
    counted as absent, and rendered as not counted)."""
    return (
        isinstance(op, dict)
        and set(op) == {"op", "n", "if"}
        and op.get("op") == "reduce_ap"
        and isinstance(op.get("n"), int)
        and not isinstance(op.get("n"), bool)
        and op["n"] >= 1
        and only_if.condition_ok(op.get("if"))
    )


def reductions(card_effects: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """A card's own continuous ``reduce_ap`` ops the engine counts, in order."""
    if not card_effects:  # (no comprehension run for a card without effects)
        return []
    return [
        op
        for e in card_effects
        if e.get("when") == "continuous"
        for op in e.get("do") or []
        if reduction_ok(op)
    ]


def ap_cost(
    eng: UnionArenaEngine, iid: str, in_hand: bool | None = None, gone: Collection[str] = ()
) -> int:
    """The AP card ``iid`` costs now: its printed cost less its ``reduce_ap`` effects whose
    condition holds, while it is in its owner's hand (``in_hand``: as
    :func:`conditions.required_energy` takes it); never below 0.  ``gone``: cards whose
    units are taken as off the field (a full line's removal, to tell whether it matters)."""
    st = eng.state
    d = st.defs[st.code_of[iid]]  # (st.card written out)
    owner = st.owner_of[iid]
    if not (iid in st.players[owner].hand if in_hand is None else in_hand):
        return d.ap
    if not d.effects:  # no reduce_ap of its own: nothing taken off (no generator made)
        return max(0, d.ap)
    less = sum(
        int(op["n"])
        for op in reductions(d.effects)
        if conditions.holds(eng, owner, op["if"], gone=gone, source=iid)
    )
    return max(0, d.ap - less)


def play_cost(eng: UnionArenaEngine, iid: str, gone: Collection[str] = ()) -> tuple[int, list[int]]:
    """The AP a play (or raid) of ``iid`` from the hand costs, as it is declared, with the
    rulings that say why it is less than printed, and the indexes of its player's pending
    "次に手札から使用する…" reductions the use takes up (``UA-EFFECT-AP-LESS-NEXT``,
    :mod:`judge.games.union_arena.nextap`: they come off after the card's own).  ``gone``:
    the cards a full line puts into the removal area as the card enters; when that changes
    the cost, no source says whether they leave before or after the AP is paid ("登場之際…
    登場之前"), so the lower cost is taken (no play is called illegal on a reading that may
    be wrong) and the step is unverifiable."""
    ap = _own_cost(eng, iid, gone)
    used = nextap.for_play(eng, iid, ap)
    if not used:
        return ap, []
    pending = eng.state.players[eng.state.owner_of[iid]].ap_less_next
    less = sum(int(pending[i]["n"]) for i in used)
    eng.ctx.ruling(
        nextap.RULE,
        f"{eng.name(iid)} is the next matching card used from the hand this turn: "
        + ", ".join(
            f"{eng.name(pending[i]['source'])}'s effect takes off {pending[i]['n']} AP"
            for i in used
        )
        + f"; it costs {max(0, ap - less)} AP (never below 0).",
    )
    return max(0, ap - less), used


def _own_cost(eng: UnionArenaEngine, iid: str, gone: Collection[str] = ()) -> int:
    """The card's printed AP cost less its own reductions in the hand (``UA-EFFECT-AP-LESS``)."""
    st = eng.state
    d = st.defs[st.code_of[iid]]  # (st.card written out)
    ap = ap_cost(eng, iid, in_hand=True)
    if gone and ap_cost(eng, iid, in_hand=True, gone=gone) != ap:
        low = min(ap, ap_cost(eng, iid, in_hand=True, gone=gone))
        eng.ctx.ruling(
            "UA-EFFECT-AP-LESS",
            f"{eng.name(iid)}'s AP cost depends on whether the cards put into the removal area "
            f"to make room leave before its AP is paid: taken as {low} AP.",
        )
        eng.ctx.cannot_verify(f"{eng.name(iid)}'s AP cost (the removal area and its AP cost)")
        return low
    if ap < d.ap:
        why = " and ".join(
            only_if.describe(op["if"])
            for op in reductions(d.effects)
            if conditions.holds(eng, eng.state.owner_of[iid], op["if"], source=iid)
        )
        eng.ctx.ruling(
            "UA-EFFECT-AP-LESS",
            f"{eng.name(iid)} costs {ap} AP, not its printed {d.ap}: it is in the hand and {why}.",
        )
    return ap
