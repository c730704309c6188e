"""Characters the opponent cannot choose (``UA-EFFECT-UNCHOOSABLE``).

"相手はキャラの効果でこのキャラを選べない。" (the opponent cannot choose this character by a
character's effect), with the kinds of effect joined by "や" or "・" ("キャラの効果・イベントカード
の効果・トリガーの効果"), and "このキャラは、相手のトリガーの効果で選ばれない。" are written as
keywords (``cards.Keywords``), one per kind of effect named, as the other printed abilities that
are not bracketed keywords are, so that an effect gives them as it gives a keyword
("…を1枚まで選び、次の自分のターン開始時まで、「…」を与える").

A card with one cannot be chosen, by a choice its controller's opponent makes for an effect of
that kind: an effect of a character card (an ability of a character), of an event card (its
effect as it is used) or of a trigger icon turned from the life area.  The three are the kinds
the card list names side by side, so one is never another; a field's effect is none of them.
Only a choice is barred: an effect on "全て" (every card that meets it) chooses nothing and
still reaches the card, and a Snipe attack's target is no effect's choice (UA-KW-SNIPE).
A log naming such a card as a target is illegal; a mandatory "1枚選び" that has only such
cards to choose from chooses none.

"[フロントLにある場合]自分の場の〈X〉以外のキャラは、相手が手札から使用したイベントカードの効果で
選ばれない。" (also "〈X〉以外の自分の場のキャラは…"), a line of a character's text: while that
character is in its controller's front line, every character of that player's field not named X
cannot be chosen by the effect of an event card the opponent used (events are used from the
hand), written ``{"op": "unchoosable_others", "kind": "event", "where": "front_line",
"not_name": X}`` (``UA-EFFECT-UNCHOOSABLE-OTHERS``).

The forms that let the opponent choose it by paying more ("…選ぶ際に、追加で自身の手札を1枚場外に
置かないと選べない", "追加でAPを1支払わないと選べない") are not read: the action log has no
field that records that extra payment.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import Unit

RULE = "UA-EFFECT-UNCHOOSABLE"
OTHERS_RULE = "UA-EFFECT-UNCHOOSABLE-OTHERS"
#: the continuous op of "[フロントLにある場合]自分の場の〈X〉以外のキャラは、…選ばれない"
OTHERS = "unchoosable_others"
_OTHERS_LINE = re.compile(
    r"\[フロントLにある場合\](?:自分の場の〈([^〈〉]+)〉以外のキャラ|〈([^〈〉]+)〉以外の自分の場のキャラ)"
    r"は、相手が手札から使用したイベントカードの効果で選ばれない。?"
)
#: kind of effect -> the keyword a card the opponent cannot choose by it has
KEYWORDS = {
    "character": "unchoosable by opposing character effects",
    "event": "unchoosable by opposing event effects",
    "trigger": "unchoosable by opposing trigger effects",
}
#: the words of each kind of effect
_KINDS = {"キャラの効果": "character", "イベントカードの効果": "event", "トリガーの効果": "trigger"}
_KIND = "|".join(_KINDS)
_CANNOT = re.compile(rf"相手は((?:{_KIND})(?:[や・](?:{_KIND}))*)でこのキャラを選べない")
_NOT_CHOSEN = re.compile(rf"このキャラは、?相手の((?:{_KIND})(?:[や・](?:{_KIND}))*)で選ばれない")


def quoted(text: str) -> list[str] | None:
    """The keywords "相手は…でこのキャラを選べない。" / "このキャラは、相手の…で選ばれない。"
    says, one per kind of effect named (each once); None for any other text.

    >>> quoted("相手はキャラの効果・イベントカードの効果・トリガーの効果でこのキャラを選べない。")
    ['unchoosable by opposing character effects', 'unchoosable by opposing event effects', 'unchoosable by opposing trigger effects']
    >>> quoted("このキャラは、相手のトリガーの効果で選ばれない。")
    ['unchoosable by opposing trigger effects']
    >>> quoted("相手はキャラの効果でこのキャラを選ぶ際に、追加でAPを1支払わないと選べない。")
    """
    text = text.rstrip("。")
    m = _CANNOT.fullmatch(text) or _NOT_CHOSEN.fullmatch(text)
    if not m:
        return None
    kinds = [_KINDS[w] for w in re.split("[や・]", m.group(1))]
    if len(set(kinds)) != len(kinds):
        return None
    return [KEYWORDS[k] for k in kinds]


def effect_kind(eng: UnionArenaEngine, source: str | None) -> str | None:
    """The kind of effect whose card is ``source``: ``character`` or ``event`` by the card's
    type (a field's effect, or none known, is None)."""
    if source is None:
        return None
    kind = eng.state.card(source).type
    return kind if kind in ("character", "event") else None


def others_line(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """ "[フロントLにある場合]自分の場の〈X〉以外のキャラは、相手が手札から使用したイベントカードの
    効果で選ばれない。" on a character: the continuous effect, or None.

    >>> others_line({"type": "character"}, "[フロントLにある場合]〈ミラ〉以外の自分の場のキャラは、"
    ...     "相手が手札から使用したイベントカードの効果で選ばれない。")["do"]
    [{'op': 'unchoosable_others', 'kind': 'event', 'where': 'front_line', 'not_name': 'ミラ'}]
    """
    m = _OTHERS_LINE.fullmatch(line)
    if not m or defn.get("type") != "character":
        return None
    op = {
        "op": OTHERS,
        "kind": "event",
        "where": "front_line",
        "not_name": m.group(1) or m.group(2),
    }
    return {"when": "continuous", "do": [op]}


def others_ok(op: Any) -> bool:
    """Whether ``op`` is an :data:`OTHERS` op the engine executes exactly."""
    return (
        isinstance(op, dict)
        and set(op) == {"op", "kind", "where", "not_name"}
        and op["kind"] == "event"
        and op["where"] == "front_line"
        and isinstance(op["not_name"], str)
    )


def _shielding(eng: UnionArenaEngine, owner: str, unit: Unit, kind: str) -> str | None:
    """The card of ``owner``'s front line whose :data:`OTHERS` effect bars ``unit`` from a
    choice of an opposing effect of ``kind``, or None."""
    st = eng.state
    name = st.card(unit.top)
    for other in st.players[owner].front_line:
        for effect in st.card(other.top).effects:
            if effect.get("when") != "continuous":
                continue
            for op in effect.get("do") or []:
                if others_ok(op) and op["kind"] == kind and not name.has_name(op["not_name"]):
                    return other.top
    return None


def barred(eng: UnionArenaEngine, chooser: str, owner: str, unit: Unit, kind: str | None) -> bool:
    """Whether ``chooser`` cannot choose ``unit`` (of ``owner``) for an effect of ``kind``."""
    if kind is None or chooser == owner:
        return False
    if eng.state.card(unit.top).type != "character":
        return False
    if KEYWORDS[kind] in eng.state.keywords(unit).flags:
        return True
    return _shielding(eng, owner, unit, kind) is not None


def problem(eng: UnionArenaEngine, unit: Unit, kind: str) -> tuple[str, str]:
    """The violation for a choice of ``unit`` it bars."""
    owner = eng.state.owner_of[unit.top]
    shield = None if KEYWORDS[kind] in eng.state.keywords(unit).flags else kind
    by = _shielding(eng, owner, unit, shield) if shield else None
    if by is not None:
        return (
            OTHERS_RULE,
            f"{eng.name(unit.top)} cannot be chosen by the effect of an event card its "
            f"controller's opponent used: {eng.name(by)} is in its controller's front line.",
        )
    what = {"character": "a character's", "event": "an event card's", "trigger": "a trigger's"}
    return (
        RULE,
        f"{eng.name(unit.top)} cannot be chosen by {what[kind]} effect of its "
        "controller's opponent.",
    )
