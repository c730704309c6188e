"""Rebirth for you card definitions as the engine reads them (``docs/rebirth.md``).

>>> d = CardDef.from_dict({"code": "R4S-001", "name": "Ann", "type": "character", "level": 1,
...                        "atk": 2, "def": 4, "attribute": "Idol", "keywords": ["blocker"]})
>>> d.is_character, d.atk, d.defence, d.has("blocker"), d.expected_frame()
(True, 2, 4, True, 'green')
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

CARD_TYPES = ("character", "rebirth", "partner")
KEYWORDS = ("blocker", "cancel", "growing")
FRAMES = ("blue", "yellow", "green", "red")


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card definition.  ``raw`` is the definition as loaded."""

    code: str
    name: str
    type: str  # character | rebirth | partner
    level: int = 0
    atk: int = 0
    defence: int = 0
    attribute: str | None = None
    #: a character's attributes when it has several (an importer's ``traits``); ``attribute``
    #: is then left out, the engine's attribute being one word
    traits: tuple[str, ...] = ()
    frame: str | None = None  # as printed, when the definition says
    keywords: tuple[str, ...] = ()
    effects: tuple[dict[str, Any], ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: :meth:`effects_when`'s answers by ``when``, worked out at the first ask and kept
    #: (set once by ``object.__setattr__``; None: not yet).  Definitions never change, and
    #: every ATK/DEF read asks this of the entry and each member
    by_when: dict[str, tuple[dict[str, Any], ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    #: of :attr:`by_when`'s ``performance`` effects, those whose ``where`` is ``member``, in
    #: order (set with it): what a member's ATK/DEF read looks at under the rule option
    #: performance_from's default (stats.atk_def), without a walk of the others each time
    member_performance: tuple[dict[str, Any], ...] = field(
        default=(), init=False, repr=False, compare=False
    )

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CardDef:
        """A definition as loaded; one with printed ``text`` (or an importer's
        ``unsupported``) and no ``effects`` key has its text read
        (:func:`judge.games.rebirth.reader.read_card`, R4U-TEXT-READ).  ``"effects": []``
        says the card has none: its ``text`` is then kept as given and not read."""
        original = d
        if (d.get("text") or d.get("unsupported")) and "effects" not in d:
            from judge.games.rebirth.reader import read_card

            reading = read_card(d)
            given = tuple(d.get("keywords") or ())
            d = {
                **d,
                "effects": list(reading.effects),
                "keywords": [*given, *(k for k in reading.keywords if k not in given)],
            }
        return cls(
            code=d["code"],
            name=d.get("name") or d["code"],
            type=d.get("type", "character"),
            level=int(d.get("level") or 0),
            atk=int(d.get("atk") or 0),
            defence=int(d.get("def") or 0),
            attribute=d.get("attribute"),
            traits=tuple(d.get("traits") or ()),
            frame=d.get("frame"),
            keywords=tuple(d.get("keywords") or ()),
            effects=tuple(d.get("effects") or ()),
            raw=original,
        )

    def has_attribute(self, attribute: str) -> bool:
        """Whether the card has ``attribute`` (its ``attribute`` or one of its ``traits``),
        compared in the normal form of printed text (NFKC: a reader's 〔X〕 is in that form).

        >>> CardDef("X", "X", "character", traits=("音楽", "Ｐｏｐ！")).has_attribute("Pop!")
        True
        """
        # plain tests, not any() over a generator (asked for each member and retired card at
        # every ATK/DEF read of a performance): the same names compared in the same order
        normalize = unicodedata.normalize
        want = normalize("NFKC", attribute)
        if self.attribute and normalize("NFKC", self.attribute) == want:
            return True
        for a in self.traits:  # noqa: SIM110 - a plain loop: no generator an ask
            if normalize("NFKC", a) == want:
                return True
        return False

    @property
    def is_character(self) -> bool:
        return self.type == "character"

    @property
    def is_rebirth(self) -> bool:
        return self.type == "rebirth"

    @property
    def is_partner(self) -> bool:
        return self.type == "partner"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def cancel_stops(self) -> tuple[str, ...] | None:
        """What the card's printed cancel line stops (R4U-CANCEL), None when the definition
        does not print it (then the rule option cancel_answers decides)."""
        from judge.games.rebirth.reader import cancel_stops

        return cancel_stops(self.raw.get("text"))

    def effects_when(self, when: str) -> tuple[dict[str, Any], ...]:
        """The effects whose ``when`` is ``when``, in printed order (a tuple kept on the
        definition: :attr:`by_when`)."""
        memo = self.by_when
        if memo is None:
            memo = self._sort_whens()
        return memo.get(when, ())

    def _sort_whens(self) -> dict[str, tuple[dict[str, Any], ...]]:
        """:attr:`by_when`, worked out: each effect under its ``when``, in order.  A ``when``
        that is not a string is left out: no asked ``when`` (a string) equals it.  An effect
        that is not a dict raises here, as the walk this replaces did, and nothing is kept."""
        lists: dict[str, list[dict[str, Any]]] = {}
        for e in self.effects:
            w = e.get("when")
            if isinstance(w, str):
                lists.setdefault(w, []).append(e)
        memo = {w: tuple(es) for w, es in lists.items()}
        member = tuple(e for e in memo.get("performance", ()) if e.get("where") == "member")
        object.__setattr__(self, "member_performance", member)
        object.__setattr__(self, "by_when", memo)
        return memo

    @property
    def has_spark(self) -> bool:
        return bool(self.effects_when("spark"))

    def expected_frame(self) -> str | None:
        """The frame the card's text calls for (R4U-FRAME), or None when none fits (a spark
        and blocker or cancel on one card)."""
        if self.is_partner:
            return "red"
        guard = self.has("blocker") or self.has("cancel")
        if self.has_spark and guard:
            return None
        if self.has_spark:
            return "yellow"
        return "green" if guard else "blue"
