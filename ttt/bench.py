"""The results table: every search of the course solving the empty 3×3 board, measured side by side.

One function, :func:`benchmark`, runs each algorithm of notebooks 04 to 07
(and the engine and the solved table behind :func:`ttt.solve`) on the empty
board, counts its work, times it, and returns plain rows ready for JSON or
for :func:`frame` (a pandas table).  Notebook 07 shows that table;
``python -m ttt bench`` prints it (:func:`add_arguments`, :func:`run`).

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
when installed: :mod:`ttt.peers`), ``cold`` (first-call times in fresh
interpreters, medians, and the ratios of the peers' times to ours) and
``widget_reply`` (one :meth:`~ttt.table.SolvedTable.lookup`).

Only 3×3 is measured: the brute-force rows and the source's figures exist
only there.  pandas and tqdm are imported inside the functions that use them.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Callable

from ttt.board import Board
from ttt.engine import Engine, Options
from ttt.instrument import SearchStats
from ttt.memo import (
    KnowledgeBase,
    TableStats,
    alphabeta_memo,
    cached_negamax,
    negamax_kb,
    negamax_memo,
    reaches,
)
from ttt.minimax import minimax, negamax
from ttt.pruning import alphabeta, lazy_negamax, take_until_tree
from ttt.symmetry_search import negamax_symmetry_lookup, negamax_symmetry_table
from ttt.table import SolvedTable
from ttt.tree import game_tree

__all__ = [
    "Algorithm",
    "ALGORITHMS",
    "SOURCE",
    "measure",
    "results",
    "peer_rows",
    "cold_times",
    "widget_reply",
    "benchmark",
    "frame",
    "format_report",
    "add_arguments",
    "run",
]

BRUTE_FORCE = "negamax (brute force)"

SOURCE = {
    # The Ruby negamax post's results table: (seconds, calls, table size without the root).
    BRUTE_FORCE: (5.781872, 549_946, None),
    "memo: dict": (0.105050, 16_168, 5_477),
    "symmetry table": (0.048830, 2_271, 5_477),
    "symmetry lookup": (0.058844, 2_271, 764),
    "alpha-beta (-inf, inf)": (0.193677, 18_297, None),
}


@dataclass(frozen=True)
class Algorithm:
    """One row of the table: how to set it up (not timed) and run it once (timed).

    ``run(state)`` solves the empty 3×3 board and returns ``(value, nodes,
    leaves, table)`` (``None`` where a figure does not apply: the shortcut
    rows only show "at least a draw", so they have no value); ``setup()``
    makes ``state`` (``None`` when there is nothing to prepare).  ``slow``
    rows are the brute-force ones that ``--quick`` leaves out.
    """

    name: str
    notebook: str
    run: Callable
    setup: Callable | None = None
    slow: bool = False
    note: str = ""


def _counted(search) -> Callable:
    """A ``run`` for a search ``search(state, stats) -> value`` that counts in a SearchStats."""

    def run(state):
        stats = SearchStats()
        value = search(state, stats)
        return value, stats.nodes, stats.leaves, None

    return run


def _with_table(search) -> Callable:
    """A ``run`` for ``search(table, stats) -> value`` that fills a fresh dict."""

    def run(state):
        stats, table = TableStats(), {}
        value = search(table, stats)
        return value, stats.nodes, stats.leaves, len(table)

    return run


def _run_functools(state):
    value_of = cached_negamax()
    value = value_of(Board.empty())
    info = value_of.cache_info()
    return value, info.hits + info.misses, None, info.currsize


def _run_kb(state):
    stats = TableStats()
    value, kb = negamax_kb(Board.empty(), KnowledgeBase(), stats)
    return value, stats.nodes, stats.leaves, len(kb)


def _engine_run(options: Options, solve: bool = False) -> Callable:
    def run(state):
        engine = Engine(3, 3, 3, options)
        if solve:
            value = engine.solve(Board.empty()).value
        else:
            score = engine.score(Board.empty())
            value = (score > 0) - (score < 0)
        stats = engine.stats
        return value, stats.nodes, None, stats.table_size if options.table else None

    return run


def _run_solved_table(state):
    table = SolvedTable(3, 3, 3)
    return table.lookup(Board.empty()).value, table.calls, None, len(table)


def _at_least_a_draw(answer: bool) -> None:
    """The shortcut answers "at least a draw?", not the value: the row's value stays empty."""
    if not answer:
        raise RuntimeError("the shortcut failed to show that X can hold the draw")


def _tree(state=None):
    return game_tree(Board.empty())


_E = Board.empty

_NO_EXTRAS = dict(table=False, symmetry=False, order="index", threats=False, dead=False)

ALGORITHMS: tuple[Algorithm, ...] = (
    Algorithm("minimax on the game tree", "04", _counted(lambda tree, s: minimax(tree, s)),
              setup=_tree, slow=True, note="tree built beforehand"),
    Algorithm(BRUTE_FORCE, "04", _counted(lambda _, s: negamax(_E(), s)), slow=True),
    Algorithm("lazy pruning (supremum)", "05", _counted(lambda _, s: lazy_negamax(_E(), s))),
    Algorithm("take until a win", "05", _counted(lambda tree, s: take_until_tree(tree, s).value),
              setup=_tree, note="tree built beforehand"),
    Algorithm("alpha-beta (-inf, inf)", "05", _counted(lambda _, s: alphabeta(_E(), stats=s))),
    Algorithm("alpha-beta [-1, 1]", "05", _counted(lambda _, s: alphabeta(_E(), -1, 1, stats=s))),
    Algorithm("alpha-beta, static order", "05", _counted(lambda _, s: alphabeta(_E(), order="static", stats=s))),
    Algorithm("alpha-beta, threats+static order", "05",
              _counted(lambda _, s: alphabeta(_E(), order="threats+static", stats=s))),
    Algorithm("memo: dict", "06", _with_table(lambda t, s: negamax_memo(_E(), t, s))),
    Algorithm("memo: functools.cache", "06", _run_functools, note="no leaf count"),
    Algorithm("memo: knowledge base (pure)", "06", _run_kb, note="copy on write"),
    Algorithm("shortcut (at least a draw?)", "06", _counted(lambda _, s: _at_least_a_draw(reaches(_E(), 0, None, s))),
              note="proves >= draw only"),
    Algorithm("shortcut + table", "06", _with_table(lambda t, s: _at_least_a_draw(reaches(_E(), 0, t, s))),
              note="proves >= draw only"),
    Algorithm("alpha-beta + bound table", "06", _with_table(lambda t, s: alphabeta_memo(_E(), table=t, stats=s))),
    Algorithm("symmetry table", "07", _with_table(lambda t, s: negamax_symmetry_table(_E(), t, s))),
    Algorithm("symmetry lookup", "07", _with_table(lambda t, s: negamax_symmetry_lookup(_E(), t, s))),
    Algorithm("engine: bitboard alpha-beta", "09", _engine_run(Options(**_NO_EXTRAS)),
              note="depth-aware scores"),
    Algorithm("engine + bound table", "09", _engine_run(Options(**{**_NO_EXTRAS, "table": True}))),
    Algorithm("engine + symmetry", "09",
              _engine_run(Options(**{**_NO_EXTRAS, "table": True, "symmetry": True}))),
    Algorithm("engine + static order", "09", _engine_run(Options(threats=False, dead=False))),
    Algorithm("engine + threats", "09", _engine_run(Options(dead=False))),
    Algorithm("engine, all options (+ dead lines)", "09", _engine_run(Options())),
    Algorithm("engine: solve (value + every best move)", "09", _engine_run(Options(), solve=True),
              note="what ttt.solve does"),
    Algorithm("SolvedTable build (whole game)", "09", _run_solved_table, note="nodes = solver calls"),
)
"""The rows of the results table, in the order the course meets them."""


# ---------------------------------------------------------------------- measuring


def _progress_bar(total: int, enabled: bool, desc: str):
    """A tqdm bar on standard error, or a stand-in that does nothing (no bar wanted, or no tqdm)."""
    if enabled:
        try:
            from tqdm import tqdm
        except ImportError:
            pass
        else:
            return tqdm(total=total, desc=desc, file=sys.stderr, leave=False, unit="run")
    return _NoBar()


class _NoBar:
    def update(self, n=1):
        pass

    def set_description_str(self, text):
        pass

    def close(self):
        pass


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


def measure(algorithm: Algorithm, repeat: int = 5, bar=None) -> dict:
    """Run one algorithm ``repeat`` times (fresh tables each time) and return its row.

    The counts must come out the same on every run (they are deterministic);
    the time is the median.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, not {repeat}")
    state = algorithm.setup() if algorithm.setup else None
    times, counts = [], set()
    gc.collect()
    for _ in range(repeat):
        with _no_gc():
            start = time.perf_counter()
            value, nodes, leaves, table = algorithm.run(state)
            times.append(time.perf_counter() - start)
        counts.add((value, nodes, leaves, table))
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
    bar = _progress_bar(sum(runs.values()), progress, "bench")
    rows = []
    try:
        for algorithm in chosen:
            bar.set_description_str(algorithm.name)
            rows.append(measure(algorithm, runs[algorithm.name], bar))
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
    from ttt import peers

    names = peers.available()
    bar = _progress_bar(len(names) * repeat, progress, "peers")
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
    ("ttt SolvedTable (whole table)", "OpenSpiel MinimaxSolver (whole table)"),
)


def _cold_once(snippet: str) -> tuple[float, int]:
    """Run one snippet of :data:`ttt.peers.COLD_SNIPPETS` in a fresh interpreter: ``(seconds, value)``."""
    env = dict(os.environ)
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, timeout=300, env=env, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"a cold run failed: {done.stderr.strip().splitlines()[-1:]}")
    seconds, value = done.stdout.split()
    return float(seconds), int(float(value))


def cold_times(repeat: int = 5, progress: bool = False) -> dict:
    """First-call times in fresh interpreters, ``repeat`` runs each, medians, and the ratios.

    ``times`` maps each snippet's name to its median (seconds); ``ratios``
    maps ``"peer / ours"`` to how many times longer the peer took (OpenSpiel
    rows only when it is installed).  The ``ttt.solve`` snippet goes through
    :func:`ttt.solve`, so it measures whatever that uses.
    """
    from ttt import peers

    have = set(peers.available())
    names = [name for name in peers.COLD_SNIPPETS if name.startswith("ttt") or name in have]
    bar = _progress_bar(len(names) * repeat, progress, "cold")
    times, values = {}, {}
    try:
        for name in names:
            bar.set_description_str(f"cold: {name}")
            snippet = peers.COLD_SNIPPETS[name].format(rows=3, cols=3, k=3)
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
    """Median time of one :meth:`SolvedTable.lookup` once the table is built (the widget's reply).

    The positions come from random games (``seed``), each looked up on its own.
    """
    table = SolvedTable(3, 3, 3)
    rng = random.Random(seed)
    positions = []
    while len(positions) < lookups:
        board = Board.empty()
        while not board.is_over and len(positions) < lookups:
            positions.append(board)
            board = board._play(rng.choice(board.legal_moves()))
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
ABLATION = (
    ("engine, all options", Options()),
    ("  order: index instead of static", Options(order="index")),
    ("  order: lines instead of static", Options(order="lines")),
    ("  order: history instead of static", Options(order="history")),
    ("  without symmetry", Options(symmetry=False)),
    ("  without threats", Options(threats=False)),
    ("  without dead-line caps", Options(dead=False)),
    ("  without any table", Options(table=False, symmetry=False)),
)
NO_TABLE_MAX_CELLS = 12  # without a table, 4×4 revisits its transpositions far too often to finish


def board_benchmark(rows: int, cols: int, k: int, repeat: int = 3, progress: bool = False, cold: bool = True) -> dict:
    """The engine's ablation on an m×n, k board, and a cold ``ttt.solve`` of its empty board.

    Each row turns one idea of :class:`ttt.engine.Options` off (or changes the
    move order) and solves the empty board with a fresh engine: nodes, table
    size and the median time of ``repeat`` runs.  The brute-force algorithms of
    notebooks 03-06 are left out: they cannot finish on 4×4.  With ``cold``, the
    first ``ttt.solve`` in fresh interpreters is timed too, beside OpenSpiel's
    3×3 ``alpha_beta_search`` when that is installed.
    """
    from ttt import peers
    from ttt.geometry import check_shape

    check_shape(rows, cols, k)
    board = Board.empty(rows, cols, k)
    variants = [(name, opts) for name, opts in ABLATION if opts.table or rows * cols <= NO_TABLE_MAX_CELLS]
    skipped = [name.strip() for name, opts in ABLATION if (name, opts) not in variants]
    bar = _progress_bar(len(variants) * repeat, progress, f"{rows}×{cols} k={k}")
    table_rows = []
    try:
        for name, options in variants:
            bar.set_description_str(name.strip())
            times = []
            for _ in range(repeat):
                engine = Engine(rows, cols, k, options)
                with _no_gc():
                    start = time.perf_counter()
                    solution = engine.solve(board)
                    times.append(time.perf_counter() - start)
                bar.update(1)
            stats = engine.stats
            table_rows.append({
                "variant": name, "value": solution.value, "nodes": stats.nodes,
                "table": stats.table_size if options.table else None, "seconds": statistics.median(times),
            })
    finally:
        bar.close()
    cold_report = None
    if cold:
        snippets = {"ttt.solve": peers.COLD_SNIPPETS["ttt.solve"].format(rows=rows, cols=cols, k=k)}
        if "OpenSpiel alpha_beta_search" in peers.available():
            snippets["OpenSpiel alpha_beta_search (3×3)"] = peers.COLD_SNIPPETS["OpenSpiel alpha_beta_search"]
        times = {name: statistics.median(_cold_once(snippet)[0] for _ in range(repeat)) for name, snippet in snippets.items()}
        ratio = None
        if len(times) == 2:
            ratio = times["ttt.solve"] / times["OpenSpiel alpha_beta_search (3×3)"]
        cold_report = {"runs": repeat, "times": times, "ttt_over_openspiel_3x3": ratio}
    return {"shape": [rows, cols, k], "repeat": repeat, "ablation": table_rows, "skipped": skipped, "cold": cold_report}


def format_board_report(report: dict) -> str:
    """The ablation and the cold solve as aligned text."""
    rows, cols, k = report["shape"]
    lines = [
        f"Solving the empty {rows}×{cols} board, {k} in a row (ttt.engine; median of {report['repeat']} runs)",
        f"{'variant':40} {'value':>5} {'nodes':>10} {'table':>9} {'ms':>10}",
    ]
    for row in report["ablation"]:
        lines.append(
            f"{row['variant']:40} {row['value']:>5} {row['nodes']:>10,} {_number(row['table']):>9}"
            f" {row['seconds'] * 1000:>10.1f}"
        )
    for name in report["skipped"]:
        lines.append(f"{name:40} skipped: without a table this board takes far too long")
    cold = report["cold"]
    if cold:
        lines.append("")
        lines.append(f"Cold: first call in a fresh interpreter, median of {cold['runs']}")
        for name, seconds in cold["times"].items():
            lines.append(f"  {name:40} {seconds * 1000:>10.1f} ms")
        if cold["ttt_over_openspiel_3x3"] is not None:
            lines.append(f"  ttt.solve here / OpenSpiel 3×3: {cold['ttt_over_openspiel_3x3']:.1f}×")
    return "\n".join(lines)


# ---------------------------------------------------------------------- showing


def frame(rows: list[dict]):
    """The rows as a pandas DataFrame indexed by algorithm (pandas is imported here, not before)."""
    import pandas as pd

    table = pd.DataFrame(rows).set_index("algorithm")
    for column in ("nodes", "leaves", "table", "source_calls", "source_table"):
        table[column] = table[column].astype("Int64")
    return table


def _number(value, spec: str = ",") -> str:
    return "-" if value is None else format(value, spec)


def format_report(report: dict) -> str:
    """The benchmark as aligned text: the results table, then peers, cold runs and the widget reply."""
    header = (
        f"{'algorithm':40} {'nb':>6} {'nodes':>9} {'leaves':>8} {'table':>7} {'ms':>10} {'x brute':>8}"
        f" | {'source s':>9} {'calls':>9} {'table':>6}  note"
    )
    lines = [
        f"Solving the empty 3×3 board (median of {report['repeat']} runs; source = the Ruby negamax post)",
        header,
        "-" * len(header),
    ]
    for row in report["rows"]:
        speedup = row["speedup"]
        speed = "-" if speedup is None else f"{speedup:,.0f}" if speedup >= 10 else f"{speedup:.1f}"
        lines.append(
            f"{row['algorithm']:40} {row['notebook']:>6} {_number(row['nodes']):>9} {_number(row['leaves']):>8}"
            f" {_number(row['table']):>7} {row['seconds'] * 1000:>10.3f} {speed:>8}"
            f" | {_number(row['source_seconds'], '.4f'):>9} {_number(row['source_calls']):>9}"
            f" {_number(row['source_table']):>6}  {row['note']}".rstrip()
        )
    if report["quick"]:
        lines.append("(quick: brute-force rows left out, so no speed-up column)")
    lines.append("")
    if report["peers"]:
        lines.append("Peers, warm, in this process")
        for row in report["peers"]:
            lines.append(
                f"  {row['peer']:40} {row['seconds'] * 1000:>10.3f} ms  value {row['value']}  ({row['detail']})"
            )
    else:
        lines.append("Peers: none installed (pip install open_spiel easyAI to compare)")
    cold = report["cold"]
    if cold:
        lines.append("")
        lines.append(f"Cold: first call in a fresh interpreter, median of {cold['runs']}")
        for name, seconds in cold["times"].items():
            lines.append(f"  {name:40} {seconds * 1000:>10.3f} ms")
        for name, ratio in cold["ratios"].items():
            lines.append(f"  {name}: {ratio:.1f}×")
    reply = report["widget_reply"]
    lines.append("")
    lines.append(
        f"Widget reply (SolvedTable.lookup, table built): median {reply['median_seconds'] * 1e6:.1f} µs"
        f" over {reply['lookups']} positions"
    )
    return "\n".join(lines)


# ---------------------------------------------------------------------- the command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``bench`` options to a (sub-command) parser."""
    parser.add_argument("--repeat", type=int, metavar="N", help="runs per row; the median is reported (default 5)")
    parser.add_argument("--json", action="store_true", help="print the whole report as one JSON object")
    parser.add_argument("--quick", action="store_true", help="leave out the brute-force rows and run everything once")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")
    parser.add_argument("--no-cold", action="store_true", help="skip the runs in fresh interpreters")
    parser.add_argument("--rows", type=int, default=3, help="board rows (default 3); other sizes run the engine ablation")
    parser.add_argument("--cols", type=int, default=3, help="board columns (default 3)")
    parser.add_argument("--k", type=int, help="marks in a row to win (default: the shorter side)")


def run(args: argparse.Namespace) -> int:
    """Run the benchmark the options ask for and print it; the exit status."""
    repeat = args.repeat if args.repeat is not None else 1 if args.quick else 5
    if repeat < 1:
        print(f"error: --repeat must be at least 1, not {repeat}", file=sys.stderr)
        return 2
    from ttt.geometry import check_shape

    shape = (args.rows, args.cols, min(args.rows, args.cols) if args.k is None else args.k)
    check_shape(*shape)  # a BoardError here becomes a one-line message in ttt.cli
    if shape != (3, 3, 3):
        report = board_benchmark(*shape, repeat=repeat, progress=not args.no_progress, cold=not args.no_cold)
        print(json.dumps(report) if args.json else format_board_report(report))
        return 0
    report = benchmark(repeat=repeat, quick=args.quick, progress=not args.no_progress, cold=not args.no_cold)
    print(json.dumps(report) if args.json else format_report(report))
    return 0
