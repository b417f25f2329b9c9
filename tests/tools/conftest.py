"""A benchmark report shared by the tests of ttt.tools (about ten seconds to make, so made once)."""

import pytest

from ttt.tools.measure import benchmark


@pytest.fixture(scope="session")
def quick_report():
    """What ``python -m ttt bench --quick --json --no-cold`` reports: every quick row run once."""
    return benchmark(repeat=1, quick=True, progress=False, cold=False)
