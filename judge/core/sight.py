"""What every perspective of a game sees as it is replayed: each step's record of what it
withholds from whom (:class:`Sight`), kept beside the judge's replay so that a stored replay
can be redacted a page at a time, long after the engine is gone
(:func:`judge.core.perspective.redact`).

Why a module of its own: the records are made while judging, once a step, in every service
job (a job's replay for the judge is stored with them), so what they cost is a service
job's cost; :mod:`judge.core.perspective` is what reads them.
"""

from __future__ import annotations

from typing import Any

from judge.core.perspective import (
    _JSON_KEYS,
    _STEP_NOT_CARDS,
    _TOKEN,
    _json_text,
    _quoted,
    _strings,
    visible_players,
)


class Sight:
    """What every perspective of a game sees as it is replayed, and so what each step must
    withhold from each: its record, kept beside the replay (never in the judge's document)
    so that a stored replay can be redacted a page at a time, long after the engine is gone.

    A step may name a card (by id, by ``"<id> (<name>)"``, by its code or name alone) in any
    field: its action, a violation's message, a ruling's explanation, an event, what is
    pending.  A perspective may read that name when it sees the card **before or after**
    the step: a card played face up, revealed, moved to a public zone, put into its own
    hand, discarded from a hand (it goes public then) — the action that names it is what
    made it seen.  A card it sees neither before nor after (another's hand, a deck, a face-
    down life or resource card) is withheld, wherever the step names it: a draw's id, a
    card charged face down, and an action that names a hidden card and is not carried out
    (illegal, skipped: the card never went public; the action shows "a hidden card"
    there).  A code or a name is withheld when only hidden cards carry it.

    Why the before-and-after rule and not each card's history: a card that left a public
    zone for a hand stays named until the step that moves it, then is hidden again (the
    perspective knows where it went, but the rule that decides it is the state's, the same
    for every game and for the property test that checks it).

    The record of a step: ``{perspective: {"ids": [...], "words": [...], "named": [...]}}``
    for each perspective (``public`` and each player) that the step withholds something
    from, sorted; ``{}`` when it withholds nothing (the judge withholds nothing).

    What it costs: a state is read (:class:`_Read`) only when a step names a card, and
    then only as far as the cards the step names; a step that names none (a phase passed,
    a turn ended) keeps the state after it unread for the next step.
    """

    def __init__(self, engine: Any, teams: list[dict[str, Any]] | None = None) -> None:
        self.zones: tuple[str, ...] = tuple(getattr(type(engine), "private_zones", ("hand",)))
        players = list(engine.log.player_ids)
        self.viewers = ("public", *players)
        self.sees = {v: frozenset(visible_players(v, teams)) for v in self.viewers}
        #: for each player, the viewers that see its private zones
        self.seen_by = {p: tuple(v for v in self.viewers if p in self.sees[v]) for p in players}
        state = getattr(engine, "state", None)
        self.code_of: dict[str, str] = dict(getattr(state, "code_of", None) or {})
        self.name_of: dict[str, str] = {}
        holders: dict[str, set[str]] = {}
        for iid, code in self.code_of.items():
            try:
                name = state.card(iid).name  # type: ignore[union-attr]
            except (AttributeError, KeyError, TypeError):
                name = None
            if isinstance(name, str) and name:
                self.name_of[iid] = name
            for word in (code, name):
                if isinstance(word, str) and len(word) > 1:
                    holders.setdefault(word, set()).add(iid)
        self._plain_ids = all(_TOKEN.fullmatch(i) for i in self.code_of)
        self._ids = frozenset(self.code_of)
        #: each code and name, with the cards that carry it
        self.holders = {w: frozenset(ids) for w, ids in sorted(holders.items())}
        self.before = _Read(engine.step_state())

    def record(self, step: dict[str, Any], state: Any) -> dict[str, Any]:
        """The record of ``step`` (see the class), ``state`` the judge's view after it
        (``engine.step_state()``); the view after is the next step's view before."""
        before = self.before
        # a step that changed nothing (an illegal action skipped) leaves a state equal to
        # the one before: read once (on a long log, a state is long to read)
        after = before if state == before.state else _Read(state)
        self.before = after
        named = [v for k, v in step.items() if k not in _STEP_NOT_CARDS]
        texts = _quoted(named, 0)  # as _strings gives them, read by C code (see _quoted)
        if texts is None:
            texts = [t for v in named for t in _strings(v)]
        blob = "\n".join(texts)
        if self._plain_ids:  # (no word spans two texts: a newline joins them)
            ids = sorted(self._ids.intersection(_TOKEN.findall(blob)))
        else:  # an id that is not one word of a text: looked for as it is
            ids = sorted(i for i in self.code_of if i in blob)
        words = [w for w in self.holders if w in blob]
        if not ids and not words:
            return {}
        # the cards whose sight decides the record: those named, and those that carry a
        # word named (a word is withheld when no card seen carries it)
        cards = set(ids).union(*(self.holders[w] for w in words))
        shown = self._shown(step.get("events") or (), cards)
        was = before.seen(self, cards)
        now = was if after is before else after.seen(self, cards)
        out: dict[str, Any] = {}
        for viewer in self.viewers:
            seen = was[viewer] | now[viewer] | shown[viewer]
            hidden = [i for i in ids if i not in seen]
            withheld = [w for w in words if seen.isdisjoint(self.holders[w])]
            if not hidden and not withheld:
                continue
            mine: dict[str, Any] = {}
            if hidden:
                mine["ids"] = hidden
                named = sorted(
                    {
                        f"{i} ({w})"
                        for i in hidden
                        for w in (self.name_of.get(i), self.code_of[i])
                        if w
                    }
                )
                if named:
                    mine["named"] = named
            if withheld:
                mine["words"] = withheld
            out[viewer] = mine
        return out

    def _shown(self, events: Any, cards: set[str]) -> dict[str, set[str]]:
        """Which of ``cards`` each viewer sees shown by the step's events: an event's
        ``card``/``cards`` are public unless it is marked ``private`` to a player (the
        engines' contract: a life card turned face up, a card revealed from the deck, an
        event card played, all shown to everyone while the state before and after holds
        them hidden)."""
        public: set[str] = set()
        private: dict[str, set[str]] = {}
        for ev in events:
            if not isinstance(ev, dict):
                continue
            listed = ev.get("cards") if isinstance(ev.get("cards"), list) else []
            named = {c for c in [ev.get("card"), *listed] if isinstance(c, str)}
            named &= cards
            if not named:
                continue
            if "private" in ev:
                private.setdefault(ev["private"], set()).update(named)
            else:
                public |= named
        out = {viewer: set(public) for viewer in self.viewers}
        for pid, ids in private.items():
            for viewer in self.seen_by.get(pid, ()):
                out[viewer] |= ids
        return out


#: how many cards :meth:`_Read.seen` looks for in a state's text one by one; for more, the
#: text is split into its strings once (a long log's state is tens of kilobytes)
_FEW = 8


class _Read:
    """One state (the judge's view after a step) as :class:`Sight` reads it: which cards
    each viewer sees in it, those its redacted view lists (:func:`~judge.core.perspective.
    redact_step`: the private zones of the players it does not see are counts).  Read when
    first asked, once: a step that names no card leaves the state after it unread, and the
    next step may not ask either."""

    __slots__ = ("state", "_private", "_text", "_present", "_asked")

    def __init__(self, state: Any) -> None:
        self.state = state
        #: each player's cards in its private zones; None until read
        self._private: dict[str, frozenset[str]] | None = None
        #: the state's JSON text, when a card's presence can be read from it (see seen)
        self._text: str | None = None
        #: every card the state lists anywhere, once read whole (else None)
        self._present: frozenset[str] | None = None
        #: the last cards asked of it, and the answer (a state read again and again: the
        #: same illegal action skipped, step after step)
        self._asked: tuple[set[str], dict[str, set[str]]] | None = None

    def _read(self, sight: Sight) -> dict[str, frozenset[str]]:
        state = self.state
        private: dict[str, frozenset[str]] = {}
        if isinstance(state, dict):
            players = state.get("players") or {}
            for pid, pv in players.items():
                if isinstance(pv, dict):
                    private[pid] = frozenset().union(
                        *(_ids_in(sight, pv[z]) for z in sight.zones if isinstance(pv.get(z), list))
                    )
            text = _json_text(state, _JSON_KEYS)  # (dumped once, for either reading)
            if text is None:  # an escape: every string walked
                self._present = frozenset(s for s in _strings(state) if s in sight.code_of)
            elif sight._plain_ids:
                self._text = text
            else:
                self._present = sight._ids.intersection(text.split('"')[1::2])
        else:
            self._present = frozenset()
        self._private = private
        return private

    def seen(self, sight: Sight, cards: set[str]) -> dict[str, set[str]]:
        """Which of ``cards`` each viewer sees in the state: every card the state lists
        outside the private zones (a card is in one zone), and those in the private zones
        of the players it sees."""
        if self._asked is not None and self._asked[0] == cards:
            return self._asked[1]
        private = self._private if self._private is not None else self._read(sight)
        mine = {pid: ids & cards for pid, ids in private.items()}
        text = self._text
        if self._present is None and len(cards) > _FEW:
            # (many cards: the text split at its quotes once, each card looked up)
            self._present = sight._ids.intersection(text.split('"')[1::2])  # type: ignore[union-attr]
        if self._present is not None:
            listed = self._present.intersection(cards)
        else:
            # a card id the state lists is a string of its JSON text, quoted: with ids that
            # are words (letters, digits, "-", "_") and a text without an escape, '"<id>"'
            # is found in the text exactly when a string of the state is the id (between
            # two strings the text holds "," or ":", which no id holds)
            listed = {c for c in cards if f'"{c}"' in text}  # type: ignore[operator]
        public = listed.difference(*mine.values())
        out = {viewer: set(public) for viewer in sight.viewers}
        for pid, ids in mine.items():
            if ids:
                for viewer in sight.seen_by.get(pid, ()):
                    out[viewer] |= ids
        self._asked = (cards, out)
        return out


def _ids_in(sight: Sight, value: Any) -> set[str]:
    """The card ids in a JSON value (its keys too).  Why through its JSON text: read by
    C code (the text split at its quotes: every other piece is a string), several times
    faster than a walk in Python, and a state is read at most once a step.  A text with an
    escape (a quote inside a string would shift the pieces) is walked."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return sight._ids.intersection(value)  # a zone of ids
    pieces = _quoted(value, _JSON_KEYS)
    if pieces is None:
        return {s for s in _strings(value) if s in sight.code_of}
    return sight._ids.intersection(pieces)
