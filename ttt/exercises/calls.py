"""Calling the learner's code: one guard, under one time budget, that ends in a verdict.

Every check that runs a learner's function runs it through :class:`Learner`,
so that whatever the function does ends the check with words, never with a
traceback or a hang:

* not a function at all: "The check needs the function NAME itself ...";
* ``NotImplementedError`` on its first call: the untouched starter, "not answered yet";
* any other error: the learner's error and their own line (:func:`describe_exception`);
* too slow (an endless loop, a search without its memo): stopped after
  :data:`BUDGET_SECONDS` of the learner's code in all, with "too slow: it made
  N calls in 2.5 s ...".

The budget works without threads and without signals (JupyterLite's Pyodide
has neither): while the learner's code runs, a trace function
(:func:`sys.settrace`) counts the calls of the learner's own functions and
looks at the clock (CPU time, with a wall-clock backstop); past the deadline
it raises inside the learner's frame.
Only code outside the ``ttt`` package and outside the Python installation
counts as the learner's, so the package's own code runs untraced at full speed.

A judge stops early by raising :class:`Stop` with its verdict;
:meth:`ttt.exercises.checks.Check.judge` turns it back into the verdict, and
opens one :class:`Budget` for the whole check, shared by every learner
function the check calls.
"""

from __future__ import annotations

import dis
import os
import sys
import sysconfig
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter, process_time

from ttt.exercises.verdicts import Verdict, describe_exception, describe_value, unanswered, wrong
from ttt.exercises.words import listing, plural

__all__ = ["BUDGET_SECONDS", "Budget", "Learner", "Stop", "stop", "budget_scope", "current_budget", "run_judge",
           "untouched"]

BUDGET_SECONDS = 2.5
"""The learner's code gets this much time per check, so every check answers within 3 s.

Measured as the process's CPU time, so that a busy machine (a lab server, CI
with other jobs) does not fail a right answer; a wall-clock backstop of
:data:`WALL_FACTOR` times as much stops code that waits rather than computes.
"""

WALL_FACTOR = 4

SLOW = "Does it loop forever, or search far more than it needs?"
"""The default last sentence of "too slow"; a check about a memo says "Is the memo used?"."""


def untouched(*names: str) -> str:
    """What an untouched starter is told: "replace the line `raise NotImplementedError` in NAME with your code ..."."""
    lines = "line" if len(names) == 1 else "lines"
    return f"replace the {lines} `raise NotImplementedError` in {listing(names)} with your code, then run the cell again."


class Stop(Exception):
    """Ends a check early with its verdict; :meth:`Check.judge` returns the verdict."""

    def __init__(self, verdict: Verdict):
        super().__init__(verdict.text)
        self.verdict = verdict


def stop(*parts) -> None:
    """End the check with a wrong verdict made of ``parts`` (text, boards)."""
    raise Stop(wrong(*parts))


class OutOfTime(BaseException):
    """Raised inside the learner's frame when the budget is spent.

    A ``BaseException``, like ``KeyboardInterrupt``, so that an ``except
    Exception`` in the learner's code does not swallow it.
    """


def _installation_dirs() -> tuple[str, ...]:
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = {package + os.sep}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            found.add(os.path.abspath(path) + os.sep)
    return tuple(sorted(found))


_NOT_THE_LEARNERS = _installation_dirs()
_IS_LEARNERS: dict[str, bool] = {}
_NOT_COUNTED = ("<listcomp>", "<genexpr>", "<dictcomp>", "<setcomp>", "<module>")


def is_learners_file(filename: str) -> bool:
    """Whether code from ``filename`` is the learner's: not the package's, not Python's own."""
    mine = _IS_LEARNERS.get(filename)
    if mine is None:
        if filename.startswith("<frozen"):
            mine = False
        else:
            mine = not os.path.abspath(filename).startswith(_NOT_THE_LEARNERS)
        _IS_LEARNERS[filename] = mine
    return mine


_ONE_LINE_LOOPS: dict = {}


def has_one_line_loop(code) -> bool:
    """Whether ``code`` jumps back within one line (``while True: pass``), a loop with no line events.

    Python reports no new line while such a loop spins, so its frame is traced
    opcode by opcode instead; every other frame only line by line.
    """
    found = _ONE_LINE_LOOPS.get(code)
    if found is None:
        lines, jumps = {}, []
        line = None
        for instruction in dis.get_instructions(code):
            line = instruction.positions.lineno if instruction.positions and instruction.positions.lineno else line
            lines[instruction.offset] = line
            if "JUMP" in instruction.opname and isinstance(instruction.argval, int) \
                    and instruction.argval <= instruction.offset:
                jumps.append((instruction.argval, line))
        found = _ONE_LINE_LOOPS[code] = any(lines.get(target) == line for target, line in jumps)
    return found


class Budget:
    """Time for the learner's code in one check (see :data:`BUDGET_SECONDS`), and a count of the calls it made.

    ``run(function, *args)`` calls ``function`` under the trace; the time it
    takes is added to ``spent``; once ``spent`` reaches ``seconds`` every
    further run raises :class:`OutOfTime` at once.  ``calls`` counts the calls
    of the learner's own functions (comprehensions aside), the figure that
    shows a missing memo.
    """

    def __init__(self, seconds: float | None = None):
        self.seconds = BUDGET_SECONDS if seconds is None else seconds   # read now, so a test can shorten it
        self.spent = 0.0
        self.calls = 0
        self._deadline: float | None = None
        self._wall_deadline = 0.0
        self._lines = 0

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.seconds

    def run(self, function, *args, **kwargs):
        if self._deadline is not None:       # already inside the learner's code: one budget, one trace
            return function(*args, **kwargs)
        if self.exhausted:
            raise OutOfTime
        start = process_time()
        self._deadline = start + self.seconds - self.spent
        self._wall_deadline = perf_counter() + WALL_FACTOR * (self.seconds - self.spent)
        previous = sys.gettrace()
        sys.settrace(self._on_call)
        try:
            return function(*args, **kwargs)
        finally:
            sys.settrace(previous)
            self._deadline = None
            self.spent += process_time() - start

    def _late(self) -> bool:
        return process_time() > self._deadline or perf_counter() > self._wall_deadline

    def _on_call(self, frame, event, arg):
        code = frame.f_code
        if not is_learners_file(code.co_filename):
            return None                      # the package's and Python's code run untraced
        if code.co_name not in _NOT_COUNTED:
            self.calls += 1
        self._lines += 1
        if not self._lines & 15 and self._late():
            raise OutOfTime
        if has_one_line_loop(code):
            frame.f_trace_opcodes = True
        return self._on_line

    def _on_line(self, frame, event, arg):
        self._lines += 1
        if not self._lines & 1023 and self._late():
            raise OutOfTime                  # an endless loop that calls nothing of its own
        return self._on_line


_CURRENT: ContextVar[Budget | None] = ContextVar("ttt_exercise_budget", default=None)


@contextmanager
def budget_scope(seconds: float | None = None):
    """One budget for everything inside: the outermost scope makes it, inner scopes share it."""
    outer = _CURRENT.get()
    if outer is not None:
        yield outer
        return
    budget = Budget(seconds)
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def current_budget() -> Budget:
    """The budget of the check being judged, or a fresh one outside any check."""
    return _CURRENT.get() or Budget()


def run_judge(judge, answer) -> Verdict:
    """``judge(answer)`` inside one budget, with a :class:`Stop` turned back into its verdict."""
    with budget_scope():
        try:
            return judge(answer)
        except Stop as stopped:
            return stopped.verdict


class Learner:
    """The learner's function ``name``, called the one way every check calls it.

    ``Learner(answer, "memo_score", args="board, table, stats")`` stops the
    check at once when ``answer`` is not callable (``args`` completes "not
    check(memo_score(board, table, stats))").  Calling it,
    ``learner(*args, where="on this board (X to move)", show=(board,))``,
    returns what the function returns, or stops the check with a verdict:
    "not answered yet" (``todo``) for ``NotImplementedError`` on the first
    call, the learner's error with ``show`` and ``note`` for any other error,
    and "too slow" (ending with ``slow``) when the check's budget runs out.
    """

    def __init__(self, function, name: str, *, args: str = "board", todo: str | None = None,
                 slow: str = SLOW, budget: Budget | None = None):
        if not callable(function):
            stop(
                f"The check needs the function {name} itself, but it got {describe_value(function)}.",
                f"Pass the function without calling it: check({name}), not check({name}({args})).",
            )
        self.function = function
        self.name = name
        self.todo = todo or untouched(name)
        self.slow = slow
        self.budget = budget or current_budget()
        self.called = 0

    def __call__(self, *args, where: str = "", show=(), note=None, call=None, allow=(), describe=None):
        """``function(*args)``, or ``call(function, *args)`` when the check needs more than the return value.

        Exceptions of the types in ``allow`` are the learner's answer (a ``BoardError``
        the exercise asks for) and reach the caller as they are.  ``describe()``, given
        instead of ``where`` and ``show``, returns the two: it runs only when the call
        ends in a message.
        """
        first = self.called == 0
        self.called += 1
        try:
            if call is None:
                return self.budget.run(self.function, *args)
            return self.budget.run(call, self.function, *args)
        except OutOfTime:
            raise Stop(self.too_slow(self._named(where, show, describe)[0])) from None
        except NotImplementedError as error:
            if first:
                raise Stop(unanswered(self.todo)) from None
            raise Stop(self._error(error, *self._named(where, show, describe), note)) from None
        except Stop:
            raise
        except allow:
            raise
        except Exception as error:  # noqa: BLE001 - the learner's bug, reported in words
            raise Stop(self._error(error, *self._named(where, show, describe), note)) from None

    @staticmethod
    def _named(where: str, show, describe) -> tuple[str, tuple]:
        """``(where, show)``: as given, or from ``describe()``, called only now that a message needs them."""
        return describe() if describe is not None else (where, show)

    def _error(self, error: Exception, where: str, show, note) -> Verdict:
        return wrong(f"{self.name} raised an error{' ' + where if where else ''}:",
                     *show, describe_exception(error), note)

    def too_slow(self, where: str = "") -> Verdict:
        budget = self.budget
        return wrong(
            f"{self.name} is too slow: it made {plural(budget.calls, 'call')} in {budget.seconds:g} s"
            f"{' ' + where if where else ''} without finishing. {self.slow}"
        )
