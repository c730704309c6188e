"""How much of the Rangers Strike catalogue the printed-text reader understands, measured on
cards drawn at random across the whole list (``docs/cards.md``, "Rangers Strike: rs-catalog,
coverage and review").

The sample is fixed: ``WINDOWS`` windows of ``WINDOW`` characters of the catalogue's JSON text
(tsukasa19901012/rangers-strike
``packages/cards/src/generated/catalog/full-playable/cards.json``, 1,112,935 characters), at
offsets drawn by ``random.Random(SEED)`` over the whole text, and every record that lies whole
inside a window.  Windows by character offset because that is how the list can be read
piecewise (the search tool's ``read_file``); anybody with the whole file draws the same
records with ``--list``.  The records are imported with the ``rs-catalog`` importer and
counted by ``judge cards coverage``'s own function, per expansion.

No publisher's data ships: the list, the windows and the sample stay where the user keeps
them (this script reads them; ``--write`` puts the sample's card set outside the repo).

    python3 bench/rs_coverage_sample.py --list cards.json
    python3 bench/rs_coverage_sample.py --windows DIR   # DIR/<offset>.json, each a JSON
                                                        # list of a window's whole records
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ua_coverage_sample import offsets as _offsets  # noqa: E402 (the same draw, other sizes)

SEED = 2026
WINDOWS = 14
WINDOW = 16_000
#: the length of the catalogue's text when the sample was drawn (its offsets depend on it)
LIST_CHARS = 1_112_935


def offsets(total: int = LIST_CHARS) -> list[int]:
    """The windows' offsets, sorted.

    >>> offsets()[:3]
    [5315, 169289, 215245]
    """
    return _offsets(SEED, WINDOWS, total)


_RECORD = re.compile(r"^    \{\n(.*?)^    \},?$", re.S | re.M)


def records_in(text: str) -> list[dict[str, Any]]:
    """Every record whole inside ``text`` (a window of the pretty-printed catalogue, its
    records indented by four spaces), read as JSON."""
    out = []
    for m in _RECORD.finditer(text):
        body = re.sub(r",\s*$", "", m.group(1).rstrip())
        out.append(json.loads("{" + body + "}"))
    return out


def from_list(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    if len(text) != LIST_CHARS:
        print(
            f"note: the list has {len(text):,} characters, not {LIST_CHARS:,}: "
            "another version, so other records are drawn",
            file=sys.stderr,
        )
    return [r for o in offsets(len(text)) for r in records_in(text[o : o + WINDOW])]


def from_windows(folder: Path) -> tuple[list[dict[str, Any]], list[int]]:
    """The records of the windows present (``<offset>.json``: a JSON list of whole records,
    display fields possibly left out), and the offsets present."""
    present = [o for o in offsets() if (folder / f"{o}.json").exists()]
    missing = sorted(set(offsets()) - set(present))
    if missing:
        print(f"note: {len(missing)} windows missing: {missing}", file=sys.stderr)
    found: list[dict[str, Any]] = []
    for o in present:
        found += json.loads((folder / f"{o}.json").read_text(encoding="utf-8"))
    return found, present


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--list", type=Path, help="the whole catalogue (cards.json)")
    source.add_argument("--windows", type=Path, help="a folder of windows, <offset>.json")
    parser.add_argument("--write", type=Path, help="write the sample's card set here")
    parser.add_argument("--top", type=int, default=25, help="unread templates to list")
    args = parser.parse_args(argv)

    from judge.core.cardsets import read_card_set
    from judge.games.rangers_strike.catalog import import_rs_catalog
    from judge.games.rangers_strike.coverage import coverage

    if args.list:
        drawn, present = from_list(args.list), offsets()
    else:
        drawn, present = from_windows(args.windows)
    unique = {str(r.get("id")): r for r in drawn}
    imported = import_rs_catalog(list(unique.values()), name="catalog-sample")
    card_set = read_card_set(imported.document)
    if args.write:
        args.write.write_text(json.dumps(imported.document, ensure_ascii=False, indent=1))
    figures = coverage(card_set.cards)
    print(
        f"sample: seed {SEED}, {len(present)} of {WINDOWS} windows of {WINDOW:,} characters "
        f"({', '.join(map(str, present))}); {len(drawn)} records, {len(unique)} distinct, "
        f"{len(card_set.cards)} imported, {imported.left_out} left out "
        f"{imported.document['source'].get('left_out_why', {})}"
    )
    print(
        f"understood: {figures['understood']} of {figures['cards']} ({figures['percent']} %): "
        f"no text {figures['no_text']}; text read in full: {figures['text_read']} of "
        f"{figures['with_text']} ({figures['text_percent']} %); not relied on (importer's "
        f"doubts): {figures['not_relied_on']}"
    )
    for name, f in figures["sets"].items():
        print(f"  {name:20s} {f['understood']:4d} of {f['cards']:4d} ({f['percent']:5.1f} %)")
    for t in figures["unread_templates"][: args.top]:
        print(f"  {t['sentences']:4d} {t['cards']:4d}  {t['template'][:110]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
