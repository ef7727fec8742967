"""nn.ClipByNorm against a NumPy float64 reference: the whole tensor and chosen axes,
broadcast clip_norm, float16 inputs, all-zero slices (with a finite gradient); argument
and input errors."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor
from spore.nn.layer.clip import ClipByNorm

RNG = np.random.default_rng(0)


def reference(x, clip_norm, axis=None):
    x = x.astype(np.float64)
    axis = tuple(range(x.ndim)) if axis is None else tuple(np.atleast_1d(axis))
    norm = np.sqrt((x ** 2).sum(axis=axis, keepdims=True))
    return x * clip_norm / np.maximum(norm, clip_norm)


@pytest.mark.parametrize("shape, axis", [
    ((4, 5), None), ((4, 5), 0), ((4, 5), 1), ((4, 5), -1), ((2, 3, 4), (0, 2)), ((2, 3, 4), [1]),
    ((3,), None), ((), None), ((1, 1), None)])
@pytest.mark.parametrize("clip_norm", [0.5, 100.0])
def test_clip_by_norm_layer(shape, axis, clip_norm):
    x = RNG.standard_normal(shape).astype(np.float32)
    out = ClipByNorm(axis)(Tensor(x), Tensor(np.float32(clip_norm)))
    assert out.shape == shape and out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), reference(x, clip_norm, axis), rtol=1e-5, atol=1e-7)


def test_clip_by_norm_layer_broadcast_clip_norm_and_float16():
    x = np.array([[3.0, 4.0], [6.0, 8.0]], np.float32)
    clip_norm = np.array([[1.0], [20.0]], np.float32)
    out = ClipByNorm(axis=1)(Tensor(x, ms.float16), Tensor(clip_norm, ms.float16))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [[0.6, 0.8], [6.0, 8.0]], rtol=1e-6)
    out = ClipByNorm()(Tensor(x), Tensor(np.array([1.0], np.float32)))
    np.testing.assert_allclose(out.asnumpy(), reference(x, 1.0), rtol=1e-6)


def test_clip_by_norm_layer_zero_slice_and_gradient():
    x = Tensor(np.array([[3.0, 4.0], [0.0, 0.0]], np.float32))
    layer = ClipByNorm(axis=1)
    np.testing.assert_allclose(layer(x, Tensor(1.0)).asnumpy(), [[0.6, 0.8], [0, 0]], rtol=1e-6)
    grad = ms.grad(lambda v: layer(v, Tensor(1.0)).sum())(x)
    assert np.isfinite(grad.asnumpy()).all()
    # Clipped row: d/dx_i sum(x / |x|) = 1 / |x| - sum(x) * x_i / |x|**3. Zero row: identity.
    np.testing.assert_allclose(grad.asnumpy(), [[1 / 5 - 7 * 3 / 125, 1 / 5 - 7 * 4 / 125], [1.0, 1.0]],
                               rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("x, clip_norm, error, match", [
    (Tensor([1, 2], ms.int32), Tensor(1.0), TypeError, "dtype of 'x'"),
    (Tensor([1.0, 2.0]), Tensor(1, ms.int32), TypeError, "dtype of 'clip_norm'"),
    (Tensor([1.0, 2.0]), 1.0, TypeError, "'clip_norm' must be a Tensor"),
    (np.ones(2, np.float32), Tensor(1.0), TypeError, "'x' must be a Tensor"),
])
def test_clip_by_norm_layer_input_errors(x, clip_norm, error, match):
    with pytest.raises(error, match=match):
        ClipByNorm()(x, clip_norm)


@pytest.mark.parametrize("axis, error", [(1.5, TypeError), ((0, "1"), TypeError), (True, TypeError)])
def test_clip_by_norm_layer_axis_type_errors(axis, error):
    with pytest.raises(error, match="'axis'"):
        ClipByNorm(axis)


@pytest.mark.parametrize("axis", [2, -3, (0, 0)])
def test_clip_by_norm_layer_axis_value_errors(axis):
    with pytest.raises(ValueError, match="'axis'"):
        ClipByNorm(axis)(Tensor(np.ones((2, 2), np.float32)), Tensor(1.0))


def test_clip_by_norm_layer_repr():
    assert repr(ClipByNorm()) == "ClipByNorm()"
