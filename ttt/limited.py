"""Depth-limited search with an evaluation function: the one used whenever a board is too big to solve.

On 5×5 with four in a row an exact search takes far too long for a widget, so
a player looks ``depth`` moves ahead and judges the positions it reaches with
an *evaluation*: a guess of who is better.  The default guess counts open
lines: a line that only one side occupies is worth more the more of it that
side holds (:func:`line_weights`).  Any evaluation of a
:class:`~ttt.board.Board` can be plugged in instead (the learned ones of
notebook 08, say).  As everywhere in ``ttt``, an evaluation judges a board
for the side that has *just moved* (higher is better for that side).

The search is the engine's own (:class:`ttt.engine.Engine`, fail-soft
negamax alpha-beta on bitboards), given a horizon: :class:`LimitedSearch`
is that engine with its table, symmetry, dead-line caps and pairings off and
the static order, and with the evaluation at the horizon.  Finished games
keep their depth-aware scores (:mod:`ttt.scores`: a win leaving ``e`` empty
cells is worth ``e + 1``); a guess is squashed into (-1, 1) first
(:func:`squash`), so that no guess ever outweighs a real win or loss.

With ``threats`` on it takes the engine's threat shortcuts: win at once
when you can, block when you must, give up facing two threats; they let it
see forced wins beyond its horizon.  With ``threats`` off it is the plain
textbook search of notebook 08.  The players built on it are
:class:`ttt.players.SearchPlayer`.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from ttt.bitboard import layout
from ttt.board import Board
from ttt.engine import Engine, Options
from ttt.instrument import SearchStats
from ttt.scores import INF

T = TypeVar("T")

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
    """Depth-limited negamax alpha-beta for one board size: the engine (:class:`ttt.engine.Engine`) with a horizon.

    ``evaluate`` is ``None`` for the built-in open-lines count, or a function
    ``evaluate(board) -> float`` that scores a board for the side that has
    just moved (its results are remembered, per position, in ``cache``).
    ``threats`` switches the engine's threat shortcuts on or off.  ``stats``
    counts the positions visited by the last :meth:`value`,
    :meth:`move_values` or :meth:`best_move` (nodes; leaves are the
    positions judged by the evaluation; cut-offs).

    The search is the engine's, with its table, symmetry, dead-line caps and
    pairings off and the static order: what this class adds is the guess at
    the horizon (:meth:`guess`) and the counters of one search.
    """

    def __init__(self, rows: int, cols: int, k: int, evaluate: Callable[[Board], float] | None = None,
                 threats: bool = True):
        self.layout = layout(rows, cols, k)
        self.evaluate = evaluate
        self.threats = threats
        self.weights = line_weights(k)
        self.cache: dict[tuple[int, int], float] = {}
        self.stats = SearchStats()
        self.engine = Engine(rows, cols, k, Options(table=False, symmetry=False, order="static", threats=threats,
                                                    dead=False, pairing=False), evaluate=self.guess)

    def guess(self, me: int, opp: int) -> float:
        """The squashed evaluation of a position nobody has won, for the side to move (``me``)."""
        self.stats.leaves += 1
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

    def _counted(self, board: Board, search: Callable[[], T]) -> T:
        """``search()`` on an unfinished ``board``, its nodes, leaves and cut-offs counted afresh in ``stats``."""
        board.check_not_over()
        self.layout.check(board)  # a board of another size is refused before anything is counted
        watch = self.engine.watch
        nodes, cutoffs = watch.nodes, watch.cutoffs
        self.stats = SearchStats()
        result = search()
        self.stats.nodes, self.stats.cutoffs = watch.nodes - nodes, watch.cutoffs - cutoffs
        return result

    def value(self, board: Board, depth: int, alpha: float = -INF, beta: float = INF) -> float:
        """The value of an unfinished ``board`` for the side to move, looking ``depth`` moves ahead."""
        return self._counted(board, lambda: self.engine.score(board, depth=depth, alpha=alpha, beta=beta))

    def move_values(self, board: Board, depth: int) -> dict[int, float]:
        """The exact search value of every legal move for the side to move, looking ``depth`` moves ahead."""
        return self._counted(board, lambda: self.engine.move_scores(board, depth=depth))

    def best_move(self, board: Board, depth: int) -> int:
        """The lowest-numbered of the best moves, found with less work than :meth:`move_values`.

        Each move is searched with the window (best so far, ∞): a move that
        cannot beat the best so far fails low at once.
        """
        return self._counted(board, lambda: self.engine.best_move(board, depth=depth))
