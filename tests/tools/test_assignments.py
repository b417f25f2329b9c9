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
    config_text,
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
    assert rows["lab05_pruning"].autograded == 16 and rows["lab05_pruning"].manual == 1   # 05.6's explanation
    assert rows["lab02_human_play"].manual == 6                                   # two ★ open questions
    assert sum(row.total for row in rows.values()) == sum(points(item) for item in exercises()) + 3  # explanations
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
    assert test.rindex(HIDDEN[0]) < test.index("assert_right_fresh(") < test.rindex(HIDDEN[1])
    if item.kind == "number":   # the practice-mode words kept for the feedback: hidden, before the visible test
        assert test.index(HIDDEN[0]) < test.index("record_practice_words(") < test.index(HIDDEN[1]) < test.index(
            "assert_right(")
    else:
        assert "record_practice_words" not in test and test.count(HIDDEN[0]) == 1


def test_a_function_answer_is_its_name_and_a_computed_one_is_a_call():
    assert answer_expression(exercise("05", 1)) == "lazy_infimum"
    assert answer_expression(exercise("00", 2)) == "games_ending_on_move_5()"
    assert answer_expression(exercise("00", 5)) == "Board.empty().play(hardest_openings()[0])"


def test_the_worked_solution_cell_runs_on_its_own_and_passes_its_check(capsys, monkeypatch):
    """05.6: setup's shared names, then the answer cell (imports and definitions read from nb05) give a right answer."""
    from ttt.tools.assignments import setup_source

    monkeypatch.setenv("TTT_GRADED", "0")  # the setup turns graded mode on; monkeypatch puts it back afterwards
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
    assert "checked by the autograder" in rubric("04", "lab04_minimax")


def test_the_command_writes_the_course(tmp_path, capsys):
    assert main(["assignments", "--out", str(tmp_path / "course"), "--notebook", "5", "--timeout", "30"]) == 0
    out = capsys.readouterr().out
    assert "lab05_pruning.ipynb" in out and "| lab05_pruning | 7 | 16 | 1 | 17 |" in out
    notebook = json.loads((tmp_path / "course" / "source" / "lab05_pruning" / "lab05_pruning.ipynb").read_text())
    assert len(notebook["cells"]) == 2 + 3 * 7 + 2  # the explorer's cell, the explanation of 05.6
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


RUN_RELEASE = r'''
import json, sys, traceback
from ttt.tools.assignments import assignment_notebook, lab_names
from ttt.tools.sample_submissions import answer_cells, without_markers

problems = []
for notebook, lab in lab_names().items():
    cells = assignment_notebook(notebook, lab)["cells"]
    namespace = {"__name__": "__main__"}
    answers = answer_cells({"cells": cells})
    for cell in cells:
        meta = cell["metadata"]["nbgrader"]
        if cell["cell_type"] != "code" or meta["grade"] or meta["grade_id"] in answers:
            continue  # the autograder's tests and the answers are nbgrader's; the setup and the lab's cells run here
        code = without_markers("".join(cell["source"]))
        try:
            exec(compile(code, meta["grade_id"], "exec"), namespace)
        except NameError as error:
            problems.append(f"{lab} {meta['grade_id']}: {error}")
        except Exception:
            pass  # a check that says 'not right' is not this test's business
    missing = sorted(name for name in LAB_DEFINED[notebook] if name not in namespace)
    if missing:
        problems.append(f"{lab}: the prompts name {missing}, which the release does not define")
print(json.dumps(problems))
'''


@pytest.mark.grading
def test_every_release_defines_what_its_prompts_name():
    """The release's own setup and its lab cells (the explorer), lab by lab, in a fresh process (the setup turns
    graded mode on): no NameError, and every name a prompt tells students to use that the lab notebook defines is
    defined.  The worked answers are not run here: nbgrader grades them in every release with full marks
    (``test_autograde.py``'s three and seven labs), which a NameError in an answer would cost."""
    import subprocess
    import sys

    from ttt.tools.assignments import NOTEBOOKS_DIR, lab_names, prompt_definitions

    defined = {nb: sorted(prompt_definitions(nb, next(iter(sorted(NOTEBOOKS_DIR.glob(f"{nb}_*.ipynb"))))))
               for nb in lab_names()}
    assert {"size", "gametree", "Tree", "full", "counts"} <= set(defined["03"]) and "noisy" in defined["05"]
    script = f"LAB_DEFINED = {defined!r}\n" + RUN_RELEASE
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_each_answer_cell_has_one_placeholder_and_each_explanation_a_graded_cell():
    notebook = assignment_notebook("05", "lab05_pruning")
    config = config_text()
    assert 'c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE"}' in config
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        released = re.sub(rf"{SOLUTION[0]}.*?{SOLUTION[1]}", "# YOUR CODE HERE", source, flags=re.S)
        assert released.count("NotImplementedError") <= 1
    why = [cell["metadata"]["nbgrader"] for cell in notebook["cells"]
           if cell["metadata"]["nbgrader"]["grade_id"].endswith("_why")]
    assert [(m["grade_id"], m["points"], m["grade"], m["solution"]) for m in why] == [("ex05_6_why", 1, True, True)]
    assert "## 05.6 Beyond the window: the explanation (1 point)" in rubric("05", "lab05_pruning")
    assert any("TreeExplorer(" in "".join(cell["source"]) for cell in notebook["cells"])
