"""Adadelta: updates scaled by the ratio of running averages of past updates and of
squared gradients."""
from __future__ import annotations

from ...ops.operations.optim_ops import ApplyAdadelta
from ..dynamic_lr import check_float
from .optimizer import Optimizer

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """Adadelta(params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0, weight_decay=0.0)

    a = rho * a + (1 - rho) * grad^2; update = sqrt(u + epsilon) / sqrt(a + epsilon) * grad;
    u = rho * u + (1 - rho) * update^2; p -= lr * update. rho is a float in [0, 1],
    epsilon a float at least 0. State: 'accum.<name>' (a), 'accum_update.<name>' (u).
    """

    def __init__(self, params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.rho = check_float(self.cls_name, "rho", rho, 0.0, 1.0)
        self.epsilon = check_float(self.cls_name, "epsilon", epsilon, 0.0)
        self.accum = self.parameters.clone(prefix="accum", init=0)
        self.accum_update = self.parameters.clone(prefix="accum_update", init=0)
        self.opt = ApplyAdadelta()

    def construct(self, grads):
        grads = self._prepared_gradients(grads)
        for param, accum, accum_update, lr, grad in zip(self.parameters, self.accum, self.accum_update,
                                                        self._step_lrs(), grads):
            self.opt(param, accum, accum_update, lr, self.rho, self.epsilon, grad)
        return (True,) * self.param_length
