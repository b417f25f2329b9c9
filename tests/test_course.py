"""The course's files: the checkout's notebooks folder, and a table read from it or built where it is missing."""

from __future__ import annotations

import ttt.course
from ttt.course import NOTEBOOKS, course_table, table_path
from ttt.retrograde import load, solve_all


def test_the_checkout_holds_the_notebooks_and_the_4x4_table():
    assert (NOTEBOOKS / "09_beyond.ipynb").is_file()
    assert table_path(4, 4, 4) == NOTEBOOKS / "data" / "tablebase_4x4_k4.ttt"
    assert course_table(4, 4, 4) == load(table_path(4, 4, 4))


def test_a_table_without_a_file_is_built(monkeypatch, tmp_path):
    """As from a wheel, where no notebooks folder stands beside the package."""
    monkeypatch.setattr(ttt.course, "NOTEBOOKS", tmp_path)
    course_table.cache_clear()
    try:
        assert not table_path(3, 3, 3).exists()
        assert course_table(3, 3, 3) == solve_all(3, 3, 3)
    finally:
        course_table.cache_clear()
