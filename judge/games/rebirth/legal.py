"""``legal_actions``: the decisions the players may record now.

Candidates are generated per decision kind and passed through the engine's own ``check``, so
the list is legal by construction.  Cards are named by instance id, one per code; costs are
paid energy first (``pay`` always given).  Choices with many combinations are sampled: every
empty member square for a move, the entry and every square for a play, each activated effect
and each waiting effect with each of its choices and the first fitting targets (each fitting
card when it takes one: the entry character and each member).  ``concede`` is never
listed.  In observed mode only known hand cards are listed; a reveal lists the first unseen
copy of each code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import distinct_in_zone

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def _pay(eng: RebirthEngine, pid: str, cost: int) -> dict[str, int]:
    e = len(eng.state.players[pid].standing_energy(cost))
    n = min(e, cost)
    return {"energy": n, "partner": cost - n}


def candidates(eng: RebirthEngine) -> list[dict[str, Any]]:
    st = eng.state
    out: list[dict[str, Any]] = []
    for who, kinds in eng.decisions():
        players = [who] if who else list(st.order)
        for p in players:
            ps = st.players[p]
            hand = distinct_in_zone(st, p, "hand")
            for kind in kinds:
                if kind == "entry_select":
                    for iid in distinct_in_zone(st, p, "deck"):
                        out.append({"p": p, "do": kind, "card": iid})
                elif kind == "first_player":
                    out += [{"p": p, "do": kind, "first": f} for f in st.order]
                elif kind in ("preset", "energy", "partner", "rebirth"):
                    out += [{"p": p, "do": kind, "card": iid} for iid in hand]
                elif kind == "reveal":
                    out += [
                        {"p": p, "do": kind, "card": code}
                        for code, ids in sorted(ps.unseen.items())
                        if ids
                    ]
                elif kind == "proceed":
                    out.append({"p": p, "do": kind})
                elif kind == "move" and ps.entry is not None and ps.entry not in st.no_move:
                    cost = st.card(ps.entry).level
                    for sq in range(1, 4):
                        if ps.members[sq - 1] is None:
                            out.append(
                                {"p": p, "do": kind, "square": sq, "pay": _pay(eng, p, cost)}
                            )
                elif kind == "play":
                    for iid in hand:
                        d = st.card(iid)
                        if not d.is_character:
                            continue
                        pay = _pay(eng, p, d.level)
                        out.append({"p": p, "do": kind, "card": iid, "to": "entry", "pay": pay})
                        for sq in range(1, 4):
                            out.append(
                                {
                                    "p": p,
                                    "do": kind,
                                    "card": iid,
                                    "to": "member",
                                    "square": sq,
                                    "pay": pay,
                                }
                            )
                elif kind == "attack":
                    for slot in ps.members:
                        if slot is not None and not slot.rested:
                            out.append({"p": p, "do": kind, "card": slot.card})
                            out.append({"p": p, "do": kind, "card": slot.card, "partner": True})
                elif kind in ("activate", "resolve"):
                    from judge.games.rebirth.activate import candidates as effect_candidates

                    out += effect_candidates(eng, p, kind)
                elif kind == "guard":
                    out.append({"p": p, "do": kind, "card": None})
                    out += [{"p": p, "do": kind, "card": iid} for iid in hand]
    return out


def legal_actions(eng: RebirthEngine) -> list[dict[str, Any]]:
    """Every listed candidate that the engine's own check finds legal now."""
    return eng.checked(candidates(eng))
