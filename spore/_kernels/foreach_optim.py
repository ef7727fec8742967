"""The update rules of ApplyMomentum, Adam and AdamWeightDecay over lists of tensors, with
ATen's multi-tensor (`_foreach`) kernels: one call updates every parameter.

Each rule is the one definition of its update: registered as the primitive's multi-tensor
kernel (what PyNative's optimizers call for all their parameters at once) and, applied to
one-element lists, as its kernel (what a Graph calls per parameter), so both modes compute
the same numbers. The first operation on each state either makes new tensors (the
primitive's contract: no input is written) or, when the caller has found that nothing else
can see the states (`in_place`), writes them: the same arithmetic either way. Later
operations update those results in place.

Scalars arrive as in optim.py (Python numbers, or one-value tensors read through
`_scalars`). The lists hold one entry per parameter, the states in the variable's dtype.
"""
from __future__ import annotations

import torch

from .optim import _HALF_DTYPES, _as, _bias_corrected_lr, _is_zero, _scalars
from .registry import kernel_factory, multi_tensor_kernel_factory

_add, _mul = torch._foreach_add, torch._foreach_mul


def _first(in_place: bool, name: str, states: list, *args, **kwargs) -> list:
    """The first operation on `states`: ATen's `_foreach_<name>_` on them (in place) or
    `_foreach_<name>` (new tensors)."""
    if in_place:
        getattr(torch, f"_foreach_{name}_")(states, *args, **kwargs)
        return states
    return getattr(torch, f"_foreach_{name}")(states, *args, **kwargs)


def _as_all(xs: list, dtype: torch.dtype) -> list:
    return [_as(x, dtype) for x in xs]


def _scalar_as(a, like: list):
    """A tensor scalar in the lists' dtype (a Python number as it is)."""
    return _as(a, like[0].dtype) if isinstance(a, torch.Tensor) else a


def _add_scaled(ys: list, xs: list, a) -> list:
    """[y + a * x], new tensors."""
    if isinstance(a, torch.Tensor):
        return _add(ys, _mul(xs, _scalar_as(a, ys)))
    return _add(ys, xs, alpha=a)


def _sub_scaled(ys: list, xs: list, a, in_place: bool) -> list:
    """[y - a * x]."""
    if isinstance(a, torch.Tensor):
        return _first(in_place, "sub", ys, _mul(xs, _scalar_as(a, ys)))
    return _first(in_place, "add", ys, xs, alpha=-a)


def _average(old: list, new: list, decay, in_place: bool) -> list:
    """[decay * o + (1 - decay) * n]."""
    return _first(in_place, "lerp", old, new, _scalar_as(1 - decay, old))


def _root_plus(vs: list, epsilon) -> list:
    """[sqrt(v) + epsilon], new tensors."""
    roots = torch._foreach_sqrt(vs)
    torch._foreach_add_(roots, _as(epsilon, vs[0].dtype) if isinstance(epsilon, torch.Tensor) else epsilon)
    return roots


def _per_parameter(multi):
    """The kernel of one parameter: the multi-tensor kernel `multi` on one-element lists."""
    def factory(prim):
        update = multi(prim)
        listed = frozenset(prim.list_positions)

        def run(*inputs):
            results = update(*[[x] if i in listed else x for i, x in enumerate(inputs)])
            return tuple(states[0] for states in results)
        return run
    return factory


# ---- the rules ---------------------------------------------------------------------------------------
@multi_tensor_kernel_factory("ApplyMomentum")
def apply_momentum(prim):
    """accumulation = accumulation * momentum + g (g = gradient * gradient_scale); variable -=
    lr * accumulation, or with use_nesterov lr * (g + momentum * accumulation)."""
    nesterov, scale = prim.use_nesterov, prim.gradient_scale

    def update(variables, accumulations, learning_rate, gradients, momentum, in_place=False):
        lr, momentum = _scalars(learning_rate, momentum)
        gradients = _as_all(gradients, variables[0].dtype)
        if scale != 1.0:
            gradients = _mul(gradients, scale)
        accumulations = _first(in_place, "mul", accumulations, _scalar_as(momentum, accumulations))
        torch._foreach_add_(accumulations, gradients)
        step = _add_scaled(gradients, accumulations, momentum) if nesterov else accumulations
        return _sub_scaled(variables, step, lr, in_place), accumulations
    return update


@multi_tensor_kernel_factory("Adam")
def adam(prim):
    """m and v the moving averages of g and g^2; var -= lr * sqrt(1 - beta2_power) /
    (1 - beta1_power) * m / (sqrt(v) + epsilon) (use_nesterov: beta1 * m + (1 - beta1) * g
    for m). Half-precision states update in float32, as MindSpore does: epsilon (1e-8) rounds
    to 0 in float16, and a zero gradient element would then divide 0 by 0."""
    nesterov = prim.use_nesterov

    def update(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient, in_place=False):
        beta1_power, beta2_power, lr, beta1, beta2, epsilon = _scalars(
            beta1_power, beta2_power, lr, beta1, beta2, epsilon)
        dtype = var[0].dtype
        compute = torch.float32 if dtype in _HALF_DTYPES else dtype
        in_place = in_place and compute is dtype    # (half-precision states update on float32 copies)
        var, m, v, gradient = (_as_all(x, compute) for x in (var, m, v, gradient))
        m = _average(m, gradient, beta1, in_place)
        v = _average(v, _mul(gradient, gradient), beta2, in_place)
        numerator = _average(m, gradient, beta1, in_place=False) if nesterov else m
        step_size = _bias_corrected_lr(lr, beta1_power, beta2_power)
        denominator = _root_plus(v, epsilon)
        if isinstance(step_size, torch.Tensor):
            var = _first(in_place, "addcdiv", var, _mul(numerator, _as(step_size, compute)), denominator, value=-1)
        else:
            var = _first(in_place, "addcdiv", var, numerator, denominator, value=-step_size)
        return _as_all(var, dtype), _as_all(m, dtype), _as_all(v, dtype)
    return update


@multi_tensor_kernel_factory("AdamWeightDecay")
def adam_weight_decay(prim):
    """Adam's m and v without bias correction; var -= lr * (m / (sqrt(v) + epsilon) + decay * var)."""
    def update(var, m, v, lr, beta1, beta2, epsilon, decay, gradient, in_place=False):
        lr, beta1, beta2, epsilon, decay = _scalars(lr, beta1, beta2, epsilon, decay)
        gradient = _as_all(gradient, var[0].dtype)
        m = _average(m, gradient, beta1, in_place)
        v = _average(v, _mul(gradient, gradient), beta2, in_place)
        step = torch._foreach_div(m, _root_plus(v, epsilon))
        if not _is_zero(decay):
            step = _add_scaled(step, var, decay)
        return _sub_scaled(var, step, lr, in_place), m, v
    return update


kernel_factory("ApplyMomentum")(_per_parameter(apply_momentum))
kernel_factory("Adam")(_per_parameter(adam))
kernel_factory("AdamWeightDecay")(_per_parameter(adam_weight_decay))
