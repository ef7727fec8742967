"""The shared harness for operator tests.

A family's test module lists `CASES` (forward checks) and `ERROR_CASES` (bad input);
`test_registry.py` collects them all and checks every registered primitive has both.

A forward case runs the op on Tensors made from NumPy inputs and compares with a NumPy
reference computed on the same inputs; it also checks that the primitive's `infer`
predicts the output's shape and dtype, so infer and kernel cannot drift apart.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
import pytest

import spore as ms
from spore.ops.primitive import Primitive, TensorSpec


class OpCase(NamedTuple):
    op: Any                      # a Primitive instance, or a function of the ops API
    inputs: tuple                # NumPy arrays become Tensors; other values pass as they are
    reference: Callable          # NumPy function of the same inputs
    rtol: float = 1e-5
    atol: float = 1e-6
    check_dtype: bool = True     # compare output dtype with the reference's dtype
    prim: str | None = None      # the primitive a functional case exercises (for coverage)


class ErrorCase(NamedTuple):
    op: Any
    inputs: tuple
    error: type                  # TypeError / ValueError / RuntimeError
    match: str                   # a fragment the message must contain (regex)
    prim: str | None = None


def to_tensors(values):
    if isinstance(values, np.ndarray):
        return ms.Tensor(values)
    if isinstance(values, tuple):
        return tuple(to_tensors(v) for v in values)
    if isinstance(values, list):
        return [to_tensors(v) for v in values]
    return values


def primitive_name(case) -> str | None:
    if case.prim is not None:
        return case.prim
    return type(case.op).__name__ if isinstance(case.op, Primitive) else None


def case_id(case) -> str:
    name = primitive_name(case) or getattr(case.op, "__name__", "op")
    shapes = ",".join(str(getattr(v, "shape", type(v).__name__)) for v in case.inputs)
    return f"{name}[{shapes}]"


def _flatten(value):
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _flatten(v)]
    return [value]


def run_case(case: OpCase) -> None:
    tensors = to_tensors(case.inputs)
    got = case.op(*tensors)
    want = case.reference(*case.inputs)
    got_leaves, want_leaves = _flatten(got), _flatten(want)
    assert len(got_leaves) == len(want_leaves), f"{len(got_leaves)} outputs, expected {len(want_leaves)}"
    for g, w in zip(got_leaves, want_leaves):
        if not isinstance(g, ms.Tensor):
            assert g == w
            continue
        w = np.asarray(w)
        g_np = g.asnumpy()
        assert g_np.shape == w.shape, f"shape {g_np.shape}, expected {w.shape}"
        if case.check_dtype:
            assert g_np.dtype == w.dtype, f"dtype {g_np.dtype}, expected {w.dtype}"
        if w.dtype.kind in "fc":
            np.testing.assert_allclose(g_np, w, rtol=case.rtol, atol=case.atol, equal_nan=True)
        else:
            np.testing.assert_array_equal(g_np, w)
    if isinstance(case.op, Primitive):
        _check_infer(case.op, tensors, got)


def _check_infer(prim: Primitive, tensors, got) -> None:
    spec = prim.infer(*tensors)
    specs, outs = _flatten(spec), _flatten(got)
    assert len(specs) == len(outs), f"infer gives {len(specs)} outputs, the kernel {len(outs)}"
    for s, out in zip(specs, outs):
        if isinstance(s, TensorSpec):
            assert (s.shape, s.dtype) == (out.shape, out.dtype), \
                f"infer says {s}, the kernel gave shape {out.shape} dtype {out.dtype}"


def run_error_case(case: ErrorCase) -> None:
    """`case.op(*inputs)` raises; for a bad attribute, `op` is a lambda building the
    Primitive, with inputs ()."""
    with pytest.raises(case.error, match=case.match):
        case.op(*to_tensors(case.inputs))


_rng = np.random.default_rng(0)


def rand(*shape, dtype=np.float32, low=-1.0, high=1.0) -> np.ndarray:
    """Uniform random values of `dtype` (integers drawn from [low, high))."""
    if np.issubdtype(dtype, np.integer):
        return _rng.integers(int(low), int(high), size=shape).astype(dtype)
    if dtype == np.bool_:
        return _rng.random(shape) < 0.5
    return _rng.uniform(low, high, size=shape).astype(dtype)


def positive(*shape, dtype=np.float32) -> np.ndarray:
    return rand(*shape, dtype=dtype, low=0.1, high=2.0)


def ramp(*shape, dtype=np.float32, low=-1.0, high=1.0) -> np.ndarray:
    """Evenly spaced values in [low, high] of `shape`, drawn from no random stream: the
    inputs of families added later, so that the random inputs of the others stay what
    they were."""
    size = int(np.prod(shape))
    return np.linspace(low, high, size).reshape(shape).astype(dtype)

