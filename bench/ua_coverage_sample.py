"""How much of the official Union Arena card list the printed-text reader understands,
measured on cards drawn at random across the whole list (``docs/cards.md``, "Coverage of
the official list").

The sample is fixed: ``WINDOWS`` windows of ``WINDOW`` characters of the list's JSON text
(zkousei/union-arena-simulator ``src/data/officialCards.json``, 5,737,942 characters), at
offsets drawn by ``random.Random(SEED)`` over the whole text, and every record that lies
whole inside a window.  Windows by character offset because that is how the list can be
read piecewise (the search tool's ``read_file``); anybody with the whole file draws the same
records with ``--list``.  The records are imported with the ``ua-simulator`` importer and
counted by ``judge cards coverage``'s own function, per set family (BT, ST, EX, NC, PR).

No publisher's data ships: the list, the windows and the sample stay where the user keeps
them (this script reads them; ``--write`` puts the sample's card set outside the repo).

    python3 bench/ua_coverage_sample.py --list officialCards.json
    python3 bench/ua_coverage_sample.py --windows DIR   # DIR/<offset>.txt, each a window's
                                                        # whole records (see read_windows)
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

SEED = 2026
WINDOWS = 42
WINDOW = 16_000
#: the length of the list's text when the sample was drawn (its offsets depend on it)
LIST_CHARS = 5_737_942


def offsets(seed: int = SEED, n: int = WINDOWS, total: int = LIST_CHARS) -> list[int]:
    """The windows' offsets, sorted.

    >>> offsets()[:3]
    [21263, 96375, 640217]
    """
    rng = random.Random(seed)
    return sorted(rng.randrange(0, total - WINDOW) for _ in range(n))


_RECORD = re.compile(r"^  \{\n(.*?)^  \},?$", re.S | re.M)


def records_in(text: str) -> list[dict[str, Any]]:
    """Every record whole inside ``text`` (a window of the pretty-printed list), read as
    JSON; the display fields (``imageUrl``, ``rarity``, …) may have been left out."""
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
    return [r for o in offsets(total=len(text)) for r in records_in(text[o : o + WINDOW])]


def from_windows(folder: Path) -> list[dict[str, Any]]:
    missing = [o for o in offsets() if not (folder / f"{o}.txt").exists()]
    if missing:
        print(f"note: {len(missing)} windows missing: {missing}", file=sys.stderr)
    return [
        r
        for o in offsets()
        if (folder / f"{o}.txt").exists()
        for r in records_in((folder / f"{o}.txt").read_text(encoding="utf-8"))
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--list", type=Path, help="the whole official list (JSON)")
    source.add_argument("--windows", type=Path, help="a folder of windows, <offset>.txt")
    parser.add_argument("--write", type=Path, help="write the sample's card set here")
    parser.add_argument("--top", type=int, default=25, help="unread templates to list")
    args = parser.parse_args(argv)

    from judge.core.cardimport import import_ua_simulator
    from judge.core.cardsets import read_card_set
    from judge.games.union_arena.coverage import coverage

    drawn = from_list(args.list) if args.list else from_windows(args.windows)
    unique = {str(r.get("code")): r for r in drawn}
    imported = import_ua_simulator(list(unique.values()), name="official-sample")
    card_set = read_card_set(imported.document)
    if args.write:
        args.write.write_text(json.dumps(imported.document, ensure_ascii=False, indent=1))
    figures = coverage(card_set.cards)
    print(
        f"sample: seed {SEED}, {WINDOWS} windows of {WINDOW:,} characters; "
        f"{len(drawn)} records, {len(unique)} distinct, {len(card_set.cards)} imported, "
        f"{imported.left_out} left out"
    )
    print(
        f"understood: {figures['understood']} of {figures['cards']} ({figures['percent']} %); "
        f"text read in full: {figures['text_read']} of {figures['with_text']} "
        f"({figures['text_percent']} %)"
    )
    for family, f in figures["families"].items():
        print(
            f"  {family:3s} {f['understood']:4d} of {f['cards']:4d} ({f['percent']:5.1f} %)"
            f"   without AP cards: {f['understood_not_ap']} of {f['cards_not_ap']} "
            f"({f['percent_not_ap']} %)"
        )
    for t in figures["unread_templates"][: args.top]:
        print(f"  {t['sentences']:4d} {t['cards']:4d}  {t['template']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
