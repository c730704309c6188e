"""The keyword, spark and Rebirth-card lines the Rebirth for you reader reads (``reader.py``):
keywords and their reminders (blocker, cancel, growing), a skill showcase's and 【Reコンボ】's
reminders, sparks, and a Rebirth card's abilities, each a template of :data:`SPARK_TEMPLATES`
with the rule it follows named beside it.
"""

from __future__ import annotations

import re

from judge.core import textread as tr
from judge.games.rebirth.readparts import (
    MOD,
    PER_ZONES,
    RC_REMINDER,
    SHOWCASE_REMINDER,
    SPARK,
    Line,
    by_doing_line,
    mod_line,
    mod_op,
    optional_line,
    recombo_reminder,
    showcase_reminder,
    signed,
    spark_line,
)

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


def _to_energy(m: re.Match[str]) -> Line | None:
    """「あなたは自分の(メンバー|控え室)からN枚選び、エネルギーに【レスト】で置(いてよい|く)」 (R4U-TEXT-MOVES):
    from the members only as 「てよい」 (may), from the waiting room only as 「置く」."""
    src = "member" if m.group("src") == "メンバー" else "waiting_room"
    may = m.group("may") == "いてよい"
    if may != (src == "member"):
        return None
    line = spark_line(m, [{"op": "to_energy", "from": src, "count": int(m.group("n"))}])
    return optional_line(line) if may else line


#: the keyword, spark and Rebirth-card lines, in the order they are tried (R4U-TEXT-READ)
SPARK_TEMPLATES: tuple[tr.Template, ...] = (
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
        SHOWCASE_REMINDER,
        showcase_reminder,
    ),
    tr.template(
        "Re-combo reminder",
        RC_REMINDER.removeprefix("(?:").removesuffix(")?"),
        recombo_reminder,
    ),
    tr.template(
        "spark: this character +N/+N this turn",
        rf"{SPARK}このターン中、このキャラを{MOD}。",
        lambda m: spark_line(
            m,
            [{"op": "mod", "atk": signed(m.group("atk")), "def": signed(m.group("def"))}],
            ("character",),
        ),
    ),
    tr.template(
        "spark: this character +N/+N this turn for every N cards of your hand/retire/energy",
        rf"{SPARK}あなたの(?P<zone>手札|リタイア|エネルギー)(?P<per>\d+)枚につき、このターン中、"
        rf"このキャラを{MOD}。",
        lambda m: spark_line(
            m,
            [
                {
                    **mod_op(m),
                    "per": {"zone": PER_ZONES[m.group("zone")], "n": int(m.group("per"))},
                }
            ],
            ("character",),
        ),
    ),
    tr.template(
        "spark: rest N opposing members [, and this character +N/+N this turn]",
        rf"{SPARK}あなたは相手のメンバーから(?P<n>\d+)枚選び、【レスト】(?:する。|し、このターン中、"
        rf"このキャラを{MOD}。)",
        lambda m: spark_line(
            m,
            [
                {"op": "rest", "side": "opponent", "count": int(m.group("n")), "any_state": True},
                *([mod_op(m)] if m.group("atk") else []),
            ],
            ("character",) if m.group("atk") else None,
        ),
    ),
    tr.template(
        "spark: N rested opposing members to the waiting room, and this character +N/+N",
        rf"{SPARK}あなたは相手の【レスト】しているメンバーから(?P<n>\d+)枚選び、控え室に置き、"
        rf"このターン中、このキャラを{MOD}。",
        lambda m: spark_line(
            m,
            [
                {
                    "op": "discard_member",
                    "side": "opponent",
                    "zone": "member",
                    "count": int(m.group("n")),
                    "rested": True,
                },
                mod_op(m),
            ],
            ("character",),
        ),
    ),
    tr.template(
        "spark: by putting N of your members into the waiting room, this character +N/+N",
        rf"{SPARK}あなたは自分のメンバーから(?P<n>\d+)枚選び、控え室に置くことで、このターン中、"
        rf"このキャラを{MOD}。",
        lambda m: by_doing_line(
            spark_line(
                m,
                [
                    {
                        "op": "discard_member",
                        "side": "own",
                        "zone": "member",
                        "count": int(m.group("n")),
                    },
                    mod_op(m),
                ],
                ("character",),
            )
        ),
    ),
    tr.template(
        "spark: N rested members of either player onto their owner's deck's bottom",
        rf"{SPARK}あなたは、いずれかの【レスト】しているメンバーから(?P<n>\d+)枚選び、そのプレイヤーの"
        r"デッキの下に置く。",
        lambda m: spark_line(
            m, [{"op": "bottom", "side": "any", "rested": True, "count": int(m.group("n"))}]
        ),
    ),
    tr.template(
        "spark: [you may put] N of your members / your waiting room's cards into the energy, rested",
        rf"{SPARK}あなたは自分の(?P<src>メンバー|控え室)から(?P<n>\d+)枚選び、エネルギーに【レスト】で"
        r"置(?P<may>いてよい|く)。",
        _to_energy,
    ),
    tr.template(
        "spark: your entry +N/+N this turn",
        rf"{SPARK}あなたは自分のエントリーから1枚選び、このターン中、そのキャラを{MOD}。",
        lambda m: spark_line(m, [mod_op(m)]),
    ),
    tr.template(
        "spark: this character +N/+N during its next attack this turn",
        rf"{SPARK}このターンこのキャラの次のアタック中、このキャラを{MOD}。",
        lambda m: spark_line(m, [{**mod_op(m), "until": "next_attack"}], ("character",)),
    ),
    tr.template(
        "spark: this turn this character may not be put onto a member square but by an effect",
        rf"{SPARK}このターン中、このキャラは効果以外でメンバーに置けない。",
        lambda m: spark_line(m, [{"op": "no_move"}], ("character",)),
    ),
    tr.template(
        "spark: heal N",
        rf"{SPARK}あなたは(?P<n>\d+)点回復する。",
        lambda m: spark_line(m, [{"op": "heal", "n": int(m.group("n"))}]),
    ),
    tr.template(
        "spark: draw N",
        rf"{SPARK}あなたは(?P<n>\d+)枚引く。",
        lambda m: spark_line(m, [{"op": "draw", "n": int(m.group("n"))}]),
    ),
    tr.template(
        "spark: N opposing members to the waiting room",
        rf"{SPARK}あなたは相手のメンバーから(?P<n>\d+)枚選び、控え室に置く。",
        lambda m: spark_line(
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
        rf"{SPARK}あなたは相手の、エントリーとメンバーから、あなたのリタイアと同じ枚数選び、"
        r"控え室に置く。\(選べる限り選ぶ\)",
        lambda m: spark_line(
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
        rf"{SPARK}あなたは自分のメンバーから(?P<n>\d+)枚選び、手札に戻してよい。",
        lambda m: optional_line(
            spark_line(m, [{"op": "return_member", "side": "own", "count": int(m.group("n"))}])
        ),
    ),
    # characters put onto member squares (R4U-TEXT-TO-MEMBER)
    tr.template(
        "spark: you may put N characters of your waiting room onto (empty) member squares",
        rf"{SPARK}あなたは自分の控え室からキャラを(?P<n>\d+)枚選び、(?P<empty>空席の)?メンバーに"
        r"置いてよい。",
        lambda m: optional_line(
            spark_line(
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
        rf"{SPARK}あなたはこのキャラを空席のメンバーに置いてよい。",
        lambda m: optional_line(spark_line(m, [{"op": "self_to_member"}], ("character",))),
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
        rf"{SPARK}あなたは味方のメンバーから(?P<n>\d+)枚まで選び、控え室に置く。",
        lambda m: spark_line(
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
        rf"{SPARK}あなたは相手の【レスト】しているメンバーから(?P<n>\d+)枚選び、控え室に置く。",
        lambda m: spark_line(
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
        rf"{SPARK}あなたは相手のエントリーから1枚選び、このターン中、そのキャラを{MOD}。",
        lambda m: spark_line(
            m,
            [
                {
                    "op": "mod",
                    "side": "opponent",
                    "atk": signed(m.group("atk")),
                    "def": signed(m.group("def")),
                }
            ],
        ),
    ),
    tr.template(
        "spark: the top N cards of your deck into the energy area, rested",
        rf"{SPARK}あなたは自分のデッキの上から(?P<n>\d+)枚エネルギーに【レスト】で置く。",
        lambda m: spark_line(m, [{"op": "energy_from_deck", "n": int(m.group("n"))}]),
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
        rf"【永】:あなたのエントリーを{MOD}。",
        lambda m: mod_line(m, "rebirth_area"),
    ),
    tr.template(
        "rebirth: during the n-th attack of each turn, your entry +N/+N",
        rf"【永】:各ターン(?P<n>\d+)回目のアタック中、あなたのエントリーを{MOD}。",
        lambda m: mod_line(m, "rebirth_area", attack=int(m.group("n"))),
    ),
)
