"""A pytest plugin: no notebook's kernel may go over a peak resident memory limit (500 MB).

mybinder gives a visitor 1 GB and restarts kernels that use more than 2 GB, so every notebook
has to fit well inside that.  nbval runs each notebook in a fresh kernel, one pytest item per
code cell; after each cell this plugin reads the kernel's peak resident memory (``VmHWM`` in
``/proc/<pid>/status``, the high-water mark of its resident set) while the kernel is still
running (and before it, to see what the cell added).  The cell that takes the kernel over the
limit fails, naming the peak; at the end of the session a short table gives each notebook's peak
and the cell that added the most to it.

It is loaded for every pytest run by ``-p kernel_memory`` in ``pyproject.toml`` (``pythonpath``
puts ``tests/`` on ``sys.path``), does nothing to items that are not nbval's notebook cells,
and does nothing where ``/proc`` is missing (not Linux).  ``--kernel-memory-limit=MB`` changes
the limit (0 turns the check off).  MB here means MiB (1,048,576 bytes), as ``free -m`` counts.

Under pytest-xdist (``make test`` runs ``-n auto``) each worker measures the notebooks it ran and
hands its peaks to the controller when it finishes (``workeroutput``), so the table at the end
still lists every notebook, in name order.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

import pytest

DEFAULT_LIMIT_MB = 500


def pytest_addoption(parser):
    parser.addoption(
        "--kernel-memory-limit", type=float, default=DEFAULT_LIMIT_MB, metavar="MB",
        help=f"fail a notebook cell that takes its kernel's peak resident memory (VmHWM) "
             f"over MB mebibytes (default {DEFAULT_LIMIT_MB}; 0: no check)",
    )


def pytest_configure(config):
    config.pluginmanager.register(KernelMemory(config.getoption("kernel_memory_limit")), "ttt-kernel-memory")


def vmhwm_kb(status_text: str) -> int | None:
    """The ``VmHWM`` line of a ``/proc/<pid>/status`` text, in kB; None if there is none."""
    for line in status_text.splitlines():
        if line.startswith("VmHWM:"):
            value, unit = line.split()[1:3]
            if unit != "kB":
                raise ValueError(f"unexpected unit in {line!r}")
            return int(value)
    return None


def read_peak_kb(pid: int) -> int | None:
    """The peak resident memory of a running process in kB, or None if it cannot be read."""
    try:
        return vmhwm_kb(Path(f"/proc/{pid}/status").read_text())
    except OSError:  # no /proc (not Linux), or the process is gone
        return None


def kernel_pid(item) -> int | None:
    """The process id of the kernel nbval runs ``item`` (a notebook cell) in; None for other items."""
    kernel = getattr(getattr(item, "parent", None), "kernel", None)
    manager = getattr(kernel, "km", None)
    provisioner = getattr(manager, "provisioner", None)
    pid = getattr(provisioner, "pid", None)
    if pid is None:
        pid = getattr(getattr(provisioner, "process", None), "pid", None)
    return pid


def megabytes(kb: int) -> float:
    return kb / 1024


@dataclass
class Peak:
    """One notebook's kernel: its highest ``VmHWM``, and the cell that raised it the most."""

    kb: int = 0
    cell: str = ""
    rise_kb: int = 0
    over: bool = False


@dataclass(eq=False)  # pytest keeps plugins in sets: hashed by identity
class KernelMemory:
    """Keeps each notebook's peak; says which cell first took it over ``limit_mb`` (0: never)."""

    limit_mb: float
    peaks: dict[str, Peak] = field(default_factory=dict)

    def record(self, notebook: str, cell: str, before_kb: int | None, after_kb: int | None) -> str | None:
        """Note the readings taken around ``cell``; the failure message if this cell crossed the limit."""
        if after_kb is None:
            return None
        peak = self.peaks.setdefault(notebook, Peak())
        peak.kb = max(peak.kb, after_kb)
        rise = after_kb - (before_kb if before_kb is not None else after_kb)
        if rise > peak.rise_kb or not peak.cell:
            peak.cell, peak.rise_kb = cell, rise
        if self.limit_mb and not peak.over and megabytes(after_kb) > self.limit_mb:
            peak.over = True
            return (f"the kernel's peak resident memory reached {megabytes(after_kb):,.0f} MB in this cell "
                    f"(+{megabytes(rise):,.0f} MB), over the limit of {self.limit_mb:,.0f} MB "
                    f"(VmHWM of the kernel process; mybinder gives a visitor 1 GB in all)")
        return None

    def summary_lines(self) -> list[str]:
        width = max((len(name) for name in self.peaks), default=0)
        lines = []
        for name, peak in sorted(self.peaks.items()):
            flag = "  OVER THE LIMIT" if peak.over else ""
            lines.append(f"{name:{width}}  {megabytes(peak.kb):6,.0f} MB  "
                         f"(most added by {peak.cell}: +{megabytes(peak.rise_kb):,.0f} MB){flag}")
        return lines

    # ---------------------------------------------------------------- pytest hooks

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        pid = kernel_pid(item)
        if pid is None:
            return (yield)
        notebook = item.nodeid.split("::")[0] or str(item.path)  # a notebook outside the rootdir has no id
        before = read_peak_kb(pid)
        try:
            result = yield
        except BaseException:
            self.record(notebook, item.name, before, read_peak_kb(pid))  # the cell fails already
            raise
        message = self.record(notebook, item.name, before, read_peak_kb(pid))
        if message:
            raise _cell_error(item, message)
        return result

    def pytest_sessionfinish(self, session):
        workeroutput = getattr(session.config, "workeroutput", None)  # set in a pytest-xdist worker
        if workeroutput is not None:
            workeroutput["kernel_memory"] = {name: asdict(peak) for name, peak in self.peaks.items()}

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        """pytest-xdist's controller: a worker is done; take over the peaks it measured."""
        for name, peak in getattr(node, "workeroutput", {}).get("kernel_memory", {}).items():
            self.peaks[name] = Peak(**peak)

    def pytest_terminal_summary(self, terminalreporter):
        if not self.peaks:
            return
        limit = f"limit {self.limit_mb:,.0f} MB" if self.limit_mb else "no limit"
        terminalreporter.write_sep("-", f"peak kernel memory per notebook (VmHWM, {limit})")
        for line in self.summary_lines():
            terminalreporter.write_line(line)


def _cell_error(item, message: str) -> Exception:
    """nbval's own cell error (so the report shows the cell's source), or a plain one without nbval."""
    try:
        from nbval.plugin import NbCellError
    except ImportError:  # pragma: no cover - nbval ran the item, so it is there
        return AssertionError(message)
    return NbCellError(getattr(item, "cell_num", 0), message, getattr(getattr(item, "cell", None), "source", ""))
