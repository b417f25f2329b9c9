"""The generated nbgrader course: cells, points, the worked solution in its region, the table the guide prints."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from ttt.exercises import exercise, exercises
from ttt.tools.assignments import (
    HIDDEN,
    SOLUTION,
    AssignmentError,
    answer_cell_source,
    answer_expression,
    assignment_notebook,
    format_points_table,
    lab_names,
    points,
    points_table,
    rubric,
    shared_names,
    autograder_test_source,
    write_course,
)
from ttt.tools.cli import main
from ttt.tools.sample_submissions import without_markers

ROOT = Path(__file__).resolve().parents[2]
CHECKED = [item for item in exercises() if item.has_check]


def test_points_star_exercises_are_worth_more_and_the_table_adds_up():
    assert points(exercise("05", 1)) == 2 and points(exercise("05", 5)) == 3   # 05.5 is ★
    rows = {row.lab: row for row in points_table()}
    assert rows["lab05_pruning"].autograded == 16 and rows["lab05_pruning"].manual == 0
    assert rows["lab02_human_play"].manual == 6                                   # two ★ open questions
    assert sum(row.total for row in rows.values()) == sum(points(item) for item in exercises())
    assert format_points_table().splitlines()[-1].startswith(f"| all | {len(exercises())} |")


def test_the_teaching_guide_prints_the_same_points_table():
    guide = (ROOT / "notebooks" / "teaching_guide.md").read_text()
    assert format_points_table() in guide.split("## Grading with nbgrader", 1)[1]


def test_lab_names_come_from_the_notebooks():
    names = lab_names()
    assert names["05"] == "lab05_pruning" and names["00"] == "lab00_index" and len(names) == 10


@pytest.mark.parametrize("item", CHECKED, ids=lambda item: item.key)
def test_every_checked_exercise_has_an_answer_region_and_a_test(item):
    cell = answer_cell_source(item)
    assert cell.count(SOLUTION[0]) == 1 and cell.count(SOLUTION[1]) == 1
    assert cell.rstrip().endswith(item.starter.strip().splitlines()[-1])          # the starter's check call last
    ast.parse(cell)                                                               # the source version parses
    released = re.sub(rf"{SOLUTION[0]}.*?{SOLUTION[1]}", "# YOUR CODE HERE\nraise NotImplementedError()", cell,
                      flags=re.S)
    ast.parse(released)                                                           # and so does the student's
    for function in item.code:
        assert f"def {function.__name__}(" in cell or f"class {function.__name__}" in cell
    test = autograder_test_source(item)
    assert f'assert_right("{item.notebook}", {item.number}, lambda: ' in test
    assert test.index(HIDDEN[0]) < test.index("assert_right_fresh(") < test.index(HIDDEN[1])


def test_a_function_answer_is_its_name_and_a_computed_one_is_a_call():
    assert answer_expression(exercise("05", 1)) == "lazy_infimum"
    assert answer_expression(exercise("00", 2)) == "games_ending_on_move_5()"
    assert answer_expression(exercise("00", 5)) == "Board.empty().play(hardest_openings()[0])"


def test_the_worked_solution_cell_runs_on_its_own_and_passes_its_check(capsys):
    """05.6: setup's shared names, then the answer cell (imports and definitions read from nb05) give a right answer."""
    from ttt.tools.assignments import setup_source

    namespace = {}
    exec(setup_source("05", ["from ttt import Board"]), namespace)  # noqa: S102 - our own generated code
    exec(without_markers(answer_cell_source(exercise("05", 6))), namespace)  # noqa: S102
    assert exercise("05", 6).judge(namespace["answer"]).ok
    assert capsys.readouterr().out.startswith("Correct:")
    assert {"EXPLORER_POSITION"} <= shared_names("05")
    assert not any(name.startswith("_") for name in shared_names("01"))


def test_the_notebook_has_setup_prompts_answers_tests_and_manual_cells():
    notebook = assignment_notebook("02", "lab02_human_play")
    meta = [cell["metadata"]["nbgrader"] for cell in notebook["cells"]]
    assert notebook["nbformat"] == 4 and notebook["metadata"]["kernelspec"]["name"] == "python3"
    setup = "".join(notebook["cells"][1]["source"])
    assert 'os.environ["TTT_GRADED"] = "1"' in setup and "from ttt.exercises import exercise" in setup
    assert "import matplotlib" not in setup and "ttt.view" not in setup                # light imports only
    tests = [m for m in meta if m["grade"] and not m["solution"]]
    manual = [m for m in meta if m["grade"] and m["solution"]]
    assert [m["points"] for m in tests] == [2, 2, 2, 2] and [m["points"] for m in manual] == [3, 3]
    assert all(m["locked"] for m in tests) and not any(m["locked"] for m in manual)
    ids = [m["grade_id"] for m in meta]
    assert len(ids) == len(set(ids)) and "ex02_5_open" in ids and "ex02_1_test" in ids


def test_the_rubric_gives_the_scale_and_the_model_answer():
    text = rubric("08", "lab08_learned_evaluation")
    assert "## 08.6 ★ A bigger board (3 points)" in text and "Model answer:" in text and "- 0 points" in text
    assert "checked by the autograder" in rubric("05", "lab05_pruning")


def test_the_command_writes_the_course(tmp_path, capsys):
    assert main(["assignments", "--out", str(tmp_path / "course"), "--notebook", "5", "--timeout", "30"]) == 0
    out = capsys.readouterr().out
    assert "lab05_pruning.ipynb" in out and "| lab05_pruning | 7 | 16 | 0 | 16 |" in out
    notebook = json.loads((tmp_path / "course" / "source" / "lab05_pruning" / "lab05_pruning.ipynb").read_text())
    assert len(notebook["cells"]) == 2 + 3 * 7
    config = (tmp_path / "course" / "nbgrader_config.py").read_text()
    assert "c.Execute.timeout = 30" in config and "limit_memory(2048)" in config
    assert (tmp_path / "course" / "rubrics" / "lab05_pruning.md").exists()
    assert not (tmp_path / "course" / "source" / "lab00_index").exists()


def test_the_command_refuses_an_unknown_notebook_in_one_line(tmp_path, capsys):
    assert main(["assignments", "--out", str(tmp_path), "--notebook", "42"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no exercises for notebook 42") and err.count("\n") == 1


def test_a_starter_without_a_check_call_is_refused():
    from dataclasses import replace

    broken = replace(exercise("05", 1), starter="def lazy_infimum(values):\n    raise NotImplementedError\n")
    with pytest.raises(AssignmentError, match="does not end with exercise"):
        answer_cell_source(broken)
