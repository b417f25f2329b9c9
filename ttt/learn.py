"""Learning to judge positions by playing against oneself.

Search looks at every position below the current one; a *learned
evaluation* looks at one position and guesses its value.  This module has
two learners from the classic texts; the players they return, and the
search that uses what they learn, live in :mod:`ttt.players`:

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

:class:`ttt.players.SearchPlayer` looks a fixed number of moves ahead with
alpha-beta and calls a learned evaluation at its horizon.

**Conventions.**  Every evaluation here judges a board for the side that
*has just moved* (the side whose move produced it), higher being better for
that side; a player picks the move whose resulting board it likes best.  The
linear evaluation is trained towards +1 for a win, 0 for a draw and -1 for a
loss; the TD table holds values in [0, 1] (1 a win, 0.5 a draw, 0 a loss,
like a probability of winning with draws counting half), and
:meth:`ttt.players.TDPlayer.evaluate` maps them onto [-1, 1].  Trained players are
deterministic: ties go to the lowest-numbered cell.  Training is
deterministic for a given ``seed``.
"""

from __future__ import annotations

import random
from typing import Callable, TypeVar

from ttt.board import Board
from ttt.features import features as line_features
from ttt.players import LinearPlayer, TDPlayer, afterstates

__all__ = ["train_lms", "train_td", "PROGRESS_THRESHOLD"]

PROGRESS_THRESHOLD = 5000  # with progress=None a bar appears from this many training games on

T = TypeVar("T")


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


def _moves_by_board(describe: Callable[[Board], T]) -> Callable[[Board], list[T]]:
    """For one training run: ``describe(child)`` for each move of a board, worked out once per board.

    Self-play meets the same few thousand boards again and again, and
    describing their children anew at every move (their features, or their
    keys in the value table) took most of the training time.
    """
    known: dict[str, list[T]] = {}

    def moves_of(board: Board) -> list[T]:
        options = known.get(board.cells)
        if options is None:
            options = known[board.cells] = [describe(child) for _, child in afterstates(board)]
        return options

    return moves_of


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
    w = player.coefficients  # the player's own weights, trained in place
    weigh = player.weigh  # the estimate of a board, given its features: player.evaluate(b) is weigh(features(b))
    moves_of = _moves_by_board(lambda child: (child, features(child)))
    for game in _progress(games, progress, "LMS self-play"):
        board = first
        produced = {"X": [], "O": []}  # the features of the boards each side produced
        while not board.is_over:
            options = moves_of(board)
            if rng.random() < epsilon:
                child, x = rng.choice(options)
            else:
                values = [weigh(x) for _, x in options]
                top = max(values)
                child, x = rng.choice([option for option, v in zip(options, values) if v == top])
            produced[board.turn].append(x)
            board = child
        for side, examples in produced.items():
            result = 0.0 if board.winner is None else (1.0 if board.winner == side else -1.0)
            for i, x in enumerate(examples):
                target = weigh(examples[i + 1]) if i + 1 < len(examples) else result
                error = target - weigh(x)
                for j, xj in enumerate(x):
                    w[j] += rate * error * xj
        if callback is not None:
            callback(game + 1, player)
    return player


# ---------------------------------------------------------------------- a table of values
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
    values, value, key = player.values, player.value, player.key
    # each move's (child, key in the table, value if the game is over): a finished child has no key
    moves_of = _moves_by_board(lambda child: (child, None, value(child)) if child.is_over else (child, key(child), 0.0))
    first = Board.empty() if start is None else start
    for game in _progress(games, progress, "TD self-play"):
        board = first
        last = {"X": None, "O": None}  # each side's previous board, by key
        while not board.is_over:
            mover = board.turn
            options = moves_of(board)
            if rng.random() < epsilon:
                explored = True
                child, child_key, final = rng.choice(options)
            else:
                explored = False
                scored = [(final if child_key is None else values.get(child_key, 0.5), child, child_key, final)
                          for child, child_key, final in options]  # player.value(child), unrolled
                top = max(item[0] for item in scored)
                _, child, child_key, final = rng.choice([item for item in scored if item[0] == top])
            previous = last[mover]
            if previous is not None and not explored:
                old = values.get(previous, 0.5)
                values[previous] = old + alpha * ((final if child_key is None else values.get(child_key, 0.5)) - old)
            last[mover] = child_key
            board = child
        previous = last[board.turn]  # the side that did not make the final move
        if previous is not None:
            old = values.get(previous, 0.5)
            target = 0.5 if board.winner is None else 0.0
            values[previous] = old + alpha * (target - old)
        if callback is not None:
            callback(game + 1, player)
    return player
