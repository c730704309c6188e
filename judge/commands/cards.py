"""``judge cards check``, ``import`` and ``coverage``: the user's card sets (``docs/cards.md``)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import click

from judge.commands.common import (
    EXIT_OK,
    LIMIT_HINTS,
    emit,
    fail,
    limit_options,
    read_input,
    read_json,
)
from judge.core.cardsets import NAME_PATTERN, CardSet, CardSets, read_card_set
from judge.core.errors import BadLog
from judge.core.jsontext import Limits, read_document

_WRAP = b'{"cards":'
_LINE1 = re.compile(r"at line 1 column (\d+)")


@click.group("cards", short_help="Check and import card sets.")
def cards_command() -> None:
    """The user's card sets: files of card definitions a log names in its card_sets
    (by name or sha256:<hash>) and `judge replay --card-set FILE` makes available."""


def load_card_set_file(source: str, limits: Limits) -> CardSet:
    """A card-set file read and checked; every problem exits 2, by path."""
    doc = read_json(source, limits, what="card set")
    try:
        return read_card_set(doc)
    except BadLog as exc:
        fail([f"{source}: {line}" for line in exc.lines()])


def card_set_registry(files: tuple[str, ...], limits: Limits) -> CardSets | None:
    """The registry of the ``--card-set`` files given (None when none was)."""
    if not files:
        return None
    return CardSets(load_card_set_file(f, limits) for f in files)


@cards_command.command("check", short_help="Check a card set; list every problem.")
@click.argument("card_set", metavar="SET")
@limit_options
def check_command(card_set: str, limits: Limits) -> None:
    """Check the card-set file SET (a path, or - for stdin): its format, game and name, and
    every card against the game's card definition.  Prints the set's name, game, number of
    cards and hash; exits 0 when it is good, 2 listing every problem by path."""
    checked = load_card_set_file(card_set, limits)
    click.echo(f"{checked.name} ({checked.game}): {len(checked.cards)} cards, {checked.ref}")
    sys.exit(EXIT_OK)


def _read_list_or_object(source: str, limits: Limits) -> Any:
    """A JSON document that may be a list (card lists often are), read strictly: a list is
    read as the ``cards`` of an object, so its problems are named ``cards[3].bp``."""
    raw = read_input(source, limits.max_bytes)
    is_list = raw.lstrip().startswith(b"[")
    try:
        data = read_document(
            _WRAP + raw + b"}" if is_list else raw, limits, what="card list", hints=LIMIT_HINTS
        )
    except BadLog as exc:
        lines = []
        for error in exc.errors:
            message = error.message
            if is_list:  # the columns of the first line as in the file
                message = _LINE1.sub(
                    lambda m: f"at line 1 column {int(m.group(1)) - len(_WRAP)}", message
                )
            lines.append(f"{error.path or source}: {message}")
        fail(lines + exc.lines()[len(exc.errors) :])
    return data["cards"] if is_list else data


@cards_command.command("import", short_help="Make a card set of a card list.")
@click.argument(
    "fmt",
    metavar="FORMAT",
    type=click.Choice(["ua-simulator", "r4utools", "zx-js", "zx-xls", "rs-catalog"]),
)
@click.argument("sources", metavar="FILE...", nargs=-1, required=True)
@click.option(
    "--output", "-o", metavar="SET", required=True, help="Write the card set to SET (- for stdout)."
)
@click.option(
    "--name",
    default=None,
    help="The set's name (default: FILE's name without its extension).",
)
@click.option("--quiet", "-q", is_flag=True, help="Do not list what could not be mapped.")
@limit_options
def import_command(
    fmt: str, sources: tuple[str, ...], output: str, name: str | None, quiet: bool, limits: Limits
) -> None:
    """Read the card list FILE in FORMAT and write it as a card set.

    ua-simulator: the JSON list of the official Union Arena card list used by public
    simulators (code, name, cardType, color, bp, apCost, reqEnergy, genEnergy, traits,
    triggers, effectText, ...).  r4utools: the Rebirth for you community list's .r4uset
    files (Serial, Name, Traits, Type, Color, Cost, ATK, DEF, Effect, Set), several FILEs
    made one set (the index of a note counts the records of all of them, in order).  zx-js:
    a Z/X database written as `var dbMain=[...]` (SerialNo, CardName_Jp, Type, Cost, Power,
    Race, Icon, Ability_Jp, ...).  zx-xls: the same Z/X database as an .xls spreadsheet,
    one sheet per set (编号, 卡片名_日, 种类, 色, COST, 力量, 种族, 标记, 能力_日, ...).
    rs-catalog: the Rangers Strike catalogue JSON (id, name, type, category, powerCost, bp,
    sp, comboNumber, text, ...).  What a
    card has that cannot be mapped is listed on stderr (`note: [index] code: what`); a card
    that cannot be made a definition of is left out and listed.  Exits 0 when the set is
    written, 2 for unreadable input.
    """
    from judge.core.cardimport import BINARY_FILE, IMPORTERS, MULTI_FILE, TEXT_FILE

    if len(sources) > 1 and fmt not in MULTI_FILE:
        fail(f"{fmt} reads one FILE ({len(sources)} given)")
    source = sources[0]

    if name is None:
        stem = Path(source).stem if source != "-" else "imported"
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-._")[:64] or "imported"
    if not re.fullmatch(NAME_PATTERN, name):
        raise click.BadParameter(
            "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or a digit",
            param_hint="--name",
        )
    _game, importer = IMPORTERS[fmt]
    if fmt in MULTI_FILE:
        data = {"files": [_read_list_or_object(f, limits) for f in sources]}
        source = ", ".join(sources)
    elif fmt in BINARY_FILE:
        data = read_input(source, limits.max_bytes)
    elif fmt in TEXT_FILE:
        try:
            data = read_input(source, limits.max_bytes).decode("utf-8")
        except UnicodeDecodeError as exc:
            fail(f"{source}: not UTF-8 text (byte {exc.start})")
    else:
        data = _read_list_or_object(source, limits)
    try:
        imported = importer(data, name)
    except ValueError as exc:
        fail(f"{source}: {exc}")
    if not quiet:
        for line in imported.note_lines():
            click.echo(f"note: {line}", err=True)
    if not imported.document["cards"]:
        fail(f"{source}: no card could be imported ({imported.left_out} left out)")
    try:
        checked = read_card_set(imported.document)
    except BadLog as exc:  # an importer's mistake: said plainly, never written
        fail([f"{source}: the imported set is not valid: {line}" for line in exc.lines()])
    emit(json.dumps(imported.document, indent=1, ensure_ascii=False), output)
    click.echo(
        f"{checked.name} ({checked.game}): {len(checked.cards)} cards imported, "
        f"{imported.left_out} left out, {checked.ref}",
        err=True,
    )


@cards_command.command("coverage", short_help="How much of a set's printed text is read.")
@click.argument("card_set", metavar="SET")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option(
    "--top", default=30, show_default=True, help="How many unread templates to list (0: all)."
)
@click.option(
    "--sample",
    type=click.IntRange(min=1),
    default=None,
    help="Count only N cards drawn at random (by --seed) from the set.",
)
@click.option("--seed", default="coverage", show_default=True, help="The seed of --sample's draw.")
@limit_options
def coverage_command(
    card_set: str, as_json: bool, top: int, sample: int | None, seed: str, limits: Limits
) -> None:
    """How many cards of the card-set file SET the printed-text reader understands in full
    (no text, text read, or effects written by hand) and, for the rest, the sentences it
    could not read grouped by template (numbers and names abstracted), most frequent first:
    the next templates to teach it.  Exits 0; 2 for a bad set or a game with no reader."""
    from judge.games import card_coverage  # the games registry's table, beside the renderers

    checked = load_card_set_file(card_set, limits)
    counted = card_coverage(checked.game)
    if counted is None:
        fail(f"{card_set}: no printed-text reader for {checked.game} yet")
    cards = checked.cards
    if sample is not None:  # the same draw for the same set, N and seed, on every machine
        import random

        drawn = random.Random(seed).sample(sorted(cards), min(sample, len(cards)))
        cards = {code: cards[code] for code in sorted(drawn)}
    figures = counted(cards)
    if sample is not None:
        figures["sample"] = {"cards": len(cards), "seed": seed}
    source = checked.document.get("source")
    if isinstance(source, dict) and isinstance(source.get("left_out"), int):
        # cards of the list the importer could not make definitions of: not in the set, so
        # in none of its figures; said beside them, with why (the import's notes name each)
        figures["left_out"] = source["left_out"]
        why = source.get("left_out_why")
        if isinstance(why, dict):
            figures["left_out_why"] = why
    if as_json:
        emit(
            json.dumps(
                {"name": checked.name, "game": checked.game, "sha256": checked.sha256, **figures},
                ensure_ascii=False,
                sort_keys=True,
                indent=1,
            ),
            "-",
        )
        sys.exit(EXIT_OK)
    f = figures
    drawn_note = f" (a sample drawn with seed {f['sample']['seed']!r})" if f.get("sample") else ""
    click.echo(
        f"{checked.name} ({checked.game}): {f['understood']} of {f['cards']} cards understood "
        f"({f['percent']} %){drawn_note}"
    )
    click.echo(
        f"  no printed text: {f['no_text']}; text read in full: {f['text_read']} of "
        f"{f['with_text']} ({f['text_percent']} %); effects written by hand: "
        f"{f['effects_given']}"
    )
    sets = f.get("sets") or {}
    if len(sets) > 1 or set(sets) - {"other"}:  # products of the list (Rebirth: AB/001B)
        click.echo("  by set (understood of cards):")
        for set_name, g in sets.items():
            click.echo(f"    {set_name:12s} {g['understood']} of {g['cards']} ({g['percent']} %)")
    families = f.get("families") or {}
    if set(families) - {"other"}:  # codes of the official list's products (UA01BT/…)
        click.echo("  by set family (understood of cards; of cards other than AP cards):")
        for family, g in families.items():
            click.echo(
                f"    {family:5s} {g['understood']} of {g['cards']} ({g['percent']} %); "
                f"{g['understood_not_ap']} of {g['cards_not_ap']} ({g['percent_not_ap']} %)"
            )
    if f.get("not_relied_on"):
        click.echo(
            f"  not relied on (not understood, whatever their text reads): "
            f"{f['not_relied_on']} (their reasons are listed with the unread sentences)"
        )
    if f.get("left_out"):
        reasons = "; ".join(f"{k}: {n}" for k, n in (f.get("left_out_why") or {}).items())
        click.echo(
            f"  left out by the importer (not in the set, so in no figure above): "
            f"{f['left_out']}" + (f" ({reasons})" if reasons else "")
        )
    templates = f["unread_templates"]
    if templates:
        click.echo("unread sentences by template (sentences, cards), most frequent first:")
        for t in templates[: top or None]:
            click.echo(f"  {t['sentences']:4d} {t['cards']:4d}  {t['template']}")
            click.echo(f"             e.g. {t['codes'][0]}: {t['example']}")
        if top and len(templates) > top:
            click.echo(f"  … {len(templates) - top} more templates (--top 0 lists all)")
    sys.exit(EXIT_OK)


def _shown_cards(source: str, limits: Limits) -> tuple[str, str, dict[str, dict[str, Any]]]:
    """(name, game, code → definition) of a card-set file, or of a built-in set (by its
    name, or its file as shipped: ``{"set": …, "game": …, "cards": [...]}``)."""
    from judge.core.cards import builtin_set_names, load_builtin_set

    if source in builtin_set_names() and not Path(source).exists():
        doc = load_builtin_set(source)
    else:
        doc = read_json(source, limits, what="card set")
    if isinstance(doc, dict) and "set" in doc and isinstance(doc.get("cards"), list):
        cards = {c["code"]: c for c in doc["cards"] if isinstance(c, dict) and "code" in c}
        return str(doc["set"]), str(doc.get("game")), cards
    checked = load_card_set_file(source, limits)
    return checked.name, checked.game, checked.cards


@cards_command.command("show", short_help="Each card's printed text beside its reading.")
@click.argument("card_set", metavar="SET")
@click.argument("codes", metavar="[CODE]...", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the same as JSON.")
@limit_options
def show_command(card_set: str, codes: tuple[str, ...], as_json: bool, limits: Limits) -> None:
    """Print each card of SET (a card-set file, or a built-in set's name or file), or the
    CODEs given: its code, name, type and printed text beside its reading rendered in plain
    English from the effects the engine executes (not from stored text), and for a card not
    understood the sentences not read and why.  Exits 0; 2 for a bad set, a game with no
    renderer, or a code the set does not have (named)."""
    from judge.games import card_renderer  # the table the API's readings ask too

    name, game, cards = _shown_cards(card_set, limits)
    render = card_renderer(game)
    if render is None:
        fail(f"{card_set}: no reading renderer for {game} yet")
    missing = [c for c in codes if c not in cards]
    if missing:
        fail([f"{card_set}: no card {c} in {name}" for c in missing])
    shown = [render(cards[c]) for c in (codes or sorted(cards))]
    if as_json:
        doc = {"name": name, "game": game, "cards": shown}
        emit(json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=1), "-")
        sys.exit(EXIT_OK)
    for i, card in enumerate(shown):
        if i:
            click.echo("")
        click.echo(f"{card['code']}  {card['name']}  ({card['type']})")
        if card.get("text"):
            click.echo("  printed:")
            for line in str(card["text"]).split("\n"):
                click.echo(f"    {line}")
        click.echo(f"  {card['status']}")
        click.echo("  reading (what the engine executes):")
        for sentence in card["reading"]:
            click.echo(f"    {sentence}")
        if card.get("unread"):
            click.echo("  not read:")
            for sentence in card["unread"]:
                click.echo(f"    {sentence}")
        for reason in card.get("reasons") or []:
            click.echo(f"  why: {reason}")
    sys.exit(EXIT_OK)
