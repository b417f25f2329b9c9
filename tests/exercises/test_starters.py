"""ttt.exercises.starters: starter cells made from the worked solution's signature."""

from __future__ import annotations

from ttt.exercises import exercise
from ttt.exercises.starters import answer_starter, function_starter, signature_line


def alphabeta_soft(board, alpha: int, beta: int = 1, stats=None) -> int:
    return 0


def trie_lookup(trie, key):
    return None


def test_the_def_line_keeps_parameters_and_defaults_but_not_annotations():
    assert signature_line(alphabeta_soft) == "def alphabeta_soft(board, alpha, beta=1, stats=None):"


def test_a_function_starter_raises_then_checks():
    assert function_starter(trie_lookup)('exercise("06", 3)') == (
        "def trie_lookup(trie, key):\n    raise NotImplementedError  # replace this line with your code\n\n\n"
        'exercise("06", 3).check(trie_lookup)')


def test_several_functions_are_passed_as_a_tuple():
    text = function_starter(alphabeta_soft, trie_lookup)('exercise("99", 1)')
    assert text.count("raise NotImplementedError") == 2
    assert text.endswith('exercise("99", 1).check((alphabeta_soft, trie_lookup))')


def test_an_answer_starter_passes_none():
    assert answer_starter("(nodes, games)")('exercise("03", 1)') == (
        'answer = None  # (nodes, games)\nexercise("03", 1).check(answer)')


def test_the_registry_renders_a_starter_with_its_own_exercise():
    item = exercise("05", 3)            # declared with function_starter
    assert isinstance(item.starter, str)
    assert item.starter.startswith("def alphabeta_soft(board, alpha, beta, stats):\n    raise NotImplementedError")
    assert item.starter.endswith('exercise("05", 3).check(alphabeta_soft)')
