"""nn convolution layers: forward against direct NumPy float64 loops, parameters and
their default initialization, repr, argument errors and input errors.

The references are independent of spore's kernels: a convolution gathers each output
from its (dilated) window of the explicitly padded input; a transposed convolution
scatters each input element times the kernel into a buffer, then crops the padding.
"""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore.common.initializer import HeUniform, Uniform
from spore.nn.layer.conv import Conv1d, Conv1dTranspose, Conv2d, Conv2dTranspose, Conv3d, Conv3dTranspose

F64 = {"rtol": 1e-10, "atol": 1e-10}


# ---- references ------------------------------------------------------------------------------
def same_pads(sizes, kernel, stride, dilation):
    """TensorFlow's 'same' padding: output ceil(n / s), the odd element at the end."""
    pads = []
    for n, k, s, d in zip(sizes, kernel, stride, dilation):
        total = max((math.ceil(n / s) - 1) * s + (k - 1) * d + 1 - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def conv_ref(x, w, stride, dilation, pads, group=1):
    """Cross-correlation of x (N, C_in, *spatial) with w (C_out, C_in / group, *kernel),
    padding (begin, end) per spatial dim: one window per output position."""
    x = np.pad(x, [(0, 0), (0, 0)] + list(pads))
    n, c_in = x.shape[:2]
    c_out, kernel = w.shape[0], w.shape[2:]
    in_group, out_group = c_in // group, c_out // group
    sizes = [(m - (k - 1) * d - 1) // s + 1 for m, k, s, d in zip(x.shape[2:], kernel, stride, dilation)]
    out = np.zeros((n, c_out, *sizes))
    for pos in np.ndindex(*sizes):
        window = x[(slice(None), slice(None)) + tuple(
            slice(p * s, p * s + (k - 1) * d + 1, d) for p, k, s, d in zip(pos, kernel, stride, dilation))]
        for g in range(group):
            xs = window[:, g * in_group:(g + 1) * in_group].reshape(n, -1)
            ws = w[g * out_group:(g + 1) * out_group].reshape(out_group, -1)
            out[(slice(None), slice(g * out_group, (g + 1) * out_group)) + pos] = xs @ ws.T
    return out


def conv_transpose_ref(x, w, stride, dilation, begins, out_sizes, group=1):
    """Transposed convolution of x (N, C_in, *spatial) with w (C_in, C_out / group,
    *kernel): input element i times kernel offset o lands at i * stride + o * dilation;
    the output is the buffer from `begins` on, `out_sizes` long (zeros past the end)."""
    n, c_in = x.shape[:2]
    out_group, kernel = w.shape[1], w.shape[2:]
    in_group = c_in // group
    full = [max((m - 1) * s + (k - 1) * d + 1, b + o)
            for m, k, s, d, b, o in zip(x.shape[2:], kernel, stride, dilation, begins, out_sizes)]
    buf = np.zeros((n, out_group * group, *full))
    for pos in np.ndindex(*x.shape[2:]):
        for off in np.ndindex(*kernel):
            target = tuple(p * s + o * d for p, o, s, d in zip(pos, off, stride, dilation))
            for g in range(group):
                xs = x[(slice(None), slice(g * in_group, (g + 1) * in_group)) + pos]
                ws = w[(slice(g * in_group, (g + 1) * in_group), slice(None)) + off]
                buf[(slice(None), slice(g * out_group, (g + 1) * out_group)) + target] += xs @ ws
    return buf[(slice(None), slice(None)) + tuple(slice(b, b + o) for b, o in zip(begins, out_sizes))]


def transpose_geometry(sizes, kernel, stride, dilation, pad_mode, pads):
    """(begins, output sizes) of a transposed convolution: the output is the input of the
    convolution it reverses, and `begins` that convolution's leading padding."""
    begins, outs = [], []
    for n, k, s, d, (b, e) in zip(sizes, kernel, stride, dilation, pads):
        extent = (k - 1) * d + 1
        if pad_mode == "pad":
            begins.append(b)
            outs.append((n - 1) * s + extent - b - e)
        elif pad_mode == "same":
            begins.append(max(extent - s, 0) // 2)
            outs.append(n * s)
        else:
            begins.append(0)
            outs.append(n * s + max(extent - s, 0))
    return begins, outs


def pairs(padding, rank):
    flat = (padding,) * (2 * rank) if isinstance(padding, int) else padding
    return list(zip(flat[0::2], flat[1::2]))


def rand(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


def f64_layer(cls, x_shape, **kwargs):
    """cls built with float64 random weight and bias, and a float64 random input."""
    probe = cls(**kwargs)
    w = rand(probe.weight.shape, 1)
    # the 1-D layers take their (C, C', 1, K) weight as a 3-D Tensor
    init = w[:, :, 0] if cls in (Conv1d, Conv1dTranspose) else w
    kwargs = dict(kwargs, weight_init=Tensor(init), dtype=ms.float64)
    b = None
    if kwargs.get("has_bias"):
        b = rand(probe.bias.shape, 2)
        kwargs["bias_init"] = Tensor(b)
    return cls(**kwargs), rand(x_shape), w, b


def with_bias(out, b):
    return out if b is None else out + b.reshape((1, -1) + (1,) * (out.ndim - 2))


# ---- forward -----------------------------------------------------------------------------------
CONV2D = [
    dict(in_channels=4, out_channels=6, kernel_size=3),
    dict(in_channels=4, out_channels=6, kernel_size=(3, 2), stride=2, dilation=(1, 2), group=2,
         has_bias=True),
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=(2, 1), pad_mode="pad",
         padding=(1, 2, 0, 1), has_bias=True),
    dict(in_channels=4, out_channels=6, kernel_size=3, pad_mode="pad", padding=1),
    dict(in_channels=4, out_channels=6, kernel_size=3, pad_mode="valid", dilation=2),
    dict(in_channels=4, out_channels=4, kernel_size=1, stride=3, pad_mode="valid", group=4),
]


def _conv_pads(kwargs, sizes, kernel, stride, dilation, rank):
    mode = kwargs.get("pad_mode", "same")
    if mode == "same":
        return same_pads(sizes, kernel, stride, dilation)
    return pairs(kwargs.get("padding", 0), rank) if mode == "pad" else [(0, 0)] * rank


@pytest.mark.parametrize("kwargs", CONV2D)
def test_conv2d_forward(kwargs):
    layer, x, w, b = f64_layer(Conv2d, (2, 4, 7, 6), **kwargs)
    stride = layer.stride
    pads = _conv_pads(kwargs, x.shape[2:], w.shape[2:], stride, layer.dilation, 2)
    expected = with_bias(conv_ref(x, w, stride, layer.dilation, pads, layer.group), b)
    out = layer(Tensor(x))
    assert out.dtype == ms.float64
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)


@pytest.mark.parametrize("kwargs", [
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=2, has_bias=True),
    dict(in_channels=4, out_channels=6, kernel_size=3, pad_mode="pad", padding=2, dilation=2, group=2),
    dict(in_channels=4, out_channels=2, kernel_size=4, pad_mode="valid", stride=3),
])
def test_conv1d_forward(kwargs):
    layer, x, w, b = f64_layer(Conv1d, (2, 4, 9), **kwargs)
    w1 = w[:, :, 0]
    stride, dilation = layer.stride[1:], layer.dilation[1:]
    pads = _conv_pads(kwargs, x.shape[2:], w1.shape[2:], stride, dilation, 1)
    expected = with_bias(conv_ref(x, w1, stride, dilation, pads, layer.group), b)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


@pytest.mark.parametrize("kwargs", [
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=2, has_bias=True),
    dict(in_channels=4, out_channels=6, kernel_size=(2, 3, 2), pad_mode="pad",
         padding=(1, 0, 0, 1, 1, 1), group=2),
    dict(in_channels=4, out_channels=2, kernel_size=2, pad_mode="valid", dilation=(1, 2, 1)),
])
def test_conv3d_forward(kwargs):
    layer, x, w, b = f64_layer(Conv3d, (2, 4, 5, 6, 4), **kwargs)
    pads = _conv_pads(kwargs, x.shape[2:], w.shape[2:], layer.stride, layer.dilation, 3)
    expected = with_bias(conv_ref(x, w, layer.stride, layer.dilation, pads, layer.group), b)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


@pytest.mark.parametrize("kwargs", [
    dict(in_channels=4, out_channels=6, kernel_size=3),
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=2, pad_mode="valid", has_bias=True),
    dict(in_channels=4, out_channels=6, kernel_size=(3, 2), stride=2, group=2, dilation=(1, 2)),
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=2, pad_mode="pad", padding=(1, 0, 2, 1),
         has_bias=True),
    dict(in_channels=4, out_channels=2, kernel_size=1, stride=3, pad_mode="valid"),
])
def test_conv2d_transpose_forward(kwargs):
    layer, x, w, b = f64_layer(Conv2dTranspose, (2, 4, 5, 4), **kwargs)
    begins, outs = transpose_geometry(x.shape[2:], w.shape[2:], layer.stride, layer.dilation,
                                      layer.pad_mode, pairs(layer.padding, 2))
    expected = with_bias(conv_transpose_ref(x, w, layer.stride, layer.dilation, begins, outs, layer.group), b)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


def test_conv2d_transpose_output_padding_appends_zeros_after_the_bias():
    layer, x, w, b = f64_layer(Conv2dTranspose, (1, 4, 3, 3), in_channels=4, out_channels=2, kernel_size=3,
                               stride=2, pad_mode="pad", padding=1, output_padding=(1, 0), has_bias=True)
    begins, outs = transpose_geometry(x.shape[2:], w.shape[2:], (2, 2), (1, 1), "pad", [(1, 1)] * 2)
    core = with_bias(conv_transpose_ref(x, w, (2, 2), (1, 1), begins, outs), b)
    out = layer(Tensor(x)).asnumpy()
    assert out.shape == (1, 2, 6, 5)
    np.testing.assert_allclose(out[:, :, :5], core, **F64)
    np.testing.assert_array_equal(out[:, :, 5], 0)


@pytest.mark.parametrize("kwargs", [
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=2, pad_mode="pad", padding=1, has_bias=True),
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=2),
    dict(in_channels=4, out_channels=6, kernel_size=2, stride=3, pad_mode="valid", group=2, dilation=2),
])
def test_conv1d_transpose_forward(kwargs):
    layer, x, w, b = f64_layer(Conv1dTranspose, (2, 4, 5), **kwargs)
    w1 = w[:, :, 0]
    stride, dilation = layer.stride[1:], layer.dilation[1:]
    begins, outs = transpose_geometry(x.shape[2:], w1.shape[2:], stride, dilation, layer.pad_mode,
                                      pairs(layer.padding, 2)[1:])
    expected = with_bias(conv_transpose_ref(x, w1, stride, dilation, begins, outs, layer.group), b)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


@pytest.mark.parametrize("kwargs", [
    dict(in_channels=4, out_channels=6, kernel_size=3, stride=2, has_bias=True),
    dict(in_channels=4, out_channels=6, kernel_size=(3, 2, 3), stride=2, pad_mode="pad",
         padding=(1, 0, 0, 1, 1, 1), group=2),
    dict(in_channels=4, out_channels=2, kernel_size=2, pad_mode="valid", stride=(1, 2, 3)),
])
def test_conv3d_transpose_forward(kwargs):
    layer, x, w, b = f64_layer(Conv3dTranspose, (2, 4, 3, 4, 3), **kwargs)
    begins, outs = transpose_geometry(x.shape[2:], w.shape[2:], layer.stride, layer.dilation,
                                      layer.pad_mode, pairs(layer.padding, 3))
    expected = with_bias(conv_transpose_ref(x, w, layer.stride, layer.dilation, begins, outs, layer.group), b)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


def test_conv3d_transpose_output_padding_extends_the_output():
    layer, x, w, _ = f64_layer(Conv3dTranspose, (1, 2, 2, 3, 2), in_channels=2, out_channels=2,
                               kernel_size=3, stride=2, pad_mode="pad", padding=1, output_padding=1)
    sizes = [(n - 1) * 2 + 3 - 2 + 1 for n in x.shape[2:]]
    expected = conv_transpose_ref(x, w, (2,) * 3, (1,) * 3, [1] * 3, sizes)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


@pytest.mark.parametrize("pad_mode, padding, expected", [
    ("same", 0, (2, 3, 4, 3)),       # ceil(7 / 2), ceil(6 / 2)
    ("valid", 0, (2, 3, 3, 2)),      # floor((7 - 3) / 2) + 1, floor((6 - 3) / 2) + 1
    ("pad", (1, 0, 2, 2), (2, 3, 3, 4)),
])
def test_conv2d_output_shapes(pad_mode, padding, expected):
    layer = Conv2d(4, 3, 3, stride=2, pad_mode=pad_mode, padding=padding)
    assert layer(Tensor(np.ones((2, 4, 7, 6), np.float32))).shape == expected


def test_float32_conv2d_matches_the_reference():
    layer = Conv2d(3, 2, 3, has_bias=True, bias_init="normal")
    x = rand((1, 3, 5, 5)).astype(np.float32)
    w, b = layer.weight.asnumpy().astype(np.float64), layer.bias.asnumpy().astype(np.float64)
    expected = with_bias(conv_ref(x.astype(np.float64), w, (1, 1), (1, 1), [(1, 1)] * 2), b)
    out = layer(Tensor(x))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-5)


def test_seed_tutorial_conv2d_of_ones():
    conv = Conv2d(1, 2, kernel_size=2, stride=1, padding=0, weight_init="ones", pad_mode="valid")
    out = conv(Tensor(np.ones([1, 1, 2, 2]).astype(np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), np.full((1, 2, 1, 1), 4.0, np.float32))


# ---- parameters and initialization -------------------------------------------------------------
@pytest.mark.parametrize("layer, weight_shape", [
    (Conv1d(4, 6, 3, group=2, has_bias=True), (6, 2, 1, 3)),
    (Conv2d(4, 6, (3, 2), group=2, has_bias=True), (6, 2, 3, 2)),
    (Conv3d(4, 6, 3, group=2, has_bias=True), (6, 2, 3, 3, 3)),
    (Conv1dTranspose(4, 6, 3, group=2, has_bias=True), (4, 3, 1, 3)),
    (Conv2dTranspose(4, 6, (3, 2), group=2, has_bias=True), (4, 3, 3, 2)),
    (Conv3dTranspose(4, 6, 3, group=2, has_bias=True), (4, 3, 3, 3, 3)),
])
def test_parameter_names_and_shapes(layer, weight_shape):
    params = dict(layer.parameters_and_names())
    assert list(params) == ["weight", "bias"]
    assert params["weight"].name == "weight" and params["weight"].shape == weight_shape
    assert params["bias"].name == "bias" and params["bias"].shape == (6,)
    assert all(p.requires_grad and p.dtype == ms.float32 for p in params.values())


def test_no_bias_by_default():
    layer = Conv2d(2, 3, 3)
    assert layer.bias is None and layer.has_bias is False
    assert [name for name, _ in layer.parameters_and_names()] == ["weight"]


def test_parameters_are_prefixed_in_a_network():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv1 = Conv2d(1, 2, 3, has_bias=True)

        def construct(self, x):
            return self.conv1(x)

    assert [p.name for p in Net().get_parameters()] == ["conv1.weight", "conv1.bias"]


MS23_DEFAULTS = dict(weight_init=None, bias_init=None)


def test_default_initialization_is_the_seed_tutorials_normal_and_zeros():
    layer = Conv2d(64, 128, 3, has_bias=True)
    w = layer.weight.asnumpy().astype(np.float64)
    np.testing.assert_allclose(w.std(), 0.01, rtol=0.02)
    assert abs(w.mean()) < 1e-3
    assert not layer.bias.asnumpy().any()


@pytest.mark.parametrize("layer, fan_in", [
    (Conv2d(16, 32, 3, has_bias=True, **MS23_DEFAULTS), 16 * 9),
    (Conv1d(24, 64, 5, has_bias=True, **MS23_DEFAULTS), 24 * 5),
    (Conv3d(8, 16, 3, has_bias=True, **MS23_DEFAULTS), 8 * 27),
    (Conv2dTranspose(16, 12, 3, has_bias=True, **MS23_DEFAULTS), 12 * 9),
    (Conv2d(16, 32, 3, group=4, has_bias=True, **MS23_DEFAULTS), 4 * 9),
])
def test_none_initializers_are_uniform_in_one_over_sqrt_fan_in(layer, fan_in):
    bound = 1 / math.sqrt(fan_in)
    w = layer.weight.asnumpy().astype(np.float64)
    assert np.abs(w).max() <= bound
    assert np.abs(w).max() > 0.95 * bound
    np.testing.assert_allclose(w.std(), bound / math.sqrt(3), rtol=0.08)
    assert abs(w.mean()) < 0.1 * bound
    assert np.abs(layer.bias.asnumpy()).max() <= bound
    assert isinstance(layer.weight_init, HeUniform)
    assert layer.weight_init.negative_slope == math.sqrt(5)
    assert isinstance(layer.bias_init, Uniform)


def test_default_initialization_repeats_after_set_seed():
    ms.set_seed(7)
    first = Conv2d(3, 4, 3).weight.asnumpy()
    ms.set_seed(7)
    np.testing.assert_array_equal(Conv2d(3, 4, 3).weight.asnumpy(), first)


def test_initializers_by_name_tensor_and_dtype():
    layer = Conv2d(2, 3, 2, has_bias=True, weight_init="ones", bias_init="zeros", dtype=ms.float16)
    assert layer.weight.dtype == ms.float16
    np.testing.assert_array_equal(layer.weight.asnumpy(), np.ones((3, 2, 2, 2)))
    np.testing.assert_array_equal(layer.bias.asnumpy(), np.zeros(3))
    w = np.arange(3 * 2 * 4, dtype=np.float32).reshape(3, 2, 4)
    conv1d = Conv1d(2, 3, 4, weight_init=Tensor(w))
    np.testing.assert_array_equal(conv1d.weight.asnumpy(), w[:, :, None, :])


# ---- repr --------------------------------------------------------------------------------------
@pytest.mark.parametrize("layer, expected", [
    (Conv2d(2, 4, 3, pad_mode="valid", weight_init="normal", bias_init="zeros", has_bias=True),
     "Conv2d(input_channels=2, output_channels=4, kernel_size=(3, 3), stride=(1, 1), pad_mode=valid, "
     "padding=0, dilation=(1, 1), group=1, has_bias=True, weight_init=normal, bias_init=zeros, "
     "format=NCHW)"),
    (Conv2d(2, 4, (2, 3), stride=2, pad_mode="pad", padding=(1, 2, 0, 1), weight_init="ones"),
     "Conv2d(input_channels=2, output_channels=4, kernel_size=(2, 3), stride=(2, 2), pad_mode=pad, "
     "padding=(1, 2, 0, 1), dilation=(1, 1), group=1, has_bias=False, weight_init=ones, bias_init=zeros, "
     "format=NCHW)"),
    (Conv1d(2, 4, 3, pad_mode="pad", padding=2, weight_init="ones"),
     "Conv1d(input_channels=2, output_channels=4, kernel_size=(1, 3), stride=(1, 1), pad_mode=pad, "
     "padding=(0, 0, 2, 2), dilation=(1, 1), group=1, has_bias=False, weight_init=ones, bias_init=zeros, "
     "format=NCHW)"),
    (Conv3dTranspose(2, 4, 3, weight_init="ones"),
     "Conv3dTranspose(input_channels=2, output_channels=4, kernel_size=(3, 3, 3), stride=(1, 1, 1), "
     "pad_mode=same, padding=0, dilation=(1, 1, 1), group=1, has_bias=False, weight_init=ones, "
     "bias_init=zeros, format=NCDHW)"),
    (Conv1dTranspose(2, 4, 3, weight_init="ones"),
     "Conv1dTranspose(input_channels=2, output_channels=4, kernel_size=(1, 3), stride=(1, 1), "
     "pad_mode=same, padding=(0, 0, 0, 0), dilation=(1, 1), group=1, has_bias=False, weight_init=ones, "
     "bias_init=zeros, format=NCHW)"),
])
def test_repr(layer, expected):
    assert repr(layer) == expected


def test_repr_shows_the_default_initializers():
    assert "weight_init=normal, bias_init=zeros" in repr(Conv2d(2, 4, 3, has_bias=True))
    text = repr(Conv2d(2, 4, 3, has_bias=True, **MS23_DEFAULTS))
    assert "weight_init=HeUniform" in text and "bias_init=Uniform" in text


# ---- errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize("cls, kwargs, error, match", [
    (Conv2d, dict(in_channels=0), ValueError, "Conv2d.*in_channels"),
    (Conv2d, dict(in_channels=2.0), TypeError, "Conv2d.*in_channels"),
    (Conv2d, dict(out_channels=True), TypeError, "Conv2d.*out_channels"),
    (Conv2d, dict(kernel_size=0), ValueError, "Conv2d.*kernel_size"),
    (Conv2d, dict(kernel_size=(1, 2, 3)), ValueError, "Conv2d.*kernel_size"),
    (Conv2d, dict(kernel_size=[3, 3]), TypeError, "Conv2d.*kernel_size"),
    (Conv2d, dict(stride=(1, 1, 2, 2)), ValueError, "Conv2d.*stride"),
    (Conv2d, dict(dilation=0), ValueError, "Conv2d.*dilation"),
    (Conv2d, dict(pad_mode="PAD", padding=1), ValueError, "Conv2d.*pad_mode"),
    (Conv2d, dict(pad_mode="foo"), ValueError, "Conv2d.*pad_mode"),
    (Conv2d, dict(pad_mode=1), TypeError, "Conv2d.*pad_mode"),
    (Conv2d, dict(padding=1), ValueError, "Conv2d.*padding.*pad_mode"),
    (Conv2d, dict(pad_mode="pad", padding=-1), ValueError, "Conv2d.*padding"),
    (Conv2d, dict(pad_mode="pad", padding=(1, 1)), ValueError, "Conv2d.*padding"),
    (Conv2d, dict(pad_mode="pad", padding=[1, 1, 1, 1]), TypeError, "Conv2d.*padding"),
    (Conv2d, dict(group=3), ValueError, "Conv2d.*group"),
    (Conv2d, dict(in_channels=4, group=4), ValueError, "Conv2d.*group"),
    (Conv2d, dict(group=0), ValueError, "Conv2d.*group"),
    (Conv2d, dict(has_bias=1), TypeError, "Conv2d.*has_bias"),
    (Conv2d, dict(data_format="NHWC"), ValueError, "Conv2d.*data_format"),
    (Conv2d, dict(weight_init="no_such_init"), ValueError, "initializer"),
    (Conv2d, dict(weight_init=Tensor(np.ones((2, 2, 2, 2), np.float32))), ValueError, "shape"),
    (Conv1d, dict(kernel_size=(3,)), TypeError, "Conv1d.*kernel_size"),
    (Conv1d, dict(padding=(1, 1)), TypeError, "Conv1d.*padding"),
    (Conv1d, dict(stride=0), ValueError, "Conv1d.*stride"),
    (Conv1d, dict(weight_init=Tensor(np.ones((2, 2, 1, 3), np.float32))), ValueError, "Conv1d.*weight_init"),
    (Conv3d, dict(pad_mode="pad", padding=(1, 1, 1, 1)), ValueError, "Conv3d.*padding"),
    (Conv3d, dict(data_format="NCHW"), ValueError, "Conv3d.*data_format"),
    (Conv2dTranspose, dict(output_padding=1), ValueError, "Conv2dTranspose.*output_padding"),
    (Conv2dTranspose, dict(pad_mode="pad", stride=2, output_padding=2), ValueError,
     "Conv2dTranspose.*output_padding"),
    (Conv2dTranspose, dict(pad_mode="pad", stride=2, output_padding=(1, 1, 1)), ValueError,
     "Conv2dTranspose.*output_padding"),
    (Conv2dTranspose, dict(pad_mode="pad", stride=2, output_padding=-1), ValueError,
     "Conv2dTranspose.*output_padding"),
    (Conv3dTranspose, dict(output_padding=1), ValueError, "Conv3dTranspose.*output_padding"),
    (Conv1dTranspose, dict(dilation=(2,)), TypeError, "Conv1dTranspose.*dilation"),
])
def test_argument_errors(cls, kwargs, error, match):
    kwargs = dict(dict(in_channels=2, out_channels=2, kernel_size=3), **kwargs)
    with pytest.raises(error, match=match):
        cls(**kwargs)


@pytest.mark.parametrize("layer, shape, match", [
    (Conv2d(2, 4, 3), (1, 3, 5, 5), r"Conv2d.*2 channels.*got 3"),
    (Conv2d(2, 4, 3), (2, 5, 5), r"Conv2d.*4-D"),
    (Conv2d(2, 4, 3), (1, 2, 5, 5, 5), r"Conv2d.*4-D"),
    (Conv1d(2, 4, 3), (1, 2, 5, 5), r"Conv1d.*3-D"),
    (Conv1d(2, 4, 3), (1, 4, 5), r"Conv1d.*2 channels.*got 4"),
    (Conv3d(2, 4, 3), (1, 2, 5, 5), r"Conv3d.*5-D"),
    (Conv2dTranspose(2, 4, 3), (1, 4, 5, 5), r"Conv2dTranspose.*2 channels.*got 4"),
    (Conv1dTranspose(2, 4, 3), (1, 2, 5, 5), r"Conv1dTranspose.*3-D"),
    (Conv3dTranspose(2, 4, 3), (1, 3, 2, 2, 2), r"Conv3dTranspose.*2 channels.*got 3"),
])
def test_input_shape_errors(layer, shape, match):
    with pytest.raises(ValueError, match=match):
        layer(Tensor(np.ones(shape, np.float32)))


def materialized(layer):
    """The layer with its Parameters' deferred data created: spore's Primitive._recover
    re-raises the kernel's own error when an input was still deferred."""
    layer.init_parameters_data()
    return layer


def test_input_type_errors():
    layer = materialized(Conv2d(2, 4, 3))
    with pytest.raises(TypeError, match="Conv2d.*Tensor"):
        layer(np.ones((1, 2, 5, 5), np.float32))
    with pytest.raises(TypeError, match="Conv2D.*dtype"):
        layer(Tensor(np.ones((1, 2, 5, 5), np.float16)))


def test_too_small_input_for_a_valid_window():
    with pytest.raises(ValueError, match="Conv2D"):
        materialized(Conv2d(2, 4, 3, pad_mode="valid"))(Tensor(np.ones((1, 2, 2, 2), np.float32)))
