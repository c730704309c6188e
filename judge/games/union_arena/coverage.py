"""How much of a card set the printed-text reader understands: ``judge cards coverage``,
the unread sentences grouped by template (:func:`shape`), and the figures per set family of
the official list (:func:`set_family`).  ``judge cards show`` asks :func:`understanding` for
one card."""

from __future__ import annotations

import re
from typing import Any

from judge.core import textread as tr
from judge.core.textread import Understanding
from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import Reading, read_card

_COLOUR_WORD = "|".join(g.COLOURS)


def shape(sentence: str) -> str:
    """A sentence's template: the shared one (:func:`judge.core.textread.shape`: numbers
    ``N``, quoted words ``「…」``) on top of Union Arena's own: names ``〈名〉``, traits
    ``[特徴]``, colours ``色``.

    >>> shape("[登場時]BP3000以下の相手の〈ミラ〉を1枚選び、退場させる")
    '[登場時]BPN以下の相手の〈名〉をN枚選び、退場させる'
    """
    s = re.sub(r"〈[^〈〉]*〉", "〈名〉", sentence)
    s = re.sub(r"\[特徴:[^\[\]]*\]", "[特徴]", s)
    # (a colour inside a quote goes with the quote: the shared shape makes it 「…」)
    s = re.sub(rf"\[({_COLOUR_WORD})(×\d+)?\]", r"[色\2]", s)
    s = re.sub(rf"({_COLOUR_WORD})(?=の|か|×)", "色", s)
    return tr.shape(s)


def understanding(defn: dict[str, Any]) -> Understanding:
    """Whether one definition is understood, and if not, what was not read and why (what
    :func:`coverage` counts, and ``judge cards show`` prints)."""
    doubts = [str(why) for why in defn.get("unsupported") or []]
    if defn.get("type") == "ap" and defn.get("text"):
        doubts.append("an AP card with printed text (AP cards have none): not read")
    given = defn.get("effects") or []
    if given and not all(isinstance(e, dict) and supported(e) for e in given):
        doubts.append("effects written by hand that the engine cannot execute")
    if not doubts and not defn.get("text"):
        return Understanding("no_text")
    if not doubts and given:
        return Understanding("effects_given")
    if defn.get("text") and not given and defn.get("type") != "ap":
        reading = read_card(defn)  # the definition's own doubts come first
    else:
        reading = Reading(unread=tuple(doubts))
    if reading.understood:
        return Understanding("text_read")
    return Understanding("not_understood", reading.unread, tuple(doubts))


def coverage(cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """How much of a card set the reader understands (``judge cards coverage``).

    A card is understood when it has no printed text (vanilla, AP cards), when its text is
    read in full, or when its definition gives ``effects`` (written by hand: the text is
    then not read) that the engine executes.  A definition not relied on in full is not
    understood, and its reason is listed as an unread template: one whose ``unsupported``
    says why (an importer's note of a record that disagrees with itself), an AP card with
    printed text, effects written by hand that the engine cannot execute.  The unread sentences are grouped by :func:`shape`, most frequent first
    (then by shape), each with how many sentences and cards, and up to three card codes.
    """
    groups = tr.UnreadGroups(shape_of=shape)
    no_text = read_full = by_hand = with_text = flagged = 0
    families: dict[str, list[int]] = {}
    for code in sorted(cards):
        defn = cards[code]
        u = understanding(defn)
        counts = families.setdefault(set_family(code), [0, 0, 0, 0])
        ap = defn.get("type") == "ap"
        counts[0] += 1
        counts[1] += u.understood
        counts[2] += not ap
        counts[3] += u.understood and not ap
        if u.kind == "no_text":
            no_text += 1
            continue
        if u.kind == "effects_given":
            by_hand += 1
            continue
        if u.doubts:  # not relied on in full: not understood, whatever its text reads
            flagged += 1
        if defn.get("text"):
            with_text += 1
        if u.kind == "text_read":
            read_full += 1
            continue
        for sentence in u.unread:
            groups.add(code, sentence)
    total = len(cards)
    understood = no_text + read_full + by_hand
    templates = groups.templates()
    return {
        "cards": total,
        "understood": understood,
        "percent": tr.percent(understood, total),
        "no_text": no_text,
        "not_relied_on": flagged,
        "effects_given": by_hand,
        "with_text": with_text,
        "text_read": read_full,
        "text_percent": tr.percent(read_full, with_text),
        "families": {
            family: {
                "cards": n,
                "understood": ok,
                "percent": tr.percent(ok, n),
                "cards_not_ap": n_cards,
                "understood_not_ap": ok_cards,
                "percent_not_ap": tr.percent(ok_cards, n_cards),
            }
            for family, (n, ok, n_cards, ok_cards) in sorted(
                families.items(), key=lambda kv: (FAMILY_ORDER.get(kv[0], 9), kv[0])
            )
        },
        "unread_templates": templates,
    }


#: set families of the official list, in the order ``judge cards coverage`` prints them
FAMILY_ORDER = {"BT": 0, "ST": 1, "EX": 2, "NC": 3, "PR": 4, "other": 10}


def set_family(code: str) -> str:
    """The family of the product a card code names (the part before ``/``): booster
    ``BT`` (``UA01BT/…``), starter ``ST``, extra booster ``EX`` (``EX01BT/…``), ``NC``,
    promotion ``PR`` (``UAPR/…``), and any other product's two letters (``UAPB/…``: ``PB``);
    ``other`` for a code without a product (hand-written).

    >>> [set_family(c) for c in ("UA01BT/CGH-1-001", "EX03BT/JJK-2-001", "UAPR/X-1-P01", "L-1")]
    ['BT', 'EX', 'PR', 'other']
    """
    product, slash, _ = code.partition("/")
    if not slash:
        return "other"
    if product.startswith("EX"):
        return "EX"
    if "PR" in product:
        return "PR"
    m = re.fullmatch(r"UA\d*([A-Z]{2})", product)  # UA01BT, UA12ST, UA03NC; UAPB
    return m.group(1) if m else "other"
