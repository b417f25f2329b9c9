"""What the browser tests share: servers on 127.0.0.1, a throwaway copy of the notebooks, and checks.

Each test serves a copy of ``notebooks/`` with fresh Jupyter config, data, runtime and IPython
directories, so it never depends on (or changes) the user's own settings, and drives the page
with Playwright in headless Chromium (``tests/browser/conftest.py`` holds the fixtures).  On failure,
:func:`diagnostics` saves a screenshot, the browser console and the server log in the test's
temporary directory and names them in the assertion message.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import nbformat
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from ttt import Board
from ttt.tools.autograde import kill_processes_naming
from ttt.players import PerfectPlayer

ROOT = Path(__file__).resolve().parents[2]  # tests/browser/ -> the repository
CHROMIUM = os.environ.get("TTT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_TIMEOUT = 60       # seconds
PAGE_TIMEOUT = 60_000           # ms: loading JupyterLab, running a notebook, Voila's first render
STEP_TIMEOUT = 15_000           # ms: one click's round trip through the kernel
RUN_ALL_TIMEOUT = 10 * PAGE_TIMEOUT   # ms: a whole notebook's cells (04 and 05 search for over a minute on a busy machine)
BOARD = ".play-here"            # the board the learner plays (a CSS class the notebooks give it)


# --------------------------------------------------------------------------- servers

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A Jupyter or Voila server in its own process group, logging to a file."""

    def __init__(self, name: str, command: list[str], workdir: Path, port: int, ready_path: str,
                 any_answer: bool = False):
        self.name, self.workdir, self.port = name, workdir, port
        self.url = f"http://127.0.0.1:{port}"
        self.log = workdir / f"{name}-server.log"
        self._log_file = open(self.log, "w")
        self.process = subprocess.Popen(
            command, cwd=workdir, env=jupyter_env(workdir), stdout=self._log_file,
            stderr=subprocess.STDOUT, start_new_session=True,
        )
        self._wait_until_ready(ready_path, any_answer)

    def log_tail(self, lines: int = 40) -> str:
        self._log_file.flush()
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def _wait_until_ready(self, path: str, any_answer: bool) -> None:
        """Poll ``path`` until it answers 200 (or, with ``any_answer``, any HTTP status at all)."""
        deadline, last = time.monotonic() + SERVER_START_TIMEOUT, None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stop()
                raise AssertionError(
                    f"{self.name} exited with status {self.process.returncode} before answering; "
                    f"log {self.log}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(self.url + path, timeout=2) as response:
                    if response.status == 200:
                        return
            except urllib.error.HTTPError as err:
                if any_answer:
                    return
                last = err
            except OSError as err:
                last = err
            time.sleep(0.25)
        self.stop()
        raise AssertionError(
            f"{self.name} did not answer {self.url + path} within {SERVER_START_TIMEOUT} s "
            f"(last error: {last}); log {self.log}:\n{self.log_tail()}"
        )

    def stop(self) -> None:
        """SIGTERM to the process group (the server shuts its kernels down), then SIGKILL if needed."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        kill_leftover_kernels(self.workdir)
        self._log_file.close()


def start_jupyterlab(workdir: Path) -> Server:
    """JupyterLab on 127.0.0.1 over ``workdir/notebooks`` (made by :func:`prepare_workdir`): no token,
    no news, no update check."""
    port = free_port()
    return Server("jupyterlab", [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={workdir / 'notebooks'}",
        "--IdentityProvider.token=", "--PasswordIdentityProvider.hashed_password=",
        "--ServerApp.disable_check_xsrf=True",
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ], workdir, port, ready_path="/api/status")


def jupyter_env(workdir: Path) -> dict[str, str]:
    """The environment for a server: every Jupyter and IPython directory inside ``workdir``."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("JUPYTER", "JPY_")) and key != "IPYTHONDIR"}
    env.update(
        JUPYTER_CONFIG_DIR=str(workdir / "config"),
        JUPYTER_DATA_DIR=str(workdir / "data"),
        JUPYTER_RUNTIME_DIR=str(workdir / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(workdir / "config" / "lab" / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(workdir / "config" / "lab" / "workspaces"),
        IPYTHONDIR=str(workdir / "ipython"),
        PYTHONHASHSEED="0",
    )
    return env


def kill_leftover_kernels(workdir: Path) -> None:
    """Kill any kernel that outlived its server: kernels run in their own sessions, and their
    command lines name a connection file inside ``workdir``, which identifies ours exactly."""
    kill_processes_naming(workdir)


def prepare_workdir(workdir: Path, blank: tuple[str, ...] = ()) -> Path:
    """Copy the notebooks, blank out the stored outputs of the copies named in ``blank``, and write
    fresh settings.

    Without stored outputs or execution counts, every board and prompt number on the page of a
    blanked notebook comes from this run, so "all prompts numbered" means "the notebook has run".
    """
    notebooks = workdir / "notebooks"
    shutil.copytree(ROOT / "notebooks", notebooks)
    for name in blank:
        path = notebooks / name
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        nb.metadata.pop("widgets", None)
        nbformat.write(nb, path)

    settings = workdir / "config" / "lab" / "user-settings" / "@jupyterlab"
    write_json(settings / "notebook-extension" / "tracker.jupyterlab-settings",
               {"windowingMode": "none"})          # every cell in the DOM, so checks see them all
    write_json(workdir / "config" / "labconfig" / "page_config.json",
               {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    for name in ("data", "runtime", "ipython"):
        (workdir / name).mkdir(exist_ok=True)
    return notebooks


def write_json(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


# --------------------------------------------------------------------------- checks

@contextmanager
def diagnostics(page: Page, server: Server, step: str):
    """Turn a failure into an AssertionError that points at a screenshot and the logs."""
    try:
        yield
    except (AssertionError, PlaywrightError) as err:
        shot = server.workdir / f"{server.name}-failure.png"
        console = server.workdir / f"{server.name}-console.txt"
        try:
            page.screenshot(path=str(shot), full_page=True)
        except PlaywrightError as shot_err:
            shot = f"(no screenshot: {shot_err})"
        console.write_text("\n".join(page.console_lines))
        raise AssertionError(
            f"{server.name}: {step} failed: {err}\n"
            f"screenshot: {shot}\nbrowser console: {console}\nserver log: {server.log}\n"
            f"--- last lines of the server log ---\n{server.log_tail()}"
        ) from err


def cell_texts(board) -> list[str]:
    return [text.strip() for text in board.locator(".ttt-cell").all_inner_texts()]


def assert_no_errors_shown(page: Page) -> None:
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    expect(page.get_by_text("There was an error when executing cell")).to_have_count(0)   # Voila
    stderr = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
    expect(stderr.filter(has_text="Traceback")).to_have_count(0)
    expect(stderr.filter(has_text="Error")).to_have_count(0)


def run_all_cells(page: Page, timeout: float = RUN_ALL_TIMEOUT) -> None:
    """Run → Run All Cells, then wait until every code cell has a prompt number (for at most
    ``timeout`` ms) and the kernel idles.

    The toolbar's execution indicator says "idle" before any kernel exists, and Run All Cells
    does nothing then; the status bar names the kernel only once it is connected.
    """
    idle = page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"^Python 3 .*\| Idle$"))
    expect(idle).to_be_visible(timeout=PAGE_TIMEOUT)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt")
    try:
        page.wait_for_function(
            """() => {
                const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
                return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
            }""", timeout=timeout)
    except PlaywrightError as err:
        raise AssertionError(f"not every cell ran; prompts: {prompts.all_inner_texts()}") from err
    expect(idle).to_be_visible(timeout=PAGE_TIMEOUT)


def run_notebook_and_check(page: Page, server: Server, name: str, step: str, check) -> None:
    """Open notebook ``name`` in JupyterLab, run all its cells, then ``check(page)``; each stage under
    :func:`diagnostics` (``step`` names the last one), and no error may show after either run."""
    with diagnostics(page, server, "opening the notebook"):
        open_notebook(page, server, name)
    with diagnostics(page, server, "running all cells"):
        run_all_cells(page)
        assert_no_errors_shown(page)
    with diagnostics(page, server, step):
        check(page)
        assert_no_errors_shown(page)


def open_notebook(page: Page, server: Server, name: str) -> None:
    """Open a notebook in JupyterLab and wait until it is shown."""
    page.goto(f"{server.url}/lab/tree/{name}")
    expect(page.locator(".jp-NotebookPanel .jp-Notebook")).to_be_visible(timeout=PAGE_TIMEOUT)


# --------------------------------------------------------------------------- accessibility

def focused_cell(page: Page) -> int | None:
    """The number of the board cell that has the keyboard focus, or None."""
    return page.evaluate(
        """() => { const m = /(?:^|\\s)ttt-cell-(\\d+)(?:\\s|$)/.exec(document.activeElement.className || "");
                   return m ? Number(m[1]) : null; }""")


def tab_into_the_board(page: Page, board, start: str = "body") -> None:
    """Press Tab until the focus is in ``board``'s grid, as a user would, from the top of the page or,
    in JupyterLab (whose own menus, file browser and cells come first), from the start of the
    output area that holds the board: the point a click beside the board sets.  ``start`` is
    "body" or "output"."""
    if start == "output":
        board.evaluate("""b => { const area = b.closest('.jp-OutputArea-output') || b;
                                 area.setAttribute('tabindex', '-1'); area.focus(); }""")
    else:
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


def read_aloud(page: Page, element) -> dict:
    """What Chromium's accessibility tree (the one screen readers read, through the CDP) holds for
    ``element`` (a locator): its ``role``, its ``name``, its ``live`` setting and the ``text`` inside it."""
    element.evaluate("e => e.setAttribute('data-ax-probe', '')")
    cdp = page.context.new_cdp_session(page)
    try:
        found = cdp.send("Runtime.evaluate", {"expression": "document.querySelector('[data-ax-probe]')"})
        object_id = found["result"]["objectId"]
        node = cdp.send("Accessibility.getPartialAXTree", {"objectId": object_id, "fetchRelatives": False})["nodes"][0]
        texts = cdp.send("Accessibility.queryAXTree", {"objectId": object_id, "role": "StaticText"})["nodes"]
    finally:
        element.evaluate("e => e.removeAttribute('data-ax-probe')")
        cdp.detach()
    properties = {prop["name"]: prop["value"].get("value") for prop in node.get("properties", [])}
    return {"role": node["role"]["value"], "name": node.get("name", {}).get("value", ""),
            "live": properties.get("live"), "text": " ".join(text["name"]["value"] for text in texts).strip()}


# Icon fonts (Font Awesome, which ipywidgets' `icon=` uses) draw their glyphs from Unicode's private use area, and
# Chromium puts the glyph into the control's accessible name: a screen reader reads it as noise before "New game".
PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def names_with_glyphs(page: Page) -> list[str]:
    """Every accessible name on the page (Chromium's whole accessibility tree) holding an icon font's glyph."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    return sorted({name for node in nodes if PRIVATE_USE.search(name := str(node.get("name", {}).get("value", "")))})


def heard(page: Page, board, expected: str) -> None:
    """Wait until the board's live region says ``expected``, then check that Chromium's accessibility
    tree holds it as a polite live region saying exactly that (what a screen reader announces)."""
    region = board.get_by_role("status")
    expect(region).to_have_text(expected, timeout=STEP_TIMEOUT)
    assert read_aloud(page, region) == {"role": "status", "name": "", "live": "polite", "text": expected}


def cell_name(page: Page, board, cell: int) -> str:
    """What a screen reader says for ``cell`` (Chromium's accessible name of a grid cell)."""
    said = read_aloud(page, board.locator(f".ttt-cell-{cell}"))
    assert said["role"] == "gridcell", said
    return said["name"]


def play_02_by_keyboard(page: Page, start: str = "body") -> None:
    """A whole game for two on 02's board, by keyboard only, reading the names and the live region
    from Chromium's accessibility tree (``start``: where the Tab presses start, as in
    :func:`tab_into_the_board`)."""
    board = page.locator(BOARD)
    grid = board.get_by_role("grid")
    assert read_aloud(page, grid)["name"] == "Board, 3 rows by 3 columns, 3 in a row wins"
    expect(board.locator('.ttt-cell[tabindex="0"]')).to_have_count(1)   # one tab stop
    tab_into_the_board(page, board, start)
    assert focused_cell(page) == 0
    assert cell_name(page, board, 5) == "row 2, column 3, empty, cell 5"
    heard(page, board, "X to move")
    position = Board.empty()
    for key, cell in zip(["Enter", "Space"] * 4, [4, 1, 0, 8, 6, 2, 3]):
        walk_to(page, cell)
        page.keyboard.press(key)
        mover, position = position.turn, position.play(cell)
        heard(page, board, f"{mover} played {cell}. " + ("X wins" if position.is_over else f"{position.turn} to move"))
        expect(board.locator(f".ttt-cell-{cell}")).to_have_attribute(
            "aria-label", re.compile(rf"^row {cell // 3 + 1}, column {cell % 3 + 1}, {position.cells[cell]}"))
        assert focused_cell(page) == cell, "the focus left the cell just played"
    heard(page, board, "X played 3. X wins")                                        # the end of the game
    assert [cell_name(page, board, cell) for cell in (0, 3, 6)] == [
        "row 1, column 1, X, winning line", "row 2, column 1, X, winning line",
        "row 3, column 1, X, winning line"]
    assert cell_name(page, board, 4) == "row 2, column 2, X"
    walk_to(page, 5)
    page.keyboard.press("Enter")                  # the game is over
    heard(page, board, "Not a legal move: the game is over (X has won): no more moves. Press New game to play again.")


def play_04_by_keyboard(page: Page, start: str = "body") -> None:
    """A whole game against 04's perfect player, by keyboard only; each move and reply is heard."""
    board = page.locator(f"{BOARD}.ttt-computer-game")
    tab_into_the_board(page, board, start)
    position, player = Board.empty(), PerfectPlayer()
    while not position.is_over:
        cell = position.legal_moves()[-1]
        walk_to(page, cell)
        page.keyboard.press("Enter")
        position = position.play(cell)
        expected = f"You (X) played {cell}. "
        if not position.is_over:
            reply = player.move(position)
            position = position.play(reply)
            expected += f"Computer (O) played {reply}. "
        expected += ("X to move" if not position.is_over else "Draw" if position.winner is None
                     else f"{position.winner} wins")
        heard(page, board, expected)
    assert position.winner in (None, "O")


WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]   # axe-core's tags for WCAG 2.1 A and AA


# The tallest scrolled box on the page (Voila's #rendered_cells, JupyterLab's notebook), in pixels.
SCROLLED_HEIGHT = """() => Math.max(0, ...[...document.querySelectorAll('*')]
    .filter(e => /auto|scroll/.test(getComputedStyle(e).overflowY))
    .map(e => e.scrollHeight - e.clientHeight))"""


def axe_violations(page: Page, context: str | None = None) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations on ``page`` (within the CSS selector ``context``), one line
    each: the rule, how many elements break it, the first few of them and axe's help text.

    Every cell is judged, not only those on screen: axe checks colour contrast only on what is in
    the viewport (text scrolled out of sight is skipped without a word, not even "needs review"),
    so for the run the viewport grows by the height of the page's tallest scrolled box, which puts
    every cell on screen at once; and JupyterLab's ``body`` (zero height, ``overflow: hidden``,
    the shell being positioned over it) is made ``overflow: visible``, because axe takes it to
    clip everything, so that in JupyterLab it checked the contrast of no text at all (the browser
    itself shows that overflow on the viewport, so nothing on screen changes).  Both are undone
    afterwards."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": size["height"] + page.evaluate(SCROLLED_HEIGHT)})
    overflow = page.evaluate("() => { const was = document.body.style.overflow;"
                             " document.body.style.overflow = 'visible'; return was; }")
    try:
        results = Axe().run(page, context=context, options=options)
    finally:
        page.evaluate("was => { document.body.style.overflow = was; }", overflow)
        page.set_viewport_size(size)
    return [
        f"{rule['id']} ×{len(rule['nodes'])}: {[node['target'] for node in rule['nodes'][:3]]} ({rule['help']})"
        for rule in results.response["violations"]
    ]
