"""``judge rules``, ``judge check-deck`` and ``judge schema``: the rule catalogues, deck
construction and the published schemas.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

import click

from judge.commands.common import (
    EXIT_FOUND,
    EXIT_OK,
    _known_games,
    _load,
    fail,
    limit_options,
    read_json,
)
from judge.core.canonical import canonical_json, sha256_of
from judge.core.errors import FieldError
from judge.core.fault import Judged, engine_guard
from judge.core.jsontext import Limits
from judge.core.rules import LABELS
from judge.core.wording import plural
from judge.games import DECK_CHECKERS as _DECK_CHECKERS
from judge.games import GAMES

#: Deck checkers by game slug (the registry's: :data:`judge.games.DECK_CHECKERS`).
DECK_CHECKERS = _DECK_CHECKERS

#: Published schemas by name, as ``"module:function"`` returning a JSON-ready dict.
SCHEMAS: dict[str, str] = {
    "action-log": "schemas.action_log:action_log_json_schema",
    "position": "judge.core.position:position_json_schema",
}


# --------------------------------------------------------------------------------------
# judge rules


def _rule_text(rule: Any) -> list[str]:
    lines = [f"{rule.id}  {rule.title}  [{rule.confidence}]"]
    for para in str(rule.text).split("\n\n"):
        para = " ".join(para.split())
        if para:
            lines.extend(
                textwrap.wrap(para, width=88, initial_indent="    ", subsequent_indent="    ")
            )
    lines.append(f"    Source: {rule.source}")
    return lines


def _labels_text(used: Iterable[str]) -> list[str]:
    """The legend of the confidence labels in ``used`` (in the order of ``LABELS``)."""
    wanted = set(used)
    lines = ["Confidence labels (how sure a rule is, by its source):"]
    for label, means in LABELS.items():
        if label in wanted:
            lines.extend(
                textwrap.wrap(
                    f"[{label}] {means}", width=88, initial_indent="  ", subsequent_indent="      "
                )
            )
    return lines


def _search_text(result: Any) -> list[str]:
    """A search's hits as ``judge rules --search`` prints them, best first."""
    where = f"the rules of {result.game}" if result.game else "the rules of every game"
    if not result.hits:
        return [f"No rule matches {result.query!r} in {where}."]
    shown = len(result.hits)
    more = f", the best {shown} shown" if shown < result.total else ""
    lines = [f"{result.total} rules match {result.query!r} in {where}{more}:"]
    for n, hit in enumerate(result.hits, 1):
        head, *body = _rule_text(hit.rule)
        matched = ", ".join(hit.matched)
        lines += ["", f"{n}. {head}", f"    Game: {hit.game}; score {hit.score:.2f} ({matched})"]
        lines += body
    return [*lines, "", *_labels_text(hit.rule.confidence for hit in result.hits)]


def _search(game: str | None, query: str, limit: int, as_json: bool) -> None:
    from judge.core.rulesearch import SearchError, search

    try:
        result = search(query, game, limit)
    except SearchError as exc:
        fail(f"--search: {exc.message}" if exc.parameter == "q" else str(exc))
    if as_json:
        click.echo(canonical_json(result.to_dict()))
    else:
        click.echo("\n".join(_search_text(result)))


@click.command("rules")
@click.argument("game", required=False)
@click.argument("rule_id", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the catalogue as canonical JSON.")
@click.option(
    "--search",
    "query",
    metavar="WORDS",
    help="Find rules by words (English, Chinese or Japanese) or by id, best first: in GAME's "
    "rules, or in every game's without GAME.",
)
@click.option(
    "--limit",
    type=click.IntRange(1, 200),
    default=10,
    show_default=True,
    help="At most this many hits of --search.",
)
def rules_command(
    game: str | None, rule_id: str | None, as_json: bool, query: str | None, limit: int
) -> None:
    """The rule catalogue of GAME, or only the rule RULE_ID; or, with --search, the rules
    matching some words.

    Lists what each confidence label means, every rule by section (id, title, confidence,
    text, source) and then the rule options a log may set, with their defaults (a ``gap``
    option decides what no source settles; a ``format`` option switches an official rule off
    for formats that play otherwise).

    \b
    judge rules --search "snipe block"              every game's rules
    judge rules union-arena --search 激躍            one game's
    judge rules --search "counter two" --json      hits as canonical JSON

    A search ranks the rules by BM25 over their ids, titles, texts and sources (see
    judge/core/rulesearch.py); each hit shows its game, its score and the fields that
    matched.  No match is not an error (exit 0); an empty query is (exit 2).
    """
    from judge.games import catalogue

    if game is not None and game not in GAMES:
        fail(f"unknown game {game!r}; {_known_games()}")
    if query is not None:
        if rule_id is not None:
            fail(f"give a rule id ({rule_id!r}) or --search, not both")
        _search(game, query, limit, as_json)
        return
    if game is None:
        fail(f"give a game (or --search WORDS); {_known_games()}")

    if game not in GAMES:
        fail(f"unknown game {game!r}; {_known_games()}")
    cat = catalogue(game)

    if rule_id is not None:
        rule = cat.rules.get(rule_id) or cat.rules.get(rule_id.upper())
        if rule is None:
            fail(f"unknown rule {rule_id!r} for {game}; known rules: {', '.join(cat.rules)}")
        if as_json:
            click.echo(canonical_json(rule.to_dict()))
        else:
            click.echo("\n".join([*_rule_text(rule), "", *_labels_text([rule.confidence])]))
        return

    if as_json:
        click.echo(canonical_json(cat.to_dict()))
        return

    lines = [f"Rules of {cat.game} (catalogue version {cat.version})", ""]
    lines += _labels_text(rule.confidence for rule in cat.rules.values())
    sections: dict[str, list[Any]] = {}
    for rule in cat.rules.values():  # rulebook order
        sections.setdefault(rule.section or "General", []).append(rule)
    for section, rules in sections.items():
        lines += ["", section, "-" * len(section)]
        for rule in rules:
            lines += _rule_text(rule)
    if cat.options:
        lines += ["", "Rule options", "------------"]
        for opt in cat.options.values():
            choices = ", ".join(json.dumps(c) for c in opt.choices)
            lines.append(
                f"{opt.name} = {json.dumps(opt.default)}  "
                f"(choices: {choices}; rule {opt.rule}; {opt.kind} option)"
            )
            lines.extend(
                textwrap.wrap(
                    " ".join(opt.text.split()),
                    width=88,
                    initial_indent="    ",
                    subsequent_indent="    ",
                )
            )
    click.echo("\n".join(lines))


# --------------------------------------------------------------------------------------
# judge check-deck


#: why a deck list is read no further than MAX_DECK_ENTRIES: the words of ``POST /v1/decks/check``
DECK_BOUND_REASON = "a deck has 50 cards (Rangers Strike: at least 40)"


def _code_list(value: Any, path: str, errors: list[FieldError]) -> list[str]:
    """A deck list's codes; a list longer than a deck can be is refused unread (each entry
    is a card looked up and counted: 400,000 of them took 2 s), as the API refuses it."""
    from judge.core.decks import MAX_DECK_ENTRIES

    if isinstance(value, list) and len(value) > MAX_DECK_ENTRIES:
        message = (
            f"{len(value):,} entries; {DECK_BOUND_REASON}: "
            f"at most {MAX_DECK_ENTRIES:,} entries are read"
        )
        errors.append(FieldError(path, message))
        return []
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        errors.append(FieldError(path, "expected a list of card codes"))
        return []
    return value


def _decks_of(doc: Mapping[str, Any], errors: list[FieldError]) -> list[tuple[Any, str, dict]]:
    """``[(player id or None, path, {"main": [...], "ap": [...]}), …]`` from either shape."""
    if "actions" in doc or "decks" in doc:  # a whole action log
        decks = doc.get("decks")
        if not isinstance(decks, Mapping):
            errors.append(FieldError("decks", "expected an object of decks by player id"))
            return []
        order = [p.get("id") for p in doc.get("players") or () if isinstance(p, Mapping)]
        ids = [p for p in order if p in decks] + sorted(p for p in decks if p not in order)
        out = []
        for pid in ids:
            deck = decks[pid] if isinstance(decks[pid], Mapping) else {}
            if not isinstance(decks[pid], Mapping):
                errors.append(FieldError(f"decks.{pid}", "expected an object with main and ap"))
            out.append((pid, f"decks.{pid}", deck))
        return out
    return [(None, "", doc)]


@click.command("check-deck", short_help="Check deck construction rules.")
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the problems as canonical JSON.")
@click.option(
    "--card-set",
    "card_set_files",
    multiple=True,
    metavar="FILE",
    help="A card set the deck may name in its card_sets, by name or sha256:<hash> "
    "(repeatable; see judge cards).",
)
@limit_options
def check_deck_command(
    file: str, as_json: bool, card_set_files: tuple[str, ...], limits: Limits
) -> None:
    """Check deck construction for a deck file or every deck of an action log.

    FILE (a path, or - for stdin) is either a deck file or a whole action log.  A deck file:

    \b
      {"game": "union-arena", "main": [...], "ap": [...],
       "cards": [...definitions, optional], "card_sets": [...names, optional]}

    The second list is the game's own: "ap" (Union Arena), "dynamis" (Z/X), "partner"
    (Rebirth for you); Rangers Strike decks have none.

    Card codes are looked up in "cards", then in the "card_sets": built-in sets by name, and
    the sets of the --card-set files by name or sha256:<hash> (an imported official list:
    judge cards import).

    Exits 0 when every deck is legal, 1 when a deck breaks a construction rule, 2 for bad
    input (including card codes that are not defined), 3 when the deck rules failed (an
    engine error).
    """
    from judge.commands.cards import card_set_registry
    from judge.core.cards import builtin_set_names, card_table
    from judge.core.cardsets import UnknownCardSet

    registry = card_set_registry(card_set_files, limits)
    doc = read_json(file, limits)
    errors: list[FieldError] = []
    game = doc.get("game")
    known = ", ".join(sorted(DECK_CHECKERS))
    if not isinstance(game, str):
        fail(f"game: required, one of the games with deck rules: {known}")
    if game not in DECK_CHECKERS:
        fail(f"game: no deck rules for {game!r}; games with deck rules: {known}")

    log_cards = doc.get("cards", [])
    if not isinstance(log_cards, list) or not all(
        isinstance(c, Mapping) and isinstance(c.get("code"), str) for c in log_cards
    ):
        errors.append(FieldError("cards", "expected a list of card definitions with a code"))
        log_cards = []
    card_sets = doc.get("card_sets", [])
    if not isinstance(card_sets, list) or not all(isinstance(s, str) for s in card_sets):
        errors.append(FieldError("card_sets", "expected a list of card set names"))
        card_sets = []
    builtin = set(builtin_set_names())
    usable: list[str] = []
    for i, name in enumerate(card_sets):
        if name not in builtin:
            if registry is None:
                message = (
                    f"unknown card set {name!r}; built-in sets: {', '.join(sorted(builtin))} "
                    "(a set of your own: give its file with --card-set)"
                )
                errors.append(FieldError(f"card_sets[{i}]", message))
                continue
            try:
                found = registry.resolve(name)
            except UnknownCardSet as exc:
                errors.append(FieldError(f"card_sets[{i}]", exc.message))
                continue
            if found.game != game:
                message = f"card set {name!r} is for {found.game}, not {game}"
                errors.append(FieldError(f"card_sets[{i}]", message))
                continue
        usable.append(name)
    cards = card_table(log_cards, usable, registry)

    from judge.games import deck_lists

    lists = deck_lists(game)
    checks = []
    for pid, path, deck in _decks_of(doc, errors):
        main_list = _code_list(deck.get("main"), _join(path, "main"), errors)
        second = lists[1] if len(lists) > 1 else None  # "ap", "dynamis", "partner", or none
        for other in ("ap", "dynamis", "partner"):
            if other != second and other in deck:
                errors.append(FieldError(_join(path, other), f"{game} decks have no {other} list"))
        ap_list = _code_list(deck.get(second, []), _join(path, second or "ap"), errors)
        for part, codes in (("main", main_list), (second or "ap", ap_list)):
            for i, code in enumerate(codes):
                if code not in cards:
                    errors.append(
                        FieldError(f"{_join(path, part)}[{i}]", f"unknown card code {code!r}")
                    )
        checks.append((pid, main_list, ap_list))
    if errors:
        fail([str(e) for e in sorted(set(errors))])

    try:
        check = _load(DECK_CHECKERS[game])
    except (ImportError, AttributeError) as exc:
        fail(f"deck rules for {game} are not available in this installation: {exc}")
    results = []
    with engine_guard(Judged(game, sha256_of(doc)), where="deck"):  # exit 3 (judge.cli)
        for pid, main_list, ap_list in checks:
            problems = check(main_list, ap_list, cards)
            results.append((pid, problems))

    if as_json:
        doc_out = {
            "game": game,
            "legal": not any(problems for _, problems in results),
            "decks": [
                {"player": pid, "legal": not problems, "problems": [p.to_dict() for p in problems]}
                for pid, problems in results
            ],
        }
        click.echo(canonical_json(doc_out))
    else:
        lines = []
        for pid, problems in results:
            label = "Deck" if pid is None else f"Deck of {pid}"
            if not problems:
                lines.append(f"{label}: legal")
                continue
            n = len(problems)
            lines.append(f"{label}: {plural(n, 'problem')}")
            for p in problems:
                lines.append(f"  ✗ {p.rule}: {p.message}")
        click.echo("\n".join(lines))
    sys.exit(EXIT_FOUND if any(problems for _, problems in results) else EXIT_OK)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


# --------------------------------------------------------------------------------------
# judge schema


@click.command("schema")
@click.argument("name", type=click.Choice(sorted(SCHEMAS)))
def schema_command(name: str) -> None:
    """Print the published JSON Schema NAME (indented, keys sorted)."""
    try:
        build = _load(SCHEMAS[name])
    except (ImportError, AttributeError) as exc:
        fail(f"the {name} schema is not available in this installation: {exc}")
    schema = build()
    click.echo(json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False))
