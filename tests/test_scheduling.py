"""tests/conftest.py's units of work and their order under ``--dist loadgroup`` (what keeps make test short)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest

spec = importlib.util.spec_from_file_location("tests_conftest", Path(__file__).with_name("conftest.py"))
conftest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(conftest)


@pytest.mark.parametrize("nodeid, unit", [
    ("notebooks/05_pruning.ipynb::Cell 12", "notebooks/05_pruning"),
    ("tests/browser/test_browser.py::test_board_in_voila", "tests/browser/test_browser.py::test_board_in_voila"),
    ("tests/tools/test_autograde.py::TestEveryLab::test_the_release", "tests/tools/test_autograde.py::TestEveryLab"),
    ("tests/test_board.py::test_parse", "tests/test_board.py::test_parse"),
    ("tests/tools/test_report.py::test_the_table", "quick_report"),
    ("tests/tools/test_measure.py::test_the_quick_report", "quick_report"),
    ("tests/browser/test_lite_checks.py::test_the_checks_that_need_no_cdn_are_most_of_them",
     "tests/browser/test_lite_checks.py"),
    ("tests/test_board.py::test_parse[a::B]", "tests/test_board.py::test_parse[a::B]"),
])
def test_the_unit_of_a_test(nodeid, unit):
    assert conftest.work_unit(nodeid) == unit


class Item(SimpleNamespace):
    def get_closest_marker(self, name):
        return self.marks.get(name)


def item(nodeid, slow=None):
    return Item(nodeid=nodeid, marks={"slow": SimpleNamespace(args=(slow,))} if slow else {})


def test_the_longest_units_start_first_and_the_rest_keep_their_order():
    items = [
        item("tests/test_a.py::test_quick"),
        item("notebooks/09_beyond.ipynb::Cell 0"),
        item("tests/test_b.py::TestLab::test_one", slow=70),
        item("tests/test_b.py::TestLab::test_two", slow=70),
        item("tests/test_c.py::test_route", slow=95),
        item("tests/browser/test_browser.py::test_board"),
        item("tests/test_a.py::test_also_quick"),
        item("tests/test_b.py::TestLab::test_three"),
    ]
    config = SimpleNamespace(option=SimpleNamespace(dist="loadgroup"))
    conftest.pytest_collection_modifyitems(config, items)
    assert [i.nodeid for i in items] == [
        "tests/test_c.py::test_route",
        "tests/test_b.py::TestLab::test_one", "tests/test_b.py::TestLab::test_two", "tests/test_b.py::TestLab::test_three",
        "notebooks/09_beyond.ipynb::Cell 0", "tests/browser/test_browser.py::test_board",
        "tests/test_a.py::test_quick", "tests/test_a.py::test_also_quick",
    ]


def test_a_run_without_loadgroup_keeps_the_order_collected():
    items = [item("tests/test_a.py::test_quick"), item("tests/test_c.py::test_route", slow=95)]
    conftest.pytest_collection_modifyitems(SimpleNamespace(option=SimpleNamespace()), items)
    assert [i.nodeid for i in items] == ["tests/test_a.py::test_quick", "tests/test_c.py::test_route"]


def test_without_pytest_xdist_every_test_runs_in_the_order_collected():
    # plain `pytest` (no xdist installed): config.option has no `dist`, and nothing raises
    items = [SimpleNamespace(nodeid=f"tests/test_{n}.py::test", get_closest_marker=lambda name: None) for n in "ab"]
    conftest.pytest_collection_modifyitems(SimpleNamespace(option=SimpleNamespace()), items)
    assert [item.nodeid for item in items] == ["tests/test_a.py::test", "tests/test_b.py::test"]
    assert conftest.pytest_xdist_make_scheduler(SimpleNamespace(option=SimpleNamespace()), None) is None
