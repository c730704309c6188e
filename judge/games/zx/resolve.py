"""Resolving a pending Z/X effect: its targets checked (choose, Zekkai), its ops carried out
(each a keyword action of the seed), keyword abilities' own effects (Alter Force, Life
Recovery, Void Bringer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.zx import effects

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def choosable(eng: ZXEngine, chooser: str, spec: dict[str, Any]) -> list[str]:
    """The Z/X on squares an effect of ``chooser`` may choose (ZX-CHOOSE): of the side the
    effect names, with the race, name and colour it names (a shift's added ones counted,
    ZX-SHIFT-INFO), without Zekkai (ZX-ZEKKAI); a Z/X not affected by effects may be chosen
    (ZX-NOT-AFFECTED)."""
    from judge.games.zx.shift import fits

    st = eng.state
    side = spec.get("side", "opponent")
    out = []
    for sq, z in sorted(st.squares.items()):
        if z is None:
            continue
        ctrl = st.controller[sq]
        if side == "opponent" and ctrl == chooser or side == "own" and ctrl != chooser:
            continue
        if st.card(z.card).has("zekkai"):
            continue
        if not fits(eng, z.card, spec):
            continue
        out.append(z.card)
    return out


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
        n = min(int(pe.context.get("n", 1)), len(trash))
        if len(targets) != n or any(t not in trash for t in targets) or len(set(targets)) != n:
            problems.append(
                (
                    "ZX-ALTER-FORCE",
                    f"Alter Force chooses exactly {n} card(s) of {pe.controller}'s "
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
        spec = {"op": "trash", "target": {"side": "any"}}
    if spec is None:
        if targets:
            problems.append(
                ("ZX-CHOOSE", f"{pe.describe()} chooses nothing; targets {targets} given.")
            )
    else:
        allowed = choosable(eng, pe.controller, spec.get("target", {}))
        if len(targets) > 1:
            problems.append(("ZX-CHOOSE", f"{pe.describe()} chooses one Z/X, not {len(targets)}."))
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
                problems.append(("ZX-CHOOSE", f"{t} is not a Z/X {pe.describe()} may choose."))
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
    The check reports these targets (ZX-ALTER-FORCE, ZX-CHOOSE); this says the step is then
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
        t = targets[0]
        if not isinstance(t, str) or st.square_of(t) is None:
            return f"{t} is not on a square"
    return None


def _affected(eng: ZXEngine, pe: PendingEffect, iid: str) -> bool:
    """ZX-NOT-AFFECTED: an opponent's effect does not affect a Z/X unaffected by them."""
    st = eng.state
    sq = st.square_of(iid)
    ctrl = st.controller.get(sq) if sq is not None else None
    if st.card(iid).has("unaffected_by_opponent") and ctrl != pe.controller:
        eng.ctx.ruling(
            "ZX-NOT-AFFECTED",
            f"{eng.name(iid)} was chosen, but it is not affected by its opponent's effects: "
            f"{pe.describe()} does nothing to it.",
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
    if eff.get("optional") and use is not True:
        eng.event("effect", f"{pid} does not use {pe.describe()}.", player=pid)
        return
    kw = eff.get("keyword")
    if kw is not None:
        _keyword(eng, pe, targets)
        return
    eng.event("effect", f"{pe.describe()} resolves.", player=pid, card=pe.source)
    for op in eff.get("do", []):
        _op(eng, pe, op, targets)


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
    mine = len(st.players[pid].life)
    theirs = len(st.players[st.opponent(pid)].life)
    word = "Life Recovery" if kw == "life_recovery" else "Void Bringer"
    rule = "ZX-LIFE-RECOVERY" if kw == "life_recovery" else "ZX-VOID-BRINGER"
    if mine > theirs:
        eng.ctx.ruling(rule, f"{word}: {pid} has {mine} life, more than {theirs}: nothing happens.")
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
            f"{pe.describe()}: {pid} ignites {n} time(s) by an ability: no charge card goes to "
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
        eng.shuffle(pid)
        eng.ctx.ruling(
            "ZX-REVEAL", "The revealed deck cards turn face down again and the deck is shuffled."
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
