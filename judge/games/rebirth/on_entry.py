"""A character's ability "when this character is put into the entry from …"
(【自】:このキャラが手札からエントリーに置かれた時 / デッキ以外からエントリーに置かれた時), ``when``
``on_entry`` (R4U-TEXT-ON-ENTRY); and "when put onto a member square from the hand / not from
the entry" (手札からメンバーに置かれた時 / エントリー以外からメンバーに置かれた時), ``on_member``: a play onto a
member square (from the hand) and a card put there from the waiting room by an effect trigger it,
a move from the entry never.

Why a module of its own: the engine puts a card into the entry in two ways only, by an
entry-in (from the deck) and by the main phase's ``play`` into the entry (from the hand); an
``outcome`` cannot put a card there (docs/rebirth.md, "Not covered").  So both printed wordings
trigger on a play into the entry, and never on an entry-in; a new way into the entry must call
:func:`fire` with where the card came from.  The ability then waits with the pending effects
and its player resolves it (a change of this character only: it resolves by itself).  A skill
showcase on it (【本領発揮LvN】) is checked when it would trigger, as a spark's is when it would
fire (R4U-TEXT-SHOWCASE).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rebirth.during import inactive

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

#: where a card put into the entry (a member square) came from, and the printed wordings it
#: answers: 手札から (``hand``), デッキ以外から (``not_deck``), エントリー以外から (``not_entry``)
_ANSWERS = {
    "on_entry": {"hand": ("hand", "not_deck"), "waiting_room": ("not_deck",), "deck": ()},
    "on_member": {"hand": ("hand", "not_entry"), "waiting_room": ("not_entry",), "entry": ()},
}


def triggers(effect: dict[str, Any], came_from: str, when: str = "on_entry") -> bool:
    """Whether an ``on_entry`` (``on_member``) effect answers a card put into the entry (a
    member square) from ``came_from``.

    >>> triggers({"from": "not_deck"}, "hand"), triggers({"from": "hand"}, "deck")
    (True, False)
    >>> triggers({"from": "not_entry"}, "waiting_room", "on_member")
    True
    """
    return effect.get("from") in _ANSWERS[when].get(came_from, ())


def fire(eng: RebirthEngine, pid: str, iid: str, came_from: str, when: str = "on_entry") -> None:
    """``iid`` was put into ``pid``'s entry (``on_member``: a member square) from
    ``came_from``: its abilities of that timing that answer it go to the pending effects."""
    st = eng.state
    d = st.defs[st.code_of[iid]]  # (st.card written out: at every play)
    whens = d.by_when
    if whens is None:
        whens = d._sort_whens()
    if when not in whens:  # none of its effects would pass the walk's first test
        return
    for index, eff in enumerate(d.effects):
        if eff.get("when") != when or not triggers(eff, came_from, when):
            continue
        why = inactive(eng, pid, eff)
        if why is not None:
            eng.ctx.ruling(why[0], f"{eng.name(iid)}'s ability: {why[1]}; it does not trigger.")
            continue
        where = "the entry" if when == "on_entry" else "a member square"
        eng.ctx.ruling(
            "R4U-TEXT-ON-ENTRY",
            f"{eng.name(iid)} was put onto {where} from the {came_from.replace('_', ' ')}: its "
            "ability triggers.",
        )
        eng.pool.add(pid, iid, eff, index, when)


def still_there(eng: RebirthEngine, pid: str, effect: dict[str, Any], source: str) -> bool:
    """Whether an ``on_entry`` effect's "this character" is still ``pid``'s entry (True for
    other effects, whose ``mod`` changes whatever character is the entry)."""
    mine = effect.get("when") in ("on_entry", "on_defeat")  # "this character" (the entry)
    return not mine or eng.state.players[pid].entry == source
