"""Shared by every test folder: nothing but this file's presence.

``tests/`` has no ``__init__.py``, so pytest (in its default ``prepend`` import mode) puts the
folder of each ``conftest.py`` on ``sys.path``; this one makes :mod:`support` importable from
``tests/view/`` and ``tests/tools/`` too.  It must not import Playwright: the browser fixtures
live in ``tests/browser/conftest.py``, so the unit tests run without the browser tools.
"""
