"""The results table (ttt.bench): its rows count what the searches really do, and the command runs.

Times are measured but never judged here (speed targets belong in the
benchmark's output, not in pass/fail tests); only the counts are checked.
"""

import argparse
import contextlib
import io
import json
import subprocess
import sys

import pytest

from ttt import Board, bench, peers
from ttt.engine import Engine, Options
from ttt.table import SolvedTable

# Rows whose counts are fixed by the algorithm (nodes, leaves, table entries).
EXPECTED = {
    "lazy pruning (supremum)": (94978, 38856, None),
    "take until a win": (94978, 38856, None),
    "alpha-beta (-inf, inf)": (18297, 7330, None),
    "alpha-beta [-1, 1]": (16811, 6740, None),
    "alpha-beta, static order": (7275, 2893, None),
    "alpha-beta, threats+static order": (2096, 750, None),
    "memo: dict": (16168, 958, 5478),
    "memo: functools.cache": (16168, None, 5478),
    "memo: knowledge base (pure)": (16168, 958, 5478),
    "symmetry table": (2271, 138, 5478),
    "symmetry lookup": (2271, 138, 765),
}


def check_rows(report):
    rows = {row["algorithm"]: row for row in report["rows"]}
    assert list(rows) == [a.name for a in bench.ALGORITHMS if not a.slow]  # quick: no brute force
    for name, counts in EXPECTED.items():
        assert (rows[name]["nodes"], rows[name]["leaves"], rows[name]["table"]) == counts, name
    # Every algorithm finds the draw; the shortcut rows only show "at least a draw" and report no value.
    no_value = {name for name, row in rows.items() if row["value"] is None}
    assert no_value == {"shortcut (at least a draw?)", "shortcut + table"}
    assert all(row["value"] == 0 for row in rows.values() if row["value"] is not None)
    assert all(row["seconds"] > 0 and row["speedup"] is None for row in rows.values())
    # The engine rows are what a fresh engine reports for the same options.
    engine = Engine(3, 3, 3, Options())
    engine.score(Board.empty())
    row = rows["engine, all options (+ dead lines)"]
    assert (row["nodes"], row["table"]) == (engine.stats.nodes, engine.stats.table_size)
    table = SolvedTable()
    row = rows["SolvedTable build (whole game)"]
    assert (row["nodes"], row["table"]) == (table.calls, len(table))
    # The source's figures sit beside ours.
    assert (rows["memo: dict"]["source_calls"], rows["memo: dict"]["source_table"]) == (16168, 5477)
    assert (rows["symmetry lookup"]["source_calls"], rows["symmetry lookup"]["source_table"]) == (2271, 764)
    assert [p["peer"] for p in report["peers"]] == peers.available()
    assert all(p["value"] == 0 for p in report["peers"])
    assert 0 < report["widget_reply"]["median_seconds"] <= report["widget_reply"]["max_seconds"]


def namespace(*argv):
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    return parser.parse_args(list(argv))


@pytest.fixture(scope="module")
def quick_report():
    """``ttt.bench.run`` called as ``python -m ttt bench --quick --json --no-progress --no-cold`` would call it."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = bench.run(namespace("--quick", "--json", "--no-progress", "--no-cold"))
    assert (status, err.getvalue()) == (0, "")
    return json.loads(out.getvalue())


def test_run_quick_json_directly(quick_report):
    assert quick_report["quick"] and quick_report["repeat"] == 1 and quick_report["cold"] is None
    check_rows(quick_report)


def test_the_command_line_quick_json():
    """``python -m ttt bench`` (the lead wires ttt.bench into ttt/cli.py), cold runs included."""
    done = subprocess.run(
        [sys.executable, "-m", "ttt", "bench", "--quick", "--json", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar asked for
    report = json.loads(done.stdout)
    check_rows(report)
    cold = report["cold"]
    assert cold["runs"] == 1 and cold["values"]["ttt.solve"] == 0
    assert {"ttt.solve", "ttt SolvedTable (whole table)"} <= set(cold["times"])
    if "OpenSpiel alpha_beta_search" in peers.available():
        assert set(cold["ratios"]) == {f"{theirs} / {ours}" for ours, theirs in bench.COLD_PAIRS}
        assert all(ratio > 0 for ratio in cold["ratios"].values())


def test_the_text_report_and_the_table(quick_report):
    text = bench.format_report(quick_report)
    for row in quick_report["rows"]:
        assert row["algorithm"] in text
    assert "16,168" in text and "5,477" in text
    for name in peers.available():
        assert name in text
    if not peers.available():
        assert "none installed" in text
    table = bench.frame(quick_report["rows"])
    assert table.loc["symmetry lookup", "table"] == 765 and str(table["nodes"].dtype) == "Int64"


def test_a_bad_repeat_is_one_line_on_stderr(capsys):
    assert bench.run(namespace("--repeat", "0", "--no-progress")) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == "error: --repeat must be at least 1, not 0"
    with pytest.raises(ValueError):
        bench.measure(bench.ALGORITHMS[0], repeat=0)


CHECK = "'pandas' in sys.modules, 'matplotlib' in sys.modules"


def test_importing_ttt_does_not_import_pandas_or_matplotlib():
    for module in ("ttt", "ttt.bench"):
        done = subprocess.run(
            [sys.executable, "-c", f"import sys, {module}; print({CHECK})"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["False", "False"], module


def test_bench_on_another_board_size_runs_the_engine_ablation():

    done = subprocess.run(
        [sys.executable, "-m", "ttt", "bench", "--rows", "3", "--cols", "4", "--k", "3", "--repeat", "1",
         "--no-cold", "--no-progress", "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["shape"] == [3, 4, 3] and report["skipped"] == []
    assert all(row["value"] == 1 for row in report["ablation"])  # 3×4 with three in a row is a first-player win
    nodes = {row["variant"].strip(): row["nodes"] for row in report["ablation"]}
    assert nodes["engine, all options"] < nodes["without symmetry"] < nodes["without threats"]


@pytest.mark.parametrize("args", [["--rows", "0"], ["--rows", "2", "--cols", "2", "--k", "3"], ["--k", "-1"]])
def test_bench_refuses_bad_sizes_with_one_line(args):

    done = subprocess.run([sys.executable, "-m", "ttt", "bench", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
