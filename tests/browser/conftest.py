"""Fixtures for the browser tests (``-m browser``): Chromium, a page, and JupyterLab on 127.0.0.1.

They live here, beside the browser tests, so that only the browser tests load Playwright, and
only when they run: this file does not import it, and where Playwright is not installed the
browser test modules (which do) are left uncollected, with a line in the report header saying
so, so ``pytest -m 'not browser'`` and ``make unit`` collect and run without it.  A browser test module says which notebooks' stored outputs to blank in its copy of
``notebooks/`` with a module-level ``BLANK_OUTPUTS`` tuple; the helpers live in
:mod:`browser_support`.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

HAVE_PLAYWRIGHT = importlib.util.find_spec("playwright") is not None

if not HAVE_PLAYWRIGHT:
    collect_ignore_glob = ["test_*.py"]  # they import Playwright (through browser_support)


def pytest_report_header(config):
    if not HAVE_PLAYWRIGHT:
        return "browser tests: not collected, Playwright is not installed (pip install -r requirements-test.txt)"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    from browser_support import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM} "
                    "(apt-get install chromium, or set TTT_CHROMIUM)", pytrace=False)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def workdir(request, tmp_path):
    """A throwaway copy of the notebooks, with the module's ``BLANK_OUTPUTS`` stripped of outputs."""
    from browser_support import prepare_workdir

    prepare_workdir(tmp_path, blank=getattr(request.module, "BLANK_OUTPUTS", ()))
    return tmp_path


@pytest.fixture
def lab(workdir):
    from browser_support import start_jupyterlab

    server = start_jupyterlab(workdir)
    yield server
    server.stop()


@pytest.fixture
def page(browser):
    from browser_support import PAGE_TIMEOUT

    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: page.console_lines.append(f"pageerror: {error}"))
    yield page
    context.close()
