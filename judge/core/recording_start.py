"""Starting a recording: a match's settings made a log's header (decks pasted as text, by
card name or code with quantities), the games' settings a form offers, and the card search
that names a card when it becomes known.  What :mod:`judge.core.recording` judges is then
an ordinary log; these only write its header and help name its cards.

Why decks are read here into codes rather than left as names for the log's validation to
read (``schemas/deck_names.py``, which reads a name it can): a pasted list has quantities
and comments, a refusal must name the line the scorekeeper typed, and the log written lists
codes, as its canonical form does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from judge.core.cards import builtin_set_names, load_builtin_set, set_cards
from judge.core.errors import BadLog, FieldError
from judge.core.log import FORMAT, parse_log
from judge.core.names import name_key

if TYPE_CHECKING:
    from judge.core.cardsets import CardSets

__all__ = ["MAX_FOUND", "games_setup", "read_deck_text", "search_cards", "start_log"]

#: the most cards a search answers
MAX_FOUND = 30

_LINE = re.compile(r"^\s*(?:(\d+)\s*[xX×]?\s+)?(.+?)(?:\s+[xX×]\s*(\d+))?\s*$")


def _key(name: str) -> str:
    return name_key(name).casefold()


def read_deck_text(
    text: str | list[str], cards: Mapping[str, Mapping[str, Any]], path: str
) -> tuple[list[str], list[FieldError]]:
    """A deck list pasted as text, one entry a line (``4 Cinder Vanguard``, ``UAS-003 x2``,
    ``Cinder Vanguard``; blank lines and ``#`` comments skipped), as card codes in order.

    A card is named by code or by name (English or Japanese, as the set writes it; compared
    as every name is, :func:`judge.core.names.name_key`, and without case).  A name several
    codes carry, or none, is an error naming the line."""
    lines = text if isinstance(text, list) else text.splitlines()
    by_name: dict[str, list[str]] = {}
    for code, card in sorted(cards.items()):
        for name in (card.get("name"), card.get("name_en"), card.get("name_ja")):
            if isinstance(name, str) and name:
                listed = by_name.setdefault(_key(name), [])
                if code not in listed:
                    listed.append(code)
    out: list[str] = []
    errors: list[FieldError] = []
    for n, raw in enumerate(lines):
        if not isinstance(raw, str):
            errors.append(FieldError(f"{path}[{n}]", "must be a line of text"))
            continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        assert m is not None  # the pattern matches any non-empty line
        count = int(m.group(1) or m.group(3) or 1)
        entry = m.group(2).strip()
        where = f"{path}[line {n + 1}]"
        if count > 60:
            errors.append(FieldError(where, f"{count} copies of {entry!r}: at most 60 a line"))
            continue
        if entry in cards:
            code = entry
        else:
            codes = by_name.get(_key(entry), [])
            if len(codes) > 1:
                errors.append(
                    FieldError(
                        where,
                        f"{entry!r} is the name of {len(codes)} cards ({', '.join(codes)}): "
                        "write the code of the one meant",
                    )
                )
                continue
            if not codes:
                errors.append(
                    FieldError(where, f"no card named or coded {entry!r} in the card sets")
                )
                continue
            code = codes[0]
        out.extend([code] * count)
    return out, errors


def _set_table(
    refs: list[str], log_cards: list[dict[str, Any]], registry: CardSets | None
) -> tuple[dict[str, dict[str, Any]], list[FieldError]]:
    table: dict[str, dict[str, Any]] = {}
    errors = []
    for n, ref in enumerate(refs):
        try:
            for card in set_cards(ref, registry):
                table.setdefault(card["code"], card)
        except (KeyError, LookupError) as exc:
            errors.append(FieldError(f"card_sets[{n}]", f"no such card set: {ref!r} ({exc})"))
    for card in log_cards:
        if isinstance(card, dict) and isinstance(card.get("code"), str):
            table[card["code"]] = card
    return table, errors


@cache
def games_setup() -> dict[str, Any]:
    """What a settings form offers, per game: variants, the lists of a deck, the rule
    options (default, choices, text) and the built-in card sets of the game (once per
    process: the package's games and sets do not change while it runs; read-only)."""
    from judge.games import GAMES, deck_lists, engine_class

    sets: dict[str, list[str]] = {}
    for name in builtin_set_names():
        sets.setdefault(str(load_builtin_set(name).get("game")), []).append(name)
    out = {}
    for game in sorted(GAMES):
        cls = engine_class(game)
        variants = sorted(getattr(cls, "VARIANTS", None) or {})
        out[game] = {
            "variants": variants,
            "deck_lists": list(deck_lists(game)),
            "options": [o.to_dict() for o in cls.catalogue.options.values()],
            "card_sets": sets.get(game, []),
            "seats": {v: (4 if v == "tag" else 2) for v in variants} or {"": 2},
        }
    return out


def start_log(settings: Mapping[str, Any], card_sets: CardSets | None = None) -> dict[str, Any]:
    """A new log (no actions yet) from a match's settings, validated as any log is.

    ``settings``: ``game``, ``variant``, ``players`` (``[{"id", "name"}]``), ``teams`` (tag
    battle: ``[{"id", "players": [...]}]``; by default the first two seats against the last
    two), ``rule_options``, ``match``, ``card_sets``, ``cards``, ``decks`` (``{player:
    {list: text or [lines]}}``, entries by name or code with quantities), ``hidden``
    (``{"mode": "observed"}`` or ``{"mode": "seeded", "seed": …}``); or ``position``: a
    position document (a log with ``start``), whose actions are dropped.  Raises
    :class:`BadLog` naming every field in error (the settings' own names)."""
    from judge.games import GAMES, deck_lists

    if not isinstance(settings, Mapping):
        raise BadLog([FieldError("", "the settings must be an object")])
    position = settings.get("position")
    if position is not None:
        return _from_position(position, card_sets)
    errors: list[FieldError] = []
    game = settings.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise BadLog([FieldError("game", f"must be one of {', '.join(sorted(GAMES))}")])
    variant = settings.get("variant") or None
    players = settings.get("players")
    if not isinstance(players, list) or not players:
        errors.append(FieldError("players", "a list of players ({id, name}) is needed"))
        players = []
    clean_players = []
    for n, p in enumerate(players):
        if isinstance(p, str):
            p = {"id": p}
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or not p["id"].strip():
            errors.append(FieldError(f"players[{n}].id", "each player needs an id"))
            continue
        item = {"id": p["id"].strip()}
        if isinstance(p.get("name"), str) and p["name"].strip():
            item["name"] = p["name"].strip()
        clean_players.append(item)
    ids = [p["id"] for p in clean_players]
    teams = settings.get("teams")
    if variant == "tag" and not teams and len(ids) == 4:
        teams = [{"id": "T1", "players": ids[:2]}, {"id": "T2", "players": ids[2:]}]
    refs = settings.get("card_sets") or []
    if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
        errors.append(FieldError("card_sets", "a list of card set names or hashes"))
        refs = []
    log_cards = settings.get("cards") or []
    if not isinstance(log_cards, list):
        errors.append(FieldError("cards", "a list of card definitions"))
        log_cards = []
    table, set_errors = _set_table(refs, log_cards, card_sets)
    errors += set_errors
    decks_in = settings.get("decks")
    decks: dict[str, dict[str, list[str]]] = {}
    if not isinstance(decks_in, dict):
        errors.append(FieldError("decks", "each player's deck lists are needed"))
        decks_in = {}
    sections = deck_lists(game)
    for pid in ids:
        given = decks_in.get(pid)
        if not isinstance(given, dict):
            errors.append(FieldError(f"decks.{pid}", f"{pid}'s deck is missing"))
            continue
        deck = {}
        for section, text in given.items():
            if section not in sections:
                errors.append(
                    FieldError(
                        f"decks.{pid}.{section}", f"not a list of a deck: {', '.join(sections)}"
                    )
                )
                continue
            if not isinstance(text, (str, list)):
                errors.append(
                    FieldError(f"decks.{pid}.{section}", "must be text or a list of lines")
                )
                continue
            codes, problems = read_deck_text(text, table, f"decks.{pid}.{section}")
            errors += problems
            if codes or section == "main":
                deck[section] = codes
        decks[pid] = deck
    for pid in decks_in:
        if pid not in ids:
            errors.append(FieldError(f"decks.{pid}", f"{pid!r} is not one of the players"))
    hidden = settings.get("hidden") or {"mode": "observed"}
    if not isinstance(hidden, dict) or hidden.get("mode") not in ("observed", "seeded"):
        errors.append(FieldError("hidden.mode", "must be observed or seeded"))
    elif hidden["mode"] == "seeded" and not (
        isinstance(hidden.get("seed"), str) and hidden["seed"]
    ):
        errors.append(FieldError("hidden.seed", "a seeded match needs a seed"))
    elif hidden["mode"] == "observed":
        hidden = {"mode": "observed"}
    for name in ("rule_options", "match"):
        if not isinstance(settings.get(name) or {}, dict):
            errors.append(FieldError(name, "must be an object"))
    if errors:
        raise BadLog(errors)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "variant": variant,
        "rule_options": dict(settings.get("rule_options") or {}),
        "match": dict(settings.get("match") or {}),
        "players": clean_players,
        **({"teams": teams} if teams else {}),
        **({"cards": log_cards} if log_cards else {}),
        "card_sets": refs,
        "decks": decks,
        "hidden": dict(hidden),
        "actions": [],
    }
    parse_log(doc, card_sets)  # every other problem, by the log's own field names
    from judge.core.rules import OptionError
    from judge.games import engine_class

    try:  # as the replay resolves them (judge.core.replay.start)
        engine_class(game, variant).catalogue.resolve_options(doc["rule_options"])
    except OptionError as exc:
        raise BadLog([FieldError(f"rule_options.{exc.name}", exc.message)]) from None
    return doc


def _from_position(position: Any, card_sets: CardSets | None) -> dict[str, Any]:
    """The log that starts from ``position``: a position document (``judge-position/1``,
    :func:`judge.core.position.position_log`) or a log with ``start`` (its actions dropped);
    problems named under ``position.``."""
    from judge.core.position import POSITION_FORMAT, position_log

    try:
        if not isinstance(position, dict):
            raise BadLog([FieldError("", "a position is a JSON object")])
        if position.get("format") == POSITION_FORMAT:
            doc = position_log(position)
        elif "start" in position:
            doc = {k: v for k, v in position.items() if k != "checkpoints"}
            doc["actions"] = []
        else:
            raise BadLog([FieldError("start", "required: the moment the position describes")])
        parse_log(doc, card_sets)
    except BadLog as exc:
        errors = [
            FieldError(f"position.{e.path}" if e.path else "position", e.message)
            for e in exc.errors
        ]
        raise BadLog(errors, exc.more) from None
    return doc


# -- naming a card ----------------------------------------------------------------------------


def search_cards(
    query: str,
    refs: list[str],
    log_cards: list[dict[str, Any]] | None = None,
    card_sets: CardSets | None = None,
    limit: int = MAX_FOUND,
) -> list[dict[str, Any]]:
    """Cards of the sets ``refs`` (and ``log_cards``) whose code, name (English or Japanese,
    compared as names are, without case) or traits hold ``query``: codes that match first,
    then names that start with it, then the rest, each by code.  Raises :class:`BadLog` for
    a set that is not known."""
    table, errors = _set_table(refs, log_cards or [], card_sets)
    if errors:
        raise BadLog(errors)
    q = _key(query or "")
    ranked = []
    for code, card in table.items():
        names = [
            n
            for n in (card.get("name"), card.get("name_en"), card.get("name_ja"))
            if isinstance(n, str)
        ]
        keys = [_key(n) for n in names]
        if not q:
            rank = 2
        elif _key(code) == q:
            rank = 0
        elif any(k.startswith(q) for k in keys) or _key(code).startswith(q):
            rank = 1
        elif any(q in k for k in keys) or any(q in _key(str(t)) for t in card.get("traits") or ()):
            rank = 2
        else:
            continue
        ranked.append((rank, code, card))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [
        {
            "code": code,
            "name": card.get("name"),
            "type": card.get("type"),
            **({"name_ja": card["name_ja"]} if isinstance(card.get("name_ja"), str) else {}),
        }
        for _, code, card in ranked[:limit]
    ]
