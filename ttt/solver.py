"""``ttt.solve``: the exact answer for any position, quickly, with every best move.

The notebooks develop minimax, pruning and memoization step by step
(:mod:`ttt.minimax`, :mod:`ttt.pruning`); this module is what a program calls
when it just wants the answer.  It asks the bitboard engine
(:class:`ttt.engine.Engine`: depth-aware negamax with alpha-beta, a
transposition table and symmetry), keeping one engine per board size for the
life of the process, so that its table makes every later call faster.  The
tests check every answer on all 4,520 unfinished 3×3 positions against plain
minimax.

Scores are depth-aware, as in :mod:`ttt.minimax`: a win whose last move
leaves ``e`` cells empty scores ``e + 1`` for the winner, ``-(e + 1)`` for the
loser, a draw 0.
"""

from __future__ import annotations

from functools import lru_cache

from ttt.board import Board
from ttt.engine import Engine
from ttt.geometry import BoardError
from ttt.scores import plies_from_score, sign
from ttt.solution import Solution
from ttt.table import solved_table

TABLE_MAX_CELLS = 9  # boards up to this size are solved whole once, then looked up

__all__ = ["solve", "score", "move_scores", "move_hints", "describe", "clear_cache"]


@lru_cache(maxsize=None)
def _engine(rows: int, cols: int, k: int) -> Engine:
    return Engine(rows, cols, k)


def _board(board) -> Board:
    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return Board.parse(board)
    raise BoardError(f"expected a Board or a board string, not {type(board).__name__}")


def _engine_for(board: Board) -> Engine:
    return _engine(board.rows, board.cols, board.k)


def solve(board) -> Solution:
    """Solve ``board`` (a :class:`~ttt.board.Board` or a string for :meth:`Board.parse`).

    >>> solve("XX./OO./...")
    Solution(value=1, best_moves=(2,), plies=1, score=5)
    """
    board = _board(board)
    return _engine_for(board).solve(board)


def score(board) -> int:
    """The depth-aware score of ``board`` for the side to move."""
    board = _board(board)
    return _engine_for(board).score(board)


def move_scores(board) -> dict[int, int]:
    """The depth-aware score of every legal move, for the side to move (empty when the game is over).

    The best moves of a perfect player that wins as fast as it can are the
    ones with the highest score.  Boards of up to 9 cells are answered from
    a :class:`~ttt.table.SolvedTable` built once per process (3×3: about
    5 ms), so a widget's reply or hint needs no search; larger boards ask the
    engine.
    """
    board = _board(board)
    if board.is_over:
        return {}
    if board.size <= TABLE_MAX_CELLS:
        # Small boards are solved whole once (SolvedTable); then a move's score is a look-up:
        # minus the score of the position it leads to, for the opponent who moves there.
        table = solved_table(board.rows, board.cols, board.k)
        return {cell: -table.lookup(board.child(cell)).score for cell in board.legal_moves()}
    return _engine_for(board).move_scores(board)


def describe(score: int, empty: int) -> str:
    """``"win in n"``, ``"draw"`` or ``"loss in n"`` for a move with depth-aware ``score``.

    ``empty`` is the number of empty cells *before* the move, and ``n``
    counts the plies from there to the end of the game, the move itself
    included: a move that wins at once is a "win in 1"; one after which the
    opponent wins at once is a "loss in 2".
    """
    if score == 0:
        return "draw"
    plies = plies_from_score(score, empty)
    return f"{'win' if sign(score) > 0 else 'loss'} in {plies}"


def move_hints(board) -> dict[int, str]:
    """For each legal move, what it leads to under perfect play: ``{cell: "win in 3", ...}``."""
    board = _board(board)
    empty = board.size - board.moves_made
    return {cell: describe(s, empty) for cell, s in move_scores(board).items()}


def clear_cache() -> None:
    """Forget every engine and its table (for cold timings)."""
    _engine.cache_clear()
