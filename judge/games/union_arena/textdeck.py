"""The printed-text reader's sentences that put the deck's top cards into the outside area.

"自分の山札の上から3枚を場外に置く。" (put the top 3 cards of your deck into your outside area),
"自分の山札の上から2枚まで場外に置く。" (up to 2: the player chooses how many, always from the
top), and, opening a triggered ability, "自分の山札の上から1枚を場外に置いてもよい。" (you may),
alone or followed by "そうした場合、<a sentence read already>。" (if you did).  They are read
into the op ``mill`` (``n``, ``up_to``; ``UA-EFFECT-DECK-TO-OUTSIDE``), which
:mod:`judge.games.union_arena.mill` carries out.

Why a module of its own: ``reader.py`` is the reader's frame (lines, abilities, sentences)
and is full; each family of sentences the frame hands over lives beside it, as ``textlines``
and ``raidtext`` do.  The patterns are exact (the whole sentence, digits as the normalised
text writes them): a sentence that differs in any word is not read, so the card stays
unsupported rather than executed as something it does not say.
"""

from __future__ import annotations

import re
from typing import Any

#: "自分の山札の上からN枚を場外に置く" (N exactly; also without "を") / "…N枚まで場外に置く"
#: (up to N)
_MILL = re.compile(r"自分の山札の上から(\d+)枚(を|まで)?場外に置く")
#: "自分の山札の上からN枚を場外に置いてもよい" (you may), opening a triggered ability
_MAY_MILL = re.compile(r"自分の山札の上から(\d+)枚を場外に置いてもよい")
#: "そうした場合、" (if you did): what may follow the optional form
_IF_DONE = "そうした場合、"


def read_mill(sentence: str) -> list[dict[str, Any]] | None:
    """The ops of "自分の山札の上からN枚(を|まで)場外に置く" (a sentence without its "。"), or
    None when the sentence is another.

    >>> read_mill("自分の山札の上から3枚を場外に置く")
    [{'op': 'mill', 'n': 3}]
    >>> read_mill("自分の山札の上から3枚場外に置く")  # the particle left out: the same
    [{'op': 'mill', 'n': 3}]
    >>> read_mill("自分の山札の上から2枚まで場外に置く")
    [{'op': 'mill', 'n': 2, 'up_to': True}]
    >>> read_mill("自分の山札の上から2枚を場外に置いてもよい") is None
    True
    """
    m = _MILL.fullmatch(sentence)
    if not m or int(m.group(1)) < 1:
        return None
    op: dict[str, Any] = {"op": "mill", "n": int(m.group(1))}
    if m.group(2) == "まで":
        op["up_to"] = True
    return [op]


def read_may_mill(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """An ability's sentences (``parts``) opening with "自分の山札の上からN枚を場外に置いてもよい":
    its first op (the ``mill``) and the sentences left to read, or None when they do not.

    Read only on a triggered ability with no other tag than [ターン1], not already optional and
    with nothing read before it, and only when every sentence after it begins "そうした場合、"
    (if you did) (:func:`may_open`):
    declining skips the whole effect (``optional``), which is right only for what depends on
    it.  The caller marks the effect ``optional``; the sentences left are read as usual, and
    "そうした場合、…" gives their ops ``if_done`` (a card was put).

    >>> read_may_mill(["自分の山札の上から1枚を場外に置いてもよい"], "on_retire", [], {}, [])
    ([{'op': 'mill', 'n': 1}], [])
    >>> read_may_mill(["自分の山札の上から1枚を場外に置いてもよい", "カードを1枚引く"],
    ...               "on_retire", [], {}, []) is None
    True
    """
    m = _MAY_MILL.fullmatch(parts[0]) if parts else None
    if m is None or int(m.group(1)) < 1 or not may_open(parts, when, tags, effect, ops):
        return None
    return [{"op": "mill", "n": int(m.group(1))}], parts[1:]


def may_open(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> bool:
    """Whether an ability whose first sentence is "…てもよい" (you may) can be read as optional:
    a triggered ability with no other tag than "[ターン1]" (once per turn, read by the caller),
    not already optional, nothing read before it, and every sentence after it beginning
    "そうした場合、" (if you did), since declining skips the whole effect."""
    return (
        when != "activate_main"
        and tags in ([], ["ターン1"])
        and not effect.get("optional")
        and not ops
        and all(p.startswith(_IF_DONE) for p in parts[1:])
    )


#: "自分の手札をN枚(まで)望む順で自分の山札の下に置く" (one card: no order to choose)
_HAND_BOTTOM = re.compile(r"自分の手札を(\d+)枚(まで)?(望む順で)?自分の山札の下に置く")
#: "この効果で山札の下に置いたカードと同じ枚数のカードを引く": as many as were put there
_AS_MANY = "この効果で山札の下に置いたカードと同じ枚数のカードを引く"


def read_hand_bottom(sentence: str) -> list[dict[str, Any]] | None:
    """ "自分の手札を3枚まで望む順で自分の山札の下に置く" (hand cards chosen to the bottom of one's
    deck, in the order chosen: ``to_deck_bottom`` on a selector of the hand) and "この効果で
    山札の下に置いたカードと同じ枚数のカードを引く" (draw as many: ``draw`` ``as_many``),
    ``UA-EFFECT-HAND-TO-DECK-BOTTOM``; None for any other sentence.

    >>> read_hand_bottom("自分の手札を3枚まで望む順で自分の山札の下に置く")
    [{'op': 'to_deck_bottom', 'target': {'side': 'own', 'zone': 'hand', 'count': 3, 'up_to': True}}]
    >>> read_hand_bottom("この効果で山札の下に置いたカードと同じ枚数のカードを引く")
    [{'op': 'draw', 'as_many': True}]
    """
    if sentence == _AS_MANY:
        return [{"op": "draw", "as_many": True}]
    m = _HAND_BOTTOM.fullmatch(sentence)
    n = int(m.group(1)) if m else 0
    if m is None or n < 1 or bool(m.group(3)) != (n >= 2 or bool(m.group(2))):
        return None  # the order is chosen of two or more cards (or of up to N): said so
    target = {
        "side": "own",
        "zone": "hand",
        "count": n,
        ("up_to" if m.group(2) else "if_able"): True,
    }
    return [{"op": "to_deck_bottom", "target": target}]
