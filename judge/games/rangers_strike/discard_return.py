"""Every discard pile put back into the decks (RS-DISCARDS-TO-DECKS): "すべての捨札を持ち主の山札に
戻してシャッフルする。".

The op ``{"op": "discards_to_decks"}``: every card of every player's discard pile (すべての捨札:
both players', in tag battle all four, a player who is out included) goes into its owner's deck
(持ち主の山札), then each deck a card went into is shuffled.  No choice: nothing is recorded.
The cards go under the deck in the pile's order before it is shuffled (a convention: the order
matters only to a seeded replay's shuffle).

A player whose discard pile is empty receives no card: whether its deck is shuffled too the
text does not say (it may mean the decks the cards go into, or every owner's deck).  When the
two readings end in the same state nothing is decided: an empty deck, or, in observed mode, a
deck whose order the engine forgets (a shuffle in observed mode only forgets the order of the
deck's known cards, and forgetting is right either way).  In seeded mode the order differs: the
engine leaves the deck unshuffled, the step is unverifiable and the effect noted as not
executed (a taint an ``outcome`` may record).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import instance_key

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-DISCARDS-TO-DECKS"


def carry_out(eng: RangersStrikeEngine, pe: Any, what: str) -> None:
    """RS-DISCARDS-TO-DECKS: every discard pile into its owners' decks, then the shuffles
    (``pe``: the pending effect, ``what``: it in words)."""
    st = eng.state
    got: dict[str, list[str | None]] = {pid: [] for pid in st.order}
    for pid in st.order:
        ps = st.players[pid]
        pile, ps.discard = ps.discard, []
        for iid in pile:  # an unknown card (observed mode) is the pile's player's own
            got[pid if iid is None else st.owner_of[iid]].append(iid)
    for pid, cards in got.items():
        if not cards:
            continue
        st.players[pid].deck.extend(cards)
        names = ", ".join(eng.name(c) for c in cards)
        eng.event(
            "to_deck",
            f"{names} {'goes' if len(cards) == 1 else 'go'} from the discard piles back into "
            f"{pid}'s deck, {'its' if len(cards) == 1 else 'their'} owner's ({what}).",
            player=pid,
            cards=list(cards),
        )
    for pid, cards in got.items():
        if cards:
            eng.shuffle(pid)
    eng.ctx.ruling(
        RULE,
        f"{what}: every card of every discard pile goes into its owner's deck, and each deck a "
        "card went into is shuffled.",
    )
    for pid, cards in got.items():
        if not cards:
            _received_none(eng, pe, pid)


def _received_none(eng: RangersStrikeEngine, pe: Any, pid: str) -> None:
    """``pid``'s deck received no card: whether it is shuffled is not said (module docstring)."""
    ps = eng.state.players[pid]
    if not ps.deck:
        return  # nothing to shuffle: both readings agree
    why = (
        f"{pid}'s discard pile was empty: whether its deck, which receives no card, is shuffled "
        "too the text does not say"
    )
    if not eng.seeded:
        _forget_order(eng, pid)
        eng.ctx.ruling(
            RULE,
            f"{why[0].upper()}{why[1:]}; in observed mode the engine forgets the order of its "
            "known cards, which is right either way.",
        )
        return
    eng.ctx.ruling(
        RULE,
        f"{why[0].upper()}{why[1:]}, and in a seeded replay the order depends on it: the engine "
        "leaves it unshuffled and does not vouch for what follows.",
    )
    eng.ctx.cannot_verify(why)
    eng.taint_effect(pe, RULE)


def _forget_order(eng: RangersStrikeEngine, pid: str) -> None:
    """Observed mode: every known card of ``pid``'s deck becomes unseen again (what a shuffle
    does there), without a shuffle."""
    st = eng.state
    ps = st.players[pid]
    for i, iid in enumerate(ps.deck):
        if iid is not None:
            ps.unseen.setdefault(st.code_of[iid], []).append(iid)
            ps.deck[i] = None
    for lst in ps.unseen.values():
        lst.sort(key=instance_key)
