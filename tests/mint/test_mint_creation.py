"""mint's creation and random functions: shapes, dtypes, ranges, sample statistics and that a
Generator's seed repeats the draws."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import mint


def _seeded(seed=7):
    return ms.Generator().manual_seed(seed)


def test_zeros_and_empty_shapes_and_dtypes():
    assert mint.zeros((2, 3)).dtype == ms.float32 and mint.zeros(4).shape == (4,)
    assert mint.zeros((2,), dtype=ms.int32).dtype == ms.int32
    assert mint.empty(2, 3).shape == (2, 3) and mint.empty((2, 3)).dtype == ms.float32
    like = mint.empty_like(ms.Tensor(np.ones((2, 2), np.int32)))
    assert like.shape == (2, 2) and like.dtype == ms.int32


@pytest.mark.parametrize("fn", [mint.rand, mint.randn])
def test_rand_randn_sizes_and_generator(fn):
    assert fn(2, 3).shape == (2, 3) and fn((2, 3)).shape == (2, 3)
    assert fn(4, dtype=ms.float64).dtype == ms.float64
    first = fn(5, generator=_seeded()).asnumpy()
    np.testing.assert_array_equal(first, fn(5, generator=_seeded()).asnumpy())


def test_rand_range_and_randn_statistics():
    uniform = mint.rand(4000, generator=_seeded(1)).asnumpy()
    assert uniform.min() >= 0 and uniform.max() < 1 and abs(uniform.mean() - 0.5) < 0.03
    normal = mint.randn(4000, generator=_seeded(2)).asnumpy()
    assert abs(normal.mean()) < 0.06 and abs(normal.std() - 1) < 0.06


def test_like_functions_follow_input():
    x = ms.Tensor(np.zeros((3, 2), np.float64))
    assert mint.rand_like(x).shape == (3, 2) and mint.rand_like(x).dtype == ms.float64
    assert mint.randn_like(x, dtype=ms.float32).dtype == ms.float32
    ints = mint.randint_like(x, 3, 6).asnumpy()
    assert ints.shape == (3, 2) and ints.min() >= 3 and ints.max() < 6


def test_randint_overloads():
    high_only = mint.randint(5, (100,), generator=_seeded())
    assert high_only.dtype == ms.int64 and high_only.asnumpy().min() >= 0 and high_only.asnumpy().max() < 5
    low_high = mint.randint(-2, 2, (3, 4), dtype=ms.int32)
    assert low_high.shape == (3, 4) and low_high.dtype == ms.int32
    assert low_high.asnumpy().min() >= -2 and low_high.asnumpy().max() < 2


def test_randperm_is_a_permutation():
    perm = mint.randperm(10, generator=_seeded())
    assert perm.dtype == ms.int64
    np.testing.assert_array_equal(np.sort(perm.asnumpy()), np.arange(10))
    np.testing.assert_array_equal(perm.asnumpy(), mint.randperm(10, generator=_seeded()).asnumpy())
    assert mint.randperm(4, dtype=ms.int32).dtype == ms.int32


def test_normal_overloads():
    assert mint.normal(0.0, 1.0, (2, 3)).shape == (2, 3)
    mean = ms.Tensor(np.array([0., 100.], np.float32))
    draws = mint.normal(mean, 0.1, generator=_seeded()).asnumpy()
    assert draws.shape == (2,) and abs(draws[1] - 100) < 1
    assert mint.normal(mean, ms.Tensor(np.ones((3, 1), np.float32))).shape == (3, 2)


def test_bernoulli_uses_input_probabilities():
    probs = ms.Tensor(np.array([0., 1., 0., 1.], np.float32))
    np.testing.assert_array_equal(mint.bernoulli(probs, generator=_seeded()).asnumpy(), [0., 1., 0., 1.])


def test_multinomial_with_and_without_replacement():
    weights = ms.Tensor(np.array([[0., 1., 0., 3.], [1., 0., 0., 0.]], np.float32))
    picks = mint.multinomial(weights, 2, generator=_seeded()).asnumpy()
    assert picks.dtype == np.int64 and sorted(picks[0]) == [1, 3]
    many = mint.multinomial(weights, 400, replacement=True, generator=_seeded()).asnumpy()
    assert set(np.unique(many[1])) == {0} and set(np.unique(many[0])) == {1, 3}
    assert 0.65 < np.mean(many[0] == 3) < 0.85


ERROR_CASES = [
    (lambda: mint.randint(5), TypeError, 'randint'),
    (lambda: mint.randint(5, 2, (3,)), ValueError, "'low'"),
    (lambda: mint.rand(2, dtype=ms.int32), TypeError, 'floating'),
    (lambda: mint.empty(-1), TypeError, 'size'),
    (lambda: mint.randperm(-1), ValueError, "'n'"),
    (lambda: mint.normal(0.0, 1.0), TypeError, 'size'),
    (lambda: mint.multinomial(ms.Tensor(np.ones(3, np.float32)), 4), ValueError, 'num_samples'),
]


@pytest.mark.parametrize("call, error, match", ERROR_CASES)
def test_error(call, error, match):
    with pytest.raises(error, match=match):
        call()
