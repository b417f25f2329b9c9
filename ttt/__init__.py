"""ttt: the small package behind the tic-tac-toe search course.

Rules and search live here and know nothing of notebooks or widgets; the
widgets (:mod:`ttt.widgets`) and the plots in the notebooks call into them.
Importing ``ttt`` stays light: it pulls in neither pandas nor matplotlib.
"""

from ttt.board import DRAW, EMPTY, O, X, Board, other
from ttt.geometry import BoardError, Geometry, geometry
from ttt.solver import Solution, solve

__all__ = ["Board", "BoardError", "Geometry", "geometry", "other", "X", "O", "EMPTY", "DRAW", "solve", "Solution"]
__version__ = "0.1.0"
