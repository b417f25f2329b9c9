"""Other people's solvers, measured beside ours when they happen to be installed.

``ttt`` depends on neither OpenSpiel nor easyAI: each adapter imports its
library inside the function and :func:`available` reports which ones load.
Install them yourself (``pip install open_spiel easyAI``) to see them in
``python -m ttt bench``.  :data:`COLD_SNIPPETS` are their first-call runs for
:func:`ttt.tools.measure.cold_times`, which keeps ``ttt``'s own beside them.
"""

from __future__ import annotations

import importlib.util
import inspect

from ttt.scores import sign

PEERS = {
    "OpenSpiel alpha_beta_search": "pyspiel",
    "OpenSpiel MinimaxSolver (whole table)": "pyspiel",
    "easyAI Negamax(9) best move": "easyAI",
}


def available() -> list[str]:
    """The names of the peer solvers whose libraries can be imported here."""
    return [name for name, module in PEERS.items() if importlib.util.find_spec(module) is not None]


def runner(name: str):
    """A function of no arguments that runs one peer solve of empty 3×3 tic-tac-toe.

    Returns ``(value_for_x, detail)`` so the bench can check that the peer
    agrees that the game is a draw.
    """
    if name == "OpenSpiel alpha_beta_search":
        import pyspiel
        from open_spiel.python.algorithms import minimax

        game = pyspiel.load_game("tic_tac_toe")

        def run():
            value, action = minimax.alpha_beta_search(game, game.new_initial_state())
            return value, f"move {action}"

        return run
    if name == "OpenSpiel MinimaxSolver (whole table)":
        from open_spiel.python.algorithms import minimax_solver

        def run():
            solver = minimax_solver.MinimaxSolver("tic_tac_toe")
            table = solver.solve()
            return max(entry.value for key, entry in table.items() if key.count(".") == 9), f"{len(table)} entries"

        return run
    if name == "easyAI Negamax(9) best move":
        from easyAI import Negamax
        from easyAI.games.TicTacToe import TicTacToe

        def run():
            game = TicTacToe([None, None])
            algorithm = Negamax(9)
            move = algorithm(game)
            return sign(algorithm.alpha), f"move {move}"

        return run
    raise KeyError(f"unknown peer {name!r}; known: {', '.join(PEERS)}")


COLD_SNIPPETS = {
    # Timed in a fresh interpreter: imports first, then the clock runs for the first solve only.
    "OpenSpiel alpha_beta_search": (
        "import time, pyspiel\n"
        "from open_spiel.python.algorithms import minimax\n"
        "game = pyspiel.load_game('tic_tac_toe')\n"
        "state = game.new_initial_state()\n"
        "t = time.perf_counter(); v, a = minimax.alpha_beta_search(game, state); t = time.perf_counter() - t\n"
        "print(t, int(v))"
    ),
    "OpenSpiel MinimaxSolver (whole table)": (
        "import time\n"
        "from open_spiel.python.algorithms import minimax_solver\n"
        "t = time.perf_counter(); s = minimax_solver.MinimaxSolver('tic_tac_toe'); s.solve(); t = time.perf_counter() - t\n"
        "print(t, 0)"
    ),
}


# ---------------------------------------------------------------------- the whole table of any m,n,k game


def openspiel_game(rows: int, cols: int, k: int) -> str:
    """OpenSpiel's game string for a rows×cols board with k in a row: ``tic_tac_toe`` on 3×3, else ``mnk``.

    OpenSpiel's ``mnk`` game takes ``m`` as the number of columns and ``n``
    as the number of rows (``mnk(m=3,n=4,k=3)`` prints 4 rows of 3).
    """
    return "tic_tac_toe" if (rows, cols, k) == (3, 3, 3) else f"mnk(m={cols},n={rows},k={k})"


def peak_kb() -> int:
    """The peak resident memory of this process in KiB: VmHWM on Linux, else ``ru_maxrss``.

    Not ``ru_maxrss`` on Linux: a child forked from a larger process (the
    benchmark) keeps the parent's high-water mark there, even after exec.
    Its source is pasted into every snippet that reports its own peak.
    """
    import resource
    import sys

    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // (1024 if sys.platform == "darwin" else 1)


PEAK_KB_SOURCE = inspect.getsource(peak_kb) + "\n"
"""The source of :func:`peak_kb`, for snippets run in fresh interpreters."""

WHOLE_TABLE_SNIPPET = PEAK_KB_SOURCE + (
    # OpenSpiel's MinimaxSolver builds its table of every unfinished position; in a fresh interpreter,
    # after the import, it prints: seconds, table entries, peak resident memory (KiB), CPU seconds.
    "import time\n"
    "from open_spiel.python.algorithms import minimax_solver\n"
    "start, cpu = time.perf_counter(), time.process_time()\n"
    "entries = len(minimax_solver.MinimaxSolver({game!r}).solve())\n"
    "seconds, cpu = time.perf_counter() - start, time.process_time() - cpu\n"
    "print(seconds, entries, peak_kb(), cpu)"
)
"""Format with ``game`` (:func:`openspiel_game`); :func:`ttt.tools.measure.retrograde_benchmark` runs it."""
