"""A sealed kernel per submission: bubblewrap around the kernel that runs a student's notebook.

nbgrader runs outside (it is the teacher's program, and it needs ``source/`` and
the gradebook); only the kernel, the process that runs the student's code, is
sealed.  ``python -m ttt autograde`` (:mod:`ttt.tools.autograde`) makes nbgrader
start kernels with :class:`SandboxedKernelManager`, which starts each one as::

    bwrap --ro-bind / / ... --unshare-all --die-with-parent
          python -m ttt.tools.confine ... -- -m ipykernel_launcher -f CONNECTION

Inside, the kernel sees:

* the system read-only (Python, the ``ttt`` package, the libraries);
* its own folder (the kernel's working directory, where nbgrader puts the
  submission) as an empty private tmpfs of at most ``disk_mb``, and a private
  ``/tmp`` of the same size: all it may write, gone when it ends;
* neither the course (``source/``, the gradebook, other students' work: hidden
  under an empty tmpfs) nor the temporary copy nbgrader works in;
* no network (its own network namespace: no interface but a loopback), its own
  process namespace;
* the folder of its connection file, where the kernel talks to nbgrader through
  Unix sockets (ZeroMQ's ``ipc`` transport: TCP would need the network), and the
  flags file of :mod:`ttt.tools.confine`, which sets the limits (CPU time, memory,
  file size, processes) and records what the submission tried to touch.

The settings come from the environment variable ``TTT_SANDBOX`` (JSON), which
:mod:`ttt.tools.autograde` sets for each student: which folders to hide and
watch, where to put the connection files, the limits.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path


__all__ = ["INSTALL_HINT", "SandboxError", "Limits", "SandboxSettings", "bwrap", "bwrap_command",
           "SandboxedKernelManager", "ENVIRONMENT_VARIABLE", "FLAGS_FILE"]

ENVIRONMENT_VARIABLE = "TTT_SANDBOX"
FLAGS_FILE = "flags.jsonl"
INSTALL_HINT = ("bubblewrap (bwrap) is not installed, and autograding runs every submission in its sandbox: install it"
                " with `sudo apt-get install bubblewrap` (or pass --no-sandbox to grade without one)")


class SandboxError(ValueError):
    """The sandbox cannot be set up (no bubblewrap, no settings)."""


@dataclass(frozen=True)
class Limits:
    """What one submission's kernel may use."""

    memory_mb: int = 2048      # data memory (RLIMIT_DATA)
    cpu_seconds: int = 1200    # CPU time of the whole kernel (RLIMIT_CPU): past it the kernel is killed
    processes: int = 64        # RLIMIT_NPROC (not enforced for root; the audit hook refuses new processes anyway)
    disk_mb: int = 256         # each writable tmpfs (its folder, /tmp)
    file_mb: int = 64          # the largest file (RLIMIT_FSIZE)


@dataclass(frozen=True)
class SandboxSettings:
    """One student's sandbox: where the kernels' connection files go, what to hide and watch, the limits."""

    runtime: str
    hide: list[str] = field(default_factory=list)
    watch: list[str] = field(default_factory=list)
    limits: Limits = Limits()

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "SandboxSettings":
        data = json.loads(text)
        return cls(data["runtime"], data.get("hide", []), data.get("watch", []), Limits(**data.get("limits", {})))


def bwrap() -> str | None:
    """The path of bubblewrap's ``bwrap``, or None."""
    return shutil.which("bwrap")


def _inside(path: str, roots: list[str]) -> bool:
    """Whether ``path`` is one of ``roots`` or lies under one."""
    return any(path == root or path.startswith(root + os.sep) for root in roots)


def _outermost(paths: list[str]) -> list[str]:
    """The paths that are not inside another one of them, each once, in order."""
    chosen: list[str] = []
    for path in sorted({os.path.normpath(p) for p in paths}, key=len):
        if not _inside(path, chosen):
            chosen.append(path)
    return chosen


def _needed_paths() -> list[str]:
    """What a kernel needs to start: the interpreter's prefixes and the folder of the ``ttt`` package itself."""
    import ttt

    return [sys.prefix, sys.base_prefix, str(Path(ttt.__file__).resolve().parent)]


def bwrap_command(folder: str, runtime: str, settings: SandboxSettings, kernel: list[str]) -> list[str]:
    """The command that runs ``kernel`` (``python -m ipykernel_launcher -f ...``) sealed in ``folder``."""
    program = bwrap()
    if program is None:
        raise SandboxError(INSTALL_HINT)
    limits = settings.limits
    size = str(limits.disk_mb * 1024 * 1024)
    temp = tempfile.gettempdir()
    command = [program, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
               "--size", size, "--tmpfs", "/tmp", "--tmpfs", "/dev/shm"]
    hidden = [path for path in _outermost(["/tmp", temp, *settings.hide]) if path == "/tmp" or Path(path).is_dir()]
    for path in hidden:
        if path != "/tmp":
            command += ["--tmpfs", path]
    # The interpreter and the ttt package must stay visible even when they live in a hidden place (a checkout
    # in /tmp): each is bound back read-only, the package alone, not the checkout around it.
    for path in _outermost(_needed_paths()):
        if _inside(path, hidden):
            command += ["--ro-bind", path, path]
    command += ["--size", size, "--tmpfs", folder, "--bind", runtime, runtime,
                "--unshare-all", "--die-with-parent", "--chdir", folder,
                "--setenv", "HOME", "/tmp/home", "--setenv", "TMPDIR", "/tmp",
                "--setenv", "MPLCONFIGDIR", "/tmp/matplotlib", "--setenv", "IPYTHONDIR", "/tmp/ipython",
                "--setenv", "PYTHONDONTWRITEBYTECODE", "1",
                # ipykernel exits when its parent seems gone (parent pid 1): inside, pid 1 is bwrap's own init;
                # --die-with-parent ends the kernel with nbgrader instead.
                "--unsetenv", "JPY_PARENT_PID"]
    if os.geteuid() == 0:
        command += ["--uid", "1000", "--gid", "1000"]  # root outside: an ordinary user inside
    python, rest = kernel[0], kernel[1:]
    confine = [python, "-m", "ttt.tools.confine", "--log", os.path.join(runtime, FLAGS_FILE), "--folder", folder,
               "--writable", "/tmp", "--writable", "/dev", "--allow", runtime, "--cpu", str(limits.cpu_seconds), "--memory-mb", str(limits.memory_mb),
               "--file-mb", str(limits.file_mb), "--processes", str(limits.processes)]
    for root in settings.watch:
        confine += ["--watch", root]
    return command + confine + ["--", *rest]


def __getattr__(name: str):
    """``SandboxedKernelManager``, built on first use: jupyter_client comes with the teacher's tools only (nbgrader
    names the class by its path, ``ttt.tools.sandbox.SandboxedKernelManager``)."""
    if name == "SandboxedKernelManager":
        return _kernel_manager_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _kernel_manager_class():
    from jupyter_client.manager import AsyncKernelManager

    class SandboxedKernelManager(AsyncKernelManager):
        """A kernel manager that starts the kernel sealed by :func:`bwrap_command` (nbgrader's ``Execute`` uses it).

        Asynchronous, like nbgrader's default: nbclient awaits its client's channels, and the blocking client of a
        synchronous manager waits for IOPub output with no timeout on the event loop's own thread, so a cell in an
        endless loop was never timed out and the run hung.
        """

        def _settings(self) -> SandboxSettings:
            text = os.environ.get(ENVIRONMENT_VARIABLE)
            if not text:
                raise SandboxError(f"{ENVIRONMENT_VARIABLE} is not set: run `python -m ttt autograde`, which sets it")
            return SandboxSettings.from_json(text)

        async def _async_pre_start_kernel(self, **kw):
            """A fresh folder for the connection file and sockets (shared with the kernel), ZeroMQ over ``ipc``."""
            settings = self._settings()
            os.makedirs(settings.runtime, exist_ok=True)
            self.sandbox_runtime = tempfile.mkdtemp(prefix="kernel-", dir=settings.runtime)
            os.chmod(self.sandbox_runtime, 0o777)  # the kernel may be another user inside
            self.sandbox_folder = os.path.abspath(kw.get("cwd") or os.getcwd())
            self.sandbox_settings = settings
            self.transport = "ipc"
            self.ip = os.path.join(self.sandbox_runtime, "ipc")
            self.connection_file = os.path.join(self.sandbox_runtime, "kernel.json")
            # A signal to the kernel's process group would reach bwrap too, and end the sandbox: interrupt a cell
            # that runs too long by a message, which the kernel turns into its own SIGINT.
            self.kernel_spec.interrupt_mode = "message"
            return await super()._async_pre_start_kernel(**kw)

        def write_connection_file(self, **kwargs) -> None:
            super().write_connection_file(**kwargs)
            os.chmod(self.connection_file, 0o644)

        def format_kernel_cmd(self, extra_arguments=None) -> list[str]:
            kernel = super().format_kernel_cmd(extra_arguments)
            if kernel and kernel[0] in ("python", "python3"):
                kernel[0] = sys.executable
            return bwrap_command(self.sandbox_folder, self.sandbox_runtime, self.sandbox_settings, kernel)

    return SandboxedKernelManager
