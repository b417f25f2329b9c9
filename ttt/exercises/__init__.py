"""Exercises that answer back: hints, worked solutions and checks for every notebook's exercises.

``exercise("00", 3).check(answer)``, ``.hint(n)``, ``.solution()``; how to write one: ``AUTHORING.md`` here.
"""

from ttt.exercises.core import Exercise, Failure, NoSuchExercise, exercise, exercises, notebooks, verify_all

__all__ = ["exercise", "exercises", "verify_all", "notebooks", "Exercise", "Failure", "NoSuchExercise"]
