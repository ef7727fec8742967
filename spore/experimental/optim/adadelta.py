"""Adadelta: steps scaled by the ratio of running RMS of updates and of gradients."""
from __future__ import annotations

from ...common.parameter import ParameterTuple
from ...ops.operations import optim_ops as O
from ._checks import check_bool, check_bound, check_lr, check_range
from .optimizer import Optimizer

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """Adadelta(params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False)

    g = grad + weight_decay * p (negated first with maximize); a = rho * a + (1 - rho) * g^2;
    d = sqrt(u + eps) / sqrt(a + eps) * g; u = rho * u + (1 - rho) * d^2; p -= lr * d.
    State: 'accum.<name>' (a), 'accum_update.<name>' (u).
    """

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False):
        check_lr(self.cls_name, lr, positive=True)
        check_bound(self.cls_name, "eps", eps, 0.0, strict=True)
        check_bound(self.cls_name, "weight_decay", weight_decay, 0.0)
        check_range(self.cls_name, "rho", rho, 0.0, 1.0, include_high=True)
        check_bool(self.cls_name, "maximize", maximize)
        defaults = {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)
        self._update = O.ApplyAdadelta()

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("accum", "accum", params)
        self._add_state("accum_update", "accum_update", params)

    def construct(self, gradients):
        self._check_gradients(gradients)
        for group_id, group in enumerate(self.param_groups):
            states = self._group_states(group_id, gradients, self.accum, self.accum_update)
            for param, accum, accum_update, grad in states:
                self._update(param, accum, accum_update, group["lr"], group["rho"], group["eps"], grad)
        return True
