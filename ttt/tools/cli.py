"""``python -m ttt``: the command line.

``play``   a game in the terminal, between two people or against the perfect player;
``solve``  the value, best moves and remaining length of positions, as JSON lines
           (with budgets per board, ``--max-seconds`` and ``--max-nodes``, and a
           progress report on standard error for searches over a second);
``stats``  the figures about the game tree (nodes, games, outcomes, positions);
``bench``  the results table: every search of the course timed side by side
           (:mod:`ttt.tools.measure`), with OpenSpiel and easyAI when installed;
``tablebase``  every reachable position solved bottom-up (:mod:`ttt.retrograde`):
           counts by level and outcome, time and memory, and a compact file;
``exercises``  the notebooks' exercises: list them, verify every worked solution,
           print a notebook's solutions for a teacher (:mod:`ttt.tools.exercises_command`).
``assignments``  an nbgrader course generated from the exercises (:mod:`ttt.tools.assignments`);
``autograde``    ``nbgrader autograde`` for a class, N students at a time, each sealed by bubblewrap
           (:mod:`ttt.tools.autograde`, :mod:`ttt.tools.sandbox`);
``class-report`` per exercise: mean, full marks, commonest failure, a plot (:mod:`ttt.tools.class_report`).

Every sub-command reports bad input as one line on standard error and a
non-zero exit status, never as a traceback.  ``solve`` exits with 2 if a
board was bad, else 3 if a board ran out of budget (the other boards are
answered either way), else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time

from ttt.board import Board
from ttt.budget import BudgetError, BudgetExceeded, check_budget
from ttt.geometry import BoardError, check_shape
from ttt.players import PerfectPlayer
from ttt.solver import solve
from ttt.stats import figures, format_figures
from ttt.view.textgame import run_game


_K_SUFFIX = re.compile(r"\s*\bk\s*=\s*\S+\s*$")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose complaints fit on one line, like every other error here."""

    def error(self, message: str):
        self.exit(2, f"error: {message} (see '{self.prog} --help')\n")


def _add_shape(parser: argparse.ArgumentParser, rows_note: str = "") -> None:
    parser.add_argument("--rows", type=int, help=f"board rows (default 3){rows_note}")
    parser.add_argument("--cols", type=int, help="board columns (default 3)")
    parser.add_argument("--k", type=int, help="marks in a row to win (default: the shorter side)")


def _budget(unit: str):
    """An argparse type for ``--max-seconds`` (a positive number) or ``--max-nodes`` (a positive whole number)."""
    whole = unit == "nodes"

    def parse(text: str):
        try:
            value = int(text) if whole else float(text)
            check_budget(None if whole else value, value if whole else None)
        except (ValueError, BudgetError):
            kind = "whole number" if whole else "number"
            raise argparse.ArgumentTypeError(f"must be a positive, finite {kind} of {unit}, not {text!r}") from None
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m ttt", description="Tic-tac-toe rules and search.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play_cmd = commands.add_parser("play", help="play a game in the terminal")
    _add_shape(play_cmd)
    play_cmd.add_argument(
        "--vs", choices=("human", "computer"), default="human", help="the opponent (default: another human)"
    )
    play_cmd.add_argument(
        "--first",
        choices=("human", "computer"),
        help="against the computer: who plays X and moves first (default human)",
    )
    play_cmd.add_argument("--seed", type=int, help="let the computer vary its equally good moves, reproducibly")

    solve_cmd = commands.add_parser(
        "solve",
        help="solve positions, printing one JSON line each",
        description="Solve each BOARD (or each line of standard input when none is given) and print"
        ' {"board", "value", "best_moves", "plies"} as one JSON line. value is +1/0/-1 for the side'
        " to move; plies is how long the game lasts under perfect play.",
    )
    solve_cmd.add_argument("boards", nargs="*", metavar="BOARD", help='a board such as "X.O/.X./..O" or "X.O.X...O"')
    solve_cmd.add_argument("--rows", type=int, help="rows every board must have (then a board may omit the '/')")
    solve_cmd.add_argument("--cols", type=int, help="columns every board must have (then a board may omit the '/')")
    solve_cmd.add_argument("--k", type=int, help="marks in a row to win (default: the shorter side of each board)")
    solve_cmd.add_argument(
        "--max-seconds", type=_budget("seconds"), metavar="S",
        help="give up on a board after S seconds: one line on standard error, then the next board",
    )
    solve_cmd.add_argument(
        "--max-nodes", type=_budget("nodes"), metavar="N", help="give up on a board after searching N positions"
    )
    solve_cmd.add_argument(
        "--no-progress", action="store_true", help="no progress report on standard error for searches over a second"
    )

    stats_cmd = commands.add_parser("stats", help="count the game tree: nodes, games, outcomes, positions")
    _add_shape(stats_cmd)
    stats_cmd.add_argument("--json", action="store_true", help="print the figures as one JSON object")

    bench_cmd = commands.add_parser(
        "bench", help="time every algorithm of notebooks 03-07 (and OpenSpiel or easyAI, when installed)"
    )
    bench_cmd.add_argument("--repeat", type=int, metavar="N", help="runs per row; the median is reported (default 5)")
    bench_cmd.add_argument("--json", action="store_true", help="print the whole report as one JSON object")
    bench_cmd.add_argument("--quick", action="store_true", help="leave out the brute-force rows and run everything once")
    bench_cmd.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")
    bench_cmd.add_argument("--no-cold", action="store_true", help="skip the runs in fresh interpreters")
    _add_shape(bench_cmd, "; other sizes run the engine ablation")
    bench_cmd.add_argument("--slow-peers", action="store_true",
                           help="also run OpenSpiel's MinimaxSolver beyond 3×3 (4×4: minutes and gigabytes)")

    tablebase_cmd = commands.add_parser(
        "tablebase",
        help="solve every reachable position bottom-up (retrograde analysis) and count or save the table",
        description="Build the table of every position reachable from the empty board, solved level by level"
        " from the full boards back (ttt.retrograde), and print positions per level, wins, draws and losses"
        " for the side to move, the time and the peak memory. --save writes a compact file that"
        " ttt.retrograde.load reads back.",
    )
    _add_shape(tablebase_cmd)
    tablebase_cmd.add_argument("--save", metavar="FILE", help="write the table to FILE")
    tablebase_cmd.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    tablebase_cmd.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")

    from ttt.tools import exercises_command  # light: the exercises load only when asked for

    exercises_cmd = commands.add_parser(
        "exercises", help="list the exercises, check every worked solution, or print a notebook's solutions"
    )
    exercises_command.add_arguments(exercises_cmd)
    _add_grading_commands(commands)
    return parser


# ---------------------------------------------------------------------- grading (a teacher's nbgrader course)


def _add_grading_commands(commands) -> None:
    """``assignments``, ``autograde`` and ``class-report``: a teacher's tools (nbgrader, pandas: loaded when run)."""
    assignments_cmd = commands.add_parser(
        "assignments", help="write an nbgrader course generated from the exercises (source/<lab>/<lab>.ipynb)")
    assignments_cmd.add_argument("--out", required=True, metavar="DIR", help="the course folder to write")
    assignments_cmd.add_argument("--notebook", action="append", metavar="NN", help="only notebook NN (repeatable)")
    assignments_cmd.add_argument("--timeout", type=int, default=None, metavar="S",
                                 help="seconds an autograded cell may run (default 60)")
    assignments_cmd.add_argument("--memory-mb", type=int, default=None, metavar="MB",
                                 help="data memory of an autograded kernel (default 2048)")
    autograde_cmd = commands.add_parser(
        "autograde", help="nbgrader autograde, each student in a sandboxed copy of the course")
    autograde_cmd.add_argument("course", metavar="COURSE", help="the course folder (with nbgrader_config.py)")
    autograde_cmd.add_argument("lab", metavar="LAB", help="the assignment, such as lab05_pruning")
    autograde_cmd.add_argument("--student", action="append", metavar="ID", help="only this student (repeatable)")
    autograde_cmd.add_argument("--jobs", type=int, default=None, metavar="N",
                               help="students graded side by side (default: this machine's cores)")
    autograde_cmd.add_argument("--no-sandbox", action="store_true",
                               help="grade without bubblewrap: each submission runs with your rights (not advised)")
    report_cmd = commands.add_parser(
        "class-report", help="per exercise: mean score, share of full marks, commonest failure; saves a plot")
    report_cmd.add_argument("grades", metavar="GRADES.csv", help="what `nbgrader export` wrote in a generated course")
    report_cmd.add_argument("--plot", metavar="PNG", default="hardest_exercises.png",
                            help="where to save the plot (default hardest_exercises.png)")


def cmd_assignments(args: argparse.Namespace) -> int:
    from ttt.exercises.core import NoSuchExercise
    from ttt.tools.assignments import (DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT, AssignmentError, format_points_table,
                                       write_course)

    timeout = DEFAULT_TIMEOUT if args.timeout is None else args.timeout
    memory = DEFAULT_MEMORY_MB if args.memory_mb is None else args.memory_mb
    if timeout < 1 or memory < 64:
        raise BoardError("--timeout must be at least 1 second and --memory-mb at least 64")
    labs = None if not args.notebook else [f"{int(n):02d}" if str(n).isdigit() else str(n) for n in args.notebook]
    try:
        written = write_course(args.out, timeout=timeout, memory_mb=memory, labs=labs)
    except (AssignmentError, NoSuchExercise, OSError) as error:
        raise BoardError(str(error)) from None
    for path in written:
        print(path)
    print(format_points_table())
    return 0


def _progress_bar(run, done: int, total: int, started: float) -> None:
    """One progress bar for the class on stderr (a line per student when stderr is no terminal)."""
    width = 30
    filled = round(width * done / total)
    note = "" if run.ok else f"  {run.student} FAILED: {run.message}"
    flags = f"  {run.student} flagged: {', '.join(flag for flag, _ in run.flags)}" if run.flags else ""
    line = (f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} students,"
            f" {time.perf_counter() - started:.0f} s{note}{flags}")
    if sys.stderr.isatty():
        end = "\n" if done == total or note or flags else ""
        print(f"\r{line}", end=end, file=sys.stderr, flush=True)
    else:
        print(line, file=sys.stderr, flush=True)


def cmd_autograde(args: argparse.Namespace) -> int:
    from ttt.tools.autograde import GradingError, autograde

    if args.jobs is not None and args.jobs < 1:
        raise BoardError("--jobs must be at least 1")
    if args.no_sandbox:
        print("warning: grading without a sandbox: each submission runs with your rights and can read and change"
              " what you can (install bubblewrap to seal it)", file=sys.stderr)
        if os.geteuid() == 0:
            print("warning: and you are root: a submission could change anything on this machine; grade as an"
                  " ordinary user", file=sys.stderr)
    started = time.perf_counter()
    try:
        runs = autograde(args.course, args.lab, args.student, jobs=args.jobs, sandbox=not args.no_sandbox,
                         progress=lambda run, done, total: _progress_bar(run, done, total, started))
    except GradingError as error:
        raise BoardError(str(error)) from None
    failed = [run for run in runs if not run.ok]
    flagged = [run.student for run in runs if run.flags]
    print(f"{len(runs) - len(failed)} of {len(runs)} submissions graded in {time.perf_counter() - started:.1f} s"
          + (f"; flagged for review: {', '.join(flagged)} (sandbox_flags.csv)" if flagged else ""))
    return 1 if failed else 0


def cmd_class_report(args: argparse.Namespace) -> int:
    from ttt.tools.class_report import ReportError, class_report

    try:
        text = class_report(args.grades, args.plot)
    except ReportError as error:
        raise BoardError(str(error)) from None
    print(text)
    return 0


def _shape(args: argparse.Namespace) -> tuple[int, int, int]:
    """Rows, columns and k from the options, with the defaults filled in, checked."""
    rows = 3 if args.rows is None else args.rows
    cols = 3 if args.cols is None else args.cols
    k = min(rows, cols) if args.k is None else args.k
    check_shape(rows, cols, k)
    return rows, cols, k


# ---------------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    rows, cols, k = _shape(args)
    board = Board.empty(rows, cols, k)
    players = {}
    if args.vs == "computer":
        computer = "X" if args.first == "computer" else "O"
        players[computer] = PerfectPlayer(seed=args.seed)
    elif args.first is not None or args.seed is not None:
        raise BoardError("--first and --seed only apply to a game against the computer (--vs computer)")
    run_game(board, players=players)
    return 0


# ---------------------------------------------------------------------- solve


def _check_solve_options(args: argparse.Namespace) -> None:
    for name in ("rows", "cols", "k"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise BoardError(f"--{name} must be at least 1, not {value}")
    if args.rows is not None and args.cols is not None:
        check_shape(args.rows, args.cols, args.k if args.k is not None else min(args.rows, args.cols))


def parse_board(text: str, rows: int | None = None, cols: int | None = None, k: int | None = None) -> Board:
    """Read a board for ``solve``: like :meth:`Board.parse`, with the options' shape.

    Given ``rows`` or ``cols``, a string without row separators is cut into
    rows of that shape (so ``............ --rows 3`` is an empty 3×4 board),
    and a board of another shape is refused.  ``k`` overrides the default of
    the shorter side.
    """
    body = text.strip()
    suffix = _K_SUFFIX.search(body)
    tail = body[suffix.start() :] if suffix else ""
    flat = body[: suffix.start()] if suffix else body
    if (rows or cols) and "/" not in flat and "\n" not in flat:
        width = cols or (len(flat) // rows if len(flat) % rows == 0 else None)
        if width and len(flat) % width == 0:
            body = "/".join(flat[i : i + width] for i in range(0, len(flat), width)) + tail
    board = Board.parse(body, k)
    for option, noun, wanted, got in (("rows", "rows", rows, board.rows), ("cols", "columns", cols, board.cols)):
        if wanted is not None and wanted != got:
            raise BoardError(f"the board has {got} {noun}, but --{option} says {wanted}")
    return board


def _solve_line(text: str, args: argparse.Namespace) -> str:
    board = parse_board(text, args.rows, args.cols, args.k)
    solution = solve(board, max_seconds=args.max_seconds, max_nodes=args.max_nodes, progress=not args.no_progress)
    return json.dumps(
        {
            "board": board.notation,
            "value": solution.value,
            "best_moves": list(solution.best_moves),
            "plies": solution.plies,
        }
    )


def cmd_solve(args: argparse.Namespace) -> int:
    _check_solve_options(args)
    if args.boards:
        inputs = ((repr(text), text) for text in args.boards)
    else:
        inputs = ((f"line {n}: {line.strip()!r}", line) for n, line in enumerate(sys.stdin, 1) if line.strip())
    bad = over = False
    for label, text in inputs:
        try:
            print(_solve_line(text, args), flush=True)
        except BoardError as err:
            print(f"error: {label}: {err}", file=sys.stderr, flush=True)
            bad = True
        except BudgetExceeded as err:
            print(f"gave up: {label}: {err}", file=sys.stderr, flush=True)
            over = True
    return 2 if bad else 3 if over else 0


# ---------------------------------------------------------------------- stats


def cmd_stats(args: argparse.Namespace) -> int:
    rows, cols, k = _shape(args)
    figs = figures(rows, cols, k)
    print(json.dumps(figs) if args.json else format_figures(figs))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the benchmark the options ask for and print it (pandas and tqdm load only here)."""
    from ttt.tools.measure import ColdRunError, benchmark, board_benchmark
    from ttt.tools.report import format_board_report, format_report

    repeat = args.repeat if args.repeat is not None else 1 if args.quick else 5
    if repeat < 1:
        raise BoardError(f"--repeat must be at least 1, not {repeat}")
    shape = _shape(args)
    try:
        if shape != (3, 3, 3):
            report = board_benchmark(*shape, repeat=repeat, progress=not args.no_progress, cold=not args.no_cold)
            _print_bench(report, format_board_report, shape, repeat, args)
        else:
            report = benchmark(repeat=repeat, quick=args.quick, progress=not args.no_progress, cold=not args.no_cold)
            _print_bench(report, format_report, shape, repeat, args)
    except ColdRunError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


def _print_bench(report: dict, format_text, shape: tuple[int, int, int], repeat: int, args) -> None:
    """Print a bench report, with the retrograde build beside OpenSpiel's MinimaxSolver (cold runs only)."""
    from ttt.tools.measure import retrograde_benchmark
    from ttt.tools.report import format_retrograde_report

    report["retrograde"] = None
    if not args.no_cold:
        report["retrograde"] = retrograde_benchmark(
            *shape, repeat=repeat, slow_peers=args.slow_peers, progress=not args.no_progress
        )
    if args.json:
        print(json.dumps(report))
    elif report["retrograde"] is None:
        print(format_text(report))
    else:
        print(format_text(report) + "\n\n" + format_retrograde_report(report["retrograde"]))


# ---------------------------------------------------------------------- tablebase


def cmd_tablebase(args: argparse.Namespace) -> int:
    """Build the whole table (refusing boards too large for this machine up front), print its summary, save it."""
    import time
    from pathlib import Path

    from ttt.retrograde import check_size, solve_all
    from ttt.tools.measure import peak_memory
    from ttt.tools.report import format_tablebase

    rows, cols, k = _shape(args)
    check_size(rows, cols, k)
    save = Path(args.save) if args.save else None
    if save is not None and (save.is_dir() or not save.parent.is_dir() or not os.access(save.parent, os.W_OK)):
        where = "is a folder" if save.is_dir() else "is in a folder that does not exist or cannot be written"
        raise BoardError(f"cannot save to {args.save}: it {where}")
    start = time.perf_counter()
    table = solve_all(rows, cols, k, progress=False if args.no_progress else None)  # None: a bar if slow
    summary = table.summary()
    summary["seconds"] = time.perf_counter() - start
    summary["peak_memory_bytes"] = peak_memory()
    summary["saved"] = None
    if save is not None:
        try:
            summary["saved"] = {"path": str(save), "bytes": table.save(save)}
        except OSError as err:
            raise BoardError(f"cannot save to {args.save}: {err.strerror or err}") from None
    print(json.dumps(summary) if args.json else format_tablebase(summary))
    return 0


def cmd_exercises(args: argparse.Namespace) -> int:
    from ttt.tools import exercises_command

    return exercises_command.run(args)


COMMANDS = {
    "play": cmd_play, "solve": cmd_solve, "stats": cmd_stats, "bench": cmd_bench, "exercises": cmd_exercises,
    "tablebase": cmd_tablebase, "assignments": cmd_assignments, "autograde": cmd_autograde,
    "class-report": cmd_class_report,
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except BoardError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
