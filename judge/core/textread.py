"""The printed-text reading machinery shared by the games' readers.

A game's reader turns a card's printed text into its engine's effects.  What every such
reader needs, whatever the game, is here; what the sentences mean is the game's:

- **normal form** (:func:`normalise`): Unicode NFKC (full-width letters, digits, ``＋``,
  ``：``, ``（）`` become their half-width forms; ``【】`` and ``「」`` stay), the other
  spellings of plus and minus (``＋`` ``−`` ``－``) made ``+`` and ``-``, spaces after a colon
  or a bracket dropped, so that one template matches every printing of a sentence;
- **lines and sentences** (:func:`lines`, :func:`sentences`): a text split into its lines
  (an ability or a reminder a line), a body into sentences at ``。`` outside quotes and
  brackets;
- **templates** (:class:`Template`, :func:`read_lines`): a template is a regular expression
  over one whole normalised line and a function building what it means from the match
  (``None`` when the match is of a shape the engine cannot execute); a line is read by the
  first template that matches it and builds something, else it is unread;
- **coverage by template** (:func:`shape`, :class:`UnreadGroups`): unread sentences grouped
  by their shape (numbers ``N``, quoted names ``「…」``), most frequent first: the next
  templates to write.

Union Arena's reader (``judge/games/union_arena/reader.py``) predates this module and has its
own copies of these steps (``sentences``, ``coverage.shape``); ``docs/cards.md`` says what
moving it here needs.

>>> normalise("【スパーク】：このターン中、このキャラを＋２/±０。")
'【スパーク】:このターン中、このキャラを+2/±0。'
>>> sentences("Aする。「Bする。」Cする。")
['Aする。', '「Bする。」Cする。']
>>> shape("【スパーク】:あなたは「X」を2枚引く。")
'【スパーク】:あなたは「…」をN枚引く。'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

_SIGNS = str.maketrans({"＋": "+", "−": "-", "－": "-"})
_SPACE_AFTER = re.compile(r"(?<=[:：】\]）)])[ \u3000]+")
_OPEN = "「『（(【［["
_CLOSE = "」』）)】］]"


def normalise(text: str) -> str:
    """``text`` in the normal form templates are written against (module docstring)."""
    s = unicodedata.normalize("NFKC", text.translate(_SIGNS))
    s = s.replace("\r\n", "\n").replace("\r", "\n")
    s = _SPACE_AFTER.sub("", s)
    return "\n".join(line.strip() for line in s.split("\n"))


def lines(text: str) -> list[str]:
    """The non-empty lines of a normalised text."""
    return [line for line in normalise(text).split("\n") if line]


def sentences(body: str) -> list[str]:
    """``body`` split after each ``。`` that is outside quotes and brackets."""
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in body:
        depth += (ch in _OPEN) - (ch in _CLOSE)
        cur += ch
        if ch == "。" and depth <= 0:
            out.append(cur)
            cur = ""
    if cur.strip():
        out.append(cur)
    return [s.strip() for s in out if s.strip()]


@dataclass(frozen=True, slots=True)
class Template:
    """One shape of line: ``pattern`` matched against the whole normalised line, ``build``
    making its meaning of the match (a game's own value; ``None``: the line has this shape
    but the engine cannot execute what it says, so it stays unread).  ``name`` is what
    coverage and tests call it."""

    name: str
    pattern: re.Pattern[str]
    build: Callable[[re.Match[str]], Any]

    def read(self, line: str) -> Any:
        found = self.pattern.fullmatch(line)
        return None if found is None else self.build(found)


def template(name: str, pattern: str, build: Callable[[re.Match[str]], Any]) -> Template:
    """A :class:`Template` of a pattern written as a string."""
    return Template(name, re.compile(pattern), build)


@dataclass(frozen=True, slots=True)
class LineReading:
    """A line and what it was read as (``template`` None and ``value`` None: unread)."""

    line: str
    template: str | None
    value: Any

    @property
    def read(self) -> bool:
        return self.template is not None


def read_line(line: str, templates: Iterable[Template]) -> LineReading:
    """The first template that reads ``line`` (already normalised), or an unread line."""
    for t in templates:
        value = t.read(line)
        if value is not None:
            return LineReading(line, t.name, value)
    return LineReading(line, None, None)


def read_lines(text: str, templates: Iterable[Template]) -> list[LineReading]:
    """Every line of ``text`` read by ``templates`` (normalised first)."""
    ts = tuple(templates)
    return [read_line(line, ts) for line in lines(text)]


def shape(sentence: str) -> str:
    """A sentence's template for coverage: numbers ``N``, quoted names ``「…」``."""
    s = re.sub(r"「[^「」]*」", "「…」", sentence)
    return re.sub(r"\d+", "N", s)


@dataclass
class UnreadGroups:
    """Unread sentences grouped by :func:`shape` (``judge cards coverage``)."""

    groups: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add(self, code: str, sentence: str) -> None:
        group = self.groups.setdefault(
            shape(sentence), {"sentences": 0, "cards": [], "example": sentence}
        )
        group["sentences"] += 1
        if code not in group["cards"]:
            group["cards"].append(code)

    def templates(self) -> list[dict[str, Any]]:
        """Most frequent first (then by shape), each with up to three card codes."""
        out = [
            {
                "template": key,
                "sentences": g["sentences"],
                "cards": len(g["cards"]),
                "codes": g["cards"][:3],
                "example": g["example"],
            }
            for key, g in self.groups.items()
        ]
        out.sort(key=lambda t: (-t["sentences"], -t["cards"], t["template"]))
        return out


def percent(part: int, whole: int) -> float:
    """``part`` of ``whole`` in per cent, one decimal (100.0 of nothing)."""
    return round(100 * part / whole, 1) if whole else 100.0
