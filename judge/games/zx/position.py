"""Z/X positions: a game that starts at a moment of a turn (``docs/positions.md``).

A log with ``start`` instead of ``decks`` describes the moment: turn, phase (resource,
ignition or main: the turn player's decisions), whose turn, who went first, the Z/X on the
squares (sleeping, damage this turn, force materials, a shift card), each player's zones, and
automatic effects waiting to resolve (shapes: ``schemas/zx_position.py``).  Two functions, as
the other games':

- :func:`layout` checks that the position could happen and gives every card its instance
  id, naming the field and the rule of every problem: one Z/X per square and none on the
  other player's player square (ZX-PLAY-SQUARE), damage below the power (ZX-DAMAGE-ZX), at most
  4 charge cards (ZX-CHARGE-LIMIT), a life card left (ZX-WIN), dynamis cards in the dynamis or
  on a square only (ZX-DYNAMIS), a card in one place only, the turn player the turn number and
  the first player say (ZX-TURN), …  Ids are the decks' own (``A-7``: the player's 7th
  main-deck card, ``A-D2`` its 2nd dynamis card); cards that give none are numbered in the
  order of :data:`ZONES`, from the lowest number no card has taken, so the decks a position
  implies deal exactly these ids.
- :func:`place` sets an engine's state to the position.

Not a position yet: a battle in progress (start from the main phase before the attack), a Z/X
OB and its player card, the reboot, draw and end phases, setup.

>>> ZONES[:3]
('zx', 'resources', 'dynamis')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.errors import FieldError
from judge.core.position import (
    number_cards,
    open_unseen,
    turn_player_problem,
    unseen_by_code,
    unseen_problems,
    where_in,
    zones_problem,
)
from judge.core.position_ids import entry_code, parse_id
from judge.games.zx.decks import DYNAMIS_TYPES
from judge.games.zx.geometry import GRID
from judge.games.zx.state import Force, Resource

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

#: a player's zones, in the order their cards are numbered (a Z/X: its card, its force
#: materials, its shift card)
ZONES = (
    "zx",
    "resources",
    "dynamis",
    "charge",
    "trash",
    "removed",
    "hand",
    "life",
    "deck",
    "unseen",
)
#: zones that may hold a card the judge does not know (``null``)
HIDDEN = ("hand", "life", "deck")
#: copies of one card in a deck (the deck rule's four): the most an unknown card may stand
#: for of each code when the position gives no ``unseen`` list
COPIES = 4
#: zones whose items are ``{"card", …}``
SLOTS = ("resources", "dynamis")
TAGS = {"main": "", "dynamis": "D"}
CHARGE_LIMIT = 4
#: automatic effects a position may hold waiting, and the zone their card is in then
WAITING = {"appear": "a square", "evol_seed": "the trash"}


@dataclass
class Layout:
    """A position laid out: ``decks`` per player (``{"main": [codes in id order], "dynamis":
    [...]}``) and ``zones`` per player and zone path, the ids in order (``None``: an unknown
    card)."""

    decks: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    zones: dict[str, dict[str, list[Any]]] = field(default_factory=dict)
    ids: dict[str, dict[str, str | None]] = field(default_factory=dict)


def _entries(zones: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """``(path under the player, entry)`` for every card of a player's zones, in order."""
    for zone in ZONES:
        for i, item in enumerate(zones.get(zone) or []):
            if zone == "zx":
                yield f"zx[{i}].card", item["card"]
                for k, f in enumerate(item.get("force") or []):
                    yield f"zx[{i}].force[{k}].card", f["card"]
                if item.get("shift") is not None:
                    yield f"zx[{i}].shift", item["shift"]
            elif zone in SLOTS:
                yield f"{zone}[{i}].card", item["card"]
            else:
                yield f"{zone}[{i}]", item


def _is_zx_card(sub: str) -> bool:
    """``zx[i].card`` (a Z/X itself), not one of its force materials or its shift card."""
    return sub.endswith("].card") and ".force[" not in sub


def _type(cards: Mapping[str, Mapping[str, Any]], entry: Any) -> str | None:
    d = cards.get(entry_code(entry) or "")
    return None if d is None else str(d.get("type", "zx"))


def _main_card(card: Mapping[str, Any]) -> bool:
    """A card an unknown one may be (a main-deck card: not a dynamis card)."""
    return card.get("type") not in DYNAMIS_TYPES


def _section(cards: Mapping[str, Mapping[str, Any]], entry: Any) -> str:
    return "dynamis" if _type(cards, entry) in DYNAMIS_TYPES else "main"


def layout(
    start: Mapping[str, Any],
    players: list[str],
    cards: Mapping[str, Mapping[str, Any]],
    seeded: bool,
    teams: list[list[str]] | None = None,
    path: str = "start",
) -> tuple[list[FieldError], Layout]:
    """Check ``start`` (as its schema loaded it) and give every card its id (Z/X has no
    teams: ``teams`` is not used)."""
    errors: list[FieldError] = []
    out = Layout()
    problem = zones_problem(start, players, path)
    if problem is not None:
        return [problem], out
    zones_of = start["players"]
    where: dict[str, str] = {}
    for pid in players:
        known = [entry for _, entry in _entries(zones_of[pid])]
        zones, is_open = open_unseen(
            zones_of[pid], HIDDEN, known, cards, seeded, _main_card, COPIES
        )
        base = f"{path}.players.{pid}"
        entries = list(_entries(zones))
        undefined = [
            FieldError(f"{base}.{sub}", f"unknown card {entry_code(e)!r}")
            for sub, e in entries
            if e is not None and entry_code(e) not in cards
        ]
        if undefined:  # the card table cannot say where such a card belongs
            errors += undefined
            continue
        sections = [(_section(cards, entry), sub, entry) for sub, entry in entries]
        found, ids, out.decks[pid] = number_cards(pid, base, sections, TAGS, where)
        errors += found
        out.ids[pid] = ids
        out.zones[pid] = {
            zone: [
                ids[sub]
                for sub, _ in entries
                if sub.startswith(zone + "[") and (zone != "zx" or _is_zx_card(sub))
            ]
            for zone in ZONES
        }
        errors += _check_player(pid, zones, out.zones[pid], cards, seeded, base, is_open)
    if not errors:
        errors += _check_moment(start, players, out, cards, path)
    return errors, out


def _check_player(
    pid: str,
    zones: Mapping[str, Any],
    ids: Mapping[str, list[Any]],
    cards: Mapping[str, Mapping[str, Any]],
    seeded: bool,
    base: str,
    is_open: bool = False,
) -> list[FieldError]:
    errors: list[FieldError] = []
    for i, z in enumerate(zones.get("zx") or []):
        kind = _type(cards, z["card"])
        if kind not in ("zx", "zx_ex"):
            what = "a Z/X OB (not yet in a position)" if kind == "zx_ob" else f"a {kind} card"
            errors.append(
                FieldError(
                    f"{base}.zx[{i}].card",
                    f"{entry_code(z['card'])} is {what}: a square holds a Z/X or a Z/X EX "
                    "(ZX-PLAY-SQUARE)",
                )
            )
            continue
        power = int(cards[entry_code(z["card"]) or ""].get("power", 0))
        if z["damage"] >= power:
            errors.append(
                FieldError(
                    f"{base}.zx[{i}].damage",
                    f"{z['damage']} damage is not less than its power {power}: it would have "
                    "been destroyed (ZX-DAMAGE-ZX)",
                )
            )
        if z.get("shift") is not None and _type(cards, z["shift"]) != "shift":
            errors.append(
                FieldError(f"{base}.zx[{i}].shift", "only a shift card is put on a Z/X (ZX-SHIFT)")
            )
    for zone in ("resources", "charge", "trash", "removed", "hand", "life", "deck", "unseen"):
        for i, item in enumerate(zones.get(zone) or []):
            entry = item["card"] if zone in SLOTS else item
            if entry is not None and _section(cards, entry) == "dynamis":
                sub = f"{zone}[{i}]" + (".card" if zone in SLOTS else "")
                errors.append(
                    FieldError(
                        f"{base}.{sub}",
                        f"{entry_code(entry)} is a dynamis card: it is in the dynamis, or a Z/X "
                        "EX on a square, only (ZX-DYNAMIS)",
                    )
                )
    for i, slot in enumerate(zones.get("dynamis") or []):
        d = cards[entry_code(slot["card"]) or ""]
        if _section(cards, slot["card"]) == "main":
            gate = "gate_card" in (d.get("keywords") or [])
            if not (gate and slot["face_up"]):
                errors.append(
                    FieldError(
                        f"{base}.dynamis[{i}].card",
                        "a main-deck card is in the dynamis only as a gate card, face up "
                        "(ZX-GATE-CARD, ZX-DYNAMIS)",
                    )
                )
    charge = zones.get("charge") or []
    if len(charge) > CHARGE_LIMIT:
        errors.append(
            FieldError(
                f"{base}.charge",
                f"{len(charge)} cards: the cards over {CHARGE_LIMIT} go to the trash at once "
                "(ZX-CHARGE-LIMIT)",
            )
        )
    if not zones.get("life"):
        errors.append(
            FieldError(
                f"{base}.life",
                "no life card: the player has lost, the game is over (ZX-WIN)",
            )
        )
    errors += unseen_problems(base, ids, HIDDEN, seeded, "hand, life and deck", is_open)
    return errors


def _check_moment(
    start: Mapping[str, Any],
    players: list[str],
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str,
) -> list[FieldError]:
    errors: list[FieldError] = []
    first = start["first"]
    second = players[1] if first == players[0] else players[0]
    problem = turn_player_problem(start, players, "ZX-TURN", path)
    if problem is not None:
        errors.append(problem)
    if start.get("ex_played") and start["phase"] != "main":
        errors.append(
            FieldError(f"{path}.ex_played", "a Z/X EX or event EX is played in the main phase")
        )
    seats = {pid: seat for seat, pid in enumerate(players)}
    held: dict[int, str] = {}
    for pid in players:
        for i, z in enumerate(start["players"][pid].get("zx") or []):
            sq, sub = z["square"], f"{path}.players.{pid}.zx[{i}].square"
            opp = second if pid == first else first
            if sq == GRID.player_square(seats[opp]):
                errors.append(
                    FieldError(
                        sub,
                        f"square {sq} is {opp}'s player square: {pid}'s Z/X cannot be "
                        "there (ZX-PLAY-SQUARE)",
                    )
                )
            elif sq in held:
                errors.append(
                    FieldError(
                        sub,
                        f"{held[sq]}'s Z/X is on square {sq} already: one Z/X per square "
                        "(ZX-PLAY-SQUARE)",
                    )
                )
            held.setdefault(sq, pid)
    for i, pe in enumerate(start.get("pending") or []):
        sub = f"{path}.pending[{i}]"
        owner = next((p for p in players if pe["source"] in lay.ids[p].values()), None)
        if owner is None:
            errors.append(FieldError(f"{sub}.source", f"{pe['source']} is not in the position"))
            continue
        tag, n = (parse_id(pe["source"]) or ("", "", 0))[1:]
        code = lay.decks[owner]["dynamis" if tag == "D" else "main"][n - 1]
        effects = list(cards[code].get("effects") or [])
        when = effects[pe["effect"] - 1].get("when") if pe["effect"] <= len(effects) else None
        if when not in WAITING:
            errors.append(
                FieldError(
                    f"{sub}.effect",
                    f"{pe['source']} ({code}) has no automatic effect number {pe['effect']} "
                    f"that waits in a position ({' or '.join(sorted(WAITING))}) (ZX-SIMULTANEOUS)",
                )
            )
            continue
        on_square = pe["source"] in lay.zones[owner]["zx"]
        in_trash = pe["source"] in lay.zones[owner]["trash"]
        if (when == "appear" and not on_square) or (when == "evol_seed" and not in_trash):
            errors.append(
                FieldError(
                    f"{sub}.source",
                    f"{pe['source']}'s {when} effect waits while its card is in "
                    f"{WAITING[when]} (ZX-SIMULTANEOUS); {where_in(lay.zones, pe['source'])}",
                )
            )
    return errors


def place(eng: ZXEngine, start: Mapping[str, Any], lay: Layout) -> None:
    """Set ``eng``'s state to the position (laid out by :func:`layout`, without errors)."""
    st = eng.state
    st.turn, st.phase = start["turn"], start["phase"]
    st.turn_player, st.first = start["turn_player"], start["first"]
    st.ex_played = bool(start.get("ex_played"))
    st.agenda.clear()
    st.squares = {sq: None for sq in GRID.names()}
    for pid in st.order:
        zones, ids, path = start["players"][pid], lay.zones[pid], lay.ids[pid]
        ps = st.players[pid]
        ps.set_up = ps.mulligan_done = True
        for i, z in enumerate(zones.get("zx") or []):
            force = [
                Force(str(path[f"zx[{i}].force[{k}].card"]), bool(f["face_up"]))
                for k, f in enumerate(z.get("force") or [])
            ]
            shift = path.get(f"zx[{i}].shift")
            card = path[f"zx[{i}].card"]
            assert card is not None
            zx = eng.new_zx(
                card,
                z["square"],
                sleeping=bool(z["sleeping"]),
                damage=int(z["damage"]),
                force=force,
                shift=shift,
            )
            st.put_zx(zx, pid)
        ps.resources = [
            Resource(str(iid), st.next_serial(), bool(spec["sleeping"]))
            for spec, iid in zip(zones.get("resources") or [], ids["resources"], strict=True)
        ]
        ps.dynamis = [
            [iid, bool(spec["face_up"])]
            for spec, iid in zip(zones.get("dynamis") or [], ids["dynamis"], strict=True)
        ]
        ps.charge, ps.trash = list(ids["charge"]), list(ids["trash"])
        ps.removed, ps.hand = list(ids["removed"]), list(ids["hand"])
        ps.life, ps.deck = list(ids["life"]), list(ids["deck"])
        ps.markers = {k: int(v) for k, v in sorted((zones.get("markers") or {}).items()) if v}
        ps.extend_drive_used = bool(zones.get("extend_drive_used"))
        ps.hatenkourin_turn = st.turn if zones.get("hatenkourin_used") else 0
        ps.unseen = unseen_by_code(ids["unseen"], st.code_of)
    for pe in start.get("pending") or []:
        iid, index = pe["source"], pe["effect"] - 1
        eff = st.card(iid).effects[index]
        sq = st.square_of(iid)
        pid = st.controller[sq] if sq is not None else st.owner_of[iid]
        eng.pool.add(pid, iid, eff, index, str(eff["when"]))
