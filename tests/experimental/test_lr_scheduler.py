"""mindspore.experimental.optim.lr_scheduler: each scheduler's sequence of rates (the one set
at construction, then after each step) against values computed by hand here, for an
optimizer with two groups (rates 0.1 and 0.5); chaining, SequentialLR, ReduceLROnPlateau,
resuming, and argument errors.
"""
import math

import numpy as np
import pytest

from spore import Parameter, Tensor
from spore.experimental import optim

S = optim.lr_scheduler
BASES = (0.1, 0.5)


def make_optimizer():
    a = Parameter(Tensor(np.ones(2, np.float32)), "a")
    b = Parameter(Tensor(np.ones(3, np.float32)), "b")
    return optim.SGD([{"params": [a]}, {"params": [b], "lr": BASES[1]}], lr=BASES[0])


def rates(scheduler):
    return [float(rate.asnumpy()) for rate in scheduler.get_last_lr()]


def sequence(make, steps, epochs=None):
    opt = make_optimizer()
    scheduler = make(opt)
    out = [rates(scheduler)]
    for i in range(steps):
        scheduler.step() if epochs is None else scheduler.step(epochs[i])
        out.append(rates(scheduler))
    # The scheduler writes the optimizer's own rate Parameters.
    assert out[-1] == [float(group["lr"].asnumpy()) for group in opt.param_groups]
    return out


def per_group(factors):
    """The rates of both groups: each base rate times each factor."""
    return [[base * f for base in BASES] for f in factors]


def cosine(base, eta_min, t, period):
    return eta_min + (base - eta_min) * (1 + math.cos(math.pi * t / period)) / 2


CASES = [
    ("StepLR", lambda o: S.StepLR(o, 3, gamma=0.5), None, per_group([1, 1, 1, .5, .5, .5, .25, .25])),
    ("StepLR-epochs", lambda o: S.StepLR(o, 3, gamma=0.5), [2, 4, 7, 0], per_group([1, 1, .5, .25, 1])),
    ("MultiStepLR", lambda o: S.MultiStepLR(o, [2, 5, 5], gamma=0.5), None, per_group([1, 1, .5, .5, .5, .125, .125])),
    ("MultiStepLR-epochs", lambda o: S.MultiStepLR(o, [2, 5, 5], gamma=0.5), [6, 3], per_group([1, .125, .5])),
    ("ConstantLR", lambda o: S.ConstantLR(o, factor=0.25, total_iters=3), None, per_group([.25, .25, .25, 1, 1])),
    ("ConstantLR-epochs", lambda o: S.ConstantLR(o, factor=0.25, total_iters=3), [5, 1], per_group([.25, 1, .25])),
    ("LinearLR", lambda o: S.LinearLR(o, start_factor=0.2, end_factor=0.8, total_iters=3), None,
     per_group([.2, .4, .6, .8, .8])),
    ("LinearLR-epochs", lambda o: S.LinearLR(o, start_factor=0.2, end_factor=0.8, total_iters=3), [2, 9],
     per_group([.2, .6, .8])),
    ("ExponentialLR", lambda o: S.ExponentialLR(o, 0.8), None, per_group([1, .8, .64, .512])),
    ("ExponentialLR-epochs", lambda o: S.ExponentialLR(o, 0.8), [3, 1], per_group([1, .512, .8])),
    ("PolynomialLR", lambda o: S.PolynomialLR(o, total_iters=4, power=2.0), None,
     per_group([1, .5625, .25, .0625, 0, 0])),
    ("PolynomialLR-epochs", lambda o: S.PolynomialLR(o, total_iters=4, power=2.0), [2, 1], per_group([1, .25, .5625])),
    ("LambdaLR", lambda o: S.LambdaLR(o, [lambda e: 0.9 ** e, lambda e: 1 / (e + 1)]), None,
     [[0.1 * 0.9 ** e, 0.5 / (e + 1)] for e in range(5)]),
    ("MultiplicativeLR", lambda o: S.MultiplicativeLR(o, lambda e: 0.95), None,
     per_group([0.95 ** e for e in range(5)])),
    ("CosineAnnealingLR", lambda o: S.CosineAnnealingLR(o, T_max=4, eta_min=0.01), None,
     [[cosine(b, 0.01, e, 4) for b in BASES] for e in range(10)]),
    ("CosineAnnealingLR-epochs", lambda o: S.CosineAnnealingLR(o, T_max=4, eta_min=0.01), [3, 6],
     [[cosine(b, 0.01, e, 4) for b in BASES] for e in (0, 3, 6)]),
    ("CosineAnnealingWarmRestarts", lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2, eta_min=0.01), None,
     [[cosine(b, 0.01, t, p) for b in BASES] for t, p in [(0, 2), (1, 2), (0, 4), (1, 4), (2, 4), (3, 4), (0, 8)]]),
    ("CosineAnnealingWarmRestarts-epochs",
     lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2, eta_min=0.01), [1.5, 3.0, 7.0],
     [[cosine(b, 0.01, t, p) for b in BASES] for t, p in [(0, 2), (1.5, 2), (1.0, 4), (1.0, 8)]]),
    ("CosineAnnealingWarmRestarts-T_mult1", lambda o: S.CosineAnnealingWarmRestarts(o, T_0=3), [7],
     [[cosine(b, 0, t, 3) for b in BASES] for t in (0, 1)]),
    ("CyclicLR", lambda o: S.CyclicLR(o, 0.01, [0.1, 0.2], step_size_up=3, step_size_down=2), None,
     [[0.01 + (m - 0.01) * h for m in (0.1, 0.2)] for h in (0, 1 / 3, 2 / 3, 1, .5, 0, 1 / 3)]),
    ("CyclicLR-triangular2", lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode="triangular2"), None,
     [[0.01 + 0.09 * h] * 2 for h in (0, .5, 1, .5, 0, .25, .5, .25, 0)]),
    ("CyclicLR-exp_range", lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode="exp_range", gamma=0.9), None,
     [[0.01 + 0.09 * h * 0.9 ** e] * 2 for e, h in enumerate((0, .5, 1, .5, 0, .5))]),
    ("CyclicLR-scale_fn", lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=1, scale_fn=lambda x: 1 / x), None,
     [[0.01 + 0.09 * h / c] * 2 for c, h in ((1, 0), (1, 1), (2, 0), (2, 1))]),
]


@pytest.mark.parametrize("name, make, epochs, expected", CASES, ids=[case[0] for case in CASES])
def test_rate_sequence(name, make, epochs, expected):
    got = sequence(make, len(expected) - 1, epochs)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-8)


def test_chained_schedulers_compose():
    opt = make_optimizer()
    step_lr = S.StepLR(opt, 2, gamma=0.5)
    exponential = S.ExponentialLR(opt, 0.9)
    got = []
    for _ in range(4):
        step_lr.step()
        exponential.step()
        got.append(rates(exponential))
    np.testing.assert_allclose(got, per_group([0.9, 0.5 * 0.9 ** 2, 0.5 * 0.9 ** 3, 0.25 * 0.9 ** 4]), rtol=1e-5)


def test_sequential_lr_switches_at_milestones():
    opt = make_optimizer()
    warmup = S.ConstantLR(opt, factor=0.5, total_iters=2)
    decay = S.ExponentialLR(opt, gamma=0.9)
    scheduler = S.SequentialLR(opt, schedulers=[warmup, decay], milestones=[3])
    got = [rates(scheduler)]
    for _ in range(6):
        scheduler.step()
        got.append(rates(scheduler))
    np.testing.assert_allclose(got, per_group([.5, .5, 1, 1, .9, .81, .729]), rtol=1e-5)


@pytest.mark.parametrize("options, metrics, factors", [
    ({"patience": 2}, [1.0, 0.9, 0.95, 0.95, 0.95, 0.85, 0.9, 0.9, 0.9], [1, 1, 1, 1, .1, .1, .1, .1, .01]),
    ({"mode": "max", "patience": 1, "cooldown": 2, "factor": 0.5}, [1, 1, 1, 1, 1, 1, 1],
     [1, 1, .5, .5, .5, .5, .25]),
    ({"patience": 0, "threshold": 0.1, "threshold_mode": "abs"}, [1.0, 0.95, 0.5, 0.45], [1, .1, .1, .01]),
])
def test_reduce_lr_on_plateau(options, metrics, factors):
    opt = make_optimizer()
    scheduler = S.ReduceLROnPlateau(opt, **options)
    got = []
    for metric in metrics:
        scheduler.step(Tensor(metric, np.float32) if isinstance(metric, float) else metric)
        got.append(rates(scheduler))
    np.testing.assert_allclose(got, per_group(factors), rtol=1e-5)


def test_reduce_lr_on_plateau_stops_at_min_lr():
    opt = make_optimizer()
    scheduler = S.ReduceLROnPlateau(opt, patience=0, min_lr=[0.05, 0.4], factor=0.5)
    for _ in range(4):
        scheduler.step(1.0)
    np.testing.assert_allclose(rates(scheduler), [0.05, 0.4], rtol=1e-6)


def test_first_scheduler_records_initial_lr_and_resuming_needs_it():
    opt = make_optimizer()
    S.ExponentialLR(opt, 0.5).step()
    assert [float(g["initial_lr"].asnumpy()) for g in opt.param_groups] == pytest.approx(BASES)
    resumed = S.ExponentialLR(opt, 0.5, last_epoch=3)
    assert int(resumed.last_epoch.asnumpy()) == 4
    with pytest.raises(KeyError, match="initial_lr"):
        S.StepLR(make_optimizer(), 2, last_epoch=3)


ERROR_CASES = [
    (lambda o: S.StepLR(3, 2), TypeError, "Optimizer"),
    (lambda o: S.StepLR(o, 2, gamma=1), TypeError, "gamma"),
    (lambda o: S.StepLR(o, 2.0), TypeError, "step_size"),
    (lambda o: S.StepLR(o, 2, last_epoch=-2), ValueError, "last_epoch"),
    (lambda o: S.LinearLR(o, start_factor=0), ValueError, "start_factor"),
    (lambda o: S.LinearLR(o, end_factor=2), ValueError, "end_factor"),
    (lambda o: S.LinearLR(o, total_iters=2.0), TypeError, "total_iters"),
    (lambda o: S.ExponentialLR(o, 1), TypeError, "gamma"),
    (lambda o: S.PolynomialLR(o, power=-1.0), ValueError, "power"),
    (lambda o: S.PolynomialLR(o, power=1), TypeError, "power"),
    (lambda o: S.LambdaLR(o, [lambda e: 1]), ValueError, "lr_lambda"),
    (lambda o: S.MultiStepLR(o, (1, 2)), TypeError, "milestones"),
    (lambda o: S.MultiStepLR(o, [1.0]), TypeError, "milestones"),
    (lambda o: S.ConstantLR(o, factor=2), ValueError, "factor"),
    (lambda o: S.CosineAnnealingLR(o, 2.0), TypeError, "T_max"),
    (lambda o: S.CosineAnnealingWarmRestarts(o, 0), ValueError, "T_0"),
    (lambda o: S.CosineAnnealingWarmRestarts(o, 2, T_mult=0), ValueError, "T_mult"),
    (lambda o: S.CosineAnnealingWarmRestarts(o, 2).step(-1), ValueError, "epoch"),
    (lambda o: S.CyclicLR(o, 0.1, 1.0, mode="x"), ValueError, "mode"),
    (lambda o: S.CyclicLR(o, [0.1], 1.0), ValueError, "base_lr"),
    (lambda o: S.ReduceLROnPlateau(o, factor=1.0), ValueError, "factor"),
    (lambda o: S.ReduceLROnPlateau(o, mode="x"), ValueError, "mode"),
    (lambda o: S.ReduceLROnPlateau(o, threshold_mode="x"), ValueError, "threshold_mode"),
    (lambda o: S.ReduceLROnPlateau(o, min_lr=[0.1]), ValueError, "min_lr"),
    (lambda o: S.SequentialLR(o, [S.StepLR(o, 2)], [1]), ValueError, "milestone"),
    (lambda o: S.SequentialLR(o, [S.StepLR(make_optimizer(), 2)], []), ValueError, "optimizer"),
]


@pytest.mark.parametrize("make, error, match", ERROR_CASES)
def test_argument_errors(make, error, match):
    with pytest.raises(error, match=match):
        make(make_optimizer())
