"""More fused optimizer updates against NumPy float64 references of MindSpore's formulas:
ApplyAdamWithAmsgrad, ApplyAdagradV2, ApplyAdagradDA, ApplyProximalAdagrad,
ApplyGradientDescent, ApplyProximalGradientDescent, ApplyAddSign, ApplyPowerSign, and the
row-indexed SparseApplyAdagrad, SparseApplyAdagradV2, SparseApplyFtrl, SparseApplyRMSProp.

`test_matches_mindspore` compares with values printed by MindSpore 2.7.1 (CPU) for the same
inputs. (Its CPU SparseApplyAdagradV2 applies a repeated index's steps in parallel threads and
printed two different results over two runs; the reference is the sequential one it also printed.)
"""
import numpy as np
import pytest

import spore._kernels.optim
import spore.ops.bprop.optim_bprop  # noqa: F401
from spore import Parameter, Tensor
from spore.ops.operations import optim_ops as O

from .op_testing import ErrorCase, OpCase, case_id, positive, rand, run_case, run_error_case
from .test_optim_ops import amsgrad_states, f64, ftrl_states, like, returned, rms_prop_states, scalar


# ---- references: each returns the new states, in the primitive's state order -------------------
def amsgrad_attr_states(var, m, v, vhat, beta1_power, beta2_power, lr, grad, beta1=0.9, beta2=0.999, eps=1e-8):
    return amsgrad_states(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, eps, grad)


def adagrad_v2_states(var, accum, lr, grad, epsilon, update_slots=True):
    w, a, lr, g = f64(var, accum, lr, grad)
    if update_slots:
        a = a + g * g
    return like(var, w - lr * g / (np.sqrt(a) + epsilon), a)


def adagrad_da_states(var, grad_accum, grad_sq_accum, grad, lr, l1, l2, global_step):
    _, ga, gs, g, lr, l1, l2, step = f64(var, grad_accum, grad_sq_accum, grad, lr, l1, l2, global_step)
    ga, gs = ga + g, gs + g * g
    numerator = np.sign(ga) * np.maximum(np.abs(ga) - l1 * step, 0) if l1 > 0 else ga
    return like(var, -lr * numerator / (np.sqrt(gs) + l2 * step * lr), ga, gs)


def proximal(prox, rate, l1, l2):
    return np.sign(prox) * np.maximum(np.abs(prox) - rate * l1, 0) / (1 + rate * l2)


def proximal_adagrad_states(var, accum, lr, l1, l2, grad):
    w, a, lr, l1, l2, g = f64(var, accum, lr, l1, l2, grad)
    a = a + g * g
    rate = lr / np.sqrt(a)
    return like(var, proximal(w - rate * g, rate, l1, l2), a)


def gradient_descent_states(var, alpha, delta):
    w, alpha, d = f64(var, alpha, delta)
    return like(var, w - alpha * d)


def proximal_gradient_descent_states(var, alpha, l1, l2, delta):
    w, alpha, l1, l2, d = f64(var, alpha, l1, l2, delta)
    return like(var, proximal(w - alpha * d, alpha, l1, l2))


def add_sign_states(var, m, lr, alpha, sign_decay, beta, grad):
    w, m, lr, alpha, sign_decay, beta, g = f64(var, m, lr, alpha, sign_decay, beta, grad)
    m = beta * m + (1 - beta) * g
    return like(var, w - lr * (alpha + sign_decay * np.sign(g) * np.sign(m)) * g, m)


def power_sign_states(var, m, lr, logbase, sign_decay, beta, grad):
    w, m, lr, logbase, sign_decay, beta, g = f64(var, m, lr, logbase, sign_decay, beta, grad)
    m = beta * m + (1 - beta) * g
    return like(var, w - lr * np.exp(logbase * sign_decay * np.sign(g) * np.sign(m)) * g, m)


def sparse_states(dense_states, sum_duplicates):
    """The reference of a sparse update: `dense_states(*rows, grad_row)` on each named row, in
    index order (or once with the summed gradient rows); indices out of range skipped."""
    def reference(*inputs):
        *states, grad, indices = inputs
        rows = len(states[0])
        new = [np.array(s, np.float64) for s in states]
        steps = [(i, np.asarray(g, np.float64)) for i, g in zip(indices, grad) if 0 <= i < rows]
        if sum_duplicates:
            summed = {}
            for i, g in steps:
                summed[i] = summed.get(i, 0) + g
            steps = list(summed.items())
        for i, g in steps:
            for state, value in zip(new, dense_states(*(s[i] for s in new), g)):
                state[i] = value
        return like(states[0], *new)
    return reference


def adagrad_row(var, accum, grad, lr=0.01, epsilon=0.0, update_slots=True):
    return adagrad_v2_states(var, accum, lr, grad, epsilon, update_slots)


def ftrl_row(var, accum, linear, grad, lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5):
    return ftrl_states(var, accum, linear, grad, lr, l1, l2, lr_power)


def rms_prop_row(var, ms, mom, grad, lr=0.01, rho=0.9, momentum=0.5, epsilon=1e-6):
    return rms_prop_states(var, ms, mom, lr, grad, rho, momentum, epsilon)


def sparse_with_lr(row_fn, sum_duplicates, **hyper):
    """A sparse reference whose learning rate is the input before `grad`."""
    def reference(*inputs):
        *states, lr, grad, indices = inputs
        return sparse(row_fn, sum_duplicates, lr=float(lr), **hyper)(*states, grad, indices)
    return reference


def sparse(row_fn, sum_duplicates, **hyper):
    def step(*rows_and_grad):
        return [np.asarray(s, np.float64) for s in row_fn(*rows_and_grad, **hyper)]
    return sparse_states(step, sum_duplicates)


def idx(*values, dtype=np.int32):
    return np.array(values, dtype)


F16 = dict(rtol=2e-2, atol=2e-2)

CASES = [
    # ApplyAdamWithAmsgrad: default and given attributes
    OpCase(O.ApplyAdamWithAmsgrad(), (rand(2, 3), rand(2, 3), positive(2, 3), positive(2, 3), 0.729, 0.997, 0.01,
                                      rand(2, 3)), returned(amsgrad_attr_states, [0, 1, 2, 3])),
    OpCase(O.ApplyAdamWithAmsgrad(beta1=0.5, beta2=0.8, epsilon=1e-3),
           (rand(4, dtype=np.float64), rand(4, dtype=np.float64), positive(4, dtype=np.float64), np.zeros(4),
            scalar(0.5, np.float64), scalar(0.8, np.float64), 0.1, rand(4, dtype=np.float64)),
           returned(amsgrad_attr_states, [0, 1, 2, 3], beta1=0.5, beta2=0.8, eps=1e-3)),
    # ApplyAdagradV2
    OpCase(O.ApplyAdagradV2(epsilon=1e-6), (rand(2, 3), positive(2, 3), 0.01, rand(2, 3)),
           returned(adagrad_v2_states, [0, 1], epsilon=1e-6)),
    OpCase(O.ApplyAdagradV2(epsilon=0.1, update_slots=False), (rand(4), positive(4), scalar(0.1), rand(4)),
           returned(adagrad_v2_states, [0, 1], epsilon=0.1, update_slots=False)),
    OpCase(O.ApplyAdagradV2(epsilon=1e-3), (rand(3, dtype=np.float16), positive(3, dtype=np.float16), 0.1,
                                            rand(3, dtype=np.float16)),
           returned(adagrad_v2_states, [0, 1], epsilon=1e-3), **F16),
    # ApplyAdagradDA: l1 shrinking, l1 = 0, a float64 variable
    OpCase(O.ApplyAdagradDA(), (rand(2, 3), rand(2, 3), positive(2, 3), rand(2, 3), 0.01, 0.05, 0.1,
                                np.array(3, np.int32)), returned(adagrad_da_states, [0])),
    OpCase(O.ApplyAdagradDA(), (rand(4), rand(4), positive(4), rand(4), scalar(0.1), scalar(0.0), scalar(0.2),
                                np.array(1, np.int64)), returned(adagrad_da_states, [0])),
    OpCase(O.ApplyAdagradDA(), (rand(3, dtype=np.float64), rand(3, dtype=np.float64), positive(3, dtype=np.float64),
                                rand(3, dtype=np.float64), 0.5, 0.01, 0.0, 2), returned(adagrad_da_states, [0])),
    # ApplyProximalAdagrad
    OpCase(O.ApplyProximalAdagrad(), (rand(2, 3), positive(2, 3), 0.01, 0.1, 0.2, rand(2, 3)),
           returned(proximal_adagrad_states, [0, 1])),
    OpCase(O.ApplyProximalAdagrad(), (rand(5) * 0.01, positive(5), scalar(0.5), scalar(2.0), scalar(0.0), rand(5)),
           returned(proximal_adagrad_states, [0, 1])),
    # ApplyGradientDescent: Python and Tensor alpha, a narrower gradient, float16
    OpCase(O.ApplyGradientDescent(), (rand(2, 3), 0.1, rand(2, 3)), gradient_descent_states),
    OpCase(O.ApplyGradientDescent(), (rand(4, dtype=np.float64), scalar(0.5, np.float64), rand(4, dtype=np.float64)),
           gradient_descent_states),
    OpCase(O.ApplyGradientDescent(), (rand(3), np.array([0.2], np.float32), rand(3, dtype=np.float16)),
           gradient_descent_states, rtol=1e-3, atol=1e-3),
    OpCase(O.ApplyGradientDescent(), (rand(2, 2, dtype=np.float16), 0.1, rand(2, 2, dtype=np.float16)),
           gradient_descent_states, **F16),
    # ApplyProximalGradientDescent: elements shrunk to 0 by l1, and not
    OpCase(O.ApplyProximalGradientDescent(), (rand(2, 3), 0.01, 0.1, 0.2, rand(2, 3)),
           proximal_gradient_descent_states),
    OpCase(O.ApplyProximalGradientDescent(), (rand(6) * 0.1, scalar(0.5), scalar(0.3), scalar(0.0), rand(6) * 0.1),
           proximal_gradient_descent_states),
    # ApplyAddSign / ApplyPowerSign: gradients of both signs against m of both signs
    OpCase(O.ApplyAddSign(), (rand(2, 3), rand(2, 3), 0.01, 1.0, 0.99, 0.9, rand(2, 3)),
           returned(add_sign_states, [0, 1])),
    OpCase(O.ApplyAddSign(), (rand(4, dtype=np.float64), rand(4, dtype=np.float64), scalar(0.1, np.float64),
                              scalar(0.5, np.float64), 0.2, 0.5, rand(4, dtype=np.float64)),
           returned(add_sign_states, [0, 1])),
    OpCase(O.ApplyPowerSign(), (rand(2, 3), rand(2, 3), 0.01, float(np.e), 0.99, 0.9, rand(2, 3)),
           returned(power_sign_states, [0, 1])),
    OpCase(O.ApplyPowerSign(), (rand(4), rand(4), scalar(0.1), scalar(0.5), scalar(1.0), scalar(0.0), rand(4)),
           returned(power_sign_states, [0, 1])),
    # SparseApplyAdagrad: rows, repeated rows (gradients summed), out-of-range rows skipped
    OpCase(O.SparseApplyAdagrad(lr=0.01), (rand(3, 2), positive(3, 2), rand(2, 2), idx(0, 2)),
           sparse(adagrad_row, True)),
    OpCase(O.SparseApplyAdagrad(lr=0.01), (rand(4, 2, 2), positive(4, 2, 2), rand(4, 2, 2), idx(3, 1, 3, 3)),
           sparse(adagrad_row, True)),
    OpCase(O.SparseApplyAdagrad(lr=0.1, update_slots=False),
           (rand(3), positive(3), rand(3), idx(2, 5, -1, dtype=np.int64)),
           sparse(adagrad_row, True, lr=0.1, update_slots=False)),
    # SparseApplyAdagradV2: a repeated row is updated once per occurrence
    OpCase(O.SparseApplyAdagradV2(lr=0.01, epsilon=1e-6), (rand(3, 2), positive(3, 2), rand(2, 2), idx(0, 2)),
           sparse(adagrad_row, False, epsilon=1e-6)),
    OpCase(O.SparseApplyAdagradV2(lr=0.05, epsilon=0.1), (rand(4, 3), positive(4, 3), rand(5, 3), idx(1, 1, 0, 1, 7)),
           sparse(adagrad_row, False, lr=0.05, epsilon=0.1)),
    # SparseApplyFtrl
    OpCase(O.SparseApplyFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5),
           (rand(3, 2), positive(3, 2), rand(3, 2), rand(2, 2), idx(0, 2)), sparse(ftrl_row, False), rtol=1e-4,
           atol=1e-5),
    OpCase(O.SparseApplyFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=-0.5),
           (rand(4, 2), positive(4, 2), rand(4, 2), rand(3, 2), idx(2, 0, 2, dtype=np.int64)),
           sparse(ftrl_row, False, lr=0.1, l1=0.0, l2=0.0), rtol=1e-4, atol=1e-5),
    # SparseApplyRMSProp
    OpCase(O.SparseApplyRMSProp(rho=0.9, momentum=0.5, epsilon=1e-6),
           (rand(3, 2), positive(3, 2), rand(3, 2), scalar(0.01), rand(3, 2), idx(0, 2, 2)),
           sparse_with_lr(rms_prop_row, False)),
    OpCase(O.SparseApplyRMSProp(rho=0.5, momentum=0.0, epsilon=1e-3),
           (rand(4, 3), positive(4, 3), rand(4, 3), 0.1, rand(2, 3), idx(3, 1, dtype=np.int64)),
           sparse_with_lr(rms_prop_row, False, rho=0.5, momentum=0.0, epsilon=1e-3)),
]

ERROR_CASES = [
    ErrorCase(O.ApplyAdamWithAmsgrad(), (rand(2), rand(2), rand(2), rand(3), 0.9, 0.99, 0.1, rand(2)), ValueError,
              "For 'ApplyAdamWithAmsgrad', the shape of 'vhat'"),
    ErrorCase(lambda: O.ApplyAdamWithAmsgrad(beta1=1), (), TypeError, "'beta1' must be float"),
    ErrorCase(lambda: O.ApplyAdagradV2(epsilon=1), (), TypeError, "For 'ApplyAdagradV2', the 'epsilon' must be float"),
    ErrorCase(O.ApplyAdagradV2(epsilon=1e-6), (rand(2), rand(2), rand(2), rand(2)), ValueError,
              "'lr' must be a scalar"),
    ErrorCase(O.ApplyAdagradDA(), (rand(2), rand(2), rand(2), rand(2), 0.1, 0.1, 0.1, rand(2)), ValueError,
              "'global_step' must be a scalar"),
    ErrorCase(O.ApplyAdagradDA(), (rand(2), rand(2), rand(2, dtype=np.float64), rand(2), 0.1, 0.1, 0.1, 1), TypeError,
              "the dtype of 'gradient_squared_accumulator'"),
    ErrorCase(O.ApplyProximalAdagrad(), (rand(2), rand(2), 0.1, "l1", 0.1, rand(2)), TypeError, "'l1'"),
    ErrorCase(lambda: O.ApplyProximalAdagrad(use_locking=1), (), TypeError, "'use_locking'"),
    ErrorCase(O.ApplyGradientDescent(), (rand(2), 0.5, rand(3)), ValueError,
              r"For 'ApplyGradientDescent', the shape of 'delta' must be the shape of 'var' \(2,\)"),
    ErrorCase(O.ApplyGradientDescent(), (rand(2, dtype=np.int32), 1, rand(2, dtype=np.int32)), TypeError,
              "For 'ApplyGradientDescent', the dtype of 'var'"),
    ErrorCase(O.ApplyGradientDescent(), (rand(2), rand(2), rand(2)), ValueError, "'alpha' must be a scalar"),
    ErrorCase(O.ApplyProximalGradientDescent(), (rand(2), 0.1, 0.1, 0.1, rand(2, dtype=np.float64)), TypeError,
              "the dtype of 'delta'"),
    ErrorCase(O.ApplyAddSign(), (rand(2), rand(2), 0.1, 1.0, 0.9, 0.9, rand(4)), ValueError, "'grad'"),
    ErrorCase(O.ApplyPowerSign(), (rand(2), rand(1), 0.1, 1.0, 0.9, 0.9, rand(2)), ValueError, "'m'"),
    ErrorCase(O.SparseApplyAdagrad(lr=0.1), (rand(3, 2), rand(3, 2), rand(2, 3), idx(0, 1)), ValueError,
              "For 'SparseApplyAdagrad', the shape of 'grad'"),
    ErrorCase(O.SparseApplyAdagrad(lr=0.1), (rand(3, 2), rand(3, 2), rand(2, 2), idx(0, 1, 2)), ValueError,
              "'indices' must be a vector of the length"),
    ErrorCase(O.SparseApplyAdagrad(lr=0.1), (rand(3, 2), rand(3, 2), rand(2, 2), np.array([0.0, 1.0], np.float32)),
              TypeError, "the dtype of 'indices'"),
    ErrorCase(O.SparseApplyAdagrad(lr=0.1), (rand(3, 2), rand(2, 2), rand(2, 2), idx(0, 1)), ValueError,
              "the shape of 'accum'"),
    ErrorCase(lambda: O.SparseApplyAdagrad(lr=1), (), TypeError, "For 'SparseApplyAdagrad', the 'lr' must be float"),
    ErrorCase(O.SparseApplyAdagradV2(lr=0.1, epsilon=1e-6), (rand(3), rand(3), rand(2), [0, 1]), TypeError,
              "the 'indices' must be a Tensor"),
    ErrorCase(lambda: O.SparseApplyAdagradV2(lr=0.1, epsilon="0"), (), TypeError, "'epsilon'"),
    ErrorCase(O.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), (rand(3), rand(3), rand(3, dtype=np.float16), rand(1), idx(0)),
              TypeError, "the dtype of 'linear'"),
    ErrorCase(lambda: O.SparseApplyFtrl(0.1, 0.0, 0.0, lr_power=None), (), TypeError, "'lr_power'"),
    ErrorCase(O.SparseApplyRMSProp(0.9, 0.5, 1e-6), (rand(3), rand(3), rand(3), rand(2), rand(1), idx(0)), ValueError,
              "'lr' must be a scalar"),
    ErrorCase(lambda: O.SparseApplyRMSProp(0.9, 0, 1e-6), (), TypeError, "'momentum' must be float"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


# ---- MindSpore 2.7.1's results for its documentation's inputs ---------------------------------------
VAR = np.array([[0.6, 0.4], [0.1, 0.5]], np.float32)
ACCUM = np.array([[0.6, 0.5], [0.2, 0.6]], np.float32)
GRAD = np.array([[0.3, 0.7], [0.1, 0.8]], np.float32)
SIGNED_GRAD = np.array([[0.3, -0.7], [0.1, -0.8]], np.float32)
F = np.float32

ORACLE = [
    (O.ApplyGradientDescent(), (VAR, F(0.001), GRAD), [[[0.59970003, 0.3993], [0.0999, 0.4992]]]),
    (O.ApplyProximalGradientDescent(), (VAR, F(0.01), F(0.1), F(0.2), GRAD),
     [[[0.5948104, 0.3912176], [0.09780439, 0.49002]]]),
    (O.ApplyAddSign(), (VAR, ACCUM, F(0.001), F(1.0), F(0.99), F(0.9), SIGNED_GRAD),
     [[[0.599403024, 0.40000701], [0.0998010039, 0.500007987]], [[0.57, 0.38], [0.19, 0.46]]]),
    (O.ApplyPowerSign(), (VAR, ACCUM, F(0.001), F(np.e), F(0.99), F(0.9), SIGNED_GRAD),
     [[[0.59557569, 0.400047481], [0.0985252112, 0.50005424]], [[0.57, 0.38], [0.19, 0.46]]]),
    (O.ApplyAdagradV2(epsilon=1e-6), (VAR, ACCUM, F(0.001), GRAD),
     [[[0.599638879, 0.399296492], [0.0997817814, 0.499281585]], [[0.69, 0.99], [0.21, 1.24]]]),
    (O.ApplyProximalAdagrad(), (VAR, ACCUM, F(0.01), F(0.1), F(0.2), GRAD),
     [[[0.593755066, 0.391173422], [0.0952200666, 0.491035849]], [[0.69, 0.99], [0.21, 1.24]]]),
    (O.ApplyAdagradDA(), (VAR, ACCUM, np.array([[0.1, 0.2], [0.3, 0.4]], F), GRAD, F(0.001), F(0.001), F(0.001),
                          np.array(2, np.int32)),
     [[[-0.00206014, -0.00144222], [-0.00053522, -0.00137085]]]),
    (O.ApplyAdamWithAmsgrad(beta1=0.1, beta2=0.1, epsilon=0.001), (VAR, ACCUM, ACCUM, ACCUM, F(0.3), F(0.3),
                                                                   F(0.01), GRAD),
     [[[0.594914556, 0.388522148], [0.0970666856, 0.488324583]], [[0.33, 0.68], [0.11, 0.78]],
      [[0.141, 0.491], [0.029, 0.636]], [[0.6, 0.5], [0.2, 0.636]]]),
]

SPARSE_VAR = np.array([[0.6, 0.4], [0.1, 0.5], [0.2, 0.3]], np.float32)
SPARSE_ACCUM = np.array([[0.6, 0.5], [0.2, 0.6], [0.3, 0.4]], np.float32)
SPARSE_LINEAR = np.array([[0.1, -0.2], [0.3, 0.1], [-0.5, 0.2]], np.float32)
SPARSE_ORACLE = [
    (O.SparseApplyAdagrad(lr=0.01), (SPARSE_VAR, SPARSE_ACCUM, GRAD, idx(2, 2)),
     [[[0.6, 0.4], [0.1, 0.5], [0.194102332, 0.29078558]], [[0.6, 0.5], [0.2, 0.6], [0.46, 2.65]]]),
    (O.SparseApplyAdagradV2(lr=0.01, epsilon=1e-6), (SPARSE_VAR, SPARSE_ACCUM, GRAD, idx(2, 2)),
     [[[0.6, 0.4], [0.1, 0.5], [0.193615034, 0.286112428]], [[0.6, 0.5], [0.2, 0.6], [0.4, 1.53]]]),
    (O.SparseApplyFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5), (SPARSE_VAR, SPARSE_ACCUM, SPARSE_LINEAR, GRAD,
                                                                 idx(0, 2)),
     [[[0.0343126059, 0.109262899], [0.1, 0.5], [0.00857877824, 0.102758482]],
      [[0.69, 0.99], [0.2, 0.6], [0.31, 1.04]], [[-2.96394444, -11.0152273], [0.3, 0.1], [-0.581077695, -10.6204548]]]),
    (O.SparseApplyRMSProp(rho=0.9, momentum=0.5, epsilon=1e-6),
     (SPARSE_VAR, SPARSE_ACCUM, SPARSE_LINEAR, F(0.01), np.array([[0.3, 0.7], [0.1, 0.8], [0.2, 0.4]], F),
      idx(0, 2, 2)),
     [[[0.545951128, 0.490090609], [0.1, 0.5], [0.568101704, 0.125227571]],
      [[0.549, 0.499], [0.2, 0.6], [0.2479, 0.3976]], [[0.0540488772, -0.0900906026], [0.3, 0.1],
                                                       [-0.120022632, 0.0624865517]]]),
]


@pytest.mark.parametrize("prim, inputs, want", ORACLE + SPARSE_ORACLE,
                         ids=[type(c[0]).__name__ for c in ORACLE + SPARSE_ORACLE])
def test_matches_mindspore(prim, inputs, want):
    """The primitive's states after the call, and what it returns, are MindSpore's."""
    states = [Parameter(Tensor(np.array(inputs[i])), name=f"s{i}") for i in prim.state_positions]
    args = [Tensor(np.array(a)) for a in inputs]
    for position, state in zip(prim.state_positions, states):
        args[position] = state
    out = prim(*args)
    outs = out if isinstance(out, tuple) else (out,)
    for got, expected in zip(outs, want):
        np.testing.assert_allclose(got.asnumpy(), expected, rtol=1e-5, atol=1e-6)
    for state, index in zip(states, prim.state_results):
        if index < len(want):
            np.testing.assert_allclose(state.asnumpy(), want[index], rtol=1e-5, atol=1e-6)


def test_sparse_update_leaves_other_rows_and_old_storage():
    var, accum = rand(4, 2), positive(4, 2)
    params = [Parameter(Tensor(var), name="w"), Parameter(Tensor(accum), name="a")]
    before = params[0].asnumpy()
    O.SparseApplyAdagrad(lr=0.1)(*params, Tensor(rand(1, 2)), Tensor(idx(1)))
    np.testing.assert_array_equal(before, var)
    np.testing.assert_array_equal(params[0].asnumpy()[[0, 2, 3]], var[[0, 2, 3]])
    assert not np.allclose(params[0].asnumpy()[1], var[1])
