"""AdaMax: Adam with the infinity norm in place of the second moment."""
from __future__ import annotations

import numpy as np

from ... import ops
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations.optim_ops import ApplyAdaMax
from .adam import check_betas_and_eps
from .optimizer import Optimizer

__all__ = ["AdaMax"]


class AdaMax(Optimizer):
    """AdaMax(params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08, weight_decay=0.0, loss_scale=1.0)

    m = beta1 * m + (1 - beta1) * g; v = max(beta2 * v, |g|);
    p -= lr / (1 - beta1^t) * m / (v + eps) at step t. State: 'beta1_power' (beta1^t, shape
    (1,)), 'moment1.<name>' (m), 'moment2.<name>' (v).
    """

    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08, weight_decay=0.0,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_betas_and_eps(self.cls_name, beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.beta1_power = Parameter(Tensor(np.ones(1, np.float32)), name="beta1_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")
        self.opt = ApplyAdaMax()

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        lrs = self._step_lrs()
        beta1_power = ops.assign(self.beta1_power, self.beta1_power * self.beta1)
        for param, m, v, lr, grad in zip(self.parameters, self.moment1, self.moment2, lrs, gradients):
            self.opt(param, m, v, beta1_power, lr, self.beta1, self.beta2, self.eps, grad)
        return (True,) * self.param_length
