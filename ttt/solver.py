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

from ttt.board import Board
from ttt.budget import BudgetExceeded, ProgressPrinter, check_budget
from ttt.engine import Engine
from ttt.scores import plies_from_score, sign
from ttt.solution import Solution
from ttt.retrograde import tablebase

TABLE_MAX_CELLS = 9  # boards up to this size are solved whole once, then looked up

__all__ = ["solve", "score", "move_scores", "move_hints", "describe", "clear_cache", "BudgetExceeded"]

_ENGINES: dict[tuple[int, int, int], Engine] = {}
"""One engine per board size, kept for the life of the process (see :func:`_engine_for`)."""


def _engine_for(board: Board) -> Engine:
    shape = (board.rows, board.cols, board.k)
    engine = _ENGINES.get(shape)
    if engine is None:
        engine = _ENGINES[shape] = Engine(*shape)
    return engine


def _ask(method: str, board, max_seconds, max_nodes, progress):
    """Call the engine's ``method`` under the budgets; drop the engine if the search does not finish.

    A search stopped by a budget (or by Ctrl-C) leaves its table true but
    possibly large; the simplest rule that keeps no half-done state around
    is to forget that engine, so the next call starts afresh.
    """
    board = Board.of(board)
    check_budget(max_seconds, max_nodes)
    engine = _engine_for(board)
    if progress is True:
        progress = ProgressPrinter(f"solving {board.notation}", table_limit=engine.options.table_limit)
    elif progress is False:
        progress = None
    try:
        return getattr(engine, method)(board, max_seconds=max_seconds, max_nodes=max_nodes, progress=progress)
    except BaseException:
        _ENGINES.pop((board.rows, board.cols, board.k), None)
        raise


def solve(board, max_seconds=None, max_nodes=None, progress=False) -> Solution:
    """Solve ``board`` (a :class:`~ttt.board.Board` or a string for :meth:`Board.parse`).

    >>> solve("XX./OO./...")
    Solution(value=1, best_moves=(2,), plies=1, score=5)

    Budgets: ``max_seconds`` and ``max_nodes`` (positive numbers, or ``None``
    for no limit) stop a search that would take longer with
    :class:`ttt.BudgetExceeded` (a :class:`ValueError`), whose message says
    which budget ran out and how far the search got; a bad budget raises
    :class:`ttt.budget.BudgetError` (a :class:`ttt.BoardError`).  With
    ``progress=True`` a search that runs longer than a second reports its
    nodes, their rate, the table's size and the time on standard error; a
    function of ``(nodes, seconds, table_size)`` gets the same figures.
    """
    return _ask("solve", board, max_seconds, max_nodes, progress)


def score(board, max_seconds=None, max_nodes=None, progress=False) -> int:
    """The depth-aware score of ``board`` for the side to move (budgets and progress as for :func:`solve`)."""
    return _ask("score", board, max_seconds, max_nodes, progress)


def move_scores(board) -> dict[int, int]:
    """The depth-aware score of every legal move, for the side to move (empty when the game is over).

    The best moves of a perfect player that wins as fast as it can are the
    ones with the highest score.  Boards of up to 9 cells are answered from
    a :class:`~ttt.retrograde.Tablebase` built once per process
    (:func:`ttt.retrograde.tablebase`; 3×3: a few milliseconds), so a widget's reply or hint needs no search; larger boards ask the
    engine.
    """
    board = Board.of(board)
    if board.is_over:
        return {}
    if board.size <= TABLE_MAX_CELLS:
        # Small boards are solved whole once (a Tablebase); then a move's score is a look-up:
        # minus the score of the position it leads to, for the opponent who moves there.
        return tablebase(board.rows, board.cols, board.k).move_scores(board)
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
    board = Board.of(board)
    empty = board.size - board.moves_made
    return {cell: describe(s, empty) for cell, s in move_scores(board).items()}


def clear_cache() -> None:
    """Forget every engine and its table (for cold timings)."""
    _ENGINES.clear()
