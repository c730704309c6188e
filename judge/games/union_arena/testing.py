"""Building small Union Arena logs in tests and examples (like ``click.testing``).

Cards are written inline with :func:`card`, so a test says exactly what it relies on ("a
blue 1500 BP character with Step").  Decks are the cards a test names, filled up to 50
with a vanilla filler, which no deck rule allows: the builder turns the rule option
``deck_construction`` off (pass ``options={"deck_construction": True}`` to judge the decks).
Logs are in observed mode by default: naming a card in the hand or
the life row binds a copy from the deck, so a test needs no shuffle arithmetic.

>>> b = LogBuilder([card("T-001", bp=3000)]).setup(first="A")
>>> _ = b.proceed("A").play("A", "T-001", to="front_line")
>>> r = b.replay()
>>> r["steps"][-1]["verdict"], r["steps"][-1]["events"][-1]["text"]
('legal', 'A plays A-1 (T-001) to the front line, rested.')

The usual battle scene is :func:`board_at_turn_3`: both players play their characters on
their first turn, and the log stops in A's turn 3 with all of them active.  The readers
(:func:`player_state`, :func:`field_unit`, :func:`verdict`, …) take the replay and the index
of a step; views of the state default to the last step.

>>> b = board_at_turn_3([free_character("T-001")], ["T-001"], [], a_front=("A-1",))
>>> r = b.attack("A", "A-1").replay()
>>> verdict(r, b.last), field_unit(r, "A", "A-1")["rested"], field_ids(r, "A", "front_line")
('legal', True, ['A-1'])
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import (
    BaseLogBuilder,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

__all__ = [
    "AP",
    "FILLER",
    "FILLER_CODE",
    "LogBuilder",
    "board_at_turn_3",
    "card",
    "event_types",
    "field_ids",
    "field_unit",
    "free_character",
    "game_state",
    "player_state",
    "rules_applied",
    "rules_broken",
    "skip_to_turn_3",
    "verdict",
]

FILLER_CODE = "T-000"


def card(
    code: str,
    type: str = "character",
    *,
    name: str | None = None,
    color: str = "blue",
    energy: dict[str, int] | None = None,
    ap: int = 1,
    bp: int = 2000,
    generates: dict[str, int] | None = None,
    traits: list[str] | None = None,
    keywords: list[str] | None = None,
    trigger: str | None = None,
    raid: dict[str, Any] | None = None,
    effects: list[dict[str, Any]] | None = None,
    also_treated_as: list[str] | None = None,
) -> dict[str, Any]:
    """A Union Arena card definition with sensible defaults (title ``TST``)."""
    d: dict[str, Any] = {
        "code": code,
        "name": name or code,
        "type": type,
        "title": "TST",
        "number": code,
        "color": color,
        "energy": energy or {},
        "ap": ap,
        "traits": traits or [],
        "keywords": keywords or [],
        "trigger": trigger,
        "raid": raid,
        "effects": effects or [],
    }
    if also_treated_as:
        d["also_treated_as"] = also_treated_as
    if type == "character":
        d["bp"] = bp
    if type in ("character", "field"):
        d["generates"] = generates if generates is not None else {color: 1}
    if type == "ap":
        d = {
            "code": code,
            "name": name or "Action Point",
            "type": "ap",
            "title": "TST",
            "number": code,
        }
    return d


def free_character(code: str, **fields: Any) -> dict[str, Any]:
    """A character costing no AP (unless ``ap`` is given), so a test can play as many as it
    likes in one turn.  Other fields are those of :func:`card`."""
    fields.setdefault("ap", 0)
    return card(code, **fields)


def texted(code: str, text: str, **fields: Any) -> dict[str, Any]:
    """A made-up free card (a character unless ``type`` says) whose effects are read from its
    printed ``text`` (Japanese, in the official list's wording): no ``effects`` given."""
    d = free_character(code, **fields)
    del d["effects"]
    if d["type"] == "event":
        d.pop("bp", None)
        d.pop("generates", None)
    return {**d, "text": text}


def effects_of(text: str, **fields: Any) -> list[dict[str, Any]]:
    """The effects read from a made-up character's printed ``text`` (:func:`texted`); the
    text must be read in full."""
    from judge.games.union_arena.reader import read_card

    reading = read_card(texted("T-READ", text, **fields))
    assert reading.understood, reading.unread
    return list(reading.effects)


def reading_words(defn: dict[str, Any]) -> str:
    """A card's reading in English, as ``judge cards show`` renders it, in one string."""
    from judge.games.union_arena.render import render_card

    return " ".join(render_card({"name": defn["code"], **defn})["reading"])


def cards_drawn(replay_doc: dict[str, Any], index: int) -> int:
    """The cards drawn at step ``index``."""
    return sum(len(e["cards"]) for e in replay_doc["steps"][index]["events"] if e["type"] == "draw")


FILLER = card(FILLER_CODE, name="Filler", bp=1000)
AP = card("T-AP", "ap")


class LogBuilder(BaseLogBuilder):
    """A Union Arena log under construction.  Every method returns the builder, for chaining
    (``act``, ``proceed``, ``last``, ``log`` and ``replay`` are :class:`BaseLogBuilder`'s)."""

    def __init__(
        self,
        cards: list[dict[str, Any]] | None = None,
        *,
        deck_a: list[str] | None = None,
        deck_b: list[str] | None = None,
        mode: str = "observed",
        seed: str = "test",
        options: dict[str, Any] | None = None,
    ) -> None:
        cards = list(cards or [])
        codes = [c["code"] for c in cards if c["type"] != "ap"]
        default_deck = [code for code in codes for _ in range(4)]

        def fill(deck: list[str]) -> list[str]:
            return (deck + [FILLER_CODE] * 50)[:50]

        self.doc: dict[str, Any] = {
            "format": "judge-action-log/1",
            "game": "union-arena",
            "variant": None,
            "rule_options": {"deck_construction": False, **(options or {})},
            "match": {"event": "test"},
            "players": [{"id": "A", "name": "Aki"}, {"id": "B", "name": "Ben"}],
            "cards": [FILLER, AP, *cards],
            "decks": {
                "A": {
                    "main": fill(deck_a if deck_a is not None else default_deck),
                    "ap": ["T-AP"] * 3,
                },
                "B": {
                    "main": fill(deck_b if deck_b is not None else default_deck),
                    "ap": ["T-AP"] * 3,
                },
            },
            "hidden": {"mode": "seeded", "seed": seed}
            if mode == "seeded"
            else {"mode": "observed"},
            "actions": [],
        }

    def setup(self, first: str = "A", by: str = "A") -> LogBuilder:
        """Rock-paper-scissors won by ``by``, ``first`` goes first, nobody mulligans."""
        second = "B" if first == "A" else "A"
        return (
            self.act(by, "first_player", first=first)
            .act(first, "mulligan", redraw=False)
            .act(second, "mulligan", redraw=False)
        )

    def pass_turn(self, p: str) -> LogBuilder:
        """Movement, main and attack phase with nothing done."""
        return self.proceed(p, 3)

    def play(self, p: str, card_ref: Any, **fields: Any) -> LogBuilder:
        return self.act(p, "play", card=card_ref, **fields)

    def attack(self, p: str, card_ref: Any, target: Any = "player") -> LogBuilder:
        return self.act(p, "attack", card=card_ref, target=target)

    def block(self, p: str, card_ref: Any = None) -> LogBuilder:
        return self.act(p, "block", card=card_ref)


# -- scenes -------------------------------------------------------------------------------------

#: How many ``proceed`` actions lead from the start of a turn into each of its phases.
_PHASE_STEPS = {"movement": 0, "main": 1, "attack": 2}


def board_at_turn_3(
    cards: list[dict[str, Any]],
    deck_a: list[str],
    deck_b: list[str],
    *,
    a_front: tuple[str, ...] = (),
    a_energy: tuple[str, ...] = (),
    b_front: tuple[str, ...] = (),
    b_energy: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
    phase: str = "attack",
) -> LogBuilder:
    """A log where A plays on turn 1 and B on turn 2, stopped in A's turn-3 ``phase``.

    ``deck_a`` and ``deck_b`` are the decks (filled up to 50), so ``A-1`` is the first card
    of ``deck_a``.  A goes first; in its turn-1 main phase it plays the instances
    ``a_front`` to the front line, then ``a_energy`` to the energy line; B does the same in
    its turn 2 with ``b_front`` and ``b_energy``.  By A's turn 3 every one of those cards is
    active.  ``phase`` is ``"movement"``, ``"main"`` or ``"attack"`` (the default).
    """
    b = LogBuilder(cards, deck_a=deck_a, deck_b=deck_b, options=options).setup()
    b.proceed("A")
    for iid in a_front:
        b.play("A", iid, to="front_line")
    for iid in a_energy:
        b.play("A", iid, to="energy_line")
    b.proceed("A", 2).proceed("B")
    for iid in b_front:
        b.play("B", iid, to="front_line")
    for iid in b_energy:
        b.play("B", iid, to="energy_line")
    b.proceed("B", 2)
    return b.proceed("A", _PHASE_STEPS[phase])


def skip_to_turn_3(b: LogBuilder) -> LogBuilder:
    """From A's turn-1 main phase (A going first): end A's turn 1, pass B's turn 2, and stop
    at the start of A's turn 3 (its movement phase, A's cards active)."""
    return b.proceed("A", 2).pass_turn("B")


# -- reading a replay ---------------------------------------------------------------------------
# Views of the state take ``index=-1``: the state after the last step.  Facts of one step
# (its verdict, events, violations, rulings) name the step.  The readers every game has are
# judge.core.testing's, re-exported here.


def field_ids(replay_doc: dict[str, Any], pid: str, line: str, index: int = -1) -> list[str]:
    """The instance ids on ``pid``'s ``line`` (``"front_line"`` or ``"energy_line"``) after
    step ``index``, in order."""
    return [u["id"] for u in player_state(replay_doc, pid, index)[line]]


def field_unit(
    replay_doc: dict[str, Any], pid: str, iid: str, index: int = -1
) -> dict[str, Any] | None:
    """The view of unit ``iid`` on ``pid``'s field (front line, then energy line) after step
    ``index``, or None when it is not there."""
    player = player_state(replay_doc, pid, index)
    for u in player["front_line"] + player["energy_line"]:
        if u["id"] == iid:
            return u
    return None


def one_ability(text: str, **fields: Any) -> dict[str, Any]:
    """The one ability read in full from a made-up card's printed ``text`` (:func:`effects_of`)."""
    (effect,) = effects_of(text, **fields)
    return effect


def read_in_full(*texts: str, **fields: Any) -> list[str]:
    """Those of ``texts`` that a made-up card (:func:`texted`, with ``fields``) reads in full: a
    test of wordings that must stay unread expects none."""
    from judge.games.union_arena.reader import read_card

    return [t for t in texts if read_card(texted("T-READ", t, **fields)).understood]


# -- seeded scenes (the engine knows every card) ------------------------------------------------


def seeded_turn_one(
    cards: list[dict[str, Any]],
    deck: list[str],
    need: dict[str, int] | None = None,
    **kw: Any,
) -> LogBuilder:
    """Seeded mode, A's turn-1 main phase, A's deck of ``deck`` (filled up to 50), under the
    first seed of a fixed list that deals A a hand holding ``need`` (code -> copies; by
    default one of each code of ``deck``): deterministic, whatever the shuffle does."""
    from judge.core.replay import position

    want = need if need is not None else dict.fromkeys(deck, 1)
    for k in range(500):
        b = LogBuilder(cards, deck_a=deck, mode="seeded", seed=f"under-{k}", **kw)
        b.setup(first="A").proceed("A")
        state = position(b.doc).state
        codes = [state.code_of[i] for i in state.players["A"].hand]
        if all(codes.count(code) >= n for code, n in want.items()):
            return b
    raise AssertionError(f"no seed of the list deals {want}")


def hand_card(b: LogBuilder, code: str) -> str:
    """An instance of ``code`` in A's hand now (seeded mode: the engine knows the hand)."""
    from judge.core.replay import position

    state = position(b.doc).state
    return next(i for i in state.players["A"].hand if state.code_of[i] == code)


def unit_now(b: LogBuilder, iid: str) -> Any:
    """The unit on the field whose top card is ``iid`` now (the engine's own object)."""
    from judge.core.replay import position

    found = position(b.doc).state.find_unit(iid)
    assert found is not None, iid
    return found[2]
