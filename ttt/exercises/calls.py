"""Calling the learner's code: one guard, under one time budget, that ends in a verdict.

Every check that runs a learner's function runs it through :class:`Learner`,
so that whatever the function does ends the check with words, never with a
traceback or a hang:

* not a function at all: "The check needs the function NAME itself ...";
* ``NotImplementedError`` on its first call: the untouched starter, "not answered yet";
* any other error: the learner's error and their own line (:func:`describe_exception`);
* too slow (an endless loop, a search without its memo): stopped after
  :data:`BUDGET_SECONDS` of CPU time in all, with the board it was on and how its
  work compares with what is needed ("more than 18,700 calls where 1,870
  positions exist").

"Too slow" must mean wasteful, never merely slower than ours, so the learner's
code runs at full speed wherever the platform can interrupt it:

* **timer** (CPython's main thread on Linux and macOS): a CPU-time interval
  timer (``signal.setitimer(ITIMER_PROF)``) raises :class:`OutOfTime` when the
  budget is spent; nothing is traced, so a plain-Python loop costs what it costs
  outside the check.  Only when the budget ran out is the learner's call run
  again, traced and capped, to count its calls for the words.
* **trace** (Pyodide, Windows, another thread): no such signal exists, so a
  monitor counts the calls of the learner's own functions and watches the clock
  at each of them and at each jump of its loops (``sys.monitoring`` on Python
  3.12 and later, which leaves every other code object alone after its first
  event; ``sys.settrace`` before, tracing lines only in functions with a loop).
  In the browser the clock is the page's wall clock (there is no CPU clock), so
  the budget there is :data:`BROWSER_FACTOR` times as long.

Only code the learner wrote counts as theirs: not the ``ttt`` package, not the
Python installation, and not code that the standard library generates at run
time (``dataclasses``' methods, ``namedtuple``'s, whose file is ``<string>``).
Once the budget is spent, the stop is raised again inside any ``except`` that
caught it (timer mode) or at every further call and jump of the learner's code
(``sys.monitoring``), so a bare ``except:`` cannot keep it running.  The one
exception is trace mode before Python 3.12: ``sys.settrace`` drops a trace
function that raises, so there a loop that catches everything can run on.

A judge stops early by raising :class:`Stop` with its verdict;
:meth:`ttt.exercises.checks.Check.judge` turns it back into the verdict, and
opens one :class:`Budget` for the whole check, shared by every learner
function the check calls; the check's own work around those calls is not
counted.
"""

from __future__ import annotations

import dis
import os
import signal
import sys
import sysconfig
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter, process_time

from ttt.exercises.verdicts import (ENDLESS, ERROR, NOT_CALLABLE, TOO_SLOW, Verdict, describe_exception, describe_value,
                                    unanswered, wrong)
from ttt.exercises.words import listing, plural

__all__ = ["BUDGET_SECONDS", "ENDLESS", "Budget", "Learner", "Stop", "stop", "budget_scope", "current_budget",
           "run_judge", "untouched", "timer_available", "is_learners_file"]

BUDGET_SECONDS = 2.5
"""The learner's code gets this much CPU time per check, so every check answers within 3 s.

CPU time, so that a busy machine (a lab server, CI with other jobs) does not
fail a right answer; a wall-clock backstop of :data:`WALL_FACTOR` times as much
stops code that waits rather than computes.
"""

BROWSER_FACTOR = 4
"""In the browser (Pyodide) the budget is this many times :data:`BUDGET_SECONDS`: there is no CPU clock,
only the page's wall clock, which a busy machine stretches, and the traced code runs several times slower."""

WALL_FACTOR = 20
"""The learner's wall-clock time may be this many times the budget: a loaded machine (a load of 11 on two
cores gives a process a sixth of a core) must not stop a right answer; code that only waits is caught sooner."""

WAITING_SECONDS = 5.0
"""Timer mode: the learner's code is stopped after this long of wall time in which it used (almost) no CPU:
``input()`` or ``time.sleep`` rather than computing."""


SLOW = "Does it search far more than it needs?"
"""The default last sentence of "too slow" on wasteful work; a check about a memo says "Is the memo used?"."""

DIAGNOSIS_SECONDS = 0.2
"""How long the traced second run that counts a stopped answer's calls may take."""

DEFAULT_CAP = 100_000
"""Calls counted at most in that second run when the check names no work needed."""

TICK = 0.005
"""Timer mode: the CPU-time timer ticks every 5 ms of the process's CPU time (see :class:`Budget`)."""

WALL_TICK = 0.05
"""Timer mode: the wall-clock backstop ticks every 50 ms."""


def untouched(*names: str) -> str:
    """What an untouched starter is told: "replace the line `raise NotImplementedError` in NAME with your code ..."."""
    lines = "line" if len(names) == 1 else "lines"
    return f"replace the {lines} `raise NotImplementedError` in {listing(names)} with your code, then run the cell again."


class Stop(Exception):
    """Ends a check early with its verdict; :meth:`Check.judge` returns the verdict."""

    def __init__(self, verdict: Verdict):
        super().__init__(verdict.text)
        self.verdict = verdict


def stop(*parts, mistake: str = "") -> None:
    """End the check with a wrong verdict made of ``parts`` (text, boards), naming ``mistake`` (its id)."""
    raise Stop(wrong(*parts, mistake=mistake))


class OutOfTime(BaseException):
    """Raised inside the learner's frame when the budget is spent.

    A ``BaseException``, like ``KeyboardInterrupt``, so that an ``except
    Exception`` in the learner's code does not swallow it (and a bare
    ``except:`` only delays it: see :class:`Budget`).
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
_NOT_COUNTED = ("<listcomp>", "<genexpr>", "<dictcomp>", "<setcomp>", "<module>", "<lambda>")
_GENERATED = ("<string>", "<frozen")
"""File names of code the standard library writes at run time (dataclasses, namedtuple) or freezes."""


def is_learners_file(filename: str) -> bool:
    """Whether code from ``filename`` is the learner's: not the package's, not Python's own, not generated."""
    mine = _IS_LEARNERS.get(filename)
    if mine is None:
        if filename.startswith(_GENERATED):
            mine = False
        else:
            mine = not os.path.abspath(filename).startswith(_NOT_THE_LEARNERS)
        _IS_LEARNERS[filename] = mine
    return mine


_LOOPS: dict = {}


def has_loop(code) -> bool:
    """Whether ``code`` jumps backwards (a ``for`` or ``while`` loop), the only code that can spin without calling."""
    found = _LOOPS.get(code)
    if found is None:
        found = _LOOPS[code] = any(
            "JUMP" in instruction.opname and isinstance(instruction.argval, int)
            and instruction.argval <= instruction.offset
            for instruction in dis.get_instructions(code))
    return found


_ONE_LINE_LOOPS: dict = {}


def has_one_line_loop(code) -> bool:
    """Whether ``code`` jumps back within one line (``while True: pass``), a loop with no line events.

    Python reports no new line while such a loop spins, so under ``sys.settrace``
    its frame is traced opcode by opcode instead; every other frame only line by line.
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


def timer_available() -> bool:
    """Whether a CPU-time timer signal can stop the learner's code here (CPython's main thread, not Windows)."""
    return (hasattr(signal, "setitimer") and sys.platform not in ("emscripten", "wasi", "win32")
            and threading.current_thread() is threading.main_thread())


_MONITORING = getattr(sys, "monitoring", None)


class Budget:
    """Time for the learner's code in one check (see :data:`BUDGET_SECONDS`), and, when traced, a count of its calls.

    ``run(function, *args)`` calls ``function``; the CPU time it takes is added
    to ``spent``; once ``spent`` reaches ``seconds`` the call is stopped with
    :class:`OutOfTime`, and every further run raises it at once.  ``mode`` is
    "timer" or "trace" (see the module's docstring; None picks the timer where it
    exists).  ``calls`` counts the calls of the learner's own functions
    (comprehensions and lambdas aside) in trace mode, or in timer mode when
    ``cap`` is given (the second run that words "too slow"); ``capped`` says the
    count passed ``cap``, which also stops a traced run.

    In timer mode the clock is a sample, not a reading: a CPU-time timer ticks
    every :data:`TICK` seconds of the process's CPU time, and each tick that finds
    the learner's code running adds a tick to ``spent``.  So a learner's call costs
    two assignments and no system call, which matters for a check of 94,920 quick
    calls; a budget made by :func:`budget_scope` arms the timer at its first run
    and disarms it when the scope ends, any other at each run.
    """

    def __init__(self, seconds: float | None = None, *, mode: str | None = None, cap: int | None = None):
        self.mode = mode or ("timer" if timer_available() else "trace")
        self.seconds = BUDGET_SECONDS if seconds is None else seconds   # read now, so a test can shorten it
        if self.mode == "trace" and sys.platform == "emscripten" and seconds is None:
            self.seconds *= BROWSER_FACTOR
        self.cap = cap
        self.spent = 0.0
        self.calls = 0
        self.capped = False
        self.scoped = False
        self._running = False
        self._expired = False
        self._deadline = 0.0
        self._wall_deadline = 0.0
        self._wall = 0.0
        self._waiting = 0.0
        self._last_cpu = process_time()
        self._ticks = 0
        self._held = False
        self._armed = None               # in timer mode while armed: what to restore (handlers, timers)

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.seconds

    def run(self, function, *args, **kwargs):
        if self._running or self._held:      # already inside the learner's code: one budget, one watch
            return function(*args, **kwargs)
        if self.exhausted:
            raise OutOfTime
        self._expired = False
        if self.mode == "timer":
            result = self._timed(function, args, kwargs)
        else:
            start = process_time()
            remaining = self.seconds - self.spent
            self._deadline = start + remaining
            self._wall_deadline = perf_counter() + WALL_FACTOR * remaining
            self._running = True
            try:
                result = self._traced(function, args, kwargs)
            finally:
                self._running = False
                self.spent += process_time() - start
        if self._expired:                    # the learner's code caught the stop and returned all the same
            self.spent = max(self.spent, self.seconds)
            raise OutOfTime
        return result

    @contextmanager
    def paused(self):
        """The check's own work inside a learner's call (a ``call=`` wrapper's reference search): not counted.

        In timer mode the ticks that land inside are not the learner's; in trace
        mode the clock's deadlines move on by as much as it took.
        """
        if not self._running or self._held:
            yield
            return
        start, wall = process_time(), perf_counter()
        self._held = True
        if self.mode == "timer":
            self._running = False
        try:
            yield
        finally:
            self._held = False
            if self.mode == "timer":
                self._running = True
            else:
                used = process_time() - start
                self.spent -= used               # run() adds the whole call's time when it ends
                self._deadline += used
                self._wall_deadline += perf_counter() - wall

    # ------------------------------------------------------------------ timer mode
    def _timed(self, function, args, kwargs):
        armed_here = self._armed is None
        if armed_here:
            self.arm()
        trace = sys.gettrace()
        if self.cap is not None:             # the count for the words of "too slow": calls only, never lines
            sys.settrace(self._count_call)
        self._running = True
        try:
            return function(*args, **kwargs)
        finally:
            self._running = False            # first: a tick that lands from here on is not the learner's
            if self.cap is not None or self._expired:
                sys.settrace(trace)
            self.capped = self.cap is not None and self.calls > self.cap
            if armed_here and not self.scoped:
                self.disarm()

    def arm(self) -> None:
        """Install the tick handlers and start the CPU-time and wall-clock timers (timer mode)."""
        handlers = signal.signal(signal.SIGPROF, self._on_tick), signal.signal(signal.SIGALRM, self._on_wall_tick)
        timers = (signal.setitimer(signal.ITIMER_PROF, TICK, TICK),
                  signal.setitimer(signal.ITIMER_REAL, WALL_TICK, WALL_TICK))
        self._armed = handlers, timers

    def disarm(self) -> None:
        """Stop the timers and put back what was there before :meth:`arm` (another budget's, or nothing);
        in trace mode, leave ``sys.monitoring``."""
        if self._armed is None:
            return
        if self._armed[0] == "monitoring":
            tool, events = self._armed[1], _MONITORING.events
            self._armed = None
            _MONITORING.set_events(tool, 0)
            _MONITORING.register_callback(tool, events.PY_START, None)
            _MONITORING.register_callback(tool, events.JUMP, None)
            _MONITORING.free_tool_id(tool)
            _MONITORING.restart_events()
            return
        (prof, alarm), (prof_timer, real_timer) = self._armed
        self._armed = None
        signal.setitimer(signal.ITIMER_PROF, *prof_timer)
        signal.setitimer(signal.ITIMER_REAL, *real_timer)
        signal.signal(signal.SIGPROF, prof)
        signal.signal(signal.SIGALRM, alarm)

    def _on_tick(self, signum, frame):
        if not self._running:
            return                           # the check's own work, or Python's: not the learner's
        self.spent += TICK
        if self.spent >= self.seconds - TICK / 2:
            self._stop_here(frame)

    def _on_wall_tick(self, signum, frame):
        cpu, self._last_cpu = self._last_cpu, process_time()
        if not self._running:
            return
        self._wall += WALL_TICK
        if self._last_cpu - cpu < WALL_TICK / 50:
            self._waiting += WALL_TICK       # a tick of wall time with no CPU used: it waits, it does not compute
        if self._wall >= WALL_FACTOR * self.seconds or self._waiting >= WAITING_SECONDS:
            self._stop_here(frame)

    def _stop_here(self, frame):
        self._expired = True
        # A bare `except:` in the learner's code may catch the stop: a trace on the learner's frames raises it
        # again on the first line of such a handler, which takes it out of that `try`; the next tick
        # re-installs the trace (raising in a trace function removes it).
        sys.settrace(self._raise_again)
        while frame is not None:
            if is_learners_file(frame.f_code.co_filename):
                frame.f_trace = self._raise_again
                frame.f_trace_lines = True
            frame = frame.f_back
        raise OutOfTime

    def _raise_again(self, frame, event, arg):
        if not is_learners_file(frame.f_code.co_filename):
            return None
        if self._running and event == "line" and isinstance(sys.exc_info()[1], OutOfTime):
            raise OutOfTime                  # inside an `except` that caught the stop
        return self._raise_again

    def _count_call(self, frame, event, arg):
        code = frame.f_code
        if is_learners_file(code.co_filename) and code.co_name not in _NOT_COUNTED:
            self.calls += 1
        return None

    # ------------------------------------------------------------------ trace mode
    def _over(self) -> bool:
        if self._held:
            return False
        if process_time() > self._deadline or perf_counter() > self._wall_deadline:
            self._expired = True
        elif self.cap is not None and self.calls > self.cap:
            self.capped = self._expired = True
        return self._expired

    def _traced(self, function, args, kwargs):
        if _MONITORING is not None:
            return self._monitored(function, args, kwargs)
        previous = sys.gettrace()
        sys.settrace(self._on_call)
        try:
            return function(*args, **kwargs)
        finally:
            sys.settrace(previous)

    def _on_call(self, frame, event, arg):
        code = frame.f_code
        if not is_learners_file(code.co_filename):
            return None                      # the package's and Python's code run untraced
        if code.co_name not in _NOT_COUNTED:
            self.calls += 1
        self._ticks += 1
        if (self._expired or not self._ticks & 15) and self._over():
            raise OutOfTime
        if not has_loop(code):
            return None                      # no loop: it cannot spin without calling, and calls are watched
        if has_one_line_loop(code):
            frame.f_trace_opcodes = True
        return self._on_line

    def _on_line(self, frame, event, arg):
        self._ticks += 1
        if (self._expired or not self._ticks & 1023) and self._over():
            raise OutOfTime                  # a loop that calls nothing of its own
        return self._on_line

    def _monitored(self, function, args, kwargs):
        armed_here = self._armed is None
        if armed_here and not self._monitor():
            previous = sys.gettrace()        # every tool id taken (a debugger, a profiler, coverage): settrace
            sys.settrace(self._on_call)
            try:
                return function(*args, **kwargs)
            finally:
                sys.settrace(previous)
        try:
            return function(*args, **kwargs)
        finally:
            if armed_here and not self.scoped:
                self.disarm()

    def _monitor(self) -> bool:
        """Register with ``sys.monitoring`` until :meth:`disarm` (the scope's end): False if no tool id is free.

        Registered once per check, so the package's code objects, switched off at
        their first event (``DISABLE``), stay off for the check's later calls.
        """
        monitoring = _MONITORING
        tool = next((tool for tool in (2, 3, 4, 1) if monitoring.get_tool(tool) is None), None)
        if tool is None:
            return False
        events = monitoring.events
        monitoring.use_tool_id(tool, "ttt exercise budget")
        monitoring.register_callback(tool, events.PY_START, self._on_start)
        monitoring.register_callback(tool, events.JUMP, self._on_jump)
        monitoring.set_events(tool, events.PY_START | events.JUMP)
        self._armed = ("monitoring", tool)
        return True

    def _on_start(self, code, offset):
        if not is_learners_file(code.co_filename):
            return _MONITORING.DISABLE       # never asked about this code object again
        if not self._running:
            return None
        if code.co_name not in _NOT_COUNTED:
            self.calls += 1
        self._ticks += 1
        if (self._expired or not self._ticks & 15) and self._over():
            raise OutOfTime
        return None

    def _on_jump(self, code, offset, destination):
        if not is_learners_file(code.co_filename):
            return _MONITORING.DISABLE
        if not self._running:
            return None
        self._ticks += 1
        if (self._expired or not self._ticks & 1023) and self._over():
            raise OutOfTime
        return None


_CURRENT: ContextVar[Budget | None] = ContextVar("ttt_exercise_budget", default=None)


@contextmanager
def budget_scope(seconds: float | None = None):
    """One budget for everything inside: the outermost scope makes it, inner scopes share it.

    Its timer (timer mode) is armed at the first run of the learner's code and
    disarmed when the scope ends, so the calls of a check cost no system call each.
    """
    outer = _CURRENT.get()
    if outer is not None:
        yield outer
        return
    budget = Budget(seconds)
    budget.scoped = True
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)
        budget.disarm()


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

    ``work(*args)``, when given, says what a right answer needs on a case, as
    ``(count, "positions exist below this board")``: a stopped answer is then
    told how its calls compare with it.
    """

    def __init__(self, function, name: str, *, args: str = "board", todo: str | None = None,
                 slow: str = SLOW, budget: Budget | None = None, work=None):
        if not callable(function):
            stop(
                f"The check needs the function {name} itself, but it got {describe_value(function)}.",
                f"Pass the function without calling it: check({name}), not check({name}({args})).",
                mistake=NOT_CALLABLE,
            )
        self.function = function
        self.name = name
        self.todo = todo or untouched(name)
        self.slow = slow
        self.work = work
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
        calls_before = self.budget.calls
        try:
            if call is None:
                return self.budget.run(self.function, *args)
            return self.budget.run(call, self.function, *args)
        except OutOfTime:
            calls = self.budget.calls - calls_before
            raise Stop(self.too_slow(*self._named(where, show, describe), args=args, call=call,
                                     calls=calls)) from None
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
                     *show, describe_exception(error), note, mistake=ERROR)

    def _count_calls(self, args, call, cap: int) -> tuple[int, bool]:
        """The calls the stopped answer makes on the same case, counted in a second run: ``(calls, capped)``.

        The timer that stopped it counts nothing (that is why it costs nothing), so
        the count comes from running the case again for :data:`DIAGNOSIS_SECONDS`
        with only its calls counted; ``capped`` when they pass ``cap``.
        """
        counter = Budget(DIAGNOSIS_SECONDS, mode="timer", cap=cap)
        try:
            if call is None:
                counter.run(self.function, *args)
            else:
                counter.run(call, self.function, *args)
        except (Exception, OutOfTime):  # noqa: BLE001 - only the count matters here
            pass
        return counter.calls, counter.capped

    def too_slow(self, where: str = "", show=(), *, args=(), call=None, calls: int | None = None) -> Verdict:
        """"NAME is too slow on this board ...", with the board, what it did, and ``slow``; or "never finished".

        Named by behaviour: an answer that made almost no calls spins in a loop that
        never ends (id :data:`ENDLESS`); one that made many is wasteful (id
        ``too-slow``), and is told how many calls it made against the work needed.
        """
        needed = self.work(*args) if self.work is not None and args else None
        cap = 10 * needed[0] if needed else DEFAULT_CAP
        if self.budget.mode == "timer" or calls is None:
            calls, capped = self._count_calls(args, call, cap) if args or call else (0, False)
        else:
            capped = calls > cap
        seconds = f"{self.budget.seconds:g} s of CPU time"
        place = f" {where}" if where else ""
        if calls <= 3 and not capped:
            return wrong(f"{self.name} never finished{place}:", *show,
                         f"It was stopped after {seconds}, having made only {plural(calls, 'call')} of its own"
                         " functions, so a loop in it never ends. Does each turn of the loop change what the loop"
                         " tests?", mistake=ENDLESS)
        made = f"more than {cap:,} calls" if capped else f"{calls:,} calls"
        work = f" where {needed[0]:,} {needed[1]}: it works the same things out again and again" if needed else ""
        return wrong(f"{self.name} is too slow{place}:", *show,
                     f"It was stopped after {seconds}, having made {made} of its own functions{work}. {self.slow}",
                     mistake=TOO_SLOW)
