"""Union Arena positions: a game that starts at a moment of a turn (``docs/positions.md``).

A log with ``start`` instead of ``decks`` describes the moment: turn, phase, whose turn, who
went first, each player's zones, an attack waiting for its block decision, effects waiting to
resolve (shapes: ``schemas/union_arena_position.py``).  Two functions:

- :func:`layout` checks that the position could happen and gives every card its instance id,
  naming the field of every problem: a line holds at most four cards (``UA-LINE-LIMIT``), a
  card is in one place only (an id given twice), the turn player is the one the turn number
  and the first player say, the attacker is on the turn player's front line, …  Ids are the
  decks' own (``A-7``: the player's 7th main-deck card, ``A-AP2`` the 2nd AP card): a card may
  give its own id; the others are numbered in the order of :data:`ZONES`, each zone in
  order (a stack from the bottom card up), from the lowest number no card has taken.  The
  numbers of a player's cards are 1…n with none missing, so the *decks* a position implies
  (each player's codes in id order) deal exactly these ids, and every reference check of
  the log works on them unchanged.
- :func:`place` sets an engine's state to the position.

>>> from judge.games.union_arena.position import ZONES
>>> ZONES[:3]
('front_line', 'energy_line', 'hand')
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
from judge.core.position_ids import entry_code
from judge.core.wording import noun_for, plural
from judge.games.union_arena.state import (
    LINE_LIMIT,
    Battle,
    Modifier,
    Unit,
    ap_in_play,
    own_turns,
)

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

#: the zones of a player, in the order their cards are numbered (main deck's cards)
ZONES = ("front_line", "energy_line", "hand", "life", "deck", "outside", "removal", "unseen")
#: zones that may hold a card the judge does not know (``null``)
HIDDEN = ("hand", "life", "deck")
#: AP cards' zones, numbered ``AP1``, ``AP2``, … in this order
AP_ZONES = ("ap", "ap_reserve")
AP_LIMIT = 3
#: copies of one card number in a deck (UA-DECK-COPIES): the most an unknown card may stand
#: for of each code when the position gives no ``unseen`` list
COPIES = 4


@dataclass
class Layout:
    """A position laid out: every card's instance id, by where it is.

    ``decks``: per player, ``{"main": [codes in id order], "ap": [...]}`` — the decks whose
    dealt ids are the position's; ``zones``: per player and zone, the ids in order (``None``
    for an unknown card); lines hold one list per unit, its stack from the bottom up; AP
    cards in play are in ``ap``.
    """

    decks: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    zones: dict[str, dict[str, list[Any]]] = field(default_factory=dict)


def _entries(zones: Mapping[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """``(section, path under the player, entry)`` for every card of a player's zones, in
    numbering order."""
    for zone in ZONES:
        for i, item in enumerate(zones.get(zone) or []):
            if zone in ("front_line", "energy_line"):
                for j, under in enumerate(item.get("under") or []):
                    yield "main", f"{zone}[{i}].under[{j}]", under
                yield "main", f"{zone}[{i}].card", item["card"]
                for j, card in enumerate(item.get("face_down") or []):  # UA-UNDER
                    yield "main", f"{zone}[{i}].face_down[{j}]", card
            else:
                yield "main", f"{zone}[{i}]", item
    for zone in AP_ZONES:
        for i, item in enumerate(zones.get(zone) or []):
            yield (
                "ap",
                f"{zone}[{i}]" + (".card" if zone == "ap" else ""),
                (item["card"] if zone == "ap" else item),
            )


def layout(
    start: Mapping[str, Any],
    players: list[str],
    cards: Mapping[str, Mapping[str, Any]],
    seeded: bool,
    teams: list[list[str]] | None = None,
    path: str = "start",
) -> tuple[list[FieldError], Layout]:
    """Check ``start`` (as its schema loaded it) and give every card its id (``teams``: none
    in Union Arena; taken so that every game's layout is called alike)."""
    errors: list[FieldError] = []
    out = Layout()
    problem = zones_problem(start, players, path)  # the envelope's players: its own field
    if problem is not None:
        return [problem], out
    zones_of = start["players"]
    where: dict[str, str] = {}  # id -> the path it was first given at
    for pid in players:
        known = [entry for _, _, entry in _entries(zones_of[pid])]
        zones, is_open = open_unseen(
            zones_of[pid], HIDDEN, known, cards, seeded, _main_card, COPIES
        )
        base = f"{path}.players.{pid}"
        found, ids, out.decks[pid] = number_cards(
            pid, base, list(_entries(zones)), {"main": "", "ap": "AP"}, where
        )
        errors += found
        out.zones[pid] = _zone_ids(zones, ids)
        errors += _check_player(pid, zones, out.zones[pid], cards, seeded, base, is_open)
    if not errors:
        errors += _check_moment(start, players, out, cards, path)
    return errors, out


def _main_card(card: Mapping[str, Any]) -> bool:
    """A card an unknown one may be (a main-deck card: not an AP card)."""
    return card.get("type") != "ap"


def _zone_ids(zones: Mapping[str, Any], ids: Mapping[str, str | None]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for zone in ZONES + AP_ZONES:
        items = zones.get(zone) or []
        if zone in ("front_line", "energy_line"):
            out[zone] = [
                [ids[f"{zone}[{i}].under[{j}]"] for j in range(len(u.get("under") or []))]
                + [ids[f"{zone}[{i}].card"]]
                for i, u in enumerate(items)
            ]
            # the face-down cards under each unit (UA-UNDER), beside the stacks
            out[f"{zone}.face_down"] = [
                [ids[f"{zone}[{i}].face_down[{j}]"] for j in range(len(u.get("face_down") or []))]
                for i, u in enumerate(items)
            ]
        elif zone == "ap":
            out[zone] = [ids[f"ap[{i}].card"] for i in range(len(items))]
        else:
            out[zone] = [ids[f"{zone}[{i}]"] for i in range(len(items))]
    return out


def _type(cards: Mapping[str, Mapping[str, Any]], code: str | None) -> str | None:
    d = cards.get(code or "")
    return d.get("type") if d else None


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
    for line in ("front_line", "energy_line"):
        units = zones.get(line) or []
        if len(units) > LINE_LIMIT:
            errors.append(
                FieldError(
                    f"{base}.{line}",
                    f"{len(units)} cards; a line holds at most {LINE_LIMIT} (UA-LINE-LIMIT)",
                )
            )
        for i, unit in enumerate(units):
            kind = _type(cards, entry_code(unit["card"]))
            if kind not in ("character", "field"):
                errors.append(
                    FieldError(
                        f"{base}.{line}[{i}].card",
                        f"{'an' if (kind or 'x')[0] in 'aeiou' else 'a'} {kind} card is not put "
                        "on a line: only characters and fields are",
                    )
                )
            elif kind == "field" and line == "front_line":
                errors.append(
                    FieldError(
                        f"{base}.{line}[{i}].card",
                        "a field is put on the energy line (UA-FIELD-EL)",
                    )
                )
            for m, mod in enumerate(unit.get("mods") or []):
                errors += _check_mod(mod, f"{base}.{line}[{i}].mods[{m}]")
    if len(zones.get("ap") or []) > AP_LIMIT:
        errors.append(
            FieldError(f"{base}.ap", f"{len(zones['ap'])} AP cards in play; at most {AP_LIMIT}")
        )
    for zone in AP_ZONES:
        for i, code in enumerate(
            [a["card"] for a in zones.get(zone) or []] if zone == "ap" else zones.get(zone) or []
        ):
            if _type(cards, entry_code(code)) != "ap":
                sub = f"{zone}[{i}]" + (".card" if zone == "ap" else "")
                errors.append(FieldError(f"{base}.{sub}", "not an AP card"))
    for zone in ("hand", "life", "deck", "outside", "removal", "unseen"):
        for i, entry in enumerate(zones.get(zone) or []):
            if entry is not None and _type(cards, entry_code(entry)) == "ap":
                errors.append(
                    FieldError(f"{base}.{zone}[{i}]", "an AP card is only in play or in reserve")
                )
    errors += unseen_problems(base, ids, HIDDEN, seeded, "hand, life and deck", is_open)
    return errors


def _check_mod(mod: Mapping[str, Any], path: str) -> list[FieldError]:
    from judge.games.union_arena.cards import Keywords

    errors = []
    what = [k for k in ("bp", "keyword", "energy") if mod.get(k)]
    if len(what) != 1:
        errors.append(FieldError(path, "one of bp, keyword or energy, and only one"))
    if "keyword" in mod:
        try:
            Keywords.parse([mod["keyword"]])
        except ValueError as exc:
            errors.append(FieldError(f"{path}.keyword", str(exc)))
    return errors


def _top_of(lay: Layout, pid: str, line: str, iid: str) -> bool:
    return any(stack and stack[-1] == iid for stack in lay.zones[pid][line])


def _check_moment(
    start: Mapping[str, Any],
    players: list[str],
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str,
) -> list[FieldError]:
    errors: list[FieldError] = []
    tp = start["turn_player"]
    if len(players) == 2:
        problem = turn_player_problem(start, players, None, path)
        if problem is not None:
            errors.append(problem)
    if not errors and start["first"] in players:
        errors += _ap_problems(start, players, path)
    battle = start.get("battle")
    if battle is not None and not errors and tp in lay.zones:  # (needs the turn player right)
        opp = next((p for p in players if p != tp), tp)
        if start["phase"] != "attack":
            errors.append(FieldError(f"{path}.battle", "an attack is only in the attack phase"))
        elif not _top_of(lay, tp, "front_line", battle["attacker"]):
            errors.append(
                FieldError(
                    f"{path}.battle.attacker",
                    f"{battle['attacker']} is not a card on {tp}'s front line "
                    f"(UA-ATK-ATTACKER): {where_in(lay.zones, battle['attacker'])}",
                )
            )
        if battle["target"] != "player" and not _top_of(lay, opp, "front_line", battle["target"]):
            errors.append(
                FieldError(
                    f"{path}.battle.target",
                    f'"player", or a card on {opp}\'s front line (UA-KW-SNIPE); not '
                    f"{battle['target']}: {where_in(lay.zones, battle['target'])}",
                )
            )
    placed = {
        f"{pid}-{tag}{n}": code
        for pid in players
        for section, tag in (("main", ""), ("ap", "AP"))
        for n, code in enumerate(lay.decks[pid][section], 1)
    }
    for i, pe in enumerate(start.get("pending") or []):
        code = placed.get(pe["source"])
        if code is None:
            errors.append(
                FieldError(f"{path}.pending[{i}].source", f"no card {pe['source']} in the position")
            )
            continue
        effects = _effects_of(cards[code])
        if pe["effect"] > len(effects):
            errors.append(
                FieldError(
                    f"{path}.pending[{i}].effect",
                    f"{pe['source']} ({code}) has {plural(len(effects), 'effect')}",
                )
            )
    return errors


def _ap_problems(start: Mapping[str, Any], players: list[str], path: str) -> list[FieldError]:
    """Each player's AP cards in play follow the turn number (UA-START-AP): the number its
    last start phase brought them to (none before its first turn), or all it has when it has
    fewer.  Every phase a position may start in comes after the turn player's start phase."""
    errors = []
    turn, first = int(start["turn"]), start["first"]
    for pid in players:
        zones = start["players"][pid]
        have = len(zones.get("ap") or [])
        total = have + len(zones.get("ap_reserve") or [])
        is_first = pid == first
        turns = own_turns(turn, is_first)
        want = min(ap_in_play(is_first, turns), total)
        if have == want:
            continue
        who = "the first player" if is_first else "the second player"
        when = (
            "has not had a turn yet: AP cards are put into play at the start of its first turn"
            if turns == 0
            else f"has begun {plural(turns, 'turn')} of its own"
        )
        errors.append(
            FieldError(
                f"{path}.players.{pid}.ap",
                f"{have} AP {noun_for(have, 'card')} in play; on turn {turn} {pid} "
                f"({who}) {when}, so it has {want} (UA-START-AP)",
            )
        )
    return errors


def _effects_of(card: Mapping[str, Any]) -> tuple[Any, ...]:
    """A definition's effects as the engine reads them (printed text read into effects, or
    stand-ins for what the reader cannot read), so that a pending effect's number is the
    engine's."""
    from judge.games.union_arena.cards import CardDef

    try:
        return CardDef.from_dict(dict(card)).effects
    except (KeyError, TypeError, ValueError):  # a malformed definition: its own field says so
        return tuple(card.get("effects") or ())


def place(eng: UnionArenaEngine, start: Mapping[str, Any], lay: Layout) -> None:
    """Set ``eng``'s state to the position (laid out by :func:`layout`, without errors)."""
    st = eng.state
    st.turn, st.phase = start["turn"], start["phase"]
    st.turn_player, st.first = start["turn_player"], start["first"]
    st.extra_draw_open = bool(start.get("extra_draw_open")) and st.phase == "movement"
    st.moved = st.phase != "movement"
    for pid in st.order:
        zones, ids = start["players"][pid], lay.zones[pid]
        ps = st.players[pid]
        ps.turns_taken = own_turns(st.turn, pid == st.first)
        ps.mulliganed = False
        ps.hand, ps.life, ps.deck = list(ids["hand"]), list(ids["life"]), list(ids["deck"])
        ps.outside, ps.removal = list(ids["outside"]), list(ids["removal"])
        ps.ap_cards = list(ids["ap"])
        ps.ap_rested = [bool(a.get("rested")) for a in zones.get("ap") or []]
        ps.ap_reserve = list(ids["ap_reserve"])
        ps.unseen = unseen_by_code(ids["unseen"], st.code_of)
        for line in ("front_line", "energy_line"):
            units = ps.line(line)
            units.clear()
            specs = zones.get(line) or []
            under = ids.get(f"{line}.face_down") or [[] for _ in specs]
            for spec, stack, face_down in zip(specs, ids[line], under, strict=True):
                units.append(_unit(eng, pid, spec, stack))
                units[-1].face_down = list(face_down)  # UA-UNDER
    battle = start.get("battle")
    if battle is not None:
        tp = st.turn_player
        assert tp is not None
        opp = st.other(tp)
        attacker = _unit_of(eng, tp, battle["attacker"])
        target = None if battle["target"] == "player" else _unit_of(eng, opp, battle["target"])
        attacker.attacks = max(attacker.attacks, 1)
        st.battle = Battle(attacker, tp, opp, target, sniped=target is not None)
        st.agenda[:] = [
            ("wait_block", {"player": opp}),
            ("after_block", {}),
            ("battle", {}),
            ("battle_end", {}),
        ]
    for pe in start.get("pending") or []:
        iid = pe["source"]
        effect = st.card(iid).effects[pe["effect"] - 1]
        found = st.find_unit(iid)
        eng.pool.add(
            st.owner_of[iid],
            iid,
            effect,
            pe["effect"] - 1,
            pe.get("trigger") or effect.get("when", "on_play"),
            unit=found[2] if found else None,
        )


def _unit(eng: UnionArenaEngine, pid: str, spec: Mapping[str, Any], stack: list[Any]) -> Unit:
    st = eng.state
    unit = Unit(
        cards=list(stack),
        rested=bool(spec.get("rested")),
        entered_turn=st.turn if spec.get("entered_this_turn") else st.turn - 1,
        serial=st.next_serial(),
        raided=bool(spec.get("raided")),
    )
    unit.attacks, unit.blocks = int(spec.get("attacks", 0)), int(spec.get("blocks", 0))
    unit.used = {n - 1 for n in spec.get("used") or []}
    for mod in spec.get("mods") or []:
        unit.mods.append(
            Modifier(
                bp=int(mod.get("bp", 0)),
                keyword=mod.get("keyword"),
                until=mod.get("until", "turn"),
                owner=mod.get("owner") or pid,
                energy=mod.get("energy"),
            )
        )
    return unit


def _unit_of(eng: UnionArenaEngine, pid: str, iid: str) -> Unit:
    for unit in eng.state.players[pid].front_line:
        if unit.top == iid:
            return unit
    raise AssertionError(f"{iid} is not on {pid}'s front line (layout checks it)")
