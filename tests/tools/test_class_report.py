"""The class report: per exercise the mean, the share of full marks, the commonest failure; hardest first; a plot."""

from __future__ import annotations

import csv

import pytest

from ttt.tools.class_report import class_report, exercise_table
from ttt.tools.cli import main
from ttt.tools.grades_export import COLUMNS

ROWS = [
    # assignment, student, exercise, grade_id, score, max, reason, detail
    ("lab05_pruning", "ann", "05.1", "ex05_1_test", 2, 2, "", ""),
    ("lab05_pruning", "bob", "05.1", "ex05_1_test", 0, 2, "wrong answer", "reads past -1"),
    ("lab05_pruning", "cy", "05.1", "ex05_1_test", 2, 2, "", ""),
    ("lab05_pruning", "ann", "05.5", "ex05_5_test", 0, 3, "timeout", "CellTimeoutError"),
    ("lab05_pruning", "bob", "05.5", "ex05_5_test", 0, 3, "timeout", "KeyboardInterrupt"),
    ("lab05_pruning", "cy", "05.5", "ex05_5_test", 0, 3, "not answered", "..."),
    ("lab02_human_play", "ann", "02.5", "ex02_5_open", "", 3, "needs manual grading", ""),
    ("lab02_human_play", "bob", "02.5", "ex02_5_open", 3, 3, "", ""),
]


@pytest.fixture
def grades(tmp_path):
    path = tmp_path / "grades.csv"
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(COLUMNS)
        writer.writerows(ROWS)
    return path


def test_the_table_has_the_hardest_exercise_first(grades):
    import pandas as pd

    table = exercise_table(pd.read_csv(grades, dtype={"exercise": str}, keep_default_na=False))
    assert list(table["exercise"]) == ["05.5", "05.1", "02.5"]
    hardest = table.iloc[0]
    assert hardest["mean"] == 0 and hardest["full_marks"] == 0 and hardest["commonest_failure"] == "timeout"
    second = table.iloc[1]
    assert second["mean"] == pytest.approx(4 / 6) and second["full_marks"] == pytest.approx(2 / 3)
    assert second["commonest_failure"] == "wrong answer"
    manual = table.iloc[2]                     # a score not given yet is left out of the mean
    assert manual["mean"] == 1 and manual["full_marks"] == 0.5 and manual["commonest_failure"] == "needs manual grading"


def test_the_report_prints_and_saves_a_plot(grades, tmp_path, capsys):
    plot = tmp_path / "hard.png"
    assert main(["class-report", str(grades), "--plot", str(plot)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "3 students, 3 exercises, hardest first"
    assert out[2].split() == ["05.5", "3", "3", "0%", "0%", "timeout"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and plot.stat().st_size > 5_000


def test_a_file_that_is_not_an_export_is_refused_in_one_line(tmp_path, capsys):
    other = tmp_path / "other.csv"
    other.write_text("assignment,student_id,raw_score\nlab05,ann,3\n")
    assert main(["class-report", str(other)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "has no column exercise, score, max_score, reason" in err
    assert err.count("\n") == 1
    assert main(["class-report", str(tmp_path / "missing.csv")]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(ValueError):
        class_report(other, tmp_path / "x.png")
