"""The memory limit of an autograded kernel, set before the submission's first cell runs.

``nbgrader_config.py`` (written by :mod:`ttt.tools.assignments`) starts every
autograding kernel with ``--IPKernelApp.exec_lines=... limit_memory(MB)``: the
kernel runs that line at start-up, before any cell of the notebook, so a
submission cannot skip it.  Past the limit an allocation fails with
``MemoryError`` in the cell that made it; the kernel survives and the next cells
(the other exercises) are graded as usual.

The limit is on data memory (``RLIMIT_DATA``: the heap and private writable
mappings, which is where a list, a dict or a NumPy array grows), not on address
space, which counts every thread's reserved arenas and would fail a healthy
kernel.  Soft and hard limits are both set, so an unprivileged kernel cannot
raise them again; a kernel running as root can (see the teaching guide: run
autograding as an ordinary user).
"""

from __future__ import annotations

import resource

__all__ = ["limit_memory", "memory_limit_mb"]


def limit_memory(megabytes: int) -> None:
    """Cap this process's data memory at ``megabytes`` MB (soft and hard), never above an existing hard cap."""
    if isinstance(megabytes, bool) or not isinstance(megabytes, int) or megabytes < 64:
        raise ValueError(f"the memory limit must be a whole number of MB, at least 64, not {megabytes!r}")
    wanted = megabytes * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (wanted, wanted))


def memory_limit_mb() -> int | None:
    """The data-memory limit of this process in MB, or None when there is none."""
    soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
    return None if soft == resource.RLIM_INFINITY else soft // (1024 * 1024)
