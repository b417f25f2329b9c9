"""Depth-limited search with an evaluation function, for boards too big to solve while you wait.

On 5×5 with four in a row an exact search takes far too long for a widget, so
the player looks ``depth`` moves ahead and judges the positions it reaches
with an *evaluation*: a guess of who is better.  The default guess counts
open lines: a line that only I occupy is worth more the more of it I hold,
and the same for my opponent with the sign turned.  Finished games are scored
exactly (with the depth-aware scores of :mod:`ttt.minimax`, scaled so that a
real win always outranks any guess).

The search is negamax with alpha-beta on bitboards, with the same two
shortcuts as the exact engine: win at once when you can, block when you
must.  Any evaluation of a :class:`~ttt.board.Board` can be plugged in (the
learned ones of notebook 08, say); the built-in one works on bit masks and
is much faster.
"""

from __future__ import annotations

import random
from typing import Callable

from ttt.board import Board
from ttt.engine import layout
from ttt.geometry import BoardError

WIN = 1_000_000  # a finished game scores WIN * (depth-aware score): above any guess


def line_weights(k: int) -> tuple[int, ...]:
    """Weight of an open line holding ``n`` of one side's marks: 0, 1, 4, 16, ... (×4 per mark)."""
    return (0,) + tuple(4 ** (n - 1) for n in range(1, k + 1))


class LimitedSearch:
    """Depth-limited negamax alpha-beta for one board size.

    ``evaluate`` is ``None`` for the built-in open-lines count, or a function
    ``evaluate(board) -> float`` that scores a board for its side to move.
    ``nodes`` counts the positions visited by the last call.
    """

    def __init__(self, rows: int, cols: int, k: int, evaluate: Callable[[Board], float] | None = None):
        self.layout = layout(rows, cols, k)
        self.evaluate = evaluate
        self.weights = line_weights(k)
        self.nodes = 0

    def _guess(self, me: int, opp: int) -> float:
        """The evaluation of a position (from the side to move's point of view)."""
        if self.evaluate is not None:
            lay = self.layout
            n = lay.size
            x_to_move = (me | opp).bit_count() % 2 == 0
            x, o = (me, opp) if x_to_move else (opp, me)
            cells = "".join("X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(n))
            return self.evaluate(Board._make(_geometry(lay), cells, None))
        weights = self.weights
        total = 0
        for mask in self.layout.masks:
            a, b = mask & me, mask & opp
            if not b:
                total += weights[a.bit_count()]
            elif not a:
                total -= weights[b.bit_count()]
        return total

    def score(self, me: int, opp: int, n_empty: int, depth: int, alpha: float, beta: float) -> float:
        """Negamax value of a position nobody has won yet, looking ``depth`` moves ahead."""
        self.nodes += 1
        if n_empty == 0:
            return 0
        lay = self.layout
        # Win now, or block the opponent's only threat (a double threat is lost).
        my_wins = their_wins = 0
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
            return WIN * n_empty
        if their_wins & (their_wins - 1) and n_empty >= 2:
            return -WIN * (n_empty - 1)
        if depth == 0:
            return self._guess(me, opp)
        if their_wins:
            moves = [their_wins.bit_length() - 1]
        else:
            empties = ~(me | opp) & lay.full
            moves = [c for c in lay.static_order if empties >> c & 1]
        best = -float("inf")
        for cell in moves:
            value = -self.score(opp, me | 1 << cell, n_empty - 1, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def move_values(self, board: Board, depth: int) -> dict[int, float]:
        """The value of every legal move for the side to move, looking ``depth`` moves ahead."""
        lay = self.layout
        if (board.rows, board.cols, board.k) != (lay.rows, lay.cols, lay.k):
            raise BoardError(f"this search is for {lay.rows}×{lay.cols} k={lay.k} boards")
        if board.is_over:
            raise BoardError("the game is over: there is no move to choose")
        x, o = board.bits
        me, opp = (x, o) if board.turn == "X" else (o, x)
        n_empty = board.size - board.moves_made
        self.nodes = 0
        values = {}
        for cell in board.legal_moves():
            mine = me | 1 << cell
            if any(mask & mine == mask for mask in lay.masks_through[cell]):
                values[cell] = WIN * n_empty
            else:
                values[cell] = -self.score(opp, mine, n_empty - 1, max(depth - 1, 0), -float("inf"), float("inf"))
        return values


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


def _geometry(lay):
    from ttt.geometry import geometry

    return geometry(lay.rows, lay.cols, lay.k)
