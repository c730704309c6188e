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
