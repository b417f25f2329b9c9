"""The figures about a game tree that notebook 03 states, as one JSON-ready dict.

:func:`figures` gathers what the census (:func:`ttt.census.census`, a
count over the package's one forward sweep) finds about the tree of all
games from the empty board, plus the prime factorisation of the number of
games (255,168 = 2^6 · 3^2 · 443 for 3×3), in plain ints, lists and dicts
so it can go straight to ``json.dumps`` (the ``stats --json`` command).
Notebook 03 counts the same tree by walking it (:func:`ttt.tree.count_tree`);
the tests check that the two agree.
"""

from __future__ import annotations

from ttt.geometry import BoardError, check_shape

__all__ = ["figures", "factorise", "format_figures"]


def factorise(n: int) -> list[tuple[int, int]]:
    """``n`` as ``[(prime, exponent), ...]`` in increasing order of primes (``[]`` for 1)."""
    if n < 1:
        raise ValueError(f"can only factorise positive whole numbers, not {n}")
    factors = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            factors.append((p, e))
        p += 1
    if n > 1:
        factors.append((n, 1))
    return factors


CENSUS_MAX_CELLS = 16  # 4×4 takes a few seconds; 5×5 would not fit in memory


def figures(rows: int = 3, cols: int = 3, k: int = 3) -> dict:
    """The counts for the m×n, k game tree from the empty board.

    Keys: ``rows``, ``cols``, ``k``, ``nodes``, ``games``, ``outcomes``
    (``{"X": .., "O": .., "draw": ..}``), ``games_by_length`` and
    ``nodes_per_ply`` (lists indexed by the number of moves made, from 0 to
    rows·cols), ``positions``, ``unfinished``, ``positions_per_ply``,
    ``unfinished_per_ply``, ``games_factorised`` (``[[prime, exponent],
    ...]``), and the positions up to symmetry: ``positions_up_to_symmetry``,
    ``finished_up_to_symmetry``, ``unfinished_up_to_symmetry``.  Lists rather
    than dicts keyed by ply, so that the JSON reads back exactly as written.
    Raises :class:`ttt.BoardError` for a bad size.

    Counted by the NumPy census (:mod:`ttt.census`), up to 16 cells (4×4
    takes a few seconds).
    """
    from ttt.census import census  # NumPy: imported only when figures are asked for

    check_shape(rows, cols, k)
    if rows * cols > CENSUS_MAX_CELLS:
        raise BoardError(
            f"a {rows}×{cols} board has too many positions to count here: stats handles up to"
            f" {CENSUS_MAX_CELLS} cells"
        )
    levels = census(rows, cols, k)
    by_length = [sum(g.values()) for g in levels.games]
    games = sum(by_length)
    return {
        "rows": rows,
        "cols": cols,
        "k": k,
        "nodes": sum(levels.nodes_per_ply),
        "games": games,
        "outcomes": {o: sum(g[o] for g in levels.games) for o in ("X", "O", "draw")},
        "games_by_length": by_length,
        "nodes_per_ply": levels.nodes_per_ply,
        "positions": levels.positions,
        "unfinished": levels.unfinished,
        "positions_per_ply": [row[0] for row in levels.per_ply],
        "unfinished_per_ply": [row[0] - row[1] for row in levels.per_ply],
        "games_factorised": [[p, e] for p, e in factorise(games)],
        "positions_up_to_symmetry": levels.classes,
        "finished_up_to_symmetry": levels.finished_classes,
        "unfinished_up_to_symmetry": levels.classes - levels.finished_classes,
    }


def _power(p: int, e: int) -> str:
    return str(p) if e == 1 else f"{p}^{e}"


def format_figures(figs: dict) -> str:
    """The figures as an aligned, human-readable table (what ``python -m ttt stats`` prints)."""
    out = figs["outcomes"]
    factors = " · ".join(_power(p, e) for p, e in figs["games_factorised"]) or "1"
    w = max(12, len(f"{figs['nodes']:,}"))
    lines = [
        f"{figs['rows']}×{figs['cols']} board, {figs['k']} in a row, X moves first",
        f"nodes in the game tree     {figs['nodes']:>{w},}",
        f"complete games (leaves)    {figs['games']:>{w},}  = {factors}",
        f"  won by X                 {out['X']:>{w},}",
        f"  won by O                 {out['O']:>{w},}",
        f"  drawn                    {out['draw']:>{w},}",
        f"distinct positions         {figs['positions']:>{w},}",
        f"  unfinished               {figs['unfinished']:>{w},}",
        f"positions up to symmetry   {figs['positions_up_to_symmetry']:>{w},}",
        f"  finished                 {figs['finished_up_to_symmetry']:>{w},}",
        f"  unfinished               {figs['unfinished_up_to_symmetry']:>{w},}",
        "",
    ]
    columns = [
        ("ply", list(range(len(figs["nodes_per_ply"])))),
        ("nodes", figs["nodes_per_ply"]),
        ("games ending", figs["games_by_length"]),
        ("positions", figs["positions_per_ply"]),
        ("unfinished", figs["unfinished_per_ply"]),
    ]
    widths = [max(len(title), *(len(f"{v:,}") for v in values)) for title, values in columns]
    lines.append(" ".join(f"{title:>{width}}" for (title, _), width in zip(columns, widths)))
    for ply in range(len(columns[0][1])):
        lines.append(" ".join(f"{values[ply]:>{width},}" for (_, values), width in zip(columns, widths)))
    return "\n".join(lines)
