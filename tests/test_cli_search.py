"""`python -m ttt solve`, `stats` and `play --vs computer`, run as a user would run them."""

import json
import random
import subprocess
import sys

import pytest

from ttt import Board, solve
from ttt.stats import figures


def run_cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "ttt", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def answers(stdout):
    return [json.loads(line) for line in stdout.splitlines()]


def expected(notation):
    board = Board.parse(notation)
    solution = solve(board)
    return {
        "board": board.notation,
        "value": solution.value,
        "best_moves": list(solution.best_moves),
        "plies": solution.plies,
    }


# ---------------------------------------------------------------------- solve


def test_solve_boards_given_as_arguments():
    boards = ["X.O/.X./..O", ".........", "XX./OO./...", "XXX/OO./..."]
    result = run_cli("solve", *boards)
    assert (result.returncode, result.stderr) == (0, "")
    assert answers(result.stdout) == [expected(b) for b in boards]
    assert answers(result.stdout)[2] == {"board": "XX./OO./...", "value": 1, "best_moves": [2], "plies": 1}
    assert answers(result.stdout)[3] == {"board": "XXX/OO./...", "value": -1, "best_moves": [], "plies": 0}


def test_solve_reads_standard_input_and_skips_blank_lines():
    result = run_cli("solve", stdin="X........\n\n   \n XO./.X./... \n\n")
    assert (result.returncode, result.stderr) == (0, "")
    assert answers(result.stdout) == [expected("X........"), expected("XO./.X./...")]


def test_a_bad_board_in_the_middle_is_reported_and_the_rest_answered():
    boards = ["X........", "XXX/XXX/...", "XO.......", "X.O/.0./...", "O........"]
    for result in (run_cli("solve", *boards), run_cli("solve", stdin="\n".join(boards) + "\n")):
        assert result.returncode != 0
        assert answers(result.stdout) == [expected("X........"), expected("XO.......")]
        errors = result.stderr.splitlines()
        assert len(errors) == 3
        assert "XXX/XXX/..." in errors[0] and "impossible position" in errors[0]
        assert "X.O/.0./..." in errors[1] and "the letter O, not the digit zero" in errors[1]
        assert "O........" in errors[2]
        assert "Traceback" not in result.stderr
    assert "line 2" in result.stderr  # from standard input the line number is given too


def test_solve_with_a_shape():
    result = run_cli("solve", "--rows", "3", "--cols", "4", "............", "XO..........")
    assert result.returncode == 0, result.stderr
    assert answers(result.stdout) == [expected("..../..../...."), expected("XO../..../....")]
    assert answers(result.stdout)[0]["value"] == 1
    result = run_cli("solve", "--k", "4", "..../..../..../....")
    assert answers(result.stdout) == [expected("..../..../..../.... k=4")]
    assert answers(result.stdout)[0]["value"] == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rows", "0"], "--rows must be at least 1"),
        (["--k", "-2"], "--k must be at least 1"),
        (["--rows", "2", "--cols", "2", "--k", "3"], "larger than both sides"),
        (["--rows", "three"], "invalid int value"),
    ],
)
def test_solve_with_a_bad_shape(args, message):
    result = run_cli("solve", *args, ".........")
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_solve_a_board_of_the_wrong_shape():
    result = run_cli("solve", "--rows", "4", ".........", "..../..../..../....")
    assert result.returncode == 2
    assert "the board has 3 rows, but --rows says 4" in result.stderr
    assert answers(result.stdout) == [expected("..../..../..../....")]


# ---------------------------------------------------------------------- stats


def test_stats_json_has_the_published_figures():
    result = run_cli("stats", "--json")
    assert result.returncode == 0
    figs = json.loads(result.stdout)
    assert figs == figures(3, 3, 3)
    assert (figs["nodes"], figs["games"], figs["positions"], figs["unfinished"]) == (549_946, 255_168, 5_478, 4_520)
    assert figs["outcomes"] == {"X": 131_184, "O": 77_904, "draw": 46_080}
    assert figs["games_by_length"][5:] == [1_440, 5_328, 47_952, 72_576, 127_872]
    assert figs["nodes_per_ply"][:3] == [1, 9, 72] and sum(figs["nodes_per_ply"]) == 549_946
    assert figs["games_factorised"] == [[2, 6], [3, 2], [443, 1]]


def test_stats_table_and_other_sizes():
    result = run_cli("stats")
    assert result.returncode == 0
    assert "549,946" in result.stdout and "2^6 · 3^2 · 443" in result.stdout
    small = json.loads(run_cli("stats", "--rows", "2", "--cols", "3", "--json").stdout)
    assert (small["rows"], small["cols"], small["k"]) == (2, 3, 2)  # k defaults to the shorter side
    assert small == figures(2, 3, 2)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rows", "2", "--cols", "2", "--k", "3"], "larger than both sides"),
        (["--rows", "0"], "rows must be at least 1"),
        (["--cols", "-3"], "cols must be at least 1"),
        (["--k", "0"], "k must be at least 1"),
        (["--rows", "5", "--cols", "5", "--k", "4"], "too many positions"),
        (["--rows", "x"], "invalid int value"),
    ],
)
def test_stats_with_a_bad_size(args, message):
    result = run_cli("stats", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------------- play against the computer


def scripted_games(n, seed=0):
    """Human answers: each a random order of all nine cells, so every game runs to its end."""
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        cells = [str(c) for c in range(9)]
        rng.shuffle(cells)
        games.append("\n".join(cells) + "\n")
    return games


@pytest.mark.parametrize("first", ["human", "computer"])
def test_the_human_cannot_win(first):
    human = "X" if first == "human" else "O"
    for stdin in scripted_games(4, seed=len(first)):
        result = run_cli("play", "--vs", "computer", "--first", first, stdin=stdin)
        assert result.returncode == 0 and result.stderr == ""
        last = result.stdout.rstrip().splitlines()[-1]
        assert last in ("It's a draw.", "X wins!", "O wins!")
        assert last != f"{human} wins!"


def test_the_computer_answers_a_mistake_with_a_win():
    # After X 1, O 0, the human's X 2 loses: from then on perfect play must win for O,
    # whatever the human answers next (here every cell in turn; taken ones are refused).
    result = run_cli("play", "--vs", "computer", stdin="1\n2\n" + "\n".join("012345678") + "\n")
    assert result.returncode == 0
    assert "O plays" in result.stdout
    assert result.stdout.rstrip().endswith("O wins!")


def test_bad_input_is_asked_again_and_the_end_of_input_ends_cleanly():
    result = run_cli("play", "--vs", "computer", stdin="centre\n4\n4\n")
    assert result.returncode == 0 and result.stderr == ""
    assert "'centre' is not a number" in result.stdout
    assert "is taken" in result.stdout
    assert "Input ended before the game did" in result.stdout
    assert "Traceback" not in result.stdout


def test_the_computer_can_move_first():
    result = run_cli("play", "--vs", "computer", "--first", "computer", stdin="")
    assert result.returncode == 0
    assert "X plays 0." in result.stdout  # no seed: the lowest-numbered of the equal best moves


def test_first_needs_a_computer_opponent():
    result = run_cli("play", "--first", "computer")
    assert result.returncode == 2
    assert "--vs computer" in result.stderr and "Traceback" not in result.stderr


def test_stats_reports_positions_up_to_symmetry():
    figs = json.loads(run_cli("stats", "--json").stdout)
    assert (figs["positions_up_to_symmetry"], figs["finished_up_to_symmetry"], figs["unfinished_up_to_symmetry"]) == (
        765, 138, 627
    )
    assert "positions up to symmetry            765" in run_cli("stats").stdout


def test_stats_beyond_twelve_cells_uses_the_census_and_agrees_with_the_tree_walk():
    # 3×4 is counted both ways: the tree walk (as `stats` does) and the NumPy census.
    from ttt.census import census

    figs = figures(3, 4, 3)
    levels = census(3, 4, 3)
    assert figs["positions"] == levels.positions == 111973
    assert figs["nodes_per_ply"] == levels.nodes_per_ply
    assert figs["positions_up_to_symmetry"] == levels.classes
