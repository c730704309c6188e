"""Z/X card definitions as the engine reads them (``docs/zx.md``, "Card definition").

Keywords are strings: ``start_card``, ``start_resource``, ``gate_card``, ``life_recovery``,
``void_bringer``, ``range N``, ``range inf``, ``zekkai``, ``alter_force`` / ``alter_force N``,
``unaffected_by_opponent``, ``unaffected_by_events`` (ZX-NOT-AFFECTED).

>>> d = CardDef.from_dict({"code": "ZXS-001", "name": "Ember Scout", "type": "zx",
...                        "color": "red", "cost": 1, "power": 3000, "races": ["Dragon Knight"],
...                        "ig": True, "keywords": ["range 2", "alter_force 2"]})
>>> d.range, d.alter_force, d.is_zx
(2, 2, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

#: ``range inf``: every square is in range
RANGE_INF = 99
#: kana and CJK ideographs: printed Z/X text (the Japanese printing is the authority)
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def printed_text(d: dict[str, Any]) -> bool:
    """Whether a definition carries printed text to read: Japanese (the printed authority),
    or a card an importer marked ``unsupported``.  An English note of a hand-made definition
    (the sample set's) is a note, never read (ZX-TEXT-READ).

    >>> printed_text({"text": "【常】レンジ2"}), printed_text({"text": "Player card."})
    (True, False)
    """
    return bool(_JAPANESE.search(d.get("text") or "")) or bool(d.get("unsupported"))


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card definition.  ``raw`` is the definition as loaded (defaults filled in)."""

    code: str
    name: str
    type: str  # zx | event | zx_ex; dynamis only: event_ex | shift | zx_ob; player | player_ex
    color: str = "colorless"
    cost: int = 0
    power: int = 0
    races: tuple[str, ...] = ()
    ig: bool = False
    keywords: tuple[str, ...] = ()
    effects: tuple[dict[str, Any], ...] = ()
    #: the printed lines not read (ZX-TEXT-UNREAD): the engine does not execute them
    unread: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: how far it attacks: 1 (adjacent squares) unless it has Range X or Range ∞; and Alter
    #: Force X: how many trash cards become its force on appearing (0: none).  Read from
    #: ``keywords`` once (:meth:`__post_init__`), not at every attack and every appearing
    range: int = field(init=False, compare=False, repr=False)
    alter_force: int = field(init=False, compare=False, repr=False)
    #: a Z/X (zx, zx_ex, zx_ob: a play's check and its apply ask it), likewise kept once
    is_zx: bool = field(init=False, compare=False, repr=False)
    #: the ``when`` of each of its effects (None: an effect without one): a trigger's
    #: :meth:`~judge.games.zx.moves.Moves.fire` reads the effects only when one is of its
    #: ``when`` (a few times an action, nearly always none)
    whens: frozenset[str | None] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_zx", self.type in ("zx", "zx_ex", "zx_ob"))
        object.__setattr__(self, "whens", frozenset(e.get("when") for e in self.effects))
        object.__setattr__(self, "range", self._number("range") or 1)
        object.__setattr__(self, "alter_force", self._number("alter_force") or 0)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CardDef:
        """A definition as loaded; one with printed ``text``, no ``keywords`` and no
        ``effects`` has its text read (:func:`judge.games.zx.reader.read_card`,
        ZX-TEXT-READ): when all of it is read, the keywords and effects read are the card's;
        otherwise it keeps the lines not read as ``unread``, and the engine never takes it for
        a card without abilities (ZX-TEXT-UNREAD).  Only printed text is read: Japanese (or a
        card an importer marked ``unsupported``); a note in another language written with a
        hand-made definition stays a note, as the card schema has always said."""
        unread: tuple[str, ...] = ()
        if printed_text(d) and not d.get("keywords") and not d.get("effects"):
            from judge.games.zx.reader import read_card

            reading = read_card(d)
            if reading.understood:
                d = {**d, "keywords": list(reading.keywords), "effects": list(reading.effects)}
            else:
                unread = tuple(reading.unread)
        return cls(
            code=d["code"],
            name=d.get("name") or d["code"],
            type=d.get("type", "zx"),
            color=d.get("color") or "colorless",
            cost=int(d.get("cost") or 0),
            power=int(d.get("power") or 0),
            races=tuple(d.get("races") or ()),
            ig=bool(d.get("ig")),
            keywords=tuple(d.get("keywords") or ()),
            effects=tuple(d.get("effects") or ()),
            unread=unread,
            raw=d,
        )

    @property
    def is_event(self) -> bool:
        return self.type == "event"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def _number(self, word: str) -> int | None:
        for kw in self.keywords:
            head, _, tail = kw.partition(" ")
            if head == word:
                if tail == "inf":
                    return RANGE_INF
                return int(tail) if tail else 1
        return None
