"""The yardstick: python-chess ``perft(3)`` from the start position, in pushes per second.

A fixed amount of pure-Python work (8,902 leaf positions, each reached by a ``push``, every
legal move generated on the way) whose speed moves with the machine's and the interpreter's,
not with this project's code.  Timed in the same process as the engine figures, it turns
them into a machine-independent ratio: actions judged per yardstick push.

Needs the ``bench`` extra (``pip install 'tcg-judge[bench]'``, i.e. ``chess>=1.10``).
"""

from __future__ import annotations

import time

import chess

#: Leaf pushes of a depth-3 perft from the start position.
PERFT3_LEAVES = 8902


def perft(board: chess.Board, depth: int) -> int:
    """Leaf positions ``depth`` plies below ``board`` (each counted as it is pushed)."""
    if depth == 0:
        return 1
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += perft(board, depth - 1)
        board.pop()
    return n


def pushes_per_second(repeat: int) -> float:
    """Leaf pushes per second of ``perft(3)`` from the start position, best of ``repeat``."""
    best = float("inf")
    for _ in range(repeat):
        board = chess.Board()
        t0 = time.perf_counter()
        n = perft(board, 3)
        best = min(best, time.perf_counter() - t0)
        if n != PERFT3_LEAVES:
            raise AssertionError(f"perft(3) counted {n} leaves, not {PERFT3_LEAVES}")
    return PERFT3_LEAVES / best
