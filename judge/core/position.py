"""Position documents (``judge-position/1``): a game described at a moment, without its history.

A position is the envelope of an action log (game, variant, rule options, players, cards,
card sets, hidden mode) with ``start`` — the moment itself, in the shape its game's schema
gives (``docs/positions.md``) — and no ``decks`` and no ``actions``.  It is read as the log
that starts from it and has no action yet, so it is checked by the same schemas, with the same
paths (``start.players.A.front_line``), and every engine question works on it
(:mod:`judge.core.ask`).  A log may start from a position too: it carries ``start`` instead
of ``decks``, and its actions go on from there.

``hidden`` defaults to ``observed`` here: a judge describing a situation at a table knows the
cards on the field and, at most, some of the hidden ones.

>>> doc = {"format": POSITION_FORMAT, "game": "union-arena", "players": [{"id": "A"}, {"id": "B"}],
...        "card_sets": ["ua-sample"], "start": {"turn": 1, "phase": "main", "turn_player": "A",
...        "first": "A", "players": {"A": {}, "B": {}}}}
>>> log = read_position(doc)
>>> log.start["phase"], log.actions
('main', [])
"""

from __future__ import annotations

import copy
import heapq
from collections.abc import Mapping, Sequence
from typing import Any

from judge.core.decks import MAX_DECK_ENTRIES
from judge.core.errors import MAX_ERRORS, BadLog, FieldError, Unlisted, error_order
from judge.core.log import FORMAT as LOG_FORMAT
from judge.core.log import ActionLog, parse_log
from judge.core.position_ids import entry_code, entry_id, parse_id
from judge.core.wording import plural

POSITION_FORMAT = "judge-position/1"
#: what a position document has that a log has too (the rest of a log it must not have)
ENVELOPE = (
    "format",
    "game",
    "variant",
    "rule_options",
    "match",
    "players",
    "teams",
    "cards",
    "card_sets",
    "hidden",
    "start",
)


def position_log(doc: Mapping[str, Any], card_sets: Any = None) -> dict[str, Any]:
    """The log a position document stands for: its envelope, ``start`` (its cards named by
    name read as their codes: :func:`named_start`), no action; BadLog for what a position
    cannot hold (``decks``, ``actions``: a log's), a wrong format or a name several cards
    carry.  ``card_sets``: the user's sets, for names (built-in sets are read without)."""
    errors = []
    if doc.get("format") != POSITION_FORMAT:
        errors.append(
            FieldError(
                "format",
                f"unsupported format {doc.get('format')!r}; a position is {POSITION_FORMAT!r}",
            )
        )
    unknown = [k for k in doc if k not in ENVELOPE]
    message = f"unknown field in a position (allowed: {', '.join(ENVELOPE)})"
    # the first MAX_ERRORS as a refusal lists them, the rest counted, not built (300,000
    # unknown fields must not cost a problem each: judge.core.errors)
    shown = heapq.nsmallest(MAX_ERRORS, unknown, key=_key_order)
    errors += [FieldError(key, message) for key in shown]
    if len(unknown) > len(shown):
        errors.append(Unlisted("", "unknown field", len(unknown) - len(shown)))
    if "start" not in doc:
        errors.append(FieldError("start", "required: the moment the position describes"))
    if errors:
        raise BadLog(errors)
    out = copy.deepcopy(dict(doc))
    out["format"] = LOG_FORMAT
    out.setdefault("hidden", {"mode": "observed"})
    out["actions"] = []
    if isinstance(out.get("start"), dict):
        start, errors = named_start(out, card_sets)
        if errors:
            raise BadLog(errors)
        out["start"] = start
    return out


#: the keys of a position's zones whose string values are cards (a unit's card, a card entry's
#: code, Rangers Strike's resident, Rebirth for you's entry, a Z/X's shift card)
CARD_KEYS = frozenset({"card", "code", "resident", "entry", "shift"})
#: the keys whose lists hold no card (modifiers, effects used, markers)
NOT_CARDS = frozenset({"mods", "entry_mods", "used", "markers"})


def named_start(
    doc: Mapping[str, Any], card_sets: Any = None
) -> tuple[dict[str, Any], list[FieldError]]:
    """A position's ``start`` with every card it names by name read as that card's code.

    A person describing a table knows "Cinder Gunner", not ``UAS-003``: a card entry of a
    player's zones that is not a code the position knows but the name of exactly one card of
    its ``cards`` and ``card_sets`` is that card (names compared as deck lists compare them:
    ``schemas/deck_names.py``, case and width folded).  A name two cards carry is refused,
    naming them (which card is meant changes the ruling); a string no card is named is left
    for the code check, which says it is unknown.  Ids, keywords, colours and the rest of
    ``start`` are not card entries and are never read as names.
    """
    from judge.core.cardnames import deck_key as _key
    from judge.core.cardnames import known_cards

    start = doc["start"]
    zones_of = start.get("players")
    if not isinstance(zones_of, dict):
        return start, []
    table: dict[str, list[str]] | None = None
    codes: Mapping[str, str] = {}
    errors: list[FieldError] = []

    def code_of(name: str, path: str) -> str:
        nonlocal table, codes
        if table is None:
            codes = known_cards(dict(doc), card_sets) or {}
            table = {}
            for code, card_name in sorted(codes.items()):
                if card_name:
                    table.setdefault(_key(card_name), []).append(code)
        if name in codes:
            return name
        found = table.get(_key(name), [])
        if len(found) > 1:
            errors.append(
                FieldError(
                    path,
                    f"{name!r} is the name of {len(found)} cards ({', '.join(found)}): "
                    "write the code of the one meant",
                )
            )
        return found[0] if len(found) == 1 else name

    def walk(value: Any, path: str, is_card: bool) -> Any:
        if isinstance(value, str):
            return code_of(value, path) if is_card else value
        if isinstance(value, list):
            return [walk(v, f"{path}[{i}]", True) for i, v in enumerate(value)]
        if isinstance(value, dict):
            return {
                k: v if k in NOT_CARDS else walk(v, f"{path}.{k}", k in CARD_KEYS)
                for k, v in value.items()
            }
        return value

    players = {
        pid: {
            zone: walk(v, f"start.players.{pid}.{zone}", zone in CARD_KEYS)
            if zone not in NOT_CARDS
            else v
            for zone, v in zones.items()
        }
        if isinstance(zones, dict)
        else zones
        for pid, zones in zones_of.items()
    }
    return {**start, "players": players}, errors


def _key_order(key: str) -> Any:
    """A top-level key's place among the problems' paths (:func:`error_order`), without a
    problem built for it when it has no ``[`` (the common case)."""
    return [key] if "[" not in key else error_order(FieldError(key, ""))[0]


def read_position(doc: Mapping[str, Any] | Any, card_sets: Any = None) -> ActionLog:
    """Check a position document and read it as the log that starts from it (no action);
    BadLog names every problem by the position's own paths."""
    if not isinstance(doc, Mapping):
        raise BadLog([FieldError("", "a position is a JSON object")])
    return parse_log(position_log(doc, card_sets), card_sets)


def position_json_schema() -> dict[str, Any]:
    """The JSON Schema of a position document, derived from the action log's: each game's
    log schema that has ``start``, without ``decks``, ``actions`` and ``checkpoints``, with
    ``start`` required and ``format`` ``judge-position/1``."""
    from judge.games import validator  # the schemas, as judge.core.log asks for them

    doc = validator("log-json-schema")()
    defs = doc["$defs"]
    roots = [r["$ref"].rsplit("/", 1)[1] for r in doc.get("oneOf", [])]
    if not roots:  # a single game: its log schema is the document itself
        defs["_single"] = {k: v for k, v in doc.items() if k not in ("$defs", "$schema", "$id")}
        roots = ["_single"]
    kept = []
    for name in roots:
        body = defs[name]
        if "start" not in body.get("properties", {}):
            continue
        props = body["properties"]
        for key in ("decks", "actions", "checkpoints"):
            props.pop(key, None)
        props["format"] = {"const": POSITION_FORMAT}
        props["hidden"]["default"] = {"mode": "observed"}
        body["required"] = sorted(
            {r for r in body.get("required", []) if r not in ("decks", "actions", "hidden")}
            | {"start"}
        )
        body.pop("oneOf", None)
        kept.append(name)
    return {
        "$schema": doc["$schema"],
        "$id": "urn:tcg-judge:schema:judge-position:1",
        "title": POSITION_FORMAT,
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in kept],
        "$defs": defs,
    }


def number_cards(
    pid: str,
    base: str,
    entries: Sequence[tuple[str, str, Any]],
    tags: Mapping[str, str],
    where: dict[str, str],
) -> tuple[list[FieldError], dict[str, str | None], dict[str, list[str]]]:
    """Every card of player ``pid``'s zones numbered, as each game's position layout does it.

    ``entries``: ``(section, path under the player, card entry)`` in numbering order (``None``
    for an unknown card); ``tags``: each section's id prefix (``{"main": "", "ap": "AP"}``: ids
    ``A-7``, ``A-AP2``).  A card that gives its own id keeps it, unless the id is another
    player's or section's, or already at another path (``where``, id -> path, shared by the
    players: "a card is in one place only"); the others are numbered in order from the lowest
    number no card has taken, and a section's numbers are 1…n with none missing.  Returns the
    problems, each path's id (``None`` for an unknown card) and, per section, the codes in id
    order: the deck lists whose dealt ids are these.
    """
    errors: list[FieldError] = []
    named = len(tags) > 1  # the sections' names are said only when there are several

    def cards_of(section: str, n: int | None = None) -> str:
        many = f"{n} " if n is not None else ""
        return f"{pid}'s {many}{section + ' ' if named else ''}cards"

    counts = {s: 0 for s in tags}
    taken: dict[str, set[int]] = {s: set() for s in tags}
    given: dict[str, str] = {}
    for section, sub, entry in entries:
        if entry is None:
            continue
        counts[section] += 1
        iid = entry_id(entry)
        if iid is None:
            continue
        owner, tag, n = parse_id(iid) or ("", "", 0)
        if owner != pid or tag != tags[section]:
            example = f"{pid}-{tags[section]}1"
            errors.append(
                FieldError(
                    f"{base}.{sub}.id",
                    f"{iid!r} is not an id of {cards_of(section)} (such as {example})",
                )
            )
        elif iid in where:
            errors.append(
                FieldError(
                    f"{base}.{sub}.id",
                    f"{iid} is already at {where[iid]}: a card is in one place only",
                )
            )
        else:
            where[iid] = f"{base}.{sub}"
            taken[section].add(n)
            given[sub] = iid
    for section, tag in tags.items():
        beyond = sorted(n for n in taken[section] if n > counts[section])
        if beyond:
            errors.append(
                FieldError(
                    base,
                    f"{cards_of(section, counts[section])} are numbered 1…{counts[section]}: "
                    f"{', '.join(f'{pid}-{tag}{n}' for n in beyond)} is beyond",
                )
            )
    free = {s: iter([n for n in range(1, counts[s] + 1) if n not in taken[s]]) for s in tags}
    ids: dict[str, str | None] = {}
    lists: dict[str, dict[int, str]] = {s: {} for s in tags}
    for section, sub, entry in entries:
        if entry is None:
            ids[sub] = None
            continue
        iid = given.get(sub) or f"{pid}-{tags[section]}{next(free[section], 0)}"
        ids[sub] = iid
        lists[section][(parse_id(iid) or ("", "", 0))[2]] = entry_code(entry) or ""
    return errors, ids, {s: [lists[s][n] for n in sorted(lists[s])] for s in tags}


def unseen_problems(
    base: str,
    ids: Mapping[str, list[Any]],
    hidden: Sequence[str],
    seeded: bool,
    named: str,
    is_open: bool = False,
) -> list[FieldError]:
    """The unknown cards of a player's ``hidden`` zones (``None`` in ``ids``) against its
    ``unseen`` cards, as each game's layout checks them: a seeded log knows every card; in an
    observed one each unknown card is one of the unseen ones.  ``named``: the hidden zones in
    words, for the message ("hand, life and deck"); ``is_open``: the position left ``unseen``
    out (:func:`open_unseen` made the candidates), so the counts need not match."""
    unknown = sum(1 for zone in hidden for iid in ids[zone] if iid is None)
    unseen = len(ids["unseen"])
    if is_open and unseen:
        placed = sum(
            len(i) if isinstance(i, list) else 1
            for zone, items in ids.items()
            if zone != "unseen"
            for i in items
            if i is not None
        )
        if placed + unseen > MAX_DECK_ENTRIES:
            # the candidates are instances of the decks the position implies, which hold at
            # most as many entries as a deck list may (a set of 1,500 codes would make 6,000)
            message = (
                f"left out, so each of the {plural(unknown, 'unknown card')} may be any card of "
                "the "
                f"sets: {unseen:,} candidates, more than the {MAX_DECK_ENTRIES} cards a deck "
                "list holds; list the unseen cards, or give the position only the cards it "
                "may hold (its own cards, or a smaller set)"
            )
            return [FieldError(f"{base}.unseen", message)]
    if seeded and (unknown or (unseen and not is_open)):
        message = "a seeded log knows every card: no unknown (null) cards and no unseen ones"
        return [FieldError(base, message)]
    if unknown != unseen and not is_open:
        message = (
            f"{plural(unseen, 'card')} for {plural(unknown, 'unknown (null) card')} in {named}: "
            "each unknown "
            "card is one of the unseen ones"
        )
        return [FieldError(f"{base}.unseen", message)]
    return []


def unseen_by_code(ids: Sequence[str], code_of: Mapping[str, str]) -> dict[str, list[str]]:
    """A player's ``unseen`` of a position as the engines keep it (observed mode): code ->
    instance ids, lowest first (:mod:`judge.core.refs` binds the first)."""
    from judge.core.engine import instance_key

    out: dict[str, list[str]] = {}
    for iid in ids:
        out.setdefault(code_of[iid], []).append(iid)
    for lst in out.values():
        lst.sort(key=instance_key)
    return out


def zones_problem(
    start: Mapping[str, Any], players: Sequence[str], path: str = "start"
) -> FieldError | None:
    """What every 2-player game's layout checks first: two players, each with zones."""
    if len(players) != 2:
        return FieldError("players", "two players, each with an id")
    zones_of = start.get("players") or {}
    missing = [p for p in players if p not in zones_of]
    if missing:
        return FieldError(
            f"{path}.players", f"every player has zones; missing: {', '.join(missing)}"
        )
    return None


def turn_player_problem(
    start: Mapping[str, Any], players: Sequence[str], rule: str | None, path: str = "start"
) -> FieldError | None:
    """In a 2-player game whose players take turns, the turn player the turn number and the
    first player imply (the first player's turns are the odd ones), else what is wrong, naming
    ``rule`` (None: no rule id in the message)."""
    turn, first, tp = start["turn"], start["first"], start["turn_player"]
    second = players[1] if first == players[0] else players[0]
    want = first if turn % 2 == 1 else second
    if tp == want:
        return None
    cite = f" ({rule})" if rule else ""
    return FieldError(
        f"{path}.turn_player",
        f"turn {turn} is {want}'s: {first} went first (its turns are the odd ones) and the "
        f"players take turns{cite}",
    )


def hidden_unknowns(zones: Mapping[str, Any], hidden: Sequence[str]) -> int:
    """How many cards the judge does not know in a player's ``hidden`` zones (as loaded: a
    ``null`` entry, a count read as ``null`` entries, or a slot ``{"card": null, …}``)."""
    return sum(
        1
        for zone in hidden
        for item in zones.get(zone) or []
        if item is None or (isinstance(item, Mapping) and item.get("card") is None)
    )


def open_unseen(
    zones: Mapping[str, Any],
    hidden: Sequence[str],
    known: Sequence[Any],
    cards: Mapping[str, Mapping[str, Any]],
    seeded: bool,
    in_main: Any,
    copies: int,
) -> tuple[dict[str, Any], bool]:
    """A player's zones with ``unseen`` filled in when the position left it out, and whether
    it was (an *open* unseen list).

    A judge at a table knows that a deck holds 23 cards, not which: a position may give the
    hidden zones as counts (or ``null`` entries) and no ``unseen`` list.  Each unknown card
    may then be any main-deck card of the sets (``in_main(definition)``), up to the deck
    rule's ``copies`` of each code less the copies the position already shows (``known``: the
    player's card entries), and never more copies of one code than there are unknown cards.
    These candidates become ordinary unseen instances (ids after every placed card, in code
    order: deterministic), so the engines bind a named card to one exactly as in an observed
    log, and what they cannot know stays unverifiable or uncertain as it does there; the
    unknown cards themselves stay ``null`` in their zones.  A seeded log, or a player with
    no unknown card, gets an empty list.
    """
    if zones.get("unseen") is not None:
        return dict(zones), False
    unknown = 0 if seeded else hidden_unknowns(zones, hidden)
    shown: dict[str, int] = {}
    for entry in known:
        code = entry_code(entry)
        if code is not None:
            shown[code] = shown.get(code, 0) + 1
    unseen: list[str] = []
    if unknown:
        for code in sorted(cards):
            if in_main(cards[code]):
                unseen += [code] * min(unknown, max(0, copies - shown.get(code, 0)))
    return {**zones, "unseen": unseen}, True


def where_in(zones: Mapping[str, Mapping[str, list[Any]]], iid: str) -> str:
    """Where a position puts the card ``iid``, in words (``"it is in A's energy line"``), for
    a refusal of a reference that names a card elsewhere than its field says.

    Why refused, not judged: a position is a description, not a play.  An attacker, a
    target, a waiting effect's source or the unit that has just entered named by an instance
    id in another zone is a mistake in writing the position, never something a player did,
    so it is bad input, and saying where that card is shows the mistake (ids are numbered in
    zone order and easily miscounted).  ``zones``: the layout's, per player and zone, each
    entry an id, ``None`` or a unit's stack of ids."""
    for pid, by_zone in zones.items():
        for zone, items in by_zone.items():
            for item in items:
                if item == iid or (isinstance(item, list) and iid in item):
                    if zone == "unseen":
                        return f"it is one of {pid}'s unknown cards, on no zone of the table"
                    return f"it is in {pid}'s {zone.replace('_', ' ')}"
    return "no card of the position has that id"
