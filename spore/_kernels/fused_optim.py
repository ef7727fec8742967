"""Kernels of the updates of ops/operations/fused_optim_ops.py.

As in optim.py, each kernel takes the inputs in the primitive's order and returns the new
states (in the order the primitive lists them) as new tensors, followed by the results that
are no state: AdamNoUpdateParam's update, the fused updates' zero placeholders.
"""
from __future__ import annotations

import torch

from .optim import (
    _HALF_DTYPES,
    _add_scaled,
    _as,
    _average,
    _bias_corrected_lr,
    _ftrl_step,
    _proximal,
    _scalar,
    _scalars,
    _sparse_update,
    _sub_scaled,
    apply_adadelta,
    ftrl_rows,
)
from .registry import kernel, kernel_factory


def _computing(dtype: torch.dtype) -> torch.dtype:
    """Half-precision states update in float32."""
    return torch.float32 if dtype in _HALF_DTYPES else dtype


def _placeholders(*states) -> tuple:
    return tuple(torch.zeros_like(s) for s in states)


def _adam_moments(m, v, grad, beta1, beta2):
    return _average(m, grad, beta1), _average(v, grad * grad, beta2)


def _adam_step(m, v, grad, beta1_power, beta2_power, lr, beta1, epsilon, nesterov):
    """lr * sqrt(1 - beta2_power) / (1 - beta1_power) * u / (sqrt(v) + epsilon), from the new moments."""
    numerator = _average(m, grad, beta1) if nesterov else m
    return numerator / (v.sqrt() + epsilon) * _bias_corrected_lr(lr, beta1_power, beta2_power)


@kernel_factory("AdamNoUpdateParam")
def adam_no_update_param(prim):
    nesterov = prim.use_nesterov

    def update(m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        beta1_power, beta2_power, lr, beta1, beta2, epsilon = _scalars(
            beta1_power, beta2_power, lr, beta1, beta2, epsilon)
        m, v = _adam_moments(m, v, gradient, beta1, beta2)
        return m, v, -_adam_step(m, v, gradient, beta1_power, beta2_power, lr, beta1, epsilon, nesterov)
    return update


@kernel_factory("ApplyKerasMomentum")
def apply_keras_momentum(prim):
    nesterov = prim.use_nesterov

    def update(var, accum, lr, grad, momentum):
        lr, momentum = _scalars(lr, momentum)
        grad = _as(grad, var.dtype)
        accum = _sub_scaled(accum * momentum, grad, lr)
        step = _sub_scaled(accum * momentum, grad, lr) if nesterov else accum
        return var + step, accum
    return update


@kernel("FusedWeightScaleApplyMomentum")
def fused_weight_scale_apply_momentum(weight_decay, loss_scale, variable, accumulation, learning_rate, gradient,
                                      momentum):
    weight_decay, loss_scale, lr, momentum = _scalars(weight_decay, loss_scale, learning_rate, momentum)
    gradient = _add_scaled(_as(gradient, variable.dtype), variable, weight_decay) * loss_scale
    accumulation = _add_scaled(gradient, accumulation, momentum)
    return _sub_scaled(variable, accumulation, lr), accumulation


@kernel_factory("LARSUpdate")
def lars_update(prim):
    epsilon, hyperpara, use_clip = prim.epsilon, prim.hyperpara, prim.use_clip

    def update(weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate):
        weight_decay, learning_rate = _scalars(weight_decay, learning_rate)
        dtype = gradient.dtype
        weight_norm = norm_weight.reshape(()).to(dtype).sqrt()
        gradient_norm = norm_gradient.reshape(()).to(dtype).sqrt()
        ratio = hyperpara * weight_norm / (gradient_norm + weight_decay * weight_norm + epsilon)
        if use_clip:
            ratio = torch.clamp(ratio / learning_rate, 0, 1)
        return _add_scaled(gradient, weight, weight_decay) * ratio
    return update


def _by_global_norm(gradient, global_norm):
    """The gradient divided by a positive global norm (as it is for a norm <= 0)."""
    return gradient / global_norm if float(global_norm) > 0 else gradient


@kernel("FusedCastAdamWeightDecay")
def fused_cast_adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient, global_norm):
    lr, beta1, beta2, epsilon, decay, global_norm = _scalars(lr, beta1, beta2, epsilon, decay, global_norm)
    var_dtype, moment_dtype = var.dtype, m.dtype
    weight = var.to(torch.float32)
    grad = _by_global_norm(gradient.to(torch.float32), global_norm)
    new_m, new_v = _adam_moments(m.to(torch.float32), v.to(torch.float32), grad, beta1, beta2)
    step = _add_scaled(new_m / (new_v.sqrt() + epsilon), weight, decay)
    new_var = _sub_scaled(weight, step, lr)
    states = (new_var.to(var_dtype), new_m.to(moment_dtype), new_v.to(moment_dtype))
    return states + _placeholders(*states)


def _rms(x):
    return x.square().mean().sqrt()


@kernel_factory("FusedAdaFactor")
def fused_ada_factor(prim):
    return _ada_factor(prim, with_global_norm=False)


@kernel_factory("FusedAdaFactorWithGlobalNorm")
def fused_ada_factor_with_global_norm(prim):
    return _ada_factor(prim, with_global_norm=True)


def _ada_factor(prim, with_global_norm: bool):
    scale_parameter, first_moment = prim.enable_scale_parameter, prim.enable_first_moment
    weight_decay_on = prim.enable_weight_decay

    def update(epsilon, clip_threshold, beta1, beta2, weight_decay, learning_rate, gradient, param, exp_avg,
               exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq, *global_norm):
        eps1, eps2 = (float(e) for e in (epsilon.reshape(-1).tolist() if isinstance(epsilon, torch.Tensor)
                                         else epsilon))
        clip_threshold, beta1, beta2, weight_decay, lr = _scalars(clip_threshold, beta1, beta2, weight_decay,
                                                                  learning_rate)
        dtype = _computing(param.dtype)
        weight, grad = param.to(dtype), gradient.to(dtype)
        if with_global_norm:
            grad = _by_global_norm(grad, _scalar(global_norm[0]))
        if scale_parameter:
            lr = lr * torch.clamp(_rms(weight), min=eps2)
        squared = grad * grad + eps1
        row, col, square = exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq
        if param.dim() > 1:
            row = _average(row.to(dtype), squared.mean(-1), beta2)
            col = _average(col.to(dtype), squared.mean(-2), beta2)
            row_factor = (row / row.mean(-1, keepdim=True)).rsqrt().unsqueeze(-1)
            step = row_factor * col.rsqrt().unsqueeze(-2) * grad
        else:
            square = _average(square.to(dtype), squared, beta2)
            step = square.rsqrt() * grad
        step = step / torch.clamp(_rms(step) / clip_threshold, min=1.0) * lr
        moment = exp_avg
        if first_moment:
            moment = _average(exp_avg.to(dtype), step, beta1)
            step = moment
        if weight_decay_on:
            weight = weight - weight * (weight_decay * lr)
        states = (weight - step, moment, row, col, square)
        originals = (param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)
        return tuple(_as(new, old.dtype) for new, old in zip(states, originals)) + _placeholders(param)
    return update


# ---- sparse updates -------------------------------------------------------------------------------
def _summed_rows(grad, indices, rows: int):
    """The dense gradient: each valid index's gradient rows summed into its row; and which rows
    an index named."""
    indices = indices.to(torch.int64)
    inside = (indices >= 0) & (indices < rows)
    indices, grad = indices[inside], grad[inside]
    dense = grad.new_zeros((rows,) + tuple(grad.shape[1:])).index_add_(0, indices, grad)
    named = torch.zeros(rows, dtype=torch.bool, device=grad.device)
    named[indices] = True
    return dense, named


@kernel_factory("FusedSparseAdam")
def fused_sparse_adam(prim):
    return _sparse_adam(prim.use_nesterov, lazy=False)


@kernel_factory("FusedSparseLazyAdam")
def fused_sparse_lazy_adam(prim):
    return _sparse_adam(prim.use_nesterov, lazy=True)


def _sparse_adam(nesterov: bool, lazy: bool):
    """Adam of the summed gradient rows: on the named rows only (`lazy`), or with m and v decaying
    on every row and var updated on every row (on the named ones with nesterov)."""
    def update(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, indices):
        beta1_power, beta2_power, lr, beta1, beta2, epsilon = _scalars(
            beta1_power, beta2_power, lr, beta1, beta2, epsilon)

        def step(var, m, v, grad):
            m, v = _adam_moments(m, v, grad, beta1, beta2)
            return var - _adam_step(m, v, grad, beta1_power, beta2_power, lr, beta1, epsilon, nesterov), m, v
        if lazy:
            var, m, v = _sparse_update(step, (var, m, v), grad, indices, sum_duplicates=True)
        else:
            dense, named = _summed_rows(_as(grad, var.dtype), indices, var.shape[0])
            new_var, m, v = step(var, m, v, dense)
            var = torch.where(named.reshape((-1,) + (1,) * (var.dim() - 1)), new_var, var) if nesterov else new_var
        return var, m, v, *_placeholders(m, v)
    return update


@kernel_factory("FusedSparseFtrl")
def fused_sparse_ftrl(prim):
    rows = ftrl_rows(prim, sum_duplicates=True)

    def update(var, accum, linear, grad, indices):
        var, accum, linear = rows(var, accum, linear, grad, indices)
        return var, accum, linear, *_placeholders(accum, linear)
    return update


def _proximal_adagrad_rows(var, accum, lr, l1, l2, grad, indices, sum_duplicates: bool):
    lr, l1, l2 = _scalars(lr, l1, l2)

    def step(var, accum, grad):
        accum = torch.addcmul(accum, grad, grad)
        rate = accum.rsqrt() * lr
        return _proximal(var - rate * grad, rate, l1, l2), accum
    return _sparse_update(step, (var, accum), grad, indices, sum_duplicates)


@kernel("FusedSparseProximalAdagrad")
def fused_sparse_proximal_adagrad(var, accum, lr, l1, l2, grad, indices):
    var, accum = _proximal_adagrad_rows(var, accum, lr, l1, l2, grad, indices, sum_duplicates=True)
    return var, accum, torch.zeros_like(accum)


@kernel("SparseApplyProximalAdagrad")
def sparse_apply_proximal_adagrad(var, accum, lr, l1, l2, grad, indices):
    return _proximal_adagrad_rows(var, accum, lr, l1, l2, grad, indices, sum_duplicates=False)


@kernel_factory("SparseApplyAdadelta")
def sparse_apply_adadelta(prim):
    epsilon = prim.epsilon

    def update(var, accum, accum_update, lr, rho, grad, indices):
        lr, rho = _scalars(lr, rho)

        def step(var, accum, accum_update, grad):
            return apply_adadelta(var, accum, accum_update, lr, rho, epsilon, grad)
        return _sparse_update(step, (var, accum, accum_update), grad, indices, sum_duplicates=False)
    return update


@kernel_factory("SparseApplyFtrlV2")
def sparse_apply_ftrl_v2(prim):
    lr, l1, l2, shrinkage, lr_power = prim.lr, prim.l1, prim.l2, prim.l2_shrinkage, prim.lr_power

    def update(var, accum, linear, grad, indices):
        def step(var, accum, linear, grad):
            # FTRL's linear term with the shrunk gradient: add the difference to what _ftrl_step adds.
            shrunk_linear = _add_scaled(linear, var, 2 * shrinkage)
            return _ftrl_step(var, accum, shrunk_linear, grad, lr, l1, l2, lr_power)
        return _sparse_update(step, (var, accum, linear), grad, indices, sum_duplicates=False)
    return update
