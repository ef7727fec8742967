"""LazyAdam: Adam that, on sparse gradients, updates only the rows the gradient touches.
spore's gradients are dense, where LazyAdam is Adam."""
from __future__ import annotations

import numpy as np

from ... import ops
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations import optim_ops as O
from ...ops.validator import check_bool, check_type
from .adam import check_betas_and_eps
from .optimizer import Optimizer

__all__ = ["LazyAdam"]


class LazyAdam(Optimizer):
    """LazyAdam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0)

    Adam's update (see Adam) on dense gradients. `weight_decay` must be a float.
    State: 'beta1_power', 'beta2_power' (beta^t, shape (1,)), 'moment1.<name>',
    'moment2.<name>'.
    """

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_betas_and_eps(self.cls_name, beta1, beta2, eps)
        check_type(self.cls_name, "weight_decay", weight_decay, float)
        self.use_locking = check_bool(self.cls_name, "use_locking", use_locking)
        self.use_nesterov = check_bool(self.cls_name, "use_nesterov", use_nesterov)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.beta1_power = Parameter(Tensor(np.ones(1, np.float32)), name="beta1_power")
        self.beta2_power = Parameter(Tensor(np.ones(1, np.float32)), name="beta2_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")
        self.opt = O.Adam(use_locking, use_nesterov)

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        lrs = self._step_lrs()
        beta1_power = ops.assign(self.beta1_power, self.beta1_power * self.beta1)
        beta2_power = ops.assign(self.beta2_power, self.beta2_power * self.beta2)
        for param, m, v, lr, grad in zip(self.parameters, self.moment1, self.moment2, lrs, gradients):
            self.opt(param, m, v, beta1_power, beta2_power, lr, self.beta1, self.beta2, self.eps, grad)
        return (True,) * self.param_length
