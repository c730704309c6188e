"""Perspectives: what a viewer of a replay may see.

The engine always judges with full knowledge (the judge's view).  A replay for another
viewer is the judge's replay with what that viewer may not see taken out, so one stored
replay serves every perspective:

- ``judge``: everything.
- a player id: that player's own hand — and, in a team game, the hands of its allies
  (teams share hand information) — other hands as counts; deck order and face-down
  life never (not even one's own: nobody may look at them); private events (draws) of
  players it cannot see reduced to their public text.
- ``public``: every hand as a count; private events reduced for everyone.

The full snapshots that carry ``state_sha256`` are the judge's alone and are dropped.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - exercised where orjson has no wheel
    orjson = None  # type: ignore[assignment]


def check_perspective(perspective: str, players: list[str]) -> None:
    """ValueError unless ``perspective`` is ``judge``, ``public`` or a player id."""
    if perspective not in ("judge", "public", *players):
        raise ValueError(
            f"perspective must be judge, public or a player id ({', '.join(players)}); "
            f"got {perspective!r}"
        )


def visible_players(perspective: str, teams: list[dict[str, Any]] | None) -> set[str]:
    """The players whose private zones ``perspective`` sees: itself and its allies.

    >>> sorted(visible_players("A2", [{"id": "T1", "players": ["A1", "A2"]}]))
    ['A1', 'A2']
    >>> visible_players("public", None)
    set()
    """
    if perspective in ("judge", "public"):
        return set()
    for team in teams or ():
        if perspective in team.get("players", ()):
            return set(team["players"])
    return {perspective}


def redact_step(
    step: dict[str, Any],
    perspective: str,
    private_zones: tuple[str, ...],
    sees: set[str] | None = None,
    hide: Withheld | None = None,
) -> dict[str, Any]:
    """A copy of ``step`` as ``perspective`` may see it (``sees``: the players whose hands
    it sees; by default its own): private zones of the others as counts, their private
    events reduced to their public text, and with ``hide`` (what the step withholds from
    that perspective, :meth:`Withheld.of_record`) every card it may not see named
    :data:`HIDDEN_CARD` in the step's every other text and field.  Without ``hide`` only
    the zones and the events (a question's probe, whose answer is redacted whole after)."""
    if perspective == "judge":
        return step
    if sees is None:
        sees = visible_players(perspective, None)
    out = dict(step)
    out.pop("snapshot", None)
    state = out.get("state")
    if state is not None:
        out["state"] = _zones_counted(state, sees, private_zones)
    events = []
    for ev in out.get("events", []):
        if "private" in ev and ev["private"] not in sees:
            ev = {k: v for k, v in ev.items() if k not in ("card", "cards", "code")}
            ev["text"] = ev.pop("public_text", ev["text"])
            ev.pop("private", None)
        events.append(ev)
    out["events"] = events
    if hide is not None and hide.withholds:
        # the state lists what the perspective sees after the step (its zones reduced above)
        out = {k: v if k in _STEP_NOT_CARDS else hide.document(v) for k, v in out.items()}
    return out


def _zones_counted(
    state: dict[str, Any], sees: set[str], private_zones: tuple[str, ...]
) -> dict[str, Any]:
    """``state`` with the private zones of the players not in ``sees`` as counts: a new
    state, its players' parts new where a zone is counted, and what it leaves as it was
    shared with ``state`` (a step's state is read-only, as the engines' views are).

    Why not a deep copy: a state holds every zone of every player, and copying it whole,
    for each step of each page a perspective reads, was most of what redacting cost.

    >>> state = {"turn": 3, "players": {"A": {"hand": ["A-1"], "trash": ["A-2"]}}}
    >>> seen = _zones_counted(state, set(), ("hand",))
    >>> seen, state["players"]["A"]["hand"], seen["players"]["A"]["trash"] is state["players"]["A"]["trash"]
    ({'turn': 3, 'players': {'A': {'hand': 1, 'trash': ['A-2']}}}, ['A-1'], True)
    """
    players = state.get("players", {})
    counted = {}
    for pid, pv in players.items():
        if pid in sees:
            continue
        zones = {z: len(pv[z]) for z in private_zones if isinstance(pv.get(z), list)}
        if zones:
            counted[pid] = {**pv, **zones}
    if not counted:
        return dict(state)
    return {**state, "players": {pid: counted.get(pid, pv) for pid, pv in players.items()}}


def redact_head(replay: dict[str, Any], perspective: str) -> dict[str, Any]:
    """A copy of the replay's top-level fields as ``perspective`` may see them, its steps
    (if any) left as they are: with :func:`redact_step`, a replay is redacted a page of
    steps at a time (the service reads a stored replay in pages) to the same document as
    :func:`redact`.

    What stays: the deck lists and the card definitions (what each deck holds, by code, as
    the log registers it: they say nothing of where a card is), the summary (verdicts by
    step, the result, deck problems about the lists), the rules cited.  What goes: the seed
    (it reveals every hidden card), the fingerprints (a hash of the full state, deck order
    included, can be tested against guesses) and a position's start (it says where each
    hidden card is, and numbers the cards by zone, so its decks go too)."""
    out = dict(replay)
    if perspective == "judge":
        return out
    out["options"] = {**replay["options"], "perspective": perspective}
    out["hidden"] = {"mode": replay["hidden"].get("mode")}  # a seed reveals every hidden card
    out.pop("fingerprints", None)
    if "start" in out:
        # a position names its hidden cards (hands, deck order, life) and numbers every card
        # by the zone it is in, so its decks (codes in id order) would tell where each is
        out.pop("start")
        out["decks"] = None
    return out


def redact(
    replay: dict[str, Any],
    perspective: str,
    private_zones: tuple[str, ...],
    records: Sequence[Mapping[str, Any] | None] | None = None,
) -> dict[str, Any]:
    """The whole replay as ``perspective`` may see it (the judge's is returned as is).

    ``records``: what each step withholds from each perspective, as the replay recorded it
    (:class:`~judge.core.sight.Sight`, ``replay(..., withheld=[])``); without them (a replay judged without
    its records) every card id a step names is withheld (:meth:`Withheld.unrecorded`)."""
    if perspective == "judge":
        return replay
    sees = visible_players(perspective, replay.get("teams"))
    steps = replay["steps"]
    hides = step_hides(perspective, sees, private_zones, records, len(steps))
    out = redact_head(replay, perspective)
    out["steps"] = [
        redact_step(s, perspective, private_zones, sees, h)
        for s, h in zip(steps, hides, strict=True)
    ]
    return out


def step_hides(
    perspective: str,
    sees: set[str],
    private_zones: tuple[str, ...],
    records: Sequence[Mapping[str, Any] | None] | None,
    count: int,
) -> list[Withheld]:
    """One :class:`Withheld` a step for ``count`` steps: from each step's record, or
    :meth:`Withheld.unrecorded` where there is none."""
    unrecorded = Withheld.unrecorded(perspective, frozenset(sees), private_zones)
    if records is None:
        return [unrecorded] * count
    return [
        unrecorded
        if r is None
        else Withheld.of_record(r, perspective, frozenset(sees), private_zones)
        for r in records
    ]


# -- narrowing a submission's perspective ------------------------------------------------------


class PerspectiveWidened(ValueError):
    """A view wider than the one a submission was made for (the service's 403)."""


def narrowed(submitted: str, wanted: str | None, players: list[str]) -> str:
    """The view ``wanted`` (default: ``submitted``) if it is no wider than ``submitted``:
    judge sees all, a player itself and public, public only public.  ValueError for no
    such perspective, :class:`PerspectiveWidened` for a wider one.

    >>> narrowed("A", "public", ["A", "B"]), narrowed("judge", None, ["A", "B"])
    ('public', 'judge')
    """
    view = wanted or submitted
    check_perspective(view, players)
    allowed = {"judge": None, "public": {"public"}}.get(submitted, {submitted, "public"})
    if allowed is not None and view not in allowed:
        raise PerspectiveWidened(
            f"this submission was made for perspective {submitted!r}; "
            f"it can be viewed as {', '.join(sorted(allowed))} only"
        )
    return view


def views_within(submitted: str, players: list[str]) -> list[str]:
    """Every perspective no wider than ``submitted`` (:func:`narrowed`), widest first: what
    a replay submitted for ``submitted`` may be viewed as.

    >>> views_within("judge", ["A", "B"]), views_within("B", ["A", "B"])
    (['judge', 'public', 'A', 'B'], ['public', 'B'])
    """
    out = []
    for view in ("judge", "public", *players):
        try:
            narrowed(submitted, view, players)
        except ValueError:  # PerspectiveWidened is one
            continue
        out.append(view)
    return out


# -- what an answer about a game may name ------------------------------------------------------------

#: what a hidden card becomes in an answer's text
HIDDEN_CARD = "a hidden card"
#: the fields of an answer that never name a card of the game (the rules are the catalogue's)
_NOT_CARD_TEXT = frozenset({"format", "kind", "game", "variant", "on_illegal", "perspective"})
#: a step's fields that name no card it may withhold: the state is the perspective's own
#: view after the step (its private zones reduced by :func:`redact_step`), the rest is the
#: engine's vocabulary
_STEP_NOT_CARDS = frozenset(
    {"state", "state_sha256", "index", "turn", "phase", "verdict", "player", "skipped"}
)
#: a card id as the log contract numbers them (``A-12``, ``B-AP1``, ``A2-7``, ``B-PT2``)
_ANY_ID = r"[^\W_](?:[\w.]*[^\W_])?-[A-Za-z]*\d+"
#: what :meth:`Withheld.unrecorded` withholds: every card id, with the name the engines
#: write after one
_ANY_CARD = (
    re.compile(rf"(?<![\w-]){_ANY_ID} \([^()]*\)"),
    re.compile(rf"(?<![\w-]){_ANY_ID}(?![\w-])"),
)


@dataclass(frozen=True)
class Withheld:
    """What ``perspective`` does not see at a moment of a game, so that an answer about that
    moment (a question, :mod:`judge.core.ask`) may say no more than the replay shows it.

    ``ids``: the instance ids of the cards in zones it cannot see (other players' private
    zones, the game's secret zones: deck order, face-down life): the log's deck lists
    number the cards, so an id names the card, and an id in a hand says the card is there.
    ``words``: the codes and names of those cards that no card it sees shares (a text
    that names a card without its id).  Why from the state and not from the events: a
    question's probes play the game forward on the judge's knowledge (the next draw, a
    life card turned), and only the state says which cards the viewer could know of.
    The judge withholds nothing."""

    perspective: str
    sees: frozenset[str]
    private_zones: tuple[str, ...]
    ids: frozenset[str] = frozenset()
    words: tuple[str, ...] = ()
    #: ``"<id> (<name>)"`` as the engines write a card, for each hidden id
    named: tuple[str, ...] = ()
    #: withhold every card id (:meth:`unrecorded`)
    every_id: bool = False

    @classmethod
    def of_record(
        cls,
        record: Mapping[str, Any],
        perspective: str,
        sees: frozenset[str],
        private_zones: tuple[str, ...],
    ) -> Withheld:
        """What a replay's step withholds from ``perspective``, from the step's record
        (:meth:`Sight.record`: the hidden cards the step names, for each perspective)."""
        mine = record.get(perspective) or {}
        return cls(
            perspective,
            sees,
            private_zones,
            frozenset(mine.get("ids", ())),
            tuple(mine.get("words", ())),
            tuple(mine.get("named", ())),
        )

    @classmethod
    def unrecorded(
        cls, perspective: str, sees: frozenset[str], private_zones: tuple[str, ...]
    ) -> Withheld:
        """What a step withholds when nothing recorded what it names (a replay judged
        without its records, a result stored before they were): every card id, visible or
        not, and the name written after one (the names alone cannot be told from text)."""
        return cls(perspective, sees, private_zones, every_id=perspective != "judge")

    @property
    def anything(self) -> bool:
        return self.perspective != "judge"

    def names_hidden(self, value: Any) -> bool:
        """Whether ``value`` (an action, a list, a string) names a hidden card."""
        if isinstance(value, str):
            if self.every_id:
                return _ANY_CARD[1].fullmatch(value) is not None
            return value in self.ids or value in self.words
        if isinstance(value, dict):
            return any(self.names_hidden(v) for v in value.values())
        if isinstance(value, list):
            return any(self.names_hidden(v) for v in value)
        return False

    @property
    def withholds(self) -> bool:
        """Whether any text could name a card this withholds (else nothing to look for)."""
        return self.anything and bool(self.every_id or self.ids or self.words or self.named)

    def sees_hand_of(self, player: Any) -> bool:
        """Whether the private zones of ``player`` are open to this perspective."""
        return not self.anything or player in self.sees

    def step(self, step: dict[str, Any]) -> dict[str, Any]:
        """A probe's or a replay's step as this perspective sees it (:func:`redact_step`:
        private events reduced to their public text)."""
        if not self.anything:
            return step
        return redact_step(step, self.perspective, self.private_zones, set(self.sees))

    def text(self, text: str) -> str:
        """``text`` with every hidden card it names replaced by :data:`HIDDEN_CARD`: the
        engines' ``"<id> (<name>)"`` first, then bare ids, then codes and names, each as a
        whole word (``A-1`` is not in ``A-12``), the longest first.

        Why phrase by phrase (each a pattern compiled once and cached, used only when the
        text holds it) rather than one pattern of every hidden name: a replay's steps each
        withhold a different few, and compiling a pattern a step cost more than redacting
        it (1.7 s of 13 for a tag battle seen by its five perspectives)."""
        if not self.anything or not text:
            return text
        if self.every_id:
            if "-" not in text:  # every card id holds one (_ANY_ID): most texts hold none
                return text
            for pattern in _ANY_CARD:
                text = pattern.sub(HIDDEN_CARD, text)
            return text
        for phrase in self._phrases[0]:
            if phrase in text:
                text = _phrase(phrase).sub(HIDDEN_CARD, text)
        if self.ids and any(i in text for i in self.ids):
            text = _TOKEN.sub(self._hide_token, text)
        for phrase in self._phrases[1]:
            if phrase in text:
                text = _phrase(phrase).sub(HIDDEN_CARD, text)
        return text

    def _hide_token(self, match: re.Match[str]) -> str:
        return HIDDEN_CARD if match.group() in self.ids else match.group()

    def document(self, doc: Any) -> Any:
        """A copy of an answer (or any JSON value) whose every string says no more than
        :meth:`text` lets it, the ``rules`` (the catalogue's texts) and the fields that name
        no card left as they are."""
        if not self.anything:
            return doc
        if isinstance(doc, str):
            return self.text(doc)
        if isinstance(doc, list):
            return [self.document(v) for v in doc]
        if isinstance(doc, dict):
            return {
                k: v if k in _NOT_CARD_TEXT or k == "rules" else self.document(v)
                for k, v in doc.items()
            }
        return doc

    @cached_property
    def _phrases(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What :meth:`text` looks for besides the ids that are words of a text: the
        ``"<id> (<name>)"`` (and ids that are not one word), then the codes and names."""
        odd = tuple(i for i in self.ids if not _TOKEN.fullmatch(i))
        first = tuple(sorted({*self.named, *odd}, key=lambda w: (-len(w), w)))
        return first, tuple(sorted(set(self.words), key=lambda w: (-len(w), w)))


@functools.lru_cache(maxsize=4096)
def _phrase(phrase: str) -> re.Pattern[str]:
    """``phrase`` as a whole word (compiled once: the same names recur step after step)."""
    return re.compile(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])")


def withheld_at(
    engine: Any, perspective: str, teams: list[dict[str, Any]] | None = None, shown: Any = ()
) -> Withheld:
    """What ``perspective`` does not see in ``engine``'s state now (:class:`Withheld`).

    The cards it sees are those its view of the state lists (:func:`redact_step` of
    ``step_state()``, what the replay shows after the step); every other card of the game
    is hidden: in another's hand, in a deck, face down.  ``shown``: ids the viewer saw
    anyway (the action of the step a question explains: the replay shows it)."""
    zones = tuple(getattr(type(engine), "private_zones", ("hand",)))
    sees = frozenset(visible_players(perspective, teams))
    if perspective == "judge":
        return Withheld(perspective, sees, zones)
    state = getattr(engine, "state", None)
    code_of: dict[str, str] = dict(getattr(state, "code_of", None) or {})
    view = redact_step({"state": engine.step_state()}, perspective, zones, set(sees))
    seen = set(_strings(view.get("state"))) | set(_strings(shown))
    hidden = sorted(iid for iid in code_of if iid not in seen)

    def name_of(iid: str) -> str | None:
        try:
            name = state.card(iid).name  # type: ignore[union-attr]
        except (AttributeError, KeyError, TypeError):
            return None
        return name if isinstance(name, str) and name else None

    visible_words = set()
    for iid in code_of:
        if iid in seen:
            visible_words |= {code_of[iid], name_of(iid)}
    words = set()
    named = set()
    for iid in hidden:
        name = name_of(iid)
        words |= {code_of[iid], name}
        if name:
            named.add(f"{iid} ({name})")
    words -= visible_words | {None}
    return Withheld(
        perspective,
        sees,
        zones,
        frozenset(hidden),
        tuple(sorted(w for w in words if isinstance(w, str) and len(w) > 1)),
        tuple(sorted(named)),
    )


#: what orjson must not write (the standard library's json refuses them): an error instead
_PASSTHROUGH = (
    orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME if orjson is not None else 0
)

#: a word of a text as :class:`Withheld` bounds one (``A-1`` is not in ``A-12``)
_TOKEN = re.compile(r"[\w-]+")


#: orjson's option for a key that is not a string written as JSON writes it (``1``,
#: ``true``, ``null``), as :meth:`Sight._ids_in` reads it; 0 makes such a key an error
_JSON_KEYS = orjson.OPT_NON_STR_KEYS if orjson is not None else 0


def _quoted(value: Any, keys: int) -> list[str] | None:
    """Every string of a JSON value, keys too, in the order :func:`_strings` gives them,
    read by C code: its JSON text (orjson) split at its quotes, every other piece.  None
    when that could differ from :func:`_strings` and the caller walks the value: a text with
    an escape (a quote or a newline inside a string would shift or change the pieces), a
    key that is not a string unless ``keys`` is :data:`_JSON_KEYS` (``str(True)`` is not
    JSON's ``true``), anything orjson will not write as the standard library does (a lone
    surrogate, an integer over 64 bits, a dataclass), or no orjson.

    Why: a step's record reads every string of the step and of the state after it, and the
    walk in Python was about a fifth of a service job's time.

    >>> _quoted({"a": ["A-1", {"b": "x y"}]}, 0), _quoted(['say "hi"'], 0), _quoted({1: "a"}, 0)
    (['a', 'A-1', 'b', 'x y'], None, None)
    """
    text = _json_text(value, keys)
    return None if text is None else text.split('"')[1::2]


def _json_text(value: Any, keys: int) -> str | None:
    """``value``'s JSON text as :func:`_quoted` splits it, or None where the pieces could
    differ from :func:`_strings` (see there)."""
    if orjson is None:
        return None
    try:
        text = orjson.dumps(value, option=keys | _PASSTHROUGH).decode("utf-8")
    except TypeError:  # (orjson.JSONEncodeError is one)
        return None
    return None if "\\" in text else text


def _strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (keys too: the Z/X squares are keyed by number)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
