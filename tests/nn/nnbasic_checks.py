"""Shared checks of the nnbasic layer tests: a context fixture running each forward test in
PyNative and Graph mode, and gradients of a Cell's inputs and Parameters against central
differences."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor


@pytest.fixture(params=["pynative", "graph"])
def mode(request):
    """Each forward test runs op by op and with the Cells' construct compiled."""
    ms.set_context(mode=ms.GRAPH_MODE if request.param == "graph" else ms.PYNATIVE_MODE)
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _central_difference(loss, array: np.ndarray, eps: float) -> np.ndarray:
    """d loss() / d array, moving `array` in place element by element."""
    grad = np.zeros(array.shape)
    for idx in np.ndindex(array.shape):
        original = array[idx]
        array[idx] = original + eps
        plus = loss()
        array[idx] = original - eps
        minus = loss()
        array[idx] = original
        grad[idx] = (plus - minus) / (2 * eps)
    return grad


def check_parameter_gradients(cell, inputs, rtol=1e-5, atol=1e-6, eps=1e-6, seed=0, of_inputs=True):
    """The gradients of sum(cell(*inputs) * s), s random, with respect to every trainable
    Parameter of `cell` and (with `of_inputs`) every floating input, against central
    differences."""
    rng = np.random.default_rng(seed)
    params = cell.trainable_params()
    sens = rng.standard_normal(cell(*inputs).shape)
    sens_tensor = Tensor(sens.astype(ms.dtype_to_nptype(cell(*inputs).dtype)))
    float_positions = tuple(i for i, x in enumerate(inputs) if of_inputs and x.dtype.is_floating_point)

    def weighted(*args):
        return (cell(*args) * sens_tensor).sum()

    if float_positions:
        input_grads, param_grads = ms.grad(weighted, grad_position=float_positions, weights=params)(*inputs)
    else:
        input_grads, param_grads = (), ms.grad(weighted, grad_position=None, weights=params)(*inputs)
    input_grads = input_grads if isinstance(input_grads, tuple) else (input_grads,)

    def loss():
        return float((cell(*inputs).asnumpy().astype(np.float64) * sens).sum())

    for param, grad in zip(params, param_grads):
        values = param.asnumpy().copy()

        def loss_of_param(values=values, param=param):
            param.set_data(Tensor(values, param.dtype))
            return loss()

        numeric = _central_difference(loss_of_param, values, eps)
        param.set_data(Tensor(values, param.dtype))
        np.testing.assert_allclose(grad.asnumpy(), numeric, rtol=rtol, atol=atol, err_msg=param.name)
    for position, grad in zip(float_positions, input_grads):
        values = inputs[position].asnumpy().copy()
        dtype = inputs[position].dtype

        def loss_of_input(values=values, position=position, dtype=dtype):
            moved = list(inputs)
            moved[position] = Tensor(values, dtype)
            return float((cell(*moved).asnumpy().astype(np.float64) * sens).sum())

        numeric = _central_difference(loss_of_input, values, eps)
        np.testing.assert_allclose(grad.asnumpy(), numeric, rtol=rtol, atol=atol, err_msg=f"input {position}")
