"""Measuring (ttt.tools.measure): rows timed and counted, peers, cold runs, the widget's reply and the ablation.

Times are measured but never judged; only the counts and the shape of the report are checked.
"""

import pytest

import ttt.tools.measure
from ttt.tools import peers
from ttt.tools.algorithms import ALGORITHMS, BRUTE_FORCE, Algorithm
from ttt.tools.measure import (
    _command_once,
    COLD_PAIRS,
    COLD_SNIPPETS,
    ColdRunError,
    RETROGRADE_SNIPPET,
    SLOW_PEER_NOTE,
    board_benchmark,
    cold_times,
    measure,
    peak_memory,
    peer_rows,
    results,
    retrograde_benchmark,
    widget_reply,
)
from ttt.tools.report import format_board_report
from bench_figures import ROWS, check_report
from support import run_python


@pytest.mark.long
def test_the_quick_report(quick_report):
    assert quick_report["quick"] and quick_report["repeat"] == 1 and quick_report["cold"] is None
    check_report(quick_report)


def test_one_row_is_the_median_of_its_runs():
    algorithm = next(a for a in ALGORITHMS if a.name == "symmetry lookup")
    row = measure(algorithm, repeat=3)
    assert row["runs"] == 3 and row["seconds"] > 0 and row["speedup"] is None
    assert (row["algorithm"], row["notebook"], row["note"]) == ("symmetry lookup", "07", "")
    assert (row["value"], row["nodes"], row["leaves"], row["table"]) == ROWS["symmetry lookup"]
    assert (row["source_seconds"], row["source_calls"], row["source_table"]) == (0.058844, 2_271, 764)
    with pytest.raises(ValueError, match="repeat must be at least 1"):
        measure(ALGORITHMS[0], repeat=0)


def test_the_speedup_is_relative_to_brute_force(monkeypatch):
    def slow(state, stats):
        stats.nodes += 1
        sum(range(200_000))  # something to time
        return 0

    def fast(state, stats):
        stats.nodes += 1
        return 0

    rows = [Algorithm(BRUTE_FORCE, "04", slow, slow=True), Algorithm("fast", "05", fast)]
    monkeypatch.setattr(ttt.tools.measure, "ALGORITHMS", tuple(rows))
    full = results(repeat=1, slow_repeat=2)
    assert [(row["algorithm"], row["runs"]) for row in full] == [(BRUTE_FORCE, 2), ("fast", 1)]
    assert full[0]["speedup"] == 1.0 and full[1]["speedup"] > 1
    assert full[0]["source_calls"] == 549_946  # the source's row for brute force
    quick = results(repeat=1, quick=True)
    assert [row["algorithm"] for row in quick] == ["fast"] and quick[0]["speedup"] is None


def test_counts_that_change_between_runs_are_refused():
    calls = []

    def unsteady(state, stats):
        calls.append(1)
        stats.nodes += len(calls)
        return 0

    with pytest.raises(RuntimeError, match="the counts changed between runs"):
        measure(Algorithm("unsteady", "05", unsteady), repeat=2)


def test_peers_are_timed_only_when_installed():
    rows = peer_rows(repeat=1)
    assert [row["peer"] for row in rows] == peers.available()
    assert all(row["value"] == 0 and row["runs"] == 1 for row in rows)


def test_cold_runs_in_fresh_interpreters():
    cold = cold_times(repeat=1)
    assert cold["runs"] == 1 and cold["values"]["ttt.solve"] == 0
    assert cold["values"]["ttt.solve (5×5, k=4)"] == 0  # the empty 5×5 board with four in a row is a draw
    assert {"ttt.solve", "ttt Tablebase.top_down (whole table)"} <= set(cold["times"]) <= set(COLD_SNIPPETS)
    assert all(seconds > 0 for seconds in cold["times"].values())
    if "OpenSpiel alpha_beta_search" in peers.available():
        assert set(cold["ratios"]) == {f"{theirs} / {ours}" for ours, theirs in COLD_PAIRS}
    else:
        assert cold["ratios"] == {}
    assert set(peers.COLD_SNIPPETS) <= set(COLD_SNIPPETS)  # the peers' snippets beside ours


def test_a_cold_run_out_of_time_is_one_error_that_says_so(monkeypatch):
    """Seen once with the bench niced at a load of 7: a fresh interpreter that does not finish in time is a
    ColdRunError (the command line prints it in one line), not subprocess's TimeoutExpired."""
    def too_slow(command, **kwargs):
        raise ttt.tools.measure.subprocess.TimeoutExpired(command, kwargs["timeout"])

    monkeypatch.setattr(ttt.tools.measure.subprocess, "run", too_slow)
    with pytest.raises(ColdRunError, match=r"a cold run took over 300 s \(the machine is too busy to time it\)"):
        cold_times(repeat=1)


def test_the_widget_s_reply():
    reply = widget_reply(lookups=50, seed=1)
    assert reply["lookups"] == 50 and 0 < reply["median_seconds"] <= reply["max_seconds"]


def test_another_board_size_runs_the_engine_ablation():
    report = board_benchmark(3, 4, 3, repeat=1, cold=False)
    assert report["shape"] == [3, 4, 3] and report["cold"] is None and report["max_seconds"] == 60
    assert all(row["value"] == 1 and not row["over_budget"] for row in report["ablation"])  # a first-player win
    nodes = {row["variant"].strip(): row["nodes"] for row in report["ablation"]}
    assert nodes["engine, all options"] < nodes["without symmetry"] < nodes["without threats"]
    assert nodes["engine, all options"] == 385  # 399 before pairing
    assert next(row for row in report["ablation"] if row["variant"] == "  without any table")["table"] is None


def test_a_variant_over_its_budget_is_stopped_and_marked():
    report = board_benchmark(5, 5, 4, repeat=2, cold=False, max_seconds=0.01)
    rows = {row["variant"].strip(): row for row in report["ablation"]}
    over = rows["without pairing"]  # millions of nodes: far over a hundredth of a second
    assert over["over_budget"] and over["value"] is None and over["seconds"] is None and over["nodes"] > 0
    text = format_board_report(report)
    assert "without pairing" in text and "over budget" in text and "at most 0.01 s each" in text


def test_the_whole_solve_command_is_timed_with_its_peak_memory():
    seconds, peak = _command_once(["solve", "X../.../..."])
    assert seconds > 0 and (peak is None or 1 < peak < 1000)
    with pytest.raises(RuntimeError, match="failed"):
        _command_once(["solve", "XXX/XXX/..."])


def test_measuring_imports_neither_pandas_nor_matplotlib():
    code = "import sys, ttt.tools.measure, ttt.tools.cli; print('pandas' in sys.modules, 'matplotlib' in sys.modules)"
    assert run_python(code).split() == ["False", "False"]


def test_whole_tables_side_by_side_on_3x3():
    section = retrograde_benchmark(3, 3, 3, repeat=1)
    assert section["shape"] == [3, 3, 3] and section["runs"] == 1 and section["game"] == "tic_tac_toe"
    rows = {row["name"]: row for row in section["rows"]}
    assert rows["ttt retrograde (NumPy)"]["entries"] == rows["ttt retrograde (plain Python)"]["entries"] == 5_478
    assert all(row["seconds"] > 0 and row["cpu_seconds"] > 0 and row["peak_bytes"] > 10**6 and row["runs"] == 1
               for row in rows.values())
    if "OpenSpiel MinimaxSolver (whole table)" in peers.available():
        assert rows["OpenSpiel MinimaxSolver (tic_tac_toe)"]["entries"] == 4_520  # it keeps unfinished positions only
        assert section["ratio"] > 0 and section["cpu_ratio"] > 0 and section["note"] is None
    else:
        assert len(rows) == 2 and section["ratio"] is None


def test_whole_tables_beyond_3x3_leave_the_slow_peer_out_unless_asked(monkeypatch):
    monkeypatch.setattr(peers, "available", lambda: list(peers.PEERS))  # as if OpenSpiel were installed
    section = retrograde_benchmark(2, 4, 3, repeat=1)
    assert [row["name"] for row in section["rows"]] == ["ttt retrograde (NumPy)", "ttt retrograde (plain Python)"]
    assert section["note"] == SLOW_PEER_NOTE and section["game"] == "mnk(m=4,n=2,k=3)"


def test_whole_tables_too_large_for_this_machine_are_skipped_with_the_reason():
    section = retrograde_benchmark(5, 5, 4, repeat=1)
    assert section["rows"] == [] and section["ratio"] is None
    assert section["note"].startswith("skipped: 5×5 with k=4 is too large to tabulate here")


def test_the_retrograde_snippet_and_peak_memory():
    out = run_python(RETROGRADE_SNIPPET.format(rows=2, cols=3, k=2, method="numpy")).split()
    assert int(out[1]) == 129 and float(out[0]) > 0 and peak_memory(int(out[2])) > 10**6 and float(out[3]) > 0
    assert peak_memory() > 10**6  # this process
