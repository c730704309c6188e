"""When an effect with a printed condition applies (``docs/rebirth.md``).

``showcase`` n on a ``spark``: skill showcase level n (【本領発揮Lvn】), R4U-TEXT-SHOWCASE: the
spark fires only when its player's members and retire area hold n cards or more together.

``attack`` n on a ``rebirth_area`` effect: "during the n-th attack of each turn" (各ターンn回目
のアタック中), R4U-TEXT-NTH-ATTACK: the effect applies only while an attack is in progress and
it is the n-th attack declared this turn (normal and partner attacks counted alike).

>>> from judge.games.rebirth.state import Attack
>>> eff = {"when": "rebirth_area", "attack": 1, "do": [{"op": "mod", "atk": 1}]}
>>> during(eff, None), during(eff, Attack("B-1", "B", "A", number=1))
(False, True)
>>> during(eff, Attack("B-1", "B", "A", number=2)), during({"when": "rebirth_area"}, None)
(False, True)
>>> showcase_holds({"when": "spark", "showcase": 3}, 2), showcase_holds({"when": "spark"}, 0)
(False, True)
"""

from __future__ import annotations

import unicodedata
from typing import Any

from judge.games.rebirth.state import Attack


def during(effect: dict[str, Any], attack: Attack | None) -> bool:
    """Whether ``effect``'s printed condition holds now (True when it has none)."""
    n = effect.get("attack")
    if n is None:
        return True
    return attack is not None and attack.number == n


def own_attack(effect: dict[str, Any], attack: Attack | None, iid: str, pid: str) -> bool:
    """Whether a ``continuous`` effect of ``iid`` with ``own_attack`` n holds now: ``pid`` is
    attacking with ``iid`` as its entry, and it is the n-th attack ``iid`` has made this turn
    since it came into the entry (R4U-TEXT-OWN-ATTACK; not known: does not hold).

    >>> a = Attack("B-1", "B", "A", number=2, entry="B-7", entry_number=1)
    >>> eff = {"own_attack": 1}
    >>> own_attack(eff, a, "B-7", "B"), own_attack(eff, a, "B-7", "A"), own_attack(eff, None, "B-7", "B")
    (True, False, False)
    """
    n = effect.get("own_attack")
    if n is None:
        return True
    return (
        attack is not None
        and attack.player == pid
        and attack.entry == iid
        and attack.entry_number == n
    )


def unselectable(eng: Any, iid: str) -> bool:
    """Whether ``iid`` cannot be chosen by effects now, by either player: a ``continuous``
    ``unselectable`` of its own that works where it is (its entry or a member square), its skill
    showcase holding and, with ``if`` ``opponent_member_empty``, its owner's opponent having an
    empty member square (R4U-TEXT-UNSELECTABLE)."""
    st = eng.state
    owner = st.owner_of[iid]
    ps = st.players[owner]
    d = st.defs[st.code_of[iid]]  # (st.card written out: for each card an effect may target)
    whens = d.by_when
    if whens is None:
        whens = d._sort_whens()
    if "continuous" not in whens:  # none of its effects would pass the walk's first test
        return False
    place = "entry" if ps.entry == iid else "member" if iid in ps.member_cards() else None
    for eff in d.effects:
        if eff.get("when") != "continuous" or eff.get("do") != [{"op": "unselectable"}]:
            continue
        if eff.get("where") != place:
            continue
        if not showcase_holds(eff, eng.count_for(owner, eff.get("showcase_attribute"))):
            continue
        opp = st.players[st.opponent(owner)]
        if eff.get("if") == "opponent_member_empty" and all(s is not None for s in opp.members):
            continue
        return True
    return False


def extra_sparks(eng: Any, pid: str, iid: str) -> int:
    """How many more times each spark of ``iid`` fires: one for every card of ``pid``'s Rebirth
    area (``iid`` itself not counted: a Rebirth card's spark fires before it is set) with
    「あなたの【スパーク】は追加でもう一度発動する」 (R4U-TEXT-EXTRA-SPARK)."""
    extra = [{"when": "rebirth_area", "do": [{"op": "extra_spark"}]}]
    st = eng.state
    return sum(
        1
        for c in st.players[pid].rebirth_area
        if c != iid
        and any({k: v for k, v in e.items() if k != "text"} in extra for e in st.card(c).effects)
    )


def recombo_holds(eng: Any, pid: str, effect: dict[str, Any]) -> bool:
    """Whether an ability's 【Reコンボ】 holds: ``recombo`` True, a Rebirth card is set in
    ``pid``'s Rebirth area; a name, one of that name is (R4U-TEXT-RECOMBO; True without)."""
    want = effect.get("recombo")
    if want is None:
        return True
    st = eng.state
    area = st.players[pid].rebirth_area
    if want is True:
        return bool(area)
    name = unicodedata.normalize("NFKC", str(want))
    return any(unicodedata.normalize("NFKC", st.card(c).name) == name for c in area)


def inactive(eng: Any, pid: str, effect: dict[str, Any]) -> tuple[str, str] | None:
    """Why ``pid``'s ability is not active now (a rule and its words), None when it is: its
    skill showcase (R4U-TEXT-SHOWCASE) or its 【Reコンボ】 (R4U-TEXT-RECOMBO) does not hold."""
    # (the cards are counted only for an ability with a skill showcase: activated abilities
    # without one are used thousands of times on a long log)
    if effect.get("showcase") is not None and not showcase_holds(
        effect, eng.count_for(pid, effect.get("showcase_attribute"))
    ):
        return (
            "R4U-TEXT-SHOWCASE",
            f"it needs skill showcase {effect['showcase']}: {pid}'s members and retire area "
            "hold fewer cards",
        )
    # (recombo_holds' first test written out: most abilities have no 【Reコンボ】)
    if effect.get("recombo") is not None and not recombo_holds(eng, pid, effect):
        what = "a Rebirth card" if effect["recombo"] is True else f"《{effect['recombo']}》"
        return "R4U-TEXT-RECOMBO", f"it needs {what} set in {pid}'s Rebirth area"
    return None


def showcase_holds(effect: dict[str, Any], count: int) -> bool:
    """Whether a spark's skill showcase holds with ``count`` cards in its player's members and
    retire area (True when it has none); of its ``showcase_attribute`` when it has one: the
    caller counts those (R4U-TEXT-SHOWCASE-ATTRIBUTE)."""
    n = effect.get("showcase")
    return n is None or count >= n


def target_count(op: dict[str, Any], retire: int) -> int:
    """How many targets a target op asks for: its ``count`` (default 1), or with
    ``count_of`` ``own_retire`` as many as its player's retire area holds (``retire``),
    R4U-TEXT-RETIRE-COUNT.

    >>> target_count({"op": "rest"}, 4), target_count({"count_of": "own_retire"}, 4)
    (1, 4)
    """
    if op.get("count_of") == "own_retire":
        return retire
    return int(op.get("count", 1))
