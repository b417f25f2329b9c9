"""The grades as one CSV row per student and exercise, with the reason a test failed (an nbgrader exporter).

nbgrader's own CSV has one row per assignment; a class report needs each
exercise, and why it failed.  ``nbgrader_config.py`` of a generated course
(:mod:`ttt.tools.assignments`) makes ``nbgrader export`` use the class that
:func:`exercise_csv_exporter` builds; nbgrader is imported only there, since
only a teacher's installation has it (``pip install -e .[teacher]``).

The reason of a failed test is read from the autograded notebook, where the
test cell's error output is: ``timeout``, ``out of memory``, ``not answered``,
``wrong answer``, ``error in the answer`` (the answer cell raised or did not
parse, so the test found no answer) or ``error`` (the test itself raised).

Beside it, ``nbgrader export`` writes the totals a gradebook imports
(:func:`student_totals`): ``grades_totals.csv``, one row per student, each lab's
total and the course total, under the column names Canvas's gradebook import
reads (Student, ID, SIS User ID, SIS Login ID, Section; the student id goes in
"SIS Login ID"), which Moodle's CSV grade import maps by hand (the teaching guide).
"""

from __future__ import annotations

import re

import csv
import json
from pathlib import Path

__all__ = ["COLUMNS", "TOTAL_COLUMNS", "COURSE_TOTAL", "failure_reason", "notebook_reasons", "student_totals",
           "totals_path", "exercise_csv_exporter"]

COLUMNS = ["assignment", "student_id", "exercise", "grade_id", "score", "max_score", "reason", "detail"]
# The identity columns of Canvas's gradebook CSV, in its order; the labs and the course total follow.
TOTAL_COLUMNS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
COURSE_TOTAL = "Course total"


def _first_line(text: str) -> str:
    import re

    plain = re.sub(r"\x1b\[[0-9;]*m", "", text or "").strip()
    return plain.splitlines()[0].strip() if plain else ""


def _error(cell: dict) -> dict | None:
    return next((out for out in cell.get("outputs", []) if out.get("output_type") == "error"), None)


def failure_reason(test_error: dict | None, answer_error: dict | None) -> tuple[str, str]:
    """(reason, detail) of a failed test, from the test cell's error output and the answer cell's."""
    if test_error is None:
        return "", ""
    name, value = test_error.get("ename", ""), test_error.get("evalue", "")
    for error in (test_error, answer_error):
        if error is None:
            continue
        if error.get("ename") in ("CellTimeoutError", "KeyboardInterrupt", "DeadKernelError"):
            return "timeout", _first_line(error.get("evalue") or error.get("ename"))
        if error.get("ename") == "MemoryError":
            return "out of memory", "MemoryError"
    if name == "AssertionError" and " is not answered" in value:
        if answer_error is not None and answer_error.get("ename") != "NotImplementedError":
            return "error in the answer", f"{answer_error.get('ename')}: {_first_line(answer_error.get('evalue'))}"
        return "not answered", _first_line(value)
    if name == "AssertionError":
        lines = [line for line in value.splitlines()[1:] if line.strip()]
        said = re.search(r" is not right \((too slow|error|wrong answer)\):", _first_line(value))
        return (said[1] if said else "wrong answer"), (lines[0].strip() if lines else _first_line(value))
    return "error", f"{name}: {_first_line(value)}"


def notebook_reasons(path: Path) -> dict[str, tuple[str, str]]:
    """``{test grade_id: (reason, detail)}`` for every graded code cell of an autograded notebook."""
    cells = json.loads(Path(path).read_text())["cells"]
    reasons, answer_error = {}, None
    for cell in cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] != "code":
            continue
        if meta.get("solution") and not meta.get("grade"):
            answer_error = _error(cell)
        elif meta.get("grade"):
            reasons[meta["grade_id"]] = failure_reason(_error(cell), answer_error)
            answer_error = None
    return reasons


def student_totals(rows: list[list]) -> list[list]:
    """The totals file from the export's rows (:data:`COLUMNS`): a header, then one row per student.

    Each lab's column is the sum of the student's scores in that lab (a test not passed, a lab not
    submitted and an open question not yet marked count 0), then the course total.  The second row
    gives each column's points possible, as Canvas's export has it (Canvas reads it as such; in
    Moodle, skip it).
    """
    labs = sorted({row[0] for row in rows})
    possible: dict[str, dict[str, float]] = {lab: {} for lab in labs}
    got: dict[str, dict[str, float]] = {}
    for assignment, student, _, grade_id, score, maximum, *_ in rows:
        possible[assignment][grade_id] = float(maximum)
        marks = got.setdefault(student, {})
        marks[assignment] = marks.get(assignment, 0.0) + float(score or 0)
    maxima = [sum(possible[lab].values()) for lab in labs]
    table = [TOTAL_COLUMNS + labs + [COURSE_TOTAL], ["Points Possible", "", "", "", ""] + maxima + [sum(maxima)]]
    for student in sorted(got):
        totals = [got[student].get(lab, 0.0) for lab in labs]
        table.append([student, "", "", student, ""] + totals + [sum(totals)])
    return table


def totals_path(destination: str) -> Path:
    """Where the totals go: ``grades.csv`` -> ``grades_totals.csv``, beside it."""
    path = Path(destination)
    return path.with_name(f"{path.stem}_totals{path.suffix or '.csv'}")


def exercise_csv_exporter():
    """nbgrader's ``ExportPlugin`` writing :data:`COLUMNS` (built here, so that nbgrader is imported only here)."""
    from nbgrader.api import MissingEntry
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.plugins import ExportPlugin

    class ExerciseCsvExport(ExportPlugin):
        """One row per student and graded cell: score, maximum, and why it failed."""

        def export(self, gradebook) -> None:
            destination = self.to or "grades.csv"
            course = CourseDirectory(parent=self)
            rows = []
            for assignment in gradebook.assignments:
                if self.assignment and assignment.name not in self.assignment:
                    continue
                for student in gradebook.students:
                    if self.student and student.id not in self.student:
                        continue
                    for notebook in assignment.notebooks:
                        try:
                            submitted = gradebook.find_submission_notebook(notebook.name, assignment.name, student.id)
                        except MissingEntry:
                            submitted = None
                        path = Path(course.format_path(course.autograded_directory, student.id, assignment.name))
                        path = path / f"{notebook.name}.ipynb"
                        reasons = notebook_reasons(path) if path.exists() else {}
                        for cell in notebook.grade_cells:
                            score, reason, detail = 0.0, "not submitted", ""
                            if submitted is not None:
                                grade = gradebook.find_grade(cell.name, notebook.name, assignment.name, student.id)
                                score = None if grade.needs_manual_grade else grade.score
                                reason, detail = reasons.get(cell.name, ("", ""))
                                if grade.needs_manual_grade:
                                    reason, detail = "needs manual grading", ""
                                elif cell.cell_type == "markdown" and not score:
                                    reason, detail = "not answered", ""  # nbgrader gives an unchanged cell 0
                            exercise = cell.name.removeprefix("ex").rsplit("_", 1)[0].replace("_", ".")
                            if score is not None and score >= cell.max_score:
                                reason, detail = "", ""
                            rows.append([assignment.name, student.id, exercise, cell.name, score, cell.max_score,
                                         reason, detail])
            self.log.info("Exporting %d rows to %s", len(rows), destination)
            with open(destination, "w", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(COLUMNS)
                writer.writerows(rows)
            totals = totals_path(destination)
            self.log.info("Exporting each student's totals to %s", totals)
            with open(totals, "w", newline="") as handle:
                csv.writer(handle).writerows(student_totals(rows))

    return ExerciseCsvExport
