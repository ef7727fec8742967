"""GradOperation, grad and value_and_grad: which gradients come back, in what structure."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, ParameterTuple, Tensor, ops
from spore.ops import GradOperation


def f_mul(x, y):
    return x * y


def f_two(x, y):
    return x * y, x + y


def assert_tensor(t, values, dtype=ms.float32):
    assert isinstance(t, Tensor), f"expected a Tensor, got {type(t).__name__}"
    assert t.dtype is dtype
    np.testing.assert_allclose(t.asnumpy(), values, rtol=1e-6)


X, Y = Tensor([1.0, 2.0]), Tensor([3.0, 4.0])
W = Parameter(Tensor([2.0]), name="w")


def f_w(x):
    return x * W


def test_first_input_by_default():
    assert_tensor(GradOperation()(f_mul)(X, Y), [3.0, 4.0])


def test_get_all_and_unused_inputs_get_zeros():
    gx, gy = GradOperation(get_all=True)(lambda x, y: x * 2)(X, Y)
    assert_tensor(gx, [2.0, 2.0])
    assert_tensor(gy, [0.0, 0.0])


def test_integer_inputs_get_integer_gradients():
    gx, gy = GradOperation(get_all=True)(f_mul)(Tensor([1, 2], ms.int32), Tensor([3, 4], ms.int32))
    assert_tensor(gx, [3, 4], ms.int32)
    assert_tensor(gy, [1, 2], ms.int32)


def test_non_tensor_inputs_get_no_entry():
    grads = GradOperation(get_all=True)(lambda x, n: x * n)(X, 3)
    assert len(grads) == 1
    assert_tensor(grads[0], [3.0, 3.0])


def test_gradients_of_several_outputs_add_up():
    gx, gy = GradOperation(get_all=True)(f_two)(X, Y)
    assert_tensor(gx, [4.0, 5.0])
    assert_tensor(gy, [2.0, 3.0])


def test_sens_param():
    gx, gy = GradOperation(get_all=True, sens_param=True)(f_two)(X, Y, (Tensor([1.0, 1.0]), Tensor([2.0, 2.0])))
    assert_tensor(gx, [5.0, 6.0])
    assert_tensor(gy, [3.0, 4.0])
    g = GradOperation(sens_param=True)(lambda x: x * 3)(X, Tensor([2.0, 1.0]))
    assert_tensor(g, [6.0, 3.0])


def test_sens_of_wrong_shape():
    with pytest.raises(ValueError, match="sens"):
        GradOperation(sens_param=True)(lambda x: x * 3)(X, Tensor([1.0, 1.0, 1.0]))


def test_get_by_list_structures():
    assert_tensor(GradOperation(get_by_list=True)(f_w, W)(Tensor([3.0])), [3.0])
    (gw,) = GradOperation(get_by_list=True)(f_w, [W])(Tensor([3.0]))
    assert_tensor(gw, [3.0])
    (gx,), (gw,) = GradOperation(get_all=True, get_by_list=True)(f_w, ParameterTuple([W]))(Tensor([3.0]))
    assert_tensor(gx, [2.0])
    assert_tensor(gw, [3.0])
    assert GradOperation(get_by_list=True)(f_mul, [])(X, Y) == ()


def test_grad_positions():
    assert_tensor(ms.grad(f_mul, 0)(X, Y), [3.0, 4.0])
    assert_tensor(ms.grad(f_mul, (0,))(X, Y), [3.0, 4.0])
    gx, gy = ms.grad(f_mul, (0, 1))(X, Y)
    assert_tensor(gy, [1.0, 2.0])


def test_grad_weights_structures():
    assert_tensor(ms.grad(f_w, None, W)(Tensor([3.0])), [3.0])
    (gw,) = ms.grad(f_w, None, [W])(Tensor([3.0]))
    assert_tensor(gw, [3.0])
    gx, gw = ms.grad(f_w, 0, W)(Tensor([3.0]))
    assert_tensor(gx, [2.0])
    assert_tensor(gw, [3.0])


def test_return_ids():
    (pos, gx), ((name, gw),) = ms.grad(f_w, 0, [W], return_ids=True)(Tensor([3.0]))
    assert pos == 0 and name == "w"
    assert_tensor(gw, [3.0])


def test_has_aux_differentiates_the_first_output_only():
    grad, aux = ms.grad(f_two, 0, has_aux=True)(X, Y)
    assert_tensor(grad, [3.0, 4.0])
    assert isinstance(aux, tuple) and len(aux) == 1
    assert_tensor(aux[0], [4.0, 6.0])
    with pytest.raises(ValueError, match="has_aux"):
        ms.grad(lambda x: x * 3, 0, has_aux=True)(X)


def test_value_and_grad():
    value, grad = ms.value_and_grad(f_two, 0)(X, Y)
    assert_tensor(value[0], [3.0, 8.0])
    assert_tensor(grad, [4.0, 5.0])
    (out, aux), grad = ms.value_and_grad(f_two, 0, has_aux=True)(X, Y)
    assert_tensor(grad, [3.0, 4.0])


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(grad_position=None, weights=None), ValueError, "can not both be None"),
    (dict(grad_position=5), ValueError, "out of range"),
    (dict(grad_position=-1), ValueError, ">= 0"),
    (dict(grad_position=1.5), TypeError, "grad_position"),
    (dict(grad_position=(0, 0)), ValueError, "duplicate"),
    (dict(grad_position=0, weights=[Tensor([1.0])]), TypeError, "weights"),
    (dict(grad_position=0, weights="w"), TypeError, "weights"),
])
def test_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        ms.grad(f_mul, **kwargs)(X, Y)


def test_grad_operation_bad_flags():
    with pytest.raises(TypeError, match="get_all"):
        GradOperation(get_all=1)
    with pytest.raises(TypeError, match="callable"):
        GradOperation()(3)


def test_stop_gradient():
    assert_tensor(ms.grad(lambda x: ops.stop_gradient(x) * x)(X), [1.0, 2.0])


def test_tape_is_released_after_the_call():
    x = Tensor([1.0])
    ms.grad(lambda t: t * t)(x)
    assert x._node is None and W._node is None
    from spore.ops import interpreter
    assert not interpreter.STACK
