"""Budgets and progress (ttt.budget): checking budgets, the watch the engine reports to, the progress line.

How budgets stop real searches is tested with the engine and ``ttt.solve`` (test_solver.py) and on the
command line (tools/test_cli.py).
"""

import io
import math

import pytest

from ttt import BoardError
from ttt.budget import MIN_TICK, TICK, BudgetError, BudgetExceeded, ProgressPrinter, Watch, check_budget, progress_bar


def test_good_budgets_pass():
    for seconds, nodes in [(None, None), (0.5, None), (None, 1), (3, 10**9), (1e-6, 7)]:
        check_budget(seconds, nodes)


@pytest.mark.parametrize(
    "seconds, nodes, message",
    [
        (0, None, "max_seconds must be positive and finite (or None for no limit), not 0"),
        (-2.5, None, "max_seconds must be positive"),
        (math.nan, None, "not nan"),
        (math.inf, None, "not inf"),
        ("1", None, "max_seconds must be a number of seconds, not '1' (str)"),
        (False, None, "max_seconds must be a number of seconds, not False (bool)"),
        (None, 0, "max_nodes must be positive and finite (or None for no limit), not 0"),
        (None, 2.0, "max_nodes must be a whole number of nodes, not 2.0 (float)"),
        (None, True, "max_nodes must be a whole number of nodes, not True (bool)"),
    ],
)
def test_bad_budgets_name_the_budget_and_the_value(seconds, nodes, message):
    with pytest.raises(BudgetError) as caught:
        check_budget(seconds, nodes)
    assert message in str(caught.value)
    assert isinstance(caught.value, BoardError) and isinstance(caught.value, ValueError)


def test_the_watch_checks_every_so_many_nodes_and_stops_at_the_node_budget():
    watch = Watch(max_nodes=5_000)
    assert watch.start(nodes=1_000) == 1_000 + MIN_TICK  # the engine's own count goes on from where it was
    assert watch.check(nodes=1_000 + MIN_TICK, table_size=10) <= 1_000 + 5_001  # never past the budget
    assert watch.check(nodes=1_000 + 5_000, table_size=10) == 1_000 + 5_001
    with pytest.raises(BudgetExceeded) as caught:
        watch.check(nodes=1_000 + 5_001, table_size=42)  # the first node over budget
    err = caught.value
    assert (err.budget, err.limit, err.nodes, err.table_size) == ("max_nodes", 5_000, 5_000, 42)
    assert str(err).startswith("out of budget (max_nodes=5,000): stopped after 5,000 nodes in ")
    assert str(err).endswith(" with 42 table entries, before the answer was found")


def test_the_time_budget_and_the_progress_report():
    seen = []
    watch = Watch(max_seconds=1e-9, progress=lambda *figures: seen.append(figures), progress_after=0)
    start = watch.start(nodes=0)
    with pytest.raises(BudgetExceeded, match=r"max_seconds=1e-09 s"):
        watch.check(nodes=start, table_size=3)
    assert seen == []  # the budget is checked first
    watch = Watch(progress=lambda *figures: seen.append(figures), progress_after=0)
    checkpoint = watch.start(nodes=0)
    for _ in range(3):
        checkpoint = watch.check(nodes=checkpoint, table_size=3)
        assert MIN_TICK <= checkpoint - seen[-1][0] <= TICK  # the next look, a tenth of a second ahead
    assert [(nodes, table) for nodes, _, table in seen][:1] == [(MIN_TICK, 3)]


def test_the_progress_line():
    on_file = io.StringIO()
    printer = ProgressPrinter("solving X....", stream=on_file, table_limit=1_000)
    printer(150_000, 2.0, 500)
    printer(160_000, 2.5, 510)  # too soon after the last line: left out
    printer.finish()
    assert on_file.getvalue() == (
        "solving X....: 150,000 nodes, 75,000 nodes/s, table 500 entries (limit 1,000), 2.0 s\n"
    )

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    printer = ProgressPrinter(stream=terminal)
    printer(1_000, 1.0, 5)
    printer(2_000, 2.0, 6)
    printer.finish()
    assert terminal.getvalue() == (
        "\r1,000 nodes, 1,000 nodes/s, table 5 entries, 1.0 s\033[K"
        "\r2,000 nodes, 1,000 nodes/s, table 6 entries, 2.0 s\033[K\n"
    )


def test_the_progress_bar_writes_on_standard_error_only_when_enabled(capsys):
    bar = progress_bar(4, "a build", unit="level")
    bar.set_description_str("half way")
    bar.update()
    bar.close()
    out, err = capsys.readouterr()
    assert out == "" and "half way" in err and "level" in err
    quiet = progress_bar(4, "a build", unit="level", enabled=False)
    quiet.set_description_str("half way")
    quiet.update()
    quiet.close()
    assert capsys.readouterr() == ("", "")
