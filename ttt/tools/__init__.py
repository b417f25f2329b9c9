"""The command line and the measuring tools: ``python -m ttt``, the benchmark and the peers.

=========================  =====================================================
:mod:`ttt.tools.cli`       ``python -m ttt``: play, solve, stats, bench, ...
:mod:`ttt.tools.algorithms`  the rows of the results table (what is measured)
:mod:`ttt.tools.measure`   timing them, cold runs, peers and the 4×4 ablation
:mod:`ttt.tools.report`    the results as text or a pandas table
:mod:`ttt.tools.peers`     OpenSpiel and easyAI, measured beside ``ttt`` when installed
:mod:`ttt.tools.exercises_command`  ``python -m ttt exercises``: list, verify, print solutions
:mod:`ttt.tools.exercise_cells`  the notebooks' exercise cells, written from ``ttt.exercises``
:mod:`ttt.tools.grading`   the autograder's assertion, called by every assignment's test cells
=========================  =====================================================
"""
