"""nn.AdaFactor: several steps against a float64 NumPy rule and against values recorded
from MindSpore 2.7.1 (relative step, warm-up, parameter scaling, first moment or not,
weight decay, compression, per-step rates, factored second moments of 2-D and 3-D
parameters), its state Parameters, training in both modes, argument errors."""
import numpy as np
import pytest

import spore as ms
from spore import nn

from .optim_testing import assert_values, check_training, make_params, run, simulate


def rms(x):
    return np.sqrt(np.mean(x * x))


class AdaFactorRule:
    def __init__(self, eps=(1e-30, 1e-3), clip_threshold=1.0, decay_rate=0.8, beta1=0.9, weight_decay=0.0,
                 scale_parameter=True, relative_step=True, warmup_init=False):
        self.eps, self.clip_threshold, self.decay_rate, self.beta1 = eps, clip_threshold, decay_rate, beta1
        self.weight_decay, self.scale_parameter = weight_decay, scale_parameter
        self.relative_step, self.warmup_init = relative_step, warmup_init

    def init(self, name, w):
        factored = w.ndim > 1
        state = {f"exp_avg_sq_row_{name}": np.zeros(w.shape[:-1] if factored else (1,)),
                 f"exp_avg_sq_col_{name}": np.zeros(w.shape[:-2] + w.shape[-1:] if factored else (1,)),
                 f"exp_avg_sq_{name}": np.zeros((1,) if factored else w.shape)}
        if self.beta1 > 0:
            state[f"exp_avg.{name}"] = np.zeros_like(w)
        return state

    def step(self, name, w, g, state, lr, t):
        if self.relative_step:
            lr = min(1e-6 * t if self.warmup_init else 1e-2, 1 / np.sqrt(t))
        step_lr = lr * max(self.eps[1], rms(w)) if self.scale_parameter else lr
        beta2t = 1 - t ** -self.decay_rate
        squared = g * g + self.eps[0]
        row, col, square = f"exp_avg_sq_row_{name}", f"exp_avg_sq_col_{name}", f"exp_avg_sq_{name}"
        if w.ndim > 1:
            state[row] = beta2t * state[row] + (1 - beta2t) * squared.mean(-1)
            state[col] = beta2t * state[col] + (1 - beta2t) * squared.mean(-2)
            row_factor = 1 / np.sqrt(state[row] / state[row].mean(-1, keepdims=True))
            update = row_factor[..., None] / np.sqrt(state[col])[..., None, :] * g
        else:
            state[square] = beta2t * state[square] + (1 - beta2t) * squared
            update = g / np.sqrt(state[square])
        update = update / max(rms(update) / self.clip_threshold, 1.0) * step_lr
        if self.beta1 > 0:
            moment = f"exp_avg.{name}"
            state[moment] = self.beta1 * state[moment] + (1 - self.beta1) * update
            update = state[moment]
        return w - self.weight_decay * step_lr * w - update


PER_STEP = [0.1, 0.05, 0.02]
CASES = [
    ("relative step", lambda ps: nn.AdaFactor(ps), 3, True, AdaFactorRule(), {}),
    ("learning rate", lambda ps: nn.AdaFactor(ps, learning_rate=0.1, relative_step=False, scale_parameter=False), 3,
     False, AdaFactorRule(relative_step=False, scale_parameter=False), dict(lr=0.1)),
    ("beta1=0", lambda ps: nn.AdaFactor(ps, beta1=0.0), 3, False, AdaFactorRule(beta1=0.0), {}),
    ("beta1=None", lambda ps: nn.AdaFactor(ps, beta1=None), 3, False, AdaFactorRule(beta1=0.0), {}),
    ("weight decay, warm-up", lambda ps: nn.AdaFactor(ps, weight_decay=0.1, warmup_init=True), 3, False,
     AdaFactorRule(weight_decay=0.1, warmup_init=True), {}),
    ("scaled learning rate", lambda ps: nn.AdaFactor(ps, learning_rate=0.05, relative_step=False, weight_decay=0.1),
     4, True, AdaFactorRule(weight_decay=0.1, relative_step=False), dict(lr=0.05)),
    # Neither the group's weight decay nor the loss scale touch AdaFactor's gradients, as in
    # MindSpore; a per-step rate turns scale_parameter off.
    ("per-step lr", lambda ps: nn.AdaFactor([{"params": ps[:1], "weight_decay": 0.5}, {"params": ps[1:]}],
                                            learning_rate=PER_STEP, relative_step=False, clip_threshold=0.5,
                                            decay_rate=0.5, loss_scale=4.0), 3, True,
     AdaFactorRule(clip_threshold=0.5, decay_rate=0.5, relative_step=False, scale_parameter=False),
     dict(lr=lambda name, t: PER_STEP[t - 1])),
]


@pytest.mark.parametrize("build, steps, with_k, rule, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_update_rule(build, steps, with_k, rule, options):
    values = run(build(make_params(with_k)), steps, with_k)
    assert_values(values, simulate(rule, steps, with_k=with_k, **options), atol=1e-7)
    assert values["global_step"].tolist() == [steps] and values["afactor_step"].tolist() == [steps]


def test_compression_keeps_vector_second_moments_in_float16():
    opt = nn.AdaFactor(make_params(), compression=True, weight_decay=0.1, learning_rate=0.05, relative_step=False)
    assert [square.dtype for square in opt.exp_avg_sq] == [ms.float32, ms.float16]
    values = run(opt, 3)
    assert_values(values, MINDSPORE["compression"], atol=2e-6)


# Recorded from MindSpore 2.7.1: the same CASES (and compression).
MINDSPORE = {
    "relative step": {
        "w": [[-0.70169252, -0.40236071, -0.10048876], [0.2033284, 0.50079983, 0.79735994]],
        "b": [0.49977535, -0.20022772, 0.09961829],
        "k": [[[0.50120109, 0.26958409, -0.20951168], [-0.49762249, -0.32730129, 0.14282016]],
              [[0.48183396, 0.37811247, -0.07340319], [-0.45706642, -0.42207199, 0.00173592]]],
        "exp_avg.b": [-1.99586328e-04, -4.51032538e-05, 1.82083604e-04],
        "exp_avg_sq_row_k": [[0.49743232, 0.50961727], [0.51477569, 0.50913882]],
        "exp_avg_sq_col_k": [[0.56460834, 0.51938128, 0.42658472], [0.45313635, 0.56574774, 0.51698768]],
        "exp_avg_sq_b": [0.48447752, 0.42017668, 0.48838782],
    },
    "learning rate": {
        "w": [[-0.73286551, -0.44585428, -0.10950665], [0.26464733, 0.51554525, 0.74872923]],
        "b": [0.49290615, -0.20719276, 0.08793417],
        "exp_avg.w": [[0.02195929, 0.01545027, -0.00869586], [-0.02670725, 0.0032748, 0.02732756]],
    },
    "beta1=0": {
        "w": [[-0.71190614, -0.40952912, -0.09642383], [0.21572879, 0.49926102, 0.78465807]],
        "b": [0.50156045, -0.19983421, 0.09796889],
    },
    "weight decay, warm-up": {
        "w": [[-0.70000017, -0.40000018, -0.09999982], [0.20000044, 0.49999979, 0.7999993]],
        "b": [0.49999997, -0.19999993, 0.09999996],
        "exp_avg.w": [[2.88598159e-07, 1.02677660e-07, -2.12447844e-07], [-2.43092046e-07, 1.33430831e-07,
                                                                         3.13573111e-07]],
    },
    "per-step lr": {
        "w": [[-0.70625848, -0.41962796, -0.11355299], [0.22463441, 0.5119217, 0.78540111]],
        "b": [0.49086824, -0.20847927, 0.09101164],
        "k": [[[0.50649154, 0.25638875, -0.22572002], [-0.52189517, -0.32377934, 0.15730163]],
              [[0.49827778, 0.3826932, -0.08755058], [-0.47403795, -0.44524914, 0.00501404]]],
        "exp_avg_sq_col_w": [0.55835092, 0.37892365, 0.64914703],
        "exp_avg_sq_b": [0.4222199, 0.31677538, 0.51549572],
    },
    "compression": {
        "w": [[-0.70305419, -0.40869322, -0.10166713], [0.21505761, 0.50014085, 0.78068042]],
        "b": [0.4965089, -0.20020017, 0.09761912],
        "exp_avg_sq_b": [0.484375, 0.42016602, 0.48852539],
    },
}


@pytest.mark.parametrize("name", [c[0] for c in CASES if c[0] in MINDSPORE])
def test_matches_mindspore(name):
    build, steps, with_k = next(c[1:4] for c in CASES if c[0] == name)
    assert_values(run(build(make_params(with_k)), steps, with_k), MINDSPORE[name], atol=1e-7)


def test_state_parameters():
    opt = nn.AdaFactor(make_params())
    assert [p.name for p in opt.get_parameters()] == [
        "global_step", "learning_rate", "w", "b", "exp_avg.w", "exp_avg.b", "exp_avg_sq_row_w", "exp_avg_sq_row_b",
        "exp_avg_sq_col_w", "exp_avg_sq_col_b", "exp_avg_sq_w", "exp_avg_sq_b", "afactor_step"]
    assert [p.shape for p in opt.exp_avg_sq_row] == [(2,), (1,)]
    assert [p.shape for p in opt.exp_avg_sq] == [(1,), (3,)]
    assert float(opt.learning_rate.asnumpy()) == 0.0
    assert "exp_avg.w" not in [p.name for p in nn.AdaFactor(make_params(), beta1=0.0).get_parameters()]
    assert opt.supports_memory_efficient_fp16 and not opt.supports_flat_params


def test_training_in_both_modes():
    check_training(lambda ps: nn.AdaFactor(ps, learning_rate=0.05, relative_step=False, weight_decay=0.01), {
        "losses": [0.458018, 0.4571215, 0.4554313, 0.4530392, 0.4500326],
        "weight": [[0.0942297, 0.0886255, 0.1022661, 0.1076423], [0.0941031, 0.096619, 0.0935498, 0.0946592]],
        "bias": [6.5551787e-05, 6.5644519e-05],
        "model_weight": [[0.2491611, -0.215052, 0.0604039, 0.4438693], [-0.3489904, 0.215052, 0.6384009, -0.0445522]],
        "model_bias": [-3.0421452e-05, 3.0421454e-05],
    })


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(learning_rate=0.1), ValueError, "can not be combined with 'relative_step'"),
    (dict(learning_rate=0.1, relative_step=False, warmup_init=True), ValueError, "'warmup_init' requires"),
    (dict(relative_step=False), ValueError, "can not be None"),
    (dict(eps="a"), TypeError, "'eps' must be list or tuple"),
    (dict(eps=(1e-30,)), ValueError, "'eps' must hold 2 floats"),
    (dict(eps=(0, 1e-3)), TypeError, "'eps0' must be float"),
    (dict(eps=(1e-30, -1.0)), ValueError, "'eps1'"),
    (dict(clip_threshold=1), TypeError, "'clip_threshold' must be float"),
    (dict(decay_rate=1.0), ValueError, "'decay_rate'"),
    (dict(decay_rate=1), TypeError, "'decay_rate' must be float"),
    (dict(weight_decay=1.0), ValueError, "'weight_decay'"),
    (dict(weight_decay=0), TypeError, "'weight_decay' must be float"),
    (dict(scale_parameter=1), TypeError, "'scale_parameter'"),
    (dict(relative_step=1), TypeError, "'relative_step'"),
    (dict(compression=1), TypeError, "'compression'"),
    (dict(beta1=-0.5), ValueError, "'beta1'"),
    (dict(beta1="x"), TypeError, "'beta1' must be int or float"),
    (dict(loss_scale=-1.0), ValueError, "'loss_scale'"),
])
def test_argument_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        nn.AdaFactor(make_params(), **kwargs)


def test_group_learning_rates_are_refused():
    params = make_params()
    with pytest.raises(ValueError, match="can not set their own 'lr'"):
        nn.AdaFactor([{"params": params[:1], "lr": 0.05}, {"params": params[1:]}], learning_rate=0.1,
                     relative_step=False)
