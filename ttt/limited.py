"""Depth-limited search with an evaluation function: the one used whenever a board is too big to solve.

On 5×5 with four in a row an exact search takes far too long for a widget, so
the player looks ``depth`` moves ahead and judges the positions it reaches
with an *evaluation*: a guess of who is better.  The default guess counts
open lines: a line that only I occupy is worth more the more of it I hold,
and the same for my opponent with the sign turned.  Any evaluation of a
:class:`~ttt.board.Board` can be plugged in instead (the learned ones of
notebook 08, say).

Finished games are scored exactly, with the depth-aware scores of
:mod:`ttt.minimax` (a win leaving ``e`` empty cells is worth ``e + 1``); a
guess is squashed into (-1, 1) first (:func:`squash`), so that no guess ever
outweighs a real win or loss.

The search is negamax with alpha-beta on bitboards.  With ``threats`` on
(the default) it takes the same two shortcuts as the exact engine: win at
once when you can, block when you must, give up facing two threats; they
let it see forced wins beyond its horizon.  With ``threats`` off it is the
plain textbook search of notebook 08 (:class:`ttt.learn.SearchPlayer`).
"""

from __future__ import annotations

import math
import random
from typing import Callable

from ttt.board import Board
from ttt.engine import layout
from ttt.geometry import BoardError, geometry


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
    ``evaluate(board) -> float`` that scores a board for its side to move
    (its results are remembered, per position, in ``cache``).  ``threats``
    switches the engine's threat shortcuts on or off.  ``nodes`` counts the
    positions visited by the last :meth:`move_values` or :meth:`best_move`.
    """

    def __init__(self, rows: int, cols: int, k: int, evaluate: Callable[[Board], float] | None = None,
                 threats: bool = True):
        self.layout = layout(rows, cols, k)
        self.evaluate = evaluate
        self.threats = threats
        self.weights = line_weights(k)
        self.cache: dict[tuple[int, int], float] = {}
        self.nodes = 0

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
            lay = self.layout
            x_to_move = (me | opp).bit_count() % 2 == 0
            x, o = (me, opp) if x_to_move else (opp, me)
            cells = "".join("X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(lay.size))
            board = Board._make(geometry(lay.rows, lay.cols, lay.k), cells, None)
            known = self.cache[(me, opp)] = squash(self.evaluate(board))
        return known

    def score(self, me: int, opp: int, n_empty: int, depth: int, alpha: float, beta: float) -> float:
        """Negamax value of a position nobody has won yet, looking ``depth`` moves ahead."""
        self.nodes += 1
        if n_empty == 0:
            return 0
        lay = self.layout
        threats = self.threats
        their_wins = 0
        if threats:
            # Win now, or block the opponent's only threat (a double threat is lost).
            my_wins = 0
            for mask in lay.masks:
                a, b = mask & me, mask & opp
                if not b:
                    rest = mask ^ a
                    if rest and not rest & (rest - 1):
                        my_wins |= rest
                elif not a:
                    rest = mask ^ b
                    if rest and not rest & (rest - 1):
                        their_wins |= rest
            if my_wins:
                return n_empty
            if their_wins & (their_wins - 1) and n_empty >= 2:
                return 1 - n_empty
        if depth == 0:
            return self._guess(me, opp)
        if their_wins:
            moves = [their_wins.bit_length() - 1]
        else:
            empties = ~(me | opp) & lay.full
            moves = [c for c in lay.static_order if empties >> c & 1]
        best = -math.inf
        for cell in moves:
            mine = me | 1 << cell
            if not threats and any(mask & mine == mask for mask in lay.masks_through[cell]):
                value = n_empty  # this move wins
            else:
                value = -self.score(opp, mine, n_empty - 1, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _unpack(self, board: Board) -> tuple[int, int, int]:
        lay = self.layout
        if (board.rows, board.cols, board.k) != (lay.rows, lay.cols, lay.k):
            raise BoardError(f"this search is for {lay.rows}×{lay.cols} k={lay.k} boards")
        if board.is_over:
            raise BoardError("the game is over: there is no move to choose")
        x, o = board.bits
        me, opp = (x, o) if board.turn == "X" else (o, x)
        return me, opp, board.size - board.moves_made

    def _after(self, me: int, opp: int, n_empty: int, cell: int, depth: int, alpha: float, beta: float) -> float:
        """The value of playing ``cell``, searched ``depth - 1`` moves further with the window (alpha, beta)."""
        mine = me | 1 << cell
        if any(mask & mine == mask for mask in self.layout.masks_through[cell]):
            return n_empty  # wins at once
        return -self.score(opp, mine, n_empty - 1, max(depth - 1, 0), -beta, -alpha)

    def value(self, board: Board, depth: int, alpha: float = -math.inf, beta: float = math.inf) -> float:
        """The value of an unfinished ``board`` for the side to move, looking ``depth`` moves ahead."""
        me, opp, n_empty = self._unpack(board)
        self.nodes = 0
        return self.score(me, opp, n_empty, depth, alpha, beta)

    def move_values(self, board: Board, depth: int) -> dict[int, float]:
        """The exact search value of every legal move for the side to move, looking ``depth`` moves ahead."""
        me, opp, n_empty = self._unpack(board)
        self.nodes = 0
        return {cell: self._after(me, opp, n_empty, cell, depth, -math.inf, math.inf) for cell in board.legal_moves()}

    def best_move(self, board: Board, depth: int) -> int:
        """The lowest-numbered of the best moves, found with less work than :meth:`move_values`.

        Each move is searched with the window (best so far, ∞): a move that
        cannot beat the best so far fails low at once.
        """
        me, opp, n_empty = self._unpack(board)
        self.nodes = 0
        best_cell, best = None, -math.inf
        for cell in board.legal_moves():
            value = self._after(me, opp, n_empty, cell, depth, best, math.inf)
            if value > best:
                best_cell, best = cell, value
        return best_cell


class LimitedPlayer:
    """A player that searches ``depth`` moves ahead and then trusts an evaluation.

    Ties between equally valued moves are broken by a seeded random choice,
    so that games differ but can be replayed.  Change ``depth`` between moves
    to make it stronger or weaker.
    """

    def __init__(self, depth: int = 2, evaluate: Callable[[Board], float] | None = None, seed: int | None = 0):
        if depth < 1:
            raise ValueError(f"depth must be at least 1, not {depth}")
        self.depth = depth
        self.evaluate = evaluate
        self.rng = random.Random(seed)
        self._searches: dict[tuple[int, int, int], LimitedSearch] = {}

    def search_for(self, board: Board) -> LimitedSearch:
        shape = (board.rows, board.cols, board.k)
        if shape not in self._searches:
            self._searches[shape] = LimitedSearch(*shape, evaluate=self.evaluate)
        return self._searches[shape]

    def move(self, board: Board) -> int:
        values = self.search_for(board).move_values(board, self.depth)
        best = max(values.values())
        return self.rng.choice(sorted(cell for cell, value in values.items() if value == best))
