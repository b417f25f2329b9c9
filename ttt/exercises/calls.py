"""Calling the learner's code: one guard, under one CPU-time budget per check, that ends in a verdict.

Whatever the learner's function does ends the check in words (:class:`Learner`): not a function, the
untouched starter (``NotImplementedError`` on the first call), an error (their own line), or too slow.
"Too slow" must mean wasteful, never merely slower than ours, so the learner's code runs at full speed
wherever the platform can interrupt it:

* **timer** (CPython's main thread on Linux and macOS): a CPU-time interval timer (``ITIMER_PROF``) raises
  :class:`OutOfTime` when the budget is spent, and nothing is traced.  Only a stopped call is run again,
  traced and capped, to count its calls for the words.
* **trace** (Pyodide, Windows, another thread): no such signal exists, so a monitor counts the learner's
  calls and watches the clock at each call and loop jump (``sys.monitoring`` from Python 3.12, which
  switches every other code object off after its first event; ``sys.settrace`` before, tracing lines only
  in functions with a loop).  The browser has only a wall clock, so its budget is :data:`BROWSER_FACTOR`
  times as long.

Only code the learner wrote counts as theirs: not the package, not Python's own, not code the standard
library generates (``dataclasses``' methods, whose file is ``<string>``), and not the check's own work
(:meth:`Budget.paused`).  Once the budget is spent the stop is raised again inside any ``except`` that
caught it (timer mode) or at every further call and jump (``sys.monitoring``), so a bare ``except:``
cannot keep it running; ``sys.settrace`` (trace mode before 3.12) drops a trace function that raises, so
only there can a loop that catches everything run on.
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

BUDGET_SECONDS = 2.5
"""CPU time, so that a busy machine does not fail a right answer; every check answers within 3 s."""
BROWSER_FACTOR = 4
"""Pyodide's budget is this many budgets: its clock is the page's wall clock, and traced code runs slower."""
WALL_FACTOR = 20
"""Wall-clock backstop, in budgets: a load of 11 on two cores gives a process a sixth of a core."""
WAITING_SECONDS = 5.0
"""Timer mode: stopped after this long of wall time using no CPU (``input()``, ``time.sleep``)."""
SLOW = "Does it search far more than it needs?"
"""The default last sentence of "too slow"; a check about a memo says "Is the memo used?"."""
DIAGNOSIS_SECONDS = 0.2
"""How long the traced second run that counts a stopped answer's calls may take."""
DEFAULT_CAP = 100_000
"""Calls counted at most in that run when the check names no work needed."""
TICK, WALL_TICK = 0.005, 0.05
"""Timer mode: the CPU-time timer ticks every 5 ms of the process's CPU, the wall-clock backstop every 50 ms."""


def untouched(*names: str) -> str:
    lines = "line" if len(names) == 1 else "lines"
    return f"replace the {lines} `raise NotImplementedError` in {listing(names)} with your code, then run the cell again."


class Stop(Exception):
    """Ends a check early with its verdict, which :func:`run_judge` returns."""

    def __init__(self, verdict: Verdict):
        super().__init__(verdict.text)
        self.verdict = verdict


def stop(*parts, mistake: str = "") -> None:
    """End the check with a refusal made of ``parts`` (text, boards), naming ``mistake`` (its id)."""
    raise Stop(wrong(*parts, mistake=mistake))


class OutOfTime(BaseException):
    """Raised in the learner's frame when the budget is spent: a ``BaseException``, so ``except Exception``
    does not swallow it (and a bare ``except:`` only delays it)."""


def _installation_dirs() -> tuple[str, ...]:
    found = {os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            found.add(os.path.abspath(path) + os.sep)
    return tuple(sorted(found))


_NOT_THE_LEARNERS = _installation_dirs()
_IS_LEARNERS: dict[str, bool] = {}
_NOT_COUNTED = ("<listcomp>", "<genexpr>", "<dictcomp>", "<setcomp>", "<module>", "<lambda>")
_GENERATED = ("<string>", "<frozen")


def is_learners_file(filename: str) -> bool:
    """Whether code from ``filename`` is the learner's: not the package's, not Python's, not generated."""
    mine = _IS_LEARNERS.get(filename)
    if mine is None:
        mine = _IS_LEARNERS[filename] = not (filename.startswith(_GENERATED)
                                             or os.path.abspath(filename).startswith(_NOT_THE_LEARNERS))
    return mine


def _line(instruction, line):
    """The line an instruction belongs to, the previous one's ``line`` where it names none."""
    positions = getattr(instruction, "positions", None)      # Python 3.11 and later
    return (positions.lineno if positions is not None else instruction.starts_line) or line


def _jumps_back(code):
    """``(target, line)`` of each backward jump (a loop), with the line of the jump."""
    line = None
    for instruction in dis.get_instructions(code):
        line = _line(instruction, line)
        if "JUMP" in instruction.opname and isinstance(instruction.argval, int) \
                and instruction.argval <= instruction.offset:
            yield instruction.argval, line


_LOOPS: dict = {}


def has_loop(code) -> bool:
    """Whether ``code`` has a loop: the only code that can spin without calling."""
    found = _LOOPS.get(code)
    if found is None:
        found = _LOOPS[code] = any(True for _ in _jumps_back(code))
    return found


_ONE_LINE_LOOPS: dict = {}


def has_one_line_loop(code) -> bool:
    """Whether ``code`` jumps back within one line (``while True: pass``): no line events while it spins, so
    ``sys.settrace`` must trace that frame opcode by opcode."""
    found = _ONE_LINE_LOOPS.get(code)
    if found is None:
        lines, line = {}, None
        for instruction in dis.get_instructions(code):
            line = lines[instruction.offset] = _line(instruction, line)
        found = _ONE_LINE_LOOPS[code] = any(lines.get(target) == line for target, line in _jumps_back(code))
    return found


def timer_available() -> bool:
    """Whether a CPU-time timer signal can stop the learner's code here (CPython's main thread, not Windows)."""
    return (hasattr(signal, "setitimer") and sys.platform not in ("emscripten", "wasi", "win32")
            and threading.current_thread() is threading.main_thread())


_MONITORING = getattr(sys, "monitoring", None)


class Budget:
    """CPU time for the learner's code in one check: ``run(function, *args)`` adds what the call takes to
    ``spent`` and stops it with :class:`OutOfTime` once ``spent`` reaches ``seconds`` (every later run at once).

    ``mode`` is "timer" or "trace" (None: the timer where it exists).  ``calls`` counts the learner's own
    calls (comprehensions and lambdas aside) when traced, or in timer mode with a ``cap`` (the second run
    that words "too slow"); ``capped``: the count passed ``cap``, which also stops a traced run.  In timer
    mode the clock is a sample: each tick that finds the learner's code running adds a :data:`TICK`, so a
    call costs no system call, which matters for a check of 94,920 quick calls.  A budget of
    :func:`budget_scope` arms the timer at its first run and disarms it when the scope ends.
    """

    def __init__(self, seconds: float | None = None, *, mode: str | None = None, cap: int | None = None):
        self.mode = mode or ("timer" if timer_available() else "trace")
        self.seconds = BUDGET_SECONDS if seconds is None else seconds   # read now, so a test can shorten it
        if self.mode == "trace" and sys.platform == "emscripten" and seconds is None:
            self.seconds *= BROWSER_FACTOR
        self.cap, self.calls, self._ticks, self._last_cpu = cap, 0, 0, process_time()
        self.spent = self._deadline = self._wall_deadline = self._wall = self._waiting = 0.0
        self.capped = self.scoped = self._running = self._expired = self._held = False
        self._armed = None               # while armed: what to restore (handlers and timers), or the monitoring tool

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
        """The check's own work inside a learner's call (a ``call=`` wrapper's reference search): not counted."""
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
        handlers = signal.signal(signal.SIGPROF, self._on_tick), signal.signal(signal.SIGALRM, self._on_wall_tick)
        timers = (signal.setitimer(signal.ITIMER_PROF, TICK, TICK),
                  signal.setitimer(signal.ITIMER_REAL, WALL_TICK, WALL_TICK))
        self._armed = handlers, timers

    def disarm(self) -> None:
        """Put back the timers and handlers :meth:`arm` found, or leave ``sys.monitoring``."""
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
        # a trace on the learner's frames raises it again on the first line of a bare `except:` that caught it;
        # the next tick re-installs the trace (raising in a trace function removes it)
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
        armed_here = self._armed is None
        if _MONITORING is not None and (not armed_here or self._monitor()):
            try:
                return function(*args, **kwargs)
            finally:
                if armed_here and not self.scoped:
                    self.disarm()
        previous = sys.gettrace()            # no sys.monitoring, or every tool id taken (a debugger, coverage)
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

    def _monitor(self) -> bool:
        """Register with ``sys.monitoring`` until :meth:`disarm`, once per check, so code switched off at its
        first event stays off for the check's later calls; False if no tool id is free."""
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
    """One budget for everything inside: the outermost scope makes it, inner scopes share it."""
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

    Not callable stops the check at once (``args`` completes "not check(memo_score(board, table, stats))").
    ``learner(*args, where="on this board (X to move)", show=(board,))`` returns what the function returns,
    or stops the check: "not answered yet" (``todo``) for ``NotImplementedError`` on the first call, the
    error with ``show`` and ``note``, or "too slow" (ending with ``slow``; ``work(*args)`` says what a right
    answer needs, ``(count, "positions exist below this board")``, to compare its calls with).
    """

    def __init__(self, function, name: str, *, args: str = "board", todo: str | None = None,
                 slow: str = SLOW, budget: Budget | None = None, work=None):
        if not callable(function):
            stop(f"The check needs the function {name} itself, but it got {describe_value(function)}.",
                 f"Pass the function without calling it: check({name}), not check({name}({args})).",
                 mistake=NOT_CALLABLE)
        self.function, self.name, self.todo, self.slow, self.work = function, name, todo or untouched(name), slow, work
        self.budget = budget or current_budget()
        self.called = 0

    def __call__(self, *args, where: str = "", show=(), note=None, call=None, allow=(), describe=None):
        """``function(*args)``, or ``call(function, *args)`` when more than the return value counts.

        Exceptions in ``allow`` are the answer (a ``BoardError`` the exercise asks for) and pass through;
        ``describe()`` returns ``(where, show)`` only when the call ends in a message.
        """
        first = self.called == 0
        self.called += 1
        calls_before = self.budget.calls
        try:
            return self.budget.run(*self._target(call), *args)
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

    def _target(self, call) -> tuple:
        return (self.function,) if call is None else (call, self.function)

    @staticmethod
    def _named(where: str, show, describe) -> tuple[str, tuple]:
        return describe() if describe is not None else (where, show)

    def _error(self, error: Exception, where: str, show, note) -> Verdict:
        return wrong(f"{self.name} raised an error{' ' + where if where else ''}:",
                     *show, describe_exception(error), note, mistake=ERROR)

    def _count_calls(self, args, call, cap: int) -> tuple[int, bool]:
        """``(calls, capped)`` of the stopped answer on the same case, counted in a short second run (the timer
        that stopped it counts nothing: that is why it costs nothing)."""
        counter = Budget(DIAGNOSIS_SECONDS, mode="timer", cap=cap)
        try:
            counter.run(*self._target(call), *args)
        except (Exception, OutOfTime):  # noqa: BLE001 - only the count matters here
            pass
        return counter.calls, counter.capped

    def too_slow(self, where: str = "", show=(), *, args=(), call=None, calls: int | None = None) -> Verdict:
        """Named by behaviour: almost no calls is a loop that never ends (:data:`ENDLESS`); many is wasteful
        (:data:`TOO_SLOW`), told how its calls compare with the work needed."""
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
