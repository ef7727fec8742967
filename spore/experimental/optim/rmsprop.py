"""RMSprop: steps scaled by a running RMS of the gradients, optionally centered, with momentum."""
from __future__ import annotations

from ... import ops
from ...common.parameter import ParameterTuple
from ._checks import check_bool, check_bound, check_lr
from .optimizer import Optimizer, assign

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    """RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
    maximize=False)

    g = grad + weight_decay * p (negated first with maximize); s = alpha * s + (1 - alpha) * g^2;
    d = sqrt(s) + eps, or centered (with a = alpha * a + (1 - alpha) * g) sqrt(s - a^2) + eps;
    with momentum b = momentum * b + g / d and p -= lr * b, else p -= lr * g / d.
    State: 'mean_square.<name>' (s), 'mean_grad.<name>' (a), 'moment.<name>' (b).
    """

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
                 maximize=False):
        check_lr(self.cls_name, lr, positive=True)
        check_bound(self.cls_name, "alpha", alpha, 0.0)
        check_bound(self.cls_name, "eps", eps, 0.0, strict=True)
        check_bound(self.cls_name, "momentum", momentum, 0.0)
        check_bound(self.cls_name, "weight_decay", weight_decay, 0.0)
        check_bool(self.cls_name, "centered", centered)
        check_bool(self.cls_name, "maximize", maximize)
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                    "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        self._add_state("mean_grad", "mean_grad", params)
        self._add_state("mean_square", "mean_square", params)
        self._add_state("moment", "moment", params)

    def construct(self, gradients):
        self._check_gradients(gradients)
        for group_id, group in enumerate(self.param_groups):
            alpha, momentum, lr = group["alpha"], group["momentum"], group["lr"]
            states = self._group_states(group_id, gradients, self.mean_square, self.mean_grad, self.moment)
            for param, mean_square, mean_grad, moment, grad in states:
                mean_square = assign(mean_square, mean_square * alpha + grad * grad * (1 - alpha))
                if group["centered"]:
                    mean_grad = assign(mean_grad, mean_grad * alpha + grad * (1 - alpha))
                    denom = ops.sqrt(mean_square - mean_grad * mean_grad) + group["eps"]
                else:
                    denom = ops.sqrt(mean_square) + group["eps"]
                if momentum > 0:
                    moment = assign(moment, moment * momentum + grad / denom)
                    assign(param, param - moment * lr)
                else:
                    assign(param, param - lr * grad / denom)
        return True
