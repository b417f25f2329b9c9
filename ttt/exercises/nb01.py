"""The exercises of notebook 01 (not written yet: see the note in :mod:`ttt.exercises`)."""

from __future__ import annotations

from ttt.exercises.core import Exercise

EXERCISES: list[Exercise] = []
