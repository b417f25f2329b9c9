"""ttt.exercises.calls: the one guard for the learner's code, and its time budget.

The bounds on time are generous and measured in CPU time (the budget's own
clock), so a busy machine does not make them flaky.
"""

from __future__ import annotations

import time

import pytest
from exercise_support import MARGIN, short_budget

from ttt.exercises.calls import Budget, Learner, Stop, budget_scope, has_one_line_loop, run_judge


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def judged(function, *args, **words):
    """The verdict of calling ``function(*args)`` through the guard, and the CPU time it took."""
    start = time.process_time()
    verdict = run_judge(lambda answer: Learner(answer, "f", args="n", **words)(*args, where="on n=3"), function)
    return verdict, time.process_time() - start


def test_a_result_is_returned_and_the_learners_calls_are_counted():
    def check(answer):
        learner = Learner(answer, "fib", args="n")
        assert learner(10) == 55
        assert learner.budget.calls == 177          # fib(10) makes 177 calls of fib
        return "done"

    assert run_judge(check, fib) == "done"


def test_not_callable_says_how_to_pass_a_function():
    verdict, _ = judged(55)
    assert verdict.status == "wrong"
    assert verdict.text == ("The check needs the function f itself, but it got 55 (an int).\n"
                            "Pass the function without calling it: check(f), not check(f(n)).")


def test_not_implemented_on_the_first_call_is_not_answered_yet():
    def f(n):
        raise NotImplementedError  # replace this line with your code

    verdict, _ = judged(f, 3, todo="write f.")
    assert verdict.status == "unanswered" and verdict.text == "write f."


def test_not_implemented_later_is_the_learners_error():
    def check(answer):
        learner = Learner(answer, "f")
        learner(0)
        learner(1, where="on 1")

    def f(n):
        if n:
            raise NotImplementedError("not yet for 1")
        return 0

    verdict = run_judge(check, f)
    assert verdict.status == "wrong" and "f raised an error on 1:\nNotImplementedError: not yet for 1" in verdict.text


def test_an_error_is_reported_with_the_learners_line_and_the_board():
    def f(n):
        return [][n]

    verdict, _ = judged(f, 3)
    assert verdict.status == "wrong"
    assert verdict.text.startswith("f raised an error on n=3:\nIndexError: list index out of range\n(in f, line ")
    assert verdict.text.endswith("return [][n])")


def recursion_without_memo(n):
    return fib(32)


def endless(n):
    i = 0
    while True:
        i += 1


def endless_on_one_line(n):
    while True: pass  # noqa: E701 - the loop that raises no line events


def endless_comprehension(n):
    import itertools
    return [x for x in itertools.count() if x < 0]


def endless_swallowing_exceptions(n):
    while True:
        try:
            fib(20)
        except Exception:  # noqa: BLE001 - a learner's catch-all does not swallow the budget
            pass


@pytest.mark.parametrize("function", [recursion_without_memo, endless, endless_on_one_line, endless_comprehension,
                                      endless_swallowing_exceptions])
def test_too_slow_is_stopped_within_the_budget_with_the_number_of_calls(function):
    # every shape of endless code is stopped by a short budget (test_checks.py runs the real 2.5 s one)
    with short_budget() as seconds:
        verdict, spent = judged(function, 3, slow="Is the memo used?")
    assert verdict.status == "wrong" and spent < seconds + MARGIN
    assert verdict.text.startswith("f is too slow: it made ")
    assert verdict.text.endswith(f" in {seconds:g} s on n=3 without finishing. Is the memo used?")


def test_too_slow_counts_the_calls():
    verdict, _ = judged(recursion_without_memo, 3)
    calls = int(verdict.text.split("made ")[1].split(" call")[0].replace(",", ""))
    assert calls > 10_000


def test_one_budget_for_the_whole_check():
    with budget_scope() as outer:
        with budget_scope() as inner:
            assert inner is outer
        learner = Learner(lambda n: n, "f")
        assert learner.budget is outer
        learner(1)
        assert 0 <= outer.spent < 1
    outer.spent = outer.seconds
    with pytest.raises(Stop):
        Learner(lambda n: n, "f", budget=outer)(1)     # a spent budget stops the next call at once


def test_the_trace_is_removed_afterwards():
    import sys

    before = sys.gettrace()
    Budget().run(fib, 5)
    assert sys.gettrace() is before


def test_only_one_line_loops_get_opcode_tracing():
    assert has_one_line_loop(endless_on_one_line.__code__)
    assert not has_one_line_loop(endless.__code__)
    assert not has_one_line_loop(fib.__code__)
