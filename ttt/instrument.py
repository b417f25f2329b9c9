"""Counters for searches: how much work did an algorithm do?

Every search in :mod:`ttt.minimax` and :mod:`ttt.pruning` takes an optional
``stats`` argument.  Pass a :class:`SearchStats` and the search adds to it as
it goes; leave it out and nothing is counted.  The counter only watches: the
search returns the same value with or without it, so a notebook can compare
the cost of two algorithms on exactly the code that the tests check.

The counting convention is the one that reproduces the published figures
(549,946 nodes for brute force, 18,297 for alpha-beta): *every* call of the
search function is a node, the root and the finished games included.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["SearchStats"]


@dataclass
class SearchStats:
    """What one search (or several, if you keep adding) looked at.

    ``nodes``   positions whose value the search asked for (one per call);
    ``leaves``  those that were finished games (or the cut-off frontier of a
                depth-limited tree), where the value is read off the board;
    ``cutoffs`` times a node stopped before looking at all its children,
                because the value already found could not be improved on or
                could no longer matter.
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0

    def reset(self) -> None:
        """Set every counter back to zero (to reuse one object across runs)."""
        self.nodes = self.leaves = self.cutoffs = 0

    def as_dict(self) -> dict[str, int]:
        """The counters as a plain dict, for tables and JSON."""
        return asdict(self)
