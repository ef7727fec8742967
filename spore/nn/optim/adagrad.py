"""Adagrad: per-element learning rates scaled by the accumulated squared gradients."""
from __future__ import annotations

from ...ops.operations.optim_ops import ApplyAdagrad
from ...ops.validator import check_bool
from ..dynamic_lr import check_float
from .optimizer import Optimizer

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Adagrad(params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0, weight_decay=0.0)

    a += grad^2 (with update_slots); p -= lr * grad / sqrt(a). The accumulators start at
    `accum` (a float, at least 0) and are kept as 'accum.<name>'.
    """

    def __init__(self, params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_float(self.cls_name, "accum", accum, 0.0)
        check_bool(self.cls_name, "update_slots", update_slots)
        self.accum = self.parameters.clone(prefix="accum", init=accum)
        self.opt = ApplyAdagrad(update_slots=update_slots)

    def construct(self, grads):
        grads = self._prepared_gradients(grads)
        for param, accum, lr, grad in zip(self.parameters, self.accum, self._step_lrs(), grads):
            self.opt(param, accum, lr, grad)
        return (True,) * self.param_length
