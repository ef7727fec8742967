"""What the tests of ASGD, AdaFactor, LARS, LazyAdam, ProximalAdagrad and Rprop share.

- Two small parameters 'w' (2, 3) and 'b' (3,), optionally 'k' (2, 2, 3), and the
  gradients of each step: `make_params`, `gradients`, `run` (several steps of an optimizer
  called directly); the same as float64 NumPy arrays for the update rules written out in
  each test file, and `simulate`, which drives such a rule over the steps.
- `train_one_step`: a Dense(4, 2) fitted with MSE by TrainOneStepCell for 5 steps;
  `model_train`: a Dense(4, 2) classifier trained by Model.train for 2 epochs. Each test
  file compares both, in PyNative and Graph mode, with values recorded from MindSpore 2.7.1
  running the same code (`TRAINING` holds them).
"""
from __future__ import annotations

import numpy as np

import spore as ms
from spore import Parameter, Tensor, nn
from spore.train import Model

from ..train.model_testing import W0 as CLASSIFIER_W0
from ..train.model_testing import classification_data

W = (np.arange(6).reshape(2, 3) * 0.3 - 0.7).astype(np.float32)
B = np.array([0.5, -0.2, 0.1], np.float32)
K = (np.cos(np.arange(12)) * 0.5).reshape(2, 2, 3).astype(np.float32)


def numpy_params(with_k: bool = False) -> dict:
    params = {"w": W, "b": B, "k": K} if with_k else {"w": W, "b": B}
    return {name: value.astype(np.float64) for name, value in params.items()}


def numpy_gradients(step: int, with_k: bool = False) -> dict:
    """The gradients of step `step` (from 0), rounded to float32 as the Tensors are."""
    grads = {"w": np.sin(np.arange(6).reshape(2, 3) * 1.3 + step),
             "b": np.cos(np.arange(3) * 0.7 + 2 * step)}
    if with_k:
        grads["k"] = np.sin(np.arange(12) * 0.9 - step).reshape(2, 2, 3)
    return {name: value.astype(np.float32).astype(np.float64) for name, value in grads.items()}


def make_params(with_k: bool = False) -> list:
    return [Parameter(Tensor(value.astype(np.float32)), name=name) for name, value in numpy_params(with_k).items()]


def gradients(step: int, with_k: bool = False) -> tuple:
    return tuple(Tensor(value.astype(np.float32)) for value in numpy_gradients(step, with_k).values())


def run(opt, steps: int, with_k: bool = False) -> dict:
    """Call `opt` on `steps` steps of gradients; {Parameter name: value} of all its Parameters."""
    for step in range(steps):
        assert opt(gradients(step, with_k)) is not None
    return {param.name: param.asnumpy() for param in opt.get_parameters()}


def simulate(rule, steps: int, lr=0.1, decay=0.0, loss_scale=1.0, with_k: bool = False) -> dict:
    """The values after `steps` steps of `rule`: `rule.init(name, w)` gives the state of a
    parameter ({state Parameter name: array}), `rule.step(name, w, g, state, lr, t)` its new
    value at step t (from 1). `lr` and `decay` are numbers or functions (name, t) -> number;
    the gradient is g + decay * w, divided by the loss scale (MindSpore's order)."""
    def value(setting, name, t):
        return setting(name, t) if callable(setting) else setting

    weights = numpy_params(with_k)
    states = {name: rule.init(name, w) for name, w in weights.items()}
    for t in range(1, steps + 1):
        grads = numpy_gradients(t - 1, with_k)
        for name, w in weights.items():
            grad = (grads[name] + value(decay, name, t) * loss_scale * w) / loss_scale
            weights[name] = rule.step(name, w, grad, states[name], value(lr, name, t), t)
    expected = dict(weights)
    for state in states.values():
        expected.update(state)
    return expected


def assert_values(values: dict, expected: dict, rtol=1e-5, atol=1e-6) -> None:
    """Each expected Parameter value (by name) against the optimizer's."""
    for name, want in expected.items():
        np.testing.assert_allclose(values[name], np.asarray(want), rtol=rtol, atol=atol, err_msg=name)


# ---- training ------------------------------------------------------------------------------
X = np.random.default_rng(0).standard_normal((8, 4)).astype(np.float32)
Y = np.random.default_rng(1).standard_normal((8, 2)).astype(np.float32)


def train_one_step(build, mode) -> tuple:
    """(losses, weight, bias) of 5 TrainOneStepCell steps in `mode`, the optimizer built by
    `build(parameters)`; PyNative mode afterwards."""
    ms.set_context(mode=mode)
    try:
        net = nn.Dense(4, 2, weight_init=Tensor(np.full((2, 4), 0.1, np.float32)), bias_init="zeros")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), build(net.trainable_params()))
        losses = [float(step(Tensor(X), Tensor(Y)).asnumpy()) for _ in range(5)]
        return np.array(losses), net.weight.asnumpy(), net.bias.asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def model_train(build, mode) -> tuple:
    """(weight, bias) after Model.train for 2 epochs (batches of 8 of 40 samples) in `mode`."""
    ms.set_context(mode=mode)
    try:
        net = nn.Dense(4, 2, weight_init=Tensor(CLASSIFIER_W0), bias_init="zeros")
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        Model(net, loss, build(net.trainable_params())).train(2, classification_data(40, 8))
        return net.weight.asnumpy(), net.bias.asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def check_training(build, recorded: dict, rtol=1e-5, atol=1e-6) -> None:
    """train_one_step and model_train in both modes against `recorded` (MindSpore 2.7.1's
    'losses', 'weight', 'bias', 'model_weight', 'model_bias', printed to 7 digits)."""
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        losses, weight, bias = train_one_step(build, mode)
        np.testing.assert_allclose(losses, recorded["losses"], rtol=rtol, atol=atol)
        np.testing.assert_allclose(weight, recorded["weight"], rtol=rtol, atol=atol)
        np.testing.assert_allclose(bias, recorded["bias"], rtol=rtol, atol=atol)
        weight, bias = model_train(build, mode)
        np.testing.assert_allclose(weight, recorded["model_weight"], rtol=rtol, atol=atol)
        np.testing.assert_allclose(bias, recorded["model_bias"], rtol=rtol, atol=atol)
