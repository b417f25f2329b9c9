"""The pieces of the NumPy census, checked one by one against plain Python.

The census merges each cell's children into the next level (``_merge``) and maps packed
positions through the symmetries with tables (``_canonical``); up to 16 cells a position packs
into 32 bits, beyond that into 64, so both widths are checked.
"""

import functools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ttt.census import _canonical, _merge, _symmetry_tables
from ttt.symmetry import permutations, transform_cells


@pytest.mark.parametrize("dtype", [np.uint32, np.uint64])
@given(old=st.dictionaries(st.integers(0, 2**32 - 1), st.integers(1, 1000), max_size=60),
       new=st.dictionaries(st.integers(0, 2**32 - 1), st.integers(1, 1000), max_size=60))
def test_merge_is_the_sorted_union_with_the_counts_added(dtype, old, new):
    expected = dict(old)
    for key, count in new.items():
        expected[key] = expected.get(key, 0) + count

    def arrays(table):
        keys = sorted(table)
        return np.array(keys, dtype=dtype), np.array([table[k] for k in keys], dtype=float)

    level, counts = _merge(np, *arrays(old), *arrays(new))
    assert level.dtype == dtype
    assert level.tolist() == sorted(expected)
    assert counts.tolist() == [expected[key] for key in sorted(expected)]
    bare, none = _merge(np, arrays(old)[0], None, arrays(new)[0], None)
    assert bare.tolist() == sorted(expected) and none is None


def pack(cells: str) -> int:
    n = len(cells)
    return sum(1 << i for i, c in enumerate(cells) if c == "X") | sum(1 << (i + n) for i, c in enumerate(cells) if c == "O")


@functools.cache
def tables(rows, cols, dtype):
    return _symmetry_tables(np, permutations(rows, cols), rows * cols, dtype)


@pytest.mark.parametrize("rows, cols, dtype", [(3, 3, np.uint32), (3, 4, np.uint32), (4, 4, np.uint32),
                                               (3, 6, np.uint64), (4, 5, np.uint64)])
@given(data=st.data())
def test_canonical_is_the_smallest_packed_image(rows, cols, dtype, data):
    n = rows * cols
    boards = data.draw(st.lists(st.text("XO.", min_size=n, max_size=n), min_size=1, max_size=20))
    perms = permutations(rows, cols)
    keys = np.array([pack(cells) for cells in boards], dtype=dtype)
    canon = _canonical(np, keys, tables(rows, cols, dtype))
    assert canon.dtype == dtype
    assert canon.tolist() == [min(pack(transform_cells(cells, p)) for p in perms) for cells in boards]
