"""zip_collect reads the student and the lab from the names Canvas and Moodle give downloads; others are errors."""

from __future__ import annotations

import pytest

from ttt.tools.collect import submission_of


@pytest.mark.parametrize("path, expected", [
    ("lovelaceada_12345_678901_lab05_pruning.ipynb", ("12345", "lab05_pruning")),            # Canvas
    ("lovelaceada_LATE_12345_678901_lab05_pruning-1.ipynb", ("12345", "lab05_pruning")),     # Canvas, late, resent
    ("Ada Lovelace_4242_assignsubmission_file_lab05_pruning.ipynb", ("4242", "lab05_pruning")),   # Moodle, flat
    ("Ada Lovelace_4242_assignsubmission_file_/lab05_pruning (1).ipynb", ("4242", "lab05_pruning")),  # folders
    ("export/Ada Lovelace_4242_assignsubmission_file_/lab00_index.ipynb", ("4242", "lab00_index")),
    ("ada.l_lab03_counting.ipynb", ("ada.l", "lab03_counting")),                               # by hand
    ("class.zip-folder/bob_lab09_beyond.ipynb", ("bob", "lab09_beyond")),
])
def test_the_namings_of_canvas_moodle_and_by_hand_are_read(path, expected):
    assert submission_of(path) == expected


@pytest.mark.parametrize("path", ["lab05_pruning.ipynb", "notes.txt", "ada_lab05_pruning.py",
                                  "Ada Lovelace_4242_onlinetext_/onlinetext.html", "ada_homework.ipynb"])
def test_any_other_file_is_not_a_submission(path):
    assert submission_of(path) is None
