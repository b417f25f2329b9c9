"""Everything that draws: board pictures, the clickable boards, the search-tree explorer, the hints' colours, the text game.

The rules, the searches and the learners (flat in :mod:`ttt`) know nothing of
this subpackage; these modules only read the model and draw it.  ipywidgets
is imported here and nowhere else, so the model can be used (and tested)
without a notebook.

=========================  =====================================================
:mod:`ttt.view.display`    boards as SVG pictures (shown as images)
:mod:`ttt.view.widgets`    the clickable board, alone or against the computer
:mod:`ttt.view.hints`      the colours that paint each empty cell's hint
:mod:`ttt.view.explorer`   an alpha-beta search drawn as a tree, and its explorer
:mod:`ttt.view.textgame`   the game loop for the terminal (and scripted input)
=========================  =====================================================
"""
