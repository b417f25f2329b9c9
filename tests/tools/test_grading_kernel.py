"""The memory limit of an autograded kernel: an allocation past it fails with MemoryError, and the process lives on."""

from __future__ import annotations

import pytest
from support import run_python

from ttt.tools.grading_kernel import limit_memory, memory_limit_mb


def test_an_allocation_past_the_limit_fails_and_the_process_goes_on():
    out = run_python(
        "from ttt.tools.grading_kernel import limit_memory, memory_limit_mb\n"
        "limit_memory(256)\n"
        "print(memory_limit_mb())\n"
        "try:\n"
        "    hog = bytearray(400 * 1024 * 1024)\n"
        "except MemoryError:\n"
        "    print('MemoryError')\n"
        "small = bytearray(10 * 1024 * 1024)\n"
        "print('still running', len(small))\n"
    )
    assert out.splitlines() == ["256", "MemoryError", "still running 10485760"]


def test_the_limit_cannot_be_raised_again_by_an_ordinary_user():
    out = run_python(
        "import os, resource\n"
        "from ttt.tools.grading_kernel import limit_memory\n"
        "limit_memory(512)\n"
        "if os.geteuid() == 0:\n"
        "    print('root')  # root may raise a hard limit: the guide says to grade as an ordinary user\n"
        "else:\n"
        "    try:\n"
        "        resource.setrlimit(resource.RLIMIT_DATA, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))\n"
        "        print('raised')\n"
        "    except (ValueError, OSError):\n"
        "        print('refused')\n"
    )
    assert out.strip() in ("root", "refused")


def test_this_process_has_no_limit_until_one_is_set():
    assert memory_limit_mb() is None or memory_limit_mb() > 0


@pytest.mark.parametrize("value", [0, 10, -5, 1.5, "512", True])
def test_a_nonsense_limit_is_refused(value):
    with pytest.raises(ValueError, match="the memory limit must be a whole number of MB"):
        limit_memory(value)
