"""Sample submissions: built from the released notebook, worked solutions without their markers, answers replaced."""

from __future__ import annotations

import json
import shutil

import pytest

from ttt.tools.assignments import SOLUTION, write_course
from ttt.tools.sample_submissions import MISBEHAVIOUR, answer_cells, answered, solved, submit, without_markers


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """Lab 02 written, and "released" by a plain copy (nbgrader's own release is tested in test_autograde.py)."""
    folder = tmp_path_factory.mktemp("course-02")
    write_course(folder, labs=["02"])
    shutil.copytree(folder / "source" / "lab02_human_play", folder / "release" / "lab02_human_play")
    return folder


def test_markers_are_taken_out_and_nothing_else():
    code = f"x = None\n{SOLUTION[0]}\nx = 1\n{SOLUTION[1]}\ncheck(x)"
    assert without_markers(code) == "x = None\nx = 1\ncheck(x)"


def test_solved_holds_every_worked_solution_and_model_answer(course):
    notebook = solved(course, "lab02_human_play")
    cells = answer_cells(notebook)
    assert sorted(cells) == ["ex02_1_answer", "ex02_2_answer", "ex02_3_answer", "ex02_4_answer"]
    assert all(SOLUTION[0] not in "".join(cell["source"]) for cell in cells.values())
    assert "def undo(game)" in "".join(cells["ex02_1_answer"]["source"])
    manual = [cell for cell in notebook["cells"] if cell["metadata"]["nbgrader"].get("grade_id") == "ex02_5_open"]
    assert manual and "".join(manual[0]["source"]).strip()


def test_answered_replaces_the_named_cells_only(course):
    notebook = answered(course, "lab02_human_play", {"ex02_3_answer": MISBEHAVIOUR["crash"]})
    cells = answer_cells(notebook)
    assert "".join(cells["ex02_3_answer"]["source"]) == MISBEHAVIOUR["crash"]
    assert "def undo(game)" in "".join(cells["ex02_1_answer"]["source"])
    with pytest.raises(KeyError, match="no answer cell ex02_9_answer"):
        answered(course, "lab02_human_play", {"ex02_9_answer": "x = 1"})


def test_submit_puts_the_notebook_where_nbgrader_collects_it(course):
    path = submit(course, "lab02_human_play", "ann", solved(course, "lab02_human_play"))
    assert path == course / "submitted" / "ann" / "lab02_human_play" / "lab02_human_play.ipynb"
    assert json.loads(path.read_text())["nbformat"] == 4


def test_every_misbehaviour_is_code_that_compiles_but_one():
    for name, code in MISBEHAVIOUR.items():
        if name == "syntax error":
            with pytest.raises(SyntaxError):
                compile(code, name, "exec")
        else:
            compile(code, name, "exec")
