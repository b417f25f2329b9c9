"""Computer players: anything with ``move(board) -> cell``, and every player of the course.

The text game (:func:`ttt.view.textgame.run_game`), the clickable board
(:class:`ttt.game.Game`), the matches of :mod:`ttt.match` and the notebooks
all accept any object with that one method, so a new strategy needs no
changes anywhere else.  Every player class of the package lives here:

=======================  ======================================================  ========
player                   how it chooses                                          notebook
=======================  ======================================================  ========
:class:`RandomPlayer`    a legal move at random                                  02, 06
:class:`PerfectPlayer`   a move with the best depth-aware score (never loses)    04
:class:`FullSearchPlayer`  the first move with the best plain value (memo)       06
:class:`ShortcutPlayer`  the first move that keeps at least a draw               06
:class:`LinearPlayer`    the best afterstate by a learned linear evaluation      08
:class:`TDPlayer`        the best afterstate by a learned table of values        08
:class:`SearchPlayer`    depth-limited alpha-beta, an evaluation at the horizon  08, 09
=======================  ======================================================  ========

Players that use randomness take a ``seed`` (and keep a :class:`random.Random`
as ``rng``, which :func:`ttt.match.play_match` re-seeds), so that a notebook
can replay the same games.  Every player refuses to move on a finished board
with the one wording of :meth:`ttt.board.Board.check_not_over`.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from ttt.board import Board
from ttt.features import FEATURE_NAMES, features as line_features
from ttt.limited import LimitedSearch
from ttt.memo import negamax_memo, reaches, shortcut_move
from ttt.solver import move_scores
from ttt.symmetry import canonical_key

__all__ = [
    "RandomPlayer",
    "PerfectPlayer",
    "FullSearchPlayer",
    "ShortcutPlayer",
    "LinearPlayer",
    "TDPlayer",
    "SearchPlayer",
    "afterstates",
    "greedy_move",
]

Evaluation = Callable[[Board], float]


class RandomPlayer:
    """Plays a legal move chosen uniformly at random.

    ``seed=None`` draws from fresh system randomness; a number makes the
    sequence of moves repeatable.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def move(self, board: Board) -> int:
        board.check_not_over()
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
        board.check_not_over()
        scores = move_scores(board)
        top = max(scores.values())
        return [cell for cell in sorted(scores) if scores[cell] == top]

    def move(self, board: Board) -> int:
        choices = self.best_moves(board)
        return choices[0] if self.rng is None else self.rng.choice(choices)

    def __repr__(self) -> str:
        return f"PerfectPlayer(seed={self.seed!r})"


# ---------------------------------------------------------------------- notebook 06: full search and the shortcut


class FullSearchPlayer:
    """Plays the first move, in cell order, with the best negamax value (+1 before 0 before -1).

    The full search of the Ruby negamax post: the exact value of every move,
    from :func:`ttt.memo.negamax_memo` with one table for the player's
    lifetime.  In a won position it plays a winning move (the first one: not
    necessarily the fastest), in a drawn position the first drawing move.
    """

    def __init__(self):
        self.table: dict = {}

    def move(self, board: Board) -> int:
        board.check_not_over()
        best_cell, best = None, -2
        for cell in board.legal_moves():
            value = -negamax_memo(board.child(cell), self.table)
            if value > best:
                best_cell, best = cell, value
        return best_cell

    def __repr__(self) -> str:
        return "FullSearchPlayer()"


class ShortcutPlayer:
    """Settles for a draw: plays the first move that keeps the draw, never looking for a win.

    Tic-tac-toe is a draw, so from the empty board "at least a draw" is all
    perfect play can promise, and this player never loses.  But after an
    opponent's mistake the position may be a *win*, and this player still
    asks only "does this move keep the draw?" (:func:`ttt.memo.reaches`), so
    it can throw the win away.  ``ask_for_win=True`` first asks "is there a
    winning move?" and plays the first one if so: then it plays exactly like
    :class:`FullSearchPlayer`.  Answers are memoised in one table for the
    player's lifetime.
    """

    def __init__(self, ask_for_win: bool = False):
        self.ask_for_win = ask_for_win
        self.table: dict = {}

    def move(self, board: Board) -> int:
        if self.ask_for_win and reaches(board, 1, self.table):
            return shortcut_move(board, 1, self.table)
        return shortcut_move(board, 0, self.table)

    def __repr__(self) -> str:
        return f"ShortcutPlayer(ask_for_win={self.ask_for_win})"


# ---------------------------------------------------------------------- notebook 08: learned evaluations


@lru_cache(maxsize=1 << 17)
def afterstates(board: Board) -> tuple[tuple[int, Board], ...]:
    """``board.children()``, remembered: learners meet the same few thousand positions again and again."""
    return tuple(board.children())


def greedy_move(board: Board, evaluate: Evaluation) -> int:
    """The move whose resulting board ``evaluate`` rates highest (for the side moving); ties go to the lowest cell."""
    board.check_not_over()
    best_cell, best_value = None, -float("inf")
    for cell, child in afterstates(board):
        value = evaluate(child)
        if value > best_value:
            best_cell, best_value = cell, value
    return best_cell


class LinearPlayer:
    """Plays the move whose resulting board has the highest ``weights · features(board)``.

    ``coefficients`` holds the weights as plain floats, one per feature
    (names in ``feature_names``), which :func:`ttt.learn.train_lms` adjusts
    in place (faster than NumPy for seven numbers); ``weights`` gives them as
    a NumPy array, and assigning to it changes the player.  ``features`` is
    the function that describes a board for the side that just moved
    (:func:`ttt.features.features` unless a notebook swaps in another to
    compare).  Finished boards are judged by the same formula: this player
    knows only what it has learned.
    """

    def __init__(self, weights, features: Callable[[Board], tuple] = line_features,
                 feature_names: tuple[str, ...] = FEATURE_NAMES):
        self.coefficients = [float(w) for w in weights]
        self.features = features
        self.feature_names = feature_names

    @property
    def weights(self):
        """The weights as a NumPy array (a copy; NumPy is imported only here)."""
        import numpy as np

        return np.array(self.coefficients)

    @weights.setter
    def weights(self, values) -> None:
        self.coefficients = [float(w) for w in values]

    def evaluate(self, board: Board) -> float:
        """The estimated value of ``board`` for the side that has just moved (about -1 .. +1)."""
        return self.weigh(self.features(board))

    def weigh(self, x) -> float:
        """The weighted sum of a board's features ``x``: :meth:`evaluate` for features already computed."""
        return sum(w * xi for w, xi in zip(self.coefficients, x))

    def move(self, board: Board) -> int:
        return greedy_move(board, self.evaluate)

    def __repr__(self) -> str:
        pairs = ", ".join(f"{name}={w:+.3f}" for name, w in zip(self.feature_names, self.coefficients))
        return f"LinearPlayer({pairs})"


class TDPlayer:
    """Plays the move whose resulting board has the highest learned value.

    ``values`` maps a board's key (its cell string, or with ``symmetry`` the
    cell string of its canonical image, :func:`ttt.symmetry.canonical_key`)
    to the estimated value for the side that has just moved, in [0, 1].
    Boards never met count 0.5; finished boards have their true value (1 for
    a win, 0.5 for a draw).  :func:`ttt.learn.train_td` fills the table.
    """

    def __init__(self, values: dict[str, float] | None = None, symmetry: bool = True):
        self.values = {} if values is None else values
        self.symmetry = symmetry

    def key(self, board: Board) -> str:
        return canonical_key(board) if self.symmetry else board.cells

    def value(self, board: Board) -> float:
        """The estimated chance of winning (draws count half) for the side that has just moved."""
        if board.is_over:
            return 0.5 if board.winner is None else 1.0
        return self.values.get(self.key(board), 0.5)

    def evaluate(self, board: Board) -> float:
        """:meth:`value` rescaled to -1 (a sure loss) .. +1 (a sure win), 0 for a draw."""
        return 2.0 * self.value(board) - 1.0

    def move(self, board: Board) -> int:
        return greedy_move(board, self.value)

    def __repr__(self) -> str:
        return f"TDPlayer({len(self.values)} positions, symmetry={self.symmetry})"


# ---------------------------------------------------------------------- notebooks 08 and 09: looking ahead


class SearchPlayer:
    """Looks ``depth`` moves ahead with alpha-beta, then trusts an evaluation (:class:`ttt.limited.LimitedSearch`).

    ``evaluate(board)`` rates a board for the side that has just moved (for
    instance ``LinearPlayer.evaluate`` or ``TDPlayer.evaluate``); ``None``
    counts open lines (:func:`ttt.limited.line_weights`).  Finished games are
    scored exactly, so even a poor evaluation never misses a win within
    reach.  ``threats`` turns on the engine's shortcuts (win at once, block
    a single threat, give up facing two), which let it see forced wins
    beyond its horizon; notebook 08 turns them off, so that what the player
    sees is exactly ``depth`` plies and the evaluation.

    Ties between equally good moves go to the lowest-numbered cell; with a
    ``seed`` they are broken by a seeded random choice instead, so that
    games differ but can be replayed.  ``depth`` and ``evaluate`` may be
    changed between moves (a widget's slider does).
    """

    def __init__(self, depth: int = 2, evaluate: Evaluation | None = None, *, threats: bool = True,
                 seed: int | None = None):
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth must be a whole number >= 1, not {depth!r}")
        self.depth = depth
        self.threats = threats
        self.seed = seed
        self.rng = None if seed is None else random.Random(seed)
        self._searches: dict[tuple[int, int, int], LimitedSearch] = {}
        self.evaluate = evaluate

    @property
    def evaluate(self) -> Evaluation | None:
        """The evaluation at the horizon; setting it forgets the remembered evaluations."""
        return self._evaluate

    @evaluate.setter
    def evaluate(self, evaluate: Evaluation | None) -> None:
        self._evaluate = evaluate
        self._searches.clear()

    def search_for(self, board: Board) -> LimitedSearch:
        """The search for ``board``'s size (one per size, keeping its cache of evaluations)."""
        shape = (board.rows, board.cols, board.k)
        if shape not in self._searches:
            self._searches[shape] = LimitedSearch(*shape, evaluate=self._evaluate, threats=self.threats)
        return self._searches[shape]

    def move_values(self, board: Board) -> dict[int, float]:
        """The exact search value of every legal move (no pruning at the root)."""
        return self.search_for(board).move_values(board, self.depth)

    def move(self, board: Board) -> int:
        if self.rng is None:
            return self.search_for(board).best_move(board, self.depth)
        values = self.move_values(board)
        best = max(values.values())
        return self.rng.choice(sorted(cell for cell, value in values.items() if value == best))

    def __repr__(self) -> str:
        return f"SearchPlayer(depth={self.depth}, threats={self.threats}, seed={self.seed!r})"
