"""Union Arena card definitions, as the engine reads them.

The JSON shape is the contract's (``shared/spec/action-log-v1.md``, "Union Arena card
definition").  Keywords are parsed once here; ``effects`` use the structured vocabulary of
:mod:`judge.games.union_arena.effects`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judge.core.names import has_trait, name_key, same_name

_KEYWORD = re.compile(r"^(impact|damage) (\+?)(\d+)$")
SIMPLE_KEYWORDS = (
    "step",
    "snipe",
    "double attack",
    "double block",
    "nullify impact",
    "must be blocked",
    "cannot move",  # "このキャラは移動できない" (UA-CANNOT-MOVE)
    "generates in front line",  # "このキャラはフロントLにある場合もエナジーを発生させる"
    # "相手はキャラの効果でこのキャラを選べない" and the like (UA-EFFECT-UNCHOOSABLE)
    "unchoosable by opposing character effects",
    "unchoosable by opposing event effects",
    "unchoosable by opposing trigger effects",
)
#: "このキャラはBP N以下/以上のキャラにブロックされない" (``UA-EFFECT-UNBLOCKABLE-BP``)
_UNBLOCKABLE = re.compile(r"^unblockable by bp (\d+) or (less|more)$")


@dataclass(frozen=True, slots=True)
class Keywords:
    """A card's keywords.  Impact/Damage keep the fixed value and the sum of ``+N``.

    Two printed abilities that are not bracketed keywords are written the same way, since
    effects give them as they give keywords ("「…」を与える"): ``must be blocked`` ("相手は
    このキャラのアタックを可能ならブロックしなければならない", ``UA-EFFECT-MUST-BLOCK``) and
    ``unblockable by bp N or less|more`` ("このキャラはBP N以下/以上のキャラにブロックされない",
    ``UA-EFFECT-UNBLOCKABLE-BP``), kept in ``unblockable`` as ``("less"|"more", N)``.
    """

    flags: frozenset[str] = frozenset()
    impact: int = 0
    impact_plus: int = 0
    damage: int = 0
    damage_plus: int = 0
    unblockable: tuple[tuple[str, int], ...] = ()

    def blocks_forbidden(self, blocker_bp: int) -> tuple[str, int] | None:
        """The restriction that stops a character with ``blocker_bp`` from blocking a unit
        with these keywords (the first, in the order given), or None."""
        for side, n in self.unblockable:
            if (side == "less" and blocker_bp <= n) or (side == "more" and blocker_bp >= n):
                return side, n
        return None

    @classmethod
    def parse(cls, words: list[str]) -> Keywords:
        flags: set[str] = set()
        values = {"impact": 0, "impact_plus": 0, "damage": 0, "damage_plus": 0}
        unblockable: list[tuple[str, int]] = []
        for word in words:
            word = word.strip().lower()
            m = _KEYWORD.match(word)
            u = _UNBLOCKABLE.match(word)
            if u:
                entry = (u.group(2), int(u.group(1)))
                if entry not in unblockable:
                    unblockable.append(entry)
            elif m:
                key = m.group(1) + ("_plus" if m.group(2) else "")
                n = int(m.group(3))
                # a fixed value does not stack (the highest counts); "+N" adds up
                values[key] = values[key] + n if m.group(2) else max(values[key], n)
            elif word in SIMPLE_KEYWORDS:
                flags.add(word)
            else:
                raise ValueError(f"unknown keyword {word!r}")
        return cls(frozenset(flags), **values, unblockable=tuple(unblockable))


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card definition."""

    code: str
    name: str
    type: str  # character | field | event | ap
    title: str
    number: str
    color: str | None
    energy: dict[str, int]
    ap: int
    bp: int
    generates: dict[str, int]
    traits: tuple[str, ...]
    keywords: Keywords
    trigger: str | None
    raid: dict[str, Any] | None
    effects: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    raw: dict[str, Any] = field(default_factory=dict, compare=False)
    #: other names the card has ("This card is also treated as <Name>")
    also_treated_as: tuple[str, ...] = ()
    #: the sentences of its printed ``text`` the reader could not read (the card is then
    #: unsupported: :mod:`judge.games.union_arena.reader`)
    unread: tuple[str, ...] = ()
    #: what the hot paths ask of its effects, worked out at the first question
    #: (:func:`judge.games.union_arena.defmemo.facts`; None: not yet)
    memo: Any = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CardDef:
        """The definition as the engine uses it.  A definition with printed ``text`` and no
        ``effects`` is read (:func:`~judge.games.union_arena.reader.read_card`): its effects,
        keywords (when it gives none) and other names are the text's, so a card whose text
        is given is never taken for a vanilla card."""
        if d.get("text") and not d.get("effects") and d.get("type") != "ap":
            from judge.games.union_arena.reader import read_card

            reading = read_card(d)
            words = list(d.get("keywords") or []) or list(reading.keywords)
            also = list(d.get("also_treated_as") or [])
            also += [n for n in reading.also_treated_as if n not in also]
            d = {**d, "effects": list(reading.effects), "keywords": words, "also_treated_as": also}
            return cls._build(d, reading.unread)
        # a definition not relied on in full (``unsupported``: an importer's note) is
        # unsupported whether or not it has text
        return cls._build(d, tuple(d.get("unsupported") or ()))

    @classmethod
    def _build(cls, d: dict[str, Any], unread: tuple[str, ...]) -> CardDef:
        return cls(
            code=d["code"],
            name=d.get("name", d["code"]),
            type=d["type"],
            title=d.get("title", ""),
            number=d.get("number", d["code"]),
            color=d.get("color"),
            energy=dict(d.get("energy") or {}),
            ap=int(d.get("ap", 0) or 0),
            bp=int(d.get("bp", 0) or 0),
            generates=dict(d.get("generates") or {}),
            traits=tuple(d.get("traits") or ()),
            keywords=Keywords.parse(list(d.get("keywords") or [])),
            trigger=d.get("trigger"),
            raid=d.get("raid"),
            effects=tuple(d.get("effects") or ()),
            raw=d,
            also_treated_as=tuple(d.get("also_treated_as") or ()),
            unread=unread,
        )

    def has_name(self, name: str) -> bool:
        """Whether the card is named ``name``: its own name, or one its text says it is also
        treated as (card text "This card is also treated as <Name>"), for every rule and
        effect that looks at names (raid designations, name conditions of effects).  Names
        are compared in one form (:func:`judge.core.names.name_key`): the text's
        ``〈月下(藤堂機)〉`` is the card printed ``月下（藤堂機）``."""
        return same_name(name, self.name) or any(same_name(name, n) for n in self.also_treated_as)

    def has_trait(self, trait: str) -> bool:
        """Whether the card has the trait (特徴) ``trait``, compared as names are."""
        return has_trait(self.traits, trait)

    def raid_designations(self) -> list[dict[str, Any]]:
        """What this card raids onto: its designations, each ``{"name": …}`` or
        ``{"trait": …}`` (several when the card names alternatives, ``〈A〉/〈B〉``)."""
        onto = (self.raid or {}).get("onto") or {}
        return [d for d in (onto if isinstance(onto, list) else [onto]) if isinstance(d, dict)]

    def raid_matches(self, base: CardDef) -> bool:
        """Whether ``base`` is a legal raid base for this card by name or trait: it matches
        any one of the card's designations (UA-RAID)."""
        for onto in self.raid_designations():
            if "name" in onto and base.has_name(onto["name"]):
                return True
            if "trait" in onto and base.has_trait(onto["trait"]):
                return True
            if "name_contains" in onto and base.name_contains(onto["name_contains"]):
                return True
        return False

    def name_contains(self, part: str) -> bool:
        """Whether one of the card's names contains ``part`` ("カード名に「part」を含む"),
        compared in the form names are (:func:`judge.core.names.name_key`)."""
        key = name_key(part)
        return bool(key) and any(key in name_key(n) for n in (self.name, *self.also_treated_as))

    def raid_unread(self) -> str | None:
        """The card's printed raid line when the reader could not read it into the
        definition's ``raid`` (a designation it does not know, or one that disagrees with the
        definition): then which bases it may raid onto is not known.  None otherwise."""
        return next((s for s in self.unread if s.startswith("[レイド]")), None)

    def raid_text(self) -> str:
        """The designations as the engine's messages print them: ``<A> or [B]``."""
        return " or ".join(
            f"<{d['name']}>"
            if "name" in d
            else f"[{d['trait']}]"
            if "trait" in d
            else f"a character whose name contains {d.get('name_contains')!r}"
            for d in self.raid_designations()
        )


#: id of a definition dict -> (the dict, its CardDef); see :func:`card_def`
_PARSED: dict[int, tuple[dict[str, Any], CardDef]] = {}
_PARSED_MAX = 4096


def card_def(d: dict[str, Any]) -> CardDef:
    """``CardDef.from_dict(d)``, once per definition object.

    Why: a log naming a built-in set gets that set's definitions as the same shared,
    read-only dicts as every other log (``schemas.action_log``'s normalised sets), and
    parsing its 44 cards was two thirds of starting an engine.  Looked up by identity (the
    dict is kept, so its id cannot be reused while it is here); CardDefs are immutable and
    engines only read them.  Bounded: emptied when full (a log's own cards are new dicts
    every time and only fill it).
    """
    entry = _PARSED.get(id(d))
    if entry is not None and entry[0] is d:
        return entry[1]
    parsed = CardDef.from_dict(d)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[id(d)] = (d, parsed)
    return parsed
