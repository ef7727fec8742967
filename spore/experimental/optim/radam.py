"""RAdam: Adam with the variance of the adaptive rate rectified (plain momentum while it is large)."""
from __future__ import annotations

from ... import ops
from ...common.parameter import ParameterTuple
from ._checks import check_betas, check_bound, check_lr
from .optimizer import Optimizer, assign

__all__ = ["RAdam"]


class RAdam(Optimizer):
    """RAdam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0)

    g = grad + weight_decay * p; m and v as Adam's; at step t, rho_inf = 2 / (1 - beta2) - 1 and
    rho_t = rho_inf - 2 t beta2^t / (1 - beta2^t). With m_hat = m / (1 - beta1^t): when rho_t > 5,
    p -= lr * m_hat * r * sqrt(1 - beta2^t) / (sqrt(v) + eps), where
    r = sqrt((rho_t - 4)(rho_t - 2) rho_inf / ((rho_inf - 4)(rho_inf - 2) rho_t)); else p -= lr * m_hat.
    State: 'exp_avg.<name>', 'exp_avg_sq.<name>', 'step_t'.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        check_lr(self.cls_name, lr, positive=True)
        check_bound(self.cls_name, "weight_decay", weight_decay, 0.0)
        check_bound(self.cls_name, "eps", eps, 0.0, strict=True)
        check_betas(self.cls_name, betas)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay}
        super().__init__(params, defaults)
        self.step_t = self._step_counter("step_t")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("exp_avg", "exp_avg", params)
        self._add_state("exp_avg_sq", "exp_avg_sq", params)

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.step_t)
        for group_id, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            lr = group["lr"]
            correction1 = 1 - beta1 ** step
            correction2 = 1 - beta2 ** step
            rho_inf = 2 / (1 - beta2) - 1
            rho_t = rho_inf - 2 * step * beta2 ** step / correction2
            rectified = rho_t > 5.0
            # Clamped so that the branch not taken stays finite.
            rect = ops.sqrt(ops.maximum((rho_t - 4) * (rho_t - 2) * rho_inf
                                        / ((rho_inf - 4) * (rho_inf - 2) * rho_t), 0.0))
            states = self._group_states(group_id, gradients, self.exp_avg, self.exp_avg_sq)
            for param, m, v, grad in states:
                m = assign(m, m * beta1 + grad * (1 - beta1))
                v = assign(v, v * beta2 + grad * grad * (1 - beta2))
                step_dir = m / correction1 * lr
                adaptive = ops.sqrt(correction2) / (ops.sqrt(v) + group["eps"])
                assign(param, param - ops.where(rectified, step_dir * adaptive * rect, step_dir))
        return True
