"""One handler per Rebirth for you action kind: ``check`` judges, ``apply`` carries out.

``check`` never changes the state; it returns a :class:`~judge.core.engine.Plan` with the
violations found and what it resolved (the setup's handlers: :mod:`judge.games.rebirth.opening`).
``fill_missing`` (:mod:`judge.games.rebirth.skipped`) handles a skipped ``guard``: no guard was
used (``unverifiable`` when the defender could have used one, R4U-CHOICE-RECORDED), and the
other decisions a log may skip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge.core.engine import AgendaEngine, Plan
from judge.core.refs import do_take
from judge.core.wording import plural
from judge.games.rebirth import activate, battle, on_entry, on_set
from judge.games.rebirth.opening import (
    apply_entry_select,
    apply_first_player,
    apply_preset,
    apply_reveal,
    check_entry_select,
    check_first_player,
    check_preset,
    check_reveal,
    partner_from_hand,
)
from judge.games.rebirth.refs import take_from
from judge.games.rebirth.skipped import fill_missing as fill_missing  # (handlers' interface)
from judge.games.rebirth.state import REBIRTH_LIMIT, Slot

if TYPE_CHECKING:
    from judge.core.verdict import StepContext
    from judge.games.rebirth.engine import RebirthEngine

Checker = Callable[["RebirthEngine", Plan], None]
_new = object.__new__
NOT_NOW = "the rules did not wait for it"
#: the decisions the turn player may take in each of its phases (with nothing on the agenda
#: and no effect waiting): :meth:`RebirthEngine.decisions`, and this module's :func:`check`
PHASE_DECISIONS = {
    "energy": ("energy", "partner", "proceed"),
    "main": ("move", "play", "rebirth", "activate", "proceed"),
    "battle": ("attack", "proceed"),
}
#: the agenda's waits for one player's decision (named in the step's ``player``), each
#: answered by one kind (RebirthEngine.WAITS): :meth:`RebirthEngine.decisions`, :func:`check`
PLAYER_WAITS = ("wait_preset", "wait_guard", "wait_cancel", "wait_reveal")
PHASE_RULES = {
    "energy": "R4U-ENERGY-PHASE",
    "partner": "R4U-ENERGY-PHASE",
    "move": "R4U-MOVE",
    "play": "R4U-PLAY",
    "rebirth": "R4U-REBIRTH-PLAY",
    "attack": "R4U-BATTLE",
    "guard": "R4U-BLOCKER",
    "entry_select": "R4U-SETUP-ENTRY",
    "first_player": "R4U-SETUP-FIRST",
    "preset": "R4U-SETUP-PRESET",
    "reveal": "R4U-REVEAL",
    "activate": "R4U-ACTIVATE-TIMING",
    "resolve": "R4U-EFFECT-TARGETS",
}


def check(eng: RebirthEngine, action: dict[str, Any], ctx: StepContext | None = None) -> Plan:
    """The handlers' ``check`` (``AgendaEngine.check`` calls it without ``ctx``), and, with
    ``ctx``, the engine's own (:class:`RebirthEngine` binds it as its ``check``): then
    ``AgendaEngine.check`` written out, whose call of this one was a second call an action;
    a decision taken already waiting to be recorded (``eng.forced``) goes its way."""
    if ctx is not None:
        if eng.forced:
            return AgendaEngine.check(eng, action, ctx)
        eng.ctx = ctx
    kind, p = action["do"], action["p"]
    # Plan(action, kind) written out, as StepContext.new is (the class's call and its
    # defaults' tests, one an action: tests/games/rebirth/test_written_out.py)
    plan = _new(Plan)
    plan.action, plan.kind, plan.violations, plan.data = action, kind, [], {}
    plan.not_applicable = None
    st = eng.state
    phase = st.phase
    agenda = st.agenda
    # decisions()' answer where most actions are taken, written out (as in pending()), for
    # the success alone: a kind it lists, by a player the tests below let decide, is checked
    # here as they would check it (the game not over; concede and outcome listed by none);
    # anything else goes the whole way
    if not eng.pool.items:
        if not agenda:
            # a phase of the turn player's (but main_battle's battle phase: the engine's
            # _turn_kinds): [(turn player, the phase's kinds)]
            kinds = eng._turn_kinds.get(phase)
            if kinds is not None:
                tp = st.turn_player
                if kind in kinds and (tp is None or p == tp):
                    if kind != "proceed":  # (check_proceed finds nothing: not called)
                        CHECKS[kind](eng, plan)
                    return plan
        elif phase != "over":
            op, args = agenda[0]
            if op in PLAYER_WAITS and kind == eng.WAITS[op]:
                # a wait for one player: [(that player, (the kind that answers it,))]
                who = args["player"]
                if who is None or p == who:
                    CHECKS[kind](eng, plan)
                    return plan
    return check_by_decisions(eng, plan)


def check_by_decisions(eng: RebirthEngine, plan: Plan) -> Plan:
    """:func:`check` the whole way: whether the rules wait for the action (decisions()), by
    its player, then its kind's check (tests/games/rebirth/test_fast_paths.py compares the
    two)."""
    kind, p = plan.kind, plan.action["p"]
    st = eng.state
    if st.phase == "over":
        plan.violate("R4U-PHASE", f"The game is over ({st.reason}); no decision can follow.")
        plan.cannot_apply(NOT_NOW)
        return plan
    if kind == "concede":
        return plan
    if kind == "outcome":
        from judge.games.rebirth.outcome import check_outcome

        check_outcome(eng, plan)
        return plan
    options = eng.decisions()
    whos: list[str | None] = []
    for who, kinds in options:  # a plain loop, not a comprehension
        if kind in kinds:
            whos.append(who)
    if not whos:
        need = "; ".join(f"{w or 'either player'}: {', '.join(k)}" for w, k in options)
        rule = PHASE_RULES.get(kind, "R4U-PHASE")
        if kind == "attack" and st.phase == "main" and st.turn == 1:
            rule = "R4U-BATTLE"
        plan.violate(
            rule,
            f"`{kind}` is not possible {eng.moment()}; the rules wait for {need or 'nothing'}.",
        )
        plan.cannot_apply(NOT_NOW)
        return plan
    if None not in whos and p not in whos:
        plan.violate(
            "R4U-PHASE",
            f"{p} records `{kind}`, but it is "
            f"{' or '.join(str(w) for w in whos)}'s decision ({eng.moment()}).",
        )
        plan.cannot_apply(NOT_NOW)
        return plan
    CHECKS[kind](eng, plan)
    return plan


def apply(eng: RebirthEngine, plan: Plan, ctx: StepContext | None = None) -> None:
    """The handlers' ``apply`` (``AgendaEngine.apply`` calls it without ``ctx``), and, with
    ``ctx``, the engine's own (as :func:`check`): ``AgendaEngine.apply`` written out, the
    record of a decision taken already (and the step that ends such records) going its way."""
    if ctx is None:
        APPLIES[plan.kind](eng, plan)
        return
    if eng.forced or "forced" in plan.data:
        AgendaEngine.apply(eng, plan, ctx)
        return
    eng.ctx = ctx
    if ctx.forced:
        eng.state.after_illegal = True
    APPLIES[plan.kind](eng, plan)
    eng.advance()


# -- energy phase -----------------------------------------------------------------------------


def check_energy(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    if st.energy_done:
        plan.violate(
            "R4U-ENERGY-PHASE",
            "A card was put into the energy already this energy phase (at most one).",
        )
    if st.partner_done and eng.options.get("energy_order") == "energy_first":
        plan.violate(
            "R4U-ENERGY-ORDER",
            "The partner card was put first this energy phase; the energy card comes first "
            "(rule option energy_order energy_first).",
        )
    take = take_from(eng, plan, "hand")
    # (st.card and is_partner written out: at every energy)
    if take is not None and st.defs[st.code_of[take.iid]].type == "partner":
        plan.violate(
            "R4U-PARTNER-CARD",
            f"{eng.name(take.iid)} is a partner card: only a "
            "character or a Rebirth card goes face down into the energy.",
        )
    plan.data["take"] = take


def apply_energy(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    st.energy_done = True
    iid = do_take(st, pid, plan.data["take"])
    ps = st.players[pid]
    ps.energy_card_list().append(iid)  # (checked against the area before it grows)
    ps.energy.append(Slot(iid))
    ctx = eng.ctx  # (event and ruling written out, as judge.games.rebirth.engine says)
    ctx.events.append(
        {
            "player": pid,
            "card": iid,
            "private": pid,
            "public_text": f"{pid} puts a card face down into the energy.",
            "type": "energy",
            "text": f"{pid} puts a card face down into the energy.",
        }
    )
    ctx.rulings.append(
        {
            "rule": "R4U-ENERGY-PHASE",
            "message": f"{pid} put one card from the hand face down into the energy.",
        }
    )


def check_partner(eng: RebirthEngine, plan: Plan) -> None:
    if eng.state.partner_done:
        plan.violate(
            "R4U-ENERGY-PHASE",
            "A partner card was put into the partner zone already this energy phase (at most one).",
        )
    plan.data["take"] = partner_from_hand(eng, plan, "R4U-ENERGY-PHASE")


def apply_partner(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    st.partner_done = True
    iid = do_take(st, pid, plan.data["take"])
    st.players[pid].partners.append(Slot(iid))
    ctx = eng.ctx  # (event and ruling written out, as judge.games.rebirth.engine says)
    ctx.events.append(
        {
            "player": pid,
            "card": iid,
            "type": "partner",
            "text": f"{pid} puts {eng._names.get(iid) or eng.name(iid)} face up into the "
            "partner zone.",
        }
    )
    ctx.rulings.append(
        {
            "rule": "R4U-ENERGY-PHASE",
            "message": f"{pid} put one partner card face up into the partner zone.",
        }
    )


# -- main phase ---------------------------------------------------------------------------


def check_pay(eng: RebirthEngine, plan: Plan, cost: int) -> None:
    """R4U-COST: ``pay`` rests standing energy and partner cards, as many as ``cost``."""
    ps = eng.state.players[plan.action["p"]]
    pay = plan.action.get("pay")
    # standing energy counted only up to what the decision can use (exact below that)
    need = cost if pay is None else max(cost, pay.get("energy", 0))
    e = len(ps.standing_energy(need))
    p = 0
    for s in ps.partners:  # len(ps.standing_partners()), without making the list
        if not s.rested:
            p += 1
    if pay is None:
        if e + p < cost:
            plan.violate(
                "R4U-COST",
                f"The cost is {cost}, but {ps.id} has only "
                f"{plural(e + p, 'standing card')} in the energy area.",
            )
            return
        n = min(e, cost)
        plan.data["pay"] = (n, cost - n)
        splits = min(e, cost) - max(0, cost - p) + 1
        plan.data["pay_choice"] = splits > 1
        return
    n, m = pay.get("energy", 0), pay.get("partner", 0)
    if n + m != cost:
        plan.violate("R4U-COST", f"The cost is {cost}; pay rests {plural(n + m, 'card')}.")
    if n > e or m > p:
        plan.violate(
            "R4U-COST",
            f"pay rests {n} energy and {plural(m, 'partner card')}, but {ps.id} has "
            f"{e} standing energy and {plural(p, 'standing partner card')}.",
        )
    plan.data["pay"] = (min(n, e), min(m, p))


def do_pay(eng: RebirthEngine, plan: Plan, cost: int) -> None:
    pid = plan.action["p"]
    ps = eng.state.players[pid]
    n, m = plan.data.get("pay", (0, 0))
    for slot in ps.standing_energy(n):
        slot.rested = True
        if ps.rested_energy is not None:
            ps.rested_energy.append(slot)
    for slot in ps.standing_partners()[:m] if m else ():
        slot.rested = True
    if cost:
        eng.ctx.rulings.append(  # (written out, as judge.games.rebirth.engine says)
            {
                "rule": "R4U-COST",
                "message": f"{pid} pays {cost} by resting {n} energy and "
                f"{plural(m, 'partner card')}.",
            }
        )
    if plan.data.get("pay_choice"):
        eng.ctx.ruling(
            "R4U-CHOICE-RECORDED",
            "The log records no pay: the engine rested "
            "energy first; another split of energy and partners was possible.",
        )
        eng.ctx.cannot_verify(f"missing pay by {pid}")


def _square(eng: RebirthEngine, plan: Plan, rule: str) -> int | None:
    sq = plan.action.get("square")
    if not isinstance(sq, int) or not 1 <= sq <= 3:
        plan.violate(rule, "A member square is numbered 1, 2 or 3.")
        plan.cannot_apply("no such member square")
        return None
    return sq - 1


def check_move(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    ps = st.players[plan.action["p"]]
    idx = _square(eng, plan, "R4U-MOVE")
    if idx is None:
        return
    if ps.members[idx] is not None:
        plan.violate(
            "R4U-REPLACE",
            f"Member square {idx + 1} holds {eng.name(ps.members[idx].card)}"
            ": the entry character moves only to an empty member square.",
        )
    if ps.entry is None:
        plan.violate("R4U-MOVE", "The entry is empty.")
        plan.cannot_apply("the entry is empty")
        return
    if ps.entry in st.no_move:
        plan.violate(
            "R4U-TEXT-NO-MOVE",
            f"{eng.name(ps.entry)} may not be put onto a member square this turn but by an "
            "effect (its spark says so).",
        )
    check_pay(eng, plan, st.card(ps.entry).level)


def apply_move(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    iid = ps.entry
    assert iid is not None
    idx = plan.action["square"] - 1
    do_pay(eng, plan, st.card(iid).level)
    old = ps.members[idx]
    if old is not None:  # applied as played
        eng.to_waiting_room(pid, old.card, "replaced")
    ps.members[idx] = Slot(iid, arrived_turn=st.turn)
    ps.entry, ps.entry_mods = None, []
    eng.arrive(iid)
    eng.event(
        "move",
        f"{pid} moves {eng.name(iid)} from the entry to member square {idx + 1}.",
        player=pid,
        card=iid,
        square=idx + 1,
    )
    eng.ctx.ruling(
        "R4U-MOVE",
        f"{pid} paid {eng.name(iid)}'s level to move it to an empty member "
        "square; the entry is empty, so entry-in follows.",
    )
    eng.push(("settle", {}))


def check_play(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    take = take_from(eng, plan, "hand")
    plan.data["take"] = take
    to = plan.action["to"]
    if to == "member" and _square(eng, plan, "R4U-PLAY") is None:
        return
    if take is None:
        return
    d = st.defs[st.code_of[take.iid]]  # (st.card and is_character written out: every play)
    if d.type != "character":
        rule = "R4U-PARTNER-CARD" if d.is_partner else "R4U-PLAY"
        plan.violate(rule, f"{eng.name(take.iid)} is not a character: only characters are played.")
        plan.cannot_apply("only characters are played")
        return
    check_pay(eng, plan, d.level)


def apply_play(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    iid = do_take(st, pid, plan.data["take"])
    level = st.defs[st.code_of[iid]].level  # (st.card written out: at every play)
    do_pay(eng, plan, level)
    if plan.action["to"] == "entry":
        old = ps.entry
        ps.entry, ps.entry_mods = iid, []
        where = "the entry"
        eng.static_check(iid, "performance")
    else:
        idx = plan.action["square"] - 1
        old = ps.members[idx].card if ps.members[idx] is not None else None
        ps.members[idx] = Slot(iid, arrived_turn=st.turn)
        where = f"member square {idx + 1}"
    eng.arrive(iid)
    named = eng._names.get(iid) or eng.name(iid)  # (these written out, as the engine says)
    ctx = eng.ctx
    ctx.events.append(
        {"player": pid, "card": iid, "type": "play", "text": f"{pid} plays {named} into {where}."}
    )
    ctx.rulings.append(
        {
            "rule": "R4U-PLAY",
            "message": f"{pid} paid {named}'s level ({level}) to play it into {where}.",
        }
    )
    st.agenda.insert(0, ("settle", {}))
    if old is not None:
        eng.to_waiting_room(pid, old, "replaced")
        eng.ctx.ruling(
            "R4U-REPLACE", f"{eng.name(old)} was in {where}: it goes to the waiting room."
        )
    if plan.action["to"] == "entry":
        on_entry.fire(eng, pid, iid, "hand")  # R4U-TEXT-ON-ENTRY
    else:
        on_entry.fire(eng, pid, iid, "hand", "on_member")


def check_rebirth(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    take = take_from(eng, plan, "hand")
    plan.data["take"] = take
    if take is not None and not st.card(take.iid).is_rebirth:
        plan.violate("R4U-REBIRTH-PLAY", f"{eng.name(take.iid)} is not a Rebirth card.")
        plan.cannot_apply("not a Rebirth card")
    if len(st.players[plan.action["p"]].rebirth_area) >= REBIRTH_LIMIT:
        plan.violate("R4U-REBIRTH-AREA", "The Rebirth area holds 8 cards already.")
    if plan.action.get("draw") is False and eng.options.get("rebirth_draw", "must") == "must":
        plan.violate(
            "R4U-REBIRTH-DRAW",
            "The draw after placing a Rebirth card is not the player's choice (rule option "
            'rebirth_draw must: "然后抽一张卡"): `draw` false is not possible.',
        )


def apply_rebirth(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    iid = do_take(st, pid, plan.data["take"])
    st.players[pid].rebirth_area.append(iid)
    eng.arrive(iid)
    eng.event("rebirth", f"{pid} puts {eng.name(iid)} into the Rebirth area.", player=pid, card=iid)
    eng.ctx.ruling(
        "R4U-REBIRTH-PLAY", f"{pid} put a Rebirth card from the hand into the Rebirth area."
    )
    eng.static_check(iid, "rebirth_area")
    on_set.fire(eng, pid, iid, by_entry_in=False)
    may = eng.options.get("rebirth_draw", "must") == "may"
    draw = plan.action.get("draw")
    if draw is False:  # the player's choice under "may"; as played under "must" (illegal)
        eng.ctx.ruling(
            "R4U-REBIRTH-DRAW",
            f"{pid} does not draw after placing the Rebirth card"
            + (" (rule option rebirth_draw may)." if may else " (applied as recorded)."),
        )
        return
    if may and draw is None:
        eng.ctx.ruling(
            "R4U-CHOICE-RECORDED",
            f"Under the rule option rebirth_draw may, {pid} chooses whether to draw after "
            "placing the Rebirth card; the log does not say: the engine assumes it drew.",
        )
        eng.ctx.cannot_verify(f"missing `draw` of a rebirth by {pid}")
    else:
        eng.ctx.ruling(
            "R4U-REBIRTH-DRAW",
            f"{pid} draws 1 card for the Rebirth card placed (rule option rebirth_draw "
            f"{'may' if may else 'must'}).",
        )
    eng.draw_cards(pid, 1, " (Rebirth card)")


# -- the rest ---------------------------------------------------------------------------


def check_proceed(eng: RebirthEngine, plan: Plan) -> None:
    pass


def apply_proceed(eng: RebirthEngine, plan: Plan) -> None:
    phase = eng.state.phase
    pid = plan.action["p"]
    eng.ctx.events.append(  # (written out, as judge.games.rebirth.engine says)
        {"player": pid, "phase": phase, "type": "proceed", "text": f"{pid} ends the {phase} phase."}
    )
    eng.after_phase(phase)


def check_concede(eng: RebirthEngine, plan: Plan) -> None:
    pass


def apply_concede(eng: RebirthEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    winner = eng.state.opponent(pid)
    eng.end_game(winner, "concede", "R4U-CONCEDE", f"{pid} concedes: {winner} wins.")


def _outcome_check(eng: RebirthEngine, plan: Plan) -> None:
    from judge.games.rebirth.outcome import check_outcome

    check_outcome(eng, plan)


def _outcome_apply(eng: RebirthEngine, plan: Plan) -> None:
    from judge.games.rebirth.outcome import apply_outcome

    apply_outcome(eng, plan)


CHECKS: dict[str, Checker] = {
    "entry_select": check_entry_select,
    "first_player": check_first_player,
    "preset": check_preset,
    "reveal": check_reveal,
    "energy": check_energy,
    "partner": check_partner,
    "move": check_move,
    "play": check_play,
    "rebirth": check_rebirth,
    "attack": battle.check_attack,
    "guard": battle.check_guard,
    "proceed": check_proceed,
    "concede": check_concede,
    "outcome": _outcome_check,
    "activate": activate.check_activate,
    "resolve": activate.check_resolve,
}
APPLIES: dict[str, Checker] = {
    "entry_select": apply_entry_select,
    "first_player": apply_first_player,
    "preset": apply_preset,
    "reveal": apply_reveal,
    "energy": apply_energy,
    "partner": apply_partner,
    "move": apply_move,
    "play": apply_play,
    "rebirth": apply_rebirth,
    "attack": battle.apply_attack,
    "guard": battle.apply_guard,
    "proceed": apply_proceed,
    "concede": apply_concede,
    "outcome": _outcome_apply,
    "activate": activate.apply_activate,
    "resolve": activate.apply_resolve,
}
