"""Shared by every test folder: :mod:`support` on the path, and the units of work of a parallel run.

``tests/`` has no ``__init__.py``, so pytest (in its default ``prepend`` import mode) puts the
folder of each ``conftest.py`` on ``sys.path``; this one makes :mod:`support` importable from
``tests/view/`` and ``tests/tools/`` too.  It must not import Playwright: the browser fixtures
live in ``tests/browser/conftest.py``, so the unit tests run without the browser tools.

Under pytest-xdist (``make test`` runs ``-n auto --dist loadgroup``) it also keeps together what
must not be split (:func:`work_unit`), and hands out the longest units of work first
(:func:`pytest_collection_modifyitems`), so that both workers finish at about the same time.
"""

import os

import pytest


def _dist(config) -> str | None:
    """pytest-xdist's ``--dist`` mode, or None where pytest-xdist is not installed (plain ``pytest`` runs everything)."""
    return getattr(config.option, "dist", None)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under ``--dist loadgroup``, schedule by :func:`work_unit` (pytest-xdist's own hook for this).

    pytest-xdist's ``loadgroup`` reads ``xdist_group`` marks by renaming the tests' ids, which
    pytest 9.2's structured node ids no longer allow; a scheduler that names the units itself
    does not depend on that.
    """
    if _dist(config) != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    # Keep the order of pytest_collection_modifyitems below: by default the scheduler would sort the
    # units by their number of tests, which hands out a one-test unit of a minute and a half last.
    config.option.loadscopereorder = False

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return Scheduling(config, log)


# Test modules whose tests share a costly fixture, grouped so that one worker makes it once: the quick
# benchmark report (tests/tools/conftest.py), the 4×4 tablebase and the JupyterLite checks' kernel.
SHARED_FIXTURES = {
    "tests/tools/test_measure.py": "quick_report",
    "tests/tools/test_report.py": "quick_report",
    "tests/test_retrograde.py": "table_4x4",
    # One JupyterLite page of 00 with its kernel running (about 40 s to start), and the verdicts its tests
    # gather for the last one, which asserts how many needed no CDN: one worker runs the module in order.
    "tests/browser/test_lite_checks.py": "tests/browser/test_lite_checks.py",
}


def work_unit(nodeid: str) -> str:
    """The unit of work that a test with this id belongs to: what one pytest-xdist worker runs whole.

    A notebook's cells run in order in one kernel (nbval), so a notebook is one unit; the tests of a
    class share its costly fixture (a graded course), so a class is one unit, and so are the modules
    of :data:`SHARED_FIXTURES`, which makes each such fixture once; every other test is a unit of its
    own.  The browser tests run on their own (``make browser``, ``make browser-lite``), two at a time:
    a module's server fixture then starts once in each worker.
    """
    path, _, rest = nodeid.partition("::")
    if path.startswith("notebooks/"):
        return path.removesuffix(".ipynb")
    if path in SHARED_FIXTURES:
        return SHARED_FIXTURES[path]
    name = rest.split("::", 1)[0]
    if "::" in rest and name[:1].isupper():
        return f"{path}::{name}"
    return nodeid


def pytest_collection_modifyitems(config, items):
    """Under ``--dist loadgroup``, the longest units of work first, so that no long one starts last.

    First the units with a test marked ``slow(seconds)`` (a class's mark counts once), longest
    first; then the browser tests and the notebooks, the next longest; then everything else in
    the order collected.  The sort is
    stable and depends only on the ids and marks, so every worker collects the same order.
    """
    if _dist(config) != "loadgroup":
        return
    seconds: dict[str, float] = {}
    for item in items:
        mark = item.get_closest_marker("slow")
        if mark is not None:
            unit = work_unit(item.nodeid)
            seconds[unit] = max(seconds.get(unit, 0), mark.args[0])

    def start(item) -> tuple:
        unit = work_unit(item.nodeid)
        if unit in seconds:
            return (0, -seconds[unit])
        if unit.startswith(("tests/browser/", "notebooks/")):
            return (1, 0)
        return (2, 0)

    items.sort(key=start)


# Environment variables that switch the package's behaviour: graded mode (ttt.exercises.core) and the
# sandbox's settings (ttt.tools.sandbox). A test that leaves one changed would change the verdicts of
# every later test on the same worker, so each test must leave them as it found them.
SWITCHES = ("TTT_GRADED", "TTT_SANDBOX")


@pytest.fixture(autouse=True)
def switches_left_as_found():
    """Fail the test that leaves graded mode (or the sandbox's settings) changed, and put them back."""
    before = {name: os.environ.get(name) for name in SWITCHES}
    yield
    changed = [name for name in SWITCHES if os.environ.get(name) != before[name]]
    for name in changed:
        if before[name] is None:
            del os.environ[name]
        else:
            os.environ[name] = before[name]
    assert not changed, f"the test left {', '.join(changed)} changed (use monkeypatch.setenv)"
