"""Shared by every test folder: :mod:`support` on the path, and the units of work of a parallel run.

``tests/`` has no ``__init__.py``, so pytest (in its default ``prepend`` import mode) puts the
folder of each ``conftest.py`` on ``sys.path``; this one makes :mod:`support` importable from
``tests/view/`` and ``tests/tools/`` too.  It must not import Playwright: the browser fixtures
live in ``tests/browser/conftest.py``, so the unit tests run without the browser tools.

Under pytest-xdist (``make test`` runs ``-n auto --dist loadgroup``) it also keeps together what
must not be split: see :func:`work_unit`.
"""

import pytest


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under ``--dist loadgroup``, schedule by :func:`work_unit` (pytest-xdist's own hook for this).

    pytest-xdist's ``loadgroup`` reads ``xdist_group`` marks by renaming the tests' ids, which
    pytest 9.2's structured node ids no longer allow; a scheduler that names the units itself
    does not depend on that.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return Scheduling(config, log)


def work_unit(nodeid: str) -> str:
    """The unit of work that a test with this id belongs to: what one pytest-xdist worker runs whole.

    A notebook's cells run in order in one kernel (nbval), so a notebook is one unit; the browser
    tests each start servers and Chromium, so together they are one unit, run one after another
    rather than side by side; every other test is a unit of its own.
    """
    path = nodeid.split("::", 1)[0]
    if path.startswith("notebooks/"):
        return path.removesuffix(".ipynb")
    if path.startswith("tests/browser/"):
        return "tests/browser"
    return nodeid
