"""The notebook memory check (tests/kernel_memory.py): its reading, its limit, and a real failing run."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kernel_memory import KernelMemory, read_peak_kb, vmhwm_kb

STATUS = """Name:\tpython
VmPeak:\t  912340 kB
VmSize:\t  812340 kB
VmHWM:\t  614400 kB
VmRSS:\t  204800 kB
"""


def test_vmhwm_is_read_in_kilobytes():
    assert vmhwm_kb(STATUS) == 614400
    assert vmhwm_kb("Name:\tpython\n") is None


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_the_reading_of_a_live_process_is_its_peak():
    peak = read_peak_kb(os.getpid())
    assert peak is not None and peak > 1000  # a Python with pytest loaded is well over 1 MB
    assert read_peak_kb(2**22 + 12345) is None  # no such process: no reading, no error


def test_the_cell_that_crosses_the_limit_fails_once_and_the_summary_names_the_biggest_rise():
    check = KernelMemory(limit_mb=500)
    notebook = "notebooks/09_beyond.ipynb"
    assert check.record(notebook, "Cell 0", 50 * 1024, 150 * 1024) is None
    assert check.record(notebook, "Cell 1", 150 * 1024, 500 * 1024) is None  # at the limit is not over it
    message = check.record(notebook, "Cell 2", 500 * 1024, 1046 * 1024)
    assert message and "1,046 MB" in message and "+546 MB" in message and "limit of 500 MB" in message
    assert check.record(notebook, "Cell 3", 1046 * 1024, 1050 * 1024) is None  # over already: only Cell 2 fails
    assert check.record(notebook, "Cell 4", 1050 * 1024, None) is None  # kernel gone: nothing to say
    check.record("notebooks/00_index.ipynb", "Cell 0", 50 * 1024, 53 * 1024)
    assert check.summary_lines() == [  # in name order, however the notebooks came in (workers finish in any order)
        "notebooks/00_index.ipynb       53 MB  (most added by Cell 0: +3 MB)",
        "notebooks/09_beyond.ipynb   1,050 MB  (most added by Cell 2: +546 MB)  OVER THE LIMIT",
    ]


def test_no_limit_records_but_never_fails():
    check = KernelMemory(limit_mb=0)
    assert check.record("a.ipynb", "Cell 0", None, 10**9) is None
    assert check.peaks["a.ipynb"].kb == 10**9


def notebook(*sources: str) -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                   "outputs": [], "source": source} for i, source in enumerate(sources)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("workers", [  # nested pytest runs of 10-20 s: CI's longer checks (make test-grading)
    pytest.param([], id="serial", marks=pytest.mark.long),
    pytest.param(["-n", "2", "--dist", "loadfile"], id="xdist", marks=pytest.mark.long)])
def test_a_notebook_over_the_limit_fails_under_nbval(tmp_path, workers):
    # Under pytest-xdist (as make test runs) the worker's peaks reach the controller's summary.
    if workers:
        pytest.importorskip("xdist")
    # nbval with a 150 MB limit on a notebook whose second cell allocates 200 MB: that cell fails.
    (tmp_path / "big.ipynb").write_text(json.dumps(notebook(
        "1 + 1",
        "import numpy as np\nblock = np.ones(200 * 2**20 // 8)  # 200 MB, every page touched",
        "del block")))
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    # A folder with its own conftest.py, as make test runs tests/ beside notebooks/: pytest then
    # hooks the notebook's cells through a subset of its plugins, which must be hashable.
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "conftest.py").write_text("def pytest_runtest_setup(item):\n    pass\n")
    (tmp_path / "other" / "test_other.py").write_text("def test_other():\n    pass\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent)}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "kernel_memory", "-p", "no:cacheprovider", *workers,
         "--nbval-lax", "--nbval-current-env", "--kernel-memory-limit=150", "other", "big.ipynb"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    assert "1 failed, 3 passed" in out, out
    assert "FAILED big.ipynb::Cell 1" in out
    assert "over the limit of 150 MB" in out
    summary = out.split("peak kernel memory per notebook (VmHWM, limit 150 MB)")[1]
    assert "big.ipynb" in summary and "(most added by Cell 1: +2" in summary and "OVER THE LIMIT" in summary
