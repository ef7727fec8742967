"""vjp, jvp, linearize, jacrev, jacfwd and get_grad on f(a, b) = a^2 b (element-wise):
J_a = diag(2ab), J_b = diag(a^2), hand-computed; in PyNative and Graph mode."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn
from spore.ops.composite import derivative, get_grad, jacfwd, jacrev, jet, jvp, linearize, vjp

A = np.array([1.0, 2.0], np.float32)
B = np.array([3.0, 4.0], np.float32)
ONES = np.ones(2, np.float32)


def f(a, b):
    return a * a * b


def with_aux(a):
    return a * a, a + 1


def two_outputs(a, b):
    return a * b, a.sum()


def _t(values):
    return Tensor(np.asarray(values, np.float32))


def _close(value, expected):
    assert np.allclose(value.asnumpy(), expected)


def test_vjp():
    out, vjp_fn = vjp(f, _t(A), _t(B))
    _close(out, A * A * B)
    da, db = vjp_fn(_t(ONES))
    _close(da, 2 * A * B)
    _close(db, A * A)
    out, vjp_fn, aux = vjp(with_aux, _t(A), has_aux=True)
    (da,) = vjp_fn(_t(ONES))
    _close(da, 2 * A)
    _close(aux, A + 1)
    _, vjp_fn = vjp(two_outputs, _t(A), _t(B))
    da, db = vjp_fn((_t(ONES), _t(2.0)))
    _close(da, B + 2)
    _close(db, A)


def test_j_gives_the_outputs_and_their_bprop():
    out, bprop = ms.ops.J(f)(_t(A), _t(B))
    _close(out, A * A * B)
    da, db = bprop(_t([1.0, 2.0]))
    _close(da, 2 * A * B * [1.0, 2.0])
    _close(db, A * A * [1.0, 2.0])
    _, bprop = ms.ops.J(two_outputs)(_t(A), _t(B))
    da, db = bprop((_t(ONES), _t(2.0)))
    _close(da, B + 2)
    with pytest.raises(TypeError, match="For 'J', the 'fn' must be callable"):
        ms.ops.J(3)
    with pytest.raises(TypeError, match="For 'J', the inputs must be Tensors"):
        ms.ops.J(f)(1.0, _t(B))


def test_vjp_with_weights():
    w = Parameter(_t([2.0, 2.0]), name="w")

    class Scale(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = w

        def construct(self, a):
            return a * self.w
    net = Scale()
    _, vjp_fn = vjp(net, _t(A), weights=net.trainable_params())
    (da,), (dw,) = vjp_fn(_t(ONES))
    _close(da, [2, 2])
    _close(dw, A)


def test_jvp_and_linearize():
    out, product = jvp(f, (_t(A), _t(B)), (_t(ONES), _t(ONES)))
    _close(out, A * A * B)
    _close(product, 2 * A * B + A * A)
    _, product = jvp(lambda a: a * a, _t(A), _t(ONES))
    _close(product, 2 * A)
    _, product, aux = jvp(with_aux, _t(A), _t(ONES), has_aux=True)
    _close(product, 2 * A)
    _close(aux, A + 1)
    _, (p0, p1) = jvp(two_outputs, (_t(A), _t(B)), (_t(ONES), _t(ONES)))
    _close(p0, A + B)
    assert float(p1.asnumpy()) == 2.0
    out, jvp_fn = linearize(f, (_t(A), _t(B)))
    _close(jvp_fn((_t(ONES), _t(ONES))), 2 * A * B + A * A)


@pytest.mark.parametrize("jacobian", [jacrev, jacfwd])
def test_jacobians(jacobian):
    _close(jacobian(f)(_t(A), _t(B)), np.diag(2 * A * B))
    ja, jb = jacobian(f, grad_position=(0, 1))(_t(A), _t(B))
    _close(ja, np.diag(2 * A * B))
    _close(jb, np.diag(A * A))
    j0, j1 = jacobian(two_outputs)(_t(A), _t(B))
    _close(j0, np.diag(B))
    _close(j1, [1, 1])
    jac, aux = jacobian(with_aux, has_aux=True)(_t(A))
    _close(jac, np.diag(2 * A))
    _close(aux, A + 1)
    matrix = jacobian(lambda x: x * 2)(_t(np.ones((2, 2))))
    assert matrix.shape == (2, 2, 2, 2)
    _close(matrix, 2 * np.eye(4).reshape(2, 2, 2, 2))


def _jacrev_in_graph(a, b):
    return jacrev(f)(a, b)


def _jvp_in_graph(a, b):
    return jvp(f, (a, b), (a, b))


def _vjp_in_graph(a, b):
    out, vjp_fn = vjp(f, a, b)
    return vjp_fn(ms.ops.ones_like(out))


def test_in_graph_mode():
    _close(ms.jit(_jacrev_in_graph)(_t(A), _t(B)), np.diag(2 * A * B))
    _, product = ms.jit(_jvp_in_graph)(_t(A), _t(B))
    _close(product, 2 * A * B * A + A * A * B)
    da, db = ms.jit(_vjp_in_graph)(_t(A), _t(B))
    _close(da, 2 * A * B)
    _close(db, A * A)


def test_get_grad():
    grads = ms.grad(f, grad_position=(0, 1), return_ids=True)(_t(A), _t(B))
    _close(get_grad(grads, 1), A * A)
    w = Parameter(_t([2.0, 2.0]), name="w")

    def scaled(a):
        return (a * w).sum()
    grads = ms.grad(scaled, 0, [w], return_ids=True)(_t(A))
    _close(get_grad(grads, w), A)
    _close(get_grad(grads, 0), [2, 2])
    with pytest.raises(RuntimeError):
        get_grad(grads, 5)
    with pytest.raises(TypeError):
        get_grad(grads, "w")


def test_errors():
    with pytest.raises(TypeError):
        vjp(3, _t(A))
    with pytest.raises(TypeError):
        vjp(f, A, B)
    with pytest.raises(ValueError, match="invalid length"):
        jvp(f, (_t(A), _t(B)), (_t(B),))
    with pytest.raises(ValueError, match="shape"):
        jvp(f, (_t(A), _t(B)), (_t([1.0, 2.0, 3.0]), _t(B)))
    with pytest.raises(ValueError, match="has_aux"):
        vjp(f, _t(A), _t(B), has_aux=True)
    with pytest.raises(TypeError):
        jacrev(f, grad_position=1.5)(_t(A), _t(B))


def _sin_exp(x):
    return ms.ops.sin(x) + ms.ops.exp(x)


# f = sin + exp: f' = cos + exp, f'' = -sin + exp, f''' = -cos + exp.
_X = np.array([1.0, 2.0], np.float32)
_ORDERS = [np.cos(_X) + np.exp(_X), -np.sin(_X) + np.exp(_X), -np.cos(_X) + np.exp(_X)]


def test_derivative():
    for order in (1, 3):
        out, value = derivative(_sin_exp, _t(_X), order)
        assert np.allclose(out.asnumpy(), np.sin(_X) + np.exp(_X), rtol=1e-5)
        assert np.allclose(value.asnumpy(), _ORDERS[order - 1], rtol=1e-4)
    with pytest.raises(ValueError):
        derivative(_sin_exp, _t(_X), 0)


def test_jet():
    series = _t([[1.0, 2.0], [0.5, 0.0]])
    out, out_series = jet(_sin_exp, _t(_X), series)
    assert out_series.shape == (2, 2)
    # y' = f'(x) x', y'' = f''(x) x'^2 + f'(x) x''.
    first, second = np.array([1.0, 2.0]), np.array([0.5, 0.0])
    assert np.allclose(out_series.asnumpy()[0], _ORDERS[0] * first, rtol=1e-4)
    assert np.allclose(out_series.asnumpy()[1], _ORDERS[1] * first ** 2 + _ORDERS[0] * second, rtol=1e-4)
    _, from_ints = jet(_sin_exp, Tensor(np.array([1, 2], np.int32)), _t([[1.0, 1.0]]))
    assert np.allclose(from_ints.asnumpy()[0], _ORDERS[0], rtol=1e-4), "int primals are taken as float32"
    with pytest.raises(ValueError, match="shape"):
        jet(_sin_exp, _t(_X), _t([1.0, 1.0]))
