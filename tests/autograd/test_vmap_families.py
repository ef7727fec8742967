"""vmap against a Python loop, for every registered op family: each forward case of the
op families (tests/ops) runs on a batch of two samples (the case's inputs, and for float
inputs a scaled copy) through ms.vmap, and must equal the per-sample results stacked.

Cases whose infer needs a Tensor argument's value (VALUE_INPUTS of the Graph-mode
differential test) keep those arguments shared (in_axes None), as a batched value can
not decide a shape."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from tests.compiler.test_differential import FORWARD_CASES, _value_positions, assert_same
from tests.ops.op_testing import to_tensors


def _second_sample(value):
    """Another sample like `value`: floats scaled (their sign and zeros kept), other
    dtypes the same values."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "fc":
        return np.asarray(value * 0.75).astype(value.dtype)
    return value


def _batch_axes(case) -> tuple:
    """Which inputs are batched: the Tensors (NumPy arrays) whose values infer does not need."""
    shared = set(_value_positions(case))
    return tuple(0 if isinstance(v, np.ndarray) and i not in shared else None for i, v in enumerate(case.inputs))


def _call(case, args):
    return case.op(*args)


@pytest.mark.parametrize("case", FORWARD_CASES)
def test_vmap_matches_a_loop(case):
    axes = _batch_axes(case)
    if not any(a is not None for a in axes):
        pytest.skip("no Tensor input to batch")
    samples = [case.inputs, tuple(_second_sample(v) if a is not None else v for v, a in zip(case.inputs, axes))]
    try:
        per_sample = [_call(case, to_tensors(s)) for s in samples]
    except (TypeError, ValueError, RuntimeError):
        pytest.skip("the second sample is outside the op's domain")
    if not all(isinstance(leaf, Tensor) for leaf in _leaves(per_sample[0])):
        pytest.skip("the op returns no Tensor")
    if any(_shapes(per_sample[0]) != _shapes(r) for r in per_sample[1:]):
        pytest.skip("the output shape depends on the values")
    batched = tuple(Tensor(np.stack([s[i] for s in samples])) if a is not None else to_tensors(v)
                    for i, (v, a) in enumerate(zip(case.inputs, axes)))
    got = ms.vmap(lambda *args: _call(case, args), in_axes=axes)(*batched)
    assert_same(got, _stacked(per_sample), _TOLERANCE)


# A batched kernel may sum in another order than the per-sample one (convolutions, matmuls).
_TOLERANCE = {np.dtype(np.float16): (1e-2, 1e-2), np.dtype(np.float32): (1e-4, 1e-4),
              np.dtype(np.float64): (1e-9, 1e-12)}


def _leaves(value) -> list:
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def _shapes(value) -> list:
    return [tuple(leaf.shape) for leaf in _leaves(value)]


def _stacked(results: list):
    first = results[0]
    if isinstance(first, (tuple, list)):
        return type(first)(_stacked([r[i] for r in results]) for i in range(len(first)))
    return ops.stack(results)
