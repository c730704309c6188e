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

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any


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
) -> dict[str, Any]:
    """A copy of ``step`` as ``perspective`` may see it (``sees``: the players whose hands
    it sees; by default its own)."""
    if perspective == "judge":
        return step
    if sees is None:
        sees = visible_players(perspective, None)
    out = dict(step)
    out.pop("snapshot", None)
    state = out.get("state")
    if state is not None:
        state = copy.deepcopy(state)
        for pid, pv in state.get("players", {}).items():
            if pid in sees:
                continue
            for zone in private_zones:
                if isinstance(pv.get(zone), list):
                    pv[zone] = len(pv[zone])
        out["state"] = state
    events = []
    for ev in out.get("events", []):
        if "private" in ev and ev["private"] not in sees:
            ev = {k: v for k, v in ev.items() if k not in ("card", "cards", "code")}
            ev["text"] = ev.pop("public_text", ev["text"])
            ev.pop("private", None)
        events.append(ev)
    out["events"] = events
    return out


def redact_head(replay: dict[str, Any], perspective: str) -> dict[str, Any]:
    """A copy of the replay's top-level fields as ``perspective`` may see them, its steps
    (if any) left as they are: with :func:`redact_step`, a replay is redacted a page of
    steps at a time (the service reads a stored replay in pages) to the same document as
    :func:`redact`."""
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
    replay: dict[str, Any], perspective: str, private_zones: tuple[str, ...]
) -> dict[str, Any]:
    """The whole replay as ``perspective`` may see it (the judge's is returned as is)."""
    if perspective == "judge":
        return replay
    sees = visible_players(perspective, replay.get("teams"))
    steps = [redact_step(s, perspective, private_zones, sees) for s in replay["steps"]]
    out = redact_head(replay, perspective)
    out["steps"] = steps
    return out


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


# -- what an answer about a game may name ------------------------------------------------------------

#: what a hidden card becomes in an answer's text
HIDDEN_CARD = "a hidden card"
#: the fields of an answer that never name a card of the game (the rules are the catalogue's)
_NOT_CARD_TEXT = frozenset({"format", "kind", "game", "variant", "on_illegal", "perspective"})


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

    @property
    def anything(self) -> bool:
        return self.perspective != "judge"

    def names_hidden(self, value: Any) -> bool:
        """Whether ``value`` (an action, a list, a string) names a hidden card."""
        if isinstance(value, str):
            return value in self.ids or value in self.words
        if isinstance(value, dict):
            return any(self.names_hidden(v) for v in value.values())
        if isinstance(value, list):
            return any(self.names_hidden(v) for v in value)
        return False

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
        """``text`` with every hidden card it names replaced by :data:`HIDDEN_CARD`."""
        if not self.anything or not text:
            return text
        for pattern in self._patterns:
            text = pattern.sub(HIDDEN_CARD, text)
        return text

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
    def _patterns(self) -> list[re.Pattern[str]]:
        """The engines' ``"<id> (<name>)"`` first, then bare ids, then codes and names,
        each as a whole word (``A-1`` is not in ``A-12``)."""
        out = []
        for group in (self.named, tuple(self.ids), self.words):
            if group:
                alternatives = "|".join(re.escape(w) for w in sorted(group, key=len, reverse=True))
                out.append(re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])"))
        return out


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
