"""Resolving spark and activated effects: the recorded choice and targets, then the ops.

A target op takes exactly ``min(count, fitting cards)`` targets: when fewer cards fit than it
asks for, every fitting card is named (none when none fits), as in the other engines.  Targets
are matched in the order of the (chosen) ops.  A mismatch breaks R4U-EFFECT-TARGETS.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import is_instance, ref_code
from judge.core.timing import PendingEffect
from judge.core.wording import agree, plural
from judge.games.rebirth import effects, moves, on_entry, on_support, to_member
from judge.games.rebirth.during import target_count, unselectable
from judge.games.rebirth.effects import TARGET_OPS
from judge.games.rebirth.state import Mod, Slot

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

RULE = "R4U-EFFECT-TARGETS"
Problem = tuple[str, str]


def side_of(eng: RebirthEngine, controller: str, op: dict[str, Any]) -> str:
    if op["op"] in moves.OPS:
        return moves.sides(eng, controller, op)[0]
    if op["op"] in ("salvage", "place_member"):
        return controller
    return controller if op.get("side", "opponent") == "own" else eng.state.opponent(controller)


def fitting(eng: RebirthEngine, controller: str, op: dict[str, Any]) -> list[str]:
    """Every card a target op could take now, in zone order (the entry, member squares 1–3,
    the waiting room from the bottom card up); never one that cannot be chosen by effects
    now (R4U-TEXT-UNSELECTABLE)."""
    return [c for c in _fitting(eng, controller, op) if not unselectable(eng, c)]


def _fitting(eng: RebirthEngine, controller: str, op: dict[str, Any]) -> list[str]:
    st = eng.state
    if op["op"] in moves.OPS:
        return moves.fitting(eng, controller, op)
    ps = st.players[side_of(eng, controller, op)]
    if op["op"] in ("salvage", "place_member"):
        want = op.get("type")
        return [
            c
            for c in ps.waiting_room
            if c is not None and (want is None or st.card(c).type == want)
        ]
    if op["op"] == "rest":  # standing ones, or any with "any_state" (R4U-TEXT-MOVES)
        return [
            s.card for s in ps.members if s is not None and (op.get("any_state") or not s.rested)
        ]
    zone = op.get("zone", "member")
    entry = [ps.entry] if ps.entry is not None and zone in ("entry", "field") else []
    members = [s.card for s in ps.members if s is not None] if zone != "entry" else []
    if op.get("rested"):  # rested members only (R4U-TEXT-UP-TO)
        members = [s.card for s in ps.members if s is not None and s.rested]
    return [*entry, *members]


def describe(eng: RebirthEngine, controller: str, op: dict[str, Any]) -> str:
    if op["op"] in moves.OPS:
        return moves.describe(eng, controller, op)
    whose = side_of(eng, controller, op)
    if op["op"] in ("salvage", "place_member"):
        kind = op.get("type") or "card"
        return f"a {kind} in {whose}'s waiting room"
    if op["op"] == "rest":
        return f"a standing member of {whose}'s"
    return {
        "member": f"a member of {whose}'s",
        "entry": f"{whose}'s entry character",
        "field": f"{whose}'s entry character or a member of {whose}'s",
    }[op.get("zone", "member")]


def match(
    eng: RebirthEngine,
    controller: str,
    effect: dict[str, Any],
    targets: list[Any],
    choice: int | None,
    use: bool | None,
) -> tuple[list[dict[str, Any]], list[list[str]], list[Problem]]:
    """The ops that run, the targets of each target op (in order) and the problems."""
    st = eng.state
    problems: list[Problem] = []
    if use is False:
        if not effect.get("optional"):
            problems.append((RULE, "The effect is not optional: it must be used (use false)."))
        return [], [], problems
    n = 0  # effects.choices(effect), written out (at each resolve, and each check of one)
    for op in effect["do"]:
        if op["op"] == "one_of":
            n = len(op["options"])
            break
    if n and not (isinstance(choice, int) and 1 <= choice <= n):
        problems.append(
            (RULE, f"The effect lets its player choose one of {n} options: choice must be 1–{n}.")
        )
    if not n and choice is not None:
        problems.append((RULE, "The effect offers no choice of options; choice must be left out."))
    ops = effects.chosen_ops(effect, choice)
    # "…なら": the condition does not hold, the effect does nothing (on_set.holds written out)
    if_retire = effect.get("if_retire")
    if if_retire is not None and len(st.players[controller].retire) < if_retire:
        ops = []
    groups: list[list[str]] = []
    pos = 0
    for op in ops:  # effects.target_ops(ops), a plain loop (no generator at each resolve)
        if op["op"] not in TARGET_OPS:
            continue
        cands = fitting(eng, controller, op)
        need = min(target_count(op, len(st.players[controller].retire)), len(cands))
        got: list[str] = []
        while len(got) < need and pos < len(targets):
            ref = targets[pos]
            pos += 1
            if isinstance(ref, str) and is_instance(st, ref):
                hit = ref if ref in cands and ref not in got else None
            else:
                code = ref_code(st, ref) if isinstance(ref, (str, dict)) else None
                hit = next((c for c in cands if st.code_of[c] == code and c not in got), None)
            if hit is None:
                problems.append(
                    (
                        RULE,
                        f"{ref} does not fit: the effect asks for {describe(eng, controller, op)}.",
                    )
                )
                continue
            got.append(hit)
        if len(got) < need and not problems and not op.get("up_to"):  # R4U-TEXT-UP-TO
            problems.append(
                (
                    RULE,
                    f"The effect takes {plural(need, 'target')} "
                    f"({describe(eng, controller, op)}); the log names {len(got)}.",
                )
            )
        groups.append(got)
    if pos < len(targets) and not problems:
        problems.append(
            (
                RULE,
                f"The log names {plural(len(targets) - pos, 'target')} more than the effect takes.",
            )
        )
    return ops, groups, problems


def first_choice(
    eng: RebirthEngine, controller: str, effect: dict[str, Any], source: str = ""
) -> list[dict[str, Any]]:
    """For ``legal_actions``: each choice with the first fitting targets, or, when the choice
    has one target op taking one card, each fitting card (so an entry character and the
    members are each listed); and, for an optional effect, declining it."""
    out: list[dict[str, Any]] = []
    n = effects.choices(effect)
    for choice in range(1, n + 1) if n else [None]:
        ops = list(effects.target_ops(effects.chosen_ops(effect, choice)))
        picks: list[list[str]] = []
        retire = len(eng.state.players[controller].retire)
        if len(ops) == 1 and target_count(ops[0], retire) == 1:
            picks = [[c] for c in fitting(eng, controller, ops[0])]
        if not picks:
            targets: list[str] = []
            for op in ops:
                cands = [c for c in fitting(eng, controller, op) if c not in targets]
                targets += cands[: target_count(op, retire)]
            picks = [targets]
        for targets in picks:
            item: dict[str, Any] = {"targets": targets}
            if choice is not None:
                item["choice"] = choice
            ops_now, groups, _ = match(eng, controller, effect, targets, choice, True)
            squares = to_member.first_squares(eng, controller, ops_now, groups, source)
            if squares is not None:
                item["squares"] = squares
            out.append(item)
    if effect.get("optional"):
        out.append({"use": False})
    return out


def run(
    eng: RebirthEngine,
    pe: PendingEffect,
    targets: list[Any],
    choice: int | None = None,
    use: bool | None = None,
    squares: list[Any] | None = None,
) -> None:
    """Carry out ``pe`` with the recorded choice and targets (already checked), and the
    member squares of the cards it puts there (R4U-TEXT-TO-MEMBER)."""
    st = eng.state
    pid = pe.controller
    ps = st.players[pid]
    what = f"{eng.name(pe.source)}'s {pe.trigger.replace('_', ' ')}"
    if use is False:
        eng.event(
            "effect_declined", f"{pid} does not use {what} effect.", player=pid, card=pe.source
        )
        return
    ops, groups, _ = match(eng, pid, pe.effect, targets, choice, use)
    chosen = iter(groups)
    onto = iter(int(sq) for sq in squares or [])
    if effects.choices(pe.effect):
        eng.event("effect_choice", f"{pid} chooses option {choice} of {what} effect.", player=pid)
    for op in ops:
        name = op["op"]
        if name == "draw":
            eng.draw_cards(pid, op.get("n", 1), f" ({what})")
        elif name == "heal":
            n = min(op.get("n", 1), len(ps.retire))
            moved = ps.retire[len(ps.retire) - n :] if n else []
            del ps.retire[len(ps.retire) - n :]
            ps.waiting_room.extend(moved)
            eng.event(
                "heal",
                f"{what}: {plural(len(moved), 'card')} {agree(len(moved), 'goes', 'go')} from "
                f"{pid}'s "
                "retire area to the waiting room.",
                player=pid,
                cards=moved,
            )
        elif name == "mod" and op.get("until") == "attack":
            on_support.attack_mod(eng, pid, op, what)
        elif name == "mod" and op.get("until") == "next_attack":
            on_support.next_attack_mod(eng, pid, pe.source, op, what)
        elif name == "mod" and not on_entry.still_there(eng, pid, pe.effect, pe.source):
            eng.event(
                "effect_fizzled",
                f"{what}: {eng.name(pe.source)} is no longer {pid}'s entry; nothing changes.",
                player=pid,
                card=pe.source,
            )
        elif name == "mod" and _mod_of(eng, pid, op).entry is not None:
            qs = _mod_of(eng, pid, op)  # its player's entry, or the opposing one
            times = per_count(eng, pid, op)  # R4U-TEXT-PER-COUNT: 1 without "per"
            atk, dfn = op.get("atk", 0) * times, op.get("def", 0) * times
            qs.entry_mods.append(Mod(atk, dfn))
            eng.event(
                "mod",
                f"{what}: {eng.name(qs.entry)} gets ATK {atk:+d} / DEF {dfn:+d} until the end "
                "of the turn.",
                player=pid,
                card=qs.entry,
            )
        elif name == "energy_from_deck":
            deck_to_energy(eng, pid, op.get("n", 1), what)
        elif name == "no_move":  # R4U-TEXT-NO-MOVE: this character, still the entry
            if ps.entry == pe.source:
                st.no_move[pe.source] = st.turn
                eng.event(
                    "no_move",
                    f"{what}: {eng.name(pe.source)} may not be put onto a member square this turn "
                    "but by an effect.",
                    player=pid,
                    card=pe.source,
                )
        elif name == "stand_partners":
            stood = [s for s in ps.partners if s.rested]
            for s in stood:
                s.rested = False
            eng.event(
                "stand",
                f"{what}: {pid}'s partner cards stand ({len(stood)} were rested).",
                player=pid,
            )
        elif name == "self_to_entry":
            to_member.self_to_entry(eng, pid, pe.source, what)
        elif name == "self_to_member":
            to_member.self_to_member(eng, pid, pe.source, onto, what)
        elif name == "place_member":
            to_member.place(eng, pid, next(chosen, []), onto, what)
        elif name in moves.OPS:
            moves.apply(eng, pid, op, next(chosen, []), what)
        elif name in effects.TARGET_OPS:
            _targeted(eng, pid, op, next(chosen, []), what)


def per_count(eng: RebirthEngine, pid: str, op: dict[str, Any]) -> int:
    """How many times a ``mod`` with ``per`` applies: one for every ``n`` cards of its player's
    ``zone`` (the hand, the retire area, the energy: energy cards only, not partners) when it
    resolves, rounded down (R4U-TEXT-PER-COUNT); 1 without ``per``."""
    per = op.get("per")
    if per is None:
        return 1
    ps = eng.state.players[pid]
    held = {"hand": len(ps.hand), "retire": len(ps.retire), "energy": len(ps.energy)}
    return held[per["zone"]] // per["n"]


def deck_to_energy(eng: RebirthEngine, pid: str, n: int, what: str) -> None:
    """The top ``n`` cards of ``pid``'s deck into its energy area, rested and face down, one
    at a time, the deck refreshed whenever it is empty (R4U-REFRESH), as a draw does
    (R4U-TEXT-DECK-TO-ENERGY)."""
    ps = eng.state.players[pid]
    put = 0
    for _ in range(n):
        if not eng.refresh(pid):
            eng.out_of_cards(pid, "effect")
            break
        slot = Slot(ps.deck.pop(0), rested=True)  # type: ignore[arg-type]
        ps.energy.append(slot)
        known = getattr(ps, "rested_energy", None)  # a record of the rested energy, if kept
        if known is not None:
            known.append(slot)
        put += 1
    eng.event(
        "energy",
        f"{what}: the top {plural(put, 'card')} of {pid}'s deck {agree(put, 'goes', 'go')} to "
        "the energy area, rested.",
        player=pid,
    )
    eng.refresh(pid)


def _mod_of(eng: RebirthEngine, pid: str, op: dict[str, Any]) -> Any:
    """The player whose entry a ``mod`` changes: its own, or with ``side`` opponent the
    opposing one (R4U-TEXT-OPPOSING-MOD)."""
    side = pid if op.get("side", "own") == "own" else eng.state.opponent(pid)
    return eng.state.players[side]


def _targeted(
    eng: RebirthEngine, pid: str, op: dict[str, Any], cards: list[str], what: str
) -> None:
    st = eng.state
    owner = side_of(eng, pid, op)
    ps = st.players[owner]
    for iid in cards:
        if op["op"] == "discard_member" and ps.entry == iid:
            ps.entry, ps.entry_mods = None, []
            eng.to_waiting_room(owner, iid, what)  # entry-in follows: the caller settles
            continue
        if op["op"] == "salvage":
            if iid in ps.waiting_room:
                ps.waiting_room.remove(iid)
                ps.hand.append(iid)
                eng.event(
                    "salvage",
                    f"{what}: {eng.name(iid)} goes from {owner}'s waiting room to the hand.",
                    player=owner,
                    card=iid,
                )
            continue
        idx = next((i for i, s in enumerate(ps.members) if s is not None and s.card == iid), None)
        if idx is None:
            continue
        slot = ps.members[idx]
        assert slot is not None
        if op["op"] == "rest":
            slot.rested = True
            eng.event("rest", f"{what}: {eng.name(iid)} is rested.", player=owner, card=iid)
        elif op["op"] == "return_member":
            ps.members[idx] = None
            ps.hand.append(iid)
            eng.event(
                "to_hand",
                f"{what}: {eng.name(iid)} goes from {owner}'s member square {idx + 1} to the hand.",
                player=owner,
                card=iid,
            )
        else:
            ps.members[idx] = None
            eng.to_waiting_room(owner, iid, what)
