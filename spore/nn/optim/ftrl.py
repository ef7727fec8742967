"""FTRL: follow the regularized leader, with L1 and L2 regularization."""
from __future__ import annotations

from ...ops.operations.optim_ops import ApplyFtrl
from ...ops.validator import check_bool
from ..dynamic_lr import check_float
from .optimizer import Optimizer

__all__ = ["FTRL"]


class FTRL(Optimizer):
    """FTRL(params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0, use_locking=False,
    loss_scale=1.0, weight_decay=0.0)

    With p = -lr_power and a' = a + g^2: u += g - (a'^p - a^p) / lr * w;
    w = (sign(u) * l1 - u) / (a'^p / lr + 2 * l2) where |u| > l1, else 0; a = a'. The rate is
    a fixed float (no per-step or group rates). The weight decay applies to every parameter.
    State: 'moments.<name>' (a, from initial_accum), 'linear.<name>' (u, from 0).
    """

    def __init__(self, params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
                 use_locking=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale=loss_scale)
        if self.dynamic_lr or self.is_group_lr:
            raise ValueError(f"For 'FTRL', per-step and group learning rates are not supported, but got "
                             f"{'per-step' if self.dynamic_lr else 'group'} learning rates.")
        check_float(self.cls_name, "initial_accum", initial_accum, 0.0)
        check_float(self.cls_name, "learning_rate", learning_rate, 0.0, include_min=False)
        self.lr_power = check_float(self.cls_name, "lr_power", lr_power, maximum=0.0)
        self.l1 = check_float(self.cls_name, "l1", l1, 0.0)
        self.l2 = check_float(self.cls_name, "l2", l2, 0.0)
        self.use_locking = check_bool(self.cls_name, "use_locking", use_locking)
        self.lr = learning_rate
        self.moments = self.parameters.clone(prefix="moments", init=initial_accum)
        self.linear = self.parameters.clone(prefix="linear", init="zeros")
        if not self.is_group:
            self.decay_flags = (True,) * self.param_length
        self.opt = ApplyFtrl(use_locking=use_locking)

    def construct(self, grads):
        grads = self._prepared_gradients(grads)
        for param, moment, linear, lr, grad in zip(self.parameters, self.moments, self.linear, self._step_lrs(),
                                                   grads):
            self.opt(param, moment, linear, grad, lr, self.l1, self.l2, self.lr_power)
        return (True,) * self.param_length
