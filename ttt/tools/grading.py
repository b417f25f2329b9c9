"""The autograder's assertion, which every generated assignment's test cell calls (:mod:`ttt.tools.assignments`):
the exercise's own check, raising ``AssertionError`` with the reason the grade export reads."""

from __future__ import annotations

import importlib
import sys


def _registry():
    """The exercises' registry (:mod:`ttt.exercises.core`) that ``sys.modules`` holds now, looked up at each call:
    a hidden test re-imports the exercise modules, and a registry bound when this module was imported would then
    load freshly imported exercises whose classes are not its own (every later test cell would fail)."""
    return importlib.import_module("ttt.exercises.core")


def _judged(exercise_of, notebook: str, number: int, get_answer):
    """Judge the answer ``get_answer()`` gives; raise AssertionError with the reason the grade export reads."""
    item = exercise_of(notebook, number)
    try:
        answer = get_answer()
    except NameError as error:
        raise AssertionError(f"Exercise {item.key} is not answered: {error} (the answer cell stopped before"
                             " defining it, or was not run).") from None
    verdict = item.judge(answer)
    if verdict.status == "unanswered":
        raise AssertionError(f"Exercise {item.key} is not answered yet: {verdict.text}")
    if not verdict.ok:
        raise AssertionError(f"Exercise {item.key} is not right ({verdict.reason}):\n{verdict.text}")
    return item


def assert_right(notebook: str, number: int, get_answer) -> None:
    """The autograder's test; ``get_answer`` is a function (``lambda: forcing_moves``), so that an answer cell
    that never defined its name gives "not answered" rather than a bare ``NameError``."""
    item = _judged(_registry().exercise, notebook, number, get_answer)
    print(f"Exercise {item.key}: right.")


def assert_right_fresh(notebook: str, number: int, get_answer) -> None:
    """:func:`assert_right` on freshly imported exercise modules (an assignment's hidden test): a submission
    runs in the interpreter of its tests, so it could patch a check to pass the visible test."""
    for name in [name for name in sys.modules if name == "ttt.exercises" or name.startswith("ttt.exercises.")]:
        del sys.modules[name]
    item = _judged(_registry().exercise, notebook, number, get_answer)
    print(f"Exercise {item.key}: right (hidden test).")
