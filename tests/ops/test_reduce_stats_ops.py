"""Statistics and counting (reduce family): medians, quantiles, NaN-ignoring reductions,
running extrema and logsumexp, differences, searching, bucketing, bincount, histograms,
in-top-k; forward against NumPy, infer, bad input; the functional API."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.reduce_ops import (
    Bincount,
    Bucketize,
    CountNonZero,
    Cummax,
    Cummin,
    CumulativeLogsumexp,
    EuclideanNorm,
    Histogram,
    HistogramFixedWidth,
    InTopK,
    LogSpace,
    Median,
    Quantile,
    SearchSorted,
)

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

X = rand(3, 5)
ints = rand(3, 5, dtype=np.int32, low=-9, high=9)
with_nan = np.array([[1.0, np.nan, 3.0, 0.5], [4.0, 5.0, np.nan, np.nan]], np.float32)


def lower_median(axis, keep_dims=False, ignore_nan=False):
    """(values, indices) of the lower median along `axis`; the index is checked by the
    value it names."""
    def reference(x):
        fn = np.nanquantile if ignore_nan else np.quantile
        values = fn(x, 0.5, axis=axis, method="lower", keepdims=keep_dims).astype(x.dtype)
        return values
    return reference


def median_values(op):
    return lambda x: op(x)[0]


def running(np_acc, index_dtype):
    """(values, indices) of a running extremum along axis 1 (the last position on ties)."""
    def reference(x):
        values = np_acc(x, axis=1)
        idx = np.zeros(x.shape, index_dtype)
        for i in range(x.shape[0]):
            for j in range(x.shape[1]):
                idx[i, j] = max(k for k in range(j + 1) if x[i, k] == values[i, j])
        return values, idx
    return reference


def logcumsumexp(axis, exclusive=False, reverse=False):
    def reference(x, _axis):
        y = np.flip(x, axis) if reverse else x
        out = np.log(np.cumsum(np.exp(y.astype(np.float64)), axis=axis))
        if exclusive:
            head = np.full_like(np.take(out, [0], axis=axis), np.finfo(x.dtype).min)
            out = np.concatenate([head, np.take(out, range(out.shape[axis] - 1), axis=axis)], axis=axis)
        return (np.flip(out, axis) if reverse else out).astype(x.dtype)
    return reference


def bincount(array, size, weights):
    kept = (array >= 0) & (array < size)
    return np.bincount(array[kept], weights[kept], minlength=size)[:size].astype(weights.dtype)


def fixed_width(nbins):
    def reference(x, value_range):
        lo, hi = value_range.astype(np.float64)
        bins = np.clip(np.floor((x - lo) / (hi - lo) * nbins), 0, nbins - 1).astype(np.int64)
        return np.bincount(bins.ravel(), minlength=nbins).astype(np.int32)
    return reference


def in_top_k(k):
    def reference(x1, x2):
        target = x1[np.arange(len(x2)), x2][:, None]
        return (x1 > target).sum(1) < k
    return reference


sorted_rows = np.sort(rand(2, 6), axis=1)
values = rand(2, 4)
scores = np.array([[1, 8, 5, 2, 7], [4, 9, 1, 3, 5]], np.float32)

CASES = [
    OpCase(median_values(Median(False, 1)), (X,), lower_median(1), prim="Median"),
    OpCase(median_values(Median(False, 0, True)), (ints,), lower_median(0, True), prim="Median"),
    OpCase(median_values(Median(False, -1, False, True)), (with_nan,), lower_median(-1, ignore_nan=True),
           prim="Median"),
    OpCase(median_values(Median(True)), (X,), lambda x: np.quantile(x, 0.5, method="lower").astype(x.dtype),
           prim="Median"),
    OpCase(Median(False, 1), (rand(2, 3, dtype=np.float64),), lambda x: (
        np.quantile(x, 0.5, axis=1, method="lower"), np.argsort(np.argsort(x, 1), 1).argmax(1) * 0 +
        np.argmax(x == np.quantile(x, 0.5, axis=1, method="lower", keepdims=True), 1))),
    OpCase(Cummax(1), (X,), running(np.maximum.accumulate, np.int64)),
    OpCase(Cummax(1), (np.array([[3, 3, 2, 3]], np.int32),), running(np.maximum.accumulate, np.int64)),
    OpCase(Cummin(1), (X,), running(np.minimum.accumulate, np.int32)),
    OpCase(Cummin(-1), (rand(2, 4, dtype=np.float64),), running(np.minimum.accumulate, np.int32)),
    OpCase(CumulativeLogsumexp(), (X, 1), logcumsumexp(1)),
    OpCase(CumulativeLogsumexp(True, False), (X, 0), logcumsumexp(0, True)),
    OpCase(CumulativeLogsumexp(False, True), (rand(4, dtype=np.float64), 0), logcumsumexp(0, False, True)),
    OpCase(CumulativeLogsumexp(True, True), (X, -1), logcumsumexp(1, True, True)),
    OpCase(EuclideanNorm(), (X, 1), lambda x, a: np.linalg.norm(x, axis=a)),
    OpCase(EuclideanNorm(True), (X, (0, 1)),
           lambda x, a: np.linalg.norm(x).reshape(1, 1).astype(x.dtype)),
    OpCase(EuclideanNorm(), (np.array([[3, 4], [6, 8]], np.int32), (1,)), lambda x, a: np.array([5, 10], np.int32)),
    OpCase(SearchSorted(), (sorted_rows, values), lambda s, v: np.stack(
        [np.searchsorted(s[i], v[i]) for i in range(2)]).astype(np.int64)),
    OpCase(SearchSorted(ms.int32, True), (np.array([1, 3, 5, 5, 7], np.int32), np.array([[5, 0], [8, 3]], np.int32)),
           lambda s, v: np.searchsorted(s, v, side="right").astype(np.int32)),
    OpCase(SearchSorted(), (np.array([5.0, 1.0, 3.0], np.float32), np.array([2.0, 4.0], np.float32),
                            np.array([1, 2, 0], np.int64)), lambda s, v, o: np.searchsorted(s, v, sorter=o)),
    OpCase(Bucketize([1.0, 3.0, 5.0, 7.0]), (np.array([[0, 3, 6], [3, 7, 9]], np.float32),),
           lambda x: np.searchsorted([1.0, 3.0, 5.0, 7.0], x, side="right").astype(np.int32)),
    OpCase(Bucketize([-1.0, 2.5]), (ints,), lambda x: np.searchsorted([-1.0, 2.5], x, side="right").astype(np.int32)),
    OpCase(Bincount(), (np.array([2, 4, 1, 0, 0, -3, 9], np.int32), 6, rand(7)), lambda a, s, w: bincount(a, 6, w)),
    OpCase(Bincount(), (np.array([1, 1, 3], np.int32), 4, np.array([2, 3, 4], np.int64)),
           lambda a, s, w: bincount(a, 4, w)),
    OpCase(Histogram(4, 0.0, 3.0), (np.array([1.0, 2.0, 1.0, 3.0, 7.0], np.float32),),
           lambda x: np.histogram(x, 4, (0.0, 3.0))[0].astype(np.float32)),
    OpCase(Histogram(3), (np.array([1, 5, 2, 1], np.int32),),
           lambda x: np.histogram(x, 3, (1, 5))[0].astype(np.int32)),
    OpCase(HistogramFixedWidth(5), (np.array([-1.0, 0.0, 1.5, 2.0, 5.0, 15.0], np.float32),
                                    np.array([0.0, 5.0], np.float32)), fixed_width(5)),
    OpCase(InTopK(3), (scores, np.array([1, 3], np.int32)), in_top_k(3)),
    OpCase(InTopK(1), (scores.astype(np.float16), np.array([1, 0], np.int64)), in_top_k(1)),
    # functions
    OpCase(ops.nansum, (with_nan,), lambda x: np.nansum(x).astype(x.dtype), prim="ReduceSum"),
    OpCase(lambda x: ops.nansum(x, 1, True), (with_nan,), lambda x: np.nansum(x, 1, keepdims=True)),
    OpCase(lambda x: ops.nansum(x, dtype=ms.float64), (ints,), lambda x: np.sum(x).astype(np.float64)),
    OpCase(ops.nansum, (ints,), lambda x: np.sum(x).astype(np.int32)),
    OpCase(lambda x: ops.nanmean(x, 1), (with_nan,), lambda x: np.nanmean(x, 1)),
    OpCase(lambda x: ops.aminmax(x, axis=1), (ints,), lambda x: (x.min(1), x.max(1))),
    OpCase(lambda x: ops.aminmax(x, axis=None, keepdims=True), (X,),
           lambda x: (x.min(keepdims=True), x.max(keepdims=True))),
    OpCase(lambda x: ops.count_nonzero(x, 1, True, ms.float32), (ints,),
           lambda x: np.count_nonzero(x, 1, keepdims=True).astype(np.float32)),
    OpCase(ops.count_nonzero, (ints,), lambda x: np.array(np.count_nonzero(x), np.int32)),
    OpCase(lambda x: ops.std_mean(x, 1, 1), (X,), lambda x: (np.std(x, 1, ddof=1), np.mean(x, 1))),
    OpCase(lambda x: ops.var_mean(x, keepdims=True), (X,),
           lambda x: (np.var(x, keepdims=True), np.mean(x, keepdims=True))),
    OpCase(lambda x: ops.median(x)[0], (X,), lower_median(-1), prim="Median"),
    OpCase(lambda x: ops.nanmedian(x, 0)[0], (with_nan,), lower_median(0, ignore_nan=True), prim="Median"),
    OpCase(lambda x: ops.quantile(x, 0.3), (X,), lambda x: np.quantile(x, 0.3).astype(x.dtype)),
    OpCase(lambda x, q: ops.quantile(x, q, 1, True), (X, np.array([0.25, 0.5, 1.0], np.float32)),
           lambda x, q: np.quantile(x, q, axis=1, keepdims=True).astype(x.dtype)),
    OpCase(lambda x, q: ops.quantile(x, q, 0), (rand(4, 3, dtype=np.float64), np.array(0.75)),
           lambda x, q: np.quantile(x, q, axis=0)),
    OpCase(lambda x: ops.quantile(x, 0.5, 1), (with_nan,), lambda x: np.quantile(x, 0.5, axis=1)),
    OpCase(lambda x: ops.nanquantile(x, 0.4, 1), (with_nan,), lambda x: np.nanquantile(x, 0.4, axis=1)),
    OpCase(lambda x: ops.nanquantile(x, 0.4, None, True), (with_nan,),
           lambda x: np.nanquantile(x, 0.4, keepdims=True).astype(x.dtype)),
    OpCase(ops.msort, (ints,), lambda x: np.sort(x, 0)),
    OpCase(lambda x: ops.cummax(x, 1), (X,), running(np.maximum.accumulate, np.int64), prim="Cummax"),
    OpCase(lambda x: ops.cummin(x, 1), (X,), running(np.minimum.accumulate, np.int32), prim="Cummin"),
    OpCase(lambda x: ops.logcumsumexp(x, 1), (X,), lambda x: logcumsumexp(1)(x, 1)),
    OpCase(ops.diff, (ints,), lambda x: np.diff(x)),
    OpCase(lambda x, p, a: ops.diff(x, 1, 0, p, a), (X, rand(1, 5), rand(2, 5)),
           lambda x, p, a: np.diff(x, 1, 0, p, a)),
    OpCase(ops.diff, (np.array([True, False, False, True]),), lambda x: np.diff(x)),
    OpCase(lambda x: ops.diff_ext(x, 2, 0), (rand(4, 3),), lambda x: np.diff(x, 2, 0)),
    OpCase(lambda x: ops.diff_ext(x, 5), (ints,), lambda x: np.diff(x, 5)),
    OpCase(lambda y, x: ops.trapz(y, x), (X, np.sort(rand(3, 5), 1)), lambda y, x: np.trapezoid(y, x)),
    OpCase(lambda y, x: ops.trapz(y, x, dim=0), (X, np.array([0.0, 1.0, 3.0], np.float32)),
           lambda y, x: np.trapezoid(y, x, axis=0)),
    OpCase(lambda y: ops.trapz(y, dx=0.5), (ints,), lambda y: np.trapezoid(y, dx=0.5).astype(np.float32)),
    OpCase(ops.searchsorted, (np.array([1.0, 3.0, 5.0], np.float32), np.array([[0.0, 3.0], [6.0, 4.0]], np.float32)),
           lambda s, v: np.searchsorted(s, v)),
    OpCase(lambda s, v: ops.searchsorted(s, v, out_int32=True, side="right"),
           (np.array([1, 3, 3, 5], np.int64), np.array([3, 0], np.int64)),
           lambda s, v: np.searchsorted(s, v, side="right").astype(np.int32)),
    OpCase(lambda x: ops.bucketize(x, [1, 3, 5]), (ints,), lambda x: np.searchsorted([1, 3, 5], x).astype(np.int32)),
    OpCase(lambda x: ops.bucketize(x, [-0.5, 1, 3.5]), (ints,),
           lambda x: np.searchsorted([-0.5, 1, 3.5], x).astype(np.int32)),
    OpCase(lambda x: ops.bucketize(x, [1, 3, 5], right=True), (ints,),
           lambda x: np.searchsorted([1, 3, 5], x, side="right").astype(np.int32)),
    OpCase(lambda x: ops.histc(x, 4), (np.array([1.0, 2.0, 1.0, 5.0], np.float32),),
           lambda x: np.histogram(x, 4, (1.0, 5.0))[0].astype(np.float32)),
    OpCase(lambda a, b: ops.intopk(a, b, 3), (scores, np.array([1, 3], np.int32)), in_top_k(3)),
    OpCase(lambda: ops.logspace(0.1, 1.0, 5), (), lambda: np.logspace(0.1, 1.0, 5).astype(np.float32)),
    OpCase(lambda: ops.logspace(1, 3, 3, 2, dtype=ms.float64), (), lambda: np.logspace(1, 3, 3, base=2)),
    OpCase(lambda: LogSpace(5, 2)(ms.Tensor(0.0), ms.Tensor(2.0)), (),
           lambda: np.logspace(0.0, 2.0, 5, base=2).astype(np.float32), prim="LogSpace"),
    OpCase(lambda: LogSpace(3, 0, ms.float64)(ms.Tensor(0.0, ms.float16), ms.Tensor(2.0, ms.float16)), (),
           lambda: np.array([1.0, 0.0, 0.0]), prim="LogSpace"),
    OpCase(Quantile(1, True), (X, np.array([0.2, 0.9], np.float32)),
           lambda x, q: np.quantile(x, q, axis=1, keepdims=True).astype(np.float32)),
    OpCase(Quantile(None, False, True), (with_nan, np.array(0.5, np.float32)),
           lambda x, q: np.nanquantile(x, q).astype(np.float32)),
    OpCase(Quantile(-1), (rand(2, 4, dtype=np.float64), np.array([1.0, 0.0])), lambda x, q: np.quantile(x, q, -1)),
    OpCase(CountNonZero(), (ints,), lambda x: np.array(np.count_nonzero(x), np.int64)),
    OpCase(CountNonZero([0]), (np.array([[0, 1.5, 0], [2, 1, 0]], np.float32),),
           lambda x: np.count_nonzero(x, 0).astype(np.int64)),
    OpCase(CountNonZero((0, 1)), (np.array([[True, False], [True, True]]),), lambda x: np.array(3, np.int64)),
    OpCase(LogSpace(0), (np.array(0.0, np.float32), np.array(1.0, np.float32)), lambda a, b: np.zeros(0, np.float32)),
    OpCase(lambda x: ops.reduce_sum(x, 1), (ints,), lambda x: x.sum(1).astype(np.int32), prim="ReduceSum"),
    OpCase(ops.reduce_mean, (X,), lambda x: np.mean(x).astype(x.dtype), prim="ReduceMean"),
    OpCase(lambda x: ops.reduce_max(x, (0,)), (X,), lambda x: x.max(0), prim="ReduceMax"),
    OpCase(lambda x: ops.reduce_min(x, 1), (X,), lambda x: x.min(1), prim="ReduceMin"),
]

ERROR_CASES = [
    ErrorCase(Median(), (ms.Tensor([True]),), TypeError, "'x'", prim="Median"),
    ErrorCase(Median(False, 2), (X,), ValueError, "'axis'", prim="Median"),
    ErrorCase(lambda: Median(axis=1.0), (), TypeError, "'axis'", prim="Median"),
    ErrorCase(Cummax(0), (np.array(1.0, np.float32),), ValueError, "rank", prim="Cummax"),
    ErrorCase(Cummin(3), (X,), ValueError, "'axis'", prim="Cummin"),
    ErrorCase(Cummin(0), (np.array([True]),), TypeError, "'input'", prim="Cummin"),
    ErrorCase(CumulativeLogsumexp(), (ints, 0), TypeError, "'x'", prim="CumulativeLogsumexp"),
    ErrorCase(CumulativeLogsumexp(), (X, 1.0), TypeError, "'axis'", prim="CumulativeLogsumexp"),
    ErrorCase(EuclideanNorm(), (X, 2), ValueError, "'axes'", prim="EuclideanNorm"),
    ErrorCase(SearchSorted(), (X, ints), TypeError, "'values'", prim="SearchSorted"),
    ErrorCase(SearchSorted(), (rand(2, 3), rand(3, 3)), ValueError, "leading", prim="SearchSorted"),
    ErrorCase(lambda: SearchSorted(ms.float32), (), TypeError, "'dtype'", prim="SearchSorted"),
    ErrorCase(lambda: Bucketize([1, 2]), (), TypeError, "boundaries", prim="Bucketize"),
    ErrorCase(Bucketize([1.0]), (np.array([True]),), TypeError, "'input'", prim="Bucketize"),
    ErrorCase(Bincount(), (np.array([1.0], np.float32), 2, rand(1)), TypeError, "'array'", prim="Bincount"),
    ErrorCase(Bincount(), (np.array([1], np.int32), -1, rand(1)), ValueError, "'size'", prim="Bincount"),
    ErrorCase(Bincount(), (np.array([1], np.int32), 2, rand(3)), ValueError, "'weights'", prim="Bincount"),
    ErrorCase(lambda: Histogram(3, 2.0, 1.0), (), ValueError, "'min'", prim="Histogram"),
    ErrorCase(Histogram(), (rand(3, dtype=np.float64),), TypeError, "'x'", prim="Histogram"),
    ErrorCase(lambda: HistogramFixedWidth(0), (), ValueError, "'nbins'", prim="HistogramFixedWidth"),
    ErrorCase(HistogramFixedWidth(2), (X, np.array([0.0, 1.0, 2.0], np.float32)), ValueError, "'range'",
              prim="HistogramFixedWidth"),
    ErrorCase(InTopK(1), (scores.astype(np.float64), np.array([1, 3], np.int32)), TypeError, "'x1'", prim="InTopK"),
    ErrorCase(InTopK(1), (scores, np.array([1], np.int32)), ValueError, "shapes", prim="InTopK"),
    ErrorCase(ops.nanmean, (ints,), TypeError, "floating point"),
    ErrorCase(ops.count_nonzero, (np.array([True]),), TypeError, "Bool"),
    ErrorCase(lambda x: ops.quantile(x, 1.5), (X,), ValueError, "'q'"),
    ErrorCase(lambda x: ops.quantile(x, [0.5]), (X,), TypeError, "'q'"),
    ErrorCase(lambda x: ops.quantile(x, 0.5), (ints,), TypeError, "'input'"),
    ErrorCase(lambda x: ops.diff(x, 2), (X,), RuntimeError, "'n' must be 1"),
    ErrorCase(ops.diff, (np.array(1.0, np.float32),), ValueError, "dimension"),
    ErrorCase(lambda s, v: ops.searchsorted(s, v, right=True, side="left"), (X, X), ValueError, "'side'"),
    ErrorCase(lambda x: ops.bucketize(x, ms.Tensor([1.0])), (X,), TypeError, "'boundaries'"),
    ErrorCase(ops.bincount, (ints,), ValueError, "1-D"),
    ErrorCase(lambda x: ops.bincount(x, minlength=-1), (np.array([1], np.int32),), ValueError, "'minlength'"),
    ErrorCase(lambda: ops.logspace(0, 1, 3, dtype=ms.int32), (), TypeError, "'dtype'"),
    ErrorCase(Quantile(), (X, np.array(0.5)), TypeError, "'q'", prim="Quantile"),
    ErrorCase(Quantile(), (ints, np.array(0.5, np.float32)), TypeError, "'input'", prim="Quantile"),
    ErrorCase(Quantile(5), (X, np.array(0.5, np.float32)), ValueError, "'dim'", prim="Quantile"),
    ErrorCase(Quantile(), (X, np.zeros((1, 1), np.float32)), ValueError, "'q'", prim="Quantile"),
    ErrorCase(lambda: Quantile(keep_dims=1), (), TypeError, "'keep_dims'", prim="Quantile"),
    ErrorCase(CountNonZero(2), (ints,), ValueError, "'dims'", prim="CountNonZero"),
    ErrorCase(lambda: CountNonZero(1.0), (), TypeError, "'dims'", prim="CountNonZero"),
    ErrorCase(lambda: LogSpace(3, -1), (), ValueError, "'base'", prim="LogSpace"),
    ErrorCase(lambda: LogSpace(-1), (), ValueError, "'steps'", prim="LogSpace"),
    ErrorCase(LogSpace(), (np.array(0.0, np.float32), np.array(1.0, np.float64)), TypeError, "one dtype",
              prim="LogSpace"),
    ErrorCase(LogSpace(), (np.array([0.0], np.float32), np.array(1.0, np.float32)), ValueError, "0-d",
              prim="LogSpace"),
    ErrorCase(lambda x: ops.aminmax(x, axis=1.5), (X,), TypeError, "'axis'"),
    ErrorCase(lambda y, x: ops.trapz(y, x), (X, rand(3)), ValueError, "'x'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_median_indices_name_the_median():
    x = ms.Tensor(X)
    values, indices = ops.median(x, 1, keepdims=True)
    assert indices.dtype == ms.int64 and indices.shape == (3, 1)
    np.testing.assert_array_equal(np.take_along_axis(X, indices.asnumpy(), 1), values.asnumpy())
    values, indices = Median(True)(x)
    assert values.shape == () and int(indices.asnumpy()) == 0


def test_median_propagates_nan_unless_ignored():
    assert np.isnan(ops.median(ms.Tensor(with_nan), 1)[0].asnumpy()).all()
    np.testing.assert_array_equal(ops.nanmedian(ms.Tensor(with_nan), 1)[0].asnumpy(), [1.0, 4.0])


def test_cumulative_extrema_propagate_nan():
    values, indices = ops.cummin(ms.Tensor(np.array([3.0, np.nan, 2.0, 5.0], np.float32)), 0)
    assert np.isnan(values.asnumpy()[1:]).all() and indices.asnumpy().tolist() == [0, 1, 1, 1]


def test_axis_and_size_given_as_tensors():
    x = ms.Tensor(X)
    expected = logcumsumexp(0, True)(X, 0)
    np.testing.assert_allclose(CumulativeLogsumexp(True, False)(x, ms.Tensor(0)).asnumpy(), expected, rtol=1e-6)
    norm = EuclideanNorm(True)(x, ms.Tensor([0, 1], ms.int32))
    np.testing.assert_allclose(norm.asnumpy(), np.linalg.norm(X).reshape(1, 1), rtol=1e-6)
    counts = Bincount()(ms.Tensor(np.array([1, 1, 3], np.int32)), ms.Tensor(4, ms.int32), ms.Tensor(rand(3)))
    assert counts.shape == (4,)


def test_bincount_length_follows_the_data():
    """The output length is max(input) + 1 (at least minlength): a PyNative-only function."""
    x = np.array([2, 4, 1, 0, 0], np.int32)
    np.testing.assert_array_equal(ops.bincount(ms.Tensor(x)).asnumpy(), np.bincount(x).astype(np.float32))
    w = rand(5, dtype=np.float64)
    out = ops.bincount(ms.Tensor(x.astype(np.int64)), ms.Tensor(w), 7)
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), np.bincount(x, w, 7), rtol=1e-6)


def test_tensor_methods():
    x = ms.Tensor(X)
    values, indices = x.kthvalue(2, 1)
    assert indices.dtype == ms.int64
    np.testing.assert_array_equal(values.asnumpy(), np.sort(X, 1)[:, 1])
    np.testing.assert_array_equal(np.take_along_axis(X, indices.asnumpy()[:, None], 1)[:, 0], values.asnumpy())
    values, _ = ms.Tensor(ints).kthvalue(1, 0, True)
    np.testing.assert_array_equal(values.asnumpy(), ints.min(0, keepdims=True))
    np.testing.assert_array_equal(x.ptp().asnumpy(), np.ptp(X))
    np.testing.assert_array_equal(ms.Tensor(ints).ptp(1, True).asnumpy(), np.ptp(ints, 1, keepdims=True))
    assert ms.Tensor(ints).count_nonzero().asnumpy() == np.count_nonzero(ints)
    np.testing.assert_array_equal(ms.Tensor(ints).count_nonzero(1).asnumpy(), np.count_nonzero(ints, 1))
    np.testing.assert_allclose(ms.Tensor(with_nan).nansum(1, True).asnumpy(), np.nansum(with_nan, 1, keepdims=True))
    sorted_seq = ms.Tensor(np.array([1.0, 3.0, 5.0], np.float32))
    found = sorted_seq.searchsorted(ms.Tensor(np.array([3.0], np.float32)), "right")
    assert found.dtype == ms.int32 and found.asnumpy().tolist() == [2]
    np.testing.assert_array_equal(ms.Tensor(np.array([1.0, 2.0, 1.0], np.float32)).histc(3, 0, 3).asnumpy(),
                                  [0.0, 2.0, 1.0])
    np.testing.assert_array_equal(ms.Tensor(np.array([1, 1, 3], np.int32)).bincount(minlength=5).asnumpy(),
                                  [0.0, 2.0, 0.0, 1.0, 0.0])
    low, high = x.aminmax(axis=1)
    np.testing.assert_array_equal(high.asnumpy() - low.asnumpy(), np.ptp(X, 1))
    np.testing.assert_array_equal(x.cummax(1)[0].asnumpy(), np.maximum.accumulate(X, 1))
    np.testing.assert_array_equal(x.cummin(0)[0].asnumpy(), np.minimum.accumulate(X, 0))
    np.testing.assert_array_equal(x.msort().asnumpy(), np.sort(X, 0))
    np.testing.assert_allclose(x.diff().asnumpy(), np.diff(X), rtol=1e-6)
    np.testing.assert_allclose(x.logcumsumexp(0).asnumpy(), np.log(np.cumsum(np.exp(X), 0)), rtol=1e-5)
    np.testing.assert_array_equal(x.median()[0].asnumpy(), np.quantile(X, 0.5, 1, method="lower"))
    np.testing.assert_allclose(ms.Tensor(with_nan).nanmean(1).asnumpy(), np.nanmean(with_nan, 1))
    np.testing.assert_array_equal(ms.Tensor(with_nan).nanmedian(1)[0].asnumpy(), [1.0, 4.0])
    np.testing.assert_allclose(x.quantile(0.25, 0).asnumpy(), np.quantile(X, 0.25, 0), rtol=1e-6)
    np.testing.assert_allclose(ms.Tensor(with_nan).nanquantile(0.5).asnumpy(), np.nanquantile(with_nan, 0.5))
