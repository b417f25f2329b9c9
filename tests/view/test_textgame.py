"""The game loop for the terminal (ttt.view.textgame), driven with scripted answers."""

from ttt import Board
from ttt.players import PerfectPlayer
from ttt.view.textgame import describe_outcome, run_game, scripted


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


def test_a_quit_word_abandons_the_game():
    transcript = []
    assert run_game(read=scripted(["4", " Quit "], echo=transcript.append), write=transcript.append) is None
    assert transcript[-1] == "Game abandoned."


def test_a_computer_player_moves_for_its_side():
    transcript = []
    final = run_game(players={"X": PerfectPlayer(), "O": PerfectPlayer()}, read=scripted([]), write=transcript.append)
    assert final.outcome == "draw" and transcript[-1] == "It's a draw."
    assert transcript[1] == "X plays 0."  # no seed: the lowest-numbered of the equal best moves


def test_describe_outcome():
    assert describe_outcome(Board.parse("XXX/OO./...")) == "X wins!"
    assert describe_outcome(Board.parse("XX./OOO/X..")) == "O wins!"
    assert describe_outcome(Board.parse("XOX/XOO/OXX")) == "It's a draw."
