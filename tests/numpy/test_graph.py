"""mindspore.numpy in Graph mode: a sample of functions compiled with ms.jit (and differentiated
inside a compiled function) give what they give op by op."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.test_grad import CASES as GRAD_CASES

RNG = np.random.default_rng(4)
X = RNG.uniform(0.5, 2, (3, 4)).astype(np.float32)
Y = RNG.uniform(-2, 2, (4,)).astype(np.float32)


def creation(x):
    return mnp.linspace(0, 1, 4) * x + mnp.eye(3, 4) + mnp.tri(3, 4) + mnp.full((3, 4), 2.0)


def elementwise(x, y):
    return mnp.cbrt(x) + mnp.logaddexp(x, y) - mnp.hypot(x, y) * mnp.arctanh(y / 3) + mnp.copysign(x, y)


def integers(x):
    ints = mnp.asarray(x * 10, mnp.int32)
    return mnp.gcd(ints, 6) + mnp.lcm(ints, 4) + mnp.count_nonzero(ints % 2) + mnp.bitwise_and(ints, 3)


def reductions(x):
    return (mnp.var(x, 1), mnp.nanmean(x, 0), mnp.ptp(x), mnp.average(x, 1, mnp.arange(4.0)), mnp.norm(x, 1),
            mnp.cumsum(x, 0), mnp.amax(x, 0, initial=1.5), mnp.argmax(x, 1))


def shapes(x, y):
    parts = mnp.split(x, 2, 1)
    return (mnp.concatenate(parts[::-1], 1), mnp.rot90(x), mnp.roll(x, 1, 0), mnp.tile(y, (2, 1)),
            mnp.pad(x, 1, "reflect"), mnp.diff(x, 2), mnp.stack([y, y], 1), mnp.moveaxis(mnp.expand_dims(x, 0), 0, -1))


def selection(x, y):
    return (mnp.where(x > 1, x, y), mnp.take(y, mnp.array([3, 0, 9])), mnp.choose(mnp.array([1, 0, 1, 0]), [x, y]),
            mnp.searchsorted(mnp.array([0.0, 1.0, 1.5]), x), mnp.select([x > 1.5, x < 1], [x, y]),
            mnp.isclose(x, y), mnp.isin(mnp.array([1, 2, 3]), mnp.array([2, 3])))


def products(x, y):
    return (mnp.matmul(x, y), mnp.dot(x, mnp.transpose(x)), mnp.tensordot(x, x, ([0, 1], [0, 1])), mnp.kron(x, y),
            mnp.outer(y, y), mnp.cross(x[:, :3], y[:3]), mnp.trace(mnp.dot(x, x.T)), mnp.diag(y, 1))


def statistics(x, y):
    return (mnp.cov(x), mnp.corrcoef(x), mnp.convolve(y, y), mnp.correlate(y, y[:2], "same"), mnp.gradient(x),
            mnp.trapz(x), mnp.interp(x, mnp.array([0.0, 1.0, 2.0]), mnp.array([1.0, -1.0, 0.5])), mnp.unwrap(x * 4),
            mnp.histogram(x, 3, (0, 2))[0], mnp.bincount(mnp.array([0, 2, 2]), length=4), mnp.polyval(y, x))


SAMPLES = [(creation, (X,)), (elementwise, (X, Y)), (integers, (X,)), (reductions, (X,)), (shapes, (X, Y)),
           (selection, (X, Y)), (products, (X, Y)), (statistics, (X, Y))]


def _leaves(value):
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


@pytest.mark.parametrize("fn, inputs", SAMPLES, ids=[fn.__name__ for fn, _ in SAMPLES])
def test_graph_mode_matches_pynative(fn, inputs):
    tensors = [ms.Tensor(x) for x in inputs]
    eager, compiled = _leaves(fn(*tensors)), _leaves(ms.jit(fn)(*tensors))
    assert len(eager) == len(compiled)
    for e, c in zip(eager, compiled):
        assert e.dtype == c.dtype and e.shape == c.shape
        np.testing.assert_allclose(c.asnumpy(), e.asnumpy(), rtol=1e-6, atol=1e-6)


def test_gradient_inside_a_compiled_function():
    def loss(x, y):
        return mnp.sum(mnp.cbrt(x) * mnp.logaddexp(x, y)) + mnp.norm(mnp.cov(x))

    x, y = ms.Tensor(X), ms.Tensor(Y)
    eager = ms.grad(loss, grad_position=(0, 1))(x, y)
    compiled = ms.jit(ms.grad(loss, grad_position=(0, 1)))(x, y)
    for e, c in zip(eager, compiled):
        np.testing.assert_allclose(c.asnumpy(), e.asnumpy(), rtol=1e-5, atol=1e-6)


def test_graph_mode_context():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        class Net(ms.nn.Cell):
            def construct(self, x):
                return mnp.unique(mnp.asarray(x * 2, mnp.int32), return_inverse=True)

        values, inverse = Net()(ms.Tensor(np.array([1.0, 0.5, 1.0, 2.0], np.float32)))
        np.testing.assert_array_equal(values.asnumpy(), [1, 2, 4])
        np.testing.assert_array_equal(inverse.asnumpy(), [1, 0, 1, 2])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("name, fn, inputs", GRAD_CASES, ids=[c[0] for c in GRAD_CASES])
def test_every_differentiable_function_compiles(name, fn, inputs):
    tensors = [ms.Tensor(np.asarray(x, np.float32)) for x in inputs]
    eager, compiled = _leaves(fn(*tensors)), _leaves(ms.jit(fn)(*tensors))
    for e, c in zip(eager, compiled):
        assert e.dtype == c.dtype and e.shape == c.shape
        np.testing.assert_allclose(c.asnumpy(), e.asnumpy(), rtol=1e-5, atol=1e-5, equal_nan=True)
