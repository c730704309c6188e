"""The printed-text reader of Rebirth for you: a card's Japanese text read into the engine's
effects (``docs/rebirth.md``, "Printed text"), on the shared machinery of
:mod:`judge.core.textread`.

A definition with ``text`` and no ``effects`` is read when it is loaded
(:meth:`judge.games.rebirth.cards.CardDef.from_dict`).  The text is read line by line (an
ability, a keyword, or a reminder in parentheses a line), each line by the first template of
:data:`TEMPLATES` that matches it whole.  A card is **understood** when every line is read
into something the engine executes exactly (R4U-TEXT-READ); then its effects are the ones
read.  Otherwise it is **unsupported** and never silently vanilla: :attr:`Reading.unread`
names each line not read, and every ability of the card becomes an effect with ``text`` only
at its timing (a spark at ``spark``, an ``【起】`` at ``activated``, any other ability of a
Rebirth card at ``rebirth_area``, of a character at ``performance``): the engine cannot
execute it, so the step where it would apply is unverifiable (R4U-EFFECT-UNSUPPORTED).  What
is kept of an unsupported card: its keywords (blocker, cancel), printed on it rather than
effects.

>>> r = read_card({"type": "character", "text": "【スパーク】：あなたは２枚引く。"})
>>> r.understood, r.effects[0]["do"]
(True, [{'op': 'draw', 'n': 2}])
>>> read_card({"type": "character", "text": "【のびしろ】(今後の成長に期待!)"}).keywords
('growing',)
>>> read_card({"type": "rebirth", "text": "【永】:あなたのエントリーを+1/±0。"}).effects[0]["when"]
'rebirth_area'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge.core import textread as tr
from judge.games.rebirth.effects import supported

#: a signed change as printed: ``+2``, ``±0``, ``-1``
_SIGNED = r"([+±-]\d+)"


def _signed(text: str) -> int:
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


def _mod(m: re.Match[str], when: str, **extra: Any) -> Line:
    atk, dfn = _signed(m.group("atk")), _signed(m.group("def"))
    op: dict[str, Any] = {"op": "mod", "atk": atk, "def": dfn}
    only = ("rebirth",) if when == "rebirth_area" else ("character",)
    return Line(effect={"when": when, **extra, "do": [op]}, only=only)


_MOD = rf"(?P<atk>{_SIGNED[1:-1]})/(?P<def>{_SIGNED[1:-1]})"
#: a skill showcase (【本領発揮LvN】, R4U-TEXT-SHOWCASE), of one attribute when framed after it
#: (〔X〕, R4U-TEXT-SHOWCASE-ATTRIBUTE)
_SHOW = r"【本領発揮Lv(?P<lv>\d+)】(?:〔(?P<attr>[^〕]+)〕)?"
#: 【Reコンボ】 (active while a Rebirth card, or one of the name, is set: R4U-TEXT-RECOMBO)
_RC = r"(?P<rc>【Reコンボ】(?:《(?P<rcname>[^》]+)》)?)?"
#: its printed reminders, on the line they explain
_RC_REMINDER = (
    r"(?:\((?P<rcr>【Reコンボ】:あなたのReバースがセットしてあれば有効)\)"
    r"|\(あなたの《(?P<rcrname>[^》]+)》がセットしてあれば有効\))?"
)
#: a spark's head, with an optional 【Reコンボ】 and skill showcase
_SPARK = rf"【スパーク】{_RC}(?:{_SHOW})?:"
#: skill showcase's printed reminder, (of an attribute: 〔X〕 after the level and before が合計)
_SHOWCASE_REMINDER = (
    r"\(【本領発揮Lv(?P<rlv>\d+)】(?:〔(?P<rattr>[^〕]+)〕)?:あなたの、メンバーとリタイア"
    r"(?:の〔(?P<rattr2>[^〕]+)〕)?が合計(?P<rn>\d+)枚以上で有効\)"
)


def _mark(level: str | int, attr: str | None) -> str:
    """What a skill showcase reminder explains: ``showcase3``, ``showcase3〔X〕``."""
    return f"showcase{int(level)}" + (f"〔{attr}〕" if attr else "")


def _showcase(m: re.Match[str]) -> tuple[dict[str, Any], tuple[str, ...]] | None:
    """The skill showcase and 【Reコンボ】 of a matched line (``showcase``,
    ``showcase_attribute``, ``recombo``, and what a reminder may explain), checked against
    reminders printed on the same line (None: they disagree, or explain what is not there)."""
    shown = _showcase_only(m)
    groups = m.groupdict()
    if shown is None:
        return None
    fields, marks = shown
    if groups.get("rc"):
        name = groups.get("rcname")
        fields = {**fields, "recombo": name if name else True}
        marks = (*marks, _rc_mark(name))
    inline = groups.get("rcr") or groups.get("rcrname")
    if inline and _rc_mark(groups.get("rcrname")) not in marks:
        return None
    return fields, marks


def _rc_mark(name: str | None) -> str:
    """What a 【Reコンボ】 reminder explains: ``recombo``, ``recombo《X》``."""
    return "recombo" + (f"《{name}》" if name else "")


def _recombo_reminder(m: re.Match[str]) -> Line:
    return Line(reminder=_rc_mark(m.group("rcrname")))


def _showcase_only(m: re.Match[str]) -> tuple[dict[str, Any], tuple[str, ...]] | None:
    groups = m.groupdict()
    lv, attr = groups.get("lv"), groups.get("attr")
    if groups.get("rlv") is not None and (
        lv is None or (groups["rlv"], groups.get("rattr")) != (lv, attr) or not _reminder_ok(m)
    ):
        return None
    if lv is None:
        return {}, ()
    fields: dict[str, Any] = {"showcase": int(lv)}
    if attr:
        fields["showcase_attribute"] = attr
    return fields, (_mark(lv, attr),)


def _reminder_ok(m: re.Match[str]) -> bool:
    """A reminder names its level twice and its attribute (if any) twice alike."""
    return m.group("rlv") == m.group("rn") and m.group("rattr") == m.group("rattr2")


def _spark(
    m: re.Match[str], ops: list[dict[str, Any]], only: tuple[str, ...] | None = None
) -> Line | None:
    """A spark of ``ops``, with its skill showcase when printed."""
    shown = _showcase(m)
    if shown is None:
        return None
    effect: dict[str, Any] = {"when": "spark", **shown[0], "do": ops}
    return Line(effect=effect, marks=shown[1], **({"only": only} if only else {}))


def _optional(line: Line | None) -> Line | None:
    """``line``'s effect made optional (「…てよい」: its player may decline it)."""
    if line is None or line.effect is None:
        return None
    return Line(
        line.keywords, {**line.effect, "optional": True}, line.reminder, line.only, line.marks
    )


def _showcase_reminder(m: re.Match[str]) -> Line | None:
    """「(【本領発揮LvN】(〔X〕):あなたの、メンバーとリタイア(の〔X〕)が合計N枚以上で有効)」, the two N
    alike and the two X alike."""
    if not _reminder_ok(m):
        return None
    return Line(reminder=_mark(m.group("rlv"), m.group("rattr")))


def _by_doing(line: Line | None) -> Line | None:
    """A spark whose first op is a cost "by doing so" (R4U-TEXT-BY-DOING)."""
    made = _optional(line)
    if made is None or made.effect is None:
        return None
    return Line(
        made.keywords, {**made.effect, "by_doing": True}, made.reminder, made.only, made.marks
    )


def _trigger(m: re.Match[str], when: str, sources: dict[str, str]) -> Line | None:
    """A 【自】 of a character whose sentence (``body``) one of the spark templates reads: the
    spark's ops at ``when`` (``on_entry``, ``on_member``), with its skill showcase if printed.
    On a member square "このキャラ" is not the entry: such a sentence is not read there."""
    shown = _showcase(m)
    body = m.group("body")
    if shown is None or (when == "on_member" and "このキャラ" in body):
        return None
    spark = tr.read_line(f"【スパーク】:{body}", TEMPLATES).value
    if not isinstance(spark, Line) or spark.effect is None or "character" not in spark.only:
        return None
    if spark.effect.get("when") != "spark" or "showcase" in spark.effect:
        return None
    rest = {k: v for k, v in spark.effect.items() if k != "when"}
    effect = {"when": when, "from": sources[m.group("src")], **shown[0], **rest}
    return Line(effect=effect, only=("character",), marks=shown[1])


def _unselectable(m: re.Match[str], where: str, cond: str | None) -> Line | None:
    """「このキャラは(効果で)選べない/選ばれない。(あなたも選べない)」 from ``where`` (R4U-TEXT-UNSELECTABLE)."""
    shown = _showcase(m)
    if shown is None:
        return None
    effect: dict[str, Any] = {"when": "continuous", "where": where, **shown[0]}
    if cond:
        effect["if"] = cond
    effect["do"] = [{"op": "unselectable"}]
    return Line(effect=effect, only=("character",), marks=shown[1])


def _on_defeat(m: re.Match[str]) -> Line | None:
    """「【自】【エントリー】:このキャラが相手のキャラをリタイアさせた時、このターン中、このキャラを+X/+Y。」
    (R4U-TEXT-ON-DEFEAT)."""
    shown = _showcase(m)
    if shown is None:
        return None
    effect = {"when": "on_defeat", **shown[0], "do": [_mod_op(m)]}
    return Line(effect=effect, only=("character",), marks=shown[1])


def _member_act(m: re.Match[str]) -> Line:
    """【起】【メンバー】(【ターンN】):[エネN] on the player's own entry: +X/+Y this turn, or onto the
    bottom of its deck (entry-in follows)."""
    op = (
        {"op": "bottom", "side": "own", "zone": "entry", "count": 1}
        if m.group("bottom")
        else _mod_op(m)
    )
    effect: dict[str, Any] = {"when": "activated", "cost": int(m.group("cost") or 0)}
    if m.group("disc"):  # [手札からN枚控え室に置く] (R4U-TEXT-DISCARD-COST)
        effect["discard"] = int(m.group("disc"))
    effect["where"] = "member"
    if m.group("turn"):
        effect["per_turn"] = int(m.group("turn"))
    return Line(effect={**effect, "do": [op]}, only=("character",))


def _to_energy(m: re.Match[str]) -> Line | None:
    """「あなたは自分の(メンバー|控え室)からN枚選び、エネルギーに【レスト】で置(いてよい|く)」 (R4U-TEXT-MOVES):
    from the members only as 「てよい」 (may), from the waiting room only as 「置く」."""
    src = "member" if m.group("src") == "メンバー" else "waiting_room"
    may = m.group("may") == "いてよい"
    if may != (src == "member"):
        return None
    line = _spark(m, [{"op": "to_energy", "from": src, "count": int(m.group("n"))}])
    return _optional(line) if may else line


#: the template of 「このキャラはデッキに4枚より多く入れてよい」 (decks.any_copies, R4U-TEXT-ANY-COPIES)
ANY_COPIES = "cont: this character may be in the deck in more than 4 copies"

#: what 「あなたの…N枚につき」 counts (R4U-TEXT-PER-COUNT)
_PER_ZONES = {"手札": "hand", "リタイア": "retire", "エネルギー": "energy"}


def _mod_op(m: re.Match[str]) -> dict[str, Any]:
    return {"op": "mod", "atk": _signed(m.group("atk")), "def": _signed(m.group("def"))}


def _act_entry(m: re.Match[str]) -> Line | None:
    """「【起】【エントリー】(【Reコンボ】):[エネN]このターン中、このキャラを+X/+Y。」"""
    shown = _showcase(m)
    if shown is None:
        return None
    line = _mod(m, "activated", cost=int(m.group("cost")), where="entry", **shown[0])
    return Line(effect=line.effect, only=line.only, marks=shown[1])


def _performance(m: re.Match[str], where: str) -> Line | None:
    """「【永】【エントリー|メンバー】(【Reコンボ】)【本領発揮LvN】(〔X〕):…を+X/+Y。」: a ``performance`` of count
    N (of attribute X) that works only from ``where`` (R4U-TEXT-PERFORMANCE); without a skill
    showcase, a 【Reコンボ】 change of the entry itself (R4U-TEXT-RECOMBO)."""
    shown = _showcase(m)
    if not shown or not shown[0]:
        return None
    if "showcase" not in shown[0]:  # 【永】【エントリー】【Reコンボ】:このキャラを+X/+Y
        if where != "entry":
            return None
        effect = {"when": "continuous", "where": "entry", **shown[0], "do": [_mod_op(m)]}
        return Line(effect=effect, only=("character",), marks=shown[1])
    effect: dict[str, Any] = {"when": "performance", "count": shown[0]["showcase"]}
    if "showcase_attribute" in shown[0]:
        effect["attribute"] = shown[0]["showcase_attribute"]
    if "recombo" in shown[0]:
        effect["recombo"] = shown[0]["recombo"]
    effect.update(where=where, do=[_mod_op(m)])
    return Line(effect=effect, only=("character",), marks=shown[1])


def _on_entry(m: re.Match[str], ops: list[dict[str, Any]] | None = None) -> Line | None:
    """「【自】:このキャラが(手札|デッキ以外)からエントリーに置かれた時、このターン中、このキャラを
    +X/+Y。」 (or ``ops``): an ``on_entry`` ability (R4U-TEXT-ON-ENTRY), with its skill showcase
    if printed."""
    shown = _showcase(m)
    if shown is None:
        return None
    src = "hand" if m.group("src") == "手札" else "not_deck"
    effect: dict[str, Any] = {"when": "on_entry", "from": src, **shown[0]}
    effect["do"] = ops if ops is not None else [_mod_op(m)]
    return Line(effect=effect, only=("character",), marks=shown[1])


def _own_attack(m: re.Match[str]) -> Line | None:
    """「【永】【エントリー】:各ターンこのキャラのN回目のアタック中、このキャラを+X/+Y。」: a ``continuous``
    change of this character during its N-th attack (R4U-TEXT-OWN-ATTACK)."""
    shown = _showcase(m)
    if shown is None:
        return None
    effect: dict[str, Any] = {"when": "continuous", "where": "entry"}
    effect.update(own_attack=int(m.group("n")), **shown[0], do=[_mod_op(m)])
    return Line(effect=effect, only=("character",), marks=shown[1])


#: what a member's ability when it supports may cost: this member onto the deck's bottom or N
#: energy "by doing so" (することで), or N energy "you may…; if you do" (してよい。そうしたら)
_SUPPORT_COST = (
    r"(?:あなたは(?:(?P<self>このキャラをデッキの下に置く)こと|エネ(?P<cost>\d+)すること)で、"
    r"|あなたは\[エネ(?P<may>\d+)\]してよい。そうしたら、)?"
)
#: what it does: draw N, and/or the supported character +X/+Y during this attack
_SUPPORT_BODY = (
    r"(?:(?P<draw>\d+)枚引(?:く。|き、))?"
    rf"(?:このアタック中、サポートされたキャラを{_MOD}。)?"
)


def _on_support(m: re.Match[str]) -> Line | None:
    """「【自】【メンバー】:このキャラがサポートした時、(cost)(N枚引き、)(このアタック中、サポートされたキャラを
    +X/+Y。)」: an ``on_support`` ability (R4U-TEXT-ON-SUPPORT)."""
    shown = _showcase(m)
    draw, atk = m.group("draw"), m.group("atk")
    drew_only = draw is not None and m.group(0).find(f"{draw}枚引く。") >= 0
    if shown is None or (draw is None and atk is None) or (drew_only and atk is not None):
        return None
    if draw is not None and not drew_only and atk is None:
        return None  # 「N枚引き、」 with nothing after it
    ops: list[dict[str, Any]] = []
    if draw is not None:
        ops.append({"op": "draw", "n": int(draw)})
    if atk is not None:
        ops.append({**_mod_op(m), "until": "attack"})
    effect: dict[str, Any] = {"when": "on_support", **shown[0]}
    if m.group("self"):
        effect.update(pay_self="deck_bottom", optional=True, by_doing=True)
    elif m.group("cost"):
        effect.update(cost=int(m.group("cost")), optional=True, by_doing=True)
    elif m.group("may"):
        effect.update(cost=int(m.group("may")), optional=True)
    return Line(effect={**effect, "do": ops}, only=("character",), marks=shown[1])


#: blocker's printed reminder, in its two wordings (控え室に置く, and the older すてる)
_BLOCKER_REMINDER = r"\(手札から(?:控え室に置く|すてる)と、味方へのアタック1回のダメージを0にする\)"

#: cancel's two printed lines (R4U-CANCEL), each with or without its reminder: what the card
#: stops is printed after the colon, a spark of a card other than a Rebirth card, or a spark or
#: a cancel (the reminder with 控え室に置くと, and the older 控え室に置く、)
_CANCEL_NON_REBIRTH_REMINDER = r"\(手札から控え室に置くと?、Reバース以外の【スパーク】を1つ止める\)"
_CANCEL_SPARK_OR_CANCEL_REMINDER = (
    r"\(手札から控え室に置くと?、【スパーク】か【キャンセル】を1つ止める\)"
)
_CANCEL_NON_REBIRTH = (
    rf"【キャンセル】:Reバース以外の【スパーク】(?:{_CANCEL_NON_REBIRTH_REMINDER})?"
)
_CANCEL_SPARK_OR_CANCEL = (
    rf"【キャンセル】:【スパーク】or【キャンセル】(?:{_CANCEL_SPARK_OR_CANCEL_REMINDER})?"
)
#: what each cancel line stops, as :func:`cancel_stops` names it
_CANCEL_LINES = (
    (re.compile(_CANCEL_NON_REBIRTH), ("spark_non_rebirth",)),
    (re.compile(_CANCEL_SPARK_OR_CANCEL), ("spark", "cancel")),
)


def cancel_stops(text: object) -> tuple[str, ...] | None:
    """What a card's printed cancel line says it stops (R4U-CANCEL): ``("spark_non_rebirth",)``
    or ``("spark", "cancel")``; None when no such line is printed (a definition with the
    keyword only), so that the rule option cancel_answers decides, not a guess.

    >>> cancel_stops("【キャンセル】：【スパーク】or【キャンセル】")
    ('spark', 'cancel')
    >>> cancel_stops("【キャンセル】：Reバース以外の【スパーク】") is None
    False
    >>> cancel_stops(None) is None
    True
    """
    if not isinstance(text, str):
        return None
    for line in tr.lines(text):
        for pattern, stops in _CANCEL_LINES:
            if pattern.fullmatch(line):
                return stops
    return None


#: the templates, in the order they are tried (R4U-TEXT-READ); the rule each follows is
#: named beside it
TEMPLATES: tuple[tr.Template, ...] = (
    # keywords (R4U-BLOCKER; R4U-TEXT-GROWING)
    tr.template("blocker", r"【ブロッカー】", lambda m: Line(keywords=("blocker",))),
    tr.template(
        "blocker with its reminder",
        rf"【ブロッカー】{_BLOCKER_REMINDER}",
        lambda m: Line(keywords=("blocker",)),
    ),
    tr.template(
        "blocker growing",
        r"【ブロッカー】:【のびしろ】",
        lambda m: Line(keywords=("blocker", "growing")),
    ),
    tr.template(
        "growing",
        r"【のびしろ】(\(今後の成長に期待!\))?",
        lambda m: Line(keywords=("growing",)),
    ),
    tr.template(
        "cancel: a spark of a non-Rebirth card",
        _CANCEL_NON_REBIRTH,
        lambda m: Line(keywords=("cancel",)),
    ),
    tr.template(
        "cancel: a spark or a cancel",
        _CANCEL_SPARK_OR_CANCEL,
        lambda m: Line(keywords=("cancel",)),
    ),
    tr.template(
        "cancel reminder",
        rf"{_CANCEL_NON_REBIRTH_REMINDER}|{_CANCEL_SPARK_OR_CANCEL_REMINDER}",
        lambda m: Line(reminder="cancel"),
    ),
    tr.template(
        "blocker reminder",
        _BLOCKER_REMINDER,
        lambda m: Line(reminder="blocker"),
    ),
    # sparks (R4U-SPARK; the ops of effects.py)
    tr.template(
        "skill showcase reminder",
        _SHOWCASE_REMINDER,
        _showcase_reminder,
    ),
    tr.template(
        "Re-combo reminder",
        _RC_REMINDER.removeprefix("(?:").removesuffix(")?"),
        _recombo_reminder,
    ),
    tr.template(
        "spark: this character +N/+N this turn",
        rf"{_SPARK}このターン中、このキャラを{_MOD}。",
        lambda m: _spark(
            m,
            [{"op": "mod", "atk": _signed(m.group("atk")), "def": _signed(m.group("def"))}],
            ("character",),
        ),
    ),
    tr.template(
        "spark: this character +N/+N this turn for every N cards of your hand/retire/energy",
        rf"{_SPARK}あなたの(?P<zone>手札|リタイア|エネルギー)(?P<per>\d+)枚につき、このターン中、"
        rf"このキャラを{_MOD}。",
        lambda m: _spark(
            m,
            [
                {
                    **_mod_op(m),
                    "per": {"zone": _PER_ZONES[m.group("zone")], "n": int(m.group("per"))},
                }
            ],
            ("character",),
        ),
    ),
    tr.template(
        "spark: rest N opposing members [, and this character +N/+N this turn]",
        rf"{_SPARK}あなたは相手のメンバーから(?P<n>\d+)枚選び、【レスト】(?:する。|し、このターン中、"
        rf"このキャラを{_MOD}。)",
        lambda m: _spark(
            m,
            [
                {"op": "rest", "side": "opponent", "count": int(m.group("n")), "any_state": True},
                *([_mod_op(m)] if m.group("atk") else []),
            ],
            ("character",) if m.group("atk") else None,
        ),
    ),
    tr.template(
        "spark: N rested opposing members to the waiting room, and this character +N/+N",
        rf"{_SPARK}あなたは相手の【レスト】しているメンバーから(?P<n>\d+)枚選び、控え室に置き、"
        rf"このターン中、このキャラを{_MOD}。",
        lambda m: _spark(
            m,
            [
                {
                    "op": "discard_member",
                    "side": "opponent",
                    "zone": "member",
                    "count": int(m.group("n")),
                    "rested": True,
                },
                _mod_op(m),
            ],
            ("character",),
        ),
    ),
    tr.template(
        "spark: by putting N of your members into the waiting room, this character +N/+N",
        rf"{_SPARK}あなたは自分のメンバーから(?P<n>\d+)枚選び、控え室に置くことで、このターン中、"
        rf"このキャラを{_MOD}。",
        lambda m: _by_doing(
            _spark(
                m,
                [
                    {
                        "op": "discard_member",
                        "side": "own",
                        "zone": "member",
                        "count": int(m.group("n")),
                    },
                    _mod_op(m),
                ],
                ("character",),
            )
        ),
    ),
    tr.template(
        "spark: N rested members of either player onto their owner's deck's bottom",
        rf"{_SPARK}あなたは、いずれかの【レスト】しているメンバーから(?P<n>\d+)枚選び、そのプレイヤーの"
        r"デッキの下に置く。",
        lambda m: _spark(
            m, [{"op": "bottom", "side": "any", "rested": True, "count": int(m.group("n"))}]
        ),
    ),
    tr.template(
        "spark: [you may put] N of your members / your waiting room's cards into the energy, rested",
        rf"{_SPARK}あなたは自分の(?P<src>メンバー|控え室)から(?P<n>\d+)枚選び、エネルギーに【レスト】で"
        r"置(?P<may>いてよい|く)。",
        _to_energy,
    ),
    tr.template(
        "spark: your entry +N/+N this turn",
        rf"{_SPARK}あなたは自分のエントリーから1枚選び、このターン中、そのキャラを{_MOD}。",
        lambda m: _spark(m, [_mod_op(m)]),
    ),
    tr.template(
        "spark: this character +N/+N during its next attack this turn",
        rf"{_SPARK}このターンこのキャラの次のアタック中、このキャラを{_MOD}。",
        lambda m: _spark(m, [{**_mod_op(m), "until": "next_attack"}], ("character",)),
    ),
    tr.template(
        "spark: this turn this character may not be put onto a member square but by an effect",
        rf"{_SPARK}このターン中、このキャラは効果以外でメンバーに置けない。",
        lambda m: _spark(m, [{"op": "no_move"}], ("character",)),
    ),
    tr.template(
        "spark: heal N",
        rf"{_SPARK}あなたは(?P<n>\d+)点回復する。",
        lambda m: _spark(m, [{"op": "heal", "n": int(m.group("n"))}]),
    ),
    tr.template(
        "spark: draw N",
        rf"{_SPARK}あなたは(?P<n>\d+)枚引く。",
        lambda m: _spark(m, [{"op": "draw", "n": int(m.group("n"))}]),
    ),
    tr.template(
        "spark: N opposing members to the waiting room",
        rf"{_SPARK}あなたは相手のメンバーから(?P<n>\d+)枚選び、控え室に置く。",
        lambda m: _spark(
            m,
            [
                {
                    "op": "discard_member",
                    "side": "opponent",
                    "zone": "member",
                    "count": int(m.group("n")),
                }
            ],
        ),
    ),
    tr.template(
        "spark: as many opposing entry or members as your retire area holds",
        rf"{_SPARK}あなたは相手の、エントリーとメンバーから、あなたのリタイアと同じ枚数選び、"
        r"控え室に置く。\(選べる限り選ぶ\)",
        lambda m: _spark(
            m,
            [
                {
                    "op": "discard_member",
                    "side": "opponent",
                    "zone": "field",
                    "count_of": "own_retire",
                }
            ],
        ),
    ),
    tr.template(
        "spark: you may return N of your members to the hand",
        rf"{_SPARK}あなたは自分のメンバーから(?P<n>\d+)枚選び、手札に戻してよい。",
        lambda m: _optional(
            _spark(m, [{"op": "return_member", "side": "own", "count": int(m.group("n"))}])
        ),
    ),
    # characters put onto member squares (R4U-TEXT-TO-MEMBER)
    tr.template(
        "spark: you may put N characters of your waiting room onto (empty) member squares",
        rf"{_SPARK}あなたは自分の控え室からキャラを(?P<n>\d+)枚選び、(?P<empty>空席の)?メンバーに"
        r"置いてよい。",
        lambda m: _optional(
            _spark(
                m,
                [
                    {
                        "op": "place_member",
                        "count": int(m.group("n")),
                        "type": "character",
                        "empty_only": m.group("empty") is not None,
                    }
                ],
            )
        ),
    ),
    tr.template(
        "spark: you may put this character onto an empty member square",
        rf"{_SPARK}あなたはこのキャラを空席のメンバーに置いてよい。",
        lambda m: _optional(_spark(m, [{"op": "self_to_member"}], ("character",))),
    ),
    tr.template(
        "act (Rebirth area) once a turn: stand all your partners",
        r"【起】【ターン1】:あなたのパートナーをすべて【スタンド】する。",
        lambda m: Line(
            effect={
                "when": "activated",
                "cost": 0,
                "where": "rebirth_area",
                "per_turn": 1,
                "do": [{"op": "stand_partners"}],
            },
            only=("rebirth",),
        ),
    ),
    tr.template(
        "spark: up to N of your members to the waiting room",
        rf"{_SPARK}あなたは味方のメンバーから(?P<n>\d+)枚まで選び、控え室に置く。",
        lambda m: _spark(
            m,
            [
                {
                    "op": "discard_member",
                    "side": "own",
                    "zone": "member",
                    "count": int(m.group("n")),
                    "up_to": True,
                }
            ],
        ),
    ),
    tr.template(
        "spark: N rested opposing members to the waiting room",
        rf"{_SPARK}あなたは相手の【レスト】しているメンバーから(?P<n>\d+)枚選び、控え室に置く。",
        lambda m: _spark(
            m,
            [
                {
                    "op": "discard_member",
                    "side": "opponent",
                    "zone": "member",
                    "count": int(m.group("n")),
                    "rested": True,
                }
            ],
        ),
    ),
    tr.template(
        "spark: the opposing entry +N/+N this turn",
        rf"{_SPARK}あなたは相手のエントリーから1枚選び、このターン中、そのキャラを{_MOD}。",
        lambda m: _spark(
            m,
            [
                {
                    "op": "mod",
                    "side": "opponent",
                    "atk": _signed(m.group("atk")),
                    "def": _signed(m.group("def")),
                }
            ],
        ),
    ),
    tr.template(
        "spark: the top N cards of your deck into the energy area, rested",
        rf"{_SPARK}あなたは自分のデッキの上から(?P<n>\d+)枚エネルギーに【レスト】で置く。",
        lambda m: _spark(m, [{"op": "energy_from_deck", "n": int(m.group("n"))}]),
    ),
    # a Rebirth card's "when this Rebirth card is set" (R4U-TEXT-ON-SET)
    tr.template(
        "auto (set): if your retire area holds N, N opposing entry or members away",
        r"【自】:このReバースがセットされた時、あなたのリタイアが(?P<r>\d+)枚以上なら、"
        r"あなたは相手の、エントリーかメンバーから(?P<n>\d+)枚選び、控え室に置く。",
        lambda m: Line(
            effect={
                "when": "on_set",
                "if_retire": int(m.group("r")),
                "do": [
                    {
                        "op": "discard_member",
                        "side": "opponent",
                        "zone": "field",
                        "count": int(m.group("n")),
                    }
                ],
            },
            only=("rebirth",),
        ),
    ),
    tr.template(
        "auto (set): you may return N characters of your waiting room to the hand",
        r"【自】:このReバースがセットされた時、あなたは自分の控え室からキャラを(?P<n>\d+)枚選び、"
        r"手札に戻してよい。",
        lambda m: Line(
            effect={
                "when": "on_set",
                "optional": True,
                "do": [{"op": "salvage", "type": "character", "count": int(m.group("n"))}],
            },
            only=("rebirth",),
        ),
    ),
    # a Rebirth card's sparks fired once more (R4U-TEXT-EXTRA-SPARK)
    tr.template(
        "rebirth: your sparks fire once more",
        r"【永】:あなたの【スパーク】は追加でもう一度発動する。",
        lambda m: Line(
            effect={"when": "rebirth_area", "do": [{"op": "extra_spark"}]}, only=("rebirth",)
        ),
    ),
    # a Rebirth card's continuous change of its owner's entry (R4U-REBIRTH-AREA)
    tr.template(
        "rebirth: your entry +N/+N",
        rf"【永】:あなたのエントリーを{_MOD}。",
        lambda m: _mod(m, "rebirth_area"),
    ),
    tr.template(
        "rebirth: during the n-th attack of each turn, your entry +N/+N",
        rf"【永】:各ターン(?P<n>\d+)回目のアタック中、あなたのエントリーを{_MOD}。",
        lambda m: _mod(m, "rebirth_area", attack=int(m.group("n"))),
    ),
    # a character's continuous ability with a skill showcase, where it works printed
    # (R4U-TEXT-PERFORMANCE): the seed's performance (本领发挥)
    tr.template(
        "cont (entry) showcase: this character +N/+N",
        rf"【永】【エントリー】{_RC}(?:{_SHOW})?:このキャラを{_MOD}。{_RC_REMINDER}"
        rf"(?:{_SHOWCASE_REMINDER})?",
        lambda m: _performance(m, "entry"),
    ),
    tr.template(
        "cont (member) showcase: your entry +N/+N",
        rf"【永】【メンバー】{_RC}{_SHOW}:あなたのエントリーを{_MOD}。{_RC_REMINDER}"
        rf"(?:{_SHOWCASE_REMINDER})?",
        lambda m: _performance(m, "member"),
    ),
    # a character's change of itself during its n-th attack of each turn (R4U-TEXT-OWN-ATTACK)
    tr.template(
        "cont (entry): during this character's n-th attack of each turn, this character +N/+N",
        rf"【永】【エントリー】{_RC}(?:{_SHOW})?:各ターンこのキャラの(?P<n>\d+)回目の"
        rf"アタック中、このキャラを{_MOD}。(?:{_SHOWCASE_REMINDER})?",
        _own_attack,
    ),
    # a character's "when this character is put into the entry from …" (R4U-TEXT-ON-ENTRY)
    tr.template(
        "auto: put into the entry from the hand / not from the deck, you may put this character "
        "onto an empty member square",
        rf"【自】(?:{_SHOW})?:このキャラが(?P<src>手札|デッキ以外)からエントリーに"
        rf"置かれた時、あなたはこのキャラを空席のメンバーに置いてよい。(?:{_SHOWCASE_REMINDER})?",
        lambda m: _optional(_on_entry(m, [{"op": "self_to_member"}])),
    ),
    tr.template(
        "auto: put into the entry from the hand / not from the deck, this character +N/+N",
        rf"【自】(?:{_SHOW})?:このキャラが(?P<src>手札|デッキ以外)からエントリーに"
        rf"置かれた時、このターン中、このキャラを{_MOD}。(?:{_SHOWCASE_REMINDER})?",
        _on_entry,
    ),
    # a member's "when this character supports" (R4U-TEXT-ON-SUPPORT), with its cost
    tr.template(
        "auto (member): when this supports, [a cost,] draw and/or the supported +N/+N",
        rf"【自】【メンバー】{_RC}(?:{_SHOW})?:このキャラがサポートした時、{_SUPPORT_COST}"
        rf"{_SUPPORT_BODY}{_RC_REMINDER}(?:{_SHOWCASE_REMINDER})?",
        _on_support,
    ),
    # an activated effect of a member with an energy cost on its player's entry (R4U-TEXT-MOVES)
    tr.template(
        "act (member): [energy N] your entry +N/+N this turn, or onto the deck's bottom",
        r"【起】【メンバー】(?:【ターン(?P<turn>\d+)】)?:\[(?:エネ(?P<cost>\d+)|手札から(?P<disc>\d+)枚控え室に置く)\]"
        r"あなたは自分のエントリーから1枚"
        rf"選び、(?:このターン中、そのキャラを{_MOD}。|(?P<bottom>デッキの下に置く。))",
        _member_act,
    ),
    # a character's ability when put into the entry / onto a member square, with a sentence a
    # spark's template reads (R4U-TEXT-ON-ENTRY)
    tr.template(
        "auto: put into the entry from the hand / not from the deck, a spark's sentence",
        rf"【自】(?:{_SHOW})?:このキャラが(?P<src>手札|デッキ以外)からエントリーに置かれた時、"
        rf"(?P<body>.+?)(?:{_SHOWCASE_REMINDER})?",
        lambda m: _trigger(m, "on_entry", {"手札": "hand", "デッキ以外": "not_deck"}),
    ),
    tr.template(
        "auto: put onto a member square from the hand / not from the entry, a spark's sentence",
        rf"【自】(?:{_SHOW})?:このキャラが(?P<src>手札|エントリー以外)からメンバーに置かれた時、"
        rf"(?P<body>.+?)(?:{_SHOWCASE_REMINDER})?",
        lambda m: _trigger(m, "on_member", {"手札": "hand", "エントリー以外": "not_entry"}),
    ),
    # a character that cannot be chosen (R4U-TEXT-UNSELECTABLE)
    tr.template(
        "cont (member): if the opponent has an empty member square, this cannot be chosen",
        rf"【永】【メンバー】(?:{_SHOW})?:相手のメンバーに空席があるなら、このキャラは効果で選べない。"
        r"\(あなたも選べない\)",
        lambda m: _unselectable(m, "member", "opponent_member_empty"),
    ),
    tr.template(
        "cont (entry): this cannot be chosen",
        r"【永】【エントリー】:このキャラは選ばれない。\(あなたも選べない\)",
        lambda m: _unselectable(m, "entry", None),
    ),
    # the entry's "when this character retires an opposing character" (R4U-TEXT-ON-DEFEAT)
    tr.template(
        "auto (entry): when this retires an opposing character, this character +N/+N this turn",
        rf"【自】【エントリー】{_RC}(?:{_SHOW})?:このキャラが相手のキャラをリタイアさせた時、このターン中、"
        rf"このキャラを{_MOD}。{_RC_REMINDER}(?:{_SHOWCASE_REMINDER})?",
        _on_defeat,
    ),
    # a rule of deck construction printed on a character (R4U-TEXT-ANY-COPIES)
    tr.template(
        ANY_COPIES,
        r"【永】:このキャラはデッキに4枚より多く入れてよい。",
        lambda m: Line(effect={"when": "deck", "do": [{"op": "any_copies"}]}, only=("character",)),
    ),
    tr.template(
        "act (member): [energy N, this onto the deck's bottom] N set Rebirth cards to the hand",
        r"【起】【メンバー】(?:【ターン(?P<turn>\d+)】)?:\[エネ(?P<cost>\d+)、このキャラをデッキの下に置く\]"
        r"あなたは自分のセットされているReバースから(?P<n>\d+)枚選び、手札に戻す。",
        lambda m: Line(
            effect={
                "when": "activated",
                "cost": int(m.group("cost")),
                "where": "member",
                "pay_self": "deck_bottom",
                **({"per_turn": int(m.group("turn"))} if m.group("turn") else {}),
                "do": [{"op": "rebirth_to_hand", "count": int(m.group("n"))}],
            },
            only=("character",),
        ),
    ),
    # an activated effect of the entry with an energy cost (R4U-ACTIVATE, R4U-COST)
    tr.template(
        "act (entry): [energy N] this character +N/+N this turn",
        rf"【起】【エントリー】{_RC}:\[エネ(?P<cost>\d+)\]このターン中、このキャラを{_MOD}。{_RC_REMINDER}",
        _act_entry,
    ),
)

#: keyword lines kept on an unsupported card though the line is not read (a cancel line in
#: another wording than the two the templates read: what it stops is not known)
_KEPT = (("cancel", re.compile(r"【キャンセル】.*")),)
#: keyword lines: no stand-in effect is made of them (what they do is a rule of the engine's)
_KEYWORD_LINE = re.compile(r"【(ブロッカー|キャンセル|のびしろ)】.*")


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader made of a card's text: ``effects`` (read ones when understood, else
    text-only stand-ins), ``keywords``, ``unread`` (every line not read) and ``lines``
    (``(line, template name or None)`` for each line, for ``judge cards show``)."""

    effects: tuple[dict[str, Any], ...] = ()
    keywords: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    lines: tuple[tuple[str, str | None], ...] = ()

    @property
    def understood(self) -> bool:
        return not self.unread


def _timing(line: str, kind: str) -> str | None:
    """The timing a stand-in of an unread ability line is put at (None: a reminder)."""
    if line.startswith("("):
        return None
    if line.startswith("【スパーク】"):
        return "spark"
    if line.startswith("【起】"):
        return "activated"
    return "rebirth_area" if kind == "rebirth" else "performance"


def read_card(defn: dict[str, Any]) -> Reading:
    """Read the printed ``text`` of one definition (module docstring)."""
    kind = str(defn.get("type") or "character")
    text = defn.get("text")
    doubts = [str(why) for why in defn.get("unsupported") or []]
    if not isinstance(text, str) or not text.strip():
        return Reading(unread=tuple(doubts))
    keywords: list[str] = []
    effects: list[dict[str, Any]] = []
    unread: list[str] = doubts  # the definition's own doubts come first
    shown: list[tuple[str, str | None]] = []
    reminders: list[tuple[str, str]] = []
    marks: set[str] = set()
    if kind == "partner":
        unread.append("(a partner card with printed text: a partner card has no other function)")
    for lr in tr.read_lines(text, TEMPLATES):
        value: Line | None = lr.value
        if value is None or kind not in value.only:
            for word, pattern in _KEPT:
                if pattern.fullmatch(lr.line) and word not in keywords:
                    keywords.append(word)
            unread.append(lr.line)
            shown.append((lr.line, None))
            continue
        shown.append((lr.line, lr.template))
        for word in value.keywords:
            if word not in keywords:
                keywords.append(word)
        marks.update(value.marks)
        if value.reminder is not None:
            reminders.append((value.reminder, lr.line))
        if value.effect is not None:
            effects.append({**value.effect, "text": lr.line})
    for word, line in reminders:  # a reminder is read only beside its keyword
        if word not in keywords and word not in marks:
            unread.append(line)
    unread += [e["text"] for e in effects if not supported(_bare(e))]
    if unread:
        stand_ins = [
            {"when": when, "text": line}
            for line, _ in shown
            if (when := _timing(line, kind)) is not None and not _KEYWORD_LINE.fullmatch(line)
        ]
        return Reading(tuple(stand_ins), tuple(keywords), tuple(unread), tuple(shown))
    return Reading(tuple(effects), tuple(keywords), (), tuple(shown))


def _bare(effect: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in effect.items() if k != "text"}
