"""``python -m ttt autograde COURSE LAB``: ``nbgrader autograde``, one student at a time, each in a copy of the course.

nbgrader runs a submission with the autograded folder as its working directory,
inside the course: ``shutil.rmtree("../../..")`` in a submission would delete the
course, the gradebook and every other student's work.  So each student is graded
in a sandbox, a temporary copy holding only ``nbgrader_config.py``, the lab's
``source/`` and that student's submission, with the gradebook copied to a second
temporary folder outside it.  Afterwards the student's autograded folder and the
gradebook are copied back, the gradebook only if it is intact (SQLite's integrity
check passes and every other student's submissions are still in it).  A student
whose grading fails (the sandbox was wrecked, nbgrader stopped) is reported and
the others are graded as usual.

Inside a submission the limits of ``nbgrader_config.py`` apply (a timeout per cell,
a memory limit: :mod:`ttt.tools.grading_kernel`).  The sandbox guards against
mistakes and clumsy vandalism, not a determined attacker who hunts for absolute
paths: run autograding as a user who can write nothing else (the teaching guide).
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["GradingError", "StudentRun", "nbgrader", "run_nbgrader", "submitted_students", "autograde_student",
           "autograde"]


class GradingError(ValueError):
    """A course folder or lab that cannot be graded (no such folder, no submissions)."""


@dataclass(frozen=True)
class StudentRun:
    student: str
    ok: bool
    seconds: float
    message: str = ""


def _nbgrader() -> list[str]:
    """The command that runs nbgrader in a child process (:func:`run_nbgrader`, with this Python)."""
    try:
        import nbgrader  # noqa: F401 - only to say clearly that it is missing
    except ImportError:
        raise GradingError("nbgrader is not installed: pip install -e '.[teacher]' (or -r requirements-teacher.txt)")
    return [sys.executable, "-c", "from ttt.tools.autograde import run_nbgrader; run_nbgrader()"]


def _environment() -> dict:
    """This environment with this Python's scripts first on PATH (nbgrader runs ``alembic`` from PATH)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), env.get("PATH", "")])
    return env


def nbgrader(arguments: list[str], course: Path, timeout: float | None = None) -> subprocess.CompletedProcess:
    """Run ``nbgrader ARGUMENTS`` in ``course`` (with :func:`run_nbgrader`); its output is returned, not shown."""
    return subprocess.run(_nbgrader() + list(arguments), cwd=course, env=_environment(), capture_output=True,
                          text=True, timeout=timeout)


def run_nbgrader() -> None:
    """nbgrader's command line, made to survive a submission that deleted its own folder.

    nbgrader writes the autograded notebook into ``autograded/<student>/<lab>/``, the
    folder the submission ran in; if the submission deleted it, the write fails and
    the student gets no grade at all.  Re-creating the folder before the write keeps
    the grading going: the exercises whose cells did the damage get zero, the others
    their marks.
    """
    from nbconvert.writers import FilesWriter
    from nbgrader.apps.nbgraderapp import main

    write = FilesWriter.write

    def write_into_a_folder_that_exists(self, output, resources, notebook_name=None, **kwargs):
        if self.build_directory:
            os.makedirs(self.build_directory, exist_ok=True)
        return write(self, output, resources, notebook_name=notebook_name, **kwargs)

    FilesWriter.write = write_into_a_folder_that_exists
    sys.argv = ["nbgrader", *sys.argv[1:]]
    main()


def submitted_students(course: Path, lab: str) -> list[str]:
    """The students with a submission of ``lab`` in ``course/submitted/``, sorted."""
    folder = Path(course) / "submitted"
    return sorted(p.name for p in folder.iterdir() if (p / lab).is_dir()) if folder.is_dir() else []


def _others(database: Path, student: str) -> set[tuple]:
    """(student, assignment) of every submission in a gradebook except ``student``'s."""
    if not database.exists():
        return set()
    with sqlite3.connect(database) as connection:
        try:
            rows = connection.execute("SELECT student_id, assignment_id FROM submitted_assignment").fetchall()
        except sqlite3.DatabaseError:
            return set()
    return {row for row in rows if row[0] != student}


def _intact(database: Path, expected_others: set[tuple], student: str) -> str:
    """Empty when the gradebook is readable and keeps every other submission; else what is wrong."""
    try:
        with sqlite3.connect(database) as connection:
            if connection.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                return "the gradebook copy failed SQLite's integrity check"
    except sqlite3.DatabaseError as error:
        return f"the gradebook copy cannot be read ({error})"
    missing = expected_others - _others(database, student)
    return f"the gradebook copy lost {len(missing)} other submissions" if missing else ""


def autograde_student(course: Path, lab: str, student: str, *, time_limit: float = 1800) -> StudentRun:
    """Grade one student's submission of ``lab`` in a sandbox; copy back the results if all went well."""
    course = Path(course).resolve()
    start = time.perf_counter()
    database = course / "gradebook.db"
    others = _others(database, student)
    with tempfile.TemporaryDirectory(prefix="ttt-sandbox-") as sandbox, \
            tempfile.TemporaryDirectory(prefix="ttt-gradebook-") as books:
        sandbox, books = Path(sandbox), Path(books)
        shutil.copy2(course / "nbgrader_config.py", sandbox / "nbgrader_config.py")
        shutil.copytree(course / "source" / lab, sandbox / "source" / lab)
        shutil.copytree(course / "submitted" / student / lab, sandbox / "submitted" / student / lab)
        book = books / "gradebook.db"
        if database.exists():
            shutil.copy2(database, book)
        command = _nbgrader() + ["autograde", lab, "--student", student, "--force",
                                 f"--CourseDirectory.root={sandbox}", f"--CourseDirectory.db_url=sqlite:///{book}"]
        process = subprocess.Popen(command, cwd=sandbox, env=_environment(), stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            log, _ = process.communicate(timeout=time_limit)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return StudentRun(student, False, time.perf_counter() - start,
                              f"grading took over {time_limit:.0f} s and was stopped")
        result = sandbox / "autograded" / student / lab
        if process.returncode != 0 or not result.is_dir():
            tail = " | ".join(line for line in log.splitlines()[-3:] if line.strip())
            return StudentRun(student, False, time.perf_counter() - start,
                              f"nbgrader autograde failed (exit {process.returncode}): {tail}")
        problem = _intact(book, others, student)
        if problem:
            return StudentRun(student, False, time.perf_counter() - start, problem)
        target = course / "autograded" / student / lab
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(result, target)
        shutil.copy2(book, database)
    return StudentRun(student, True, time.perf_counter() - start)


def autograde(course: Path, lab: str, students: list[str] | None = None, *, time_limit: float = 1800,
              progress=None) -> list[StudentRun]:
    """Grade every submission of ``lab`` (or ``students``), one after the other; returns each run."""
    course = Path(course)
    if not (course / "nbgrader_config.py").exists():
        raise GradingError(f"{course} is not a course folder: it has no nbgrader_config.py")
    if not (course / "source" / lab).is_dir():
        raise GradingError(f"{course} has no lab {lab!r} in source/")
    names = students or submitted_students(course, lab)
    if not names:
        raise GradingError(f"nobody has submitted {lab}: {course / 'submitted'} has no <student>/{lab}/ folder")
    runs = []
    for student in names:
        run = autograde_student(course, lab, student, time_limit=time_limit)
        runs.append(run)
        if progress is not None:
            progress(run)
    return runs
