"""`mindspore._Function`: forward and backward written by hand, on the PyNative tape;
and the `_null` sentinel."""
import numpy as np
import pytest

import spore as ms
from spore.common.tensor import Tensor


class _Cube(ms._Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        ctx.k = k
        ctx.seen_needs = ctx.needs_input_grad
        return x * x * x * k

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return grad * 3 * x * x * ctx.k, None


class _SumAndProduct(ms._Function):
    @staticmethod
    def forward(ctx, x, y):
        return x + y, x * y

    @staticmethod
    def backward(ctx, grad_sum, grad_product):
        ctx.received = (grad_sum, grad_product)
        return grad_sum + grad_product, grad_sum + grad_product


def test_forward_without_gradient():
    out = _Cube.apply(Tensor([1.0, 2.0]), 2)
    np.testing.assert_allclose(out.asnumpy(), [2.0, 16.0])


def test_backward_gives_the_gradient():
    x = Tensor([1.0, 2.0])
    grad = ms.grad(lambda x: _Cube.apply(x, 2).sum())(x)
    np.testing.assert_allclose(grad.asnumpy(), [6.0, 24.0])  # d(2x^3) = 6x^2


def test_backward_result_composes_with_recorded_ops():
    x = Tensor([1.0, 2.0])
    grad = ms.grad(lambda x: (_Cube.apply(x * 2, 1) + x).sum())(x)
    np.testing.assert_allclose(grad.asnumpy(), [3 * 4 * 2 + 1.0, 3 * 16 * 2 + 1.0])  # d((2x)^3 + x)


def test_unused_output_gets_zeros():
    x, y = Tensor([1.0, 2.0]), Tensor([3.0, 4.0])
    grads = ms.grad(lambda x, y: _SumAndProduct.apply(x, y)[0].sum(), grad_position=(0, 1))(x, y)
    for g in grads:
        np.testing.assert_allclose(g.asnumpy(), [1.0, 1.0])


class _NoMaterialize(ms._Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, grad_a, grad_b):
        assert grad_b is None
        return grad_a * 2


def test_without_materialized_grads_unreached_outputs_get_none():
    grad = ms.grad(lambda x: _NoMaterialize.apply(x)[0].sum())(Tensor([1.0, 2.0]))
    np.testing.assert_allclose(grad.asnumpy(), [2.0, 2.0])


class _Frozen(ms._Function):
    @staticmethod
    def forward(ctx, x):
        y = x * 2
        ctx.mark_non_differentiable(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        return grad


def test_non_differentiable_output_passes_no_gradient():
    grad = ms.grad(lambda x: _Frozen.apply(x).sum() + x.sum())(Tensor([1.0, 2.0]))
    np.testing.assert_allclose(grad.asnumpy(), [1.0, 1.0])


class _ScaledIdentity(ms._Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad * 5


def test_returned_input_gets_its_own_variable():
    x = Tensor([1.0, 2.0])
    grad = ms.grad(lambda x: (_ScaledIdentity.apply(x) * x).sum())(x)
    np.testing.assert_allclose(grad.asnumpy(), [6.0, 12.0])  # 5 * x through backward, + x directly


class _NoBackward(ms._Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2


class _TooFewGrads(ms._Function):
    @staticmethod
    def forward(ctx, x, y):
        return x * y

    @staticmethod
    def backward(ctx, grad):
        return (grad,)


def test_errors():
    x = Tensor([1.0])
    with pytest.raises(NotImplementedError, match="backward function should be customized"):
        ms.grad(lambda x: _NoBackward.apply(x).sum())(x)
    with pytest.raises(ValueError, match="one gradient per input"):
        ms.grad(lambda x: _TooFewGrads.apply(x, x).sum())(x)
    with pytest.raises(TypeError, match="save_for_backward"):
        ms._Function().save_for_backward(1)


def test_null_sentinel():
    assert repr(ms._null) == "mindspore.Null"
    assert isinstance(ms._null, ms._NullType)
