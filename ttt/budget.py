"""Budgets and progress for long searches: stop with a clear error instead of hanging, and say how far it got.

An exact search of a larger board can run for minutes or for ever (an empty
6×6 board).  :func:`ttt.solve` and :class:`ttt.engine.Engine` therefore take
two optional budgets, ``max_seconds`` and ``max_nodes``, and a ``progress``
report.  The search itself only counts nodes; every so many nodes (at most
``2**16``, about a tenth of a second's worth, and at the node where a
``max_nodes`` budget ends) it hands the count to a :class:`Watch`, which
reads the clock, reports progress and raises :class:`BudgetExceeded` when a
budget is spent.  So the check costs one comparison per node.

Two errors, both :class:`ValueError` subclasses:

* :class:`BudgetError` (a :class:`~ttt.geometry.BoardError`, the package's
  error for bad input): a budget that is not a positive number (0,
  negative, NaN, infinite, a bool, a string);
* :class:`BudgetExceeded`: the search spent its budget before it found the
  answer.  Its message names the budget and how far the search got.
"""

from __future__ import annotations

import math
import sys
import time
from numbers import Integral, Real

from ttt.geometry import BoardError

__all__ = ["BudgetError", "BudgetExceeded", "check_budget", "Watch", "ProgressPrinter", "progress_bar", "TICK"]

TICK = 1 << 16
"""At most this many nodes between two looks at the clock."""

MIN_TICK = 1 << 10
"""At least this many (so that a look at the clock stays a small part of the work)."""

NEVER = 1 << 62
"""A node count no search reaches: the checkpoint when nothing is watched."""


class BudgetError(BoardError):
    """A budget that is not a positive number: the message names the budget and the bad value."""


class BudgetExceeded(ValueError):
    """The search spent its budget before it found the answer.

    ``budget`` is ``"max_seconds"`` or ``"max_nodes"``, ``limit`` its value;
    ``nodes``, ``seconds`` and ``table_size`` say how far the search got.
    """

    def __init__(self, budget: str, limit, nodes: int, seconds: float, table_size: int):
        self.budget, self.limit = budget, limit
        self.nodes, self.seconds, self.table_size = nodes, seconds, table_size
        shown = f"{limit:,}" if budget == "max_nodes" else f"{limit:g} s"
        super().__init__(
            f"out of budget ({budget}={shown}): stopped after {nodes:,} nodes in {seconds:.1f} s"
            f" with {table_size:,} table entries, before the answer was found"
        )


def check_budget(max_seconds=None, max_nodes=None) -> None:
    """Raise :class:`BudgetError` unless each budget is ``None`` or a positive, finite number.

    ``max_seconds`` may be any real number (``0.5``); ``max_nodes`` must be a
    whole number.  A bool is refused although Python counts it as a number:
    ``max_nodes=True`` is a mistake, not a budget of one node.
    """
    for name, value, whole in (("max_seconds", max_seconds, False), ("max_nodes", max_nodes, True)):
        if value is None:
            continue
        kind = Integral if whole else Real
        if isinstance(value, bool) or not isinstance(value, kind):
            wanted = "a whole number of nodes" if whole else "a number of seconds"
            raise BudgetError(f"{name} must be {wanted}, not {value!r} ({type(value).__name__})")
        if not math.isfinite(value) or value <= 0:
            raise BudgetError(f"{name} must be positive and finite (or None for no limit), not {value!r}")


class Watch:
    """A search's counters, and what it checks every so many nodes: the budgets and the progress report.

    The search adds to ``nodes``, ``hits`` and ``cutoffs`` as it goes and calls
    :meth:`tick` when ``nodes`` reaches ``checkpoint`` (one comparison per
    node).  Idle, the checkpoint is :data:`NEVER`; :meth:`arm` sets budgets
    and a report for the searches that follow, :meth:`disarm` lifts them.

    ``progress`` is called as ``progress(nodes, seconds, table_size)`` at a
    check once the search has run ``progress_after`` seconds (counts are of
    this watch's search, from :meth:`start`).  The checks come every
    :data:`TICK` nodes at most, and more often when nodes are slow (on a
    large board a node can take 20 µs), so that a check falls about every
    tenth of a second and a time budget is overrun by about that much.
    """

    def __init__(self, max_seconds=None, max_nodes=None, progress=None, progress_after: float = 1.0):
        check_budget(max_seconds, max_nodes)
        self.max_seconds, self.max_nodes = max_seconds, max_nodes
        self.progress, self.progress_after = progress, progress_after
        self.first = 0
        self.started = self.last_time = 0.0
        self.last_nodes, self.interval = 0, MIN_TICK
        self.nodes = self.hits = self.cutoffs = 0  # the search's counters, for the life of its engine
        self.checkpoint = NEVER  # the node count at which the search calls tick()
        self.table_size = lambda: 0  # how to read the size of the search's table, for reports

    def arm(self, max_seconds=None, max_nodes=None, progress=None) -> None:
        """Watch the searches that follow: budgets from now on, and a progress report."""
        check_budget(max_seconds, max_nodes)
        self.max_seconds, self.max_nodes, self.progress = max_seconds, max_nodes, progress
        self.checkpoint = self.start(self.nodes)

    def tick(self) -> None:
        """The search reached its checkpoint: check the budgets and report (may raise :class:`BudgetExceeded`)."""
        self.checkpoint = self.check(self.nodes, self.table_size())

    def disarm(self) -> None:
        """Stop watching (the search is over, answered or stopped) and let the report end its line."""
        self.checkpoint = NEVER
        self.finish()
        self.max_seconds = self.max_nodes = self.progress = None

    def start(self, nodes: int) -> int:
        """Start the clock at the engine's node count ``nodes``; return the first checkpoint."""
        self.first = self.last_nodes = nodes
        self.started = self.last_time = time.perf_counter()
        self.interval = MIN_TICK
        return self._next(nodes)

    def _next(self, nodes: int) -> int:
        checkpoint = nodes + self.interval
        if self.max_nodes is not None:
            checkpoint = min(checkpoint, self.first + self.max_nodes + 1)  # the first node over budget
        return checkpoint

    def check(self, nodes: int, table_size: int) -> int:
        """Raise :class:`BudgetExceeded` if a budget is spent, report progress, return the next checkpoint."""
        now = time.perf_counter()
        done, seconds = nodes - self.first, now - self.started
        if self.max_nodes is not None and done > self.max_nodes:
            raise BudgetExceeded("max_nodes", self.max_nodes, done - 1, seconds, table_size)
        if self.max_seconds is not None and seconds > self.max_seconds:
            raise BudgetExceeded("max_seconds", self.max_seconds, done, seconds, table_size)
        if self.progress is not None and seconds >= self.progress_after:
            self.progress(done, seconds, table_size)
        if now > self.last_time:  # aim the next check a tenth of a second ahead
            rate = (nodes - self.last_nodes) / (now - self.last_time)
            self.interval = max(MIN_TICK, min(TICK, int(rate * 0.1)))
        self.last_nodes, self.last_time = nodes, now
        return self._next(nodes)

    def finish(self) -> None:
        """The search is over (answered or stopped): let the progress report end its line."""
        end = getattr(self.progress, "finish", None)
        if end is not None:
            end()


class ProgressPrinter:
    """A progress report on standard error: nodes, nodes per second, table size and time.

    On a terminal one line is rewritten about once a second; into a file or
    a pipe, a line is written at 1, 2, 4, ... seconds (at most a minute
    apart), so a log stays short.  Standard output is never touched.
    """

    def __init__(self, label: str = "", stream=None, table_limit: int | None = None):
        self.label = f"{label}: " if label else ""
        self.stream = stream if stream is not None else sys.stderr
        self.table_limit = table_limit
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.next_report = 0.0
        self.open = False

    def __call__(self, nodes: int, seconds: float, table_size: int) -> None:
        if seconds < self.next_report:
            return
        limit = f" (limit {self.table_limit:,})" if self.table_limit else ""
        rate = nodes / seconds if seconds > 0 else 0.0
        text = f"{self.label}{nodes:,} nodes, {rate:,.0f} nodes/s, table {table_size:,} entries{limit}, {seconds:.1f} s"
        if self.live:
            self.stream.write("\r" + text + "\033[K")
            self.next_report = seconds + 1.0
            self.open = True
        else:
            self.stream.write(text + "\n")
            self.next_report = seconds + min(max(seconds, 1.0), 60.0)
        self.stream.flush()

    def finish(self) -> None:
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
            self.open = False


def progress_bar(total: int, desc: str, unit: str, enabled: bool = True):
    """A text bar on standard error counting ``total`` steps, or a stand-in that does nothing (``enabled=False``).

    The one bar of the long builds and benchmarks (the tablebase build of
    :func:`ttt.retrograde.solve_all`, ``python -m ttt bench``): on standard
    error, so that what they print on standard output stays clean, and gone
    when it closes (``leave=False``), so that a log or a notebook keeps only
    the result.  It is tqdm's text bar, never a widget, and tqdm is imported
    only when a bar is wanted, so ``import ttt`` stays light.  Both kinds
    answer ``update()``, ``set_description_str(text)`` and ``close()``.
    """
    if not enabled:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, file=sys.stderr, leave=False, unit=unit)


class _NoBar:
    """The bar when none is wanted: every call does nothing."""

    def update(self, n: int = 1) -> None:
        pass

    def set_description_str(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass
