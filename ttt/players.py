"""Computer players: anything with ``move(board) -> cell``.

The text game (:func:`ttt.textgame.run_game`), the clickable board
(:class:`ttt.game.Game`) and the notebooks all accept any object with that one
method, so a new strategy needs no changes anywhere else.

Both players here take a ``seed`` so that a notebook can replay the same
games.  They refuse to move on a finished board (:class:`ttt.BoardError`),
just as :meth:`Board.play` does.
"""

from __future__ import annotations

import random

from ttt.board import Board
from ttt.geometry import BoardError
from ttt.solver import move_scores

__all__ = ["RandomPlayer", "PerfectPlayer"]


def _check_not_over(board: Board) -> None:
    if board.is_over:
        result = "a draw" if board.winner is None else f"won by {board.winner}"
        raise BoardError(f"the game is over ({result}): there is no move to make")


class RandomPlayer:
    """Plays a legal move chosen uniformly at random.

    ``seed=None`` draws from fresh system randomness; a number makes the
    sequence of moves repeatable.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def move(self, board: Board) -> int:
        _check_not_over(board)
        return self.rng.choice(board.legal_moves())

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


class PerfectPlayer:
    """Never loses; wins as fast as it can; when losing is forced, loses as late as it can.

    It plays a move with the highest depth-aware score (:func:`ttt.solver.move_scores`).
    Several moves often tie.  With ``seed=None`` it takes the lowest-numbered
    of them, so its play is fully predictable; with a seed it picks among
    them at random, reproducibly, which makes a livelier opponent.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = None if seed is None else random.Random(seed)

    def best_moves(self, board: Board) -> list[int]:
        """The moves this player chooses from: every move with the top depth-aware score."""
        _check_not_over(board)
        scores = move_scores(board)
        top = max(scores.values())
        return [cell for cell in sorted(scores) if scores[cell] == top]

    def move(self, board: Board) -> int:
        choices = self.best_moves(board)
        return choices[0] if self.rng is None else self.rng.choice(choices)

    def __repr__(self) -> str:
        return f"PerfectPlayer(seed={self.seed!r})"
