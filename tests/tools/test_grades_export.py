"""The reason a test failed, read from an autograded notebook's error outputs (the per-exercise export)."""

from __future__ import annotations

import json

import pytest

from ttt.tools.grades_export import COLUMNS, failure_reason, notebook_reasons


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
