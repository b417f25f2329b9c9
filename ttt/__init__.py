"""ttt: the small package behind the tic-tac-toe search course.

Rules, search and learning live flat in this package and know nothing of
notebooks or widgets; everything that draws is in :mod:`ttt.view`, the
command line and the benchmark in :mod:`ttt.tools`.  Importing ``ttt`` stays
light: it loads the rules and :func:`solve` (the bitboard engine), and
neither the teaching searches nor pandas, matplotlib or ipywidgets.
"""

from ttt.board import DRAW, EMPTY, O, X, Board, other
from ttt.budget import BudgetError, BudgetExceeded
from ttt.geometry import BoardError, Geometry
from ttt.solver import Solution, solve

__all__ = [
    "Board", "BoardError", "Geometry", "other", "X", "O", "EMPTY", "DRAW", "solve", "Solution",
    "BudgetExceeded", "BudgetError",
]
__version__ = "0.1.0"
