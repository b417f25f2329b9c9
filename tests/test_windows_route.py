"""The route without ``make`` that the README gives for Windows, run on this machine.

The README's three commands are ``py -m venv .venv``, ``.venv\\Scripts\\python -m pip install -r
requirements.txt -c requirements.lock`` and ``.venv\\Scripts\\jupyter lab notebooks/00_index.ipynb``.
Here they run with the same arguments in a throwaway venv (``bin/`` instead of ``Scripts\\``, this
Python instead of ``py``, which is the lock's Python in CI), with nothing from ``make``: then
JupyterLab must answer ``--version`` and the venv must import ``ttt`` and solve the empty board.
pip installs from PyPI through its cache, so a second run needs little network.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ttt.exercises.core import notebooks

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_the_readme_gives_the_three_commands():
    assert "py -m venv .venv" in README
    assert r".venv\Scripts\python -m pip install -r requirements.txt -c requirements.lock" in README
    assert r".venv\Scripts\jupyter lab notebooks/00_index.ipynb" in README


@pytest.mark.slow(95)
def test_the_three_steps_work_without_make(tmp_path):
    venv = tmp_path / ".venv"
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(venv)], check=True)
    scripts = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = scripts / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", "requirements.txt", "-c", "requirements.lock"], cwd=ROOT, check=True)
    version = subprocess.run([str(scripts / "jupyter"), "lab", "--version"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
    pins = dict(re.findall(r"^([\w.-]+)==(\S+)", (ROOT / "requirements.lock").read_text(), re.M))
    assert version == pins["jupyterlab"]
    solved = subprocess.run([str(python), "-c", "import ttt; print(ttt.solve(ttt.Board.empty()).value)"],
                            cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()
    assert solved == "0"     # a draw, from the ttt this venv installed (cwd is not the checkout)


@pytest.mark.slow(60)
def test_every_worked_solution_of_notebook_09_runs_from_the_wheel(tmp_path):
    """``--verify`` from an installed wheel, away from the checkout: nb09's solutions need no ``notebooks/data``."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "ttt", source / "ttt", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(wheels), str(source)], check=True)
    (wheel,) = wheels.glob("ttt-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())       # the exercises' words ship beside their checks
    assert {f"ttt/exercises/nb{notebook}.md" for notebook in notebooks()} <= names
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
                    "--target", str(target), str(wheel)], check=True)
    shutil.rmtree(source)
    run = subprocess.run([sys.executable, "-c", "import ttt; print(ttt.__file__)"], cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(target)}, capture_output=True, text=True, check=True)
    assert Path(run.stdout.strip()).is_relative_to(target)    # the wheel's ttt, not the checkout's
    assert not (target / "notebooks").exists()
    verify = subprocess.run([sys.executable, "-m", "ttt", "exercises", "--verify", "--notebook", "09"], cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(target)}, capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "worked solutions pass their own checks" in verify.stdout
