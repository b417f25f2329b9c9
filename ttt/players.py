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
from dataclasses import dataclass, field

from ttt.board import DRAW, Board
from ttt.geometry import BoardError
from ttt.solver import move_scores

__all__ = ["RandomPlayer", "PerfectPlayer", "MatchResult", "play_game", "play_match"]

A_PLAYS = ("X", "O", "alternate")


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


# ---------------------------------------------------------------------- matches
@dataclass(frozen=True)
class MatchResult:
    """The tally of a match from the first player's (``a``'s) point of view.

    ``positions`` lists every position where ``a`` was to move, in the order
    of play and with repeats, so that its moves can be judged afterwards
    (for instance with :func:`optimal_share`).
    """

    wins: int
    draws: int
    losses: int
    positions: tuple[Board, ...] = field(default=(), repr=False, compare=False)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def as_dict(self) -> dict[str, int]:
        return {"wins": self.wins, "draws": self.draws, "losses": self.losses}


def play_game(x_player, o_player, start: Board | None = None) -> list[Board]:
    """Play one game and return every position from ``start`` (default: empty 3×3) to the end."""
    board = Board.empty() if start is None else start
    boards = [board]
    while not board.is_over:
        player = x_player if board.turn == "X" else o_player
        board = board.play(player.move(board))
        boards.append(board)
    return boards


def play_match(a, b, games: int = 100, seed: int = 0, a_plays: str = "alternate",
               start: Board | None = None) -> MatchResult:
    """Play ``games`` games of ``a`` against ``b`` and count ``a``'s wins, draws and losses.

    ``a_plays`` is ``"X"`` (a always moves first), ``"O"`` or ``"alternate"``
    (X in the even-numbered games, counting from 0, and O in the others).
    Before the first game each player that keeps its randomness in an ``rng``
    attribute (a :class:`random.Random`) is re-seeded from ``seed``, so the
    match is repeatable from ``seed`` alone, whatever the players did before.
    """
    if a_plays not in A_PLAYS:
        raise ValueError(f"a_plays must be one of {', '.join(map(repr, A_PLAYS))}, not {a_plays!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    for tag, player in (("a", a), ("b", b)):
        rng = getattr(player, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(f"{seed}:{tag}")  # a string seed is stable across runs and platforms
    tally = {"win": 0, DRAW: 0, "loss": 0}
    positions: list[Board] = []
    for game in range(games):
        mark = a_plays if a_plays != "alternate" else ("X" if game % 2 == 0 else "O")
        boards = play_game(a, b, start) if mark == "X" else play_game(b, a, start)
        positions.extend(board for board in boards[:-1] if board.turn == mark)
        outcome = boards[-1].outcome
        tally[DRAW if outcome == DRAW else "win" if outcome == mark else "loss"] += 1
    return MatchResult(tally["win"], tally[DRAW], tally["loss"], tuple(positions))
