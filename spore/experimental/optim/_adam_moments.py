"""What Adam and AdamW share: their arguments and checks, the step counter 'state_step'
and each parameter's first and second moments and the running maximum of the second
(for amsgrad). They differ only in the update (`construct`)."""
from __future__ import annotations

from ...common.parameter import ParameterTuple
from ._checks import check_betas, check_bool, check_bound, check_lr
from .optimizer import Optimizer


class AdamMoments(Optimizer):
    """State: 'exp_avg.<name>', 'exp_avg_sq.<name>', 'max_exp_avg_sq.<name>', 'state_step'."""

    def __init__(self, params, lr, betas, eps, weight_decay, amsgrad, maximize):
        op = self.cls_name
        check_lr(op, lr)
        check_bound(op, "eps", eps, 0.0)
        check_betas(op, betas)
        check_bound(op, "weight_decay", weight_decay, 0.0)
        check_bool(op, "amsgrad", amsgrad)
        check_bool(op, "maximize", maximize)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize}
        super().__init__(params, defaults)
        self.state_step = self._step_counter("state_step")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("exp_avg", "exp_avg", params)
        self._add_state("exp_avg_sq", "exp_avg_sq", params)
        self._add_state("max_exp_avg_sq", "max_exp_avg_sq", params)
