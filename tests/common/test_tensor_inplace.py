"""In-place Tensor methods (`add_`, `clamp_`, `fill_`, `copy_`...): the Tensor itself takes
the new value in its own dtype and is returned, and gradients flow through the update."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor

A = np.array([1.5, -2.0, 3.0], np.float32)
B = np.array([2.0, 4.0, -1.0], np.float32)
MASK = np.array([True, False, True])


@pytest.mark.parametrize("method, args, kwargs, expected", [
    ("add_", (B,), {}, A + B),
    ("add_", (B,), {"alpha": 2}, A + 2 * B),
    ("add_", (1,), {}, A + 1),
    ("sub_", (B,), {"alpha": 3}, A - 3 * B),
    ("mul_", (B,), {}, A * B),
    ("div_", (B,), {}, A / B),
    ("div_", (B,), {"rounding_mode": "floor"}, np.floor(A / B)),
    ("div_", (B,), {"rounding_mode": "trunc"}, np.trunc(A / B)),
    ("exp_", (), {}, np.exp(A)),
    ("log_", (), {}, np.log(np.abs(A))),
    ("floor_", (), {}, np.floor(A)),
    ("sigmoid_", (), {}, 1 / (1 + np.exp(-A))),
    ("tanh_", (), {}, np.tanh(A)),
    ("sign_", (), {}, np.sign(A)),
    ("clamp_", (-1.0, 2.0), {}, np.clip(A, -1.0, 2.0)),
    ("clamp_", (), {"max": 0.0}, np.minimum(A, 0.0)),
    ("remainder_", (B,), {}, np.mod(A, B)),
    ("floor_divide_", (B,), {}, np.floor_divide(A, B)),
    ("masked_fill_", (MASK, 0.5), {}, np.where(MASK, 0.5, A)),
    ("fill_", (7,), {}, np.full(3, 7.0)),
    ("zero_", (), {}, np.zeros(3)),
    ("copy_", (B,), {}, B),
])
def test_inplace_updates_and_returns_self(method, args, kwargs, expected):
    data = np.abs(A) if method == "log_" else A
    x = Tensor(data)
    args = tuple(Tensor(a) if isinstance(a, np.ndarray) else a for a in args)
    result = getattr(x, method)(*args, **kwargs)
    assert result is x
    assert x.dtype is ms.float32 and x.shape == (3,)
    np.testing.assert_allclose(x.asnumpy(), expected.astype(np.float32), rtol=1e-6, atol=1e-6)


def test_inplace_keeps_the_tensors_dtype():
    x = Tensor(np.array([1, 2, 3], np.int32))
    x.add_(1.5)
    assert x.dtype is ms.int32
    np.testing.assert_array_equal(x.asnumpy(), [2, 3, 4])
    y = Tensor(np.array([1, 2, 5], np.int64))
    assert y.fill_(2.7).dtype is ms.int64
    np.testing.assert_array_equal(y.asnumpy(), [2, 2, 2])
    z = Tensor(np.zeros(3, np.float32))
    z.copy_(Tensor(np.array([3, 4, 5], np.int32)))
    assert z.dtype is ms.float32
    np.testing.assert_array_equal(z.asnumpy(), [3.0, 4.0, 5.0])


def test_inplace_broadcasts_the_other_input_only():
    x = Tensor(np.ones((2, 3), np.float32))
    x.mul_(Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    np.testing.assert_array_equal(x.asnumpy(), [[1, 2, 3], [1, 2, 3]])
    x.copy_(Tensor(np.array([5.0], np.float32)))
    np.testing.assert_array_equal(x.asnumpy(), np.full((2, 3), 5.0))
    with pytest.raises(ValueError, match="Tensor.add_"):
        Tensor(np.ones(3, np.float32)).add_(Tensor(np.ones((2, 3), np.float32)))


def test_fill_with_a_0d_tensor_and_errors():
    x = Tensor(np.ones(2, np.float32))
    x.fill_(Tensor(np.float32(4.0)))
    np.testing.assert_array_equal(x.asnumpy(), [4.0, 4.0])
    with pytest.raises(ValueError, match="Tensor.fill_'.*'value'"):
        x.fill_(Tensor(np.ones(2, np.float32)))
    with pytest.raises(TypeError, match="Tensor.fill_'.*'value'"):
        x.fill_("a")
    with pytest.raises(TypeError, match="'src'"):
        x.copy_([1.0, 2.0])


def test_fill_and_fills_are_out_of_place():
    x = Tensor(np.array([1, 2], np.int64))
    y = x.fill(2.5)
    np.testing.assert_array_equal(y.asnumpy(), [2, 2])
    assert y.dtype is ms.int64
    np.testing.assert_array_equal(x.asnumpy(), [1, 2])
    np.testing.assert_array_equal(Tensor(np.zeros(3, np.float32)).fills(1.5).asnumpy(), [1.5] * 3)


def test_gradients_flow_through_inplace_updates():
    a, b = Tensor(A.astype(np.float64)), Tensor(B.astype(np.float64))

    def f(a, b):
        y = a * 1
        y.add_(b, alpha=2)
        y.mul_(a)
        y.clamp_(-5.0, 20.0)
        return y.sum()

    da, db = ms.grad(f, grad_position=(0, 1))(a, b)
    y = (A + 2 * B) * A
    inside = (y > -5) & (y < 20)
    np.testing.assert_allclose(da.asnumpy(), np.where(inside, 2 * A + 2 * B, 0), rtol=1e-6)
    np.testing.assert_allclose(db.asnumpy(), np.where(inside, 2 * A, 0), rtol=1e-6)


def test_gradients_through_copy_and_fill():
    a, b = Tensor(A.astype(np.float64)), Tensor(B.astype(np.float64))

    def copied(a, b):
        y = a * 1
        y.copy_(b)
        return (y * y).sum()

    da, db = ms.grad(copied, grad_position=(0, 1))(a, b)
    np.testing.assert_array_equal(da.asnumpy(), np.zeros(3))
    np.testing.assert_allclose(db.asnumpy(), 2 * B)

    def filled(a, v):
        y = a * 1
        y.fill_(v)
        return (y * a).sum()

    da, dv = ms.grad(filled, grad_position=(0, 1))(a, Tensor(np.float64(2.0)))
    np.testing.assert_allclose(da.asnumpy(), np.full(3, 2.0))
    np.testing.assert_allclose(dv.asnumpy(), A.sum(), rtol=1e-6)


def test_inplace_in_graph_mode():
    @ms.jit
    def f(a, b):
        y = a * 1
        y.add_(b)
        y.sigmoid_()
        return y

    out = f(Tensor(A), Tensor(B))
    np.testing.assert_allclose(out.asnumpy(), 1 / (1 + np.exp(-(A + B))), rtol=1e-6)


def test_inplace_on_a_parameter_updates_it_in_both_modes():
    class Counter(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")

        def construct(self, x):
            self.w.add_(1)
            return x * self.w

    net = Counter()
    x = Tensor(np.ones(2, np.float32))
    np.testing.assert_array_equal(net(x).asnumpy(), [2.0, 3.0])
    np.testing.assert_array_equal(ms.jit(lambda v: net(v))(x).asnumpy(), [3.0, 4.0])
    np.testing.assert_array_equal(ms.jit(lambda v: net(v))(x).asnumpy(), [4.0, 5.0])
    np.testing.assert_array_equal(net.w.asnumpy(), [4.0, 5.0])
    assert net.w.zero_() is net.w and net.w.asnumpy().tolist() == [0.0, 0.0]


def test_index_put():
    x = Tensor(np.array([1.0, 2.0, 5.0], np.float32))
    out = x.index_put((Tensor(np.array([0, 2])),), Tensor(np.array([7.0, 8.0], np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [7.0, 2.0, 8.0])
    np.testing.assert_array_equal(x.asnumpy(), [1.0, 2.0, 5.0])
    summed = x.index_put((Tensor(np.array([0, 0])),), Tensor(np.array([7.0, 8.0], np.float32)), True)
    np.testing.assert_array_equal(summed.asnumpy(), [16.0, 2.0, 5.0])
    y = Tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    assert y.index_put_((Tensor(np.array([0, 1])), Tensor(np.array([2, 0]))), Tensor(np.float32(9.0))) is y
    np.testing.assert_array_equal(y.asnumpy(), [[0, 1, 9], [9, 4, 5]])
    rows = y.index_put((Tensor(np.array([1])),), Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    np.testing.assert_array_equal(rows.asnumpy(), [[0, 1, 9], [1, 2, 3]])


@pytest.mark.parametrize("indices, values, accumulate, error, match", [
    (Tensor(np.array([0])), Tensor(np.float32(1.0)), False, TypeError, "'indices'"),
    ((Tensor(np.array([0.0])),), Tensor(np.float32(1.0)), False, TypeError, "int32 or int64"),
    ((Tensor(np.array([0])),), 1.0, False, TypeError, "'values'"),
    ((Tensor(np.array([0])),), Tensor(np.float32(1.0)), 1, TypeError, "'accumulate'"),
    ((Tensor(np.array([0])),) * 3, Tensor(np.float32(1.0)), False, ValueError, "number of index Tensors"),
    ((Tensor(np.array([0, 1])), Tensor(np.array([0, 1, 2]))), Tensor(np.float32(1.0)), False, ValueError,
     "do not broadcast"),
])
def test_index_put_errors(indices, values, accumulate, error, match):
    with pytest.raises(error, match=match):
        Tensor(np.zeros((3, 3), np.float32)).index_put(indices, values, accumulate)


def test_index_put_gradients():
    def f(a, v):
        return (a.index_put((Tensor(np.array([0, 0])),), v, True) * Tensor(np.array([1.0, 2.0, 3.0]))).sum()

    da, dv = ms.grad(f, grad_position=(0, 1))(Tensor(A.astype(np.float64)), Tensor(np.array([1.0, 1.0])))
    np.testing.assert_allclose(da.asnumpy(), [1.0, 2.0, 3.0])
    np.testing.assert_allclose(dv.asnumpy(), [1.0, 1.0])
