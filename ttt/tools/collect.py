"""``nbgrader zip_collect LAB`` for the files Moodle and Canvas download: who submitted which lab, or an error.

nbgrader's own collector reads the student and the notebook from a file name
with one regular expression and skips, with a warning and exit status 0, every
file it does not match, so a submission named the LMS's way was silently left
out.  The plugin :func:`lms_collector_plugin` builds (set in ``nbgrader_config.py`` by
:mod:`ttt.tools.assignments`) understands three namings:

* Canvas ("Download Submissions"): ``<name>_[LATE_]<user id>_<submission id>_<file>``;
  the student is the Canvas user id;
* Moodle ("Download submissions", flat or one folder per student):
  ``<Full Name>_<id>_assignsubmission_file_[/]<file>``; the student is that id;
* by hand: ``<student>_<file>``, the student's id made of letters, digits, ``.`` and ``-``.

``<file>`` is the lab's notebook (``lab05_pruning.ipynb``), possibly renamed by a
re-submission (``lab05_pruning-1.ipynb``, ``lab05_pruning (1).ipynb``).  Any other
file stops the collection with its name: nothing is skipped unseen.
"""

from __future__ import annotations

import os
import re

__all__ = ["submission_of", "lms_collector_plugin"]

_LAB_FILE = r"(?P<lab>lab[0-9][0-9]_[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*)(?:-[0-9]+| ?\([0-9]+\))?\.ipynb"
_NAMINGS = [
    re.compile(r"[^/_]+_(?:LATE_)?(?P<student>[0-9]+)_[0-9]+_" + _LAB_FILE),                   # Canvas
    re.compile(r"[^/]+?_(?P<student>[0-9]+)_assignsubmission_file_/?" + _LAB_FILE),            # Moodle
    re.compile(r"(?P<student>[A-Za-z0-9.-]+)_" + _LAB_FILE),                                     # by hand
]


def submission_of(path: str) -> tuple[str, str] | None:
    """``(student id, lab)`` from a collected file's path (relative to the archive folder), or None."""
    for naming in _NAMINGS:
        # Moodle's folder per student is part of the name; other folders (a zip's own) are not.
        for start in _starts(path):
            found = naming.fullmatch(path[start:])
            if found:
                return found["student"], found["lab"]
    return None


def _starts(path: str) -> list[int]:
    """Where the name may start: after each ``/`` of the path, from the last one back to the start."""
    return sorted({0, *(m.end() for m in re.finditer("/", path))}, reverse=True)


def lms_collector_plugin():
    """nbgrader's collector plugin for the namings above (built here, so that nbgrader is imported only here)."""
    from nbgrader.plugins.zipcollect import FileNameCollectorPlugin

    class LmsCollectorPlugin(FileNameCollectorPlugin):
        """nbgrader's collector for the namings above: a file that is none of them stops ``zip_collect`` with its name."""

        def collect(self, submitted_file: str) -> dict | None:
            relative = os.path.basename(submitted_file)
            try:   # nbgrader's own way to the folder it extracted the archives into (the student's folder matters)
                folder = self.parent._format_collect_path(self.parent.extracted_directory)
                relative = os.path.relpath(submitted_file, folder)
            except (AttributeError, TypeError, ValueError):
                pass
            found = submission_of(relative.replace(os.sep, "/"))
            if found is None:
                self.parent.fail(f"zip_collect: {relative} is not a submission named the Canvas, Moodle or "
                                 f"<student>_<lab>.ipynb way (see the teaching guide); rename or remove it")
            student, lab = found
            return {"student_id": student, "file_id": f"{lab}.ipynb"}

    return LmsCollectorPlugin
