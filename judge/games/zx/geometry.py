"""The square geometry, read from ``squares.toml``: names, player squares, distance, adjacency.

Nothing here hard-codes a square: the grid, the names and the player squares are data, and
distance and adjacency are computed from the squares' rows and columns.

- **Distance** (seed 003, keyword ability 4, Range): the number of horizontal or vertical
  crossings from one square to another, i.e. the Manhattan distance; a diagonal neighbour is
  at distance 2.
- **Adjacent** squares are at distance 1 (seed 003, keyword action 17).

>>> GRID.distance(1, 9), GRID.distance(2, 5), GRID.distance(1, 5)
(4, 1, 2)
>>> GRID.player_square(0), GRID.player_square(1), GRID.adjacent(5)
(2, 8, [2, 4, 6, 8])
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources


@dataclass(frozen=True, slots=True)
class Square:
    name: int
    row: int
    col: int
    #: the seat whose player square this is, or None for a normal square
    player_square: int | None = None


@dataclass(frozen=True)
class Grid:
    """The squares of the field, by name, in name order."""

    squares: dict[int, Square]
    #: :meth:`player_square`'s answers, by seat
    _player_squares: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls) -> Grid:
        text = resources.files("judge.games.zx").joinpath("squares.toml").read_text("utf-8")
        data = tomllib.loads(text)
        squares = {}
        for raw in data["square"]:
            sq = Square(
                int(raw["name"]), int(raw["row"]), int(raw["col"]), raw.get("player_square")
            )
            squares[sq.name] = sq
        return cls(dict(sorted(squares.items())))

    def names(self) -> list[int]:
        return list(self.squares)

    def distance(self, a: int, b: int) -> int:
        """Horizontal plus vertical crossings from square ``a`` to square ``b``."""
        sa, sb = self.squares[a], self.squares[b]
        return abs(sa.row - sb.row) + abs(sa.col - sb.col)

    def adjacent(self, a: int) -> list[int]:
        """The squares next to ``a`` horizontally or vertically, in name order."""
        return [b for b in self.squares if self.distance(a, b) == 1]

    def player_square(self, seat: int) -> int:
        """The player square of ``seat`` (0: the first player listed in the log); found once
        per seat (asked several times an action; the grid never changes)."""
        found = self._player_squares.get(seat)
        if found is None:
            found = self._player_squares[seat] = next(
                s.name for s in self.squares.values() if s.player_square == seat
            )
        return found

    def is_player_square(self, a: int) -> bool:
        return self.squares[a].player_square is not None


GRID = Grid.load()
