"""The updates of ops/operations/fused_optim_ops.py against NumPy float64 references of MindSpore's
formulas, MindSpore 2.7.1's values for fixed inputs (printed by its CPU kernels), and in a
compiled graph with Parameters: AdamNoUpdateParam, ApplyKerasMomentum,
FusedWeightScaleApplyMomentum, LARSUpdate, FusedCastAdamWeightDecay, FusedAdaFactor(WithGlobalNorm),
FusedSparseAdam, FusedSparseLazyAdam, FusedSparseFtrl, FusedSparseProximalAdagrad,
SparseApplyAdadelta, SparseApplyFtrlV2, SparseApplyProximalAdagrad.
"""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor
from spore.ops.operations import fused_optim_ops as O

from .op_testing import ErrorCase, OpCase, case_id, positive, rand, run_case, run_error_case
from .test_optim_ops import f64, like, scalar
from .test_optim_ops_more import idx


# ---- references: each returns what the primitive returns ----------------------------------------
def adam_moments(m, v, g, beta1, beta2):
    return beta1 * m + (1 - beta1) * g, beta2 * v + (1 - beta2) * g * g


def adam_step(m, v, g, beta1_power, beta2_power, lr, beta1, eps, nesterov):
    numerator = beta1 * m + (1 - beta1) * g if nesterov else m
    return lr * np.sqrt(1 - beta2_power) / (1 - beta1_power) * numerator / (np.sqrt(v) + eps)


def adam_no_update_param(m, v, b1p, b2p, lr, b1, b2, eps, grad, nesterov=False):
    m64, v64, b1p, b2p, lr, b1, b2, eps, g = f64(m, v, b1p, b2p, lr, b1, b2, eps, grad)
    m64, v64 = adam_moments(m64, v64, g, b1, b2)
    return like(m, -adam_step(m64, v64, g, b1p, b2p, lr, b1, eps, nesterov))


def keras_momentum(var, accum, lr, grad, momentum, nesterov=False):
    w, a, lr, g, mom = f64(var, accum, lr, grad, momentum)
    a = a * mom - g * lr
    return like(var, w + (a * mom - g * lr if nesterov else a), a)


def weight_scale_momentum(weight_decay, loss_scale, var, accum, lr, grad, momentum):
    wd, scale, w, a, lr, g, mom = f64(weight_decay, loss_scale, var, accum, lr, grad, momentum)
    a = mom * a + (g + wd * w) * scale
    return like(var, w - lr * a)


def lars(weight, grad, norm_weight, norm_grad, weight_decay, lr, epsilon=1e-5, hyperpara=1e-3, use_clip=False):
    w, g, nw, ng, wd, lr = f64(weight, grad, norm_weight, norm_grad, weight_decay, lr)
    ratio = hyperpara * np.sqrt(nw) / (np.sqrt(ng) + wd * np.sqrt(nw) + epsilon)
    if use_clip:
        ratio = np.clip(ratio / lr, 0, 1)
    return like(grad, ratio * (g + wd * w))


def cast_adam_weight_decay_states(var, m, v, lr, beta1, beta2, eps, decay, grad, global_norm):
    w, m64, v64, lr, b1, b2, eps, decay, g, norm = f64(var, m, v, lr, beta1, beta2, eps, decay, grad, global_norm)
    g = g / norm if norm > 0 else g
    m64, v64 = adam_moments(m64, v64, g, b1, b2)
    w = w - lr * (m64 / (np.sqrt(v64) + eps) + decay * w)
    return w.astype(var.dtype), m64.astype(m.dtype), v64.astype(v.dtype)


def placeholders(states_fn):
    def reference(*inputs):
        return tuple(np.zeros_like(s) for s in states_fn(*inputs))
    return reference


def rms(x):
    return np.sqrt(np.mean(x * x))


def ada_factor_states(eps, clip, beta1, beta2, weight_decay, lr, grad, param, exp_avg, row, col, square,
                      global_norm=None, scale=False, first=False, decay=False):
    g, p, m, row64, col64, sq = f64(grad, param, exp_avg, row, col, square)
    if global_norm is not None and global_norm > 0:
        g = g / global_norm
    if scale:
        lr = lr * max(eps[1], rms(p))
    u = g * g + eps[0]
    if p.ndim > 1:
        row64 = beta2 * row64 + (1 - beta2) * u.mean(-1)
        col64 = beta2 * col64 + (1 - beta2) * u.mean(-2)
        step = g / np.sqrt((row64 / row64.mean(-1, keepdims=True))[..., None] * col64[..., None, :])
    else:
        sq = beta2 * sq + (1 - beta2) * u
        step = g / np.sqrt(sq)
    step = step / max(1.0, rms(step) / clip) * lr
    if first:
        m = beta1 * m + (1 - beta1) * step
        step = m
    if decay:
        p = p - weight_decay * lr * p
    return tuple(new.astype(old.dtype) for new, old in zip((p - step, m, row64, col64, sq),
                                                           (param, exp_avg, row, col, square)))


def ada_factor_placeholder(*inputs, **options):
    return np.zeros_like(inputs[7])


def dense_rows(grad, indices, rows):
    """The summed gradient of each row, and which rows an (in-range) index names."""
    dense, named = np.zeros((rows,) + grad.shape[1:]), np.zeros(rows, bool)
    for i, row in zip(indices, np.asarray(grad, np.float64)):
        if 0 <= i < rows:
            dense[i] += row
            named[i] = True
    return dense, named


def fused_sparse_adam_states(var, m, v, b1p, b2p, lr, b1, b2, eps, grad, indices, nesterov=False, lazy=False):
    w, m64, v64, b1p, b2p, lr, b1, b2, eps = f64(var, m, v, b1p, b2p, lr, b1, b2, eps)
    dense, named = dense_rows(grad, indices, len(var))
    new_m, new_v = adam_moments(m64, v64, dense, b1, b2)
    new_w = w - adam_step(new_m, new_v, dense, b1p, b2p, lr, b1, eps, nesterov)
    named = named.reshape((-1,) + (1,) * (var.ndim - 1))
    keep = ~named if lazy else np.zeros_like(named)
    if nesterov:
        new_w = np.where(named, new_w, w)
    return like(var, np.where(keep, w, new_w), np.where(keep, m64, new_m), np.where(keep, v64, new_v))


def fused_sparse_returns(states_fn, **options):
    """The updated variable, then zeros for the other states."""
    def reference(*inputs):
        states = states_fn(*inputs, **options)
        return (states[0],) + tuple(np.zeros_like(s) for s in states[1:])
    return reference


def ftrl_rows(w, a, lin, g, lr, l1, l2, lr_power, shrinkage=0.0):
    new_a = a + g * g
    lin = lin + g + 2 * shrinkage * w - (new_a ** -lr_power - a ** -lr_power) / lr * w
    quadratic = new_a ** -lr_power / lr + 2 * l2
    return np.where(np.abs(lin) > l1, (np.sign(lin) * l1 - lin) / quadratic, 0.0), new_a, lin


def proximal_adagrad_rows(w, a, g, lr, l1, l2):
    a = a + g * g
    rate = lr / np.sqrt(a)
    prox = w - rate * g
    return np.sign(prox) * np.maximum(np.abs(prox) - rate * l1, 0) / (1 + rate * l2), a


def adadelta_rows(w, a, u, g, lr, rho, eps):
    a = rho * a + (1 - rho) * g * g
    update = np.sqrt(u + eps) * g / np.sqrt(a + eps)
    return w - lr * update, a, rho * u + (1 - rho) * update * update


def row_updates(row_fn, states, grad, indices, sum_duplicates, **hyper):
    """`row_fn(*state_rows, grad_row, **hyper)` on each named row, in index order (or once per row
    with the summed gradient rows); out-of-range indices skipped."""
    new = [np.array(s, np.float64) for s in states]
    rows = len(new[0])
    if sum_duplicates:
        dense, named = dense_rows(grad, indices, rows)
        pairs = [(i, dense[i]) for i in np.flatnonzero(named)]
    else:
        pairs = [(i, np.asarray(r, np.float64)) for i, r in zip(indices, grad) if 0 <= i < rows]
    for i, g in pairs:
        for state, value in zip(new, row_fn(*(s[i] for s in new), g, **hyper)):
            state[i] = value
    return like(states[0], *new)


def fused_sparse_ftrl(lr, l1, l2, lr_power):
    def reference(var, accum, linear, grad, indices):
        states = row_updates(ftrl_rows, (var, accum, linear), grad, indices, True, lr=lr, l1=l1, l2=l2,
                             lr_power=lr_power)
        return states[0], np.zeros_like(accum), np.zeros_like(linear)
    return reference


def sparse_ftrl_v2(lr, l1, l2, shrinkage, lr_power):
    def reference(var, accum, linear, grad, indices):
        return row_updates(ftrl_rows, (var, accum, linear), grad, indices, False, lr=lr, l1=l1, l2=l2,
                           lr_power=lr_power, shrinkage=shrinkage)
    return reference


def proximal_adagrad(fused):
    def reference(var, accum, lr, l1, l2, grad, indices):
        states = row_updates(proximal_adagrad_rows, (var, accum), grad, indices, fused, lr=float(lr), l1=float(l1),
                             l2=float(l2))
        return (states[0], np.zeros_like(accum)) if fused else states
    return reference


def sparse_adadelta(epsilon):
    def reference(var, accum, accum_update, lr, rho, grad, indices):
        return row_updates(adadelta_rows, (var, accum, accum_update), grad, indices, False, lr=float(lr),
                           rho=float(rho), eps=epsilon)
    return reference


F16 = dict(rtol=2e-2, atol=2e-2)
EPS = (1e-30, 1e-3)
F32_ONE = np.float32

CASES = [
    OpCase(O.AdamNoUpdateParam(), (rand(2, 3), positive(2, 3), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8,
                                   rand(2, 3)), adam_no_update_param),
    OpCase(O.AdamNoUpdateParam(use_nesterov=True),
           (rand(4), positive(4), scalar(0.81), scalar(0.998), scalar(0.001), scalar(0.9),
            scalar(0.999), scalar(1e-8), rand(4)), lambda *a: adam_no_update_param(*a, nesterov=True)),
    OpCase(O.ApplyKerasMomentum(), (rand(2, 3), rand(2, 3), 0.1, rand(2, 3), 0.9), keras_momentum),
    OpCase(O.ApplyKerasMomentum(use_nesterov=True), (rand(4), rand(4), scalar(0.05), rand(4), scalar(0.8)),
           lambda *a: keras_momentum(*a, nesterov=True)),
    OpCase(O.ApplyKerasMomentum(), (rand(3, dtype=np.float16), rand(3, dtype=np.float16), 0.1,
                                    rand(3, dtype=np.float16), 0.9), keras_momentum, **F16),
    OpCase(O.FusedWeightScaleApplyMomentum(), (scalar(0.01), scalar(0.5), rand(2, 3), rand(2, 3), scalar(0.1),
                                               rand(2, 3), scalar(0.9)), weight_scale_momentum),
    OpCase(O.FusedWeightScaleApplyMomentum(), (0.0, 1.0, rand(4, dtype=np.float64), rand(4, dtype=np.float64), 0.1,
                                               rand(4, dtype=np.float64), 0.9), weight_scale_momentum),
    OpCase(O.LARSUpdate(), (rand(2, 3), rand(2, 3), scalar(1.3), scalar(0.7), scalar(0.01), scalar(0.1)), lars),
    OpCase(O.LARSUpdate(epsilon=1e-3, hyperpara=0.5, use_clip=True),
           (rand(4), rand(4), scalar(2.0), scalar(0.5), 0.0, 0.1),
           lambda *a: lars(*a, epsilon=1e-3, hyperpara=0.5, use_clip=True)),
    OpCase(O.FusedCastAdamWeightDecay(), (rand(2, 3, dtype=np.float16), rand(2, 3), positive(2, 3), 0.01, 0.9, 0.999,
                                          1e-8, 0.1, rand(2, 3, dtype=np.float16), 2.0),
           placeholders(cast_adam_weight_decay_states)),
    OpCase(O.FusedAdaFactor(), (EPS, 1.0, 0.9, 0.8, 0.01, 0.03, rand(2, 3, 2), rand(2, 3, 2), rand(2, 3, 2),
                                positive(2, 3), positive(2, 2), positive(2, 3, 2)), ada_factor_placeholder),
    OpCase(O.FusedAdaFactorWithGlobalNorm(), (EPS, 1.0, 0.9, 0.8, 0.01, 0.03, rand(5), rand(5), rand(5),
                                              positive(1), positive(1), positive(5), scalar(2.0)),
           ada_factor_placeholder),
    OpCase(O.FusedSparseAdam(), (rand(3, 2), rand(3, 2), positive(3, 2), scalar(0.9), scalar(0.999), scalar(0.01),
                                 scalar(0.9), scalar(0.999), scalar(1e-8), rand(2, 2), idx(2, 2)),
           fused_sparse_returns(fused_sparse_adam_states)),
    OpCase(O.FusedSparseAdam(use_nesterov=True),
           (rand(4, 2), rand(4, 2), positive(4, 2), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, rand(3, 2), idx(0, 3, 7)),
           fused_sparse_returns(fused_sparse_adam_states, nesterov=True)),
    OpCase(O.FusedSparseLazyAdam(), (rand(3, 2), rand(3, 2), positive(3, 2), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8,
                                     rand(3, 2), idx(1, 2, 1)),
           fused_sparse_returns(fused_sparse_adam_states, lazy=True)),
    OpCase(O.FusedSparseLazyAdam(use_nesterov=True),
           (rand(4, 2, 2), rand(4, 2, 2), positive(4, 2, 2), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, rand(2, 2, 2),
            idx(3, -1)), fused_sparse_returns(fused_sparse_adam_states, nesterov=True, lazy=True)),
    OpCase(O.FusedSparseFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5),
           (rand(3, 2), positive(3, 2), rand(3, 2), rand(3, 2), idx(0, 2, 2)), fused_sparse_ftrl(0.01, 0.1, 0.2, -0.5),
           rtol=1e-4, atol=1e-5),
    OpCase(O.FusedSparseProximalAdagrad(), (rand(3, 2), positive(3, 2), scalar(0.01), scalar(0.1), scalar(0.2),
                                            rand(3, 2), idx(2, 0, 2)), proximal_adagrad(True)),
    OpCase(O.SparseApplyProximalAdagrad(), (rand(4, 3), positive(4, 3), 0.05, 0.01, 0.1, rand(3, 3),
                                            idx(1, 3, 1, dtype=np.int64)), proximal_adagrad(False)),
    OpCase(O.SparseApplyAdadelta(epsilon=1e-6), (rand(3, 2), positive(3, 2), positive(3, 2), scalar(0.5),
                                                 scalar(0.9), rand(3, 2), idx(2, 0, 2)), sparse_adadelta(1e-6)),
    OpCase(O.SparseApplyFtrlV2(lr=0.01, l1=0.1, l2=0.2, l2_shrinkage=0.05, lr_power=-0.5),
           (rand(3, 2), positive(3, 2), rand(3, 2), rand(2, 2), idx(0, 2)), sparse_ftrl_v2(0.01, 0.1, 0.2, 0.05, -0.5),
           rtol=1e-4, atol=1e-5),
]

V = rand(3, 2)
G2 = rand(2, 2)


def _sparse_adam_inputs(**changes):
    inputs = dict(var=V, m=V, v=positive(3, 2), beta1_power=0.9, beta2_power=0.999, lr=0.01, beta1=0.9, beta2=0.999,
                  epsilon=1e-8, grad=G2, indices=idx(0, 1))
    inputs.update(changes)
    return tuple(inputs.values())


def _ada_factor_inputs(**changes):
    inputs = dict(epsilon=EPS, clip_threshold=1.0, beta1=0.9, beta2=0.8, weight_decay=0.0, learning_rate=0.03,
                  gradient=rand(2, 3, 2), param=rand(2, 3, 2), exp_avg=rand(2, 3, 2), row=positive(2, 3),
                  col=positive(2, 2), square=positive(2, 3, 2))
    inputs.update(changes)
    return tuple(inputs.values())


ERROR_CASES = [
    ErrorCase(O.AdamNoUpdateParam(), (V, V, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, rand(3, 2, dtype=np.float16)),
              TypeError, "For 'AdamNoUpdateParam', the dtype of 'gradient' must be Float32"),
    ErrorCase(O.AdamNoUpdateParam(), (V.astype(np.float16),) * 2 + (0.9, 0.999, 0.01, 0.9, 0.999, 1e-8,
                                                                    V.astype(np.float16)),
              TypeError, "the dtype of 'm'"),
    ErrorCase(O.AdamNoUpdateParam(), (V, rand(2, 3), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, V), ValueError,
              "the shape of 'v'"),
    ErrorCase(lambda: O.AdamNoUpdateParam(use_locking=None), (), TypeError, "'use_locking' must be bool"),
    ErrorCase(O.ApplyKerasMomentum(), (V.astype(np.float64),) * 2 + (0.1, V.astype(np.float64), 0.9), TypeError,
              "For 'ApplyKerasMomentum', the dtype of 'var'"),
    ErrorCase(O.ApplyKerasMomentum(), (V, V, rand(2), V, 0.9), ValueError, "'lr' must be a scalar"),
    ErrorCase(lambda: O.ApplyKerasMomentum(use_nesterov=1), (), TypeError, "'use_nesterov'"),
    ErrorCase(O.FusedWeightScaleApplyMomentum(), (0.0, 1.0, V, rand(2, 3), 0.1, V, 0.9), ValueError,
              "the shape of 'accumulation'"),
    ErrorCase(O.LARSUpdate(), (V, rand(2, 3), scalar(1.0), scalar(1.0), 0.0, 0.1), ValueError,
              "For 'LARSUpdate', the shape of 'gradient'"),
    ErrorCase(O.LARSUpdate(), (V, V, 1.0, scalar(1.0), 0.0, 0.1), TypeError, "the 'norm_weight' must be a Tensor"),
    ErrorCase(lambda: O.LARSUpdate(epsilon=1), (), TypeError, "'epsilon' must be float"),
    ErrorCase(O.FusedCastAdamWeightDecay(), (V.astype(np.float64), V, V, 0.01, 0.9, 0.999, 1e-8, 0.0, V, 1.0),
              TypeError, "For 'FusedCastAdamWeightDecay', the dtype of 'var'"),
    ErrorCase(O.FusedCastAdamWeightDecay(), (V, rand(2, 3), V, 0.01, 0.9, 0.999, 1e-8, 0.0, V, 1.0), ValueError,
              "the shape of 'm'"),
    ErrorCase(O.FusedCastAdamWeightDecay(), (V, V, V.astype(np.float16), 0.01, 0.9, 0.999, 1e-8, 0.0, V, 1.0),
              TypeError, "the dtype of 'v'"),
    ErrorCase(lambda: O.FusedCastAdamWeightDecay(use_locking=1), (), TypeError, "'use_locking'"),
    ErrorCase(O.FusedAdaFactor(), _ada_factor_inputs(gradient=rand(2, 3, 3)), RuntimeError,
              "For 'FusedAdaFactor', the shape of 'gradient'"),
    ErrorCase(O.FusedAdaFactor(), _ada_factor_inputs(row=positive(2, 2)), RuntimeError, "'exp_avg_sq_row'"),
    ErrorCase(O.FusedAdaFactor(), _ada_factor_inputs(epsilon=(1e-30,)), ValueError, "'epsilon' must hold 2 values"),
    ErrorCase(O.FusedAdaFactorWithGlobalNorm(), _ada_factor_inputs(), TypeError, "13 inputs"),
    ErrorCase(lambda: O.FusedAdaFactor(enable_weight_decay=1), (), TypeError, "'enable_weight_decay'"),
    ErrorCase(O.FusedSparseAdam(), _sparse_adam_inputs(indices=idx(0, 1, dtype=np.int64)), TypeError,
              "For 'FusedSparseAdam', the dtype of 'indices'"),
    ErrorCase(O.FusedSparseAdam(), _sparse_adam_inputs(var=V.astype(np.float16)), TypeError, "the dtype of 'var'"),
    ErrorCase(O.FusedSparseLazyAdam(), _sparse_adam_inputs(grad=rand(2, 3)), ValueError, "the shape of 'grad'"),
    ErrorCase(O.FusedSparseLazyAdam(), _sparse_adam_inputs(indices=idx(0, 1, 2)), ValueError,
              "'indices' must be a vector"),
    ErrorCase(lambda: O.FusedSparseLazyAdam(use_locking=1), (), TypeError, "'use_locking'"),
    ErrorCase(lambda: O.FusedSparseFtrl(lr=1, l1=0.0, l2=0.0, lr_power=-0.5), (), TypeError, "'lr' must be float"),
    ErrorCase(lambda: O.FusedSparseFtrl(lr=-0.1, l1=0.0, l2=0.0, lr_power=-0.5), (), ValueError, "'lr' must be > 0"),
    ErrorCase(lambda: O.FusedSparseFtrl(lr=0.1, l1=-0.1, l2=0.0, lr_power=-0.5), (), ValueError, "'l1' must be >= 0"),
    ErrorCase(lambda: O.FusedSparseFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=0.5), (), ValueError, "'lr_power'"),
    ErrorCase(O.FusedSparseFtrl(0.1, 0.0, 0.0, -0.5), (V, V, V, G2, idx(0, 1, dtype=np.int64)), TypeError,
              "the dtype of 'indices'"),
    ErrorCase(O.FusedSparseProximalAdagrad(), (V, V, 0.01, 0.0, 0.0, rand(2, 3), idx(0, 1)), ValueError,
              "For 'FusedSparseProximalAdagrad', the shape of 'grad'"),
    ErrorCase(O.SparseApplyProximalAdagrad(), (V, V, rand(2), 0.0, 0.0, G2, idx(0, 1)), ValueError,
              "'lr' must be a scalar"),
    ErrorCase(O.SparseApplyAdadelta(1e-6), (V, V, V, 0.1, 0.9, G2, idx(0, 1)), ValueError,
              r"For 'SparseApplyAdadelta', the shape of 'grad' must be the shape of 'var' \(3, 2\)"),
    ErrorCase(lambda: O.SparseApplyAdadelta(-1e-6), (), ValueError, "'epsilon' must be >= 0"),
    ErrorCase(O.SparseApplyFtrlV2(0.1, 0.0, 0.0, 0.0, -0.5), (V, V, V.astype(np.float16), G2, idx(0, 1)), TypeError,
              "the dtype of 'linear'"),
    ErrorCase(lambda: O.SparseApplyFtrlV2(0.1, 0.0, 0.0, 0, -0.5), (), TypeError, "'l2_shrinkage' must be float"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


# ---- the states, in PyNative and in a compiled graph -----------------------------------------------
STATE_CASES = [
    (O.AdamNoUpdateParam(), (rand(3), positive(3), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, rand(3)),
     lambda m, v, b1p, b2p, lr, b1, b2, eps, g: adam_moments(*f64(m, v, g), b1, b2)),
    (O.ApplyKerasMomentum(), (rand(3), rand(3), 0.1, rand(3), 0.9), keras_momentum),
    (O.FusedCastAdamWeightDecay(), (rand(3, dtype=np.float16), rand(3), positive(3), 0.01, 0.9, 0.999, 1e-8, 0.1,
                                    rand(3, dtype=np.float16), 2.0), cast_adam_weight_decay_states),
    (O.FusedAdaFactor(enable_scale_parameter=True, enable_first_moment=True, enable_weight_decay=True),
     _ada_factor_inputs(), lambda *a: ada_factor_states(*a, scale=True, first=True, decay=True)),
    (O.FusedAdaFactorWithGlobalNorm(), _ada_factor_inputs(gradient=rand(2, 3, 2) * 3) + (scalar(1.5),),
     ada_factor_states),
    (O.FusedSparseAdam(), _sparse_adam_inputs(indices=idx(2, 2)), fused_sparse_adam_states),
    (O.FusedSparseLazyAdam(), _sparse_adam_inputs(indices=idx(2, 0)),
     lambda *a: fused_sparse_adam_states(*a, lazy=True)),
    (O.FusedSparseFtrl(0.01, 0.1, 0.2, -0.5), (V, positive(3, 2), rand(3, 2), G2, idx(1, 1)),
     lambda w, a, lin, g, i: row_updates(ftrl_rows, (w, a, lin), g, i, True, lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5)),
    (O.SparseApplyProximalAdagrad(), (V, positive(3, 2), 0.01, 0.1, 0.2, G2, idx(1, 2)),
     lambda w, a, lr, l1, l2, g, i: row_updates(proximal_adagrad_rows, (w, a), g, i, False, lr=lr, l1=l1, l2=l2)),
    (O.FusedSparseProximalAdagrad(), (V, positive(3, 2), 0.01, 0.1, 0.2, G2, idx(2, 2)),
     lambda w, a, lr, l1, l2, g, i: row_updates(proximal_adagrad_rows, (w, a), g, i, True, lr=lr, l1=l1, l2=l2)),
    (O.FusedWeightScaleApplyMomentum(), (0.01, 0.5, rand(3), rand(3), 0.1, rand(3), 0.9),
     lambda wd, scale, w, a, lr, g, mom: (weight_scale_momentum(wd, scale, w, a, lr, g, mom),
                                          mom * a + (g + wd * w) * scale)),
    (O.SparseApplyAdadelta(1e-6), (rand(3, 2, dtype=np.float16), positive(3, 2, dtype=np.float16),
                                   positive(3, 2, dtype=np.float16), 0.5, 0.9, rand(3, 2, dtype=np.float16),
                                   idx(1, 1, 0)), sparse_adadelta(1e-6)),
    (O.SparseApplyFtrlV2(0.01, 0.1, 0.2, 0.05, -0.5), (V, positive(3, 2), rand(3, 2), G2, idx(0, 0)),
     sparse_ftrl_v2(0.01, 0.1, 0.2, 0.05, -0.5)),
    (O.FusedAdaFactor(enable_first_moment=True),
     (EPS, 1.0, 0.9, 0.8, 0.0, 0.03) + tuple(a.astype(np.float16) for a in (
         rand(4, 3), rand(4, 3), rand(4, 3), positive(4), positive(3), positive(1))),
     lambda *a: ada_factor_states(*a, first=True)),
]


def _with_parameters(prim, inputs):
    args = [Parameter(Tensor(v), name=f"state{i}") if i in prim.state_positions else
            (Tensor(v) if isinstance(v, (np.ndarray, np.generic)) else v) for i, v in enumerate(inputs)]
    return args, [args[i] for i in prim.state_positions]


@pytest.mark.parametrize("compiled", [False, True], ids=["pynative", "graph"])
@pytest.mark.parametrize("prim, inputs, reference", STATE_CASES, ids=[type(c[0]).__name__ for c in STATE_CASES])
def test_states_are_updated(prim, inputs, reference, compiled):
    args, states = _with_parameters(prim, inputs)
    if compiled:
        tensor_positions = [i for i, a in enumerate(args) if isinstance(a, Tensor) and i not in prim.state_positions]

        class Step(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.prim = prim
                self.states = ms.ParameterTuple(states)

            def construct(self, *tensors):
                call = list(args)
                for position, tensor in zip(tensor_positions, tensors):
                    call[position] = tensor
                return self.prim(*call)

        step = ms.jit(Step())
        out = step(*[args[i] for i in tensor_positions])
    else:
        out = prim(*args)
    want = reference(*inputs)
    tolerance = F16 if any(s.dtype == ms.float16 for s in states) else dict(rtol=1e-4, atol=1e-5)
    for state, expected in zip(states, want):
        np.testing.assert_allclose(state.asnumpy().astype(np.float64), np.asarray(expected, np.float64), **tolerance)
    assert out is not None


# ---- MindSpore 2.7.1's results ---------------------------------------------------------------------
MS_VAR = np.array([[0.6, 0.4], [0.1, 0.5], [0.2, 0.3]], np.float32)
MS_ACC = np.array([[0.6, 0.5], [0.2, 0.6], [0.3, 0.4]], np.float32)
MS_GRAD = np.array([[0.3, -0.7], [0.1, 0.8], [-0.2, 0.4]], np.float32)
MS_LINEAR = np.array([[0.1, -0.2], [0.3, 0.1], [-0.5, 0.2]], np.float32)
ADAM_SCALARS = tuple(F32_ONE(x) for x in (0.9, 0.999, 0.01, 0.9, 0.999, 1e-8))
AF_PARAM = np.arange(12, dtype=np.float32).reshape(2, 3, 2) / 10 - 0.5
AF_GRAD = (np.arange(12, dtype=np.float32).reshape(2, 3, 2)[::-1] / 7 - 0.6).copy()


def _af(shape, row, col, **flags):
    return (O.FusedAdaFactor(**flags), (EPS, 1.0, 0.9, 0.8, 1e-2, 0.03, AF_GRAD.reshape(shape),
                                        AF_PARAM.reshape(shape), np.full(shape, 0.1, np.float32),
                                        np.full(row, 0.3, np.float32), np.full(col, 0.4, np.float32),
                                        np.full(shape, 0.2, np.float32)))


ORACLE = [
    # (primitive, inputs, what it returns or None, {state input position: its value after the call})
    (O.AdamNoUpdateParam(), (MS_ACC, MS_ACC * 0.5) + ADAM_SCALARS + (MS_GRAD,),
     [[-0.003292027, -0.002402162], [-0.001900843, -0.003577521], [-0.002041976, -0.002828691]],
     {0: [[0.57, 0.38], [0.19, 0.62], [0.25, 0.4]], 1: [[0.29979, 0.25024], [0.09991, 0.30034], [0.14989, 0.19996]]}),
    (O.AdamNoUpdateParam(use_nesterov=True), (MS_ACC, MS_ACC * 0.5) + ADAM_SCALARS + (MS_GRAD,),
     [[-0.003136089, -0.001719442], [-0.001810803, -0.003681385], [-0.001674421, -0.002828691]], {}),
    (O.FusedSparseAdam(), (MS_VAR, MS_ACC, MS_ACC * 0.5) + ADAM_SCALARS + (MS_GRAD[:2], idx(0, 2)), None,
     {0: [[0.596708, 0.39759785], [0.098199114, 0.49688077], [0.19771276, 0.29689217]],
      1: [[0.57, 0.38], [0.18, 0.54], [0.28, 0.44]]}),
    (O.FusedSparseAdam(use_nesterov=True), (MS_VAR, MS_ACC, MS_ACC * 0.5) + ADAM_SCALARS + (MS_GRAD[:2], idx(2, 2)),
     None, {0: [[0.6, 0.4], [0.1, 0.5], [0.19739549, 0.2975735]], 1: [[0.54, 0.45], [0.18, 0.54], [0.31, 0.37]]}),
    (O.FusedSparseLazyAdam(), (MS_VAR, MS_ACC, MS_ACC * 0.5) + ADAM_SCALARS + (MS_GRAD[:2], idx(0, 2)), None,
     {0: [[0.596708, 0.39759785], [0.1, 0.5], [0.19771276, 0.29689217]],
      2: [[0.29979002, 0.25024], [0.1, 0.3], [0.14986001, 0.20043999]]}),
    (O.FusedSparseFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5), (MS_VAR, MS_ACC, MS_LINEAR, MS_GRAD[:2], idx(2, 2)),
     None, {0: [[0.6, 0.4], [0.1, 0.5], [0.03825979, 0.0]], 2: [[0.1, -0.2], [0.3, 0.1], [-2.7102091, 0.06429283]]}),
    (O.FusedSparseProximalAdagrad(), (MS_VAR, MS_ACC, F32_ONE(0.01), F32_ONE(0.1), F32_ONE(0.2), MS_GRAD[:2],
                                      idx(2, 2)), None, {0: [[0.6, 0.4], [0.1, 0.5], [0.19206154, 0.29595214]]}),
    (O.FusedCastAdamWeightDecay(), (MS_VAR, MS_ACC, MS_ACC * 0.5, 0.01, 0.9, 0.999, 1e-8, 0.1,
                                    MS_GRAD.astype(np.float16), 2.0), None,
     {0: [[0.5892624, 0.3912981], [0.09404697, 0.4889084], [0.19308363, 0.29119965]],
      1: [[0.55500245, 0.41499022], [0.18499878, 0.57999027], [0.26000243, 0.3799951]]}),
    (O.FusedCastAdamWeightDecay(), (MS_VAR.astype(np.float16), MS_ACC, MS_ACC * 0.5, 0.01, 0.9, 0.999, 1e-8, 0.1,
                                    MS_GRAD.astype(np.float16), 2.0), None,
     {0: [[0.5894, 0.391], [0.094, 0.489], [0.193, 0.2913]]}),
    _af((2, 3, 2), (2, 3), (2, 2)) + (None, {
        7: [[[-0.51379514, -0.42055368], [-0.32652867, -0.23209596], [-0.13588195, -0.04029346]],
            [[0.12864801, 0.22227222], [0.3162618, 0.40905097], [0.50151294, 0.59382486]]],
        9: [[0.26261225, 0.31648982, 0.40302038], [0.29689798, 0.25281635, 0.24138777]],
        10: [[0.38982317, 0.42492518], [0.35063946, 0.33676192]]}),
    _af((12,), (12,), (12,), enable_scale_parameter=True, enable_first_moment=True, enable_weight_decay=True) + (None, {
        7: [-0.590573, -0.4908821, -0.3911429, -0.29135606, -0.19152758, -0.09166497, 0.011250377, 0.11100907,
            0.21071891, 0.31038415, 0.41001993, 0.5096504],
        11: [0.1732245, 0.192, 0.2189388, 0.2540408, 0.29730612, 0.34873468, 0.23200001, 0.20179594, 0.1797551,
             0.16587757, 0.16016328, 0.16261226]}),
]


@pytest.mark.parametrize("prim, inputs, returned, states", ORACLE, ids=[type(c[0]).__name__ for c in ORACLE])
def test_matches_mindspore(prim, inputs, returned, states):
    args, _ = _with_parameters(prim, inputs)
    out = prim(*args)
    if returned is not None:
        np.testing.assert_allclose(out.asnumpy(), returned, rtol=1e-5, atol=1e-7)
    for position, want in states.items():
        got = args[position].asnumpy()
        tolerance = dict(rtol=1e-3, atol=1e-3) if got.dtype == np.float16 else dict(rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(got, want, **tolerance)


def test_lars_update_in_a_compiled_graph():
    weight, grad = rand(2, 3), rand(2, 3)
    norms = (scalar((weight ** 2).sum()), scalar((grad ** 2).sum()))
    step = ms.jit(lambda w, g, nw, ng: O.LARSUpdate(use_clip=True)(w, g, nw, ng, 0.01, 0.1))
    got = step(*(Tensor(a) for a in (weight, grad) + norms))
    np.testing.assert_allclose(got.asnumpy(), lars(weight, grad, *norms, 0.01, 0.1, use_clip=True), rtol=1e-5)


def test_fused_sparse_returns_the_variable_and_zero_placeholders():
    var = Parameter(Tensor(np.ones((3, 1, 2), np.float32)), name="var")
    accum, linear = (Parameter(Tensor(np.ones((3, 1, 2), np.float32)), name=n) for n in ("accum", "linear"))
    out = O.FusedSparseFtrl(lr=0.01, l1=0.0, l2=0.0, lr_power=-0.5)(
        var, accum, linear, Tensor(np.full((2, 1, 2), 0.1, np.float32)), Tensor(idx(0, 1)))
    assert len(out) == 3 and all(o.shape == (3, 1, 2) for o in out)
    np.testing.assert_array_equal(out[0].asnumpy(), var.asnumpy())
    np.testing.assert_allclose(var.asnumpy()[:2], -0.00598256, rtol=1e-5)
    assert not out[1].asnumpy().any() and not out[2].asnumpy().any()
