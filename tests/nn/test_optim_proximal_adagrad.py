"""nn.ProximalAdagrad: several steps against a float64 NumPy rule and against values
recorded from MindSpore 2.7.1 (L1 / L2, loss scale, weight decay, a learning-rate
schedule, groups), its state Parameters, training in both modes, argument errors."""
import numpy as np
import pytest

from spore import nn
from spore.nn import learning_rate_schedule as S

from .optim_testing import assert_values, check_training, make_params, run, simulate


class ProximalAdagradRule:
    def __init__(self, accum=0.1, l1=0.0, l2=0.0):
        self.accum, self.l1, self.l2 = accum, l1, l2

    def init(self, name, w):
        return {f"accum.{name}": np.full_like(w, self.accum)}

    def step(self, name, w, g, state, lr, t):
        accum = f"accum.{name}"
        state[accum] = state[accum] + g * g
        rate = lr / np.sqrt(state[accum])
        value = w - rate * g
        return np.sign(value) * np.maximum(np.abs(value) - rate * self.l1, 0.0) / (1 + rate * self.l2)


CASES = [
    ("l1 l2", lambda ps: nn.ProximalAdagrad(ps, 0.1, 0.1, 0.05, 0.1), 3, ProximalAdagradRule(0.1, 0.05, 0.1),
     dict(lr=0.1)),
    ("l2 loss scale", lambda ps: nn.ProximalAdagrad(ps, 0.2, 0.1, l2=0.2, loss_scale=4.0, weight_decay=0.05), 3,
     ProximalAdagradRule(0.2, 0.0, 0.2), dict(lr=0.1, decay=0.05, loss_scale=4.0)),
    ("schedule", lambda ps: nn.ProximalAdagrad(ps, learning_rate=S.ExponentialDecayLR(0.1, 0.5, 2), l1=0.01), 4,
     ProximalAdagradRule(0.1, 0.01), dict(lr=lambda name, t: 0.1 * 0.5 ** ((t - 1) / 2))),
    ("groups", lambda ps: nn.ProximalAdagrad([{"params": ps[:1], "lr": 0.3, "weight_decay": 0.1},
                                              {"params": ps[1:], "lr": [0.2, 0.1, 0.05]}], l1=0.02), 3,
     ProximalAdagradRule(0.1, 0.02), dict(lr=lambda name, t: 0.3 if name == "w" else [0.2, 0.1, 0.05][t - 1],
                                          decay=lambda name, t: 0.1 if name == "w" else 0.0)),
]


@pytest.mark.parametrize("build, steps, rule, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_update_rule(build, steps, rule, options):
    values = run(build(make_params()), steps)
    assert_values(values, simulate(rule, steps, **options))
    assert values["global_step"].tolist() == [steps]


# Recorded from MindSpore 2.7.1: the same CASES.
MINDSPORE = {
    "l1 l2": {
        "w": [[-0.80391371, -0.5158639, -0.02289975], [0.37498963, 0.50735855, 0.53856349]],
        "b": [0.46750098, -0.19675849, 0.06825655],
        "accum.w": [[1.63489521, 1.60940433, 1.54898787], [1.67801917, 1.51730466, 1.66370225]],
        "accum.b": [1.70042813, 1.50248349, 1.46642256],
    },
    "l2 loss scale": {
        "w": [[-0.68256384, -0.41445833, -0.04476807], [0.26419631, 0.43946707, 0.6092943]],
        "b": [0.44029614, -0.16885281, 0.09296471],
        "accum.w": [[0.27017507, 0.27982503, 0.293015], [0.28764349, 0.28824699, 0.33704749]],
    },
    "schedule": {
        "w": [[-0.80101222, -0.50781894, -0.08431805], [0.34435797, 0.54426181, 0.64540648]],
        "b": [0.4326503, -0.25846711, 0.07654128],
        "accum.b": [2.62235498, 2.33858013, 1.65874636],
    },
}


@pytest.mark.parametrize("name", list(MINDSPORE))
def test_matches_mindspore(name):
    build, steps = next((c[1], c[2]) for c in CASES if c[0] == name)
    assert_values(run(build(make_params()), steps), MINDSPORE[name])


def test_state_parameters():
    opt = nn.ProximalAdagrad(make_params(), accum=0.3)
    assert [p.name for p in opt.get_parameters()] == ["global_step", "learning_rate", "w", "b", "accum.w", "accum.b"]
    np.testing.assert_allclose(opt.accum[1].asnumpy(), np.full(3, 0.3, np.float32))


def test_training_in_both_modes():
    check_training(lambda ps: nn.ProximalAdagrad(ps, learning_rate=0.1, l1=0.001, l2=0.001), {
        "losses": [0.458018, 0.3424376, 0.2884827, 0.2585136, 0.2401962],
        "weight": [[-0.0118778, -0.0942376, 0.1818243, 0.2416881], [-0.0589484, -0.0183459, -0.1334694, -0.0626793]],
        "bias": [0.0491158, 0.1491296],
        "model_weight": [[-0.0138469, -0.2591173, -0.0225276, 0.1778221],
                         [-0.0859805, 0.2591172, 0.7200319, 0.2197908]],
        "model_bias": [-0.0601554, 0.0601554],
    })


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(accum=1), TypeError, "'accum' must be float"),
    (dict(accum=-0.1), ValueError, "'accum'"),
    (dict(l1=-1.0), ValueError, "'l1'"),
    (dict(l2=1), TypeError, "'l2' must be float"),
    (dict(use_locking=1), TypeError, "'use_locking'"),
    (dict(learning_rate=-1.0), ValueError, "'learning_rate'"),
    (dict(loss_scale=0.0), ValueError, "'loss_scale'"),
])
def test_argument_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        nn.ProximalAdagrad(make_params(), **kwargs)
