"""Playing a Z/X EX or an event EX from the dynamis (``play_ex``), with the card's appear
condition (降臨条件, 覚醒条件, 夢装条件), and the once-a-turn 破天降臨 abilities.

The seed (003, keyword actions 19-21) names the conditions and refers to another page for
them; what the engine reads of a condition is the card's ``condition`` data (ZX-EX-CONDITION,
GAP).  The play itself follows a FAN summary of the comprehensive rules (ZX-EX-PLAY): once a
turn for Z/X EX and event EX together, a face-down card of the dynamis, the square chosen
as for a Z/X and before the condition is met, the cost paid as for a play.

Also here: 破天降臨 used from the dynamis and Lv abilities of types other than races (GAP
options ``hatenkourin_from``, ``lv_type``), and "place force" as an activation cost
(ZX-FORCE-COST).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.refs import is_instance, ref_code
from judge.core.wording import plural
from judge.games.zx.costs import pay_cost, payment
from judge.games.zx.state import ZX, Force

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

EX_TYPES = ("zx_ex", "event_ex")
CONDITION_KINDS = ("descent", "awaken", "dream")
KIND_WORDS = {"descent": "降臨条件", "awaken": "覚醒条件", "dream": "夢装条件"}


def _face_down(eng: ZXEngine, p: str) -> list[str]:
    return [iid for iid, up in eng.state.players[p].dynamis if not up]


def _find_dynamis(eng: ZXEngine, p: str, ref: Any) -> tuple[str | None, bool]:
    """The dynamis card a reference names, and whether it is face up."""
    st = eng.state
    entries = st.players[p].dynamis
    if is_instance(st, ref):
        hit = next((e for e in entries if e[0] == ref), None)
    else:
        code = ref_code(st, ref)
        down = [e for e in entries if st.code_of[e[0]] == code and not e[1]]
        hit = down[0] if down else next((e for e in entries if st.code_of[e[0]] == code), None)
    return (hit[0], bool(hit[1])) if hit else (None, False)


def condition_zx(eng: ZXEngine, p: str, spec: dict[str, Any], rebooted: bool = False) -> list[str]:
    """``p``'s Z/X on squares that fit a condition's ``zx`` spec (``race``, ``name``,
    ``color``), with what a shift on it adds (ZX-SHIFT-INFO); ``rebooted``: only rebooted
    ones (a descent condition's)."""
    from judge.games.zx.shift import fits

    return [
        z.card
        for _, z in eng.state.zx_of(p)
        if not (rebooted and z.sleeping) and fits(eng, z.card, spec)
    ]


def check_play_ex(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid, face_up = _find_dynamis(eng, p, plan.action["card"])
    if iid is None:
        plan.violate("ZX-EX-PLAY", f"{plan.action['card']} is not in {p}'s dynamis.")
        plan.cannot_apply("the card is not in the dynamis")
        return
    d = st.card(iid)
    plan.data["card"] = iid
    if d.type not in EX_TYPES:
        plan.violate(
            "ZX-EX-PLAY",
            f"{eng.name(iid)} is a {d.type} card: only a Z/X EX or an event EX is played from "
            "the dynamis this way.",
        )
        plan.cannot_apply("not a Z/X EX or event EX")
        return
    if face_up:
        plan.violate(
            "ZX-EX-PLAY", f"{eng.name(iid)} is face up in the dynamis: it cannot be played."
        )
        plan.cannot_apply("face up in the dynamis")
        return
    if st.ex_played:
        plan.violate(
            "ZX-EX-PLAY",
            f"{p} has played a Z/X EX or event EX this turn already: once a turn for both together.",
        )
    to = plan.action.get("to")
    if d.type == "zx_ex":
        if to is None:
            plan.violate("ZX-EX-PLAY", "A Z/X EX is played to a square: `to` is missing.")
            plan.cannot_apply("no square given")
            return
        why = eng.square_problem(p, to)
        if why is not None:
            plan.violate(
                "ZX-PLAY-SQUARE", f"{eng.name(iid)} cannot be played to square {to}: {why}."
            )
            plan.cannot_apply(why)
            return
    elif to is not None:
        plan.violate("ZX-EX-PLAY", "An event EX is not played to a square: leave `to` out.")
    cond = d.raw.get("condition") or {}
    if cond.get("kind") == "descent":
        _check_descent(eng, plan, p, iid, cond)
        plan.data["pay"] = []
        return
    _check_condition(eng, plan, p, iid)
    pay = payment(eng, plan, p, d.cost, d.color)
    if pay is None:
        plan.cannot_apply("the cost cannot be paid")
    plan.data["pay"] = pay or []


def _check_descent(eng: ZXEngine, plan: Plan, p: str, iid: str, cond: dict[str, Any]) -> None:
    """ZX-EX-DESCENT: at least as many resources as the EX's cost (none slept); rebooted Z/X of
    the player fitting the condition (at least ``n``), their costs adding up to the EX's cost
    or more, destroyed in place of paying it."""
    st = eng.state
    d = st.card(iid)
    have = len(st.players[p].resources)
    if have < d.cost:
        plan.violate(
            "ZX-EX-DESCENT",
            f"{eng.name(iid)} costs {d.cost}: its descent condition needs that many resources; "
            f"{p} has {have}.",
        )
    spec = cond.get("zx") or {}
    fits = condition_zx(eng, p, spec, rebooted=True)
    named = list(plan.action.get("with") or [])
    wrong = [w for w in named if w not in fits]
    if wrong or len(set(named)) != len(named):
        plan.violate(
            "ZX-EX-DESCENT",
            f"{wrong or named} are not distinct rebooted Z/X of {p} fitting {spec} "
            f"({', '.join(fits) or 'none fits'}).",
        )
        plan.cannot_apply("the condition's Z/X are wrong")
        return
    total = sum(st.card(w).cost for w in named)
    need = int(spec.get("n", 1))
    if len(named) < need or total < d.cost:
        plan.violate(
            "ZX-EX-DESCENT",
            f"{eng.name(iid)}'s descent condition destroys at least {need} fitting Z/X whose "
            f"costs add up to {d.cost} or more; `with` names {len(named)} of total cost {total}.",
        )
        plan.cannot_apply("the descent condition is not met")
        return
    plan.data["destroy"] = named


def _check_condition(eng: ZXEngine, plan: Plan, p: str, iid: str) -> None:
    """ZX-EX-CONDITION: an awaken or dream condition's data, checked as written (GAP)."""
    st = eng.state
    cond = st.card(iid).raw.get("condition") or {}
    word = KIND_WORDS.get(str(cond.get("kind")), "condition")
    spec = cond.get("zx")
    named = list(plan.action.get("with") or [])
    with_ = named[0] if len(named) == 1 else (named or None)
    if spec is None:
        if with_ is not None:
            plan.violate(
                "ZX-EX-CONDITION", f"{eng.name(iid)}'s {word} names no Z/X: leave `with` out."
            )
        return
    fits = condition_zx(eng, p, spec)
    if not isinstance(with_, str) or with_ not in fits:
        plan.violate(
            "ZX-EX-CONDITION",
            f"{eng.name(iid)}'s {word} needs one of {p}'s Z/X on a square fitting {spec} "
            f"(`with`); {with_!r} is not one ({', '.join(fits) or 'none fits'}).",
        )
        plan.cannot_apply("the condition's Z/X is missing")
        return
    plan.data["with"] = with_


def apply_play_ex(eng: ZXEngine, plan: Plan) -> None:
    from judge.games.zx.actions import play_event

    st = eng.state
    p = plan.action["p"]
    iid = plan.data["card"]
    d = st.card(iid)
    ps = st.players[p]
    ps.dynamis = [e for e in ps.dynamis if e[0] != iid]
    st.ex_played = True
    eng.ctx.ruling(
        "ZX-EX-PLAY",
        f"{p} plays {eng.name(iid)} ({d.type}) face down from its dynamis: its one Z/X EX / "
        "event EX play of the turn.",
    )
    for w in plan.data.get("destroy", []):
        sq = st.square_of(w)
        if sq is not None:
            eng.destroy(sq, f"{eng.name(iid)}'s descent condition")
    if plan.data.get("destroy"):
        eng.ctx.ruling(
            "ZX-EX-DESCENT",
            f"{eng.name(iid)}'s descent condition: {', '.join(plan.data['destroy'])} are destroyed "
            f"in place of paying its cost {d.cost}; no resource sleeps.",
        )
    force: list[Force] = []
    with_ = plan.data.get("with")
    if with_ is not None:
        # an event EX holds no force material: its condition's Z/X goes to the trash
        where = eng.options["ex_condition_zx"] if d.type == "zx_ex" else "trash"
        sq = st.square_of(with_)
        assert sq is not None
        if where == "force":
            zw = eng.off_square(sq, f"{eng.name(iid)}'s condition")
            force = [Force(with_, True)] + (zw.force or [])
        else:
            eng.leave(sq, "trash", f"{eng.name(iid)}'s condition")
        eng.ctx.ruling(
            "ZX-EX-CONDITION",
            f"{eng.name(iid)}'s condition: {eng.name(with_)} "
            + (
                "goes face up under it as force material"
                if where == "force"
                else "goes to the trash"
            )
            + f" (rule option ex_condition_zx {where}).",
        )
    pay_cost(eng, p, iid, plan.data["pay"])
    if d.type == "zx_ex":
        eng.appear(p, iid, plan.action["to"], "played from the dynamis", force=force)
    else:
        play_event(eng, p, iid)
        if st.agenda and st.agenda[0][0] == "event_done":
            st.agenda[0] = ("event_ex_done", {"player": p, "card": iid})
    if st.agenda or eng.pool.items:  # else the agenda's runner runs the rules next (op_rules)
        eng.push(("rules", {}))


def check_hatenkourin(eng: ZXEngine, plan: Plan, p: str, eff: dict[str, Any]) -> None:
    """ZX-HATENKOURIN: a 破天降臨 ability is valid only if its controller has not used one
    this turn."""
    if eff.get("hatenkourin") and eng.state.players[p].hatenkourin_turn == eng.state.turn:
        plan.violate("ZX-HATENKOURIN", f"{p} has used a 破天降臨 ability this turn already.")


# -- 破天降臨 from the dynamis, Lv abilities of other types -------------------------------------


def hatenkourin_card(eng: ZXEngine, plan: Plan, p: str) -> str | None:
    """The card in ``p``'s dynamis an ``activate`` names, when rule option ``hatenkourin_from``
    lets a 破天降臨 ability be used from there (ZX-HATENKOURIN, GAP), else None."""
    if eng.options["hatenkourin_from"] == "square":
        return None
    iid, _ = _find_dynamis(eng, p, plan.action["card"])
    return iid


def check_hatenkourin_from(
    eng: ZXEngine, plan: Plan, iid: str, eff: dict[str, Any], from_dynamis: bool
) -> None:
    """ZX-HATENKOURIN: where a 破天降臨 ability may be used from (rule option
    ``hatenkourin_from``: the seed names the ability and leaves the rest to another page);
    from the dynamis only a 破天降臨 ability is used."""
    where = eng.options["hatenkourin_from"]
    if from_dynamis and not eff.get("hatenkourin"):
        plan.violate(
            "ZX-HATENKOURIN",
            f"{eng.name(iid)} is in the dynamis: only a 破天降臨 ability is used from there.",
        )
    elif not from_dynamis and eff.get("hatenkourin") and where == "dynamis":
        plan.violate(
            "ZX-HATENKOURIN",
            f"{eng.name(iid)}'s 破天降臨 is used from the dynamis only (rule option "
            "hatenkourin_from dynamis).",
        )
    elif from_dynamis:
        eng.ctx.ruling(
            "ZX-HATENKOURIN",
            f"{eng.name(iid)}'s 破天降臨 is used from the dynamis (rule option hatenkourin_from "
            f"{where}).",
        )


def lv_holds(eng: ZXEngine, pid: str, lv: dict[str, Any]) -> bool:
    """ZX-LV: ``pid``'s dynamis holds at least ``n`` face-up cards of the Lv ability's type.

    A type in [ ] is a race (``race``; seed 003, ability 9); any other type (``type``) the seed
    does not explain: rule option ``lv_type`` (GAP) says how the engine reads it:
    ``unverifiable`` (default): the ability is taken as valid and the step is unverifiable;
    ``card_type``: face-up dynamis cards of that card type (``zx_ex``, ``event_ex``, …)."""
    n = int(lv["n"])
    if "race" in lv:
        return eng.lv_count(pid, str(lv["race"])) >= n
    kind = str(lv.get("type"))
    if eng.options["lv_type"] == "card_type":
        st = eng.state
        have = sum(1 for c, up in st.players[pid].dynamis if up and st.card(c).type == kind)
        return have >= n
    eng.ctx.cannot_verify(
        f"a {kind} Lv {n} ability: what a type other than a race covers no stored source says "
        "(rule option lv_type unverifiable: taken as valid)"
    )
    return True


# -- "place force" as a cost (seed 003, keyword action 9) ---------------------------------------

FORCE_COST_ZONES = ("trash", "charge", "hand", "removed")


def check_force_cost(
    eng: ZXEngine, plan: Plan, iid: str, z: ZX | None, spec: dict[str, Any]
) -> None:
    """ZX-FORCE-COST: a cost ``{"place_force": {"n": N, "to": zone}}``: N of this Z/X's force
    materials are put into their owner's ``to`` zone (seed 003, keyword action 9,
    将原力素材放置: a Z/X's force materials moved to the zone named).  The ``activate`` names
    them in ``force``, else the engine takes the first N."""
    n, to = int(spec.get("n", 1)), str(spec.get("to", "trash"))
    have = list(z.force) if z is not None else []
    given = plan.action.get("force")
    if given is None:
        chosen = have[:n]
    else:
        chosen = []
        for ref in given:
            hit = next((f for f in have if f not in chosen and _names(eng, ref, f.card)), None)
            if hit is None:
                plan.violate("ZX-FORCE-COST", f"{ref} is not a force material of {eng.name(iid)}.")
                return
            chosen.append(hit)
    if len(chosen) != n or to not in FORCE_COST_ZONES:
        plan.violate(
            "ZX-FORCE-COST",
            f"The cost puts {plural(n, 'force material')} of {eng.name(iid)} into the {to}; "
            f"it has {len(have)}, the activation names {len(chosen)}.",
        )
        return
    plan.data["force_cost"] = (chosen, to)


def _names(eng: ZXEngine, ref: Any, iid: str) -> bool:
    st = eng.state
    return ref == iid if is_instance(st, ref) else ref_code(st, ref) == st.code_of[iid]


def pay_force_cost(eng: ZXEngine, plan: Plan, iid: str) -> None:
    st = eng.state
    chosen, to = plan.data["force_cost"]
    sq = st.square_of(iid)
    z = st.squares[sq] if sq is not None else None
    if z is None:
        return
    for f in chosen:
        z.force.remove(f)
        getattr(st.players[st.owner_of[f.card]], to).append(f.card)
    eng.ctx.ruling(
        "ZX-FORCE-COST",
        f"To pay the cost, {', '.join(f.card for f in chosen)} (force material of "
        f"{eng.name(iid)}) go to the {to}; the information of a card so placed is the one it "
        f"has in the {to}.",
    )
