"""nn.LazyAdam (Adam on spore's dense gradients): several steps against a float64 NumPy
rule and against values recorded from MindSpore 2.7.1 (Nesterov, weight decay, loss
scale, groups), its state Parameters, training in both modes, argument errors."""
import numpy as np
import pytest

from spore import nn

from .optim_testing import assert_values, check_training, make_params, run, simulate


class AdamRule:
    def __init__(self, beta1=0.9, beta2=0.999, eps=1e-8, nesterov=False):
        self.beta1, self.beta2, self.eps, self.nesterov = beta1, beta2, eps, nesterov

    def init(self, name, w):
        return {f"moment1.{name}": np.zeros_like(w), f"moment2.{name}": np.zeros_like(w)}

    def step(self, name, w, g, state, lr, t):
        m, v = f"moment1.{name}", f"moment2.{name}"
        b1, b2 = self.beta1, self.beta2
        state[m] = b1 * state[m] + (1 - b1) * g
        state[v] = b2 * state[v] + (1 - b2) * g * g
        direction = b1 * state[m] + (1 - b1) * g if self.nesterov else state[m]
        return w - lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t) * direction / (np.sqrt(state[v]) + self.eps)


CASES = [
    ("plain", lambda ps: nn.LazyAdam(ps, 0.1), 3, AdamRule(), dict(lr=0.1)),
    ("nesterov", lambda ps: nn.LazyAdam(ps, 0.05, beta1=0.8, beta2=0.95, eps=1e-6, use_nesterov=True,
                                        weight_decay=0.1, loss_scale=8.0), 3,
     AdamRule(0.8, 0.95, 1e-6, True), dict(lr=0.05, decay=0.1, loss_scale=8.0)),
    ("groups", lambda ps: nn.LazyAdam([{"params": ps[:1], "lr": [0.1, 0.05, 0.02, 0.01], "weight_decay": 0.2},
                                       {"params": ps[1:]}], 0.03), 4, AdamRule(),
     dict(lr=lambda name, t: [0.1, 0.05, 0.02, 0.01][t - 1] if name == "w" else 0.03,
          decay=lambda name, t: 0.2 if name == "w" else 0.0)),
]


@pytest.mark.parametrize("build, steps, rule, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_update_rule(build, steps, rule, options):
    values = run(build(make_params()), steps)
    # float32 loses digits in 1 - beta2^t at the first steps
    assert_values(values, simulate(rule, steps, **options), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(values["beta1_power"], [build(make_params()).beta1 ** steps], rtol=1e-6)


# Recorded from MindSpore 2.7.1: the same CASES.
MINDSPORE = {
    "plain": {
        "w": [[-0.86036795, -0.66586763, -0.15062462], [0.49174717, 0.67350554, 0.5196498]],
        "b": [0.37776858, -0.2752935, 0.06703837],
        "beta1_power": [0.72899991],
        "moment1.w": [[0.16666217, 0.12938714, -0.09744035], [-0.1815175, 0.00032891, 0.18169346]],
    },
    "nesterov": {
        "w": [[-0.65752059, -0.52710271, -0.09137916], [0.39703447, 0.50895655, 0.57547861]],
        "b": [0.38797691, -0.21826364, 0.04925524],
        "beta1_power": [0.51200002],
        "moment1.b": [0.01207774, -0.01814867, 0.0021192],
    },
}


@pytest.mark.parametrize("name", list(MINDSPORE))
def test_matches_mindspore(name):
    build, steps = next((c[1], c[2]) for c in CASES if c[0] == name)
    assert_values(run(build(make_params()), steps), MINDSPORE[name], rtol=1e-5, atol=1e-5)


def test_state_parameters():
    opt = nn.LazyAdam(make_params())
    assert [p.name for p in opt.get_parameters()] == ["global_step", "learning_rate", "w", "b", "beta1_power",
                                                      "beta2_power", "moment1.w", "moment1.b", "moment2.w",
                                                      "moment2.b"]
    assert opt.beta1_power.shape == (1,) and opt.beta2_power.shape == (1,)


def test_training_in_both_modes():
    check_training(lambda ps: nn.LazyAdam(ps, 0.05), {
        "losses": [0.458018, 0.3627207, 0.29618, 0.254957, 0.2333147],
        "weight": [[-0.0956712, -0.1445311, 0.2921205, 0.3217569], [-0.1212144, -0.1261135, -0.1401124, -0.1378915]],
        "bias": [0.0947023, 0.2215745],
        "model_weight": [[-0.0954583, -0.2688119, -0.1845038, 0.0985832],
                         [-0.0045417, 0.2688119, 0.8845037, 0.3014168]],
        "model_bias": [-0.1214335, 0.1214335],
    }, atol=1e-5)  # float32 loses digits in 1 - beta2^t at the first steps


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(beta1=1), TypeError, "'beta1' must be float"),
    (dict(beta1=1.0), ValueError, "'beta1'"),
    (dict(beta2=0.0), ValueError, "'beta2'"),
    (dict(eps=0.0), ValueError, "'eps'"),
    (dict(weight_decay=0), TypeError, "'weight_decay' must be float"),
    (dict(weight_decay=-0.1), ValueError, "'weight_decay'"),
    (dict(use_nesterov=1), TypeError, "'use_nesterov'"),
    (dict(use_locking=1), TypeError, "'use_locking'"),
    (dict(use_lazy=True), TypeError, "use_lazy"),
])
def test_argument_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        nn.LazyAdam(make_params(), **kwargs)
