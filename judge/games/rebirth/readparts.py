"""The parts the Rebirth for you reader's templates share (``reader.py``): what a template
reads a line as (:class:`Line`), the printed fragments (a signed change, a skill showcase,
【Reコンボ】, a spark's head, their reminders) and the helpers that build an effect from them.

Why a module: the keyword and spark templates (``spark_lines.py``) and a character's ability
templates (``ability_lines.py``) are built of the same parts; each reading of a part is
defined once, here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: a signed change as printed: ``+2``, ``±0``, ``-1``
SIGNED = r"([+±-]\d+)"


def signed(text: str) -> int:
    return 0 if text.startswith("±") else int(text)


@dataclass(frozen=True, slots=True)
class Line:
    """What a template read a line as: ``keywords`` printed on the card, ``effect`` (one of
    the engine's effects, or None), ``reminder`` (the keyword whose reminder the line is),
    ``only`` (the card types the reading holds for; others leave the line unread)."""

    keywords: tuple[str, ...] = ()
    effect: dict[str, Any] | None = None
    reminder: str | None = None
    only: tuple[str, ...] = ("character", "rebirth")
    #: what a reminder line may explain (``showcase3``: a 【本領発揮Lv3】 on this line)
    marks: tuple[str, ...] = ()


def mod_line(m: re.Match[str], when: str, **extra: Any) -> Line:
    atk, dfn = signed(m.group("atk")), signed(m.group("def"))
    op: dict[str, Any] = {"op": "mod", "atk": atk, "def": dfn}
    only = ("rebirth",) if when == "rebirth_area" else ("character",)
    return Line(effect={"when": when, **extra, "do": [op]}, only=only)


MOD = rf"(?P<atk>{SIGNED[1:-1]})/(?P<def>{SIGNED[1:-1]})"
#: a skill showcase (【本領発揮LvN】, R4U-TEXT-SHOWCASE), of one attribute when framed after it
#: (〔X〕, R4U-TEXT-SHOWCASE-ATTRIBUTE)
SHOW = r"【本領発揮Lv(?P<lv>\d+)】(?:〔(?P<attr>[^〕]+)〕)?"
#: 【Reコンボ】 (active while a Rebirth card, or one of the name, is set: R4U-TEXT-RECOMBO)
RC = r"(?P<rc>【Reコンボ】(?:《(?P<rcname>[^》]+)》)?)?"
#: its printed reminders, on the line they explain
RC_REMINDER = (
    r"(?:\((?P<rcr>【Reコンボ】:あなたのReバースがセットしてあれば有効)\)"
    r"|\(あなたの《(?P<rcrname>[^》]+)》がセットしてあれば有効\))?"
)
#: a spark's head, with an optional 【Reコンボ】 and skill showcase
SPARK = rf"【スパーク】{RC}(?:{SHOW})?:"
#: skill showcase's printed reminder, (of an attribute: 〔X〕 after the level and before が合計)
SHOWCASE_REMINDER = (
    r"\(【本領発揮Lv(?P<rlv>\d+)】(?:〔(?P<rattr>[^〕]+)〕)?:あなたの、メンバーとリタイア"
    r"(?:の〔(?P<rattr2>[^〕]+)〕)?が合計(?P<rn>\d+)枚以上で有効\)"
)


def showcase_mark(level: str | int, attr: str | None) -> str:
    """What a skill showcase reminder explains: ``showcase3``, ``showcase3〔X〕``."""
    return f"showcase{int(level)}" + (f"〔{attr}〕" if attr else "")


def showcase_of(m: re.Match[str]) -> tuple[dict[str, Any], tuple[str, ...]] | None:
    """The skill showcase and 【Reコンボ】 of a matched line (``showcase``,
    ``showcase_attribute``, ``recombo``, and what a reminder may explain), checked against
    reminders printed on the same line (None: they disagree, or explain what is not there)."""
    shown = showcase_only(m)
    groups = m.groupdict()
    if shown is None:
        return None
    fields, marks = shown
    if groups.get("rc"):
        name = groups.get("rcname")
        fields = {**fields, "recombo": name if name else True}
        marks = (*marks, rc_mark(name))
    inline = groups.get("rcr") or groups.get("rcrname")
    if inline and rc_mark(groups.get("rcrname")) not in marks:
        return None
    return fields, marks


def rc_mark(name: str | None) -> str:
    """What a 【Reコンボ】 reminder explains: ``recombo``, ``recombo《X》``."""
    return "recombo" + (f"《{name}》" if name else "")


def recombo_reminder(m: re.Match[str]) -> Line:
    return Line(reminder=rc_mark(m.group("rcrname")))


def showcase_only(m: re.Match[str]) -> tuple[dict[str, Any], tuple[str, ...]] | None:
    groups = m.groupdict()
    lv, attr = groups.get("lv"), groups.get("attr")
    if groups.get("rlv") is not None and (
        lv is None or (groups["rlv"], groups.get("rattr")) != (lv, attr) or not reminder_ok(m)
    ):
        return None
    if lv is None:
        return {}, ()
    fields: dict[str, Any] = {"showcase": int(lv)}
    if attr:
        fields["showcase_attribute"] = attr
    return fields, (showcase_mark(lv, attr),)


def reminder_ok(m: re.Match[str]) -> bool:
    """A reminder names its level twice and its attribute (if any) twice alike."""
    return m.group("rlv") == m.group("rn") and m.group("rattr") == m.group("rattr2")


def spark_line(
    m: re.Match[str], ops: list[dict[str, Any]], only: tuple[str, ...] | None = None
) -> Line | None:
    """A spark of ``ops``, with its skill showcase when printed."""
    shown = showcase_of(m)
    if shown is None:
        return None
    effect: dict[str, Any] = {"when": "spark", **shown[0], "do": ops}
    return Line(effect=effect, marks=shown[1], **({"only": only} if only else {}))


def optional_line(line: Line | None) -> Line | None:
    """``line``'s effect made optional (「…てよい」: its player may decline it)."""
    if line is None or line.effect is None:
        return None
    return Line(
        line.keywords, {**line.effect, "optional": True}, line.reminder, line.only, line.marks
    )


def showcase_reminder(m: re.Match[str]) -> Line | None:
    """「(【本領発揮LvN】(〔X〕):あなたの、メンバーとリタイア(の〔X〕)が合計N枚以上で有効)」, the two N
    alike and the two X alike."""
    if not reminder_ok(m):
        return None
    return Line(reminder=showcase_mark(m.group("rlv"), m.group("rattr")))


def by_doing_line(line: Line | None) -> Line | None:
    """A spark whose first op is a cost "by doing so" (R4U-TEXT-BY-DOING)."""
    made = optional_line(line)
    if made is None or made.effect is None:
        return None
    return Line(
        made.keywords, {**made.effect, "by_doing": True}, made.reminder, made.only, made.marks
    )


def mod_op(m: re.Match[str]) -> dict[str, Any]:
    return {"op": "mod", "atk": signed(m.group("atk")), "def": signed(m.group("def"))}


#: what 「あなたの…N枚につき」 counts (R4U-TEXT-PER-COUNT)
PER_ZONES = {"手札": "hand", "リタイア": "retire", "エネルギー": "energy"}


#: the template of 「このキャラはデッキに4枚より多く入れてよい」 (decks.any_copies, R4U-TEXT-ANY-COPIES)
ANY_COPIES = "cont: this character may be in the deck in more than 4 copies"
