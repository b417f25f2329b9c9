"""The clickable board of notebook 02 in a real browser (JupyterLab and Voila), and the stored
board pictures of notebook 01 in an untrusted notebook.

The board the learner plays carries the CSS class ``play-here`` (given in the notebook); the
cells, status line and New game button carry the classes set by :mod:`ttt.view.widgets`.  Servers,
fixtures and checks come from ``conftest.py`` and :mod:`browser_support`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect

from browser_support import (
    PAGE_TIMEOUT,
    STEP_TIMEOUT,
    Server,
    assert_no_errors_shown,
    cell_texts,
    diagnostics,
    free_port,
    run_notebook_and_check,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "02_human_play.ipynb"
BLANK_OUTPUTS = (NOTEBOOK,)     # so that every board and prompt number on its page comes from this run
BOARD = ".play-here"            # the first board of the notebook, the one the learner plays

# A game on the board, as (cell clicked, mark it shows, status afterwards): X forks with 6, wins with 3.
OPENING = [(4, "X", "X played 4. O to move"), (1, "O", "O played 1. X to move"), (0, "X", "X played 0. O to move"),
           (8, "O", "O played 8. X to move"), (6, "X", "X played 6. O to move"), (2, "O", "O played 2. X to move")]
WINNING_MOVE, WINNING_LINE = 3, (0, 3, 6)
EMPTY_BOARD = [str(cell) for cell in range(9)]   # an empty cell shows its number


@pytest.fixture
def voila(workdir):
    port = free_port()
    server = Server("voila", [
        sys.executable, "-m", "voila", str(workdir / "notebooks" / NOTEBOOK), "--no-browser",
        "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0",
        f"--Voila.connection_dir_root={workdir / 'runtime'}", "--show_tracebacks=True",
    ], workdir, port, ready_path="/voila/static/not-a-file", any_answer=True)   # "/" would run the notebook
    yield server
    server.stop()


# --------------------------------------------------------------------------- what both front ends must do

def play_on_the_board(page: Page) -> None:
    """Click through a game on the learner's board and check cells, status and highlighting."""
    board = page.locator(BOARD)
    expect(board).to_have_count(1, timeout=STEP_TIMEOUT)
    cells = [board.locator(f".ttt-cell-{i}") for i in range(9)]
    status = board.locator(".ttt-status")
    expect(board.locator(".ttt-cell")).to_have_count(9, timeout=STEP_TIMEOUT)
    expect(status).to_have_text("X to move")
    assert cell_texts(board) == EMPTY_BOARD

    for cell, mark, after in OPENING:
        cells[cell].click()
        expect(status).to_have_text(after, timeout=STEP_TIMEOUT)
        expect(cells[cell]).to_have_text(mark)

    before = cell_texts(board)
    cells[8].click()                                   # taken by O
    expect(status).to_contain_text("taken by O", timeout=STEP_TIMEOUT)
    expect(status).to_contain_text("X to move")
    assert cell_texts(board) == before, "a click on a taken cell changed the board"

    cells[WINNING_MOVE].click()
    expect(status).to_have_text("X played 3. X wins", timeout=STEP_TIMEOUT)
    win = re.compile(r"(^|\s)ttt-win(\s|$)")
    for cell in range(9):
        if cell in WINNING_LINE:
            expect(cells[cell]).to_have_class(win)
        else:
            expect(cells[cell]).not_to_have_class(win)

    final = cell_texts(board)
    cells[5].click()                                   # empty, but the game is over
    expect(status).to_contain_text("the game is over (X has won)", timeout=STEP_TIMEOUT)
    assert cell_texts(board) == final, "a click after the end changed the board"

    board.locator(".ttt-new-game").click()
    expect(status).to_have_text("X to move", timeout=STEP_TIMEOUT)
    for cell, text in zip(cells, EMPTY_BOARD):
        expect(cell).to_have_text(text)
        expect(cell).not_to_have_class(win)


# --------------------------------------------------------------------------- the tests

def test_board_in_jupyterlab(lab, page):
    run_notebook_and_check(page, lab, NOTEBOOK, "playing on the board", play_on_the_board)


def test_board_in_voila(voila, page):
    with diagnostics(page, voila, "rendering the notebook"):
        page.goto(voila.url + "/")
        expect(page.locator(BOARD).locator(".ttt-cell")).to_have_count(9, timeout=PAGE_TIMEOUT)
        assert_no_errors_shown(page)
    with diagnostics(page, voila, "playing on the board"):
        play_on_the_board(page)
        assert_no_errors_shown(page)


PICTURES = "01_representation.ipynb"   # a notebook whose stored outputs hold many board pictures


def stored_pictures(path: Path) -> int:
    """How many board pictures (``<img>`` tags of SVG data) the stored HTML outputs of a notebook hold."""
    nb = nbformat.read(path, as_version=4)
    return sum(
        str(output.get("data", {}).get("text/html", "")).count('src="data:image/svg+xml;base64,')
        for cell in nb.cells if cell.cell_type == "code" for output in cell.outputs
    )


def test_stored_board_pictures_show_in_an_untrusted_notebook(lab, page):
    # A fresh server has a fresh notary, so the committed notebook opens untrusted, as on Binder:
    # JupyterLab then sanitises its HTML outputs. The board pictures must survive that, unrun.
    expected = stored_pictures(lab.workdir / "notebooks" / PICTURES)
    assert expected >= 10
    with diagnostics(page, lab, "opening the notebook without running it"):
        page.goto(f"{lab.url}/lab/tree/{PICTURES}")
        pictures = page.locator('.jp-OutputArea-output img[src^="data:image/svg+xml;base64,"]')
        expect(pictures).to_have_count(expected, timeout=PAGE_TIMEOUT)
        page.wait_for_function(
            """() => [...document.querySelectorAll('.jp-OutputArea-output img[src^="data:image/svg+xml"]')]
                     .every(img => img.complete && img.naturalWidth > 0)"""
        )
        assert page.locator(".jp-OutputArea-output", has_text="untrusted").count() == 0
        prompts = page.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()
        assert all(re.fullmatch(r"\[\d+\]:", p.strip()) for p in prompts if p.strip())  # stored, not rerun
