"""SGD: stochastic gradient descent with optional momentum, dampening and Nesterov's momentum."""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.parameter import ParameterTuple
from ...common.tensor import Tensor
from ...ops.operations import optim_ops as O
from ._checks import check_bool, check_bound, check_lr, check_number
from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    """SGD(params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *, maximize=False)

    g = grad + weight_decay * p (negated first with maximize). Without momentum p -= lr * g.
    With momentum the buffer b starts as the first g, then b = momentum * b + (1 - dampening) * g,
    and p -= lr * b, or with nesterov p -= lr * (g + momentum * b). State: 'accum.<name>' (the
    buffers), 'stat.<name>' (1 until the first step).
    """

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *, maximize=False):
        check_lr(self.cls_name, lr)
        momentum = check_bound(self.cls_name, "momentum", momentum, 0.0)
        check_bool(self.cls_name, "nesterov", nesterov)
        check_bool(self.cls_name, "maximize", maximize)
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening, "weight_decay": weight_decay,
                    "nesterov": nesterov, "maximize": maximize, "grad_centralization": False}
        super().__init__(params, defaults)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', with 'nesterov' the 'momentum' must be above 0 and the 'dampening' 0, but "
                             f"got momentum {momentum} and dampening {dampening}.")

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        group["dampening"] = check_number(self.cls_name, "dampening", group["dampening"])
        group["momentum"] = check_bound(self.cls_name, "momentum", group["momentum"], 0.0)
        # One update primitive per group: dampening and nesterov are its attributes.
        update = O.SGD(group["dampening"], 0.0, group["nesterov"])
        self._group_updates = tuple(getattr(self, "_group_updates", ())) + (update,)
        self._group_momenta = tuple(getattr(self, "_group_momenta", ())) + (Tensor(group["momentum"],
                                                                                   mstype.float32),)
        self._add_state("accum", "accum", params)
        self._add_state("stat", "stat", params, "ones")

    def construct(self, gradients):
        self._check_gradients(gradients)
        for group_id, group in enumerate(self.param_groups):
            update = self._group_updates[group_id]
            momentum = self._group_momenta[group_id]
            for param, accum, stat, grad in self._group_states(group_id, gradients, self.accum, self.stat):
                update(param, grad, group["lr"], accum, momentum, stat)
        return True
