"""nn pooling layers: forward (and indices) against direct NumPy float64 loops, unbatched
inputs, repr, argument errors and input errors.

The reference visits each output position, collects the elements of its (dilated)
window that lie inside the input, and takes their maximum (and its flattened position in
the input plane) or their sum over the divisor. Output sizes follow MindSpore's rules:
'valid' floor((n - extent) / s) + 1, 'same' ceil(n / s) with TensorFlow's padding,
'pad' floor (or ceil, with ceil_mode, dropping a last window that would start in the
trailing padding) of (n + 2p - extent) / s, plus 1.
"""
import math

import numpy as np
import pytest

from spore import Tensor
from spore import dtype as mstype
from spore.nn.layer.pooling import (
    AdaptiveAvgPool1d,
    AdaptiveAvgPool2d,
    AdaptiveAvgPool3d,
    AdaptiveMaxPool1d,
    AdaptiveMaxPool2d,
    AdaptiveMaxPool3d,
    AvgPool1d,
    AvgPool2d,
    AvgPool3d,
    MaxPool1d,
    MaxPool2d,
    MaxPool3d,
)

F64 = {"rtol": 1e-12, "atol": 1e-12}


# ---- references ------------------------------------------------------------------------------
def out_size(n, k, s, d, begin, end, ceil_mode):
    span = n + begin + end - (k - 1) * d - 1
    if not ceil_mode:
        return span // s + 1
    out = -(-span // s) + 1
    return out - 1 if (out - 1) * s >= n + begin else out


def geometry(kwargs, sizes, rank):
    """kernel, stride, dilation, (begin, end) pads and ceil_mode of a pool layer's
    arguments for input spatial `sizes`."""
    def per_dim(value):
        values = (value,) if isinstance(value, int) else tuple(value)
        return values * rank if len(values) == 1 else values

    kernel, stride = per_dim(kwargs.get("kernel_size", 1)), per_dim(kwargs.get("stride", 1))
    dilation = per_dim(kwargs.get("dilation", 1))
    mode = kwargs.get("pad_mode", "valid").lower()
    if mode == "same":
        pads = []
        for n, k, s in zip(sizes, kernel, stride):
            total = max((math.ceil(n / s) - 1) * s + k - n, 0)
            pads.append((total // 2, total - total // 2))
    else:
        pads = [(p, p) for p in per_dim(kwargs.get("padding", 0))]
    return kernel, stride, dilation, pads, kwargs.get("ceil_mode", False)


def pool_ref(x, kind, kernel, stride, dilation, pads, ceil_mode=False, count_include_pad=False,
             divisor_override=None):
    """(output, argmax) of a max pool (kind 'max') or output of an average pool of x
    (N, C, *spatial). The average divides by divisor_override, else by the number of
    window elements inside the input, or inside the padded input with count_include_pad."""
    sizes = x.shape[2:]
    outs = [out_size(n, k, s, d, b, e, ceil_mode) for n, k, s, d, (b, e) in
            zip(sizes, kernel, stride, dilation, pads)]
    result = np.zeros(x.shape[:2] + tuple(outs))
    argmax = np.zeros(result.shape, np.int64)
    for pos in np.ndindex(*outs):
        coords, padded_count = [], 0
        for off in np.ndindex(*kernel):
            point = tuple(p * s + o * d - b for p, o, s, d, (b, _) in zip(pos, off, stride, dilation, pads))
            padded_count += all(-b <= c < n + e for c, n, (b, e) in zip(point, sizes, pads))
            if all(0 <= c < n for c, n in zip(point, sizes)):
                coords.append(point)
        values = np.stack([x[(slice(None), slice(None)) + c] for c in coords], axis=-1)
        index = (slice(None), slice(None)) + pos
        if kind == "max":
            best = values.argmax(-1)
            result[index] = values.max(-1)
            argmax[index] = np.array([np.ravel_multi_index(c, sizes) for c in coords])[best]
        else:
            divisor = divisor_override or (padded_count if count_include_pad else len(coords))
            result[index] = values.sum(-1) / divisor
    return (result, argmax) if kind == "max" else result


def adaptive_ref(x, kind, out_sizes):
    """(output, argmax) of an adaptive max pool or output of an adaptive average pool:
    output cell i of a dim of size n spans [floor(i * n / m), ceil((i + 1) * n / m))."""
    sizes = x.shape[2:]
    result = np.zeros(x.shape[:2] + tuple(out_sizes))
    argmax = np.zeros(result.shape, np.int64)
    for pos in np.ndindex(*out_sizes):
        ranges = [range(i * n // m, -(-(i + 1) * n // m)) for i, n, m in zip(pos, sizes, out_sizes)]
        coords = list(np.ndindex(*[len(r) for r in ranges]))
        coords = [tuple(r[j] for r, j in zip(ranges, c)) for c in coords]
        values = np.stack([x[(slice(None), slice(None)) + c] for c in coords], axis=-1)
        index = (slice(None), slice(None)) + pos
        if kind == "max":
            result[index] = values.max(-1)
            argmax[index] = np.array([np.ravel_multi_index(c, sizes) for c in coords])[values.argmax(-1)]
        else:
            result[index] = values.mean(-1)
    return (result, argmax) if kind == "max" else result


def rand(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


# ---- max pools -------------------------------------------------------------------------------
MAX_CASES = [
    (MaxPool2d, dict(kernel_size=2, stride=2), (2, 3, 7, 6)),
    (MaxPool2d, dict(kernel_size=(3, 2), stride=(2, 1), pad_mode="same"), (2, 3, 7, 6)),
    (MaxPool2d, dict(kernel_size=(3, 2), stride=(2, 1), pad_mode="SAME"), (2, 3, 7, 6)),
    (MaxPool2d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1), (2, 3, 7, 6)),
    (MaxPool2d, dict(kernel_size=3, stride=2, pad_mode="Pad", padding=(1, 0), ceil_mode=True), (2, 3, 7, 6)),
    (MaxPool2d, dict(kernel_size=3, stride=1, pad_mode="pad", padding=1, dilation=2), (2, 3, 7, 6)),
    (MaxPool2d, dict(kernel_size=3, stride=3), (1, 2, 3, 3)),
    (MaxPool1d, dict(kernel_size=3, stride=2), (2, 3, 9)),
    (MaxPool1d, dict(kernel_size=3, stride=2, pad_mode="same"), (2, 3, 9)),
    (MaxPool1d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, ceil_mode=True), (2, 3, 10)),
    (MaxPool1d, dict(kernel_size=2, stride=1, pad_mode="pad", padding=(1,), dilation=2), (2, 3, 9)),
    (MaxPool3d, dict(kernel_size=2, stride=2), (2, 3, 5, 6, 7)),
    (MaxPool3d, dict(kernel_size=(2, 3, 2), stride=(1, 2, 2), pad_mode="same"), (2, 3, 5, 6, 7)),
    (MaxPool3d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, ceil_mode=True), (2, 3, 5, 6, 7)),
    (MaxPool3d, dict(kernel_size=2, stride=1, pad_mode="pad", padding=(1, 0, 1), dilation=2), (1, 2, 5, 6, 7)),
]


@pytest.mark.parametrize("cls, kwargs, shape", MAX_CASES)
def test_max_pool_forward(cls, kwargs, shape):
    x = rand(shape)
    expected, _ = pool_ref(x, "max", *geometry(kwargs, shape[2:], len(shape) - 2))
    out = cls(**kwargs)(Tensor(x))
    assert out.dtype == mstype.float64
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)


@pytest.mark.parametrize("cls, kwargs, shape", [
    (MaxPool2d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, return_indices=True), (2, 3, 7, 6)),
    (MaxPool2d, dict(kernel_size=2, stride=1, pad_mode="pad", dilation=(2, 1), return_indices=True,
                     ceil_mode=True), (2, 3, 7, 6)),
    (MaxPool1d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, return_indices=True), (2, 3, 9)),
    (MaxPool3d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=(1, 0, 1), return_indices=True),
     (2, 3, 5, 6, 7)),
])
def test_max_pool_indices(cls, kwargs, shape):
    x = rand(shape, 3)
    expected, expected_indices = pool_ref(x, "max", *geometry(kwargs, shape[2:], len(shape) - 2))
    out, indices = cls(**kwargs)(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)
    assert indices.dtype == mstype.int64
    np.testing.assert_array_equal(indices.asnumpy(), expected_indices)


# ---- average pools ---------------------------------------------------------------------------
AVG_CASES = [
    (AvgPool2d, dict(kernel_size=2, stride=2), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, pad_mode="same"), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, pad_mode="same", count_include_pad=False), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, count_include_pad=False), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=(1, 0), ceil_mode=True), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, divisor_override=2), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, ceil_mode=True), (2, 3, 7, 6)),
    (AvgPool2d, dict(kernel_size=3, stride=2, pad_mode="same", ceil_mode=True), (2, 3, 7, 6)),
    (AvgPool1d, dict(kernel_size=3, stride=2), (2, 3, 9)),
    (AvgPool1d, dict(kernel_size=3, stride=2, pad_mode="same"), (2, 3, 9)),
    (AvgPool1d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1), (2, 3, 9)),
    (AvgPool1d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, count_include_pad=False,
                     ceil_mode=True), (2, 3, 10)),
    (AvgPool3d, dict(kernel_size=2, stride=2), (2, 3, 5, 6, 7)),
    (AvgPool3d, dict(kernel_size=3, stride=2, pad_mode="same"), (2, 3, 5, 6, 7)),
    (AvgPool3d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=(1, 0, 1), count_include_pad=False),
     (2, 3, 5, 6, 7)),
    (AvgPool3d, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, divisor_override=5, ceil_mode=True),
     (1, 3, 5, 6, 7)),
]


@pytest.mark.parametrize("cls, kwargs, shape", AVG_CASES)
def test_avg_pool_forward(cls, kwargs, shape):
    x = rand(shape)
    mode = kwargs.get("pad_mode", "valid").lower()
    # MindSpore's rule: count_include_pad counts 'pad' padding, and 'same' padding only
    # where the layer pools through AvgPool3D (AvgPool3d always; AvgPool1d / 2d with
    # options), never through the plain AvgPool of AvgPool1d / 2d without options
    plain = cls is not AvgPool3d and set(kwargs) <= {"kernel_size", "stride", "pad_mode"}
    include = kwargs.get("count_include_pad", True) and (mode == "pad" or (mode == "same" and not plain))
    expected = pool_ref(x, "avg", *geometry(kwargs, shape[2:], len(shape) - 2), count_include_pad=include,
                        divisor_override=kwargs.get("divisor_override"))
    np.testing.assert_allclose(cls(**kwargs)(Tensor(x)).asnumpy(), expected, **F64)


@pytest.mark.parametrize("length", [3, 4])
def test_avg_pool1d_same_length_of_one_window_gives_one_output(length):
    # MindSpore's AvgPool1d pools a length in [kernel, kernel + stride) as one window
    x = rand((2, 3, length))
    out = AvgPool1d(kernel_size=3, stride=2, pad_mode="same")(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), x[:, :, :3].mean(-1, keepdims=True), **F64)


def test_float32_pools():
    x = rand((1, 2, 4, 4)).astype(np.float32)
    out = MaxPool2d(kernel_size=2, stride=2)(Tensor(x))
    assert out.dtype == mstype.float32
    np.testing.assert_array_equal(out.asnumpy(), x.reshape(1, 2, 2, 2, 2, 2).max((3, 5)))
    out = AvgPool2d(kernel_size=2, stride=2)(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), x.reshape(1, 2, 2, 2, 2, 2).mean((3, 5)), rtol=1e-6)


# ---- unbatched inputs ------------------------------------------------------------------------
@pytest.mark.parametrize("layer, shape", [
    (MaxPool2d(3, 2), (3, 7, 6)),
    (MaxPool2d(3, 2, "pad", padding=1), (3, 7, 6)),
    (MaxPool1d(3, 2), (3, 9)),
    (MaxPool1d(3, 2, "pad", padding=1), (3, 9)),
    (MaxPool3d(2, 2), (3, 4, 4, 4)),
    (AvgPool2d(3, 2), (3, 7, 6)),
    (AvgPool2d(3, 2, "pad", padding=1), (3, 7, 6)),
    (AvgPool1d(3, 2), (3, 9)),
    (AvgPool1d(3, 2, "pad", padding=1), (3, 9)),
    (AvgPool3d(2, 2), (3, 4, 4, 4)),
    (AdaptiveAvgPool2d(2), (3, 7, 6)),
    (AdaptiveMaxPool2d(2), (3, 7, 6)),
    (AdaptiveAvgPool3d(2), (3, 4, 4, 4)),
    (AdaptiveMaxPool3d(2), (3, 4, 4, 4)),
])
def test_unbatched_input_pools_like_a_batch_of_one(layer, shape):
    x = rand(shape)
    batched = layer(Tensor(x[None])).asnumpy()
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), batched[0], **F64)


def test_unbatched_indices():
    x = rand((3, 7, 6))
    out, indices = MaxPool2d(3, 2, "pad", padding=1, return_indices=True)(Tensor(x))
    _, expected = pool_ref(x[None], "max", (3, 3), (2, 2), (1, 1), [(1, 1)] * 2)
    assert out.shape == (3, 4, 3)
    np.testing.assert_array_equal(indices.asnumpy(), expected[0])


# ---- adaptive pools --------------------------------------------------------------------------
@pytest.mark.parametrize("cls, output_size, shape, out_sizes", [
    (AdaptiveAvgPool2d, (3, None), (2, 3, 7, 6), (3, 6)),
    (AdaptiveAvgPool2d, 4, (2, 3, 7, 6), (4, 4)),
    (AdaptiveAvgPool3d, (2, 3, 4), (2, 3, 5, 6, 7), (2, 3, 4)),
    (AdaptiveAvgPool3d, 1, (1, 2, 3, 4, 5), (1, 1, 1)),
    (AdaptiveAvgPool1d, 3, (2, 3, 9), (3,)),
    (AdaptiveMaxPool2d, (3, 2), (2, 3, 7, 6), (3, 2)),
    (AdaptiveMaxPool2d, 4, (2, 3, 7, 6), (4, 4)),
    (AdaptiveMaxPool3d, (2, 3, 4), (2, 3, 5, 6, 7), (2, 3, 4)),
    (AdaptiveMaxPool1d, 3, (2, 3, 9), (3,)),
])
def test_adaptive_pool_forward(cls, output_size, shape, out_sizes):
    x = rand(shape)
    if cls is AdaptiveMaxPool1d:   # float16 / float32 only (MindSpore's TypeError otherwise)
        x = x.astype(np.float32)
    kind = "max" if "Max" in cls.__name__ else "avg"
    expected = adaptive_ref(x, kind, out_sizes)
    expected = expected[0] if kind == "max" else expected
    np.testing.assert_allclose(cls(output_size)(Tensor(x)).asnumpy(), expected, **F64)


@pytest.mark.parametrize("cls, output_size, shape, index_dtype", [
    (AdaptiveMaxPool2d, (3, None), (2, 3, 7, 6), mstype.int64),
    (AdaptiveMaxPool3d, (2, 3, 4), (2, 3, 5, 6, 7), mstype.int32),
])
def test_adaptive_max_pool_indices(cls, output_size, shape, index_dtype):
    x = rand(shape, 5)
    sizes = tuple(n if m is None else m for n, m in zip(shape[2:], output_size))
    expected, expected_indices = adaptive_ref(x, "max", sizes)
    out, indices = cls(output_size, return_indices=True)(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)
    assert indices.dtype == index_dtype
    np.testing.assert_array_equal(indices.asnumpy(), expected_indices)


# ---- repr ------------------------------------------------------------------------------------
@pytest.mark.parametrize("layer, expected", [
    (MaxPool2d(), "MaxPool2d(kernel_size=1, stride=1, pad_mode=VALID)"),
    (MaxPool2d(kernel_size=2, stride=2), "MaxPool2d(kernel_size=2, stride=2, pad_mode=VALID)"),
    (MaxPool2d((2, 3), (1, 2), "same"), "MaxPool2d(kernel_size=(2, 3), stride=(1, 2), pad_mode=SAME)"),
    (MaxPool2d(3, 2, "pad", padding=1, return_indices=True), "MaxPool2d(kernel_size=3, stride=2, pad_mode=PAD)"),
    (MaxPool2d(kernel_size=(2,)), "MaxPool2d(kernel_size=2, stride=1, pad_mode=VALID)"),
    (MaxPool1d(3, 2), "MaxPool1d(kernel_size=(1, 3), stride=(1, 2), pad_mode=VALID)"),
    (MaxPool1d(3, 2, "pad", 1), "MaxPool1d(kernel_size=(1, 1, 3), stride=(1, 1, 2), pad_mode=PAD)"),
    (MaxPool3d(2, 2, "pad", padding=1, dilation=2, ceil_mode=True), "MaxPool3d(kernel_size=2, stride=2, pad_mode=PAD)"),
    (AvgPool2d(3, 2, "pad", 1), "AvgPool2d(kernel_size=3, stride=2, pad_mode=PAD)"),
    (AvgPool1d(3, 2), "AvgPool1d(kernel_size=(1, 3), stride=(1, 2), pad_mode=VALID)"),
    (AvgPool1d(3, 2, "pad", 1), "AvgPool1d(kernel_size=3, stride=2, pad_mode=PAD)"),
    (AvgPool3d(2, 2), "AvgPool3d(kernel_size=2, stride=2, pad_mode=VALID)"),
    (AdaptiveAvgPool1d(2), "AdaptiveAvgPool1d()"),
    (AdaptiveMaxPool3d(2), "AdaptiveMaxPool3d()"),
])
def test_repr(layer, expected):
    assert repr(layer) == expected


# ---- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("cls, kwargs, error, match", [
    (MaxPool2d, dict(kernel_size=0), ValueError, "MaxPool2d.*kernel_size"),
    (MaxPool2d, dict(kernel_size=2.0), TypeError, "MaxPool2d.*kernel_size"),
    (MaxPool2d, dict(kernel_size=[2, 2]), TypeError, "MaxPool2d.*kernel_size"),
    (MaxPool2d, dict(kernel_size=(2, 2, 2)), ValueError, "MaxPool2d.*kernel_size"),
    (MaxPool2d, dict(stride=(0, 1)), ValueError, "MaxPool2d.*stride"),
    (MaxPool2d, dict(pad_mode="foo"), ValueError, "MaxPool2d.*pad_mode"),
    (MaxPool2d, dict(pad_mode=1), TypeError, "MaxPool2d.*pad_mode"),
    (MaxPool2d, dict(padding=1), ValueError, "MaxPool2d.*padding.*pad_mode"),
    (MaxPool2d, dict(ceil_mode=True), ValueError, "MaxPool2d.*ceil_mode.*pad_mode"),
    (MaxPool2d, dict(return_indices=True), ValueError, "MaxPool2d.*return_indices.*pad_mode"),
    (MaxPool2d, dict(dilation=2), ValueError, "MaxPool2d.*dilation.*pad_mode"),
    (MaxPool2d, dict(pad_mode="pad", padding=(1, 1, 1)), ValueError, "MaxPool2d.*padding"),
    (MaxPool2d, dict(pad_mode="pad", padding=-1), ValueError, "MaxPool2d.*padding"),
    (MaxPool2d, dict(pad_mode="pad", return_indices=1), TypeError, "MaxPool2d.*return_indices"),
    (MaxPool2d, dict(data_format="NHWC"), ValueError, "MaxPool2d.*data_format"),
    (MaxPool1d, dict(kernel_size=(3,)), TypeError, "MaxPool1d.*kernel_size"),
    (MaxPool1d, dict(pad_mode="pad", padding=(1, 1)), ValueError, "MaxPool1d.*padding"),
    (MaxPool3d, dict(return_indices=True), ValueError, "MaxPool3d.*return_indices.*pad_mode"),
    (MaxPool3d, dict(ceil_mode=True), ValueError, "MaxPool3d.*ceil_mode.*pad_mode"),
    (MaxPool3d, dict(padding=1), ValueError, "MaxPool3d.*padding.*pad_mode"),
    (MaxPool3d, dict(pad_mode="pad", padding=(1, 1, 1, 1, 1, 1)), ValueError, "MaxPool3d.*padding"),
    (AvgPool2d, dict(divisor_override=0), ValueError, "AvgPool2d.*divisor_override"),
    (AvgPool2d, dict(padding=1), ValueError, "AvgPool2d.*padding.*pad_mode"),
    (AvgPool2d, dict(pad_mode="pad", padding=(1, 0, 1, 0)), ValueError, "AvgPool2d.*padding"),
    (AvgPool2d, dict(count_include_pad=1), TypeError, "AvgPool2d.*count_include_pad"),
    (AvgPool1d, dict(stride=(2,)), TypeError, "AvgPool1d.*stride"),
    (AvgPool3d, dict(pad_mode="pad", padding=(1, 1)), ValueError, "AvgPool3d.*padding"),
    (AvgPool3d, dict(divisor_override=-1), ValueError, "AvgPool3d.*divisor_override"),
    (AdaptiveAvgPool1d, dict(output_size=0), ValueError, "AdaptiveAvgPool1d.*output_size"),
    (AdaptiveAvgPool1d, dict(output_size=2.0), TypeError, "AdaptiveAvgPool1d.*output_size"),
    (AdaptiveMaxPool1d, dict(output_size=(2,)), TypeError, "AdaptiveMaxPool1d.*output_size"),
    (AdaptiveAvgPool2d, dict(output_size=-1), ValueError, "output_size"),
    (AdaptiveAvgPool3d, dict(output_size=(1, 2)), ValueError, "output_size"),
    (AdaptiveMaxPool2d, dict(output_size=(1, 2, 3)), ValueError, "output_size"),
    (AdaptiveMaxPool2d, dict(output_size=2, return_indices=1), TypeError, "AdaptiveMaxPool2d.*return_indices"),
    (AdaptiveMaxPool3d, dict(output_size=(1, 0, 2)), ValueError, "AdaptiveMaxPool3d.*output_size"),
    (AdaptiveMaxPool3d, dict(output_size=(1, 2)), ValueError, "AdaptiveMaxPool3d.*output_size"),
])
def test_argument_errors(cls, kwargs, error, match):
    with pytest.raises(error, match=match):
        cls(**kwargs)


@pytest.mark.parametrize("layer, shape, match", [
    (MaxPool2d(2), (7, 6), "MaxPool2d.*3-D or 4-D"),
    (MaxPool2d(2), (1, 1, 1, 7, 6), "MaxPool2d.*3-D or 4-D"),
    (MaxPool1d(2), (1, 2, 3, 4), "MaxPool1d.*2-D or 3-D"),
    (MaxPool3d(2), (2, 3, 4), "MaxPool3d.*4-D or 5-D"),
    (AvgPool1d(2), (9,), "AvgPool1d.*2-D or 3-D"),
    (AvgPool2d(2, pad_mode="pad", padding=1), (1, 1, 1, 7, 6), "AvgPool2d.*3-D or 4-D"),
    (AdaptiveAvgPool1d(3), (3, 9), "AdaptiveAvgPool1d.*3-D"),
    (AdaptiveAvgPool1d(4), (1, 3, 9), "AdaptiveAvgPool1d.*multiple of output_size 4"),
    (AdaptiveMaxPool1d(4), (1, 3, 2), "AdaptiveMaxPool1d.*multiple"),
    (AdaptiveAvgPool2d(2), (1, 1, 1, 7, 6), "AdaptiveAvgPool2D"),
    (AdaptiveMaxPool3d(2), (7, 6, 5), "AdaptiveMaxPool3D"),
])
def test_input_shape_errors(layer, shape, match):
    with pytest.raises(ValueError, match=match):
        layer(Tensor(np.ones(shape, np.float32)))


def test_window_larger_than_the_input():
    with pytest.raises(ValueError, match="MaxPool"):
        MaxPool2d(3, 2)(Tensor(np.ones((1, 1, 2, 2), np.float32)))


def test_input_must_be_a_tensor():
    with pytest.raises(TypeError, match="MaxPool2d.*Tensor"):
        MaxPool2d(2)(np.ones((1, 1, 4, 4), np.float32))
    with pytest.raises(TypeError, match="AdaptiveAvgPool1d.*Tensor"):
        AdaptiveAvgPool1d(2)([1.0, 2.0])
