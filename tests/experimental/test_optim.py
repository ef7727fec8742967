"""mindspore.experimental.optim: each optimizer's trajectory over several steps against a
NumPy float64 reference update written out here (the update rules MindSpore 2.7.1 applies,
checked against it), with and without its options; parameter groups; the same training in
PyNative and in Graph mode; the state Parameters' names (checkpoints key on them); argument
errors.
"""
import math

import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn
from spore.experimental import optim

W0 = np.array([[0.5, -1.0, 2.0], [0.25, 1.5, -0.75]])
B0 = np.array([0.1, -0.2, 0.3])
TARGETS = (np.array([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]]), np.array([0.0, 1.0, -1.0]))
STEPS = 7


def gradient(step, value, target):
    """The gradient of step `step` (from 0): a quadratic's, its sign flipped every third step
    (so that Rprop and the momenta see sign changes)."""
    return 2 * (value - target) * (1.0 if step % 3 else -0.5)


# ---- NumPy references: step(p, g, state, t) -> new p, t counting from 1 ------------------------------
def decayed(g, p, o):
    g = -g if o.get("maximize") else g
    return g + o.get("weight_decay", 0.0) * p


def sgd(o):
    def step(p, g, s, t):
        g = decayed(g, p, o)
        m = o.get("momentum", 0.0)
        if m == 0:
            return p - o["lr"] * g
        s["b"] = g if t == 1 else m * s["b"] + (1 - o.get("dampening", 0.0)) * g
        return p - o["lr"] * (g + m * s["b"] if o.get("nesterov") else s["b"])
    return step


def adam(o):
    b1, b2 = o.get("betas", (0.9, 0.999))
    eps, lr = o.get("eps", 1e-8), o.get("lr", 1e-3)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        s["m"] = b1 * s.get("m", 0) + (1 - b1) * g
        s["v"] = b2 * s.get("v", 0) + (1 - b2) * g * g
        s["vmax"] = np.maximum(s.get("vmax", 0), s["v"])
        v = s["vmax"] if o.get("amsgrad") else s["v"]
        return p - lr * math.sqrt(1 - b2 ** t) / (1 - b1 ** t) * s["m"] / (np.sqrt(v) + eps)
    return step


def adamw(o):
    b1, b2 = o.get("betas", (0.9, 0.999))
    eps, lr, wd = o.get("eps", 1e-8), o.get("lr", 1e-3), o.get("weight_decay", 1e-2)

    def step(p, g, s, t):
        g = -g if o.get("maximize") else g
        p = p * (1 - lr * wd)
        s["m"] = b1 * s.get("m", 0) + (1 - b1) * g
        s["v"] = b2 * s.get("v", 0) + (1 - b2) * g * g
        s["vmax"] = np.maximum(s.get("vmax", 0), s["v"])
        v = s["vmax"] if o.get("amsgrad") else s["v"]
        return p - lr / (1 - b1 ** t) * s["m"] / (np.sqrt(v) / math.sqrt(1 - b2 ** t) + eps)
    return step


def adadelta(o):
    rho, eps, lr = o.get("rho", 0.9), o.get("eps", 1e-6), o.get("lr", 1.0)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        s["a"] = rho * s.get("a", 0) + (1 - rho) * g * g
        d = np.sqrt(s.get("u", 0) + eps) / np.sqrt(s["a"] + eps) * g
        s["u"] = rho * s.get("u", 0) + (1 - rho) * d * d
        return p - lr * d
    return step


def adagrad(o):
    lr, eps = o.get("lr", 1e-2), o.get("eps", 1e-10)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        s["sum"] = s.get("sum", o.get("initial_accumulator_value", 0.0)) + g * g
        return p - lr / (1 + (t - 1) * o.get("lr_decay", 0.0)) * g / (np.sqrt(s["sum"]) + eps)
    return step


def adamax(o):
    b1, b2 = o.get("betas", (0.9, 0.999))
    eps, lr = o.get("eps", 1e-8), o.get("lr", 2e-3)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        s["m"] = b1 * s.get("m", 0) + (1 - b1) * g
        s["u"] = np.maximum(b2 * s.get("u", 0), np.abs(g) + eps)
        return p - lr / (1 - b1 ** t) * s["m"] / s["u"]
    return step


def asgd(o):
    lr, lambd, alpha, t0 = o.get("lr", 1e-2), o.get("lambd", 1e-4), o.get("alpha", 0.75), o.get("t0", 1e6)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        eta = lr if t == 1 else s["eta"]
        p = p * (1 - lambd * eta) - eta * g
        mu = s.get("mu", 1.0)
        s["ax"] = p if mu == 1 else s["ax"] + (p - s["ax"]) * mu
        s["eta"] = lr / (1 + lambd * lr * t) ** alpha
        s["mu"] = 1 / max(1, t - t0)
        return p
    return step


def nadam(o):
    b1, b2 = o.get("betas", (0.9, 0.999))
    eps, lr, md = o.get("eps", 1e-8), o.get("lr", 2e-3), o.get("momentum_decay", 4e-3)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        mu = b1 * (1 - 0.5 * 0.96 ** (t * md))
        mu_next = b1 * (1 - 0.5 * 0.96 ** ((t + 1) * md))
        s["prod"] = s.get("prod", 1.0) * mu
        s["m"] = b1 * s.get("m", 0) + (1 - b1) * g
        s["v"] = b2 * s.get("v", 0) + (1 - b2) * g * g
        denom = np.sqrt(s["v"] / (1 - b2 ** t)) + eps
        p = p - lr * (1 - mu) / (1 - s["prod"]) * g / denom
        return p - lr * mu_next / (1 - s["prod"] * mu_next) * s["m"] / denom
    return step


def radam(o):
    b1, b2 = o.get("betas", (0.9, 0.999))
    eps, lr = o.get("eps", 1e-8), o.get("lr", 1e-3)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        s["m"] = b1 * s.get("m", 0) + (1 - b1) * g
        s["v"] = b2 * s.get("v", 0) + (1 - b2) * g * g
        m_hat = s["m"] / (1 - b1 ** t)
        rho_inf = 2 / (1 - b2) - 1
        rho_t = rho_inf - 2 * t * b2 ** t / (1 - b2 ** t)
        if rho_t <= 5:
            return p - lr * m_hat
        rect = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
        return p - lr * m_hat * rect * math.sqrt(1 - b2 ** t) / (np.sqrt(s["v"]) + eps)
    return step


def rmsprop(o):
    alpha, eps, lr, momentum = o.get("alpha", 0.99), o.get("eps", 1e-8), o.get("lr", 1e-2), o.get("momentum", 0.0)

    def step(p, g, s, t):
        g = decayed(g, p, o)
        s["sq"] = alpha * s.get("sq", 0) + (1 - alpha) * g * g
        if o.get("centered"):
            s["avg"] = alpha * s.get("avg", 0) + (1 - alpha) * g
            denom = np.sqrt(s["sq"] - s["avg"] ** 2) + eps
        else:
            denom = np.sqrt(s["sq"]) + eps
        if momentum > 0:
            s["b"] = momentum * s.get("b", 0) + g / denom
            return p - lr * s["b"]
        return p - lr * g / denom
    return step


def rprop(o):
    eta_minus, eta_plus = o.get("etas", (0.5, 1.2))
    low, high = o.get("step_sizes", (1e-6, 50))

    def step(p, g, s, t):
        g = -g if o.get("maximize") else g
        prev = s.get("prev", np.zeros_like(p))
        size = np.full_like(p, o.get("lr", 1e-2)) if t == 1 else s["size"]
        agreement = np.sign(g * prev)
        size = np.clip(size * np.where(agreement > 0, eta_plus, np.where(agreement < 0, eta_minus, 1.0)), low, high)
        g = np.where(agreement < 0, 0.0, g)
        s["prev"], s["size"] = g, size
        return p - np.sign(g) * size
    return step


CONFIGS = [
    ("SGD", sgd, {"lr": 0.1}),
    ("SGD", sgd, {"lr": 0.1, "momentum": 0.9, "dampening": 0.1, "weight_decay": 0.01}),
    ("SGD", sgd, {"lr": 0.1, "momentum": 0.9, "nesterov": True, "maximize": True}),
    ("Adam", adam, {"lr": 0.1}),
    ("Adam", adam, {"lr": 0.1, "weight_decay": 0.1, "maximize": True}),
    ("Adam", adam, {"lr": 0.1, "amsgrad": True, "betas": (0.5, 0.9)}),
    ("AdamW", adamw, {"lr": 0.1}),
    ("AdamW", adamw, {"lr": 0.1, "amsgrad": True, "weight_decay": 0.1, "betas": (0.5, 0.9)}),
    ("AdamW", adamw, {"lr": 0.1, "maximize": True}),
    ("Adadelta", adadelta, {}),
    ("Adadelta", adadelta, {"lr": 0.5, "rho": 0.8, "weight_decay": 0.1, "maximize": True}),
    ("Adagrad", adagrad, {}),
    ("Adagrad", adagrad, {"lr": 0.1, "lr_decay": 0.1, "weight_decay": 0.1, "initial_accumulator_value": 0.5}),
    ("Adamax", adamax, {}),
    ("Adamax", adamax, {"lr": 0.1, "weight_decay": 0.1, "maximize": True}),
    ("ASGD", asgd, {}),
    ("ASGD", asgd, {"lr": 0.1, "lambd": 0.01, "alpha": 0.5, "t0": 2.0, "weight_decay": 0.1}),
    ("NAdam", nadam, {}),
    ("NAdam", nadam, {"lr": 0.1, "weight_decay": 0.1, "momentum_decay": 0.01}),
    ("RAdam", radam, {}),
    ("RAdam", radam, {"lr": 0.1, "betas": (0.5, 0.6), "weight_decay": 0.1}),
    ("RMSprop", rmsprop, {}),
    ("RMSprop", rmsprop, {"lr": 0.05, "momentum": 0.9, "centered": True, "weight_decay": 0.1}),
    ("RMSprop", rmsprop, {"lr": 0.05, "maximize": True}),
    ("Rprop", rprop, {}),
    ("Rprop", rprop, {"lr": 0.1, "etas": (0.3, 1.5), "step_sizes": (0.01, 0.2), "maximize": True}),
]
CONFIG_IDS = [f"{name}-{'-'.join(options) or 'defaults'}" for name, _, options in CONFIGS]


def reference_trajectory(make_rule, options):
    rule = make_rule(options)
    values, states = [W0.copy(), B0.copy()], [{}, {}]
    trajectory = []
    for step in range(STEPS):
        values = [rule(v, gradient(step, v, target), s, step + 1) for v, target, s in zip(values, TARGETS, states)]
        trajectory.append([v.copy() for v in values])
    return trajectory


def run(name, options, jit=False):
    w = Parameter(Tensor(W0.astype(np.float32)), "w")
    b = Parameter(Tensor(B0.astype(np.float32)), "b")
    opt = getattr(optim, name)([w, b], **options)
    apply = ms.jit(lambda grads: opt(grads)) if jit else opt
    trajectory = []
    for step in range(STEPS):
        grads = tuple(Tensor(gradient(step, p.asnumpy(), target).astype(np.float32))
                      for p, target in zip((w, b), TARGETS))
        apply(grads)
        trajectory.append([w.asnumpy().copy(), b.asnumpy().copy()])
    return trajectory


@pytest.mark.parametrize("name, rule, options", CONFIGS, ids=CONFIG_IDS)
def test_trajectory_matches_reference(name, rule, options):
    for got, want in zip(run(name, options), reference_trajectory(rule, options)):
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("name, rule, options", CONFIGS, ids=CONFIG_IDS)
def test_graph_mode_gives_the_same_trajectory(name, rule, options):
    for got, want in zip(run(name, options, jit=True), run(name, options)):
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7)


# ---- parameter groups ------------------------------------------------------------------------------------
def test_groups_take_their_own_options_and_defaults():
    w = Parameter(Tensor(W0.astype(np.float32)), "w")
    b = Parameter(Tensor(B0.astype(np.float32)), "b")
    opt = optim.SGD([{"params": [w], "momentum": 0.9}, {"params": b, "lr": 0.5}], lr=0.1, weight_decay=0.01)
    assert [g["lr"].name for g in opt.param_groups] == ["learning_rate_group_0", "learning_rate_group_1"]
    assert opt.param_groups[0]["momentum"] == 0.9 and opt.param_groups[1]["momentum"] == 0.0
    assert opt.group_start_id == [0, 1, 2]
    rules = [sgd({"lr": 0.1, "momentum": 0.9, "weight_decay": 0.01}), sgd({"lr": 0.5, "weight_decay": 0.01})]
    values, states = [W0.copy(), B0.copy()], [{}, {}]
    for step in range(3):
        grads = [gradient(step, v, t) for v, t in zip(values, TARGETS)]
        opt(tuple(Tensor(g.astype(np.float32)) for g in grads))
        values = [rule(v, g, s, step + 1) for rule, v, g, s in zip(rules, values, grads, states)]
    np.testing.assert_allclose(w.asnumpy(), values[0], rtol=1e-5)
    np.testing.assert_allclose(b.asnumpy(), values[1], rtol=1e-5, atol=1e-7)


def test_add_param_group_extends_parameters_and_state():
    w = Parameter(Tensor(W0.astype(np.float32)), "w")
    opt = optim.Adam([w], lr=0.1)
    b = Parameter(Tensor(B0.astype(np.float32)), "b")
    opt.add_param_group({"params": b, "lr": 0.2})
    assert [p.name for p in opt.parameters] == ["w", "b"]
    assert [p.name for p in opt.exp_avg] == ["exp_avg.w", "exp_avg.b"]
    assert opt.group_start_id == [0, 1, 2]
    opt((Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones(3, np.float32))))
    # The first Adam step moves each element by lr (the bias-corrected m / sqrt(v) is 1).
    np.testing.assert_allclose(b.asnumpy(), B0 - 0.2, atol=1e-5)
    np.testing.assert_allclose(w.asnumpy(), W0 - 0.1, atol=1e-5)


def test_state_parameters_carry_mindspore_names():
    net = nn.Dense(2, 3)
    expected = {
        "Adam": ["exp_avg", "exp_avg_sq", "max_exp_avg_sq", "state_step"],
        "SGD": ["accum", "stat"],
        "ASGD": ["mu", "eta", "ax", "step_t"],
        "NAdam": ["exp_avg", "exp_avg_sq", "mu_product", "step_t"],
    }
    for name, prefixes in expected.items():
        opt = getattr(optim, name)(net.trainable_params(), lr=0.1)
        names = [p.name for p in opt.get_parameters()]
        assert names[:2] == ["weight", "bias"]
        for prefix in prefixes:
            assert any(n == prefix or n.startswith((prefix + ".", prefix + "_")) for n in names), (name, prefix)
    assert "mu_product_weight" in [p.name for p in optim.NAdam(net.trainable_params()).get_parameters()]


def test_optimizer_state_is_saved_in_checkpoints(tmp_path):
    net = nn.Dense(2, 3)
    opt = optim.Adam(net.trainable_params(), lr=0.1)
    opt((Tensor(np.ones((3, 2), np.float32)), Tensor(np.ones(3, np.float32))))
    path = str(tmp_path / "opt.ckpt")
    ms.save_checkpoint(opt, path)
    saved = ms.load_checkpoint(path)
    assert int(saved["state_step"].asnumpy()) == 1
    np.testing.assert_allclose(saved["exp_avg.weight"].asnumpy(), np.full((3, 2), 0.1), rtol=1e-6)


def test_repr_lists_group_settings():
    opt = optim.Adam(nn.Dense(2, 3).trainable_params(), lr=0.01)
    assert repr(opt).splitlines() == ["Adam (", "Parameter Group 0", "    amsgrad: False", "    betas: (0.9, 0.999)",
                                      "    eps: 1e-08", "    lr: 0.01", "    maximize: False",
                                      "    weight_decay: 0.0", ")"]


def test_custom_optimizer_on_the_base_class():
    class PlainSGD(optim.Optimizer):
        def __init__(self, params, lr):
            super().__init__(params, {"lr": lr})

        def construct(self, gradients):
            for group_id, group in enumerate(self.param_groups):
                start = self.group_start_id[group_id]
                for i, param in enumerate(group["params"]):
                    ms.ops.assign(param, param - gradients[start + i] * group["lr"])
            return True

    w = Parameter(Tensor(np.ones(2, np.float32)), "w")
    opt = PlainSGD([w], 0.5)
    opt.add_param_group({"params": Parameter(Tensor(np.ones(1, np.float32)), "v"), "lr": 0.25})
    opt((Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([4.0], np.float32))))
    np.testing.assert_allclose(w.asnumpy(), [0.5, 0.0])
    np.testing.assert_allclose(opt.parameters[1].asnumpy(), [0.0])


# ---- a training loop: PyNative and Graph mode, with a scheduler -------------------------------------------
def train_dense(jit: bool):
    rng = np.random.default_rng(0)
    data = Tensor(rng.standard_normal((16, 4)).astype(np.float32))
    label = Tensor(rng.standard_normal((16, 2)).astype(np.float32))
    net = nn.Dense(4, 2, weight_init="ones", bias_init="zeros")
    opt = optim.AdamW(net.trainable_params(), lr=0.05)
    scheduler = optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    loss_fn = nn.MSELoss()

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    step = ms.jit(train_step) if jit else train_step
    losses = []
    for _ in range(6):
        losses.append(float(step(data, label).asnumpy()))
        scheduler.step()
    return losses, net.weight.asnumpy(), float(opt.param_groups[0]["lr"].asnumpy())


def test_training_loop_same_in_pynative_and_graph_mode():
    eager_losses, eager_weight, eager_lr = train_dense(jit=False)
    graph_losses, graph_weight, graph_lr = train_dense(jit=True)
    assert eager_losses[-1] < eager_losses[0]
    np.testing.assert_allclose(graph_losses, eager_losses, rtol=1e-6)
    np.testing.assert_allclose(graph_weight, eager_weight, rtol=1e-6, atol=1e-7)
    assert graph_lr == eager_lr == pytest.approx(0.05 * 0.5 ** 3)


def test_scheduler_rate_reaches_a_compiled_step():
    w = Parameter(Tensor(np.zeros(1, np.float32)), "w")
    opt = optim.SGD([w], lr=1.0)
    step = ms.jit(lambda g: opt(g))
    scheduler = optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
    moves = []
    for _ in range(3):
        before = float(w.asnumpy()[0])
        step((Tensor(np.ones(1, np.float32)),))
        moves.append(before - float(w.asnumpy()[0]))
        scheduler.step()
    np.testing.assert_allclose(moves, [1.0, 0.5, 0.25])


# ---- errors ------------------------------------------------------------------------------------------------
def params():
    return [Parameter(Tensor(np.ones(2, np.float32)), "p")]


ERROR_CASES = [
    (lambda: optim.SGD(params(), lr=-1), ValueError, "lr"),
    (lambda: optim.SGD(params(), lr="a"), TypeError, "lr"),
    (lambda: optim.SGD(params(), lr=Tensor([0.1, 0.2])), ValueError, "lr"),
    (lambda: optim.SGD(params(), lr=0.1, momentum=-1), ValueError, "momentum"),
    (lambda: optim.SGD(params(), lr=0.1, nesterov=True), ValueError, "nesterov"),
    (lambda: optim.SGD(params(), lr=0.1, nesterov=1), TypeError, "nesterov"),
    (lambda: optim.SGD(params(), lr=0.1, weight_decay=-1), ValueError, "weight_decay"),
    (lambda: optim.SGD(params(), lr=0.1, weight_decay="a"), TypeError, "weight_decay"),
    (lambda: optim.SGD(params(), lr=0.1, dampening="a"), TypeError, "dampening"),
    (lambda: optim.Adam(params(), betas=(1.0, 0.9)), ValueError, r"betas\[0\]"),
    (lambda: optim.Adam(params(), betas=(0.9, -0.9)), ValueError, r"betas\[1\]"),
    (lambda: optim.Adam(params(), betas=0.9), TypeError, "betas"),
    (lambda: optim.Adam(params(), eps=-1.0), ValueError, "eps"),
    (lambda: optim.AdamW(params(), weight_decay=-1.0), ValueError, "weight_decay"),
    (lambda: optim.AdamW(params(), amsgrad=None), TypeError, "amsgrad"),
    (lambda: optim.Adadelta(params(), lr=0.0), ValueError, "lr"),
    (lambda: optim.Adadelta(params(), rho=1.5), ValueError, "rho"),
    (lambda: optim.Adagrad(params(), lr_decay=-1.0), ValueError, "lr_decay"),
    (lambda: optim.Adagrad(params(), initial_accumulator_value=-1.0), ValueError, "initial_accumulator_value"),
    (lambda: optim.Adamax(params(), betas=(1.0, 0.9)), ValueError, r"betas\[0\]"),
    (lambda: optim.ASGD(params(), lambd=1), TypeError, "lambd"),
    (lambda: optim.ASGD(params(), t0=1), TypeError, "t0"),
    (lambda: optim.NAdam(params(), momentum_decay=-1.0), ValueError, "momentum_decay"),
    (lambda: optim.RAdam(params(), eps=0.0), ValueError, "eps"),
    (lambda: optim.RMSprop(params(), alpha=-1.0), ValueError, "alpha"),
    (lambda: optim.Rprop(params(), etas=(1.5, 1.2)), ValueError, r"etas\[0\]"),
    (lambda: optim.Rprop(params(), etas=(0.5, 0.9)), ValueError, r"etas\[1\]"),
    (lambda: optim.SGD(None, lr=0.1), ValueError, "params"),
    (lambda: optim.SGD([], lr=0.1), ValueError, "params"),
    (lambda: optim.SGD(3, lr=0.1), TypeError, "params"),
    (lambda: optim.SGD([Tensor([1.0])], lr=0.1), TypeError, "Parameters"),
    (lambda: optim.SGD([{"params": set(params())}], lr=0.1), TypeError, "set"),
    (lambda: optim.SGD([{"lr": 0.1}], lr=0.1), KeyError, "params"),
    (lambda: optim.SGD([{"params": params()[:1] * 1}, 3], lr=0.1), TypeError, "dict"),
]


@pytest.mark.parametrize("make, error, match", ERROR_CASES)
def test_argument_errors(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_parameter_in_two_groups_is_an_error():
    shared = params()
    with pytest.raises(ValueError, match="only one parameter group"):
        optim.SGD([{"params": shared}, {"params": shared}], lr=0.1)


def test_gradients_must_match_the_parameters():
    opt = optim.Adam(params())
    with pytest.raises(ValueError, match="gradients"):
        opt((Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32))))
    with pytest.raises(TypeError, match="gradients"):
        opt(Tensor(np.ones(2, np.float32)))


@pytest.mark.parametrize("name", optim.__all__[1:])
def test_float16_parameters_stay_float16(name):
    p = Parameter(Tensor(np.ones(3, np.float16)), "p")
    opt = getattr(optim, name)([p], lr=0.1)
    opt((Tensor(np.ones(3, np.float16)),))
    assert p.dtype == ms.float16
    assert np.all(p.asnumpy() < 1)
