"""Memoization: remember the value of every position searched, so that none is searched twice.

Brute-force negamax makes 549,946 calls from the empty 3×3 board, but there
are only 5,478 different positions: most calls repeat work already done along
another move order.  A *transposition table* (a dictionary from positions to
values) removes the repeats.  This module holds the course's versions:

* :func:`negamax_memo`: an explicit ``dict``, filled as the search goes.  It
  is the package's one memo loop: its ``key`` and ``store`` arguments turn it
  into the symmetry lookup and the symmetry table of notebook 07
  (:mod:`ttt.symmetry_search`), which are memoization keyed by the class of
  a position rather than the position;
* :func:`cached_negamax`: the same search memoised by :func:`functools.cache`;
* :func:`negamax_kb`: a *pure* version after the Haskell tutorial's
  ``State KnowledgeBase`` monad: it takes the table and returns the value
  together with a new table (:class:`KnowledgeBase`, immutable, copied on
  write), changing nothing it was given;
* :func:`reaches`: the "shortcut" of the Ruby negamax post (stop looking for
  a win once a draw is all one needs), written as the exact yes/no question
  it answers; :class:`ttt.players.ShortcutPlayer` plays by it.

Alpha-beta with a table, where a result found under a narrow window may be
only a bound, is :func:`ttt.pruning.alphabeta` with ``table=`` (and
:func:`ttt.pruning.alphabeta_move` at the root).

Counting convention (the one behind the published 16,168): every call of the
search is a node, the root and finished games included, and a call answered
by the table counts too (as a *hit*).  The table stores every position whose
value it works out, the root and finished games included: 5,478 entries from
the empty board.  (The Ruby post reports 5,477 because it does not store the
root.)  Values are plain, from the side to move: ``+1`` win, ``0`` draw,
``-1`` loss (:func:`ttt.scores.leaf_value` at the leaves).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, reduce
from typing import Callable

from ttt.board import Board
from ttt.instrument import SearchStats
from ttt.pruning import AlphaBeta
from ttt.scores import leaf_value

__all__ = [
    "negamax_memo",
    "cached_negamax",
    "KnowledgeBase",
    "negamax_kb",
    "reaches",
    "shortcut_move",
]


# ---------------------------------------------------------------------- 1. a dict


def negamax_memo(
    board: Board,
    table: dict | None = None,
    stats: SearchStats | None = None,
    *,
    key: Callable[[Board], object] | None = None,
    store: Callable[[dict, Board, int], None] | None = None,
) -> int:
    """Negamax with a transposition table: each position is worked out once, then looked up.

    ``table`` maps keys to values; pass your own dict to keep it (or to
    reuse what an earlier search found), leave it out for a fresh one.  From
    the empty 3×3 board: 16,168 calls and 5,478 entries.  There is one call
    for the root and one for every move out of every position worked out,
    and each of the 4,520 unfinished positions is worked out exactly once,
    so the calls are 1 + 16,167, the number of edges of the position graph.

    ``key(board)`` is what a position is looked up and stored under (by
    default the board itself); ``store(table, board, value)`` replaces the
    plain ``table[key] = value`` when a value is worked out.  Keyed by the
    canonical image of the position, the table holds one entry per class of
    symmetric positions (:func:`ttt.symmetry_search.negamax_symmetry_lookup`);
    storing under every image fills it for the whole class at once
    (:func:`ttt.symmetry_search.negamax_symmetry_table`).
    """
    table = {} if table is None else table
    stats = stats if stats is not None else SearchStats()

    def value(board: Board) -> int:
        stats.nodes += 1
        where = board if key is None else key(board)
        known = table.get(where)
        if known is not None:
            stats.hits += 1
            return known
        if board.is_over:
            stats.leaves += 1
            worked_out = leaf_value(board)
        else:
            worked_out = -1
            for cell in board.legal_moves():
                child_value = -value(board.child(cell))
                if child_value > worked_out:
                    worked_out = child_value
        if store is None:
            table[where] = worked_out
        else:
            store(table, board, worked_out)
        return worked_out

    result = value(board)
    stats.table_size = len(table)
    return result


# ---------------------------------------------------------------------- 2. functools.cache


def cached_negamax() -> Callable[[Board], int]:
    """A fresh negamax memoised by :func:`functools.cache` (a new, empty cache each time).

    The returned function is the search itself; its ``cache_info()`` counts
    the work: ``hits + misses`` calls (16,168 from the empty board), of which
    ``misses`` (= ``currsize``, 5,478) were worked out.  The cache stays
    with the function, so a second question to the same function is answered
    from what the first one found; ``cache_clear()`` forgets it.
    """

    @cache
    def value(board: Board) -> int:
        if board.is_over:
            return leaf_value(board)
        return max(-value(board.child(cell)) for cell in board.legal_moves())

    return value


# ---------------------------------------------------------------------- 3. a pure knowledge base


class KnowledgeBase(Mapping):
    """An immutable map from positions to values: :meth:`with_entry` returns a new one.

    This is the Python stand-in for the Haskell tutorial's ``Map Position
    Score`` carried by the ``State`` monad.  Adding an entry copies the whole
    dict (copy on write), so the old knowledge base stays exactly as it was:
    every version ever made is still valid.  The price is that adding the
    ``n``-th entry copies ``n - 1`` others, so building 5,478 entries copies
    about 15 million, where Haskell's ``Data.Map`` would copy only the
    ``log n`` nodes on the path to the new key and share the rest.
    """

    __slots__ = ("_entries",)

    def __init__(self, entries: Mapping | None = None):
        object.__setattr__(self, "_entries", dict(entries or {}))

    def with_entry(self, key, value) -> KnowledgeBase:
        """A new knowledge base with ``key`` set to ``value``; this one does not change."""
        entries = self._entries.copy()
        entries[key] = value
        new = object.__new__(KnowledgeBase)
        object.__setattr__(new, "_entries", entries)
        return new

    def __getitem__(self, key):
        return self._entries[key]

    def get(self, key, default=None):
        return self._entries.get(key, default)  # faster than Mapping's, which catches KeyError

    def __iter__(self) -> Iterator:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __setattr__(self, name, value):
        raise AttributeError("a KnowledgeBase is immutable: use with_entry()")

    def __repr__(self) -> str:
        return f"<KnowledgeBase with {len(self)} entries>"


def negamax_kb(board: Board, kb: KnowledgeBase | None = None, stats: SearchStats | None = None):
    """Negamax as a pure function of the position and a knowledge base: ``(value, new_kb)``.

    Each call looks the board up in ``kb``; if it is not there it works the
    value out, threading the knowledge base through the children one after
    another (each child's call gets the table the previous one returned, as
    Haskell's ``mapM`` in the ``State`` monad does behind the scenes), and
    returns the value with a knowledge base that includes it.  ``kb`` itself
    is never changed.  Same calls and entries as :func:`negamax_memo`.
    ``stats`` only watches: it does not affect the result.
    """
    stats = stats if stats is not None else SearchStats()

    def value(board: Board, kb: KnowledgeBase):
        stats.nodes += 1
        known = kb.get(board)
        if known is not None:
            stats.hits += 1
            return known, kb
        if board.is_over:
            stats.leaves += 1
            worked_out = leaf_value(board)
        else:
            # A fold over the moves, carrying (best so far, the latest knowledge base): Haskell's
            # foldM in the State monad, written out.
            worked_out, kb = reduce(lambda carried, cell: _better(carried, value(board.child(cell), carried[1])),
                                    board.legal_moves(), (-1, kb))
        return worked_out, kb.with_entry(board, worked_out)

    result, kb = value(board, KnowledgeBase() if kb is None else kb)
    stats.table_size = len(kb)
    return result, kb


def _better(carried: tuple[int, KnowledgeBase], child: tuple[int, KnowledgeBase]) -> tuple[int, KnowledgeBase]:
    """One step of the fold: the better of the best so far and this move, with the child's knowledge base."""
    child_value, kb = child
    return max(carried[0], -child_value), kb


# ---------------------------------------------------------------------- 4. the shortcut


def reaches(board: Board, target: int, table: dict | None = None, stats: SearchStats | None = None) -> bool:
    """Can the side to move make sure of at least ``target`` (``1`` a win, ``0`` a draw)?

    This is the Ruby post's shortcut made exact.  To show "at least a draw"
    it is enough to find *one* move after which the opponent cannot force a
    win, so the search stops at the first such move and never asks whether
    a win was possible; the opponent's nodes ask "can I force a win?" and
    stop at their first winning move::

        reaches(b, t)  =  any(not reaches(child, 1 - t) for each child)

    (``value(b) >= t`` exactly when some child has ``value <= -t``, that is
    not ``value >= 1 - t``.)  It is alpha-beta with the null window
    ``(t - 1, t)``, and is written so: :class:`ttt.pruning.AlphaBeta`, whose
    answer in that window is ``t`` (yes) or ``t - 1`` (no), with the same
    nodes, leaves and cut-offs.  The answers are exact answers to yes/no
    questions, so a ``table`` (keyed by ``(board, target)``, holding ``True``
    or ``False``) may keep them safely.
    """
    if target not in (0, 1):
        raise ValueError(f"target must be 1 (a win) or 0 (at least a draw), not {target!r}")
    search = AlphaBeta(stats=stats)
    if table is not None:
        _keep_answers(search, table)
    result = search.search(board, target - 1, target) >= target
    if table is not None:
        search.stats.table_size = len(table)
    return result


def _keep_answers(search: AlphaBeta, table: dict) -> None:
    """Make the null-window ``search`` keep its yes/no answers in ``table``, keyed by ``(board, target)``.

    In the window ``(t - 1, t)`` the target of the side to move is ``beta``;
    an answer read back counts as a node and a hit.
    """
    inner, stats = search.search, search.stats

    def answered(board: Board, alpha, beta):
        known = table.get((board, beta))
        if known is None:
            known = table[(board, beta)] = inner(board, alpha, beta) >= beta
        else:
            stats.nodes += 1
            stats.hits += 1
        return beta if known else alpha

    search.search = answered


def shortcut_move(board: Board, target: int = 0, table: dict | None = None, stats: SearchStats | None = None) -> int:
    """The first move (in cell order) that makes sure of at least ``target`` for the side to move.

    With ``target=0`` this is the shortcut player's move: the first move
    after which the opponent cannot force a win.  When no move reaches the
    target, the first legal move.
    """
    board.check_not_over()
    table = {} if table is None else table
    moves = board.legal_moves()
    for cell in moves:
        if not reaches(board.child(cell), 1 - target, table, stats):
            return cell
    return moves[0]
