"""Players that learn to judge positions by playing against themselves.

Search looks at every position below the current one; a *learned
evaluation* looks at one position and guesses its value.  This module has
two learners from the classic texts and a search that uses what they learn:

:func:`train_lms`
    a linear evaluation ``V(b) = w · x(b)`` over the seven line counts of
    :mod:`ttt.features`, fitted with the least-mean-squares (LMS) rule in
    Mitchell's design for a checkers learner (T. Mitchell, *Machine Learning*,
    McGraw-Hill 1997, ch. 1): the training value of a position is the
    current estimate of the position that follows it, and the final result
    for the last one.  Returns a :class:`LinearPlayer`.
:func:`train_td`
    a table of values, one per position (one per symmetry class with
    ``symmetry=True``), learned by temporal-difference updates during
    ε-greedy self-play, as in the tic-tac-toe example of Sutton & Barto,
    *Reinforcement Learning: An Introduction*, 2nd ed., MIT Press 2018,
    ch. 1.  Returns a :class:`TDPlayer`.
:func:`depth_limited_player`
    alpha-beta search to a fixed depth that calls a learned evaluation at
    its horizon and scores finished games exactly.

**Conventions.**  Every evaluation here judges a board for the side that
*has just moved* (the side whose move produced it), higher being better for
that side; a player picks the move whose resulting board it likes best.  The
linear evaluation is trained towards +1 for a win, 0 for a draw and -1 for a
loss; the TD table holds values in [0, 1] (1 a win, 0.5 a draw, 0 a loss,
like a probability of winning with draws counting half), and
:meth:`TDPlayer.evaluate` maps them onto [-1, 1].  Trained players are
deterministic: ties go to the lowest-numbered cell.  Training is
deterministic for a given ``seed``.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Callable

import numpy as np

from ttt.board import Board
from ttt.features import FEATURE_NAMES, features as line_features
from ttt.geometry import BoardError
from ttt.limited import LimitedSearch, squash
from ttt.symmetry import permutations, transform_cells

__all__ = [
    "LinearPlayer",
    "TDPlayer",
    "SearchPlayer",
    "train_lms",
    "train_td",
    "depth_limited_player",
    "search_value",
    "squash",
    "PROGRESS_THRESHOLD",
]

PROGRESS_THRESHOLD = 5000  # with progress=None a bar appears from this many training games on

Evaluation = Callable[[Board], float]


# ---------------------------------------------------------------------- shared helpers
@lru_cache(maxsize=1 << 17)
def _afterstates(board: Board) -> tuple[tuple[int, Board], ...]:
    """``board.children()`` remembered: training meets the same few thousand positions again and again."""
    return tuple(board.children())


@lru_cache(maxsize=1 << 17)
def _canonical(rows: int, cols: int, cells: str) -> str:
    """The smallest image of ``cells`` under the board's symmetries (as :func:`ttt.symmetry.canonical_key`)."""
    return min(transform_cells(cells, perm) for perm in permutations(rows, cols))


def _progress(games: int, progress: bool | None, desc: str):
    """``range(games)``, wrapped in a tqdm bar if asked for (``None``: only for long runs)."""
    if progress is None:
        progress = games >= PROGRESS_THRESHOLD
    if not progress:
        return range(games)
    from tqdm.auto import tqdm  # imported only when a bar is wanted

    return tqdm(range(games), desc=desc, unit="game")


def _check_games(games: int) -> None:
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")


def _greedy(board: Board, evaluate: Evaluation) -> int:
    """The move whose resulting board ``evaluate`` rates highest; ties go to the lowest cell."""
    best_cell, best_value = None, -math.inf
    for cell, child in _afterstates(board):
        value = evaluate(child)
        if value > best_value:
            best_cell, best_value = cell, value
    if best_cell is None:
        raise BoardError("the game is over: there is no move to make")
    return best_cell


# ---------------------------------------------------------------------- a linear evaluation
class LinearPlayer:
    """Plays the move whose resulting board has the highest ``weights · features(board)``.

    ``weights`` is a NumPy array, one weight per feature (names in
    ``feature_names``; reading it gives a copy, assigning it changes the
    player); ``features`` is the function that describes a board
    for the side that just moved (:func:`ttt.features.features` unless a
    notebook swaps in another to compare).  Finished boards are judged by the
    same formula: this player knows only what it has learned.
    """

    def __init__(self, weights, features: Callable[[Board], tuple] = line_features,
                 feature_names: tuple[str, ...] = FEATURE_NAMES):
        self._w = [float(w) for w in weights]  # plain floats: faster than NumPy for 7 numbers
        self.features = features
        self.feature_names = feature_names

    @property
    def weights(self) -> np.ndarray:
        return np.array(self._w)

    @weights.setter
    def weights(self, values) -> None:
        self._w = [float(w) for w in values]

    def evaluate(self, board: Board) -> float:
        """The estimated value of ``board`` for the side that has just moved (about -1 .. +1)."""
        return sum(w * x for w, x in zip(self._w, self.features(board)))

    def move(self, board: Board) -> int:
        return _greedy(board, self.evaluate)

    def __repr__(self) -> str:
        pairs = ", ".join(f"{name}={w:+.3f}" for name, w in zip(self.feature_names, self.weights))
        return f"LinearPlayer({pairs})"


def train_lms(games: int = 2000, seed: int = 0, *, rate: float = 0.01, epsilon: float = 0.1,
              features: Callable[[Board], tuple] = line_features, start: Board | None = None,
              progress: bool | None = None, callback=None) -> LinearPlayer:
    """Fit a linear evaluation by self-play and the LMS rule (Mitchell 1997, ch. 1).

    Both sides play with the same weights, each picking the move whose
    resulting board it rates highest, except that with probability
    ``epsilon`` a move is chosen at random (so that play does not repeat one
    line for ever).  After each game, the boards each side produced
    ``b1, b2, ..., bT`` become training examples: the training value of
    ``bi`` is the current estimate of ``b(i+1)``, the same side's next board
    (Mitchell's ``V_train(b) <- V(Successor(b))``), and for ``bT`` the
    result for that side (+1 win, 0 draw, -1 loss).  Each example moves the
    weights by the LMS rule ``w <- w + rate * (V_train(b) - V(b)) * x(b)``.

    The weights start as small random numbers drawn from ``seed``, which
    also drives every random choice, so a seed gives the same weights every
    time.  ``callback(games_done, player)``, if given, is called after every
    game (for learning curves).
    """
    _check_games(games)
    rng = random.Random(seed)
    first = Board.empty() if start is None else start
    player = LinearPlayer([rng.uniform(-0.1, 0.1) for _ in features(first)], features)
    w = player._w  # the player's own weights, trained in place

    def estimate(board: Board) -> float:
        return sum(wi * xi for wi, xi in zip(w, features(board)))

    for game in _progress(games, progress, "LMS self-play"):
        board = first
        produced = {"X": [], "O": []}
        while not board.is_over:
            options = _afterstates(board)
            if rng.random() < epsilon:
                cell, child = rng.choice(options)
            else:
                values = [estimate(child) for _, child in options]
                top = max(values)
                cell, child = rng.choice([option for option, v in zip(options, values) if v == top])
            produced[board.turn].append(child)
            board = child
        for side, boards in produced.items():
            result = 0.0 if board.winner is None else (1.0 if board.winner == side else -1.0)
            for i, b in enumerate(boards):
                target = estimate(boards[i + 1]) if i + 1 < len(boards) else result
                x = features(b)
                error = target - sum(wi * xi for wi, xi in zip(w, x))
                for j, xj in enumerate(x):
                    w[j] += rate * error * xj
        if callback is not None:
            callback(game + 1, player)
    return player


# ---------------------------------------------------------------------- a table of values
class TDPlayer:
    """Plays the move whose resulting board has the highest learned value.

    ``values`` maps a board's key (its cell string, or with ``symmetry`` the
    cell string of its canonical image) to the estimated value for the side
    that has just moved, in [0, 1].  Boards never met count 0.5; finished
    boards have their true value (1 for a win, 0.5 for a draw).
    """

    def __init__(self, values: dict[str, float] | None = None, symmetry: bool = True):
        self.values = {} if values is None else values
        self.symmetry = symmetry

    def key(self, board: Board) -> str:
        if self.symmetry:
            return _canonical(board.rows, board.cols, board.cells)
        return board.cells

    def value(self, board: Board) -> float:
        """The estimated chance of winning (draws count half) for the side that has just moved."""
        if board.is_over:
            return 0.5 if board.winner is None else 1.0
        return self.values.get(self.key(board), 0.5)

    def evaluate(self, board: Board) -> float:
        """:meth:`value` rescaled to -1 (a sure loss) .. +1 (a sure win), 0 for a draw."""
        return 2.0 * self.value(board) - 1.0

    def move(self, board: Board) -> int:
        return _greedy(board, self.value)

    def __repr__(self) -> str:
        return f"TDPlayer({len(self.values)} positions, symmetry={self.symmetry})"


def train_td(games: int = 20000, seed: int = 0, *, alpha: float = 0.2, epsilon: float = 0.1,
             symmetry: bool = True, start: Board | None = None, progress: bool | None = None,
             callback=None) -> TDPlayer:
    """Learn a value table by TD(0) in ε-greedy self-play (Sutton & Barto 2018, ch. 1).

    Both sides share one table of values of the boards they produce.  A
    side moves greedily (the highest value, ties broken at random) except
    that with probability ``epsilon`` it explores with a random move.  After
    each greedy move, the value of the side's previous board moves a
    fraction ``alpha`` of the way towards the value of its new one:
    ``V(s) <- V(s) + alpha * (V(s') - V(s))``.  As in Sutton and Barto's
    example, exploratory moves teach nothing about the board before them.
    When the game ends, the last board of the side that did not make the
    final move is moved towards that side's result (0 for a loss, 0.5 for a
    draw).
    """
    _check_games(games)
    rng = random.Random(seed)
    player = TDPlayer({}, symmetry=symmetry)
    values, key, value = player.values, player.key, player.value
    first = Board.empty() if start is None else start
    for game in _progress(games, progress, "TD self-play"):
        board = first
        last = {"X": None, "O": None}  # each side's previous board, by key
        while not board.is_over:
            mover = board.turn
            options = _afterstates(board)
            if rng.random() < epsilon:
                explored = True
                cell, child = rng.choice(options)
            else:
                explored = False
                scored = [(value(child), cell, child) for cell, child in options]
                top = max(v for v, _, _ in scored)
                _, cell, child = rng.choice([item for item in scored if item[0] == top])
            previous = last[mover]
            if previous is not None and not explored:
                old = values.get(previous, 0.5)
                values[previous] = old + alpha * (value(child) - old)
            last[mover] = None if child.is_over else key(child)
            board = child
        previous = last[board.turn]  # the side that did not make the final move
        if previous is not None:
            old = values.get(previous, 0.5)
            target = 0.5 if board.winner is None else 0.0
            values[previous] = old + alpha * (target - old)
        if callback is not None:
            callback(game + 1, player)
    return player


# ---------------------------------------------------------------------- search with a learned horizon
def _for_the_side_to_move(evaluate: Evaluation) -> Evaluation:
    """Turn an evaluation for the side that has just moved into one for the side to move."""
    return lambda board: -evaluate(board)


def search_value(board: Board, evaluate: Evaluation, depth: int,
                 alpha: float = -math.inf, beta: float = math.inf, cache: dict | None = None) -> float:
    """Alpha-beta negamax value of ``board`` for the side to move, looking ``depth`` plies ahead.

    A finished board scores exactly, depth-aware as in the rest of ``ttt``:
    ``-(e + 1)`` for the side to move if the other side has just won leaving
    ``e`` empty cells, 0 for a draw.  At the horizon (``depth == 0``) an
    unfinished board gets ``-squash(evaluate(board))``: the evaluation is for
    the side that has just moved, hence the minus.  So with ``depth`` at
    least the number of empty cells the result is the exact depth-aware
    score.  ``cache`` (a dict) remembers evaluations between calls.

    The search itself is :class:`ttt.limited.LimitedSearch` with its threat
    shortcuts off: the package's one depth-limited search.
    """
    if board.is_over:
        return 0.0 if board.winner is None else -float(board.size - board.moves_made + 1)
    search = LimitedSearch(board.rows, board.cols, board.k, evaluate=_for_the_side_to_move(evaluate), threats=False)
    if cache is not None:
        search.cache = cache
    return search.value(board, depth, alpha, beta)


class SearchPlayer:
    """Looks ``depth`` plies ahead with alpha-beta and judges the horizon with ``evaluate``.

    ``evaluate(board)`` rates a board for the side that has just moved (for
    instance ``LinearPlayer.evaluate`` or ``TDPlayer.evaluate``).  Finished
    games are scored exactly, so even a poor evaluation never misses a win
    within reach.  Ties go to the lowest-numbered cell.  The search is
    :class:`ttt.limited.LimitedSearch` without threat shortcuts, so that what
    the player sees is exactly ``depth`` plies and the evaluation.
    """

    def __init__(self, evaluate: Evaluation, depth: int = 2):
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth must be a whole number >= 1, not {depth!r}")
        self.evaluate = evaluate
        self.depth = depth
        self._searches: dict[tuple[int, int, int], LimitedSearch] = {}

    def search_for(self, board: Board) -> LimitedSearch:
        """The search for ``board``'s size (one per size, keeping its cache of evaluations)."""
        shape = (board.rows, board.cols, board.k)
        if shape not in self._searches:
            self._searches[shape] = LimitedSearch(*shape, evaluate=_for_the_side_to_move(self.evaluate), threats=False)
        return self._searches[shape]

    def move_values(self, board: Board) -> dict[int, float]:
        """The exact search value of every legal move (no pruning at the root)."""
        return self.search_for(board).move_values(board, self.depth)

    def move(self, board: Board) -> int:
        return self.search_for(board).best_move(board, self.depth)

    def __repr__(self) -> str:
        return f"SearchPlayer(depth={self.depth})"


def depth_limited_player(evaluate: Evaluation, depth: int = 2) -> SearchPlayer:
    """A :class:`SearchPlayer`: alpha-beta to ``depth`` plies with ``evaluate`` at the horizon."""
    return SearchPlayer(evaluate, depth)
