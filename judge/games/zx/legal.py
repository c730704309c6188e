"""``legal_actions``: the decisions the player to act may record now.

In observed mode only known hand cards are listed (an unknown one has no code to name), and a
``reveal`` lists every code that can be there.

Candidates per decision kind, passed through the engine's own ``check`` (a listed action is
legal by construction); large choices are sampled in a fixed way (the first fitting targets,
the engine's default payment).  ``concede`` is never listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.zx import effects
from judge.games.zx.geometry import GRID
from judge.games.zx.resolve import choosable

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def _distinct(eng: ZXEngine, cards: list[Any]) -> list[str]:
    seen: set[str] = set()
    out = []
    for c in cards:
        if c is not None and eng.state.code_of[c] not in seen:
            seen.add(eng.state.code_of[c])
            out.append(c)
    return out


def legal_actions(eng: ZXEngine) -> list[dict[str, Any]]:
    st = eng.state
    cands: list[dict[str, Any]] = []
    for who, kinds in eng.decisions():
        for kind in kinds:
            p = who or st.order[0]
            if kind == "first_player":
                cands += [{"p": p, "do": kind, "first": f} for f in st.order]
            elif kind == "setup":
                act: dict[str, Any] = {"p": p, "do": kind}
                for field in ("start_card", "start_resource", "gate_card"):
                    hit = next((c for c in st.players[p].deck if st.card(c).has(field)), None)
                    if hit is not None:
                        act[field] = hit
                cands.append(act)
            elif kind == "mulligan":
                cands += [
                    {"p": p, "do": kind, "redraw": False},
                    {"p": p, "do": kind, "redraw": True},
                ]
            elif kind == "resource":
                cands += [
                    {"p": p, "do": kind, "card": c} for c in _distinct(eng, st.players[p].hand)
                ]
            elif kind == "ignite":
                cands += [{"p": p, "do": kind, "charge": c} for c in st.players[p].charge[:1]]
            elif kind == "play":
                for c in _distinct(eng, st.players[p].hand):
                    if st.card(c).is_zx:
                        cands += [
                            {"p": p, "do": kind, "card": c, "to": sq} for sq in eng.open_squares(p)
                        ]
                    else:
                        cands.append({"p": p, "do": kind, "card": c})
            elif kind == "play_ex":
                cands += _play_ex(eng, p)
            elif kind == "attack":
                for _sq, z in st.zx_of(p):
                    if z.sleeping:
                        continue
                    cands += [
                        {"p": p, "do": kind, "card": z.card, "target": t} for t in GRID.names()
                    ]
            elif kind == "activate":
                for _, z in st.zx_of(p):
                    n = sum(1 for _, e in eng.effects_of(z.card) if e.get("when") == "activated")
                    cands += [
                        {"p": p, "do": kind, "card": z.card, "ability": k} for k in range(1, n + 1)
                    ]
                for c, _up in st.players[p].dynamis:  # 破天降臨 (option hatenkourin_from)
                    acts = [e for _, e in eng.effects_of(c) if e.get("when") == "activated"]
                    cands += [
                        {"p": p, "do": kind, "card": c, "ability": k}
                        for k, e in enumerate(acts, 1)
                        if e.get("hatenkourin")
                    ]
            elif kind == "proceed":
                cands.append({"p": p, "do": kind})
            elif kind == "pick_life":
                damaged = st.agenda[0][1]["damaged"]
                n = len(st.players[damaged].life)
                cands += [{"p": p, "do": kind, "position": k} for k in range(1, n + 1)]
            elif kind == "play_revealed":
                iid = st.agenda[0][1]["card"]
                cands.append({"p": p, "do": kind, "use": False})
                if st.card(iid).is_zx:
                    cands += [
                        {"p": p, "do": kind, "use": True, "to": sq} for sq in eng.open_squares(p)
                    ]
                else:
                    cands.append({"p": p, "do": kind, "use": True})
            elif kind == "crisis":
                cands += [{"p": p, "do": kind, "use": u} for u in (True, False)]
            elif kind == "trash_charge":
                n = st.agenda[0][1]["n"]
                cands.append({"p": p, "do": kind, "cards": st.players[p].charge[:n]})
            elif kind == "resolve":
                cands += _resolves(eng, p)
            elif kind == "reveal":
                # observed mode: each code that can be there (one copy of each)
                unseen = st.players[p].unseen
                cands += [
                    {"p": p, "do": kind, "card": c} for c, ids in sorted(unseen.items()) if ids
                ]
    return eng.checked(cands)


def _play_ex(eng: ZXEngine, p: str) -> list[dict[str, Any]]:
    """Each face-down Z/X EX / event EX of the dynamis, to each open square, with the first
    Z/X its condition can name."""
    from judge.games.zx.ex import EX_TYPES, condition_zx

    st = eng.state
    out: list[dict[str, Any]] = []
    for iid, up in st.players[p].dynamis:
        d = st.card(iid)
        if up or d.type not in EX_TYPES:
            continue
        base: dict[str, Any] = {"p": p, "do": "play_ex", "card": iid}
        cond = d.raw.get("condition") or {}
        spec = cond.get("zx")
        if cond.get("kind") == "descent":
            fits = condition_zx(eng, p, spec or {}, rebooted=True)
            fits.sort(key=lambda c: -st.card(c).cost)
            base["with"] = fits[: max(int((spec or {}).get("n", 1)), 1)]
            while base["with"] != fits and sum(st.card(c).cost for c in base["with"]) < d.cost:
                base["with"] = fits[: len(base["with"]) + 1]
        elif spec is not None:
            fits = [c for c in condition_zx(eng, p, spec) if st.card(c).type == "zx"]
            if not fits:
                continue
            base["with"] = [fits[0]]
        if d.type == "zx_ex":
            out += [{**base, "to": sq} for sq in eng.open_squares(p)]
        else:
            out.append(base)
    return out


def _resolves(eng: ZXEngine, p: str) -> list[dict[str, Any]]:
    st = eng.state
    out = []
    for pe in eng.pool.candidates():
        base = {"p": p, "do": "resolve", "source": pe.source}
        eff = pe.effect
        if eff.get("optional"):
            out.append({**base, "use": False})
        kw = eff.get("keyword")
        if kw == "alter_force":
            from judge.games.zx.resolve import alter_force_count

            trash = st.players[pe.controller].trash
            out.append({**base, "targets": trash[: alter_force_count(eng, pe)]})
            continue
        if effects.shift_op(eff) is not None:
            from judge.games.zx.shift import possible as shifts

            out += [{**base, "targets": t} for t in shifts(eng, pe.controller)[:2]] or [base]
            continue
        igob = effects.igob_op(eff)
        if igob is not None:
            from judge.games.zx.igob import possible as igobs

            can = igobs(eng, pe.controller, igob)
            out += [{**base, "targets": [u], "to": sq} for u, sq in can[:2]] or [base]
            continue
        app = effects.appear_op(eff)
        if app is not None:
            from judge.games.zx.appearing import possible as appearing

            cards, squares = appearing(eng, pe.controller, app)
            out.append({**base, "targets": cards, "squares": squares})
            continue
        brk = effects.break_op(eff)
        if brk is not None:
            from judge.games.zx.breaking import possible

            pairs = possible(eng, pe.controller, brk, pe.source)
            out += [{**base, "targets": pair} for pair in pairs[:2]] or [{**base, "targets": []}]
            continue
        spec = effects.target_op(eff)
        if kw == "void_bringer":
            spec = {"target": {"side": "opponent"}}
        extra: dict[str, Any] = {"use": True} if eff.get("optional") else {}
        up = effects.up_to(eff)
        if up is not None:
            extra["count"] = up
        if spec is not None:
            allowed = choosable(eng, pe.controller, spec.get("target", {}))
            out += [{**base, **extra, "targets": [t]} for t in allowed[:2]]
            out.append({**base, **extra, "targets": []})
        else:
            out.append({**base, **extra})
    return out
