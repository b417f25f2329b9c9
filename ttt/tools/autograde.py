"""``python -m ttt autograde COURSE LAB``: ``nbgrader autograde`` for a class, each student sealed, several at a time.

nbgrader runs a submission with the autograded folder as its working directory,
inside the course, so each student is graded in a temporary copy holding only
``nbgrader_config.py``, the lab's ``source/`` and that student's submission, with
a copy of the gradebook beside it.  nbgrader runs there as the teacher's
program; the kernel that runs the student's code is sealed by bubblewrap
(:mod:`ttt.tools.sandbox`): it sees the system read-only, an empty private
folder and ``/tmp``, no course, no copy, no network, with limits on memory, CPU
time, processes and disk (:class:`ttt.tools.sandbox.Limits`).  What a submission
tried to touch outside its folder is flagged (:mod:`ttt.tools.confine`, and the
sandbox's errors in the graded notebook), written to ``sandbox_flags.csv`` in the
course, and shown by the class report for the teacher to review.

Afterwards the student's autograded folder is copied back and the student's rows
of the gradebook copy (their submission, grades and comments: nbgrader's ids are
UUIDs, so rows never collide) replace that student's rows in the course's
gradebook, under a lock, so students graded side by side (``jobs``) never
overwrite each other.  A student whose grading fails (nbgrader stopped) is
reported and the others are graded as usual.

Without bubblewrap, :func:`autograde` refuses unless ``sandbox=False`` (the
command line's ``--no-sandbox``): then the submission runs with the teacher's
rights, confined only to the copy's folder by convention.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

__all__ = ["GradingError", "StudentRun", "FLAGS_CSV", "nbgrader", "run_nbgrader", "submitted_students",
           "autograde_student", "autograde", "default_jobs", "read_flags"]

FLAGS_CSV = "sandbox_flags.csv"
FLAG_COLUMNS = ["assignment", "student_id", "flag", "detail"]
# What the sandbox's refusals look like in a graded notebook's error outputs: (text, flag).
_SANDBOX_ERRORS = [
    ("Read-only file system", "wrote outside its folder"),
    ("No space left on device", "filled its disk"),
    ("File too large", "filled its disk"),
    ("Network is unreachable", "opened a network connection"),
    ("Temporary failure in name resolution", "opened a network connection"),
    ("StartingAProcessIsRefused", "started a process"),
    ("Resource temporarily unavailable", "started a process"),
]


class GradingError(ValueError):
    """A course folder or lab that cannot be graded (no such folder, no submissions, no sandbox)."""


@dataclass(frozen=True)
class StudentRun:
    student: str
    ok: bool
    seconds: float
    message: str = ""
    flags: tuple = ()


def default_jobs() -> int:
    """Students graded side by side by default: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


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
    folder the submission ran in; if the submission deleted it (without a sandbox),
    the write fails and the student gets no grade at all.  Re-creating the folder
    before the write keeps the grading going.
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


# ---------------------------------------------------------------------- the gradebook


def _copy_database(source: Path, target: Path) -> None:
    """A consistent copy of an SQLite gradebook, even while another thread writes to it."""
    with sqlite3.connect(source) as origin, sqlite3.connect(target) as copy:
        origin.backup(copy)
    origin.close()
    copy.close()


def _submission_ids(connection, schema: str, student: str, lab: str) -> list[str]:
    return [row[0] for row in connection.execute(
        f"SELECT s.id FROM {schema}.submitted_assignment s JOIN {schema}.assignment a ON s.assignment_id = a.id"
        " WHERE s.student_id = ? AND a.name = ?", (student, lab))]


def _merge_student(book: Path, database: Path, student: str, lab: str) -> str:
    """Replace ``student``'s rows of ``lab`` in ``database`` by those in ``book``; empty, or what went wrong."""
    connection = sqlite3.connect(database)
    try:
        with connection:
            connection.execute("ATTACH DATABASE ? AS book", (str(book),))
            if connection.execute("PRAGMA book.integrity_check").fetchone()[0] != "ok":
                return "the gradebook copy failed SQLite's integrity check"
            new = _submission_ids(connection, "book", student, lab)
            if not new:
                return "nbgrader recorded no submission in the gradebook copy"
            old = _submission_ids(connection, "main", student, lab)
            marks = ",".join("?" * len(old))
            if old:
                notebooks = f"SELECT id FROM main.submitted_notebook WHERE assignment_id IN ({marks})"
                for table in ("grade", "comment"):
                    connection.execute(f"DELETE FROM main.{table} WHERE notebook_id IN ({notebooks})", old)
                connection.execute(f"DELETE FROM main.submitted_notebook WHERE assignment_id IN ({marks})", old)
                connection.execute(f"DELETE FROM main.submitted_assignment WHERE id IN ({marks})", old)
            connection.execute("INSERT OR IGNORE INTO main.student SELECT * FROM book.student WHERE id = ?",
                               (student,))
            marks = ",".join("?" * len(new))
            notebooks = f"SELECT id FROM book.submitted_notebook WHERE assignment_id IN ({marks})"
            connection.execute(f"INSERT INTO main.submitted_assignment SELECT * FROM book.submitted_assignment"
                               f" WHERE id IN ({marks})", new)
            connection.execute(f"INSERT INTO main.submitted_notebook SELECT * FROM book.submitted_notebook"
                               f" WHERE assignment_id IN ({marks})", new)
            for table in ("grade", "comment"):
                connection.execute(f"INSERT INTO main.{table} SELECT * FROM book.{table}"
                                   f" WHERE notebook_id IN ({notebooks})", new)
        return ""
    except sqlite3.DatabaseError as error:
        return f"the gradebook copy cannot be merged ({error})"
    finally:
        connection.close()


def _has_lab(database: Path, lab: str) -> bool:
    if not database.exists():
        return False
    with sqlite3.connect(database) as connection:
        try:
            found = connection.execute("SELECT 1 FROM assignment WHERE name = ?", (lab,)).fetchone()
        except sqlite3.DatabaseError:
            found = None
    connection.close()
    return found is not None


# ---------------------------------------------------------------------- flags


def _notebook_flags(folder: Path) -> list[tuple[str, str]]:
    """Flags read from the sandbox's refusals in a graded notebook's error outputs."""
    found = []
    for path in folder.glob("*.ipynb"):
        try:
            cells = json.loads(path.read_text())["cells"]
        except (OSError, ValueError, KeyError):
            continue
        for cell in cells:
            for output in cell.get("outputs", []):
                if output.get("output_type") != "error":
                    continue
                text = f"{output.get('ename', '')}: {output.get('evalue', '')}"
                for needle, flag in _SANDBOX_ERRORS:
                    if needle in text:
                        found.append((flag, text.splitlines()[0][:200]))
    return found


def _kernel_flags(runtime: Path) -> list[tuple[str, str]]:
    """Flags the audit hook wrote (:mod:`ttt.tools.confine`), from every kernel of the run."""
    from ttt.tools.sandbox import FLAGS_FILE

    found = []
    for path in sorted(runtime.glob(f"*/{FLAGS_FILE}")):
        for line in path.read_text(errors="replace").splitlines():
            try:
                entry = json.loads(line)
                found.append((str(entry["what"]), str(entry.get("detail", ""))))
            except (ValueError, KeyError, TypeError):
                found.append(("wrote an unreadable flag", line[:200]))
    return found


def _unique(flags: list[tuple[str, str]]) -> tuple:
    seen, kept = set(), []
    for flag, detail in flags:
        if flag not in seen:
            seen.add(flag)
            kept.append((flag, detail))
    return tuple(kept)


def _record_flags(course: Path, lab: str, student: str, flags: tuple) -> None:
    """Rewrite ``sandbox_flags.csv``: this student's flags for ``lab`` replace any earlier ones."""
    path = course / FLAGS_CSV
    rows = [row for row in read_flags(path) if (row["assignment"], row["student_id"]) != (lab, student)]
    rows += [{"assignment": lab, "student_id": student, "flag": flag, "detail": detail} for flag, detail in flags]
    if not rows and not path.exists():
        return
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, FLAG_COLUMNS)
        writer.writeheader()
        writer.writerows(sorted(rows, key=lambda r: (r["assignment"], r["student_id"], r["flag"])))


def read_flags(path: Path) -> list[dict]:
    """The rows of a ``sandbox_flags.csv`` (none when there is no such file)."""
    path = Path(path)
    if not path.exists():
        return []
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


# ---------------------------------------------------------------------- one student


def kill_processes_naming(work: Path) -> None:
    """Kill every process (but this one) whose command line names ``work``: a fresh temporary folder of one run,
    so no other process can match.  A sealed kernel can outlive nbgrader, as a test's kernel its server."""
    marker = str(work).encode()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if marker in (entry / "cmdline").read_bytes() and int(entry.name) != os.getpid():
                os.kill(int(entry.name), signal.SIGKILL)
        except (OSError, ValueError):
            continue


def _sandbox_environment(work: Path, course: Path, limits) -> dict:
    from ttt.tools.sandbox import ENVIRONMENT_VARIABLE, SandboxSettings

    env = _environment()
    settings = SandboxSettings(str(work / "kernels"), [str(course), str(work)], [str(course), str(work)], limits)
    env[ENVIRONMENT_VARIABLE] = settings.to_json()
    return env


def autograde_student(course: Path, lab: str, student: str, *, time_limit: float = 1800, sandbox: bool = True,
                      limits=None, lock: threading.Lock | None = None) -> StudentRun:
    """Grade one student's submission of ``lab`` in a temporary copy, its kernel sealed; merge the results."""
    course = Path(course).resolve()
    lock = lock or threading.Lock()
    start = time.perf_counter()
    database = course / "gradebook.db"
    with tempfile.TemporaryDirectory(prefix="ttt-grading-") as work:
        work = Path(work)
        copy = work / "course"
        copy.mkdir()
        shutil.copy2(course / "nbgrader_config.py", copy / "nbgrader_config.py")
        shutil.copytree(course / "source" / lab, copy / "source" / lab)
        shutil.copytree(course / "submitted" / student / lab, copy / "submitted" / student / lab)
        book = work / "gradebook.db"
        _copy_database(database, book)
        command = _nbgrader() + ["autograde", lab, "--student", student, "--force",
                                 f"--CourseDirectory.root={copy}", f"--CourseDirectory.db_url=sqlite:///{book}"]
        env = _environment()
        if sandbox:
            from ttt.tools.sandbox import Limits

            env = _sandbox_environment(work, course, limits or Limits())
            command.append("--Execute.kernel_manager_class=ttt.tools.sandbox.SandboxedKernelManager")
        process = subprocess.Popen(command, cwd=copy, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, start_new_session=True)
        try:
            log, _ = process.communicate(timeout=time_limit)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            kill_processes_naming(work)
            return StudentRun(student, False, time.perf_counter() - start,
                              f"grading took over {time_limit:.0f} s and was stopped")
        kill_processes_naming(work)
        result = copy / "autograded" / student / lab
        if process.returncode != 0 or not result.is_dir():
            if "Timeout waiting for IOPub output" in log:
                return StudentRun(student, False, time.perf_counter() - start,
                                  "a cell kept running after its timeout (it ignored the interrupt), so nbgrader"
                                  " gave up on this notebook: grade it by hand")
            tail = " | ".join(line for line in log.splitlines()[-3:] if line.strip())
            return StudentRun(student, False, time.perf_counter() - start,
                              f"nbgrader autograde failed (exit {process.returncode}): {tail}")
        flags = _unique(_kernel_flags(work / "kernels") + _notebook_flags(result))
        with lock:
            problem = _merge_student(book, database, student, lab)
            if problem:
                return StudentRun(student, False, time.perf_counter() - start, problem, flags)
            target = course / "autograded" / student / lab
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(result, target)
            _record_flags(course, lab, student, flags)
    return StudentRun(student, True, time.perf_counter() - start, "", flags)


def autograde(course: Path, lab: str, students: list[str] | None = None, *, time_limit: float = 1800,
              progress=None, jobs: int | None = None, sandbox: bool = True, limits=None) -> list[StudentRun]:
    """Grade every submission of ``lab`` (or ``students``), ``jobs`` at a time; returns each run, in name order.

    ``progress(run, done, total)`` is called after each student (from one thread at a time).
    """
    course = Path(course)
    if not (course / "nbgrader_config.py").exists():
        raise GradingError(f"{course} is not a course folder: it has no nbgrader_config.py")
    if sandbox:
        from ttt.tools.sandbox import INSTALL_HINT, bwrap

        if bwrap() is None:
            raise GradingError(INSTALL_HINT)
    if not (course / "source" / lab).is_dir():
        raise GradingError(f"{course} has no lab {lab!r} in source/")
    if not _has_lab(course / "gradebook.db", lab):
        raise GradingError(f"{lab} is not in {course / 'gradebook.db'}: run `nbgrader generate_assignment {lab}`"
                           " in the course first")
    names = students or submitted_students(course, lab)
    if not names:
        raise GradingError(f"nobody has submitted {lab}: {course / 'submitted'} has no <student>/{lab}/ folder")
    jobs = max(1, min(jobs or default_jobs(), len(names)))
    lock, shown = threading.Lock(), threading.Lock()
    runs = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:  # each job waits on its own nbgrader process
        futures = [pool.submit(autograde_student, course, lab, student, time_limit=time_limit, sandbox=sandbox,
                               limits=limits, lock=lock) for student in names]
        for future in as_completed(futures):
            run = future.result()
            with shown:
                runs[run.student] = run
                if progress is not None:
                    progress(run, len(runs), len(names))
    return [runs[student] for student in names]
