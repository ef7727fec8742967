"""Cells that differentiate a network: ForwardValueAndGrad (its output and gradients in one
call) and the MindSpore 1.x Jvp / Vjp Cells (forward- and reverse-mode products, now
ops.jvp / ops.vjp)."""
from __future__ import annotations

from types import FunctionType, MethodType

from ... import ops
from ...common.parameter import ParameterTuple
from ...ops.validator import check_bool
from ..cell import Cell

__all__ = ["ForwardValueAndGrad", "Jvp", "Vjp"]


class ForwardValueAndGrad(Cell):
    """ForwardValueAndGrad(network, weights=None, get_all=False, get_by_list=False, sens_param=False)

    Returns (network(*inputs), gradients), the gradients as ops.GradOperation with these
    flags gives them: of the first input, of every input (`get_all`), of `weights`
    (`get_by_list`) or both. With `sens_param`, the last input is the sensitivity (the
    output's gradient) and is not passed to the network.
    """

    def __init__(self, network, weights=None, get_all=False, get_by_list=False, sens_param=False):
        super().__init__(auto_prefix=False)
        name = "ForwardValueAndGrad"
        if not isinstance(network, (Cell, FunctionType, MethodType)):
            raise TypeError(f"For '{name}', the argument 'network' must be cell, function type or method type, but "
                            f"got '{type(network)}'")
        if not isinstance(get_all, bool):
            raise TypeError(f"For '{name}', the type of 'get_all' must be bool, but got '{type(get_all)}'")
        if not isinstance(get_by_list, bool):
            raise TypeError(f"For '{name}', the type of 'get_by_list' must be bool, but got '{type(get_by_list)}'")
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise TypeError(f"For '{name}', when 'get_by_list' is set to True, the argument 'weights' must be "
                            f"Parameters array, but got '{type(weights)}'")
        self.network = network
        if isinstance(network, Cell):
            network.set_grad()
        self.weights = weights
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = check_bool(name, "sens_param", sens_param)
        self.grad = ops.GradOperation(get_all=get_all, get_by_list=get_by_list, sens_param=sens_param)

    def construct(self, *inputs):
        forward_inputs = inputs[:-1] if self.sens_param else inputs
        loss = self.network(*forward_inputs)
        if self.get_by_list:
            grads = self.grad(self.network, self.weights)(*inputs)
        else:
            grads = self.grad(self.network)(*inputs)
        return loss, grads


class Jvp(Cell):
    """Jvp(fn): called with fn's inputs then the tangent v (a Tensor, or a tuple with one per
    input), returns (fn(*inputs), the Jacobian of fn times v)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        if len(inputs) == 1:
            return ops.jvp(self.fn, inputs[0], v)
        return ops.jvp(self.fn, inputs, v)


class Vjp(Cell):
    """Vjp(fn): called with fn's inputs then the cotangent v (shaped as fn's output), returns
    (fn(*inputs), v times the Jacobian of fn): one gradient, or a tuple with one per input."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        output, vjp_fn = ops.vjp(self.fn, *inputs)
        grads = vjp_fn(v)
        return output, grads[0] if len(inputs) == 1 else grads
