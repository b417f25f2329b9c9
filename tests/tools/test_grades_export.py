"""The reason a test failed, read from an autograded notebook's error outputs (the per-exercise export)."""

from __future__ import annotations

import json

import pytest

from ttt.tools.grades_export import (COLUMNS, COURSE_TOTAL, TOTAL_COLUMNS, failure_reason, notebook_reasons,
                                    student_totals, totals_path)


def error(name, value=""):
    return {"output_type": "error", "ename": name, "evalue": value, "traceback": []}


@pytest.mark.parametrize("test, answer, expected", [
    (None, None, ("", "")),
    (error("CellTimeoutError"), None, ("timeout", "CellTimeoutError")),
    (error("AssertionError", "Exercise 05.3 is not answered: name 'f' is not defined"), error("KeyboardInterrupt"),
     ("timeout", "KeyboardInterrupt")),
    (error("AssertionError", "Exercise 05.4 is not answered: ..."), error("MemoryError"),
     ("out of memory", "MemoryError")),
    (error("AssertionError", "Exercise 05.1 is not answered: name 'f' is not defined"),
     error("RuntimeError", "my code has a bug"), ("error in the answer", "RuntimeError: my code has a bug")),
    (error("AssertionError", "Exercise 05.1 is not answered yet: replace the line"), error("NotImplementedError"),
     ("not answered", "Exercise 05.1 is not answered yet: replace the line")),
    (error("AssertionError", "Exercise 00.2 is not right:\nNot right. (In graded mode ...)"), None,
     ("wrong answer", "Not right. (In graded mode ...)")),
    (error("AssertionError", "Exercise 05.3 is not right (too slow):\nalphabeta_soft is too slow on this board"),
     None, ("too slow", "alphabeta_soft is too slow on this board")),
    (error("AssertionError", "Exercise 05.3 is not right (error):\nalphabeta_soft raised an error"), None,
     ("error", "alphabeta_soft raised an error")),
    (error("AssertionError", "Exercise 05.3 is not right (wrong answer):\nalphabeta_soft disagrees"), None,
     ("wrong answer", "alphabeta_soft disagrees")),
    (error("ZeroDivisionError", "division by zero"), None, ("error", "ZeroDivisionError: division by zero")),
])
def test_failure_reasons(test, answer, expected):
    assert failure_reason(test, answer) == expected


def test_reasons_are_read_cell_by_cell(tmp_path):
    def cell(grade_id, solution, grade, outputs=()):
        meta = {"nbgrader": {"grade_id": grade_id, "solution": solution, "grade": grade}}
        return {"cell_type": "code", "metadata": meta, "outputs": list(outputs), "source": ""}

    notebook = {"cells": [
        cell("ex05_1_answer", True, False, [error("SyntaxError", "invalid syntax (1.py, line 1)")]),
        cell("ex05_1_test", False, True, [error("AssertionError", "Exercise 05.1 is not answered: name")]),
        cell("ex05_2_answer", True, False),
        cell("ex05_2_test", False, True),
    ]}
    path = tmp_path / "lab.ipynb"
    path.write_text(json.dumps(notebook))
    assert notebook_reasons(path) == {
        "ex05_1_test": ("error in the answer", "SyntaxError: invalid syntax (1.py, line 1)"),
        "ex05_2_test": ("", ""),
    }
    assert COLUMNS[:3] == ["assignment", "student_id", "exercise"] and "reason" in COLUMNS


def test_the_totals_have_one_row_per_student_with_each_lab_and_the_course_total():
    rows = [["lab00_index", "ada", "00.1", "ex00_1_test", 2.0, 2.0, "", ""],
            ["lab00_index", "ada", "00.2", "ex00_2_test", 0.0, 2.0, "wrong answer", ""],
            ["lab00_index", "bob", "00.1", "ex00_1_test", 2.0, 2.0, "", ""],
            ["lab00_index", "bob", "00.2", "ex00_2_test", 2.0, 2.0, "", ""],
            ["lab03_counting", "ada", "03.3", "ex03_3_why", None, 1.0, "needs manual grading", ""],
            ["lab03_counting", "ada", "03.3", "ex03_3_test", 2.0, 2.0, "", ""],
            ["lab03_counting", "bob", "03.3", "ex03_3_why", 0.5, 1.0, "", ""],
            ["lab03_counting", "bob", "03.3", "ex03_3_test", 0.0, 2.0, "not submitted", ""]]
    table = student_totals(rows)
    assert table[0] == TOTAL_COLUMNS + ["lab00_index", "lab03_counting", COURSE_TOTAL]
    assert table[1][0] == "Points Possible" and table[1][5:] == [4.0, 3.0, 7.0]
    assert table[2] == ["ada", "", "", "ada", "", 2.0, 2.0, 4.0]
    assert table[3] == ["bob", "", "", "bob", "", 4.0, 0.5, 4.5]
    assert totals_path("grades.csv").name == "grades_totals.csv"
