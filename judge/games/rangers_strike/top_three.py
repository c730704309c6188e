"""The top cards of one's own or an opposing deck revealed, SP for the turn when one is a unit card
whose printed SP is not blank, then the cards back on top in an order their owner chooses unseen
(RS-REVEAL-EITHER-DECK): "自軍か敵軍の山札の上から3枚をオモテにしてもよい。そうしたとき、オモテにしたカードの中に
SPが空欄でないユニットカードがあれば、このターン、これは「SP1」になる。その後、オモテにしたカードは、その持ち主が相手に
見せずに好きな順で山札の上に戻す。"

The effect is exactly ``{"optional": true, "do": [{"op": "reveal_either_top", "count": 3, "sp":
1}]}`` (a unit's own).  The choice (``use``) is whether to reveal; the player chooses whose deck
(自軍か敵軍: its own, or in tag battle either opposing player's).  The log names the cards
revealed first in the resolve's targets, top first, by instance ids (``B-12``), which say whose
deck it is (observed mode: an unseen instance of that player's binds, as RS-REVEAL-TOP's).  When one of them is a unit card whose printed SP box is not
blank (an SP, a fraction or ！, RS-SELECT-SIZE), the unit is SP 1 until the end of the turn.
Afterwards their owner puts them back on top of its deck in the order it wants, unseen: the engine
no longer knows their order (observed mode: the three slots become unknown again, the cards unseen,
as a shuffle makes a deck's).  Not guessed (unverifiable until an ``outcome`` records it): whose
deck, or which cards, not recorded; in tag battle the ally's deck (自軍 read as the team); a deck of fewer cards than the count (whether fewer are
revealed the text does not say); and in seeded mode the order the cards go back in (later steps
uncertain).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import instance_key
from judge.core.refs import bind, is_instance, ref_text
from judge.games.rangers_strike.state import Mod

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-REVEAL-EITHER-DECK"
OP = "reveal_either_top"
#: what :func:`named` found: (the deck's player, the cards top first, those to bind)
Found = tuple[str, list[str], list[str]]
Picks = tuple[Found | None, list[Any], list[tuple[str, str]], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """The one shape (module docstring)."""
    ops = effect.get("do")
    if (
        timing not in ("on_enter", "on_rush", "combination")
        or effect.get("optional") is not True
        or set(effect) - {"when", "optional", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 1
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    count, sp = op.get("count"), op.get("sp")
    return (
        set(op) == {"op", "count", "sp"}
        and op["op"] == OP
        and isinstance(count, int)
        and not isinstance(count, bool)
        and count >= 1
        and isinstance(sp, int)
        and not isinstance(sp, bool)
        and sp >= 1
    )


def sentence(effect: dict[str, Any]) -> str:
    op = effect["do"][0]
    return (
        f"reveal the top {op['count']} cards of your deck or of an opposing deck, and if you do: "
        f"if one of them is a unit card whose printed SP is not blank, this unit is SP {op['sp']} "
        "until the end of the turn; then their owner puts them back on top of its deck in any "
        "order, unseen"
    )


def named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The deck and the cards revealed, ``(found, targets left, problems, doubt)``; found None
    when not known.  No such op, or not used: ``(None, targets, [], None)``."""
    op = op_of(effect)
    if op is None or use is False:
        return None, targets, [], None
    st = eng.state
    n = int(op["count"])
    decks = [pid, *eng.opponents(pid)]
    refs, rest = targets[:n], targets[n:]
    owners = {st.owner_of[r] for r in refs if is_instance(st, r)}
    if not refs or len(owners) != 1 or not all(is_instance(st, r) for r in refs):
        return None, [], [], "whose deck was revealed is not recorded (instance ids name it)"
    owner = owners.pop()
    if owner in eng.allies(pid) and owner != pid:  # tag battle: whether 自軍 is the ally's too
        return (
            None,
            [],
            [],
            f"whether 自軍の山札 may be {owner}'s, the ally's, the sources do not say",
        )
    if owner not in decks:
        said = f"{owner}'s deck is not one the effect may reveal ({', '.join(decks)}'s)."
        return None, [], [(RULE, said)], None
    deck = st.players[owner].deck
    if len(deck) < n:
        return (
            None,
            [],
            [],
            (
                f"{owner}'s deck holds {len(deck)} cards, fewer than {n}, and whether fewer are "
                "revealed the text does not say"
            ),
        )
    cards: list[str] = []
    to_bind: list[str] = []
    for i in range(n):
        top = deck[i]
        if i >= len(refs):
            if top is None:
                return None, [], [], f"which cards were on top of {owner}'s deck is not recorded"
            cards.append(top)
            continue
        ref = refs[i]
        if top is not None and ref != top:
            said = f"Card {i + 1} from the top of {owner}'s deck is {top}, not {ref_text(ref)}."
            return None, [], [("RS-REVEAL", said)], None
        if top is None:
            pool = st.players[owner].unseen.get(st.code_of[ref], [])
            if ref not in pool or ref in to_bind:
                said = f"{ref} cannot be on top of {owner}'s deck."
                return None, [], [("RS-REVEAL", said)], None
            to_bind.append(ref)
        cards.append(ref)
    return (owner, cards, to_bind), rest, [], None


def carry_out(
    eng: RangersStrikeEngine,
    pe: Any,
    found: Found | None,
    doubt: str | None,
    unit: Unit | None,
    what: str,
) -> None:
    """Reveal, give the SP when a card fits, and put the cards back unseen (module docstring)."""
    from judge.games.rangers_strike.resolve import sp_printed

    op = op_of(pe.effect)
    assert op is not None
    if found is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which cards were revealed is not recorded",
            f"{what} is not carried out; the log may name the cards first in the resolve's "
            "targets (instance ids), or record what happened in an `outcome`.",
        )
        return
    st = eng.state
    owner, cards, to_bind = found
    deck = st.players[owner].deck
    for i, iid in enumerate(cards):
        if iid in to_bind:
            bind(st, owner, iid)
            deck[i] = iid
    eng.event(
        "reveal",
        f"{pe.controller} reveals the top {len(cards)} cards of {owner}'s deck: "
        f"{', '.join(eng.name(c) for c in cards)} ({what}).",
        player=pe.controller,
        cards=list(cards),
    )
    fits = [c for c in cards if st.card(c).is_unit and sp_printed(st.card(c))]
    here = st.area_of(unit) if unit is not None else None
    if fits and unit is not None and here is not None:
        unit.mods.append(Mod(0, "turn", sp=int(op["sp"])))
        eng.ctx.ruling(
            RULE,
            f"{eng.name(fits[0])} is a unit card whose printed SP is not blank: "
            f"{eng.name(unit.card)} is SP {op['sp']} until the end of the turn.",
        )
        eng.event(
            "sp",
            f"{eng.name(unit.card)} is SP {op['sp']} until the end of the turn.",
            card=unit.card,
        )
    elif not fits:
        eng.ctx.ruling(RULE, "No card revealed is a unit card whose printed SP is not blank.")
    if eng.seeded:
        eng.not_guessed(
            pe,
            RULE,
            f"the order in which {owner} puts the cards back on top of its deck, unseen, is not "
            "in a seeded log",
            "the deck keeps its order in the engine, which may not be the game's.",
        )
        return
    ps = st.players[owner]
    for i in range(len(cards)):
        iid = deck[i]
        if iid is not None:
            ps.unseen.setdefault(st.code_of[iid], []).append(iid)
            deck[i] = None
    for lst in ps.unseen.values():
        lst.sort(key=instance_key)
    eng.ctx.ruling(
        RULE,
        f"{owner} puts the cards back on top of its deck in an order it chooses, unseen: the engine "
        "no longer knows which card is where (they are unseen again).",
    )
    eng.event("to_deck", f"{owner} puts the cards revealed back on top of its deck.", player=owner)
