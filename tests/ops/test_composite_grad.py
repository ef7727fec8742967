"""_Grad, the transformation under grad and value_and_grad, in each of its modes.
f(a, b) = sum(a^2 * b * w): df/da = 2abw, df/db = a^2 w, df/dw = a^2 b."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor
from spore.ops.composite import _Grad

X = np.array([1.0, 2.0], np.float32)
Y = np.array([3.0, 4.0], np.float32)
W = np.array([2.0, 2.0], np.float32)
DA, DB, DW = 2 * X * Y * W, X * X * W, X * X * Y


def _inputs():
    w = Parameter(Tensor(W), name="w")
    return Tensor(X), Tensor(Y), w, (lambda a, b: (a * a * b * w).sum())


def _close(value, expected):
    assert np.allclose(value.asnumpy(), expected)


def test_first_input_all_inputs_and_positions():
    x, y, _, f = _inputs()
    _close(_Grad()(f)(x, y), DA)
    da, db = _Grad(get_all=True)(f)(x, y)
    _close(da, DA)
    _close(db, DB)
    da, db = _Grad(get_by_position=True)(f, None, (0, 1))(x, y)
    _close(da, DA)
    _close(db, DB)
    _close(_Grad(get_by_position=True)(f, None, (1,))(x, y), DB)


def test_weights():
    x, y, w, f = _inputs()
    (dw,) = _Grad(get_by_list=True)(f, [w])(x, y)
    _close(dw, DW)
    da, dw = _Grad(get_by_list=True, get_by_position=True)(f, w, (0,))(x, y)
    _close(da, DA)
    _close(dw, DW)


def test_value_aux_ids_and_sens():
    x, y, w, f = _inputs()
    value, da = _Grad(get_by_position=True, get_value=True)(f, None, (0,))(x, y)
    assert np.isclose(float(value.asnumpy()), (X * X * Y * W).sum())
    _close(da, DA)

    def with_aux(a, b):
        return (a * b * w).sum(), a + 1
    grads, aux = _Grad(get_by_position=True, has_aux=True)(with_aux, None, (0,))(x, y)
    _close(grads, Y * W)
    _close(aux[0], X + 1)
    (pos0, g0), (pos1, g1) = _Grad(get_by_position=True, return_ids=True)(f, None, (0, 1))(x, y)
    assert (pos0, pos1) == (0, 1)
    _close(g0, DA)
    _close(g1, DB)
    _close(_Grad(sens_param=True)(f)(x, y, Tensor(2.0)), 2 * DA)
    _close(_Grad(get_by_position=True, sens_param=True)(f, None, (1,))(x, y, Tensor(3.0)), 3 * DB)


def test_in_graph_mode():
    x, y, _, f = _inputs()
    grad_fn = _Grad(get_by_position=True)(f, None, (0, 1))
    da, db = ms.jit(lambda a, b: grad_fn(a, b))(x, y)
    _close(da, DA)
    _close(db, DB)


def test_errors():
    with pytest.raises(TypeError):
        _Grad(get_all=1)
    with pytest.raises(TypeError):
        _Grad()(3)
    x, y, _, f = _inputs()
    with pytest.raises(TypeError):
        _Grad(get_by_list=True)(f, [x])
    with pytest.raises(TypeError):
        _Grad(sens_param=True)(f)()
