"""Conditions on using an ability or a card at all, printed "…場合のみ発動できる" and
"このカードは…場合のみ使用できる".

Unlike ``if`` on an op (``UA-EFFECT-IF``: read as the op is carried out, and it only skips
that op), these decide whether the action may be taken: they are read when it is declared,
and an action taken while one does not hold is illegal.

- ``only_if`` on an ``activate_main`` effect ("[起動メイン]…自分の場外にイベントカードが4枚
  以上ある場合のみ発動できる。…", ``UA-EFFECT-ONLY-IF``): a condition of
  :func:`judge.games.union_arena.conditions.valid`, the same on one line of the field
  (``zone`` ``front_line`` / ``energy_line``), or ``"active"`` ("このキャラがアクティブの場合":
  the ability's own card is active).  When paying the ability's costs would change whether
  it holds (resting or retiring its card, putting event cards from the hand into the
  outside area), no source says whether it is read before or after they are paid: the rule
  option ``only_if_costs`` decides (``UA-EFFECT-ONLY-IF-COSTS``, GAP; "before" by default).
- a continuous op ``{"op": "play_only_if", "if": condition}`` on an event ("このカードは自分の
  場に〈X〉がある場合のみ使用できる。", ``UA-PLAY-ONLY-IF``): the event may be used only if
  the condition holds when its use is declared (the card is still in the hand; paying its AP
  changes nothing a condition reads).  The card list prints this wording ("使用できる") on
  events only; on a character or a field the engine does not know how it applies (to a raid,
  to a play by a trigger), so there it is not checked and the play is unverifiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.games.union_arena import conditions, rested_by, retired_by, this_turn

if TYPE_CHECKING:
    from judge.core.refs import Take
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import Unit

#: the lines a condition may name alone ("自分のフロントLに〈X〉がある")
LINE_ZONES = ("front_line", "energy_line")
#: the rule option of UA-EFFECT-ONLY-IF-COSTS and its default
COSTS_OPTION = "only_if_costs"


def condition_ok(cond: Any) -> bool:
    """A condition the engine reads exactly when an action is declared: one of
    :func:`conditions.valid`, or a card (N cards) in one line of a side's field.  Never a
    count of "at most" cards in a line (no card text asks it)."""
    if isinstance(cond, dict) and cond.get("zone") in LINE_ZONES:
        return "max" not in cond and conditions.valid({**cond, "zone": "field"})
    return conditions.valid(cond)


def activation_ok(cond: Any) -> bool:
    """An activated ability's ``only_if`` the engine checks: :func:`condition_ok`,
    ``"active"`` (its own card is active) or ``"rested_this_turn"`` (its own card went from
    active to rested this turn, :mod:`this_turn`)."""
    return cond in ("active", this_turn.RESTED, rested_by.ONLY_IF) or condition_ok(cond)


def describe(cond: Any) -> str:
    """A condition of these in words, for rulings."""
    if cond == "active":
        return "this card is active"
    if cond == this_turn.RESTED:
        return "this card went from active to rested this turn"
    if cond == rested_by.ONLY_IF:
        return rested_by.describe_only_if()
    return conditions.describe(cond)


def play_conditions(card_effects: tuple[dict[str, Any], ...]) -> list[Any]:
    """The conditions of a card's ``play_only_if`` ops, in order."""
    if not card_effects:  # (no comprehension run for a card without effects)
        return []
    return [
        op.get("if")
        for e in card_effects
        if e.get("when") == "continuous"
        for op in e.get("do") or []
        if isinstance(op, dict) and op.get("op") == "play_only_if"
    ]


def check_play(eng: UnionArenaEngine, plan: Plan, pid: str, iid: str) -> None:
    """``UA-PLAY-ONLY-IF``: a play (or raid) of card ``iid`` from ``pid``'s hand, judged
    against the card's "このカードは…場合のみ使用できる" as the play is declared."""
    st = eng.state
    d = st.defs[st.code_of[iid]]  # (st.card written out)
    if not d.effects:  # (play_conditions is [] then: no call)
        return
    for cond in play_conditions(d.effects):
        if d.type != "event" or not condition_ok(cond):
            eng.ctx.ruling(
                "UA-EFFECT-UNSUPPORTED",
                f"{eng.name(iid)} can be used only if a condition holds that the engine does "
                f"not check on a {d.type} card ({cond!r}): whether it could be used is not "
                "checked.",
            )
            eng.ctx.cannot_verify(f"{eng.name(iid)}'s condition on its use is not checked")
            continue
        what = describe(cond)
        if conditions.holds(eng, pid, cond):
            eng.ctx.ruling(
                "UA-PLAY-ONLY-IF",
                f"{eng.name(iid)} can be used only if {what}: it is so as the use is declared.",
            )
        else:
            plan.violate(
                "UA-PLAY-ONLY-IF",
                f"{eng.name(iid)} can be used only if {what}; as its use is declared, it is not.",
            )


def check_activation(
    eng: UnionArenaEngine,
    plan: Plan,
    pid: str,
    unit: Unit,
    effect: dict[str, Any],
    discards: list[Take],
) -> None:
    """``UA-EFFECT-ONLY-IF``: an activation of ``unit``'s ``effect`` (its cost discarding
    ``discards``), judged against the effect's ``only_if`` as the activation is declared."""
    if "only_if" not in effect:
        return
    cond = effect["only_if"]
    n = plan.action["ability"]
    name = eng.name(unit.top)
    if not activation_ok(cond):
        eng.ctx.ruling(
            "UA-EFFECT-UNSUPPORTED",
            f"{name}'s activated effect {n} can be used only if a condition holds that the "
            f"engine does not read ({cond!r}): whether it could be used is not checked.",
        )
        eng.ctx.cannot_verify(f"{name}'s condition on using its activated effect {n}")
        return
    what = describe(cond)
    cost = effect.get("cost") or {}
    before = _holds(eng, pid, unit, cond)
    after = _holds_after_costs(eng, pid, unit, cond, cost, discards)
    holds = before
    if before != after:
        # UA-EFFECT-ONLY-IF-COSTS (GAP): read before the costs are paid, or after
        at = eng.options.get(COSTS_OPTION, "before")
        holds = before if at == "before" else after
        eng.ctx.ruling(
            "UA-EFFECT-ONLY-IF-COSTS",
            f"Paying the cost of {name}'s activated effect {n} changes whether {what}: the "
            f"condition is read {at} the costs are paid (rule option {COSTS_OPTION}), when it "
            f"is {'so' if holds else 'not so'}.",
        )
    if holds:
        eng.ctx.ruling(
            "UA-EFFECT-ONLY-IF",
            f"{name}'s activated effect {n} can be used only if {what}: it is so.",
        )
    else:
        plan.violate(
            "UA-EFFECT-ONLY-IF",
            f"{name}'s activated effect {n} can be used only if {what}; it is not so.",
        )


def _holds(eng: UnionArenaEngine, pid: str, unit: Unit, cond: Any) -> bool:
    """The condition as the activation is declared, before any cost is paid."""
    if cond == "active":
        return not unit.rested
    if cond == this_turn.RESTED:
        return this_turn.was_rested(eng.state, unit)
    if cond == rested_by.ONLY_IF:  # rested by its player's own effect (rested_by.py)
        return rested_by.unit_holds(eng.state, pid, unit)
    return conditions.holds(eng, pid, cond)


def _holds_after_costs(
    eng: UnionArenaEngine,
    pid: str,
    unit: Unit,
    cond: Any,
    cost: dict[str, Any],
    discards: list[Take],
) -> bool:
    """The condition as it would read once the costs are paid: the card rested
    (``rest_self``) or retired with the cards under it into the outside area
    (``retire_self``), the discarded hand cards in the outside area and out of the hand; AP cards are in no zone
    a condition reads."""
    st = eng.state
    gone = bool(cost.get("retire_self"))
    if cond == "active":
        return not unit.rested and not cost.get("rest_self") and not gone
    if cond == this_turn.RESTED:  # resting it as the cost makes it so, retiring it not
        was = this_turn.was_rested(st, unit) or (not unit.rested and bool(cost.get("rest_self")))
        return was and not gone
    if cond == rested_by.ONLY_IF:  # its cost "[レストにする]" counts under the option
        now = rested_by.unit_holds(st, pid, unit)
        by_cost = (
            not unit.rested
            and bool(cost.get("rest_self"))
            and rested_by.cost_counted(eng)
            and unit in st.players[pid].front_line
        )
        return (now or by_cost) and not gone
    if retired_by.mentions(cond):  # its own card retired as the cost (retired_by.py)
        return retired_by.after_costs(eng, unit.top, cost)
    zone = cond.get("zone", "field")
    if zone == "outside" and cond.get("side", "own") == "own":
        moved = [t.iid for t in discards] + (list(unit.cards) if gone else [])
        cards = [*st.players[pid].outside, *moved]
        return conditions.outside_holds(st, cards, cond)
    if zone == "hand" and cond.get("side", "own") == "own":  # the discarded cards gone
        n = len(st.players[pid].hand) - len(discards)
        return n <= int(cond["max"]) if "max" in cond else n >= int(cond.get("min", 1))
    if zone == this_turn.ZONE:  # its own card retired, its AP paid (this_turn.py)
        counted = eng.options.get(this_turn.AP_COSTS_OPTION, "not_counted") == "counted"
        return this_turn.after_costs(st, pid, cond, unit.top, cost, counted)
    if zone in ("field", *LINE_ZONES):
        return conditions.holds(eng, pid, cond, gone=(unit.top,) if gone else ())
    return conditions.holds(eng, pid, cond)
