"""Rprop: resilient backpropagation, steps of per-element sizes adapted to the gradient's sign."""
from __future__ import annotations

from ... import ops
from ...common.parameter import ParameterTuple
from ._checks import check_bool, check_bound, check_lr, check_pair, check_range
from .optimizer import Optimizer, assign

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Rprop(params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False)

    Each element's step size starts at lr; where the gradient (negated with maximize) keeps its
    sign it is multiplied by etas[1], where it flips by etas[0] (and that gradient counts as 0),
    clipped to step_sizes; p -= sign(g) * step size. State: 'prev.<name>' (the last gradient),
    'step_size.<name>', 'step_t'.
    """

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False):
        check_lr(self.cls_name, lr, positive=True)
        eta_minus, eta_plus = check_pair(self.cls_name, "etas", etas)
        check_bound(self.cls_name, "etas[1]", eta_plus, 1.0, strict=True)
        check_range(self.cls_name, "etas[0]", eta_minus, 0.0, 1.0, include_low=False)
        check_pair(self.cls_name, "step_sizes", step_sizes)
        check_bool(self.cls_name, "maximize", maximize)
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "maximize": maximize}
        super().__init__(params, defaults)
        self.step_t = self._step_counter("step_t")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("prev", "prev", params)
        self._add_state("step_size", "step_size", params)

    def construct(self, gradients):
        self._check_gradients(gradients)
        step = self._count_step(self.step_t)
        for group_id, group in enumerate(self.param_groups):
            eta_minus, eta_plus = group["etas"]
            size_min, size_max = group["step_sizes"]
            states = self._group_states(group_id, gradients, self.prev, self.step_size)
            for param, prev, step_size, grad in states:
                size = ops.where(step == 1, ops.ones_like(step_size) * group["lr"], step_size)
                agreement = ops.sign(grad * prev)
                factor = ops.where(agreement > 0, eta_plus, ops.where(agreement < 0, eta_minus, 1.0))
                size = assign(step_size, ops.clamp(size * factor, size_min, size_max))
                grad = assign(prev, ops.where(agreement < 0, ops.zeros_like(grad), grad))
                assign(param, param - ops.sign(grad) * size)
        return True
