"""The clickable board of notebook 02 in a real browser: JupyterLab and Voila in headless Chromium.

Each test serves a throwaway copy of ``notebooks/`` on 127.0.0.1 with fresh Jupyter config, data,
runtime and IPython directories, so it never depends on (or changes) the user's own settings, and
drives the page with Playwright.  The board the learner plays carries the CSS class ``play-here``
(given in the notebook); the cells, status line and New game button carry the classes set by
:mod:`ttt.widgets`.

On failure a test saves a screenshot, the browser console and the server log in its temporary
directory and names them in the assertion message.
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
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect, sync_playwright

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "02_human_play.ipynb"
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
BOARD = ".play-here"            # the first board of the notebook, the one the learner plays
SERVER_START_TIMEOUT = 60       # seconds
PAGE_TIMEOUT = 60_000           # ms: loading JupyterLab, running the notebook, Voila's first render
STEP_TIMEOUT = 15_000           # ms: one click's round trip through the kernel

# A game on the board, as (cell clicked, mark it shows, status afterwards): X forks with 6, wins with 3.
OPENING = [(4, "X", "O to move"), (1, "O", "X to move"), (0, "X", "O to move"),
           (8, "O", "X to move"), (6, "X", "O to move"), (2, "O", "X to move")]
WINNING_MOVE, WINNING_LINE = 3, (0, 3, 6)
EMPTY_BOARD = [str(cell) for cell in range(9)]   # an empty cell shows its number


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
    marker = str(workdir).encode()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if marker in (entry / "cmdline").read_bytes() and int(entry.name) != os.getpid():
                os.kill(int(entry.name), signal.SIGKILL)
        except (OSError, ValueError):
            pass


def prepare_workdir(workdir: Path) -> Path:
    """Copy the notebooks, blank out the copy's stored outputs, and write fresh settings."""
    notebooks = workdir / "notebooks"
    shutil.copytree(ROOT / "notebooks", notebooks)
    # Without stored outputs or execution counts, every board and prompt number on the page comes
    # from this run, so "all prompts numbered" means "the notebook has run".
    path = notebooks / NOTEBOOK
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


# --------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM} "
                    "(apt-get install chromium, or set TTT_CHROMIUM)", pytrace=False)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def workdir(tmp_path):
    prepare_workdir(tmp_path)
    return tmp_path


@pytest.fixture
def lab(workdir):
    port = free_port()
    server = Server("jupyterlab", [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={workdir / 'notebooks'}",
        "--IdentityProvider.token=", "--PasswordIdentityProvider.hashed_password=",
        "--ServerApp.disable_check_xsrf=True",
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ], workdir, port, ready_path="/api/status")
    yield server
    server.stop()


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


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: page.console_lines.append(f"pageerror: {error}"))
    yield page
    context.close()


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


# --------------------------------------------------------------------------- what both front ends must do

def cell_texts(board) -> list[str]:
    return [text.strip() for text in board.locator(".ttt-cell").all_inner_texts()]


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
    expect(status).to_have_text("X wins", timeout=STEP_TIMEOUT)
    win = re.compile(r"(^|\s)ttt-win(\s|$)")
    for cell in range(9):
        if cell in WINNING_LINE:
            expect(cells[cell]).to_have_class(win)
        else:
            expect(cells[cell]).not_to_have_class(win)

    final = cell_texts(board)
    cells[5].click()                                   # empty, but the game is over
    expect(status).to_contain_text("The game is over (X wins)", timeout=STEP_TIMEOUT)
    assert cell_texts(board) == final, "a click after the end changed the board"

    board.locator(".ttt-new-game").click()
    expect(status).to_have_text("X to move", timeout=STEP_TIMEOUT)
    for cell, text in zip(cells, EMPTY_BOARD):
        expect(cell).to_have_text(text)
        expect(cell).not_to_have_class(win)


def assert_no_errors_shown(page: Page) -> None:
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    expect(page.get_by_text("There was an error when executing cell")).to_have_count(0)   # Voila
    stderr = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
    expect(stderr.filter(has_text="Traceback")).to_have_count(0)
    expect(stderr.filter(has_text="Error")).to_have_count(0)


# --------------------------------------------------------------------------- the tests

def run_all_cells(page: Page) -> None:
    """Run → Run All Cells, then wait until every code cell has a prompt number and the kernel idles.

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
            }"""
        )
    except PlaywrightError as err:
        raise AssertionError(f"not every cell ran; prompts: {prompts.all_inner_texts()}") from err
    expect(idle).to_be_visible(timeout=PAGE_TIMEOUT)


def test_board_in_jupyterlab(lab, page):
    with diagnostics(page, lab, "opening the notebook"):
        page.goto(f"{lab.url}/lab/tree/{NOTEBOOK}")
        expect(page.locator(".jp-NotebookPanel .jp-Notebook")).to_be_visible(timeout=PAGE_TIMEOUT)
    with diagnostics(page, lab, "running all cells"):
        run_all_cells(page)
        assert_no_errors_shown(page)
    with diagnostics(page, lab, "playing on the board"):
        play_on_the_board(page)
        assert_no_errors_shown(page)


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
