"""The results as people read them (ttt.tools.report): aligned text and a pandas table."""

import pytest

from ttt.tools import peers
from ttt.tools.report import format_board_report, format_report, format_retrograde_report, format_tablebase, frame


@pytest.mark.long   # the quick benchmark report takes about half a minute to make
def test_the_text_report_and_the_table(quick_report):
    text = format_report(quick_report)
    for row in quick_report["rows"]:
        assert row["algorithm"] in text
    assert "16,168" in text and "5,477" in text
    assert "(quick: brute-force rows left out, so no speed-up column)" in text
    for name in peers.available():
        assert name in text
    if not peers.available():
        assert "Peers: none installed (pip install open_spiel easyAI to compare)" in text
    assert "Cold:" not in text  # no cold runs asked for
    table = frame(quick_report["rows"])
    assert table.loc["symmetry lookup", "table"] == 765 and str(table["nodes"].dtype) == "Int64"
    assert table.index.name == "algorithm" and table["table"].isna().sum() == sum(r["table"] is None for r in quick_report["rows"])


ROW = {
    "algorithm": "negamax (brute force)", "notebook": "04", "value": 0, "nodes": 549_946, "leaves": 255_168,
    "table": None, "seconds": 1.5, "runs": 1, "speedup": 1.0, "source_seconds": 5.781872,
    "source_calls": 549_946, "source_table": None, "note": "",
}


def test_peers_cold_runs_and_speedups_are_written_out():
    fast = {**ROW, "algorithm": "memo: dict", "nodes": 16_168, "table": 5_478, "seconds": 0.01, "speedup": 150.0,
            "note": "a note"}
    report = {
        "repeat": 3, "quick": False, "rows": [ROW, fast],
        "peers": [{"peer": "Some peer", "value": 0, "detail": "move 4", "seconds": 0.002, "runs": 3}],
        "cold": {"runs": 3, "times": {"ttt.solve": 0.004, "Some peer": 0.008}, "values": {}, "ratios": {"Some peer / ttt.solve": 2.0}},
        "widget_reply": {"median_seconds": 2e-6, "max_seconds": 1e-5, "lookups": 500},
    }
    lines = format_report(report).splitlines()
    assert lines[0] == "Solving the empty 3×3 board (median of 3 runs; source = the Ruby negamax post)"
    assert "549,946" in lines[3] and lines[3].split("|")[0].split()[-1] == "1.0"  # speed-up of brute force itself
    assert " 150 " in lines[4] and lines[4].endswith("a note")
    assert not any("quick" in line for line in lines)
    assert "  Some peer" in "\n".join(lines) and "value 0  (move 4)" in "\n".join(lines)
    assert "Cold: first call in a fresh interpreter, median of 3" in lines
    assert "  Some peer / ttt.solve: 2.0×" in lines
    assert lines[-1] == "Widget reply (Tablebase.lookup, table built): median 2.0 µs over 500 positions"


def test_the_board_report():
    report = {
        "shape": [4, 4, 3], "repeat": 1, "max_seconds": 60,
        "ablation": [
            {"variant": "engine, all options", "value": 1, "nodes": 277, "table": 157, "seconds": 0.01,
             "over_budget": False},
            {"variant": "  without any table", "value": 1, "nodes": 9_999, "table": None, "seconds": 0.2,
             "over_budget": False},
            {"variant": "  without pairing", "value": None, "nodes": 123_456, "table": 789, "seconds": None,
             "over_budget": True},
        ],
        "cold": {"runs": 1, "times": {"ttt.solve": 0.0005, "OpenSpiel alpha_beta_search (3×3)": 0.02},
                 "ttt_over_openspiel_3x3": 0.025,
                 "command": 'python -m ttt solve --k 3 "..../..../..../...."', "command_seconds": 0.25,
                 "command_peak_mb": 19.4},
    }
    lines = format_board_report(report).splitlines()
    assert lines[0] == "Solving the empty 4×4 board, 3 in a row (ttt.engine; median of 1 runs, at most 60 s each)"
    assert lines[2].split() == ["engine,", "all", "options", "1", "277", "157", "10.0"]
    assert lines[3].split()[-3:] == ["9,999", "-", "200.0"]
    assert lines[4].split()[-6:] == ["123,456+", "789", "over", "budget:", "stopped", "unsolved"]
    assert lines[-2] == "  ttt.solve here / OpenSpiel 3×3: 0.025 (OpenSpiel's 3×3 takes 40.0× as long)"
    assert lines[-1] == '  python -m ttt solve --k 3 "..../..../..../....": 0.25 s from start to exit, peak 19 MB'


def test_the_whole_table_lines():
    assert format_retrograde_report(None) == ""
    section = {
        "shape": [4, 4, 4], "runs": 3, "game": "mnk(m=4,n=4,k=4)", "ratio": 80.0, "cpu_ratio": 90.0, "note": None,
        "rows": [{"name": "ttt retrograde (NumPy)", "runs": 3, "seconds": 3.9, "cpu_seconds": 3.4, "entries": 9_722_011,
                  "peak_bytes": 3.1e8},
                 {"name": "OpenSpiel MinimaxSolver (mnk(m=4,n=4,k=4))", "runs": 1, "seconds": 311.0,
                  "cpu_seconds": 306.0, "entries": 9_062_619, "peak_bytes": 4.26e9}],
    }
    lines = format_retrograde_report(section).splitlines()
    assert lines[0].startswith("Every position of 4×4, k=4, solved at once: cold, in a fresh interpreter, median of 3")
    assert lines[1].split()[-9:] == ["s", "(CPU", "3.4", "s)", "9,722,011", "entries", "peak", "310.0", "MB"]
    assert lines[2].split()[-9:] == ["s", "(CPU", "306.0", "s)", "9,062,619", "entries", "peak", "4.26", "GB"]
    assert lines[3] == "  OpenSpiel MinimaxSolver / ttt retrograde (NumPy): 80.0× (CPU time: 90.0×)"
    small = {**section, "rows": [{**section["rows"][0], "seconds": 0.0025, "cpu_seconds": 0.0024}], "ratio": None}
    assert "2.5 ms (CPU 2.4 ms)" in format_retrograde_report(small)
    skipped = {**section, "rows": [], "ratio": None, "note": "skipped: too large"}
    assert format_retrograde_report(skipped).splitlines()[-1] == "  skipped: too large"


def test_the_tablebase_summary():
    level = {"marks": 0, "positions": 1, "finished": 0, "classes": 1, "wins": 0, "draws": 1, "losses": 0}
    summary = {"rows": 1, "cols": 1, "k": 1, "levels": [level, {**level, "marks": 1, "finished": 1, "draws": 0,
                                                                "losses": 1}],
               "first_player_wins": 2, "second_player_wins": 0, "seconds": 0.001, "peak_memory_bytes": 5e7,
               "saved": {"path": "t.ttt", "bytes": 1_500}}
    lines = format_tablebase(summary).splitlines()
    assert lines[0].startswith("Every position reachable on 1×1 with k=1")
    assert lines[-4].split() == ["all", "2", "1", "2", "0", "1", "1"]
    assert lines[-3] == "X (first to move) wins from 2 positions, O from 0; the rest are draws."
    assert lines[-2] == "Built in 0.00 s; peak memory 50.0 MB."
    assert lines[-1] == "Saved to t.ttt (1.5 kB)."
