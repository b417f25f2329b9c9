"""Everything that draws: board pictures, figures, the clickable boards, the search-tree explorer, the hints' colours, the text game.

The rules, the searches and the learners (flat in :mod:`ttt`) know nothing of
this subpackage; these modules only read the model and draw it.  ipywidgets
is imported here and nowhere else, so the model can be used (and tested)
without a notebook.

===============================  =====================================================================
:mod:`ttt.view.display`          boards as SVG pictures (shown as images)
:mod:`ttt.view.widgets`          the clickable board, alone or against the computer (keyboard and screen reader too)
:mod:`ttt.view.figures`          matplotlib figures shown with their text alternative
:mod:`ttt.view.hints`            the colours that paint each empty cell's hint
:mod:`ttt.view.explorer`         an alpha-beta search drawn as a tree, and its explorer
:mod:`ttt.view.textgame`         the game loop for the terminal (and scripted input)
:mod:`ttt.view.exercise_output`  an exercise's hints, solutions and verdicts, as Markdown and pictures
===============================  =====================================================================

Importing :mod:`ttt.view` (or any module in it) inside IPython makes a
notebook show every :class:`~ttt.board.Board` as its picture
(:func:`show_boards_as_pictures`): the view registers itself with IPython's
HTML formatter, so the model need not know how it is drawn.
"""

from __future__ import annotations

from ttt.board import Board

__all__ = ["show_boards_as_pictures"]


def show_boards_as_pictures(formatter=None) -> bool:
    """Show a :class:`Board` as :func:`ttt.view.display.board_image` wherever IPython displays it as HTML.

    ``formatter`` is IPython's ``text/html`` formatter, by default the
    running shell's; without a shell (plain Python, the tests) nothing
    happens and the answer is ``False``.
    """
    if formatter is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
        if shell is None or not hasattr(shell, "display_formatter"):
            return False
        formatter = shell.display_formatter.formatters["text/html"]
    from ttt.view.display import board_image

    formatter.for_type(Board, board_image)
    return True


show_boards_as_pictures()
