"""Fixtures for the exercise tests (helpers that are not fixtures live in :mod:`exercise_support`)."""

from __future__ import annotations

import sys
import types

import pytest

from ttt.exercises import core


@pytest.fixture
def empty_05(monkeypatch):
    """Notebook 05 as an empty module, whatever its real module holds by now."""
    module = types.ModuleType("ttt.exercises.nb05")
    module.EXERCISES = []
    monkeypatch.setitem(sys.modules, "ttt.exercises.nb05", module)
    core._load.cache_clear()
    yield
    core._load.cache_clear()
