"""Measuring: time every row of the results table, the peers, cold runs, and the ablation on larger boards.

:func:`benchmark` runs each algorithm of :data:`ttt.tools.algorithms.ALGORITHMS`
on the empty 3×3 board, counts its work, times it, and returns plain rows
ready for JSON or for :func:`ttt.tools.report.frame`.  Notebook 07 shows that
table; ``python -m ttt bench`` prints it (:mod:`ttt.tools.cli`).

Columns: ``nodes`` (calls of the search, one per call: the root, finished
games and table hits included, as in :mod:`ttt.instrument`), ``leaves``
(finished games whose value was read off the board), ``table`` (entries in
the transposition table at the end), ``seconds`` (median over the repeats,
each on a fresh table), ``speedup`` (brute-force negamax's time divided by
this row's), and the figures of the Ruby negamax post's results table where
it has a matching row (``source_seconds``, ``source_calls``,
``source_table``: its tables leave out the root, so 5,477 and 764 where ours
have 5,478 and 765).

Three more sections: ``peers`` (OpenSpiel and easyAI, timed in this process
when installed: :mod:`ttt.tools.peers`), ``cold`` (first-call times in fresh
interpreters, medians, and the ratios of the peers' times to ours) and
``widget_reply`` (one :meth:`~ttt.retrograde.Tablebase.lookup`).

The brute-force rows and the source's figures exist only on 3×3; other board
sizes get :func:`board_benchmark`: the engine's ablation (each variant with a
time budget), a cold solve, and the whole ``python -m ttt solve`` command
with its peak memory.
pandas and tqdm are imported inside the functions that use them.
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import statistics
import subprocess
import sys
import time

from ttt.board import Board
from ttt.budget import BudgetExceeded, check_budget, progress_bar
from ttt.engine import Engine
from ttt.geometry import check_shape
from ttt.instrument import SearchStats
from ttt.retrograde import Tablebase
from ttt.tools import peers
from ttt.tools.algorithms import ABLATION, ALGORITHMS, BRUTE_FORCE, SOURCE, VARIANT_SECONDS, Algorithm

__all__ = [
    "COLD_SNIPPETS",
    "ColdRunError",
    "measure",
    "results",
    "peer_rows",
    "cold_times",
    "widget_reply",
    "benchmark",
    "board_benchmark",
    "RETROGRADE_SNIPPET",
    "peak_memory",
    "retrograde_benchmark",
]

_SOLVE_SNIPPET = (
    # Timed in a fresh interpreter: imports first, then the clock runs for the first solve only.
    "import time, ttt\n"
    "board = ttt.Board.empty({rows}, {cols}, {k})\n"
    "t = time.perf_counter(); s = ttt.solve(board); t = time.perf_counter() - t\n"
    "print(t, s.value)"
)

COLD_SNIPPETS = {
    "ttt.solve": _SOLVE_SNIPPET,
    # The larger board the engine is held to (issue 31: under a second).  Its shape is filled in
    # here, so formatting it again for 3×3 leaves it as it is.
    "ttt.solve (5×5, k=4)": _SOLVE_SNIPPET.format(rows=5, cols=5, k=4),
    "ttt Tablebase.top_down (whole table)": (
        "import time, numpy, ttt\n"
        "from ttt.retrograde import Tablebase\n"
        "t = time.perf_counter(); table = Tablebase.top_down({rows}, {cols}, {k}); t = time.perf_counter() - t\n"
        "print(t, table.lookup(ttt.Board.empty({rows}, {cols}, {k})).value)"
    ),
    **peers.COLD_SNIPPETS,
}
"""Our own cold runs and the peers' (:data:`ttt.tools.peers.COLD_SNIPPETS`), by name."""


@contextlib.contextmanager
def _no_gc():
    """Time without the cyclic garbage collector, as :mod:`timeit` does.

    The searches make no reference cycles, but a collection triggered by
    their many allocations would scan everything else the process holds (a
    whole notebook's worth), and charge it to whichever search was running.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def measure(algorithm: Algorithm, repeat: int = 5, bar=None, collect: bool = True) -> dict:
    """Run one algorithm ``repeat`` times (fresh tables each time) and return its row.

    The counts must come out the same on every run (they are deterministic);
    the time is the median.  ``collect``: run the garbage collector first
    (in a notebook's kernel that takes a fifth of a second, so :func:`results`
    collects once for all its rows: the searches make no reference cycles).
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, not {repeat}")
    state = algorithm.setup() if algorithm.setup else None
    times, counts = [], set()
    if collect:
        gc.collect()
    for _ in range(repeat):
        stats = SearchStats()
        with _no_gc():
            start = time.perf_counter()
            value = algorithm.run(state, stats)
            times.append(time.perf_counter() - start)
        counts.add((value, stats.nodes, stats.leaves if algorithm.leaves else None, stats.table_size or None))
        if bar is not None:
            bar.update(1)
    if len(counts) != 1:
        raise RuntimeError(f"{algorithm.name}: the counts changed between runs: {sorted(counts)}")
    value, nodes, leaves, table = counts.pop()
    source = SOURCE.get(algorithm.name, (None, None, None))
    return {
        "algorithm": algorithm.name,
        "notebook": algorithm.notebook,
        "value": value,
        "nodes": nodes,
        "leaves": leaves,
        "table": table,
        "seconds": statistics.median(times),
        "runs": repeat,
        "speedup": None,
        "source_seconds": source[0],
        "source_calls": source[1],
        "source_table": source[2],
        "note": algorithm.note,
    }


def results(repeat: int = 5, slow_repeat: int | None = None, quick: bool = False, progress: bool = False) -> list[dict]:
    """Measure every row of :data:`ALGORITHMS` (``quick``: all but the brute-force ones).

    ``slow_repeat`` (default: ``repeat``) is the number of runs of the
    brute-force rows, which take about a second each.  ``speedup`` is filled
    in relative to brute-force negamax when that row was measured.
    """
    chosen = [a for a in ALGORITHMS if not (quick and a.slow)]
    slow_repeat = repeat if slow_repeat is None else slow_repeat
    runs = {a.name: slow_repeat if a.slow else repeat for a in chosen}
    bar = progress_bar(sum(runs.values()), "bench", unit="run", enabled=progress)
    rows = []
    gc.collect()
    try:
        for algorithm in chosen:
            bar.set_description_str(algorithm.name)
            rows.append(measure(algorithm, runs[algorithm.name], bar, collect=False))
    finally:
        bar.close()
    base = next((row["seconds"] for row in rows if row["algorithm"] == BRUTE_FORCE), None)
    if base is not None:
        for row in rows:
            row["speedup"] = base / row["seconds"] if row["seconds"] > 0 else None
    return rows


def peer_rows(repeat: int = 5, progress: bool = False) -> list[dict]:
    """Time each installed peer solver (:func:`ttt.peers.available`) in this process, warm.

    Its library is imported before the clock starts; ``value`` is the game's
    value for X as the peer reports it (0: a draw).
    """
    names = peers.available()
    bar = progress_bar(len(names) * repeat, "peers", unit="run", enabled=progress)
    rows = []
    try:
        for name in names:
            bar.set_description_str(name)
            solve = peers.runner(name)
            times, answers = [], set()
            gc.collect()
            for _ in range(repeat):
                with _no_gc():
                    start = time.perf_counter()
                    value, detail = solve()
                    times.append(time.perf_counter() - start)
                answers.add((int(value), detail))
                bar.update(1)
            value, detail = sorted(answers)[0]
            median = statistics.median(times)
            rows.append({"peer": name, "value": value, "detail": detail, "seconds": median, "runs": repeat})
    finally:
        bar.close()
    return rows


COLD_PAIRS = (
    # (ours, theirs): what the ratio compares
    ("ttt.solve", "OpenSpiel alpha_beta_search"),
    ("ttt Tablebase.top_down (whole table)", "OpenSpiel MinimaxSolver (whole table)"),
)


def _cold_once(snippet: str) -> tuple[float, int]:
    """Run one cold-run snippet (:data:`COLD_SNIPPETS`) in a fresh interpreter: ``(seconds, value)``."""
    seconds, value = _run_fresh(snippet)
    return float(seconds), int(float(value))


class ColdRunError(RuntimeError):
    """A run in a fresh interpreter failed or ran out of time: the bench says so in one line (``ttt.tools.cli``)."""


def _run_fresh(snippet: str, timeout: float | None = 300) -> list[str]:
    """Run ``snippet`` in a fresh interpreter that imports this ``ttt``, and return the words it printed."""
    env = dict(os.environ)
    package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    try:
        done = subprocess.run(
            [sys.executable, "-c", snippet], capture_output=True, text=True, timeout=timeout, env=env, check=False
        )
    except subprocess.TimeoutExpired:   # seen once at a load of 7 with the bench niced: say so, as for a failure
        raise ColdRunError(f"a cold run took over {timeout:.0f} s (the machine is too busy to time it)") from None
    if done.returncode != 0:
        raise ColdRunError(f"a cold run failed: {done.stderr.strip().splitlines()[-1:]}")
    return done.stdout.split()


def cold_times(repeat: int = 5, progress: bool = False) -> dict:
    """First-call times in fresh interpreters, ``repeat`` runs each, medians, and the ratios.

    ``times`` maps each snippet's name to its median (seconds); ``ratios``
    maps ``"peer / ours"`` to how many times longer the peer took (OpenSpiel
    rows only when it is installed).  The ``ttt.solve`` snippet goes through
    :func:`ttt.solve`, so it measures whatever that uses.
    """
    have = set(peers.available())
    names = [name for name in COLD_SNIPPETS if name.startswith("ttt") or name in have]
    bar = progress_bar(len(names) * repeat, "cold", unit="run", enabled=progress)
    times, values = {}, {}
    try:
        for name in names:
            bar.set_description_str(f"cold: {name}")
            snippet = COLD_SNIPPETS[name].format(rows=3, cols=3, k=3)
            runs = []
            for _ in range(repeat):
                seconds, value = _cold_once(snippet)
                runs.append(seconds)
                values[name] = value
                bar.update(1)
            times[name] = statistics.median(runs)
    finally:
        bar.close()
    ratios = {
        f"{theirs} / {ours}": times[theirs] / times[ours]
        for ours, theirs in COLD_PAIRS
        if theirs in times and ours in times
    }
    return {"runs": repeat, "times": times, "values": values, "ratios": ratios}


def widget_reply(lookups: int = 500, seed: int = 0) -> dict:
    """Median time of one :meth:`Tablebase.lookup` once the table is built (the widget's reply).

    The positions come from random games (``seed``), each looked up on its own.
    """
    table = Tablebase.top_down(3, 3, 3)
    rng = random.Random(seed)
    positions = []
    while len(positions) < lookups:
        board = Board.empty()
        while not board.is_over and len(positions) < lookups:
            positions.append(board)
            board = board.child(rng.choice(board.legal_moves()))
    times = []
    for board in positions:
        start = time.perf_counter()
        table.lookup(board)
        times.append(time.perf_counter() - start)
    return {"median_seconds": statistics.median(times), "max_seconds": max(times), "lookups": len(times)}


def benchmark(
    repeat: int = 5,
    quick: bool = False,
    progress: bool = False,
    slow_repeat: int | None = None,
    peers: bool = True,
    cold: bool = True,
) -> dict:
    """Everything ``python -m ttt bench`` reports, as one JSON-ready dict.

    Keys: ``rows`` (:func:`results`), ``peers`` (:func:`peer_rows`), ``cold``
    (:func:`cold_times`, or ``None``), ``widget_reply``
    (:func:`widget_reply`), ``repeat`` and ``quick``.
    """
    return {
        "repeat": repeat,
        "quick": quick,
        "rows": results(repeat, slow_repeat, quick, progress),
        "peers": peer_rows(repeat, progress) if peers else [],
        "cold": cold_times(repeat, progress) if cold else None,
        "widget_reply": widget_reply(),
    }


# ---------------------------------------------------------------------- other board sizes


def board_benchmark(
    rows: int,
    cols: int,
    k: int,
    repeat: int = 3,
    progress: bool = False,
    cold: bool = True,
    max_seconds: float | None = VARIANT_SECONDS,
) -> dict:
    """The engine's ablation on an m×n, k board, and cold solves of its empty board.

    Each row of :data:`ABLATION` turns one idea of :class:`ttt.engine.Options`
    off (or changes the move order, or limits the table) and solves the empty
    board with a fresh engine: nodes, table size and the median time of
    ``repeat`` runs.  A run that spends ``max_seconds`` (``None``: no limit)
    is stopped: its row has ``value`` ``None``, the nodes and table it got
    to, and ``over_budget`` set; it is not repeated.  The brute-force
    algorithms of notebooks 03-06 are left out: they cannot finish on 4×4.

    With ``cold``, the first ``ttt.solve`` in fresh interpreters is timed
    too, beside OpenSpiel's 3×3 ``alpha_beta_search`` when that is
    installed, and so is the whole command ``python -m ttt solve`` on the
    empty board (time from start to exit, and its peak memory).
    """
    check_shape(rows, cols, k)
    check_budget(max_seconds)
    board = Board.empty(rows, cols, k)
    bar = progress_bar(len(ABLATION) * repeat, f"{rows}×{cols} k={k}", unit="run", enabled=progress)
    table_rows = []
    try:
        for name, options in ABLATION:
            bar.set_description_str(name.strip())
            times, value, over = [], None, False
            for _ in range(repeat):
                engine = Engine(rows, cols, k, options)
                with _no_gc():
                    start = time.perf_counter()
                    try:
                        value = engine.solve(board, max_seconds=max_seconds).value
                    except BudgetExceeded:
                        over = True
                    times.append(time.perf_counter() - start)
                bar.update(1)
                if over:
                    break
            stats = engine.stats
            table_rows.append({
                "variant": name, "value": None if over else value, "nodes": stats.nodes,
                "table": stats.table_size if options.table else None,
                "seconds": None if over else statistics.median(times), "over_budget": over,
            })
    finally:
        bar.close()
    cold_report = None
    if cold:
        snippets = {"ttt.solve": COLD_SNIPPETS["ttt.solve"].format(rows=rows, cols=cols, k=k)}
        if "OpenSpiel alpha_beta_search" in peers.available():
            snippets["OpenSpiel alpha_beta_search (3×3)"] = COLD_SNIPPETS["OpenSpiel alpha_beta_search"]
        times = {name: statistics.median(_cold_once(snippet)[0] for _ in range(repeat)) for name, snippet in snippets.items()}
        ratio = None
        if len(times) == 2:
            ratio = times["ttt.solve"] / times["OpenSpiel alpha_beta_search (3×3)"]
        command = ["solve", "--k", str(k), "/".join(["." * cols] * rows)]
        runs = [_command_once(command) for _ in range(repeat)]
        cold_report = {
            "runs": repeat, "times": times, "ttt_over_openspiel_3x3": ratio,
            "command": "python -m ttt " + " ".join(command[:-1] + [repr(command[-1]).replace("'", '"')]),
            "command_seconds": statistics.median(seconds for seconds, _ in runs),
            "command_peak_mb": max((mb for _, mb in runs if mb is not None), default=None),
        }
    return {"shape": [rows, cols, k], "repeat": repeat, "max_seconds": max_seconds, "ablation": table_rows,
            "cold": cold_report}


# ---------------------------------------------------------------------- the retrograde build, whole tables side by side

RETROGRADE_SNIPPET = peers.PEAK_KB_SOURCE + (
    # Timed in a fresh interpreter after the imports; prints seconds, positions, peak resident memory
    # (KiB) and CPU seconds (which another program's load on the machine does not inflate).
    "import time\n"
    "import numpy, ttt.census, ttt.retrograde, ttt.retrograde_numpy\n"
    "start, cpu = time.perf_counter(), time.process_time()\n"
    "entries = len(ttt.retrograde.solve_all({rows}, {cols}, {k}, method={method!r}, progress=False))\n"
    "seconds, cpu = time.perf_counter() - start, time.process_time() - cpu\n"
    "print(seconds, entries, peak_kb(), cpu)"
)

SLOW_PEER_NOTE = (
    "OpenSpiel's MinimaxSolver runs beyond 3×3 only with --slow-peers"
    " (on 4×4 it was measured at 311 s and 4.26 GB peak)"
)


def peak_memory(kib: int | None = None) -> int:
    """Peak resident memory in bytes: of this process, or the KiB another one printed (``peak_kb()``)."""
    return (peers.peak_kb() if kib is None else kib) * 1024


def retrograde_benchmark(rows: int, cols: int, k: int, repeat: int = 3, slow_peers: bool = False,
                         progress: bool = False) -> dict:
    """Every position of the board solved at once, cold, in fresh interpreters: ours beside OpenSpiel's.

    ``ttt.retrograde.solve_all`` (NumPy, and the plain version on boards it
    accepts) against OpenSpiel's Python ``MinimaxSolver``, which builds its
    own table of every unfinished position.  Each row gives the median time
    of ``repeat`` runs, the entries of the table and the largest peak
    memory of a run (the whole interpreter's), and the median CPU time,
    which other programs on a busy machine do not inflate.  OpenSpiel runs on
    3×3 whenever installed, on other boards only with ``slow_peers`` (once:
    it takes minutes on 4×4).  ``ratio`` and ``cpu_ratio`` are OpenSpiel's
    times over ours (NumPy).
    A board too large to tabulate here is skipped, with the reason.
    """
    from ttt.geometry import BoardError
    from ttt.retrograde import PLAIN_MAX_CELLS, check_size

    check_shape(rows, cols, k)
    game = peers.openspiel_game(rows, cols, k)
    section = {"shape": [rows, cols, k], "runs": repeat, "game": game, "rows": [], "ratio": None, "cpu_ratio": None,
               "note": None}
    try:
        check_size(rows, cols, k)
    except BoardError as err:
        section["note"] = f"skipped: {err}"
        return section
    runs = [("ttt retrograde (NumPy)", RETROGRADE_SNIPPET.format(rows=rows, cols=cols, k=k, method="numpy"), repeat)]
    if rows * cols <= PLAIN_MAX_CELLS:
        plain = RETROGRADE_SNIPPET.format(rows=rows, cols=cols, k=k, method="plain")
        runs.append(("ttt retrograde (plain Python)", plain, repeat))
    if "OpenSpiel MinimaxSolver (whole table)" in peers.available():
        if game == "tic_tac_toe" or slow_peers:
            runs.append((f"OpenSpiel MinimaxSolver ({game})", peers.WHOLE_TABLE_SNIPPET.format(game=game),
                         repeat if game == "tic_tac_toe" else 1))
        else:
            section["note"] = SLOW_PEER_NOTE
    bar = progress_bar(sum(n for _, _, n in runs), "whole tables", unit="run", enabled=progress)
    try:
        for name, snippet, n in runs:
            bar.set_description_str(name)
            results = []
            for _ in range(n):
                results.append(_run_fresh(snippet, timeout=None))
                bar.update(1)
            section["rows"].append({
                "name": name, "runs": n, "seconds": statistics.median(float(r[0]) for r in results),
                "cpu_seconds": statistics.median(float(r[3]) for r in results),
                "entries": int(results[0][1]), "peak_bytes": max(peak_memory(int(r[2])) for r in results),
            })
    finally:
        bar.close()
    rows_by_name = {row["name"]: row for row in section["rows"]}
    theirs = rows_by_name.get(f"OpenSpiel MinimaxSolver ({game})")
    if theirs is not None:
        ours = rows_by_name["ttt retrograde (NumPy)"]
        section["ratio"] = theirs["seconds"] / ours["seconds"]
        section["cpu_ratio"] = theirs["cpu_seconds"] / ours["cpu_seconds"]
    return section


_PEAK_WRAPPER = peers.PEAK_KB_SOURCE + (
    # ``python -m ttt ARGS``, run through runpy so that the process can report its own peak memory at exit.
    "import atexit, runpy, sys\n"
    "atexit.register(lambda: sys.stderr.write(f'\\npeak-kb {peak_kb()}\\n'))\n"
    "sys.argv = ['python -m ttt'] + sys.argv[1:]\n"
    "runpy.run_module('ttt', run_name='__main__', alter_sys=True)\n"
)


def _command_once(args: list[str]) -> tuple[float, float | None]:
    """Run ``python -m ttt ARGS`` in a fresh interpreter: ``(seconds from start to exit, peak memory in MB)``.

    The process reports its own peak resident memory as it exits (VmHWM on
    Linux).  Asking the parent instead (``os.wait4``, ``/usr/bin/time`` run
    from here) would not do: a child forked from a large process, as this
    benchmark is after the ablation, inherits the parent's high-water mark.
    ``None`` where no figure is available.
    """
    env = dict(os.environ)
    package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_WRAPPER, *args], capture_output=True, text=True, timeout=600, env=env,
        check=False,
    )
    seconds = time.perf_counter() - start
    *messages, last = done.stderr.rstrip("\n").split("\n")
    if done.returncode != 0:
        raise RuntimeError(f"python -m ttt {' '.join(args)} failed: {' '.join(messages).strip()[-300:]}")
    peak = float(last.split()[1]) / 1024 if last.startswith("peak-kb ") else None
    return seconds, peak
