"""Exercises that answer back: hints, worked solutions and checks for every notebook's exercises.

A learner writes, under an exercise in a notebook::

    from ttt.exercises import exercise

    def forcing_moves(board):
        raise NotImplementedError  # replace this line with your code

    exercise("00", 3).check(forcing_moves)   # True, or what is wrong (the board that disagrees)
    exercise("00", 3).hint()                 # then .hint(2), ...: from a nudge to nearly the answer
    exercise("00", 3).solution()             # the tested code and why it works

It works the same in JupyterLab, Binder, Voila (Markdown and board pictures)
and a terminal (plain text), needs nothing beyond the package, and never
imports ipywidgets, pandas or matplotlib.  ``import ttt`` does not import it.

How to add an exercise
======================

The exercises of notebook NN live in two files side by side.
``ttt/exercises/nbNN.md`` holds their words (see :mod:`ttt.exercises.text`)::

    ## 5. ★ Count without a tree            its number, ★ if harder, its title
    Write `count_games(board)` ...           the prompt: `make exercise-cells` copies it
    ### Hint 1                               graded hints: at least two, from a nudge
    ...                                      to nearly the answer
    ### Solution
    **Why it works.** ...                    shown after the solution's code

``ttt/exercises/nbNN.py`` holds what runs, as a list ``EXERCISES`` of
:class:`Exercise` (see ``nb00.py``, which uses every kind of check, and
``nb03.py``).  One exercise is one declaration::

    def count_games(board, memo=None):          # the worked solution: real, tested code
        ...

    COUNT_GAMES = Exercise(
        number=5,                                # its number: the `## 5.` of nbNN.md
        starter=function_starter(count_games),   # the starter cell, made from the signature
        code=(count_games,),                     # shown with inspect.getsource: cannot drift
        checker=function_check(reference, positions, name="count_games", label="all 5,478 ...",
                               mistakes=[(no_base_case, "A finished board is one game.")]),
        answer=lambda: count_games,              # what verify_all passes to the check
    )

An explanation that quotes computed figures is a template in ``nbNN.md``
(``{games:,}``), filled by ``figures=lambda: dict(games=...)`` in the declaration.

Rules of thumb:

* **Pick the check** from :mod:`ttt.exercises.checks`: ``function_check`` (a
  function of a board, tried on every position of
  :mod:`ttt.exercises.positions`, fullest boards first), ``number_check`` /
  ``numbers_check`` (with ``mistakes={wrong number: "the slip that gives it"}``),
  ``position_check`` ("find a position where ..."), or ``custom_check`` for
  anything else.  An open "why"
  question has ``checker=None`` and a model answer in ``explanation``; if part of
  it is checkable, reword the prompt so that it asks for that part.
* **The reference is not the solution.** Build a check's reference from the
  package (``ttt.solve``, ``count_tree``, ...) or state the figure literally;
  ``verify_all`` then runs the worked solution through the check, so the
  solution shown and the figure checked agree.
* **Messages say what is wrong.** ``mistakes=[(variant, words)]`` for a
  function check names the typical slip (a missing base case, X and O swapped,
  ``>`` for ``>=``) by behaviour: the variant is the slip written as a learner
  would, and the learner's function must agree with it where it is wrong.  A
  check never raises and never prints itself; it calls the learner's code only
  through :class:`ttt.exercises.calls.Learner`, under a budget of 2.5 s.
* **Starter cells** are made from the solution (``function_starter``,
  ``answer_starter`` in :mod:`ttt.exercises.starters`): they pass ``None`` or
  a function whose body is ``raise NotImplementedError``, so the check prints
  one calm "Exercise NN.N is not answered yet: ..." line and Run All stays
  green under strict nbval.  A check cell shows ``True``/``False`` as its value.
* **Test** every checkable exercise in ``tests/exercises/test_nbNN.py``: the
  check must reject a plausible wrong answer, and ``verify_all`` must pass
  (``python -m ttt exercises --verify``).
"""

from ttt.exercises.core import Exercise, Failure, NoSuchExercise, exercise, exercises, notebooks, verify_all

__all__ = ["exercise", "exercises", "verify_all", "notebooks", "Exercise", "Failure", "NoSuchExercise"]
