"""Characters put onto member squares by an effect (R4U-TEXT-TO-MEMBER): the ops
``place_member`` (characters of the player's waiting room, chosen as targets) and
``self_to_member`` (this character, from the entry, onto an empty member square).

Why a module: where each card goes is the player's choice, recorded as ``squares`` on the
``resolve`` (1-based, one per card put, in the order of the effect's ops and targets); the
checks and the moves are kept beside each other.  A card put there stands, costs nothing and
came this turn (R4U-ATTACK-NEW-MEMBER); onto an occupied square (printed 「メンバーに置く」, not
「空席のメンバーに置く」) the character there goes to the waiting room, as when a card is played
there, under the rule option ``place_occupied`` ``replace`` (the default; ``empty_only``: only
empty squares, R4U-TEXT-TO-MEMBER-OCCUPIED, GAP).  This character leaving the entry empties it:
entry-in follows (R4U-ENTRY-IN).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from judge.core.wording import plural
from judge.games.rebirth import on_entry
from judge.games.rebirth.effects import TARGET_OPS
from judge.games.rebirth.state import Slot

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

RULE = "R4U-TEXT-TO-MEMBER"
OPS = ("place_member", "self_to_member")


def _moves(
    eng: RebirthEngine, pid: str, ops: list[dict[str, Any]], groups: list[list[str]], source: str
) -> list[tuple[str, bool]]:
    """Each card the ops would put onto a member square, in order, and whether only an empty
    square may take it."""
    out: list[tuple[str, bool]] = []
    chosen = iter(groups)
    for op in ops:
        if op["op"] in TARGET_OPS:
            cards = next(chosen, [])
            if op["op"] == "place_member":
                out += [(c, bool(op.get("empty_only"))) for c in cards]
        elif op["op"] == "self_to_member" and eng.state.players[pid].entry == source:
            out.append((source, True))
    return out


def free_squares(eng: RebirthEngine, pid: str, empty_only: bool) -> list[int]:
    """The member squares (1-based) a card could be put onto now."""
    members = eng.state.players[pid].members
    occupied_ok = not empty_only and eng.options.get("place_occupied", "replace") == "replace"
    return [i + 1 for i, s in enumerate(members) if s is None or occupied_ok]


def check(
    eng: RebirthEngine,
    pid: str,
    ops: list[dict[str, Any]],
    groups: list[list[str]],
    source: str,
    squares: Any,
) -> list[tuple[str, str]]:
    """The problems of the ``squares`` a resolve records for ``ops`` (none to check when the
    ops put no card)."""
    moves = _moves(eng, pid, ops, groups, source)
    if not moves:
        if squares:
            return [
                (RULE, "The effect puts no card onto a member square: squares must be left out.")
            ]
        return []
    if not isinstance(squares, list) or len(squares) != len(moves):
        return [
            (
                RULE,
                f"The effect puts {plural(len(moves), 'card')} onto member squares: squares must "
                f"name {plural(len(moves), 'square')}, one for each, in order.",
            )
        ]
    problems: list[tuple[str, str]] = []
    members = eng.state.players[pid].members
    taken: set[int] = set()
    for (iid, empty_only), sq in zip(moves, squares, strict=True):
        if not isinstance(sq, int) or isinstance(sq, bool) or not 1 <= sq <= 3 or sq in taken:
            problems.append((RULE, f"{sq!r}: a member square is 1, 2 or 3, each used once."))
            continue
        taken.add(sq)
        if members[sq - 1] is not None and sq not in free_squares(eng, pid, empty_only):
            rule = RULE if empty_only else "R4U-TEXT-TO-MEMBER-OCCUPIED"
            why = "an empty square only" if empty_only else "rule option place_occupied empty_only"
            problems.append(
                (rule, f"Member square {sq} is occupied: {eng.name(iid)} goes onto {why}.")
            )
    return problems


def first_squares(
    eng: RebirthEngine, pid: str, ops: list[dict[str, Any]], groups: list[list[str]], source: str
) -> list[int] | None:
    """For ``legal_actions``: the first squares a resolve could record (None: no card put)."""
    moves = _moves(eng, pid, ops, groups, source)
    if not moves:
        return None
    out: list[int] = []
    for _, empty_only in moves:
        free = [sq for sq in free_squares(eng, pid, empty_only) if sq not in out]
        empties = [sq for sq in free if eng.state.players[pid].members[sq - 1] is None]
        if not (empties or free):
            return None
        out.append((empties or free)[0])
    return out


def place(
    eng: RebirthEngine, pid: str, cards: list[str], squares: Iterator[int], what: str
) -> None:
    """``place_member``: each chosen card from its player's waiting room onto its square."""
    ps = eng.state.players[pid]
    for iid in cards:
        sq = next(squares, None)
        if sq is None or iid not in ps.waiting_room:
            continue
        ps.waiting_room.remove(iid)
        _put(eng, pid, iid, sq, f"{what}: {eng.name(iid)} goes from {pid}'s waiting room")
        on_entry.fire(eng, pid, iid, "waiting_room", "on_member")  # R4U-TEXT-ON-ENTRY


def self_to_member(
    eng: RebirthEngine, pid: str, source: str, squares: Iterator[int], what: str
) -> None:
    """``self_to_member``: this character, still the entry, onto an empty member square."""
    ps = eng.state.players[pid]
    if ps.entry != source:
        eng.event(
            "effect_fizzled",
            f"{what}: {eng.name(source)} is no longer the entry.",
            player=pid,
            card=source,
        )
        return
    sq = next(squares, None)
    if sq is None:
        return
    ps.entry, ps.entry_mods = None, []
    _put(eng, pid, source, sq, f"{what}: {eng.name(source)} goes from the entry")
    eng.ctx.ruling("R4U-ENTRY-IN", f"{pid}'s entry is empty: entry-in follows.")


def self_to_entry(eng: RebirthEngine, pid: str, source: str, what: str) -> None:
    """``self_to_entry``: this character from its player's waiting room into the entry; the
    character there goes to the waiting room as when a card is played there, under
    ``place_occupied`` ``replace`` (R4U-TEXT-FROM-WAITING-ROOM); then its abilities "when put
    into the entry not from the deck" trigger (R4U-TEXT-ON-ENTRY)."""
    ps = eng.state.players[pid]
    if source not in ps.waiting_room:
        return
    if ps.entry is not None and eng.options.get("place_occupied", "replace") != "replace":
        eng.event(
            "effect_fizzled",
            f"{what}: the entry is occupied (rule option place_occupied empty_only).",
            player=pid,
            card=source,
        )
        return
    ps.waiting_room.remove(source)
    old = ps.entry
    ps.entry, ps.entry_mods = source, []
    eng.arrive(source)
    eng.event(
        "to_entry",
        f"{what}: {eng.name(source)} goes from {pid}'s waiting room into the entry.",
        player=pid,
        card=source,
    )
    eng.ctx.ruling(
        "R4U-TEXT-FROM-WAITING-ROOM",
        f"{eng.name(source)} is put into the entry from the waiting room by its own effect.",
    )
    if old is not None:
        eng.to_waiting_room(pid, old, "replaced")
        eng.ctx.ruling(
            "R4U-TEXT-TO-MEMBER-OCCUPIED",
            f"{eng.name(old)} was in the entry: it goes "
            "to the waiting room (rule option place_occupied replace).",
        )
    eng.static_check(source, "performance")
    on_entry.fire(eng, pid, source, "waiting_room")


def _put(eng: RebirthEngine, pid: str, iid: str, sq: int, text: str) -> None:
    st = eng.state
    ps = st.players[pid]
    old = ps.members[sq - 1]
    ps.members[sq - 1] = Slot(iid, arrived_turn=st.turn)
    eng.arrive(iid)
    eng.event("to_member", f"{text} onto member square {sq}.", player=pid, card=iid)
    eng.ctx.ruling(RULE, f"{eng.name(iid)} is put onto member square {sq} by an effect.")
    if old is not None:
        eng.to_waiting_room(pid, old.card, "replaced")
        eng.ctx.ruling(
            "R4U-TEXT-TO-MEMBER-OCCUPIED",
            f"{eng.name(old.card)} was on member square {sq}: it goes to the waiting room "
            "(rule option place_occupied replace).",
        )
