"""Fixtures for the exercise tests (helpers that are not fixtures live in :mod:`exercise_support`)."""

from __future__ import annotations

import sys
import types

import pytest

from ttt.exercises import core


@pytest.fixture
def empty_05(monkeypatch):
    """Notebook 05 as an empty module with no words, whatever its real files hold by now."""
    module = types.ModuleType("ttt.exercises.nb05")
    module.EXERCISES = []
    monkeypatch.setitem(sys.modules, "ttt.exercises.nb05", module)
    read = core.words
    monkeypatch.setattr(core, "words", lambda notebook: {} if notebook == "05" else read(notebook))
    core._load.cache_clear()
    yield
    core._load.cache_clear()
