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


def _scalar(value):
    """A scalar hyper-parameter as a Python number (a host tensor) or a 0-d tensor."""
    if isinstance(value, torch.Tensor):
        return value.item() if value.is_cpu else value.reshape(())
    return value


def _scalars(*values) -> list:
    return [_scalar(v) for v in values]


def _as(x: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """x in `dtype` (x itself when it has it: even a no-op `to` costs a call)."""
    return x if x.dtype is dtype else x.to(dtype)


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


@kernel_factory("ApplyMomentum")
def apply_momentum(prim):
    nesterov, scale = prim.use_nesterov, prim.gradient_scale

    def update(variable, accumulation, learning_rate, gradient, momentum):
        lr, momentum = _scalars(learning_rate, momentum)
        gradient = _as(gradient, variable.dtype)
        if scale != 1.0:
            gradient = gradient * scale
        accumulation = _add_scaled(gradient, accumulation, momentum)
        step = _add_scaled(gradient, accumulation, momentum) if nesterov else accumulation
        return _sub_scaled(variable, step, lr), accumulation
    return update


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


@kernel_factory("Adam")
def adam(prim):
    nesterov = prim.use_nesterov

    def update(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        beta1_power, beta2_power, lr, beta1, beta2, epsilon = _scalars(
            beta1_power, beta2_power, lr, beta1, beta2, epsilon)
        gradient = _as(gradient, var.dtype)
        m = _average(m, gradient, beta1)
        v = _average(v, gradient * gradient, beta2)
        numerator = _average(m, gradient, beta1) if nesterov else m
        step_size = _bias_corrected_lr(lr, beta1_power, beta2_power)
        return _sub_scaled_ratio(var, numerator, v.sqrt() + epsilon, step_size), m, v
    return update


@kernel("ApplyAdamWithAmsgradV2")
def apply_adam_with_amsgrad_v2(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
    beta1_power, beta2_power, lr, beta1, beta2, epsilon = _scalars(beta1_power, beta2_power, lr, beta1, beta2,
                                                                   epsilon)
    grad = _as(grad, var.dtype)
    m = _average(m, grad, beta1)
    v = _average(v, grad * grad, beta2)
    vhat = torch.maximum(vhat, v)
    step_size = _bias_corrected_lr(lr, beta1_power, beta2_power)
    return _sub_scaled_ratio(var, m, vhat.sqrt() + epsilon, step_size), m, v, vhat


@kernel("AdamWeightDecay")
def adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
    lr, beta1, beta2, epsilon, decay = _scalars(lr, beta1, beta2, epsilon, decay)
    gradient = _as(gradient, var.dtype)
    m = _average(m, gradient, beta1)
    v = _average(v, gradient * gradient, beta2)
    update = m / (v.sqrt() + epsilon)
    if not _is_zero(decay):
        update = _add_scaled(update, var, decay)
    return _sub_scaled(var, update, lr), m, v


@kernel_factory("ApplyAdagrad")
def apply_adagrad(prim):
    update_slots = prim.update_slots

    def update(var, accum, lr, grad):
        lr = _scalar(lr)
        grad = _as(grad, var.dtype)
        if update_slots:
            accum = torch.addcmul(accum, grad, grad)
        return _sub_scaled_ratio(var, grad, accum.sqrt(), lr), accum
    return update


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
    lr, l1, l2, lr_power = _scalars(lr, l1, l2, lr_power)
    grad = _as(grad, var.dtype)
    new_accum = torch.addcmul(accum, grad, grad)
    new_power, old_power = new_accum.pow(-lr_power), accum.pow(-lr_power)
    linear = linear + grad - (new_power - old_power) / lr * var
    quadratic = new_power / lr + 2 * l2
    shrunk = (torch.sign(linear) * l1 - linear) / quadratic
    var = torch.where(linear.abs() > l1, shrunk, torch.zeros_like(shrunk))
    return var, new_accum, linear
