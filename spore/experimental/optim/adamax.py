"""Adamax: Adam with the infinity norm of past gradients in place of their second moment."""
from __future__ import annotations

from ... import ops
from ...common.parameter import ParameterTuple
from ._checks import check_betas, check_bool, check_bound, check_lr
from .optimizer import Optimizer, assign

__all__ = ["Adamax"]


class Adamax(Optimizer):
    """Adamax(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False)

    g = grad + weight_decay * p (negated first with maximize); m = beta1 * m + (1 - beta1) * g;
    u = max(beta2 * u, |g| + eps); p -= lr / (1 - beta1^t) * m / u at step t.
    State: 'exp_avg.<name>' (m), 'exp_inf.<name>' (u), 'step_t'.
    """

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False):
        check_lr(self.cls_name, lr, positive=True)
        check_bound(self.cls_name, "weight_decay", weight_decay, 0.0)
        check_bound(self.cls_name, "eps", eps, 0.0, strict=True)
        check_betas(self.cls_name, betas)
        check_bool(self.cls_name, "maximize", maximize)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)
        self.step_t = self._step_counter("step_t")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("exp_avg", "exp_avg", params)
        self._add_state("exp_inf", "exp_inf", params)

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.step_t)
        for group_id, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            step_size = group["lr"] / (1 - beta1 ** step)
            states = self._group_states(group_id, gradients, self.exp_avg, self.exp_inf)
            for param, m, u, grad in states:
                m = assign(m, m * beta1 + grad * (1 - beta1))
                u = assign(u, ops.maximum(u * beta2, ops.abs(grad) + group["eps"]))
                assign(param, param - step_size * m / u)
        return True
