"""nn.ASGD: several steps against a float64 NumPy rule and against values recorded from
MindSpore 2.7.1 (groups, per-step rates, weight decay, the running average once t > t0),
its state Parameters, training in both modes, argument errors."""
import numpy as np
import pytest

from spore import nn

from .optim_testing import assert_values, check_training, make_params, run, simulate


class ASGDRule:
    def __init__(self, lambd=1e-4, alpha=0.75, t0=1e6):
        self.lambd, self.alpha, self.t0 = lambd, alpha, t0

    def init(self, name, w):
        return {f"mu_{name}": 1.0, f"eta_{name}": 0.0, f"ax_.{name}": np.zeros_like(w)}

    def step(self, name, w, g, state, lr, t):
        mu, eta, ax = f"mu_{name}", f"eta_{name}", f"ax_.{name}"
        if t == 1:
            state[eta] = lr
        w = w * (1 - self.lambd * state[eta]) - state[eta] * g
        state[ax] = w if state[mu] == 1 else state[ax] + (w - state[ax]) * state[mu]
        state[eta] = lr / (1 + self.lambd * lr * t) ** self.alpha
        state[mu] = 1 / max(1.0, t - self.t0)
        return w


def groups(params, **first):
    return [dict(params=params[:1], **first), {"params": params[1:]}]


PER_STEP = [0.1, 0.08, 0.06, 0.04]
CASES = [
    ("plain", lambda ps: nn.ASGD(ps, 0.1, 0.01, 0.75, 1.0), 3, ASGDRule(0.01, 0.75, 1.0), {}),
    ("averaging", lambda ps: nn.ASGD(ps, 0.1, lambd=0.01, alpha=0.5, t0=1.0), 6, ASGDRule(0.01, 0.5, 1.0), {}),
    ("groups", lambda ps: nn.ASGD(groups(ps, lr=0.05, weight_decay=0.1), 0.1, lambd=0.01, t0=2.0), 4,
     ASGDRule(0.01, 0.75, 2.0), dict(lr=lambda name, t: 0.05 if name == "w" else 0.1,
                                     decay=lambda name, t: 0.1 if name == "w" else 0.0)),
    ("per-step lr", lambda ps: nn.ASGD(ps, PER_STEP, weight_decay=0.05), 4, ASGDRule(),
     dict(lr=lambda name, t: PER_STEP[t - 1], decay=0.05)),
    ("weight decay, t0 = 2", lambda ps: nn.ASGD(ps, 0.2, lambd=0.1, t0=2.0, weight_decay=0.01), 5,
     ASGDRule(0.1, 0.75, 2.0), dict(lr=0.2, decay=0.01)),
]


@pytest.mark.parametrize("build, steps, rule, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_update_rule(build, steps, rule, options):
    values = run(build(make_params()), steps)
    assert_values(values, simulate(rule, steps, **options))
    assert values["global_step"].tolist() == [steps]


# Recorded from MindSpore 2.7.1: the same CASES.
MINDSPORE = {
    "plain": {
        "w": [[-0.87269723, -0.55365485, -0.0077527], [0.40344563, 0.5157181, 0.60276985]],
        "b": [0.50551075, -0.18424627, 0.1158744], "mu_w": 0.5, "eta_b": 0.0997756,
    },
    "averaging": {
        "w": [[-0.71310788, -0.3794114, -0.07237439], [0.19506671, 0.4679836, 0.78342605]],
        "b": [0.50656396, -0.17109403, 0.13223781], "mu_w": 0.2, "eta_w": 0.09970134,
        "ax_.w": [[-0.820355654, -0.443205178, -0.000129453838], [0.297293067, 0.450866163, 0.673133492]],
        "ax_.b": [0.46114522, -0.20775191, 0.12293167],
    },
    "groups": {
        "w": [[-0.77856123, -0.42193305, -0.02039396], [0.26771683, 0.45023286, 0.68968433]],
        "b": [0.40920481, -0.27529556, 0.07200246], "eta_w": 0.04992513, "eta_b": 0.09970105,
    },
    "per-step lr": {
        "w": [[-0.85269988, -0.49492815, 0.01183267], [0.35723814, 0.46732986, 0.61288452]],
        "b": [0.42858154, -0.23628347, 0.10058165], "mu_b": 1.0, "eta_w": 0.03999952,
    },
}


@pytest.mark.parametrize("name", list(MINDSPORE))
def test_matches_mindspore(name):
    build, steps = next((c[1], c[2]) for c in CASES if c[0] == name)
    assert_values(run(build(make_params()), steps), MINDSPORE[name])


def test_state_parameters():
    opt = nn.ASGD(make_params())
    assert [p.name for p in opt.get_parameters()] == ["global_step", "learning_rate", "w", "b", "mu_w", "mu_b",
                                                      "eta_w", "eta_b", "ax_.w", "ax_.b"]
    assert opt.mu[0].shape == () and float(opt.mu[0].asnumpy()) == 1.0 and float(opt.eta[1].asnumpy()) == 0.0


def test_training_in_both_modes():
    check_training(lambda ps: nn.ASGD(ps, 0.05), {
        "losses": [0.458018, 0.4275696, 0.4011149, 0.378085, 0.3579956],
        "weight": [[0.0652544, 0.0477518, 0.1209963, 0.1362018], [0.0324599, 0.0699185, -0.0128836, 0.0522387]],
        "bias": [0.018623, 0.0597289],
        "model_weight": [[0.0507664, -0.229075, 0.0660911, 0.3543608], [-0.1507614, 0.229075, 0.6338739, 0.0456192]],
        "model_bias": [-0.0343824, 0.0343824],
    })


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(lambd=1), TypeError, "'lambd' must be float"),
    (dict(alpha="0.5"), TypeError, "'alpha' must be float"),
    (dict(t0=1), TypeError, "'t0' must be float"),
    (dict(weight_decay=-1.0), ValueError, "'weight_decay'"),
    (dict(learning_rate=-0.1), ValueError, "'learning_rate'"),
])
def test_argument_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        nn.ASGD(make_params(), **kwargs)
