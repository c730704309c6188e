"""Union Arena: "このターン中、次に手札から使用する<card>の消費APを-Nする" — this turn, the next
<card> its controller uses from the hand costs N AP less (``UA-EFFECT-AP-LESS-NEXT``).

Read as the op ``{"op": "ap_less_next", "n": N, "card": noun}``: when it resolves, a pending
reduction is added to its controller's ``PlayerState.ap_less_next``.  The noun is one the
engine checks on a card wherever it is (``targets.card_mismatch``): a name, a trait, a colour,
a card type, "必要エナジーがN以下の", alternatives "〔〈X〉か〈Y〉〕", and "元々のBPがNの" (the
printed BP, exactly N, of a character card).

What "使用" from the hand is: the seed (000, "使用卡片") puts under it the three ways a card
leaves the hand in the main phase: "登場角色卡" (a character played, the raid "激躍" being a
way a character card "登場時" enters), "登場場地卡" (a field) and "使用事件卡" (an event).  So a
play, a raid and an event's use all consume it (:func:`for_play`, called as the AP cost is
computed, :func:`consume` as it is paid).  A card an effect plays is not used from the hand
paying its AP cost, so it does not.

Never below 0 AP (as ``UA-EFFECT-AP-LESS``).  Pending reductions end with the turn (cleared
at every turn's start with what was done this turn).  Two things no source settles
(``UA-EFFECT-AP-LESS-NEXT-ZERO``, ``UA-EFFECT-AP-LESS-NEXT-STACK``, GAP, rule options):

- ``ap_less_next_zero``: whether a matching card that costs 0 AP without it uses the
  reduction up ("used", the default: the text names the next such card used) or leaves it
  for the following one ("kept").
- ``ap_less_next_stack``: whether two pending reductions whose cards both match the next
  card both apply to it ("all", the default: each effect names that card) or only the one
  set up first ("first"; the other waits for the following matching card).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.games.union_arena import textgrammar as g

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

RULE = "UA-EFFECT-AP-LESS-NEXT"
ZERO_OPTION = "ap_less_next_zero"
STACK_OPTION = "ap_less_next_stack"
OPS = ("ap_less_next",)

_SENTENCE = re.compile(r"このターン中、次に手札から使用する(.+)の消費APを[-−‐](\d+)する")
#: the card conditions the engine checks on the card used (``targets.card_mismatch``, and
#: ``bp`` here)
NOUN_KEYS = frozenset({"name", "trait", "color", "card_type", "energy_max", "any_of", "bp"})


def noun(text: str) -> dict[str, Any] | None:
    """The card a reduction waits for, or None (a word the engine does not check).

    >>> noun("イベントカード"), noun("黄の[特徴:灯守]")
    ({'card_type': 'event'}, {'trait': '灯守', 'color': 'yellow'})
    >>> noun("元々のBPが3500の[特徴:灯守]"), noun("必要エナジーが3以下のイベントカード")
    ({'bp': 3500, 'trait': '灯守'}, {'card_type': 'event', 'energy_max': 3})
    >>> noun("〔〈ミラ〉か〈イロ〉〕")
    {'any_of': [{'name': 'ミラ'}, {'name': 'イロ'}]}
    """
    from judge.games.union_arena.textoutside import outside_card

    bp = re.fullmatch(r"元々のBPが(\d+)の(〈[^〈〉]+〉|\[特徴:[^\[\]]+\])", text)
    if bp:
        out = g.take_noun(f"BPが{bp.group(1)}の{bp.group(2)}")
    elif text.startswith("〔") and text.endswith("〕"):
        out = g.card_noun(text[1:-1], on_field=False)
        out = out if out and "any_of" in out else None
    else:
        out = outside_card(text)
    if not out or not set(out) <= NOUN_KEYS:
        return None
    if any(
        not isinstance(a, dict) or not set(a) <= {"name", "trait"} for a in out.get("any_of", [])
    ):
        return None
    return out


def read(sentence: str) -> list[dict[str, Any]] | None:
    """The op of the sentence (without its "。"), or None.

    >>> read("このターン中、次に手札から使用する[特徴:灯守]の消費APを‐1する")
    [{'op': 'ap_less_next', 'n': 1, 'card': {'trait': '灯守'}}]
    """
    m = _SENTENCE.fullmatch(sentence)
    if not m or int(m.group(2)) < 1:
        return None
    card = noun(m.group(1))
    return None if card is None else [{"op": "ap_less_next", "n": int(m.group(2)), "card": card}]


def op_ok(op: dict[str, Any]) -> bool:
    """Whether an ``ap_less_next`` op is one the engine carries out exactly."""
    n, card = op.get("n"), op.get("card")
    return (
        set(op) <= {"op", "n", "card", "if", "if_done"}
        and type(n) is int
        and n >= 1
        and isinstance(card, dict)
        and bool(card)
        and set(card) <= NOUN_KEYS
    )


def run(eng: UnionArenaEngine, pe: PendingEffect, op: dict[str, Any]) -> None:
    """Set up the reduction for ``pe``'s controller, for the rest of this turn."""
    eng.state.players[pe.controller].ap_less_next.append(
        {"n": int(op["n"]), "card": op["card"], "source": pe.source}
    )
    eng.ctx.ruling(
        RULE,
        f"{pe.describe()}: this turn, the next {describe(op['card'])} {pe.controller} uses "
        f"from the hand costs {op['n']} AP less.",
    )


def describe(card: dict[str, Any]) -> str:
    """The card in words ("card with [X]", "event card with required energy 3 or less").

    >>> describe({"card_type": "event", "energy_max": 3})
    'event card with required energy 3 or less'
    >>> describe({"color": "yellow", "trait": "灯守"})
    'yellow card with [灯守]'
    >>> describe({"bp": 3500, "trait": "灯守"})
    'card with [灯守] with printed BP 3500'
    """
    from judge.games.union_arena.render import card_conditions

    what = {"character": "character card", "field": "field card", "event": "event card"}.get(
        card.get("card_type", ""), "card"
    )
    lead = f"{card['color']} " if "color" in card else ""
    rest = {k: v for k, v in card.items() if k not in ("card_type", "color", "bp")}
    printed = f" with printed BP {card['bp']}" if "bp" in card else ""  # "元々のBPがNの"
    return f"{lead}{what}{card_conditions(rest)}{printed}"


def _matches(eng: UnionArenaEngine, card: dict[str, Any], iid: str) -> bool:
    from judge.games.union_arena.targets import card_mismatch

    d = eng.state.card(iid)
    if "bp" in card and (d.type != "character" or d.bp != card["bp"]):
        return False
    rest = {k: v for k, v in card.items() if k != "bp"}
    return card_mismatch(eng, rest, iid, in_hand=True) is None


def for_play(eng: UnionArenaEngine, iid: str, printed_less: int) -> list[int]:
    """The indexes (in ``ap_less_next``) of the pending reductions the use of ``iid`` from the
    hand takes up; ``printed_less``: what it costs without them (0: the option
    ``ap_less_next_zero`` says whether they are used up)."""
    pending = eng.state.players[eng.state.owner_of[iid]].ap_less_next
    if not pending:  # (most plays: none pending, no comprehension run)
        return []
    hits = [i for i, r in enumerate(pending) if _matches(eng, r["card"], iid)]
    if hits and printed_less == 0 and eng.options.get(ZERO_OPTION, "used") == "kept":
        return []
    if hits and eng.options.get(STACK_OPTION, "all") == "first":
        return hits[:1]
    return hits


def consume(eng: UnionArenaEngine, pid: str, used: list[int]) -> None:
    """The reductions ``used`` are gone once the card is used."""
    if not used:  # (most plays: none used, the list left as it is; nothing else holds it)
        return
    ps = eng.state.players[pid]
    ps.ap_less_next = [r for i, r in enumerate(ps.ap_less_next) if i not in used]
