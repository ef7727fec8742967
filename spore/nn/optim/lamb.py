"""Lamb: Adam's direction scaled per parameter by the trust ratio |w| / |update|."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from .adam import check_betas_and_eps, in_dtype, per_parameter_decays
from .optimizer import Optimizer

__all__ = ["Lamb"]


class Lamb(Optimizer):
    """Lamb(params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0)

    At step t (counting from 1): m = beta1 * m + (1 - beta1) * g; v = beta2 * v +
    (1 - beta2) * g^2; r = m / (1 - beta1^t) / (sqrt(v / (1 - beta2^t)) + eps);
    u = r + weight_decay * w (for the parameters that decay);
    w -= lr * |w| / |u| * u, the ratio of norms taken as 1 when either norm is 0.
    No loss scale. State: 'lamb_m.<name>' (m), 'lamb_v.<name>' (v).

    MindSpore runs Lamb as one fused kernel (not available on its CPU backend); here it is
    composed of ops, and the moments and the parameter are set with ops.assign.
    """

    _support_parallel_optimizer = True

    def __init__(self, params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        check_betas_and_eps(self.cls_name, beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.moments1 = self.parameters.clone(prefix="lamb_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="lamb_v", init="zeros")

    def construct(self, gradients):
        self._check_gradients(gradients)
        decays = per_parameter_decays(self)
        lrs = self._step_lrs()
        gradients = self.gradients_centralization(gradients)
        step = ops.cast(self.global_step, mstype.float32).reshape(())
        for param, m, v, lr, decay, grad in zip(self.parameters, self.moments1, self.moments2, lrs, decays,
                                                gradients):
            self._update(param, m, v, lr, decay, step, in_dtype(grad, param.dtype))
        return (True,) * self.param_length

    def _update(self, param, m, v, lr, decay, step, grad) -> None:
        beta1, beta2 = self.beta1, self.beta2
        m = ops.assign(m, m * beta1 + grad * (1 - beta1))
        v = ops.assign(v, v * beta2 + ops.square(grad) * (1 - beta2))
        m_hat = m / (1 - ops.pow(beta1, step))
        v_hat = v / (1 - ops.pow(beta2, step))
        update = m_hat / (ops.sqrt(v_hat) + self.eps) + param * decay
        param_norm, update_norm = ops.norm(param), ops.norm(update)
        trust_ratio = ops.select((param_norm > 0) & (update_norm > 0), param_norm / update_norm, 1.0)
        ops.assign(param, param - update * (trust_ratio * lr))
