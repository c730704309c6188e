"""Several Z/X appearing at once (seed 003, keyword action 6, 登场).

The seed: appearing moves a Z/X, Z/X EX or Z/X OB from outside the squares onto a square;
"when several cards appear at the same time, they must appear on different squares where they
can appear; if there are too few such squares, as many of them as possible appear"
(将复数卡同时登场的场合，必须登场到分别不同的可供登场的方阵上。若可供登场的方阵数量不足，则尽可能地将这些卡登场到可供登场的方阵上).

An effect's ``appear`` op (``docs/zx.md``) names the zone the cards come from (``from``), how
many (``n``, exactly or ``"up_to"``) and what they fit (``zx``).  Its ``resolve`` names the
cards in ``targets`` and, in the same order, their squares in ``squares``: the k-th card goes
to the k-th square, and cards named after the last square stay where they are (only when no
other square is free: ZX-APPEAR-SEVERAL).

The squares a Z/X "can appear on" are those a Z/X may be played to (ZX-PLAY-SQUARE): not the
opponent's player square, holding no opponent's Z/X and no sleeping Z/X of one's own.  A square
with one's own rebooted Z/X is one (the new card overwrites it), but whether "as many as
possible" requires overwriting no source says: leaving a card out while only such squares are
free is judged unverifiable, not illegal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import agree, noun_for

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.zx.engine import ZXEngine

ZONES = ("hand", "trash", "charge", "deck")


def zone_of(eng: ZXEngine, pid: str, op: dict[str, Any]) -> list[str | None]:
    """The zone of ``pid`` the op takes its cards from (``from``, default the hand)."""
    where = op.get("from", "hand")
    return list(getattr(eng.state.players[pid], where if where in ZONES else "hand"))


def fitting(eng: ZXEngine, pid: str, op: dict[str, Any]) -> list[str]:
    """The known cards of that zone the op may make appear: Z/X (card type ``zx``) with the
    ``race``, ``name`` and ``color`` its ``zx`` names and a cost not over ``cost_max``."""
    st = eng.state
    spec = op.get("zx") or {}
    out = []
    for c in zone_of(eng, pid, op):
        if c is None:
            continue
        d = st.card(c)
        if d.type != "zx":
            continue
        if "race" in spec and spec["race"] not in d.races:
            continue
        if "name" in spec and spec["name"] != d.name:
            continue
        if "color" in spec and spec["color"] != d.color:
            continue
        if "cost_max" in spec and d.cost > int(spec["cost_max"]):
            continue
        out.append(c)
    return out


def _empty_squares(eng: ZXEngine, pid: str) -> list[int]:
    """The squares a Z/X of ``pid`` can appear on that hold no Z/X."""
    return [sq for sq in eng.open_squares(pid) if eng.state.squares.get(sq) is None]


def check_appear(
    eng: ZXEngine, pe: PendingEffect, targets: list[Any], squares: list[Any] | None
) -> list[tuple[str, str]]:
    """Problems of a ``resolve`` for an ``appear`` op: the cards (ZX-TARGET: from the zone,
    fitting, how many) and their squares (ZX-APPEAR-SEVERAL: different squares where they
    can appear; none left out while a square without a Z/X is free)."""
    op = next(o for o in pe.effect["do"] if o.get("op") == "appear")
    pid = pe.controller
    where = op.get("from", "hand")
    n = int(op.get("n", 1))
    squares = list(squares or [])
    problems: list[tuple[str, str]] = []
    allowed = fitting(eng, pid, op)
    for t in targets:
        if t not in allowed:
            problems.append(
                ("ZX-TARGET", f"{t} is not a Z/X of {pid}'s {where} that {pe.describe()} names.")
            )
    if len(set(map(str, targets))) != len(targets):
        problems.append(("ZX-TARGET", f"{pe.describe()} names a card twice: {targets}."))
    hidden = any(c is None for c in zone_of(eng, pid, op))
    if op.get("up_to"):
        if len(targets) > n:
            problems.append(("ZX-TARGET", f"{pe.describe()} makes up to {n} Z/X appear."))
    elif len(targets) > n or len(targets) < min(n, len(allowed)) and not hidden:
        problems.append(
            (
                "ZX-TARGET",
                f"{pe.describe()} makes {n} Z/X appear ({len(allowed)} fit in {pid}'s "
                f"{where}); the resolve names {len(targets)}.",
            )
        )
    if len(squares) > len(targets):
        problems.append(
            (
                "ZX-APPEAR-SEVERAL",
                f"{len(squares)} squares for {len(targets)} Z/X: one square for each Z/X.",
            )
        )
    seen: set[Any] = set()
    for sq in squares:
        if sq in seen:
            problems.append(
                (
                    "ZX-APPEAR-SEVERAL",
                    f"Two Z/X appearing at once cannot go to the same square {sq}: each to a "
                    "different square.",
                )
            )
        seen.add(sq)
        why = eng.square_problem(pid, sq) if isinstance(sq, int) else f"{sq} is not a square"
        if why is not None:
            problems.append(("ZX-APPEAR-SEVERAL", f"A Z/X cannot appear on square {sq}: {why}."))
    if len(squares) < len(targets):
        free = [sq for sq in _empty_squares(eng, pid) if sq not in seen]
        if free:
            left = targets[len(squares) :]
            problems.append(
                (
                    "ZX-APPEAR-SEVERAL",
                    f"{', '.join(map(str, left))} would not appear while "
                    f"{noun_for(len(free), 'square')} {', '.join(map(str, free))} "
                    f"{agree(len(free), 'is', 'are')} free: as many as possible appear.",
                )
            )
    return problems


def possible(eng: ZXEngine, pid: str, op: dict[str, Any]) -> tuple[list[str], list[int]]:
    """One choice the op allows (for ``legal_actions``): the first fitting cards (as many as
    it makes appear) on the first squares without a Z/X (as many as there are)."""
    n = int(op.get("n", 1))
    cards = fitting(eng, pid, op)[:n]
    seen: set[str] = set()
    distinct = []
    for c in cards:
        if c not in seen:
            seen.add(c)
            distinct.append(c)
    return distinct, _empty_squares(eng, pid)[: len(distinct)]


def do_appear(eng: ZXEngine, pe: PendingEffect, op: dict[str, Any], targets: list[Any]) -> None:
    """ZX-APPEAR-SEVERAL: the named cards leave their zone and appear at once, each on its
    square; the abilities they trigger by appearing wait together (the pool)."""
    st = eng.state
    pid = pe.controller
    where = op.get("from", "hand")
    squares = list(pe.context.get("squares") or [])
    zone = getattr(st.players[pid], where if where in ZONES else "hand")
    placed = [(c, sq) for c, sq in zip(targets, squares, strict=False) if c in zone]
    left = [c for c in targets[len(squares) :] if c in zone]
    if left:
        others = [sq for sq in eng.open_squares(pid) if sq not in squares]
        if others:
            eng.ctx.cannot_verify(
                f"{', '.join(left)} did not appear while {noun_for(len(others), 'square')} "
                f"{', '.join(map(str, others))} held a rebooted Z/X of {pid}: whether appearing "
                "'as many as possible' requires overwriting it no stored source says"
            )
    short = not op.get("up_to") and len(targets) < int(op.get("n", 1))
    if short and any(c is None for c in zone):
        eng.ctx.cannot_verify(
            f"{pe.describe()} names {len(targets)} Z/X of {pid}'s {where}, fewer than "
            f"{op.get('n', 1)}: whether its hidden cards held more no one has shown"
        )
    for c, _ in placed:
        zone.remove(c)
    eng.ctx.ruling(
        "ZX-APPEAR-SEVERAL",
        f"{pe.describe()}: "
        + (
            ", ".join(f"{eng.name(c)} on square {sq}" for c, sq in placed)
            + (
                " appear at the same time, each on a different square"
                if len(placed) > 1
                else " appears"
            )
            if placed
            else "no Z/X appears"
        )
        + (
            f"; {', '.join(left)} {agree(len(left), 'stays', 'stay')} in the {where} (no empty "
            "square left)."
            if left
            else "."
        ),
    )
    for c, sq in placed:
        eng.appear(pid, c, sq, f"from the {where}, by {pe.describe()}")
    if where == "deck" and op.get("shuffle"):
        eng.shuffle(pid)
