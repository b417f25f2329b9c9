"""What ``nbgrader generate_feedback`` shows a student: no hidden test's source, no traceback into the package.

An autograded notebook holds the hidden tests (nbgrader restores them before
running) and every error's full traceback, which runs through the ``ttt``
package's checks.  The feedback a student receives after the deadline needs
neither: ``nbgrader_config.py`` of a generated course (:mod:`ttt.tools.assignments`)
makes ``generate_feedback`` run nbgrader's ``ClearHiddenTests`` and
``PlainErrors``, which keeps of each error its name and message, the
verdict of the check ("Exercise 05.3 is not right: ...").
"""

from __future__ import annotations

__all__ = ["feedback_preprocessors"]


def feedback_preprocessors() -> list:
    """``generate_feedback``'s steps: nbgrader's default with the hidden tests and the tracebacks taken out (built
    here, so that nbgrader and nbconvert are imported only here)."""
    from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor, Preprocessor
    from nbgrader.preprocessors import ClearHiddenTests, GetGrades
    from traitlets import Bool

    class PlainErrors(Preprocessor):
        """Each error output's traceback becomes one line, ``Name: message``."""

        enabled = Bool(True)   # nbconvert's preprocessors are off unless told

        def preprocess_cell(self, cell, resources, index):
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    message = f"{output.get('ename', '')}: {output.get('evalue', '')}".rstrip(": ")
                    output["traceback"] = [message]
            return cell, resources

    return [GetGrades, ClearHiddenTests, PlainErrors, CSSHTMLHeaderPreprocessor]
