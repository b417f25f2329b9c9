"""Counters for searches: how much work did an algorithm do?

Every search in the package reports its work in one vocabulary,
:class:`SearchStats`, so that any two of them can be put side by side (the
results table of notebook 07 and ``python -m ttt bench`` need no adapters).
The teaching searches take an optional ``stats`` argument: pass a
:class:`SearchStats` and the search adds to it as it goes; leave it out and
nothing is kept.  The counter only watches: the search returns the same
value with or without it, so a notebook can compare the cost of two
algorithms on exactly the code that the tests check.  The fast searches
(:class:`ttt.engine.Engine`, :class:`ttt.limited.LimitedSearch`,
:meth:`ttt.retrograde.Tablebase.top_down`) keep their own and show it as ``.stats``.

The counting convention is the one that reproduces the published figures
(549,946 nodes for brute force, 18,297 for alpha-beta, 16,168 for memoised
negamax): *every* call of the search function is a node, the root, the
finished games and the calls answered by a table included.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["SearchStats"]


@dataclass
class SearchStats:
    """What one search (or several, if you keep adding) looked at.

    ``nodes``       positions whose value the search asked for (one per call);
    ``leaves``      those that were finished games (or the cut-off frontier of
                    a depth-limited tree), where the value is read off the
                    board rather than from a table;
    ``cutoffs``     times a node stopped before looking at all its children,
                    because the value already found could not be improved on
                    or could no longer matter;
    ``hits``        calls answered from a transposition table;
    ``table_size``  entries in the table when the search ended (set by the
                    searches that keep one; 0 for those that do not).
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    hits: int = 0
    table_size: int = 0

    def reset(self) -> None:
        """Set every counter back to zero (to reuse one object across runs)."""
        self.nodes = self.leaves = self.cutoffs = self.hits = self.table_size = 0

    def as_dict(self) -> dict[str, int]:
        """The counters as a plain dict, for tables and JSON."""
        return asdict(self)
