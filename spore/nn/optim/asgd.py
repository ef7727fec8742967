"""ASGD: stochastic gradient descent whose step size decays with the step, keeping a
running average of the parameters."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...ops.validator import check_type
from .adam import in_dtype
from .optimizer import Optimizer

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """ASGD(params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0)

    At step t (counting from 1), with eta = lr at the first step:
    w = w * (1 - lambd * eta) - eta * g; ax = w while mu is 1, else ax += (w - ax) * mu;
    then eta = lr / (1 + lambd * lr * t)^alpha and mu = 1 / max(1, t - t0).
    The update runs in float32 whatever the parameter's dtype. State: 'mu_<name>' (a
    scalar, from 1), 'eta_<name>' (a scalar, from 0), 'ax_.<name>' (the average, from 0).
    """

    def __init__(self, params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        for name, value in (("lambd", lambd), ("alpha", alpha), ("t0", t0)):
            check_type(self.cls_name, name, value, float)
        self.lambd, self.alpha, self.t0 = lambd, alpha, t0
        self.mu = ParameterTuple(Parameter(Tensor(1.0, mstype.float32), name=f"mu_{p.name}")
                                 for p in self.parameters)
        self.eta = ParameterTuple(Parameter(Tensor(0.0, mstype.float32), name=f"eta_{p.name}")
                                  for p in self.parameters)
        self.ax = self.parameters.clone(prefix="ax_", init="zeros")

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        lrs = self._step_lrs()
        step = ops.cast(self.global_step, mstype.float32).reshape(())
        for param, mu, eta, ax, lr, grad in zip(self.parameters, self.mu, self.eta, self.ax, lrs, gradients):
            self._update(param, mu, eta, ax, lr, step, grad)
        return (True,) * self.param_length

    def _update(self, param, mu, eta, ax, lr, step, grad) -> None:
        lr = ops.cast(lr, mstype.float32).reshape(())
        step_eta = ops.assign(eta, ops.select(step == 1.0, lr, eta))
        weight = (in_dtype(param, mstype.float32) * (1.0 - self.lambd * step_eta)
                  - step_eta * in_dtype(grad, mstype.float32))
        ops.assign(param, in_dtype(weight, param.dtype))
        averaged = in_dtype(ax, mstype.float32) + (weight - in_dtype(ax, mstype.float32)) * mu
        ops.assign(ax, in_dtype(ops.select(mu != 1.0, averaged, weight), ax.dtype))
        ops.assign(eta, lr / ops.pow(1.0 + self.lambd * lr * step, self.alpha))
        ops.assign(mu, 1.0 / ops.maximum(step - self.t0, 1.0))
