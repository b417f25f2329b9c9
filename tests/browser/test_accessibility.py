"""The course as a keyboard and screen-reader user meets it, in Voila and in JupyterLab, in headless Chromium.

One Voila server serves every notebook (``/voila/render/NAME``), and one JupyterLab server opens
every notebook, for all the tests of this module.  axe-core checks each notebook against the WCAG
2.1 A and AA rules: in Voila the rendered page, in JupyterLab the notebook's own content (its
rendered Markdown and its outputs, not JupyterLab's menus and editors): the committed outputs as a
learner opens them, and, in 02, 04 and 05, whose widgets need the kernel, the outputs after Run All.  The games are played with the keyboard only: Tab until the focus is in the
board's grid, the arrow keys to a cell, Enter or Space to play it; what the user hears is read from
Chromium's accessibility tree (the cells' names, the live region's text).  The expected moves come
from the model.  The helpers are :mod:`browser_support`'s, shared with the JupyterLite test.
"""

from __future__ import annotations

import json
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
    names_with_glyphs,
    free_port,
    play_02_by_keyboard,
    play_04_by_keyboard,
    prepare_workdir,
    read_aloud,
    run_all_cells,
    start_jupyterlab,
)
from ttt import Board
from ttt.trace import trace_alphabeta
from ttt.view.explorer import where_words

pytestmark = pytest.mark.browser

WIDGET_OUTPUT = "application/vnd.jupyter.widget-view+json"
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
        f"""() => [...document.querySelectorAll('[data-mime-type="{WIDGET_OUTPUT}"]')]
                 .every(output => output.querySelector('.jupyter-widgets'))""", timeout=PAGE_TIMEOUT)
    assert_no_errors_shown(page)


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


def focused_name(page: Page) -> str:
    """The accessible name of the element with the keyboard focus (what a screen reader says for it)."""
    return read_aloud(page, page.locator(":focus"))["name"]


def tab_to(page: Page, name: str, presses: int = 400) -> None:
    """Press Tab until the focus is on the control named ``name``."""
    met = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        met.append(focused_name(page) if page.evaluate("() => document.activeElement !== document.body") else "")
        if met[-1] == name:
            return
    raise AssertionError(f"Tab never reached {name!r}; the last stops were named {met[-12:]}")


def walk_05_explorer_by_keyboard(page: Page) -> None:
    """05's search-tree explorer by keyboard only: Tab from the top of the page to its first move,
    down a branch to the cut-off at X 1, O 5 with Enter and Space, back up with Back and Root; after
    each step the focus is where the next step is and the live region says where the learner is
    (the words of :func:`ttt.view.explorer.where_words`, on the search the notebook shows)."""
    explorer = page.locator(".ttt-explorer").last   # JupyterLab keeps a closed notebook's panel a while
    region = explorer.locator(".ttt-explorer-status")
    trace = trace_alphabeta(Board.parse("O.O/X../..X"), -1, 1)

    def hears(path: list[int]) -> None:
        expect(region).to_have_text(where_words(trace, path), timeout=STEP_TIMEOUT)
        assert read_aloud(page, region) == {"role": "status", "name": "", "live": "polite",
                                            "text": where_words(trace, path)}

    # Tab from the start of the explorer's output, the point a click beside it sets (from the top of
    # the page, Tab first walks every node of the static trees above it, hundreds of stops).
    explorer.evaluate("""e => { const area = e.closest('.jp-OutputArea-output') || e.parentElement;
                                area.setAttribute('tabindex', '-1'); area.focus(); }""")
    tab_to(page, "window", presses=3)
    tab_to(page, "move order", presses=1)
    tab_to(page, "X plays 1", presses=4)                            # past the fail-hard / fail-soft buttons
    assert page.evaluate("e => e.contains(document.activeElement)", explorer.element_handle())
    hears([])
    page.keyboard.press("Enter")                                   # into X plays 1
    hears([1])
    assert focused_name(page) == f"O plays {trace.follow([1]).children[0].move}"   # its first move
    tab_to(page, "O plays 5", presses=10)
    page.keyboard.press("Space")                                   # into O plays 5: the cut-off
    hears([1, 5])
    assert "Cut-off: pruned, never searched, 2 moves: 6, 7." in region.inner_text()
    assert focused_name(page) == "X plays 4"                       # 6 and 7 were pruned: 4 is the only move
    tab_to(page, "Back", presses=10)                               # Tab skips the pruned moves' buttons
    page.keyboard.press("Enter")                                   # back up
    hears([1])
    assert focused_name(page) == "O plays 5"                       # the move just left
    tab_to(page, "Root", presses=10)
    page.keyboard.press("Enter")
    hears([])
    assert focused_name(page) == "X plays 1"


NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
INTERACTIONS = {"02_human_play.ipynb": play_02_by_keyboard, "04_minimax.ipynb": play_04_by_keyboard,
                "05_pruning.ipynb": walk_05_explorer_by_keyboard, "09_beyond.ipynb": hint_labels_fit_their_cells}


@pytest.mark.slow(900)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_in_voila_passes_axe_and_its_widgets_work_by_keyboard(voila, page, notebook):
    """axe-core finds no WCAG 2.1 A/AA violation in the rendered notebook; 02's and 04's games are
    played by keyboard, reading the live region, 05's explorer is walked by keyboard, hearing where
    each step leads, and 09's hint labels fit their cells."""
    with diagnostics(page, voila, f"rendering {notebook}"):
        render(page, voila, notebook, ".jp-Cell")
    with diagnostics(page, voila, f"axe on {notebook}"):
        assert axe_violations(page) == []
        assert names_with_glyphs(page) == []      # every control is named in words only
    if notebook in INTERACTIONS:
        with diagnostics(page, voila, f"using {notebook}'s widgets by keyboard"):
            INTERACTIONS[notebook](page)
            assert_no_errors_shown(page)
            assert axe_violations(page, ".ttt-board, .ttt-explorer") == []   # the widget at the end of its use


# --------------------------------------------------------------------------- JupyterLab

NOTEBOOK_IN_VIEW = ".jp-NotebookPanel:not(.lm-mod-hidden)"
CONTENT = f"{NOTEBOOK_IN_VIEW} .jp-MarkdownOutput, {NOTEBOOK_IN_VIEW} .jp-OutputArea"   # the notebook's own


# The notebooks whose widgets are run in JupyterLab (Run All): the games played by keyboard and 05's
# explorer.  08's and 09's widgets need over a minute of their notebook's work first (training, solving
# 4×4): their committed outputs are checked here, their widgets in Voila above.
RUN_IN_LAB = ("02_human_play.ipynb", "04_minimax.ipynb", "05_pruning.ipynb")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """One JupyterLab server for the whole module, over a throwaway copy of every notebook."""
    workdir = tmp_path_factory.mktemp("lab-a11y")
    prepare_workdir(workdir)
    server = start_jupyterlab(workdir)
    yield server
    server.stop()


def open_in_lab(page: Page, lab: Server, notebook: str) -> None:
    """Open ``notebook`` alone (``?reset``: no tab of an earlier test) and wait until every cell is
    drawn and every picture has loaded."""
    cells = len(json.loads((ROOT / "notebooks" / notebook).read_text())["cells"])
    page.goto(f"{lab.url}/lab/tree/{notebook}?reset")
    page.wait_for_function(
        """([panel, cells]) => {
            const drawn = document.querySelectorAll(panel + ' .jp-Cell');
            const pictures = [...document.querySelectorAll(panel + ' .jp-OutputArea img')];
            return drawn.length === cells && pictures.every(img => img.complete)
                && [...document.querySelectorAll(panel + ' .jp-MarkdownCell')].every(
                       cell => cell.querySelector('.jp-RenderedMarkdown'));
        }""", arg=[NOTEBOOK_IN_VIEW, cells], timeout=PAGE_TIMEOUT)
    assert_no_errors_shown(page)


LAB_INTERACTIONS = {"02_human_play.ipynb": lambda page: play_02_by_keyboard(page, start="output"),
                    "04_minimax.ipynb": lambda page: play_04_by_keyboard(page, start="output"),
                    "05_pruning.ipynb": walk_05_explorer_by_keyboard}


@pytest.mark.slow(900)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_in_jupyterlab_passes_axe_and_its_games_work_by_keyboard(lab, page, notebook):
    """axe-core finds no WCAG 2.1 A/AA violation in the notebook's Markdown and outputs as committed,
    and in those of RUN_IN_LAB after Run All; 02's and 04's games are played by keyboard, each move
    heard from the live region, and 05's explorer is walked by keyboard, each step heard."""
    with diagnostics(page, lab, f"opening {notebook}"):
        open_in_lab(page, lab, notebook)
    with diagnostics(page, lab, f"axe on {notebook} as committed"):
        assert axe_violations(page, CONTENT) == []
    if notebook in RUN_IN_LAB:
        with diagnostics(page, lab, f"running {notebook}"):
            run_all_cells(page)
            page.wait_for_function(
                f"""() => [...document.querySelectorAll('{NOTEBOOK_IN_VIEW} [data-mime-type="{WIDGET_OUTPUT}"]')]
                         .every(output => output.querySelector('.jupyter-widgets'))""", timeout=PAGE_TIMEOUT)
            assert_no_errors_shown(page)
        with diagnostics(page, lab, f"axe on {notebook} after Run All"):
            assert axe_violations(page, CONTENT) == []
    if notebook in LAB_INTERACTIONS:
        with diagnostics(page, lab, f"playing {notebook}'s game by keyboard"):
            LAB_INTERACTIONS[notebook](page)
            assert_no_errors_shown(page)
            assert axe_violations(page, f"{NOTEBOOK_IN_VIEW} :is(.ttt-board, .ttt-explorer)") == []
