"""Depth-limited search with an evaluation function: the one used whenever a board is too big to solve.

On 5×5 with four in a row an exact search takes far too long for a widget, so
a player looks ``depth`` moves ahead and judges the positions it reaches with
an *evaluation*: a guess of who is better.  The default guess counts open
lines: a line that only one side occupies is worth more the more of it that
side holds (:func:`line_weights`).  Any evaluation of a
:class:`~ttt.board.Board` can be plugged in instead (the learned ones of
notebook 08, say).  As everywhere in ``ttt``, an evaluation judges a board
for the side that has *just moved* (higher is better for that side).

What this adds to the teaching alpha-beta (:func:`ttt.pruning.alphabeta`,
fail-soft, negamax form): bitboards (:mod:`ttt.bitboard`), a depth limit
with the evaluation at the horizon, and depth-aware scores for finished
games (:mod:`ttt.scores`: a win leaving ``e`` empty cells is worth
``e + 1``).  A guess is squashed into (-1, 1) first (:func:`squash`), so that
no guess ever outweighs a real win or loss.

With ``threats`` on it takes the same two shortcuts as the exact engine:
win at once when you can, block when you must, give up facing two threats;
they let it see forced wins beyond its horizon.  (The threats are those of
:meth:`ttt.bitboard.Layout.threats`: the bitboard form of the order of
:func:`ttt.pruning.threats_first`, wins then blocks; ``tests/test_pruning.py``
checks that the two agree.)  With ``threats`` off it is
the plain textbook search of notebook 08.  The players built on it are
:class:`ttt.players.SearchPlayer`.
"""

from __future__ import annotations

from typing import Callable

from ttt.bitboard import layout
from ttt.board import Board
from ttt.instrument import SearchStats
from ttt.scores import INF

__all__ = ["LimitedSearch", "squash", "line_weights"]


def squash(value: float) -> float:
    """Map any real number into (-1, 1), keeping its order: ``v / (1 + |v|)``.

    A finished game scores at least 1 in absolute value, so a squashed
    evaluation can never outweigh a real win or loss.
    """
    return value / (1.0 + abs(value))


def line_weights(k: int) -> tuple[int, ...]:
    """Weight of an open line holding ``n`` of one side's marks: 0, 1, 4, 16, ... (×4 per mark)."""
    return (0,) + tuple(4 ** (n - 1) for n in range(1, k + 1))


class LimitedSearch:
    """Depth-limited negamax alpha-beta for one board size.

    ``evaluate`` is ``None`` for the built-in open-lines count, or a function
    ``evaluate(board) -> float`` that scores a board for the side that has
    just moved (its results are remembered, per position, in ``cache``).
    ``threats`` switches the engine's threat shortcuts on or off.  ``stats``
    counts the positions visited by the last :meth:`value`,
    :meth:`move_values` or :meth:`best_move` (nodes; leaves are the
    positions judged by the evaluation).
    """

    def __init__(self, rows: int, cols: int, k: int, evaluate: Callable[[Board], float] | None = None,
                 threats: bool = True):
        self.layout = layout(rows, cols, k)
        self.evaluate = evaluate
        self.threats = threats
        self.weights = line_weights(k)
        self.cache: dict[tuple[int, int], float] = {}
        self.stats = SearchStats()

    def _guess(self, me: int, opp: int) -> float:
        """The squashed evaluation of a position, for the side to move (``me``)."""
        if self.evaluate is None:
            weights = self.weights
            total = 0
            for mask in self.layout.masks:
                a, b = mask & me, mask & opp
                if not b:
                    total += weights[a.bit_count()]
                elif not a:
                    total -= weights[b.bit_count()]
            return squash(total)
        known = self.cache.get((me, opp))
        if known is None:
            # the evaluation speaks for the side that has just moved: the opponent of ``me``
            known = self.cache[(me, opp)] = -squash(self.evaluate(self.layout.board(me, opp)))
        return known

    def score(self, me: int, opp: int, n_empty: int, depth: int, alpha: float, beta: float) -> float:
        """Negamax value of a position nobody has won yet, looking ``depth`` moves ahead."""
        self.stats.nodes += 1
        if n_empty == 0:
            return 0
        lay = self.layout
        threats = self.threats
        their_wins = 0
        if threats:
            # Win now, or block the opponent's only threat (a double threat is lost).
            my_wins, their_wins, _, _ = lay.threats(me, opp)
            if my_wins:
                return n_empty
            if their_wins & (their_wins - 1) and n_empty >= 2:
                return 1 - n_empty
        if depth == 0:
            self.stats.leaves += 1
            return self._guess(me, opp)
        if their_wins:
            moves = [their_wins.bit_length() - 1]
        else:
            empties = ~(me | opp) & lay.full
            moves = [c for c in lay.static_order if empties >> c & 1]
        best = -INF
        for cell in moves:
            mine = me | 1 << cell
            if not threats and lay.wins_with(cell, mine):
                value = n_empty  # this move wins
            else:
                value = -self.score(opp, mine, n_empty - 1, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.stats.cutoffs += 1
                        break
        return best

    def _start(self, board: Board) -> tuple[int, int, int]:
        """The bits of an unfinished ``board`` (the counters start again from zero)."""
        board.check_not_over()
        sides = self.layout.sides(board)
        self.stats = SearchStats()
        return sides

    def _after(self, me: int, opp: int, n_empty: int, cell: int, depth: int, alpha: float, beta: float) -> float:
        """The value of playing ``cell``, searched ``depth - 1`` moves further with the window (alpha, beta)."""
        mine = me | 1 << cell
        if self.layout.wins_with(cell, mine):
            return n_empty  # wins at once
        return -self.score(opp, mine, n_empty - 1, max(depth - 1, 0), -beta, -alpha)

    def value(self, board: Board, depth: int, alpha: float = -INF, beta: float = INF) -> float:
        """The value of an unfinished ``board`` for the side to move, looking ``depth`` moves ahead."""
        me, opp, n_empty = self._start(board)
        return self.score(me, opp, n_empty, depth, alpha, beta)

    def move_values(self, board: Board, depth: int) -> dict[int, float]:
        """The exact search value of every legal move for the side to move, looking ``depth`` moves ahead."""
        me, opp, n_empty = self._start(board)
        return {cell: self._after(me, opp, n_empty, cell, depth, -INF, INF) for cell in board.legal_moves()}

    def best_move(self, board: Board, depth: int) -> int:
        """The lowest-numbered of the best moves, found with less work than :meth:`move_values`.

        Each move is searched with the window (best so far, ∞): a move that
        cannot beat the best so far fails low at once.
        """
        me, opp, n_empty = self._start(board)
        best_cell, best = None, -INF
        for cell in board.legal_moves():
            value = self._after(me, opp, n_empty, cell, depth, best, INF)
            if value > best:
                best_cell, best = cell, value
        return best_cell
