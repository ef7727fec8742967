"""nn.LARS around other optimizers: several steps against a float64 NumPy rule (weight
decay, loss scale, lars_filter, use_clip with per-step and group rates, dynamic weight
decay), the trust ratio against MindSpore's LARSUpdate example, the Parameters it
exposes (MindSpore's names), training in both modes, argument errors.

MindSpore 2.7.1 cannot run LARS on CPU (its LARSUpdate kernel is Ascend-only), so the
references are the NumPy rule and the documented example."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn, ops

from .optim_testing import make_params, model_train, run, simulate, train_one_step


def trust_scaled(w, g, decay, lr, coefficient, epsilon, use_clip):
    w_norm, g_norm = np.linalg.norm(w), np.linalg.norm(g)
    ratio = coefficient * w_norm / (g_norm + decay * w_norm + epsilon)
    if use_clip:
        ratio = min(max(ratio / lr, 0.0), 1.0)
    return ratio * (g + decay * w)


class LarsMomentumRule:
    """Momentum (v = momentum * v + g; w -= lr * v) on LARS-scaled gradients. `decay`:
    {name: weight decay}; `lars`: the names LARS scales (the others get g unchanged)."""

    def __init__(self, decay, lars=("w", "b"), momentum=0.9, coefficient=0.001, epsilon=1e-5, use_clip=False):
        self.decay, self.lars, self.momentum = decay, lars, momentum
        self.coefficient, self.epsilon, self.use_clip = coefficient, epsilon, use_clip

    def init(self, name, w):
        return {f"moments.{name}": np.zeros_like(w)}

    def step(self, name, w, g, state, lr, t):
        if name in self.lars:
            g = trust_scaled(w, g, self.decay.get(name, 0.0), lr, self.coefficient, self.epsilon, self.use_clip)
        state[f"moments.{name}"] = self.momentum * state[f"moments.{name}"] + g
        return w - lr * state[f"moments.{name}"]


class StepDecay(nn.Cell):
    """A weight decay of 0.1 / (1 + step)."""

    def construct(self, global_step):
        return 0.1 / (1.0 + ops.cast(global_step, ms.float32).reshape(()))


PER_STEP = [0.1, 0.05, 0.02, 0.01]
CASES = [
    ("weight decay, loss scale",
     lambda ps: nn.LARS(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.01, loss_scale=2.0), coefficient=0.01),
     LarsMomentumRule({"w": 0.01, "b": 0.01}, coefficient=0.01), dict(lr=0.1, loss_scale=2.0)),
    ("filter", lambda ps: nn.LARS(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.05), epsilon=1e-3, coefficient=0.02,
                                  lars_filter=lambda p: p.name != "b"),
     LarsMomentumRule({"w": 0.05}, lars=("w",), coefficient=0.02, epsilon=1e-3), dict(lr=0.1)),
    ("clip, per-step lr", lambda ps: nn.LARS(nn.Momentum(ps, PER_STEP, 0.9), coefficient=0.05, use_clip=True),
     LarsMomentumRule({}, coefficient=0.05, use_clip=True), dict(lr=lambda name, t: PER_STEP[t - 1])),
    ("clip, groups", lambda ps: nn.LARS(nn.Momentum([{"params": ps[:1], "lr": 0.002, "weight_decay": 0.1},
                                                     {"params": ps[1:]}], 0.1, 0.9), coefficient=0.01, use_clip=True),
     LarsMomentumRule({"w": 0.1}, coefficient=0.01, use_clip=True),
     dict(lr=lambda name, t: 0.002 if name == "w" else 0.1)),
]


@pytest.mark.parametrize("build, rule, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_update_rule(build, rule, options):
    values = run(build(make_params()), 4)
    expected = simulate(rule, 4, **options)
    for name, want in expected.items():
        np.testing.assert_allclose(values[name], want, rtol=1e-5, atol=1e-7, err_msg=name)
    assert values["global_step"].tolist() == [4]


class StepDecayRule(LarsMomentumRule):
    """The decay of step t (from 1) is 0.1 / t: StepDecay of the step count before the update."""

    def step(self, name, w, g, state, lr, t):
        self.decay = {"w": 0.1 / t, "b": 0.1 / t}
        return super().step(name, w, g, state, lr, t)


def test_dynamic_weight_decay():
    values = run(nn.LARS(nn.Momentum(make_params(), 0.1, 0.9, weight_decay=StepDecay()), coefficient=0.01), 4)
    expected = simulate(StepDecayRule({}, coefficient=0.01), 4, lr=0.1)
    for name in ("w", "b", "moments.w"):
        np.testing.assert_allclose(values[name], expected[name], rtol=1e-5, atol=1e-7, err_msg=name)


def test_trust_ratio_matches_the_larsupdate_example():
    """MindSpore's LARSUpdate example (weight decay 0, rate 1): through SGD with rate 1 the
    parameter moves by exactly the scaled gradient."""
    weight = np.array([[0.5, 0.8, 0.2], [0.6, 0.4, 0.2]], np.float32)
    gradient = np.array([[0.4, 0.4, 0.5], [0.2, 0.4, 0.3]], np.float32)
    param = Parameter(Tensor(weight), name="weight")
    nn.LARS(nn.SGD([param], 1.0))((Tensor(gradient),))
    np.testing.assert_allclose(weight - param.asnumpy(), [[0.0005265, 0.0005265, 0.00065813],
                                                          [0.00026325, 0.0005265, 0.00039488]], rtol=1e-4)


def test_wraps_the_optimizer_and_its_parameters():
    inner = nn.Momentum(make_params(), 0.1, 0.9, weight_decay=0.01, loss_scale=4.0)
    opt = nn.LARS(inner)
    assert opt.opt is inner and opt.parameters is inner.parameters and opt.global_step is inner.global_step
    assert [p.name for p in opt.get_parameters()] == ["global_step", "fake_lr", "fake_param", "w", "b",
                                                      "learning_rate", "momentum", "moments.w", "moments.b"]
    assert opt.lars_flag == (True, True)
    assert not inner.exec_weight_decay and inner.decay_flags == (False, False) and not inner.need_scale
    assert opt.decay_flags == (True, True) and opt.loss_scale == 4.0
    assert nn.LARS(nn.Momentum([Parameter(Tensor(np.ones(2, np.float32)), name="fc.bias")], 0.1, 0.9)).lars_flag \
        == (False,)


def test_training_in_both_modes():
    """No MindSpore reference on CPU: both modes agree and the loss falls."""
    def build(params):
        return nn.LARS(nn.Momentum(params, 0.5, 0.9, weight_decay=0.01), coefficient=0.5, use_clip=True)

    pynative = train_one_step(build, ms.PYNATIVE_MODE)
    graph = train_one_step(build, ms.GRAPH_MODE)
    for eager, compiled in zip(pynative, graph):
        np.testing.assert_allclose(compiled, eager, rtol=1e-5, atol=1e-7)
    assert pynative[0][-1] < 0.7 * pynative[0][0]
    for eager, compiled in zip(model_train(build, ms.PYNATIVE_MODE), model_train(build, ms.GRAPH_MODE)):
        np.testing.assert_allclose(compiled, eager, rtol=1e-5, atol=1e-7)


def momentum():
    return nn.Momentum(make_params(), 0.1, 0.9)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.LARS(make_params()), TypeError, "'optimizer' must be Optimizer"),
    (lambda: nn.LARS(momentum(), epsilon=1), TypeError, "'epsilon' must be float"),
    (lambda: nn.LARS(momentum(), coefficient=1), TypeError, "'coefficient' must be float"),
    (lambda: nn.LARS(momentum(), use_clip=1), TypeError, "'use_clip'"),
    (lambda: nn.LARS(nn.Momentum([{"params": make_params()[:1], "lr": [0.1, 0.2]}, {"params": make_params()[1:]}],
                                 [0.1, 0.1], 0.9), use_clip=True), ValueError, "dynamic group learning rates"),
])
def test_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()
