"""What ``nbgrader generate_feedback`` shows a student: no hidden test's source, no traceback into the package.

An autograded notebook holds the hidden tests (nbgrader restores them before
running) and every error's full traceback, which runs through the ``ttt``
package's checks.  The feedback a student receives after the deadline needs
neither: ``nbgrader_config.py`` of a generated course (:mod:`ttt.tools.assignments`)
makes ``generate_feedback`` run nbgrader's ``ClearHiddenTests`` and
:class:`PlainErrors`, which keeps of each error its name and message, the
verdict of the check ("Exercise 05.3 is not right: ...").
"""

from __future__ import annotations

from nbconvert.preprocessors import Preprocessor

__all__ = ["PlainErrors"]


class PlainErrors(Preprocessor):
    """Each error output's traceback becomes one line, ``Name: message``."""

    def preprocess_cell(self, cell, resources, index):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                message = f"{output.get('ename', '')}: {output.get('evalue', '')}".rstrip(": ")
                output["traceback"] = [message]
        return cell, resources
