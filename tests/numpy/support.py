"""Comparing mindspore.numpy results with NumPy references: values (float64 references,
float32 tolerances) and the dtype mindspore.numpy gives."""
from __future__ import annotations

import numpy as np

from spore import Tensor


def leaves(value) -> list:
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in leaves(v)]
    return [value]


def assert_matches(actual, expected, dtype: str | None = None, rtol: float = 1e-5, atol: float = 1e-6) -> None:
    """`actual` (a Tensor, or a tuple / list of them) equals the NumPy `expected` within tolerance,
    with the same structure; `dtype` names the expected mindspore dtype of every Tensor leaf."""
    got, want = leaves(actual), leaves(expected)
    assert len(got) == len(want), f"{len(got)} outputs, expected {len(want)}"
    for g, w in zip(got, want):
        if isinstance(g, Tensor):
            if dtype is not None:
                assert str(g.dtype) == dtype, f"dtype {g.dtype}, expected {dtype}"
            g = g.asnumpy()
        w = np.asarray(w)
        assert np.shape(g) == w.shape, f"shape {np.shape(g)}, expected {w.shape}"
        if w.dtype == bool:
            np.testing.assert_array_equal(g, w)
        else:
            np.testing.assert_allclose(np.asarray(g, np.float64), w.astype(np.float64), rtol=rtol, atol=atol)
