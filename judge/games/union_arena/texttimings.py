"""Triggered timings printed as words, not as a tag: "自分のアタックフェイズ終了時、…".

Most triggered abilities open with a tag ("[アタック時]"); some open with a clause naming the
moment instead.  This module reads the clauses whose moment the rules settle and the engine
fires (``UA-TRIGGER-BLOCKED``, its "ブロックされなかった時" too, ``UA-TRIGGER-WIN-ATTACKING``, ``UA-TRIGGER-WIN-BLOCKING``,
``UA-TRIGGER-ATTACK-PHASE-END``) and one naming another card of its controller's by a trait
("自分の[特徴:X]がアタックしてバトルに勝利した時", ``UA-TRIGGER-OWN-WIN-ATTACKING``: :func:`watched`);
any other clause ("自分のターン開始時", "このキャラのアタック
終了時") is left to the caller, which leaves the line unread.  The phrase must be the whole
opening up to its comma, so a longer clause ("自分のキャラがアタックしてバトルに勝利した時")
is never taken for a shorter one.
"""

from __future__ import annotations

import re
from typing import Any

#: opening clause -> the engine's ``when``
PHRASES = {
    # this card attacked and the defender blocked it (attack phase step 2)
    "このキャラがアタックしてブロックされた時": "blocked",
    # this card attacked and the defender did not block it (the same step's other outcome)
    "このキャラがアタックしてブロックされなかった時": "not_blocked",
    # this card attacked and won the battle (case A, with the attacker's win-battle effects)
    "このキャラがアタックしてバトルに勝利した時": "win_battle_attacking",
    # this card blocked and won the battle (case B, with the opponent's win-battle effects)
    "このキャラがブロックしてバトルに勝利した時": "win_battle_blocking",
    # its controller's attack phase ends
    "自分のアタックフェイズ終了時": "attack_phase_end",
    # either player's attack phase ends
    "自分と相手のアタックフェイズ終了時": "each_attack_phase_end",
}
#: the ``when`` of a watching ability (:func:`watched`); ``by`` on the effect names whose win
#: it waits for
OWN_WIN_ATTACKING = "own_win_battle_attacking"
#: "このキャラと別のラインに〈X〉が登場した時": a card named X entered (played, raided or put
#: there by an effect) its controller's line other than this card's (UA-TRIGGER-OTHER-LINE-ENTERS)
OTHER_LINE_ENTERS = "other_line_enters"
#: all of them trigger while their card is on the field: "このキャラ" names it as it resolves
ON_FIELD = (*PHRASES.values(), OWN_WIN_ATTACKING, OTHER_LINE_ENTERS)
#: the tags such a line may carry before its clause: once per turn (UA-TRIGGER-ONCE)
TAGS_OK = ([], ["ターン1"])


def leading(tags: list[str], rest: str) -> tuple[str, str, str] | None:
    """The ``when``, the clause and the body of a line opening with a timing clause, or None.

    >>> leading([], "自分のアタックフェイズ終了時、このキャラを退場させる。")
    ('attack_phase_end', '自分のアタックフェイズ終了時、', 'このキャラを退場させる。')
    >>> leading(["ターン1"], "このキャラがアタックしてブロックされた時、カードを1枚引く。")[0]
    'blocked'
    >>> leading([], "自分のキャラがアタックしてバトルに勝利した時、カードを1枚引く。") is None
    True
    >>> leading(["エナジーLにある場合"], "自分のアタックフェイズ終了時、カードを1枚引く。") is None
    True
    """
    if tags not in TAGS_OK or "、" not in rest:
        return None
    clause, body = rest.split("、", 1)
    when = PHRASES.get(clause)
    if when is None or not body:
        return None
    return when, clause + "、", body


#: "自分の[特徴:X]がアタックしてバトルに勝利した時": any of its controller's cards with trait X
#: (this card too, when it has X) attacked and won (UA-TRIGGER-OWN-WIN-ATTACKING)
_OWN_TRAIT_WIN = re.compile(r"自分の\[特徴:([^\[\]、。]+)\]がアタックしてバトルに勝利した時")
_OTHER_LINE_NAME = re.compile(r"このキャラと別のラインに〈([^〈〉、。]+)〉が登場した時")


def watched(tags: list[str], rest: str) -> tuple[str, str, str, dict[str, Any]] | None:
    """The ``when``, the clause, the body and the watched card's condition (``by``) of a line
    opening with a clause on another card's event, or None.

    >>> watched(["ターン1"], "自分の[特徴:灯守]がアタックしてバトルに勝利した時、カードを1枚引く。")
    ('own_win_battle_attacking', '自分の[特徴:灯守]がアタックしてバトルに勝利した時、', 'カードを1枚引く。', {'trait': '灯守'})
    >>> watched([], "自分のキャラがアタックしてバトルに勝利した時、カードを1枚引く。") is None
    True
    >>> watched([], "相手の[特徴:灯守]がアタックしてバトルに勝利した時、カードを1枚引く。") is None
    True
    >>> watched([], "このキャラと別のラインに〈ミラ〉が登場した時、カードを1枚引く。")[3]
    {'name': 'ミラ'}
    """
    if tags not in TAGS_OK or "、" not in rest:
        return None
    clause, body = rest.split("、", 1)
    if not body:
        return None
    m = _OWN_TRAIT_WIN.fullmatch(clause)
    if m is not None:
        return OWN_WIN_ATTACKING, clause + "、", body, {"trait": m.group(1)}
    m = _OTHER_LINE_NAME.fullmatch(clause)
    if m is not None:
        return OTHER_LINE_ENTERS, clause + "、", body, {"name": m.group(1)}
    return None


#: a card's own moment off the field: put from its owner's deck into the outside area by an
#: effect of its owner's (a mill, the rest of a look; UA-TRIGGER-OWN-MILLED)
OWN_MILLED = "own_milled"
_OFF_FIELD = {"このカードが自分の効果で自分の山札から場外に置かれた時": OWN_MILLED}
#: the one body read at that moment: "このカードを手札に加えてもよい" (optional ``self_to_hand``)
_OFF_FIELD_BODY = "このカードを手札に加えてもよい。"


def off_field(tags: list[str], rest: str) -> dict[str, Any] | None:
    """The effect of a whole line "このカードが自分の効果で自分の山札から場外に置かれた時、この
    カードを手札に加えてもよい。" (no tag), or None: any other body is left unread.

    >>> off_field([], "このカードが自分の効果で自分の山札から場外に置かれた時、このカードを手札に加えてもよい。")
    {'when': 'own_milled', 'optional': True, 'do': [{'op': 'self_to_hand'}]}
    >>> off_field([], "このカードが自分の効果で自分の山札から場外に置かれた時、カードを1枚引く。") is None
    True
    """
    if tags or "、" not in rest:
        return None
    clause, body = rest.split("、", 1)
    when = _OFF_FIELD.get(clause)
    if when is None or body.rstrip("。") + "。" != _OFF_FIELD_BODY:
        return None
    return {"when": when, "optional": True, "do": [{"op": "self_to_hand"}]}
