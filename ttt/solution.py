"""The answer :func:`ttt.solve` gives: one small value type shared by every solver."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Solution:
    """The solution of one position, from the side to move's point of view.

    ``value``       ``+1`` the side to move wins, ``0`` draw, ``-1`` it loses
                    (on a finished board: ``-1`` if the opponent has just won);
    ``best_moves``  every cell that keeps that value, in cell order (empty on
                    a finished board; every legal move when all moves lose);
    ``plies``       how many more moves the game lasts when both sides play
                    perfectly and the winner hurries while the loser stalls
                    (a draw fills the board; 0 on a finished board);
    ``score``       the depth-aware score those three are read from: a win
                    whose last move leaves ``e`` cells empty scores ``e + 1``,
                    the loss ``-(e + 1)``, a draw 0.
    """

    value: int
    best_moves: tuple[int, ...]
    plies: int
    score: int = 0
