"""Adam: adaptive moment estimation, with bias correction, optionally AMSGrad."""
from __future__ import annotations

from ...common.parameter import ParameterTuple
from ...ops.operations import optim_ops as O
from ._checks import check_betas, check_bool, check_bound, check_lr
from .optimizer import Optimizer

__all__ = ["Adam"]


def check_adam_args(op: str, lr, betas, eps, weight_decay, amsgrad, maximize) -> None:
    """The arguments Adam and AdamW share."""
    check_lr(op, lr)
    check_bound(op, "eps", eps, 0.0)
    check_betas(op, betas)
    check_bound(op, "weight_decay", weight_decay, 0.0)
    check_bool(op, "amsgrad", amsgrad)
    check_bool(op, "maximize", maximize)


class Adam(Optimizer):
    """Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *, maximize=False)

    g = grad + weight_decay * p (negated first with maximize); m = beta1 * m + (1 - beta1) * g;
    v = beta2 * v + (1 - beta2) * g^2; at step t
    p -= lr * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + eps), with amsgrad the running
    maximum of v in place of v. State: 'exp_avg.<name>', 'exp_avg_sq.<name>',
    'max_exp_avg_sq.<name>', 'state_step'.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        check_adam_args(self.cls_name, lr, betas, eps, weight_decay, amsgrad, maximize)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize}
        super().__init__(params, defaults)
        self.state_step = self._step_counter("state_step")
        self._update = O.Adam(False, False)
        self._amsgrad_update = O.ApplyAdamWithAmsgradV2()

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("exp_avg", "exp_avg", params)
        self._add_state("exp_avg_sq", "exp_avg_sq", params)
        self._add_state("max_exp_avg_sq", "max_exp_avg_sq", params)

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.state_step)
        for group_id, group in enumerate(self.param_groups):
            start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
            beta1, beta2 = group["betas"]
            eps = group["eps"]
            beta1_power, beta2_power = beta1 ** step, beta2 ** step
            states = zip(self.parameters[start:end], self.exp_avg[start:end], self.exp_avg_sq[start:end],
                         self.max_exp_avg_sq[start:end], self._group_gradients(group_id, gradients))
            for param, m, v, vhat, grad in states:
                if group["amsgrad"]:
                    self._amsgrad_update(param, m, v, vhat, beta1_power, beta2_power, group["lr"], beta1, beta2, eps,
                                         grad)
                else:
                    self._update(param, m, v, beta1_power, beta2_power, group["lr"], beta1, beta2, eps, grad)
        return True
