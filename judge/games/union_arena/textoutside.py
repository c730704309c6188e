"""The printed-text reader's nouns for a card taken from the outside area, beyond
:func:`~judge.games.union_arena.textgrammar.off_field_noun`.

"自分の場外から青の[特徴:X]を1枚まで手札に加える。", "自分の場外から必要エナジーが2以下の〈X〉を
1枚まで手札に加える。": a name or a trait with the colour and the required energy the card
list also prints before a card type ("必要エナジーが2以下の黄のイベントカード").  Each word is
one of the card conditions the engine checks on a card wherever it is
(``targets.card_mismatch``, ``UA-EFFECT-TARGETS``), so the choice is checked in full.

A module of its own so that the shared grammar (``textgrammar.py``) stays as it is: the
reader asks :func:`outside_noun` only where it reads a card taken from the outside area
into the hand, after ``off_field_noun`` found nothing.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena.textgrammar import COLOURS

#: "(必要エナジーがN以下の)(色の)(〈Name〉|[特徴:X])", at least one of the first two
_NOUN = re.compile(
    rf"(?:必要エナジーが(\d+)以下の)?(?:([{''.join(COLOURS)}])の)?"
    r"(?:〈([^〈〉]+)〉|\[特徴:([^\[\]]+)\])"
)


def outside_noun(text: str) -> dict[str, Any] | None:
    """A name or trait with a required energy at most N and/or a colour, or None.

    >>> outside_noun("青の[特徴:灯守]")
    {'trait': '灯守', 'color': 'blue'}
    >>> outside_noun("必要エナジーが2以下の〈ミラ〉")
    {'name': 'ミラ', 'energy_max': 2}
    >>> outside_noun("〈ミラ〉") is None  # off_field_noun's: not this module's
    True
    """
    m = _NOUN.fullmatch(text)
    if not m or not (m.group(1) or m.group(2)):
        return None
    out: dict[str, Any] = {"name": m.group(3)} if m.group(3) else {"trait": m.group(4)}
    if m.group(2):
        out["color"] = COLOURS[m.group(2)]
    if m.group(1):
        out["energy_max"] = int(m.group(1))
    return out
