"""Exercises that answer back: ``exercise("00", 3).check(answer)``, ``.hint(n)``, ``.solution()``; how to write
one: ``AUTHORING.md`` here; ``python -m ttt exercises --verify`` runs every worked solution through its check."""

from ttt.exercises.core import Exercise, NoSuchExercise, exercise, exercises, notebooks

__all__ = ["exercise", "exercises", "notebooks", "Exercise", "NoSuchExercise"]
