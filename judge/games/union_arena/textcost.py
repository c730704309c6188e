"""Union Arena printed text: an AP cost lowered while the card is in the hand,
"自分のフロントLに〈X〉がある場合、手札にあるこのカードの消費APを-1する。" (``reduce_ap``,
``UA-EFFECT-AP-LESS``; the engine's side is :mod:`judge.games.union_arena.apcost`).

A module of its own: :mod:`judge.games.union_arena.reader` calls it with a line, and the
line is read whole (a condition clause, then the reduction) or not at all.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena.textconditions import only_if_clause

_AP_LESS = re.compile(r"(.+?)場合、手札にあるこのカードの消費APを[-−](\d+)する。?")


def ap_reduction(line: str) -> dict[str, Any] | None:
    """ "<clause>場合、手札にあるこのカードの消費APを-Nする。": while the card is in the hand
    and the condition holds, it costs N AP less.  The clause is one of
    :func:`~judge.games.union_arena.textconditions.only_if_clause` (a card on the field or
    in one of its lines, a life, hand or outside-area count): one the engine reads as a play
    is declared.  Without a clause it is not read (the card list prints none).

    >>> ap_reduction("自分のフロントLに〈ミラ〉がある場合、手札にあるこのカードの消費APを-1する。")
    {'when': 'continuous', 'do': [{'op': 'reduce_ap', 'n': 1, 'if': {'side': 'own', 'zone': 'front_line', 'name': 'ミラ'}}]}
    """
    m = _AP_LESS.fullmatch(line)
    cond = only_if_clause(m.group(1)) if m else None
    if m is None or cond is None or int(m.group(2)) < 1:
        return None
    return {"when": "continuous", "do": [{"op": "reduce_ap", "n": int(m.group(2)), "if": cond}]}
