"""Other people's solvers (ttt.tools.peers): optional, so only what can be checked without them is required."""

import importlib.util

import pytest

from ttt.tools.peers import COLD_SNIPPETS, PEERS, available, runner


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
