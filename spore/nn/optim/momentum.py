"""Momentum: SGD with momentum (optionally Nesterov's): ApplyMomentum over the parameters."""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations.optim_ops import ApplyMomentum
from ...ops.validator import check_bool
from ..dynamic_lr import check_float
from .optimizer import Optimizer

__all__ = ["Momentum"]


class Momentum(Optimizer):
    """Momentum(params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0, use_nesterov=False)

    v = v * momentum + grad, then p -= lr * v, or with use_nesterov
    p -= lr * (grad + momentum * v). The momentum (a float, at least 0) is kept as the
    Parameter 'momentum'; the accumulations v as 'moments.<parameter name>'.
    """

    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0, use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_float(self.cls_name, "momentum", momentum, 0.0)
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.use_nesterov = check_bool(self.cls_name, "use_nesterov", use_nesterov)
        self.moments = self.parameters.clone(prefix="moments", init="zeros")
        self.opt = ApplyMomentum(use_nesterov=self.use_nesterov)

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        self.opt.apply_all(self.parameters, self.moments, self._step_lrs(), gradients, self.momentum)
        return (True,) * self.param_length
