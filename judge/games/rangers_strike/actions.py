"""One handler per Rangers Strike action kind: ``check`` judges, ``apply`` carries out.

``check`` never changes the state; it returns a :class:`~judge.core.engine.Plan` with the
violations found and what it resolved (instances, the command to hold, targets) for
``apply``.  When the runner applies an illegal action as played (``on_illegal=apply``),
``apply`` does what is physically possible.

This module is the entry point the engine calls (``check``, ``apply``, ``fill_missing``) and
the dispatch tables ``CHECKS`` / ``APPLIES``; the handlers live by the part of the turn they
belong to: :mod:`~judge.games.rangers_strike.turn_start` (setup, start and charge phases),
:mod:`~judge.games.rangers_strike.rush_phase` (rush, use),
:mod:`~judge.games.rangers_strike.ride` (board, ride_off),
:mod:`~judge.games.rangers_strike.battle` (enter, attack, strike) and
:mod:`~judge.games.rangers_strike.damage` (taking and assigning damage), with what they share
in :mod:`~judge.games.rangers_strike.handling`.  Resolving a pending effect, passing a phase
and conceding stay here.

``fill_missing`` handles what the log may leave out before an action:

- counters are recorded only when used (``RS-COUNTER``): an attack or strike that a defending
  player could answer resolves at once, and when the next action is that player's counter the
  engine first goes back to before the resolution (``RangersStrikeEngine.restore_window``);
  any other next action means no counter was used (verifiable);
- a skipped ``take_damage``: the first face-up power cards, in zone order, are turned face
  down; ``unverifiable`` unless the damage turns every face-up card (only one choice);
- a skipped ``assign_damage`` (tag battle): the leader takes it (the supporter when the
  leader cannot); ``unverifiable`` unless only one player could take it;
- a skipped ``resolve``: as in Union Arena — trigger order, optional effects not used, no
  targets; ``unverifiable`` (``RS-CHOICE-RECORDED``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.timing import apply_resolve, check_order, choose_pending, resolve_by_default
from judge.core.verdict import StepContext
from judge.core.wording import noun_for
from judge.games.rangers_strike import (
    activated,
    area_rules,
    as_own,
    attack_again,
    attack_chosen,
    bp_lowest,
    bp_pair,
    command_discard,
    damage_cards,
    deck_search,
    destroy_within,
    discard_bp_cross,
    discard_namesake,
    effects,
    either_pile,
    from_discard,
    gather_named,
    hand_cycle,
    held_number,
    held_return,
    modes,
    morph,
    opponent_power,
    opponent_search,
    own_cards,
    own_commands,
    power_moves,
    release,
    release_count,
    resist,
    resist_damage,
    restrictions,
    reveal_return,
    self_cost,
    stacking,
    strike_damage,
    tag_activated,
    tag_resident,
    top_fortune,
    top_look,
    top_three,
    watch,
    zone_moves,
)
from judge.games.rangers_strike.battle import (
    apply_attack,
    apply_enter,
    apply_strike,
    check_attack,
    check_enter,
    check_strike,
)
from judge.games.rangers_strike.damage import (
    _assign,
    apply_assign_damage,
    apply_take_damage,
    check_assign_damage,
    check_take_damage,
)
from judge.games.rangers_strike.handling import PHASE_DECISIONS, _head, _path
from judge.games.rangers_strike.outcome import apply_outcome, check_outcome
from judge.games.rangers_strike.refs import ref_code
from judge.games.rangers_strike.resolve import condition_holds, cost_commands, match_targets
from judge.games.rangers_strike.ride import (
    apply_board,
    apply_ride_off,
    check_board,
    check_ride_off,
)
from judge.games.rangers_strike.rush_phase import _meets as _meets  # legal.py imports it here
from judge.games.rangers_strike.rush_phase import (
    apply_rush,
    apply_use,
    check_rush,
    check_use,
)
from judge.games.rangers_strike.turn_start import (
    apply_charge,
    apply_extra_draw,
    apply_first_player,
    check_charge,
    check_extra_draw,
    check_first_player,
)

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


Checker = Callable[["RangersStrikeEngine", Plan], None]

#: Why a decision the rules do not wait for now cannot be applied as played
#: (``on_illegal=apply``): it changes nothing (:meth:`~judge.core.engine.Plan.cannot_apply`).
NOT_NOW = "the rules did not wait for it"


# -- the entry points ---------------------------------------------------------------------------


def check(eng: RangersStrikeEngine, action: dict[str, Any], ctx: StepContext | None = None) -> Plan:
    """Judge ``action``.  Also the engine's ``check`` (``ctx``: the step being judged), with
    AgendaEngine's written out first (one call an action fewer): a record of a decision the
    engine took already is judged by :mod:`judge.core.forced`."""
    if ctx is not None:
        eng.ctx = ctx
        if eng.forced:  # (records_forced's first test, written out: one call an action)
            k = eng.records_forced(action)
            if k is not None:
                from judge.core import forced

                return forced.check(eng, action, k)
    kind, p = action["do"], action["p"]
    plan = Plan(action, kind)
    st = eng.state
    if st.phase == "over":
        plan.violate("RS-PHASE", f"The game is over ({st.reason}); no decision can follow.")
        plan.cannot_apply(NOT_NOW)
        return plan
    if kind == "concede":
        return plan
    if kind == "outcome":  # a record of what an effect did, not a decision: at no fixed time
        check_outcome(eng, plan)
        return plan
    if eng.pool.items or st.agenda or st.extra_open:
        whos: list[str | None] = []
        for who, kinds in eng.decisions():  # (a loop, not a list comprehension)
            if kind in kinds:
                whos.append(who)
    else:  # (decisions written out for the most actions: nothing waits, no extra draw open)
        kinds = PHASE_DECISIONS.get(st.phase)
        if kinds is None or kind not in kinds:
            whos = []
        elif p == st.turn_player:  # (the turn player's decision: judged at once, no list)
            # (check_proceed's first test written out: it judges only the battle phase's)
            if kind != "proceed" or st.phase == "battle":
                CHECKS[kind](eng, plan)
            return plan
        else:
            whos = [st.turn_player]
    if not whos:
        _out_of_phase(eng, plan, eng.decisions())
        plan.cannot_apply(NOT_NOW)
        return plan
    if None not in whos and p not in whos:
        plan.cannot_apply(NOT_NOW)
        if not eng.can_act(p) and kind not in ("take_damage", "assign_damage", "resolve"):
            plan.violate("RST-OUT", f"{p} can no longer continue play: it cannot record `{kind}`.")
        elif kind == "resolve":
            plan.violate("RS-SIMULTANEOUS", _resolve_by_wrong_player(eng, p, whos[0]))
        elif kind == "assign_damage":
            plan.violate(
                "RST-STRIKE-ASSIGN",
                f"{p} records `assign_damage`, but the damaged team ({' or '.join(map(str, whos))}) "
                "chooses who takes strike damage, not the striker.",
            )
        else:
            plan.violate(
                "RS-PHASE",
                f"{p} records `{kind}`, but it is {' or '.join(str(w) for w in whos)}'s "
                f"decision ({eng.moment()}).",
            )
        return plan
    CHECKS[kind](eng, plan)
    return plan


def _out_of_phase(
    eng: RangersStrikeEngine, plan: Plan, options: list[tuple[str | None, tuple[str, ...]]]
) -> None:
    st = eng.state
    kind, p = plan.kind, plan.action["p"]
    if kind == "extra_draw" and p in st.extra_closed:
        later = st.extra_closed[p]
        plan.violate(
            "RST-PHASES",
            f"{p}'s extra draw belongs to {p}'s own start phase, which comes before {later}'s "
            f"start phase; {later}'s extra draw is recorded already, so {p}'s start phase is "
            "over.",
        )
        return
    if kind == "extra_draw":
        plan.violate(
            "RS-START-EXTRA-DRAW",
            f"The extra draw belongs to {p}'s start phase: it can only come before any other "
            "decision of the turn, once.",
        )
        return
    if kind == "use":
        code = ref_code(st, plan.action["card"])
        d = st.defs.get(code)
        if d is not None and d.operation == "counter":
            plan.violate(
                "RS-COUNTER",
                f"{code} is a counter: it is used only right after an opposing "
                f"{'attack on your unit' if d.timing == 'attacked' else 'strike'} ({eng.moment()}).",
            )
            return
    if p in st.players and not eng.can_act(p):
        plan.violate("RST-OUT", f"{p} can no longer continue play: it cannot record `{kind}`.")
        return
    need = "; ".join(f"{w or 'a player'}: {', '.join(k)}" for w, k in options) or "nothing"
    rule = PHASE_RULES.get(kind, "RS-PHASE") if st.phase not in ("setup", "over") else "RS-PHASE"
    plan.violate(rule, f"`{kind}` is not possible {eng.moment()}; the rules wait for {need}.")


def _resolve_by_wrong_player(eng: RangersStrikeEngine, p: str, chooser: str | None) -> str:
    """Why ``p`` may not record this ``resolve`` (RS-SIMULTANEOUS): while two or more effects
    wait, the turn player picks the next one; a single waiting effect is its controller's."""
    items = eng.pool.items
    if len(items) > 1:
        return (
            f"{p} records `resolve`, but {len(items)} effects are waiting together: {chooser}, "
            "the turn player, decides which resolves next, both players' effects alike; the "
            "targets and use of the effect it picks are its controller's choices, recorded on "
            f"{chooser}'s `resolve`."
        )
    return (
        f"{p} records `resolve`, but only {items[0].describe()} is waiting: there is no order "
        f"to decide, and {chooser}, who controls it, resolves it."
    )


#: The rule that says in which phase a kind of decision is made.
PHASE_RULES = {
    "charge": "RS-CHARGE",
    "rush": "RS-RUSH",
    "use": "RS-RUSH",
    "activate": "RS-RUSH",
    "board": "RS-RUSH",
    "enter": "RS-BATTLE",
    "ride_off": "RS-BATTLE",
    "attack": "RS-BATTLE",
    "strike": "RS-BATTLE",
}


def apply(eng: RangersStrikeEngine, plan: Plan) -> None:
    kind = plan.kind
    if kind not in ("concede", "extra_draw", "outcome"):
        st = eng.state
        if st.extra_open:  # (mostly empty: no call to clear them)
            st.extra_open.clear()
        if st.extra_closed:
            st.extra_closed.clear()
    APPLIES[kind](eng, plan)


# -- pending effects -------------------------------------------------------------------------------


def check_resolve(eng: RangersStrikeEngine, plan: Plan) -> None:
    cands = eng.pool.candidates()
    pe = choose_pending(eng, plan, cands, "RS-SIMULTANEOUS")
    if pe is None:
        return
    # RS-REVEALED-NUMBER: use records the opponent's choice; the card revealed is named either way
    revealing = top_fortune.op_of(pe.effect) is not None
    if plan.action.get("use") is False and plan.action.get("targets") and not revealing:
        # not used, the effect chooses nothing: its targets are not dropped, the record is wrong
        plan.violate(
            "RS-EFFECT-TARGETS",
            f"{pe.describe()} is not used (`use: false`): an effect not used takes no targets.",
        )
    elif (plan.action.get("use") is not False or revealing) and eng.supports(pe.effect):
        for rule, msg in _target_problems(eng, plan, pe):
            plan.violate(rule, msg)
    check_order(eng, plan, pe, cands, "RS-SIMULTANEOUS")
    p = plan.action["p"]
    if p != pe.controller and not plan.violations:
        eng.ctx.ruling(
            "RS-SIMULTANEOUS",
            f"{p}, the turn player, chose that {pe.describe()} resolves now; it is "
            f"{pe.controller}'s effect, so its targets and use, recorded on {p}'s `resolve`, are "
            f"{pe.controller}'s choices.",
        )


def _target_problems(eng: RangersStrikeEngine, plan: Plan, pe: Any) -> list[tuple[str, str]]:
    """What is wrong with a resolve's ``targets`` (and ``use``) for the effect ``pe``."""
    targets = list(plan.action.get("targets", []))
    effect, use = pe.effect, plan.action.get("use")
    if morph.is_effect(effect):  # RS-MORPH: the card the unit is replaced with
        return morph.picks(eng, pe, targets, use)[2]
    if "if" in effect and condition_holds(eng, pe) is not True:
        return []  # the condition does not hold (or is not known): the effect chooses nothing
    if effect.get("when") in (tag_resident.WHEN, tag_activated.WHEN):  # RS-TAG: its own targets
        return tag_resident.problems(eng, pe, targets, use)
    if effect.get("when") == "turn_end" and watch.bp_doubt(eng, pe) is not None:
        return []  # RS-BP-AT-MOST-THIS: which units fit is not known (not guessed, when run)
    if modes.listed(effect) is not None:  # RS-CHOOSE-ONE: the choice first, then its targets
        if use is not None:
            return [
                (
                    modes.RULE,
                    f"{pe.describe()} is a choice of one effect: whether an optional effect "
                    "chosen is used goes in its `modes` record, not in the resolve's `use`.",
                )
            ]
        sub, use, targets, problem, _ = modes.pick(effect, targets)
        if sub is None:
            return [problem] if problem else []  # not recorded: unverifiable, when run
        effect = sub
        if use is False:
            return (
                []
                if not targets
                else [
                    (
                        "RS-EFFECT-TARGETS",
                        f"The effect chosen of {pe.describe()} is not used (`use: false` in its "
                        "record): an effect not used takes no targets.",
                    )
                ]
            )
    if attack_chosen.is_effect(effect):  # RS-ATTACK-CHOSEN: the chooser by the damage now
        if attack_chosen.tag_doubt(eng, pe.controller) is not None:
            return []  # tag battle: not judged
        effect = attack_chosen.bound(eng, pe.controller, effect)
    # RS-HOLD-OWN-COMMANDS, RS-COMMANDS-TO-HAND: the commands first, and what they count, bound
    own, targets, problems, _ = own_commands.named(eng, pe.controller, effect, targets, use)
    effect = own_commands.bound(effect, None if own is None else len(own))
    if not problems:  # RS-RELEASE-TIMES: the held cards released first, and their number
        times, targets, problems, _ = release_count.named(eng, pe.controller, effect, targets, use)
        effect = release_count.bound(effect, None if times is None else len(times))
    if not problems:  # RS-CARDS-POWER-SUM: the cards chosen first, and the number they make
        picked, targets, problems, _ = own_cards.named(eng, pe.controller, effect, targets, use)
        effect = own_cards.bound(eng, effect, picked)
    if not problems:  # RS-DISCARD-NAMESAKE: the card of an opposing discard pile, its name bound
        card, targets, problems, _ = discard_namesake.named(
            eng, pe.controller, effect, targets, use
        )
        effect = discard_namesake.bound(effect, card, eng)
    if not problems:  # RS-REVEAL-EITHER-DECK: the deck and its top cards
        _, targets, problems, _ = top_three.named(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-BP-PAIR-TO-COMMAND: the two units of one BP
        _, targets, problems, _ = bp_pair.named(eng, pe.controller, effect, targets, use)
    # RS-COMMAND-COST: the commands the cost holds come first, when the log names them
    if not problems:
        held, targets, problems, doubt = cost_commands(eng, pe.controller, effect, targets)
        if not problems and held is not None and held_number.op_at(effect) is not None:
            effect = held_number.judged(eng, pe.controller, effect, held, doubt)  # RS-HELD-NUMBER
            if effect is None:
                return []  # the number, or which units have it, not known: not judged
    if not problems:  # RS-FROM-DISCARD: the cards of the discard pile, next
        _, targets, problems, _ = from_discard.picks(eng, pe.controller, effect, targets)
    if not problems:  # RS-EITHER-PILE: the card of the hand or the discard pile
        _, targets, problems, _ = either_pile.pick(eng, pe.controller, effect, targets)
    if not problems:  # RS-SEARCH-DECK: the cards of the deck searched
        taken, targets, problems, _ = deck_search.picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-SEARCH-TO-COMMAND: the command discarded first, when the zone is full
        _, targets, problems, _ = activated.command_pick(
            eng, pe.controller, effect, targets, bool(taken)
        )
    if not problems:  # RS-OPPONENT-SEARCH: the opponent's card from its own deck
        _, targets, problems, _ = opponent_search.picks(eng, pe.controller, effect, targets)
    if not problems:  # RS-DISCARD-BP-CROSS: the card of the discard pile chosen
        _, targets, problems, _ = discard_bp_cross.picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-ATTACK-AGAIN: the opposing command held
        _, targets, problems, _ = attack_again.named(eng, pe.controller, effect, targets)
    if not problems:  # RS-SELF-COST-TO-COMMAND: the opposing command discarded first
        _, targets, problems, _ = self_cost.named(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-BP-LOWEST: the unit with the lowest BP destroyed
        _, targets, problems, _ = bp_lowest.named(eng, pe.controller, effect, targets, pe.source)
    if not problems:  # RS-RESIST-TO-DAMAGE: the unit or command with resist
        _, targets, problems, _ = resist_damage.named(eng, pe.controller, effect, targets)
    if not problems:  # RS-TURN-END-HELD-TO-HAND: the held command returned
        _, targets, problems, _ = held_return.named(eng, pe.controller, effect, targets)
    if not problems:  # RS-DISCARD-HELD-COMMAND: the held commands, before the top card
        _, targets, problems, _ = command_discard.named(eng, pe.controller, effect, targets)
    if not problems:  # RS-TOP-TO-COMMAND: the deck's top card, when the log names it
        top, targets, problems, _ = zone_moves.top_named(eng, pe.controller, effect, targets)
        if use is not False:  # RS-REVEAL-RETURN-TO-HAND: no unit when the card does not fit
            effect = reveal_return.bound(eng, effect, top)
    if not problems:  # RS-RESIDENT-TO-DECK: the resident operation chosen
        _, targets, problems, _ = zone_moves.resident_named(eng, pe.controller, effect, targets)
    released: list[Any] | None = None
    if not problems:  # RS-RELEASE-COMMAND: the held commands released
        released, targets, problems, _ = release.commands_named(eng, pe.controller, effect, targets)
    if not problems:  # RS-POWER-TO-HAND: the card taken from the power zone
        _, targets, problems, _ = power_moves.picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-OPPONENT-RETURNS-POWER: the card the opponent returned
        _, targets, problems, _ = opponent_power.picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-OPPONENT-PICKS-DISCARD: the card the opponent chose
        _, targets, problems, _ = strike_damage.picks(eng, pe.controller, effect, targets)
    if not problems:  # RS-STACK-STRIKE: the card taken from the discard pile
        _, targets, problems, _ = stacking.picks(eng, pe.controller, effect, targets)
    if not problems:  # RS-POWER-TO-RUSH: the card rushed from the power zone
        _, targets, problems, _ = power_moves.rush_picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-POWER-TO-RUSH-AREA: the card put, if a command was released
        _, targets, problems, _ = power_moves.put_picks(
            eng, pe.controller, effect, targets, released == []
        )
    if not problems:  # RS-HOLD-NAMED-COMMAND: the card of the command zone held
        _, targets, problems, _ = as_own.picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-DAMAGE-TO-HAND: the face-down power card taken
        _, targets, problems, _ = damage_cards.picks(eng, pe.controller, effect, targets, use)
    if not problems and effect.get("when") == top_look.WHEN:  # RS-LOOK-TOP-CATEGORY
        _, _, problems, _ = top_look.picks(eng, pe.controller, effect, targets)
        targets = []  # the card looked at and the choice: all its targets
    if not problems:  # RS-RUSHED-HAND-CYCLE: the cards of the hand, in order
        _, targets, problems, _ = hand_cycle.picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-DESTROY-BP-TOTAL: the opposing units chosen within the total
        _, targets, problems, _ = destroy_within.picks(eng, pe.controller, effect, targets, use)
    if not problems:  # RS-GATHER-NAMED: the cards of the power and command zones brought
        _, targets, problems, _ = gather_named.picks(eng, pe.controller, effect, targets, use)
    if not problems:
        _, problems = match_targets(
            eng, pe.controller, effect, targets, _path(eng, "targets"), pe.context.get("unit")
        )
    return problems


# -- the rest -------------------------------------------------------------------------------------


def check_proceed(eng: RangersStrikeEngine, plan: Plan) -> None:
    """RS-MUST-ENTER: the battle phase does not end while a unit that must enter can."""
    pid = plan.action["p"]
    if eng.state.phase != "battle" or pid != eng.state.turn_player:
        return
    must = eng.codes_known.get(("restriction", "must_enter"))  # (must_enter_left's first test)
    if must is not None and not must:
        return  # no card of the game must enter
    free: list[Any] = []
    for u in restrictions.must_enter_left(eng, pid):
        void, said = area_rules.must_enter_void(eng, pid, u)  # RS-VOID-MUST-ENTER
        barred = restrictions.enter_doubt(eng, u)  # RS-BARS-ENTERING: it may not be able to
        if void is False and barred is None:
            free.append(u)
        elif void is False:
            plan.data.setdefault("barred", []).append(barred)
        else:
            plan.data.setdefault("void", []).append((void, said))
    if free:
        names = ", ".join(f"{u.card} ({eng.name(u.card)})" for u in free)
        plan.violate(
            "RS-MUST-ENTER",
            f"{names} must enter the battle area every turn if it can, and it still can: "
            f"{pid} cannot end the battle phase before it enters.",
        )
        return


def apply_proceed(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    data = plan.data  # (mostly empty: no unit that must enter was left)
    for said in data.get("barred", ()) if data else ():  # RS-BARS-ENTERING
        eng.ctx.ruling(
            area_rules.BARS_ENTERING,
            f"{said} Whether it could enter, and so had to before the battle phase ends "
            "(RS-MUST-ENTER), is not known.",
        )
        eng.ctx.cannot_verify("a unit that must enter if it can, perhaps barred, not decided")
    for void, said in data.get("void", ()) if data else ():  # RS-VOID-MUST-ENTER
        if void:
            eng.ctx.ruling(area_rules.VOID_MUST_ENTER, f"{said}: it need not enter.")
        else:
            eng.ctx.ruling(
                area_rules.VOID_MUST_ENTER,
                f"{said}: whether it had to enter before the battle phase ends is not known.",
            )
            eng.ctx.cannot_verify("a note to enter the battle area, perhaps void, not decided")
    eng.event("phase", f"{pid} ends the {st.phase} phase.", player=pid, phase=st.phase)
    st.entering = None
    if eng.pool.items or st.phase == "over" or not eng.AT_ONCE:
        st.agenda.insert(0, ("next_phase", {}))  # (push written out: at every proceed)
    else:  # (the step advance would run next, with no effect waiting: run now)
        eng.op_next_phase()


def check_concede(eng: RangersStrikeEngine, plan: Plan) -> None:
    pass


def apply_concede(eng: RangersStrikeEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    winner = eng.winner_against(pid)
    if len(eng.allies(pid)) > 1:
        message = f"{pid} concedes for its team: team {winner} wins."
    else:
        message = f"{pid} concedes: {winner} wins."
    eng.end_game(winner, "concede", "RS-CONCEDE", message)


CHECKS: dict[str, Checker] = {
    "first_player": check_first_player,
    "extra_draw": check_extra_draw,
    "charge": check_charge,
    "rush": check_rush,
    "use": check_use,
    "activate": activated.check_activate,
    "board": check_board,
    "enter": check_enter,
    "ride_off": check_ride_off,
    "attack": check_attack,
    "strike": check_strike,
    "take_damage": check_take_damage,
    "assign_damage": check_assign_damage,
    "resolve": check_resolve,
    "proceed": check_proceed,
    "concede": check_concede,
    "outcome": check_outcome,
}
APPLIES: dict[str, Checker] = {
    "first_player": apply_first_player,
    "extra_draw": apply_extra_draw,
    "charge": apply_charge,
    "rush": apply_rush,
    "use": apply_use,
    "activate": activated.apply_activate,
    "board": apply_board,
    "enter": apply_enter,
    "ride_off": apply_ride_off,
    "attack": apply_attack,
    "strike": apply_strike,
    "take_damage": apply_take_damage,
    "assign_damage": apply_assign_damage,
    "resolve": apply_resolve,
    "proceed": apply_proceed,
    "concede": apply_concede,
    "outcome": apply_outcome,
}


# -- decisions the log skipped --------------------------------------------------------------------


def close_window(eng: RangersStrikeEngine) -> None:
    """No counter was used after all (the one recorded was illegal and skipped): the attack
    or strike resolves (RS-COUNTER)."""
    st = eng.state
    args = st.agenda.pop(0)[1]
    b = st.battle
    what = f"{b.kind} of {eng.name(b.attacker.card)}" if b else "attack"
    eng.ctx.ruling(
        "RS-COUNTER",
        f"{' or '.join(args['players'])} could answer the {what} with a counter; the log records "
        "none, so none was used and it resolves.",
    )


def fill_missing(eng: RangersStrikeEngine, action: dict[str, Any]) -> None:
    """Apply documented defaults for decisions the log omitted before ``action``."""
    kind, p = action["do"], action.get("p")
    window, eng.window = eng.window, None
    if window is not None and kind == "use" and p in window["players"]:
        code = ref_code(eng.state, action.get("card"))
        d = eng.state.defs.get(code) if isinstance(code, str) else None
        if d is not None and d.operation == "counter":
            eng.restore_window(window)
            eng.ctx.ruling(
                "RS-COUNTER",
                f"{p} answers the {window['what']} with a counter, before it resolves: what "
                "the previous step showed of its resolution is undone, and it resolves after "
                "the counter.",
            )
            eng.event(
                "counter_window",
                f"Back to the {window['what']}, before it resolved: {p} uses a counter.",
                player=p,
            )
    st = eng.state
    if kind == "concede":
        return
    if kind == "outcome":
        # not a counter: a counter window closes (no counter was used); nothing else is
        # defaulted (the outcome belongs to the step before)
        if _head(eng)[0] == "wait_window":
            close_window(eng)
            eng.advance()
        return
    for _ in range(64):
        # (records_forced's first test written out: it is None while no decision was taken)
        if st.phase == "over" or (eng.forced and eng.records_forced(action) is not None):
            return  # (a record of a decision the engine took: nothing was skipped before it)
        if eng.pool.items:  # (the pool's __bool__ written out: once an action)
            if kind == "resolve":
                return
            pe = resolve_by_default(eng, "RS-CHOICE-RECORDED")
            supported = eng.supports(pe.effect)
            if supported and not pe.effect.get("optional"):
                eng.run_effect(pe, [], True)
            elif supported and (
                effects.cost_at(pe.effect)
                or power_moves.choice_at(pe.effect)
                or opponent_power.choice_at(pe.effect)  # RS-OPPONENT-RETURNS-POWER
                or top_fortune.op_of(pe.effect)  # RS-REVEALED-NUMBER
            ):
                eng.run_effect(pe, [], False)  # not used: what comes before its choice happens
            elif resist.is_resist(pe.effect):  # not resisting: it goes to the discard pile
                eng.run_effect(pe, [], False)
            eng.advance()
            continue
        if not st.agenda:
            return  # nothing waits (the most actions): no step below applies
        op, args = st.agenda[0]  # (_head written out)
        if op == "wait_window":
            if kind == "use" and p in args["players"]:
                return
            close_window(eng)
            eng.advance()
            continue
        if op == "wait_take_damage":
            if kind == "take_damage":
                return
            player, amount = args["player"], args["amount"]
            ps = st.players[player]
            ups = [i for i, pc in enumerate(ps.power) if pc.face_up]
            picks = [(i, None) for i in ups[:amount]]
            st.agenda.pop(0)
            turned = eng.turn_face_down(player, picks)
            if len(ups) > amount:
                eng.ctx.ruling(
                    "RS-CHOICE-RECORDED",
                    f"{player} had to choose which {amount} of its {len(ups)} face-up power "
                    "cards to turn face down; the log records no `take_damage`: the engine "
                    "turned the first ones in the zone.",
                )
                eng.ctx.cannot_verify(f"missing `take_damage` choice by {player}")
            else:
                eng.ctx.ruling(
                    "RS-DAMAGE-CHOICE",
                    f"The log records no `take_damage`; {player} had {len(ups)} face-up power "
                    f"{noun_for(len(ups), 'card')} for {amount} damage, so there was only "
                    "one choice: all of them.",
                )
            eng.event(
                "take_damage",
                f"{player} turns {', '.join(eng.name(c) for c in turned)} face down.",
                player=player,
                cards=turned,
            )
            eng.advance()
            continue
        if op == "wait_assign":
            if kind == "assign_damage":
                return
            st.agenda.pop(0)
            choices = args["choices"]
            to = choices[0]
            if len(choices) > 1:
                eng.ctx.ruling(
                    "RS-CHOICE-RECORDED",
                    f"Team {', '.join(args['team'])} had to choose who takes the damage; the log "
                    f"records no `assign_damage`: the engine gives it to the leader, {to}.",
                )
                eng.ctx.cannot_verify(f"missing `assign_damage` by {' or '.join(args['team'])}")
                _assign(eng, args, to, f"By default {to} (the leader) takes it")
            else:
                _assign(eng, args, to, f"Only {to} could take it")
            eng.advance()
            continue
        return
