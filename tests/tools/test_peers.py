"""Other people's solvers (ttt.tools.peers): optional, so only what can be checked without them is required."""

import importlib.util
import subprocess
import sys

import pytest

from ttt.tools.peers import (
    COLD_SNIPPETS,
    PEAK_KB_SOURCE,
    PEERS,
    WHOLE_TABLE_SNIPPET,
    available,
    openspiel_game,
    peak_kb,
    runner,
)


def test_available_lists_the_peers_whose_library_imports():
    assert set(PEERS.values()) == {"pyspiel", "easyAI"}
    expected = [name for name, module in PEERS.items() if importlib.util.find_spec(module) is not None]
    assert available() == expected


def test_an_unknown_peer_is_refused():
    with pytest.raises(KeyError, match="unknown peer 'Deep Thought'; known: OpenSpiel alpha_beta_search"):
        runner("Deep Thought")


def test_the_peers_cold_snippets_are_peers():
    assert set(COLD_SNIPPETS) <= set(PEERS)
    assert not any(name.startswith("ttt") for name in COLD_SNIPPETS)  # ours live in ttt.tools.measure
    for snippet in COLD_SNIPPETS.values():
        compile(snippet, "<cold snippet>", "exec")


@pytest.mark.parametrize("name", list(PEERS))
def test_each_installed_peer_finds_the_draw(name):
    if name not in available():
        pytest.skip(f"{PEERS[name]} is not installed")
    value, detail = runner(name)()
    assert value == 0 and detail


def test_openspiel_names_the_mnk_game_columns_first():
    assert openspiel_game(3, 3, 3) == "tic_tac_toe"
    assert openspiel_game(4, 4, 4) == "mnk(m=4,n=4,k=4)"
    assert openspiel_game(3, 4, 3) == "mnk(m=4,n=3,k=3)"  # m counts columns, n rows
    compile(WHOLE_TABLE_SNIPPET.format(game="tic_tac_toe"), "<whole table>", "exec")
    if "pyspiel" not in {PEERS[name] for name in available()}:
        pytest.skip("OpenSpiel is not installed")
    import pyspiel

    state = pyspiel.load_game(openspiel_game(3, 4, 3)).new_initial_state()
    assert str(state).split() == ["...."] * 3  # three rows of four


def test_a_fresh_interpreter_reports_its_own_peak_not_its_parents():
    # ru_maxrss would report this process's peak in the child it forks; peak_kb (VmHWM) does not.
    ballast = bytearray(300 * 1024 * 1024)  # zero pages are not resident until written
    ballast[:: 4096] = b"\1" * len(ballast[:: 4096])
    assert peak_kb() > 300 * 1024
    snippet = PEAK_KB_SOURCE + "print(peak_kb())"
    child = int(subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True, check=True).stdout)
    assert 0 < child < 100 * 1024
    del ballast
