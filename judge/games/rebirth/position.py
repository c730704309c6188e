"""Rebirth for you positions: a game that starts at a moment of a turn (``docs/positions.md``).

A log with ``start`` instead of ``decks`` describes the moment: turn, phase, whose turn, who
went first, each player's field, an attack waiting for its guard decision, sparks waiting for
their player's choices, limited effects used this turn (shapes:
``schemas/rebirth_position.py``).  The moment is a decision of the energy, main or battle
phase, the setup after the deal (who goes first, the preset), or the start of the stand or end
phase (their automatic procedure runs at the first step).  Two functions, as Union
Arena's:

- :func:`layout` checks that the position could happen and gives every card its instance id,
  naming the field and the rule of every problem: the entry holds a character (R4U-ENTRY-IN),
  three member squares (R4U-FIELD), at most 8 Rebirth cards (R4U-REBIRTH-AREA), fewer than 7
  retired cards (R4U-LOSS-RETIRE), a card in one place only, the turn player the turn number
  and the first player say (R4U-TURN), …  Ids are the decks' own (``A-7``: the player's 7th
  main-deck card, ``A-PT2`` its 2nd partner card); cards that give none are numbered in the
  order of :data:`ZONES`, from the lowest number no card has taken, so the decks a position
  implies deal exactly these ids.
- :func:`place` sets an engine's state to the position.

>>> ZONES[:3]
('entry', 'members', 'retire')
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
from judge.core.wording import plural
from judge.games.rebirth.activate import limit_key
from judge.games.rebirth.state import (
    MEMBER_SQUARES,
    REBIRTH_LIMIT,
    RETIRE_LIMIT,
    Attack,
    Mod,
    Slot,
)

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

#: a player's zones, in the order their cards are numbered
ZONES = (
    "entry",
    "members",
    "retire",
    "rebirth_area",
    "energy",
    "partners",
    "hand",
    "deck",
    "waiting_room",
    "unseen",
)
#: zones that may hold a card the judge does not know (``null``)
HIDDEN = ("energy", "hand", "deck")
#: copies of one card in a main deck (R4U-DECK-COPIES): the most an unknown card may stand
#: for of each code when the position gives no ``unseen`` list
COPIES = 4
#: zones whose items are ``{"card", "rested"}``
SLOTS = ("members", "energy", "partners")
TAGS = {"main": "", "partner": "PT"}
PARTNER_LIMIT = 3


@dataclass
class Layout:
    """A position laid out: ``decks`` per player (``{"main": [codes in id order], "partner":
    [...]}``) and ``zones`` per player and zone, the ids in order (``None``: an unknown card or,
    in ``members``, an empty square)."""

    decks: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    zones: dict[str, dict[str, list[Any]]] = field(default_factory=dict)


def _entries(zones: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """``(path under the player, entry)`` for every card of a player's zones, in order."""
    for zone in ZONES:
        if zone == "entry":
            yield "entry", zones.get("entry")
            continue
        for i, item in enumerate(zones.get(zone) or []):
            if zone in SLOTS:
                if item is not None:
                    yield f"{zone}[{i}].card", item["card"]
            else:
                yield f"{zone}[{i}]", item


def _def(cards: Mapping[str, Mapping[str, Any]], entry: Any) -> Mapping[str, Any] | None:
    return cards.get(entry_code(entry) or "")


def _main_card(card: Mapping[str, Any]) -> bool:
    """A card an unknown one may be (a main-deck card: not a partner card)."""
    return card.get("type") != "partner"


def _section(cards: Mapping[str, Mapping[str, Any]], entry: Any) -> str:
    d = _def(cards, entry)
    return "partner" if d is not None and d.get("type") == "partner" else "main"


def layout(
    start: Mapping[str, Any],
    players: list[str],
    cards: Mapping[str, Mapping[str, Any]],
    seeded: bool,
    teams: list[list[str]] | None = None,
    path: str = "start",
) -> tuple[list[FieldError], Layout]:
    """Check ``start`` (as its schema loaded it) and give every card its id (Rebirth for you
    has no teams: ``teams`` is not used)."""
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
        sections = [(_section(cards, entry), sub, entry) for sub, entry in entries]
        found, ids, out.decks[pid] = number_cards(pid, base, sections, TAGS, where)
        errors += found
        out.zones[pid] = _zone_ids(zones, ids)
        errors += _check_player(pid, zones, out.zones[pid], cards, seeded, base, is_open)
    if not errors:
        errors += _check_moment(start, players, out, cards, path)
    return errors, out


def _zone_ids(zones: Mapping[str, Any], ids: Mapping[str, str | None]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {"entry": [ids.get("entry")]}
    for zone in ZONES[1:]:
        items = zones.get(zone) or []
        if zone in SLOTS:
            out[zone] = [
                None if item is None else ids[f"{zone}[{i}].card"] for i, item in enumerate(items)
            ]
        else:
            out[zone] = [ids[f"{zone}[{i}]"] for i in range(len(items))]
    return out


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

    def kind(entry: Any) -> str | None:
        d = _def(cards, entry)
        return d.get("type") if d is not None else None

    if kind(zones.get("entry")) != "character":
        errors.append(
            FieldError(
                f"{base}.entry",
                "the entry always holds a character: an empty entry is filled by entry-in at "
                "once, a Rebirth card goes on to the Rebirth area (R4U-ENTRY-IN)",
            )
        )
    members = zones.get("members") or []
    if len(members) > MEMBER_SQUARES:
        errors.append(
            FieldError(
                f"{base}.members",
                f"{len(members)} member squares; a player has {MEMBER_SQUARES} (R4U-FIELD)",
            )
        )
    for i, slot in enumerate(members):
        if slot is not None and kind(slot["card"]) != "character":
            errors.append(
                FieldError(f"{base}.members[{i}].card", "only a character is a member (R4U-FIELD)")
            )
    area = zones.get("rebirth_area") or []
    if len(area) > REBIRTH_LIMIT:
        errors.append(
            FieldError(
                f"{base}.rebirth_area",
                f"{len(area)} cards; the Rebirth area holds at most {REBIRTH_LIMIT} "
                "(R4U-REBIRTH-AREA)",
            )
        )
    for i, entry in enumerate(area):
        if kind(entry) != "rebirth":
            errors.append(
                FieldError(
                    f"{base}.rebirth_area[{i}]",
                    "only Rebirth cards are in the Rebirth area (R4U-REBIRTH-AREA)",
                )
            )
    retire = zones.get("retire") or []
    if len(retire) >= RETIRE_LIMIT:
        errors.append(
            FieldError(
                f"{base}.retire",
                f"{len(retire)} cards: a player with {RETIRE_LIMIT} in the retire area has "
                "lost, the game is over (R4U-LOSS-RETIRE)",
            )
        )
    partners = zones.get("partners") or []
    for i, slot in enumerate(partners):
        if kind(slot["card"]) != "partner":
            errors.append(
                FieldError(
                    f"{base}.partners[{i}].card",
                    "only partner cards are in the partner zone (R4U-PARTNER-CARD)",
                )
            )
    for zone in ("retire", "rebirth_area", "energy", "deck", "waiting_room", "unseen"):
        for i, item in enumerate(zones.get(zone) or []):
            entry = item["card"] if zone == "energy" else item
            if entry is not None and kind(entry) == "partner":
                sub = f"{zone}[{i}]" + (".card" if zone == "energy" else "")
                errors.append(
                    FieldError(
                        f"{base}.{sub}",
                        "a partner card is in the hand or the partner zone only (R4U-PARTNER-CARD)",
                    )
                )
    n_partners = sum(1 for _, e in _entries(zones) if e is not None and kind(e) == "partner")
    if n_partners > PARTNER_LIMIT:
        errors.append(
            FieldError(
                base,
                f"{n_partners} partner cards; a player has {PARTNER_LIMIT} (R4U-DECK-PARTNERS)",
            )
        )
    for sub, entry in _entries(zones):
        if entry is not None and _def(cards, entry) is None:
            errors.append(FieldError(f"{base}.{sub}", f"unknown card {entry_code(entry)!r}"))
    errors += unseen_problems(base, ids, HIDDEN, seeded, "energy, hand and deck", is_open)
    return errors


def _check_moment(
    start: Mapping[str, Any],
    players: list[str],
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str,
) -> list[FieldError]:
    errors: list[FieldError] = []
    turn, tp, phase = start["turn"], start["turn_player"], start["phase"]
    errors += _check_flags(start, path)
    if phase == "setup" or turn == 0:
        return errors + _check_setup(start, players, lay, cards, path)
    for name, what in (("turn_player", "whose turn it is"), ("first", "who went first")):
        if start[name] is None:
            errors.append(
                FieldError(
                    f"{path}.{name}",
                    f"{what} is decided in the setup: null only in a setup position "
                    "(R4U-SETUP-FIRST)",
                )
            )
    if errors:
        return errors
    problem = turn_player_problem(start, players, "R4U-TURN", path)
    if problem is not None:
        return [*errors, problem]
    if turn == 1 and phase == "battle":
        errors.append(
            FieldError(
                f"{path}.phase", "the first player's first turn has no battle phase (R4U-BATTLE)"
            )
        )
    errors += _check_used(start, tp, lay, cards, path)
    battle = start.get("battle")
    if battle is not None:
        members = lay.zones[tp]["members"]
        slots = start["players"][tp].get("members") or []
        k = next((i for i, c in enumerate(members) if c == battle["attacker"]), None)
        if phase != "battle":
            errors.append(FieldError(f"{path}.battle", "an attack is only in the battle phase"))
        elif k is None or not slots[k]["rested"]:
            errors.append(
                FieldError(
                    f"{path}.battle.attacker",
                    f"{battle['attacker']} is not a rested member of {tp}'s: an attack rests "
                    f"a member (R4U-ATTACK); {where_in(lay.zones, battle['attacker'])}",
                )
            )
        partners = start["players"][tp].get("partners") or []
        if battle.get("partner") and (
            len(partners) < PARTNER_LIMIT or not all(s["rested"] for s in partners)
        ):
            errors.append(
                FieldError(
                    f"{path}.battle.partner",
                    f"a partner attack rests {tp}'s 3 partner cards (R4U-PARTNER-ATTACK)",
                )
            )
        if start.get("pending"):
            errors.append(
                FieldError(
                    f"{path}.pending",
                    "an attack waits for its guard decision: no spark waits then (R4U-SPARK)",
                )
            )
    if start.get("pending") and phase in ("stand", "end"):
        errors.append(
            FieldError(
                f"{path}.pending",
                f"a position at the start of the {phase} phase has no spark waiting: one "
                "waits at a decision of the energy, main or battle phase (R4U-SPARK)",
            )
        )
        return errors
    for i, pe in enumerate(start.get("pending") or []):
        owner = next(
            (
                p
                for p in players
                for z in ("entry", "rebirth_area")
                if pe["source"] in lay.zones[p][z]
            ),
            None,
        )
        if owner is None:
            errors.append(
                FieldError(
                    f"{path}.pending[{i}].source",
                    f"{pe['source']} is not in an entry or a Rebirth area: a spark fires when "
                    "its card appears in the entry by entry-in (R4U-SPARK); "
                    f"{where_in(lay.zones, pe['source'])}",
                )
            )
            continue
        n = (parse_id(pe["source"]) or ("", "", 0))[2]
        code = lay.decks[owner]["main"][n - 1]
        effects = list(cards[code].get("effects") or [])
        if pe["effect"] > len(effects) or effects[pe["effect"] - 1].get("when") != "spark":
            errors.append(
                FieldError(
                    f"{path}.pending[{i}].effect",
                    f"{pe['source']} ({code}) has no spark effect number {pe['effect']} "
                    "(R4U-SPARK)",
                )
            )
    return errors


def _check_flags(start: Mapping[str, Any], path: str) -> list[FieldError]:
    """What belongs to one phase only: energy_done, partner_done, damage."""
    errors: list[FieldError] = []
    phase = start["phase"]
    for flag in ("energy_done", "partner_done"):
        if start.get(flag) and phase != "energy":
            errors.append(
                FieldError(f"{path}.{flag}", "only in the energy phase (R4U-ENERGY-PHASE)")
            )
    if start.get("damage") and phase != "battle":
        errors.append(
            FieldError(
                f"{path}.damage",
                "damage is dealt by attacks, in the battle phase; it ends with the turn "
                "(R4U-DAMAGE)",
            )
        )
    return errors


def _check_setup(
    start: Mapping[str, Any],
    players: list[str],
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str,
) -> list[FieldError]:
    """A setup position is after the deal (entries chosen, 3 cards drawn, partner cards in the
    hand): it waits for who goes first (``first`` null) or for the second player's preset.
    Before the entries are chosen there is no position: that is the start of a log with
    ``decks``."""
    errors: list[FieldError] = []
    if start["phase"] != "setup":
        errors.append(
            FieldError(f"{path}.turn", "turn 0 is the setup: the first turn is turn 1 (R4U-TURN)")
        )
        return errors
    if start["turn"] != 0:
        errors.append(FieldError(f"{path}.turn", "the setup is turn 0 (R4U-TURN)"))
    if start["turn_player"] is not None:
        errors.append(
            FieldError(
                f"{path}.turn_player",
                "null in the setup: the first turn starts after the preset (R4U-SETUP-PRESET)",
            )
        )
    for name in ("battle", "pending", "used"):
        if start.get(name):
            errors.append(
                FieldError(f"{path}.{name}", "nothing of a turn happens in the setup (R4U-TURN)")
            )
    for pid in players:
        zones = start["players"][pid]
        base = f"{path}.players.{pid}"
        d = _def(cards, zones.get("entry"))
        if d is not None and d.get("type") == "character" and (d.get("level") or 0) > 2:
            errors.append(
                FieldError(
                    f"{base}.entry",
                    "the setup's entry is a character of level 2 or less (R4U-SETUP-ENTRY)",
                )
            )
        for zone in ("entry_mods", "members", "retire", "rebirth_area", "energy", "waiting_room"):
            if any(item is not None for item in zones.get(zone) or []):
                errors.append(
                    FieldError(
                        f"{base}.{zone}",
                        "in the setup only the entry, the hand and the deck hold cards "
                        "(R4U-SETUP-HAND)",
                    )
                )
        if zones.get("partners"):
            errors.append(
                FieldError(
                    f"{base}.partners",
                    "the preset is the setup's last step: a setup position has no partner "
                    "card in the partner zone (R4U-SETUP-PRESET)",
                )
            )
        hand = zones.get("hand") or []
        kinds = [(_def(cards, e) or {}).get("type") if e is not None else None for e in hand]
        n_partner = sum(1 for k in kinds if k == "partner")
        if n_partner != 3 or len(hand) - n_partner != 3:
            errors.append(
                FieldError(
                    f"{base}.hand",
                    f"{len(hand) - n_partner} main-deck and {plural(n_partner, 'partner card')}: "
                    "after "
                    "the deal the hand holds 3 cards of the deck and the 3 partner cards "
                    "(R4U-SETUP-HAND)",
                )
            )
    return errors


def _check_used(
    start: Mapping[str, Any],
    tp: str,
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str,
) -> list[FieldError]:
    """``used``: limited activated effects of the turn player's cards (R4U-ACTIVATE-LIMIT),
    in the main or battle phase, at most as often as their limit."""
    errors: list[FieldError] = []
    for i, use in enumerate(start.get("used") or []):
        sub = f"{path}.used[{i}]"
        if start["phase"] not in ("main", "battle"):
            errors.append(
                FieldError(
                    sub,
                    "effects are used in the main (or battle) phase: before it none has been "
                    "used this turn (R4U-ACTIVATE-TIMING)",
                )
            )
            continue
        parsed = parse_id(use["card"])
        main = lay.decks.get(tp, {}).get("main", [])
        if parsed is None or parsed[0] != tp or parsed[1] != "" or not 1 <= parsed[2] <= len(main):
            errors.append(
                FieldError(
                    f"{sub}.card",
                    f"{use['card']} is not a main-deck card of {tp}'s: only the turn player "
                    "uses effects (R4U-ACTIVATE-TIMING)",
                )
            )
            continue
        code = main[parsed[2] - 1]
        found = [e for e in cards[code].get("effects") or [] if e.get("when") == "activated"]
        k = use["ability"]
        limit = found[k - 1].get("per_turn") if k <= len(found) else None
        if not isinstance(limit, int) or isinstance(limit, bool):
            errors.append(
                FieldError(
                    f"{sub}.ability",
                    f"{use['card']} ({code}) has no activated effect number {k} with a printed "
                    "use limit (R4U-ACTIVATE-LIMIT)",
                )
            )
        elif use["times"] > limit:
            errors.append(
                FieldError(
                    f"{sub}.times",
                    f"the effect may be used {plural(limit, 'time')} a turn (R4U-ACTIVATE-LIMIT)",
                )
            )
    return errors


def place(eng: RebirthEngine, start: Mapping[str, Any], lay: Layout) -> None:
    """Set ``eng``'s state to the position (laid out by :func:`layout`, without errors)."""
    st = eng.state
    st.turn, st.phase = start["turn"], start["phase"]
    st.turn_player, st.first = start["turn_player"], start["first"]
    st.energy_done = bool(start.get("energy_done"))
    st.partner_done = bool(start.get("partner_done"))
    st.agenda.clear()
    for pid in st.order:
        zones, ids = start["players"][pid], lay.zones[pid]
        ps = st.players[pid]
        ps.turns_taken = (st.turn + 1) // 2 if pid == st.first else st.turn // 2
        ps.chose_entry, ps.partner_hand = True, []
        ps.entry = ids["entry"][0]
        ps.entry_mods = [
            Mod(m.get("atk", 0), m.get("def", 0)) for m in zones.get("entry_mods") or []
        ]
        member_ids = [*ids["members"], None, None, None][:MEMBER_SQUARES]
        member_specs = [*(zones.get("members") or []), None, None, None][:MEMBER_SQUARES]
        ps.members = [
            None if spec is None else Slot(iid, bool(spec.get("rested")))
            for spec, iid in zip(member_specs, member_ids, strict=True)
        ]
        ps.retire, ps.rebirth_area = list(ids["retire"]), list(ids["rebirth_area"])
        ps.energy = [
            Slot(iid, bool(spec.get("rested")))  # type: ignore[arg-type]
            for spec, iid in zip(zones.get("energy") or [], ids["energy"], strict=True)
        ]
        ps.partners = [
            Slot(iid, bool(spec.get("rested")))
            for spec, iid in zip(zones.get("partners") or [], ids["partners"], strict=True)
        ]
        ps.hand, ps.deck = list(ids["hand"]), list(ids["deck"])
        ps.waiting_room = list(ids["waiting_room"])
        ps.unseen = unseen_by_code(ids["unseen"], st.code_of)
    tp = st.turn_player
    if st.phase == "setup":
        second = None if st.first is None else st.opponent(st.first)
        st.agenda[:] = (
            [("wait_first_player", {})] if second is None else [("wait_preset", {"player": second})]
        )
        return
    if st.phase == "battle":  # the attacks made before it are not known (R4U-TEXT-OWN-ATTACK)
        st.counts_known = False
    if st.phase in ("stand", "end"):  # their automatic procedure runs at the first step
        st.agenda[:] = [("stand", {})] if st.phase == "stand" else [("end_phase", {})]
    assert tp is not None
    opp = st.opponent(tp)
    for use in start.get("used") or []:
        key = limit_key(eng, use["card"], use["ability"])
        st.used[key] = st.used.get(key, 0) + use["times"]
    if start.get("damage"):
        st.damage, st.damage_on = int(start["damage"]), st.players[opp].entry
    battle = start.get("battle")
    if battle is not None:
        st.attack = Attack(battle["attacker"], tp, opp, bool(battle.get("partner")))
        st.agenda[:] = [("wait_guard", {"player": opp}), ("attack_resolve", {})]
    for pe in start.get("pending") or []:
        iid = pe["source"]
        index = pe["effect"] - 1
        eng.pool.add(st.owner_of[iid], iid, st.card(iid).effects[index], index, "spark")
