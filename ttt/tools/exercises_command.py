"""``python -m ttt exercises``: list the exercises, verify the worked solutions, print them for a teacher.

:mod:`ttt.tools.cli` adds these options with ``add_arguments(sub_parser)`` and
calls ``run(args)``; ``run`` returns the exit status and, like every
sub-command, reports bad input as one line on standard error, never as a
traceback.

    python -m ttt exercises [--notebook NN]   a table of the exercises
    python -m ttt exercises --json            the same as a JSON list
    python -m ttt exercises --verify          every worked solution through its own check
    python -m ttt exercises --solutions NN    every worked solution of notebook NN, as text
    python -m ttt exercises --timing          each check's CPU time on its worked solution, slowest first
    python -m ttt exercises --write-cells [NN ...]   rewrite the exercise cells of the notebooks (all: none named)
"""

from __future__ import annotations

import argparse
import json
import sys

from dataclasses import dataclass

from ttt.exercises.core import Exercise, NoSuchExercise, exercises, graded, notebook_id, notebooks, withheld


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the ``exercises`` sub-command."""
    parser.add_argument("--notebook", metavar="NN", help="only the exercises of notebook NN (00-09)")
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.add_argument(
        "--verify", action="store_true", help="run every worked solution through its own check; fail if one fails"
    )
    parser.add_argument("--solutions", metavar="NN", help="print every worked solution of notebook NN, for a teacher")
    parser.add_argument(
        "--timing", action="store_true",
        help="time each check on its worked solution (first and second run), and the share of the budget it used",
    )
    parser.add_argument(
        "--write-cells", nargs="*", metavar="NN",
        help="rewrite the exercise cells (heading, prompt, starter) of notebooks NN (all when none is named) in place",
    )


@dataclass(frozen=True)
class Failure:
    """A worked solution that does not pass its own check (or whose solution cannot be shown)."""

    exercise: Exercise
    message: str

    def __str__(self) -> str:
        return f"{self.exercise.key} {self.exercise.title}: {self.message}"


def verify_exercise(item: Exercise) -> Failure | None:
    """Run one worked solution through its own check, and make sure its solution renders."""
    try:
        item.solution_markdown()
    except Exception as error:  # noqa: BLE001 - reported, not raised: verify lists every failure
        return Failure(item, f"the solution cannot be shown: {type(error).__name__}: {error}")
    if item.checker is None:
        return None
    if item.answer is None:
        return Failure(item, "it has a check but no worked answer to verify")
    try:
        verdict = item.judge(item.answer())
    except Exception as error:  # noqa: BLE001
        return Failure(item, f"the worked answer failed: {type(error).__name__}: {error}")
    if not verdict.ok:
        return Failure(item, f"the worked answer is judged {verdict.status}:\n{verdict.text}")
    return None


def verify_all(notebook=None) -> list[Failure]:
    """Every worked solution through its own check, silently; returns the failures (empty: all pass)."""
    return [failure for failure in map(verify_exercise, exercises(notebook)) if failure is not None]


def info(item: Exercise) -> dict:
    """The fields of ``python -m ttt exercises --json``."""
    return {"notebook": item.notebook, "number": item.number, "title": item.title, "has_check": item.has_check,
            "has_hint": bool(item.hints), "has_solution": item.has_solution}


def _table(items) -> str:
    header = ("nb", "#", "title", "kind", "check", "hints", "solution")
    rows = [
        (item.notebook, str(item.number), ("★ " if item.star else "") + item.title, item.kind,
         "yes" if item.has_check else "no", str(len(item.hints)), "yes" if item.has_solution else "no")
        for item in items
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *rows]]
    checked = sum(item.has_check for item in items)
    lines.append(f"{len(items)} exercises, {checked} checked by code")
    return "\n".join(lines)


def _solutions(notebook: str) -> str:
    """Every exercise of a notebook: its prompt, then its worked solution (the text of ``.solution()``)."""
    from ttt.view.exercise_output import markdown_to_text   # the view, and IPython with it, only for this listing

    chunks = []
    for item in exercises(notebook):
        rule = "=" * 72
        star = "★ " if item.star else ""
        chunks.append(
            f"{rule}\n{item.key} {star}{item.title}\n{rule}\n\n"
            f"{markdown_to_text(item.prompt.strip())}\n\n{markdown_to_text(item.solution_markdown())}\n"
        )
    return "\n".join(chunks) if chunks else f"notebook {notebook} has no exercises yet\n"


def _timing(items) -> str:
    """Each check on its worked solution: CPU seconds of the first and second check, and of the answer's own calls.

    "answer" is the time spent inside the worked solution's calls, which the budget
    counts (:data:`ttt.exercises.calls.BUDGET_SECONDS`); a right answer up to
    ``budget / answer`` times slower is still accepted.  Measured, never asserted.
    """
    from time import process_time

    from ttt.exercises import calls

    rows = []
    for item in items:
        if item.checker is None or item.answer is None:
            continue
        answer = item.answer()               # working out a number answer is the solution's time, not the check's
        times = []
        for _ in range(2):
            start = process_time()
            with calls.budget_scope(1_000) as budget:
                verdict = item.judge(answer)
            times.append((process_time() - start, budget.spent))
        (first, _), (second, answer) = times
        ratio = f"{calls.BUDGET_SECONDS / answer:.0f}x" if answer > 0.001 else "-"
        rows.append((first, second, answer, ratio, item.key, verdict.status))
    rows.sort(reverse=True)
    lines = [f"{'first':>6} {'second':>7} {'answer':>7} {'budget':>7}  exercise",
             *(f"{a:6.2f} {b:7.2f} {c:7.3f} {r:>7}  {key} {status}" for a, b, c, r, key, status in rows)]
    return "\n".join(lines) + f"\n(CPU seconds; budget {calls.BUDGET_SECONDS:g} s ÷ answer: how much slower a right answer may be)"


def run(args: argparse.Namespace) -> int:
    """Carry out the sub-command; the exit status is 0, 1 (a solution fails) or 2 (bad input)."""
    try:
        if getattr(args, "write_cells", None) is not None:
            from ttt.tools.exercise_cells import write_cells

            names = [notebook_id(name) for name in args.write_cells] or list(notebooks())
            for path in write_cells(names):
                print(f"rewrote the exercise cells of {path.name}")
            return 0
        if args.solutions is not None:
            if graded():  # graded mode (ttt.exercises.core): one line, no solutions
                print(withheld(f"notebook {args.solutions}"), file=sys.stderr)
                return 1
            sys.stdout.write(_solutions(args.solutions))
            return 0
        if args.timing:
            print(_timing(exercises(args.notebook)))
            return 0
        if args.verify:
            failures = verify_all(args.notebook)
            checked = [item for item in exercises(args.notebook) if item.has_check]
            for failure in failures:
                print(f"FAIL {failure}", file=sys.stderr)
            if failures:
                print(f"{len(failures)} of {len(checked)} worked solutions fail their own checks", file=sys.stderr)
                return 1
            print(f"{len(checked)} worked solutions pass their own checks")
            return 0
        items = exercises(args.notebook)
        if args.json:
            print(json.dumps([info(item) for item in items], ensure_ascii=False, indent=1))
        else:
            print(_table(items))
        return 0
    except (NoSuchExercise, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
