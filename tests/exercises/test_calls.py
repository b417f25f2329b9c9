"""ttt.exercises.calls: the one guard for the learner's code, and its time budget.

The bounds on time are generous and measured in CPU time (the budget's own
clock), so a busy machine does not make them flaky.
"""

from __future__ import annotations

import re
import signal
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from unittest.mock import patch

import pytest
from exercise_support import MARGIN, short_budget

from ttt.exercises import calls
from ttt.exercises.calls import (Budget, Learner, OutOfTime, Stop, budget_scope, is_learners_file,
                                 loops, run_judge)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def judged(function, *args, **words):
    """The verdict of calling ``function(*args)`` through the guard, and the CPU time it took."""
    start = time.process_time()
    verdict = run_judge(lambda answer: Learner(answer, "f", args="n", **words)(*args, where="on n=3"), function)
    return verdict, time.process_time() - start


def test_a_result_is_returned_and_the_learners_calls_are_counted_when_traced():
    def check(answer):
        learner = Learner(answer, "fib", args="n", budget=Budget(mode="trace"))
        assert learner(10) == 55
        assert learner.budget.calls == 177          # fib(10) makes 177 calls of fib
        return "done"

    assert run_judge(check, fib) == "done"


def test_the_timer_traces_nothing():
    # the learner's code runs at full speed: no trace function is ever installed, and no call is counted
    seen = []

    def f(n):
        seen.append(sys.gettrace())
        return fib(n)

    budget = Budget(mode="timer")
    assert budget.run(f, 15) == 610
    assert seen == [None] and budget.calls == 0


def test_not_callable_says_how_to_pass_a_function():
    verdict, _ = judged(55)
    assert verdict.status == "wrong" and verdict.mistake == "not-callable"
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
    assert verdict.status == "wrong" and verdict.mistake == "error" and verdict.reason == "error"
    assert verdict.text.startswith("f raised an error on n=3:\nIndexError: list index out of range\n(in f, line ")
    assert verdict.text.endswith("return [][n])")


def recursion_without_memo(n):
    return fib(40)


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


def endless_with_a_bare_except(n):
    while True:
        try:
            i = 0
            while True:
                i += 1
        except:  # noqa: E722 - a learner's bare except must not keep it running past the budget
            pass


def bare_except_that_returns(n):
    try:
        while True:
            pass
    except:  # noqa: E722
        return 42


MODES = ["timer", "trace"]


@contextmanager
def patch_mode(mode):
    """Every budget made inside runs in ``mode`` (a check's own budget is made by ``run_judge``)."""
    with patch.object(calls, "timer_available", lambda: mode == "timer"):
        yield


def judged_in(mode, function, *args, **words):
    def check(answer):
        return Learner(answer, "f", args="n", budget=Budget(mode=mode), **words)(*args, where="on n=3")

    start = time.process_time()
    verdict = run_judge(check, function)
    return verdict, time.process_time() - start


ENDLESS_CASES = [(mode, function) for mode in MODES
                 for function in (endless, endless_on_one_line, endless_comprehension, endless_with_a_bare_except,
                                  bare_except_that_returns)
                 # sys.settrace (trace mode before Python 3.12) drops a trace function that raises, so there a
                 # bare `except:` in a loop can keep the code running: the limit the module's docstring states
                 if mode == "timer" or hasattr(sys, "monitoring") or function is not endless_with_a_bare_except]


@pytest.mark.parametrize("mode, function", ENDLESS_CASES)
def test_an_endless_loop_is_stopped_within_the_budget_and_named(mode, function):
    # every shape of endless code is stopped by a short budget (test_checks.py runs the real 2.5 s one)
    with short_budget() as seconds:
        verdict, spent = judged_in(mode, function, 3, slow="Is the memo used?")
    assert verdict.status == "wrong" and spent < seconds + MARGIN
    assert verdict.mistake == "endless-loop" and verdict.reason == "too slow"
    assert verdict.text.startswith("f never finished on n=3:\nIt was stopped after 0.4 s of CPU time")
    assert "Is the memo used?" not in verdict.text    # a loop is not a missing memo


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("function", [recursion_without_memo, endless_swallowing_exceptions])
def test_wasteful_work_is_too_slow_and_counts_the_calls(mode, function):
    with short_budget() as seconds:
        verdict, spent = judged_in(mode, function, 3, slow="Is the memo used?")
    assert verdict.status == "wrong" and spent < seconds + MARGIN
    assert verdict.mistake == "too-slow"
    assert verdict.text.startswith("f is too slow on n=3:\nIt was stopped after 0.4 s of CPU time, having made ")
    assert verdict.text.endswith("calls of its own functions. Is the memo used?")


def test_too_slow_compares_the_calls_with_the_work_needed():
    def check(answer):
        return Learner(answer, "f", args="n", work=lambda n: (1_870, "positions exist below this board"))(
            3, where="on n=3")

    with short_budget():
        verdict = run_judge(check, recursion_without_memo)
    assert verdict.mistake == "too-slow"
    assert ("having made more than 18,700 calls of its own functions where 1,870 positions exist below this board"
            in verdict.text)


def test_the_real_budget_stops_an_endless_loop_within_three_seconds_of_cpu():
    verdict, spent = judged(endless, 3)
    assert verdict.mistake == "endless-loop" and spent < 3.0


def test_one_budget_for_the_whole_check():
    with budget_scope() as outer:
        with budget_scope() as inner:
            assert inner is outer
        learner = Learner(lambda n: n, "f")
        assert learner.budget is outer
        learner(1)
        assert 0 <= outer.spent < 1
    outer.spent = outer.seconds = outer.most
    with pytest.raises(Stop):
        Learner(lambda n: n, "f", budget=outer)(1)     # a budget spent and grown to its most stops the next call


@pytest.mark.parametrize("mode", MODES)
def test_the_trace_timer_and_handlers_are_removed_afterwards(mode):
    before = sys.gettrace(), signal.getsignal(signal.SIGPROF), signal.getsignal(signal.SIGALRM)
    Budget(mode=mode).run(fib, 5)
    with short_budget(), pytest.raises(OutOfTime):
        Budget(mode=mode).run(endless, 5)
    assert (sys.gettrace(), signal.getsignal(signal.SIGPROF), signal.getsignal(signal.SIGALRM)) == before
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0) and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@dataclass(frozen=True)
class Node:
    board: tuple
    children: tuple = ()


def build_nodes(n):
    return Node((n,), tuple(Node((i,)) for i in range(n)))


def test_generated_code_is_not_the_learners():
    # dataclasses write __init__, __eq__ and __hash__ at run time, with the file name "<string>": not counted
    budget = Budget(mode="trace")
    budget.run(build_nodes, 50)
    assert budget.calls == 1
    assert not is_learners_file("<string>")


@pytest.mark.parametrize("mode", MODES)
def test_the_checks_own_work_inside_a_call_is_not_counted(mode):
    budget = Budget(0.3, mode=mode)

    def call(function, n):
        with budget.paused():
            fib(27)                                  # the check's reference work: ~0.5 s, more than the budget
        return function(n)

    assert budget.run(call, fib, 10) == 55 and budget.spent < 0.3


def test_only_one_line_loops_get_opcode_tracing():
    assert loops(endless_on_one_line.__code__) == (True, True)
    assert loops(endless.__code__) == (True, False)
    assert loops(fib.__code__) == (False, False)


def waits(n):
    import time as clock
    clock.sleep(60)


def test_code_that_waits_is_stopped_by_the_wall_clock(monkeypatch):
    # a function that sleeps (or waits for input()) uses no CPU: the wall-clock backstop stops it
    monkeypatch.setattr(calls, "WAITING_SECONDS", 0.5)
    start = time.perf_counter()
    verdict, _ = judged_in("timer", waits, 3)
    assert verdict.reason == "too slow" and time.perf_counter() - start < 5    # not the 60 s it would sleep
    # named for what it did (no second run, no grown budget), not "never finished ... a loop in it never ends"
    assert verdict.mistake == "waits" and verdict.text.startswith("f waited on n=3:") and "input()" in verdict.text


def busy(n):
    """A right answer that is slow by a constant factor: each call spends ``n`` ms of CPU in C code, then returns."""
    start = time.process_time()
    while time.process_time() - start < n / 1000:
        sum(range(20_000))
    return n


def many_calls(times):
    """A check that asks the learner's function ``times`` times, as a check of many positions does."""
    def check(answer):
        learner = Learner(answer, "f", args="n")
        return [learner(20, where="on n=20") for _ in range(times)]
    return check


@pytest.mark.parametrize("mode", MODES)
def test_many_slow_calls_that_each_finish_grow_the_budget_and_are_accepted(mode):
    # 30 calls of 20 ms: 0.6 s, over a 0.4 s budget; slower is not wasteful, so the budget grows (up to four)
    with short_budget(), patch_mode(mode):
        got = run_judge(many_calls(30), busy)
    assert got == [20] * 30


@pytest.mark.parametrize("mode", MODES)
def test_calls_that_each_finish_but_outrun_the_grown_budget_are_named_slow_calls_not_an_endless_loop(mode):
    with short_budget(), patch_mode(mode):
        start = time.process_time()
        verdict = run_judge(many_calls(200), busy)      # 4 s of calls; the budget grows to 1.6 s at most
        spent = time.process_time() - start
    assert verdict.mistake == "slow-calls" and verdict.reason == "too slow", verdict.text
    assert verdict.text.startswith("f is too slow in all on n=20:\nEach call finishes, but the check had called it ")
    per_call = re.search(r"ran out of 1.6 s of CPU time: about (\d+) ms a call", verdict.text)
    assert per_call and 20 <= int(per_call[1]) <= 30, verdict.text   # the retried calls' starts count too
    assert spent < 1.6 + 2 * MARGIN


def test_the_timer_counts_cpu_time_spent_in_c_code():
    # ticks that land during one long C call arrive as one signal: the budget counts CPU time, not ticks
    budget = Budget(mode="timer")
    start = time.process_time()
    for _ in range(5):
        budget.run(busy, 40)
    assert budget.spent >= 0.9 * (time.process_time() - start)


def test_only_the_default_budget_grows():
    # the graded second look (four budgets) and the timing table give their seconds: those do not grow again
    assert Budget().most == calls.GROWTH * calls.BUDGET_SECONDS
    assert Budget(10).most == 10


def exits(n):
    sys.exit("done")


def test_exit_in_the_learners_code_is_its_error_not_the_end_of_the_check():
    verdict, _ = judged(exits, 3)
    assert verdict.mistake == "error" and "SystemExit: done" in verdict.text
