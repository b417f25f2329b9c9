"""The serverless edition (``make lite``) in a real browser: JupyterLite and its Pyodide kernel.

The site is served on 127.0.0.1 by a static server (:mod:`lite_support`) and driven in Debian's
Chromium with the launch flags of every browser test (``conftest.py``).  Each test opens a
notebook in a fresh browser context (JupyterLite keeps notebooks in the browser's storage), its
stored outputs stripped, and runs every cell:

* 00 and 02 run to the end with no error, and no request leaves 127.0.0.1: the kernel, ``ttt``,
  ipywidgets and tqdm all come from the site; 02's board is played by keyboard alone, each move
  heard from its live region in Chromium's accessibility tree, then by mouse;
* an exercise check answers in the browser's Python with the words the package gives here;
* the two cells that start a process in CPython (03's ``python -m ttt stats``, 08's
  ``PYTHONHASHSEED`` check) take their Pyodide path and pass their own asserts;
* every other notebook runs up to its first cell that imports numpy, matplotlib or pandas, and
  there asks for exactly the wheels Pyodide's lock names on the CDN for that import (and nothing
  else): this machine cannot reach the CDN, so that cell, and only that cell, fails, with
  Pyodide's "not installed" error.  Any other error fails the test.

The site says its version, and a learner can get the course's copy of a notebook back:

* 00, as the site serves and shows it, names the version of ``ttt`` and a commit of this repository
  (``lite/build.py`` writes them between the markers of 00's "How to run it");
* a notebook a learner edited stays theirs after the course is updated (JupyterLite keeps it in the
  browser's storage): the test edits 02 and saves it, serves a changed 02 at the same address, sees
  the learner's copy still shown, then does what 00 tells a learner to do (rename their copy in the
  file browser) and finds the course's new 02 under its name and the learner's edit in the renamed copy.

The 00 test prints how long the kernel took to be ready after the page loaded, and how long 00
took to run, each with the browser's CPU time (what it would take on an idle core) and the load
average (measured, not asserted):
``python -m pytest tests/browser/test_lite.py -k test_00 -q``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess

import pytest
from playwright.sync_api import expect

import nbformat
from browser_support import BOARD, ROOT, STEP_TIMEOUT, assert_no_errors_shown, play_02_by_keyboard
from lite_support import (HEAVY, Outside, SiteServer, built_site, cpu_seconds, failed_cells, first_heavy_cell,
                          lock_packages, needed, open_lite, prompts, run_all, run_code, top_imports)
from lite_support import KERNEL_TIMEOUT, open_notebook
from test_browser import play_on_the_board
import ttt
from ttt.exercises import exercise

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
FULL = ("00_index.ipynb", "02_human_play.ipynb")          # import none of HEAVY: must run to the end
PARTIAL = [name for name in NOTEBOOKS if name not in FULL]
SUBPROCESS_CELLS = {"03_game_trees.ipynb": "23573b65", "08_learned_evaluation.ipynb": "b554b676"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.mktemp("lite"))


@pytest.fixture(scope="module")
def server(site):
    server = SiteServer(site, blank=tuple(NOTEBOOKS))
    yield server
    server.stop()


@pytest.fixture
def lite(browser, server):
    """A fresh context (no storage from another test) and its page; requests outside recorded."""
    context = browser.new_context()
    outside = Outside(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page, outside
    context.close()


def cell_source(name: str, cell_id: str) -> str:
    (cell,) = [c for c in nbformat.read(ROOT / "notebooks" / name, as_version=4).cells if c.get("id") == cell_id]
    return cell.source


def test_the_full_notebooks_import_nothing_from_the_cdn():
    for name in FULL:
        for cell in nbformat.read(ROOT / "notebooks" / name, as_version=4).cells:
            if cell.cell_type == "code":
                assert not top_imports(cell.source) & set(HEAVY), (name, cell.source)


def test_the_lock_serves_what_the_kernel_preloads_with_real_hashes(site):
    """Every package the kernel preloads, and all they depend on, is a wheel of the site whose
    sha256 the lock states (Pyodide refuses a wheel whose hash differs); everything else is on
    Pyodide's CDN under an absolute URL; ttt and ipywidgets are at this checkout's and the lock's versions."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    preload = settings["loadPyodideOptions"]["packages"]
    assert {"ttt", "ipywidgets", "tqdm"} <= set(preload)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"     # the core from the site, not the CDN
    packages = lock_packages(site)
    local = needed(packages, [module for name in preload for module in packages[name]["imports"]])
    static = site / "static" / "pyodide"
    for key, entry in packages.items():
        if key in local:
            wheel = static / entry["file_name"]
            assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], key
        else:
            assert entry["file_name"].startswith("https://cdn.jsdelivr.net/pyodide/v"), key
    pins = dict(re.findall(r"^([\w.-]+)==(\S+)", (ROOT / "requirements.lock").read_text(), re.M))
    assert packages["ipywidgets"]["version"] == pins["ipywidgets"]
    assert packages["ttt"]["version"] == ttt.__version__ and packages["ttt"]["depends"] == ["tqdm", "anywidget"]


def test_00_runs_and_its_exercise_answers(lite, server, capsys):
    page, outside = lite
    cpu = cpu_seconds()
    ready = open_lite(page, server, "00_index.ipynb")
    cpu_ready = cpu_seconds()
    ran = run_all(page)
    cpu_ran = cpu_seconds()
    with capsys.disabled():   # the figures of the targets (10 s, 30 s): measured, not asserted
        print(f"\n[lite timing] kernel idle {ready:.1f} s after the page loaded "
              f"({cpu_ready - cpu:.1f} s of browser CPU time); 00 ran in {ran:.1f} s "
              f"({cpu_ran - cpu_ready:.1f} s of CPU); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    assert all(p.startswith("[") and p[1:-2].isdigit() for p in prompts(page)), prompts(page)
    assert failed_cells(page) == []
    assert_no_errors_shown(page)

    wrong = ["XX./.../...", "XXX/OO./...", "..."]
    cell = run_code(page, f"exercise('00', 1).check({wrong!r})")
    words = exercise("00", 1).judge(wrong).parts[0]
    expect(cell.locator(".jp-OutputArea")).to_contain_text(words)
    expect(cell.locator(".jp-OutputArea")).to_contain_text("False")
    right = exercise("00", 1).answer()
    cell = run_code(page, f"exercise('00', 1).check({right!r})")
    expect(cell.locator(".jp-OutputArea")).to_contain_text(exercise("00", 1).judge(right).parts[0].splitlines()[0])
    expect(cell.locator(".jp-OutputArea")).to_contain_text("True")
    assert failed_cells(page) == []
    assert outside.urls == []


def test_the_subprocess_cells_take_their_pyodide_path(lite, server):
    """08's cell passes its own asserts in Pyodide.  03's runs ``python -m ttt stats`` in the kernel
    itself, and that counts positions with numpy: in the notebook numpy is loaded by then (its
    ``import pandas`` cell comes first), here the CDN is missing, so the cell must get exactly as
    far as ttt's own ``import numpy``, through the in-process ``main(command)``, and fail there."""
    page, outside = lite
    open_lite(page, server, "00_index.ipynb")
    cell = run_code(page, "import os, subprocess, sys\nfrom ttt import Board\nfrom ttt.tree import count_tree\n"
                          "counts = count_tree(Board.empty())\nsys.platform, sys.hash_info.width")
    expect(cell.locator(".jp-OutputArea")).to_contain_text("('emscripten', 32)")

    cell = run_code(page, cell_source("08_learned_evaluation.ipynb", SUBPROCESS_CELLS["08_learned_evaluation.ipynb"]))
    assert failed_cells(page) == [], cell.locator(".jp-OutputArea").inner_text()
    cell = run_code(page, "first, fresh")
    expect(cell.locator(".jp-OutputArea")).to_contain_text("((0, 0), {'(0, 0)'})")

    cell = run_code(page, cell_source("03_game_trees.ipynb", SUBPROCESS_CELLS["03_game_trees.ipynb"]))
    text = cell.locator(".jp-OutputArea").inner_text()
    assert failed_cells(page) == [page.locator(".jp-CodeCell").count() - 1], text
    assert "main(command)" in text and "census.py" in text, text
    assert text.rstrip().endswith("ModuleNotFoundError: No module named 'numpy'"), text
    assert outside.urls == []


def test_02_runs_and_its_board_plays_by_keyboard_and_by_mouse(lite, server):
    page, outside = lite
    open_lite(page, server, "02_human_play.ipynb")
    run_all(page)
    assert failed_cells(page) == []
    assert_no_errors_shown(page)
    play_02_by_keyboard(page, start="output")   # Tab from the board's output, as in JupyterLab
    page.locator(BOARD).locator(".ttt-new-game").click()
    expect(page.locator(BOARD).locator(".ttt-status")).to_have_text("X to move", timeout=STEP_TIMEOUT)
    play_on_the_board(page)
    assert_no_errors_shown(page)
    assert outside.urls == []


@pytest.mark.parametrize("name", PARTIAL)
def test_a_notebook_runs_up_to_the_cdn(lite, server, site, name):
    page, outside = lite
    index, heavy, imported = first_heavy_cell(ROOT / "notebooks" / name)
    packages = lock_packages(site)
    wanted = {packages[key]["file_name"] for key in needed(packages, imported)}
    cdn = {url for url in wanted if url.startswith("https://")}
    assert cdn and all(url.startswith("https://cdn.jsdelivr.net/pyodide/v") for url in cdn)

    open_lite(page, server, name)
    run_all(page)
    shown = prompts(page)
    assert all(p[1:-2].isdigit() for p in shown[:index + 1]), shown      # every cell up to it ran
    assert all(p == "[ ]:" for p in shown[index + 1:]), shown             # and none after it
    assert failed_cells(page) == [index]
    error = page.locator(".jp-CodeCell").nth(index).locator(".jp-OutputArea")
    message = re.search(r"ModuleNotFoundError: No module named '(\w+)'", error.inner_text())
    assert message and message[1] in heavy, error.inner_text()   # the import whose wheel was refused
    assert set(outside.urls) == cdn, sorted(set(outside.urls) ^ cdn)
    for module in heavy:
        (key,) = needed(packages, [module]) & {k for k, e in packages.items() if module in e["imports"]}
        assert packages[key]["file_name"] in outside.urls


VERSION = re.compile(r"<!-- course-version -->(.*?)<!-- /course-version -->", re.S)


def test_00_says_which_version_of_the_course_the_site_holds(lite, server, site):
    """The site's 00 names ttt's version and a commit of this repository, where the repository's own
    00 says it is the repository's; the page shows those words."""
    page, outside = lite
    (ours,) = VERSION.findall((ROOT / "notebooks" / "00_index.ipynb").read_text())
    (stamped,) = VERSION.findall((site / "files" / "00_index.ipynb").read_text())
    found = re.fullmatch(rf"version {re.escape(ttt.__version__)}, commit ([0-9a-f]{{7,40}}) of \d{{4}}-\d\d-\d\d"
                         r"(, with changes not committed)?", stamped)
    assert found and stamped != ours, stamped
    known = subprocess.run(["git", "cat-file", "-e", f"{found[1]}^{{commit}}"], cwd=ROOT, capture_output=True)
    assert known.returncode == 0, f"{found[1]} is not a commit of this repository"
    notebook = open_notebook(page, server, "00_index.ipynb", "How to run it")
    expect(notebook).to_contain_text(f"This copy of the course is {stamped}.")
    assert outside.urls == []


TITLE_02 = "02 · Playing by hand"


def test_a_learners_copy_survives_an_update_and_the_course_copy_comes_back(browser, site):
    """Edit 02 and save it; the course is updated at the same address; the learner still sees their
    copy. Renaming it in the file browser, as 00 says, brings back the course's new 02."""
    server = SiteServer(site)           # its own address: the update below is seen by this test only
    context = browser.new_context()
    outside = Outside(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        notebook = open_notebook(page, server, "02_human_play.ipynb", TITLE_02)
        notebook.locator(".jp-Cell").first.locator(".jp-InputPrompt").click()  # command mode, first cell
        page.keyboard.press("a")                                                # a new cell above
        page.keyboard.press("m")                                                # markdown
        page.keyboard.press("Enter")
        page.keyboard.insert_text("My own notes, LEARNER-EDIT")
        page.keyboard.press("Shift+Enter")
        expect(notebook.locator(".jp-RenderedMarkdown").first).to_have_text("My own notes, LEARNER-EDIT")
        page.keyboard.press("Control+s")
        expect(page.locator(".jp-mod-dirty")).to_have_count(0, timeout=KERNEL_TIMEOUT)  # saved, in the browser

        updated = nbformat.read(site / "files" / "02_human_play.ipynb", as_version=4)
        updated.cells.insert(0, nbformat.v4.new_markdown_cell("COURSE-UPDATE, the course's new 02"))
        server.update("02_human_play.ipynb", updated)
        notebook = open_notebook(page, server, "02_human_play.ipynb", TITLE_02)
        expect(notebook).to_contain_text("LEARNER-EDIT")                       # the learner's copy, still
        expect(notebook).not_to_contain_text("COURSE-UPDATE")

        course_copy = page.locator(".jp-FileBrowser .jp-DirListing-item", has_text="02_human_play.ipynb")
        try:
            expect(course_copy).to_be_visible(timeout=20_000)                  # the file browser, open as a rule
        except AssertionError:
            page.locator('.jp-SideBar [data-id="filebrowser"]').click()        # or shown by its tab
            expect(course_copy).to_be_visible()
        course_copy.click(button="right")
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Rename")).click()
        editor = page.locator(".jp-DirListing-editor")
        editor.press("Control+a")
        editor.press_sequentially("02_mine.ipynb")
        editor.press("Enter")
        expect(page.locator(".jp-FileBrowser .jp-DirListing-item", has_text="02_mine.ipynb")).to_have_count(
            1, timeout=KERNEL_TIMEOUT)
        expect(course_copy).to_have_count(1)                                   # the course's copy is listed again

        notebook = open_notebook(page, server, "02_human_play.ipynb", "COURSE-UPDATE")  # the course's copy, back
        expect(notebook).not_to_contain_text("LEARNER-EDIT")
        notebook = open_notebook(page, server, "02_mine.ipynb", TITLE_02)
        expect(notebook).to_contain_text("LEARNER-EDIT")                       # and the learner's, kept
        assert outside.urls == []
    finally:
        context.close()
        server.stop()
