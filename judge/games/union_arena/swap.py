"""This character and a chosen one of the other line swap positions (``swap``, ``UA-EFFECT-SWAP``).

The sentence (the official card list's wording)::

    このキャラと別のラインにある特徴に「X」を持つ自分のキャラを1枚選び、このキャラと位置を入れ替える。

The reader writes it as ``{"op": "swap", "target": {"side": "own", "zone": "field",
"type": "character", "other_line": true, …, "count": 1, "if_able": true}}``: one character of
one's own in the line this card is not in is chosen, and the two swap positions.  What a swap
is comes from the seed's movement phase ("…同時移動到EL，使得FL與EL的角色位置互換，使自己可以
不用將多餘卡放置到除外區"): the two cards move at the same time, each into the other's line, so
neither line holds more cards than before and no card goes to the removal area (the full-line
removal, ``UA-LINE-LIMIT``, is not used).  Each is put after the cards already in the line it
enters, as a move puts it (``UA-EFFECT-MOVE-LINE``: the card there longest stays first).  Fields
never move ("場地不能移動"), and the text chooses a "キャラ", so a field is never one of the two.

The log records the chosen card in the effect's ``targets`` as for any choice; the other card
is the effect's own, so the record is unambiguous.  Neither leaves the field: each keeps its
once-per-turn uses and a raided stack, and its state and the effects on it as a move does
(``UA-EFFECT-MOVE-LINE-STATE``, rule option ``move_line_state``).  A card that cannot move
(``UA-CANNOT-MOVE``), or this card no longer on the field, or the chosen card no longer in the
other line when the effect resolves: no swap, and whether such a choice could be made is in no
source (unverifiable).  Other shapes ("…か、別のラインのキャラと位置を入れ替える", two cards
"1枚ずつ" chosen, "てもよい" at a battle's end) are left unread.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.games.union_arena import cannot_move, moveline
from judge.games.union_arena import textgrammar as g

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

RULE = "UA-EFFECT-SWAP"
#: the selector key: the card is in the line the effect's own card is not in ("別のラインにある")
KEY = "other_line"

_SWAP = re.compile(r"このキャラと別のラインにある(.+?)を1枚選び、このキャラと位置を入れ替える")
#: "このキャラを別のラインに移動させるか、別のラインのキャラと位置を入れ替える": one of the two
_EITHER = re.compile(r"このキャラを別のラインに移動させるか、別のラインのキャラと位置を入れ替える")
#: the nouns read after "別のラインにある": one's own character, with a trait or a name
_NOUN = re.compile(r"(特徴に「[^」]+」を持つ)?自分の(キャラ)")


def read(s: str, self_ok: bool) -> list[dict[str, Any]] | None:
    """The op of "このキャラと別のラインにある<自分のキャラ>を1枚選び、このキャラと位置を入れ替える",
    or None (``self_ok``: "このキャラ" names a card on the field when the effect resolves).

    >>> read("このキャラと別のラインにある特徴に「灯守」を持つ自分のキャラを1枚選び、"
    ...      "このキャラと位置を入れ替える", True)
    [{'op': 'swap', 'target': {'side': 'own', 'zone': 'field', 'type': 'character', 'trait': '灯守', 'other_line': True, 'count': 1, 'if_able': True}}]
    >>> read("このキャラと別のラインにある自分のキャラを1枚選び、このキャラと位置を入れ替える", False)
    """
    if self_ok and _EITHER.fullmatch(s):
        return [either()]
    m = _SWAP.fullmatch(s)
    n = _NOUN.fullmatch(m.group(1)) if m and self_ok else None
    if n is None:
        return None
    sel = g.selector(f"自分の場の{n.group(1) or ''}キャラ")
    if sel is None or sel.get("type") != "character":
        return None
    return [{"op": "swap", "target": {**sel, KEY: True, "count": 1, "if_able": True}}]


def either() -> dict[str, Any]:
    """ "このキャラを別のラインに移動させるか、別のラインのキャラと位置を入れ替える": its controller
    does one of the two ("…か、…"), read as a choice of one of two listed effects
    (``modes``, ``UA-EFFECT-MODES``: the log records ``{"modes": [1]}`` or ``{"modes": [2]}``
    before the chosen effect's targets, so which was chosen is never in doubt).  The first
    moves this card to the other line (``move_line``, ``UA-EFFECT-MOVE-LINE``: into a full
    line, its ``{"remove": …}`` follows); the second chooses one of one's own characters in
    the other line ("別のラインのキャラ": the line of this card's owner it is not in; one
    card, for one position to take) and the two swap positions.

    >>> either()["modes"][0]
    [{'op': 'move_line', 'to': 'other', 'target': 'self'}]
    """
    target = {"side": "own", "zone": "field", "type": "character", KEY: True, "count": 1}
    return {
        "op": "modes",
        "n": 1,
        "modes": [
            [{"op": "move_line", "to": "other", "target": "self"}],
            [{"op": "swap", "target": {**target, "if_able": True}}],
        ],
    }


#: "[アタック時]自分のフロントLの他のキャラと、自分のエナジーLの他のキャラを1枚ずつ選び、それらの位置を
#: 入れ替えてもよい": one of each line, chosen in the printed order
_PAIR = re.compile(
    r"自分のフロントLの他のキャラと、自分のエナジーLの他のキャラを1枚ずつ選び、"
    r"それらの位置を入れ替えてもよい"
)
#: the op that chooses the first of a pair, which the ``swap`` after it (``with`` ``chosen``)
#: swaps with the card it chooses
PICK = "pick_swap"
OPS = (PICK, "swap")


def read_may_pair(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> list[dict[str, Any]] | None:
    """ "[アタック時]自分のフロントLの他のキャラと、自分のエナジーLの他のキャラを1枚ずつ選び、それらの
    位置を入れ替えてもよい" as a whole ability: optional (the log's ``use``); when used, one
    other character of each line is chosen, the front line's first, as printed, and the
    two swap positions: a ``pick_swap`` then a ``swap`` ``with`` ``chosen``.  Read only on
    "[アタック時]" (neither card is in the battle: both are "other" than the attacker, and
    the card attacked is the opponent's), nothing read before it, not already optional.

    >>> [op["op"] for op in read_may_pair(["自分のフロントLの他のキャラと、自分のエナジーLの他の"
    ...     "キャラを1枚ずつ選び、それらの位置を入れ替えてもよい"], "on_attack", [], {}, [])]
    ['pick_swap', 'swap']
    """
    if (
        len(parts) != 1
        or not _PAIR.fullmatch(parts[0])
        or when != "on_attack"
        or tags not in ([], ["ターン1"])
        or ops
        or effect.get("optional")
    ):
        return None
    one = {"side": "own", "type": "character", "other": True, "count": 1}
    return [
        {"op": PICK, "target": {**one, "zone": "front_line"}},
        {"op": "swap", "target": {**one, "zone": "energy_line"}, "with": "chosen"},
    ]


def pair_ok(effect: dict[str, Any], i: int) -> bool:
    """A ``pick_swap`` right before a ``swap`` ``with`` ``chosen``, one other character of
    one's own of each line, as :func:`read_may_pair` reads them, in an optional
    "[アタック時]" ability (:func:`judge.games.union_arena.effects.supported`)."""
    ops = effect.get("do") or []
    first = i if ops[i].get("op") == PICK else i - 1
    if first < 0 or first + 1 >= len(ops) or effect.get("when") != "on_attack":
        return False
    pick, swap = ops[first], ops[first + 1]
    if pick.get("op") != PICK or swap.get("op") != "swap" or swap.get("with") != "chosen":
        return False
    one = {"side": "own", "type": "character", "other": True, "count": 1}
    return (
        bool(effect.get("optional"))
        and set(pick) == {"op", "target"}
        and set(swap) == {"op", "target", "with"}
        and pick["target"] == {**one, "zone": "front_line"}
        and swap["target"] == {**one, "zone": "energy_line"}
    )


def swap_ok(op: dict[str, Any]) -> bool:
    """Whether the engine executes a ``swap`` op exactly: one own character chosen in the
    other line than this card's (``other_line``), and nothing else asked of it.

    >>> swap_ok({"op": "swap", "target": {"side": "own", "zone": "field", "type": "character",
    ...          "other_line": True, "count": 1, "if_able": True}})
    True
    >>> swap_ok({"op": "swap", "target": {"side": "own", "zone": "field", "count": 1}})
    False
    """
    t = op.get("target")
    return (
        set(op) <= {"op", "target"}
        and isinstance(t, dict)
        and t.get(KEY) is True
        and t.get("side") == "own"
        and t.get("zone") == "field"
        and t.get("type") == "character"
        and t.get("count") == 1
        and not t.get("all")
        and not t.get("up_to")
    )


def mismatch(eng: UnionArenaEngine, line: str, source: str | None) -> str | None:
    """Why a card in ``line`` is not in the other line than the effect's own card, or None."""
    found = eng.state.find_unit(source) if source is not None else None
    if found is None:
        return "this card is not on the field: no line is the other one."
    if found[1] == line:
        return f"it is in the {line.replace('_', ' ')}, the same line as this card."
    return None


def run(
    eng: UnionArenaEngine,
    pe: PendingEffect,
    op: dict[str, Any],
    objs: list[Any],
    prior: list[str],
) -> None:
    """Carry out the swap as ``pe`` resolves: ``objs`` is the chosen card (``(owner, line,
    unit)``); the effect's own card (with ``with`` ``chosen``: the card the ``pick_swap``
    before chose, ``prior``) takes its place and it takes the other's."""
    st = eng.state
    ctx = eng.ctx
    if op.get("with") == "chosen":
        here = st.find_unit(prior[0]) if prior else None
    else:
        here = st.find_unit(pe.source)
    if not objs or (op.get("with") == "chosen" and not prior):
        return
    owner, line, unit = objs[0]
    if (
        here is None
        or here[0] != owner
        or here[1] == line
        or unit not in st.players[owner].line(line)
    ):
        ctx.ruling(RULE, f"{pe.describe()}: the two cards are not in different lines: no swap.")
        ctx.cannot_verify("a swap of positions whose cards are no longer in different lines")
        return
    _, mine, me = here
    for u in (me, unit):
        if st.card(u.top).type != "character" or st.has(u, cannot_move.KEYWORD):
            name = eng.name(u.top)
            ctx.ruling(RULE, f"{pe.describe()}: {name} cannot move: no swap.")
            ctx.cannot_verify(f"{name}, which cannot move, was to swap positions")
            return
    a, b = st.players[owner].line(mine), st.players[owner].line(line)
    a.remove(me)
    b.remove(unit)
    a.append(unit)  # after the cards already there, as a move puts it (UA-EFFECT-MOVE-LINE)
    b.append(me)
    for u, src, dest in ((me, mine, line), (unit, line, mine)):
        eng.event(
            "move_line",
            f"{eng.name(u.top)} moves from {owner}'s {src.replace('_', ' ')} to the "
            f"{dest.replace('_', ' ')} (positions swapped).",
            player=owner,
            card=u.top,
            to=dest,
        )
    ctx.ruling(
        RULE,
        f"{pe.describe()}: {eng.name(me.top)} and {eng.name(unit.top)} swap positions at the "
        "same time; no line holds more cards, so none goes to the removal area.",
    )
    for u in (me, unit):
        moveline.keep_state(eng, pe, u)
