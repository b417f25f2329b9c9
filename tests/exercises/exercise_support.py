"""What the exercise tests share: the pilot exercises, a count of checkable ones, toy exercises."""

from __future__ import annotations

import inspect
import textwrap
import time
from contextlib import contextmanager
from unittest.mock import patch

from ttt.exercises import Exercise, calls, exercise, exercises

PILOT = ("00.1", "00.2", "00.3", "00.4", "00.5", "03.1", "03.5")


def checked_count() -> int:
    """How many registered exercises code can check."""
    return sum(item.has_check for item in exercises())


def toy(checker, **fields) -> Exercise:
    """An exercise outside the registry, for testing one check on its own."""
    values = dict(number=1, title="Toy", prompt="A toy.", hints=("a nudge", "nearly"), explanation="Because.",
                  checker=checker, notebook="99")
    values.update(fields)
    return Exercise(**values)


def verdict(capsys, notebook: str, number: int, answer):
    """Check ``answer`` as a learner would: ``(result, what was printed)``; nothing on stderr, no traceback."""
    result = exercise(notebook, number).check(answer)
    out, err = capsys.readouterr()
    assert err == "" and "Traceback" not in out
    return result, out


def assert_unanswered(capsys, notebook: str, number: int, answer) -> None:
    """A starter's placeholder answer gets one calm line, "not answered yet", and ``False``."""
    result, out = verdict(capsys, notebook, number, answer)
    assert result is False and out.startswith(f"Exercise {notebook}.{number} is not answered yet")
    assert len(out.splitlines()) == 1


def forever(*args, **kwargs):
    """A learner's function that never returns: every check must stop it within its budget."""
    while True:
        pass


def quick_verdict(capsys, notebook: str, number: int, answer, seconds: float = 3.0):
    """``verdict``, and the check took under ``seconds`` of CPU time (the clock of the checks' budget)."""
    start = time.process_time()
    result, out = verdict(capsys, notebook, number, answer)
    spent = time.process_time() - start
    assert spent < seconds, f"exercise {notebook}.{number} took {spent:.1f} s of CPU time to answer"
    return result, out


MARGIN = 3.0 - calls.BUDGET_SECONDS
"""What a check may spend around the learner's code: 2.5 s of budget + 0.5 s = the 3 s a check answers within
(the 0.2 s second run that counts a stopped answer's calls included)."""


@contextmanager
def short_budget(seconds: float = 0.4):
    """The checks' budget cut to ``seconds`` (a budget reads ``calls.BUDGET_SECONDS`` when it is made).

    An endless answer then costs 0.4 s of a test run instead of 2.5 s, and the check's own work
    around it is held to the same :data:`MARGIN`; ``tests/exercises/test_calls.py`` runs the real budget.
    """
    with patch.object(calls, "BUDGET_SECONDS", seconds):
        yield seconds


def assert_stopped_in_time(capsys, notebook: str, number: int, answer, name: str) -> str:
    """A learner's function that never returns is stopped by the budget and named an endless loop (its id), and
    the check's own work around the budget stays within :data:`MARGIN`."""
    with short_budget():
        start = time.process_time()
        judged = exercise(notebook, number).judge(answer)
        spent = time.process_time() - start
    assert judged.mistake == "endless-loop" and judged.reason == "too slow", judged.text
    # the budget, the short second run that counts the calls for the words, and the check's own (cold) work
    assert spent < 0.4 + MARGIN + calls.DIAGNOSIS_SECONDS, f"exercise {notebook}.{number} took {spent:.1f} s of CPU"
    with short_budget() as seconds:
        result, out = quick_verdict(capsys, notebook, number, answer, seconds + MARGIN + calls.DIAGNOSIS_SECONDS)
    assert result is False and out.startswith(f"{name} never finished"), out
    return out


def as_learners(*functions):
    """The package's own worked solutions, compiled again as a learner's cell defines them: outside the
    package, so the checks' budget traces and counts them as it does a learner's code."""
    namespace = dict(vars(inspect.getmodule(functions[0])))
    source = "\n\n".join(textwrap.dedent(inspect.getsource(function)) for function in functions)
    exec(compile(source, "<a learner's cell>", "exec"), namespace)  # noqa: S102 - the package's own code
    return tuple(namespace[function.__name__] for function in functions)
