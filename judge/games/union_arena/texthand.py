"""The printed-text reader's sentences about a player's hand beyond a draw of one's own:
"相手はカードを1枚引く。" (the opponent draws 1 card), read into the op ``opponent_draw``
(``n``; ``UA-EFFECT-OPPONENT-DRAW``), which :mod:`judge.games.union_arena.resolve` carries out.

A module of its own, beside ``textdeck`` and ``textmove``: ``reader.py`` hands it a sentence
(without its "。") and reads what it returns; the pattern is the whole sentence, so a sentence
that differs in any word is not read.
"""

from __future__ import annotations

import re
from typing import Any

#: "相手はカードをN枚引く": the opponent draws N cards from their own deck
_OPPONENT_DRAW = re.compile(r"相手はカードを(\d+)枚引く")


def read_hand(sentence: str) -> list[dict[str, Any]] | None:
    """The ops of a sentence of this module, or None when it is another.

    >>> read_hand("相手はカードを1枚引く")
    [{'op': 'opponent_draw', 'n': 1}]
    >>> read_hand("相手はカードを1枚まで引く") is None
    True
    """
    m = _OPPONENT_DRAW.fullmatch(sentence)
    if m and int(m.group(1)) >= 1:
        return [{"op": "opponent_draw", "n": int(m.group(1))}]
    return None
