"""The printed raid line: its designations (``[レイド]〈A〉/［特徴：B］アクティブにし、フロントLに
移動できる``), read by the importer into a definition's ``raid`` and by the reader to check the
text against the definition (UA-RAID: a base matching any one designation)."""

from __future__ import annotations

import re
from typing import Any

from judge.core.names import name_key

#: one raid designation, in either width (the importer reads the list's text as printed,
#: the reader reads it normalised): 〈name〉, ［特徴：trait］, カード名に「part」を含むキャラ
_DESIGNATION = re.compile(
    r"〈(?P<name>[^〈〉]+)〉"
    r"|[［\[]特徴[：:](?P<trait>[^］\]]+)[］\]]"
    r"|カード名に「(?P<part>[^「」]+)」を含むキャラ"
)
#: the raid's reminder text after its designations
_RAID_TAIL = re.compile(r"\s*(アクティブにし、フロント[LＬ]に移動できる[。]?)?")


def raid_designations(rest: str) -> list[dict[str, str]] | None:
    """The designations of a raid line's text after ``[レイド]`` (``〈A〉/［特徴：B］アクティブに
    し、フロントLに移動できる``): each ``{"name": …}``, ``{"trait": …}`` or ``{"name_contains":
    …}`` as written, several when separated by ``/`` (alternatives: a base matching any one,
    UA-RAID), or None when the text is not exactly designations and the reminder.

    >>> raid_designations("〈A〉/［特徴：B］アクティブにし、フロントLに移動できる")
    [{'name': 'A'}, {'trait': 'B'}]
    >>> raid_designations("〈A〉を2枚重ねる") is None
    True
    """
    out: list[dict[str, str]] = []
    at = 0
    while True:
        m = _DESIGNATION.match(rest, at)
        if m is None:
            return None
        key = "name" if m["name"] is not None else "trait" if m["trait"] is not None else "part"
        out.append({"name_contains" if key == "part" else key: m[key].strip()})
        at = m.end()
        if rest[at : at + 1] in ("/", "／"):
            at += 1
            continue
        break
    if not _RAID_TAIL.fullmatch(rest, at):
        return None
    return out


def _designation_key(d: Any) -> tuple[str, str] | None:
    if not isinstance(d, dict) or len(d) != 1:
        return None
    ((k, v),) = d.items()
    return (k, name_key(v)) if isinstance(v, str) else None


def raid_matches_text(rest: str, raid: Any) -> bool:
    """A raid line ("[レイド]〈X〉/〈Y〉アクティブにし、フロントLに移動できる") agrees with the
    definition's ``raid``: the same designations, names and traits compared in one form
    (:func:`judge.core.names.name_key`), in any order."""
    found = raid_designations(rest)
    if found is None or not isinstance(raid, dict):
        return False
    onto = raid.get("onto")
    given = [_designation_key(d) for d in (onto if isinstance(onto, list) else [onto])]
    read = [_designation_key(d) for d in found]
    return None not in given and sorted(given) == sorted(read)  # type: ignore[type-var]


#: the mark a raid line starts with, in either width
_RAID_MARKS = ("[レイド]", "［レイド］")


def has_raid(d: Any) -> bool:
    """Whether a card definition has a raid printed ("[レイド]を持つ…キャラカード", a card with
    [Raid], UA-EFFECT-HAS-RAID): its ``raid`` (the importer's reading of the raid line), or a
    line of its printed text that starts with the raid mark — a definition whose raid line was
    not read still has one (and a card that only names [レイド] in another sentence has none).

    >>> from types import SimpleNamespace as C
    >>> has_raid(C(raid={"onto": {"name": "A"}}, raw={}))
    True
    >>> has_raid(C(raid=None, raw={"text": "[レイド]〈A〉アクティブにし、フロントLに移動できる"}))
    True
    >>> has_raid(C(raid=None, raw={"text": "[起動メイン]自分の場外から[レイド]を持つキャラカードを…"}))
    False
    """
    if d.raid is not None:
        return True
    text = d.raw.get("text") if isinstance(d.raw, dict) else None
    lines = str(text or "").splitlines()
    return any(line.strip().startswith(_RAID_MARKS) for line in lines)
