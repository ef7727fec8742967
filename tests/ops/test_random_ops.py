"""Random primitives and functions: shapes, dtypes, distributions, seed rules, bad input.

Random values have no NumPy reference. A forward case either draws where the result is
certain (one possible value, one-hot weights, constant rows), or checks the seed
contract: a new instance with the same seeds draws the same values (`same_seeds`).
Distribution statistics are checked on large samples in the plain tests below.
"""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore._kernels import rng as seed_streams
from spore.common import seed as seed_module

from .op_testing import (
    VALUE_DEPENDENT_SHAPE,
    ErrorCase,
    OpCase,
    case_id,
    positive,
    rand,
    run_case,
    run_error_case,
    to_tensors,
)

I32, F32 = ms.int32, ms.float32


def same_seeds(make):
    """A reference for the primitive `make()` builds: a new instance from `make` draws
    the same values from the same inputs."""
    def reference(*inputs):
        out = make()(*to_tensors(inputs))
        return tuple(o.asnumpy() for o in out) if isinstance(out, tuple) else out.asnumpy()
    return reference


def seeded(make, inputs, **kwargs) -> OpCase:
    return OpCase(make(), inputs, same_seeds(make), **kwargs)


def i32(value):
    return np.array(value, dtype=np.int32)


def shape_tensor(*dims):
    return np.array(dims, dtype=np.int64)


CASES = [
    seeded(lambda: ops.StandardNormal(seed=3, seed2=4), ((2, 3),)),
    seeded(lambda: ops.StandardNormal(seed=0, seed2=7), ((),)),
    seeded(lambda: ops.StandardNormal(seed=5), (shape_tensor(4, 1, 2),)),
    OpCase(ops.StandardNormal(seed=1), ((2, 0),), lambda s: np.zeros(s, np.float32)),
    OpCase(ops.standard_normal, ((3, 0, 2),), lambda s: np.zeros(s, np.float32), prim="StandardNormal"),
    seeded(lambda: ops.UniformReal(seed=2), ((5, 4),)),
    seeded(lambda: ops.UniformReal(seed=2, seed2=9), (shape_tensor(3),)),
    OpCase(ops.UniformReal(seed=1), ((0,),), lambda s: np.zeros(s, np.float32)),
    OpCase(ops.rand, (2, 0), lambda *s: np.zeros(s, np.float32), prim="UniformReal"),
    seeded(lambda: ops.StandardLaplace(seed=8), ((3, 3),)),
    OpCase(ops.standard_laplace, ((0, 2),), lambda s: np.zeros(s, np.float32), prim="StandardLaplace"),
    seeded(lambda: ops.UniformInt(seed=4), ((3, 5), i32(-5), i32(5))),
    OpCase(ops.UniformInt(seed=1), ((2, 3), i32(7), i32(8)), lambda s, lo, hi: np.full(s, 7, np.int32)),
    OpCase(ops.UniformInt(), (shape_tensor(4), i32(-3), i32(-2)), lambda s, lo, hi: np.full(4, -3, np.int32)),
    OpCase(lambda: ops.randint(2, 3, (2, 2), dtype=ms.int32), (), lambda: np.full((2, 2), 2, np.int32),
           prim="UniformInt"),
    seeded(lambda: ops.RandomShuffle(seed=6), (rand(6, 3),)),
    seeded(lambda: ops.RandomShuffle(seed=6, seed2=1), (rand(5, dtype=np.int8),)),
    OpCase(ops.RandomShuffle(), (np.ones((4, 2), np.float64),), lambda x: x),
    OpCase(ops.RandomShuffle(seed=2), (np.array(1.5, np.float32),), lambda x: x),
    OpCase(ops.RandomShuffle(seed=2), (np.array([True]),), lambda x: x),
    OpCase(ops.shuffle, (np.zeros((0, 2), np.float32),), lambda x: x, prim="RandomShuffle"),
    seeded(lambda: ops.Multinomial(seed=5), (np.array([0.1, 0.5, 0.4], np.float32), 6)),
    seeded(lambda: ops.Multinomial(seed=5, dtype=ms.int64), (rand(3, 4, low=0.1), 2)),
    OpCase(ops.Multinomial(seed=1), (np.array([[0, 0, 3], [2, 0, 0]], np.float32), 4),
           lambda x, n: np.array([[2] * 4, [0] * 4], np.int32)),
    OpCase(ops.Multinomial(seed=1), (np.array([0, 5], np.int32), i32(3)), lambda x, n: np.ones(3, np.int32)),
    OpCase(ops.Multinomial(seed=1), (np.array([1.0, 2.0], np.float64), 0), lambda x, n: np.zeros(0, np.int32)),
    OpCase(ops.multinomial, (np.array([0.0, 1.0], np.float16), 2), lambda x, n: np.ones(2, np.int32),
           prim="Multinomial"),
    seeded(lambda: ops.RandomCategorical(ms.int32), (rand(3, 5), 4, 7)),
    seeded(lambda: ops.RandomCategorical(), (rand(2, 6, dtype=np.float64), 3, -2)),
    OpCase(ops.RandomCategorical(ms.int16), (np.array([[0, -1e4], [-1e4, 0]], np.float16), 3, 1),
           lambda x, n, s: np.array([[0] * 3, [1] * 3], np.int16)),
    OpCase(ops.random_categorical, (np.array([[-1e9, -1e9, 0]], np.float32), 2),
           lambda x, n: np.full((1, 2), 2, np.int64), prim="RandomCategorical"),
    seeded(lambda: ops.Gamma(seed=3), ((3, 1, 2), np.array([[3, 4], [5, 6]], np.float32),
                                       np.array([1.0, 2.0], np.float32))),
    seeded(lambda: ops.Gamma(seed=3, seed2=3), ((2,), np.ones((4, 1), np.float32), np.ones(1, np.float32))),
    OpCase(ops.gamma, ((2, 2), np.ones(1, np.float32), np.zeros(1, np.float32)),
           lambda s, a, b: np.zeros(s, np.float32), prim="Gamma"),
    seeded(lambda: ops.Poisson(seed=4), ((4, 2), np.array([1.0, 9.0], np.float32))),
    OpCase(ops.poisson, ((3,), np.zeros(1, np.float32)), lambda s, m: np.zeros(3, np.int32), prim="Poisson"),
    seeded(lambda: ops.RandomGamma(seed=9), (shape_tensor(3, 1), np.array([0.5, 2.0], np.float32))),
    seeded(lambda: ops.RandomGamma(seed=9), (np.array([2], np.int32), np.array([[1.0]], np.float16))),
    OpCase(ops.random_gamma, (shape_tensor(0, 2), np.ones(3, np.float64)),
           lambda s, a: np.zeros((0, 2, 3), np.float64), prim="RandomGamma"),
    seeded(lambda: ops.RandomPoisson(seed=2), (shape_tensor(5), np.array([[1.0, 4.0]], np.float32))),
    seeded(lambda: ops.RandomPoisson(seed=2, dtype=ms.float16), (shape_tensor(2, 2), np.array(3, np.int32))),
    OpCase(ops.random_poisson, (shape_tensor(2), np.zeros(2, np.float64)),
           lambda s, r: np.zeros((2, 2), np.float32), prim="RandomPoisson"),
]

ERROR_CASES = [
    ErrorCase(lambda: ops.StandardNormal(seed=-1), (), ValueError, "For 'StandardNormal', the 'seed'"),
    ErrorCase(lambda: ops.StandardNormal(seed2=1.5), (), TypeError, "For 'StandardNormal', the 'seed2'"),
    ErrorCase(lambda: ops.StandardNormal(seed=True), (), TypeError, "'seed' must be int"),
    ErrorCase(ops.StandardNormal(), ([2, 3],), TypeError, "For 'StandardNormal', the 'shape' must be a tuple"),
    ErrorCase(ops.StandardNormal(), (3,), TypeError, "the 'shape' must be a tuple"),
    ErrorCase(ops.StandardNormal(), ((2, -1),), ValueError, "For 'StandardNormal', every item of 'shape'"),
    ErrorCase(ops.StandardNormal(), ((2, 1.5),), TypeError, r"'shape\[1\]' must be int"),
    ErrorCase(ops.StandardNormal(), (np.array([2.0]),), TypeError, "the dtype of 'shape'"),
    ErrorCase(ops.StandardNormal(), (np.array([[2]]),), ValueError, "the dimension of 'shape' must be 1"),
    ErrorCase(ops.UniformReal(), ((2, -3),), ValueError, "For 'UniformReal', every item of 'shape'"),
    ErrorCase(lambda: ops.UniformReal(seed=-2), (), ValueError, "For 'UniformReal'"),
    ErrorCase(ops.StandardLaplace(), ("a",), TypeError, "For 'StandardLaplace', the 'shape'"),
    ErrorCase(ops.UniformInt(), ((2,), i32(5), i32(5)), RuntimeError,
              "For 'UniformInt', 'minval' must be less than 'maxval'"),
    ErrorCase(ops.UniformInt(), ((2,), i32(6), i32(5)), RuntimeError, "minval=6 and maxval=5"),
    ErrorCase(ops.UniformInt(), ((2,), 1, i32(5)), TypeError, "For 'UniformInt', the 'minval' must be a Tensor"),
    ErrorCase(ops.UniformInt(), ((2,), np.array(1, np.int64), i32(5)), TypeError, "the dtype of 'minval'"),
    ErrorCase(ops.UniformInt(), ((2,), i32(1), i32([5])), ValueError, "the 'maxval' must be a 0-d Tensor"),
    ErrorCase(ops.UniformInt(), ((2, -2), i32(1), i32(5)), ValueError, "For 'UniformInt', every item of 'shape'"),
    ErrorCase(ops.RandomShuffle(), ("x",), TypeError, "For 'RandomShuffle', the 'x' must be a Tensor"),
    ErrorCase(lambda: ops.RandomShuffle(seed2=-1), (), ValueError, "For 'RandomShuffle', the 'seed2'"),
    ErrorCase(lambda: ops.Multinomial(dtype=ms.float32), (), TypeError, "For 'Multinomial', the 'dtype'"),
    ErrorCase(ops.Multinomial(), (positive(4), -1), ValueError, "For 'Multinomial', the 'num_samples'"),
    ErrorCase(ops.Multinomial(), (positive(4), 2.0), TypeError, "For 'Multinomial', the 'num_samples' must be int"),
    ErrorCase(ops.Multinomial(), (rand(2, 2, 2), 2), ValueError, "the dimension of 'x' must be 1 or 2"),
    ErrorCase(ops.Multinomial(), (np.array(1.0, np.float32), 2), ValueError, "the dimension of 'x'"),
    ErrorCase(ops.Multinomial(), (np.zeros(3, np.float32), 2), RuntimeError, "For 'Multinomial'"),
    ErrorCase(lambda: ops.RandomCategorical(ms.float32), (), TypeError, "For 'RandomCategorical', the 'dtype'"),
    ErrorCase(ops.RandomCategorical(), (rand(5), 2, 0), ValueError, "the dimension of 'logits' must be 2"),
    ErrorCase(ops.RandomCategorical(), (rand(2, 5), 0, 0), ValueError, "'num_sample' must be a positive int"),
    ErrorCase(ops.RandomCategorical(), (rand(2, 5), 2, 1.5), TypeError, "the 'seed' must be int"),
    ErrorCase(ops.RandomCategorical(), (np.ones((2, 2), np.int32), 2, 0), TypeError, "the dtype of 'logits'"),
    ErrorCase(ops.Gamma(), ([3], np.ones(1, np.float32), np.ones(1, np.float32)), TypeError,
              "For 'Gamma', the 'shape' must be tuple"),
    ErrorCase(ops.Gamma(), ((3, 0), np.ones(1, np.float32), np.ones(1, np.float32)), ValueError,
              "every item of 'shape' must be a positive int"),
    ErrorCase(ops.Gamma(), ((3,), np.ones(1, np.float64), np.ones(1, np.float32)), TypeError,
              "the dtype of 'alpha'"),
    ErrorCase(ops.Gamma(), ((3,), np.ones(2, np.float32), np.ones(3, np.float32)), ValueError,
              "For 'Gamma'.*broadcast"),
    ErrorCase(ops.Poisson(), ((3,), np.ones(1, np.int32)), TypeError, "For 'Poisson', the dtype of 'mean'"),
    ErrorCase(ops.Poisson(), ((3,), np.ones(2, np.float32)), ValueError, "For 'Poisson'.*broadcast"),
    ErrorCase(ops.RandomGamma(), ((2,), np.ones(1, np.float32)), TypeError, "For 'RandomGamma', the 'shape'"),
    ErrorCase(ops.RandomGamma(), (shape_tensor(2), np.ones(1, np.int32)), TypeError, "the dtype of 'alpha'"),
    ErrorCase(ops.RandomPoisson(), ((2,), np.ones(1, np.float32)), TypeError, "For 'RandomPoisson', the 'shape'"),
    ErrorCase(ops.RandomPoisson(), (shape_tensor(-1), np.ones(1, np.float32)), ValueError, "every item of 'shape'"),
    ErrorCase(lambda: ops.RandomPoisson(dtype=ms.bool_), (), TypeError, "For 'RandomPoisson', the 'dtype'"),
    ErrorCase(ops.standard_normal, ((2,), -1), ValueError, "For 'standard_normal', the 'seed'",
              prim="StandardNormal"),
    ErrorCase(ops.standard_normal, ((2,), 1.5), TypeError, "For 'standard_normal', the 'seed'",
              prim="StandardNormal"),
]


GRAPH_CONSTANT_INPUTS = {
    "Multinomial[(2,),()]": VALUE_DEPENDENT_SHAPE,
    "RandomGamma[(1,),(1, 1)]": VALUE_DEPENDENT_SHAPE,
    "RandomGamma[(2,),(2,)]": VALUE_DEPENDENT_SHAPE,
    "RandomGamma[(2,),(3,)]": VALUE_DEPENDENT_SHAPE,
    "RandomPoisson[(1,),(1, 2)]": VALUE_DEPENDENT_SHAPE,
    "RandomPoisson[(1,),(2,)]": VALUE_DEPENDENT_SHAPE,
    "RandomPoisson[(2,),()]": VALUE_DEPENDENT_SHAPE,
    "StandardNormal[(3,)]": VALUE_DEPENDENT_SHAPE,
    "UniformInt[(1,),(),()]": VALUE_DEPENDENT_SHAPE,
    "UniformReal[(1,)]": VALUE_DEPENDENT_SHAPE,
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


@pytest.fixture(autouse=True)
def fresh_seed_state(monkeypatch):
    """Each test starts as a fresh program (no global seed) and leaves none behind."""
    monkeypatch.setattr(seed_streams, "_global_seed", None)
    monkeypatch.setattr(seed_streams, "_op_counter", 0)
    monkeypatch.setattr(seed_module, "_function_ops", {})


def restart_program(monkeypatch):
    """What a re-run of the program starts with: no global seed, no streams yet."""
    monkeypatch.setattr(seed_streams, "_global_seed", None)
    monkeypatch.setattr(seed_module, "_function_ops", {})


# ---- distributions ------------------------------------------------------------------------
N = 200_000


def test_standard_normal_statistics():
    x = ops.StandardNormal(seed=1)((N,)).asnumpy()
    assert x.dtype == np.float32
    assert abs(x.mean()) < 0.01 and abs(x.std() - 1) < 0.01


def test_uniform_real_statistics():
    x = ops.UniformReal(seed=1)((N,)).asnumpy()
    assert x.min() >= 0 and x.max() < 1
    assert abs(x.mean() - 0.5) < 0.01 and abs(x.var() - 1 / 12) < 0.002


def test_uniform_int_covers_range_evenly():
    x = ops.UniformInt(seed=1)((N,), Tensor(-3, I32), Tensor(7, I32)).asnumpy()
    assert x.dtype == np.int32 and x.min() == -3 and x.max() == 6
    counts = np.bincount(x + 3)
    assert counts.size == 10 and np.all(np.abs(counts / N - 0.1) < 0.01)


def test_standard_laplace_statistics():
    x = ops.StandardLaplace(seed=1)((N,)).asnumpy()
    assert abs(x.mean()) < 0.02 and abs(x.var() - 2) < 0.05
    assert np.isfinite(x).all()


def test_random_shuffle_permutes_rows():
    x = np.arange(40, dtype=np.float32).reshape(10, 4)
    y = ops.RandomShuffle(seed=3)(Tensor(x)).asnumpy()
    assert not np.array_equal(x, y)
    np.testing.assert_array_equal(y[np.argsort(y[:, 0])], x)


def test_multinomial_frequencies():
    p = np.array([[0.1, 0.0, 0.6, 0.3], [0.25, 0.25, 0.25, 0.25]], np.float32)
    x = ops.Multinomial(seed=1)(Tensor(p * 7), 50_000).asnumpy()
    assert x.shape == (2, 50_000) and x.dtype == np.int32
    for row, probs in zip(x, p):
        np.testing.assert_allclose(np.bincount(row, minlength=4) / row.size, probs, atol=0.01)


def test_random_categorical_frequencies():
    logits = np.log(np.array([[0.2, 0.5, 0.3]], np.float32))
    x = ops.RandomCategorical(ms.int32)(Tensor(logits), 50_000, 5).asnumpy()
    np.testing.assert_allclose(np.bincount(x[0], minlength=3) / x.size, [0.2, 0.5, 0.3], atol=0.01)


def test_random_categorical_keeps_a_stream_per_seed():
    logits = Tensor(np.zeros((1, 100), np.float32))
    op = ops.RandomCategorical()
    first, second = op(logits, 10, 4).asnumpy(), op(logits, 10, 4).asnumpy()
    assert not np.array_equal(first, second)
    np.testing.assert_array_equal(ops.RandomCategorical()(logits, 10, 4).asnumpy(), first)
    np.testing.assert_array_equal(ops.random_categorical(logits, 10, 4).asnumpy(), first)
    np.testing.assert_array_equal(ops.random_categorical(logits, 10, 4).asnumpy(), first)


def test_gamma_statistics():
    alpha, beta = Tensor(np.array([2.0, 5.0], np.float32)), Tensor(np.array([3.0], np.float32))
    x = ops.Gamma(seed=1)((N, 2), alpha, beta).asnumpy()
    np.testing.assert_allclose(x.mean(0), [6.0, 15.0], rtol=0.02)
    np.testing.assert_allclose(x.var(0), [18.0, 45.0], rtol=0.05)
    y = ops.RandomGamma(seed=1)(Tensor(np.array([N], np.int32)), Tensor(np.array([0.5, 4.0], np.float32))).asnumpy()
    assert y.shape == (N, 2) and y.dtype == np.float32
    np.testing.assert_allclose(y.mean(0), [0.5, 4.0], rtol=0.02)


def test_poisson_statistics():
    x = ops.Poisson(seed=1)((N, 2), Tensor(np.array([0.5, 6.0], np.float32))).asnumpy()
    assert x.dtype == np.int32
    np.testing.assert_allclose(x.mean(0), [0.5, 6.0], rtol=0.02)
    y = ops.RandomPoisson(seed=1)(Tensor(np.array([N], np.int64)), Tensor(np.array(3.0, np.float32)))
    assert y.dtype == ms.int64 and abs(y.asnumpy().mean() - 3.0) < 0.05


# ---- functions ----------------------------------------------------------------------------
def test_uniform_function():
    low, high = Tensor([[1.0], [-4.0]], F32), Tensor([2.0, 3.0], F32)
    x = ops.uniform((N, 2, 2), low, high, seed=3).asnumpy()
    assert x.shape == (N, 2, 2) and x.dtype == np.float32
    assert np.all(x >= low.asnumpy()) and np.all(x < high.asnumpy())
    np.testing.assert_allclose(x.mean(0), [[1.5, 2.0], [-1.0, -0.5]], atol=0.02)
    ints = ops.uniform((1000,), Tensor(0, I32), Tensor(3, I32), dtype=ms.int32).asnumpy()
    assert ints.dtype == np.int32 and set(ints) == {0, 1, 2}


def test_normal_and_laplace_functions():
    x = ops.normal((N,), Tensor(3.0, F32), 2.0, seed=1).asnumpy()
    assert x.dtype == np.float32 and abs(x.mean() - 3) < 0.02 and abs(x.std() - 2) < 0.02
    assert ops.normal((3, 1, 2), Tensor(np.ones((2, 2))), 1).shape == (3, 2, 2)
    assert ops.normal((2,), Tensor([0.0], ms.float64), 1.0).dtype == ms.float64
    y = ops.laplace((N,), Tensor(1.0, F32), Tensor(2.0, F32), seed=1).asnumpy()
    assert abs(y.mean() - 1) < 0.03 and abs(y.var() - 8) < 0.2


def test_rand_and_randn():
    assert ops.rand(2, 3).shape == (2, 3) and ops.rand((4,)).shape == (4,) and ops.rand([1, 2]).shape == (1, 2)
    assert ops.rand().shape == (1,)
    assert ops.randn(3, 2).dtype == F32 and ops.randn(3).shape == (3,)
    x = ops.rand(N).asnumpy()
    assert x.min() >= 0 and x.max() < 1
    y = ops.randn(N).asnumpy()
    assert abs(y.mean()) < 0.01 and abs(y.std() - 1) < 0.01


def test_rand_like_and_randn_like():
    x = Tensor(np.zeros((2, 3), np.float32))
    assert ops.rand_like(x).shape == (2, 3) and ops.rand_like(x).dtype == F32
    assert ops.randn_like(x).shape == (2, 3) and ops.randn_like(Tensor([1, 2])).dtype == F32


def test_float_dtypes_are_cast():
    assert ops.rand(2, dtype=ms.float64).dtype == ms.float64
    assert ops.randn(2, dtype=ms.float16).dtype == ms.float16
    assert ops.rand_like(Tensor(np.zeros(2))).dtype == ms.float64
    assert ops.randn_like(Tensor([1, 2]), dtype=ms.float64).dtype == ms.float64
    x = ops.randint(-2, 5, (N,)).asnumpy()
    assert x.dtype == np.int64 and x.min() == -2 and x.max() == 4
    assert ops.randint_like(Tensor([1.0, 2.0]), 0, 3, dtype=ms.int16).dtype == ms.int16


def test_randint_like():
    x = ops.randint_like(Tensor(np.zeros((N,), np.int32)), 3, 6).asnumpy()
    assert x.dtype == np.int32 and set(x) == {3, 4, 5}


def test_multinomial_without_replacement():
    if not all(hasattr(ops, name) for name in ("Log", "Div", "TopK")):
        pytest.skip("needs Log, Div and TopK (math and selection families)")
    weights = Tensor(np.array([[0.0, 9.0, 4.0, 0.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0]], np.float32))
    x = ops.multinomial(weights, 3, replacement=False, seed=2).asnumpy()
    assert x.shape == (2, 3) and x.dtype == np.int32
    assert set(x[0]) == {1, 2, 4}
    assert len(set(x[1])) == 3


# ---- seed rules ---------------------------------------------------------------------------
def draw_program():
    """A program mixing seeded and unseeded primitives and functions."""
    low, high = Tensor(0.0, F32), Tensor(1.0, F32)
    return [v.asnumpy() for v in (
        ops.rand(3), ops.rand(3), ops.randn(2, seed=1), ops.uniform((2,), low, high),
        ops.StandardNormal()((3,)), ops.UniformReal()((3,)), ops.StandardNormal(seed=2)((2,)),
        ops.shuffle(Tensor(np.arange(10))), ops.multinomial(Tensor(np.ones(50, np.float32)), 5),
    )]


def assert_all_equal(first, second):
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a, b)


def test_set_seed_repeats_a_program():
    ms.set_seed(1234)
    first = draw_program()
    ms.set_seed(1234)
    assert_all_equal(draw_program(), first)
    ms.set_seed(99)
    assert not np.array_equal(draw_program()[0], first[0])


def test_calls_without_reseeding_differ():
    ms.set_seed(5)
    assert not np.array_equal(ops.rand(4).asnumpy(), ops.rand(4).asnumpy())
    op = ops.UniformReal(seed=3)
    assert not np.array_equal(op((4,)).asnumpy(), op((4,)).asnumpy())
    assert not np.array_equal(ops.randn(4, seed=7).asnumpy(), ops.randn(4, seed=7).asnumpy())


def test_no_seed_at_all_is_not_repeatable(monkeypatch):
    first = [ops.rand(8).asnumpy(), ops.StandardNormal()((8,)).asnumpy()]
    restart_program(monkeypatch)
    second = [ops.rand(8).asnumpy(), ops.StandardNormal()((8,)).asnumpy()]
    assert not np.array_equal(first[0], second[0]) and not np.array_equal(first[1], second[1])


def test_op_seed_without_global_seed_repeats_per_run(monkeypatch):
    first = [ops.rand(4, seed=2).asnumpy(), ops.rand(4, seed=2).asnumpy()]
    assert not np.array_equal(*first)
    restart_program(monkeypatch)
    assert_all_equal([ops.rand(4, seed=2).asnumpy(), ops.rand(4, seed=2).asnumpy()], first)


def test_primitive_seeds_ignore_the_global_seed():
    first = ops.StandardNormal(seed=4, seed2=1)((5,)).asnumpy()
    ms.set_seed(77)
    np.testing.assert_array_equal(ops.StandardNormal(seed=4, seed2=1)((5,)).asnumpy(), first)
    assert not np.array_equal(ops.StandardNormal(seed=1, seed2=4)((5,)).asnumpy(), first)


def test_functions_have_independent_streams():
    ms.set_seed(3)
    ops.rand(5)
    after_rand = ops.randn(5).asnumpy()
    ms.set_seed(3)
    np.testing.assert_array_equal(ops.randn(5).asnumpy(), after_rand)


def test_global_seed_zero_is_a_seed():
    ms.set_seed(0)
    first = ops.rand(4).asnumpy()
    ms.set_seed(0)
    np.testing.assert_array_equal(ops.rand(4).asnumpy(), first)


def test_set_seed_errors():
    with pytest.raises(TypeError, match="For 'set_seed'"):
        ms.set_seed(1.5)
    with pytest.raises(TypeError, match="For 'set_seed'"):
        ms.set_seed(True)
    with pytest.raises(ValueError, match="For 'set_seed'"):
        ms.set_seed(-1)
    assert ms.get_seed() is None


# ---- function errors ----------------------------------------------------------------------
@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.uniform((2,), 0.0, Tensor(1.0)), TypeError, "For 'uniform', the 'minval' must be a Tensor"),
    (lambda: ops.uniform((2,), Tensor(0.0), Tensor(1.0), dtype=ms.float64), TypeError, "For 'uniform', the 'dtype'"),
    (lambda: ops.uniform((2,), Tensor(0, I32), Tensor(1, I32)), TypeError, "the dtype of 'minval' must be Float32"),
    (lambda: ops.uniform((2,), Tensor(2, I32), Tensor(1, I32), dtype=I32), RuntimeError, "'minval' must be less"),
    (lambda: ops.normal([2], 0.0, 1.0), TypeError, "For 'normal', the 'shape' must be a tuple"),
    (lambda: ops.normal((2, 0), 0.0, 1.0), ValueError, "For 'normal', every item of 'shape'"),
    (lambda: ops.normal((2,), "a", 1.0), TypeError, "For 'normal', the 'mean'"),
    (lambda: ops.laplace((2,), 0.0, Tensor(1.0)), TypeError, "For 'laplace', the 'mean' must be a Tensor"),
    (lambda: ops.laplace((2,), Tensor(0.0, ms.float64), Tensor(1.0)), TypeError, "the dtype of 'mean'"),
    (lambda: ops.rand(2, 1.5), TypeError, "For 'rand', the 'size'"),
    (lambda: ops.rand("a"), TypeError, "For 'rand', the 'size'"),
    (lambda: ops.rand(2, dtype=I32), ValueError, "For 'rand', the 'dtype' must be a float type"),
    (lambda: ops.randn(2, seed=-3), ValueError, "For 'randn', the 'seed'"),
    (lambda: ops.rand_like(np.ones(2)), TypeError, "For 'rand_like', the 'input' must be a Tensor"),
    (lambda: ops.rand_like(Tensor([1, 2])), ValueError, "For 'rand_like', the 'dtype' must be a float type"),
    (lambda: ops.randn_like(Tensor([1.0]), dtype=I32), ValueError, "For 'randn_like', the 'dtype'"),
    (lambda: ops.randint(0, 5, [2]), ValueError, "For 'randint', the 'size' must be a tuple"),
    (lambda: ops.randint(0.5, 5, (2,)), TypeError, "For 'randint', the 'low' must be an int"),
    (lambda: ops.randint(0, 5, (2,), dtype=F32), ValueError, "For 'randint', the 'dtype' must be an int type"),
    (lambda: ops.randint(5, 5, (2,), dtype=I32), RuntimeError, "'minval' must be less than 'maxval'"),
    (lambda: ops.randint_like(Tensor([1.0]), 0, 2), ValueError, "For 'randint_like', the 'dtype'"),
    (lambda: ops.randint_like(Tensor([1]), 0, True), TypeError, "For 'randint_like', the 'high'"),
    (lambda: ops.shuffle(Tensor([1.0]), seed="s"), TypeError, "For 'shuffle', the 'seed'"),
    (lambda: ops.multinomial(Tensor(np.ones((2, 2, 2))), 1), ValueError, "For 'multinomial', the dimension"),
    (lambda: ops.multinomial(Tensor(np.ones(3)), 4, False), ValueError, "For 'multinomial', the 'num_samples'"),
    (lambda: ops.multinomial(Tensor(np.ones(3)), -1), ValueError, "For 'Multinomial', the 'num_samples'"),
    (lambda: ops.random_categorical(Tensor(np.ones((2, 2))), 2, dtype=F32), TypeError, "'dtype'"),
    (lambda: ops.random_poisson((2,), Tensor([1.0])), TypeError, "For 'RandomPoisson', the 'shape'"),
])
def test_function_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()
