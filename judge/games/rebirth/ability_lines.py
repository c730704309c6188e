"""A character's ability lines the Rebirth for you reader reads (``reader.py``): continuous
(【永】), automatic (【自】) and activated (【起】) abilities, each a template of
:data:`ABILITY_TEMPLATES` with the rule it follows named beside it.

Why apart from the sparks (``spark_lines.py``): these say when and from where the ability
works (【エントリー】, 【メンバー】, 【控え室】) and what triggers it; an automatic ability's sentence may
be any one a spark's template reads (:func:`_trigger`).
"""

from __future__ import annotations

import re
from typing import Any

from judge.core import textread as tr
from judge.games.rebirth.readparts import (
    ANY_COPIES,
    MOD,
    RC,
    RC_REMINDER,
    SHOW,
    SHOWCASE_REMINDER,
    Line,
    mod_line,
    mod_op,
    optional_line,
    showcase_of,
)
from judge.games.rebirth.spark_lines import SPARK_TEMPLATES


def _trigger(m: re.Match[str], when: str, sources: dict[str, str]) -> Line | None:
    """A 【自】 of a character whose sentence (``body``) one of the spark templates reads: the
    spark's ops at ``when`` (``on_entry``, ``on_member``), with its skill showcase if printed.
    On a member square "このキャラ" is not the entry: such a sentence is not read there."""
    shown = showcase_of(m)
    body = m.group("body")
    if shown is None or (when == "on_member" and "このキャラ" in body):
        return None
    spark = tr.read_line(f"【スパーク】:{body}", SPARK_TEMPLATES).value
    if not isinstance(spark, Line) or spark.effect is None or "character" not in spark.only:
        return None
    if spark.effect.get("when") != "spark" or "showcase" in spark.effect:
        return None
    rest = {k: v for k, v in spark.effect.items() if k != "when"}
    effect = {"when": when, "from": sources[m.group("src")], **shown[0], **rest}
    return Line(effect=effect, only=("character",), marks=shown[1])


def _unselectable(m: re.Match[str], where: str, cond: str | None) -> Line | None:
    """「このキャラは(効果で)選べない/選ばれない。(あなたも選べない)」 from ``where`` (R4U-TEXT-UNSELECTABLE)."""
    shown = showcase_of(m)
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
    shown = showcase_of(m)
    if shown is None:
        return None
    effect = {"when": "on_defeat", **shown[0], "do": [mod_op(m)]}
    return Line(effect=effect, only=("character",), marks=shown[1])


def _from_waiting_room(m: re.Match[str]) -> Line | None:
    """「【起】【控え室】:[エネN]あなたはこのキャラをエントリーに置く。」 (R4U-TEXT-FROM-WAITING-ROOM)."""
    shown = showcase_of(m)
    if shown is None:
        return None
    effect = {"when": "activated", "cost": int(m.group("cost")), "where": "waiting_room"}
    effect.update(shown[0], do=[{"op": "self_to_entry"}])
    return Line(effect=effect, only=("character",), marks=shown[1])


def _member_act(m: re.Match[str]) -> Line:
    """【起】【メンバー】(【ターンN】):[エネN] on the player's own entry: +X/+Y this turn, or onto the
    bottom of its deck (entry-in follows)."""
    op = (
        {"op": "bottom", "side": "own", "zone": "entry", "count": 1}
        if m.group("bottom")
        else mod_op(m)
    )
    effect: dict[str, Any] = {"when": "activated", "cost": int(m.group("cost") or 0)}
    if m.group("disc"):  # [手札からN枚控え室に置く] (R4U-TEXT-DISCARD-COST)
        effect["discard"] = int(m.group("disc"))
    effect["where"] = "member"
    if m.group("turn"):
        effect["per_turn"] = int(m.group("turn"))
    return Line(effect={**effect, "do": [op]}, only=("character",))


def _act_entry(m: re.Match[str]) -> Line | None:
    """「【起】【エントリー】(【Reコンボ】):[エネN]このターン中、このキャラを+X/+Y。」"""
    shown = showcase_of(m)
    if shown is None:
        return None
    line = mod_line(m, "activated", cost=int(m.group("cost")), where="entry", **shown[0])
    return Line(effect=line.effect, only=line.only, marks=shown[1])


def _performance(m: re.Match[str], where: str) -> Line | None:
    """「【永】【エントリー|メンバー】(【Reコンボ】)【本領発揮LvN】(〔X〕):…を+X/+Y。」: a ``performance`` of count
    N (of attribute X) that works only from ``where`` (R4U-TEXT-PERFORMANCE); without a skill
    showcase, a 【Reコンボ】 change of the entry itself (R4U-TEXT-RECOMBO)."""
    shown = showcase_of(m)
    if not shown or not shown[0]:
        return None
    if "showcase" not in shown[0]:  # 【永】【エントリー】【Reコンボ】:このキャラを+X/+Y
        if where != "entry":
            return None
        effect = {"when": "continuous", "where": "entry", **shown[0], "do": [mod_op(m)]}
        return Line(effect=effect, only=("character",), marks=shown[1])
    effect: dict[str, Any] = {"when": "performance", "count": shown[0]["showcase"]}
    if "showcase_attribute" in shown[0]:
        effect["attribute"] = shown[0]["showcase_attribute"]
    if "recombo" in shown[0]:
        effect["recombo"] = shown[0]["recombo"]
    effect.update(where=where, do=[mod_op(m)])
    return Line(effect=effect, only=("character",), marks=shown[1])


def _on_entry(m: re.Match[str], ops: list[dict[str, Any]] | None = None) -> Line | None:
    """「【自】:このキャラが(手札|デッキ以外)からエントリーに置かれた時、このターン中、このキャラを
    +X/+Y。」 (or ``ops``): an ``on_entry`` ability (R4U-TEXT-ON-ENTRY), with its skill showcase
    if printed."""
    shown = showcase_of(m)
    if shown is None:
        return None
    src = "hand" if m.group("src") == "手札" else "not_deck"
    effect: dict[str, Any] = {"when": "on_entry", "from": src, **shown[0]}
    effect["do"] = ops if ops is not None else [mod_op(m)]
    return Line(effect=effect, only=("character",), marks=shown[1])


def _own_attack(m: re.Match[str]) -> Line | None:
    """「【永】【エントリー】:各ターンこのキャラのN回目のアタック中、このキャラを+X/+Y。」: a ``continuous``
    change of this character during its N-th attack (R4U-TEXT-OWN-ATTACK)."""
    shown = showcase_of(m)
    if shown is None:
        return None
    effect: dict[str, Any] = {"when": "continuous", "where": "entry"}
    effect.update(own_attack=int(m.group("n")), **shown[0], do=[mod_op(m)])
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
    rf"(?:このアタック中、サポートされたキャラを{MOD}。)?"
)


def _on_support(m: re.Match[str]) -> Line | None:
    """「【自】【メンバー】:このキャラがサポートした時、(cost)(N枚引き、)(このアタック中、サポートされたキャラを
    +X/+Y。)」: an ``on_support`` ability (R4U-TEXT-ON-SUPPORT)."""
    shown = showcase_of(m)
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
        ops.append({**mod_op(m), "until": "attack"})
    effect: dict[str, Any] = {"when": "on_support", **shown[0]}
    if m.group("self"):
        effect.update(pay_self="deck_bottom", optional=True, by_doing=True)
    elif m.group("cost"):
        effect.update(cost=int(m.group("cost")), optional=True, by_doing=True)
    elif m.group("may"):
        effect.update(cost=int(m.group("may")), optional=True)
    return Line(effect={**effect, "do": ops}, only=("character",), marks=shown[1])


#: a character's ability lines, in the order they are tried (R4U-TEXT-READ)
ABILITY_TEMPLATES: tuple[tr.Template, ...] = (
    # a character's continuous ability with a skill showcase, where it works printed
    # (R4U-TEXT-PERFORMANCE): the seed's performance (本领发挥)
    tr.template(
        "cont (entry) showcase: this character +N/+N",
        rf"【永】【エントリー】{RC}(?:{SHOW})?:このキャラを{MOD}。{RC_REMINDER}"
        rf"(?:{SHOWCASE_REMINDER})?",
        lambda m: _performance(m, "entry"),
    ),
    tr.template(
        "cont (member) showcase: your entry +N/+N",
        rf"【永】【メンバー】{RC}{SHOW}:あなたのエントリーを{MOD}。{RC_REMINDER}"
        rf"(?:{SHOWCASE_REMINDER})?",
        lambda m: _performance(m, "member"),
    ),
    # a character's change of itself during its n-th attack of each turn (R4U-TEXT-OWN-ATTACK)
    tr.template(
        "cont (entry): during this character's n-th attack of each turn, this character +N/+N",
        rf"【永】【エントリー】{RC}(?:{SHOW})?:各ターンこのキャラの(?P<n>\d+)回目の"
        rf"アタック中、このキャラを{MOD}。(?:{SHOWCASE_REMINDER})?",
        _own_attack,
    ),
    # a character's "when this character is put into the entry from …" (R4U-TEXT-ON-ENTRY)
    tr.template(
        "auto: put into the entry from the hand / not from the deck, you may put this character "
        "onto an empty member square",
        rf"【自】(?:{SHOW})?:このキャラが(?P<src>手札|デッキ以外)からエントリーに"
        rf"置かれた時、あなたはこのキャラを空席のメンバーに置いてよい。(?:{SHOWCASE_REMINDER})?",
        lambda m: optional_line(_on_entry(m, [{"op": "self_to_member"}])),
    ),
    tr.template(
        "auto: put into the entry from the hand / not from the deck, this character +N/+N",
        rf"【自】(?:{SHOW})?:このキャラが(?P<src>手札|デッキ以外)からエントリーに"
        rf"置かれた時、このターン中、このキャラを{MOD}。(?:{SHOWCASE_REMINDER})?",
        _on_entry,
    ),
    # a member's "when this character supports" (R4U-TEXT-ON-SUPPORT), with its cost
    tr.template(
        "auto (member): when this supports, [a cost,] draw and/or the supported +N/+N",
        rf"【自】【メンバー】{RC}(?:{SHOW})?:このキャラがサポートした時、{_SUPPORT_COST}"
        rf"{_SUPPORT_BODY}{RC_REMINDER}(?:{SHOWCASE_REMINDER})?",
        _on_support,
    ),
    # an activated effect of a member with an energy cost on its player's entry (R4U-TEXT-MOVES)
    tr.template(
        "act (member): [energy N] your entry +N/+N this turn, or onto the deck's bottom",
        r"【起】【メンバー】(?:【ターン(?P<turn>\d+)】)?:\[(?:エネ(?P<cost>\d+)|手札から(?P<disc>\d+)枚控え室に置く)\]"
        r"あなたは自分のエントリーから1枚"
        rf"選び、(?:このターン中、そのキャラを{MOD}。|(?P<bottom>デッキの下に置く。))",
        _member_act,
    ),
    # a character's ability when put into the entry / onto a member square, with a sentence a
    # spark's template reads (R4U-TEXT-ON-ENTRY)
    tr.template(
        "auto: put into the entry from the hand / not from the deck, a spark's sentence",
        rf"【自】(?:{SHOW})?:このキャラが(?P<src>手札|デッキ以外)からエントリーに置かれた時、"
        rf"(?P<body>.+?)(?:{SHOWCASE_REMINDER})?",
        lambda m: _trigger(m, "on_entry", {"手札": "hand", "デッキ以外": "not_deck"}),
    ),
    tr.template(
        "auto: put onto a member square from the hand / not from the entry, a spark's sentence",
        rf"【自】(?:{SHOW})?:このキャラが(?P<src>手札|エントリー以外)からメンバーに置かれた時、"
        rf"(?P<body>.+?)(?:{SHOWCASE_REMINDER})?",
        lambda m: _trigger(m, "on_member", {"手札": "hand", "エントリー以外": "not_entry"}),
    ),
    # a character that cannot be chosen (R4U-TEXT-UNSELECTABLE)
    tr.template(
        "cont (member): if the opponent has an empty member square, this cannot be chosen",
        rf"【永】【メンバー】(?:{SHOW})?:相手のメンバーに空席があるなら、このキャラは効果で選べない。"
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
        rf"【自】【エントリー】{RC}(?:{SHOW})?:このキャラが相手のキャラをリタイアさせた時、このターン中、"
        rf"このキャラを{MOD}。{RC_REMINDER}(?:{SHOWCASE_REMINDER})?",
        _on_defeat,
    ),
    # an activated effect used from the waiting room (R4U-TEXT-FROM-WAITING-ROOM)
    tr.template(
        "act (waiting room): [energy N] put this character into the entry",
        rf"【起】【控え室】{RC}(?:{SHOW})?:\[エネ(?P<cost>\d+)\]あなたはこのキャラをエントリーに置く。",
        _from_waiting_room,
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
        rf"【起】【エントリー】{RC}:\[エネ(?P<cost>\d+)\]このターン中、このキャラを{MOD}。{RC_REMINDER}",
        _act_entry,
    ),
)
