"""SGD: stochastic gradient descent with optional momentum, dampening and Nesterov's
momentum: the SGD primitive over the parameters."""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations import optim_ops as O
from ...ops.validator import check_bool
from ..dynamic_lr import check_float
from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    """SGD(params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False,
    loss_scale=1.0)

    Without momentum p -= lr * grad. With momentum (above 0) the velocity v starts as the
    first gradient, then v = momentum * v + (1 - dampening) * grad, and p -= lr * v, or with
    nesterov p -= lr * (grad + momentum * v). The velocities are kept as 'accum.<name>',
    the first-step flags as 'stat.<name>'.
    """

    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        momentum = check_float(self.cls_name, "momentum", _int_as_float(momentum), 0.0)
        self.dampening = check_float(self.cls_name, "dampening", _int_as_float(dampening), 0.0)
        self.nesterov = check_bool(self.cls_name, "nesterov", nesterov)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', with 'nesterov' the 'momentum' must be above 0 and the 'dampening' 0, "
                             f"but got momentum {momentum} and dampening {dampening}.")
        if self.dynamic_weight_decay:
            raise TypeError("For 'SGD', a dynamic weight decay (a Cell) is not supported: the 'weight_decay' must be "
                            "a float or an int.")
        self.opt = O.SGD(self.dampening, 0.0, self.nesterov)
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        self.opt.apply_all(self.parameters, gradients, self._step_lrs(), self.accum, self.momentum, self.stat)
        return (True,) * self.param_length


def _int_as_float(value):
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value
