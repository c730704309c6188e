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

Union Arena's reader (``judge/games/union_arena/reader.py``) predates this module and reads
its lines with a grammar of its own (``textgrammar``: tags, costs, selectors), not with
templates; its sentences are :func:`sentences` with its own brackets, its coverage
:func:`coverage_of`'s groups (:class:`UnreadGroups`) with its own :func:`shape` on top of this
one (names, traits, colours).

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


def sentences(
    body: str, brackets: tuple[str, str] = (_OPEN, _CLOSE), *, keep_stop: bool = True
) -> list[str]:
    """``body`` split at each ``。`` outside ``brackets`` (the opening and the closing
    characters that nest: by default every quote and bracket; a game whose printed text
    nests other things in them, such as Union Arena's ``[登場時]`` tags, names its own).

    ``keep_stop``: the sentences end with their ``。``, stripped of spaces, empty ones
    dropped (the readers of Rebirth for you, Z/X and Rangers Strike); without it each
    sentence is what lies between two stops, exactly, an empty one dropped (Union Arena's
    reader, whose patterns are written without the stop).  A stray closing bracket counts
    its depth below zero, where a stop still splits.

    >>> sentences("Aする。「Bする。」Cする。")
    ['Aする。', '「Bする。」Cする。']
    >>> sentences("[登場時]Aする。[A。]Bする", ("「", "」"), keep_stop=False)
    ['[登場時]Aする', '[A', ']Bする']
    """
    opens, closes = brackets
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in body:
        depth += (ch in opens) - (ch in closes)
        if ch == "。" and depth <= 0:
            if keep_stop:
                out.append(cur + ch)
            elif cur:
                out.append(cur)
            cur = ""
        else:
            cur += ch
    if keep_stop:
        if cur.strip():
            out.append(cur)
        return [s.strip() for s in out if s.strip()]
    if cur:
        out.append(cur)
    return out


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
    """Unread sentences grouped by their shape (``judge cards coverage``): :func:`shape`, or
    a game's own (``shape_of``: Union Arena's names, traits and colours on top of it)."""

    groups: dict[str, dict[str, Any]] = field(default_factory=dict)
    shape_of: Callable[[str], str] = shape

    def add(self, code: str, sentence: str) -> None:
        group = self.groups.setdefault(
            self.shape_of(sentence), {"sentences": 0, "cards": [], "example": sentence}
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


@dataclass(frozen=True, slots=True)
class Understanding:
    """How far one definition is understood (a game's ``coverage.understanding``): ``kind``
    ``no_text``, ``effects_given`` (written by hand, executed), ``text_read`` (read in full)
    or ``not_understood``; ``unread`` the lines not read, after ``doubts`` (why the
    definition is not relied on in full), which it begins with."""

    kind: str
    unread: tuple[str, ...] = ()
    doubts: tuple[str, ...] = ()

    @property
    def understood(self) -> bool:
        return self.kind != "not_understood"


#: what ``judge cards show`` says of each kind of :class:`Understanding`
STATUS = {
    "no_text": "understood: no printed text",
    "effects_given": "understood: effects written by hand",
    "text_read": "understood: printed text read in full",
    "not_understood": "not understood: unsupported",
}


def unread_part(u: Any, why: str) -> dict[str, list[str]]:
    """What ``judge cards show`` adds for a card not understood (``u``: a game's
    understanding, with ``unread`` and the ``doubts`` it begins with): the lines not read,
    and the reasons: the doubts, then ``why`` (what the engine does instead) when a line is
    left unread.

    >>> unread_part(Understanding("not_understood", ("flagged", "X."), ("flagged",)), "why")
    {'unread': ['X.'], 'reasons': ['flagged', 'why']}
    """
    lines = list(u.unread[len(u.doubts) :])
    return {"unread": lines, "reasons": [*u.doubts, *([why] if lines else [])]}


def set_of(code: str) -> str:
    """The product a serial names: the part before its last ``-``, or ``other``.

    >>> set_of("AB/001B-012"), set_of("B01-001"), set_of("X1")
    ('AB/001B', 'B01', 'other')
    """
    head, dash, _ = code.rpartition("-")
    return head if dash and head else "other"


def coverage_of(
    cards: dict[str, dict[str, Any]], understanding: Callable[[dict[str, Any]], Understanding]
) -> dict[str, Any]:
    """How much of a card set a game's reader understands (``judge cards coverage``), by
    its ``understanding`` of each definition: understood when it has no printed text, when
    its text is read in full, or when its definition gives what the engine executes; one an
    importer flagged (``unsupported``) is not, its reason listed as an unread template.
    ``sets`` gives the figures per product (:func:`set_of`)."""
    groups = UnreadGroups()
    no_text = read_full = by_hand = with_text = flagged = 0
    sets: dict[str, list[int]] = {}
    for code in sorted(cards):
        defn = cards[code]
        u = understanding(defn)
        counts = sets.setdefault(set_of(code), [0, 0])
        counts[0] += 1
        counts[1] += u.understood
        if u.kind == "no_text":
            no_text += 1
            continue
        if u.kind == "effects_given":
            by_hand += 1
            continue
        flagged += bool(u.doubts)
        with_text += bool(defn.get("text"))
        if u.kind == "text_read":
            read_full += 1
            continue
        for line in u.unread:
            groups.add(code, line)
    understood = no_text + read_full + by_hand
    return {
        "cards": len(cards),
        "understood": understood,
        "percent": percent(understood, len(cards)),
        "no_text": no_text,
        "not_relied_on": flagged,
        "effects_given": by_hand,
        "with_text": with_text,
        "text_read": read_full,
        "text_percent": percent(read_full, with_text),
        "sets": {
            name: {"cards": n, "understood": ok, "percent": percent(ok, n)}
            for name, (n, ok) in sorted(sets.items())
        },
        "unread_templates": groups.templates(),
    }
