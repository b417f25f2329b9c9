"""What a finished game is worth, and what a search result says: the package's one scoring convention.

Every search in ``ttt`` reads its leaves and its table entries through this
module, so a change of convention is made once, here.

Values (plain): ``+1`` the side to move wins, ``0`` draw, ``-1`` it loses.
On a finished board the side to move has lost if anybody has won (the
opponent made the last move), else it is a draw: :func:`leaf_value`.
Hutton's minimax (notebook 04) reads values from X's side instead:
:func:`x_value`.

Depth-aware scores: a game that ends with a win leaving ``e`` empty cells
scores ``e + 1`` for the winner and ``-(e + 1)`` for the loser; a draw
scores 0 (:func:`leaf_score`).  The ``+ 1`` keeps a win on the very last
cell apart from a draw.  Maximising this score makes the winner hurry and
the loser stall, and nothing is lost: the sign of a score is the plain value
(:func:`sign`), and with ``n`` empty cells now the game lasts
:func:`plies_from_score` more moves.

Bounds: alpha-beta run with a window ``(alpha, beta)`` returns a number that
is exact only strictly inside the window; at or below ``alpha`` it is an
upper bound on the true value, at or above ``beta`` a lower bound
(:func:`bound_of`).  A transposition table stores that :class:`Bound` with
each entry.  :data:`INF` is the one infinity of the windows.
"""

from __future__ import annotations

import math
from enum import IntEnum

__all__ = [
    "INF",
    "Bound",
    "EXACT",
    "LOWER",
    "UPPER",
    "bound_of",
    "leaf_value",
    "x_value",
    "leaf_score",
    "win_score",
    "sign",
    "plies_from_score",
]

INF = math.inf
"""The infinity of alpha-beta windows: ``(-INF, INF)`` is the window that excludes nothing."""


class Bound(IntEnum):
    """What a stored search result says about the true value ``v``.

    The members are small integers so that a bitboard table can pack one
    into the low bits of an ``int`` (``score << 2 | bound``).
    """

    EXACT = 0  # v equals it
    LOWER = 1  # v is at least it: the search was cut off at beta ("failed high")
    UPPER = 2  # v is at most it: no move beat alpha ("failed low")

    @property
    def label(self) -> str:
        """``"exact"``, ``"lower bound"`` or ``"upper bound"``, for people."""
        return _LABELS[self]

    def __str__(self) -> str:
        return self.label

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)


_LABELS = {Bound.EXACT: "exact", Bound.LOWER: "lower bound", Bound.UPPER: "upper bound"}
EXACT, LOWER, UPPER = Bound.EXACT, Bound.LOWER, Bound.UPPER


def bound_of(result, alpha, beta) -> Bound:
    """What ``result``, returned by a search with the window ``(alpha, beta)``, says about the true value."""
    if result <= alpha:
        return UPPER
    if result >= beta:
        return LOWER
    return EXACT


def leaf_value(board) -> int:
    """The plain value of a finished ``board`` for the side to move: ``-1`` if anybody has won, else ``0``."""
    return -1 if board.winner else 0


def x_value(board) -> int:
    """The value of a leaf from X's side (Hutton's order ``O < B < X``): ``+1``, ``-1`` or ``0``.

    A leaf of a pruned tree may be an unfinished game; like Hutton's code it
    then counts as a draw, the honest answer when nobody has looked further.
    """
    winner = board.winner
    return 1 if winner == "X" else -1 if winner == "O" else 0


def win_score(empty: int) -> int:
    """The depth-aware score of a win whose final move leaves ``empty`` cells free: ``empty + 1``."""
    return empty + 1


def leaf_score(board) -> int:
    """The depth-aware score of a finished ``board`` for the side to move (who has lost or drawn)."""
    if board.winner:
        return -win_score(board.size - board.moves_made)
    return 0


def sign(score) -> int:
    """The plain value (``+1``, ``0``, ``-1``) of a depth-aware score, or of any number: its sign."""
    return (score > 0) - (score < 0)


def plies_from_score(score: int, empty: int) -> int:
    """How many moves are left when a position with ``empty`` free cells has depth-aware ``score``.

    A decided game ends with ``|score| - 1`` cells still empty; a draw fills
    the board.
    """
    if score == 0:
        return empty
    return empty - (abs(score) - 1)
