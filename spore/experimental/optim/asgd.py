"""ASGD: averaged stochastic gradient descent."""
from __future__ import annotations

from ... import ops
from ...common.parameter import ParameterTuple
from ._checks import check_bool, check_bound, check_lr
from .optimizer import Optimizer, assign

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """ASGD(params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False)

    g = grad + weight_decay * p (negated first with maximize); at step t, with eta = lr at the
    first step: p = p * (1 - lambd * eta) - eta * g; the average ax += (p - ax) * mu (ax = p
    while mu is 1); then eta = lr / (1 + lambd * lr * t)^alpha, mu = 1 / max(1, t - t0).
    State: 'eta_<name>', 'mu_<name>' (Float32 scalars), 'ax.<name>', 'step_t'.
    """

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False):
        check_lr(self.cls_name, lr, positive=True)
        check_bound(self.cls_name, "weight_decay", weight_decay, 0.0)
        for name, value in (("lambd", lambd), ("t0", t0)):
            if not isinstance(value, float):
                raise TypeError(f"For 'ASGD', the '{name}' must be a float, but got {type(value).__name__}.")
        check_bool(self.cls_name, "maximize", maximize)
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0, "weight_decay": weight_decay,
                    "maximize": maximize}
        super().__init__(params, defaults)
        self.step_t = self._step_counter("step_t")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_scalar_state("mu", "mu", params, 1.0)
        self._add_scalar_state("eta", "eta", params, 0.0)
        self._add_state("ax", "ax", params)

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.step_t)
        for group_id, group in enumerate(self.param_groups):
            lr, lambd = group["lr"], group["lambd"]
            next_eta = lr / (1 + lambd * lr * step) ** group["alpha"]
            next_mu = 1 / ops.maximum(step - group["t0"], 1.0)
            states = self._group_states(group_id, gradients, self.eta, self.mu, self.ax)
            for param, eta, mu, ax, grad in states:
                eta_now = ops.where(step == 1, lr, eta)
                param = assign(param, param * (1 - lambd * eta_now) - eta_now * grad)
                assign(ax, ops.where(mu == 1, param, ax + (param - ax) * mu))
                assign(eta, next_eta)
                assign(mu, next_mu)
        return True
