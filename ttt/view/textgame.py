"""The game loop for the terminal, written so a notebook can run it with scripted input.

``run_game`` takes its input and output as functions, so ``python -m ttt play``
passes :func:`input` and :func:`print`, while notebook 02 passes a list of
answers and shows a reproducible transcript.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ttt.board import DRAW, Board
from ttt.geometry import BoardError

QUIT_WORDS = {"q", "quit", "exit"}


def describe_outcome(board: Board) -> str:
    """A sentence for the end of a game."""
    if board.outcome == DRAW:
        return "It's a draw."
    return f"{board.outcome} wins!"


def run_game(
    board: Board | None = None,
    players: dict | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> Board | None:
    """Play one game in text, returning the final board, or ``None`` if input ran out.

    ``players`` maps ``"X"``/``"O"`` to an object with ``move(board) -> cell``;
    a side that is missing (or ``None``) is a human answering ``read``.  Bad
    answers (not a number, off the board, an occupied cell) are explained and
    asked again; the board does not change.
    """
    board = Board.empty() if board is None else board
    players = players or {}
    write(board.pretty())
    while not board.is_over:
        mark = board.turn
        player = players.get(mark)
        if player is not None:
            cell = player.move(board)
            write(f"{mark} plays {cell}.")
        else:
            try:
                answer = read(f"{mark} to move, enter a cell 0-{board.size - 1}: ")
            except EOFError:
                write("Input ended before the game did; no result.")
                return None
            answer = answer.strip()
            if answer.lower() in QUIT_WORDS:
                write("Game abandoned.")
                return None
            try:
                cell = int(answer)
            except ValueError:
                write(f"{answer!r} is not a number: enter a cell number 0-{board.size - 1}.")
                continue
        try:
            board = board.play(cell)
        except BoardError as err:
            write(f"Not a legal move: {err}.")
            continue
        write(board.pretty())
    write(describe_outcome(board))
    return board


def scripted(answers: Iterable[str], echo: Callable[[str], None] = print) -> Callable[[str], str]:
    """A ``read`` function that answers prompts from a list, echoing them like a terminal.

    When the answers run out it raises :class:`EOFError`, just as ``input``
    does at the end of a file.
    """
    pending = iter(answers)

    def read(prompt: str) -> str:
        try:
            answer = next(pending)
        except StopIteration:
            echo(prompt)
            raise EOFError from None
        echo(f"{prompt}{answer}")
        return answer

    return read
