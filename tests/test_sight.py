"""A step's record (``judge.core.sight``) reads which cards each perspective sees in a
state by a shortcut, and must read what the plain reading reads, or a card could be named
where it is withheld: a card listed in a state is found as ``"<id>"`` in the state's JSON
text (``_Read``), where the plain reading walks every string of the state.  Checked on every
state of a real game of each engine, against the plain reading written here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.core.log import parse_log
from judge.core.perspective import _strings, visible_players
from judge.core.replay import replay, start
from judge.core.sight import Sight, _Read

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
#: one example of each game, with cards named in many ways
GAMES = {
    "union-arena": EXAMPLES / "union-arena" / "full-game.json",
    "rangers-strike tag": EXAMPLES / "rangers-strike" / "tag-full-game.json",
    "zx": EXAMPLES / "zx" / "full-game-zx-a.json",
    "rebirth": EXAMPLES / "rebirth" / "full-game.json",
}


def _sight(game: str) -> Sight:
    return Sight(start(parse_log(GAMES[game].read_text())))


def plain_seen(sight: Sight, state: Any) -> dict[str, set[str]]:
    """The plain reading: every id among the strings of the state (keys too) is seen by
    all, but those in a player's private zones, seen by who sees that player's hand."""
    players = state.get("players") or {}
    private = {
        pid: {s for z in sight.zones for s in _strings(pv.get(z) or []) if s in sight.code_of}
        for pid, pv in players.items()
    }
    listed = {s for s in _strings(state) if s in sight.code_of}
    public = listed.difference(*private.values())
    out = {}
    for viewer in sight.viewers:
        out[viewer] = public.union(
            *(ids for pid, ids in private.items() if pid in visible_players(viewer, None))
        )
    return out


def test_every_example_game_is_here() -> None:
    for path in GAMES.values():
        assert path.is_file(), path


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_cards_seen_in_each_state_of_a_game_are_those_its_strings_list(game: str) -> None:
    sight = _sight(game)
    states = [s["state"] for s in replay(GAMES[game].read_text(), detail="full")["steps"]]
    assert len(states) > 20
    every = set(sight.code_of)
    for state in states:
        read = _Read(state)
        assert read.seen(sight, every) == plain_seen(sight, state)
        assert read._text is not None  # read from the text, not walked
    # a state with an escape in a string is walked instead, and read the same
    state = dict(states[-1], note='a quote " beside A-1 and B-1')
    read = _Read(state)
    assert read.seen(sight, every) == plain_seen(sight, state)
    assert read._text is None
