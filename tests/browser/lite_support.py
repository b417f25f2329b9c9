"""What the JupyterLite tests share: the built site, a static server on 127.0.0.1, and the page.

The site is the one ``make lite`` builds (``lite/build.py``), served as it is by a plain static
server, except for two things the tests need and a learner does not, served from memory:

* ``jupyter-lite.json`` gains a settings override that renders every cell (JupyterLab's
  ``windowingMode: none``, as the JupyterLab tests set it), so that checks see all of them;
* the notebooks named in ``blank`` are served without stored outputs and prompt numbers, so that
  every prompt number and board on their page comes from this run;
* a test can serve a notebook changed (:meth:`SiteServer.update`), as a new version of the course
  deployed at the same address would be.

Every request that leaves 127.0.0.1 is routed through :class:`Outside`: recorded, then aborted.
On this machine only Pyodide's CDN is missing, so that is all the tests allow to be asked for.
"""

from __future__ import annotations

import ast
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import nbformat
from playwright.sync_api import BrowserContext, Page, Route, expect

from browser_support import ROOT, free_port

SITE = Path(os.environ.get("TTT_LITE_SITE", ROOT / "_site"))
if not SITE.is_absolute():
    SITE = ROOT / SITE
KERNEL_TIMEOUT = 300_000        # ms: Pyodide's start on a busy 2-core machine (133 s seen at a load of 14)
RUN_TIMEOUT = 180_000           # ms: a notebook's cells in the browser's Python
HEAVY = ("numpy", "matplotlib", "pandas")   # compiled, on the CDN only
IDLE = re.compile(r"^Python \(Pyodide\) \| Idle$")
SOURCES = [ROOT / "requirements.lock", *(ROOT / "lite").glob("*.*"), *(ROOT / "notebooks").rglob("*"),
           *(ROOT / "ttt").rglob("*.py")]


# --------------------------------------------------------------------------- the site

def site_is_current(site: Path) -> bool:
    """True if ``site`` was built after every file it is built from last changed."""
    stamp = site / "jupyter-lite.json"
    return stamp.exists() and stamp.stat().st_mtime >= max(p.stat().st_mtime for p in SOURCES if p.is_file())


def built_site(tmp: Path) -> Path:
    """The site of ``make lite`` if it is current, else a fresh build of this checkout in ``tmp``."""
    if site_is_current(SITE):
        return SITE
    subprocess.run([sys.executable, str(ROOT / "lite" / "build.py"), "--output", str(tmp / "site")], check=True)
    return tmp / "site"


def lock_packages(site: Path) -> dict:
    return json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]


def needed(packages: dict, names) -> set[str]:
    """The lock's canonical names of the packages that provide ``names`` (import names; those no
    package provides, the standard library's and ttt's own, are left out), and of their dependencies."""
    by_import = {module: key for key, entry in packages.items() for module in entry["imports"]}
    seen, todo = set(), [by_import[name] for name in names if name in by_import]
    while todo:
        key = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if key not in seen:
            seen.add(key)
            todo.extend(packages[key]["depends"])
    return seen


def top_imports(source: str) -> set[str]:
    """The top-level modules a cell imports anywhere in it, as Pyodide's find_imports reads them."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def first_heavy_cell(path: Path) -> tuple[int, set[str], set[str]]:
    """(index among the code cells, heavy modules it imports, every module it imports) of the first
    code cell that imports one of ``HEAVY``."""
    code = [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
    for index, cell in enumerate(code):
        imported = top_imports(cell.source)
        if imported & set(HEAVY):
            return index, imported & set(HEAVY), imported
    raise AssertionError(f"{path.name} imports none of {HEAVY}")


# --------------------------------------------------------------------------- the server

class SiteServer:
    """The site on 127.0.0.1, in a thread; ``blank`` notebooks served without outputs."""

    def __init__(self, site: Path, blank: tuple[str, ...] = ()):
        self.site, self.port = site, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.patched = self._patched(blank)
        handler = functools.partial(_Handler, directory=str(site), patched=self.patched)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def _patched(self, blank) -> dict[str, bytes]:
        config = json.loads((self.site / "jupyter-lite.json").read_text())
        config["jupyter-config-data"].setdefault("settingsOverrides", {})[
            "@jupyterlab/notebook-extension:tracker"] = {"windowingMode": "none"}
        patched = {"/jupyter-lite.json": json.dumps(config).encode()}
        for name in blank:
            nb = nbformat.read(self.site / "files" / name, as_version=4)
            for cell in nb.cells:
                if cell.cell_type == "code":
                    cell.outputs, cell.execution_count = [], None
            nb.metadata.pop("widgets", None)
            patched[f"/files/{name}"] = nbformat.writes(nb).encode()
        return patched

    def update(self, name: str, nb) -> None:
        """Serve ``nb`` as the site's ``files/name`` from now on: the course updated under the learner."""
        self.patched[f"/files/{name}"] = nbformat.writes(nb).encode()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

    def __init__(self, *args, patched: dict[str, bytes], **kwargs):
        self.patched = patched
        super().__init__(*args, **kwargs)

    def do_GET(self):
        body = self.patched.get(self.path.split("?")[0])
        if body is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):   # quiet: failures show the page, not the server's log
        pass


def cpu_seconds() -> float:
    """CPU time used so far by this process's descendants (Playwright's driver, Chromium and its
    renderers and workers): on a shared machine, the wall time a step would take on an idle core."""
    parents, cpu = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])
        cpu[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [pid for pid, parent in parents.items() if parent == os.getpid()]
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0.0)
        todo.extend(child for child, parent in parents.items() if parent == pid)
    return total


# --------------------------------------------------------------------------- the page

class Outside:
    """Routes every request that leaves 127.0.0.1 (the kernel's worker's too): records it, aborts it."""

    def __init__(self, context: BrowserContext):
        self.urls: list[str] = []
        context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*"), self._abort)

    def _abort(self, route: Route) -> None:
        self.urls.append(route.request.url)
        route.abort("internetdisconnected")


def open_lite(page: Page, server: SiteServer, name: str) -> float:
    """Open ``name`` in JupyterLite; wait until the kernel is idle; return seconds from load to idle."""
    page.goto(f"{server.url}/lab/index.html?path={name}", wait_until="load")
    loaded = time.monotonic()
    expect(page.locator(".jp-NotebookPanel .jp-Notebook")).to_be_visible(timeout=KERNEL_TIMEOUT)
    expect(kernel_idle(page)).to_be_visible(timeout=KERNEL_TIMEOUT)
    return time.monotonic() - loaded


def open_notebook(page: Page, server: SiteServer, name: str, showing: str):
    """Open ``name`` in JupyterLite and wait until its page shows ``showing`` (not for the kernel);
    return the notebook's locator."""
    page.goto(f"{server.url}/lab/index.html?path={name}", wait_until="load")
    current = page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
    expect(current).to_have_count(1, timeout=KERNEL_TIMEOUT)      # the app is up and shows a tab
    try:
        expect(current).to_have_text(name, timeout=60_000)        # its tab, not one the workspace restored
    except AssertionError:
        # The workspace JupyterLite restores can make its own current tab current again after ?path= opened
        # this one (seen once, at a load of 15): show it as a learner would, by its tab or from the file browser.
        label = page.get_by_text(name, exact=True)
        tab = page.locator("#jp-main-dock-panel .lm-TabBar-tab", has=label)
        if tab.count():
            tab.first.click()
        else:
            page.locator(".jp-FileBrowser .jp-DirListing-item", has=label).first.dblclick()
        expect(current).to_have_text(name, timeout=KERNEL_TIMEOUT)
    notebook = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")
    expect(notebook).to_contain_text(showing, timeout=KERNEL_TIMEOUT)
    return notebook


def kernel_idle(page: Page):
    return page.locator(".jp-StatusBar-TextItem", has_text=IDLE)


def prompts(page: Page) -> list[str]:
    return [text.strip() for text in page.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()]


def run_all(page: Page) -> float:
    """Run → Run All Cells; wait until every cell has run or one failed (Run All stops there) and the
    kernel idles again; return the seconds it took."""
    assert prompts(page) and all(p in ("[ ]:", "") for p in prompts(page)), prompts(page)
    started = time.monotonic()
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_function(
        """() => {
            const cells = [...document.querySelectorAll('.jp-CodeCell')];
            const done = c => /^\\[\\d+\\]:$/.test(c.querySelector('.jp-InputPrompt').textContent.trim());
            const failed = c => c.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]') &&
                                /Error|Traceback/.test(c.querySelector('.jp-OutputArea').textContent);
            return cells.length > 0 && (cells.every(done) || cells.some(c => done(c) && failed(c)));
        }""", timeout=RUN_TIMEOUT)
    expect(kernel_idle(page)).to_be_visible(timeout=RUN_TIMEOUT)
    return time.monotonic() - started


def failed_cells(page: Page) -> list[int]:
    """Indices (among code cells) of the cells whose output shows an error or a traceback."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.jp-CodeCell')].flatMap((c, i) =>
            [...c.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
              .some(o => /Error|Traceback/.test(o.textContent)) ? [i] : [])""")


def run_code(page: Page, code: str):
    """Add a cell at the end of the notebook, type ``code`` into it, run it; return the cell."""
    page.locator(".jp-CodeCell").last.locator(".jp-InputPrompt").click()   # command mode, last cell
    page.keyboard.press("b")                                                # a new cell below
    cell = page.locator(".jp-CodeCell").last
    cell.locator(".cm-content").click()
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    expect(cell.locator(".jp-InputPrompt")).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=RUN_TIMEOUT)
    expect(kernel_idle(page)).to_be_visible(timeout=RUN_TIMEOUT)
    return cell
