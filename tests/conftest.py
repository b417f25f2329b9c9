"""Shared by every test folder: nothing but this file's presence.

``tests/`` has no ``__init__.py``, so pytest (in its default ``prepend`` import mode) puts the
folder of each ``conftest.py`` on ``sys.path``; this one makes :mod:`support` importable from
``tests/view/`` and ``tests/tools/`` too.  It must not import Playwright: the browser fixtures
live in ``tests/browser/conftest.py``, so the unit tests run without the browser tools.

Under pytest-xdist (``make test`` runs ``-n auto --dist loadgroup``) it also keeps together what
must not be split: see :func:`pytest_collection_modifyitems`.
"""

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Give pytest-xdist's ``loadgroup`` the groups that must each stay in one worker.

    A notebook's cells run in order in one kernel (nbval), so each notebook is one group; the
    browser tests each start servers and Chromium, so they form one group and run one after
    another rather than side by side with each other.  Every other test is scheduled on its own.
    """
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(item.path.name))
        elif item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))
