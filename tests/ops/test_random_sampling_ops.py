"""Random sampling beyond the distributions (random family): Bernoulli, permutations,
choices with masks, multinomial with replacement, Cauchy and log-normal draws, candidate
samplers, and the in-place draws behind `x.normal_()`, `x.uniform_()`, ...

As in test_random_ops.py, a forward case draws where the result is certain or checks
the seed contract (`same_seeds`); statistics are checked on large samples below.
"""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore.ops.operations.random_ops import (
    BernoulliExt,
    InplaceBernoulli,
    InplaceExponential,
    InplaceNormal,
    InplaceRandom,
    InplaceUniform,
)

from .op_testing import READS_VALUES, VALUE_DEPENDENT_SHAPE, ErrorCase, OpCase, case_id, rand, run_case, run_error_case
from .test_random_ops import seeded

ZEROS = np.zeros((3, 4), np.float32)
MASK = np.array([[True, False, True], [False, False, True]])


def mask_choice(count):
    """The reference of a RandomChoiceWithMask over MASK drawing at least all its Trues:
    checked by the sorted coordinates of the real rows."""
    def reference(x):
        return np.argwhere(x).astype(np.int32)
    return reference


def real_rows(op):
    def run(x):
        index, mask = op(x)
        rows = index.asnumpy()[mask.asnumpy()]
        return Tensor(rows[np.lexsort(rows.T[::-1])])
    return run


def sorted_randperm(n):
    return Tensor(np.sort(ops.Randperm(6)(n).asnumpy()))


CHOSEN_ROWS = real_rows(ops.RandomChoiceWithMask(5, seed=2))


CASES = [
    seeded(lambda: ops.Bernoulli(seed=3), (ZEROS, 0.5)),
    seeded(lambda: ops.Bernoulli(seed=1, offset=2), (np.zeros(5, np.int32), np.full(5, 0.3, np.float64))),
    OpCase(ops.Bernoulli(), (ZEROS, 1.0), lambda x, p: np.ones_like(x)),
    OpCase(ops.Bernoulli(), (np.zeros(4, np.bool_), np.zeros(4, np.float32)), lambda x, p: np.zeros(4, np.bool_)),
    OpCase(lambda x: ops.bernoulli(x, 0.0), (ZEROS,), lambda x: x, prim="Bernoulli"),
    OpCase(sorted_randperm, (np.array([6], np.int32),),
           lambda n: np.arange(6, dtype=np.int32), prim="Randperm"),
    OpCase(ops.Randperm(4, pad=-7), (np.array([1], np.int64),), lambda n: np.array([0, -7, -7, -7], np.int32)),
    seeded(lambda: ops.RandpermV2(3, 1), (7,)),
    OpCase(ops.RandpermV2(dtype=ms.float32), (np.array(1, np.int64),), lambda n: np.zeros(1, np.float32)),
    OpCase(lambda: ops.randperm(1, dtype=ms.int8), (), lambda: np.zeros(1, np.int8), prim="RandpermV2"),
    seeded(lambda: ops.TruncatedNormal(seed=2), (np.array([3, 4], np.int32),)),
    seeded(lambda: ops.TruncatedNormal(ms.float64, 1, 1), (np.array([5], np.int64),)),
    seeded(lambda: ops.ParameterizedTruncatedNormal(3), (np.array([2, 5], np.int32), np.array([0.0, 1.0], np.float32),
                                                         np.array([1.0, 2.0], np.float32),
                                                         np.array([-1.0, 0.0], np.float32),
                                                         np.array([1.0, 3.0], np.float32))),
    OpCase(ops.ParameterizedTruncatedNormal(3), (np.array([1, 4], np.int64), np.array([0.0]), np.array([1.0]),
                                                 np.array([2.0]), np.array([2.0])),
           lambda s, m, d, lo, hi: np.full((1, 4), 2.0)),
    OpCase(lambda s: ops.NonDeterministicInts(ms.int32)(s).shape, (np.array([2, 3], np.int32),), lambda s: (2, 3),
           prim="NonDeterministicInts"),
    seeded(lambda: ops.RandomChoiceWithMask(4, seed=1), (MASK,)),
    OpCase(CHOSEN_ROWS, (MASK,), mask_choice(5), prim="RandomChoiceWithMask"),
    seeded(lambda: ops.MultinomialWithReplacement(3, True), (rand(2, 4, low=0.1), np.array(7, np.int64),
                                                            np.array(1, np.int64))),
    # Unseeded (seed 0): both nonzero categories are drawn, in either order.
    OpCase(lambda x, s, o: ops.sort(ops.MultinomialWithReplacement(2)(x, s, o))[0],
           (np.array([[0.0, 3.0, 0.0, 1.0]], np.float32), np.array(0, np.int64), np.array(0, np.int64)),
           lambda x, s, o: np.array([[1, 3]], np.int64), prim="MultinomialWithReplacement"),
    seeded(lambda: ops.Cauchy([2, 3], 1.0, 0.5, seed=4), ()),
    seeded(lambda: ops.LogNormalReverse(0.0, 1.0, seed=3), (ZEROS,)),
    seeded(lambda: ops.LogNormalReverse(2.0, 1.0, seed=3), (np.zeros((3, 4)),)),
    OpCase(lambda x: ops.LogNormalReverse(2.0, 1.0)(x).dtype, (np.zeros(2, np.float16),), lambda x: ms.float16,
           prim="LogNormalReverse"),
    seeded(lambda: ops.UniformCandidateSampler(1, 3, True, 5, seed=6), (np.array([[1], [3]], np.int32),)),
    OpCase(ops.UniformCandidateSampler(2, 4, False, 4, seed=1), (np.array([[0, 1]], np.int64),),
           lambda t: (ops.UniformCandidateSampler(2, 4, False, 4, seed=1)(Tensor(t))[0].asnumpy(),
                      np.ones((1, 2), np.float32), np.ones(4, np.float32))),
    seeded(lambda: ops.LogUniformCandidateSampler(2, 3, True, 6, seed=2), (np.array([[1, 4]], np.int64),)),
    OpCase(InplaceUniform(seed=1), (ZEROS, 2.0, 2.0, None), lambda x, lo, hi, g: np.full_like(x, 2.0)),
    seeded(lambda: InplaceUniform(seed=1), (rand(2, 2, dtype=np.float64), -1.0, 1.0, None)),
    OpCase(InplaceNormal(seed=2), (ZEROS, 3.0, 0.0, None), lambda x, m, s, g: np.full_like(x, 3.0)),
    seeded(lambda: InplaceNormal(seed=2), (ZEROS, 0.0, 1.0, None)),
    seeded(lambda: InplaceExponential(seed=3), (ZEROS, 2.0, None)),
    OpCase(InplaceRandom(seed=4), (np.zeros(5, np.int8), 3, 4, None), lambda x, lo, hi, g: np.full(5, 3, np.int8)),
    seeded(lambda: InplaceRandom(seed=4), (ZEROS, 0, 10, None)),
    OpCase(InplaceBernoulli(seed=5), (np.zeros(3, np.int32), 1.0, None), lambda x, p, g: np.ones(3, np.int32)),
    OpCase(InplaceBernoulli(seed=5), (ZEROS, np.zeros(4, np.float32), None), lambda x, p, g: x),
    OpCase(InplaceBernoulli(seed=5), (np.zeros(2, np.float16), 1.0, None), lambda x, p, g: np.ones(2, np.float16)),
    OpCase(BernoulliExt(seed=6), (np.array([0.0, 1.0, 1.0], np.float32), None),
           lambda x, g: np.array([0.0, 1.0, 1.0], np.float32)),
]

ERROR_CASES = [
    ErrorCase(lambda: ops.Bernoulli(seed=-2), (), ValueError, "'seed'"),
    ErrorCase(ops.Bernoulli(), (np.zeros(2, np.float16), 0.5), TypeError, "'x'", prim="Bernoulli"),
    ErrorCase(ops.Bernoulli(), (ZEROS, 1.5), ValueError, "'p'", prim="Bernoulli"),
    ErrorCase(ops.Bernoulli(), (ZEROS, np.zeros(3, np.float32)), ValueError, "broadcast", prim="Bernoulli"),
    ErrorCase(lambda: ops.Randperm(0), (), ValueError, "'max_length'", prim="Randperm"),
    ErrorCase(ops.Randperm(2), (np.array([3], np.int32),), ValueError, "'n'", prim="Randperm"),
    ErrorCase(ops.Randperm(2), (np.array([[1]], np.int32),), ValueError, "shape", prim="Randperm"),
    ErrorCase(lambda: ops.randperm(0), (), ValueError, "'n'"),
    ErrorCase(ops.RandpermV2(), (-2,), ValueError, "'n'", prim="RandpermV2"),
    ErrorCase(lambda: ops.RandpermV2(dtype=ms.bool_), (), TypeError, "'dtype'", prim="RandpermV2"),
    ErrorCase(ops.TruncatedNormal(), ((2, 3),), TypeError, "'shape'", prim="TruncatedNormal"),
    ErrorCase(lambda: ops.TruncatedNormal(ms.int32), (), TypeError, "'dtype'", prim="TruncatedNormal"),
    ErrorCase(ops.ParameterizedTruncatedNormal(), (np.array([2], np.int32), np.zeros(2), np.ones(2), np.zeros(2),
                                                   np.ones(2)), ValueError, "batch",
              prim="ParameterizedTruncatedNormal"),
    ErrorCase(ops.ParameterizedTruncatedNormal(), (np.array([2, 2], np.int32), np.zeros(2), np.ones(2, np.float32),
                                                   np.zeros(2), np.ones(2)), TypeError, "'stdevs'",
              prim="ParameterizedTruncatedNormal"),
    ErrorCase(ops.ParameterizedTruncatedNormal(), (np.array([2, 2], np.int32), np.zeros(3), np.ones(3), np.zeros(3),
                                                   np.ones(3)), ValueError, "'mean'",
              prim="ParameterizedTruncatedNormal"),
    ErrorCase(lambda: ops.NonDeterministicInts(ms.float32), (), TypeError, "'dtype'", prim="NonDeterministicInts"),
    ErrorCase(ops.NonDeterministicInts(), (np.array([[2]], np.int32),), ValueError, "dimension",
              prim="NonDeterministicInts"),
    ErrorCase(ops.RandomChoiceWithMask(), (ZEROS,), TypeError, "'input_x'", prim="RandomChoiceWithMask"),
    ErrorCase(lambda: ops.RandomChoiceWithMask(0), (), ValueError, "'count'", prim="RandomChoiceWithMask"),
    ErrorCase(ops.MultinomialWithReplacement(5), (rand(1, 3, low=0.1), np.array(0, np.int64), np.array(0, np.int64)),
              ValueError, "'numsamples'", prim="MultinomialWithReplacement"),
    ErrorCase(ops.MultinomialWithReplacement(1), (rand(1, 3, low=0.1), 0.5, np.array(0, np.int64)),
              TypeError, "'seed'", prim="MultinomialWithReplacement"),
    ErrorCase(lambda: ops.Cauchy([2, 0]), (), ValueError, "'shape'", prim="Cauchy"),
    ErrorCase(lambda: ops.Cauchy([2], sigma=0.0), (), ValueError, "'sigma'", prim="Cauchy"),
    ErrorCase(ops.LogNormalReverse(), (np.zeros(2, np.int32),), TypeError, "'input'", prim="LogNormalReverse"),
    ErrorCase(lambda: ops.LogNormalReverse(std=-1.0), (), ValueError, "'std'", prim="LogNormalReverse"),
    ErrorCase(lambda: ops.UniformCandidateSampler(1, 6, True, 5), (), ValueError, "'num_sampled'",
              prim="UniformCandidateSampler"),
    ErrorCase(ops.UniformCandidateSampler(2, 2, True, 5), (np.array([[1]], np.int32),), ValueError, "'num_true'",
              prim="UniformCandidateSampler"),
    ErrorCase(ops.LogUniformCandidateSampler(), (np.array([[1]], np.float32),), TypeError, "'true_classes'",
              prim="LogUniformCandidateSampler"),
    ErrorCase(InplaceUniform(), (ZEROS, 2.0, 1.0, None), ValueError, "'from_'", prim="InplaceUniform"),
    ErrorCase(InplaceUniform(), (ZEROS, 0.0, 1.0, 3), TypeError, "'generator'", prim="InplaceUniform"),
    ErrorCase(InplaceNormal(), (ZEROS, 0.0, -1.0, None), ValueError, "'std'", prim="InplaceNormal"),
    ErrorCase(InplaceNormal(), (np.zeros(2, np.int32), 0.0, 1.0, None), TypeError, "'input'", prim="InplaceNormal"),
    ErrorCase(InplaceExponential(), (ZEROS, 0.0, None), ValueError, "'lambd'", prim="InplaceExponential"),
    ErrorCase(InplaceRandom(), (ZEROS, 3, 3, None), ValueError, "'from_'", prim="InplaceRandom"),
    ErrorCase(InplaceRandom(), (ZEROS, 0.5, 3, None), TypeError, "'from_'", prim="InplaceRandom"),
    ErrorCase(InplaceBernoulli(), (ZEROS, 2.0, None), ValueError, "'p'", prim="InplaceBernoulli"),
    ErrorCase(BernoulliExt(), (np.zeros(2, np.int32), None), TypeError, "'input'", prim="BernoulliExt"),
    ErrorCase(lambda x: ops.bernoulli(x, 1.5), (ZEROS,), ValueError, "'p'"),
    ErrorCase(lambda x: ops.bernoulli(x, "a"), (ZEROS,), TypeError, "'p'"),
]


NO_GRAPH_CASES = {
    sorted_randperm: READS_VALUES,
    CHOSEN_ROWS: READS_VALUES,
}
GRAPH_CONSTANT_INPUTS = {
    "NonDeterministicInts[(2,)]": VALUE_DEPENDENT_SHAPE,
    "ParameterizedTruncatedNormal[(2,),(1,),(1,),(1,),(1,)]": VALUE_DEPENDENT_SHAPE,
    "ParameterizedTruncatedNormal[(2,),(2,),(2,),(2,),(2,)]": VALUE_DEPENDENT_SHAPE,
    "RandpermV2[()]": VALUE_DEPENDENT_SHAPE,
    "TruncatedNormal[(1,)]": VALUE_DEPENDENT_SHAPE,
    "TruncatedNormal[(2,)]": VALUE_DEPENDENT_SHAPE,
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


N = 20000


def test_bernoulli_frequency():
    ms.set_seed(1)
    draws = ops.bernoulli(Tensor(np.zeros(N, np.float32)), 0.3).asnumpy()
    assert set(np.unique(draws)) <= {0.0, 1.0} and abs(draws.mean() - 0.3) < 0.02
    probs = Tensor(np.full(N, 0.8, np.float32))
    assert abs(probs.bernoulli().asnumpy().mean() - 0.8) < 0.02


def test_inplace_draws_fill_the_tensor_and_return_it():
    ms.set_seed(2)
    x = Tensor(np.zeros(N, np.float32))
    assert x.normal_(1.0, 2.0) is x
    assert abs(x.asnumpy().mean() - 1.0) < 0.06 and abs(x.asnumpy().std() - 2.0) < 0.06
    ops.uniform_(x, -1.0, 3.0)
    values = x.asnumpy()
    assert values.min() >= -1.0 and values.max() < 3.0 and abs(values.mean() - 1.0) < 0.05
    ops.exponential_(x, 4.0)
    assert x.asnumpy().min() >= 0 and abs(x.asnumpy().mean() - 0.25) < 0.01
    ints = Tensor(np.zeros(N, np.int32))
    ops.random_(ints, 2, 6)
    assert set(np.unique(ints.asnumpy())) == {2, 3, 4, 5}
    assert x.bernoulli_(0.25) is x and abs(x.asnumpy().mean() - 0.25) < 0.02
    x.log_normal(0.0, 0.5)
    assert abs(np.log(x.asnumpy()).std() - 0.5) < 0.02
    x.cauchy(2.0, 1.0)
    assert abs(np.median(x.asnumpy()) - 2.0) < 0.05


def test_uniform_method_leaves_the_tensor():
    x = Tensor(np.zeros(5, np.float64))
    out = x.uniform(2.0, 3.0)
    assert out.dtype == ms.float64 and (x.asnumpy() == 0).all()
    assert ((out.asnumpy() >= 2.0) & (out.asnumpy() < 3.0)).all()


def test_a_generator_repeats_its_draws():
    gen = ms.Generator()
    gen.manual_seed(7)
    first = ops.normal_(Tensor(np.zeros(6, np.float32)), generator=gen).asnumpy()
    gen.manual_seed(7)
    np.testing.assert_array_equal(ops.normal_(Tensor(np.zeros(6, np.float32)), generator=gen).asnumpy(), first)


def test_set_seed_repeats_function_draws():
    def draws():
        ms.set_seed(5)
        return (ops.randperm(8).asnumpy(), ops.bernoulli(Tensor(ZEROS)).asnumpy(),
                ops.choice_with_mask(Tensor(MASK), 2)[0].asnumpy())
    for a, b in zip(draws(), draws()):
        np.testing.assert_array_equal(a, b)


def test_randperm_is_a_permutation():
    perm = ops.randperm(50, dtype=ms.int32)
    assert perm.dtype == ms.int32 and sorted(perm.asnumpy().tolist()) == list(range(50))
    np.testing.assert_array_equal(ops.randperm(10, 3, 1).asnumpy(), ops.randperm(10, 3, 1).asnumpy())


def test_multinomial_with_replacement_frequencies():
    weights = Tensor(np.array([1.0, 3.0], np.float32))
    draws = ops.multinomial_with_replacement(weights, Tensor(3, ms.int64), Tensor(0, ms.int64), N, True)
    assert draws.dtype == ms.int64 and abs(draws.asnumpy().mean() - 0.75) < 0.02


def test_candidate_samplers():
    classes = Tensor(np.array([[0, 2], [1, 4]], np.int64))
    sampled, true_count, sampled_count = ops.log_uniform_candidate_sampler(classes, 2, 4, True, 10, seed=3)
    assert len(set(sampled.asnumpy().tolist())) == 4 and sampled.asnumpy().max() < 10
    assert true_count.shape == (2, 2) and sampled_count.shape == (4,)
    assert ((true_count.asnumpy() > 0) & (true_count.asnumpy() <= 1)).all()
    sampled, true_count, _ = ops.log_uniform_candidate_sampler(classes, 2, 3, False, 10, seed=3)
    p0 = math.log(2) / math.log(11)
    assert true_count.asnumpy()[0, 0] == pytest.approx(3 * p0, rel=1e-6)
    sampled, _, _ = ops.uniform_candidate_sampler(Tensor(np.array([[1]], np.int32)), 1, 5, True, 5)
    assert sampled.dtype == ms.int32 and sorted(sampled.asnumpy().tolist()) == [0, 1, 2, 3, 4]


def test_truncated_normals_stay_in_their_bounds():
    ms.set_seed(3)
    draws = ops.TruncatedNormal()(Tensor(np.array([N], np.int32))).asnumpy()
    assert np.abs(draws).max() <= 2 and abs(draws.mean()) < 0.03 and abs(draws.std() - 0.88) < 0.02
    shape = Tensor(np.array([2, N], np.int64))
    draws = ops.ParameterizedTruncatedNormal()(shape, Tensor(np.array([0.0, 5.0], np.float32)),
                                               Tensor(np.array([1.0, 0.5], np.float32)),
                                               Tensor(np.array([0.0, 4.0], np.float32)),
                                               Tensor(np.array([10.0, 6.0], np.float32))).asnumpy()
    assert draws[0].min() >= 0 and abs(draws[0].mean() - np.sqrt(2 / np.pi)) < 0.02
    assert draws[1].min() >= 4 and draws[1].max() <= 6 and abs(draws[1].mean() - 5.0) < 0.02


def test_non_deterministic_ints_span_the_dtype():
    draws = ops.NonDeterministicInts(ms.int32)(Tensor(np.array([1000], np.int32))).asnumpy()
    assert draws.dtype == np.int32 and draws.min() < -2 ** 29 and draws.max() > 2 ** 29


def test_sampling_tensor_methods():
    logits = Tensor(np.array([[-1e9, 0.0, -1e9]], np.float32))
    assert logits.random_categorical(4).asnumpy().tolist() == [[1, 1, 1, 1]]
    weights = Tensor(np.array([0.0, 0.0, 2.0], np.float32))
    assert weights.multinomial(3).asnumpy().tolist() == [2, 2, 2]
