"""Where the course's files are: the checkout's ``notebooks/`` folder, and the tables its notebooks load.

The notebooks and their data (``notebooks/data/``) sit beside the package in a
checkout; the wheel holds the package alone.  So the tools that write
notebooks or assignments (:mod:`ttt.tools`) read :data:`NOTEBOOKS`, which only
a checkout has, and code that needs a table a notebook loads from its data
folder asks :func:`course_table`, which reads the checkout's file when there is
one and builds the same table otherwise, so that every worked solution runs
from an installed wheel too (``python -m ttt exercises --verify``).

The table is built rather than shipped in the wheel because the file of the
4×4 table (four in a row) is 1.4 MB, most of the wheel, while building it takes
a few seconds, once per session, only where no checkout is at hand.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ttt.retrograde import Tablebase, load, solve_all

__all__ = ["NOTEBOOKS", "table_path", "course_table"]

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
"""The checkout's notebooks folder (absent where ``ttt`` is installed from a wheel)."""


def table_path(rows: int, cols: int, k: int) -> Path:
    """The checkout's file of a whole-game table: ``notebooks/data/tablebase_4x4_k4.ttt`` for (4, 4, 4)."""
    return NOTEBOOKS / "data" / f"tablebase_{rows}x{cols}_k{k}.ttt"


@lru_cache(maxsize=2)
def course_table(rows: int = 4, cols: int = 4, k: int = 4) -> Tablebase:
    """The whole-game :class:`~ttt.retrograde.Tablebase` a notebook loads from its data folder.

    Read from :func:`table_path` in a checkout, built with
    :func:`ttt.retrograde.solve_all` elsewhere, with its progress bar (the same
    table: ``tests/test_retrograde.py`` holds the file to a fresh build); kept
    for the session, as the notebook keeps it.
    """
    path = table_path(rows, cols, k)
    if path.is_file():
        return load(path)
    return solve_all(rows, cols, k)
