"""IGOB (Ignition Overboost, seed 003 keyword action 14): the player card turns over to show
its Z/X OB lower half, joins a face-down Z/X OB upper half of the same name from the dynamis,
and the two appear as one Z/X, rebooted, on an empty square that is not the opponent's player
square.  IGOB is not "appearing by a card's ability".

The player card with a lower half on its back is named in the ``setup`` (``overboost``, at
most one: ZX-OB-SETUP); its instance id is ``<player>-P1``.  A Z/X OB leaving its square
splits again (ZX-OB-LEAVE, in ``Moves.leave``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.zx.geometry import GRID

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.zx.engine import ZXEngine


def lower_name(eng: ZXEngine, pid: str) -> str | None:
    """The name of the Z/X OB lower half on ``pid``'s player card, while the card is on its
    player square (None: no such card, or it is part of a Z/X OB now)."""
    ps = eng.state.players[pid]
    if ps.player_card is None or ps.player_card_away:
        return None
    return str(eng.state.card(ps.player_card).raw.get("overboost") or "") or None


def igob_problem(
    eng: ZXEngine, pid: str, op: dict[str, Any], targets: list[Any], to: Any
) -> str | None:
    """Why the IGOB of ``op`` cannot be done with ``targets`` [upper half] and square ``to``."""
    st = eng.state
    lower = lower_name(eng, pid)
    if lower is None:
        return f"{pid} has no player card with a Z/X OB lower half on its player square"
    want = op.get("name")
    if want and want not in lower:
        return f"the lower half {lower!r} does not contain the name {want!r}"
    if len(targets) != 1:
        return "an IGOB names one Z/X OB upper half of the dynamis"
    upper = targets[0]
    down = [iid for iid, up in st.players[pid].dynamis if not up]
    if upper not in down or st.card(upper).type != "zx_ob":
        return f"{upper} is not a face-down Z/X OB upper half in {pid}'s dynamis"
    if st.card(upper).name != lower:
        return f"the upper half {st.card(upper).name!r} is not named as the lower half {lower!r}"
    opp = st.opponent(pid)
    if to not in GRID.squares or st.squares.get(to) is not None:
        return f"square {to} is not a square without a Z/X"
    if to == GRID.player_square(st.players[opp].seat):
        return f"square {to} is {opp}'s player square"
    return None


def possible(eng: ZXEngine, pid: str, op: dict[str, Any]) -> list[tuple[str, int]]:
    st = eng.state
    out = []
    for iid, up in st.players[pid].dynamis:
        if up:
            continue
        for sq in GRID.names():
            if igob_problem(eng, pid, op, [iid], sq) is None:
                out.append((iid, sq))
    return out


def check_igob(
    eng: ZXEngine, pe: PendingEffect, targets: list[Any], to: Any
) -> list[tuple[str, str]]:
    """A ``resolve`` for an IGOB names the upper half (``targets``) and the square (``to``);
    nothing only when no IGOB can be done (ZX-IGOB)."""
    op = next(o for o in pe.effect["do"] if o.get("op") == "igob")
    if not targets and to is None:
        can = possible(eng, pe.controller, op)
        if can:
            return [
                (
                    "ZX-IGOB",
                    f"{pe.describe()}: an IGOB can be done (e.g. {can[0][0]} to square "
                    f"{can[0][1]}); the resolve names none.",
                )
            ]
        return []
    why = igob_problem(eng, pe.controller, op, targets, to)
    return [("ZX-IGOB", f"{pe.describe()}: {why}.")] if why else []


def do_igob(eng: ZXEngine, pe: PendingEffect, op: dict[str, Any], targets: list[Any]) -> None:
    st = eng.state
    pid = pe.controller
    to = pe.context.get("to")
    why = igob_problem(eng, pid, op, targets, to)
    if why is not None:
        eng.ctx.ruling(
            "ZX-IGOB-UNDO",
            f"{pe.describe()}: the IGOB cannot be done ({why}): the game returns to the state "
            "just before it; no card moves.",
        )
        eng.event("igob_failed", f"The IGOB of {pe.describe()} cannot be done.", player=pid)
        return
    upper = targets[0]
    ps = st.players[pid]
    ps.dynamis = [e for e in ps.dynamis if e[0] != upper]
    ps.player_card_away = True
    eng.ctx.ruling(
        "ZX-IGOB",
        f"IGOB: {pid}'s player card turns over to its Z/X OB lower half, joins "
        f"{eng.name(upper)} from the dynamis, and they appear as one Z/X, rebooted, on square "
        f"{to} (not an appearance by a card's ability).",
    )
    z = eng.appear(pid, upper, to, "by IGOB, not by a card's ability", rebooted=True)
    z.lower = ps.player_card
