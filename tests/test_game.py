"""The interactive game model behind the clickable board (ttt.game), tested without a browser."""

import pytest

from ttt import Board
from ttt.game import Game, status_line


class FirstFreeCell:
    """A predictable opponent: always the lowest empty cell."""

    def move(self, board):
        return board.legal_moves()[0]


def test_status_line():
    assert status_line(Board.empty()) == "X to move"
    assert status_line(Board.parse("X../.../...")) == "O to move"
    assert status_line(Board.parse("XXX/OO./...")) == "X wins"
    assert status_line(Board.parse("XOX/XOO/OXX")) == "Draw"


def test_clicks_play_and_report_status():
    game = Game()
    assert game.message == "X to move"
    assert game.click(4) and game.message == "O to move"
    assert game.history == [4]


@pytest.mark.parametrize("cell", [4, 9, -1])
def test_refused_clicks_leave_the_board_and_history_unchanged(cell):
    game = Game()
    game.click(4)
    board, history = game.board, list(game.history)
    assert not game.click(cell)
    assert game.board is board and game.history == history
    assert game.message.startswith("Not a legal move: cell ") and game.message.endswith("O to move.")
    assert game.message.count(f"cell {cell}") == 1  # the cell is named once


def test_clicks_after_the_end_are_refused_until_new_game():
    game = Game()
    for cell in (0, 3, 1, 4, 2):
        assert game.click(cell)
    assert game.message == "X wins" and game.board.winning_line == (0, 1, 2)
    final = game.board
    assert not game.click(8)
    assert game.board is final
    assert game.message == "Not a legal move: the game is over (X has won): no more moves. Press New game to play again."
    game.new()
    assert game.board == Board.empty() and game.history == [] and game.message == "X to move"


def test_computer_opponent_replies_and_can_start():
    game = Game(opponent=FirstFreeCell(), computer="O")
    game.click(4)
    assert game.board.cells == "O...X...."
    assert game.message.startswith("Computer (O) played 0.")
    game.new(computer="X")
    assert game.board.cells == "X........" and game.human == "O"


def test_a_draw_ends_the_game_too():
    game = Game()
    for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        assert game.click(cell)
    assert game.message == "Draw" and game.board.outcome == "draw"
    assert not game.click(0)
    assert game.message == "Not a legal move: the game is over (it is a draw): no more moves. Press New game to play again."
