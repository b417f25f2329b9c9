"""Build the serverless JupyterLite edition of the course into one folder (``make lite``).

The site holds JupyterLab, every notebook and ``notebooks/data/`` (not the teaching guide: it answers
graded exercises; a notebook's link to it points at the repository's copy), and a
Pyodide kernel in which ``ttt`` (a wheel built from this checkout), ipywidgets, anywidget (the
clickable board's cells, see ``ttt.view.widgets``) and tqdm are preloaded.  anywidget's front end
is a JupyterLab extension installed with the Python package, and ``jupyter lite build`` takes every
extension of this environment into the site, as it does ipywidgets' own.  Everything the kernel
needs to start is served by the site itself:

* the Pyodide core comes from the npm package ``pyodide``, pinned in ``lite/package.json`` and
  ``lite/package-lock.json`` (``npm ci`` checks its integrity);
* the pure-Python wheels the kernel loads at start-up (micropip, IPython, jedi and what they need,
  comm, ipywidgets, anywidget, psygnal, tqdm) come from PyPI, at the versions Pyodide's lock names
  (ipywidgets, comm, anywidget and psygnal, which it lacks, at the versions ``requirements.lock``
  pins), and ``pyodide-lock.json`` is rewritten with their file names and real sha256: PyPI's
  wheels are not byte for byte Pyodide's repacked ones;
* every other entry of the lock (numpy, matplotlib, pandas and their compiled friends) points at
  Pyodide's CDN with an absolute URL, so a learner's browser fetches it when a cell imports it.

``jupyterlite-pyodide-kernel`` can rewrite a lock itself with its ``[lock]`` extra, but that needs
Python >= 3.12 and this project locks for 3.11; the rewrite here is a few lines of JSON.

The site says which version of the course it is: the staged copy of ``00_index.ipynb`` gets the
version and commit it was built from between the markers ``<!-- course-version -->`` and
``<!-- /course-version -->`` (the repository's own copy says there that it is the repository's), so a
learner can compare it with the version the course page announces.

Every run starts clean (the output folder, the staging folder, and jupyterlite's ``.cache`` and
``.jupyterlite.doit.db`` are deleted first), so a build never reuses a stale step.  Network: the
npm registry and PyPI only.

    python lite/build.py [--output _site]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
STAGE = ROOT / "build" / "lite"            # jupyterlite's --lite-dir: config, static/pyodide, caches
DEFAULT_OUTPUT = ROOT / "_site"

#: what the kernel preloads (loadPyodideOptions.packages in lite/jupyter-lite.json): the kernel's
#: own start-up packages (so that none is fetched from PyPI at start), then the course's.
PRELOAD_KEY = "@jupyterlite/pyodide-kernel-extension:kernel"
#: packages Pyodide's lock does not have; added with the version requirements.lock pins.
ADDED = {
    "comm": {"depends": [], "imports": ["comm"]},
    "ipywidgets": {"depends": ["comm", "ipython", "traitlets"], "imports": ["ipywidgets"]},
    # psygnal's pure-Python wheel (py3-none-any) is the one Pyodide can load.
    "psygnal": {"depends": ["typing-extensions"], "imports": ["psygnal"]},
    "anywidget": {"depends": ["ipywidgets", "psygnal", "typing-extensions"], "imports": ["anywidget"]},
}
#: the kernel's own wheels, shipped in jupyterlite-pyodide-kernel's labextension: in the lock too, so
#: that Pyodide loads them with the rest in one go instead of installing them one by one with piplite.
KERNEL_WHEELS = {
    "piplite": {"depends": ["micropip"], "imports": ["piplite"]},
    "ipykernel": {"depends": [], "imports": ["ipykernel"]},
    "pyodide-kernel": {"depends": ["comm", "ipython"], "imports": ["pyodide_kernel"]},
}
#: ttt needs numpy only inside the functions that use it (census, retrograde, learning): the
#: notebooks that call them import numpy, matplotlib or pandas first, and Pyodide loads what a cell
#: imports.  Declaring numpy here would make every kernel start wait for the CDN.
TTT_ENTRY = {"depends": ["tqdm", "anywidget"], "imports": ["ttt"]}


def run(command: list[str], **kwargs) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run(command, check=True, **kwargs)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked_versions() -> dict[str, str]:
    """``requirements.lock``'s pins, by canonical name."""
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if match:
            pins[canonical(match[1])] = match[2]
    return pins


def pyodide_core() -> Path:
    """``npm ci`` the pinned ``pyodide`` package; check it is the one the kernel was made for."""
    run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LITE)
    core = LITE / "node_modules" / "pyodide"
    version = json.loads((core / "package.json").read_text())["version"]
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    if version != PYODIDE_VERSION:
        sys.exit(f"lite/package.json pins pyodide {version}, but jupyterlite-pyodide-kernel "
                 f"was made for {PYODIDE_VERSION}: pin that version and run `npm install` in lite/")
    return core


def closure(packages: dict, roots: list[str]) -> list[str]:
    """The lock entries ``roots`` need, dependencies included (the lock's keys are canonical names)."""
    seen, todo = [], [canonical(name) for name in roots]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo.extend(canonical(dep) for dep in packages[name]["depends"])
    return sorted(seen)


def download_wheels(requirements: list[str], python: str, into: Path) -> dict[str, Path]:
    """Pure-Python wheels from PyPI, by canonical project name."""
    into.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--python-version", python, "--implementation", "py", "--abi", "none", "--platform", "any",
         "--dest", str(into), *requirements])
    wheels = {}
    for path in into.glob("*.whl"):
        wheels[canonical(path.name.split("-")[0])] = path
    return wheels


def build_ttt_wheel(into: Path) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    # The files' dates in the wheel are the last commit's, so that a rebuild of one commit gives the
    # same wheel, the same sha256 in the lock, and browsers keep their cached copy.
    commit_time = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": commit_time.stdout.strip()} if commit_time.returncode == 0 else None
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(into), str(ROOT)], env=env)
    (wheel,) = into.glob("ttt-*.whl")
    return wheel


def lock_entry(name: str, version: str, **fields) -> dict:
    """A new entry of pyodide-lock.json; ``file_name`` and ``sha256`` are filled in once the wheel is there."""
    return {"name": name, "version": version, "file_name": "", "install_dir": "site", "sha256": "",
            "package_type": "package", "unvendored_tests": False, **fields}


def write_lock(core: Path, static: Path, preload: list[str], wheels_dir: Path) -> dict:
    """Copy the core into ``static`` and rewrite its lock: start-up wheels local, the rest on the CDN."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL

    for path in core.iterdir():
        if path.is_file() and not path.name.endswith((".map", ".d.ts", ".html")) and path.name != "README.md":
            shutil.copy2(path, static / path.name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = lock["packages"]

    pins = locked_versions()
    for name, entry in ADDED.items():
        packages[name] = lock_entry(name, pins[canonical(name)], **entry)
    shipped = Path(sys.prefix, "share", "jupyter", "labextensions", *PRELOAD_KEY.split(":")[0].split("/"),
                   "static", "pypi")
    own = {}
    for name, entry in KERNEL_WHEELS.items():
        (wheel,) = shipped.glob(f"{name.replace('-', '_')}-*-py3-none-any.whl")
        own[name] = wheel
        packages[name] = lock_entry(name, wheel.name.split("-")[1], **entry)
    ttt_wheel = build_ttt_wheel(wheels_dir / "ttt")
    packages["ttt"] = lock_entry("ttt", ttt_wheel.name.split("-")[1], **TTT_ENTRY)

    local = [name for name in closure(packages, preload) if name != "ttt" and name not in own]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    wheels = download_wheels([f"{name}=={packages[name]['version']}" for name in local], python,
                             wheels_dir / "pypi")
    wheels.update({"ttt": ttt_wheel, **own})
    for name in [*local, *own, "ttt"]:
        wheel = wheels[canonical(name)]
        shutil.copy2(wheel, static / wheel.name)
        packages[name].update(file_name=wheel.name, sha256=sha256(wheel))
    for name, entry in packages.items():
        if name not in local and name not in own and name != "ttt":
            entry["file_name"] = f"{PYODIDE_CDN_URL}/{entry['file_name']}"
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


#: the words between these markers in 00's markdown name the version of the course the site holds
VERSION_MARKERS = ("<!-- course-version -->", "<!-- /course-version -->")
VERSION_NOTEBOOK = "00_index.ipynb"


def course_version() -> str:
    """``version 0.1.0, commit 1a2b3c4 of 2026-11-25``; ``with changes not committed`` if the
    checkout differs from its commit, so a site built from a work in progress does not pass for it."""
    sys.path.insert(0, str(ROOT))
    from ttt import __version__
    log = subprocess.run(["git", "log", "-1", "--format=%h %cs"], cwd=ROOT, capture_output=True, text=True)
    if log.returncode != 0 or not log.stdout.strip():
        return f"version {__version__} (not built from a git checkout)"
    commit, date = log.stdout.split()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return f"version {__version__}, commit {commit} of {date}" + (", with changes not committed" if dirty else "")


def stamp_version(notebook: Path, version: str) -> None:
    """Write ``version`` between the markers of the one markdown cell of ``notebook`` that has them."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    start, end = (re.escape(marker) for marker in VERSION_MARKERS)
    pattern = re.compile(f"({start}).*?({end})", re.S)
    marked = [cell for cell in nb["cells"] if cell["cell_type"] == "markdown" and pattern.search("".join(cell["source"]))]
    if len(marked) != 1:
        sys.exit(f"{notebook.name}: {len(marked)} markdown cells hold the markers {VERSION_MARKERS}, not one")
    (cell,) = marked
    text = pattern.sub(lambda m: m[1] + version + m[2], "".join(cell["source"]), count=1)
    cell["source"] = text.splitlines(keepends=True)
    notebook.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# Documents for teachers only: the teaching guide answers graded exercises, so the students' site leaves it out.
TEACHERS_ONLY = ("teaching_guide.md",)
#: where a link to a teachers' document points in the site: the repository's copy, which the README's badges assume
#: at github.com/ttt-course/ttt (a fork changes it there too)
TEACHERS_URL = "https://github.com/ttt-course/ttt/blob/main/notebooks/"


def link_teachers_documents(notebook: Path) -> None:
    """Point the Markdown links of ``notebook`` to a teachers' document (not in the site) at its public copy."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    changed = False
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        linked = source
        for name in TEACHERS_ONLY:
            linked = re.sub(rf'(href="|\]\(){re.escape(name)}(?=[#")])', rf"\g<1>{TEACHERS_URL}{name}", linked)
        if linked != source:
            cell["source"] = linked.splitlines(keepends=True)
            changed = True
    if changed:
        notebook.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def stage_contents(into: Path) -> Path:
    """The notebooks as the site serves them: a copy of ``notebooks/`` whose 00 names the version, without the
    teachers' documents (:data:`TEACHERS_ONLY`), links to which point at their public copy instead."""
    shutil.copytree(ROOT / "notebooks", into,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", *TEACHERS_ONLY))
    stamp_version(into / VERSION_NOTEBOOK, course_version())
    for notebook in sorted(into.glob("*.ipynb")):
        link_teachers_documents(notebook)
    return into


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the site's folder (default _site)")
    args = parser.parse_args(argv)
    output = args.output.resolve()
    started = time.monotonic()

    for stale in (output, STAGE):           # STAGE holds .cache and .jupyterlite.doit.db too
        shutil.rmtree(stale, ignore_errors=True)
    static = STAGE / "static" / "pyodide"
    static.mkdir(parents=True)

    config = json.loads((LITE / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][PRELOAD_KEY]
    preload = settings["loadPyodideOptions"]["packages"]
    write_lock(pyodide_core(), static, preload, STAGE / "wheels")
    shutil.copy2(LITE / "jupyter-lite.json", STAGE / "jupyter-lite.json")

    run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(STAGE),
         "--output-dir", str(output), "--contents", str(stage_contents(STAGE / "course")), "--no-sourcemaps"],
        cwd=STAGE)
    print(f"JupyterLite site in {output} ({time.monotonic() - started:.0f} s); "
          f"serve it with: python -m http.server -d {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
