"""Adam: adaptive moment estimation, with bias correction, optionally AMSGrad."""
from __future__ import annotations

from ...ops.operations import optim_ops as O
from ._adam_moments import AdamMoments

__all__ = ["Adam"]


class Adam(AdamMoments):
    """Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *, maximize=False)

    g = grad + weight_decay * p (negated first with maximize); m = beta1 * m + (1 - beta1) * g;
    v = beta2 * v + (1 - beta2) * g^2; at step t
    p -= lr * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + eps), with amsgrad the running
    maximum of v in place of v. State: 'exp_avg.<name>', 'exp_avg_sq.<name>',
    'max_exp_avg_sq.<name>', 'state_step'.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)
        self._update = O.Adam(False, False)
        self._amsgrad_update = O.ApplyAdamWithAmsgradV2()

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.state_step)
        for group_id, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            eps = group["eps"]
            beta1_power, beta2_power = beta1 ** step, beta2 ** step
            states = self._group_states(group_id, gradients, self.exp_avg, self.exp_avg_sq, self.max_exp_avg_sq)
            for param, m, v, vhat, grad in states:
                if group["amsgrad"]:
                    self._amsgrad_update(param, m, v, vhat, beta1_power, beta2_power, group["lr"], beta1, beta2, eps,
                                         grad)
                else:
                    self._update(param, m, v, beta1_power, beta2_power, group["lr"], beta1, beta2, eps, grad)
        return True
