"""NAdam: Adam with Nesterov momentum and a momentum decay schedule."""
from __future__ import annotations

from ... import ops
from ...common.parameter import ParameterTuple
from ._checks import check_betas, check_bound, check_lr
from .optimizer import Optimizer, assign

__all__ = ["NAdam"]


class NAdam(Optimizer):
    """NAdam(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3)

    g = grad + weight_decay * p; at step t, mu_t = beta1 * (1 - 0.5 * 0.96^(t * momentum_decay)),
    P = mu_1 * ... * mu_t; m and v as Adam's; d = sqrt(v / (1 - beta2^t)) + eps;
    p -= lr * (1 - mu_t) / (1 - P) * g / d + lr * mu_(t+1) / (1 - P * mu_(t+1)) * m / d.
    State: 'exp_avg.<name>', 'exp_avg_sq.<name>', 'mu_product_<name>' (P), 'step_t'.
    """

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3):
        check_lr(self.cls_name, lr, positive=True)
        check_bound(self.cls_name, "eps", eps, 0.0, strict=True)
        check_bound(self.cls_name, "weight_decay", weight_decay, 0.0)
        check_bound(self.cls_name, "momentum_decay", momentum_decay, 0.0)
        check_betas(self.cls_name, betas)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "momentum_decay": momentum_decay}
        super().__init__(params, defaults)
        self.step_t = self._step_counter("step_t")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("exp_avg", "exp_avg", params)
        self._add_state("exp_avg_sq", "exp_avg_sq", params)
        self._add_scalar_state("mu_product", "mu_product", params, 1.0)

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.step_t)
        for group_id, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            lr, decay = group["lr"], group["momentum_decay"]
            correction2 = 1 - beta2 ** step
            mu = beta1 * (1 - 0.5 * 0.96 ** (step * decay))
            mu_next = beta1 * (1 - 0.5 * 0.96 ** ((step + 1) * decay))
            states = self._group_states(group_id, gradients, self.exp_avg, self.exp_avg_sq, self.mu_product)
            for param, m, v, mu_product, grad in states:
                mu_product = assign(mu_product, mu_product * mu)
                m = assign(m, m * beta1 + grad * (1 - beta1))
                v = assign(v, v * beta2 + grad * grad * (1 - beta2))
                denom = ops.sqrt(v / correction2) + group["eps"]
                gradient_step = lr * (1 - mu) / (1 - mu_product) * grad / denom
                momentum_step = lr * mu_next / (1 - mu_product * mu_next) * m / denom
                assign(param, param - gradient_step - momentum_step)
        return True
