"""Break (超越/ブレイク, seed 003 keyword action 18) and its battle cases.

Break moves card B (a Z/X of the controller's hand) onto the square of card A (a Z/X on a
square: a rebooted one unless the op says ``"rebooted": false``; the seed notes that today's
cards all name a rebooted one), puts A face down into the force zone as B's force material, and B appears
rebooted.  If it cannot be completed the game returns to the state before it: the engine
checks everything first and moves nothing then (ZX-BREAK-UNDO).  A Z/X with a face-down force
material is in Break state (``ZX.broken``), which Alter Break abilities need (ZX-ALTER-BREAK).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.zx.resolve import choosable
from judge.games.zx.state import Force

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.zx.engine import ZXEngine


def break_problem(eng: ZXEngine, pid: str, op: dict[str, Any], targets: list[Any]) -> str | None:
    """Why the Break of ``op`` cannot be done with ``targets`` [A, B] now, or None."""
    st = eng.state
    if len(targets) != 2:
        return f"a Break names card A on a square and card B in the hand, not {targets}"
    a, b = targets
    if not isinstance(a, str) or a not in choosable(eng, pid, op.get("target", {"side": "own"})):
        return f"{a} is not a Z/X on a square the Break may name as card A"
    sq = st.square_of(a)
    z = st.squares[sq] if sq is not None else None
    if z is None or z.sleeping and op.get("rebooted", True):
        return f"card A {eng.name(a)} is sleeping: this Break names a rebooted Z/X"
    if not isinstance(b, str) or b not in st.players[pid].hand:
        return f"{b} is not in {pid}'s hand"
    if not st.card(b).is_zx or st.card(b).type != "zx":
        return f"card B {eng.name(b)} is not a Z/X"
    return None


def possible(eng: ZXEngine, pid: str, op: dict[str, Any]) -> list[list[str]]:
    """Every [A, B] pair the Break could name now (empty: it cannot be done).  A Z/X EX or
    Z/X OB as card A is left out: what becomes of it no stored source says (``off_square``),
    so the engine does not require that Break."""
    st = eng.state
    out = []
    for a in choosable(eng, pid, op.get("target", {"side": "own"})):
        if st.card(a).type in ("zx_ex", "zx_ob"):
            continue
        for b in st.players[pid].hand:
            if b is not None and break_problem(eng, pid, op, [a, b]) is None:
                out.append([a, b])
    return out


def check_break(eng: ZXEngine, pe: PendingEffect, targets: list[Any]) -> list[tuple[str, str]]:
    """A ``resolve`` for a Break: the targets it names must be a Break that can be done; no
    targets only when none can (ZX-BREAK)."""
    op = pe.effect and next(o for o in pe.effect["do"] if o.get("op") == "break")
    if not targets:
        pairs = possible(eng, pe.controller, op)
        if pairs:
            return [
                (
                    "ZX-BREAK",
                    f"{pe.describe()}: a Break can be done (e.g. card A {pairs[0][0]}, card B "
                    f"{pairs[0][1]}); the resolve names no cards.",
                )
            ]
        return []
    why = break_problem(eng, pe.controller, op, targets)
    return [("ZX-BREAK", f"{pe.describe()}: {why}.")] if why else []


def do_break(eng: ZXEngine, pe: PendingEffect, op: dict[str, Any], targets: list[Any]) -> None:
    """ZX-BREAK: A face down under B as force, B appears rebooted on A's square; an attack on
    A goes on against B; an attack by A ends (ZX-BREAK-BATTLE)."""
    st = eng.state
    pid = pe.controller
    why = break_problem(eng, pid, op, targets)
    if why is not None:
        eng.ctx.ruling(
            "ZX-BREAK-UNDO",
            f"{pe.describe()}: the Break cannot be completed ({why}): the game returns to the "
            "state before the Break; no card moves.",
        )
        eng.event("break_failed", f"The Break of {pe.describe()} cannot be done.", player=pid)
        return
    a, b = targets
    sq = st.square_of(a)
    assert sq is not None
    za = eng.off_square(sq, "card A of a Break")
    force = [Force(a, face_up=False)]
    if za.force:
        keep = eng.options["break_force"]
        if keep == "keep":
            force += za.force
        else:
            for f in za.force:
                st.players[st.owner_of[f.card]].trash.append(f.card)
        eng.ctx.ruling(
            "ZX-BREAK",
            f"Card A {eng.name(a)} had {len(za.force)} force material(s): they "
            + ("stay, now under card B" if keep == "keep" else "go to the trash")
            + f" (rule option break_force {keep}).",
        )
    st.players[pid].hand.remove(b)
    eng.ctx.ruling(
        "ZX-BREAK",
        f"Break: {eng.name(b)} (card B, from the hand) goes onto square {sq}; {eng.name(a)} "
        "(card A) goes face down into the force zone as its force material; "
        f"{eng.name(b)} appears rebooted and is in Break state.",
    )
    battle = st.battle
    zb = eng.appear(pid, b, sq, f"Break onto {eng.name(a)}", force=force, rebooted=True)
    if battle is None:
        return
    if battle.target is za:
        battle.target = zb
        eng.ctx.ruling(
            "ZX-BREAK-BATTLE",
            f"{eng.name(a)} was being attacked: the attack's target becomes {eng.name(b)} and "
            "the battle goes on.",
        )
    elif battle.attacker is za:
        eng.ctx.ruling(
            "ZX-BREAK-BATTLE",
            f"{eng.name(a)} was attacking: {eng.name(b)} does not become the attacking Z/X; the "
            "attacking Z/X is no longer on a square, so the battle ends.",
        )
