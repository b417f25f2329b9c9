"""ttt.tools.exercises_command: ``python -m ttt exercises`` lists, prints as JSON, verifies and prints solutions."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import replace

import pytest

from ttt.exercises import exercise, exercises, nb00
from ttt.tools import exercises_command as command
from ttt.view.exercise_output import markdown_to_text

# ---------------------------------------------------------------------- python -m ttt exercises


@pytest.fixture
def parser():
    parser = argparse.ArgumentParser(prog="python -m ttt exercises")
    command.add_arguments(parser)
    return parser


def test_command_lists_the_exercises(parser, capsys):
    assert command.run(parser.parse_args([])) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["nb", "#", "title", "kind", "check", "hints", "solution"]
    assert "Forks by search" in out and "★ Count without a tree" in out
    assert out.splitlines()[-1] == f"{len(exercises())} exercises, {sum(item.has_check for item in exercises())} checked by code"
    assert command.run(parser.parse_args(["--notebook", "3"])) == 0
    assert "Forks by search" not in capsys.readouterr().out


def test_command_json(parser, capsys):
    assert command.run(parser.parse_args(["--json", "--notebook", "00"])) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [entry["number"] for entry in listed] == [1, 2, 3, 4, 5]
    for entry in listed:
        assert set(entry) == {"notebook", "number", "title", "has_check", "has_hint", "has_solution"}
        assert entry["notebook"] == "00" and isinstance(entry["has_check"], bool)
    assert [entry["has_check"] for entry in listed] == [True, True, True, False, True]


def test_command_verify(parser, capsys, monkeypatch):
    # One notebook here: every worked solution goes through its check in test_core.py.
    checked = sum(item.has_check for item in exercises("00"))
    assert command.run(parser.parse_args(["--verify", "--notebook", "00"])) == 0
    assert capsys.readouterr().out == f"{checked} worked solutions pass their own checks\n"
    broken = replace(exercise("03", 5), answer=lambda: (lambda board: 0))
    monkeypatch.setattr(command, "exercises", lambda notebook=None: [broken])
    assert command.run(parser.parse_args(["--verify"])) == 1
    err = capsys.readouterr().err
    assert err.startswith("FAIL 03.5 Count without a tree: the worked answer is judged wrong")
    assert err.rstrip().endswith("worked solutions fail their own checks")


def test_command_solutions_prints_the_same_text_as_solution(parser, capsys):
    assert command.run(parser.parse_args(["--solutions", "00"])) == 0
    out = capsys.readouterr().out
    for item in exercises("00"):
        assert markdown_to_text(item.solution_markdown()) in out
        assert f"{item.key} " in out
    for function in (nb00.forcing_moves, nb00.holding_replies, nb00.read_the_errors):
        assert f"    def {function.__name__}(" in out


@pytest.mark.parametrize("args", [["--notebook", "42"], ["--solutions", "42"], ["--verify", "--notebook", "x"],
                                  ["--json", "--notebook", "10"]])
def test_command_refuses_an_unknown_notebook_in_one_line(parser, capsys, args):
    assert command.run(parser.parse_args(args)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("error: there is no notebook ")


def test_command_from_a_python_driver():
    driver = (
        "import argparse, sys\n"
        "from ttt.tools import exercises_command as command\n"
        "parser = argparse.ArgumentParser()\n"
        "command.add_arguments(parser)\n"
        "sys.exit(command.run(parser.parse_args(sys.argv[1:])))\n"
    )
    ok = subprocess.run([sys.executable, "-c", driver, "--verify", "--notebook", "03"], capture_output=True, text=True)
    checked = sum(item.has_check for item in exercises("03"))
    assert ok.returncode == 0 and ok.stdout == f"{checked} worked solutions pass their own checks\n"
    bad = subprocess.run([sys.executable, "-c", driver, "--notebook", "42"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "error: there is no notebook 42: notebooks are 00-09\n"


def test_command_writes_the_exercise_cells_of_the_notebooks_named(parser, capsys, tmp_path, monkeypatch):
    from ttt.tools import exercise_cells as cells

    source = cells.notebook_path("05")
    copy_of = tmp_path / source.name
    notebook = json.loads(source.read_text())
    for cell in notebook["cells"]:
        if cells.owned(cell) == ("05.2", "prompt"):
            cell["source"] = ["**05.2 An old title**\n", "\n", "Old words."]
    copy_of.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    monkeypatch.setattr(cells, "NOTEBOOKS", tmp_path)
    assert command.run(parser.parse_args(["--write-cells", "5"])) == 0
    assert capsys.readouterr().out == f"rewrote the exercise cells of {source.name}\n"
    assert copy_of.read_text() == source.read_text()            # back to what the module says
    assert command.run(parser.parse_args(["--write-cells", "05"])) == 0
    assert capsys.readouterr().out == ""                         # nothing left to change
    assert command.run(parser.parse_args(["--write-cells", "42"])) == 2
    assert capsys.readouterr().err == "error: there is no notebook 42: notebooks are 00-09\n"
