"""An exercise that answers back, in a real browser: notebook 05's exercise 3 in JupyterLab.

The test runs the whole notebook (its copy is stripped of stored outputs, ``BLANK_OUTPUTS``), then
pastes two answers in turn into the starter cell of exercise 05.3, ``alphabeta_soft``, and runs it:

* the worked solution, whose source is taken from the package (``inspect.getsource``), so that the
  test pastes exactly what ``exercise("05", 3).solution()`` shows: the cell must say "Correct";
* a fail-hard search handed in as fail-soft: the cell must show the picture of the board where it
  disagrees with the package, and the expected and returned values.

The board and the values are not written out here: they come from the same check run in this
process (``Exercise.judge``), so the test checks that the page shows what the package says.
Servers, fixtures and helpers come from ``conftest.py`` and :mod:`browser_support`.
"""

from __future__ import annotations

import inspect
import re

import pytest
from playwright.sync_api import Page, expect

from browser_support import run_notebook_and_check
from ttt import Board
from ttt.exercises import exercise, nb05

pytestmark = pytest.mark.browser

NOTEBOOK = "05_pruning.ipynb"
BLANK_OUTPUTS = (NOTEBOOK,)
CHECK_LINE = 'exercise("05", 3).check(alphabeta_soft)'
CHECK_TIMEOUT = 120_000   # ms: the check runs the learner's search on 4 × 4,520 positions (a few seconds)

WRONG = '''\
def alphabeta_soft(board, alpha, beta, stats):
    """Fail-hard, handed in as fail-soft: values are clipped to the window."""
    stats.nodes += 1
    if board.is_over:
        value = -1 if board.winner else 0
        return min(max(value, alpha), beta)
    for cell in board.legal_moves():
        value = -alphabeta_soft(board.play(cell), -beta, -alpha, stats)
        if value >= beta:
            return beta
        alpha = max(alpha, value)
    return alpha
'''


def wrong_answer():
    """The wrong answer as a function in this process, to ask the check what the page should show."""
    namespace: dict = {}
    exec(WRONG, namespace)  # noqa: S102 - our own constant, the very text pasted into the page
    return namespace["alphabeta_soft"]


def answer_cell(page: Page):
    """The starter cell of exercise 05.3: the one code cell whose source holds its check line."""
    cell = page.locator(".jp-CodeCell").filter(has=page.locator(".jp-InputArea", has_text=CHECK_LINE))
    expect(cell).to_have_count(1)
    return cell


def paste_and_run(page: Page, code: str):
    """Replace the starter cell's source with ``code`` plus the check line, run it, return the cell."""
    cell = answer_cell(page)
    editor = cell.locator(".cm-content")
    editor.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(f"{code.rstrip()}\n\n\n{CHECK_LINE}")   # like a paste: no auto-indent
    expect(cell.locator(".jp-InputArea")).to_contain_text(CHECK_LINE)
    prompt = cell.locator(".jp-InputPrompt")
    before = prompt.inner_text().strip()
    page.keyboard.press("Control+Enter")                               # run in place
    expect(prompt).not_to_have_text(before, timeout=CHECK_TIMEOUT)
    expect(prompt).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=CHECK_TIMEOUT)
    return cell


def answer_back(page: Page) -> None:
    # Run All has run the starter as it stands: a calm "not answered yet", no traceback.
    cell = answer_cell(page)
    expect(cell.locator(".jp-OutputArea-output").first).to_contain_text("Exercise 05.3 is not answered yet")

    # The worked solution, pasted: the success message, and True.
    cell = paste_and_run(page, inspect.getsource(nb05.alphabeta_soft))
    outputs = cell.locator(".jp-OutputArea-output")
    right = exercise("05", 3).judge(nb05.alphabeta_soft)
    assert right.ok
    expect(outputs.first).to_contain_text(f"Correct: {right.text.splitlines()[0][:60]}")
    expect(outputs.last).to_have_text("True")

    # A wrong answer: the board that disagrees, as a picture, with what was expected and returned.
    verdict = exercise("05", 3).judge(wrong_answer())
    (board,) = [part for part in verdict.parts if isinstance(part, Board)]
    expected = next(part for part in verdict.parts if isinstance(part, str) and part.startswith("expected: "))
    returned = next(part for part in verdict.parts if isinstance(part, str) and part.startswith("returned: "))
    cell = paste_and_run(page, WRONG)
    outputs = cell.locator(".jp-OutputArea-output")
    picture = outputs.locator(f'img[alt$="({board.notation})"][src^="data:image/svg+xml;base64,"]')
    expect(picture).to_have_count(1)
    expect(picture).to_be_visible()
    assert picture.evaluate("img => img.complete && img.naturalWidth > 0")
    expect(outputs.first).to_contain_text("alphabeta_soft disagrees with the package on this board")
    expect(outputs.first).to_contain_text(expected)
    expect(outputs.first).to_contain_text(returned)
    expect(outputs.first).to_contain_text("That is what fail-hard returns")
    expect(outputs.last).to_have_text("False")
    expect(cell.locator(".jp-OutputArea-output", has_text="Correct")).to_have_count(0)


def test_an_exercise_answers_back_in_jupyterlab(lab, page):
    run_notebook_and_check(page, lab, NOTEBOOK, "answering exercise 05.3 twice", answer_back)
