"""The game against the computer of notebook 04 in a real browser: JupyterLab in headless Chromium.

Servers, fixtures and checks come from ``conftest.py`` and :mod:`browser_support`; this notebook's
copy is stripped of its stored outputs (``BLANK_OUTPUTS``), so every board on the page comes from
this run.

The expected boards and hint labels are computed with the model (``ttt.view.hints``), not written out, so
the test checks that the page shows what the package says.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from browser_support import STEP_TIMEOUT, cell_texts, run_notebook_and_check
from ttt import Board
from ttt.view.hints import cell_hints
from ttt.players import PerfectPlayer

pytestmark = pytest.mark.browser

NOTEBOOK = "04_minimax.ipynb"
BLANK_OUTPUTS = (NOTEBOOK,)
BOARD = ".play-here.ttt-computer-game"   # the board the learner plays (the notebook adds play-here)
HINT = re.compile(r"^(?:draw|win in \d|loss in \d)$")


def expected_texts(board: Board, hints: bool) -> list[str]:
    """What the nine buttons should say: marks, and for empty cells a hint or the cell number."""
    shown = {cell: label for cell, (_, label) in cell_hints(board).items()} if hints else {}
    return [mark if mark != "." else shown.get(cell, str(cell)) for cell, mark in enumerate(board.cells)]


def rgb(colour: str) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def play_against_the_computer(page: Page) -> None:
    board = page.locator(BOARD)
    expect(board).to_have_count(1, timeout=STEP_TIMEOUT)
    cells = board.locator(".ttt-cell")
    status = board.locator(".ttt-status")
    expect(cells).to_have_count(9, timeout=STEP_TIMEOUT)
    expect(status).to_have_text("X to move")
    expect(board.locator(".ttt-who-starts .mod-active")).to_have_text("You start")
    assert cell_texts(board) == expected_texts(Board.empty(), hints=False)

    # You play a corner; the computer answers at once.
    cells.nth(0).click()
    position = Board.empty().play(0)
    reply = PerfectPlayer().move(position)
    position = position.play(reply)
    expect(status).to_have_text(f"You (X) played 0. Computer (O) played {reply}. X to move", timeout=STEP_TIMEOUT)
    expect(cells).to_have_text(expected_texts(position, hints=False))
    assert sum(text in ("X", "O") for text in cell_texts(board)) == 2

    # Hints on: every empty cell shows its label, in its colour.
    board.locator(".ttt-hints").click()
    expect(cells).to_have_text(expected_texts(position, hints=True), timeout=STEP_TIMEOUT)
    hints = cell_hints(position)
    for cell, (colour, label) in hints.items():
        assert HINT.match(label)
        expect(cells.nth(cell)).to_have_css("background-color", rgb(colour))
    assert len(hints) == 7

    # The computer starts: it plays X at once, and the hints are for O.
    board.locator(".ttt-who-starts button", has_text="Computer starts").click()
    first = Board.empty().play(PerfectPlayer().move(Board.empty()))
    expect(status).to_contain_text("O to move", timeout=STEP_TIMEOUT)
    expect(cells).to_have_text(expected_texts(first, hints=True), timeout=STEP_TIMEOUT)
    assert all(HINT.match(text) for text in cell_texts(board) if text not in ("X", "O"))


def test_computer_game_in_jupyterlab(lab, page):
    run_notebook_and_check(page, lab, NOTEBOOK, "playing against the computer", play_against_the_computer)
