"""``python -m ttt class-report GRADES.csv``: which exercises the class found hardest, from ``nbgrader export``.

The export of a generated course (:mod:`ttt.tools.grades_export`) has one row
per student and exercise: ``score``, ``max_score`` and the ``reason`` a test
failed.  The report gives, per exercise, the mean score (as a share of its
points), the share of students with full marks and the commonest reason for
failing, hardest first, and saves a bar chart of the same.  pandas and
matplotlib are imported here only: they are a notebook's and a teacher's tools.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["ReportError", "REQUIRED", "exercise_table", "format_table", "plot_hardest", "class_report"]

REQUIRED = ("assignment", "student_id", "exercise", "score", "max_score", "reason")


class ReportError(ValueError):
    """A grades file that cannot be read as the export of a generated course."""


def _read(path):
    import pandas as pd

    try:
        grades = pd.read_csv(path, dtype={"exercise": str, "student_id": str}, keep_default_na=False,
                             na_values={"score": [""]})
    except FileNotFoundError:
        raise ReportError(f"no such file: {path}") from None
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as error:
        raise ReportError(f"{path} is not a CSV file: {error}") from None
    missing = [column for column in REQUIRED if column not in grades.columns]
    if missing:
        raise ReportError(f"{path} has no column {', '.join(missing)}: export it with `nbgrader export` in a course"
                          " written by `python -m ttt assignments`")
    if grades.empty:
        raise ReportError(f"{path} has no grades")
    return grades


def exercise_table(grades):
    """Per exercise: students, mean (share of the points), full marks (share of students), commonest failure.

    A score not given yet (an open question awaiting its marker) is left out of
    the mean; a reason is counted only for a student without full marks.
    """
    import pandas as pd

    grades = grades.copy()
    grades["score"] = pd.to_numeric(grades["score"], errors="coerce")
    grades["max_score"] = pd.to_numeric(grades["max_score"], errors="coerce")
    rows = []
    for (assignment, exercise), group in grades.groupby(["assignment", "exercise"], sort=True):
        scored = group.dropna(subset=["score"])
        maximum = group["max_score"].max()
        failed = group[(group["score"].isna()) | (group["score"] < group["max_score"])]
        reasons = failed["reason"][failed["reason"] != ""]
        rows.append({
            "assignment": assignment,
            "exercise": exercise,
            "students": len(group),
            "points": maximum,
            "mean": scored["score"].mean() / maximum if len(scored) and maximum else float("nan"),
            "full_marks": (scored["score"] >= maximum).sum() / len(group) if len(group) else float("nan"),
            "commonest_failure": reasons.value_counts().index[0] if len(reasons) else "",
        })
    table = pd.DataFrame(rows)
    return table.sort_values(["mean", "full_marks", "exercise"], ascending=[True, True, True],
                             na_position="last").reset_index(drop=True)


def format_table(table) -> str:
    """The table as text: hardest exercise first."""
    lines = [f"{'exercise':<9} {'students':>8} {'points':>6} {'mean':>6} {'full marks':>10}  commonest failure"]
    for row in table.itertuples():
        mean = "-" if row.mean != row.mean else f"{row.mean:.0%}"
        lines.append(f"{row.exercise:<9} {row.students:>8} {row.points:>6g} {mean:>6} {row.full_marks:>10.0%}"
                     f"  {row.commonest_failure or '-'}")
    return "\n".join(lines)


def plot_hardest(table, path) -> Path:
    """A horizontal bar chart of the mean score per exercise, hardest at the top, saved to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = table.iloc[::-1]
    figure, axes = plt.subplots(figsize=(7, 0.3 * len(shown) + 1.2))
    axes.barh(shown["exercise"], shown["mean"].fillna(0) * 100, color="#4c72b0", label="mean score")
    axes.scatter(shown["full_marks"] * 100, shown["exercise"], color="#dd8452", zorder=3, label="full marks")
    axes.set_xlim(0, 100)
    axes.set_xlabel("% of the exercise's points (bars), % of students with full marks (dots)")
    axes.set_title("Exercises, hardest at the top")
    axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    path = Path(path)
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def class_report(csv_path, plot_path="hardest_exercises.png") -> str:
    """Read the export, save the plot, return the text report."""
    grades = _read(csv_path)
    table = exercise_table(grades)
    saved = plot_hardest(table, plot_path)
    students = grades["student_id"].nunique()
    return f"{students} students, {len(table)} exercises, hardest first\n{format_table(table)}\nplot: {saved}"
