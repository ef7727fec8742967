"""Fused optimizer updates against NumPy float64 references of MindSpore's documented
formulas: ApplyMomentum, SGD, Adam, ApplyAdamWithAmsgradV2, AdamWeightDecay, ApplyAdagrad,
ApplyAdadelta, ApplyAdaMax, ApplyRMSProp, ApplyCenteredRMSProp, ApplyFtrl.

The forward cases compare what each primitive returns; `test_states_are_rebound` checks
every updated state, and that the arrays taken before the update keep their values (the
state Tensors are rebound to new storage, never written).
"""
import numpy as np
import pytest

# The kernels and the non-differentiable declarations register on import (until
# spore._kernels and spore.ops.bprop import these modules themselves).
import spore._kernels.optim
import spore.ops.bprop.optim_bprop  # noqa: F401
from spore import Parameter, Tensor
from spore.ops.operations import optim_ops as O

from .op_testing import ErrorCase, OpCase, case_id, positive, rand, run_case, run_error_case


def f64(*values):
    return [np.asarray(v, np.float64) for v in values]


def like(var, *results):
    """The results in the variable's dtype (one array, or a tuple of them)."""
    cast = tuple(np.asarray(r).astype(var.dtype) for r in results)
    return cast[0] if len(cast) == 1 else cast


# ---- references: each returns the new states, in the primitive's state order -------------------
def momentum_states(var, acc, lr, grad, momentum, nesterov=False, scale=1.0):
    var64, acc64, lr, grad64, momentum = f64(var, acc, lr, grad, momentum)
    grad64 = grad64 * scale
    acc64 = acc64 * momentum + grad64
    step = grad64 + momentum * acc64 if nesterov else acc64
    return like(var, var64 - lr * step, acc64)


def sgd_states(param, grad, lr, accum, momentum, stat, dampening=0.0, weight_decay=0.0, nesterov=False):
    p, g, lr, a, momentum, s = f64(param, grad, lr, accum, momentum, stat)
    g = g + weight_decay * p
    if momentum <= 0:
        return like(param, p - lr * g, a, s)
    a = np.where(s > 0, g, a * momentum + (1 - dampening) * g)
    step = g + momentum * a if nesterov else a
    return like(param, p - lr * step, a, np.zeros_like(s))


def adam_states(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, eps, grad, nesterov=False):
    w, m, v, b1p, b2p, lr, b1, b2, eps, g = f64(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, eps, grad)
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    numerator = b1 * m + (1 - b1) * g if nesterov else m
    step_size = lr * np.sqrt(1 - b2p) / (1 - b1p)
    return like(var, w - step_size * numerator / (np.sqrt(v) + eps), m, v)


def amsgrad_states(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, eps, grad):
    w, m, v, vhat, b1p, b2p, lr, b1, b2, eps, g = f64(var, m, v, vhat, beta1_power, beta2_power, lr, beta1,
                                                      beta2, eps, grad)
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    vhat = np.maximum(vhat, v)
    step_size = lr * np.sqrt(1 - b2p) / (1 - b1p)
    return like(var, w - step_size * m / (np.sqrt(vhat) + eps), m, v, vhat)


def adam_weight_decay_states(var, m, v, lr, beta1, beta2, eps, decay, grad):
    w, m, v, lr, b1, b2, eps, decay, g = f64(var, m, v, lr, beta1, beta2, eps, decay, grad)
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    return like(var, w - lr * (m / (np.sqrt(v) + eps) + decay * w), m, v)


def adagrad_states(var, accum, lr, grad, update_slots=True):
    w, a, lr, g = f64(var, accum, lr, grad)
    if update_slots:
        a = a + g * g
    return like(var, w - lr * g / np.sqrt(a), a)


def adadelta_states(var, accum, accum_update, lr, rho, eps, grad):
    w, a, u, lr, rho, eps, g = f64(var, accum, accum_update, lr, rho, eps, grad)
    a = rho * a + (1 - rho) * g * g
    update = np.sqrt(u + eps) * g / np.sqrt(a + eps)
    u = rho * u + (1 - rho) * update * update
    return like(var, w - lr * update, a, u)


def ada_max_states(var, m, v, beta1_power, lr, beta1, beta2, eps, grad):
    w, m, v, b1p, lr, b1, b2, eps, g = f64(var, m, v, beta1_power, lr, beta1, beta2, eps, grad)
    m = b1 * m + (1 - b1) * g
    v = np.maximum(b2 * v, np.abs(g))
    return like(var, w - lr / (1 - b1p) * m / (v + eps), m, v)


def rms_prop_states(var, mean_square, moment, lr, grad, decay, momentum, eps):
    w, s, mom, lr, g, decay, momentum, eps = f64(var, mean_square, moment, lr, grad, decay, momentum, eps)
    s = decay * s + (1 - decay) * g * g
    mom = momentum * mom + lr * g / np.sqrt(s + eps)
    return like(var, w - mom, s, mom)


def centered_rms_prop_states(var, mean_gradient, mean_square, moment, grad, lr, decay, momentum, eps):
    w, mg, s, mom, g, lr, decay, momentum, eps = f64(var, mean_gradient, mean_square, moment, grad, lr, decay,
                                                     momentum, eps)
    mg = decay * mg + (1 - decay) * g
    s = decay * s + (1 - decay) * g * g
    mom = momentum * mom + lr * g / np.sqrt(s - mg * mg + eps)
    return like(var, w - mom, mg, s, mom)


def ftrl_states(var, accum, linear, grad, lr, l1, l2, lr_power):
    w, a, lin, g, lr, l1, l2, p = f64(var, accum, linear, grad, lr, l1, l2, lr_power)
    new_a = a + g * g
    lin = lin + g - (new_a ** -p - a ** -p) / lr * w
    quadratic = new_a ** -p / lr + 2 * l2
    w = np.where(np.abs(lin) > l1, (np.sign(lin) * l1 - lin) / quadratic, 0.0)
    return like(var, w, new_a, lin)


def returned(states_fn, indices, **options):
    """The reference of a primitive returning the states at `indices` of `states_fn`."""
    def reference(*inputs):
        states = states_fn(*inputs, **options)
        picked = tuple(states[i] for i in indices)
        return picked[0] if len(picked) == 1 else picked
    return reference


def scalar(value, dtype=np.float32):
    """A hyper-parameter given as a 0-d Tensor (Python floats are used elsewhere)."""
    return np.array(value, dtype)


F16 = dict(rtol=2e-2, atol=2e-2)
# FTRL's linear term subtracts nearly equal Float32 values (the accumulator powers over a
# small learning rate): its results carry a few more rounding errors.
FTRL_TOLERANCE = dict(rtol=1e-4, atol=1e-5)

CASES = [
    # ApplyMomentum
    OpCase(O.ApplyMomentum(), (rand(2, 3), rand(2, 3), 0.1, rand(2, 3), 0.9), returned(momentum_states, [0])),
    OpCase(O.ApplyMomentum(), (rand(4), rand(4), scalar(0.05), rand(4), scalar(0.8)),
           returned(momentum_states, [0])),
    OpCase(O.ApplyMomentum(use_nesterov=True), (rand(3, 2, 2), rand(3, 2, 2), 0.1, rand(3, 2, 2), 0.9),
           returned(momentum_states, [0], nesterov=True)),
    OpCase(O.ApplyMomentum(gradient_scale=0.5), (rand(5), rand(5), 0.1, rand(5), 0.9),
           returned(momentum_states, [0], scale=0.5)),
    OpCase(O.ApplyMomentum(), (np.array(0.5, np.float32), np.array(0.1, np.float32), 0.1,
                               np.array(-0.3, np.float32), 0.9), returned(momentum_states, [0])),
    OpCase(O.ApplyMomentum(), (rand(1, 1, dtype=np.float64), rand(1, 1, dtype=np.float64), 0.2,
                               rand(1, 1, dtype=np.float64), 0.5), returned(momentum_states, [0])),
    OpCase(O.ApplyMomentum(), (rand(3, dtype=np.float16), rand(3, dtype=np.float16), 0.1, rand(3, dtype=np.float16),
                               scalar(0.9)), returned(momentum_states, [0]), **F16),
    OpCase(O.ApplyMomentum(), (rand(2, 2), rand(2, 2), 0.1, rand(2, 2, dtype=np.float16), 0.9),
           returned(momentum_states, [0]), rtol=1e-3, atol=1e-3),
    # SGD: the first step (stat set), a later one, no momentum, dampening, nesterov, weight decay
    OpCase(O.SGD(), (rand(2, 3), rand(2, 3), scalar(0.1), rand(2, 3), scalar(0.9), np.ones((2, 3), np.float32)),
           returned(sgd_states, [0])),
    OpCase(O.SGD(dampening=0.3), (rand(4), rand(4), scalar(0.1), rand(4), scalar(0.9), np.zeros(4, np.float32)),
           returned(sgd_states, [0], dampening=0.3)),
    OpCase(O.SGD(), (rand(4), rand(4), scalar(0.1), rand(4), scalar(0.0), np.ones(4, np.float32)),
           returned(sgd_states, [0])),
    OpCase(O.SGD(nesterov=True), (rand(3, 3), rand(3, 3), 0.05, rand(3, 3), 0.9, np.zeros((3, 3), np.float32)),
           returned(sgd_states, [0], nesterov=True)),
    OpCase(O.SGD(weight_decay=0.1), (rand(2, dtype=np.float64), rand(2, dtype=np.float64), 0.1,
                                     rand(2, dtype=np.float64), 0.9, np.ones(2)),
           returned(sgd_states, [0], weight_decay=0.1)),
    # Adam
    OpCase(O.Adam(), (rand(2, 3), rand(2, 3), positive(2, 3), 0.9 ** 3, 0.999 ** 3, 0.01, 0.9, 0.999, 1e-8,
                      rand(2, 3)), returned(adam_states, [0, 1, 2])),
    OpCase(O.Adam(use_nesterov=True), (rand(4), rand(4), positive(4), scalar(0.9), scalar(0.999), scalar(0.001),
                                       scalar(0.9), scalar(0.999), scalar(1e-8), rand(4)),
           returned(adam_states, [0, 1, 2], nesterov=True)),
    OpCase(O.Adam(), (np.array(1.0), np.array(0.2), np.array(0.5), 0.81, 0.998, 0.1, 0.9, 0.999, 1e-6,
                      np.array(-0.4)), returned(adam_states, [0, 1, 2])),
    OpCase(O.Adam(), (rand(2, 2, dtype=np.float16), rand(2, 2, dtype=np.float16), positive(2, 2, dtype=np.float16),
                      0.9, 0.999, 0.01, 0.9, 0.999, 1e-4, rand(2, 2, dtype=np.float16)),
           returned(adam_states, [0, 1, 2]), **F16),
    # ApplyAdamWithAmsgradV2
    OpCase(O.ApplyAdamWithAmsgradV2(), (rand(2, 3), rand(2, 3), positive(2, 3), positive(2, 3), 0.729, 0.997, 0.01,
                                        0.9, 0.999, 1e-8, rand(2, 3)), returned(amsgrad_states, [0, 1, 2, 3])),
    OpCase(O.ApplyAdamWithAmsgradV2(), (rand(5, dtype=np.float64), rand(5, dtype=np.float64),
                                        positive(5, dtype=np.float64), np.zeros(5), scalar(0.9, np.float64),
                                        scalar(0.999, np.float64), 0.1, 0.9, 0.999, 1e-8, rand(5, dtype=np.float64)),
           returned(amsgrad_states, [0, 1, 2, 3])),
    # AdamWeightDecay
    OpCase(O.AdamWeightDecay(), (rand(2, 3), rand(2, 3), positive(2, 3), 0.01, 0.9, 0.999, 1e-6, 0.01, rand(2, 3)),
           returned(adam_weight_decay_states, [0, 1, 2])),
    OpCase(O.AdamWeightDecay(), (rand(4), rand(4), positive(4), scalar(0.01), scalar(0.9), scalar(0.99),
                                 scalar(1e-6), scalar(0.0), rand(4)), returned(adam_weight_decay_states, [0, 1, 2])),
    # ApplyAdagrad
    OpCase(O.ApplyAdagrad(), (rand(2, 3), positive(2, 3), 0.01, rand(2, 3)), returned(adagrad_states, [0, 1])),
    OpCase(O.ApplyAdagrad(update_slots=False), (rand(4), positive(4), scalar(0.1), rand(4)),
           returned(adagrad_states, [0, 1], update_slots=False)),
    OpCase(O.ApplyAdagrad(), (rand(3, dtype=np.float64), positive(3, dtype=np.float64), 0.5, rand(3, dtype=np.float64)),
           returned(adagrad_states, [0, 1])),
    # ApplyAdadelta
    OpCase(O.ApplyAdadelta(), (rand(2, 3), positive(2, 3), positive(2, 3), 1.0, 0.9, 1e-6, rand(2, 3)),
           returned(adadelta_states, [0, 1, 2])),
    OpCase(O.ApplyAdadelta(), (rand(1), positive(1), np.zeros(1, np.float32), scalar(0.5), scalar(0.95), scalar(1e-6),
                               rand(1)), returned(adadelta_states, [0, 1, 2])),
    # ApplyAdaMax
    OpCase(O.ApplyAdaMax(), (rand(2, 3), rand(2, 3), positive(2, 3), 0.729, 0.01, 0.9, 0.999, 1e-8, rand(2, 3)),
           returned(ada_max_states, [0, 1, 2])),
    OpCase(O.ApplyAdaMax(), (rand(4), rand(4), positive(4), np.array([0.9], np.float32), scalar(0.002), scalar(0.9),
                             scalar(0.999), scalar(1e-8), rand(4)), returned(ada_max_states, [0, 1, 2])),
    # ApplyRMSProp
    OpCase(O.ApplyRMSProp(), (rand(2, 3), positive(2, 3), rand(2, 3), 0.01, rand(2, 3), 0.9, 0.5, 1e-10),
           returned(rms_prop_states, [0])),
    OpCase(O.ApplyRMSProp(), (rand(5), positive(5), np.zeros(5, np.float32), scalar(0.1), rand(5), 0.9, 0.0, 1e-6),
           returned(rms_prop_states, [0])),
    # ApplyCenteredRMSProp
    OpCase(O.ApplyCenteredRMSProp(), (rand(2, 3), rand(2, 3) * 0.1, positive(2, 3), rand(2, 3), rand(2, 3), 0.01,
                                      0.9, 0.5, 1e-10), returned(centered_rms_prop_states, [0])),
    OpCase(O.ApplyCenteredRMSProp(), (rand(3, dtype=np.float64), np.zeros(3), np.ones(3), np.zeros(3),
                                      rand(3, dtype=np.float64), scalar(0.1, np.float64), 0.9, 0.0, 1e-6),
           returned(centered_rms_prop_states, [0])),
    # ApplyFtrl: lr_power -0.5 (square roots), another power, 0 (a fixed rate), l1 and l2
    OpCase(O.ApplyFtrl(), (rand(2, 3), positive(2, 3), rand(2, 3), rand(2, 3), 0.01, 0.0, 0.0, -0.5),
           returned(ftrl_states, [0]), **FTRL_TOLERANCE),
    OpCase(O.ApplyFtrl(), (rand(6), positive(6), rand(6), rand(6), scalar(0.01), scalar(0.05), scalar(0.1),
                           scalar(-0.5)), returned(ftrl_states, [0]), **FTRL_TOLERANCE),
    OpCase(O.ApplyFtrl(), (rand(6), positive(6), rand(6) * 10, rand(6), 0.1, 0.5, 0.0, -0.3),
           returned(ftrl_states, [0]), **FTRL_TOLERANCE),
    OpCase(O.ApplyFtrl(), (rand(2, 2), positive(2, 2), rand(2, 2), rand(2, 2), 0.1, 0.01, 0.02, 0.0),
           returned(ftrl_states, [0]), **FTRL_TOLERANCE),
]

F32_STATE = rand(2, 3)


def _momentum_inputs(**changes):
    inputs = dict(variable=rand(2, 3), accumulation=rand(2, 3), learning_rate=0.1, gradient=rand(2, 3),
                  momentum=0.9)
    inputs.update(changes)
    return tuple(inputs.values())


ERROR_CASES = [
    # ApplyMomentum: every kind of bad input
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(gradient=rand(3)), ValueError,
              r"For 'ApplyMomentum', the shape of 'gradient' must be the shape of 'variable' \(2, 3\)"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(accumulation=rand(3, 2)), ValueError, "'accumulation'"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(variable=rand(2, 3, dtype=np.int32, low=0, high=5)), TypeError,
              "For 'ApplyMomentum', the dtype of 'variable'"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(gradient=rand(2, 3, dtype=np.float64)), TypeError,
              "the dtype of 'gradient' must be Float32"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(accumulation=rand(2, 3, dtype=np.float16)), TypeError,
              "the dtype of 'accumulation' must be Float32"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(learning_rate=rand(2)), ValueError,
              "the 'learning_rate' must be a scalar"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(momentum="0.9"), TypeError, "the 'momentum' must be int or float"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(learning_rate=np.array(True)), TypeError, "'learning_rate'"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs(variable=[1.0, 2.0]), TypeError,
              "the 'variable' must be a Tensor"),
    ErrorCase(O.ApplyMomentum(), _momentum_inputs()[:4], TypeError, "5 inputs"),
    ErrorCase(lambda: O.ApplyMomentum(use_nesterov=1), (), TypeError, "'use_nesterov' must be bool"),
    ErrorCase(lambda: O.ApplyMomentum(gradient_scale=1), (), TypeError, "'gradient_scale' must be float"),
    # the others: a shape, a dtype, a scalar and an attribute each
    ErrorCase(O.SGD(), (rand(2), rand(3), 0.1, rand(2), 0.9, rand(2)), ValueError, "For 'SGD'.*'gradient'"),
    ErrorCase(O.SGD(), (rand(2), rand(2), 0.1, rand(2), 0.9, rand(2, dtype=np.float64)), TypeError,
              "For 'SGD', the dtype of 'stat'"),
    ErrorCase(lambda: O.SGD(dampening="0"), (), TypeError, "For 'SGD', the 'dampening'"),
    ErrorCase(lambda: O.SGD(nesterov=None), (), TypeError, "For 'SGD', the 'nesterov'"),
    ErrorCase(O.Adam(), (rand(2), rand(2), rand(3), 0.9, 0.99, 0.1, 0.9, 0.99, 1e-8, rand(2)), ValueError,
              r"For 'Adam', the shape of 'v' must be the shape of 'var' \(2,\)"),
    ErrorCase(O.Adam(), (rand(2, dtype=np.int64), rand(2, dtype=np.int64), rand(2, dtype=np.int64), 0.9, 0.99, 0.1,
                         0.9, 0.99, 1e-8, rand(2, dtype=np.int64)), TypeError, "For 'Adam', the dtype of 'var'"),
    ErrorCase(O.Adam(), (rand(2), rand(2), rand(2), rand(2, 2), 0.99, 0.1, 0.9, 0.99, 1e-8, rand(2)), ValueError,
              "'beta1_power' must be a scalar"),
    ErrorCase(lambda: O.Adam(use_nesterov="x"), (), TypeError, "For 'Adam', the 'use_nesterov'"),
    ErrorCase(O.ApplyAdamWithAmsgradV2(), (rand(2), rand(2), rand(2), rand(1), 0.9, 0.99, 0.1, 0.9, 0.99, 1e-8,
                                           rand(2)), ValueError, "'vhat'"),
    ErrorCase(O.ApplyAdamWithAmsgradV2(), (rand(2), rand(2), rand(2), rand(2), None, 0.99, 0.1, 0.9, 0.99, 1e-8,
                                           rand(2)), TypeError, "'beta1_power' must be int or float"),
    ErrorCase(lambda: O.ApplyAdamWithAmsgradV2(use_locking=0), (), TypeError, "'use_locking'"),
    ErrorCase(O.AdamWeightDecay(), (rand(2), rand(2), rand(2), 0.1, 0.9, 0.99, 1e-6, rand(2), rand(2)), ValueError,
              "'decay' must be a scalar"),
    ErrorCase(O.AdamWeightDecay(), (rand(2), rand(2), rand(2), 0.1, 0.9, 0.99, 1e-6, 0.0, rand(4)), ValueError,
              "'gradient'"),
    ErrorCase(lambda: O.AdamWeightDecay(use_locking="no"), (), TypeError, "'use_locking'"),
    ErrorCase(O.ApplyAdagrad(), (rand(2, dtype=np.int32), rand(2, dtype=np.int32), 0.1, rand(2, dtype=np.int32)),
              TypeError, "For 'ApplyAdagrad', the dtype of 'var'"),
    ErrorCase(O.ApplyAdagrad(), (rand(2), rand(2), rand(2), rand(2)), ValueError, "'lr' must be a scalar"),
    ErrorCase(lambda: O.ApplyAdagrad(update_slots=0), (), TypeError, "'update_slots'"),
    ErrorCase(O.ApplyAdadelta(), (rand(2), rand(2), rand(2, 1), 1.0, 0.9, 1e-6, rand(2)), ValueError,
              "'accum_update'"),
    ErrorCase(O.ApplyAdadelta(), (rand(2), rand(2), rand(2), 1.0, "0.9", 1e-6, rand(2)), TypeError, "'rho'"),
    ErrorCase(O.ApplyAdaMax(), (rand(2), rand(2), rand(2), rand(1, 1), 0.1, 0.9, 0.99, 1e-8, rand(2)), ValueError,
              "'beta1_power' must be a scalar"),
    ErrorCase(O.ApplyAdaMax(), (rand(2), rand(2, dtype=np.float64), rand(2), 0.9, 0.1, 0.9, 0.99, 1e-8, rand(2)),
              TypeError, "the dtype of 'm'"),
    ErrorCase(O.ApplyRMSProp(), (rand(2), rand(3), rand(2), 0.1, rand(2), 0.9, 0.0, 1e-10), ValueError,
              "'mean_square'"),
    ErrorCase(O.ApplyRMSProp(), (rand(2), rand(2), rand(2), "lr", rand(2), 0.9, 0.0, 1e-10), TypeError,
              "'learning_rate'"),
    ErrorCase(lambda: O.ApplyRMSProp(use_locking=None), (), TypeError, "'use_locking'"),
    ErrorCase(O.ApplyCenteredRMSProp(), (rand(2), rand(2), rand(2), rand(2), rand(5), 0.1, 0.9, 0.0, 1e-10),
              ValueError, "'grad'"),
    ErrorCase(O.ApplyCenteredRMSProp(), (rand(2), rand(2), rand(2), rand(2), rand(2), 0.1, rand(2), 0.0, 1e-10),
              ValueError, "'decay' must be a scalar"),
    ErrorCase(lambda: O.ApplyCenteredRMSProp(use_locking=1), (), TypeError, "'use_locking'"),
    ErrorCase(O.ApplyFtrl(), (rand(2), rand(2), rand(2), rand(2), rand(2), 0.0, 0.0, -0.5), ValueError,
              "'lr' must be a scalar"),
    ErrorCase(O.ApplyFtrl(), (rand(2), rand(2), rand(2), rand(2), "x", 0.0, 0.0, -0.5), TypeError, "'lr'"),
    ErrorCase(O.ApplyFtrl(), (rand(2), rand(2), rand(2), rand(2, dtype=np.int32), 0.1, 0.0, 0.0, -0.5), TypeError,
              "'grad'"),
    ErrorCase(lambda: O.ApplyFtrl(use_locking="yes"), (), TypeError, "'use_locking'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


STATE_CASES = [
    (O.ApplyMomentum(use_nesterov=True), (rand(3), rand(3), 0.1, rand(3), 0.9), (0, 1),
     lambda *a: momentum_states(*a, nesterov=True)),
    (O.SGD(dampening=0.2), (rand(3), rand(3), 0.1, rand(3), 0.9, np.array([1.0, 0.0, 1.0], np.float32)), (0, 3, 5),
     lambda *a: sgd_states(*a, dampening=0.2)),
    (O.Adam(), (rand(3), rand(3), positive(3), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, rand(3)), (0, 1, 2), adam_states),
    (O.ApplyAdamWithAmsgradV2(), (rand(3), rand(3), positive(3), positive(3), 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8,
                                  rand(3)), (0, 1, 2, 3), amsgrad_states),
    (O.AdamWeightDecay(), (rand(3), rand(3), positive(3), 0.01, 0.9, 0.999, 1e-6, 0.1, rand(3)), (0, 1, 2),
     adam_weight_decay_states),
    (O.ApplyAdagrad(), (rand(3), positive(3), 0.1, rand(3)), (0, 1), adagrad_states),
    (O.ApplyAdadelta(), (rand(3), positive(3), positive(3), 1.0, 0.9, 1e-6, rand(3)), (0, 1, 2), adadelta_states),
    (O.ApplyAdaMax(), (rand(3), rand(3), positive(3), 0.9, 0.01, 0.9, 0.999, 1e-8, rand(3)), (0, 1, 2),
     ada_max_states),
    (O.ApplyRMSProp(), (rand(3), positive(3), rand(3), 0.01, rand(3), 0.9, 0.5, 1e-10), (0, 1, 2), rms_prop_states),
    (O.ApplyCenteredRMSProp(), (rand(3), rand(3) * 0.1, positive(3), rand(3), rand(3), 0.01, 0.9, 0.5, 1e-10),
     (0, 1, 2, 3), centered_rms_prop_states),
    (O.ApplyFtrl(), (rand(3), positive(3), rand(3), rand(3), 0.01, 0.05, 0.1, -0.5), (0, 1, 2), ftrl_states),
]


@pytest.mark.parametrize("prim, inputs, state_positions, reference", STATE_CASES,
                         ids=[type(c[0]).__name__ for c in STATE_CASES])
def test_states_are_rebound(prim, inputs, state_positions, reference):
    args = [Parameter(Tensor(v), name=f"state{i}") if i in state_positions else v for i, v in enumerate(inputs)]
    before = [args[i].asnumpy() for i in state_positions]
    prim(*[Tensor(a) if isinstance(a, np.ndarray) else a for a in args])
    for got_index, want in zip(state_positions, reference(*inputs)):
        np.testing.assert_allclose(args[got_index].asnumpy(), want, rtol=1e-4, atol=1e-5)
    for arr, original in zip(before, (inputs[i] for i in state_positions)):
        np.testing.assert_array_equal(arr, original)


def test_several_steps_follow_the_reference():
    """Adam over three steps, its state carried by the Parameters."""
    var, m, v = rand(4), np.zeros(4, np.float32), np.zeros(4, np.float32)
    params = [Parameter(Tensor(a), name=n) for a, n in ((var, "w"), (m, "m"), (v, "v"))]
    prim = O.Adam()
    for step in range(1, 4):
        grad = rand(4)
        prim(*params, 0.9 ** step, 0.999 ** step, 0.01, 0.9, 0.999, 1e-8, Tensor(grad))
        var, m, v = adam_states(var, m, v, 0.9 ** step, 0.999 ** step, 0.01, 0.9, 0.999, 1e-8, grad)
    for param, want in zip(params, (var, m, v)):
        np.testing.assert_allclose(param.asnumpy(), want, rtol=1e-5, atol=1e-6)


def test_returns_the_new_variable():
    var = Parameter(Tensor(np.ones(2, np.float32)), name="w")
    out = O.ApplyMomentum()(var, Tensor(np.zeros(2, np.float32)), 0.5, Tensor(np.ones(2, np.float32)), 0.9)
    np.testing.assert_allclose(out.asnumpy(), [0.5, 0.5])
    np.testing.assert_allclose(var.asnumpy(), [0.5, 0.5])
    assert var.name == "w"
    outs = O.ApplyAdagrad()(var, Tensor(np.ones(2, np.float32)), 0.1, Tensor(np.ones(2, np.float32)))
    assert isinstance(outs, tuple) and len(outs) == 2


def test_adam_float16_with_a_zero_gradient_stays_finite():
    """epsilon 1e-8 is 0 in float16: the update is computed in float32 (as MindSpore does),
    so a zero gradient with zero moments leaves the variable unchanged instead of NaN."""
    var, zeros = np.array([0.5, -0.25], np.float16), np.zeros(2, np.float16)
    params = [Parameter(Tensor(a), name=n) for a, n in ((var, "w"), (zeros, "m"), (zeros, "v"))]
    O.Adam()(*params, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, Tensor(np.array([0.0, 0.1], np.float16)))
    got = params[0].asnumpy()
    assert got.dtype == np.float16 and np.isfinite(got).all()
    want = adam_states(var, zeros, zeros, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, np.array([0.0, 0.1], np.float16))
    np.testing.assert_allclose(got, want[0], rtol=1e-3, atol=1e-3)
