"""``python -m ttt`` (ttt.tools.cli): play, solve, stats, bench and tablebase, run as a user runs them.

Every sub-command reports bad input as one line on standard error and a
non-zero exit status, never as a traceback.
"""

import contextlib
import io
import json
import random
import re

import pytest

from ttt import Board, solve
from ttt.stats import figures
from ttt.tools import peers
from ttt.tools.cli import build_parser, main, parse_board
from ttt.tools.measure import COLD_PAIRS
from bench_figures import check_report
from support import run_cli


# ---------------------------------------------------------------------- play between two people


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
        (["--max-seconds", "0"], "--max-seconds: must be a positive, finite number of seconds, not '0'"),
        (["--max-seconds", "-3"], "--max-seconds: must be a positive"),
        (["--max-seconds", "soon"], "--max-seconds: must be a positive, finite number of seconds, not 'soon'"),
        (["--max-seconds", "nan"], "--max-seconds: must be a positive"),
        (["--max-seconds", "inf"], "--max-seconds: must be a positive"),
        (["--max-nodes", "0"], "--max-nodes: must be a positive, finite whole number of nodes, not '0'"),
        (["--max-nodes", "1.5"], "--max-nodes: must be a positive, finite whole number of nodes, not '1.5'"),
        (["--max-nodes", "many"], "--max-nodes: must be a positive"),
    ],
)
def test_solve_with_a_bad_shape_or_budget(args, message):
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


def test_stats_reports_positions_up_to_symmetry():
    figs = json.loads(run_cli("stats", "--json").stdout)
    assert (figs["positions_up_to_symmetry"], figs["finished_up_to_symmetry"], figs["unfinished_up_to_symmetry"]) == (
        765, 138, 627
    )
    assert "positions up to symmetry            765" in run_cli("stats").stdout


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


# ---------------------------------------------------------------------- bench


def test_bench_quick_json_from_the_command_line():
    """The whole quick benchmark as a user runs it, cold runs in fresh interpreters included."""
    done = run_cli("bench", "--quick", "--json", "--no-progress")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar asked for
    report = json.loads(done.stdout)
    assert report["quick"] and report["repeat"] == 1
    check_report(report)
    cold = report["cold"]
    assert cold["runs"] == 1 and cold["values"]["ttt.solve"] == 0
    assert {"ttt.solve", "ttt Tablebase.top_down (whole table)"} <= set(cold["times"])
    if "OpenSpiel alpha_beta_search" in peers.available():
        assert set(cold["ratios"]) == {f"{theirs} / {ours}" for ours, theirs in COLD_PAIRS}
        assert all(ratio > 0 for ratio in cold["ratios"].values())
    whole = report["retrograde"]  # the whole table, bottom-up, beside OpenSpiel's MinimaxSolver
    names = [row["name"] for row in whole["rows"]]
    assert names[:2] == ["ttt retrograde (NumPy)", "ttt retrograde (plain Python)"]
    assert whole["shape"] == [3, 3, 3] and whole["runs"] == 1
    assert [row["entries"] for row in whole["rows"][:2]] == [5_478, 5_478]
    if "OpenSpiel MinimaxSolver (whole table)" in peers.available():
        assert names[2:] == ["OpenSpiel MinimaxSolver (tic_tac_toe)"] and whole["rows"][2]["entries"] == 4_520
        assert whole["ratio"] > 0


def test_bench_on_another_board_size_runs_the_engine_ablation():
    done = run_cli("bench", "--rows", "3", "--cols", "4", "--k", "3", "--repeat", "1", "--no-cold", "--no-progress",
                   "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["shape"] == [3, 4, 3] and not any(row["over_budget"] for row in report["ablation"])
    assert report["retrograde"] is None  # --no-cold: no whole tables in fresh interpreters either
    assert all(row["value"] == 1 for row in report["ablation"])  # 3×4 with three in a row is a first-player win
    text = run_cli("bench", "--rows", "3", "--cols", "4", "--repeat", "1", "--no-cold", "--no-progress").stdout
    assert text.startswith("Solving the empty 3×4 board, 3 in a row")


def run_main(*argv):
    """``main(argv)`` in this process: ``(status, stdout, stderr)``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exit:
            status = exit.code
    return status, out.getvalue(), err.getvalue()


def test_a_bad_repeat_is_one_line_on_stderr():
    assert run_main("bench", "--repeat", "0", "--no-progress") == (2, "", "error: --repeat must be at least 1, not 0\n")


@pytest.mark.parametrize("args", [["--rows", "0"], ["--rows", "2", "--cols", "2", "--k", "3"], ["--k", "-1"]])
def test_bench_refuses_bad_sizes_with_one_line(args):
    status, out, err = run_main("bench", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err


def test_the_bench_options():
    args = build_parser().parse_args(["bench", "--repeat", "3", "--json", "--quick", "--no-progress", "--no-cold",
                                      "--rows", "4", "--cols", "4", "--k", "3"])
    assert (args.repeat, args.json, args.quick, args.no_progress, args.no_cold) == (3, True, True, True, True)
    assert (args.rows, args.cols, args.k) == (4, 4, 3)
    defaults = build_parser().parse_args(["bench"])
    assert (defaults.repeat, defaults.json, defaults.quick, defaults.rows) == (None, False, False, None)
    assert not defaults.slow_peers and build_parser().parse_args(["bench", "--slow-peers"]).slow_peers


# ---------------------------------------------------------------------- tablebase


def test_tablebase_prints_the_counts_by_level_and_outcome():
    done = run_cli("tablebase")
    assert done.returncode == 0 and done.stderr == ""  # 3×3 is quick: no progress bar
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Every position reachable on 3×3 with k=3, solved bottom-up")
    assert lines[3].split() == ["0", "1", "0", "1", "0", "1", "0"]  # the empty board: a draw
    assert lines[-3].split() == ["all", "5,478", "958", "765", "2,836", "1,068", "1,574"]
    assert lines[-2] == "X (first to move) wins from 2,936 positions, O from 1,474; the rest are draws."
    assert lines[-1].startswith("Built in ") and "peak memory" in lines[-1]


def test_tablebase_json_and_save(tmp_path):
    from ttt.retrograde import load, solve_all

    path = tmp_path / "t.ttt"
    done = run_cli("tablebase", "--rows", "2", "--cols", "4", "--k", "3", "--json", "--save", str(path))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["rows"], summary["cols"], summary["k"], summary["positions"]) == (2, 4, 3, 2_045)
    assert summary["saved"] == {"path": str(path), "bytes": path.stat().st_size}
    assert summary["seconds"] > 0 and summary["peak_memory_bytes"] > 10**6
    assert sum(summary["outcomes"].values()) == 2_045 == sum(level["positions"] for level in summary["levels"])
    assert load(path) == solve_all(2, 4, 3)
    assert "Saved to " + str(path) in run_cli("tablebase", "--rows", "2", "--cols", "4", "--save", str(path)).stdout


def test_a_slow_tablebase_build_shows_a_progress_bar(monkeypatch):
    import ttt.retrograde

    monkeypatch.setattr(ttt.retrograde, "PROGRESS_MIN_CELLS", 9)  # as if 3×3 were slow
    status, out, err = run_main("tablebase")
    assert status == 0 and "3×3 k=3" in err
    status, out, err = run_main("tablebase", "--no-progress")
    assert status == 0 and err == ""


@pytest.mark.parametrize("args, message", [
    (["--rows", "0"], "rows must be at least 1, not 0"),
    (["--rows", "2", "--cols", "2", "--k", "3"], "larger than both sides"),
    (["--rows", "5", "--cols", "5", "--k", "4"], "5×5 with k=4 is too large to tabulate here: up to 161,995,031,226"
                                                 " positions would need about"),
    (["--rows", "6", "--cols", "6"], "too many to pack a position into 64 bits"),
    (["--save", "/no/such/folder/t.ttt"], "cannot save to /no/such/folder/t.ttt: it is in a folder that does not"
                                          " exist or cannot be written"),
    (["--save", "."], "cannot save to .: it is a folder"),
])
def test_tablebase_refuses_bad_input_with_one_line(args, message):
    status, out, err = run_main("tablebase", "--no-progress", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err and "Traceback" not in err


def test_tablebase_reports_a_failed_write_in_one_line(tmp_path, monkeypatch):
    from ttt.retrograde import Tablebase

    def fail(self, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Tablebase, "save", fail)
    status, out, err = run_main("tablebase", "--save", str(tmp_path / "t.ttt"))
    assert status == 2 and out == "" and err == f"error: cannot save to {tmp_path / 't.ttt'}: No space left on device\n"


def test_parse_board_cuts_a_flat_string_into_the_rows_asked_for():
    assert parse_board("............", rows=3) == Board.empty(3, 4, 3)
    assert parse_board("............", cols=3) == Board.empty(4, 3, 3)
    assert parse_board("X........", rows=3, k=2) == Board.parse("X../.../...", k=2)
    assert parse_board("X.O/.X./..O") == Board.parse("X.O/.X./..O")


def test_an_unknown_command_or_option_is_one_line():
    for argv in (["fly"], ["solve", "--depth", "3"], []):
        status, out, err = run_main(*argv)
        assert status == 2 and out == "" and err.count("\n") == 1, argv
        assert err.startswith("error: ") and err.rstrip().endswith("(see 'python -m ttt --help')")


# ---------------------------------------------------------------------- solve: budgets and progress

HARD = "....../....../....../....../....../...... k=4"  # 6×6, four in a row: about a minute, not seconds
PROGRESS = re.compile(r"^solving .+: [\d,]+ nodes, [\d,]+ nodes/s, table [\d,]+ entries \(limit [\d,]+\), \d+\.\d s$")


def test_the_5x5_board_with_four_in_a_row_is_a_draw():
    result = run_cli("solve", "--k", "4", "...../...../...../...../.....")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert answers(result.stdout) == [
        {"board": "...../...../...../...../..... k=4", "value": 0, "best_moves": list(range(25)), "plies": 25}
    ]


def test_a_board_over_budget_gets_one_line_and_the_others_are_answered():
    boards = ["X........", HARD, "XO......."]
    for result in (
        run_cli("solve", "--max-nodes", "20000", "--no-progress", *boards),
        run_cli("solve", "--max-nodes", "20000", "--no-progress", stdin="\n".join(boards) + "\n"),
    ):
        assert result.returncode == 3
        assert answers(result.stdout) == [expected("X........"), expected("XO.......")]
        (line,) = result.stderr.splitlines()
        assert line.startswith("gave up: ") and "....../......" in line
        assert "max_nodes=20,000" in line and "20,000 nodes" in line and "table entries" in line
    assert "line 2" in result.stderr


def test_a_bad_board_and_a_board_over_budget_together_exit_with_2():
    result = run_cli("solve", "--max-nodes", "100", "--no-progress", "XXX/XXX/...", HARD, "X........")
    assert result.returncode == 2
    assert answers(result.stdout) == [expected("X........")]
    assert [line.split(":")[0] for line in result.stderr.splitlines()] == ["error", "gave up"]


def test_a_long_search_shows_its_progress_on_standard_error():
    # Progress starts after a second; a budget of three leaves room for a report even on a busy machine.
    result = run_cli("solve", "--max-seconds", "3", HARD)
    assert result.returncode == 3 and result.stdout == ""
    *progress, last = result.stderr.splitlines()
    assert progress and all(PROGRESS.match(line) for line in progress), result.stderr
    assert last.startswith("gave up: ") and "max_seconds=3 s" in last
    quiet = run_cli("solve", "--max-seconds", "1.5", "--no-progress", HARD)
    assert quiet.returncode == 3 and len(quiet.stderr.splitlines()) == 1, quiet.stderr


def test_a_bench_whose_cold_run_fails_says_so_in_one_line(monkeypatch, capsys):
    import ttt.tools.measure

    def failed(**kwargs):
        raise ttt.tools.measure.ColdRunError("a cold run took over 300 s (the machine is too busy to time it)")

    monkeypatch.setattr(ttt.tools.measure, "benchmark", failed)
    assert main(["bench", "--quick", "--no-progress"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == "error: a cold run took over 300 s (the machine is too busy to time it)\n"
