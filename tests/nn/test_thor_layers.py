"""nn.DenseThor and nn.EmbeddingThor: the outputs and gradients of Dense and Embedding, and the
THOR statistics matrix_a (from the input) and matrix_g (from the output's gradient) against
float64 NumPy references and the values MindSpore 2.7.1 printed for the same inputs."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn

RNG = np.random.default_rng(0)


def _grads(net, x, weights_of_output):
    loss = lambda x: (net(x) * Tensor(weights_of_output)).sum()  # noqa: E731 - a loss for ms.grad
    return ms.grad(loss, grad_position=None, weights=net.trainable_params())(Tensor(x))


@pytest.mark.parametrize("n, features_in, features_out", [(2, 3, 4), (4, 5, 2)])
def test_dense_thor_statistics_and_gradients(n, features_in, features_out):
    x = RNG.standard_normal((n, features_in)).astype(np.float32)
    dout = RNG.standard_normal((n, features_out)).astype(np.float32)
    net = nn.DenseThor(features_in, features_out, bias_init="normal")
    weight, bias = net.weight.asnumpy().astype(np.float64), net.bias.asnumpy().astype(np.float64)
    np.testing.assert_array_equal(net.matrix_a.asnumpy(), np.eye(features_in))
    np.testing.assert_array_equal(net.matrix_g.asnumpy(), np.eye(features_out))
    out = net(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), x @ weight.T + bias, rtol=1e-5, atol=1e-6)
    grad_weight, grad_bias = _grads(net, x, dout)
    x64, d64 = x.astype(np.float64), dout.astype(np.float64)
    np.testing.assert_allclose(grad_weight.asnumpy(), d64.T @ x64, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(grad_bias.asnumpy(), d64.sum(0), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.matrix_a.asnumpy(), x64.T @ x64 / features_in, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.matrix_g.asnumpy(), d64.T @ d64 / n, rtol=1e-5, atol=1e-6)
    assert [p.name for p in net.trainable_params()] == ["weight", "bias"]


def test_dense_thor_matches_mindspore():
    net = nn.DenseThor(3, 4, weight_init="ones")
    x = np.array([[1, 2, 3], [3, 4, 5]], np.float32)
    _grads(net, x, np.arange(8, dtype=np.float32).reshape(2, 4))
    np.testing.assert_allclose(net.matrix_a.asnumpy(), [[3.3333335, 4.666667, 6.0], [4.666667, 6.666667, 8.666667],
                                                        [6.0, 8.666667, 11.333334]], rtol=1e-6)
    np.testing.assert_allclose(net.matrix_g.asnumpy(), [[8, 10, 12, 14], [10, 13, 16, 19], [12, 16, 20, 24],
                                                        [14, 19, 24, 29]])


def test_dense_thor_activation_eval_and_bad_input():
    net = nn.DenseThor(2, 3, weight_init="ones", activation="relu")
    net.set_train(False)
    np.testing.assert_array_equal(net(Tensor(np.array([[1.0, -2.0]], np.float32))).asnumpy(), [[0, 0, 0]])
    np.testing.assert_array_equal(net.matrix_a.asnumpy(), [[0.5, -1.0], [-1.0, 2.0]])
    with pytest.raises(ValueError, match="For 'DenseThor', the input must be 2-D"):
        net(Tensor(np.ones((2, 3, 2), np.float32)))


def test_dense_thor_in_a_compiled_graph():
    net = nn.DenseThor(3, 2, weight_init="ones")
    x = np.array([[1.0, 0.0, 2.0]], np.float32)
    out = ms.jit(net)(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), [[3.0, 3.0]])
    np.testing.assert_allclose(net.matrix_a.asnumpy(), x.T @ x / 3, rtol=1e-6)


def test_embedding_thor_statistics_and_gradients():
    ids = np.array([[1, 2, 2], [2, 5, 5]], np.int32)
    dout = RNG.standard_normal((2, 3, 4)).astype(np.float32)
    net = nn.EmbeddingThor(10, 4)
    table = net.embedding_table.asnumpy()
    assert not net.matrix_a.asnumpy().any() and not net.matrix_g.asnumpy().any()
    np.testing.assert_allclose(net(Tensor(ids)).asnumpy(), table[ids])
    np.testing.assert_array_equal(net.matrix_a.asnumpy(), np.bincount(ids.ravel(), minlength=10))
    grad_table, = _grads(net, ids, dout)
    want = np.zeros((10, 4))
    np.add.at(want, ids.ravel(), dout.reshape(-1, 4))
    np.testing.assert_allclose(grad_table.asnumpy(), want, rtol=1e-5, atol=1e-6)
    rows = dout.reshape(-1, 4).astype(np.float64)
    np.testing.assert_allclose(net.matrix_g.asnumpy(), rows.T @ rows / 6, rtol=1e-5, atol=1e-6)


def test_embedding_thor_matches_mindspore():
    net = nn.EmbeddingThor(10, 4, embedding_table="ones")
    _grads(net, np.array([[1, 2, 2]], np.int32), np.arange(12, dtype=np.float32).reshape(1, 3, 4))
    np.testing.assert_array_equal(net.matrix_a.asnumpy(), [0, 1, 2, 0, 0, 0, 0, 0, 0, 0])
    np.testing.assert_allclose(net.matrix_g.asnumpy()[0], [26.66667, 30.66667, 34.66667, 38.66667], rtol=1e-6)
    assert net(Tensor(np.ones([8, 128], np.int32))).shape == (8, 128, 4)


def test_embedding_thor_in_a_compiled_graph():
    net = nn.EmbeddingThor(6, 2, embedding_table="ones")
    out = ms.jit(net)(Tensor(np.array([0, 3, 3, 5], np.int32)))
    assert out.shape == (4, 2)
    np.testing.assert_array_equal(net.matrix_a.asnumpy(), [1, 0, 0, 2, 0, 1])


def test_embedding_lookup_thor_matches_mindspore():
    """On 'DEVICE' the statistics are kept (matrix_g not averaged); on 'CPU' they stay zeros."""
    ids = np.array([[1, 2, 2]], np.int32)
    dout = np.arange(12, dtype=np.float32).reshape(1, 3, 4)
    net = nn.EmbeddingLookupThor(10, 4, param_init="ones", target="DEVICE", sparse=False)
    grad_table, = _grads(net, ids, dout)
    np.testing.assert_array_equal(net.matrix_a.asnumpy(), [0, 1, 2, 0, 0, 0, 0, 0, 0, 0])
    np.testing.assert_allclose(net.matrix_g.asnumpy(), [[80, 92, 104, 116], [92, 107, 122, 137],
                                                        [104, 122, 140, 158], [116, 137, 158, 179]])
    np.testing.assert_allclose(grad_table.asnumpy()[2], dout[0, 1] + dout[0, 2])
    on_cpu = nn.EmbeddingLookupThor(10, 4, param_init="ones")
    assert on_cpu(Tensor(ids)).shape == (1, 3, 4)
    assert not on_cpu.matrix_a.asnumpy().any() and not on_cpu.matrix_g.asnumpy().any()


def _patches(x, kernel, stride, dilation, pads):
    """im2col by loops: one row of (channel, kh, kw) values per output position, float64."""
    (top, bottom), (left, right) = pads
    x = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (top, bottom), (left, right)))
    n, _, h, w = x.shape
    span_h, span_w = dilation[0] * (kernel[0] - 1) + 1, dilation[1] * (kernel[1] - 1) + 1
    rows = []
    for b in range(n):
        for i in range(0, h - span_h + 1, stride[0]):
            for j in range(0, w - span_w + 1, stride[1]):
                rows.append(x[b, :, i:i + span_h:dilation[0], j:j + span_w:dilation[1]].reshape(-1))
    return np.array(rows)


@pytest.mark.parametrize("options, pads", [
    (dict(), ((1, 1), (1, 1))),
    (dict(pad_mode="same", stride=2), ((1, 1), (0, 1))),
    (dict(pad_mode="pad", padding=(1, 0, 2, 1), stride=2, has_bias=True), ((1, 0), (2, 1))),
    (dict(pad_mode="valid", dilation=2), ((0, 0), (0, 0))),
])
def test_conv2d_thor_statistics_and_gradients(options, pads):
    x = RNG.standard_normal((2, 2, 7, 6)).astype(np.float32)
    net = nn.Conv2dThor(2, 3, 3, bias_init="normal", **options)
    assert not net.matrix_a_cov.asnumpy().any() and net.a_normalizer.asnumpy() == [1.0]
    plain = nn.Conv2d(2, 3, 3, weight_init=Tensor(net.weight.asnumpy()),
                      bias_init=Tensor(net.bias.asnumpy()) if net.has_bias else "zeros", **options)
    out = net(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), plain(Tensor(x)).asnumpy(), rtol=1e-5, atol=1e-6)
    dout = RNG.standard_normal(out.shape).astype(np.float32)
    np.testing.assert_allclose(_grads(net, x, dout)[0].asnumpy(), _grads(plain, x, dout)[0].asnumpy(),
                               rtol=1e-5, atol=1e-6)
    patches = _patches(x, net.kernel_size, net.stride, net.dilation, pads)
    assert patches.shape[0] == out.shape[0] * out.shape[2] * out.shape[3]
    np.testing.assert_allclose(net.matrix_a_cov.asnumpy(), patches.T @ patches / len(patches), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(net.a_normalizer.asnumpy(), [len(patches)])
    rows = dout.transpose(0, 2, 3, 1).reshape(-1, 3).astype(np.float64)
    np.testing.assert_allclose(net.matrix_g_cov.asnumpy(), rows.T @ rows / len(rows), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(net.g_normalizer.asnumpy(), [len(rows)])


def test_conv2d_thor_parameters_as_in_mindspore():
    net = nn.Conv2dThor(2, 4, 3, has_bias=True, pad_mode="pad", padding=1, stride=2)
    shapes = {name: tuple(p.shape) for name, p in net.parameters_and_names()}
    assert shapes == {"weight": (4, 2, 3, 3), "bias": (4,), "a_normalizer": (1,), "g_normalizer": (1,),
                      "matrix_a_cov": (18, 18), "matrix_g_cov": (4, 4)}
    assert [p.name for p in net.trainable_params()] == ["weight", "bias"]


def test_dense_thor_matrix_g_from_a_compiled_gradient():
    net = nn.DenseThor(3, 2, weight_init="ones")
    x = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0]], np.float32)
    dout = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    loss = lambda x: (net(x) * Tensor(dout)).sum()  # noqa: E731 - a loss for ms.grad
    grad_weight, _ = ms.jit(ms.grad(loss, grad_position=None, weights=net.trainable_params()))(Tensor(x))
    np.testing.assert_allclose(grad_weight.asnumpy(), dout.T @ x)
    np.testing.assert_allclose(net.matrix_g.asnumpy(), dout.T @ dout / 2)
    np.testing.assert_allclose(net.matrix_a.asnumpy(), x.T @ x / 3, rtol=1e-6)
