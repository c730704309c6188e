"""Shift (剑临/シフト, seed 003 keyword action 15): a face-down shift card of the dynamis is put
onto a card on a square that its shift device (剣臨器) names.  Shift is not a Z/X appearing.

The comprehensive rules as a fan wiki quotes them (202.8) add: the shift and the card under it
are one card; a player controls at most one shift on the squares; the shift adds information to
the card under it: its text, and the name, colour and races marked with the plus icon
(202.8d), a colour or race the card already has not being added again (202.8e).  The engine
carries the text (the shift's ``effects`` become the card's, ``Moves.effects_of``) and what a
shift card's ``adds`` lists (``{"name": …, "color": …, "races": […]}``: its plus-icon
information): :func:`names_of`, :func:`colors_of`, :func:`races_of` and :func:`fits` read a
card with it (ZX-SHIFT-INFO).  A shift card's ``device`` is ``{"race": …}`` and/or
``{"name": …}`` (ZX-SHIFT).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import noun_for

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.zx.engine import ZXEngine


def _shift_on(eng: ZXEngine, iid: str) -> str | None:
    """The shift card on ``iid``, when ``iid`` is on a square with one."""
    st = eng.state
    z = st.on_field.get(iid)
    return z.shift if z is not None else None


def _adds(eng: ZXEngine, iid: str) -> dict[str, Any]:
    sc = _shift_on(eng, iid)
    return dict(eng.state.card(sc).raw.get("adds") or {}) if sc is not None else {}


def names_of(eng: ZXEngine, iid: str) -> tuple[str, ...]:
    """``iid``'s card names: its own, and the one its shift adds (CR 202.8d, ZX-SHIFT-INFO)."""
    own = eng.state.card(iid).name
    added = _adds(eng, iid).get("name")
    return (own,) if not added or added == own else (own, str(added))


def colors_of(eng: ZXEngine, iid: str) -> tuple[str, ...]:
    """``iid``'s colours: its own, and the one its shift adds unless it has it (CR 202.8d-e)."""
    own = eng.state.card(iid).color
    added = _adds(eng, iid).get("color")
    return (own,) if not added or added == own else (own, str(added))


def races_of(eng: ZXEngine, iid: str) -> tuple[str, ...]:
    """``iid``'s races: its own, then those its shift adds that it lacks (CR 202.8d-e)."""
    own = tuple(eng.state.card(iid).races)
    return own + tuple(r for r in _adds(eng, iid).get("races") or () if r not in own)


def fits(eng: ZXEngine, iid: str, spec: dict[str, Any]) -> bool:
    """Whether ``iid`` has the ``race``, ``name`` and ``color`` ``spec`` names (each optional),
    with what a shift on it adds."""
    if "race" in spec and spec["race"] not in races_of(eng, iid):
        return False
    if "name" in spec and spec["name"] not in names_of(eng, iid):
        return False
    return not ("color" in spec and spec["color"] not in colors_of(eng, iid))


def controls_shift(eng: ZXEngine, pid: str) -> bool:
    """Whether a shift card of ``pid``'s is on a square (at most one, CR 202.8)."""
    st = eng.state
    return any(
        z is not None and z.shift is not None and st.owner_of[z.shift] == pid
        for z in st.squares.values()
    )


def onto_cards(eng: ZXEngine, pid: str) -> list[str]:
    """The cards on squares ``pid`` may Shift onto: its own (rule option shift_onto "own",
    the default) or any player's ("any"): the seed names only the square the shift device
    designates (ZX-SHIFT-ONTO, GAP)."""
    st = eng.state
    if eng.options["shift_onto"] == "any":
        return [z.card for _, z in sorted(st.squares.items()) if z is not None]
    return [z.card for _, z in st.zx_of(pid)]


def shift_problem(eng: ZXEngine, pid: str, targets: list[Any]) -> str | None:
    """Why ``targets`` [shift card in the dynamis, card on a square] is not a Shift now, in the
    order of ZX-SHIFT's text (seed 003 keyword action 15, then CR 202.8): a face-down shift card
    of the dynamis, put onto a card on a square its shift device names; at most one."""
    st = eng.state
    if len(targets) != 2:
        return "a Shift names the shift card of the dynamis and the card on a square"
    sc, on = targets
    down = [iid for iid, up in st.players[pid].dynamis if not up]
    if sc not in down or st.card(sc).type != "shift":
        return f"{sc} is not a face-down shift card in {pid}'s dynamis"
    sq = st.square_of(on) if isinstance(on, str) else None
    if sq is None:
        return f"{on} is not a card on a square"
    if on not in onto_cards(eng, pid):
        return f"{on} is not {pid}'s card on a square (rule option shift_onto own)"
    device = st.card(sc).raw.get("device") or {}
    if "race" in device and device["race"] not in races_of(eng, on):
        return f"{eng.name(on)} is not a {device['race']} as {eng.name(sc)}'s shift device says"
    if "name" in device and device["name"] not in names_of(eng, on):
        return f"{eng.name(on)} is not {device['name']} as {eng.name(sc)}'s shift device says"
    if controls_shift(eng, pid):
        return f"{pid} already controls a shift on a square: at most one"
    return None


def possible(eng: ZXEngine, pid: str) -> list[list[str]]:
    st = eng.state
    return [
        [sc, on]
        for sc, up in st.players[pid].dynamis
        if not up
        for on in onto_cards(eng, pid)
        if shift_problem(eng, pid, [sc, on]) is None
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
    from judge.games.zx.resolve import not_affected

    unaffected = not_affected(eng, pid, pe.source, on)
    if unaffected is not None:  # the shift would change the card: the effect does not affect it
        eng.ctx.ruling(
            "ZX-NOT-AFFECTED",
            f"{eng.name(on)} was named, but {unaffected}: {pe.describe()} puts no shift card "
            f"onto it; {eng.name(sc)} stays in the dynamis.",
        )
        return
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
        "an appearance): the two are one card, which gains the shift's text.",
    )
    adds = _adds(eng, on)
    if adds:
        names, colours = list(names_of(eng, on)), list(colors_of(eng, on))
        races = list(races_of(eng, on))
        eng.ctx.ruling(
            "ZX-SHIFT-INFO",
            f"{eng.name(on)} now also has what {eng.name(sc)} adds: "
            f"{noun_for(len(names), 'name')} {', '.join(names)}; "
            f"{noun_for(len(colours), 'colour')} {', '.join(colours)}; "
            f"{noun_for(len(races), 'race')} {', '.join(races) or 'none'} (a colour or race it had "
            "is not added again).",
        )
    eng.event("shift", f"{eng.name(sc)} is put onto {eng.name(on)}.", player=pid, card=sc)
