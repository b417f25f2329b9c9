"""`python -m ttt play` between two people, driven through standard input."""

import subprocess
import sys


def run_cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "ttt", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_two_people_play_to_a_win():
    result = run_cli("play", stdin="4\n0\n3\n1\n5\n")
    assert result.returncode == 0
    assert result.stdout.rstrip().endswith("X wins!")
    assert result.stderr == ""


def test_bad_answers_are_asked_again():
    result = run_cli("play", stdin="x\n10\n-3\n4\n4\n0\n3\n1\n5\n")
    out = result.stdout
    assert result.returncode == 0
    assert "'x' is not a number" in out
    assert "cell 10 is off the board" in out and "cell -3 is off the board" in out
    assert "cell 4 (1, 1) is taken by X" in out
    assert out.rstrip().endswith("X wins!")


def test_end_of_input_ends_cleanly():
    result = run_cli("play", stdin="4\n")
    assert result.returncode == 0
    assert "Input ended before the game did" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_a_draw_is_announced():
    result = run_cli("play", stdin="\n".join("0 1 2 4 3 5 7 6 8".split()) + "\n")
    assert result.stdout.rstrip().endswith("It's a draw.")


def test_bad_board_size_is_one_line_and_non_zero():
    result = run_cli("play", "--rows", "2", "--k", "3", "--cols", "2")
    assert result.returncode != 0
    assert result.stderr.strip().count("\n") == 0 and "larger than both sides" in result.stderr
    assert "Traceback" not in result.stderr
