"""Shift (剑临/シフト, seed 003 keyword action 15): a face-down shift card of the dynamis is put
onto a card on a square that its shift device (剣臨器) names.  Shift is not a Z/X appearing.

The comprehensive rules as a fan wiki quotes them (202.8) add: the shift and the card under it
are one card; a player controls at most one shift on the squares; the shift adds its name,
text, colour and races to the card under it.  The engine carries the text (the shift's
``effects`` become the Z/X's), not yet the name, colour and races; a shift card's ``device`` is
``{"race": …}`` and/or ``{"name": …}`` (ZX-SHIFT).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.zx.engine import ZXEngine


def controls_shift(eng: ZXEngine, pid: str) -> bool:
    return any(z.shift is not None for _, z in eng.state.zx_of(pid))


def shift_problem(eng: ZXEngine, pid: str, targets: list[Any]) -> str | None:
    """Why ``targets`` [shift card in the dynamis, card on a square] is not a Shift now."""
    st = eng.state
    if controls_shift(eng, pid):
        return f"{pid} already controls a shift on a square: at most one"
    if len(targets) != 2:
        return "a Shift names the shift card of the dynamis and the card on a square"
    sc, on = targets
    down = [iid for iid, up in st.players[pid].dynamis if not up]
    if sc not in down or st.card(sc).type != "shift":
        return f"{sc} is not a face-down shift card in {pid}'s dynamis"
    sq = st.square_of(on) if isinstance(on, str) else None
    if sq is None or st.controller[sq] != pid:
        return f"{on} is not {pid}'s card on a square"
    device = st.card(sc).raw.get("device") or {}
    d = st.card(on)
    if "race" in device and device["race"] not in d.races:
        return f"{eng.name(on)} is not a {device['race']} as {eng.name(sc)}'s shift device says"
    if "name" in device and device["name"] != d.name:
        return f"{eng.name(on)} is not {device['name']} as {eng.name(sc)}'s shift device says"
    return None


def possible(eng: ZXEngine, pid: str) -> list[list[str]]:
    st = eng.state
    return [
        [sc, z.card]
        for sc, up in st.players[pid].dynamis
        if not up
        for _, z in st.zx_of(pid)
        if shift_problem(eng, pid, [sc, z.card]) is None
    ]


def check_shift(eng: ZXEngine, pe: PendingEffect, targets: list[Any]) -> list[tuple[str, str]]:
    if not targets:
        can = possible(eng, pe.controller)
        if can:
            return [
                (
                    "ZX-SHIFT",
                    f"{pe.describe()}: a Shift can be done (e.g. {can[0][0]} onto {can[0][1]}); "
                    "the resolve names none.",
                )
            ]
        return []
    why = shift_problem(eng, pe.controller, targets)
    return [("ZX-SHIFT", f"{pe.describe()}: {why}.")] if why else []


def do_shift(eng: ZXEngine, pe: PendingEffect, targets: list[Any]) -> None:
    st = eng.state
    pid = pe.controller
    why = shift_problem(eng, pid, targets)
    if why is not None:
        eng.ctx.ruling("ZX-SHIFT", f"{pe.describe()}: no Shift is done ({why}).")
        return
    sc, on = targets
    ps = st.players[pid]
    ps.dynamis = [e for e in ps.dynamis if e[0] != sc]
    sq = st.square_of(on)
    assert sq is not None
    z = st.squares[sq]
    assert z is not None
    z.shift = sc
    eng.ctx.ruling(
        "ZX-SHIFT",
        f"Shift: {eng.name(sc)} from the dynamis is put onto {eng.name(on)} on square {sq} (not "
        "an appearance): the two are one card, which gains the shift's text and races.",
    )
    eng.event("shift", f"{eng.name(sc)} is put onto {eng.name(on)}.", player=pid, card=sc)
