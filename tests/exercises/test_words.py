"""ttt.exercises.words: no "1 calls", no "2th"."""

from __future__ import annotations

import pytest

from ttt.exercises.words import folded, listing, moves_text, ordinal, plural, signed


@pytest.mark.parametrize("count, noun, text", [
    (1, "insertion", "1 insertion"), (2, "insertion", "2 insertions"), (1, "call", "1 call"),
    (0, "call", "0 calls"), (1, "ply", "1 ply"), (3, "ply", "3 plies"), (2_500, "node", "2,500 nodes"),
    (2, "match", "2 matches"), (2, "entry", "2 entries"), (2, "key", "2 keys"), (2, "child", "2 children"),
])
def test_plural(count, noun, text):
    assert plural(count, noun) == text


def test_plural_takes_an_irregular_form():
    assert plural(2, "index", "indices") == "2 indices" and plural(1, "index", "indices") == "1 index"


@pytest.mark.parametrize("number, text", [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
    (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"), (112, "112th"),
])
def test_ordinal(number, text):
    assert ordinal(number) == text


def test_listing():
    assert listing([]) == "" and listing(["a"]) == "a" and listing(["a", "b"]) == "a and b"
    assert listing(["a", "b", "c"]) == "a, b and c" and listing([1, 2]) == "1 and 2"


def test_signed():
    assert [signed(value) for value in (1, 0, -1, 10)] == ["+1", "0", "-1", "+10"]


def test_moves_text():
    assert moves_text([4, 0, 8]) == "X 4, O 0, X 8" and moves_text([]) == ""


def test_folded_keeps_only_lower_case_words_and_numbers():
    assert folded("rotate 180°") == folded("Rotate_180") == "rotate 180"
    assert folded("That was a WIN; now it is a draw.") == "that was a win now it is a draw"
