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
    ROOT,
    STEP_TIMEOUT,
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
RENDER_TIMEOUT = 10 * PAGE_TIMEOUT   # ms: Voila runs the whole notebook before the page is complete


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
    # Voila streams the page while the notebook runs, and ends it (the "load" event) when the last
    # cell has run: a notebook that trains or solves 4×4 takes minutes on a busy machine.
    page.goto(f"{voila.url}/voila/render/{notebook}", wait_until="commit")
    page.wait_for_load_state("load", timeout=RENDER_TIMEOUT)
    expect(page.locator(ready).first).to_be_visible(timeout=PAGE_TIMEOUT)
    # The widgets are drawn after "load", once the page has fetched their state from the kernel.
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-mime-type="application/vnd.jupyter.widget-view+json"]')]
                 .every(output => output.querySelector('.jupyter-widgets'))""", timeout=PAGE_TIMEOUT)
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


def play_02_by_keyboard(page: Page) -> None:
    """A whole game for two on 02's board, by keyboard only, reading the names and the live region."""
    board = page.locator(BOARD)
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
            "X wins" if position.is_over else f"{position.turn} to move", timeout=STEP_TIMEOUT)
        expect(board.locator(f".ttt-cell-{cell}")).to_have_attribute(
            "aria-label", re.compile(rf"^row {cell // 3 + 1}, column {cell % 3 + 1}, {position.cells[cell]}"))
        assert focused_cell(page) == cell, "the focus left the cell just played"
    assert [cell_name(board, cell) for cell in (0, 3, 6)] == [
        "row 1, column 1, X, winning line", "row 2, column 1, X, winning line",
        "row 3, column 1, X, winning line"]
    walk_to(page, 5)
    page.keyboard.press("Enter")                  # the game is over
    expect(board.get_by_role("status")).to_contain_text("the game is over", timeout=STEP_TIMEOUT)


def play_04_by_keyboard(page: Page) -> None:
    """A whole game against 04's perfect player, by keyboard only; each reply is heard."""
    board = page.locator(f"{BOARD}.ttt-computer-game")
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
        expect(board.get_by_role("status")).to_have_text(expected, timeout=STEP_TIMEOUT)
    assert position.winner in (None, "O")


def hint_labels_fit_their_cells(page: Page) -> None:
    """09's 4×4 board with hints: every label is whole inside its cell (no "win…")."""
    hints = page.locator(".ttt-cell.ttt-hint")
    expect(hints.first).to_be_visible(timeout=STEP_TIMEOUT)
    sizes = hints.evaluate_all(
        """cells => cells.map(cell => {
            const text = cell.querySelector('.ttt-cell-text').getBoundingClientRect();
            return {label: cell.innerText, name: cell.getAttribute('aria-label'), width: text.width,
                    height: text.height, room: cell.clientWidth, tall: cell.clientHeight};
        })""")
    assert len(sizes) >= 5
    for size in sizes:
        assert size["width"] <= size["room"] and size["height"] <= size["tall"], size
        assert size["name"].endswith(", empty, " + " ".join(size["label"].split())), size


NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
INTERACTIONS = {"02_human_play.ipynb": play_02_by_keyboard, "04_minimax.ipynb": play_04_by_keyboard,
                "09_beyond.ipynb": hint_labels_fit_their_cells}


@pytest.mark.slow(900)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_in_voila_passes_axe_and_its_widgets_work_by_keyboard(voila, page, notebook):
    """axe-core finds no WCAG 2.1 A/AA violation in the rendered notebook; 02's and 04's games are
    played by keyboard, reading the live region, and 09's hint labels fit their cells."""
    with diagnostics(page, voila, f"rendering {notebook}"):
        render(page, voila, notebook, ".jp-Cell")
    with diagnostics(page, voila, f"axe on {notebook}"):
        assert axe_violations(page) == []
    if notebook in INTERACTIONS:
        with diagnostics(page, voila, f"using {notebook}'s widgets by keyboard"):
            INTERACTIONS[notebook](page)
            assert_no_errors_shown(page)
            assert axe_violations(page, ".ttt-board") == []   # the board at the end of its use
