"""The rows of the results table (ttt.tools.algorithms): each runs its search once and counts its work."""

import pytest

from ttt import Board
from ttt.engine import Engine, Options
from ttt.instrument import SearchStats
from ttt.retrograde import Tablebase
from ttt.tools.algorithms import ABLATION, ALGORITHMS, BRUTE_FORCE, VARIANT_SECONDS, SOURCE, Algorithm
from bench_figures import ROWS

QUICK = [a for a in ALGORITHMS if not a.slow]


@pytest.mark.parametrize("algorithm", QUICK, ids=lambda a: a.name)
def test_each_row_counts_what_its_search_does(algorithm):
    state = algorithm.setup() if algorithm.setup else None
    stats = SearchStats()
    value = algorithm.run(state, stats)
    counts = (value, stats.nodes, stats.leaves if algorithm.leaves else None, stats.table_size or None)
    assert counts == ROWS[algorithm.name]


def test_the_rows():
    names = [a.name for a in ALGORITHMS]
    assert len(set(names)) == len(names) == len(ROWS) + 2
    assert [a.name for a in ALGORITHMS if a.slow] == ["minimax on the game tree", BRUTE_FORCE]
    assert all(isinstance(a, Algorithm) and a.notebook in ("04", "05", "06", "07", "09") for a in ALGORITHMS)
    assert [a.notebook for a in ALGORITHMS] == sorted(a.notebook for a in ALGORITHMS)  # in the course's order
    assert set(SOURCE) <= set(names)
    assert SOURCE[BRUTE_FORCE] == (5.781872, 549_946, None) and SOURCE["memo: dict"][1:] == (16_168, 5_477)


def test_the_engine_rows_are_what_a_fresh_engine_reports():
    engine = Engine(3, 3, 3, Options())
    engine.score(Board.empty())
    stats = SearchStats()
    row = next(a for a in ALGORITHMS if a.name == "engine, all options (+ pairing)")
    row.run(None, stats)
    assert (stats.nodes, stats.hits, stats.table_size) == (engine.stats.nodes, engine.stats.hits, len(engine.table))
    table = Tablebase.top_down()
    row = next(a for a in ALGORITHMS if a.name == "Tablebase.top_down (whole game)")
    stats = SearchStats()
    assert row.run(None, stats) == 0 and stats == table.stats


def test_the_ablation_turns_one_idea_off_at_a_time():
    names = [name for name, _ in ABLATION]
    assert names[0] == "engine, all options" and ABLATION[0][1] == Options()
    for name, options in ABLATION[1:]:
        changed = {field for field in ("table", "symmetry", "order", "threats", "dead", "pairing", "table_limit")
                   if getattr(options, field) != getattr(Options(), field)}
        assert changed and (len(changed) == 1 or changed == {"table", "symmetry"}), name
    assert VARIANT_SECONDS == 60


# ---------------------------------------------------------------------- notebook 07, "The results table"
# The notebook used to rebuild the engine here to check its rows; it now keeps only the figures its prose states.

_NONE = dict(table=False, symmetry=False, order="index", threats=False, dead=False, pairing=False)
_STATIC = {**_NONE, "table": True, "symmetry": True, "order": "static"}
ENGINE_LADDER = [
    ("engine: bitboard alpha-beta", Options(**_NONE)),
    ("engine + bound table", Options(**{**_NONE, "table": True})),
    ("engine + symmetry", Options(**{**_NONE, "table": True, "symmetry": True})),
    ("engine + static order", Options(**_STATIC)),
    ("engine + threats", Options(**{**_STATIC, "threats": True})),
    ("engine + dead-line caps", Options(**{**_STATIC, "threats": True, "dead": True})),
    ("engine, all options (+ pairing)", Options()),
]


@pytest.mark.parametrize("name, options", ENGINE_LADDER, ids=[name for name, _ in ENGINE_LADDER])
def test_each_engine_row_is_a_fresh_engine_with_its_options(name, options):
    engine = Engine(3, 3, 3, options)
    engine.score(Board.empty())
    stats = SearchStats()
    next(a for a in ALGORITHMS if a.name == name).run(None, stats)
    assert (stats.nodes, stats.table_size or None) == (engine.stats.nodes, len(engine.table) or None)


def test_the_engine_rows_switch_one_idea_on_at_a_time_and_none_adds_calls():
    assert [a.name for a in ALGORITHMS if a.name.startswith("engine") and "solve" not in a.name] == [
        name for name, _ in ENGINE_LADDER]
    ladder = [ROWS[name][1] for name, _ in ENGINE_LADDER]
    assert ladder == sorted(ladder, reverse=True) and ladder[-3:] == [64, 64, 51]
