"""Measuring players: matches, the share of optimal moves, and every game against perfect play.

A player is any object with ``move(board) -> cell``.  Three ways to judge one:

* :func:`play_match` plays a number of games against another player and
  tallies wins, draws and losses;
* :func:`optimal_share` asks, position by position, whether its move keeps
  the game-theoretic value (the answer key is :class:`ttt.table.SolvedTable`);
* :func:`games_against_perfect` plays it against a perfect opponent that
  tries *every* value-keeping reply, so "never loses to perfect play" can be
  checked exhaustively rather than sampled.

The players themselves, and :func:`play_match`, live in :mod:`ttt.players`;
they are imported here too for convenience.
"""

from __future__ import annotations

from ttt.board import DRAW, Board
from ttt.players import MatchResult, play_game, play_match
from ttt.table import SolvedTable, solved_table
from ttt.tree import reachable_positions

__all__ = [
    "MatchResult",
    "play_game",
    "play_match",
    "unfinished_positions",
    "optimal_share",
    "games_against_perfect",
    "is_optimal",
    "solved_table",
]


# ---------------------------------------------------------------------- judging moves
def unfinished_positions(rows: int = 3, cols: int = 3, k: int = 3) -> list[Board]:
    """Every reachable position where the game is not over (4,520 on 3×3), by moves made then cells."""
    return [board for board in reachable_positions(Board.empty(rows, cols, k)) if not board.is_over]


def is_optimal(board: Board, cell: int, table: SolvedTable | None = None) -> bool:
    """Does ``cell`` keep the game-theoretic value of ``board``?"""
    table = table if table is not None else solved_table(board.rows, board.cols, board.k)
    return cell in table.lookup(board).best_moves


def optimal_share(player, positions=None, table: SolvedTable | None = None) -> float:
    """The fraction of ``positions`` (default: all unfinished 3×3 ones) where ``player`` plays a value-keeping move.

    Positions are counted as given, so a list with repeats weights each
    position by how often it occurs.
    """
    positions = unfinished_positions() if positions is None else list(positions)
    if not positions:
        raise ValueError("optimal_share needs at least one position")
    table = table if table is not None else solved_table(positions[0].rows, positions[0].cols, positions[0].k)
    good = sum(player.move(board) in table.lookup(board).best_moves for board in positions)
    return good / len(positions)


def games_against_perfect(player, mark: str = "X", table: SolvedTable | None = None,
                          start: Board | None = None) -> list[tuple[tuple[int, ...], str]]:
    """Every game of a deterministic ``player`` (playing ``mark``) against every perfect opponent.

    The opponent branches over *all* its value-keeping moves
    (``Solution.best_moves``) at each of its turns, so the list holds one
    entry per distinct game: ``(moves, result)`` with ``result`` ``"win"``,
    ``"draw"`` or ``"loss"`` for ``player``.  The player is asked once per
    position it meets, so it must answer the same position the same way.
    """
    if mark not in ("X", "O"):
        raise ValueError(f"mark must be 'X' or 'O', not {mark!r}")
    table = table if table is not None else solved_table()
    start = Board.empty() if start is None else start
    results: list[tuple[tuple[int, ...], str]] = []

    def walk(board: Board, moves: tuple[int, ...]) -> None:
        if board.is_over:
            outcome = board.outcome
            results.append((moves, DRAW if outcome == DRAW else "win" if outcome == mark else "loss"))
            return
        if board.turn == mark:
            cell = player.move(board)
            walk(board.play(cell), moves + (cell,))
        else:
            for cell in table.lookup(board).best_moves:
                walk(board._play(cell), moves + (cell,))

    walk(start, ())
    return results
