"""The audit hook of a sealed kernel (:mod:`ttt.tools.confine`): what it flags and refuses, and what it leaves alone.

The hook is called here directly, as ``sys.addaudithook`` would call it, from code whose file name is the one
IPython gives a cell's code (``<ipython-input-...>``), so that it counts as the submission's.
"""

import json
import os

import pytest

from ttt.tools.confine import FLAG_KINDS, StartingAProcessIsRefused, Watch, main


@pytest.fixture
def watch(tmp_path):
    log = os.open(tmp_path / "flags.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    hook = Watch(log, str(tmp_path / "student"), watched=[str(tmp_path / "course")], writable=["/tmp"],
                 allowed=[str(tmp_path / "runtime")])
    hook("exec", ())            # armed by the first code the kernel executes
    yield hook
    os.close(log)


def flags(tmp_path) -> list[dict]:
    return [json.loads(line) for line in (tmp_path / "flags.jsonl").read_text().splitlines()]


def from_a_cell(source: str, **names):
    """Run ``source`` as a notebook cell's code would run."""
    exec(compile(source, "<ipython-input-1-abc>", "exec"), names)


def test_a_cell_reading_the_course_is_flagged_once(watch, tmp_path):
    secret = str(tmp_path / "course" / "source" / "lab00.ipynb")
    from_a_cell("watch('open', (path, 'r', 0))\nwatch('open', (path, 'r', 0))", watch=watch, path=secret)
    assert [flag["kind"] for flag in flags(tmp_path)] == ["outside"]
    assert flags(tmp_path)[0]["what"] == FLAG_KINDS["outside"] and secret in flags(tmp_path)[0]["detail"]


def test_writing_outside_the_folder_is_flagged_but_its_own_folder_and_tmp_are_not(watch, tmp_path):
    mine = str(tmp_path / "student" / "notes.txt")
    from_a_cell("watch('open', (mine, 'w', 0))\nwatch('open', ('/tmp/x', 'w', 0))\nwatch('open', ('/etc/passwd', 'r', 0))",
                watch=watch, mine=mine)
    assert flags(tmp_path) == []
    from_a_cell("watch('os.remove', (path,))", watch=watch, path="/home/another-student/lab00.ipynb")
    assert [flag["kind"] for flag in flags(tmp_path)] == ["write"]


def test_starting_a_process_from_a_cell_is_refused_and_flagged(watch, tmp_path):
    with pytest.raises(StartingAProcessIsRefused):
        from_a_cell("watch('os.fork', ())", watch=watch)
    with pytest.raises(PermissionError):
        from_a_cell("watch('subprocess.Popen', ('sh', ['sh']))", watch=watch)
    assert [flag["kind"] for flag in flags(tmp_path)] == ["process"]


def test_the_kernels_own_machinery_is_not_the_submissions(watch, tmp_path):
    watch("os.fork", ())                          # not from a cell: ipykernel's own work
    watch("open", (str(tmp_path / "course" / "x"), "r", 0))
    assert flags(tmp_path) == []


def test_nothing_is_watched_before_the_first_code_runs(tmp_path):
    log = os.open(tmp_path / "flags.jsonl", os.O_WRONLY | os.O_CREAT)
    hook = Watch(log, str(tmp_path / "s"), [str(tmp_path)], [], [])
    from_a_cell("hook('os.fork', ())", hook=hook)  # the kernel's start-up: not armed yet, nothing refused
    os.close(log)
    assert flags(tmp_path) == []


def test_confine_refuses_a_command_line_without_a_module():
    with pytest.raises(SystemExit, match="expected -- -m MODULE ARGS"):
        main(["--log", "/dev/null", "--folder", "/tmp", "--cpu", "1", "--memory-mb", "1", "--file-mb", "1",
              "--processes", "1", "--", "script.py"])
