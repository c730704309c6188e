"""Units chosen by a sentence their card prints (RS-SELECT-WRITTEN): "敵軍バトルエリアから「これは
敵軍ターン中、「SP1」以上のユニットとバトルしたときバトルに勝っても撃破される」と書かれた敵軍ユニットを1体選
び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。" — a selector's ``written``, the
sentence quoted (in the reader's normal form, without its closing ``。``).

What is written on a unit is its own card's printed text, whether or not the engine reads the
rest of it: :func:`says` answers, for a card, True when a part of its printed text is that
sentence as a note of its own (``※<sentence>。``, as the cards that print it do); None when it
is not known — the text holds the sentence's words in another printing (brackets or a comma
put otherwise: "SP1以上" for "「SP1」以上", "バトルしたとき、バトルに勝っても"), or elsewhere than as
the card's own note; and False otherwise (a definition written by hand prints nothing).
Whether a printing that differs from the sentence quoted is "written so" the sources do not
say: a unit so printed may be chosen and need not be (:func:`rule_on_fit`: the step is
unverifiable, the units the log names taken).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.cards import CardDef, printed_text

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-SELECT-WRITTEN"
KEY = "written"
#: what a looser comparison leaves out of a text: quotes, commas, stops, spaces and note marks
_LOOSE = re.compile(r"[「」『』、。,\s※]")


def ok(value: Any) -> bool:
    """A selector's ``written``: a sentence, without its closing stop, whose quotes pair."""
    if not isinstance(value, str) or not value or value.endswith("。"):
        return False
    depth = 0
    for ch in value:
        depth += (ch == "「") - (ch == "」")
        if depth < 0:
            return False
    return depth == 0


def _loose(text: str) -> str:
    return _LOOSE.sub("", text)


def says(d: CardDef, sentence: str) -> bool | None:
    """Whether card ``d`` prints ``sentence`` (module docstring): True, False, or None when
    not known.  A definition written by hand prints nothing (its English note is not read,
    and it carries no printed rule: RS-TEXT-READ)."""
    from judge.games.rangers_strike.reader import parts

    text = d.raw.get("text")
    if not (printed_text(d.raw) and isinstance(text, str)):
        return False
    pieces = parts(text)
    if f"※{sentence}。" in pieces:
        return True
    return None if _loose(sentence) in _loose("".join(pieces)) else False


def unsure(eng: RangersStrikeEngine, sel: dict[str, Any], unit: Unit) -> bool:
    """Whether the unit may or may not fit ``sel``'s ``written`` (None from :func:`says`)."""
    return KEY in sel and says(eng.state.card(unit.card), str(sel[KEY])) is None


def words(sel: dict[str, Any]) -> str:
    """The condition in English."""
    return f"whose card prints the sentence 「{sel[KEY]}」"


def rule_on_fit(
    eng: RangersStrikeEngine,
    sel: dict[str, Any],
    cands: list[tuple[str, str, Unit]],
    got: list[tuple[str, str, Unit]],
) -> None:
    """The ruling of a choice by a sentence printed: a unit chosen whose printing is not known
    to say it, or fewer units chosen than there may have been to choose, leaves the step
    unverifiable; otherwise the choice is ruled on as made."""
    sentence = str(sel[KEY])
    doubtful = [c for c in cands if unsure(eng, sel, c[2])]
    sure = [c for c in cands if c not in doubtful]
    chosen = [c for c in doubtful if any(g[2] is c[2] for g in got)]
    need = min(int(sel.get("count", 1)), len(cands))
    if not doubtful or (not chosen and len(got) >= need):
        eng.ctx.ruling(
            RULE,
            f"A unit whose card prints 「{sentence}」 may be chosen ({len(sure)} such unit"
            f"{'s' if len(sure) != 1 else ''} to choose from).",
        )
        return
    name = eng.name((chosen or doubtful)[0][2].card)
    why = (
        f"whether {name}, whose card prints these words otherwise, is written so the sources do "
        "not say"
    )
    eng.ctx.ruling(RULE, f"A unit whose card prints 「{sentence}」 may be chosen: {why}.")
    eng.ctx.cannot_verify(why)
