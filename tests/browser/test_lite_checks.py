"""The exercise checks in the JupyterLite kernel, where no timer signal exists: the budget traces there.

Pyodide has no ``signal.setitimer``, so the budget (:mod:`ttt.exercises.calls`) watches the
learner's code with ``sys.monitoring`` instead of a CPU timer.  In the browser's own Python:

* every worked solution whose check needs no package from the CDN (numpy, matplotlib, pandas:
  this machine cannot reach it), compiled again outside the package as a learner's cell defines
  it, is accepted;
* an endless loop is stopped and named ("never finished", id ``endless-loop``);
* the guard's overhead on 00's and 02's worked solutions is printed (measured, not asserted):
  ``python -m pytest tests/browser/test_lite_checks.py -q -s``.

Run by ``make browser-lite`` (which builds the site first), like ``test_lite.py``.
"""

from __future__ import annotations

import json
import re

import pytest

from lite_support import SiteServer, built_site, open_lite, run_code
from ttt.exercises.core import notebooks

pytestmark = pytest.mark.browser

# Runs in the Pyodide kernel.  For each exercise with a check: the worked answer's functions are
# compiled again with a learner's file name (so the budget counts them as the learner's, as it would
# a cell's), judged once with the guard and once with Budget.run calling straight through.
AS_LEARNERS = r'''
import inspect, json, textwrap, time
from ttt.exercises import calls, exercises

def as_learners(value, module):
    if isinstance(value, (tuple, list)):
        parts = [as_learners(part, module) for part in value]
        return type(value)(*parts) if hasattr(value, "_fields") else type(value)(parts)
    if not callable(value) or not inspect.isfunction(value) or value.__name__ == "<lambda>":
        return value
    namespace = dict(vars(module))
    exec(compile(textwrap.dedent(inspect.getsource(value)), "<a learner's cell>", "exec"), namespace)
    return namespace[value.__name__]

def judged(item, answer):
    start = time.perf_counter()
    verdict = item.judge(answer)
    return verdict, time.perf_counter() - start

results = []
for notebook in [NOTEBOOK]:
    try:
        items = exercises(notebook)
    except ModuleNotFoundError as error:
        results.append(dict(key=notebook, status="needs " + error.name))
        continue
    for item in items:
        if item.checker is None or item.answer is None:
            continue
        try:
            module = __import__(f"ttt.exercises.nb{item.notebook}", fromlist=["EXERCISES"])
            answer = as_learners(item.answer(), module)
            verdict, guarded = judged(item, answer)
        except ModuleNotFoundError as error:
            results.append(dict(key=item.key, status="needs " + error.name))
            continue
        row = dict(key=item.key, status=verdict.status, mistake=verdict.mistake, text=verdict.text[:300],
                   seconds=round(guarded, 3))
        if "ModuleNotFoundError" in verdict.text and "numpy" in verdict.text:
            row["status"] = "needs numpy"
        if item.notebook in ("00", "02") and verdict.ok:
            plain, calls.Budget.run = calls.Budget.run, lambda self, f, *a, **k: f(*a, **k)
            try:
                judged(item, answer)                       # the cases are made: time the calls alone
                row["unguarded"] = round(judged(item, answer)[1], 3)
            finally:
                calls.Budget.run = plain
            row["guarded"] = round(judged(item, answer)[1], 3)
        results.append(row)
print("RESULTS " + json.dumps(results))
'''

ENDLESS = r'''
import time
from ttt.exercises import exercise
from ttt.exercises.calls import timer_available
exec(compile("def forcing_moves(board):\n    while True:\n        pass\n", "<a learner's cell>", "exec"))
exercise("00", 3).judge(lambda board: [])      # the module loaded and its first case made, as after a first try
start = time.process_time()
verdict = exercise("00", 3).judge(forcing_moves)
print("ENDLESS", timer_available(), verdict.mistake, round(time.process_time() - start, 2), verdict.text[:60])
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.mktemp("lite"))


@pytest.fixture(scope="module")
def kernel(browser, site):
    """One page of 00 with its kernel running, for every test here."""
    server = SiteServer(site, blank=("00_index.ipynb",))
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    open_lite(page, server, "00_index.ipynb")
    yield page
    context.close()
    server.stop()


def printed(cell, tag: str) -> str:
    text = cell.locator(".jp-OutputArea").inner_text()
    found = re.search(rf"^{tag} (.*)$", text, re.M)
    assert found, text
    return found[1]


def test_an_endless_loop_is_stopped_and_named_without_a_timer(kernel):
    line = printed(run_code(kernel, ENDLESS), "ENDLESS")
    timer, mistake, seconds, words = line.split(" ", 3)
    assert timer == "False" and mistake == "endless-loop", line     # the traced budget, not the timer
    assert float(seconds) < 4 * 2.5 + 1, line    # the browser's budget (BROWSER_FACTOR: wall time, not CPU)
    assert words.startswith("forcing_moves never finished"), line


ACCEPTED: list = []


@pytest.mark.parametrize("notebook", notebooks())
def test_every_worked_solution_as_a_learners_code_is_accepted(kernel, capsys, notebook):
    results = json.loads(printed(run_code(kernel, AS_LEARNERS.replace("NOTEBOOK", repr(notebook))), "RESULTS"))
    checked = [row for row in results if not row["status"].startswith("needs ")]
    refused = [row for row in checked if row["status"] != "right"]
    assert refused == [], refused
    ACCEPTED.extend(checked)
    with capsys.disabled():
        print(f"\n[lite checks] {notebook}: accepted {[row['key'] for row in checked]}, left to the CDN: "
              f"{[row['key'] for row in results if row['status'].startswith('needs ')]}")
        for row in results:
            if "unguarded" in row:
                print(f"[lite overhead] {row['key']}: check {row['seconds']:.2f} s first; calls guarded "
                      f"{row['guarded']:.3f} s, unguarded {row['unguarded']:.3f} s "
                      f"({row['guarded'] / max(row['unguarded'], 1e-3):.1f}x)")


def test_the_checks_that_need_no_cdn_are_most_of_them(capsys):
    # runs after the notebooks' tests above (pytest keeps the order written): they were not all left to the CDN
    assert len(ACCEPTED) >= 20, [row["key"] for row in ACCEPTED]
    with capsys.disabled():
        slowest = sorted(ACCEPTED, key=lambda row: -row["seconds"])[:5]
        print("\n[lite slowest]", ", ".join(f"{row['key']} {row['seconds']:.2f} s" for row in slowest))
