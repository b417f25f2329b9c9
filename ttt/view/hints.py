"""Hints for the side to move: what each empty cell leads to under perfect play.

A hint says, for every legal move, how the game ends if both sides play
perfectly from then on: ``"win in 3"``, ``"draw"`` or ``"loss in 2"`` (see
:func:`ttt.solver.describe`), with a colour a board can paint the cell in
(green, grey, red).  The words and scores come from the model
(:func:`ttt.solver.move_scores`, :func:`ttt.solver.describe`); choosing
colours for them is presentation, so it lives here in the view.  It is a
plain function from a board to a dictionary, with no widgets involved (and
tested like one): :class:`ttt.view.widgets.ComputerGameWidget` only paints
what :func:`cell_hints` returns.

A board that answers every click must not search: the scores come from
:func:`ttt.solver.move_scores`, which on 3×3 reads a table of the whole game
built once per process (:func:`ttt.retrograde.tablebase`), so a hint is a
handful of look-ups (well under a millisecond); larger boards ask :func:`ttt.solve`'s engine.
"""

from __future__ import annotations

from ttt.board import Board
from ttt.solver import describe, move_scores

__all__ = ["HINT_COLOURS", "cell_hints"]

# Light tints, so that the dark hint text stays readable on them.
HINT_COLOURS = {"win": "#a9dfa1", "draw": "#d6d6d6", "loss": "#f2a7a0"}



def _kind(score: int) -> str:
    return "win" if score > 0 else "loss" if score < 0 else "draw"


def cell_hints(board: Board, scores=move_scores) -> dict[int, tuple[str, str]]:
    """``{cell: (colour, label)}`` for every legal move of the side to move.

    The label is ``"win in n"``, ``"draw"`` or ``"loss in n"``, where ``n``
    counts the plies to the end of the game, this move included; the colour
    is green for a win, grey for a draw and red for a loss
    (:data:`HINT_COLOURS`).  A finished board has no hints.  ``scores``
    gives the depth-aware score of every move (by default
    :func:`ttt.solver.move_scores`; a solved table's
    :meth:`ttt.retrograde.Tablebase.move_scores` answers without searching).
    """
    empty = board.size - board.moves_made
    return {
        cell: (HINT_COLOURS[_kind(score)], describe(score, empty))
        for cell, score in sorted(scores(board).items())
    }
