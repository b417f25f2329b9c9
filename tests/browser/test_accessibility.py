"""The course as a keyboard and screen-reader user meets it, in Voila in headless Chromium.

One Voila server serves every notebook (``/voila/render/NAME``), for all the tests of this module.
The games are played with the keyboard only: Tab until the focus is in the board's grid, the
arrow keys to a cell, Enter or Space to play it; what the user hears is read from the page's
accessibility tree (the cells' names, the live region's text).  axe-core checks each rendered
notebook against the WCAG 2.1 A and AA rules.  The expected moves come from the model.
"""

from __future__ import annotations

import re
import sys

import pytest
from playwright.sync_api import Page, expect

from browser_support import (
    PAGE_TIMEOUT,
    Server,
    assert_no_errors_shown,
    axe_violations,
    diagnostics,
    free_port,
    prepare_workdir,
)
from ttt import Board
from ttt.players import PerfectPlayer

pytestmark = pytest.mark.browser

BOARD = ".play-here"
RENDER_TIMEOUT = 3 * PAGE_TIMEOUT   # ms: Voila runs the whole notebook before it shows the last cell


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """One Voila server for the whole module, over a throwaway copy of every notebook."""
    workdir = tmp_path_factory.mktemp("voila-a11y")
    notebooks = prepare_workdir(workdir)
    port = free_port()
    server = Server("voila", [
        sys.executable, "-m", "voila", str(notebooks), "--no-browser",
        "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0",
        f"--Voila.connection_dir_root={workdir / 'runtime'}", "--show_tracebacks=True",
    ], workdir, port, ready_path="/voila/static/not-a-file", any_answer=True)
    yield server
    server.stop()


def render(page: Page, voila: Server, notebook: str, ready: str) -> None:
    """Open ``notebook`` in Voila and wait until ``ready`` (a CSS selector) is on the page."""
    # Voila streams the page while the notebook runs: wait for the content, not for "load".
    page.goto(f"{voila.url}/voila/render/{notebook}", wait_until="commit")
    expect(page.locator(ready).first).to_be_visible(timeout=RENDER_TIMEOUT)
    assert_no_errors_shown(page)


# --------------------------------------------------------------------------- the keyboard


def focused_cell(page: Page) -> int | None:
    """The number of the board cell that has the keyboard focus, or None."""
    return page.evaluate(
        """() => { const m = /(?:^|\\s)ttt-cell-(\\d+)(?:\\s|$)/.exec(document.activeElement.className || "");
                   return m ? Number(m[1]) : null; }""")


def tab_into_the_board(page: Page, board) -> None:
    """Press Tab from the top of the page until the focus is in ``board``'s grid, as a user would."""
    page.locator("body").focus()
    for _ in range(400):
        page.keyboard.press("Tab")
        if page.evaluate("b => b.contains(document.activeElement)", board.element_handle()) \
                and focused_cell(page) is not None:
            return
    raise AssertionError("Tab never reached the board's grid")


def walk_to(page: Page, cell: int, cols: int = 3) -> None:
    """Arrow keys from the focused cell to ``cell``."""
    here = focused_cell(page)
    (row, col), (to_row, to_col) = divmod(here, cols), divmod(cell, cols)
    for key, steps in (("ArrowDown", to_row - row), ("ArrowUp", row - to_row),
                       ("ArrowRight", to_col - col), ("ArrowLeft", col - to_col)):
        for _ in range(max(steps, 0)):
            page.keyboard.press(key)
    assert focused_cell(page) == cell


def heard(board) -> str:
    """What the live region says now (its text, as a screen reader reads it)."""
    region = board.get_by_role("status")
    expect(region).to_have_attribute("aria-live", "polite")
    return region.inner_text().strip()


def cell_name(board, cell: int) -> str:
    return board.locator(f".ttt-cell-{cell}").get_attribute("aria-label")


def test_a_whole_game_by_keyboard_on_02s_board(voila, page):
    with diagnostics(page, voila, "rendering 02"):
        render(page, voila, "02_human_play.ipynb", f"{BOARD} .ttt-cell")
    board = page.locator(BOARD)
    with diagnostics(page, voila, "playing by keyboard"):
        grid = board.get_by_role("grid")
        expect(grid).to_have_attribute("aria-label", "Board, 3 rows by 3 columns, 3 in a row wins")
        expect(board.locator('.ttt-cell[tabindex="0"]')).to_have_count(1)   # one tab stop
        tab_into_the_board(page, board)
        assert focused_cell(page) == 0
        assert cell_name(board, 5) == "row 2, column 3, empty, cell 5"
        assert heard(board) == "X to move"
        position = Board.empty()
        for key, cell in zip(["Enter", "Space"] * 4, [4, 1, 0, 8, 6, 2, 3]):
            walk_to(page, cell)
            page.keyboard.press(key)
            position = position.play(cell)
            expect(board.get_by_role("status")).to_have_text(
                "X wins" if position.is_over else f"{position.turn} to move", timeout=RENDER_TIMEOUT)
            expect(board.locator(f".ttt-cell-{cell}")).to_have_attribute(
                "aria-label", re.compile(rf"^row {cell // 3 + 1}, column {cell % 3 + 1}, {position.cells[cell]}"))
            assert focused_cell(page) == cell, "the focus left the cell just played"
        assert [cell_name(board, cell) for cell in (0, 3, 6)] == [
            "row 1, column 1, X, winning line", "row 2, column 1, X, winning line",
            "row 3, column 1, X, winning line"]
        walk_to(page, 5)
        page.keyboard.press("Enter")                  # the game is over
        expect(board.get_by_role("status")).to_contain_text("the game is over", timeout=RENDER_TIMEOUT)
        assert_no_errors_shown(page)


def test_a_whole_game_by_keyboard_against_04s_computer(voila, page):
    with diagnostics(page, voila, "rendering 04"):
        render(page, voila, "04_minimax.ipynb", f"{BOARD}.ttt-computer-game .ttt-cell")
    board = page.locator(f"{BOARD}.ttt-computer-game")
    with diagnostics(page, voila, "playing against the computer by keyboard"):
        tab_into_the_board(page, board)
        position, player = Board.empty(), PerfectPlayer()
        while not position.is_over:
            cell = position.legal_moves()[-1]
            walk_to(page, cell)
            page.keyboard.press("Enter")
            position = position.play(cell)
            if position.is_over:
                expected = "Draw" if position.winner is None else f"{position.winner} wins"
            else:
                reply = player.move(position)
                position = position.play(reply)
                expected = f"Computer (O) played {reply}. " + (
                    "X to move" if not position.is_over else "Draw" if position.winner is None
                    else f"{position.winner} wins")
            expect(board.get_by_role("status")).to_have_text(expected, timeout=RENDER_TIMEOUT)
        assert position.winner in (None, "O")
        assert_no_errors_shown(page)
