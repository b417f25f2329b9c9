"""The rows of the results table: every search of the course, set up to solve the empty 3×3 board.

Each :class:`Algorithm` knows how to run one search once and returns its
answer with a :class:`~ttt.instrument.SearchStats`, the package's one
vocabulary for work done (nodes, leaves, cut-offs, table hits, table size),
so that :mod:`ttt.tools.measure` can time any row the same way.
:data:`SOURCE` holds the Ruby negamax post's own figures for the rows it
has; :data:`ABLATION` the engine variants compared on larger boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ttt.board import Board
from ttt.engine import Engine, Options
from ttt.instrument import SearchStats
from ttt.memo import KnowledgeBase, cached_negamax, negamax_kb, negamax_memo, reaches
from ttt.minimax import minimax, negamax
from ttt.pruning import alphabeta, lazy_negamax, take_until_tree
from ttt.scores import sign
from ttt.symmetry_search import negamax_symmetry_lookup, negamax_symmetry_table
from ttt.retrograde import Tablebase
from ttt.tree import game_tree

__all__ = ["Algorithm", "ALGORITHMS", "SOURCE", "BRUTE_FORCE", "ABLATION", "VARIANT_SECONDS"]

BRUTE_FORCE = "negamax (brute force)"

SOURCE = {
    # The Ruby negamax post's results table: (seconds, calls, table size without the root).
    BRUTE_FORCE: (5.781872, 549_946, None),
    "memo: dict": (0.105050, 16_168, 5_477),
    "symmetry table": (0.048830, 2_271, 5_477),
    "symmetry lookup": (0.058844, 2_271, 764),
    "alpha-beta (-inf, inf)": (0.193677, 18_297, None),
}


@dataclass(frozen=True)
class Algorithm:
    """One row of the table: how to set it up (not timed) and run it once (timed).

    ``run(state, stats)`` solves the empty 3×3 board, counting its work in
    ``stats``, and returns the value for X (``None`` for the shortcut rows,
    which only show "at least a draw"); ``setup()`` makes ``state`` (``None``
    when there is nothing to prepare).  ``slow`` rows are the brute-force
    ones that ``--quick`` leaves out.  ``leaves`` says whether the row's
    leaf count means anything.
    """

    name: str
    notebook: str
    run: Callable[[object, SearchStats], int | None]
    setup: Callable | None = None
    slow: bool = False
    leaves: bool = True
    note: str = ""


def _functools(state, stats: SearchStats) -> int:
    """:func:`functools.cache` counts for itself; its counts are copied into ``stats``."""
    value_of = cached_negamax()
    value = value_of(Board.empty())
    info = value_of.cache_info()
    stats.nodes, stats.hits, stats.table_size = info.hits + info.misses, info.hits, info.currsize
    return value


def _engine(options: Options, solve: bool = False) -> Callable:
    def run(state, stats: SearchStats) -> int:
        engine = Engine(3, 3, 3, options)
        value = engine.solve(Board.empty()).value if solve else sign(engine.score(Board.empty()))
        done = engine.stats
        stats.nodes, stats.hits, stats.table_size = done.nodes, done.hits, done.table_size
        return value

    return run


def _top_down_tablebase(state, stats: SearchStats) -> int:
    table = Tablebase.top_down(3, 3, 3)
    stats.nodes, stats.hits, stats.table_size = table.stats.nodes, table.stats.hits, table.stats.table_size
    return table.lookup(Board.empty()).value


def _at_least_a_draw(answer: bool) -> None:
    """The shortcut answers "at least a draw?", not the value: the row's value stays empty."""
    if not answer:
        raise RuntimeError("the shortcut failed to show that X can hold the draw")


def _tree():
    return game_tree(Board.empty())


_E = Board.empty

# The engine's rows switch its ideas on one at a time, in the order notebooks 07 and 09 meet them
# (static order before the dead-line caps and pairing, which came later); every option is spelled out.
_NO_EXTRAS = dict(table=False, symmetry=False, order="index", threats=False, dead=False, pairing=False)
_STATIC = {**_NO_EXTRAS, "table": True, "symmetry": True, "order": "static"}

ALGORITHMS: tuple[Algorithm, ...] = (
    Algorithm("minimax on the game tree", "04", lambda tree, s: minimax(tree, s),
              setup=_tree, slow=True, note="tree built beforehand"),
    Algorithm(BRUTE_FORCE, "04", lambda _, s: negamax(_E(), s), slow=True),
    Algorithm("lazy pruning (supremum)", "05", lambda _, s: lazy_negamax(_E(), s)),
    Algorithm("take until a win", "05", lambda tree, s: take_until_tree(tree, s).value,
              setup=_tree, note="tree built beforehand"),
    Algorithm("alpha-beta (-inf, inf)", "05", lambda _, s: alphabeta(_E(), stats=s)),
    Algorithm("alpha-beta [-1, 1]", "05", lambda _, s: alphabeta(_E(), -1, 1, stats=s)),
    Algorithm("alpha-beta, static order", "05", lambda _, s: alphabeta(_E(), order="static", stats=s)),
    Algorithm("alpha-beta, threats+static order", "05",
              lambda _, s: alphabeta(_E(), order="threats+static", stats=s)),
    Algorithm("memo: dict", "06", lambda _, s: negamax_memo(_E(), {}, s)),
    Algorithm("memo: functools.cache", "06", _functools, leaves=False, note="no leaf count"),
    Algorithm("memo: knowledge base (pure)", "06", lambda _, s: negamax_kb(_E(), KnowledgeBase(), s)[0],
              note="copy on write"),
    Algorithm("shortcut (at least a draw?)", "06", lambda _, s: _at_least_a_draw(reaches(_E(), 0, None, s)),
              note="proves >= draw only"),
    Algorithm("shortcut + table", "06", lambda _, s: _at_least_a_draw(reaches(_E(), 0, {}, s)),
              note="proves >= draw only"),
    Algorithm("alpha-beta + bound table", "06", lambda _, s: alphabeta(_E(), table={}, stats=s)),
    Algorithm("symmetry table", "07", lambda _, s: negamax_symmetry_table(_E(), {}, s)),
    Algorithm("symmetry lookup", "07", lambda _, s: negamax_symmetry_lookup(_E(), {}, s)),
    Algorithm("engine: bitboard alpha-beta", "09", _engine(Options(**_NO_EXTRAS)), leaves=False,
              note="depth-aware scores"),
    Algorithm("engine + bound table", "09", _engine(Options(**{**_NO_EXTRAS, "table": True})), leaves=False),
    Algorithm("engine + symmetry", "09",
              _engine(Options(**{**_NO_EXTRAS, "table": True, "symmetry": True})), leaves=False),
    Algorithm("engine + static order", "09", _engine(Options(**_STATIC)), leaves=False),
    Algorithm("engine + threats", "09", _engine(Options(**{**_STATIC, "threats": True})), leaves=False),
    Algorithm("engine + dead-line caps", "09", _engine(Options(**{**_STATIC, "threats": True, "dead": True})),
              leaves=False),
    Algorithm("engine, all options (+ pairing)", "09", _engine(Options()), leaves=False,
              note="the lines order only from 10 empty cells"),
    Algorithm("engine: solve (value + every best move)", "09", _engine(Options(), solve=True), leaves=False,
              note="what ttt.solve does"),
    Algorithm("Tablebase.top_down (whole game)", "09", _top_down_tablebase, leaves=False, note="nodes = solver calls"),
)
"""The rows of the results table, in the order the course meets them."""


ABLATION = (
    ("engine, all options", Options()),
    ("  order: static instead of lines", Options(order="static")),
    ("  order: index instead of lines", Options(order="index")),
    ("  order: history instead of lines", Options(order="history")),
    ("  without pairing", Options(pairing=False)),
    ("  without symmetry", Options(symmetry=False)),
    ("  without threats", Options(threats=False)),
    ("  without dead-line caps", Options(dead=False)),
    ("  without any table", Options(table=False, symmetry=False)),
    ("  table of at most 10,000 entries", Options(table_limit=10_000)),
)
"""The engine variants of the ablation on larger boards: each changes one idea of :class:`~ttt.engine.Options`."""

VARIANT_SECONDS = 60.0
"""The budget of one ablation run on a larger board (:func:`ttt.tools.measure.board_benchmark`)."""
