"""Measure autograding: N worked-solution submissions of a lab, each graded in its sandbox (not a test).

    .venv/bin/python tests/tools/bench_grading.py --lab lab05_pruning --students 40 [--jobs N]
    make bench-grading LAB=lab05_pruning STUDENTS=40 [JOBS=N]

Writes a temporary course (``python -m ttt assignments``), releases the lab
(``nbgrader generate_assignment``), submits the worked solutions N times under
different names and runs ``python -m ttt autograde`` (``jobs`` students side by
side, default: the cores); prints the wall time for the class, the seconds each
student took (in parallel, so their sum exceeds the wall time), the wall time
per student, and the wall time for a class of 40 at that rate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ttt.tools.assignments import write_course
from ttt.tools.autograde import autograde, default_jobs, nbgrader
from ttt.tools.sample_submissions import solved, submit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lab", default="lab05_pruning", help="the lab, such as lab05_pruning, or 'all'")
    parser.add_argument("--students", type=int, default=5, help="how many submissions (default 5)")
    parser.add_argument("--jobs", type=int, default=None, help="students graded side by side (default: the cores)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ttt-bench-course-") as folder:
        course = Path(folder)
        write_course(course)
        labs = sorted(p.name for p in (course / "source").iterdir()) if args.lab == "all" else [args.lab]
        for lab in labs:
            start = time.perf_counter()
            done = nbgrader(["generate_assignment", lab, "--force"], course)
            if done.returncode != 0:
                print(done.stdout + done.stderr, file=sys.stderr)
                return 1
            release = time.perf_counter() - start
            for n in range(args.students):
                submit(course, lab, f"student{n + 1:02d}", solved(course, lab))
            jobs = args.jobs or default_jobs()
            start = time.perf_counter()
            runs = autograde(course, lab, jobs=jobs)
            wall = time.perf_counter() - start
            seconds = [run.seconds for run in runs]
            failed = [run for run in runs if not run.ok]
            rate = wall / len(runs)
            print(f"{lab}: generate_assignment {release:.1f} s; autograde of {len(runs)} students, {jobs} at a time:"
                  f" {wall:.0f} s ({wall / 60:.1f} min) for the class; each student took"
                  f" {min(seconds):.1f}-{max(seconds):.1f} s (median {statistics.median(seconds):.1f} s);"
                  f" {rate:.1f} s of wall time per student, so a class of 40 takes about {40 * rate / 60:.1f} min"
                  + (f"; {len(failed)} FAILED: {failed[0].message}" if failed else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
