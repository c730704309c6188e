"""One handler per Z/X action kind: ``check`` judges (changes nothing), ``apply`` carries out.

The setup's handlers are in :mod:`judge.games.zx.setup`, those of the decisions a procedure
waits for in :mod:`judge.games.zx.waits`, the dynamis's in :mod:`judge.games.zx.ex`; here the
phases, the main phase, ``resolve`` and the table of them all.

A skipped ``resolve`` is filled in as in the other games (trigger order, optional effects
not used, no targets; ``unverifiable``, ZX-CHOICE-RECORDED).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import AgendaEngine, Plan
from judge.core.timing import resolve_by_default
from judge.games.zx import effects
from judge.games.zx.activating import apply_activate, check_activate
from judge.games.zx.costs import pay_cost, payment
from judge.games.zx.crisis import apply_crisis, check_crisis
from judge.games.zx.ex import (
    apply_play_ex,
    check_play_ex,
)
from judge.games.zx.geometry import GRID
from judge.games.zx.observed import (
    apply_binds,
    apply_reveal,
    check_reveal,
    hand_card,
)
from judge.games.zx.refs import field_zx, find
from judge.games.zx.resolve import check_idle_resolve
from judge.games.zx.resolving import apply_resolve, check_resolve
from judge.games.zx.setup import (
    apply_first_player,
    apply_mulligan,
    apply_setup,
    check_first_player,
    check_mulligan,
    check_setup,
)
from judge.games.zx.state import Battle, Resource
from judge.games.zx.waits import (
    apply_pick_life,
    apply_play_revealed,
    apply_trash_charge,
    check_pick_life,
    check_play_revealed,
    check_trash_charge,
    fill_forced_trash_charge,
)

if TYPE_CHECKING:
    from judge.core.verdict import StepContext
    from judge.games.zx.engine import ZXEngine

NOT_NOW = "the rules did not wait for it"
#: the decisions the turn player may take in each of its phases (with nothing on the agenda
#: and no effect waiting): :meth:`ZXEngine.decisions`, and this module's :func:`check`
PHASE_DECISIONS = {
    "resource": ("resource", "proceed"),
    "ignition": ("ignite", "proceed"),
    "main": ("play", "play_ex", "attack", "activate", "proceed"),
}
#: the phase a ``proceed`` leads to (from the end of the main phase: the end of the turn)
NEXT_PHASE = {"resource": "ignition", "ignition": "main"}
PHASE_RULES = {
    "resource": "ZX-RESOURCE-PHASE",
    "ignite": "ZX-IGNITION",
    "play": "ZX-PLAY",
    "attack": "ZX-ATTACK",
    "activate": "ZX-ACTIVATE",
    "play_ex": "ZX-EX-PLAY",
    "crisis": "ZX-CRISIS",
}


_new_plan = object.__new__


def check(eng: ZXEngine, action: dict[str, Any], ctx: StepContext | None = None) -> Plan:
    """The handlers' ``check`` (``AgendaEngine.check`` calls it without ``ctx``), and, with
    ``ctx``, the engine's own (:class:`ZXEngine` binds it as its ``check``): then
    ``AgendaEngine.check`` written out, whose call of this one was a second call an action;
    a decision taken already waiting to be recorded (``eng.forced``) goes the core's way
    (tests/games/zx/test_written_out.py replays games both ways)."""
    if ctx is not None:
        if eng.forced:
            return AgendaEngine.check(eng, action, ctx)
        eng.ctx = ctx
    kind, p = action["do"], action["p"]
    # ``Plan(action, kind)``, made without the class's call (one an action).  Why: calling
    # the class runs ``__init__`` through the type's call, which CPython (3.11) does not
    # inline as it does a plain function's call, and the defaults' tests with it; this sets
    # the same fields to the same fresh values (``__slots__``: one it forgot would be an
    # AttributeError when read, never a wrong value; tests/games/zx/test_fast_paths.py
    # compares the two)
    plan = _new_plan(Plan)
    plan.action = action
    plan.kind = kind
    plan.violations = []
    plan.data = {}
    plan.not_applicable = None
    st = eng.state
    # decisions()' answer written out, for the success alone: a kind it lists, by the one
    # player it names (the game not over; concede and outcome listed by none), is checked
    # here as check_by_decisions would check it; anything else goes the whole way
    # (tests/games/zx/test_fast_paths.py compares the two)
    agenda = st.agenda
    if eng.pool.items:
        # an effect waits: [(the pool's chooser, ("resolve",))]
        if kind == "resolve" and st.phase != "over" and p == eng.pool.chooser():
            check_resolve(eng, plan)
            return plan
    elif not agenda:
        # a phase of the turn player's (the game not over: no such phase): most actions
        kinds = PHASE_DECISIONS.get(st.phase)
        if kinds is not None and kind in kinds and p == st.turn_player:
            CHECKS[kind](eng, plan)
            return plan
    elif st.phase != "over":
        # a wait for one player's decision (not the first player's, for either player)
        op, args = agenda[0]
        if op != "wait_first_player" and kind == eng.WAITS.get(op) and p == args["player"]:
            CHECKS[kind](eng, plan)
            return plan
    return check_by_decisions(eng, plan)


def check_by_decisions(eng: ZXEngine, plan: Plan) -> Plan:
    """:func:`check` the whole way: whether the rules wait for the action (decisions()), by
    its player, then its kind's check."""
    kind, p = plan.kind, plan.action["p"]
    st = eng.state
    if st.phase == "over":
        plan.violate("ZX-TURN", f"The game is over ({st.reason}); no decision can follow.")
        plan.cannot_apply(NOT_NOW)
        return plan
    if kind == "concede":
        return plan
    if kind == "outcome":  # a record of what an effect did, not a decision: at no fixed time
        from judge.games.zx.outcome import check_outcome

        check_outcome(eng, plan)
        return plan
    options = eng.decisions()
    whos = []  # (a loop, not a list comprehension's call: once an action)
    for who, kinds in options:
        if kind in kinds:
            whos.append(who)
    if not whos:
        if kind == "resolve" and check_idle_resolve(eng, plan):  # ZX-VOID-BRINGER
            return plan
        need = "; ".join(f"{w or 'a player'}: {', '.join(k)}" for w, k in options) or "nothing"
        rule = PHASE_RULES.get(kind, "ZX-TURN")
        plan.violate(rule, f"`{kind}` is not possible {eng.moment()}; the rules wait for {need}.")
        plan.cannot_apply(NOT_NOW)
        return plan
    if None not in whos and p not in whos:
        rule = "ZX-SIMULTANEOUS" if kind == "resolve" else PHASE_RULES.get(kind, "ZX-TURN")
        plan.violate(
            rule, f"{p} records `{kind}`, but it is {whos[0]}'s decision ({eng.moment()})."
        )
        plan.cannot_apply(NOT_NOW)
        return plan
    CHECKS[kind](eng, plan)
    return plan


def apply(eng: ZXEngine, plan: Plan, ctx: StepContext | None = None) -> None:
    """The handlers' ``apply`` (``AgendaEngine.apply`` calls it without ``ctx``), and, with
    ``ctx``, the engine's own (as :func:`check`): ``AgendaEngine.apply`` written out, the
    record of a decision taken already (and the step that ends such records) going its way."""
    if ctx is not None:
        if eng.forced or "forced" in plan.data:
            AgendaEngine.apply(eng, plan, ctx)
            return
        eng.ctx = ctx
        if ctx.forced:
            eng.state.after_illegal = True
        if "binds" in plan.data:
            apply_binds(eng, plan)
        if eng.idle_effects:
            eng.idle_effects.clear()
        APPLIES[plan.kind](eng, plan)
        # (``advance``'s first pass, written out where nothing waits after the action: most
        # actions.  Then it would only ask ``when_idle``, the rule effects' look, and run on
        # only if that put steps on the agenda: tests/games/zx/test_written_out.py)
        st = eng.state
        if st.agenda or eng.pool.items or st.phase == "over" or eng.when_idle():
            eng.advance()
        return
    if "binds" in plan.data:  # (only then has apply_binds anything to do: most actions)
        apply_binds(eng, plan)
    if eng.idle_effects:  # (mostly none: the test first)
        eng.idle_effects.clear()
    APPLIES[plan.kind](eng, plan)


def fill_missing(eng: ZXEngine, action: dict[str, Any], ctx: StepContext | None = None) -> None:
    """A skipped ``resolve``: the effect resolves by default (ZX-CHOICE-RECORDED); one the
    engine cannot execute, or one whose choices it does not know, leaves what it did unknown
    until an ``outcome`` records it (a taint, as in the other games).  With ``ctx``, the
    engine's own (as :func:`check`): ``AgendaEngine.fill_missing`` written out."""
    if ctx is not None:
        eng.ctx = ctx
        if eng.settle_first:
            eng.settle_first = False
            eng.advance()
    if not eng.pool.items:
        agenda = eng.state.agenda
        if not agenda or agenda[0][0] != "wait_trash_charge":
            # (most actions) the loop below would return at once, changing nothing: every
            # test before its pool test returns, and ``records_forced`` only reads
            return
    kind = action["do"]
    if kind in ("concede", "resolve", "outcome"):  # an outcome belongs to the step before
        return
    for _ in range(64):
        if eng.state.phase == "over" or eng.records_forced(action) is not None:
            return  # (a record of a decision the engine took: nothing was skipped before it)
        agenda = eng.state.agenda
        if agenda and agenda[0][0] == "wait_trash_charge" and kind != "trash_charge":
            if not fill_forced_trash_charge(eng):
                return  # a choice: the action's own check says what waits
            eng.advance()
            continue
        if not eng.pool.items:
            return
        pe = resolve_by_default(eng, "ZX-CHOICE-RECORDED")
        if not effects.supported(pe.effect):
            eng.run_effect(pe, [], None)  # says it cannot be executed: ZX-EFFECT-UNSUPPORTED
        elif not pe.effect.get("optional") and not effects.needs_choice(pe.effect):
            eng.run_effect(pe, [], True)
        else:
            eng.ctx.ruling(
                "ZX-CHOICE-RECORDED",
                f"Without {pe.controller}'s choices {pe.describe()} is not carried out: what it "
                "did is unknown until an outcome records it.",
            )
            eng.taint_effect(pe, "ZX-CHOICE-RECORDED")
        eng.advance()


# -- phases -----------------------------------------------------------------------------------


def check_resource(eng: ZXEngine, plan: Plan) -> None:
    p = plan.action["p"]
    plan.data["card"] = hand_card(eng, plan, p, plan.action["card"], "ZX-RESOURCE-PHASE")


def apply_resource(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid = plan.data["card"]
    st.players[p].hand.remove(iid)
    st.players[p].resources.append(Resource(iid, st.next_serial()))
    ctx = eng.ctx  # (:meth:`event` and ``ctx.ruling``, written out)
    ctx.events.append(
        {
            "player": p,
            "card": iid,
            "type": "resource",
            "text": f"{p} puts {eng._names.get(iid) or eng.name(iid)} into its resources.",
        }
    )
    ctx.rulings.append(
        {
            "rule": "ZX-RESOURCE-PHASE",
            "message": f"{p} puts one hand card into its resources; the resource phase ends.",
        }
    )
    if st.agenda or eng.pool.items:
        eng.push(("phase", {"name": "ignition"}))
    else:  # the step now, not pushed: the runner would run it next, first (ZXEngine.op_rules)
        eng.op_phase("ignition")


def check_ignite(eng: ZXEngine, plan: Plan) -> None:
    p = plan.action["p"]
    iid = find(eng, plan.action["charge"], eng.state.players[p].charge)
    if iid is None:
        plan.violate(
            "ZX-IGNITION",
            f"{plan.action['charge']} is not in {p}'s charge zone: an ignition "
            "costs a card of the charge zone.",
        )
        plan.cannot_apply("the card is not in the charge zone")
    plan.data["card"] = iid


def apply_ignite(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid = plan.data["card"]
    st.players[p].charge.remove(iid)
    st.players[p].trash.append(iid)
    eng.event(
        "ignite_cost",
        f"{p} puts {eng.name(iid)} from the charge zone into the trash to ignite.",
        player=p,
    )
    eng.ctx.ruling(
        "ZX-IGNITION",
        f"{p} ignites: one charge card into the trash, then the deck's top card is revealed; "
        "then the ignition phase goes on: it may ignite again or pass (`proceed`).",
    )
    # CR 505.3a-505.5: the ignition, the priority preprocessing, then back to 505.3 (another
    # charge card or a pass); only a pass ends the phase
    if eng.pool.items:
        eng.push(("ignite_one", {"player": p, "by_ability": False}), ("rules", {}))
    else:  # the ignition now, not pushed: the runner would run it next, first (ZXEngine.op_rules)
        eng.push(("rules", {}))
        eng.op_ignite_one(p, False)


def check_proceed(eng: ZXEngine, plan: Plan) -> None:
    pass


def apply_proceed(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    nxt = NEXT_PHASE.get(st.phase)
    p = plan.action["p"]
    ctx = eng.ctx  # (:meth:`event` and ``ctx.ruling``, written out)
    ctx.events.append({"player": p, "type": "proceed", "text": f"{p} ends the {st.phase} phase."})
    if st.phase == "ignition":
        ctx.rulings.append(
            {
                "rule": "ZX-IGNITION",
                "message": f"{p} passes in the ignition phase: the main phase begins.",
            }
        )
    if st.agenda or eng.pool.items:
        eng.push(("phase", {"name": nxt}) if nxt is not None else ("end_turn", {}))
    elif nxt is not None:  # the step now, not pushed: the runner would run it next, first
        eng.op_phase(nxt)  # (ZXEngine.op_rules)
    else:
        eng.op_end_turn()


# -- main phase -------------------------------------------------------------------------------


def check_play(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid = hand_card(eng, plan, p, plan.action["card"], "ZX-PLAY")
    if iid is None:
        return
    d = st.defs[st.code_of[iid]]  # (``st.card``, written out)
    plan.data["card"] = iid
    if d.type in ("event_ex", "shift", "zx_ob"):
        plan.violate(
            "ZX-DYNAMIS",
            f"{eng.name(iid)} is a dynamis card ({d.type}): it is not played from the hand.",
        )
        plan.cannot_apply("a dynamis card")
        return
    to = plan.action.get("to")
    if d.is_zx:
        if to is None:
            plan.violate("ZX-PLAY-SQUARE", "A Z/X is played to a square: `to` is missing.")
            plan.cannot_apply("no square given")
            return
        why = eng.square_problem(p, to)
        if why is not None:
            plan.violate(
                "ZX-PLAY-SQUARE", f"{eng.name(iid)} cannot be played to square {to}: {why}."
            )
            plan.cannot_apply(why)
    elif to is not None:
        plan.violate("ZX-PLAY", "An event is not played to a square: leave `to` out.")
    pay = payment(eng, plan, p, d.cost, d.color)
    if pay is None:
        plan.cannot_apply("the cost cannot be paid")
    plan.data["pay"] = pay or []


def apply_play(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid = plan.data["card"]
    pay_cost(eng, p, iid, plan.data["pay"])
    st.players[p].hand.remove(iid)
    d = st.defs[st.code_of[iid]]  # (``st.card``, written out)
    if d.is_zx:
        eng.appear(p, iid, plan.action["to"], "played from the hand")
    else:
        play_event(eng, p, iid)
    if st.agenda or eng.pool.items:  # else the agenda's runner runs the rules next (op_rules)
        eng.push(("rules", {}))


def play_event(eng: ZXEngine, p: str, iid: str) -> None:
    eng.event("event", f"{p} plays {eng.name(iid)}.", player=p, card=iid)
    eng.text_unread(p, iid, "is played")
    d = eng.state.card(iid)
    for index, eff in enumerate(d.effects):
        if eff.get("when") == "play" and eng.conditions_hold(p, iid, eff):
            eng.pool.add(p, iid, eff, index, "play")
    eng.push(("event_done", {"player": p, "card": iid}))


def check_attack(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid = field_zx(eng, p, plan.action["card"])
    if iid is None:
        plan.violate("ZX-ATTACK", f"{plan.action['card']} is not {p}'s Z/X on a square.")
        plan.cannot_apply("no such Z/X")
        return
    z = st.on_field[iid]
    sq = z.square
    if z.sleeping:
        plan.violate("ZX-ATTACK", f"{eng.name(iid)} is sleeping: only a rebooted Z/X attacks.")
    target = plan.action["target"]
    opp, opp_square = eng.facing[p]
    if target not in GRID.squares:
        plan.violate("ZX-ATTACK", f"There is no square {target}.")
        plan.cannot_apply("no such square")
        return
    tz = st.squares.get(target)
    if tz is not None and st.controller[target] == opp or tz is None and target == opp_square:
        pass
    else:
        plan.violate(
            "ZX-ATTACK",
            f"Square {target} holds no Z/X of {opp} and is not {opp}'s empty player square.",
        )
    if tz is None and target == opp_square:
        ob = next((x for _, x in st.zx_of(opp) if st.card(x.card).type == "zx_ob"), None)
        if ob is not None:
            plan.violate(
                "ZX-OB-ATTACK",
                f"{opp} controls a Z/X OB on a square ({eng.name(ob.card)}): its empty player "
                "square cannot be chosen as an attack target.",
            )
    reach = st.defs[st.code_of[iid]].range  # (``st.card``, written out)
    dist = GRID.distance(sq, target)
    if dist > reach:
        rule = "ZX-RANGE" if reach > 1 else "ZX-ATTACK"
        plan.violate(
            rule,
            f"{eng.name(iid)} on square {sq} reaches {reach if reach < 99 else '∞'}; square "
            f"{target} is {dist} away.",
        )
    elif dist > 1:
        eng.ctx.ruling(
            "ZX-RANGE", f"Range: {eng.name(iid)} attacks square {target}, {dist} squares away."
        )
    plan.data.update(card=iid, square=sq)


def apply_attack(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    z = st.squares[plan.data["square"]]
    assert z is not None
    z.sleeping = True
    target = plan.action["target"]
    tz = st.squares.get(target)
    opp_square = eng.facing[p][1]
    st.battle = Battle(z, p, target, tz, player=tz is None and target == opp_square)
    eng.ctx.events.append(  # (:meth:`event`, written out)
        {
            "player": p,
            "card": z.card,
            "square": target,
            "type": "attack",
            "text": f"{eng._names.get(z.card) or eng.name(z.card)} sleeps and attacks square "
            f"{target}.",
        }
    )
    fired = len(eng.pool.items)
    eng.fire(z.card, "attack", p)
    if tz is not None:
        eng.fire(tz.card, "attacked", st.controller[target])
    if len(eng.pool.items) > fired:
        eng.ctx.ruling(
            "ZX-ATTACK-TRIGGER",
            "The attacking Z/X has slept: abilities triggered by the attack resolve before the "
            "battle goes on.",
        )
    if st.agenda or eng.pool.items:
        eng.push(("battle", {}))
    else:  # the step now, not pushed: the runner would run it next, first (ZXEngine.op_rules)
        eng.op_battle()


# -- concede, outcome -------------------------------------------------------------------------


def check_concede(eng: ZXEngine, plan: Plan) -> None:
    pass


def check_outcome(eng: ZXEngine, plan: Plan) -> None:
    pass  # judged before the decision check (``check``): an outcome is not a decision


def apply_outcome(eng: ZXEngine, plan: Plan) -> None:
    from judge.games.zx.outcome import apply_outcome as apply

    apply(eng, plan)


def apply_concede(eng: ZXEngine, plan: Plan) -> None:
    p = plan.action["p"]
    winner = eng.state.opponent(p)
    eng.end_game(winner, "concede", "ZX-WIN", f"{p} concedes: {winner} wins.")


CHECKS = {
    "first_player": check_first_player,
    "setup": check_setup,
    "mulligan": check_mulligan,
    "resource": check_resource,
    "ignite": check_ignite,
    "play": check_play,
    "play_ex": check_play_ex,
    "attack": check_attack,
    "activate": check_activate,
    "proceed": check_proceed,
    "pick_life": check_pick_life,
    "play_revealed": check_play_revealed,
    "trash_charge": check_trash_charge,
    "reveal": check_reveal,
    "resolve": check_resolve,
    "concede": check_concede,
    "outcome": check_outcome,
    "crisis": check_crisis,
}
APPLIES = {
    "first_player": apply_first_player,
    "setup": apply_setup,
    "mulligan": apply_mulligan,
    "resource": apply_resource,
    "ignite": apply_ignite,
    "play": apply_play,
    "play_ex": apply_play_ex,
    "attack": apply_attack,
    "activate": apply_activate,
    "proceed": apply_proceed,
    "pick_life": apply_pick_life,
    "play_revealed": apply_play_revealed,
    "trash_charge": apply_trash_charge,
    "reveal": apply_reveal,
    "resolve": apply_resolve,
    "concede": apply_concede,
    "outcome": apply_outcome,
    "crisis": apply_crisis,
}
