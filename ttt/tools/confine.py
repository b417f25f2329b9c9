"""Inside a submission's sandbox: hard limits and a watch on what the submission touches, then its kernel.

:mod:`ttt.tools.sandbox` starts every autograded kernel as::

    bwrap ... python -m ttt.tools.confine --log FLAGS --folder DIR --watch ROOT ... -- -m ipykernel_launcher -f CONN

bubblewrap already keeps the submission away from everything it must not see
(the system is read-only, the course is hidden, there is no network).  This
module adds, before the first line of the submission runs and so beyond its
reach:

* hard resource limits (soft = hard, so the kernel cannot raise them): CPU
  seconds, data memory, the size of any one file, the number of processes, no
  core files;
* an audit hook (:func:`sys.addaudithook`, which cannot be removed) that refuses
  to start a process and records, for the teacher's review, every attempt to
  touch a path outside the submission's folder under a watched root (the course
  and its copy), to write outside the folder and the private ``/tmp``, to open a
  network connection or to start a process.  Each kind of attempt is written once
  to FLAGS, a file outside the folder, as one JSON line.

Only the standard library is imported: this runs before the kernel.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import runpy
import socket
import sys

__all__ = ["FLAG_KINDS", "Watch", "main"]

# The kinds of flag, as the class report shows them.
FLAG_KINDS = {
    "outside": "touched files outside its folder",
    "write": "wrote outside its folder",
    "network": "opened a network connection",
    "process": "started a process",
}
_PROCESS_EVENTS = {"os.fork", "os.forkpty", "os.system", "os.posix_spawn", "os.spawn", "os.exec", "subprocess.Popen",
                   "pty.spawn"}
_PATH_EVENTS = {"open", "os.remove", "os.rmdir", "os.rename", "os.mkdir", "os.chmod", "os.chown", "os.link",
                "os.symlink", "os.truncate", "os.utime", "os.listdir", "os.scandir", "shutil.rmtree", "shutil.copyfile",
                "shutil.move", "os.chdir"}
_CHANGING = {"os.remove", "os.rmdir", "os.rename", "os.mkdir", "os.chmod", "os.chown", "os.link", "os.symlink",
             "os.truncate", "os.utime", "shutil.rmtree", "shutil.move"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class StartingAProcessIsRefused(PermissionError):
    """Raised by the audit hook: a graded submission may not start processes (a fork bomb stops at the first)."""


class Watch:
    """The audit hook: what a submission touched outside its folder, each kind written once to the flags file."""

    def __init__(self, log_fd: int, folder: str, watched: list[str], writable: list[str], allowed: list[str]):
        self.log_fd = log_fd
        self.folder = os.path.normpath(folder)
        self.allowed = [self.folder] + [os.path.normpath(root) for root in allowed]
        self.armed = False
        self.watched = [os.path.normpath(root) for root in watched]
        self.writable = [self.folder] + [os.path.normpath(root) for root in writable]
        self.seen: set[str] = set()

    @staticmethod
    def _under(path: str, roots: list[str]) -> bool:
        return any(path == root or path.startswith(root + os.sep) for root in roots)

    def _flag(self, kind: str, detail: str) -> None:
        if kind in self.seen:
            return
        self.seen.add(kind)
        line = json.dumps({"kind": kind, "what": FLAG_KINDS[kind], "detail": detail[:300]}) + "\n"
        try:
            os.write(self.log_fd, line.encode())
        except OSError:
            pass

    def _path(self, value) -> str | None:
        if isinstance(value, int) or value is None:
            return None
        try:
            text = os.fsdecode(value)
        except TypeError:
            return None
        return os.path.normpath(os.path.join(os.getcwd(), text))

    def __call__(self, event: str, args: tuple) -> None:
        if not self.armed:
            # The kernel's own start-up (reading its connection file, asking `uname`) is not the submission's:
            # the watch starts with the first code the kernel executes.
            self.armed = event == "exec"
            return
        if event in _PROCESS_EVENTS or event.startswith("os.exec"):
            if not _from_a_cell():
                return
            self._flag("process", f"{event}{args[:2]!r}")
            raise StartingAProcessIsRefused("a graded submission may not start processes")
        if event == "socket.connect":
            family = getattr(args[0], "family", None)
            if family in (socket.AF_INET, socket.AF_INET6) and _from_a_cell():
                self._flag("network", repr(args[1]))
            return
        if event not in _PATH_EVENTS or not args:
            return
        path = self._path(args[0])
        if path is None or self._under(path, self.allowed):
            return
        if self._under(path, self.watched):
            if _from_a_cell():
                self._flag("outside", f"{event} {path}")
        elif self._writes(event, args) and not self._under(path, self.writable) and _from_a_cell():
            self._flag("write", f"{event} {path}")

    @staticmethod
    def _writes(event: str, args: tuple) -> bool:
        if event in _CHANGING:
            return True
        if event != "open" or len(args) < 3:
            return False
        mode, flags = args[1], args[2]
        if isinstance(mode, str) and any(c in mode for c in "wax+"):
            return True
        return isinstance(flags, int) and bool(flags & _WRITE_FLAGS)


def _from_a_cell() -> bool:
    """Whether the code that raised the event was called from a notebook cell (IPython names a cell's code
    ``<ipython-input-...>`` or ``.../ipykernel_PID/HASH.py``), not by the kernel's own machinery."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith("<ipython-input") or os.path.basename(os.path.dirname(name)).startswith("ipykernel_"):
            return True
        frame = frame.f_back
    return False


def _limit(kind: int, value: int) -> None:
    _, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(kind, (value, value))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ttt.tools.confine", description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True, help="the flags file (outside the folder)")
    parser.add_argument("--folder", required=True, help="the submission's folder (its working directory)")
    parser.add_argument("--watch", action="append", default=[], help="a root whose files are not the submission's")
    parser.add_argument("--writable", action="append", default=[], help="another place it may write (/tmp)")
    parser.add_argument("--allow", action="append", default=[], help="a place of the kernel's own (its connection)")
    parser.add_argument("--cpu", type=int, required=True, help="CPU seconds of the kernel")
    parser.add_argument("--memory-mb", type=int, required=True, help="data memory in MB")
    parser.add_argument("--file-mb", type=int, required=True, help="largest file it may write, in MB")
    parser.add_argument("--processes", type=int, required=True, help="processes (where the kernel enforces it)")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="-- -m MODULE ARGS...")
    return parser


def main(argv: list[str] | None = None) -> None:
    """Set the limits, install the watch, then run ``-m MODULE ARGS`` in this same process."""
    args = _parser().parse_args(argv)
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest
    if len(rest) < 2 or rest[0] != "-m":
        raise SystemExit("confine: expected -- -m MODULE ARGS")
    _limit(resource.RLIMIT_CPU, args.cpu)
    _limit(resource.RLIMIT_DATA, args.memory_mb * 1024 * 1024)
    _limit(resource.RLIMIT_FSIZE, args.file_mb * 1024 * 1024)
    _limit(resource.RLIMIT_NPROC, args.processes)
    _limit(resource.RLIMIT_CORE, 0)
    log_fd = os.open(args.log, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
    sys.addaudithook(Watch(log_fd, args.folder, args.watch, args.writable, args.allow))
    sys.argv = [rest[1], *rest[2:]]
    runpy.run_module(rest[1], run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
