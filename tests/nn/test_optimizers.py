"""Optimizers over several steps against NumPy float64 update rules written out here, with
MindSpore's conventions: weight decay added to the gradient (scaled with the loss scale;
without groups only for parameters whose names hold neither 'beta' nor 'gamma'), gradients
divided by the loss scale, the learning rate of step t read before global_step counts it.

Also parameter groups (per-group lr / weight_decay / grad_centralization, order_params),
dynamic learning rates (lists, 1-D Tensors, LearningRateSchedules, per group), the names of
the state Parameters (MindSpore's, which checkpoints key on), in-place updates, a short
training run, and argument errors.
"""
import numpy as np
import pytest

import spore as ms
import spore._kernels.optim  # registers the update kernels (until spore._kernels imports it)
from spore import Parameter, Tensor, nn, ops
from spore.nn import learning_rate_schedule as S
from spore.nn import optim
from spore.nn.loss import MSELoss

RNG = np.random.default_rng(0)
SHAPES = {"conv.weight": (2, 16, 2, 2), "bn.gamma": (3,), "fc.bias": (2,)}
INIT = {name: RNG.standard_normal(shape).astype(np.float32) for name, shape in SHAPES.items()}
STEPS = 4
GRADS = [{name: RNG.standard_normal(shape).astype(np.float32) for name, shape in SHAPES.items()}
         for _ in range(STEPS)]


def make_params():
    return [Parameter(Tensor(INIT[name].copy()), name=name) for name in SHAPES]


def train(opt, steps=STEPS):
    """Apply `steps` steps of GRADS, in the order of the optimizer's parameters."""
    for k in range(steps):
        assert opt(tuple(Tensor(GRADS[k][p.name]) for p in opt.parameters)) == (True,) * len(opt.parameters)
    return opt


# ---- NumPy update rules -------------------------------------------------------------------------------
class Rule:
    """An update rule: `init(w)` gives a parameter's state (a dict of arrays named as the
    optimizer's state prefixes), `step(w, g, state, lr, t, decay)` the new weight at step t
    (from 1). Unless `decays_in_update`, the weight decay is added to the gradient first."""

    decays_in_update = False

    def init(self, w):
        return {}


class MomentumRule(Rule):
    def __init__(self, momentum, nesterov=False):
        self.momentum, self.nesterov = momentum, nesterov

    def init(self, w):
        return {"moments": np.zeros_like(w)}

    def step(self, w, g, s, lr, t, decay):
        s["moments"] = s["moments"] * self.momentum + g
        return w - lr * (g + self.momentum * s["moments"] if self.nesterov else s["moments"])


class SGDRule(Rule):
    def __init__(self, momentum=0.0, dampening=0.0, nesterov=False):
        self.momentum, self.dampening, self.nesterov = momentum, dampening, nesterov

    def init(self, w):
        return {"accum": np.zeros_like(w), "stat": np.ones_like(w)}

    def step(self, w, g, s, lr, t, decay):
        if self.momentum <= 0:
            return w - lr * g
        s["accum"] = g if t == 1 else s["accum"] * self.momentum + (1 - self.dampening) * g
        s["stat"] = np.zeros_like(w)
        return w - lr * (g + self.momentum * s["accum"] if self.nesterov else s["accum"])


class AdamRule(Rule):
    def __init__(self, beta1=0.9, beta2=0.999, eps=1e-8, nesterov=False, amsgrad=False):
        self.beta1, self.beta2, self.eps, self.nesterov, self.amsgrad = beta1, beta2, eps, nesterov, amsgrad

    def init(self, w):
        state = {"moment1": np.zeros_like(w), "moment2": np.zeros_like(w)}
        if self.amsgrad:
            state["vhat"] = np.zeros_like(w)
        return state

    def step(self, w, g, s, lr, t, decay):
        b1, b2 = self.beta1, self.beta2
        s["moment1"] = b1 * s["moment1"] + (1 - b1) * g
        s["moment2"] = b2 * s["moment2"] + (1 - b2) * g * g
        v = s["moment2"]
        if self.amsgrad:
            s["vhat"] = v = np.maximum(s["vhat"], v)
        m = b1 * s["moment1"] + (1 - b1) * g if self.nesterov else s["moment1"]
        return w - lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t) * m / (np.sqrt(v) + self.eps)


class AdamWeightDecayRule(Rule):
    decays_in_update = True

    def __init__(self, beta1=0.9, beta2=0.999, eps=1e-6):
        self.beta1, self.beta2, self.eps = beta1, beta2, eps

    def init(self, w):
        return {"adam_m": np.zeros_like(w), "adam_v": np.zeros_like(w)}

    def step(self, w, g, s, lr, t, decay):
        s["adam_m"] = self.beta1 * s["adam_m"] + (1 - self.beta1) * g
        s["adam_v"] = self.beta2 * s["adam_v"] + (1 - self.beta2) * g * g
        return w - lr * (s["adam_m"] / (np.sqrt(s["adam_v"]) + self.eps) + decay * w)


class AdagradRule(Rule):
    def __init__(self, accum):
        self.accum = accum

    def init(self, w):
        return {"accum": np.full_like(w, self.accum)}

    def step(self, w, g, s, lr, t, decay):
        s["accum"] = s["accum"] + g * g
        return w - lr * g / np.sqrt(s["accum"])


class AdadeltaRule(Rule):
    def __init__(self, rho, epsilon):
        self.rho, self.epsilon = rho, epsilon

    def init(self, w):
        return {"accum": np.zeros_like(w), "accum_update": np.zeros_like(w)}

    def step(self, w, g, s, lr, t, decay):
        rho, eps = self.rho, self.epsilon
        s["accum"] = rho * s["accum"] + (1 - rho) * g * g
        update = np.sqrt(s["accum_update"] + eps) / np.sqrt(s["accum"] + eps) * g
        s["accum_update"] = rho * s["accum_update"] + (1 - rho) * update * update
        return w - lr * update


class AdaMaxRule(Rule):
    def __init__(self, beta1=0.9, beta2=0.999, eps=1e-8):
        self.beta1, self.beta2, self.eps = beta1, beta2, eps

    def init(self, w):
        return {"moment1": np.zeros_like(w), "moment2": np.zeros_like(w)}

    def step(self, w, g, s, lr, t, decay):
        s["moment1"] = self.beta1 * s["moment1"] + (1 - self.beta1) * g
        s["moment2"] = np.maximum(self.beta2 * s["moment2"], np.abs(g))
        return w - lr / (1 - self.beta1 ** t) * s["moment1"] / (s["moment2"] + self.eps)


class RMSPropRule(Rule):
    def __init__(self, decay, momentum, epsilon, centered):
        self.decay, self.momentum, self.epsilon, self.centered = decay, momentum, epsilon, centered

    def init(self, w):
        state = {"mean_square": np.ones_like(w), "moment": np.zeros_like(w)}
        if self.centered:
            state["mean_grad"] = np.zeros_like(w)
        return state

    def step(self, w, g, s, lr, t, decay):
        rho = self.decay
        s["mean_square"] = rho * s["mean_square"] + (1 - rho) * g * g
        denominator = s["mean_square"]
        if self.centered:
            s["mean_grad"] = rho * s["mean_grad"] + (1 - rho) * g
            denominator = denominator - s["mean_grad"] ** 2
        s["moment"] = self.momentum * s["moment"] + lr * g / np.sqrt(denominator + self.epsilon)
        return w - s["moment"]


class LambRule(Rule):
    decays_in_update = True

    def __init__(self, beta1=0.9, beta2=0.999, eps=1e-6):
        self.beta1, self.beta2, self.eps = beta1, beta2, eps

    def init(self, w):
        return {"lamb_m": np.zeros_like(w), "lamb_v": np.zeros_like(w)}

    def step(self, w, g, s, lr, t, decay):
        s["lamb_m"] = self.beta1 * s["lamb_m"] + (1 - self.beta1) * g
        s["lamb_v"] = self.beta2 * s["lamb_v"] + (1 - self.beta2) * g * g
        m_hat = s["lamb_m"] / (1 - self.beta1 ** t)
        v_hat = s["lamb_v"] / (1 - self.beta2 ** t)
        update = m_hat / (np.sqrt(v_hat) + self.eps) + decay * w
        w_norm, u_norm = np.linalg.norm(w), np.linalg.norm(update)
        ratio = w_norm / u_norm if w_norm > 0 and u_norm > 0 else 1.0
        return w - lr * ratio * update


class FTRLRule(Rule):
    def __init__(self, initial_accum, lr_power, l1, l2):
        self.initial_accum, self.lr_power, self.l1, self.l2 = initial_accum, lr_power, l1, l2

    def init(self, w):
        return {"moments": np.full_like(w, self.initial_accum), "linear": np.zeros_like(w)}

    def step(self, w, g, s, lr, t, decay):
        p = -self.lr_power
        accum = s["moments"] + g * g
        s["linear"] = s["linear"] + g - (accum ** p - s["moments"] ** p) / lr * w
        s["moments"] = accum
        quadratic = accum ** p / lr + 2 * self.l2
        linear = s["linear"]
        return np.where(np.abs(linear) > self.l1, (np.sign(linear) * self.l1 - linear) / quadratic, 0.0)


def simulate(rule, lr=0.01, decay=0.0, loss_scale=1.0, steps=STEPS, names=tuple(SHAPES), decays_all=False):
    """The weights and states after `steps` steps of GRADS. `lr` and `decay` are numbers,
    or functions (name, step index) -> number; by default 'bn.gamma' does not decay."""
    def lr_of(name, k):
        return lr(name, k) if callable(lr) else lr

    def decay_of(name, k):
        if callable(decay):
            return decay(name, k)
        return decay if decays_all or "gamma" not in name else 0.0

    weights = {name: INIT[name].astype(np.float64) for name in names}
    states = {name: rule.init(weights[name]) for name in names}
    for k in range(steps):
        for name in names:
            w, g, d = weights[name], GRADS[k][name].astype(np.float64), decay_of(name, k)
            if not rule.decays_in_update:
                g = (g + d * loss_scale * w) / loss_scale
            weights[name] = rule.step(w, g, states[name], lr_of(name, k), k + 1, d)
    return weights, states


def assert_matches(opt, expected, rtol=1e-5, atol=1e-5):
    weights, states = expected
    values = {p.name: p.asnumpy() for p in opt.get_parameters()}
    for name, want in weights.items():
        np.testing.assert_allclose(values[name], want, rtol=rtol, atol=atol, err_msg=name)
        for state, array in states[name].items():
            np.testing.assert_allclose(values[f"{state}.{name}"], array, rtol=rtol, atol=atol,
                                       err_msg=f"{state}.{name}")


# ---- each optimizer over several steps ----------------------------------------------------------------
CASES = [
    ("momentum", lambda ps: optim.Momentum(ps, 0.05, 0.9), MomentumRule(0.9), dict(lr=0.05)),
    ("momentum wd ls", lambda ps: optim.Momentum(ps, 0.05, 0.9, weight_decay=0.01, loss_scale=128.0),
     MomentumRule(0.9), dict(lr=0.05, decay=0.01, loss_scale=128.0)),
    ("momentum nesterov", lambda ps: optim.Momentum(ps, 0.05, 0.8, use_nesterov=True), MomentumRule(0.8, True),
     dict(lr=0.05)),
    ("sgd", lambda ps: optim.SGD(ps, 0.1), SGDRule(), dict(lr=0.1)),
    ("sgd momentum", lambda ps: optim.SGD(ps, 0.1, momentum=0.9, dampening=0.1, weight_decay=0.05, loss_scale=4.0),
     SGDRule(0.9, 0.1), dict(lr=0.1, decay=0.05, loss_scale=4.0)),
    ("sgd nesterov", lambda ps: optim.SGD(ps, 0.1, momentum=0.9, nesterov=True), SGDRule(0.9, nesterov=True),
     dict(lr=0.1)),
    ("adam", lambda ps: optim.Adam(ps, 0.01, weight_decay=0.01, loss_scale=2.0), AdamRule(),
     dict(lr=0.01, decay=0.01, loss_scale=2.0)),
    ("adam nesterov", lambda ps: optim.Adam(ps, 0.01, beta1=0.8, beta2=0.99, eps=1e-6, use_nesterov=True),
     AdamRule(0.8, 0.99, 1e-6, nesterov=True), dict(lr=0.01)),
    ("adam amsgrad", lambda ps: optim.Adam(ps, 0.01, use_amsgrad=True), AdamRule(amsgrad=True), dict(lr=0.01)),
    ("adam lazy", lambda ps: optim.Adam(ps, 0.01, use_lazy=True), AdamRule(), dict(lr=0.01)),
    ("adam weight decay", lambda ps: optim.AdamWeightDecay(ps, 0.01, weight_decay=0.1), AdamWeightDecayRule(),
     dict(lr=0.01, decay=0.1)),
    ("adagrad", lambda ps: optim.Adagrad(ps, accum=0.2, learning_rate=0.05, weight_decay=0.01, loss_scale=2.0),
     AdagradRule(0.2), dict(lr=0.05, decay=0.01, loss_scale=2.0)),
    ("adadelta", lambda ps: optim.Adadelta(ps, learning_rate=0.5, rho=0.8, epsilon=1e-5), AdadeltaRule(0.8, 1e-5),
     dict(lr=0.5)),
    ("adamax", lambda ps: optim.AdaMax(ps, 0.01, weight_decay=0.01), AdaMaxRule(), dict(lr=0.01, decay=0.01)),
    ("rmsprop", lambda ps: optim.RMSProp(ps, 0.01, momentum=0.5), RMSPropRule(0.9, 0.5, 1e-10, False),
     dict(lr=0.01)),
    ("rmsprop centered", lambda ps: optim.RMSProp(ps, 0.01, decay=0.8, momentum=0.5, epsilon=1e-6, centered=True),
     RMSPropRule(0.8, 0.5, 1e-6, True), dict(lr=0.01)),
    ("lamb", lambda ps: optim.Lamb(ps, 0.01, weight_decay=0.1), LambRule(), dict(lr=0.01, decay=0.1)),
    ("ftrl", lambda ps: optim.FTRL(ps, learning_rate=0.05, l1=0.01, l2=0.1, weight_decay=0.01),
     FTRLRule(0.1, -0.5, 0.01, 0.1), dict(lr=0.05, decay=0.01, decays_all=True)),
    ("ftrl lr_power", lambda ps: optim.FTRL(ps, initial_accum=0.5, learning_rate=0.1, lr_power=-0.3),
     FTRLRule(0.5, -0.3, 0.0, 0.0), dict(lr=0.1)),
]


@pytest.mark.parametrize("build, rule, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_update_rule(build, rule, options):
    opt = train(build(make_params()))
    assert_matches(opt, simulate(rule, **options))
    assert opt.global_step.asnumpy().tolist() == [STEPS]


def test_adam_powers():
    opt = train(optim.Adam(make_params(), beta1=0.8, beta2=0.9))
    np.testing.assert_allclose(opt.beta1_power.asnumpy(), 0.8 ** STEPS, rtol=1e-6)
    np.testing.assert_allclose(opt.beta2_power.asnumpy(), 0.9 ** STEPS, rtol=1e-6)
    adamax = train(optim.AdaMax(make_params(), beta1=0.8))
    assert adamax.beta1_power.shape == (1,)
    np.testing.assert_allclose(adamax.beta1_power.asnumpy(), [0.8 ** STEPS], rtol=1e-6)


# ---- state Parameters and in-place updates ----------------------------------------------------------------
NAMES = ["conv.weight", "bn.gamma", "fc.bias"]


def state_names(*prefixes):
    return [f"{prefix}.{name}" for prefix in prefixes for name in NAMES]


@pytest.mark.parametrize("build, names", [
    (lambda ps: optim.Momentum(ps, 0.1, 0.9), ["momentum"] + state_names("moments")),
    (lambda ps: optim.SGD(ps), ["momentum"] + state_names("accum", "stat")),
    (lambda ps: optim.Adam(ps), ["beta1_power", "beta2_power"] + state_names("moment1", "moment2")),
    (lambda ps: optim.Adam(ps, use_amsgrad=True),
     ["beta1_power", "beta2_power"] + state_names("moment1", "moment2", "vhat")),
    (lambda ps: optim.AdamWeightDecay(ps), state_names("adam_m", "adam_v")),
    (lambda ps: optim.Adagrad(ps), state_names("accum")),
    (lambda ps: optim.Adadelta(ps), state_names("accum", "accum_update")),
    (lambda ps: optim.AdaMax(ps), ["beta1_power"] + state_names("moment1", "moment2")),
    (lambda ps: optim.RMSProp(ps), state_names("mean_square", "moment")),
    (lambda ps: optim.RMSProp(ps, centered=True), state_names("mean_grad", "mean_square", "moment")),
    (lambda ps: optim.Lamb(ps, 0.1), state_names("lamb_m", "lamb_v")),
    (lambda ps: optim.FTRL(ps), state_names("moments", "linear")),
])
def test_state_parameter_names(build, names):
    """MindSpore's names and order: global_step, the rate, the parameters, then the state."""
    opt = build(make_params())
    assert [name for name, _ in opt.parameters_and_names()] == ["global_step", "learning_rate"] + NAMES + names
    assert [p.name for p in opt.get_parameters()] == ["global_step", "learning_rate"] + NAMES + names
    assert opt.global_step.dtype == ms.int32 and opt.global_step.shape == (1,)
    assert opt.learning_rate.dtype == ms.float32 and opt.learning_rate.shape == ()


def test_state_shapes_and_initial_values():
    opt = optim.RMSProp(make_params(), centered=True)
    for name, shape in SHAPES.items():
        values = {p.name: p for p in opt.get_parameters()}
        assert values[f"mean_square.{name}"].shape == shape
        np.testing.assert_array_equal(values[f"mean_square.{name}"].asnumpy(), np.ones(shape, np.float32))
        np.testing.assert_array_equal(values[f"moment.{name}"].asnumpy(), np.zeros(shape, np.float32))
    sgd = optim.SGD(make_params())
    np.testing.assert_array_equal(sgd.stat[0].asnumpy(), np.ones(SHAPES["conv.weight"], np.float32))
    adagrad = optim.Adagrad(make_params(), accum=0.3)
    np.testing.assert_allclose(adagrad.accum[1].asnumpy(), np.full(3, 0.3, np.float32))


def test_updates_in_place():
    """The Parameters (and state Parameters) are rebound, not replaced; arrays taken before
    the step keep their values."""
    params = make_params()
    opt = optim.Momentum(params, 0.1, 0.9)
    moment = opt.moments[0]
    before, moment_before = params[0].asnumpy(), moment.asnumpy()
    opt(tuple(Tensor(np.ones(p.shape, np.float32)) for p in params))
    assert opt.parameters[0] is params[0] and opt.moments[0] is moment
    np.testing.assert_allclose(params[0].asnumpy(), INIT["conv.weight"] - 0.1)
    np.testing.assert_array_equal(before, INIT["conv.weight"])
    np.testing.assert_array_equal(moment_before, 0)
    assert params[0].name == "conv.weight"


def test_compiled_updates_keep_snapshots_taken_before_the_step():
    """A compiled step (one multi-tensor call for the Parameters) writes no storage anyone
    else sees: arrays and views taken before the step keep their values."""
    params = make_params()
    opt = optim.Momentum(params, 0.1, 0.9)
    step = ms.jit(opt)
    grads = tuple(Tensor(np.ones(p.shape, np.float32)) for p in params)
    step(grads)
    moment = opt.moments[0]
    weight, bias_view = params[0].asnumpy(), params[2].reshape(2, 1)
    moment_before = moment.asnumpy()
    step(grads)
    assert opt.parameters[0] is params[0] and opt.moments[0] is moment
    np.testing.assert_allclose(weight, INIT["conv.weight"] - 0.1, rtol=1e-6)
    np.testing.assert_allclose(bias_view.asnumpy()[:, 0], INIT["fc.bias"] - 0.1, rtol=1e-6)
    np.testing.assert_array_equal(moment_before, 1)
    np.testing.assert_allclose(params[0].asnumpy(), INIT["conv.weight"] - 0.1 - 0.1 * 1.9, rtol=1e-6)
    np.testing.assert_allclose(moment.asnumpy(), 1.9, rtol=1e-6)


def test_compiled_updates_reuse_storage_nobody_else_sees():
    """Without arrays or views on them, a compiled step writes the Parameters and states in
    place (as PyNative does): their storage stays where it was."""
    params = make_params()
    opt = optim.Momentum(params, 0.1, 0.9)
    step = ms.jit(opt)
    grads = tuple(Tensor(np.ones(p.shape, np.float32)) for p in params)
    step(grads)
    states = list(opt.parameters) + list(opt.moments)
    addresses = [s._t.data_ptr() for s in states]
    step(grads)
    assert [s._t.data_ptr() for s in states] == addresses
    np.testing.assert_allclose(params[1].asnumpy(), INIT["bn.gamma"] - 0.1 - 0.1 * 1.9, rtol=1e-6)


def test_accepts_an_iterator_of_parameters():
    """The seed tutorial passes `filter(lambda x: x.requires_grad, net.get_parameters())`."""
    net = nn.Dense(3, 2)
    opt = optim.Momentum(filter(lambda x: x.requires_grad, net.get_parameters()), 0.1, 0.9)
    assert [p.name for p in opt.parameters] == ["weight", "bias"]


def test_float16_parameters_with_float32_gradients_of_lower_precision():
    param = Parameter(Tensor(np.ones(3, np.float16)), name="w")
    opt = optim.Momentum([param], 0.5, 0.9)
    opt((Tensor(np.ones(3, np.float16)),))
    assert param.dtype == ms.float16 and opt.moments[0].dtype == ms.float16
    np.testing.assert_allclose(param.asnumpy(), [0.5] * 3)


class Linear(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(np.zeros((4, 1), np.float32)), name="weight")
        self.bias = Parameter(Tensor(np.zeros(1, np.float32)), name="bias")

    def construct(self, x):
        return ops.matmul(x, self.weight) + self.bias


@pytest.mark.parametrize("build", [lambda ps: optim.Momentum(ps, 0.05, 0.9), lambda ps: optim.Adam(ps, 0.05),
                                   lambda ps: optim.SGD(ps, 0.05, momentum=0.5, weight_decay=1e-4)])
def test_training_reduces_the_loss(build):
    """Gradients from value_and_grad feed the optimizer; the MSE falls."""
    net = Linear()
    opt = build(net.trainable_params())
    data = RNG.standard_normal((16, 4)).astype(np.float32)
    x, y = Tensor(data), Tensor(data @ np.ones((4, 1), np.float32) + 0.5)

    def forward(data, label):
        return MSELoss()(net(data), label)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    losses = []
    for _ in range(30):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(float(loss.asnumpy()))
    assert losses[-1] < 0.5 * losses[0]


# ---- learning rates ------------------------------------------------------------------------------------
def test_learning_rate_forms():
    assert optim.SGD(make_params(), 1).learning_rate.asnumpy() == 1.0
    opt = optim.SGD(make_params(), Tensor(0.25, ms.float64))
    assert opt.learning_rate.dtype == ms.float32 and opt.learning_rate.asnumpy() == 0.25
    assert opt.get_lr() is opt.learning_rate
    assert not opt.dynamic_lr


@pytest.mark.parametrize("rates", [[0.1, 0.05, 0.02, 0.01], (0.1, 0.05, 0.02, 0.01),
                                   Tensor(np.array([0.1, 0.05, 0.02, 0.01], np.float32))])
def test_per_step_learning_rates(rates):
    opt = optim.SGD(make_params(), rates)
    assert opt.dynamic_lr
    seen = []
    for k in range(STEPS):
        seen.append(float(opt.get_lr().asnumpy()))
        train_step(opt, k)
    np.testing.assert_allclose(seen, [0.1, 0.05, 0.02, 0.01], rtol=1e-6)
    per_step = [0.1, 0.05, 0.02, 0.01]
    assert_matches(opt, simulate(SGDRule(), lr=lambda name, k: per_step[k]))
    assert [name for name, _ in opt.parameters_and_names()][-1] == "learning_rate.learning_rate"
    assert opt.get_lr_parameter(opt.parameters[0]).name == "learning_rate"


def test_per_step_learning_rates_run_out():
    """Past the last rate the step has no rate: Gather's index error (MindSpore: a
    RuntimeError from Gather)."""
    opt = train(optim.SGD(make_params(), [0.1] * STEPS))
    with pytest.raises(IndexError, match="Gather"):
        train_step(opt, 0)


def train_step(opt, k):
    opt(tuple(Tensor(GRADS[k][p.name]) for p in opt.parameters))


def test_learning_rate_schedule():
    schedule = S.ExponentialDecayLR(0.1, 0.5, 2)
    opt = train(optim.Momentum(make_params(), schedule, 0.9))
    assert opt.learning_rate is schedule
    assert_matches(opt, simulate(MomentumRule(0.9), lr=lambda name, k: 0.1 * 0.5 ** (k / 2)))
    np.testing.assert_allclose(opt.get_lr().asnumpy(), 0.1 * 0.5 ** (STEPS / 2), rtol=1e-6)
    assert opt.get_lr().shape == ()


# ---- parameter groups ------------------------------------------------------------------------------------
def grouped(params):
    conv, gamma, bias = params
    return [{"params": [conv], "lr": 0.05, "weight_decay": 0.1},
            {"params": [gamma, bias], "weight_decay": 0.0},
            {"order_params": [bias, conv, gamma]}]


def test_groups_with_lr_weight_decay_and_order():
    opt = train(optim.Momentum(grouped(make_params()), 0.1, 0.9, weight_decay=0.2))
    assert [p.name for p in opt.parameters] == ["fc.bias", "conv.weight", "bn.gamma"]
    assert opt.is_group and opt.is_group_lr and opt.is_group_params_ordered
    assert opt.decay_flags == (False, True, False)
    lrs = {"conv.weight": 0.05, "bn.gamma": 0.1, "fc.bias": 0.1}
    decays = {"conv.weight": 0.1, "bn.gamma": 0.0, "fc.bias": 0.0}
    assert_matches(opt, simulate(MomentumRule(0.9), lr=lambda name, k: lrs[name],
                                 decay=lambda name, k: decays[name]))
    assert [name for name, _ in opt.parameters_and_names()][:3] == ["global_step", "learning_rate",
                                                                     "learning_rate_group_0"]
    assert [float(lr.asnumpy()) for lr in opt.get_lr()] == pytest.approx([0.1, 0.05, 0.1])
    conv = opt.parameters[1]
    assert opt.get_lr_parameter(conv).name == "learning_rate_group_0"
    assert [p.name for p in opt.get_lr_parameter([conv, opt.parameters[0]])] == ["learning_rate_group_0",
                                                                                  "learning_rate"]
    assert [float(d.asnumpy()) for d in opt.get_weight_decay()] == pytest.approx([0.0, 0.1, 0.0])


def test_group_weight_decay_defaults_to_the_optimizer_s():
    conv, gamma, bias = make_params()
    opt = train(optim.SGD([{"params": [conv, gamma]}, {"params": [bias], "weight_decay": 0.0}], 0.1,
                          weight_decay=0.05, loss_scale=2.0))
    decays = {"conv.weight": 0.05, "bn.gamma": 0.05, "fc.bias": 0.0}
    # With groups, 'gamma' parameters decay like any other.
    assert_matches(opt, simulate(SGDRule(), lr=0.1, decay=lambda name, k: decays[name], loss_scale=2.0))
    assert not opt.is_group_lr and opt.get_lr() is opt.learning_rate


def test_dynamic_group_learning_rates():
    conv, gamma, bias = make_params()
    per_step = [0.05, 0.04, 0.03, 0.02]
    opt = optim.Adam([{"params": [conv], "lr": per_step}, {"params": [gamma, bias]}], 0.01)
    assert [float(lr.asnumpy()) for lr in opt.get_lr()] == pytest.approx([0.05, 0.01, 0.01])
    train(opt)
    rates = {"conv.weight": lambda k: per_step[k], "bn.gamma": lambda k: 0.01, "fc.bias": lambda k: 0.01}
    assert_matches(opt, simulate(AdamRule(), lr=lambda name, k: rates[name](k)))
    names = [name for name, _ in opt.parameters_and_names()]
    assert names[-2:] == ["learning_rate.0.learning_rate", "learning_rate.1.learning_rate"]
    assert [p.name for _, p in opt.parameters_and_names()][-2:] == ["learning_rate_group_0", "learning_rate"]
    assert isinstance(opt.learning_rate, nn.CellList) and len(opt.learning_rate) == 3


def test_group_learning_rate_schedule():
    conv, gamma, bias = make_params()
    schedule = S.WarmUpLR(0.1, 2)
    opt = train(optim.Momentum([{"params": [conv], "lr": schedule}, {"params": [gamma, bias]}], 0.05, 0.9))
    rates = {"conv.weight": lambda k: 0.1 * min(k, 2) / 2, "bn.gamma": lambda k: 0.05, "fc.bias": lambda k: 0.05}
    assert_matches(opt, simulate(MomentumRule(0.9), lr=lambda name, k: rates[name](k)))
    assert opt.get_lr_parameter(conv) is schedule


def test_gradient_centralization():
    conv, gamma, bias = make_params()
    opt = train(optim.Momentum([{"params": [conv], "grad_centralization": True}, {"params": [gamma, bias]}],
                               0.05, 0.9))
    weights = {name: INIT[name].astype(np.float64) for name in SHAPES}
    moments = {name: np.zeros(shape) for name, shape in SHAPES.items()}
    for k in range(STEPS):
        for name in SHAPES:
            g = GRADS[k][name].astype(np.float64)
            if name == "conv.weight":
                g = g - g.mean(axis=(1, 2, 3), keepdims=True)
            moments[name] = moments[name] * 0.9 + g
            weights[name] = weights[name] - 0.05 * moments[name]
    for p in opt.parameters:
        np.testing.assert_allclose(p.asnumpy(), weights[p.name], rtol=1e-5, atol=1e-6)


class StepDecay(nn.Cell):
    """A weight decay of 0.1 / (1 + step)."""

    def construct(self, global_step):
        return 0.1 / (1.0 + ops.cast(global_step, ms.float32).reshape(()))


def test_dynamic_weight_decay():
    opt = train(optim.Momentum(make_params(), 0.05, 0.9, weight_decay=StepDecay(), loss_scale=2.0))
    assert opt.dynamic_weight_decay
    assert_matches(opt, simulate(MomentumRule(0.9), lr=0.05, loss_scale=2.0,
                                 decay=lambda name, k: 0.0 if "gamma" in name else 0.1 / (1 + k)))


def test_weight_decay_filter_and_attributes():
    opt = optim.Momentum(make_params(), 0.1, 0.9, weight_decay=0.01, loss_scale=4.0)
    assert opt.decay_flags == (True, False, True)
    assert opt.exec_weight_decay and not opt.is_group
    np.testing.assert_allclose(opt.get_weight_decay().asnumpy(), 0.04)
    assert opt.loss_scale == 4.0 and opt.need_scale
    np.testing.assert_allclose(opt.reciprocal_scale.asnumpy(), 0.25)
    assert optim.Momentum(make_params(), 0.1, 0.9, loss_scale=2).loss_scale == 2.0
    plain = optim.Momentum(make_params(), 0.1, 0.9)
    assert not plain.exec_weight_decay and not plain.need_scale
    assert plain.target == "CPU" and plain.unique


# ---- argument errors --------------------------------------------------------------------------------------
def _params():
    return make_params()


@pytest.mark.parametrize("build, error, match", [
    (lambda: optim.Momentum(None, 0.1, 0.9), ValueError, "can not be None"),
    (lambda: optim.Momentum([], 0.1, 0.9), ValueError, "must not be empty"),
    (lambda: optim.Momentum(3, 0.1, 0.9), TypeError, "must be iterable"),
    (lambda: optim.Momentum([_params()[0], {"params": _params()[1:]}], 0.1, 0.9), TypeError,
     "all Parameters or all dicts"),
    (lambda: optim.Momentum([Tensor(np.ones(2))], 0.1, 0.9), TypeError, "all Parameters or all dicts"),
    (lambda: optim.Momentum(_params(), -0.1, 0.9), ValueError, "'learning_rate' must be in range"),
    (lambda: optim.Momentum(_params(), "0.1", 0.9), TypeError, "'learning_rate' must be"),
    (lambda: optim.Momentum(_params(), Tensor(np.ones((2, 2), np.float32)), 0.9), ValueError, "0 or 1 dimensions"),
    (lambda: optim.Momentum(_params(), 0.1, 0.9, loss_scale=0.0), ValueError, "'loss_scale'"),
    (lambda: optim.Momentum(_params(), 0.1, 0.9, loss_scale="1"), TypeError, "'loss_scale'"),
    (lambda: optim.Momentum(_params(), 0.1, 0.9, weight_decay=-0.1), ValueError, "'weight_decay'"),
    (lambda: optim.Momentum(_params(), 0.1, 0.9, weight_decay="x"), TypeError, "'weight_decay'"),
    (lambda: optim.Momentum(_params(), 0.1, 1), TypeError, "For 'Momentum', the 'momentum' must be float"),
    (lambda: optim.Momentum(_params(), 0.1, -0.9), ValueError, "'momentum'"),
    (lambda: optim.Momentum(_params(), 0.1, 0.9, use_nesterov=1), TypeError, "'use_nesterov'"),
    (lambda: optim.Momentum([{"params": _params(), "lrr": 0.1}], 0.1, 0.9), KeyError, "lrr"),
    (lambda: optim.Momentum([{"lr": 0.1}], 0.1, 0.9), KeyError, "'params'"),
    (lambda: optim.Momentum([{"params": _params()}, {"order_params": _params(), "lr": 0.1}], 0.1, 0.9),
     ValueError, "'order_params' must have no other key"),
    (lambda: optim.Momentum([{"params": _params()}, {"order_params": _params()[:1]}], 0.1, 0.9), ValueError,
     "'order_params' must hold the 3 parameters"),
    (lambda: optim.Momentum([{"params": _params()[:1]}, {"order_params": _params()[1:2]}], 0.1, 0.9),
     ValueError, "in no group"),
    (lambda: optim.Momentum([{"params": _params()}, {"params": _params()[:1]}], 0.1, 0.9), RuntimeError,
     "more than one parameter group"),
    (lambda: optim.Momentum([{"params": []}], 0.1, 0.9), ValueError, "must not be empty"),
    (lambda: optim.Momentum([{"params": [Tensor(np.ones(2))]}], 0.1, 0.9), TypeError, "must be Parameters"),
    (lambda: optim.Momentum([{"params": _params(), "grad_centralization": 1}], 0.1, 0.9), TypeError,
     "'grad_centralization'"),
    (lambda: optim.Momentum([{"params": _params()[:1], "lr": [0.1, 0.2]}, {"params": _params()[1:]}],
                            [0.1, 0.2, 0.3], 0.9), ValueError, "same length"),
    (lambda: optim.Momentum([{"params": _params(), "weight_decay": -1.0}], 0.1, 0.9), ValueError, "'weight_decay'"),
    (lambda: optim.SGD(_params(), nesterov=True), ValueError, "with 'nesterov'"),
    (lambda: optim.SGD(_params(), dampening=-1.0), ValueError, "'dampening'"),
    (lambda: optim.SGD(_params(), momentum="x"), TypeError, "'momentum'"),
    (lambda: optim.SGD(_params(), weight_decay=StepDecay()), TypeError, "dynamic weight decay"),
    (lambda: optim.Adam(_params(), beta1=1.0), ValueError, "'beta1'"),
    (lambda: optim.Adam(_params(), beta1=1), TypeError, "'beta1' must be float"),
    (lambda: optim.Adam(_params(), eps=0.0), ValueError, "'eps'"),
    (lambda: optim.Adam(_params(), foo=1), KeyError, "foo"),
    (lambda: optim.Adam(_params(), use_lazy=True, use_amsgrad=True), ValueError, "'use_amsgrad'"),
    (lambda: optim.Adam(_params(), use_lazy=True, use_offload=True), ValueError, "can not both be True"),
    (lambda: optim.AdamWeightDecay(_params(), beta2=0.0), ValueError, "'beta2'"),
    (lambda: optim.Adagrad(_params(), accum=1), TypeError, "'accum' must be float"),
    (lambda: optim.Adagrad(_params(), accum=-0.1), ValueError, "'accum'"),
    (lambda: optim.Adagrad(_params(), update_slots=0), TypeError, "'update_slots'"),
    (lambda: optim.Adadelta(_params(), rho=1.5), ValueError, "'rho'"),
    (lambda: optim.AdaMax(_params(), beta2=1.0), ValueError, "'beta2'"),
    (lambda: optim.RMSProp(_params(), epsilon=0.0), ValueError, "'epsilon'"),
    (lambda: optim.RMSProp(_params(), decay=1), TypeError, "'decay' must be float"),
    (lambda: optim.RMSProp(_params(), centered=1), TypeError, "'centered'"),
    (lambda: optim.FTRL(_params(), learning_rate=1), TypeError, "For 'FTRL', the 'learning_rate' must be float"),
    (lambda: optim.FTRL(_params(), learning_rate=[0.1, 0.2]), ValueError, "per-step"),
    (lambda: optim.FTRL([{"params": _params(), "lr": 0.1}]), ValueError, "group"),
    (lambda: optim.FTRL(_params(), lr_power=0.5), ValueError, "'lr_power'"),
    (lambda: optim.Lamb(_params(), 0.1, beta2=0.0), ValueError, "'beta2'"),
])
def test_construction_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_call_and_lookup_errors():
    params = make_params()
    opt = optim.Momentum(params, 0.1, 0.9)
    with pytest.raises(ValueError, match="must hold 3 Tensors"):
        opt((Tensor(np.ones(2, np.float32)),))
    with pytest.raises(TypeError, match="must be a tuple of Tensors"):
        opt(Tensor(np.ones(2, np.float32)))
    with pytest.raises(ValueError, match="the shape of 'gradient'"):
        opt(tuple(Tensor(np.ones(3, np.float32)) for _ in params))
    with pytest.raises(TypeError, match="Parameter or a list"):
        opt.get_lr_parameter("x")
    with pytest.raises(TypeError, match="Parameter or a list"):
        opt.get_lr_parameter((params[0],))
    with pytest.raises(ValueError, match="is not updated by this optimizer"):
        opt.get_lr_parameter(Parameter(Tensor(np.ones(2)), name="z"))
    with pytest.raises(TypeError, match="'unique'"):
        opt.unique = 1
    with pytest.raises(ValueError, match="'target'"):
        opt.target = "TPU"
    with pytest.raises(NotImplementedError):
        optim.Optimizer(0.1, make_params())(())


@pytest.mark.parametrize("build", [
    lambda ps: optim.Momentum(ps, 0.1, 0.9),
    lambda ps: optim.Momentum(ps, 0.1, 0.9, weight_decay=0.01, use_nesterov=True),
    lambda ps: optim.SGD(ps, 0.1, momentum=0.9),
    lambda ps: optim.Adam(ps, 0.01),
    lambda ps: optim.AdamWeightDecay(ps, 0.01, weight_decay=0.1),
    lambda ps: optim.Momentum([{"params": ps[:1], "lr": 0.05}, {"params": ps[1:]}], 0.1, 0.9),
])
def test_pynative_and_graph_updates_are_identical(build):
    """PyNative updates every parameter in one multi-tensor call (in place when nothing else
    sees the states); a compiled step one primitive call per parameter: the same numbers."""
    results = []
    for compiled in (False, True):
        params = make_params()
        opt = build(params)
        step = ms.jit(opt) if compiled else opt
        for grads in GRADS:
            step(tuple(Tensor(grads[name]) for name in SHAPES))
        results.append([p.asnumpy().copy() for p in opt.get_parameters()])
    for pynative, graph in zip(*results):
        np.testing.assert_array_equal(pynative, graph)
