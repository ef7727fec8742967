"""Adagrad: steps scaled by the root of the sum of squared gradients."""
from __future__ import annotations

from ... import ops
from ...common.parameter import ParameterTuple
from ._checks import check_bool, check_bound, check_lr
from .optimizer import Optimizer, assign

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Adagrad(params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10, *,
    maximize=False)

    g = grad + weight_decay * p (negated first with maximize); s += g^2;
    p -= lr / (1 + (t - 1) * lr_decay) * g / (sqrt(s) + eps) at step t. State: 'accum.<name>'
    (s, starting at initial_accumulator_value), 'step_t' (the steps taken).
    """

    def __init__(self, params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10, *,
                 maximize=False):
        check_lr(self.cls_name, lr, positive=True)
        check_bound(self.cls_name, "lr_decay", lr_decay, 0.0)
        check_bound(self.cls_name, "weight_decay", weight_decay, 0.0)
        check_bound(self.cls_name, "initial_accumulator_value", initial_accumulator_value, 0.0)
        check_bound(self.cls_name, "eps", eps, 0.0, strict=True)
        check_bool(self.cls_name, "maximize", maximize)
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "maximize": maximize}
        super().__init__(params, defaults)
        self.step_t = self._step_counter("step_t")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("accum", "accum", params, float(group["initial_accumulator_value"]))

    def construct(self, gradients):
        self._check_gradients(gradients)
        steps_before = self._count_step(self.step_t) - 1
        for group_id, group in enumerate(self.param_groups):
            lr = group["lr"] / (1 + steps_before * group["lr_decay"])
            states = self._group_states(group_id, gradients, self.accum)
            for param, accum, grad in states:
                accum = assign(accum, accum + grad * grad)
                assign(param, param - lr * grad / (ops.sqrt(accum) + group["eps"]))
        return True
