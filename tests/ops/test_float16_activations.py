"""float16 Sigmoid, SiLU and Softmax as MindSpore 2.7.1's CPU kernels compute them: in
float16, each step rounded (torch's float16 kernels round once, a last-bit difference for
about a third of the values). Expected bit patterns from MindSpore 2.7.1."""
import numpy as np

from spore import Tensor, mint, nn, ops

X = np.array([-1, 2, -3, 0.5, -7.25, 11.0, 3.3], np.float16)
ROWS = np.array([[-1, -2, 0, 2, 1], [0.3, -4.5, 2.25, 1.0, 0.0]], np.float16)


def bits(t):
    return t.asnumpy().view(np.uint16).tolist()


def test_sigmoid_float16():
    assert bits(ops.sigmoid(Tensor(X))) == [13389, 15115, 10771, 14587, 4560, 15360, 15287]
    assert bits(nn.Sigmoid()(Tensor(X))) == bits(ops.sigmoid(Tensor(X)))


def test_silu_float16():
    assert bits(ops.silu(Tensor(X))) == [46157, 16139, 45198, 13563, 40260, 18816, 16990]
    assert bits(mint.nn.functional.silu(Tensor(X))) == bits(ops.silu(Tensor(X)))


def test_softmax_float16():
    assert bits(ops.softmax(Tensor(ROWS))) == [[10254, 8695, 11652, 14615, 13182], [11758, 4672, 14646, 12793, 11365]]
    assert bits(ops.softmax(Tensor(ROWS), axis=0)) == [[13020, 15205, 11802, 14809, 14809],
                                                       [14921, 11483, 15165, 13389, 13389]]
    np.testing.assert_array_equal(str(nn.Softmin()(Tensor(np.array([1, 2, 0, -2, -1], np.float16)))),
                                  "[0.03168 0.01165 0.0862  0.636   0.2341 ]")


def test_float32_unchanged():
    x = X.astype(np.float32)
    np.testing.assert_allclose(ops.sigmoid(Tensor(x)).asnumpy(), 1 / (1 + np.exp(-x.astype(np.float64))), rtol=1e-6)
    np.testing.assert_allclose(ops.silu(Tensor(x)).asnumpy(), x / (1 + np.exp(-x.astype(np.float64))), rtol=1e-6)
