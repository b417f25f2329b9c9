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
the winner and ``-(e + 1)`` for the loser; a draw scores 0
(:func:`ttt.scores.leaf_score`, where the package's scoring convention
lives).  So on 3×3 the best score is 5 (X wins on move 5, four cells left)
and a score never exceeds the number of empty cells of the position it
describes.  Nothing is lost: the sign of the score is the plain value
(:func:`ttt.scores.sign`), and the score says when the game ends
(:func:`ttt.scores.plies_from_score`).  Maximising this score makes the
winner hurry and the loser stall.

Lazy pruning (notebook 05) is these same searches with a lazy ``maximum``
(and ``minimum``): see :mod:`ttt.pruning`.

All searches here count their work in an optional
:class:`~ttt.instrument.SearchStats`: one node per call, root and finished
games included (the convention behind the figure 549,946).
"""

from __future__ import annotations

from typing import Callable

from ttt.board import Board
from ttt.instrument import SearchStats
from ttt.scores import leaf_score, leaf_value, x_value
from ttt.tree import Node

__all__ = [
    "minimax",
    "minimax_tree",
    "negamax",
    "negamax_score",
    "move_values",
    "best_moves",
    "best_move",
]


# ---------------------------------------------------------------------- Hutton: trees, X's view


def minimax(tree, stats: SearchStats | None = None, *, maximum=max, minimum=min) -> int:
    """The minimax value of the root of ``tree`` from X's side (``+1``, ``0`` or ``-1``).

    X maximises over the children's values and O minimises; a leaf is scored
    by :func:`ttt.scores.x_value`.  Every node of the tree is visited: 549,946
    calls from the empty 3×3 board.  ``maximum`` and ``minimum`` receive the
    children's values as a generator; a lazy pair that stops reading early
    turns this into lazy pruning (:func:`ttt.pruning.lazy_minimax`).
    """
    stats = stats if stats is not None else SearchStats()

    def value(node) -> int:
        stats.nodes += 1
        if not node.children:
            stats.leaves += 1
            return x_value(node.board)
        values = (value(child) for child in node.children)
        return maximum(values) if node.board.turn == "X" else minimum(values)

    return value(tree)


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
                found = Node(node.board, (), x_value(node.board))
            else:
                children = tuple(label(child) for child in node.children)
                values = [child.value for child in children]
                value = max(values) if node.board.turn == "X" else min(values)
                found = Node(node.board, children, value)
            done[id(node)] = found
        return found

    return label(tree)


# ---------------------------------------------------------------------- negamax on boards


def negamax(board: Board, stats: SearchStats | None = None, *,
            leaf: Callable[[Board], int] = leaf_value, lazy: bool = False) -> int:
    """The value of ``board`` for the side to move: ``+1`` win, ``0`` draw, ``-1`` loss.

    Brute force: every line of play is followed to its end (549,946 calls
    from the empty 3×3 board).  A finished board is scored by ``leaf``: by
    default :func:`ttt.scores.leaf_value` (the side to move has lost if
    anybody has won, else drawn); :func:`negamax_score` passes the
    depth-aware :func:`ttt.scores.leaf_score`.  ``lazy=True`` stops at the
    first move that wins (value ``+1``), as Escardó's lazy ``supremum`` does:
    that is :func:`ttt.pruning.lazy_negamax`.
    """
    stats = stats if stats is not None else SearchStats()
    beyond = board.size + 2  # a whole number beyond every value and score (ints compare fastest)
    top = 1 if lazy else beyond  # nothing can beat a value of ``top``: stop there

    def value(board: Board) -> int:
        stats.nodes += 1
        if board.is_over:
            stats.leaves += 1
            return leaf(board)
        best = -beyond
        for cell in board.legal_moves():
            child = -value(board.child(cell))
            if child > best:
                best = child
                if best >= top:
                    break
        return best

    return value(board)


def negamax_score(board: Board, stats: SearchStats | None = None) -> int:
    """The depth-aware score of ``board`` for the side to move (see the module notes).

    Brute force like :func:`negamax`, with :func:`ttt.scores.leaf_score` at
    the leaves.  Positive: the side to move wins, and
    :func:`ttt.scores.plies_from_score` says how soon; negative: it loses;
    zero: a draw.
    """
    return negamax(board, stats, leaf=leaf_score)


# ---------------------------------------------------------------------- best moves


def move_values(board: Board, evaluate: Callable[[Board], int] = negamax) -> dict[int, int]:
    """For each legal move, its value to the side to move: ``-evaluate(board after it)``.

    ``evaluate`` is any function that scores a board for *its* side to move
    (:func:`negamax`, :func:`negamax_score`, a pruned or memoised search).
    """
    board.check_not_over()
    return {cell: -evaluate(board.child(cell)) for cell in board.legal_moves()}


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
