"""Resolving a pending Z/X effect: its targets checked (choose, Zekkai), its ops carried out
(each a keyword action of the seed), keyword abilities' own effects (Alter Force, Life
Recovery, Void Bringer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.zx import effects
from judge.games.zx.geometry import GRID
from judge.games.zx.shift import fits

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


#: keywords of a card the effects of some cards do not affect (ZX-NOT-AFFECTED)
NOT_AFFECTED = ("unaffected_by_opponent", "unaffected_by_events")


def not_affected(eng: ZXEngine, controller: str, source: str, iid: str) -> str | None:
    """Why the effect of ``source`` (controlled by ``controller``) does not affect ``iid``,
    or None (ZX-NOT-AFFECTED; seed 003 keyword action 13: the effects of the cards of a named
    owner, controller or source do not affect the card).  The keywords are 【常】 abilities
    of a card on a square: ``unaffected_by_opponent`` (the effects of its controller's
    opponent), ``unaffected_by_events`` (the effects of events and event EX)."""
    st = eng.state
    z = st.on_field.get(iid)
    if z is None:
        return None
    d = st.card(iid)
    if d.has("unaffected_by_opponent") and st.controller[z.square] != controller:
        return "it is not affected by its opponent's effects"
    if d.has("unaffected_by_events") and st.card(source).type in ("event", "event_ex"):
        return "it is not affected by the effects of events"
    return None


def life_condition(eng: ZXEngine, pid: str) -> tuple[bool, int, int]:
    """Life Recovery's and Void Bringer's condition (seed 003 keyword abilities 2 and 3):
    ``pid``'s life cards (the card played from the life zone is no longer there) are not
    more than its opponent's; with both counts."""
    st = eng.state
    mine = len(st.players[pid].life)
    theirs = len(st.players[st.opponent(pid)].life)
    return mine <= theirs, mine, theirs


def void_bringer_waits(eng: ZXEngine) -> bool:
    """Whether a Void Bringer's effect is among the waiting effects: :func:`no_decision` holds
    of no other (rarely one is: then the next effect is found)."""
    for pe in eng.pool.items:  # noqa: SIM110 - a plain loop: no generator at each effect's turn
        if pe.effect.get("keyword") == "void_bringer":
            return True
    return False


def no_decision(eng: ZXEngine, pe: PendingEffect) -> bool:
    """Whether resolving ``pe`` is no decision at all: Void Bringer whose life condition does
    not hold does nothing and chooses nothing (ZX-VOID-BRINGER), so no ``resolve`` waits."""
    return pe.effect.get("keyword") == "void_bringer" and not life_condition(eng, pe.controller)[0]


def choosable(eng: ZXEngine, chooser: str, spec: dict[str, Any], chooses: bool = True) -> list[str]:
    """The Z/X on squares an effect of ``chooser`` may name (ZX-TARGET): of the side the
    effect names, with the race, name and colour it names (a shift's added ones counted,
    ZX-SHIFT-INFO); when it ``chooses`` (選ぶ), without Zekkai (ZX-ZEKKAI: Zekkai stops only
    choosing); a Z/X not affected by effects may be chosen (ZX-NOT-AFFECTED).  ``square``
    ``normal``: only a Z/X on a normal square (ZX-TARGET-NORMAL-SQUARE); ``cost_max`` N: only
    a Z/X of cost N or less (ZX-TARGET-COST)."""
    st = eng.state
    side = spec.get("side", "opponent")
    out = []
    for sq, z in st.squares.items():  # (in square order: made so from the grid's names)
        if z is None:
            continue
        ctrl = st.controller[sq]
        if side == "opponent" and ctrl == chooser or side == "own" and ctrl != chooser:
            continue
        if chooses and "zekkai" in st.defs[st.code_of[z.card]].keywords:  # (``card``, ``has``)
            continue
        if not fits(eng, z.card, spec):
            continue
        if spec.get("square") == "normal" and GRID.is_player_square(sq):
            continue
        if "cost_max" in spec and st.card(z.card).cost > int(spec["cost_max"]):
            continue
        out.append(z.card)
    return out


def alter_force_count(eng: ZXEngine, pe: PendingEffect) -> int:
    """How many trash cards an Alter Force (X) puts under its card now (ZX-ALTER-FORCE): X;
    with fewer than X in the trash, rule option alter_force_short (ZX-ALTER-FORCE-SHORT):
    "all" (default) all of them, "none" none."""
    x = int(pe.context.get("n", 1))
    have = len(eng.state.players[pe.controller].trash)
    if have >= x:
        return x
    return have if eng.options["alter_force_short"] == "all" else 0


def check_targets(
    eng: ZXEngine, pe: PendingEffect, targets: list[Any], count: int | None
) -> list[tuple[str, str]]:
    """Problems of the targets (and ``count``) a ``resolve`` records for ``pe``."""
    st = eng.state
    problems: list[tuple[str, str]] = []
    eff = pe.effect
    kw = eff.get("keyword")
    if kw == "alter_force":
        trash = st.players[pe.controller].trash
        n = alter_force_count(eng, pe)
        if len(targets) != n or any(t not in trash for t in targets) or len(set(targets)) != n:
            problems.append(
                (
                    "ZX-ALTER-FORCE",
                    f"Alter Force chooses exactly {plural(n, 'card')} of {pe.controller}'s "
                    f"trash; the resolve names {targets}.",
                )
            )
        return problems
    if effects.shift_op(eff) is not None:
        from judge.games.zx.shift import check_shift

        return check_shift(eng, pe, targets)
    if effects.break_op(eff) is not None:
        from judge.games.zx.breaking import check_break

        return check_break(eng, pe, targets)
    spec = effects.target_op(eff)
    if kw == "void_bringer":
        holds, mine, theirs = life_condition(eng, pe.controller)
        if not holds:
            if targets:
                problems.append(
                    (
                        "ZX-VOID-BRINGER",
                        f"Void Bringer: {pe.controller} has {mine} life, more than {theirs}: "
                        f"its effect does nothing and chooses no Z/X; the resolve names {targets}.",
                    )
                )
            return problems
        # seed 003, keyword ability 3: 你可以选择方阵上的1张Z/X: it chooses
        spec = {"op": "trash", "target": {"side": "any"}, "chooses": True}
    if spec is None:
        if targets:
            problems.append(
                ("ZX-TARGET", f"{pe.describe()} chooses nothing; targets {targets} given.")
            )
    else:
        allowed = choosable(eng, pe.controller, spec.get("target", {}), effects.chooses(spec))
        if len(targets) > 1:
            problems.append(("ZX-TARGET", f"{pe.describe()} chooses one Z/X, not {len(targets)}."))
        if not targets and allowed and eng.options["choose_when_able"] == "must":
            problems.append(
                (
                    "ZX-CHOOSE-WHEN-ABLE",
                    f"{pe.describe()} could choose {', '.join(allowed)}; the resolve names none "
                    "(rule option choose_when_able must).",
                )
            )
        for t in targets:
            if t in allowed:
                continue
            sq = st.square_of(t) if isinstance(t, str) else None
            if sq is not None and st.card(t).has("zekkai"):
                problems.append(
                    (
                        "ZX-ZEKKAI",
                        f"{eng.name(t)} has Zekkai: on a square it cannot be chosen by an effect.",
                    )
                )
            else:
                problems.append(("ZX-TARGET", f"{t} is not a Z/X {pe.describe()} may choose."))
    up = effects.up_to(eff)
    if count is not None and (up is None or not 0 <= count <= up):
        problems.append(
            ("ZX-DRAW", f"{pe.describe()} draws up to {up}: count {count} is not allowed.")
        )
    return problems


def missing_target(eng: ZXEngine, pe: PendingEffect, targets: list[Any]) -> str | None:
    """Why a keyword ability's effect cannot be carried out as played with ``targets``
    (``on_illegal=apply``, docs/action-log.md: "a target that is not there"), or None.

    Alter Force puts each target from its controller's trash under its card: a target that
    is not in that trash (or is named twice: the second is no longer there) cannot be moved.
    Void Bringer puts its target from a square into the trash: a target on no square cannot.
    The check reports these targets (ZX-ALTER-FORCE, ZX-TARGET); this says the step is then
    not applied, instead of moving a card from where it is not.
    """
    st = eng.state
    kw = pe.effect.get("keyword")
    if kw == "alter_force":
        trash = list(st.players[pe.controller].trash)
        for t in targets:
            if t not in trash:
                return f"{t} is not in {pe.controller}'s trash"
            trash.remove(t)
    elif kw == "void_bringer" and targets:
        if no_decision(eng, pe):
            return "Void Bringer's life condition does not hold: it puts no Z/X into the trash"
        t = targets[0]
        if not isinstance(t, str) or st.square_of(t) is None:
            return f"{t} is not on a square"
    return None


def _affected(eng: ZXEngine, pe: PendingEffect, iid: str) -> bool:
    """ZX-NOT-AFFECTED: the effect does nothing to a Z/X it does not affect (it may still
    have been chosen); the ruling says so."""
    why = not_affected(eng, pe.controller, pe.source, iid)
    if why is not None:
        eng.ctx.ruling(
            "ZX-NOT-AFFECTED",
            f"{eng.name(iid)} was named, but {why}: {pe.describe()} does nothing to it.",
        )
        return False
    return True


def run_effect(eng: ZXEngine, pe: PendingEffect, targets: list[Any], use: bool | None) -> None:
    eff = pe.effect
    pid = pe.controller
    if not effects.supported(eff):
        text = eff.get("text") or "(no text given)"
        eng.ctx.cannot_verify(
            f"{pe.describe()} is not in the engine's effect vocabulary (ZX-EFFECT-UNSUPPORTED): "
            f'"{text}"; its result is not checked'
        )
        eng.ctx.ruling(
            "ZX-EFFECT-UNSUPPORTED",
            f'{pe.describe()} was not executed: "{text}". What it did is not checked; the log '
            "may record it in an `outcome` right after this step (ZX-OUTCOME).",
        )
        eng.event("effect", f"{pe.describe()}: not executed (unknown to the engine).")
        eng.taint_effect(pe, "ZX-EFFECT-UNSUPPORTED")
        return
    # not used: an optional effect without ``use: true``; a mandatory one recorded as not used
    # is illegal (ZX-RECORDED-CHOICE) and, applied as played (on_illegal apply), not used
    if (eff.get("optional") and use is not True or use is False) and not no_decision(eng, pe):
        eng.event("effect", f"{pid} does not use {pe.describe()}.", player=pid)
        return
    automatic = pe.trigger not in ("activated", "play", "static")  # a 【自】 ability
    if eff.get("extend_drive") and automatic and not _extend_drive_used_now(eng, pe):
        return
    kw = eff.get("keyword")
    if kw is not None:
        _keyword(eng, pe, targets)
        return
    eng.event("effect", f"{pe.describe()} resolves.", player=pid, card=pe.source)
    before = len(eng.state.agenda)
    for op in eff.get("do", []):
        _op(eng, pe, op, targets)
    if pe.context.pop("revealed_deck", False):
        # ZX-REVEAL: the revealed deck cards turn face down and the deck is shuffled once the
        # effect has finished resolving: after its ops and the steps they put on the agenda
        added = len(eng.state.agenda) - before
        eng.state.agenda.insert(max(added, 0), ("reveal_end", {"player": pid}))


def _extend_drive_used_now(eng: ZXEngine, pe: PendingEffect) -> bool:
    """ZX-EXTEND-DRIVE for a 【自】 ability: valid only if its controller has not used a Z/X
    Extend Drive! ability this game (another may have resolved since this one triggered);
    resolving it is that player's one use.  (A 【起】 one counts when it is activated.)"""
    ps = eng.state.players[pe.controller]
    if ps.extend_drive_used:
        eng.ctx.ruling(
            "ZX-EXTEND-DRIVE",
            f"{pe.describe()} has Z/X Extend Drive! and {pe.controller} has used such an "
            "ability this game already: it is not valid, nothing happens.",
        )
        eng.event("effect", f"{pe.describe()}: not valid (Z/X Extend Drive! used).")
        return False
    ps.extend_drive_used = True
    eng.ctx.ruling(
        "ZX-EXTEND-DRIVE",
        f"{pe.controller} uses its one Z/X Extend Drive! ability of the game: {pe.describe()}.",
    )
    return True


def _keyword(eng: ZXEngine, pe: PendingEffect, targets: list[Any]) -> None:
    st = eng.state
    pid = pe.controller
    kw = pe.effect["keyword"]
    if kw == "alter_force":
        sq = st.square_of(pe.source)
        if sq is None:
            return
        z = st.squares[sq]
        assert z is not None
        x, have = int(pe.context.get("n", 1)), len(st.players[pid].trash)
        if have < x:
            short = eng.options["alter_force_short"]
            eng.ctx.ruling(
                "ZX-ALTER-FORCE-SHORT",
                f"Alter Force {x}: {pid}'s trash holds {plural(have, 'card')}, fewer than {x}: "
                + ("all of them are put under it" if short == "all" else "none is put under it")
                + f" (rule option alter_force_short {short}).",
            )
            if short == "none":
                return
        for t in targets:
            st.players[pid].trash.remove(t)
            eng.force_from(z, t)
        eng.ctx.ruling(
            "ZX-ALTER-FORCE",
            f"Alter Force: {', '.join(targets) or 'no card'} from {pid}'s trash face up under "
            f"{eng.name(pe.source)} as force material.",
        )
        eng.event(
            "force",
            f"{eng.name(pe.source)} gets force material {targets}.",
            card=pe.source,
            cards=targets,
        )
        return
    holds, mine, theirs = life_condition(eng, pid)
    word = "Life Recovery" if kw == "life_recovery" else "Void Bringer"
    rule = "ZX-LIFE-RECOVERY" if kw == "life_recovery" else "ZX-VOID-BRINGER"
    if not holds:
        eng.ctx.ruling(
            rule,
            f"{word}: {pid} has {mine} life, more than {theirs}: nothing happens"
            + (" (it chooses nothing: no decision waits)." if kw == "void_bringer" else "."),
        )
        return
    if kw == "life_recovery":
        eng.ctx.ruling(
            rule,
            f"{word}: {pid} has {mine} life (this card not counted), not more than {theirs}: recover 1.",
        )
        eng.recover(pid, 1)
        return
    if not targets:
        eng.ctx.ruling(
            rule, f"{word}: {pid} may choose a Z/X to put into the trash; it chose none."
        )
        return
    sq = st.square_of(targets[0])
    assert sq is not None
    if not _affected(eng, pe, targets[0]):
        eng.ctx.ruling(
            rule,
            f"{word}: {pid} chose {eng.name(targets[0])}; the effect does not affect it: it "
            "stays on its square.",
        )
        return
    eng.ctx.ruling(
        rule,
        f"{word}: {pid} has {mine} life, not more than {theirs}: {eng.name(targets[0])} "
        "goes to the trash (not destroyed).",
    )
    eng.leave(sq, "trash", "Void Bringer")


def _op(eng: ZXEngine, pe: PendingEffect, op: dict[str, Any], targets: list[Any]) -> None:
    st = eng.state
    pid = pe.controller
    kind = op["op"]
    n = int(op.get("n", 1))
    if kind == "draw":
        for _ in range(n):
            if not eng.draw_one(pid, f" ({pe.describe()})"):
                break
        eng.ctx.ruling("ZX-DRAW", f"{pid} draws {n}, one card at a time.")
    elif kind == "draw_up_to":
        count = pe.context.get("count")
        k = int(count) if count is not None else 0
        for _ in range(k):
            if not eng.draw_one(pid, f" ({pe.describe()}, up to {n})"):
                break
        eng.ctx.ruling("ZX-DRAW", f"{pid} draws up to {n}: one at a time, stopping after {k}.")
    elif kind == "recover":
        eng.recover(pid, n)
    elif kind == "ignite":
        st.holding += 1
        steps = [("ignite_one", {"player": pid, "by_ability": True}) for _ in range(n)]
        eng.push(*steps, ("release_held", {}))
        eng.ctx.ruling(
            "ZX-IGNITION-ABILITY",
            f"{pe.describe()}: {pid} ignites {plural(n, 'time')} by an ability: no charge card "
            "goes to "
            "the trash"
            + ("; all ignitions first, then the abilities they trigger." if n > 1 else "."),
        )
    elif kind == "player_damage":
        eng.push(
            ("player_damage", {"player": st.opponent(pid), "n": n, "why": pe.describe()}),
            ("rules", {}),
        )
    elif kind == "gain_marker":
        marks = st.players[pid].markers
        marks[op["marker"]] = marks.get(op["marker"], 0) + n
        eng.ctx.ruling("ZX-MARKER", f"{pid} gains {n} <{op['marker']}> ({marks[op['marker']]}).")
    elif kind == "reveal_top":
        ps = st.players[pid]
        shown = ps.deck[:n]
        eng.event(
            "reveal",
            f"{pid} reveals {', '.join(eng.name(c) for c in shown)} from the deck top.",
            player=pid,
            cards=shown,
        )
        pe.context["revealed_deck"] = True
        eng.ctx.ruling(
            "ZX-REVEAL",
            "The revealed deck cards stay revealed, where they are, until the effect has "
            "finished resolving; then they turn face down again and the deck is shuffled.",
        )
    elif kind == "shift":
        from judge.games.zx.shift import do_shift

        do_shift(eng, pe, targets)
    elif kind == "igob":
        from judge.games.zx.igob import do_igob

        do_igob(eng, pe, op, targets)
    elif kind == "break":
        from judge.games.zx.breaking import do_break

        do_break(eng, pe, op, targets)
    elif kind == "appear":
        from judge.games.zx.appearing import do_appear

        do_appear(eng, pe, op, targets)
    elif kind == "self_power":
        sq = st.square_of(pe.source)  # ZX-SELF-POWER: this card, named without choosing
        if sq is None:
            eng.ctx.ruling(
                "ZX-SELF-POWER",
                f"{eng.name(pe.source)} is on no square: its power does not change.",
            )
        elif _affected(eng, pe, pe.source):
            eng.change_power(sq, n, pe.describe())
    elif kind in effects.TARGETED:
        for t in targets[:1]:
            sq = st.square_of(t)
            if sq is None or not _affected(eng, pe, t):
                continue
            z = st.squares[sq]
            assert z is not None
            if kind == "damage":
                eng.damage_zx(sq, n, pe.describe())
            elif kind == "power":
                eng.change_power(sq, n, pe.describe())
            elif kind == "destroy":
                eng.destroy(sq, pe.describe())
            elif kind == "remove":
                eng.ctx.ruling("ZX-REMOVE", f"{eng.name(t)} is removed from the game.")
                eng.leave(sq, "removed", pe.describe())
            else:
                z.sleeping = kind == "sleep"
                eng.ctx.ruling(
                    "ZX-REBOOT-SLEEP", f"{eng.name(t)} is {'slept' if z.sleeping else 'rebooted'}."
                )


# -- what a ``resolve`` records (issue 27: a recorded choice is judged, never replaced) -------


def recorded_choices(
    eng: ZXEngine, pe: PendingEffect, action: dict[str, Any]
) -> list[tuple[str, str]]:
    """Problems of the choices a ``resolve`` records that ``pe`` does not have
    (ZX-RECORDED-CHOICE): an optional effect not used (``use`` false or not given) that
    names choices (``use: false`` for an effect that is not optional is the core's
    :func:`~judge.core.timing.choose_pending`); ``to`` for an effect that is not an IGOB,
    ``squares`` for one that makes no Z/X appear.  Each is a recorded choice the rules do not allow: the step
    is illegal, not read as another choice."""
    eff = pe.effect
    use = action.get("use")
    out: list[tuple[str, str]] = []
    rule = "ZX-RECORDED-CHOICE"
    # ``use: false`` for an effect that is not optional: the core's check (choose_pending);
    # the choices named are listed only for an optional effect not used (rarely)
    named = (
        [f"`{k}`" for k in ("targets", "count", "to", "squares") if action.get(k) not in (None, [])]
        if eff.get("optional") and use is not True
        else None
    )
    if named and not no_decision(eng, pe):
        out.append(
            (
                rule,
                f"{pe.describe()} is optional and the resolve does not use it (`use` is "
                f"{'false' if use is False else 'not given'}), yet it names {', '.join(named)}: "
                "an effect not used chooses nothing (record `use: true` to use it).",
            )
        )
    if action.get("to") is not None and effects.igob_op(eff) is None:
        out.append((rule, f"{pe.describe()} chooses no square: `to` belongs to an IGOB."))
    if action.get("squares") is not None and effects.appear_op(eff) is None:
        out.append(
            (rule, f"{pe.describe()} makes no Z/X appear: `squares` belongs to an `appear` op.")
        )
    return out


def check_idle_resolve(eng: ZXEngine, plan: Any) -> bool:
    """A ``resolve`` while nothing waits, naming an effect that has just resolved with no
    decision (Void Bringer whose life condition did not hold, ZX-VOID-BRINGER): naming a
    target is a recorded choice that cannot happen (illegal, not applied); naming none records
    the one way it went (legal, nothing more happens).  False: no such effect."""
    from judge.core.refs import is_instance, ref_code

    st = eng.state
    src = plan.action.get("source")
    hit = None
    for s in eng.idle_effects:
        if src == s if is_instance(st, src) else ref_code(st, src) == st.code_of[s]:
            hit = s
            break
    if hit is None:
        return False
    what = eng.idle_effects[hit]
    targets = list(plan.action.get("targets") or [])
    if targets:
        plan.violate(
            "ZX-VOID-BRINGER",
            f"{what}: its controller's life cards were more than the opponent's, so it did "
            "nothing and chose no Z/X; no decision waited for it, and "
            f"{', '.join(map(str, targets))} cannot be chosen by it.",
        )
        plan.cannot_apply("no decision waited for it: its life condition did not hold")
    else:
        plan.data["idle"] = what
    return True
