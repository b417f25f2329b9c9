"""A game in progress: the model behind the clickable board.

:class:`Game` holds the current board, the history, and an optional computer
opponent, and turns each request into a new state plus a status sentence.  It
knows nothing of widgets, so the rules of the interactive board can be tested
without a browser; :mod:`ttt.view.widgets` only draws it and forwards clicks.
"""

from __future__ import annotations

from ttt.board import DRAW, Board
from ttt.geometry import BoardError


def status_line(board: Board) -> str:
    """``"X to move"``, ``"O wins"`` or ``"Draw"``."""
    if board.outcome is None:
        return f"{board.turn} to move"
    if board.outcome == DRAW:
        return "Draw"
    return f"{board.outcome} wins"


class Game:
    """The state of one interactive game, with an optional computer opponent.

    ``opponent`` is any player object (``move(board) -> cell``); ``computer``
    says which mark it plays.  ``message`` is the last thing to tell the user:
    the status after a good move, or why a bad one was refused.
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, opponent=None, computer: str = "O"):
        self.start = Board.empty(rows, cols, k)
        self.opponent = opponent
        self.computer = computer
        self.new()

    def new(self, computer: str | None = None) -> str:
        """Start again from the empty board; the computer moves first if it plays X."""
        if computer is not None:
            self.computer = computer
        self.board = self.start
        self.history: list[int] = []
        self.message = status_line(self.board)
        self._computer_turn()
        return self.message

    @property
    def human(self) -> str | None:
        """The mark the person plays, or ``None`` when both marks are human."""
        if self.opponent is None:
            return None
        return "O" if self.computer == "X" else "X"

    def click(self, cell: int) -> bool:
        """Play ``cell`` for the side to move; False (board unchanged) if that is not allowed."""
        try:
            self.board = self.board.play(cell)
        except BoardError as err:
            # the board's own words (one wording for "the game is over" everywhere), then what to do
            then = "Press New game to play again" if self.board.is_over else status_line(self.board)
            self.message = f"Not a legal move: {err}. {then}."
            return False
        self.history.append(cell)
        self.message = status_line(self.board)
        self._computer_turn()
        return True

    def _computer_turn(self) -> None:
        if self.opponent is not None and not self.board.is_over and self.board.turn == self.computer:
            cell = self.opponent.move(self.board)
            self.board = self.board.play(cell)
            self.history.append(cell)
            self.message = f"Computer ({self.computer}) played {cell}. {status_line(self.board)}"
