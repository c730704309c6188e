"""Rangers Strike card definitions as the engine reads them (``docs/rangers-strike.md``).

>>> d = CardDef.from_dict({"code": "RSS-001", "name": "Crimson Falcon", "type": "unit",
...                        "category": "blaze", "power": 2, "bp": 3000, "sp": 1,
...                        "combination": {"number": 2, "effects": []}})
>>> d.is_unit, d.combination_number, d.carries
(True, 2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card definition.  ``raw`` is the definition as loaded (defaults filled in)."""

    code: str
    name: str
    type: str  # unit | vehicle | operation
    category: str
    power: int = 0
    bp: int = 0
    sp: int = 0
    size: str | None = None
    combination: dict[str, Any] | None = None
    condition: dict[str, Any] | None = None
    operation: str | None = None  # normal | resident | counter (operations)
    timing: str | None = None  # attacked | struck (counters)
    carries: int = 0  # vehicles: how many units they carry
    effects: tuple[dict[str, Any], ...] = ()
    tag: bool = False
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CardDef:
        kind = d.get("type", "unit")
        carries = d.get("carries")
        return cls(
            code=d["code"],
            name=d.get("name") or d["code"],
            type=kind,
            category=d.get("category") or "",
            power=int(d.get("power") or 0),
            bp=int(d.get("bp") or 0),
            sp=int(d.get("sp") or 0),
            size=d.get("size"),
            combination=d.get("combination"),
            condition=d.get("condition"),
            operation=d.get("operation"),
            timing=d.get("timing"),
            carries=(int(carries) if carries is not None else 1) if kind == "vehicle" else 0,
            effects=tuple(d.get("effects") or ()),
            tag=bool(d.get("tag")),
            raw=d,
        )

    @property
    def is_unit(self) -> bool:
        return self.type == "unit"

    @property
    def is_vehicle(self) -> bool:
        return self.type == "vehicle"

    @property
    def combination_number(self) -> int | None:
        combo = self.combination
        return int(combo["number"]) if combo and combo.get("number") is not None else None

    def combination_effects(self) -> list[dict[str, Any]]:
        combo = self.combination or {}
        return list(combo.get("effects") or [])
