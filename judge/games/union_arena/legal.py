"""``legal_actions``: the decisions the player to act may record now.

Candidates are generated per decision kind and then passed through the engine's own
``check``: a listed action is legal by construction, by the same code that judges logs.
Cards are named by instance id.  Choices with very many combinations are sampled in a
fixed way (single moves, the first legal targets, the first cards of the hand for a
discard) — the list is *sound* (all legal) and covers every kind that is possible, which is
what the random-play property test and the ``ask`` questions need.  ``concede`` is always
legal and never listed.  In observed mode the hidden cards of a hand are unknown, so plays
from the hand are listed only for cards the log has revealed.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING, Any

from judge.core.refs import distinct_in_zone
from judge.games.union_arena import (
    cannot_move,
    counts,
    effects,
    facedown,
    moveline,
    playcard,
    printed_bp,
    raid_source,
    swap,
)
from judge.games.union_arena.resolve import trigger_selectors
from judge.games.union_arena.state import LINE_LIMIT, LINES

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


def _targets_for(
    eng: UnionArenaEngine,
    controller: str,
    sels: list[dict[str, Any]],
    leaving: str | None = None,
    source: str | None = None,
) -> list[Any]:
    """The first legal targets for each selector, in order (instance ids).

    ``leaving`` is the card being played: it is no longer in the hand when its effect resolves.
    ``source`` is the activated card: a move of "このキャラ" (no selector before it) moves it.
    """
    st = eng.state
    out: list[Any] = [leaving] if leaving else []
    picked: list[str] = [source] if source else []  # the cards the last selector named (a move's)
    for sel in sels:
        if counts.BP_PER in sel:  # "[特徴:X]の枚数×1000以下のBP": as counted now
            sel = counts.limit(st, controller, sel)
        side = controller if sel.get("side", "own") == "own" else st.other(controller)
        count = int(sel.get("count", 1))
        zone = sel.get("zone", "field")
        if zone == "modes":  # a choice among listed effects: its record (effects.selectors)
            out.append({"modes": list(sel["modes"])})
            continue
        if zone == "deck_to_outside":  # a mill: "up to" puts none; exactly n needs no record
            out += [{"outside": []}] if sel.get("up_to") else []
            continue
        if zone == "room":  # the card a move into a full line removes (effects.selectors)
            out += moveline.room_record(eng, sel, picked)
            continue
        if "play" in sel:  # a card an effect plays, and its line (effects.selectors)
            out.extend(playcard.first_choice(eng, controller, sel))
            continue
        if zone == "deck_top" or sel.get("if_taken"):
            continue  # a look takes nothing here (up to), so nothing is discarded for it
        if zone == "ap":  # rested AP cards first: choosing an active one changes nothing
            ps = st.players[side]
            order = sorted(range(len(ps.ap_cards)), key=lambda i: not ps.ap_rested[i])
            out.extend(ps.ap_cards[i] for i in order[:count])
            continue
        if zone in ("hand", "outside"):
            pool = [c for c in getattr(st.players[side], zone) if c is not None and c not in out]
            pool = [c for c in pool if raid_source.mismatch(sel, c) is None]  # "レイド元"
            out.extend(islice(pool, count))
            continue
        picked = []
        for line in LINES:
            if zone in LINES and line != zone:
                continue
            for unit in st.players[side].line(line):
                d = st.card(unit.top)
                want = sel.get("type", None if zone == "field" else "character")
                if want is not None and d.type != want:
                    continue
                if "bp_max" in sel and (d.type != "character" or st.bp(unit) > sel["bp_max"]):
                    continue
                if "bp_min" in sel and (d.type != "character" or st.bp(unit) < sel["bp_min"]):
                    continue
                if printed_bp.mismatch(sel, d.type, d.bp) is not None:
                    continue  # "元々のBPがN以下の" (UA-EFFECT-PRINTED-BP)
                if "trait" in sel and not d.has_trait(sel["trait"]):
                    continue
                if "rested" in sel and unit.rested != sel["rested"]:
                    continue
                if facedown.mismatch(sel, unit) is not None:  # "裏向きのカードが下に…" (UA-UNDER)
                    continue
                if sel.get("other") and source is not None and source in unit.cards:
                    continue  # "他の": not the effect's own card
                if sel.get(swap.KEY) and swap.mismatch(eng, line, source) is not None:
                    continue  # "このキャラと別のラインにある" (swap.py)
                picked.append(unit.top)
        picked = picked[:count]
        out.extend(picked)
    return out[1:] if leaving else out


def candidates(eng: UnionArenaEngine) -> list[dict[str, Any]]:
    st = eng.state
    who, kinds = eng.awaiting()
    out: list[dict[str, Any]] = []
    if not kinds:
        return out
    players = [who] if who else list(st.order)
    for p in players:
        ps = st.players[p]
        for kind in kinds:
            if kind == "first_player":
                out += [{"p": p, "do": "first_player", "first": f} for f in st.order]
            elif kind == "mulligan":
                out += [
                    {"p": p, "do": "mulligan", "redraw": False},
                    {"p": p, "do": "mulligan", "redraw": True},
                ]
            elif kind in ("extra_draw", "proceed"):
                out.append({"p": p, "do": kind})
            elif kind == "move":
                out += _moves(eng, p)
            elif kind == "play":
                for iid in distinct_in_zone(eng.state, p, "hand"):
                    d = st.card(iid)
                    lines = {"character": LINES, "field": ("energy_line",)}.get(d.type, (None,))
                    for line in lines:
                        act: dict[str, Any] = {"p": p, "do": "play", "card": iid}
                        if line is not None:
                            act["to"] = line
                            if len(ps.line(line)) >= LINE_LIMIT:
                                act["remove"] = [ps.line(line)[0].top]
                        sels = [
                            s
                            for e in d.effects
                            if e.get("when") == "on_play"
                            and not e.get("raid_only")
                            and e.get("where", line) == line  # UA-TRIGGER-WHERE
                            for s in effects.selectors(e)
                        ]
                        if sels:
                            act["targets"] = _targets_for(eng, p, sels, leaving=iid)
                        out.append(act)
            elif kind == "raid":
                for iid in distinct_in_zone(eng.state, p, "hand"):
                    d = st.card(iid)
                    if not d.raid:
                        continue
                    for unit in ps.units():
                        # a raid records no targets: its when-played effects wait for `resolve`
                        act = {
                            "p": p,
                            "do": "raid",
                            "card": iid,
                            "onto": unit.top,
                            "to_front_line": unit in ps.energy_line,
                        }
                        if unit in ps.energy_line and len(ps.front_line) >= LINE_LIMIT:
                            act["remove"] = [ps.front_line[0].top]
                        out.append(act)
            elif kind == "activate":
                for unit in ps.units():
                    abilities = [
                        e for e in st.card(unit.top).effects if e.get("when") == "activate_main"
                    ]
                    for n, e in enumerate(abilities, 1):
                        act = {"p": p, "do": "activate", "card": unit.top, "ability": n}
                        k = int(e.get("cost", {}).get("discard", 0))
                        if k:
                            act["costs"] = {"discard": [c for c in ps.hand if c is not None][:k]}
                        sels = effects.selectors(e)
                        if sels:
                            act["targets"] = _targets_for(eng, p, sels, source=unit.top)
                        out.append(act)
            elif kind == "resolve":
                for pe in eng.pool.candidates():
                    sels = effects.selectors(pe.effect)
                    act = {"p": p, "do": "resolve", "source": pe.source}
                    if sels:
                        act["targets"] = _targets_for(eng, p, sels, source=pe.source)
                    out.append(act)
                    if pe.effect.get("optional"):
                        out.append({"p": p, "do": "resolve", "source": pe.source, "use": False})
            elif kind == "attack":
                opp = st.players[st.other(p)]
                for unit in ps.front_line:
                    out.append({"p": p, "do": "attack", "card": unit.top, "target": "player"})
                    if st.has(unit, "snipe"):
                        out += [
                            {"p": p, "do": "attack", "card": unit.top, "target": u.top}
                            for u in opp.front_line
                        ]
            elif kind == "block":
                out.append({"p": p, "do": "block", "card": None})
                out += [{"p": p, "do": "block", "card": u.top} for u in ps.front_line]
            elif kind == "pick_life":
                d = st.damage
                assert d is not None
                n, total = d.amount, len(st.players[d.player].life)
                out.append({"p": p, "do": "pick_life", "cards": list(range(1, n + 1))})
                if total > n:
                    out.append(
                        {"p": p, "do": "pick_life", "cards": list(range(total - n + 1, total + 1))}
                    )
            elif kind == "trigger":
                d = st.damage
                assert d is not None
                iid = d.triggers[0]
                out.append({"p": p, "do": "trigger", "card": iid, "use": False})
                act = {"p": p, "do": "trigger", "card": iid, "use": True}
                sels = trigger_selectors(eng, iid)
                if sels:
                    act["targets"] = _targets_for(eng, d.player, sels)
                c = st.card(iid)
                front = st.players[d.player].front_line
                if (
                    c.trigger == "color"
                    and c.color in ("green", "purple")
                    and act.get("targets")
                    and len(front) >= LINE_LIMIT
                ):
                    act["remove"] = [front[0].top]  # a played character needs a place
                out.append(act)
            elif kind == "discard_to_limit":
                n = st.agenda[0][1]["n"]
                out.append({"p": p, "do": "discard_to_limit", "cards": [c for c in ps.hand][:n]})
    return out


def _moves(eng: UnionArenaEngine, pid: str) -> list[dict[str, Any]]:
    st = eng.state
    ps = st.players[pid]
    out: list[dict[str, Any]] = []
    chars = [
        u
        for u in ps.energy_line
        if st.card(u.top).type == "character" and not st.has(u, cannot_move.KEYWORD)
    ]
    full = len(ps.front_line) >= LINE_LIMIT
    for u in chars:
        act: dict[str, Any] = {"p": pid, "do": "move", "cards": [u.top]}
        if full:
            act["remove"] = [ps.front_line[0].top]
        out.append(act)
    room = LINE_LIMIT - len(ps.front_line)
    if len(chars) > 1 and room >= len(chars):
        out.append({"p": pid, "do": "move", "cards": [u.top for u in chars]})
    for u in ps.front_line:
        if st.has(u, "step") and not st.has(u, cannot_move.KEYWORD):
            act = {"p": pid, "do": "move", "step_back": [u.top]}
            if len(ps.energy_line) >= LINE_LIMIT:
                act["remove"] = [ps.energy_line[0].top]
            out.append(act)
    return out


def legal_actions(eng: UnionArenaEngine) -> list[dict[str, Any]]:
    """Every listed candidate that the engine's own check finds legal now."""
    return eng.checked(candidates(eng))
