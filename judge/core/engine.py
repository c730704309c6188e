"""The contract between the replay runner and a game's engine.

An engine object holds one game in progress (like a python-chess ``Board``).  The runner
feeds it the log's actions one by one: :meth:`Engine.check` judges an action without
changing anything and returns a :class:`Plan`; :meth:`Engine.apply` carries the plan out
(and then runs everything automatic until the next decision is due).  Keeping the two apart
is what lets ``on_illegal`` choose between stopping, skipping and applying as played.

:class:`AgendaEngine` is the way both games' engines are built on that contract: instances
dealt from the deck lists, an *agenda* of procedure steps run until a decision is due, a pool
of pending effects, and a module of action handlers that ``check`` and ``apply`` call.

Effects the engine neither executed nor recorded (taints, and the outcomes that record them)
are their own concept, in :mod:`judge.core.taints`; decisions with no choice are judged in
:mod:`judge.core.forced`.  ``Taint`` and the scopes are still importable from here.
"""

from __future__ import annotations

import copy
import pickle
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from judge.core.decks import DeckProblem, judged_deck
from judge.core.log import ActionLog
from judge.core.rng import SplitMix64
from judge.core.rules import Catalogue
from judge.core.taints import SCOPE_ANYTHING, SCOPE_BP, OutcomeTaints, Taint
from judge.core.timing import EffectPool, TurnPlayerOf, turn_player_first
from judge.core.verdict import StepContext, Violation

__all__ = [
    "SCOPE_ANYTHING",
    "SCOPE_BP",
    "AgendaEngine",
    "Engine",
    "Plan",
    "Taint",
    "freeze",
    "thaw",
]


@dataclass(slots=True, init=False)
class Plan:
    """An action as the engine understood it: what it would do, and what is wrong with it."""

    action: dict[str, Any]
    kind: str
    violations: list[Violation]
    #: resolved references, costs, …; ``"taint"``: the :class:`Taint` an ``outcome`` records
    data: dict[str, Any]
    #: why the action, if illegal, cannot be carried out as played (``on_illegal=apply``)
    not_applicable: str | None

    def __init__(
        self,
        action: dict[str, Any],
        kind: str,
        violations: list[Violation] | None = None,
        data: dict[str, Any] | None = None,
        not_applicable: str | None = None,
    ) -> None:
        # written out (a dataclass's own, with its default factories, is slower: one a step)
        self.action = action
        self.kind = kind
        self.violations = [] if violations is None else violations
        self.data = {} if data is None else data
        self.not_applicable = not_applicable

    def violate(self, rule: str, message: str) -> None:
        self.violations.append(Violation(rule, message))

    def cannot_apply(self, why: str) -> None:
        """Declare that this action cannot be carried out as played: what it needs is not
        there (the card it names is not where it must be, no such target, the rules wait for
        another decision).  ``why`` is a clause without a final stop ("A-7 is not in A's
        hand").  Why a declaration made by ``check``, not an exception caught around
        ``apply``: ``apply`` may then assume what ``check`` resolved, and a real bug in it
        still shows as a traceback instead of hiding behind an illegal step.  Only read for
        a plan with violations (``on_illegal=apply``): the runner then leaves the state as it
        was (as ``skip`` does) and says why on the step."""
        if self.not_applicable is None:
            self.not_applicable = why


class Engine(ABC):
    """One game in progress.  Subclasses set ``game``, ``catalogue`` and the zone lists."""

    game: ClassVar[str]
    catalogue: ClassVar[Catalogue]
    #: zones whose contents only their owner (and the judge) may see
    private_zones: ClassVar[tuple[str, ...]] = ("hand",)
    #: zones whose contents nobody but the judge may see (order of the deck, face-down cards)
    secret_zones: ClassVar[tuple[str, ...]] = ("deck",)

    #: the game's deck-construction check, ``check_deck(main, ap, cards) -> [DeckProblem]``, as
    #: ``"module:function"``; None (the default) means the ``check_deck`` of the ``decks``
    #: module in the engine's own package, if there is one
    deck_rules: ClassVar[str | None] = None

    def __init__(self, log: ActionLog, options: dict[str, Any]) -> None:
        self.log = log
        self.options = options
        #: effects neither executed nor recorded, oldest first (not part of the game's state:
        #: no snapshot holds them)
        self.taints: list[Taint] = []
        self.taint_seq = 0

    def depends_on(
        self, index: int, reads: Collection[str], records: Taint | None = None
    ) -> list[Taint]:
        """The open taints of steps before ``index`` that a verdict reading ``reads`` rests
        on (the step where an effect was not executed is ``unverifiable`` on its own), but
        ``records``: the taint an outcome at ``index`` records, which its own check does not
        rest on (the outcome says what that effect did; an illegal one leaves it open), nor
        on those of effects that resolved after it at the same step (their outcomes follow)."""
        if not self.taints:  # (asked at every step; most games have none)
            return []
        return [
            t
            for t in self.taints
            if t.step < index
            and t.touches(reads)
            and not (records is not None and t.step == records.step and t.seq >= records.seq)
        ]

    def recordable(self, index: int) -> list[Taint]:
        """The open taints an ``outcome`` at action ``index`` may record: those of the step
        right before it, or before a run of outcomes that leads up to it (the rule a recorder
        follows: an outcome comes right after the step at which the effect resolved)."""
        actions = self.log.document["actions"]
        return [
            t
            for t in self.taints
            if t.step < index
            and all(actions[k].get("do") == "outcome" for k in range(t.step + 1, index))
        ]

    @classmethod
    def deck_checker(cls) -> Callable[..., list[DeckProblem]] | None:
        """The game's deck-construction check, or None for a game without deck rules.

        Asked of the engine, so that ``judge replay``, ``judge check-deck`` and the API's deck
        check all run the same function and nothing outside the game's package names it.

        >>> from judge.games import engine_class
        >>> engine_class("rangers-strike", "tag").deck_checker().__module__
        'judge.games.rangers_strike.decks'
        """
        spec = cls.deck_rules or f"{cls.__module__.rpartition('.')[0]}.decks:check_deck"
        module, _, name = spec.partition(":")
        try:
            mod = import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name == module:
                return None
            raise
        return getattr(mod, name, None)

    def deck_problems(self) -> list[tuple[str, DeckProblem]]:
        """Every deck-construction problem of every player's deck, as ``(player, problem)``,
        players in the log's order (empty for a game without deck rules)."""
        check = type(self).deck_checker()
        if check is None:
            return []
        out: list[tuple[str, DeckProblem]] = []
        for pid in self.log.player_ids:
            deck = self.log.decks.get(pid) or {}
            for problem in judged_deck(
                check, list(deck.get("main", [])), list(deck.get("ap", [])), self.log.cards
            ):
                out.append((pid, problem))
        return out

    @abstractmethod
    def check(self, action: dict[str, Any], ctx: StepContext) -> Plan:
        """Judge ``action`` in the current state; change nothing (but ``ctx`` notes)."""

    @abstractmethod
    def apply(self, plan: Plan, ctx: StepContext) -> None:
        """Carry out ``plan``; when ``ctx.forced``, as played, where physically possible.

        The runner never forces a plan that ``check`` declared not applicable
        (:meth:`Plan.cannot_apply`), so ``apply`` may rely on what ``check`` resolved."""

    @abstractmethod
    def step_state(self) -> dict[str, Any]:
        """The compact judge's view after a step (every step carries one)."""

    @abstractmethod
    def snapshot(
        self, view: dict[str, Any] | None = None, *, transient: bool = False
    ) -> dict[str, Any]:
        """The full judge's view, hidden order included: what ``state_sha256`` hashes.

        ``view``: the :meth:`step_state` of the state as it is now, when the caller has it
        already (a keyframe step carries both); it is read, never changed.  ``transient``:
        the caller hashes the snapshot and drops it before the state changes, so it may hold
        the state's own lists where a kept one holds copies."""

    @abstractmethod
    def pending(self) -> list[dict[str, Any]]:
        """Decisions the rules now wait for: who, what kind, in words."""

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """``{"winner": id or None, "reason": word}`` once the game has ended, else None."""

    @abstractmethod
    def turn_phase(self) -> tuple[int, str]:
        """The current turn number and phase name."""

    @abstractmethod
    def legal_actions(self) -> list[dict[str, Any]]:
        """Every decision the player to act may record now (seeded mode: all are known)."""

    def cards_used(self) -> list[dict[str, Any]]:
        """Definitions of every card in the decks, sorted by code."""
        codes = sorted(
            {c for deck in self.log.decks.values() for lst in deck.values() for c in lst}
        )
        return [self.log.cards[c] for c in codes]


#: a game state's fields that nothing changes during a game (card definitions, instance
#: tables): :func:`freeze` keeps them by reference
SHARED_FIELDS = ("defs", "code_of", "owner_of")


def freeze(state: Any, *extra: Any) -> bytes:
    """A deep copy of a game's ``state`` (and of ``extra`` values, with which it may share
    objects) kept as bytes; :func:`thaw` gives it back.  The state's :data:`SHARED_FIELDS`
    are not copied: the thawed state gets the ones of the state it is thawed beside.

    Why not ``copy.deepcopy`` with a memo: an engine saves the whole game this way to go back
    to it (a counter window, a Break), and pickling makes the same copy several times faster;
    the bytes are also a copy nothing can change, however often they are thawed.  The shared
    fields are set aside while pickling (and always put back)."""
    kept = [getattr(state, name) for name in SHARED_FIELDS]
    try:
        for name in SHARED_FIELDS:
            setattr(state, name, None)
        return pickle.dumps((state, *extra), protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        for name, value in zip(SHARED_FIELDS, kept, strict=True):
            setattr(state, name, value)


def thaw(blob: bytes, beside: Any) -> tuple[Any, ...]:
    """A new deep copy of what :func:`freeze` kept, ``(state, *extra)``; the state's
    :data:`SHARED_FIELDS` are those of ``beside`` (the game's state now)."""
    state, *extra = pickle.loads(blob)
    for name in SHARED_FIELDS:
        setattr(state, name, getattr(beside, name))
    return (state, *extra)


def deal_instances(
    log: ActionLog, prefixes: Mapping[str, str]
) -> tuple[dict[str, str], dict[str, str], dict[str, dict[str, list[str]]]]:
    """Instance ids for the cards of every deck list: ``code_of``, ``owner_of`` and, per player
    and list, the ids in list order.

    ``prefixes`` maps a list of a deck (``"main"``, ``"ap"``) to the prefix of its numbers:
    the n-th card (from 1) of player P's list with prefix X is ``P-Xn`` (``A-7``, ``A-AP2``).
    A list a deck lacks is empty.
    """
    code_of: dict[str, str] = {}
    owner_of: dict[str, str] = {}
    lists: dict[str, dict[str, list[str]]] = {}
    for pid in log.player_ids:
        deck = log.decks[pid]
        mine = lists[pid] = {}
        for section, prefix in prefixes.items():
            codes = list(deck.get(section, []))
            head = f"{pid}-{prefix}"
            # a list's ids at once, then both maps from them: the same entries in the same
            # order as one card at a time (a deck's hundred-odd cards, at every game's start)
            ids = mine[section] = [f"{head}{n}" for n in range(1, len(codes) + 1)]
            code_of.update(zip(ids, codes, strict=True))
            owner_of.update(dict.fromkeys(ids, pid))
    return code_of, owner_of, lists


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``: for the engines' words.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10 :: 4]}"


def instance_key(iid: str) -> tuple[str, int]:
    """Sort key of an instance id: its list prefix (main deck first), then its number."""
    tail = iid.rsplit("-", 1)[1]
    letters = len(tail) - len(tail.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    return tail[:letters], int(tail[letters:])


#: :meth:`AgendaEngine.supports`'s answers, by effect vocabulary (a game's ``effects``
#: module), then by the effect's id: ``(effect, supported)``, the effect kept so that its id
#: is not reused while it is here
SUPPORTED: dict[ModuleType, dict[int, tuple[dict[str, Any], bool]]] = {}
#: the most answers kept for one vocabulary (then its memo is emptied): some thousands of
#: effects, the cards of a few tables and the effects the engines make as they go
SUPPORTED_MAX = 4096


#: each engine class's agenda steps: op -> the class's function that runs it (``op_<op>``),
#: found on first use (:meth:`AgendaEngine.advance`); the ops are the engines' own few dozen
#: words
OP_FUNCTIONS: dict[type, dict[str, Callable[..., None]]] = {}
#: the most steps one run of the agenda may take (a bug guard), made once
STEP_LIMIT = range(10_000)


class AgendaEngine(OutcomeTaints, Engine):
    """An engine whose flow is an *agenda*, as both games' engines are.

    Everything automatic is done by procedure steps (``("op", {args})``, run by the method
    ``op_<op>``) kept in ``state.agenda``; :meth:`advance` runs them in order until one waits
    for a decision (a name in ``WAITS``) or a pending effect needs a choice.  Action handlers
    live in the module ``handlers``: ``check(eng, action) -> Plan``, ``apply(eng, plan)``,
    ``fill_missing(eng, action)``.  ``effects`` is the game's effect vocabulary, with
    ``supported(effect)`` and ``needs_choice(effect)``.

    A subclass builds ``self.state`` (with ``players``, ``order``, ``code_of``, ``owner_of``,
    ``card(iid)``, ``phase``, ``turn``, ``turn_player``, ``winner``, ``reason``, ``agenda`` and
    ``after_illegal``; each player with ``deck``, ``hand``, ``unseen`` and ``shuffles``) and
    defines ``run_effect``.  ``self.ctx`` is the step being judged, set by the runner's calls.
    """

    handlers: ClassVar[ModuleType]
    effects: ClassVar[ModuleType]
    #: agenda steps that wait for a decision -> the action kind that answers them
    WAITS: ClassVar[Mapping[str, str]] = {}
    #: the game's rule for decisions with no choice (:mod:`judge.core.forced`)
    FORCED_RULE: ClassVar[str | None] = None

    state: Any

    def __init__(self, log: ActionLog, options: dict[str, Any]) -> None:
        super().__init__(log, options)
        self.seeded = log.hidden.get("mode") == "seeded"
        self.seed = str(log.hidden.get("seed", ""))
        self.pool = EffectPool(turn_player_first(TurnPlayerOf(self)))
        self.ctx = StepContext(-1)
        #: a game from a position: what runs by itself (an effect waiting that needs no
        #: choice) runs at the first step, before its action, as its events (not before any
        #: step, where no step would show it)
        self.settle_first = log.start is not None
        #: decisions the engine took itself, with no choice, since the last decision recorded
        #: (:mod:`judge.core.forced`; beside the state, as the taints are)
        self.forced: list[Any] = []
        #: each instance's text in messages (:meth:`name`), made once
        self._names: dict[str | None, str] = {None: "an unknown card"}

    # -- the runner's interface ---------------------------------------------------------------

    def fill_missing(self, action: dict[str, Any], ctx: StepContext) -> None:
        """Apply the documented default for decisions the log skipped (see the handlers)."""
        self.ctx = ctx
        if self.settle_first:
            self.settle_first = False
            self.advance()
        self.handlers.fill_missing(self, action)  # stops at a record of a decision taken

    # (judge.core.forced is imported where it is used, and only then: it imports this module,
    # and most actions record no decision taken already)

    def check(self, action: dict[str, Any], ctx: StepContext) -> Plan:
        self.ctx = ctx
        if not self.forced:  # (records_forced's first test, written out: one call an action)
            return self.handlers.check(self, action)
        k = self.records_forced(action)
        if k is None:
            return self.handlers.check(self, action)
        from judge.core import forced

        return forced.check(self, action, k)

    def apply(self, plan: Plan, ctx: StepContext) -> None:
        self.ctx = ctx
        if ctx.forced:
            self.state.after_illegal = True
        if "forced" in plan.data:  # the record of a decision taken already: nothing changes
            from judge.core import forced

            return forced.apply(self, plan)
        if self.forced and plan.kind != "outcome":  # a decision: the time to record those
            self.forced.clear()  # taken before ends (the test first: mostly none to clear)
        self.handlers.apply(self, plan)
        self.advance()

    # -- decisions with no choice (judge.core.forced) --------------------------------------------

    def take_forced(
        self,
        players: Iterable[str],
        kind: str,
        fields: Mapping[str, Any],
        rule: str,
        why: str,
        **extras: Any,
    ) -> None:
        """Note a decision the engine took itself, the rules leaving it one way: ``players``
        may record it (``kind`` with ``fields``) next; another way breaks ``rule`` (``why``).
        ``extras``: the fields a record may carry beside the one way, and how the game
        judges and applies them (:class:`judge.core.forced.Forced`)."""
        from judge.core.forced import Forced

        step = max(self.ctx.index, 0)
        self.forced.append(Forced(tuple(players), kind, dict(fields), rule, why, step, **extras))

    def records_forced(self, action: dict[str, Any]) -> int | None:
        """Which decision taken already ``action`` records (an index in :attr:`forced`), or
        None; a game's ``fill_missing`` fills in nothing before such a record."""
        if not self.forced:
            return None
        from judge.core.forced import recorded

        return recorded(self, action)

    def waits_for_kind(self, kind: Any) -> bool:
        """Whether the rules now wait for a decision of ``kind`` (:attr:`WAITS`, ``resolve``)."""
        if kind == "resolve" and self.pool.items:
            return True
        agenda = self.state.agenda
        return bool(agenda) and self.WAITS.get(agenda[0][0]) == kind

    def result(self) -> dict[str, Any] | None:
        if self.state.phase != "over":
            return None
        return {"winner": self.state.winner, "reason": self.state.reason}

    def turn_phase(self) -> tuple[int, str]:
        return self.state.turn, self.state.phase

    def checked(self, candidates: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """The candidate actions that this engine's own ``check`` finds legal now (for
        ``legal_actions``); the step being judged is left as it was."""
        saved = self.ctx
        try:
            out = []
            for act in candidates:
                self.ctx = StepContext(-1)
                if not self.check(act, self.ctx).violations:
                    out.append(act)
            return out
        finally:
            self.ctx = saved

    # -- low-level moves ----------------------------------------------------------------------

    def event(self, type_: str, text: str, **fields: Any) -> None:
        """Record an event on the step being judged (:meth:`StepContext.event`, written out:
        a few calls an action)."""
        fields["type"] = type_
        fields["text"] = text
        self.ctx.events.append(fields)

    def moment(self) -> str:
        """When in the game it is, in words (for messages): during setup, or the turn, the
        player and the phase."""
        st = self.state
        if st.phase == "setup":
            return "during setup"
        return f"in turn {st.turn}, {st.turn_player}'s {st.phase} phase"

    def name(self, iid: str | None) -> str:
        """A card in messages: its instance id and its name (``"A-7 (Cinder Gunner)"``), or
        ``"an unknown card"`` for None.  Made once an instance and kept: a few are asked an
        action, and an instance's code, and so its name, changes only where :meth:`dealt` deals it
        anew."""
        named = self._names.get(iid)
        if named is None:
            named = self._names[iid] = f"{iid} ({self.state.card(iid).name})"
        return named

    def dealt(self, iid: str, code: str, owner: str) -> None:
        """``iid`` is ``owner``'s instance of ``code`` from now on (a card made during the
        game: a player card, a PL EX), its name in messages made again (:meth:`name`)."""
        st = self.state
        st.code_of[iid], st.owner_of[iid] = code, owner
        self._names.pop(iid, None)

    def shuffle(self, pid: str, opening: bool = False) -> None:
        """Shuffle ``pid``'s deck.  Seeded: stream ``"<player>/shuffle/<n>"`` of the log seed,
        n counting the player's shuffles from 1 (the opening shuffle is 1).  Observed: the
        deck's order is unknown, so every card in it becomes unseen again.  Every shuffle but
        the opening one is an event."""
        ps = self.state.players[pid]
        ps.shuffles += 1
        if self.seeded:
            SplitMix64.from_seed(self.seed, f"{pid}/shuffle/{ps.shuffles}").shuffle(ps.deck)
        else:
            for i, iid in enumerate(ps.deck):
                if iid is not None:
                    ps.unseen.setdefault(self.state.code_of[iid], []).append(iid)
                    ps.deck[i] = None
            for lst in ps.unseen.values():
                lst.sort(key=instance_key)
        if not opening:
            self.event("shuffle", f"{pid} shuffles the deck.", player=pid)

    def draw(self, pid: str, n: int = 1, why: str = "") -> int:
        """Draw up to n; returns how many were drawn (an empty deck stops drawing)."""
        ps = self.state.players[pid]
        k = min(n, len(ps.deck))
        cards = ps.deck[:k]
        del ps.deck[:k]
        ps.hand.extend(cards)
        if k:
            count = "a card" if k == 1 else f"{k} cards"
            if None in cards:  # (an unseen card: the count only)
                text = f"{pid} draws {count}{why}."
            else:
                # (a plain loop, not a generator: its resumes cost more; draws are frequent)
                names = []
                for c in cards:
                    names.append(self.name(c))
                text = f"{pid} draws {', '.join(names)}{why}."
            self.event(
                "draw",
                text,
                player=pid,
                cards=cards,
                private=pid,
                public_text=f"{pid} draws {count}{why}.",
            )
        if k < n:
            self.event("draw_failed", f"{pid} cannot draw: the deck is empty.", player=pid)
        return k

    # -- the agenda ---------------------------------------------------------------------------

    def run_effect(self, pe: Any, targets: list[Any], use: bool | None) -> None:
        """Resolve a pending effect with the targets the log recorded (already checked)."""
        raise NotImplementedError

    def supports(self, effect: dict[str, Any]) -> bool:
        """``self.effects.supported(effect)``, answered once per effect object in this process.

        Why: the games' checks of an effect are long (Union Arena's reads every op and
        condition, Rangers Strike's asks a dozen shapes), and the same few effects of the
        cards' definitions, which engines only read, come back again and again, in every game
        of the same card table (:func:`judge.core.cards.read_table_once` shares the
        definitions' objects between them).  So the answer is kept for every game of this
        process, by the effect's id with the effect itself (so that the id is not reused while
        it is here) in a memo of the vocabulary (:data:`SUPPORTED`); bounded: emptied when
        full.  This holds because ``supported`` is a function of the effect alone: it is given
        no game, option or state (tests/test_supports_memo.py checks each vocabulary's
        signature), and definitions are never changed.  Measured (callgrind, the bench's
        normal games, against a memo of each game's own): Rangers Strike 7.1 % (1 vs 1) and
        7.9 % (tag) fewer instructions, Union Arena 1.8 %; Z/X and Rebirth, whose games ask
        few, the same within 0.4 %.
        """
        memo = SUPPORTED.get(self.effects)
        if memo is None:
            memo = SUPPORTED.setdefault(self.effects, {})
        entry = memo.get(id(effect))
        if entry is not None and entry[0] is effect:
            return entry[1]
        ok = bool(self.effects.supported(effect))
        if len(memo) >= SUPPORTED_MAX:
            memo.clear()
        memo[id(effect)] = (effect, ok)
        return ok

    def auto_resolve(self) -> bool:
        """Resolve the next pending effect when nobody has a choice; False if one is needed."""
        cands = self.pool.candidates()
        pe = self.pool.next_preferred() if len(cands) > 1 else (cands[0] if cands else None)
        if pe is None:
            return False
        if not self.supports(pe.effect):
            self.pool.remove(pe)
            self.run_effect(pe, [], None)  # says it cannot be executed, and why
            return True
        preset = pe.context.get("targets")
        if self.effects.needs_choice(pe.effect) and preset is None:
            return False
        self.pool.remove(pe)
        self.run_effect(pe, list(preset or []), True if preset is not None else None)
        return True

    def trial(self, run: Callable[[], Any]) -> Any:
        """``run()`` on a copy of the state and the pending effects, with a context of its
        own; the game is left as it was.

        Why: an ``outcome`` is a sequence of changes, each possible only after the ones before
        it (a card drawn, then discarded); checking it by carrying it out on a copy is simpler
        and surer than a second, static model of every change.  Card definitions and the
        instance tables are shared, not copied (nothing changes them), and so is the engine:
        the pool's policy asks it for the turn player (:class:`~judge.core.timing.TurnPlayerOf`),
        and during ``run()`` its state is the copy.  Why: copied, the engine took its log with
        it, every action of it, at every ``outcome`` (2.7 ms on a log of 404 actions, 17 ms on
        one of 4,048: a log of outcomes cost the square of its length)."""
        st = self.state
        shared = (st.defs, st.code_of, st.owner_of, self)
        memo: dict[int, Any] = {id(x): x for x in shared}
        saved = self.state, self.pool, self.ctx
        self.state, self.pool = copy.deepcopy((st, self.pool), memo)
        self.ctx = StepContext(saved[2].index)
        try:
            return run()
        finally:
            self.state, self.pool, self.ctx = saved

    def after_auto_resolve(self) -> None:
        """What the rules check after an effect resolved by itself (default: nothing)."""

    def when_idle(self) -> bool:
        """The agenda is empty and no effect is pending: True if this put steps on the agenda
        (run on), False if a decision is now due (default)."""
        return False

    def advance(self) -> None:
        """Run automatic procedure until a decision is due or the game is over.

        Each step runs its class's ``op_<op>`` function with the engine, found once per
        class and op (:data:`OP_FUNCTIONS`), not a bound method found by name at every step;
        ``when_idle`` is asked only of an engine that defines its own (the default answers
        False).  Why: this runs after every action, a step or two each, and the lookup by
        name, the bound method and the call of the default ``when_idle`` were a tenth of it
        (``tests/test_engine_fast_paths.py`` runs games both ways)."""
        st = self.state
        pool = self.pool
        agenda = st.agenda
        waits = self.WAITS
        cls = type(self)
        ops = OP_FUNCTIONS.get(cls)
        if ops is None:
            ops = OP_FUNCTIONS[cls] = {}
        idle = None if cls.when_idle is AgendaEngine.when_idle else self.when_idle
        for _ in STEP_LIMIT:
            if st.phase == "over":
                agenda.clear()
                pool.items.clear()
                return
            if pool.items:
                if self.auto_resolve():
                    self.after_auto_resolve()
                    continue
                return
            if not agenda:
                if idle is not None and idle():
                    continue
                return
            op, args = agenda[0]
            if op in waits:
                return
            del agenda[0]
            run = ops.get(op)
            if run is None:
                run = ops[op] = getattr(cls, f"op_{op}")
            run(self, **args)
        raise RuntimeError("agenda did not settle")  # pragma: no cover - a bug guard

    def push(self, *items: tuple[str, dict[str, Any]]) -> None:
        """Put procedure steps at the front of the agenda, in the order given."""
        self.state.agenda[0:0] = items  # (the tuple itself: a slice takes it as a list would)

    def end_game(self, winner: str | None, reason: str, rule: str, message: str) -> None:
        st = self.state
        st.phase, st.winner, st.reason = "over", winner, reason
        self.ctx.ruling(rule, message)
        self.event("game_over", message, winner=winner, reason=reason)

    # -- views --------------------------------------------------------------------------------

    def pending_effects(self) -> list[dict[str, Any]]:
        """``pending()`` while effects wait: every waiting effect, both players', in the order
        they were triggered, so a judge sees all of them and who chooses next.

        An effect the chooser (the player the game's ordering policy picks) may resolve now
        is a ``resolve`` decision of the chooser; any other is ``waiting``, with its
        controller as ``player``: its turn comes when the chooser's are done (Union Arena:
        the turn player's effects all resolve first).  Each entry names the effect's
        ``controller`` and ``source``.
        """
        pool = self.pool
        chooser = pool.chooser()
        now = {pe.seq for pe in pool.candidates()}
        out = []
        for pe in sorted(pool.items, key=lambda p: p.seq):
            owner = "" if pe.controller == chooser else f" ({pe.controller}'s)"
            if pe.seq in now:
                entry = {
                    "player": chooser,
                    "kind": "resolve",
                    "text": f"{chooser} resolves {pe.describe()}{owner}",
                }
            else:
                entry = {
                    "player": pe.controller,
                    "kind": "waiting",
                    "text": f"{pe.describe()}{owner} waits: {chooser} chooses first",
                }
            entry["source"], entry["controller"] = pe.source, pe.controller
            out.append(entry)
        return out

    def snapshot(
        self, view: dict[str, Any] | None = None, *, transient: bool = False
    ) -> dict[str, Any]:
        """The judge's full view; its canonical JSON is hashed for ``state_sha256``.

        The step's view (``step_state``) with, for each player, the deck in order, what the
        game adds (:meth:`snapshot_player`) and the unseen instances (observed mode); then what
        the game adds for the whole game (:meth:`snapshot_game`); then the pending effects (in
        pool order), the agenda's steps and the result.

        ``view``: the step's view, when the caller has it already.  Why: a keyframe step
        carries the step's view and the snapshot's hash, and the view is the costly part of
        both (it grows with the zones), so it is built once.  The snapshot is then built on
        copies of the view's dict and its players' dicts (not of what they hold): what
        :meth:`snapshot_player` and :meth:`snapshot_game` add must be new values, never
        changes to the view's lists and dicts.

        ``transient`` (a keyframe's hash, the snapshot dropped at once): each player's deck is
        the state's own list, not a copy.  Why: a long log's decks hold hundreds of cards, and
        a copy made and freed at every keyframe touches each card's id twice more (on a long
        log, where the heap is large, cache misses: about a tenth of a keyframe's time).
        """
        st = self.state
        if view is None:
            view = self.step_state()
        else:
            view = dict(view)
            view["players"] = {pid: dict(pv) for pid, pv in view["players"].items()}
        for pid in st.order:
            ps = st.players[pid]
            pv = view["players"][pid]
            pv["deck"] = ps.deck if transient else list(ps.deck)
            self.snapshot_player(ps, pv)
            if ps.unseen:
                pv["unseen"] = {c: list(v) for c, v in sorted(ps.unseen.items()) if v}
        self.snapshot_game(view)
        view["pending"] = [
            [p.seq, p.controller, p.source, p.index, p.trigger] for p in self.pool.items
        ]
        view["agenda"] = [op for op, _ in st.agenda]
        view["result"] = self.result()
        return view

    def snapshot_player(self, ps: Any, pv: dict[str, Any]) -> None:
        """Add to a player's step view ``pv`` what only the judge sees of ``ps`` (default:
        nothing): as new values (``pv`` is a copy of the step's view, what it holds is not)."""

    def snapshot_game(self, view: dict[str, Any]) -> None:
        """Add to the full view what only the judge sees of the whole game (default:
        nothing)."""
