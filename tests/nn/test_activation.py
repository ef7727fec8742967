"""Activation layers against NumPy float64 references, get_activation, argument errors
and reprs (as MindSpore 2.7 prints them)."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn

X = np.array([[-3.0, -1.5, -0.5, 0.0, 0.25, 1.0, 2.5, 30.0]], np.float64)
GRID = np.linspace(-6, 6, 48).reshape(2, 3, 8)
ERF = np.vectorize(math.erf)


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def softplus(x):
    return np.logaddexp(0, x)


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


SELU_ALPHA, SELU_SCALE = 1.6732632423543772, 1.0507009873554805

CASES = [
    (nn.ReLU(), lambda x: np.maximum(x, 0)),
    (nn.ReLU6(), lambda x: np.clip(x, 0, 6)),
    (nn.LeakyReLU(), lambda x: np.where(x > 0, x, 0.2 * x)),
    (nn.LeakyReLU(alpha=0.05), lambda x: np.where(x > 0, x, 0.05 * x)),
    (nn.ELU(), lambda x: np.where(x > 0, x, np.expm1(x))),
    (nn.CELU(alpha=2.0), lambda x: np.maximum(x, 0) + np.minimum(0, 2.0 * np.expm1(x / 2.0))),
    (nn.SeLU(), lambda x: SELU_SCALE * np.where(x > 0, x, SELU_ALPHA * np.expm1(x))),
    (nn.GELU(), lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))),
    (nn.GELU(approximate=False), lambda x: 0.5 * x * (1 + ERF(x / math.sqrt(2)))),
    (nn.FastGelu(), lambda x: x * sigmoid(1.702 * x)),
    (nn.SiLU(), lambda x: x * sigmoid(x)),
    (nn.Mish(), lambda x: x * np.tanh(softplus(x))),
    (nn.Sigmoid(), sigmoid),
    (nn.LogSigmoid(), lambda x: -softplus(-x)),
    (nn.Tanh(), np.tanh),
    (nn.Tanhshrink(), lambda x: x - np.tanh(x)),
    (nn.Softsign(), lambda x: x / (1 + np.abs(x))),
    (nn.HSwish(), lambda x: x * np.clip(x + 3, 0, 6) / 6),
    (nn.HSigmoid(), lambda x: np.clip(x + 3, 0, 6) / 6),
    (nn.Hardtanh(), lambda x: np.clip(x, -1, 1)),
    (nn.Hardtanh(-2, 0.5), lambda x: np.clip(x, -2, 0.5)),
    (nn.Threshold(0.1, 20), lambda x: np.where(x > 0.1, x, 20)),
    (nn.SoftShrink(), lambda x: np.where(x > 0.5, x - 0.5, np.where(x < -0.5, x + 0.5, 0))),
    (nn.HShrink(lambd=1.0), lambda x: np.where(np.abs(x) > 1.0, x, 0)),
    (nn.PReLU(), lambda x: np.where(x > 0, x, 0.25 * x)),
    (nn.Softmax(), softmax),
    (nn.Softmax(axis=0), lambda x: softmax(x, 0)),
    (nn.LogSoftmax(), lambda x: np.log(softmax(x))),
    (nn.Softmin(), lambda x: softmax(-x)),
    (nn.GLU(), lambda x: x[..., :x.shape[-1] // 2] * sigmoid(x[..., x.shape[-1] // 2:])),
]
IDS = [f"{type(cell).__name__}-{i}" for i, (cell, _) in enumerate(CASES)]


@pytest.mark.parametrize("cell, reference", CASES, ids=IDS)
@pytest.mark.parametrize("x", [X, GRID], ids=["edges", "grid"])
def test_forward_float32(cell, reference, x):
    out = cell(Tensor(x.astype(np.float32)))
    assert out.dtype is ms.float32
    np.testing.assert_allclose(out.asnumpy(), reference(x), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("cell, reference", [c for c in CASES if not isinstance(c[0], nn.PReLU)],
                         ids=[i for i, c in zip(IDS, CASES) if not isinstance(c[0], nn.PReLU)])
def test_forward_float16(cell, reference):
    x = GRID.astype(np.float16)
    out = cell(Tensor(x))
    assert out.dtype is ms.float16 and out.shape == reference(x.astype(np.float64)).shape
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), reference(x.astype(np.float64)),
                               rtol=1e-2, atol=1e-2)


def test_relu_keeps_integers():
    out = nn.ReLU()(Tensor(np.array([1, -2, 3], np.int32)))
    assert out.dtype is ms.int32 and out.asnumpy().tolist() == [1, 0, 3]


def test_softmax2d_over_channels():
    x = GRID.reshape(1, 2, 3, 8)
    np.testing.assert_allclose(nn.Softmax2d()(Tensor(x.astype(np.float32))).asnumpy(), softmax(x, -3), rtol=1e-5)
    np.testing.assert_allclose(nn.Softmax2d()(Tensor(x[0].astype(np.float32))).asnumpy(), softmax(x[0], 0),
                               rtol=1e-5)
    with pytest.raises(ValueError, match="Softmax2d"):
        nn.Softmax2d()(Tensor(X.astype(np.float32)))


def test_glu_on_another_axis_and_odd_length():
    x = GRID.reshape(4, 3, 4)
    np.testing.assert_allclose(nn.GLU(axis=0)(Tensor(x.astype(np.float32))).asnumpy(),
                               x[:2] * sigmoid(x[2:]), rtol=1e-5)
    with pytest.raises(ValueError, match="even"):
        nn.GLU()(Tensor(np.ones((2, 3), np.float32)))


def test_prelu_per_channel_slopes():
    prelu = nn.PReLU(channel=3, w=[0.1, 0.2, 0.3])
    x = GRID.reshape(2, 3, 8)
    slopes = np.array([0.1, 0.2, 0.3]).reshape(1, 3, 1)
    np.testing.assert_allclose(prelu(Tensor(x.astype(np.float32))).asnumpy(), np.where(x > 0, x, slopes * x),
                               rtol=1e-6, atol=1e-7)
    # float16 input: the float32 slopes are cast to it.
    assert prelu(Tensor(x.astype(np.float16))).dtype is ms.float16


def test_prelu_parameter():
    prelu = nn.PReLU(channel=2, w=Tensor(np.array([0.5, 0.25], np.float32)))
    assert [(p.name, p.shape) for p in prelu.get_parameters()] == [("a", (2,))]

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.act = nn.PReLU()

    assert [p.name for p in Net().get_parameters()] == ["act.w"]


def test_rrelu_slopes_lie_between_bounds():
    rrelu = nn.RReLU(lower=0.1, upper=0.3)
    x = -np.ones((50, 40), np.float32)
    out = rrelu(Tensor(x)).asnumpy()
    assert out.max() <= -0.1 + 1e-6 and out.min() >= -0.3 - 1e-6 and out.std() > 0.03
    positive = np.abs(x)
    np.testing.assert_array_equal(rrelu(Tensor(positive)).asnumpy(), positive)


def test_rrelu_repeats_under_set_seed():
    x = Tensor(-np.ones((4, 4), np.float32))
    ms.set_seed(2)
    first = nn.RReLU()(x).asnumpy()
    ms.set_seed(2)
    np.testing.assert_array_equal(nn.RReLU()(x).asnumpy(), first)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.GELU(1), TypeError, "approximate"),
    (lambda: nn.Softmax(1.5), TypeError, "axis"),
    (lambda: nn.LogSoftmax("a"), TypeError, "axis"),
    (lambda: nn.Softmin(1.5), TypeError, "axis"),
    (lambda: nn.LeakyReLU("a"), TypeError, "alpha"),
    (lambda: nn.ELU(1), TypeError, "alpha"),
    (lambda: nn.ELU(0.5), ValueError, "alpha"),
    (lambda: nn.CELU(0.0), ValueError, "alpha"),
    (lambda: nn.SoftShrink(-1.0), ValueError, "lambd"),
    (lambda: nn.HShrink("x"), TypeError, "lambd"),
    (lambda: nn.Hardtanh(1, 0), ValueError, "min_val"),
    (lambda: nn.Threshold("a", 1), TypeError, "threshold"),
    (lambda: nn.RReLU(0.5, 0.1), ValueError, "upper"),
    (lambda: nn.RReLU("a"), TypeError, "lower"),
    (lambda: nn.PReLU(0), ValueError, "channel"),
    (lambda: nn.PReLU(2, [0.1]), ValueError, "channel"),
    (lambda: nn.PReLU(2, [0.1, 1]), ValueError, "float"),
    (lambda: nn.PReLU(1, "a"), TypeError, "'w'"),
    (lambda: nn.PReLU(1, 1), TypeError, "'w'"),
    (lambda: nn.PReLU(2, Tensor(np.ones(2, np.float64))), ValueError, "dtype"),
    (lambda: nn.PReLU(2, Tensor(np.ones(3, np.float32))), ValueError, "shape"),
    (lambda: nn.GLU(1.5), TypeError, "axis"),
])
def test_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_input_errors():
    with pytest.raises(TypeError):
        nn.Sigmoid()(Tensor(np.array([1, 2], np.int32)))
    with pytest.raises(TypeError, match="RReLU"):
        nn.RReLU()(1.0)
    with pytest.raises(ValueError):
        nn.Softmax(axis=3)(Tensor(X.astype(np.float32)))


# ---- get_activation ---------------------------------------------------------------------------
MINDSPORE_NAMES = ["softmin", "softmax", "softmax2d", "logsoftmax", "relu", "relu6", "rrelu", "silu", "tanh",
                   "tanhshrink", "hardtanh", "gelu", "fast_gelu", "elu", "sigmoid", "softsign", "prelu",
                   "leakyrelu", "hswish", "hsigmoid", "logsigmoid", "softshrink", "hshrink", "mish"]


@pytest.mark.parametrize("name", MINDSPORE_NAMES)
def test_get_activation(name):
    first, second = nn.get_activation(name), nn.get_activation(name)
    assert isinstance(first, nn.Cell) and first is not second


def test_get_activation_none_and_unknown():
    assert nn.get_activation(None) is None
    with pytest.raises(KeyError, match="'nope'"):
        nn.get_activation("nope")
    with pytest.raises(KeyError, match="For 'Dense'"):
        nn.get_activation("ReLU", "Dense")
    with pytest.raises(TypeError):
        nn.get_activation("threshold")        # needs its arguments


def test_reprs():
    for cell in (nn.ReLU(), nn.GELU(), nn.PReLU(), nn.Softmax(), nn.LeakyReLU(), nn.Tanh(), nn.GLU()):
        assert repr(cell) == f"{type(cell).__name__}()"
