"""Adam and AdamWeightDecay (Adam with decoupled weight decay, no bias correction)."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations import optim_ops as O
from ...ops.validator import check_bool
from ..dynamic_lr import check_float
from .optimizer import Optimizer

__all__ = ["Adam", "AdamWeightDecay"]


def check_betas_and_eps(op: str, beta1, beta2, eps) -> None:
    """beta1 and beta2 floats in (0, 1), eps a float above 0 (Adam's family, Lamb)."""
    check_float(op, "beta1", beta1, 0.0, 1.0, include_min=False, include_max=False)
    check_float(op, "beta2", beta2, 0.0, 1.0, include_min=False, include_max=False)
    check_float(op, "eps", eps, 0.0, include_min=False)


class Adam(Optimizer):
    """Adam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs)

    m = beta1 * m + (1 - beta1) * g; v = beta2 * v + (1 - beta2) * g^2;
    p -= lr * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + eps) at step t (use_nesterov
    puts beta1 * m + (1 - beta1) * g for m; use_amsgrad the running maximum of v for v).
    State: 'beta1_power', 'beta2_power' (beta^t), 'moment1.<name>', 'moment2.<name>', and
    with use_amsgrad 'vhat.<name>'. kwargs may set use_lazy or use_offload (bools), which
    change how MindSpore updates sparse gradients or where it runs, not the result on dense
    gradients.
    """

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        unknown = set(kwargs) - {"use_lazy", "use_offload"}
        if unknown:
            raise KeyError(f"For 'Adam', the keyword arguments may be 'use_lazy' and 'use_offload', but got "
                           f"{sorted(unknown)}.")
        check_betas_and_eps(self.cls_name, beta1, beta2, eps)
        self.use_locking = check_bool(self.cls_name, "use_locking", use_locking)
        self.use_nesterov = check_bool(self.cls_name, "use_nesterov", use_nesterov)
        self.use_amsgrad = check_bool(self.cls_name, "use_amsgrad", use_amsgrad)
        self.use_lazy = check_bool(self.cls_name, "use_lazy", kwargs.get("use_lazy", False))
        self.use_offload = check_bool(self.cls_name, "use_offload", kwargs.get("use_offload", False))
        if self.use_lazy and self.use_offload:
            raise ValueError("For 'Adam', 'use_lazy' and 'use_offload' can not both be True.")
        if use_amsgrad and (self.use_lazy or self.use_offload):
            raise ValueError("For 'Adam', 'use_amsgrad' can not be combined with 'use_lazy' or 'use_offload'.")
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.beta1_power = Parameter(Tensor(1.0, mstype.float32), name="beta1_power")
        self.beta2_power = Parameter(Tensor(1.0, mstype.float32), name="beta2_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")
        if use_amsgrad:
            self.vhat = self.parameters.clone(prefix="vhat", init="zeros")
            self.opt = O.ApplyAdamWithAmsgradV2(use_locking)
        else:
            self.opt = O.Adam(use_locking, use_nesterov)

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        lrs = self._step_lrs()
        beta1_power = ops.assign(self.beta1_power, self.beta1_power * self.beta1)
        beta2_power = ops.assign(self.beta2_power, self.beta2_power * self.beta2)
        hyper = (self.beta1, self.beta2, self.eps)
        states = (self.moment1, self.moment2, self.vhat) if self.use_amsgrad else (self.moment1, self.moment2)
        self.opt.apply_all(self.parameters, *states, beta1_power, beta2_power, lrs, *hyper, gradients)
        return (True,) * self.param_length


class AdamWeightDecay(Optimizer):
    """AdamWeightDecay(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0)

    m = beta1 * m + (1 - beta1) * g; v = beta2 * v + (1 - beta2) * g^2;
    p -= lr * (m / (sqrt(v) + eps) + weight_decay * p), the decay only for the parameters
    that decay (see Optimizer). No bias correction, no loss scale. State: 'adam_m.<name>',
    'adam_v.<name>'.
    """

    _support_parallel_optimizer = True

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        check_betas_and_eps(self.cls_name, beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.moments1 = self.parameters.clone(prefix="adam_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="adam_v", init="zeros")
        self.opt = O.AdamWeightDecay()

    def construct(self, gradients):
        self._check_gradients(gradients)
        decays = per_parameter_decays(self)
        lrs = self._step_lrs()
        gradients = tuple(in_dtype(grad, param.dtype) for grad, param in zip(gradients, self.parameters))
        self.opt.apply_all(self.parameters, self.moments1, self.moments2, lrs, self.beta1, self.beta2, self.eps,
                           decays, gradients)
        return (True,) * self.param_length


def per_parameter_decays(optimizer: Optimizer) -> tuple:
    """This step's weight decay of each parameter, 0.0 for those that do not decay (for
    the optimizers that apply the decay in their update: AdamWeightDecay, Lamb)."""
    decays = optimizer.get_weight_decay()
    if not optimizer.is_group:
        decays = (decays,) * optimizer.param_length
    return tuple(decay if flag else 0.0 for decay, flag in zip(decays, optimizer.decay_flags))


def in_dtype(tensor, dtype):
    """`tensor` cast to `dtype` (the Tensor itself when it has that dtype)."""
    return tensor if tensor.dtype is dtype else ops.cast(tensor, dtype)
