"""RMSProp: gradients scaled by a running average of their squares, optionally centered."""
from __future__ import annotations

from ...ops.operations.optim_ops import ApplyCenteredRMSProp, ApplyRMSProp
from ...ops.validator import check_bool
from ..dynamic_lr import check_float
from .optimizer import Optimizer

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    """RMSProp(params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False,
    centered=False, loss_scale=1.0, weight_decay=0.0)

    s = decay * s + (1 - decay) * g^2; m = momentum * m + lr * g / sqrt(s + epsilon);
    p -= m. With centered, g_mean = decay * g_mean + (1 - decay) * g and the denominator is
    sqrt(s - g_mean^2 + epsilon). State: 'mean_grad.<name>' (centered only, from 0),
    'mean_square.<name>' (from 1), 'moment.<name>' (from 0).
    """

    def __init__(self, params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False,
                 centered=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.decay = check_float(self.cls_name, "decay", decay, 0.0)
        self.momentum = check_float(self.cls_name, "momentum", momentum, 0.0)
        self.epsilon = check_float(self.cls_name, "epsilon", epsilon, 0.0, include_min=False)
        check_bool(self.cls_name, "use_locking", use_locking)
        self.centered = check_bool(self.cls_name, "centered", centered)
        if centered:
            self.opt = ApplyCenteredRMSProp(use_locking)
            self.mg = self.parameters.clone(prefix="mean_grad", init="zeros")
        else:
            self.opt = ApplyRMSProp(use_locking)
        self.ms = self.parameters.clone(prefix="mean_square", init="ones")
        self.moment = self.parameters.clone(prefix="moment", init="zeros")

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        hyper = (self.decay, self.momentum, self.epsilon)
        lrs = self._step_lrs()
        if self.centered:
            for param, mg, ms, moment, lr, grad in zip(self.parameters, self.mg, self.ms, self.moment, lrs,
                                                       gradients):
                self.opt(param, mg, ms, moment, grad, lr, *hyper)
        else:
            for param, ms, moment, lr, grad in zip(self.parameters, self.ms, self.moment, lrs, gradients):
                self.opt(param, ms, moment, lr, grad, *hyper)
        return (True,) * self.param_length
