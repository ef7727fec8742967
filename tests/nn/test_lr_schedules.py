"""Learning-rate schedules: the dynamic_lr functions give exactly MindSpore 2.7.1's lists
(the expected values below are its output), and the LearningRateSchedule Cells its Float32
values step by step; argument errors of both."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor
from spore.nn import dynamic_lr as D
from spore.nn import learning_rate_schedule as S

# MindSpore 2.7.1's output for these calls.
DYNAMIC_LR = [
    (D.exponential_decay_lr, (0.1, 0.9, 6, 2, 1),
     [0.1, 0.1, 0.09000000000000001, 0.09000000000000001, 0.08100000000000002, 0.08100000000000002]),
    (D.exponential_decay_lr, (0.1, 0.9, 6, 2, 2, True),
     [0.1, 0.1, 0.1, 0.1, 0.09000000000000001, 0.09000000000000001]),
    (D.natural_exp_decay_lr, (0.1, 0.9, 6, 2, 2),
     [0.1, 0.1, 0.04065696597405991, 0.04065696597405991, 0.016529888822158657, 0.016529888822158657]),
    (D.natural_exp_decay_lr, (0.1, 0.9, 6, 2, 2, True),
     [0.1, 0.1, 0.1, 0.1, 0.016529888822158657, 0.016529888822158657]),
    (D.inverse_decay_lr, (0.1, 0.5, 6, 1, 1),
     [0.1, 0.06666666666666667, 0.05, 0.04, 0.03333333333333333, 0.028571428571428574]),
    (D.inverse_decay_lr, (0.1, 0.5, 6, 2, 2, True), [0.1, 0.1, 0.1, 0.1, 0.06666666666666667, 0.06666666666666667]),
    (D.cosine_decay_lr, (0.01, 0.1, 6, 1, 2), [0.1, 0.05500000000000001, 0.01, 0.01, 0.01, 0.01]),
    (D.polynomial_decay_lr, (0.1, 0.01, 6, 2, 2, 0.5),
     [0.1, 0.1, 0.07363961030678928, 0.07363961030678928, 0.01, 0.01]),
    (D.polynomial_decay_lr, (0.1, 0.01, 6, 1, 2, 0.5, True),
     [0.1, 0.07363961030678928, 0.01, 0.05500000000000001, 0.01, 0.04674234614174767]),
    (D.warmup_lr, (0.1, 6, 2, 2), [0.0, 0.0, 0.05, 0.05, 0.1, 0.1]),
    (D.warmup_lr, (0.0, 3, 1, 1), [0.0, 0.0, 0.0]),
    (D.piecewise_constant_lr, ([2, 5, 6], [0.1, 0.05, 0.01]), [0.1, 0.1, 0.05, 0.05, 0.05, 0.01]),
    (D.piecewise_constant_lr, ((2, 5), (0.1, 0.2)), [0.1, 0.1, 0.2, 0.2, 0.2]),
    (D.piecewise_constant_lr, ((2, 2), (0.1, 0.2)), [0.1, 0.1]),
]


@pytest.mark.parametrize("fn, args, expected", DYNAMIC_LR, ids=[f[0].__name__ for f in DYNAMIC_LR])
def test_dynamic_lr_equals_mindspore(fn, args, expected):
    got = fn(*args)
    assert isinstance(got, list)
    assert got == expected


@pytest.mark.parametrize("call, error, match", [
    (lambda: D.piecewise_constant_lr([2, 5], [0.1]), ValueError, "the same length"),
    (lambda: D.piecewise_constant_lr([5, 2], [0.1, 0.2]), ValueError, "must not decrease"),
    (lambda: D.piecewise_constant_lr([2, 5], [1, 0.2]), TypeError, r"'learning_rates\[0\]' must be float"),
    (lambda: D.piecewise_constant_lr([0, 5], [0.1, 0.2]), ValueError, r"'milestone\[0\]' must be a positive int"),
    (lambda: D.piecewise_constant_lr("ab", [0.1, 0.2]), TypeError, "'milestone' must be tuple or list"),
    (lambda: D.exponential_decay_lr(0.1, 0.9, 0, 1, 1), ValueError, "'total_step' must be a positive int"),
    (lambda: D.exponential_decay_lr(1, 0.9, 3, 1, 1), TypeError, "'learning_rate' must be float"),
    (lambda: D.exponential_decay_lr(-0.1, 0.9, 3, 1, 1), ValueError, r"'learning_rate' must be in range \(0.0"),
    (lambda: D.natural_exp_decay_lr(0.1, 0.0, 3, 1, 1), ValueError, "'decay_rate'"),
    (lambda: D.inverse_decay_lr(0.1, 0.9, 3, 1, 1, 1), TypeError, "'is_stair' must be bool"),
    (lambda: D.inverse_decay_lr(0.1, 0.9, 3, 0, 1), ValueError, "'step_per_epoch'"),
    (lambda: D.cosine_decay_lr(0.2, 0.1, 3, 1, 1), ValueError, "'max_lr' must be greater than the 'min_lr'"),
    (lambda: D.cosine_decay_lr(0, 0.1, 3, 1, 1), TypeError, "'min_lr' must be float"),
    (lambda: D.cosine_decay_lr(0.0, 0.1, 3, 1, 0), ValueError, "'decay_epoch'"),
    (lambda: D.polynomial_decay_lr(0.1, 0, 3, 1, 1, 0.5), TypeError, "'end_learning_rate' must be float"),
    (lambda: D.polynomial_decay_lr(0.1, 0.0, 3, 1, 1, 1), TypeError, "'power' must be float"),
    (lambda: D.polynomial_decay_lr(0.1, 0.0, 3, 1, 1, 0.5, 1), TypeError, "'update_decay_epoch' must be bool"),
    (lambda: D.warmup_lr(-0.1, 3, 1, 1), ValueError, "'learning_rate'"),
    (lambda: D.warmup_lr(0.1, 3, 1, 0), ValueError, "'warmup_epoch'"),
])
def test_dynamic_lr_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


# MindSpore 2.7.1's values (Float32) at global steps 0..10.
SCHEDULES = [
    (lambda: S.ExponentialDecayLR(0.1, 0.9, 4),
     [0.1, 0.09740037, 0.09486832, 0.09240211, 0.09, 0.08766034, 0.0853815, 0.0831619, 0.081, 0.0788943, 0.07684334]),
    (lambda: S.ExponentialDecayLR(0.1, 0.9, 4, True), [0.1] * 4 + [0.09] * 4 + [0.081] * 3),
    (lambda: S.NaturalExpDecayLR(0.1, 0.9, 4),
     [0.1, 0.04065697, 0.01652989, 0.006720554, 0.002732373, 0.0011109, 0.0004516584, 0.0001836306, 7.465862e-05,
      3.035394e-05, 1.234098e-05]),
    (lambda: S.NaturalExpDecayLR(0.1, 0.9, 4, True), [0.1] * 4 + [0.002732373] * 4 + [7.465862e-05] * 3),
    (lambda: S.InverseDecayLR(0.1, 0.9, 4),
     [0.1, 0.08163265, 0.06896552, 0.05970149, 0.05263158, 0.04705882, 0.04255319, 0.03883496, 0.03571429, 0.03305785,
      0.03076923]),
    (lambda: S.InverseDecayLR(0.1, 0.9, 4, True), [0.1] * 4 + [0.05263158] * 4 + [0.03571429] * 3),
    (lambda: S.CosineDecayLR(0.01, 0.1, 4), [0.1, 0.08681981, 0.055, 0.02318019] + [0.01] * 7),
    (lambda: S.PolynomialDecayLR(0.1, 0.01, 4, 0.5), [0.1, 0.08794229, 0.07363961, 0.055] + [0.01] * 7),
    (lambda: S.PolynomialDecayLR(0.1, 0.01, 4, 0.5, True),
     [0.1, 0.08794229, 0.07363961, 0.055, 0.01, 0.06511352, 0.055, 0.0418198, 0.01, 0.055, 0.04674235]),
    (lambda: S.WarmUpLR(0.1, 4), [0.0, 0.025, 0.05, 0.075] + [0.1] * 7),
]


@pytest.mark.parametrize("build, expected", SCHEDULES, ids=[str(i) for i in range(len(SCHEDULES))])
def test_schedule_values(build, expected):
    schedule = build()
    got = [schedule(Tensor(np.array([step], np.int32))) for step in range(11)]
    assert all(g.shape == (1,) and g.dtype == ms.float32 for g in got)
    np.testing.assert_allclose([g.asnumpy()[0] for g in got], expected, rtol=2e-6, atol=1e-9)
    scalar = schedule(Tensor(3, ms.int32))
    assert scalar.shape == () and scalar.dtype == ms.float32
    np.testing.assert_allclose(scalar.asnumpy(), expected[3], rtol=2e-6)


def test_schedule_of_a_float_or_int64_step():
    np.testing.assert_allclose(S.WarmUpLR(0.1, 4)(Tensor(np.array([2.5], np.float32))).asnumpy(), [0.0625])
    out = S.ExponentialDecayLR(0.1, 0.9, 4)(Tensor(np.array([2], np.int64)))
    assert out.dtype == ms.float32


def test_schedules_are_cells_without_parameters():
    schedule = S.CosineDecayLR(0.01, 0.1, 4)
    assert isinstance(schedule, S.LearningRateSchedule) and isinstance(schedule, ms.nn.Cell)
    assert list(schedule.get_parameters()) == []
    with pytest.raises(NotImplementedError):
        S.LearningRateSchedule()(Tensor(1, ms.int32))


@pytest.mark.parametrize("build, error, match", [
    (lambda: S.ExponentialDecayLR(1, 0.9, 4), TypeError, "For 'ExponentialDecayLR', the 'learning_rate' must be float"),
    (lambda: S.ExponentialDecayLR(-0.1, 0.9, 4), ValueError, "'learning_rate' must be in range"),
    (lambda: S.ExponentialDecayLR(0.1, 0.9, 0), ValueError, "'decay_steps' must be a positive int"),
    (lambda: S.ExponentialDecayLR(0.1, 0.9, 4.0), TypeError, "'decay_steps' must be int"),
    (lambda: S.NaturalExpDecayLR(0.1, 0.9, 4, 1), TypeError, "'is_stair' must be bool"),
    (lambda: S.InverseDecayLR(0.1, -0.9, 4), ValueError, "'decay_rate'"),
    (lambda: S.CosineDecayLR(0.1, 0.1, 4), ValueError, "'max_lr' must be greater than the 'min_lr'"),
    (lambda: S.CosineDecayLR(0, 0.1, 4), TypeError, "For 'CosineDecayLR', the 'min_lr' must be float"),
    (lambda: S.PolynomialDecayLR(0.1, 0, 4, 0.5), TypeError, "'end_learning_rate' must be float"),
    (lambda: S.PolynomialDecayLR(0.1, 0.0, 4, 1), TypeError, "'power' must be float"),
    (lambda: S.PolynomialDecayLR(0.1, 0.0, 4, 0.5, 1), TypeError, "'update_decay_steps' must be bool"),
    (lambda: S.WarmUpLR(1, 4), TypeError, "For 'WarmUpLR', the 'learning_rate' must be float"),
    (lambda: S.WarmUpLR(0.1, 0), ValueError, "'warmup_steps' must be a positive int"),
])
def test_schedule_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()
