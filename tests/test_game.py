"""The interactive game model behind the clickable board, and the text game loop."""

import pytest

from ttt import Board
from ttt.game import Game, status_line
from ttt.textgame import run_game, scripted


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
    assert game.board is final and "game is over" in game.message
    game.new()
    assert game.board == Board.empty() and game.history == [] and game.message == "X to move"


def test_computer_opponent_replies_and_can_start():
    game = Game(opponent=FirstFreeCell(), computer="O")
    game.click(4)
    assert game.board.cells == "O...X...."
    assert game.message.startswith("Computer (O) played 0.")
    game.new(computer="X")
    assert game.board.cells == "X........" and game.human == "O"


def test_text_game_with_scripted_input_rejects_bad_answers():
    transcript = []
    answers = ["4", "abc", "4", "9", "-1", "0", "8", "2", "6", "1", "unused"]
    final = run_game(read=scripted(answers, echo=transcript.append), write=transcript.append)
    text = "\n".join(transcript)
    assert "'abc' is not a number" in text
    assert "cell 4 (1, 1) is taken by X" in text
    assert "cell 9 is off the board" in text and "cell -1 is off the board" in text
    assert final == Board.parse("OOO/.X./X.X")
    assert transcript[-1] == "O wins!"


def test_text_game_ends_cleanly_when_input_runs_out():
    transcript = []
    final = run_game(read=scripted(["4"], echo=transcript.append), write=transcript.append)
    assert final is None
    assert transcript[-1] == "Input ended before the game did; no result."
