"""Measure autograding: N worked-solution submissions of a lab, each graded in its sandbox (not a test).

    .venv/bin/python tests/tools/bench_grading.py --lab lab05_pruning --students 5
    make bench-grading LAB=lab05_pruning STUDENTS=5

Writes a temporary course (``python -m ttt assignments``), releases the lab
(``nbgrader generate_assignment``), submits the worked solutions N times under
different names and runs ``python -m ttt autograde``; prints the seconds per
student, the mean, and the class of 40 extrapolated from that mean (sequential:
students are graded one after the other).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ttt.tools.assignments import write_course
from ttt.tools.autograde import autograde, nbgrader
from ttt.tools.sample_submissions import solved, submit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lab", default="lab05_pruning", help="the lab, such as lab05_pruning, or 'all'")
    parser.add_argument("--students", type=int, default=5, help="how many submissions (default 5)")
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
            runs = autograde(course, lab)
            seconds = [run.seconds for run in runs]
            failed = [run for run in runs if not run.ok]
            mean = statistics.mean(seconds)
            print(f"{lab}: generate_assignment {release:.1f} s; autograde of {len(runs)} students:"
                  f" {', '.join(f'{s:.1f}' for s in seconds)} s; mean {mean:.1f} s per student,"
                  f" so a class of 40 takes about {40 * mean / 60:.0f} min (extrapolated)"
                  + (f"; {len(failed)} FAILED: {failed[0].message}" if failed else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
