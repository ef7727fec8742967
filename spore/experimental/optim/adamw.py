"""AdamW: Adam with decoupled weight decay (the parameter decays, not the gradient)."""
from __future__ import annotations

from ... import ops
from ._adam_moments import AdamMoments
from .optimizer import assign

__all__ = ["AdamW"]


class AdamW(AdamMoments):
    """AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *, maximize=False)

    p *= 1 - lr * weight_decay; m = beta1 * m + (1 - beta1) * g; v = beta2 * v + (1 - beta2) * g^2
    (g negated with maximize); at step t, with v the running maximum of v under amsgrad,
    p -= lr / (1 - beta1^t) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps). State: 'exp_avg.<name>',
    'exp_avg_sq.<name>', 'max_exp_avg_sq.<name>', 'state_step'.
    """

    _decay_gradient = False

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.state_step)
        for group_id, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            lr = group["lr"]
            decayed = 1 - lr * group["weight_decay"]
            step_size = lr / (1 - beta1 ** step)
            correction2_sqrt = ops.sqrt(1 - beta2 ** step)
            states = self._group_states(group_id, gradients, self.exp_avg, self.exp_avg_sq, self.max_exp_avg_sq)
            for param, m, v, v_max, grad in states:
                m = assign(m, m * beta1 + grad * (1 - beta1))
                v = assign(v, v * beta2 + grad * grad * (1 - beta2))
                if group["amsgrad"]:
                    v = assign(v_max, ops.maximum(v_max, v))
                denom = ops.sqrt(v) / correction2_sqrt + group["eps"]
                assign(param, param * decayed - m / denom * step_size)
        return True
