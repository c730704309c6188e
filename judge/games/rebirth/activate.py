"""The ``activate`` and ``resolve`` actions: effects with a printed cost, and the choices and
targets of effects the engine asks for.

``activate`` names the card (in the entry, a member square or the Rebirth area), the
``ability`` (1-based among the card's activated effects), how the cost is paid (``pay``, as for
a play: R4U-COST) and the effect's ``targets`` / ``choice`` / ``use``; the effect resolves at
once.  ``resolve`` answers a spark that asks its player for a choice (R4U-EFFECT-TARGETS),
naming the card (``source``) as the other engines' logs do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.refs import is_instance, ref_code, ref_text, take_many
from judge.core.timing import PendingEffect, choose_pending
from judge.core.wording import plural
from judge.games.rebirth import by_doing, effects, on_support, resolve, to_member
from judge.games.rebirth.during import inactive
from judge.games.rebirth.refs import ZONE_REFS

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def where_of(eng: RebirthEngine, pid: str, iid: str) -> str | None:
    """Where ``iid`` is on ``pid``'s side for an activated effect: entry, member, rebirth_area."""
    ps = eng.state.players[pid]
    if ps.entry == iid:
        return "entry"
    if iid in ps.member_cards():
        return "member"
    if iid in ps.rebirth_area:
        return "rebirth_area"
    if iid in ps.waiting_room:
        return "waiting_room"
    return None


def activatable(eng: RebirthEngine, pid: str) -> list[str]:
    """The cards of ``pid``'s entry, members and Rebirth area, in that order, then those of
    its waiting room with an effect used from there (【起】【控え室】, R4U-TEXT-FROM-WAITING-ROOM)."""
    ps = eng.state.players[pid]
    cards = [ps.entry] if ps.entry else []
    waiting = [c for c in ps.waiting_room if c is not None and used_from_waiting_room(eng, c)]
    return [*cards, *ps.member_cards(), *ps.rebirth_area, *waiting]


def is_activatable(eng: RebirthEngine, pid: str, iid: str) -> bool:
    """Whether ``iid`` is one of :func:`activatable`'s cards, without listing them.

    Why: the waiting room grows to hundreds of cards on a long log, and an ``activate`` that
    names its card's instance (as the logs do) needs to know only where that card is: listing
    the room at every activation made its cost grow with the log."""
    ps = eng.state.players[pid]
    if iid == ps.entry or iid in ps.rebirth_area or iid in ps.member_cards():
        return True
    return iid in ps.waiting_room and used_from_waiting_room(eng, iid)


def used_from_waiting_room(eng: RebirthEngine, iid: str) -> bool:
    """Whether the card ``iid`` has an effect used from the waiting room; asked once per
    engine for each card's code (definitions never change in a game)."""
    known = eng._from_waiting_room
    code = eng.state.code_of[iid]
    used = known.get(code)
    if used is None:
        used = known[code] = any(e.get("where") == "waiting_room" for _, e in abilities(eng, iid))
    return used


def abilities(eng: RebirthEngine, iid: str) -> list[tuple[int, dict[str, Any]]]:
    return [
        (i, e) for i, e in enumerate(eng.state.card(iid).effects) if e.get("when") == "activated"
    ]


def allowed_where(eng: RebirthEngine, iid: str, effect: dict[str, Any]) -> tuple[str, ...]:
    """Where the effect may be used from (R4U-ACTIVATE-TIMING): a Rebirth card's only from the
    Rebirth area (R4U-REBIRTH-AREA); a character's where the definition says (default: the
    entry or a member square)."""
    if eng.state.card(iid).is_rebirth:
        return ("rebirth_area",)
    where = effect.get("where", "field")
    return ("entry", "member") if where == "field" else (where,)


def limit_key(eng: RebirthEngine, iid: str, k: int) -> str:
    """What a printed use limit counts by (rule option activate_limit, R4U-ACTIVATE-LIMIT):
    the card and its ability number (``card``, ``card_turn``: ``"A-7/1"``) or the card name and
    the ability number, per player (``name``: ``"name:A:Kai the Singer/1"``)."""
    if eng.options.get("activate_limit") == "name":
        return f"name:{eng.state.owner_of[iid]}:{eng.state.card(iid).name}/{k}"
    return f"{iid}/{k}"


def arrive(eng: RebirthEngine, iid: str) -> None:
    """``iid`` has come into an entry, a member square or a Rebirth area.  Under
    activate_limit ``card`` (the default) it is a new card: the uses of its limited effects
    this turn are forgotten (R4U-ACTIVATE-LIMIT)."""
    if eng.options.get("activate_limit", "card") != "card":
        return
    used = eng.state.used
    for key in [k for k in sorted(used) if k.rsplit("/", 1)[0] == iid]:
        del used[key]


def _check_limit(eng: RebirthEngine, plan: Plan, iid: str, k: int, effect: dict[str, Any]) -> None:
    limit = effect.get("per_turn")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        return
    key = limit_key(eng, iid, k)
    times = eng.state.used.get(key, 0)
    if times >= limit:
        option = str(eng.options.get("activate_limit", "card"))
        how = {
            "card": "by this card since it came into its zone",
            "card_turn": "by this card",
            "name": f"by {eng.state.owner_of[iid]}'s cards named {eng.state.card(iid).name}",
        }[option]
        plan.violate(
            "R4U-ACTIVATE-LIMIT",
            f"{eng.name(iid)}'s effect {k} may be used {plural(limit, 'time')} a turn and was used "
            f"{plural(times, 'time')} this turn {how} (rule option activate_limit {option}).",
        )
    plan.data["limit"] = (key, limit)


def check_activate(eng: RebirthEngine, plan: Plan) -> None:
    from judge.games.rebirth.actions import check_pay

    st = eng.state
    pid = plan.action["p"]
    ref = plan.action["card"]
    if is_instance(st, ref):
        iid = ref if is_activatable(eng, pid, ref) else None
    else:
        mine = activatable(eng, pid)
        code = ref_code(st, ref)
        iid = next((c for c in mine if st.code_of[c] == code and abilities(eng, c)), None)
        iid = iid or next((c for c in mine if st.code_of[c] == code), None)
    if iid is None:
        plan.violate(
            "R4U-CARD-IN-ZONE",
            f"{ref_text(ref)} is not in {pid}'s entry, member squares or Rebirth area.",
        )
        plan.cannot_apply(f"{ref_text(ref)} is not on {pid}'s field")
        return
    found = abilities(eng, iid)
    k = plan.action.get("ability", 1)
    if not 1 <= k <= len(found):
        plan.violate(
            "R4U-ACTIVATE",
            f"{eng.name(iid)} has {plural(len(found), 'effect')} with a printed cost; the log uses "
            f"number {k}.",
        )
        plan.cannot_apply(f"{eng.name(iid)} has no such effect")
        return
    index, effect = found[k - 1]
    here = where_of(eng, pid, iid)
    places = allowed_where(eng, iid, effect)
    if here not in places:
        plan.violate(
            "R4U-ACTIVATE-TIMING",
            f"{eng.name(iid)} is in {pid}'s {str(here).replace('_', ' ')}: this effect is used "
            f"from the {' or '.join(p.replace('_', ' ') for p in places)} only.",
        )
    _check_limit(eng, plan, iid, k, effect)
    why = inactive(eng, pid, effect)  # R4U-TEXT-RECOMBO, R4U-TEXT-SHOWCASE
    if why is not None:
        plan.violate(why[0], f"{eng.name(iid)}'s effect is not active: {why[1]}.")
    raw = effect.get("cost", 0)
    cost = raw if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0 else 0
    check_pay(eng, plan, cost)
    _check_discard(eng, plan, effect)
    if effects.supported(effect):
        _, _, problems = resolve.match(
            eng,
            pid,
            effect,
            list(plan.action.get("targets") or []),
            plan.action.get("choice"),
            plan.action.get("use"),
        )
        for rule, msg in problems:
            plan.violate(rule, msg)
    plan.data.update(card=iid, index=index, effect=effect, cost=cost)


def _check_discard(eng: RebirthEngine, plan: Plan, effect: dict[str, Any]) -> None:
    """A cost of N cards of the hand into the waiting room: ``discard`` names exactly N cards
    of the player's hand (R4U-TEXT-DISCARD-COST)."""
    n = effect.get("discard")
    refs = list(plan.action.get("discard") or [])
    if not isinstance(n, int) or isinstance(n, bool):
        if refs:
            plan.violate(
                "R4U-TEXT-DISCARD-COST",
                "The effect's cost puts no card of the hand "
                "into the waiting room: discard must be left out.",
            )
        return
    if len(refs) != n:
        plan.violate(
            "R4U-TEXT-DISCARD-COST",
            f"The cost puts {plural(n, 'card')} of the hand into the "
            f"waiting room: discard must name {n}; the log names {len(refs)}.",
        )
        return
    takes, problems = ZONE_REFS.find_many_in_zone(eng.state, plan.action["p"], "hand", refs)
    for problem in problems:
        plan.violate(*problem)
    if not problems:
        plan.data["discard"] = takes


def apply_activate(eng: RebirthEngine, plan: Plan) -> None:
    from judge.games.rebirth.actions import do_pay

    pid = plan.action["p"]
    iid, effect, cost = plan.data["card"], plan.data["effect"], plan.data["cost"]
    do_pay(eng, plan, cost)
    if plan.data.get("discard"):  # R4U-TEXT-DISCARD-COST
        for card in take_many(eng.state, pid, plan.data["discard"]):
            eng.to_waiting_room(pid, card, f"the cost of {eng.name(iid)}'s effect")
    if effect.get("pay_self") == "deck_bottom" and effects.supported(effect):  # R4U-TEXT-MOVES
        ps = eng.state.players[pid]
        idx = next((i for i, s in enumerate(ps.members) if s is not None and s.card == iid), None)
        if idx is not None:
            ps.members[idx] = None
            ps.deck.append(iid)
            eng.event(
                "to_deck_bottom",
                f"{eng.name(iid)} goes from member square {idx + 1} onto the bottom of {pid}'s "
                "deck (part of the cost).",
                player=pid,
                card=iid,
            )
    if "limit" in plan.data:
        key, limit = plan.data["limit"]
        eng.state.used[key] = eng.state.used.get(key, 0) + 1
        eng.ctx.ruling(
            "R4U-ACTIVATE-LIMIT",
            f"{eng.name(iid)}'s effect may be used {plural(limit, 'time')} a turn: use "
            f"{eng.state.used[key]} this turn (counted by rule option activate_limit "
            f"{eng.options.get('activate_limit', 'card')}).",
        )
    eng.event(
        "activate",
        f"{pid} uses {eng.name(iid)}'s effect (cost {cost}).",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        "R4U-ACTIVATE",
        f"{pid} paid the cost shown on {eng.name(iid)} ({cost}) by resting cards of the energy "
        "area; the effect resolves.",
    )
    pe = PendingEffect(0, pid, iid, effect, plan.data["index"], "activated")
    eng.run_effect(
        pe,
        list(plan.action.get("targets") or []),
        plan.action.get("use"),
        plan.action.get("choice"),
    )
    eng.push(("settle", {}))


def check_resolve(eng: RebirthEngine, plan: Plan) -> None:
    pe = choose_pending(eng, plan, eng.pool.candidates(), "R4U-EFFECT-TARGETS")
    if pe is None:
        return
    if effects.supported(pe.effect):
        use = plan.action.get("use")
        ops, groups, problems = resolve.match(
            eng,
            pe.controller,
            pe.effect,
            list(plan.action.get("targets") or []),
            plan.action.get("choice"),
            use,
        )
        for rule, msg in problems:
            plan.violate(rule, msg)
        on_support.check_cost(eng, plan, pe)  # R4U-TEXT-ON-SUPPORT
        by_doing.check(eng, plan, pe)  # R4U-TEXT-BY-DOING
        if use is not False:  # R4U-TEXT-TO-MEMBER
            # the ops and targets found above: match reads ``use`` only when it is False
            # (with None or True it answers as with True), and the checks between change
            # nothing
            squares = plan.action.get("squares")
            for rule, msg in to_member.check(eng, pe.controller, ops, groups, pe.source, squares):
                plan.violate(rule, msg)
    plan.data["pe"] = pe


def apply_resolve(eng: RebirthEngine, plan: Plan) -> None:
    pe = plan.data["pe"]
    eng.pool.remove(pe)
    if effects.supported(pe.effect):
        on_support.pay_cost(eng, plan, pe)
    eng.run_effect(
        pe,
        list(plan.action.get("targets") or []),
        plan.action.get("use"),
        plan.action.get("choice"),
        plan.action.get("squares"),
    )
    eng.ctx.ruling(
        "R4U-EFFECT-TARGETS",
        f"{pe.controller} recorded the choices of {pe.describe()}; it resolves with them.",
    )
    eng.after_auto_resolve()


def candidates(eng: RebirthEngine, pid: str, kind: str) -> list[dict[str, Any]]:
    """``legal_actions`` candidates: each activated effect of each card with each choice and
    its first fitting targets (cost paid energy first); each choice of a waiting effect."""
    from judge.games.rebirth.legal import _pay

    out: list[dict[str, Any]] = []
    if kind == "activate":
        for iid in activatable(eng, pid):
            for k, (_, eff) in enumerate(abilities(eng, iid), start=1):
                if not effects.supported(eff):
                    continue
                pay = _pay(eng, pid, int(eff.get("cost", 0)))
                extra: dict[str, Any] = {}
                if "discard" in eff:  # the first cards of the hand (R4U-TEXT-DISCARD-COST)
                    hand = [c for c in eng.state.players[pid].hand if c is not None]
                    if len(hand) < eff["discard"]:
                        continue
                    extra["discard"] = hand[: eff["discard"]]
                for pick in resolve.first_choice(eng, pid, eff):
                    out.append(
                        {
                            "p": pid,
                            "do": "activate",
                            "card": iid,
                            "ability": k,
                            "pay": pay,
                            **extra,
                            **pick,
                        }
                    )
    elif kind == "resolve":
        for pe in eng.pool.candidates():
            if pe.controller != pid and eng.pool.chooser() != pid:
                continue
            for pick in resolve.first_choice(eng, pe.controller, pe.effect, pe.source):
                out.append({"p": pid, "do": "resolve", "source": pe.source, **pick})
    return out
