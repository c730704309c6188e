"""Break (超越/ブレイク, seed 003 keyword action 18) and its battle cases.

Break moves card B (a Z/X of the controller's hand) onto the square of card A (a Z/X on a
square: a rebooted one unless the op says ``"rebooted": false``; the seed notes that today's
cards all name a rebooted one), puts A face down into the force zone as B's force material, and B appears
rebooted.  "由于任何原因，“超越”指定的行动无法实行的场合，将游戏的状态回归这次超越实行前": the
cards are designated (指定的), not chosen, so Zekkai does not stop them (ZX-CHOOSE); the
designation is checked first (an impossible one is illegal, ZX-BREAK); then the Break's steps
in the seed's order (card B moved onto card A's square, card A face down into the force zone,
card B appears): when one cannot be done (card A not affected by the effect,
ZX-NOT-AFFECTED, among others) the game is as it was before the Break, exactly (each step
that can fail is asked before any card moves), and the step's ruling says why
(ZX-BREAK-UNDO).  A Z/X with a face-down force
material is in Break state (``ZX.broken``), which Alter Break abilities need (ZX-ALTER-BREAK).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import agree, plural
from judge.games.zx import effects
from judge.games.zx.resolve import choosable, not_affected
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
    if not isinstance(a, str) or a not in _designatable(eng, pid, op):
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


def _designatable(eng: ZXEngine, pid: str, op: dict[str, Any]) -> list[str]:
    """The Z/X on squares the Break may designate as card A: of the side its ``target``
    names (default your own); Zekkai does not stop a designation, only a choice (the op's
    ``chooses``, default false: ZX-CHOOSE, ZX-ZEKKAI)."""
    return choosable(eng, pid, op.get("target", {"side": "own"}), effects.chooses(op))


def possible(
    eng: ZXEngine, pid: str, op: dict[str, Any], source: str | None = None
) -> list[list[str]]:
    """Every [A, B] pair the Break of ``source``'s effect could name now and complete (empty:
    it cannot be done).  A Z/X EX or Z/X OB as card A is left out: what becomes of it no
    stored source says (``off_square``), so the engine does not require that Break; so is a
    card A the effect does not affect (the Break would not be completed: ZX-BREAK-UNDO)."""
    st = eng.state
    out = []
    for a in _designatable(eng, pid, op):
        if st.card(a).type in ("zx_ex", "zx_ob"):
            continue
        if source is not None and not_affected(eng, pid, source, a) is not None:
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
        pairs = possible(eng, pe.controller, op, pe.source)
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
    """ZX-BREAK: B onto A's square, A face down under B as force, B appears rebooted; an
    attack on A goes on against B; an attack by A ends (ZX-BREAK-BATTLE).  A Break that
    cannot be completed leaves the state as it was before it (ZX-BREAK-UNDO)."""
    pid = pe.controller
    why = break_problem(eng, pid, op, targets)
    if why is None:
        said: list[tuple[str, str]] = []
        why = _cannot_complete(eng, pe, targets, said)
        if why is None:
            _carry_out(eng, pe, targets)
        else:
            for rule, text in said:  # what the step said of why
                eng.ctx.ruling(rule, text)
    if why is not None:
        eng.ctx.ruling(
            "ZX-BREAK-UNDO",
            f"{pe.describe()}: the Break cannot be carried out ({why}): the game returns to "
            "the state before the Break (every card where it was).",
        )
        eng.event("break_failed", f"The Break of {pe.describe()} cannot be done.", player=pid)


def _cannot_complete(
    eng: ZXEngine, pe: PendingEffect, targets: list[Any], said: list[tuple[str, str]]
) -> str | None:
    """The reason a step of the Break, in the seed's order, cannot be done (and what the
    step says of it, in ``said``), or None when every step can: each step that can fail is
    asked here, before :func:`_carry_out` moves any card, so a Break that cannot be
    completed changes nothing and the state before it needs no copy to go back to (a copy
    of the whole game at every Break, when nearly every Break is completed)."""
    st = eng.state
    pid = pe.controller
    a, b = targets
    sq = st.square_of(a)
    if sq is None:
        return f"card A {eng.name(a)} is not on a square"
    # 1. card B, from the hand, is moved onto card A's square
    if b not in st.players[pid].hand:
        return f"card B {eng.name(b)} is not in {pid}'s hand"
    # 2. card A goes face down into the force zone, as card B's force material: moved by the
    # effect, so a card A the effect does not affect cannot be (seed 003, keyword action 13;
    # :func:`~judge.games.zx.resolve.not_affected` reads neither the hand nor card B)
    unaffected = not_affected(eng, pid, pe.source, a)
    if unaffected is not None:
        said.append(
            (
                "ZX-NOT-AFFECTED",
                f"Card A {eng.name(a)}: {unaffected}, so {pe.describe()} cannot move it into "
                "the force zone.",
            )
        )
        return (
            f"{eng.name(b)} had been moved onto square {sq}, but card A {eng.name(a)} cannot "
            f"be moved by the effect: {unaffected}"
        )
    return None


def _carry_out(eng: ZXEngine, pe: PendingEffect, targets: list[Any]) -> None:
    """The Break's steps in the seed's order, once :func:`_cannot_complete` found that each
    can be done."""
    st = eng.state
    pid = pe.controller
    a, b = targets
    sq = st.square_of(a)
    assert sq is not None
    # 1. card B, from the hand, is moved onto card A's square
    st.players[pid].hand.remove(b)
    # 2. card A goes face down into the force zone, as card B's force material
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
            f"Card A {eng.name(a)} had {plural(len(za.force), 'force material')}: "
            + agree(len(za.force), "it ", "they ")
            + (
                agree(len(za.force), "stays", "stay") + ", now under card B"
                if keep == "keep"
                else agree(len(za.force), "goes", "go") + " to the trash"
            )
            + f" (rule option break_force {keep}).",
        )
    eng.ctx.ruling(
        "ZX-BREAK",
        f"Break: {eng.name(b)} (card B, from the hand) goes onto square {sq}; {eng.name(a)} "
        "(card A) goes face down into the force zone as its force material; "
        f"{eng.name(b)} appears rebooted and is in Break state.",
    )
    # 3. card B appears rebooted
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
