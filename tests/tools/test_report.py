"""The results as people read them (ttt.tools.report): aligned text and a pandas table."""

from ttt.tools import peers
from ttt.tools.report import format_board_report, format_report, frame


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
    assert lines[-1] == "Widget reply (SolvedTable.lookup, table built): median 2.0 µs over 500 positions"


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
