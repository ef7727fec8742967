"""ops.clip_by_global_norm and ops.clip_by_norm against NumPy float64 references: the
global norm over several Tensors, clipping or not, dtypes kept, Tensor and sequence
inputs, non-finite norms; argument errors."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor
from spore.ops.composite.clip import clip_by_global_norm, clip_by_norm

RNG = np.random.default_rng(0)
GRADS = [RNG.standard_normal(shape).astype(np.float32) for shape in [(3, 4), (4,), (), (2, 1, 3)]]


def global_norm(arrays, p=2.0):
    flat = np.concatenate([np.abs(a.astype(np.float64)).ravel() for a in arrays])
    return flat.max() if p == math.inf else (flat ** p).sum() ** (1 / p)


@pytest.mark.parametrize("clip_norm", [0.5, 1.0, 3, 100.0])
@pytest.mark.parametrize("container", [tuple, list])
def test_clip_by_global_norm(clip_norm, container):
    out = clip_by_global_norm(container(Tensor(g) for g in GRADS), clip_norm)
    assert isinstance(out, tuple) and len(out) == len(GRADS)
    factor = clip_norm / max(global_norm(GRADS), clip_norm)
    for result, grad in zip(out, GRADS):
        assert result.shape == grad.shape and result.dtype == ms.float32
        np.testing.assert_allclose(result.asnumpy(), grad * factor, rtol=1e-5, atol=1e-7)


def test_clip_by_global_norm_recorded_values():
    # MindSpore 2.7.1: ((3, 4), (0, 0)) and (12,) have global norm 13.
    a, b = clip_by_global_norm((Tensor([[3.0, 4.0], [0.0, 0.0]]), Tensor([12.0])))
    np.testing.assert_array_equal(a.asnumpy(), np.float32([[3, 4], [0, 0]]) / np.float32(13))
    np.testing.assert_array_equal(b.asnumpy(), np.float32([12]) / np.float32(13))


def test_clip_by_global_norm_of_one_tensor_and_dtypes():
    out = clip_by_global_norm(Tensor(GRADS[0]), 1.0)
    assert isinstance(out, Tensor)
    np.testing.assert_allclose(np.linalg.norm(out.asnumpy().astype(np.float64)), 1.0, rtol=1e-5)
    half, single = clip_by_global_norm((Tensor(GRADS[0], ms.float16), Tensor(GRADS[1])), 1.0)
    assert half.dtype == ms.float16 and single.dtype == ms.float32
    arrays = [GRADS[0].astype(np.float16), GRADS[1]]
    np.testing.assert_allclose(half.asnumpy(), arrays[0] / global_norm(arrays), rtol=2e-3, atol=1e-4)


@pytest.mark.parametrize("args, error, match", [
    (((Tensor([1.0]),), 0), ValueError, "'clip_norm' must be > 0"),
    (((Tensor([1.0]),), -1.0), ValueError, "'clip_norm' must be > 0"),
    (((Tensor([1.0]),), "1"), TypeError, "'clip_norm' must be int or float"),
    (((Tensor([1.0]),), 1.0, 2.0), ValueError, "'use_norm' only supports None"),
    (((Tensor([1.0]), 2.0),), TypeError, "every element of 'x' must be a Tensor"),
    ((np.ones(3),), TypeError, "'x' must be a Tensor or a tuple or list"),
])
def test_clip_by_global_norm_errors(args, error, match):
    with pytest.raises(error, match=match):
        clip_by_global_norm(*args)


@pytest.mark.parametrize("norm_type", [1, 2.0, 3.0, math.inf])
@pytest.mark.parametrize("max_norm", [0.5, 1000.0])
def test_clip_by_norm(norm_type, max_norm):
    out = clip_by_norm([Tensor(g) for g in GRADS], max_norm, norm_type)
    assert isinstance(out, tuple)
    coefficient = max_norm / (global_norm(GRADS, norm_type) + 1e-6)
    factor = coefficient if coefficient < 1 else 1.0
    for result, grad in zip(out, GRADS):
        assert result.shape == grad.shape and result.dtype == ms.float32
        np.testing.assert_allclose(result.asnumpy(), grad * factor, rtol=1e-5, atol=1e-7)


def test_clip_by_norm_of_one_tensor():
    out = clip_by_norm(Tensor([[3.0, 4.0], [0.0, 0.0]], ms.float16), 1.0)
    assert isinstance(out, Tensor) and out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy(), [[0.6, 0.8], [0, 0]], rtol=1e-3)


def test_clip_by_norm_non_finite():
    values = (Tensor([3.0, 4.0]), Tensor([np.inf]))
    with pytest.raises(RuntimeError, match="not finite"):
        clip_by_norm(values, 1.0, error_if_nonfinite=True)
    # An infinite norm clips with coefficient 0: finite values become 0, inf becomes NaN.
    a, b = clip_by_norm(values, 1.0)
    np.testing.assert_array_equal(a.asnumpy(), [0, 0])
    assert np.isnan(b.asnumpy()).all()


@pytest.mark.parametrize("kwargs, error, match", [
    ({"max_norm": "1"}, TypeError, "'max_norm' must be int or float"),
    ({"max_norm": 1.0, "norm_type": "fro"}, TypeError, "'norm_type' must be int or float"),
    ({"max_norm": 1.0, "error_if_nonfinite": 1}, TypeError, "'error_if_nonfinite' must be bool"),
])
def test_clip_by_norm_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        clip_by_norm(Tensor([1.0]), **kwargs)
