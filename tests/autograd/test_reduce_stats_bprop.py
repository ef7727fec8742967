"""Numerical gradient checks (float64) of the statistics bprops of the reduce family:
medians, running extrema, cumulative logsumexp, the Euclidean norm, bincount's weights;
and of the compositions over them (quantile, nanmean, trapz, diff)."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.reduce_ops import (
    Bincount,
    Cummax,
    Cummin,
    CumulativeLogsumexp,
    EuclideanNorm,
    Median,
    Quantile,
)
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

X = rand(3, 5)

GRAD_CASES = [
    OpCase(Median(False, 1), (X,), None),
    OpCase(Median(False, 0, True), (X,), None),
    OpCase(Median(True), (X,), None),
    OpCase(Median(False, -1, False, True), (np.array([[1.0, np.nan, 3.0, 0.5]]),), None),
    OpCase(Cummax(1), (X,), None),
    OpCase(Cummax(0), (X,), None),
    OpCase(Cummin(-1), (X,), None),
    OpCase(CumulativeLogsumexp(), (X, 1), None),
    OpCase(CumulativeLogsumexp(False, True), (X, 1), None),
    # exclusive scans start with the dtype's lowest value: checked on the other positions
    OpCase(lambda x: ops.narrow(CumulativeLogsumexp(True, False)(x, 0), 0, 1, 2), (X,), None,
           prim="CumulativeLogsumexp"),
    OpCase(lambda x: ops.narrow(CumulativeLogsumexp(True, True)(x, ms.Tensor(1)), 1, 0, 4), (X,), None,
           prim="CumulativeLogsumexp"),
    OpCase(EuclideanNorm(), (X, 1), None),
    OpCase(EuclideanNorm(True), (X, (0, 1)), None),
    OpCase(Bincount(), (np.array([2, 4, 1, 0, 0, -3, 9], np.int32), 6, rand(7)), None),
    OpCase(lambda x: ops.quantile(x, 0.3, 1), (X,), None, prim="Quantile"),
    OpCase(lambda x: Quantile(0, True)(x, ms.Tensor([0.25, 1.0, 0.5], ms.float64)), (X,), None, prim="Quantile"),
    OpCase(lambda x: Quantile(None, False, True)(x, ms.Tensor(0.8, ms.float64)),
           (np.array([[np.nan, 2.0, 1.0], [0.5, 4.0, np.nan]]),), None, prim="Quantile"),
    OpCase(lambda x: ops.nanquantile(x, 0.6), (np.array([[1.0, np.nan, 3.0], [0.5, 2.0, -1.0]]),), None,
           prim="Quantile"),
    OpCase(lambda x: ops.nanmean(x, 1), (np.array([[1.0, np.nan, 3.0], [0.5, 2.0, -1.0]]),), None, prim="nanmean"),
    OpCase(lambda y, x: ops.trapz(y, x), (X, np.sort(rand(3, 5), 1)), None, prim="trapz"),
    OpCase(lambda x: ops.diff_ext(x, 2, 0), (X,), None, prim="diff_ext"),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


def test_global_median_splits_the_gradient_among_ties():
    x = ms.Tensor(np.array([1.0, 3.0, 3.0, 5.0], np.float32))
    grad = ms.grad(lambda t: Median(True)(t)[0])(x)
    np.testing.assert_array_equal(grad.asnumpy(), [0.0, 0.5, 0.5, 0.0])
