"""One counter vocabulary (ttt.instrument.SearchStats), filled alike by every search of the package."""

import dataclasses

from ttt import Board
from ttt.engine import Engine
from ttt.instrument import SearchStats
from ttt.limited import LimitedSearch
from ttt.memo import negamax_memo
from ttt.minimax import negamax
from ttt.pruning import alphabeta
from ttt.retrograde import Tablebase

FIELDS = ["nodes", "leaves", "cutoffs", "hits", "table_size"]


def test_the_five_counters():
    stats = SearchStats()
    assert [field.name for field in dataclasses.fields(SearchStats)] == FIELDS
    assert stats.as_dict() == dict.fromkeys(FIELDS, 0)
    assert SearchStats(1, 2, 3, 4, 5).as_dict() == dict(zip(FIELDS, [1, 2, 3, 4, 5]))
    assert SearchStats(nodes=3, hits=1) == SearchStats(3, 0, 0, 1, 0)


def test_a_search_adds_to_the_counters_it_is_given_and_reset_clears_them():
    board = Board.parse("X../.O./..X")
    stats = SearchStats()
    alphabeta(board, stats=stats)
    first = stats.as_dict()
    assert first["nodes"] > first["leaves"] > 0 and first["cutoffs"] > 0
    alphabeta(board, stats=stats)
    assert stats.as_dict() == {name: 2 * value for name, value in first.items()}
    stats.reset()
    assert stats == SearchStats()


def test_every_search_reports_in_the_same_vocabulary():
    """The teaching searches take a SearchStats; the fast ones keep their own as ``.stats``."""
    board = Board.parse("X../.O./...")
    counted = []
    for search in (negamax, alphabeta, negamax_memo):
        stats = SearchStats()
        search(board, stats=stats)
        counted.append(stats)
    engine = Engine()
    engine.score(board)
    limited = LimitedSearch(3, 3, 3)
    limited.value(board, 2)
    for stats in counted + [engine.stats, limited.stats, Tablebase.top_down().stats]:
        assert type(stats) is SearchStats and stats.nodes > 0
    assert counted[2].hits > 0 and counted[2].table_size > 0  # the memo's table
    assert engine.stats.table_size == len(engine.table) > 0
