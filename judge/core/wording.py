"""How the judge's texts count things: ``1 card``, ``2 cards``.

One place for every message a judge reads (violations, rulings, events, the texts of
pending decisions) to say a count, so that no text says ``1 resources`` or the clumsy
``card(s)``, and the verb or pronoun after it agrees:

>>> plural(1, "card")
'1 card'
>>> plural(3, "force material")
'3 force materials'
>>> plural(0, "time")
'0 times'
>>> n = 1
>>> f"{plural(n, 'card')} {agree(n, 'goes', 'go')}; {agree(n, 'it is', 'they are')} not retired"
'1 card goes; it is not retired'
>>> f"choose 2 standing own {noun_for(2, 'member')}"
'choose 2 standing own members'

A count that is not a number (``"X"``, as an effect may print it) takes the plural:

>>> plural("X", "card")
'X cards'
"""

from __future__ import annotations


def noun_for(count: object, word: str) -> str:
    """``word`` for ``count`` of it: with an ``s`` unless the count is exactly 1 (the words
    the judge counts take a plain ``s``: card, unit, effect, force material, time, …)."""
    return word if count == 1 else f"{word}s"


def plural(count: object, word: str) -> str:
    """``count`` and ``word`` for it (:func:`noun_for`)."""
    return f"{count} {noun_for(count, word)}"


def agree(count: object, one: str, many: str) -> str:
    """``one`` when ``count`` is exactly 1, else ``many``: the verb or pronoun that follows a
    count (``goes``/``go``, ``it is``/``they are``)."""
    return one if count == 1 else many
