"""Minimax and negamax: the value of a position under perfect play, found by brute force.

Three ways to say the same thing, each the reference for the next:

* :func:`minimax` works on a game tree (:mod:`ttt.tree`) as Hutton's
  *Programming in Haskell* (ch. 11) does.  Values are from X's side: ``+1`` X
  wins, ``0`` draw, ``-1`` O wins, so Hutton's order ``O < B < X`` becomes
  ``-1 < 0 < 1``.  X maximises, O minimises.  (Hutton lets O move first; in
  this package X always does, which swaps nothing but the names.)
* :func:`negamax` works on boards and scores a position for *the side to
  move*: ``+1`` I win, ``0`` draw, ``-1`` I lose.  Because one side's gain is
  the other's loss, "the best for me is minus the worst for you" lets one
  function serve both players: ``value = max(-negamax(child))``.
* :func:`negamax_score` is negamax with *depth-aware* scores, which rank a
  quick win above a slow one and a slow loss above a quick one.

The depth-aware score
---------------------
A game that ends with a win leaving ``e`` empty cells scores ``e + 1`` for
the winner and ``-(e + 1)`` for the loser; a draw scores 0.  The ``+ 1``
keeps a win on the very last cell (``e = 0``) apart from a draw.  So on 3×3
the best score is 5 (X wins on move 5, four cells left) and a score never
exceeds the number of empty cells of the position it describes.

Nothing is lost: the sign of the score is the plain value
(:func:`value_of`), and the score says when the game ends
(:func:`plies_from_score`): with ``n`` empty cells now and score ``s != 0``
the game lasts ``n - (|s| - 1)`` more moves; a draw fills the board.
Maximising this score makes the winner hurry and the loser stall.

All searches here count their work in an optional
:class:`~ttt.instrument.SearchStats`: one node per call, root and finished
games included (the convention behind the figure 549,946).
"""

from __future__ import annotations

from typing import Callable

from ttt.board import Board
from ttt.geometry import BoardError
from ttt.instrument import SearchStats
from ttt.tree import Node

__all__ = [
    "leaf_value",
    "minimax",
    "minimax_tree",
    "negamax",
    "negamax_score",
    "terminal_score",
    "value_of",
    "plies_from_score",
    "move_values",
    "best_moves",
    "best_move",
]


# ---------------------------------------------------------------------- Hutton: trees, X's view


def leaf_value(board: Board) -> int:
    """The value of a leaf from X's side: ``+1`` if X has won, ``-1`` if O has, else ``0``.

    A leaf of a pruned tree may be an unfinished game; like Hutton's code we
    then call it a draw (``B``), the honest answer when we have not looked.
    """
    winner = board.winner
    return 1 if winner == "X" else -1 if winner == "O" else 0


def minimax(tree, stats: SearchStats | None = None) -> int:
    """The minimax value of the root of ``tree`` from X's side (``+1``, ``0`` or ``-1``).

    X maximises over the children's values and O minimises; a leaf is scored
    by :func:`leaf_value`.  Every node of the tree is visited: 549,946 calls
    from the empty 3×3 board.
    """
    return _minimax(tree, stats if stats is not None else SearchStats())


def _minimax(node, stats: SearchStats) -> int:
    stats.nodes += 1
    if not node.children:
        stats.leaves += 1
        return leaf_value(node.board)
    values = [_minimax(child, stats) for child in node.children]
    return max(values) if node.board.turn == "X" else min(values)


def minimax_tree(tree) -> Node:
    """A copy of ``tree`` with every node labelled by its minimax value (Hutton's ``minimax``).

    Subtrees that are shared in ``tree`` are labelled once and stay shared,
    so labelling the full (shared) 3×3 tree is quick.
    """
    done: dict[int, Node] = {}

    def label(node) -> Node:
        found = done.get(id(node))
        if found is None:
            if not node.children:
                found = Node(node.board, (), leaf_value(node.board))
            else:
                children = tuple(label(child) for child in node.children)
                values = [child.value for child in children]
                value = max(values) if node.board.turn == "X" else min(values)
                found = Node(node.board, children, value)
            done[id(node)] = found
        return found

    return label(tree)


# ---------------------------------------------------------------------- negamax on boards


def negamax(board: Board, stats: SearchStats | None = None) -> int:
    """The value of ``board`` for the side to move: ``+1`` win, ``0`` draw, ``-1`` loss.

    Brute force: every line of play is followed to its end (549,946 calls
    from the empty 3×3 board).  On a finished board the side to move has
    lost if there is a winner (the opponent made the last move), else drawn.
    """
    return _negamax(board, stats if stats is not None else SearchStats())


def _negamax(board: Board, stats: SearchStats) -> int:
    stats.nodes += 1
    if board.is_over:
        stats.leaves += 1
        return -1 if board.winner else 0
    best = -1
    for cell in board.legal_moves():
        value = -_negamax(board._play(cell), stats)
        if value > best:
            best = value
    return best


def terminal_score(board: Board) -> int:
    """The depth-aware score of a finished board for the side to move (who has lost or drawn).

    ``-(e + 1)`` with ``e`` empty cells if the opponent has just won, ``0`` for
    a full board without a winner.
    """
    if board.winner:
        return -(board.size - board.moves_made + 1)
    return 0


def negamax_score(board: Board, stats: SearchStats | None = None) -> int:
    """The depth-aware score of ``board`` for the side to move (see the module notes).

    Brute force like :func:`negamax`, with :func:`terminal_score` at the
    leaves.  Positive: the side to move wins, and ``plies_from_score`` says
    how soon; negative: it loses; zero: a draw.
    """
    return _negamax_score(board, stats if stats is not None else SearchStats())


def _negamax_score(board: Board, stats: SearchStats) -> int:
    stats.nodes += 1
    if board.is_over:
        stats.leaves += 1
        return terminal_score(board)
    best = -board.size - 1
    for cell in board.legal_moves():
        score = -_negamax_score(board._play(cell), stats)
        if score > best:
            best = score
    return best


def value_of(score: int) -> int:
    """The plain value (``+1``, ``0``, ``-1``) of a depth-aware score: its sign."""
    return (score > 0) - (score < 0)


def plies_from_score(score: int, empty: int) -> int:
    """How many moves are left when a position with ``empty`` free cells has depth-aware ``score``.

    A decided game ends with ``|score| - 1`` cells still empty; a draw fills
    the board.
    """
    if score == 0:
        return empty
    return empty - (abs(score) - 1)


# ---------------------------------------------------------------------- best moves


def move_values(board: Board, evaluate: Callable[[Board], int] = negamax) -> dict[int, int]:
    """For each legal move, its value to the side to move: ``-evaluate(board after it)``.

    ``evaluate`` is any function that scores a board for *its* side to move
    (:func:`negamax`, :func:`negamax_score`, a pruned or memoised search).
    """
    if board.is_over:
        raise BoardError(f"the game is over ({board.outcome}): there is no move to choose")
    return {cell: -evaluate(board._play(cell)) for cell in board.legal_moves()}


def best_moves(board: Board, evaluate: Callable[[Board], int] = negamax) -> list[int]:
    """Every move whose value (by :func:`move_values`) is the best, in cell order.

    With :func:`negamax` these are the moves that keep the position's value;
    with :func:`negamax_score` only the fastest wins (or slowest losses).
    """
    values = move_values(board, evaluate)
    top = max(values.values())
    return [cell for cell, value in values.items() if value == top]


def best_move(board: Board, evaluate: Callable[[Board], int] = negamax) -> int:
    """The lowest-numbered best move (Hutton's ``bestmove`` takes the first, too)."""
    return best_moves(board, evaluate)[0]
