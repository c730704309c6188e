"""Rangers Strike positions: a game that starts at a moment of a phase (``docs/positions.md``).

A log with ``start`` instead of ``decks`` describes the moment, in either variant: turn,
phase, whose phase it is, who went first, each player's zones (rush and battle areas with
units, vehicles and the units riding them, commands released or held, power cards face up or
down, the resident, hand, deck, discard pile), the unit that has just entered, an attack or
strike waiting for counters, effects waiting to resolve (shapes:
``schemas/rangers_strike_position.py``).  Two functions, as Union Arena's:

- :func:`layout` checks that the position could happen and gives every card its instance id,
  naming the field of every problem and the rule that says why: a command zone holds at most
  five cards (``RS-COMMAND-LIMIT``, ``RST-COMMAND``), a card is in one place only, the turn
  player is one of the side whose turn the turn number says (``RS-TURN``, ``RST-PHASES``), a
  1 vs 1 player with 7 damage has lost already (``RS-LOSS-DAMAGE``), a tag player with 5 is
  out and has no units (``RST-OUT``), …  Ids are the decks' own (``A-7``, ``A1-7``): a card may
  give its own; the others are numbered in the order of :data:`ZONES` (a unit, then the
  vehicle it rides), from the lowest number no card has taken, so that a player's cards are 1…n
  with none missing and the decks the position implies deal exactly these ids.
- :func:`judge.games.rangers_strike.position_place.place` sets an engine's state to the
  position (either variant's engine).

>>> from judge.games.rangers_strike.position import ZONES
>>> ZONES[:4]
('rush', 'battle', 'command', 'power')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.errors import FieldError
from judge.core.position import number_cards, open_unseen, unseen_problems, where_in
from judge.core.position_ids import entry_code, parse_id
from judge.core.wording import plural
from judge.games.rangers_strike.state import (
    AREAS,
    COMMAND_LIMIT,
)

if TYPE_CHECKING:
    pass

#: a player's zones, in the order their cards are numbered
ZONES = ("rush", "battle", "command", "power", "resident", "hand", "deck", "discard", "unseen")
#: zones that may hold a card the judge does not know (``null``; a face-down power card)
HIDDEN = ("hand", "deck", "power")
#: cards with one name in a deck (RS-DECK-COPIES): the most an unknown card may stand for of
#: each code when the position gives no ``unseen`` list
COPIES = 3
#: damage that ends a player's play: 1 vs 1 the game (RS-LOSS-DAMAGE), tag the player's (RST-OUT)
DAMAGE_LIMIT = {"1v1": 7, "tag": 5}


@dataclass
class Layout:
    """A position laid out: every card's instance id, by where it is.

    ``decks``: per player, ``{"main": [codes in id order]}`` — the decks whose dealt ids are
    the position's; ``zones``: per player and zone, the ids in order (``None`` for an unknown
    card); the areas hold one list per unit, its card first, then the vehicle it rides, then
    the cards it is stacked on (RS-STACK);
    ``resident`` holds its one card or nothing.
    """

    decks: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    zones: dict[str, dict[str, list[Any]]] = field(default_factory=dict)


def _entries(zones: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """``(path under the player, entry)`` for every card of a player's zones, in numbering
    order."""
    for zone in ZONES:
        value = zones.get(zone)
        if zone in AREAS:
            for i, unit in enumerate(value or []):
                yield f"{zone}[{i}].card", unit["card"]
                if unit.get("vehicle") is not None:
                    yield f"{zone}[{i}].vehicle", unit["vehicle"]
                for k, under in enumerate(unit.get("stacked") or []):
                    yield f"{zone}[{i}].stacked[{k}]", under
        elif zone in ("command", "power"):
            for i, item in enumerate(value or []):
                yield f"{zone}[{i}].card", item["card"]
        elif zone == "resident":
            if value is not None:
                yield "resident", value
        else:
            for i, item in enumerate(value or []):
                yield f"{zone}[{i}]", item


def layout(
    start: Mapping[str, Any],
    players: list[str],
    cards: Mapping[str, Mapping[str, Any]],
    seeded: bool,
    teams: list[list[str]] | None = None,
    path: str = "start",
) -> tuple[list[FieldError], Layout]:
    """Check ``start`` (as its schema loaded it) and give every card its id.

    ``teams``: the tag battle's teams, leader first.  Four players are a tag battle
    (``schemas/rangers_strike.py``: the variant's players); when their teams are not given
    (the log reader's hook passes none) the checks that need them — the moment's — wait for
    the engine (:func:`place`), which refuses the position the same way, naming the field.
    """
    errors: list[FieldError] = []
    out = Layout()
    zones_of = start.get("players") or {}
    missing = [p for p in players if p not in zones_of]
    if missing:
        errors.append(
            FieldError(f"{path}.players", f"every player has zones; missing: {', '.join(missing)}")
        )
        return errors, out
    variant = "tag" if len(players) == 4 else "1v1"
    where: dict[str, str] = {}  # id -> the path it was first given at
    for pid in players:
        known = [entry for _, entry in _entries(zones_of[pid])]
        zones, is_open = open_unseen(
            zones_of[pid], HIDDEN, known, cards, seeded, lambda card: True, COPIES
        )
        base = f"{path}.players.{pid}"
        entries = list(_entries(zones))
        found, ids, out.decks[pid] = number_cards(
            pid, base, [("main", sub, entry) for sub, entry in entries], {"main": ""}, where
        )
        errors += found
        out.zones[pid] = _zone_ids(zones, ids)
        errors += _check_player(pid, zones, out.zones[pid], cards, seeded, variant, base, is_open)
    if not errors and (variant == "1v1" or teams):
        errors += check_moment(start, players, teams, out, cards, path)
    return errors, out


def _zone_ids(zones: Mapping[str, Any], ids: Mapping[str, str | None]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for zone in ZONES:
        value = zones.get(zone)
        if zone in AREAS:
            out[zone] = [
                [ids[f"{zone}[{i}].card"]]
                + ([ids[f"{zone}[{i}].vehicle"]] if u.get("vehicle") is not None else [])
                + [ids[f"{zone}[{i}].stacked[{k}]"] for k in range(len(u.get("stacked") or []))]
                for i, u in enumerate(value or [])
            ]
        elif zone in ("command", "power"):
            out[zone] = [ids[f"{zone}[{i}].card"] for i in range(len(value or []))]
        elif zone == "resident":
            out[zone] = [ids["resident"]] if value is not None else []
        else:
            out[zone] = [ids[f"{zone}[{i}]"] for i in range(len(value or []))]
    return out


def _def(cards: Mapping[str, Mapping[str, Any]], code: str | None) -> Mapping[str, Any]:
    return cards.get(code or "") or {}


def _stacks(d: Mapping[str, Any]) -> bool:
    """Whether the card ``d`` is a normal operation that stacks a unit on it, as the engine
    executes its text (RS-STACK)."""
    if d.get("type") != "operation":
        return False
    from judge.games.rangers_strike import effects
    from judge.games.rangers_strike.cards import CardDef

    try:
        defn = CardDef.from_dict(dict(d))
    except (KeyError, TypeError, ValueError):
        return False
    return (defn.operation or "normal") == "normal" and any(
        e.get("when") == "on_use" and effects.supported(e) and e["do"][0].get("op") == "stack"
        for e in defn.effects
    )


def _a(kind: str) -> str:
    return f"{'an' if kind[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {kind}"


def _check_player(
    pid: str,
    zones: Mapping[str, Any],
    ids: Mapping[str, list[Any]],
    cards: Mapping[str, Mapping[str, Any]],
    seeded: bool,
    variant: str,
    base: str,
    is_open: bool = False,
) -> list[FieldError]:
    errors: list[FieldError] = []
    for area in AREAS:
        rule = "RS-RUSH" if area == "rush" else "RS-BATTLE-ENTER"
        for i, unit in enumerate(zones.get(area) or []):
            d = _def(cards, entry_code(unit["card"]))
            kind = str(d.get("type") or "unknown")
            if kind not in ("unit", "vehicle"):
                errors.append(
                    FieldError(
                        f"{base}.{area}[{i}].card",
                        f"{_a(kind)} card is not in a {area} area: only units and vehicles "
                        f"are ({rule})",
                    )
                )
                continue
            vehicle = unit.get("vehicle")
            if vehicle is not None:
                vkind = str(_def(cards, entry_code(vehicle)).get("type") or "unknown")
                if kind != "unit":
                    errors.append(
                        FieldError(
                            f"{base}.{area}[{i}].vehicle",
                            f"{_a(kind)} card rides no vehicle: only a unit rides one (RS-RIDER)",
                        )
                    )
                elif vkind != "vehicle":
                    errors.append(
                        FieldError(
                            f"{base}.{area}[{i}].vehicle",
                            f"{_a(vkind)} card is not ridden: a unit rides a vehicle (RS-RIDER)",
                        )
                    )
            for k, under in enumerate(unit.get("stacked") or []):
                if kind != "unit" or not _stacks(_def(cards, entry_code(under))):
                    errors.append(
                        FieldError(
                            f"{base}.{area}[{i}].stacked[{k}]",
                            "only a unit is stacked on a card, and only on a normal operation "
                            "whose text stacks it, read (RS-STACK)",
                        )
                    )
            if unit.get("acted") and area == "rush":
                errors.append(
                    FieldError(
                        f"{base}.{area}[{i}].acted",
                        "a unit attacks or strikes in the battle area; it has not acted again "
                        "since it returned to the rush area (RS-START, RS-ONE-ACTION)",
                    )
                )
    limit_rule = "RST-COMMAND" if variant == "tag" else "RS-COMMAND-LIMIT"
    if len(zones.get("command") or []) > COMMAND_LIMIT:
        errors.append(
            FieldError(
                f"{base}.command",
                f"{len(zones['command'])} cards; a command zone holds at most {COMMAND_LIMIT} "
                f"({limit_rule})",
            )
        )
    for i, pc in enumerate(zones.get("power") or []):
        if pc["card"] is None and pc.get("face_up", True):
            errors.append(
                FieldError(
                    f"{base}.power[{i}].card",
                    "a face-up power card is seen by all: only a face-down one may be unknown "
                    "(null)",
                )
            )
    resident = zones.get("resident")
    if resident is not None:
        d = _def(cards, entry_code(resident))
        if d.get("operation") != "resident":
            errors.append(
                FieldError(
                    f"{base}.resident",
                    f"{d.get('code', entry_code(resident))} is not a resident operation "
                    "(RS-RESIDENT)",
                )
            )
    damage = sum(1 for pc in zones.get("power") or [] if not pc.get("face_up", True))
    limit = DAMAGE_LIMIT[variant]
    out = bool(zones.get("out"))
    if variant == "1v1":
        if out:
            errors.append(FieldError(f"{base}.out", "only a tag battle player goes out (RST-OUT)"))
        if damage >= limit:
            errors.append(
                FieldError(
                    f"{base}.power",
                    f"{damage} face-down power cards: with {limit} or more damage {pid} has lost "
                    "the game already (RS-LOSS-DAMAGE)",
                )
            )
    elif damage >= limit and not out:
        errors.append(
            FieldError(
                f"{base}.out",
                f"{pid} has {damage} damage: with {limit} or more it can no longer continue play "
                "(RST-OUT)",
            )
        )
    if out and (zones.get("rush") or zones.get("battle")):
        errors.append(
            FieldError(
                f"{base}.{'rush' if zones.get('rush') else 'battle'}",
                f"{pid} is out: its units and vehicles went to the discard pile (RST-OUT)",
            )
        )
    errors += unseen_problems(base, ids, HIDDEN, seeded, "hand, deck and power zone", is_open)
    return errors


def _sides(players: list[str], teams: list[list[str]] | None, first: str) -> list[list[str]]:
    """Who takes turns, the first side first: the players (1 vs 1) or the teams (tag)."""
    if teams:
        firsts = [t for t in teams if first in t]
        return firsts + [t for t in teams if first not in t]
    return [[first], *([p] for p in players if p != first)]


def _target_player(pid: str, teams: list[list[str]] | None, players: list[str]) -> str:
    """RST-TARGET-PLAYER (tag), the opponent (1 vs 1)."""
    if not teams:
        return next(p for p in players if p != pid)
    mine = next(t for t in teams if pid in t)
    other = next(t for t in teams if t is not mine)
    return other[mine.index(pid)]


def _unit_at(lay: Layout, pid: str, area: str, iid: str) -> int | None:
    """The index of the unit whose card (not the vehicle a unit rides) is ``iid`` in ``pid``'s area."""
    for i, stack in enumerate(lay.zones[pid][area]):
        if stack and stack[0] == iid:
            return i
    return None


def check_moment(
    start: Mapping[str, Any],
    players: list[str],
    teams: list[list[str]] | None,
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str = "start",
) -> list[FieldError]:
    """What the moment must agree with: whose turn it is, the extra draw, the entering unit,
    the attack or strike, the effects waiting (and in tag battle the teams' facts)."""
    errors: list[FieldError] = []
    zones_of = start["players"]
    turn, first, tp, phase = start["turn"], start["first"], start["turn_player"], start["phase"]
    out = {p: bool(zones_of[p].get("out")) for p in players}
    if teams:
        if first not in (t[0] for t in teams):
            errors.append(
                FieldError(
                    f"{path}.first",
                    f"{first} is a supporter: a team's leader goes first (RST-SEATING)",
                )
            )
            return errors
        for t in teams:
            if all(out[p] for p in t):
                errors.append(
                    FieldError(
                        f"{path}.players.{t[1]}.out",
                        f"{t[0]} and {t[1]} are both out: their team has lost the game already "
                        "(RST-LOSS)",
                    )
                )
    sides = _sides(players, teams, first)
    side = sides[(turn - 1) % 2]
    if tp not in side:
        whose = f"team {'/'.join(side)}'s" if teams else f"{side[0]}'s"
        went = f"{first}'s team" if teams else first
        errors.append(
            FieldError(
                f"{path}.turn_player",
                f"turn {turn} is {whose}: {went} went first (its "
                f"turns are the odd ones) and the {'teams' if teams else 'players'} take turns "
                f"({'RST-PHASES' if teams else 'RS-TURN'})",
            )
        )
        return errors
    if out[tp]:
        errors.append(
            FieldError(
                f"{path}.turn_player",
                f"{tp} is out: its phases are skipped (RST-OUT)",
            )
        )
    if start.get("charged") and phase != "charge":
        errors.append(
            FieldError(f"{path}.charged", "a charge is made in the charge phase only (RS-CHARGE)")
        )
    opened = start.get("extra_draw_open") or []
    if opened:
        # the extra draw belongs to the start phase: it may still be taken only before any
        # other decision of the turn, so in the first charge phase, before a charge
        acting = [p for p in side if not out[p]]
        if phase != "charge" or start.get("charged") or (acting and tp != acting[0]):
            errors.append(
                FieldError(
                    f"{path}.extra_draw_open",
                    "the extra draw is open only before any other decision of the turn: the "
                    "turn's first charge phase, before a charge (RS-START-EXTRA-DRAW"
                    + (", RST-PHASES)" if teams else ")"),
                )
            )
        for i, p in enumerate(opened):
            if p not in acting:
                errors.append(
                    FieldError(
                        f"{path}.extra_draw_open[{i}]",
                        f"{p} had no start phase this turn: only "
                        f"{' and '.join(acting) or 'nobody'} did (RS-START-EXTRA-DRAW)",
                    )
                )
    entering = start.get("entering")
    battle = start.get("battle")
    if entering is not None:
        at = _unit_at(lay, tp, "battle", entering)
        if phase != "battle":
            errors.append(
                FieldError(f"{path}.entering", "a unit enters in the battle phase only (RS-BATTLE)")
            )
        elif at is None or at != len(lay.zones[tp]["battle"]) - 1:
            errors.append(
                FieldError(
                    f"{path}.entering",
                    f"{entering} is not the last unit that entered {tp}'s battle area (the "
                    "rightmost): only the unit that has just entered may attack or strike "
                    f"(RS-ONE-ACTION); {where_in(lay.zones, entering)}",
                )
            )
        elif zones_of[tp]["battle"][at].get("acted"):
            errors.append(
                FieldError(
                    f"{path}.entering",
                    f"{entering} has acted already: a unit attacks or strikes once (RS-ONE-ACTION)",
                )
            )
        elif battle is not None:
            errors.append(
                FieldError(
                    f"{path}.entering",
                    "the attack or strike in battle was the entering unit's action: no unit "
                    "may act now (RS-ONE-ACTION)",
                )
            )
    if battle is not None:
        errors += _check_battle(battle, start, players, teams, lay, cards, path)
    errors += _check_pending(start, players, lay, cards, path)
    return errors


def _check_battle(
    battle: Mapping[str, Any],
    start: Mapping[str, Any],
    players: list[str],
    teams: list[list[str]] | None,
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str,
) -> list[FieldError]:
    tp, kind = start["turn_player"], battle["kind"]
    if start["phase"] != "battle":
        return [FieldError(f"{path}.battle", f"an {kind} is made in the battle phase (RS-BATTLE)")]
    errors: list[FieldError] = []
    units = lay.zones[tp]["battle"]
    at = _unit_at(lay, tp, "battle", battle["attacker"])
    if at is None or at != len(units) - 1:
        errors.append(
            FieldError(
                f"{path}.battle.attacker",
                f"{battle['attacker']} is not the last unit that entered {tp}'s battle area: "
                f"only the unit that has just entered may {kind} (RS-ONE-ACTION); "
                f"{where_in(lay.zones, battle['attacker'])}",
            )
        )
        return errors
    if kind == "strike":
        stack = units[at]
        d = _def(cards, lay_code(lay, stack[0]))
        sp = int(d.get("sp") or 0) if d.get("type") == "unit" else 0  # (RS-VEHICLE)
        # an SP K/N or ！ depends on the place or on effects (RS-SP-FRACTION, RS-SP-SPECIAL):
        # the strike is judged when it resolves, not refused here
        varies = bool(d.get("sp_at") or d.get("sp_special"))
        if sp < 1 and not varies:
            errors.append(
                FieldError(
                    f"{path}.battle.attacker",
                    f"{battle['attacker']} has SP {sp}: only SP 1 or more strikes (RS-STRIKE)",
                )
            )
        if battle.get("target") is not None:
            errors.append(FieldError(f"{path}.battle.target", "a strike has no target unit"))
        return errors
    target = battle.get("target")
    tgt_player = _target_player(tp, teams, players)
    if target is None or _unit_at(lay, tgt_player, "battle", target) is None:
        rule = "RST-ATTACK" if teams else "RS-ATTACK"
        errors.append(
            FieldError(
                f"{path}.battle.target",
                f"an attack is at a unit in {tgt_player}'s battle area ({tp}'s target player); "
                f"not {target} ({rule})",
            )
        )
        return errors
    for key, iid in (("attacker", battle["attacker"]), ("target", target)):
        if _def(cards, lay_code(lay, iid)).get("type") == "vehicle":
            errors.append(
                FieldError(
                    f"{path}.battle.{key}",
                    f"{iid} is a vehicle: a vehicle never attacks nor is attacked (RS-VEHICLE)",
                )
            )
    return errors


def lay_code(lay: Layout, iid: str | None) -> str | None:
    """The code of a laid-out card (by its id's number in its owner's deck list)."""
    if iid is None:
        return None
    owner, _, n = parse_id(iid) or ("", "", 0)
    codes = lay.decks.get(owner, {}).get("main", [])
    return codes[n - 1] if 0 < n <= len(codes) else None


#: where a card is while its triggered effect waits, by the effect's timing
WAITS_IN = {
    "on_rush": "rush",
    "on_enter": "battle",
    "combination": "battle",
    "on_destroyed": "discard",
}


WHERE = {"rush": "rush area", "battle": "battle area", "discard": "discard pile"}


def _zone_of(lay: Layout, iid: str) -> str | None:
    """The zone of a laid-out card (a unit aboard a vehicle: its area)."""
    for zones in lay.zones.values():
        for zone, ids in zones.items():
            for x in ids:
                if iid == x or (isinstance(x, list) and iid in x):
                    return zone
    return None


def _check_pending(
    start: Mapping[str, Any],
    players: list[str],
    lay: Layout,
    cards: Mapping[str, Mapping[str, Any]],
    path: str,
) -> list[FieldError]:
    errors: list[FieldError] = []
    for i, pe in enumerate(start.get("pending") or []):
        code = lay_code(lay, pe["source"])
        zone = _zone_of(lay, pe["source"])
        if code is None or zone is None:
            errors.append(
                FieldError(f"{path}.pending[{i}].source", f"no card {pe['source']} in the position")
            )
            continue
        d = _def(cards, code)
        combo = pe.get("combination")
        effects = (
            list((d.get("combination") or {}).get("effects") or [])
            if combo
            else list(d.get("effects") or [])
        )
        if pe["effect"] > len(effects):
            what = "Number Combination effect" if combo else "effect"
            errors.append(
                FieldError(
                    f"{path}.pending[{i}].effect",
                    f"{pe['source']} ({code}) has {plural(len(effects), what)}",
                )
            )
            continue
        when = effects[pe["effect"] - 1].get("when")
        if combo and when != "on_destroys":  # RS-COMBINATION-TURN: that one is in force, not
            when = "combination"  # waiting: refused below
        want = WAITS_IN.get(str(when))
        if want is None:
            errors.append(
                FieldError(
                    f"{path}.pending[{i}].effect",
                    f"a {str(when).replace('_', ' ')} effect does not wait in a position: "
                    "an operation's effect resolves as it is used, a resident's applies while "
                    "it is in place",
                )
            )
        elif zone != want:
            errors.append(
                FieldError(
                    f"{path}.pending[{i}].source",
                    f"{pe['source']} is in the {zone}; its {str(when).replace('_', ' ')} "
                    f"effect waits while it is in the {WHERE[want]}",
                )
            )
    return errors


# -- the engine's state -------------------------------------------------------------------------
