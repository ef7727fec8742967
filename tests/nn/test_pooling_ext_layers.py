"""nn pooling layers over the functional pools: the PyTorch-style AvgPool1d/2d/3dExt and
MaxPool2dExt, LPPool1d/2d, MaxUnpool1d/2d/3d and FractionalMaxPool2d/3d. Forward against
NumPy float64 loops (or values MindSpore 2.7.1 prints), stride defaults, output_size
rules, gradients through the layers and Graph mode."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops

F64 = {"rtol": 1e-12, "atol": 1e-12}


def windows(x, kernel, stride):
    """The (out positions, window arrays) of x (N, C, *spatial) without padding."""
    spatial = x.shape[2:]
    outs = [(n - k) // s + 1 for n, k, s in zip(spatial, kernel, stride)]
    for position in np.ndindex(*outs):
        index = tuple(slice(p * s, p * s + k) for p, s, k in zip(position, stride, kernel))
        yield position, x[(slice(None), slice(None)) + index]


def pool_reference(x, kernel, stride, reduce):
    outs = [(n - k) // s + 1 for n, k, s in zip(x.shape[2:], kernel, stride)]
    out = np.zeros(x.shape[:2] + tuple(outs))
    for position, window in windows(x, kernel, stride):
        out[(slice(None), slice(None)) + position] = reduce(window.reshape(x.shape[:2] + (-1,)))
    return out


def run(layer, *inputs):
    return layer(*[Tensor(v) if isinstance(v, np.ndarray) else v for v in inputs])


# ---- PyTorch-style pools -----------------------------------------------------------------------
@pytest.mark.parametrize("cls, kwargs, shape, kernel, stride", [
    (nn.AvgPool1dExt, {"kernel_size": 2}, (2, 3, 6), (2,), (2,)),
    (nn.AvgPool1dExt, {"kernel_size": 3, "stride": 1}, (1, 2, 5), (3,), (1,)),
    (nn.AvgPool2dExt, {"kernel_size": 2, "stride": 1}, (1, 3, 3, 4), (2, 2), (1, 1)),
    (nn.AvgPool2dExt, {"kernel_size": (2, 3)}, (2, 1, 4, 6), (2, 3), (2, 3)),
    (nn.AvgPool3dExt, {"kernel_size": 2, "stride": 1}, (1, 2, 3, 3, 3), (2, 2, 2), (1, 1, 1)),
])
def test_avg_pool_ext_forward(cls, kwargs, shape, kernel, stride):
    x = np.random.default_rng(0).standard_normal(shape)
    got = run(cls(**kwargs), x).asnumpy()
    np.testing.assert_allclose(got, pool_reference(x, kernel, stride, lambda w: w.mean(-1)), **F64)


def test_avg_pool_ext_padding_and_divisor():
    x = np.arange(16, dtype=np.float64).reshape(1, 1, 4, 4)
    got = run(nn.AvgPool2dExt(2, padding=1, divisor_override=1), x).asnumpy()
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    np.testing.assert_allclose(got, pool_reference(padded, (2, 2), (2, 2), lambda w: w.sum(-1)), **F64)
    excluded = run(nn.AvgPool1dExt(2, padding=1, count_include_pad=False), x[0]).asnumpy()
    np.testing.assert_allclose(excluded[0, 0], [0.0, 1.5, 3.0], **F64)


def test_max_pool2d_ext_values_and_indices():
    x = np.random.default_rng(1).standard_normal((2, 3, 5, 6))
    layer = nn.MaxPool2dExt(kernel_size=2, return_indices=True)
    assert layer.stride == 2
    values, indices = run(layer, x)
    np.testing.assert_allclose(values.asnumpy(), pool_reference(x, (2, 2), (2, 2), lambda w: w.max(-1)), **F64)
    flat = x.reshape(2, 3, -1)
    np.testing.assert_allclose(np.take_along_axis(flat, indices.asnumpy().reshape(2, 3, -1), 2),
                               values.asnumpy().reshape(2, 3, -1), **F64)
    assert indices.dtype == ms.int64
    only_values = run(nn.MaxPool2dExt(3, stride=1, padding=1), x)
    assert only_values.shape == (2, 3, 5, 6)


# ---- LP pools -------------------------------------------------------------------------------------
def test_lp_pool1d_matches_mindspore():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    got = run(nn.LPPool1d(norm_type=2, kernel_size=3, stride=2), x).asnumpy()
    # values MindSpore 2.7.1 prints for this example
    want = [[[2.236068], [8.774964], [15.652476]], [[22.561028], [29.478806], [36.40055]]]
    np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize("norm_type", [1, 2, 3.0])
def test_lp_pool2d_forward(norm_type):
    x = np.random.default_rng(2).uniform(0.1, 2.0, (1, 2, 4, 6))
    got = run(nn.LPPool2d(norm_type, (2, 3)), x).asnumpy()
    want = pool_reference(x, (2, 3), (2, 3), lambda w: (w ** norm_type).sum(-1) ** (1 / norm_type))
    np.testing.assert_allclose(got, want, rtol=1e-12)


def test_lp_pool2d_ceil_mode_matches_mindspore():
    x = np.arange(12, dtype=np.float32).reshape(1, 1, 3, 4)
    got = run(nn.LPPool2d(1, (2, 3), 1, True), x).asnumpy()
    np.testing.assert_allclose(got, [[[[18.0, 24.0], [42.0, 48.0]]]])


# ---- unpooling -----------------------------------------------------------------------------------
def test_max_unpool1d_example():
    x = np.array([[2, 4, 6, 8]], np.float32)
    indices = np.array([[1, 3, 5, 7]], np.int64)
    layer = nn.MaxUnpool1d(kernel_size=2, stride=2, padding=0)
    np.testing.assert_array_equal(run(layer, x, indices).asnumpy(), [[0, 2, 0, 4, 0, 6, 0, 8]])
    np.testing.assert_array_equal(run(layer, x, indices, (9,)).asnumpy(), [[0, 2, 0, 4, 0, 6, 0, 8, 0]])
    assert (nn.MaxUnpool1d(2).kernel_size, nn.MaxUnpool1d(2).stride, nn.MaxUnpool1d(2).padding) == (2, 2, 0)


@pytest.mark.parametrize("cls, rank", [(nn.MaxUnpool2d, 2), (nn.MaxUnpool3d, 3)])
def test_max_unpool_inverts_max_pool_indices(cls, rank):
    shape = (1, 2) + (4,) * rank
    x = np.random.default_rng(3).permutation(np.prod(shape)).reshape(shape).astype(np.float64)
    pool = nn.MaxPool2d(2, 2, "pad", return_indices=True) if rank == 2 else \
        nn.MaxPool3d(2, 2, "pad", return_indices=True)
    values, indices = pool(Tensor(x))
    got = cls(2)(values, indices).asnumpy()
    want = np.zeros_like(x).reshape(1, 2, -1)
    np.put_along_axis(want, indices.asnumpy().reshape(1, 2, -1), values.asnumpy().reshape(1, 2, -1), 2)
    np.testing.assert_array_equal(got, want.reshape(shape))


def test_max_unpool2d_unbatched():
    x = np.ones((1, 2, 2), np.float32)
    indices = np.array([[[0, 3], [9, 15]]], np.int64)
    got = run(nn.MaxUnpool2d(2), x, indices).asnumpy()
    want = np.zeros(16, np.float32)
    want[[0, 3, 9, 15]] = 1
    np.testing.assert_array_equal(got, want.reshape(1, 4, 4))


@pytest.mark.parametrize("output_size, match", [([9], "must be tuple"), ((), "must be positive")])
def test_max_unpool_output_size_errors(output_size, match):
    x, indices = Tensor(np.ones((1, 4), np.float32)), Tensor(np.array([[1, 3, 5, 7]], np.int64))
    with pytest.raises(ValueError, match=match):
        nn.MaxUnpool1d(2)(x, indices, output_size)


# ---- fractional max pools -------------------------------------------------------------------------
def test_fractional_max_pool2d_with_samples_matches_mindspore():
    x = np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5)
    samples = np.array([[[0.3, 0.7]]], np.float32)
    layer = nn.FractionalMaxPool2d(2, output_size=(2, 2), return_indices=True, _random_samples=Tensor(samples))
    values, indices = run(layer, x)
    np.testing.assert_array_equal(values.asnumpy(), [[[[6, 9], [21, 24]]]])
    np.testing.assert_array_equal(indices.asnumpy(), [[[[6, 9], [21, 24]]]])


def test_fractional_max_pool3d_shapes():
    x = np.random.default_rng(4).standard_normal((2, 3, 6, 6, 6)).astype(np.float32)
    out = run(nn.FractionalMaxPool3d(2, output_ratio=(0.5, 0.5, 0.5)), x)
    assert out.shape == (2, 3, 3, 3, 3)
    # every output is the maximum of some 2 x 2 x 2 window
    maxima = {float(w.max()) for _, w in windows(x[:1, :1], (2, 2, 2), (1, 1, 1))}
    assert set(out.asnumpy()[0, 0].ravel().tolist()) <= maxima


# ---- gradients and Graph mode ----------------------------------------------------------------------
def test_gradient_flows_through_the_layers():
    x = Tensor(np.random.default_rng(5).uniform(0.5, 1.5, (1, 1, 4, 4)))
    grad = ops.grad(lambda v: nn.LPPool2d(2, 2)(v).sum())(x).asnumpy()
    # d/dx sqrt(sum over the window of x^2) = x / norm of its window
    xs = x.asnumpy()
    norms = np.sqrt((xs.reshape(2, 2, 2, 2).transpose(0, 2, 1, 3) ** 2).sum((2, 3)))
    np.testing.assert_allclose(grad, xs / np.kron(norms, np.ones((2, 2))), rtol=1e-10)
    unpool_grad = ops.grad(lambda v: (nn.MaxUnpool1d(2)(v, Tensor(np.array([[1, 2]], np.int64))) *
                                      Tensor(np.arange(4.0))).sum())(Tensor(np.ones((1, 2))))
    np.testing.assert_array_equal(unpool_grad.asnumpy(), [[1.0, 2.0]])


@pytest.mark.parametrize("layer, shape", [
    (nn.AvgPool2dExt(2), (1, 2, 4, 4)),
    (nn.MaxPool2dExt(2, return_indices=True), (1, 2, 4, 4)),
    (nn.LPPool1d(2, 2), (1, 2, 6)),
    (nn.FractionalMaxPool2d(2, output_size=2, _random_samples=Tensor(np.full((1, 2, 2), 0.5, np.float32))),
     (1, 2, 5, 5)),
])
def test_graph_mode_matches_pynative(layer, shape):
    x = Tensor(np.random.default_rng(6).standard_normal(shape).astype(np.float32))
    eager = layer(x)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = layer(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for g, e in zip(graph if isinstance(graph, tuple) else (graph,), eager if isinstance(eager, tuple) else (eager,)):
        np.testing.assert_array_equal(g.asnumpy(), e.asnumpy())
