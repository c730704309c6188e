"""What a player did this turn, as card text reads it: "このターン中に自分がイベントカードを
使用している場合" (if you have used an event card this turn; ``UA-EFFECT-IF``).

The condition is ``{"side": "own", "zone": "this_turn", "events_used": N}``: that side has
used N event cards or more this turn.  "使用" of an event is what the rules call it, using
an event card from the hand (seed 000: "使用事件卡可以使用手牌中的事件卡來發動那個效果"); an
event whose trigger is used from the life area is not used from the hand, and no effect
plays an event, so only the plays of events from the hand are counted
(:func:`judge.games.union_arena.main_phase.apply_play`).  The count is per player
(``PlayerState.events_used``) and starts at 0 at every turn's start.

When an event counts: as its use is carried out (AP paid, the card out of the hand), before
its own effect resolves, the order the rules give ("最後，發動事件卡的效果").  So:

- "このカードは…場合のみ使用できる" (``UA-PLAY-ONLY-IF``), read as the use is declared,
  does not count the event itself;
- the event's own effect, resolving after its use, would count it, and the check of its
  targets stages it counted (:func:`staged`).  But on the event's own text the clause would
  then always hold, which suggests the card means an event other than itself, a reading
  the wording does not settle: the reader leaves it unread there (:func:`read_on`).

Two more things done this turn are read the same way (``UA-EFFECT-THIS-TURN-RETIRED``, ``UA-EFFECT-THIS-TURN-AP``):

- ``{"side": "own", "zone": "this_turn", "retired": {"name": X}}`` ("このターン中に自分の〈X〉
  が退場している"; ``{"trait": X}`` for "[特徴:X]"; ``{"type": "field"}`` for "自分の場の
  フィールドが", ``"character"`` for "…キャラが"): a card of that side meeting it was retired
  from the field this turn.  "退場" is the rules' retirement (UA-RETIRE): a card put from the
  field into the outside area by an effect, a cost, a battle or BP 0, not one returned to the
  hand or put into the removal area, nor the cards under a raided one (UA-RAID-LEAVE).  Its
  top card is recorded as it leaves (``PlayerState.retired``), with what it is: its name, its
  traits, its type.
- ``{"side": "own", "zone": "this_turn", "ap_paid": 1}`` ("このターン中に自分のキャラの効果で
  APを支払っている"): that side paid AP for an effect of one of its characters this turn
  (``PlayerState.char_ap_paid``).  The AP an effect of a character asks as it resolves
  ("APを1支払ってもよい。そうした場合、…", UA-EFFECT-COST) counts.  Whether the AP cost of a
  character's activated ability ("[起動メイン][APを1支払う]") counts too no source says: the
  rule option ``ap_paid_costs`` decides (``UA-EFFECT-THIS-TURN-AP-COSTS``, GAP; "not_counted"
  by default).  AP paid to play or raid a card, or for the extra draw, is paid by no effect.
- ``{"side": "own", "zone": "this_turn", "used": {"name": X}}`` ("このターン中に自分が〈X〉を使用
  している", also "〈X〉か〈Y〉" as ``any_of``, "[特徴:X]", "手札から…"; ``UA-EFFECT-THIS-TURN-USED``):
  that side used a card meeting it this turn.  A use is the seed's "使用卡片": a card from the
  hand played (a character, a field), raided or used (an event), paying its AP
  (:func:`record_used`, from the main phase's play and raid); a card an effect plays
  ("登場させる", UA-EFFECT-PLAY) is played without that procedure and is not used, nor is an
  event whose trigger is used from the life area.  Kept as the used cards
  (``PlayerState.used``); an event counts as it is used, before its effect resolves, and on an
  event's own text the clause is left unread as the events used are (:func:`read_on`).
- ``{"side": "own", "zone": "this_turn", "attack_ap_paid": 1}`` ("このターンのアタックフェイズ中に
  自分がAPを支払っている"; ``UA-EFFECT-THIS-TURN-ATTACK-AP``): that side paid AP, for whatever,
  while this turn was in its attack phase (``PlayerState.attack_ap_paid``, counted as the AP
  cards are rested: :func:`record_paid`), from its start to its end's triggers.
- a choice's BP range widened per event used (``UA-EFFECT-THIS-TURN-EVENTS-RANGE``): "『BP3000』
  以下の<choice>…。<condition>場合、このターン中に自分が使用したイベントカード1枚につき、この効果
  で選べるキャラのBPの範囲+500" is the choice's ``instead`` ``{"if": condition, "bp_plus":
  {"each": 500, "per": CONDITION}}``: while the condition holds, its BP limit is the printed one
  plus 500 for each event card its controller used this turn, read as the choice is
  (:func:`widened`, :func:`read_bp_range`).
- ``"rested_this_turn"``, an activated ability's ``only_if`` ("[起動メイン]このターン中にアクティブ
  のこのキャラがレストになっている場合のみ発動できる", ``UA-EFFECT-ONLY-IF-RESTED``): its own card
  went from active to rested this turn, by any means (a cost, an effect, an attack, a record of
  the log); entering the field rested is not becoming rested.  Kept per unit as its serial with
  its top card (``PlayerState.became_rested``, through :func:`rest`): a card that left the field
  and came back, or a card raided onto it, is another card.
- ``{"side": "own", "zone": "this_turn", "own_turn": True}`` ("自分のターン中の場合、…"): the
  turn is that side's (``UA-EFFECT-IF-OWN-TURN``); read as the op is carried out, as any
  ``if``, and nothing within a turn changes it.

Why a module of its own: the engine's side (``valid``, ``holds``) and the reader's check are
small, and :mod:`~judge.games.union_arena.conditions` only dispatches to them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from judge.games.union_arena import rested_by, retired_by
from judge.games.union_arena import textgrammar as g

if TYPE_CHECKING:
    from judge.games.union_arena.state import PlayerState, UAState, Unit

ZONE = "this_turn"
#: the printed clause, before "場合"
CLAUSE = "このターン中に自分がイベントカードを使用している"
CONDITION = {"side": "own", "zone": ZONE, "events_used": 1}
#: an activated ability's ``only_if``: "このターン中にアクティブのこのキャラがレストになっている"
RESTED = "rested_this_turn"
#: the rule option of UA-EFFECT-THIS-TURN-AP-COSTS and its default
AP_COSTS_OPTION = "ap_paid_costs"

_RETIRED_NOUN = re.compile(r"このターン中に自分の(〈[^〈〉]+〉|\[特徴:[^\[\]]+\])が退場している")
_RETIRED_TYPE = re.compile(r"このターン中に自分の場の(キャラ|フィールド)が退場している")
_AP_PAID = "このターン中に自分のキャラの効果でAPを支払っている"
_OWN_TURN = "自分のターン中の"
_ATTACK_AP = "このターンのアタックフェイズ中に自分がAPを支払っている"
_USED = re.compile(
    r"このターン中に自分が(?:手札から)?((?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\])(?:か(?:〈[^〈〉]+〉|\[特徴:[^\[\]]+\]))*)を使用している"
)


def clause(text: str) -> dict[str, Any] | None:
    """The clauses of this module other than the events used, before "場合": a card of yours
    retired this turn, AP paid for an effect of your characters.

    >>> clause("このターン中に自分の〈ミラ〉が退場している")
    {'side': 'own', 'zone': 'this_turn', 'retired': {'name': 'ミラ'}}
    >>> clause("このターン中に自分の場のフィールドが退場している")
    {'side': 'own', 'zone': 'this_turn', 'retired': {'type': 'field'}}
    >>> clause("このターン中に自分のキャラの効果でAPを支払っている")
    {'side': 'own', 'zone': 'this_turn', 'ap_paid': 1}
    >>> clause("このターン中に自分が〈ミラ〉か〈ソラ〉を使用している")
    {'side': 'own', 'zone': 'this_turn', 'used': {'any_of': [{'name': 'ミラ'}, {'name': 'ソラ'}]}}
    >>> clause("このターン中に自分が手札から[特徴:灯守]を使用している")
    {'side': 'own', 'zone': 'this_turn', 'used': {'trait': '灯守'}}
    >>> clause("このターンのアタックフェイズ中に自分がAPを支払っている")
    {'side': 'own', 'zone': 'this_turn', 'attack_ap_paid': 1}
    >>> clause("自分のターン中の")
    {'side': 'own', 'zone': 'this_turn', 'own_turn': True}
    """
    if text == retired_by.CLAUSE:  # either player's, by a character's effect (retired_by.py)
        return retired_by.clause(text)
    if text == rested_by.CLAUSE:  # rested by one's own effect (rested_by.py)
        return rested_by.clause(text)
    if text == _AP_PAID:
        return {"side": "own", "zone": ZONE, "ap_paid": 1}
    if text == _ATTACK_AP:  # UA-EFFECT-THIS-TURN-ATTACK-AP
        return {"side": "own", "zone": ZONE, "attack_ap_paid": 1}
    if text == _OWN_TURN:  # "自分のターン中の場合、…": it is your turn (UA-EFFECT-IF-OWN-TURN)
        return {"side": "own", "zone": ZONE, "own_turn": True}
    used = _USED.fullmatch(text)
    if used:  # "このターン中に自分が〈X〉か〈Y〉を使用している" (UA-EFFECT-THIS-TURN-USED)
        noun = g.card_noun(used.group(1), on_field=False)
        return {"side": "own", "zone": ZONE, "used": noun} if _used_ok(noun) else None
    m = _RETIRED_TYPE.fullmatch(text)
    if m:
        kind = "character" if m.group(1) == "キャラ" else "field"
        return {"side": "own", "zone": ZONE, "retired": {"type": kind}}
    m = _RETIRED_NOUN.fullmatch(text)
    noun = g.card_noun(m.group(1), on_field=False) if m else None
    if not noun or set(noun) - {"name", "trait"}:
        return None
    return {"side": "own", "zone": ZONE, "retired": noun}


def _retired_ok(spec: Any) -> bool:
    """A ``retired`` of :func:`valid`: one ``name`` or ``trait`` (a non-empty string), or one
    ``type`` (``character`` | ``field``)."""
    if not isinstance(spec, dict) or len(spec) != 1:
        return False
    ((key, value),) = spec.items()
    if key == "type":
        return value in ("character", "field")
    return key in ("name", "trait") and isinstance(value, str) and bool(value.strip())


def _used_ok(spec: Any) -> bool:
    """A ``used`` of :func:`valid`: one ``name`` or ``trait`` (a non-empty string), or an
    ``any_of`` of two or more of them."""
    if isinstance(spec, dict) and set(spec) == {"any_of"}:
        alts = spec["any_of"]
        return isinstance(alts, list) and len(alts) >= 2 and all(_used_ok(a) for a in alts)
    if not isinstance(spec, dict) or len(spec) != 1:
        return False
    ((key, value),) = spec.items()
    return key in ("name", "trait") and isinstance(value, str) and bool(value.strip())


def valid(cond: dict[str, Any]) -> bool:
    """A condition on this turn that the engine evaluates exactly: the count of event cards
    used (at least ``events_used``, 1 or more), a card of one's own retired (``retired``), or
    AP paid for an effect of one's characters (``ap_paid`` 1); the last two of one's own;
    a character retired by a character's effect (:mod:`retired_by`)."""
    if retired_by.KEY in cond:
        return retired_by.valid(cond)
    if rested_by.KEY in cond:
        return rested_by.valid(cond)
    if "own_turn" in cond:
        own = cond.get("side", "own") == "own"
        return own and set(cond) <= {"side", "zone", "own_turn"} and cond["own_turn"] is True
    if "used" in cond:
        own = cond.get("side", "own") == "own"
        return own and set(cond) <= {"side", "zone", "used"} and _used_ok(cond["used"])
    if "attack_ap_paid" in cond:
        own = cond.get("side", "own") == "own"
        keys = {"side", "zone", "attack_ap_paid"}
        return own and set(cond) <= keys and cond["attack_ap_paid"] == 1
    if "retired" in cond or "ap_paid" in cond:
        own = cond.get("side", "own") == "own"
        if "retired" in cond:
            return own and set(cond) <= {"side", "zone", "retired"} and _retired_ok(cond["retired"])
        return own and set(cond) <= {"side", "zone", "ap_paid"} and cond["ap_paid"] == 1
    n = cond.get("events_used")
    return (
        set(cond) <= {"side", "zone", "events_used"}
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 1
    )


def holds(st: UAState, ps: PlayerState, cond: dict[str, Any]) -> bool:
    """Whether the side's count of event cards used this turn reaches the condition's, a
    card of its own meeting ``retired`` was retired this turn, or it paid AP for an effect
    of its characters this turn."""
    if "own_turn" in cond:
        return st.turn_player == ps.id
    if retired_by.KEY in cond:
        return retired_by.holds(st)
    if rested_by.KEY in cond:
        return rested_by.holds(st, ps.id)
    if "retired" in cond:
        return any(retired_meets(st, iid, cond) for iid in ps.retired)
    if "used" in cond:
        return any(used_meets(st, iid, cond) for iid in ps.used)
    if "attack_ap_paid" in cond:
        return ps.attack_ap_paid >= int(cond["attack_ap_paid"])
    if "ap_paid" in cond:
        return ps.char_ap_paid >= int(cond["ap_paid"])
    return ps.events_used >= int(cond["events_used"])


def retired_meets(st: UAState, iid: str, cond: dict[str, Any]) -> bool:
    """Whether the card ``iid`` meets the ``retired`` of ``cond`` (its name, a name it is
    also treated as, a trait, its type)."""
    from judge.games.union_arena.conditions import card_meets

    return card_meets(st.card(iid), cond["retired"])


def used_meets(st: UAState, iid: str, cond: dict[str, Any]) -> bool:
    """Whether the card ``iid`` meets the ``used`` of ``cond``."""
    from judge.games.union_arena.conditions import card_meets

    return card_meets(st.card(iid), cond["used"])


def _noun_words(spec: dict[str, Any]) -> str:
    """A ``used`` in words: "a card named <X>", "a card with the trait [X]", "or" between."""
    if "any_of" in spec:
        return " or ".join(_noun_words(a) for a in spec["any_of"])
    if "name" in spec:
        return f"a card named <{spec['name']}>"
    return f"a card with the trait [{spec.get('trait')}]"


def describe(whose: str, cond: dict[str, Any]) -> str:
    """The condition in words, for rulings and the reading of a card."""
    who = "you have" if whose == "your" else "the opponent has"
    if "own_turn" in cond:
        return "it is your turn" if whose == "your" else "it is the opponent's turn"
    if retired_by.KEY in cond:
        return retired_by.describe()
    if rested_by.KEY in cond:
        return rested_by.describe()
    if "retired" in cond:
        spec = cond["retired"]
        if "name" in spec:
            what = f"a card of {whose} named <{spec['name']}>"
        elif "trait" in spec:
            what = f"a card of {whose} with the trait [{spec['trait']}]"
        else:
            what = f"a {spec.get('type')} card of {whose}"
        return f"{what.replace(' of your', ' of yours')} has been retired from the field this turn"
    if "attack_ap_paid" in cond:
        return f"{who} paid AP during this turn's attack phase"
    if "used" in cond:
        return f"{who} used {_noun_words(cond['used'])} from the hand this turn"
    if "ap_paid" in cond:
        return f"{who} paid AP for an effect of {whose} characters this turn"
    n = cond["events_used"]  # as written (a hand-written one may be malformed)
    what = "an event card" if n == 1 else f"{n} or more event cards"
    return f"{who} used {what} this turn"


_RANGE_FIRST = re.compile(r"『BP(\d+)』以下の(.+)")
_RANGE_SECOND = re.compile(
    r"(.+?)場合、このターン中に自分が使用したイベントカード1枚につき、"
    r"この効果で選べるキャラのBPの範囲\+(\d+)"
)


def read_bp_range(parts: list[str]) -> list[dict[str, Any]] | None:
    """ "『BP3000』以下の相手のフロントLのキャラを1枚まで選び、退場させる。<condition>場合、このター
    ン中に自分が使用したイベントカード1枚につき、この効果で選べるキャラのBPの範囲+500": the
    first sentence's op, its choice's ``instead`` widening the limit; None for other text."""
    from judge.games.union_arena.reader import read_sentence  # it imports this module
    from judge.games.union_arena.textlines import condition_clause

    first = _RANGE_FIRST.fullmatch(parts[0]) if len(parts) == 2 else None
    second = _RANGE_SECOND.fullmatch(parts[1]) if first else None
    if not first or not second or int(second.group(2)) < 1:
        return None
    cond = condition_clause(second.group(1))
    ops = read_sentence(f"BP{first.group(1)}以下の{first.group(2)}", False)
    if cond is None or not ops or len(ops) != 1:
        return None
    target = ops[0].get("target")
    if (
        not isinstance(target, dict)
        or target.get("type") != "character"
        or target.get("bp_max") != int(first.group(1))
        or {"instead", "bp_max_per", "all"} & set(target)
    ):
        return None
    target["instead"] = {"if": cond, "bp_plus": {"each": int(second.group(2)), "per": CONDITION}}
    return ops


def plus_ok(value: Any) -> bool:
    """A ``bp_plus`` the engine counts: ``each`` ≥ 1 per event card used (:data:`CONDITION`)."""
    return (
        isinstance(value, dict)
        and set(value) == {"each", "per"}
        and isinstance(value["each"], int)
        and not isinstance(value["each"], bool)
        and value["each"] >= 1
        and value["per"] == CONDITION
    )


def widened(st: UAState, controller: str, bp_max: int, plus: dict[str, Any]) -> int:
    """A BP limit ``bp_max`` plus ``each`` for each event card ``controller`` used this turn."""
    return bp_max + int(plus["each"]) * st.players[controller].events_used


def rest(st: UAState, unit: Unit) -> None:
    """Rest ``unit``; if it was active, its owner's record says it became rested this turn
    (as its serial with its top card: a card raided onto it is another card)."""
    if not unit.rested:
        top = unit.cards[-1]  # (unit.top written out)
        st.players[st.owner_of[top]].became_rested.add((unit.serial, top))
    unit.rested = True


def was_rested(st: UAState, unit: Unit) -> bool:
    """Whether ``unit`` (as it is now: the same top card) went from active to rested this
    turn ("このターン中にアクティブのこのキャラがレストになっている")."""
    return (unit.serial, unit.top) in st.players[st.owner_of[unit.top]].became_rested


def record_retired(st: UAState, pid: str, iid: str) -> None:
    """A card of ``pid``'s (the top card of a unit) was retired from the field."""
    st.players[pid].retired.append(iid)


def record_used(st: UAState, pid: str, iid: str) -> None:
    """``pid`` used the card ``iid`` from the hand: played, raided or used as an event."""
    st.players[pid].used.append(iid)


def record_paid(st: UAState, pid: str, paid: int) -> None:
    """``pid`` rested ``paid`` AP cards to pay AP: counted when it is the attack phase."""
    if paid > 0 and st.phase == "attack":
        st.players[pid].attack_ap_paid += paid


def record_ap(st: UAState, pid: str, source: str, paid: int) -> None:
    """``pid`` paid ``paid`` AP for an effect of ``source``: counted if it is a character."""
    if paid > 0 and st.card(source).type == "character":
        st.players[pid].char_ap_paid += paid


def after_costs(
    st: UAState, pid: str, cond: dict[str, Any], top: str, cost: dict[str, Any], counted: bool
) -> bool:
    """Whether ``cond`` would hold once an activated ability of the card ``top`` has paid
    ``cost``: its card retired (``retire_self``) counted as retired, its AP (``ap``) counted
    as paid for a character's effect when ``counted`` (rule option ``ap_paid_costs``)."""
    ps = st.players[pid]
    if "retired" in cond:
        gone = [top] if cost.get("retire_self") else []
        return any(retired_meets(st, iid, cond) for iid in [*ps.retired, *gone])
    if "ap_paid" in cond:
        extra = int(cost.get("ap", 0)) if counted and st.card(top).type == "character" else 0
        return ps.char_ap_paid + extra >= int(cond["ap_paid"])
    return holds(st, ps, cond)


@contextmanager
def staged(st: UAState, player: str, card: str | None) -> Iterator[None]:
    """For the check of a played or raided card's targets (before the use is carried out):
    the card counted as used, and an event among the events used, as they are when its
    effects resolve."""
    event = card is not None and st.card(card).type == "event"
    ps = st.players[player]
    ps.events_used += event
    if card is not None:
        ps.used.append(card)
    try:
        yield
    finally:
        ps.events_used -= event
        if card is not None:
            ps.used.pop()


def mentions(obj: Any) -> bool:
    """Whether a card's effects (or any part of them) hold a condition on this turn (also
    an activated ability's ``only_if`` :data:`RESTED`)."""
    if obj == RESTED:
        return True
    if isinstance(obj, dict):
        return obj.get("zone") == ZONE or any(mentions(v) for v in obj.values())
    if isinstance(obj, list | tuple):
        return any(mentions(v) for v in obj)
    return False


def mentions_key(obj: Any, key: str) -> bool:
    """Whether a card's effects (or any part of them) hold a condition on this turn with
    ``key`` (``used``, ``attack_ap_paid``)."""
    if isinstance(obj, dict):
        return (obj.get("zone") == ZONE and key in obj) or any(
            mentions_key(v, key) for v in obj.values()
        )
    if isinstance(obj, list | tuple):
        return any(mentions_key(v, key) for v in obj)
    return False


def _mentions_events(obj: Any) -> bool:
    """Whether an effect (or any part of it) holds a condition on the events used."""
    if isinstance(obj, dict):
        here = obj.get("zone") == ZONE and bool({"events_used", "used"} & set(obj))
        return here or any(_mentions_events(v) for v in obj.values())
    if isinstance(obj, list | tuple):
        return any(_mentions_events(v) for v in obj)
    return False


def read_on(defn: dict[str, Any], effect: dict[str, Any]) -> bool:
    """Whether the reader may keep an ability it read: not one of an event's own that asks
    about the events used this turn, nor one that asks whether a card it meets itself was
    used (the card itself counted once used, it would always hold: whether another card is
    meant the wording does not settle)."""
    if defn.get("type") == "event" and _mentions_events(effect):
        return False
    if defn.get("type") == "character" and retired_by.after_op(effect):
        return False  # its own op before it might have retired one (retired_by.py)
    if rested_by.after_op(effect):
        return False  # an op before it might have rested one (rested_by.py)
    return not names_itself(defn, effect)


def names_itself(defn: dict[str, Any], effect: dict[str, Any]) -> bool:
    """Whether an effect asks whether a card the card ``defn`` meets itself was used."""
    return any(_self_meets(defn, spec) for spec in _used_specs(effect))


def _used_specs(obj: Any) -> Iterator[dict[str, Any]]:
    """The ``used`` specs of the conditions in an effect."""
    if isinstance(obj, dict):
        if obj.get("zone") == ZONE and isinstance(obj.get("used"), dict):
            yield obj["used"]
        for v in obj.values():
            yield from _used_specs(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from _used_specs(v)


def _self_meets(defn: dict[str, Any], spec: dict[str, Any]) -> bool:
    """Whether a printed card (its name, names it is also treated as, traits) meets ``spec``."""
    if "any_of" in spec:
        return any(_self_meets(defn, alt) for alt in spec["any_of"])
    if "name" in spec:
        return spec["name"] in (defn.get("name"), *(defn.get("also_treated_as") or ()))
    return "trait" in spec and spec["trait"] in (defn.get("traits") or ())
