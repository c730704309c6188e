"""Rangers Strike card definitions as the engine reads them (``docs/rangers-strike.md``).

>>> d = CardDef.from_dict({"code": "RSS-001", "name": "Crimson Falcon", "type": "unit",
...                        "category": "blaze", "power": 2, "bp": 3000, "sp": 1,
...                        "combination": {"number": 2, "effects": []}})
>>> d.is_unit, d.combination_number, d.carries
(True, 2, 0)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from judge.core.textread import normalise
from judge.games.rangers_strike.keywords import printed as printed_keywords

#: kana and CJK ideographs: printed text (the Japanese printing is the authority)
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def printed_text(d: dict[str, Any]) -> bool:
    """Whether a definition carries printed text to read: Japanese, or a card an importer
    marked ``unsupported``.  An English note of a hand-made definition (the sample set's)
    is a note, never read (RS-TEXT-READ).

    >>> printed_text({"text": "1枚ドローする。"}), printed_text({"text": "Draw 1 card."})
    (True, False)
    """
    return bool(_JAPANESE.search(d.get("text") or "")) or bool(d.get("unsupported"))


def _given(d: dict[str, Any]) -> bool:
    return bool(d.get("effects") or (d.get("combination") or {}).get("effects"))


def with_reading(d: dict[str, Any]) -> dict[str, Any]:
    """``d`` with its printed text read (RS-TEXT-READ) when it has some and no effects
    written by hand: when all of it is read, the effects read are the card's; otherwise the
    card is given one effect the engine cannot execute, naming what was not read, when it is
    rushed (a unit or vehicle) or used (an operation), so that the step is unverifiable and
    the later ones uncertain, never judged as if the card had no text (RS-TEXT-UNREAD).

    >>> with_reading({"code": "X", "type": "operation", "text": "自軍山札を見る。"})["effects"][0]["when"]
    'on_use'
    """
    return _read(d)[0]


def _read(d: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """:func:`with_reading`, and the parts not read (none when read in full or not read)."""
    if not printed_text(d) or _given(d):
        return d, ()
    from judge.games.rangers_strike.reader import read_card

    reading = read_card(d)
    if reading.understood:
        out = {**d, "effects": list(reading.effects)}
        if reading.restrictions:
            out["restrictions"] = list(reading.restrictions)
        if "resist" in reading.keywords:
            out["resist"] = True
        for word in reading.keywords:
            if word.startswith("call "):
                out["call"] = word.removeprefix("call ")
            elif word.startswith("lead "):  # RS-LEAD
                out["lead"] = word.removeprefix("lead ")
            elif word.startswith("taxis "):  # RS-TAXIS: "taxis ET 4", or "taxis ET"
                out["taxis"] = taxis_of(word)
            elif word.startswith("ridden_by "):  # RS-RIDER
                out["ridden_by"] = json.loads(word.removeprefix("ridden_by "))
            elif word.startswith(("rider_bp ", "rider_attack_bp ")):  # RS-RIDER-BP
                key, n = word.split(" ", 1)
                out[key] = int(n)
            elif word.startswith("rider_resist "):  # RS-RIDER-BP: the rider has resist
                out["rider_resist"] = json.loads(word.removeprefix("rider_resist "))
        if reading.combination:
            out["combination"] = {
                **(d.get("combination") or {}),
                "effects": list(reading.combination),
            }
            if reading.combines_from is not None:
                out["combination"]["combines_from"] = dict(reading.combines_from)
            if reading.rides_off:  # RS-RIDE-OFF-NUMBER
                out["combination"]["ride_off"] = True
        return out, ()
    when = "on_use" if d.get("type") == "operation" else "on_rush"
    first = reading.unread[0] if reading.unread else "(unread)"
    more = f" and {len(reading.unread) - 1} more" if len(reading.unread) > 1 else ""
    stand_in = {"when": when, "text": f"printed text not read (RS-TEXT-UNREAD): {first!r}{more}"}
    return {**d, "effects": [stand_in]}, tuple(reading.unread) or ("(unread)",)


def taxis_of(word: str) -> dict[str, Any]:
    """The reader's keyword ``taxis X [N]`` as a definition's ``taxis`` (RS-TAXIS).

    >>> taxis_of("taxis ET 4"), taxis_of("taxis OT")
    ({'category': 'ET', 'position': 4}, {'category': 'OT'})
    """
    _, category, *n = word.split(" ")
    return {"category": category, **({"position": int(n[0])} if n else {})}


def _taxis(value: Any) -> tuple[str, int | None] | None:
    if not isinstance(value, dict):
        return None
    n = value.get("position")
    return str(value["category"]), int(n) if n is not None else None


def from_words(combines_from: dict[str, Any]) -> str:
    """``combines_from`` in English: "a unit with the feature X" / "a unit named X or Y".

    >>> from_words({"feature": "ドラゴン"}), from_words({"names": ["A", "B"]})
    ('a unit with the feature ドラゴン', 'a unit named A or B')
    """
    if combines_from.get("feature") is not None:
        return f"a unit with the feature {combines_from['feature']}"
    if combines_from.get("category") is not None:
        return f"a unit of category {combines_from['category']}"
    return "a unit named " + " or ".join(combines_from.get("names") or ())


def _usable_as(d: dict[str, Any], kind: str) -> tuple[str, ...]:
    """RS-USABLE-AS: the names given (``usable_as``), else those its printed note says."""
    given = d.get("usable_as")
    if given is not None:
        return tuple(str(n) for n in given)
    from judge.games.rangers_strike.usable_as import names

    return names(d.get("text"), kind)


def _sp_at(value: Any) -> tuple[int, int] | None:
    if not isinstance(value, dict):
        return None
    return int(value["sp"]), int(value["position"])


@lru_cache(maxsize=8192)
def name_key(name: str) -> str:
    """A card name as a text names it, for comparing names: the normal form the reader reads
    texts in (NFKC: full-width letters and the ideographic space made plain), so that
    「怒りの鬼神 ガイ」 in a text or an additional condition names the card 怒りの鬼神　ガイ
    (RS-IMPORT).

    >>> name_key("怒りの鬼神\u3000ガイ") == name_key("怒りの鬼神 ガイ")
    True
    """
    return normalise(name)


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card definition.  ``raw`` is the definition as loaded (defaults filled in)."""

    code: str
    name: str
    type: str  # unit | vehicle | operation
    category: str
    power: int = 0
    #: the number printed as the required power ("必要パワーの数字", RS-POWER-AT-MOST): the
    #: ``power`` required, unless the importer says the card requires another (``N-``: 0)
    power_number: int = 0
    bp: int = 0
    sp: int = 0
    #: a printed SP "K/N" as (K, N): SP K while N-th in the battle area (RS-SP-FRACTION)
    sp_at: tuple[int, int] | None = None
    size: str | None = None
    combination: dict[str, Any] | None = None
    condition: dict[str, Any] | None = None
    operation: str | None = None  # normal | resident | counter (operations)
    timing: str | None = None  # attacked | struck (counters)
    carries: int = 0  # vehicles: how many units they carry
    effects: tuple[dict[str, Any], ...] = ()
    tag: bool = False
    features: tuple[str, ...] = ()
    #: ※レジスト (RS-RESIST)
    resist: bool = False
    #: the keywords it prints (※ウイング, ※レジスト, …), read or not (RS-SELECT-KEYWORD)
    keywords: tuple[str, ...] = ()
    #: ※コールX: the category of the units this unit may be held to rush (RS-CALL)
    call: str | None = None
    #: ※リードX: the category of the operations this unit may be held to use (RS-LEAD)
    lead: str | None = None
    #: ※タクスX: (X, N), the category of the S unit after it that gets SP 1 while it stands
    #: N-th in its battle area; N None when its reminder is not printed (RS-TAXIS)
    taxis: tuple[str, int | None] | None = None
    #: a unit's own printed restrictions read from its notes (RS-CARD-RESTRICTION,
    #: RS-MUST-ENTER; :mod:`judge.games.rangers_strike.restrictions`)
    restrictions: tuple[dict[str, Any], ...] = ()
    #: the names its note says it may be used as (RS-USABLE-AS, :mod:`.usable_as`)
    usable_as: tuple[str, ...] = ()
    #: the printed parts not read (RS-TEXT-UNREAD): the engine does not execute them
    unread: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: ``type`` read as a unit, and as a vehicle: kept as fields, not properties (a property
    #: is a call, and these are read about twice an action)
    is_unit: bool = field(init=False, compare=False, repr=False)
    is_vehicle: bool = field(init=False, compare=False, repr=False)
    #: the printed combination number, or None (read at each unit's entering)
    combination_number: int | None = field(init=False, compare=False, repr=False)
    #: the unit this unit's combination is made from, whatever its number
    #: (RS-COMBINATION-FROM): ``{"feature": X}`` or ``{"names": [...]}``, or None
    combines_from: dict[str, Any] | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__  # (frozen: the fields worked out from the others)
        setattr_(self, "is_unit", self.type == "unit")
        setattr_(self, "is_vehicle", self.type == "vehicle")
        combo = self.combination
        setattr_(
            self,
            "combination_number",
            int(combo["number"]) if combo and combo.get("number") is not None else None,
        )
        setattr_(self, "combines_from", combo.get("combines_from") if combo else None)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CardDef:
        """A definition as loaded; one with printed text (or an importer's doubts) and no
        effects written by hand is read first (:func:`with_reading`)."""
        d, unread = _read(d)
        kind = d.get("type", "unit")
        carries = d.get("carries")
        return cls(
            code=d["code"],
            name=d.get("name") or d["code"],
            type=kind,
            category=d.get("category") or "",
            power=int(d.get("power") or 0),
            power_number=int(d.get("power_number", d.get("power")) or 0),
            bp=int(d.get("bp") or 0),
            sp=int(d.get("sp") or 0),
            sp_at=_sp_at(d.get("sp_at")),
            size=d.get("size"),
            combination=d.get("combination"),
            condition=d.get("condition"),
            operation=d.get("operation"),
            timing=d.get("timing"),
            carries=(int(carries) if carries is not None else 1) if kind == "vehicle" else 0,
            effects=tuple(d.get("effects") or ()),
            tag=bool(d.get("tag")),
            features=tuple(str(f) for f in d.get("features") or ()),
            resist=bool(d.get("resist")),
            keywords=printed_keywords(d),
            call=d.get("call"),
            lead=d.get("lead"),
            taxis=_taxis(d.get("taxis")),
            restrictions=tuple(d.get("restrictions") or ()),
            usable_as=_usable_as(d, kind),
            unread=unread,
            raw=d,
        )

    @property
    def match_name(self) -> str:
        """The name as texts name it (:func:`name_key`)."""
        return name_key(self.name)

    def name_match(self, *names: str) -> bool | None:
        """The one comparison of the card's names with ``names`` (each in :func:`name_key`'s
        form): True when its printed name is one, None when only a name its note says it may
        be used as is (RS-USABLE-AS: the callers that cannot let its player choose leave that
        not known), False when none is."""
        wanted = {name_key(n) for n in names}
        if self.match_name in wanted:
            return True
        if any(name_key(n) in wanted for n in self.usable_as):
            return None
        return False

    def named(self, *names: str) -> bool:
        """Whether the card may be chosen as one named any of ``names``: its printed name, or a
        name its note says it may be used as (RS-USABLE-AS, :meth:`name_match`)."""
        return self.name_match(*names) is not False

    @property
    def match_names(self) -> frozenset[str]:
        """Its printed name and the names it may be used as (RS-USABLE-AS), as texts name
        them (:func:`name_key`)."""
        return frozenset({self.match_name, *(name_key(n) for n in self.usable_as)})

    @property
    def rider_combination(self) -> bool:
        """Whether the unit prints the rider combination RC: it may ride any vehicle (unless
        the vehicle's text says otherwise) and its combination triggers when it rides off
        (RS-RIDE, RS-RIDER-COMBINATION)."""
        combo = self.combination
        return bool(combo and combo.get("rc"))

    @property
    def rider_bp(self) -> int:
        """A vehicle's: the BP the unit riding it gets while it rides (RS-RIDER-BP), or 0."""
        return int(self.raw.get("rider_bp") or 0)

    @property
    def rider_resist(self) -> dict[str, Any] | None:
        """A vehicle's ``rider_resist``: the unit riding it (with the feature, if one is named)
        has resist ("これにライドしている特徴「X」を持つユニットは、次の能力を得る⇒「レジスト」",
        RS-RIDER-BP), or None."""
        got = self.raw.get("rider_resist")
        return got if isinstance(got, dict) else None

    @property
    def rider_attack_bp(self) -> int:
        """A vehicle's: the BP the unit riding it gets while it attacks (RS-RIDER-BP), or 0."""
        return int(self.raw.get("rider_attack_bp") or 0)

    @property
    def ridden_by(self) -> dict[str, Any] | None:
        """A vehicle's: the units its text lets ride it (``{"feature": X}`` or
        ``{"names": [...]}``, ``only``: no other unit), or None (units with RC only)."""
        return self.raw.get("ridden_by")

    @property
    def stack_op(self) -> dict[str, Any] | None:
        """A normal operation's ``stack`` op (RS-STACK: "…選んだユニットをこのカードに重ねる"):
        what the unit stacked on it gets (``bp``, ``feature``) and what becomes of the card
        when the unit stops being a unit (``leaves``); None for any other card."""
        if self.type != "operation":
            return None
        for effect in self.effects:
            if effect.get("when") != "on_use":
                continue
            for op in effect.get("do") or ():
                if isinstance(op, dict) and op.get("op") == "stack":
                    return op
        return None

    def combination_effects(self) -> list[dict[str, Any]]:
        combo = self.combination or {}
        return list(combo.get("effects") or [])
