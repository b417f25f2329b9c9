"""Position lists, fullest first, built once per process: the boards the exercises' checks try (a check stops at
the first board that disagrees, and a missing base case shows best on a board with one or two empty cells).
Ties go by the cells, so the order is the same on every run.  :func:`ttt.match.unfinished_positions` is the
one enumeration of unfinished positions; this module keeps its fullest-first order as a tuple."""

from __future__ import annotations

import random
from functools import lru_cache

from ttt import match
from ttt.board import Board
from ttt.tree import reachable_positions


def _fullest_first(boards) -> tuple[Board, ...]:
    return tuple(sorted(boards, key=lambda board: (-board.moves_made, board.cells)))


@lru_cache(maxsize=None)
def all_positions(rows: int = 3, cols: int = 3, k: int = 3) -> tuple[Board, ...]:
    """Every reachable position, finished ones too (5,478 on 3×3): only for boards up to about 12 cells."""
    return _fullest_first(reachable_positions(Board.empty(rows, cols, k)))


@lru_cache(maxsize=None)
def unfinished_positions(rows: int = 3, cols: int = 3, k: int = 3) -> tuple[Board, ...]:
    """Every reachable position where play goes on (4,520 on 3×3)."""
    return tuple(match.unfinished_positions(rows, cols, k, fullest_first=True))


@lru_cache(maxsize=None)
def random_positions(rows: int, cols: int, k: int, count: int, seed: int, unfinished: bool = True) -> tuple[Board, ...]:
    """``count`` positions of random play with ``random.Random(seed)``, for boards too large to try them all
    (the exercise states board, count and seed, so a learner can reproduce them)."""
    rng = random.Random(seed)
    found: dict[Board, None] = {}
    attempts = 0
    while len(found) < count and attempts < 100 * count:
        attempts += 1
        board = Board.empty(rows, cols, k)
        for _ in range(rng.randrange(board.size)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if unfinished and board.is_over:
            continue
        found.setdefault(board, None)
    return _fullest_first(found)
