"""What every row of the results table must count, and the check of a whole benchmark report.

Shared by the tests of :mod:`ttt.tools.algorithms`, :mod:`ttt.tools.measure` and
the ``bench`` command.  Times are measured but never judged (speed targets belong
in the benchmark's output, not in pass/fail tests); only the counts are checked.
"""

from ttt.tools import peers
from ttt.tools.algorithms import ALGORITHMS

# (value for X, nodes, leaves, table entries) of every row that --quick runs; None where a row has none.
ROWS = {
    "lazy pruning (supremum)": (0, 94_978, 38_856, None),
    "take until a win": (0, 94_978, 38_856, None),
    "alpha-beta (-inf, inf)": (0, 18_297, 7_330, None),
    "alpha-beta [-1, 1]": (0, 16_811, 6_740, None),
    "alpha-beta, static order": (0, 7_275, 2_893, None),
    "alpha-beta, threats+static order": (0, 2_096, 750, None),
    "memo: dict": (0, 16_168, 958, 5_478),
    "memo: functools.cache": (0, 16_168, None, 5_478),
    "memo: knowledge base (pure)": (0, 16_168, 958, 5_478),
    "shortcut (at least a draw?)": (None, 966, 390, None),
    "shortcut + table": (None, 535, 104, 381),
    "alpha-beta + bound table": (0, 4_839, 517, 2_511),
    "symmetry table": (0, 2_271, 138, 5_478),
    "symmetry lookup": (0, 2_271, 138, 765),
    "engine: bitboard alpha-beta": (0, 12_385, None, None),
    "engine + bound table": (0, 3_982, None, 2_058),
    "engine + symmetry": (0, 1_240, None, 753),
    "engine + static order": (0, 549, None, 381),
    "engine + threats": (0, 64, None, 46),
    "engine + dead-line caps": (0, 64, None, 46),
    "engine, all options (+ pairing)": (0, 51, None, 34),
    "engine: solve (value + every best move)": (0, 69, None, 43),
    "Tablebase.top_down (whole game)": (0, 1_879, None, 5_478),
}


def check_report(report):
    """A benchmark report (``python -m ttt bench --quick --json``) counts what the searches really do."""
    rows = {row["algorithm"]: row for row in report["rows"]}
    assert list(rows) == [a.name for a in ALGORITHMS if not a.slow]  # quick: no brute force
    assert {name: (row["value"], row["nodes"], row["leaves"], row["table"]) for name, row in rows.items()} == ROWS
    assert all(row["seconds"] > 0 and row["speedup"] is None for row in rows.values())
    # The source's figures sit beside ours.
    assert (rows["memo: dict"]["source_calls"], rows["memo: dict"]["source_table"]) == (16_168, 5_477)
    assert (rows["symmetry lookup"]["source_calls"], rows["symmetry lookup"]["source_table"]) == (2_271, 764)
    assert [p["peer"] for p in report["peers"]] == peers.available()
    assert all(p["value"] == 0 for p in report["peers"])
    assert 0 < report["widget_reply"]["median_seconds"] <= report["widget_reply"]["max_seconds"]
