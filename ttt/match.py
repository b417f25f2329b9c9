"""Matches and judging: playing players against each other, and scoring them against perfect play.

A player is any object with ``move(board) -> cell`` (:mod:`ttt.players`).
Three ways to judge one:

* :func:`play_match` plays a number of games against another player and
  tallies wins, draws and losses (:class:`MatchResult`);
* :func:`optimal_share` asks, position by position, whether its move keeps
  the game-theoretic value (the answer key is a :class:`ttt.retrograde.Tablebase`);
* :func:`games_against_perfect` plays it against a perfect opponent that
  tries *every* value-keeping reply, so "never loses to perfect play" can be
  checked exhaustively rather than sampled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ttt.board import DRAW, Board
from ttt.retrograde import Tablebase, tablebase
from ttt.tree import reachable_positions

__all__ = [
    "MatchResult",
    "play_game",
    "play_match",
    "unfinished_positions",
    "optimal_share",
    "games_against_perfect",
]

A_PLAYS = ("X", "O", "alternate")


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



# ---------------------------------------------------------------------- judging moves
def unfinished_positions(rows: int = 3, cols: int = 3, k: int = 3, fullest_first: bool = False) -> list[Board]:
    """Every reachable position where the game is not over (4,520 on 3×3), by moves made then cells.

    With ``fullest_first`` the boards with the most moves come first (ties
    still by cells): the order in which the exercises' checks try them, so
    that a mistake shows first on a board with few empty cells
    (:mod:`ttt.positions`).
    """
    boards = [board for board in reachable_positions(Board.empty(rows, cols, k)) if not board.is_over]
    if fullest_first:
        boards.sort(key=lambda board: (-board.moves_made, board.cells))
    return boards


def optimal_share(player, positions=None, table: Tablebase | None = None) -> float:
    """The fraction of ``positions`` (default: all unfinished 3×3 ones) where ``player`` plays a value-keeping move.

    Positions are counted as given, so a list with repeats weights each
    position by how often it occurs.
    """
    positions = unfinished_positions() if positions is None else list(positions)
    if not positions:
        raise ValueError("optimal_share needs at least one position")
    table = table if table is not None else tablebase(positions[0].rows, positions[0].cols, positions[0].k)
    good = sum(player.move(board) in table.lookup(board).best_moves for board in positions)
    return good / len(positions)


def games_against_perfect(player, mark: str = "X", table: Tablebase | None = None,
                          start: Board | None = None) -> list[tuple[tuple[int, ...], str]]:
    """Every game of a deterministic ``player`` (playing ``mark``) against every perfect opponent.

    The opponent branches over *all* its value-keeping moves
    (``Solution.best_moves``) at each of its turns, so the list holds one
    entry per distinct game: ``(moves, result)`` with ``result`` ``"win"``,
    ``"draw"`` or ``"loss"`` for ``player``.  The player is asked once per
    position it meets, so it must answer the same position the same way.
    """
    if mark not in ("X", "O"):
        raise ValueError(f"mark must be 'X' or 'O', not {mark!r}")
    table = table if table is not None else tablebase()
    start = Board.empty() if start is None else start
    results: list[tuple[tuple[int, ...], str]] = []

    def walk(board: Board, moves: tuple[int, ...]) -> None:
        if board.is_over:
            outcome = board.outcome
            results.append((moves, DRAW if outcome == DRAW else "win" if outcome == mark else "loss"))
            return
        if board.turn == mark:
            cell = player.move(board)
            walk(board.play(cell), moves + (cell,))
        else:
            for cell in table.lookup(board).best_moves:
                walk(board.child(cell), moves + (cell,))

    walk(start, ())
    return results
