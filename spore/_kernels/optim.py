"""Kernels of the fused optimizer updates (ops/operations/optim_ops.py).

Each kernel takes the variable, its state tensors, the gradient and the scalar
hyper-parameters in the primitive's input order, and returns the new variable and states
(in the order the primitive lists its states), each in its input's dtype. No input is
written: every result is a new tensor, which the primitive binds to its Tensor.

Scalar hyper-parameters arrive as Python numbers or one-value tensors. Host tensors are
read as Python floats (cheaper than arithmetic on one-element tensors); device tensors stay
0-d tensors, so reading them never waits for the device. The helpers below accept both.
"""
from __future__ import annotations

import torch

from .registry import kernel, kernel_factory
from .tensor_data import in_torch_dtype

_HALF_DTYPES = (torch.float16, torch.bfloat16)


def _scalar(value):
    """A scalar hyper-parameter as a Python number (a host tensor) or a 0-d tensor."""
    if isinstance(value, torch.Tensor):
        return value.item() if value.is_cpu else value.reshape(())
    return value


def _scalars(*values) -> list:
    return [_scalar(v) for v in values]


_as = in_torch_dtype


def _scaled(x: torch.Tensor, a) -> torch.Tensor:
    """a * x."""
    return x * (_as(a, x.dtype) if isinstance(a, torch.Tensor) else a)


def _add_scaled(y: torch.Tensor, x: torch.Tensor, a) -> torch.Tensor:
    """y + a * x."""
    if isinstance(a, torch.Tensor):
        return torch.addcmul(y, x, _as(a, y.dtype))
    return torch.add(y, x, alpha=a)


def _sub_scaled(y: torch.Tensor, x: torch.Tensor, a) -> torch.Tensor:
    """y - a * x."""
    if isinstance(a, torch.Tensor):
        return torch.addcmul(y, x, _as(a, y.dtype), value=-1)
    return torch.add(y, x, alpha=-a)


def _sub_scaled_ratio(y: torch.Tensor, x: torch.Tensor, z: torch.Tensor, a) -> torch.Tensor:
    """y - a * x / z."""
    if isinstance(a, torch.Tensor):
        return torch.addcdiv(y, x * _as(a, y.dtype), z, value=-1)
    return torch.addcdiv(y, x, z, value=-a)


def _average(old: torch.Tensor, new: torch.Tensor, decay) -> torch.Tensor:
    """The moving average decay * old + (1 - decay) * new."""
    weight = 1 - decay
    return torch.lerp(old, new, _as(weight, old.dtype) if isinstance(weight, torch.Tensor) else weight)


def _is_zero(value) -> bool:
    return not isinstance(value, torch.Tensor) and value == 0


def _bias_corrected_lr(lr, beta1_power, beta2_power):
    """Adam's step size lr * sqrt(1 - beta2_power) / (1 - beta1_power)."""
    return lr * (1 - beta2_power) ** 0.5 / (1 - beta1_power)


@kernel_factory("SGD")
def sgd(prim):
    dampening, weight_decay, nesterov = prim.dampening, prim.weight_decay, prim.nesterov

    def update(parameters, gradient, learning_rate, accum, momentum, stat):
        lr, momentum = _scalars(learning_rate, momentum)
        gradient = _as(gradient, parameters.dtype)
        if weight_decay != 0.0:
            gradient = torch.add(gradient, parameters, alpha=weight_decay)
        # The one data-dependent branch: with momentum 0 the accumulator is not used at all.
        if not float(momentum) > 0:
            return _sub_scaled(parameters, gradient, lr), accum, stat
        blended = torch.add(_scaled(accum, momentum), gradient, alpha=1 - dampening)
        accum = torch.where(stat > 0, gradient, blended)
        step = _add_scaled(gradient, accum, momentum) if nesterov else accum
        return _sub_scaled(parameters, step, lr), accum, torch.zeros_like(stat)
    return update


@kernel("ApplyAdamWithAmsgradV2")
def apply_adam_with_amsgrad_v2(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
    return _amsgrad_step(var, m, v, vhat, *_scalars(beta1_power, beta2_power, lr, beta1, beta2, epsilon), grad)


@kernel_factory("ApplyAdamWithAmsgrad")
def apply_adam_with_amsgrad(prim):
    beta1, beta2, epsilon = prim.beta1, prim.beta2, prim.epsilon

    def update(var, m, v, vhat, beta1_power, beta2_power, lr, grad):
        return _amsgrad_step(var, m, v, vhat, *_scalars(beta1_power, beta2_power, lr), beta1, beta2, epsilon, grad)
    return update


def _amsgrad_step(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
    grad = _as(grad, var.dtype)
    m = _average(m, grad, beta1)
    v = _average(v, grad * grad, beta2)
    vhat = torch.maximum(vhat, v)
    step_size = _bias_corrected_lr(lr, beta1_power, beta2_power)
    return _sub_scaled_ratio(var, m, vhat.sqrt() + epsilon, step_size), m, v, vhat


@kernel_factory("ApplyAdagrad")
def apply_adagrad(prim):
    update_slots = prim.update_slots

    def update(var, accum, lr, grad):
        return _adagrad_step(var, accum, _scalar(lr), _as(grad, var.dtype), 0.0, update_slots)
    return update


def _adagrad_step(var, accum, lr, grad, epsilon, update_slots):
    """accum += grad^2 (only with update_slots); var -= lr * grad / (sqrt(accum) + epsilon)."""
    if update_slots:
        accum = torch.addcmul(accum, grad, grad)
    denominator = accum.sqrt() + epsilon if epsilon else accum.sqrt()
    return _sub_scaled_ratio(var, grad, denominator, lr), accum


@kernel("ApplyAdadelta")
def apply_adadelta(var, accum, accum_update, lr, rho, epsilon, grad):
    lr, rho, epsilon = _scalars(lr, rho, epsilon)
    grad = _as(grad, var.dtype)
    accum = _average(accum, grad * grad, rho)
    update = (accum_update + epsilon).sqrt() * grad / (accum + epsilon).sqrt()
    accum_update = _average(accum_update, update * update, rho)
    return _sub_scaled(var, update, lr), accum, accum_update


@kernel("ApplyAdaMax")
def apply_ada_max(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
    beta1_power, lr, beta1, beta2, epsilon = _scalars(beta1_power, lr, beta1, beta2, epsilon)
    grad = _as(grad, var.dtype)
    m = _average(m, grad, beta1)
    v = torch.maximum(v * beta2, grad.abs())
    return _sub_scaled_ratio(var, m, v + epsilon, lr / (1 - beta1_power)), m, v


def _rmsprop_moment(moment, grad, denominator_squared, lr, momentum, epsilon):
    """momentum * moment + lr * grad / sqrt(denominator_squared + epsilon)."""
    step = grad / (denominator_squared + epsilon).sqrt()
    return _add_scaled(_scaled(moment, momentum), step, lr)


@kernel("ApplyRMSProp")
def apply_rms_prop(var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon):
    lr, decay, momentum, epsilon = _scalars(learning_rate, decay, momentum, epsilon)
    grad = _as(grad, var.dtype)
    mean_square = _average(mean_square, grad * grad, decay)
    moment = _rmsprop_moment(moment, grad, mean_square, lr, momentum, epsilon)
    return var - moment, mean_square, moment


@kernel("ApplyCenteredRMSProp")
def apply_centered_rms_prop(var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum,
                            epsilon):
    lr, decay, momentum, epsilon = _scalars(learning_rate, decay, momentum, epsilon)
    grad = _as(grad, var.dtype)
    mean_gradient = _average(mean_gradient, grad, decay)
    mean_square = _average(mean_square, grad * grad, decay)
    variance = mean_square - mean_gradient * mean_gradient
    moment = _rmsprop_moment(moment, grad, variance, lr, momentum, epsilon)
    return var - moment, mean_gradient, mean_square, moment


@kernel("ApplyFtrl")
def apply_ftrl(var, accum, linear, grad, lr, l1, l2, lr_power):
    return _ftrl_step(var, accum, linear, _as(grad, var.dtype), *_scalars(lr, l1, l2, lr_power))


def _ftrl_step(var, accum, linear, grad, lr, l1, l2, lr_power):
    new_accum = torch.addcmul(accum, grad, grad)
    new_power, old_power = new_accum.pow(-lr_power), accum.pow(-lr_power)
    linear = linear + grad - (new_power - old_power) / lr * var
    quadratic = new_power / lr + 2 * l2
    shrunk = (torch.sign(linear) * l1 - linear) / quadratic
    var = torch.where(linear.abs() > l1, shrunk, torch.zeros_like(shrunk))
    return var, new_accum, linear


@kernel("ApplyGradientDescent")
def apply_gradient_descent(var, alpha, delta):
    return _sub_scaled(var, _as(delta, var.dtype), _scalar(alpha))


def _proximal(prox, rate, l1, l2):
    """The proximal step sign(prox) * max(|prox| - rate * l1, 0) / (1 + rate * l2); `rate`
    is a number or a tensor (Adagrad's per-element rate)."""
    shrunk = torch.clamp(prox.abs() - rate * l1, min=0)
    return torch.sign(prox) * shrunk / (1 + rate * l2)


@kernel("ApplyProximalGradientDescent")
def apply_proximal_gradient_descent(var, alpha, l1, l2, delta):
    alpha, l1, l2 = _scalars(alpha, l1, l2)
    return _proximal(_sub_scaled(var, _as(delta, var.dtype), alpha), alpha, l1, l2)


@kernel("ApplyProximalAdagrad")
def apply_proximal_adagrad(var, accum, lr, l1, l2, grad):
    lr, l1, l2 = _scalars(lr, l1, l2)
    grad = _as(grad, var.dtype)
    accum = torch.addcmul(accum, grad, grad)
    rate = _scaled(accum.rsqrt(), lr)
    return _proximal(var - rate * grad, rate, l1, l2), accum


@kernel_factory("ApplyAdagradV2")
def apply_adagrad_v2(prim):
    epsilon, update_slots = prim.epsilon, prim.update_slots

    def update(var, accum, lr, grad):
        return _adagrad_step(var, accum, _scalar(lr), _as(grad, var.dtype), epsilon, update_slots)
    return update


@kernel("ApplyAdagradDA")
def apply_adagrad_da(var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step):
    lr, l1, l2, global_step = _scalars(lr, l1, l2, global_step)
    grad = _as(grad, var.dtype)
    gradient_accumulator = gradient_accumulator + grad
    gradient_squared_accumulator = torch.addcmul(gradient_squared_accumulator, grad, grad)
    if float(l1) > 0:
        shrunk = torch.clamp(gradient_accumulator.abs() - l1 * global_step, min=0)
        numerator = torch.sign(gradient_accumulator) * shrunk
    else:
        numerator = gradient_accumulator
    denominator = gradient_squared_accumulator.sqrt() + l2 * global_step * lr
    var = -lr * numerator / denominator
    return var, gradient_accumulator, gradient_squared_accumulator


def _sign_agreement(grad, m):
    """+1 where the gradient and its moving average agree in sign, -1 where they differ, 0 at 0."""
    return torch.sign(grad) * torch.sign(m)


@kernel("ApplyAddSign")
def apply_add_sign(var, m, lr, alpha, sign_decay, beta, grad):
    lr, alpha, sign_decay, beta = _scalars(lr, alpha, sign_decay, beta)
    grad = _as(grad, var.dtype)
    m = _average(m, grad, beta)
    scale = alpha + sign_decay * _sign_agreement(grad, m)
    return _sub_scaled(var, scale * grad, lr), m


@kernel("ApplyPowerSign")
def apply_power_sign(var, m, lr, logbase, sign_decay, beta, grad):
    lr, logbase, sign_decay, beta = _scalars(lr, logbase, sign_decay, beta)
    grad = _as(grad, var.dtype)
    m = _average(m, grad, beta)
    scale = torch.exp(logbase * sign_decay * _sign_agreement(grad, m))
    return _sub_scaled(var, scale * grad, lr), m


# ---- sparse updates: the rows `indices` names ---------------------------------------------------
def _sparse_update(step, states: tuple, grad, indices, sum_duplicates: bool) -> tuple:
    """The states (the variable first) with `step(*rows, grad_rows)` applied to the rows
    `indices` names, out of place. Indices outside [0, rows) are skipped. A repeated index
    either gets its gradient rows summed into one step (`sum_duplicates`) or one step per
    occurrence, in order: round k updates the k-th occurrence of every index at once."""
    grad, indices = _as(grad, states[0].dtype), _as(indices, torch.int64)
    inside = (indices >= 0) & (indices < states[0].shape[0])
    indices, grad = indices[inside], grad[inside]
    if sum_duplicates:
        unique, inverse = torch.unique(indices, return_inverse=True)
        summed = grad.new_zeros((unique.shape[0],) + tuple(grad.shape[1:])).index_add_(0, inverse, grad)
        rounds = [(unique, summed)]
    else:
        occurrence = _occurrence_ranks(indices)
        rounds = [(indices[occurrence == k], grad[occurrence == k])
                  for k in range(int(occurrence.max()) + 1 if occurrence.numel() else 0)]
    for rows, grad_rows in rounds:
        new_rows = step(*(state[rows] for state in states), grad_rows)
        states = tuple(state.index_copy(0, rows, new) for state, new in zip(states, new_rows))
    return states


def _occurrence_ranks(indices):
    """For each position, how many earlier positions hold the same index."""
    order = torch.sort(indices, stable=True).indices
    ordered = indices[order]
    positions = torch.arange(indices.shape[0], device=indices.device)
    starts = torch.ones_like(ordered, dtype=torch.bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    group_start = torch.cummax(torch.where(starts, positions, torch.zeros_like(positions)), 0).values
    ranks = torch.empty_like(positions)
    ranks[order] = positions - group_start
    return ranks


@kernel_factory("SparseApplyAdagrad")
def sparse_apply_adagrad(prim):
    lr, update_slots = prim.lr, prim.update_slots

    def update(var, accum, grad, indices):
        def step(var, accum, grad):
            return _adagrad_step(var, accum, lr, grad, 0.0, update_slots)
        return _sparse_update(step, (var, accum), grad, indices, sum_duplicates=True)
    return update


@kernel_factory("SparseApplyAdagradV2")
def sparse_apply_adagrad_v2(prim):
    lr, epsilon, update_slots = prim.lr, prim.epsilon, prim.update_slots

    def update(var, accum, grad, indices):
        def step(var, accum, grad):
            return _adagrad_step(var, accum, lr, grad, epsilon, update_slots)
        return _sparse_update(step, (var, accum), grad, indices, sum_duplicates=False)
    return update


@kernel_factory("SparseApplyFtrl")
def sparse_apply_ftrl(prim):
    return ftrl_rows(prim, sum_duplicates=False)


def ftrl_rows(prim, sum_duplicates: bool):
    """FTRL with the attributes of `prim` on the rows `indices` names (see _sparse_update)."""
    lr, l1, l2, lr_power = prim.lr, prim.l1, prim.l2, prim.lr_power

    def update(var, accum, linear, grad, indices):
        def step(var, accum, linear, grad):
            return _ftrl_step(var, accum, linear, grad, lr, l1, l2, lr_power)
        return _sparse_update(step, (var, accum, linear), grad, indices, sum_duplicates)
    return update


@kernel_factory("SparseApplyRMSProp")
def sparse_apply_rms_prop(prim):
    rho, momentum, epsilon = prim.rho, prim.momentum, prim.epsilon

    def update(var, ms, mom, lr, grad, indices):
        lr = _scalar(lr)

        def step(var, ms, mom, grad):
            return apply_rms_prop(var, ms, mom, lr, grad, rho, momentum, epsilon)
        return _sparse_update(step, (var, ms, mom), grad, indices, sum_duplicates=False)
    return update
