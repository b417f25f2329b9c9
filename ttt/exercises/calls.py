"""Calling the learner's code under one CPU-time budget per check, so that "too slow" means wasteful: a CPU timer
stops it untraced in CPython's main thread; elsewhere (Pyodide) ``sys.monitoring`` or ``sys.settrace`` watches it."""

from __future__ import annotations

import dis
import signal
import sys
import threading
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from functools import lru_cache
from time import perf_counter, process_time

from ttt.exercises.verdicts import (ENDLESS, ERROR, NOT_CALLABLE, SLOW_CALLS, TOO_SLOW, WAITS, Verdict,
                                    describe_exception, describe_value, is_learners_file, unanswered, wrong)
from ttt.exercises.words import listing, plural

BUDGET_SECONDS = 2.5        # CPU time, so that a busy machine does not fail a right answer
BROWSER_FACTOR = 4          # Pyodide's clock is the page's wall clock, and traced code runs slower
WALL_FACTOR = 20            # wall-clock backstop, in budgets: a load of 11 on two cores gives a sixth of a core
WAITING_SECONDS = 5.0       # timer mode: stopped after this long using no CPU (``input()``, ``time.sleep``)
SLOW = "Does it search far more than it needs?"     # the default end of "too slow"
GROWTH = 4                  # a check whose calls each finish may use this many budgets: slower is not wasteful
DIAGNOSIS_SECONDS = 0.2     # the traced second run that counts a stopped answer's calls
DEFAULT_CAP = 100_000       # calls counted at most in that run when the check names no work needed
TICK, WALL_TICK = 0.005, 0.05   # timer mode: the CPU-time timer's tick, and the wall-clock backstop's
_NOT_COUNTED = ("<listcomp>", "<genexpr>", "<dictcomp>", "<setcomp>", "<module>", "<lambda>")
_MONITORING = getattr(sys, "monitoring", None)


def untouched(*names: str) -> str:
    lines = "line" if len(names) == 1 else "lines"
    return (f"replace the {lines} `raise NotImplementedError` in {listing(names)} with your code,"
            " then run the cell again.")


class Stop(Exception):
    """Ends a check early with its verdict, which :func:`run_judge` returns."""

    def __init__(self, verdict: Verdict):
        super().__init__(verdict.text)
        self.verdict = verdict


def stop(*parts, mistake: str = "") -> None:
    raise Stop(wrong(*parts, mistake=mistake))


class OutOfTime(BaseException):
    """Not an ``Exception``, so that the learner's ``except Exception`` does not swallow it."""


@lru_cache(maxsize=None)
def loops(code) -> tuple[bool, bool]:
    """Whether ``code`` has a loop, and one within one line (``while True: pass`` gives settrace no line events)."""
    lines, line, back = {}, None, []
    for instruction in dis.get_instructions(code):
        positions = getattr(instruction, "positions", None)      # Python 3.11 and later
        line = lines[instruction.offset] = (positions.lineno if positions else instruction.starts_line) or line
        if "JUMP" in instruction.opname and isinstance(instruction.argval, int) \
                and instruction.argval <= instruction.offset:
            back.append(lines.get(instruction.argval) == line)
    return bool(back), any(back)


def timer_available() -> bool:
    return (hasattr(signal, "setitimer") and sys.platform not in ("emscripten", "wasi", "win32")
            and threading.current_thread() is threading.main_thread())


class Budget:
    """CPU time for the learner's code in one check; ``calls`` counts its calls when traced (trace mode, or ``cap``)."""

    def __init__(self, seconds: float | None = None, *, mode: str | None = None, cap: int | None = None):
        self.mode = mode or ("timer" if timer_available() else "trace")
        self.seconds = BUDGET_SECONDS if seconds is None else seconds   # read now, so a test can shorten it
        if self.mode == "trace" and sys.platform == "emscripten" and seconds is None:
            self.seconds *= BROWSER_FACTOR
        # what Learner may grow it to, for many calls that each finish; a budget of given seconds (the graded
        # second look, the timing table) is what it says
        self.most = GROWTH * self.seconds if seconds is None else self.seconds
        self.waited = False                     # timer mode: stopped for using no CPU (input(), time.sleep)
        self.asked = 0                          # the learner's calls asked for by the check (Learner counts them)
        self.cap, self.calls, self._ticks, self._last_cpu = cap, 0, 0, process_time()
        self._since = self._last_cpu     # timer mode: the learner's CPU time up to here is in spent
        self.spent = self._deadline = self._wall_deadline = self._wall = self._waiting = 0.0
        self.scoped = self._running = self._expired = self._held = False
        self._armed = None               # while armed: ("timer", what to restore) or ("monitoring", tool)

    def run(self, function, *args):
        if self._running or self._held:      # already inside the learner's code: one budget, one watch
            return function(*args)
        if self.spent >= self.seconds:
            raise OutOfTime
        self._expired, armed_here, start = False, self._armed is None, process_time()
        self._deadline = start + self.seconds - self.spent
        self._wall_deadline = perf_counter() + WALL_FACTOR * (self.seconds - self.spent)
        try:
            result = self._watched(function, args, armed_here)
        finally:
            if self.mode != "timer":
                self.spent += process_time() - start
            if armed_here and not self.scoped:
                self.disarm()
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
        if self.mode == "timer":
            self.spent += start - self._since
        self._held, self._running = True, self.mode != "timer"
        try:
            yield
        finally:
            self._held, self._running, used = False, True, process_time() - start
            self._since = start + used
            self._deadline += used
            self._wall_deadline += perf_counter() - wall
            if self.mode != "timer":
                self.spent -= used               # run() adds the whole call's time when it ends

    def spent_by_finished_calls(self, this_call: float) -> bool:
        """Whether calls that finished spent most of it: the stopped one, which took ``this_call``, used under half,
        and did start (one that finds it spent by a stopped call is that call's loop, asked again)."""
        return this_call < self.seconds / 2 and (this_call > 0 or not self._expired)

    def grow(self) -> bool:
        """Twice the seconds, up to :attr:`most`, for many calls that each finish (slower is not wasteful)."""
        if self.seconds >= self.most:
            return False
        self.seconds = min(2 * self.seconds, self.most)
        return True

    def disarm(self) -> None:
        armed, self._armed = self._armed, None
        if armed is None:
            return
        if armed[0] == "monitoring":
            for event in (_MONITORING.events.PY_START, _MONITORING.events.JUMP):
                _MONITORING.register_callback(armed[1], event, None)
            _MONITORING.set_events(armed[1], 0)
            _MONITORING.free_tool_id(armed[1])
            _MONITORING.restart_events()
            return
        for signum, handler, kind, timer in armed[1]:
            signal.setitimer(kind, *timer)
            signal.signal(signum, handler)

    def _watched(self, function, args, armed_here: bool):
        if armed_here and self.mode == "timer":
            # what disarm() puts back; each handler goes in before its timer, whose tick would end the process
            self._armed = ("timer", tuple(
                (signum, signal.signal(signum, handler), kind, signal.setitimer(kind, tick, tick))
                for kind, tick, signum, handler in ((signal.ITIMER_PROF, TICK, signal.SIGPROF, self._on_tick),
                                                    (signal.ITIMER_REAL, WALL_TICK, signal.SIGALRM, self._on_wall))))
        elif armed_here and _MONITORING is not None:
            self._monitor()
        # traced: the timer's run that counts calls, or trace mode without monitoring (before 3.12, or no tool id free)
        traced = self.cap is not None if self.mode == "timer" else self._armed is None
        trace = sys.gettrace()
        if traced:
            sys.settrace(self._on_call)
        self._since, self._running = process_time(), True
        try:
            return function(*args)
        finally:
            self._running = False            # first: a tick that lands from here on is not the learner's
            if self.mode == "timer" and not self._expired:
                self.spent += process_time() - self._since
            if traced or self._expired:
                sys.settrace(trace)

    def _on_tick(self, signum, frame):
        if self._running:                    # else the check's own work, or Python's: not the learner's
            # the CPU time since the last tick, not one tick: ticks that land in one long C call arrive as one
            now = process_time()
            self.spent, self._since = self.spent + now - self._since, now
            if self.spent >= self.seconds - TICK / 2:
                self._stop_here(frame)

    def _on_wall(self, signum, frame):
        cpu, self._last_cpu = self._last_cpu, process_time()
        if self._running:
            self._wall += WALL_TICK
            if self._last_cpu - cpu < WALL_TICK / 50:
                self._waiting += WALL_TICK   # a tick of wall time with no CPU used: it waits, it does not compute
            self.waited = self._waiting >= WAITING_SECONDS
            if self._wall >= WALL_FACTOR * self.seconds or self.waited:
                self._stop_here(frame)

    def _stop_here(self, frame):
        self._expired = True
        # raised again on the first line of a bare `except:` that caught it (the next tick re-installs the trace)
        sys.settrace(self._raise_again)
        while frame is not None:
            if is_learners_file(frame.f_code.co_filename):
                frame.f_trace, frame.f_trace_lines = self._raise_again, True
            frame = frame.f_back
        raise OutOfTime

    def _raise_again(self, frame, event, arg):
        if not is_learners_file(frame.f_code.co_filename):
            return None
        if self._running and event == "line" and isinstance(sys.exc_info()[1], OutOfTime):
            raise OutOfTime                  # inside an `except` that caught the stop
        return self._raise_again

    def _watch(self, code, every: int) -> None:
        """Count a call (``every`` 15) or a loop's turn (1023); look at the clock only now and then: it is slow."""
        if every == 15 and code.co_name not in _NOT_COUNTED:
            self.calls += 1
        self._ticks += 1
        if (self._expired or not self._ticks & every) and not self._held:
            self._expired = (self._expired or process_time() > self._deadline or perf_counter() > self._wall_deadline
                             or (self.cap is not None and self.calls > self.cap))
            if self._expired:
                raise OutOfTime

    def _on_call(self, frame, event, arg):
        code = frame.f_code
        if not is_learners_file(code.co_filename):
            return None                      # the package's and Python's code run untraced
        self._watch(code, 15)
        has_loop, one_line = loops(code)
        if self.mode == "timer" or not has_loop:
            return None                      # the timer stops a loop; without one, code cannot spin without calling
        frame.f_trace_opcodes = one_line
        return self._on_line

    def _on_line(self, frame, event, arg):
        self._watch(frame.f_code, 1023)      # a loop that calls nothing of its own
        return self._on_line

    def _monitor(self) -> None:
        """Once per check, so code switched off at its first event stays off for the check's later calls."""
        tool = next((tool for tool in (2, 3, 4, 1) if _MONITORING.get_tool(tool) is None), None)
        if tool is None:
            return
        events = _MONITORING.events
        _MONITORING.use_tool_id(tool, "ttt exercise budget")
        _MONITORING.register_callback(tool, events.PY_START, lambda code, offset: self._on_event(code, 15))
        _MONITORING.register_callback(tool, events.JUMP, lambda code, offset, to: self._on_event(code, 1023))
        _MONITORING.set_events(tool, events.PY_START | events.JUMP)
        self._armed = ("monitoring", tool)

    def _on_event(self, code, every: int):
        if not is_learners_file(code.co_filename):
            return _MONITORING.DISABLE       # never asked about this code object again
        if self._running:
            self._watch(code, every)
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
    """A fresh one outside any check, so that a helper of the exercises runs alone too."""
    return _CURRENT.get() or Budget()


def run_judge(judge, answer) -> Verdict:
    with budget_scope():
        try:
            return judge(answer)
        except Stop as stopped:
            return stopped.verdict


class Learner:
    """The learner's function, called the one way every check calls it: its value, or a :class:`Stop` with the verdict;
    ``work(*args)`` is ``(count, "positions exist below this board")``."""

    def __init__(self, function, name: str, *, args: str = "board", todo: str | None = None,
                 slow: str = SLOW, budget: Budget | None = None, work=None):
        if not callable(function):
            stop(f"The check needs the function {name} itself, but it got {describe_value(function)}.",
                 f"Pass the function without calling it: check({name}), not check({name}({args})).",
                 mistake=NOT_CALLABLE)
        self.function, self.name, self.todo, self.slow, self.work = function, name, todo or untouched(name), slow, work
        self.budget = budget or current_budget()
        self.called = 0

    def __call__(self, *args, where: str = "", show=(), note=None, call=None, describe=None):
        """``call(function, *args)`` when more than the return value counts; ``describe()`` gives where and show."""
        self.called += 1
        self.budget.asked += 1
        calls_before, spent_before = self.budget.calls, self.budget.spent
        target = (self.function,) if call is None else (call, self.function)
        described = describe or (lambda: (where, show))
        try:
            return self.budget.run(*target, *args)
        except OutOfTime:
            verdict = self.too_slow(*described(), args=args, target=target, calls=self.budget.calls - calls_before,
                                    this_call=self.budget.spent - spent_before)
            if verdict is not None:
                raise Stop(verdict) from None
            self.called, self.budget.asked = self.called - 1, self.budget.asked - 1   # more time: this call again
            return self(*args, where=where, show=show, note=note, call=call, describe=describe)
        except Stop:
            raise
        except (Exception, SystemExit) as error:  # noqa: BLE001 - the learner's bug (exit() too), in words
            if isinstance(error, NotImplementedError) and self.called == 1:
                raise Stop(unanswered(self.todo)) from None
            where, show = described()
            raise Stop(wrong(f"{self.name} raised an error{' ' + where if where else ''}:", *show,
                             describe_exception(error), note, mistake=ERROR)) from None

    def too_slow(self, where: str, show, *, args, target, calls: int, this_call: float) -> Verdict | None:
        """Far more calls than the work needs is wasteful (:data:`TOO_SLOW`); a budget spent mostly by earlier calls,
        which all finished, is grown (None: call again) up to :data:`GROWTH` budgets, for slower is not wasteful
        (then :data:`SLOW_CALLS`); else almost no calls is a loop that never ends (:data:`ENDLESS`)."""
        place = f" {where}" if where else ""
        if self.budget.waited:
            return wrong(f"{self.name} waited{place}:", *show, f"It was stopped after {WAITING_SECONDS:g} s of using"
                         " no CPU time at all: a check cannot answer input() and does not wait out time.sleep(). Take"
                         " them out.", mistake=WAITS)
        needed = self.work(*args) if self.work is not None and args else None
        cap = 10 * needed[0] if needed else DEFAULT_CAP
        if self.budget.mode == "timer":
            # the timer that stopped it counted nothing: a short second run on the same case counts its calls
            counter = Budget(DIAGNOSIS_SECONDS, mode="timer", cap=cap)
            with suppress(Exception, OutOfTime):     # only the count matters here
                if args or len(target) > 1:
                    counter.run(*target, *args)
            calls = counter.calls
        capped = calls > cap
        seconds = f"{self.budget.seconds:g} s of CPU time"
        if not capped and self.budget.spent_by_finished_calls(this_call):
            if self.budget.grow():
                return None
            return wrong(f"{self.name} is too slow in all{place}:", *show,
                         f"Each call finishes, but the check had called it {plural(self.budget.asked, 'time')} when it"
                         f" ran out of {seconds}: about {1000 * self.budget.spent / self.budget.asked:,.0f} ms a call."
                         " Does each call work out again what an earlier one already knew?", mistake=SLOW_CALLS)
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
