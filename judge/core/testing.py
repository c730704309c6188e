"""What every game's log builder for tests and examples shares, and the readers of a replay.

A game's ``testing.py`` defines its ``LogBuilder`` (the envelope: players, decks, cards
written inline) on :class:`BaseLogBuilder`, which records actions, chains and replays, and
re-exports the readers below.  The readers take a replay and the index of a step: views of
the state default to the last step (``index=-1``); facts of one step (its verdict, events,
violations, rulings) name the step.

>>> r = {"steps": [{"verdict": "illegal", "violations": [{"rule": "X-1", "message": "no"}],
...                 "rulings": [], "events": [], "state": {"players": {"A": {"hand": []}}}}]}
>>> verdict(r, 0), rules_broken(r, 0), player_state(r, "A")
('illegal', ['X-1'], {'hand': []})
"""

from __future__ import annotations

import copy
from typing import Any, Self

from judge.core.replay import replay


class BaseLogBuilder:
    """A log under construction: ``doc``, set by the game's builder.  Every method that adds
    actions returns the builder, for chaining."""

    doc: dict[str, Any]

    def act(self, p: str, do: str, **fields: Any) -> Self:
        self.doc["actions"].append({"p": p, "do": do, **fields})
        return self

    def proceed(self, p: str, times: int = 1) -> Self:
        for _ in range(times):
            self.act(p, "proceed")
        return self

    @property
    def last(self) -> int:
        """Index of the last action added."""
        return len(self.doc["actions"]) - 1

    def log(self) -> dict[str, Any]:
        return copy.deepcopy(self.doc)

    def replay(
        self, on_illegal: str = "skip", perspective: str = "judge", detail: str = "full"
    ) -> dict[str, Any]:
        """The replay of the log so far, with every step's state (``detail="full"``), which
        the readers below take from any step."""
        return replay(self.log(), on_illegal=on_illegal, perspective=perspective, detail=detail)


# -- reading a replay ---------------------------------------------------------------------------


def game_state(replay_doc: dict[str, Any], index: int = -1) -> dict[str, Any]:
    """The state after step ``index`` (``turn``, ``turn_player``, ``phase``, ``players``)."""
    return replay_doc["steps"][index]["state"]


def player_state(replay_doc: dict[str, Any], pid: str, index: int = -1) -> dict[str, Any]:
    """Player ``pid``'s part of the state after step ``index`` (hand, deck, zones, …)."""
    return game_state(replay_doc, index)["players"][pid]


def verdict(replay_doc: dict[str, Any], index: int) -> str:
    """The verdict of step ``index``: ``"legal"``, ``"illegal"`` or ``"unverifiable"``."""
    return replay_doc["steps"][index]["verdict"]


def event_types(replay_doc: dict[str, Any], index: int) -> list[str]:
    """The types of the events of step ``index``, in order."""
    return [e["type"] for e in replay_doc["steps"][index]["events"]]


def event_texts(replay_doc: dict[str, Any], index: int) -> list[str]:
    """The texts of the events of step ``index``, in order."""
    return [e["text"] for e in replay_doc["steps"][index]["events"]]


def rules_broken(replay_doc: dict[str, Any], index: int) -> list[str]:
    """The rule ids of the violations at step ``index``."""
    return [v["rule"] for v in replay_doc["steps"][index]["violations"]]


def rules_applied(replay_doc: dict[str, Any], index: int) -> list[str]:
    """The rule ids of the rulings at step ``index``."""
    return [r["rule"] for r in replay_doc["steps"][index]["rulings"]]


def ruling_texts(replay_doc: dict[str, Any], index: int) -> list[str]:
    """The messages of the rulings at step ``index``."""
    return [r["message"] for r in replay_doc["steps"][index]["rulings"]]
