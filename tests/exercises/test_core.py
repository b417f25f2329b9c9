"""ttt.exercises.core: the registry, graded hints, worked solutions (verify_all); importing stays light; graded
mode; the exercises' words in ``ttt/exercises/nbNN.md`` (their format and its errors; that the wheel ships them:
tests/test_windows_route.py, which builds it)."""

from __future__ import annotations

import argparse
import importlib
import json
from dataclasses import replace

import pytest
from exercise_support import PILOT, checked_count, toy, verdict  # noqa: F401
from support import LABS_IN_MAKE_TEST, run_python

from ttt import Board
from ttt.exercises import (
    NoSuchExercise,
    core,
    exercise,
    exercises,
    notebooks,
)
from ttt.exercises.core import TextError, _parse, graded, plain_verdict
from ttt.tools import exercises_command
from ttt.tools.cli import main
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


# ---------------------------------------------------------------------- graded mode: hints stay, solutions are withheld

@pytest.fixture
def graded_mode(monkeypatch):
    monkeypatch.setenv("TTT_GRADED", "1")


@pytest.mark.parametrize("value, on", [("1", True), ("yes", True), ("true", True), ("0", False), ("", False)])
def test_graded_is_read_from_the_environment(monkeypatch, value, on):
    monkeypatch.setenv("TTT_GRADED", value)
    assert graded() is on


def test_practice_is_the_default(monkeypatch, capsys):
    monkeypatch.delenv("TTT_GRADED", raising=False)
    assert not graded()
    result, out = verdict(capsys, "00", 2, 720)
    assert result is False and "it is too small" in out           # the practice check, as before
    exercise("00", 2).solution()
    assert "Solution to 00.2" in capsys.readouterr().out


def test_solutions_are_withheld_in_one_line(graded_mode, capsys):
    exercise("05", 3).solution()
    out = capsys.readouterr().out
    assert out.strip() == ("Solutions are withheld in graded mode (exercise 05.3): this is an assignment."
                           " Hints still work: .hint(1), .hint(2), ...")
    assert "def " not in out


def test_hints_stay_in_graded_mode(graded_mode, capsys):
    exercise("05", 3).hint(1)
    assert capsys.readouterr().out.startswith("**Hint 1 of 3** (05.3 Fail-soft by hand)")


def test_the_command_line_withholds_solutions(graded_mode, capsys):
    assert main(["exercises", "--solutions", "05"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "withheld in graded mode (notebook 05)" in err


@pytest.mark.parametrize("answer", [720, 1_441, 15_120, 240])
def test_a_wrong_number_is_only_wrong(graded_mode, capsys, answer):
    result, out = verdict(capsys, "00", 2, answer)
    assert result is False
    assert "too small" not in out and "too big" not in out and "1,440" not in out and "orders" not in out
    assert "Not right. (In graded mode a number check says only right or wrong.)" in out


def test_every_number_check_says_only_wrong(graded_mode):
    """Every number exercise, answered with a number far off: one plain line, nothing about direction."""
    for item in exercises():
        if item.kind == "number":
            judged = item.judge(10**9 if "(" not in item.starter else tuple([10**9] * 12))
            assert judged.status == "wrong" and judged.text.startswith("Not right."), item.key


def test_right_answers_and_other_kinds_are_unchanged(graded_mode, capsys):
    result, out = verdict(capsys, "00", 2, 1_440)
    assert result is True and out.startswith("Correct:")
    wrong_position = exercise("05", 2).judge("XX./OO./...")
    assert wrong_position.status == "wrong" and not wrong_position.text.startswith("Not right.")
    unanswered = exercise("00", 2).judge(None)
    assert plain_verdict(unanswered, "number") is unanswered


# ---------------------------------------------------------------------- the words: nbNN.md, its format and its errors

GOOD = """\
<!-- a comment for editors, ignored -->

## 1. First

Do this.

### Hint 1

A nudge.

### Hint 2

Nearly.

### Solution

**Why.** Because {figure:,}.

## 2. ★ Second

Then that,
over two lines.

### Hint 1

One.

### Solution

Done.
"""


def test_the_format_is_read_section_by_section():
    words = _parse("nb99.md", GOOD)
    assert sorted(words) == [1, 2]
    first, second = words[1], words[2]
    assert first == {"title": "First", "star": False, "prompt": "Do this.", "hints": ("A nudge.", "Nearly."),
                     "explanation": "**Why.** Because {figure:,}.", "giving": frozenset()}
    assert (second["title"], second["star"], second["prompt"]) == ("Second", True, "Then that,\nover two lines.")


@pytest.mark.parametrize("broken, words", [
    (GOOD.replace("## 2.", "## 1."), "nb99.md, exercise 1: a second '## 1.' heading"),
    (GOOD.replace("### Hint 2", "### Hint 3"), "'### Hint 3' should be '### Hint 2'"),
    (GOOD.replace("### Solution\n\nDone.", "### Hint 2\n\nDone."), "exercise 2: needs a prompt"),
    (GOOD.replace("Done.", "Done.\n\n### Hint 2\n\nLate."), "'### Hint 2' comes after '### Solution'"),
    (GOOD.replace("Done.", "Done.\n\n### Solution\n\nAgain."), "exercise 2: a second '### Solution'"),
    (GOOD.replace("Do this.", ""), "exercise 1: needs a prompt"),
])
def test_a_broken_file_names_the_exercise_and_the_heading(broken, words):
    with pytest.raises(TextError, match=words.replace("(", r"\(").replace("*", r"\*")):
        _parse("nb99.md", broken)


def test_every_exercise_has_its_words_and_every_section_its_exercise():
    for notebook in notebooks():
        said = core.words(notebook)
        assert sorted(said) == [item.number for item in exercises(notebook)], notebook
    item = exercise("05", 5)
    assert (item.title, item.star, len(item.hints)) == ("Perfect ordering", True, 3)


def test_words_without_an_exercise_and_an_exercise_without_words_are_errors(monkeypatch):
    real = core.words("03")
    monkeypatch.setattr(core, "words", lambda notebook: {**real, 9: real[1]} if notebook == "03" else {})
    core._load.cache_clear()
    try:
        with pytest.raises(TextError, match=r"nb03.md has words for exercises that nb03.py lacks: \[9\]"):
            exercises("03")
        with pytest.raises(TextError, match="nb04.md has no '## 1.' heading for exercise 1"):
            exercises("04")
    finally:
        core._load.cache_clear()


def test_an_exercise_list_with_a_stranger_or_a_number_twice_is_an_error_that_says_so(monkeypatch):
    module = importlib.import_module("ttt.exercises.nb03")
    first = module.EXERCISES[0]
    for listed, error, words in (([first, "not an exercise"], TypeError, "holds str, not Exercise"),
                                 ([first, first], ValueError, f"numbers two exercises {first.number}")):
        monkeypatch.setattr(module, "EXERCISES", listed)
        core._load.cache_clear()
        try:
            with pytest.raises(error, match=words):
                exercises("03")
        finally:
            core._load.cache_clear()


def test_a_template_is_filled_with_its_figures():
    item = exercise("00", 2)
    assert item.figures is not None and callable(item.explanation)
    assert "8 × 6 × 30 = 1,440" in item.explanation()
    assert "{" not in item.explanation()
