"""What ``nbgrader generate_feedback`` shows a student: no hidden test's source, no traceback into the package,
and for a number exercise the words practice mode would have said.

An autograded notebook holds the hidden tests (nbgrader restores them before
running) and every error's full traceback, which runs through the ``ttt``
package's checks.  The feedback a student receives after the deadline needs
neither: ``nbgrader_config.py`` of a generated course (:mod:`ttt.tools.assignments`)
makes ``generate_feedback`` run nbgrader's ``ClearHiddenTests`` and
``PlainErrors``, which keeps of each error its name and message, the
verdict of the check ("Exercise 05.3 is not right: ...").

In graded mode a number check says only "Not right." (:func:`ttt.exercises.core.plain_verdict`), so
that a student cannot find the number by bisection.  After the deadline that reason is gone: the
autograder's test cell of a number exercise starts with a hidden test (never released) that calls
:func:`record_practice_words`, which judges the answer again in practice mode and keeps the words
("1200 is not the number of games: it is too small. ...") in an output of the kind
:data:`PRACTICE_MIME`, which no notebook front end draws; ``generate_feedback``'s
``PracticeWords`` turns it into text under the verdict.
"""

from __future__ import annotations

import os

__all__ = ["PRACTICE_MIME", "record_practice_words", "feedback_preprocessors"]

#: the kind of output that carries the practice-mode words of a number exercise, from autograding to the feedback
PRACTICE_MIME = "application/vnd.ttt.practice-words+json"


def record_practice_words(notebook: str, number: int, get_answer) -> None:
    """In the autograder's kernel: the verdict practice mode gives the answer, as a :data:`PRACTICE_MIME` output.

    Nothing is recorded for an answer that was never defined (the test that follows says so).
    """
    try:
        words = _practice_words(notebook, number, get_answer)
    except Exception:   # noqa: BLE001 - the feedback's extra words must never cost a student the test
        return
    if words is not None:
        from IPython.display import publish_display_data

        publish_display_data({PRACTICE_MIME: words})


def _practice_words(notebook: str, number: int, get_answer) -> dict | None:
    """``{"exercise", "status", "words"}`` of the answer judged in practice mode; None if it was never defined."""
    from ttt.exercises import exercise
    from ttt.exercises.core import ENVIRONMENT_VARIABLE

    item = exercise(notebook, number)
    try:
        answer = get_answer()
    except NameError:
        return None
    mode = os.environ.get(ENVIRONMENT_VARIABLE)
    os.environ[ENVIRONMENT_VARIABLE] = "0"
    try:
        verdict = item.judge(answer)
    finally:
        if mode is None:
            del os.environ[ENVIRONMENT_VARIABLE]
        else:
            os.environ[ENVIRONMENT_VARIABLE] = mode
    return {"exercise": item.key, "status": verdict.status, "words": verdict.text}

def feedback_preprocessors() -> list:
    """``generate_feedback``'s steps: nbgrader's default with the hidden tests and the tracebacks taken out (built
    here, so that nbgrader and nbconvert are imported only here)."""
    from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor, Preprocessor
    from nbformat.v4 import new_output
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

    class PracticeWords(Preprocessor):
        """Each :data:`PRACTICE_MIME` output becomes text: the practice-mode words on a number exercise."""

        enabled = Bool(True)

        def preprocess_cell(self, cell, resources, index):
            if "outputs" not in cell:
                return cell, resources
            kept, words = [], []
            for output in cell["outputs"]:
                record = output.get("data", {}).get(PRACTICE_MIME)
                if record is None:
                    kept.append(output)
                else:   # under the verdict (the hidden test that records them runs first)
                    words.append(new_output("stream", name="stdout",
                                            text=f"After the deadline, practice mode's words on your answer to"
                                                 f" exercise {record['exercise']}:\n{record['words']}\n"))
            cell["outputs"] = kept + words
            return cell, resources

    return [GetGrades, ClearHiddenTests, PlainErrors, PracticeWords, CSSHTMLHeaderPreprocessor]
