"""ttt.exercises.core: the registry, graded hints, worked solutions (verify_all); importing stays light."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

import pytest
from exercise_support import PILOT, checked_count, toy  # noqa: F401
from support import LABS_IN_MAKE_TEST, run_python

from ttt import Board
from ttt.exercises import (
    NoSuchExercise,
    core,
    exercise,
    exercises,
    notebooks,
)
from ttt.tools import exercises_command
from ttt.tools.exercises_command import verify_all

# ---------------------------------------------------------------------- the registry


def test_notebooks_are_00_to_09():
    assert notebooks() == tuple(f"{n:02d}" for n in range(10))


def test_an_exercise_can_be_named_in_several_ways():
    assert exercise("00", 3) is exercise(0, 3) is exercise("0", "3") is exercise(" 00 ", 3)
    item = exercise("00", 3)
    assert (item.notebook, item.number, item.key, item.kind) == ("00", 3, "00.3", "function")
    assert item.has_check and item.hints and item.has_solution
    assert exercises_command.info(item) == {"notebook": "00", "number": 3, "title": "Forks by search",
                                            "has_check": True, "has_hint": True, "has_solution": True}


@pytest.mark.parametrize("notebook", [42, "42", "abc", -1, None, True, 3.0])
def test_an_unknown_notebook_is_a_clear_value_error(notebook):
    with pytest.raises(NoSuchExercise) as caught:
        exercise(notebook, 1)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("there is no notebook ")
    assert str(caught.value).endswith("notebooks are 00-09")


def test_the_messages_name_the_problem():
    with pytest.raises(NoSuchExercise, match=r"^there is no notebook 42: notebooks are 00-09$"):
        exercise("42", 1)
    with pytest.raises(NoSuchExercise, match=r"^notebook 00 has no exercise 9: its exercises are 1-5$"):
        exercise("00", 9)
    with pytest.raises(NoSuchExercise, match=r"^notebook 00 has no exercise 'three': its exercises are 1-5$"):
        exercise("00", "three")
    with pytest.raises(NoSuchExercise, match=r"^there is no notebook 42"):
        exercises(42)


def test_empty_notebooks_list_nothing(empty_05):
    assert exercises("05") == []
    with pytest.raises(NoSuchExercise, match=r"^notebook 05 has no exercises yet$"):
        exercise("05", 3)
    keys = [item.key for item in exercises()]
    assert keys[:5] == ["00.1", "00.2", "00.3", "00.4", "00.5"] and {"03.1", "03.5"} <= set(keys)
    assert not any(key.startswith("05.") for key in keys)


def test_the_command_lists_an_empty_notebook_as_nothing(empty_05, capsys):
    parser = argparse.ArgumentParser()
    exercises_command.add_arguments(parser)
    assert exercises_command.run(parser.parse_args(["--json", "--notebook", "05"])) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_every_exercise_has_hints_and_a_solution():
    for item in exercises():
        assert item.hints and item.has_solution, item.key
        if item.key in PILOT:
            assert len(item.hints) >= 2, f"{item.key}: hints should go from a nudge to nearly the answer"
        assert item.prompt.strip() and item.title.strip(), item.key
        if item.has_check:
            assert item.answer is not None, f"{item.key}: a check needs a worked answer for verify_all"
    # Each solution, with its figures computed, is written in test_the_exercises_import_no_heavy_module's
    # fresh interpreter (in CI's longer checks): computing them all twice would cost a quarter of a minute.


@pytest.mark.parametrize("notebook", [pytest.param(nb, marks=[] if nb in LABS_IN_MAKE_TEST else [pytest.mark.grading])
                                      for nb in notebooks()])
def test_every_worked_solution_passes_its_own_check(notebook):
    """In this process, so a broken solution shows its check's words; the labs `make test` does not grade through
    nbgrader are checked with that grading, in `make test-grading` (half a minute less for `make test`)."""
    assert verify_all(notebook) == []


def test_verify_all_reports_a_broken_solution(monkeypatch):
    broken = replace(exercise("00", 2), answer=lambda: 1_441)
    monkeypatch.setattr(exercises_command, "exercises", lambda notebook=None: [broken])
    failures = verify_all()
    assert len(failures) == 1 and failures[0].exercise is broken
    assert "too big" in str(failures[0]) and str(failures[0]).startswith("00.2 Games, not positions")


def test_starter_cells_print_one_calm_line(capsys):
    for item in exercises():
        if not item.starter:
            continue
        exec(compile(item.starter, f"<starter {item.key}>", "exec"), {"exercise": exercise, "Board": Board})
        out, err = capsys.readouterr()
        assert out == out.strip() + "\n" and "\n" not in out.strip(), item.key
        assert out.startswith(f"Exercise {item.key} is not answered yet: "), out
        assert "Traceback" not in out and err == ""


# ---------------------------------------------------------------------- imports stay light




def test_import_ttt_does_not_import_the_exercises():
    assert run_python("import sys, ttt; print('ttt.exercises' in sys.modules)").strip() == "False"


@pytest.mark.long   # every solution's figures computed afresh: over ten seconds
def test_the_exercises_import_no_heavy_module():
    code = (
        "import sys\n"
        "from ttt.exercises import exercises\n"
        "from ttt.tools.exercises_command import verify_all\n"
        "assert verify_all('00') == []  # every kind of check once (all notebooks: in the test above)\n"
        "for item in exercises():\n"
        "    assert item.solution_markdown().startswith(f'**Solution to {item.key}: '), item.key\n"
        "print(sorted(m for m in ('ipywidgets', 'pandas', 'matplotlib', 'IPython') if m in sys.modules))\n"
    )
    assert run_python(code).strip() == "[]"


