"""The keywords a card prints (``※ウイング``, ``※レジスト``, …), and units chosen by one
(RS-SELECT-KEYWORD): "ウイングを持つ敵軍Sユニットを1体選び撃破する。".

Whether a unit *has* a keyword is a printed fact, whether or not the engine implements the
keyword or understands the rest of the card: :func:`printed` reads the card's keyword notes,
a part of its text that is ``※`` and a word, with or without its reminder in brackets (the
word is the keyword: ``※レジスト(…)`` is レジスト), and not the end of an ability given to
another card (a note right after ``⇒``, ``→`` or ``、``, as "次の能力を得る⇒※ウイング" prints one,
is what that card gives, not its own).  A definition's ``resist`` is レジスト too.

What could make a choice by keyword wrong is an effect that gives a keyword or takes it away.
The engine reads none: such an effect is on a card it does not read, whose step, when it was
used or rushed, is unverifiable and the later steps uncertain (RS-TEXT-UNREAD).  A card that
came into play otherwise (by another effect, or in a position) leaves no such trace, so
:func:`doubt` looks at every known card in a public zone (rush and battle areas, vehicles
ridden, residents, command and power zones, discard piles) that the engine does not read and
whose text names the keyword beyond its own note: while there is one, whether a unit has the
keyword now is not known, and the choice is not judged (unverifiable).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-SELECT-KEYWORD"
#: the keywords a selector may choose by (the printed "<keyword>を持つ")
SELECTABLE = ("ウイング", "レジスト")
_NOTE = re.compile(r"※(?P<word>[^\s、。,.()「」⇒→:：]{1,10})(?:\([^()]*\))?")
#: how a part ends when the note after it is an ability given to another card
_GIVING = ("⇒", "→", "、", "：", ":")


def _notes(text: str) -> list[tuple[str, str | None]]:
    """Each part of a printed text with the keyword it is the card's own note of, or None."""
    from judge.games.rangers_strike.reader import parts

    out: list[tuple[str, str | None]] = []
    before = ""
    for part in parts(text):
        m = _NOTE.fullmatch(part)
        own = m is not None and not before.rstrip().endswith(_GIVING)
        out.append((part, m["word"] if own and m is not None else None))
        before = part
    return out


def printed(d: dict[str, Any]) -> tuple[str, ...]:
    """The keywords definition ``d`` prints (module docstring), in order."""
    from judge.games.rangers_strike.cards import printed_text

    words: list[str] = []
    if printed_text(d) and isinstance(d.get("text"), str):
        words = [w for _part, w in _notes(d["text"]) if w is not None]
    if d.get("resist"):
        words.append("レジスト")
    return tuple(dict.fromkeys(words))


def named_beyond_note(text: str, word: str) -> bool:
    """Whether ``text`` names ``word`` other than in the card's own keyword note of it."""
    return any(word in part for part, own in _notes(text) if own != word)


def public_cards(eng: RangersStrikeEngine) -> list[str]:
    """The known cards in public zones: rush and battle areas, vehicles ridden, command and
    power zones, discard piles and residents."""
    st = eng.state
    out: list[str] = []
    for pid in st.order:
        ps = st.players[pid]
        out += [c for u in ps.units() for c in u.cards()]
        out += [c.card for c in ps.command]
        out += [p.card for p in ps.power if p.card is not None]
        out += [c for c in ps.discard if c is not None]
        out += ps.residents
    return out


def has(eng: RangersStrikeEngine, unit: Unit, word: str) -> bool | None:
    """Whether ``unit`` has the keyword ``word`` now: printed on its card, and for レジスト also
    given by the vehicle it rides (RS-RIDER-BP) or by its own text (RS-WHILE-NAMED) — the units
    that may resist (RS-RESIST); None when its own text's two readings of tag battle's 自軍
    disagree (not known).  RS-SELECT-KEYWORD, RS-HOLD-KEYWORD and RS-RESIST-TO-DAMAGE read
    "レジストを持つ" alike."""
    from judge.games.rangers_strike import own_text
    from judge.games.rangers_strike.resist import _resists_anyway

    d = eng.state.card(unit.card)
    if word in d.keywords or (word == "レジスト" and _resists_anyway(eng, unit)):
        return True
    if word != "レジスト":
        return False
    ops = eng.own_text_of(d)
    if not any(op["op"] == "resist" for op in ops):
        return False
    narrow, wide = own_text.resists(eng, unit, ops, False), own_text.resists(eng, unit, ops, True)
    return bool(narrow) if narrow == wide else None


def givers(eng: RangersStrikeEngine, word: str) -> list[str]:
    """The known cards in public zones the engine does not read whose text names ``word``
    beyond their own note: an ability they give or take away may be in force."""
    # only the cards whose code is such a card's are looked at (codes_where, shared: what
    # reads the definition and ``word`` alone): a game without one skips the public zones
    codes = eng.codes_where(
        f"keywords unread naming {word!r}",
        lambda d: (
            d.unread
            and isinstance(d.raw.get("text"), str)
            and named_beyond_note(str(d.raw["text"]), word)
        ),
        shared=True,
    )
    if not codes:
        return []
    code_of = eng.state.code_of
    return [iid for iid in public_cards(eng) if code_of[iid] in codes]


def doubt(eng: RangersStrikeEngine, effect: dict[str, Any]) -> str | None:
    """Why the effect's choice by keyword cannot be judged (module docstring), or None."""
    for op in effect.get("do") or ():
        sel = op.get("target") if isinstance(op, dict) else None
        if not isinstance(sel, dict) or "keyword" not in sel:
            continue
        word = str(sel["keyword"])
        found = givers(eng, word)
        if found:
            names = ", ".join(eng.name(c) for c in found)
            return (
                f"whether a unit has {word} now is not known: {names}, whose text the "
                f"engine does not read, names {word} and may give it or take it away"
            )
        st = eng.state
        for pid in st.order:
            for unit in st.players[pid].units():
                if has(eng, unit, word) is None:
                    return (
                        f"whether {eng.name(unit.card)} has {word} now is not known: its own "
                        "text gives it in one reading of tag battle's 自軍 and not in the other"
                    )
    return None
