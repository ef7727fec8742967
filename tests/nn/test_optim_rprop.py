"""nn.Rprop: several steps against a float64 NumPy rule and against values recorded from
MindSpore 2.7.1 (etas, step-size bounds, groups, weight decay), its state Parameters,
training in both modes, argument errors."""
import numpy as np
import pytest

from spore import nn

from .optim_testing import assert_values, check_training, make_params, run, simulate


class RpropRule:
    def __init__(self, etas=(0.5, 1.2), step_sizes=(1e-6, 50.0)):
        self.etaminus, self.etaplus = etas
        self.step_sizes = step_sizes

    def init(self, name, w):
        return {f"prev.{name}": np.zeros_like(w), f"step_size.{name}": np.zeros_like(w)}

    def step(self, name, w, g, state, lr, t):
        prev, size = f"prev.{name}", f"step_size.{name}"
        step_size = np.full_like(w, lr) if t == 1 else state[size]
        agreement = np.sign(g * state[prev])
        factor = np.where(agreement > 0, self.etaplus, np.where(agreement < 0, self.etaminus, 1.0))
        state[size] = np.clip(step_size * factor, *self.step_sizes)
        state[prev] = np.where(agreement < 0, 0.0, g)
        return w - np.sign(state[prev]) * state[size]


def groups(params, **first):
    return [dict(params=params[:1], **first), {"params": params[1:]}]


PER_STEP = [0.1, 0.05, 0.2, 0.1, 0.3]
CASES = [
    ("plain", lambda ps: nn.Rprop(ps, 0.1), 4, RpropRule(), {}),
    ("etas", lambda ps: nn.Rprop(ps, 0.2, etas=(0.3, 1.5), step_sizes=(0.05, 0.25), weight_decay=0.1), 5,
     RpropRule((0.3, 1.5), (0.05, 0.25)), dict(lr=0.2, decay=0.1)),
    ("groups", lambda ps: nn.Rprop(groups(ps, lr=0.02), 0.1), 4, RpropRule(),
     dict(lr=lambda name, t: 0.02 if name == "w" else 0.1)),
    # Only the first step's rate is used: it starts the step sizes.
    ("per-step lr", lambda ps: nn.Rprop(ps, PER_STEP), 5, RpropRule(), dict(lr=lambda name, t: PER_STEP[t - 1])),
]


@pytest.mark.parametrize("build, steps, rule, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_update_rule(build, steps, rule, options):
    values = run(build(make_params()), steps)
    assert_values(values, simulate(rule, steps, **options))
    assert values["global_step"].tolist() == [steps]


# Recorded from MindSpore 2.7.1: the same CASES.
MINDSPORE = {
    "plain": {
        "w": [[-1.06400001, -0.56, -0.09], [0.56400001, 0.66000003, 0.43599999]],
        "b": [0.45000002, -0.25, -0.11],
        "prev.w": [[0.14112, -0.91616595, -0.63126665], [0.0, 0.94073057, 0.0]],
        "step_size.w": [[0.14400001, 0.06, 0.06], [0.072, 0.06, 0.072]],
        "step_size.b": [0.025, 0.025, 0.06],
    },
    "etas": {
        "w": [[-0.64999998, -0.66250002, -0.15000001], [0.82499999, 0.76249999, 0.17500003]],
        "b": [0.41000003, -0.28999999, -0.25],
        "prev.w": [[0.0, -0.90976745, 0.0], [1.08894134, 0.31038991, -0.86969578]],
        "prev.b": [-0.10950004, -0.7826466, 0.0],
        "step_size.w": [[0.05, 0.1125, 0.05], [0.075, 0.1125, 0.075]],
    },
    "groups": {
        "w": [[-0.77279997, -0.43200001, -0.098], [0.2728, 0.53199995, 0.72720003]],
        "b": [0.45000002, -0.25, -0.11],
        "step_size.w": [[0.0288, 0.012, 0.012], [0.0144, 0.012, 0.0144]],
    },
}


@pytest.mark.parametrize("name", list(MINDSPORE))
def test_matches_mindspore(name):
    build, steps = next((c[1], c[2]) for c in CASES if c[0] == name)
    assert_values(run(build(make_params()), steps), MINDSPORE[name])


def test_state_parameters():
    opt = nn.Rprop(make_params())
    assert [p.name for p in opt.get_parameters()] == ["global_step", "learning_rate", "w", "b", "prev.w", "prev.b",
                                                      "step_size.w", "step_size.b"]
    assert opt.step_size[0].shape == (2, 3)


def test_training_in_both_modes():
    check_training(lambda ps: nn.Rprop(ps, 0.01), {
        "losses": [0.458018, 0.4367004, 0.4126097, 0.3858469, 0.3568218],
        "weight": [[0.025584, 0.025584, 0.174416, 0.174416], [0.025584, 0.025584, 0.025584, 0.025584]],
        "bias": [0.074416, 0.074416],
        "model_weight": [[0.0404132, -0.201, 0.0210912, 0.2404131], [-0.1404131, 0.201, 0.6789088, 0.1595869]],
        "model_bias": [0.001, -0.001],
    })


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(etas=[0.5, 1.2]), TypeError, "'etas' must be a tuple"),
    (dict(etas=(0.5, 1.2, 2.0)), ValueError, "'etas' must be a tuple of 2"),
    (dict(step_sizes=[1e-6, 50.0]), TypeError, "'step_sizes' must be a tuple"),
    (dict(step_sizes=(1e-6,)), ValueError, "'step_sizes' must be a tuple of 2"),
    (dict(step_sizes=(1.0, 0.1)), ValueError, "maximal step size"),
    (dict(etas=(1.0, 1.2)), ValueError, "'etaminus'"),
    (dict(etas=(0, 1.2)), TypeError, "'etaminus' must be float"),
    (dict(etas=(0.5, 2)), TypeError, "'etaplus' must be float"),
    (dict(etas=(0.5, 0.9)), ValueError, "'etaplus' must be greater than 1.0"),
    (dict(step_sizes=(0, 50.0)), TypeError, "'min_step_sizes' must be float"),
    (dict(step_sizes=(1e-6, 50)), TypeError, "'max_step_sizes' must be float"),
    (dict(weight_decay=-0.1), ValueError, "'weight_decay'"),
])
def test_argument_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        nn.Rprop(make_params(), **kwargs)
