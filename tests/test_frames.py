"""Frames (:mod:`judge.core.frames`): the state after each step of a window is the state
the full replay shows for the same perspective, for every game, under every ``on_illegal``."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.core.frames import MAX_FRAMES, frames
from judge.core.replay import replay

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

CASES = [
    "union-arena/full-game.json",
    "union-arena/illegal-line-and-phase.json",
    "rangers-strike/tag-illegal-team-play.json",
    "rangers-strike/1v1-full-game.json",
    "zx/illegal-out-of-range.json",
    "rebirth/illegal-plays.json",
]


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("on_illegal", ["skip", "apply", "stop"])
def test_frames_equal_the_full_replays_states(name: str, on_illegal: str) -> None:
    text = (EXAMPLES / name).read_text()
    players = [p["id"] for p in replay(text)["players"]]
    for view in ("judge", "public", players[-1]):
        full = replay(text, detail="full", on_illegal=on_illegal, perspective=view)
        states = [s["state"] for s in full["steps"]]
        offset = min(5, len(states) - 1)
        got = frames(text, offset, 7, on_illegal=on_illegal, perspective=view)
        assert got["total"] == len(states)
        assert [f["index"] for f in got["frames"]] == list(
            range(offset, min(offset + 7, len(states)))
        )
        assert [f["state"] for f in got["frames"]] == states[offset : offset + 7]


def test_frames_past_the_end_are_none_and_a_window_is_bounded() -> None:
    text = (EXAMPLES / "union-arena/illegal-line-and-phase.json").read_text()
    assert frames(text, 500, 10)["frames"] == []
    with pytest.raises(ValueError, match="limit"):
        frames(text, 0, MAX_FRAMES + 1)
    with pytest.raises(ValueError, match="perspective"):
        frames(text, 0, 1, perspective="Z")


def test_a_players_frame_hides_the_other_hand_the_judges_shows() -> None:
    text = (EXAMPLES / "union-arena/full-game.json").read_text()
    judge = frames(text, 10, 1)["frames"][0]["state"]["players"]
    mine = frames(text, 10, 1, perspective="A")["frames"][0]["state"]["players"]
    assert isinstance(judge["B"]["hand"], list) and any(judge["B"]["hand"])
    assert mine["B"]["hand"] == len(judge["B"]["hand"])
    assert mine["A"]["hand"] == judge["A"]["hand"]
