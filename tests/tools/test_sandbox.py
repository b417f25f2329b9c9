"""The bubblewrap command line a submission's kernel runs under (:mod:`ttt.tools.sandbox`), read as bwrap would."""

import os
import tempfile

import pytest

from ttt.tools import sandbox
from ttt.tools.sandbox import Limits, SandboxError, SandboxSettings, bwrap_command

KERNEL = ["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "/run/k/kernel.json"]


@pytest.fixture
def fake_bwrap(monkeypatch):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: "/usr/bin/bwrap" if name == "bwrap" else None)


def pairs(command: list[str], option: str) -> list[str]:
    """Every value that follows ``option`` in ``command``."""
    return [command[i + 1] for i, word in enumerate(command[:-1]) if word == option]


def test_the_kernel_is_sealed_in_its_folder_with_no_network_and_dies_with_nbgrader(fake_bwrap, tmp_path):
    folder, runtime = str(tmp_path / "student"), str(tmp_path / "runtime")
    command = bwrap_command(folder, runtime, SandboxSettings(runtime), KERNEL)
    assert command[:5] == ["/usr/bin/bwrap", "--ro-bind", "/", "/", "--dev"]       # the system read-only
    assert "--unshare-all" in command and "--die-with-parent" in command          # no network; no orphan kernel
    assert folder in pairs(command, "--tmpfs") and "/tmp" in pairs(command, "--tmpfs")
    assert pairs(command, "--bind") == [runtime]                                  # only the connection folder is shared
    assert pairs(command, "--chdir") == [folder]
    assert "JPY_PARENT_PID" in pairs(command, "--unsetenv")


def test_the_limits_reach_confine_and_the_kernel_runs_after_the_double_dash(fake_bwrap, tmp_path):
    settings = SandboxSettings(str(tmp_path), limits=Limits(memory_mb=600, cpu_seconds=90, disk_mb=32))
    command = bwrap_command(str(tmp_path / "s"), str(tmp_path), settings, KERNEL)
    confine = command[command.index("ttt.tools.confine") - 2:]
    assert confine[:3] == ["/usr/bin/python3", "-m", "ttt.tools.confine"]
    assert pairs(confine, "--cpu") == ["90"] and pairs(confine, "--memory-mb") == ["600"]
    assert pairs(command, "--size")[0] == str(32 * 1024 * 1024)
    assert command[command.index("--") + 1:] == KERNEL[1:]
    assert pairs(confine, "--log") == [os.path.join(str(tmp_path), sandbox.FLAGS_FILE)]


def test_hidden_folders_are_covered_once_each_and_the_course_is_watched(fake_bwrap, tmp_path):
    course = tmp_path / "course"
    (course / "source" / "lab00").mkdir(parents=True)
    (tmp_path / "gradebook").mkdir()
    settings = SandboxSettings(str(tmp_path / "rt"), hide=[str(course), str(course / "source"), str(tmp_path / "gradebook")],
                               watch=[str(course)])
    command = bwrap_command(str(tmp_path / "s"), str(tmp_path / "rt"), settings, KERNEL)
    hidden = pairs(command, "--tmpfs")
    # the temporary folder holds them all here, so it alone is covered; the course is watched inside the sandbox too
    assert hidden.count(tempfile.gettempdir()) <= 1
    assert str(course / "source") not in hidden
    assert pairs(command, "--watch") == [str(course)]


def test_as_root_the_submission_runs_as_an_ordinary_user(fake_bwrap, monkeypatch, tmp_path):
    monkeypatch.setattr(sandbox.os, "geteuid", lambda: 0)
    command = bwrap_command(str(tmp_path / "s"), str(tmp_path), SandboxSettings(str(tmp_path)), KERNEL)
    assert pairs(command, "--uid") == ["1000"] and pairs(command, "--gid") == ["1000"]
    monkeypatch.setattr(sandbox.os, "geteuid", lambda: 1000)
    assert "--uid" not in bwrap_command(str(tmp_path / "s"), str(tmp_path), SandboxSettings(str(tmp_path)), KERNEL)


def test_without_bubblewrap_one_clear_error_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    assert sandbox.bwrap() is None
    with pytest.raises(SandboxError, match=r"apt-get install bubblewrap.*--no-sandbox") as raised:
        bwrap_command(str(tmp_path), str(tmp_path), SandboxSettings(str(tmp_path)), KERNEL)
    assert isinstance(raised.value, ValueError)


def test_settings_travel_as_json_unchanged():
    settings = SandboxSettings("/run/x", hide=["/c"], watch=["/c", "/d"], limits=Limits(processes=8, file_mb=2))
    assert SandboxSettings.from_json(settings.to_json()) == settings


def test_an_interpreter_or_package_in_a_hidden_place_is_bound_back_read_only_after_the_hiding(fake_bwrap, monkeypatch):
    # A checkout in /tmp (a CI clone): its venv and its ttt folder must still be seen, the rest of it not.
    monkeypatch.setattr(sandbox, "_needed_paths", lambda: ["/tmp/clone/.venv", "/usr", "/tmp/clone/ttt"])
    command = bwrap_command("/tmp/w/s", "/tmp/w/rt", SandboxSettings("/tmp/w/rt"), KERNEL)
    assert sorted(pairs(command, "--ro-bind")) == ["/", "/tmp/clone/.venv", "/tmp/clone/ttt"]
    assert command.index("/tmp/clone/ttt") > command.index("/tmp") and "/tmp/clone" not in command
