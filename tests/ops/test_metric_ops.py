"""EditDistance, ConfusionMatrix, ComputeAccidentalHits: forward against Python references
(MindSpore 2.7.1's printed values for EditDistance), and bad input."""
from functools import lru_cache

import numpy as np
import pytest

import spore as ms
from spore.ops import operations as P

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def _distance(first: tuple, second: tuple) -> int:
    @lru_cache(None)
    def d(i, j):
        if not i or not j:
            return i + j
        return min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (first[i - 1] != second[j - 1]))
    return d(len(first), len(second))


def _edit_distance(normalize):
    def reference(h_idx, h_val, h_shape, t_idx, t_val, t_shape):
        out = np.zeros(np.maximum(h_shape[:-1], t_shape[:-1]), np.float32)
        for position in np.ndindex(*out.shape):
            hyp = tuple(v for i, v in zip(h_idx, h_val) if tuple(i[:-1]) == position)
            truth = tuple(v for i, v in zip(t_idx, t_val) if tuple(i[:-1]) == position)
            dist = _distance(hyp, truth)
            if normalize and dist:
                dist = dist / len(truth) if truth else np.inf
            out[position] = dist
        return out
    return reference


def _sparse(shape, count, values_dtype=np.float32, high=3):
    """A sparse tensor of `count` random entries inside `shape` (duplicate positions kept)."""
    indices = np.stack([rand(count, dtype=np.int64, low=0, high=n) for n in shape], 1)
    return indices, rand(count, dtype=values_dtype, low=0, high=high).round(), np.array(shape, np.int64)


def _i64(values):
    return np.array(values, np.int64)


_DOC = (_i64([[0, 0, 0], [1, 0, 1], [1, 1, 1]]), np.array([1, 2, 3], np.float32), _i64([1, 1, 2]),
        _i64([[0, 1, 0], [0, 0, 1], [1, 1, 0], [1, 0, 1]]), np.array([1, 3, 2, 1], np.float32), _i64([2, 2, 2]))
_SEQ = (_i64([[0, 0], [0, 1], [0, 2], [1, 0]]), np.array([1, 2, 3, 5], np.int32), _i64([2, 3]),
        _i64([[0, 0], [0, 1], [2, 0]]), np.array([1, 3, 4], np.int32), _i64([3, 2]))


def _confusion(classes, dtype):
    def reference(labels, predictions, weights=None):
        out = np.zeros((classes, classes), np.float64)
        for k, (a, b) in enumerate(zip(labels, predictions)):
            out[a, b] += 1 if weights is None else weights[k]
        return out.astype(dtype)
    return reference


def _accidental_hits(true_classes, sampled):
    rows, ids = [], []
    for i, row in enumerate(true_classes):
        for j, candidate in enumerate(sampled):
            for value in row:
                if value == candidate:
                    rows.append(i)
                    ids.append(j)
    return (np.array(rows, np.int32), np.array(ids, np.int64),
            np.full(len(rows), np.finfo(np.float32).min, np.float32))


_LABELS = rand(12, dtype=np.int32, low=0, high=4)
_PREDICTIONS = rand(12, dtype=np.int32, low=0, high=4)

CASES = [
    OpCase(P.EditDistance(), _DOC, _edit_distance(True)),
    OpCase(P.EditDistance(False), _DOC, _edit_distance(False)),
    OpCase(P.EditDistance(), _SEQ, _edit_distance(True)),
    OpCase(P.EditDistance(False), _SEQ, _edit_distance(False)),
    OpCase(P.EditDistance(), _sparse((3, 2, 5), 14) + _sparse((2, 3, 4), 10), _edit_distance(True)),
    OpCase(P.EditDistance(False), _sparse((4, 6), 12, np.int64) + _sparse((4, 5), 9, np.int64), _edit_distance(False)),
    OpCase(P.EditDistance(), _sparse((3, 4), 6, np.float64) + _sparse((3, 4), 0, np.float64), _edit_distance(True)),
    OpCase(P.ConfusionMatrix(4), (_LABELS, _PREDICTIONS), _confusion(4, np.int32)),
    OpCase(P.ConfusionMatrix(5, "float32"), (_LABELS, _PREDICTIONS, rand(12)), _confusion(5, np.float32)),
    OpCase(P.ConfusionMatrix(4, "int64"), (_LABELS.astype(np.int64), _PREDICTIONS.astype(np.uint8)),
           _confusion(4, np.int64)),
    OpCase(P.ConfusionMatrix(3, "float64"), (np.zeros(0, np.int32), np.zeros(0, np.int32)), _confusion(3, np.float64)),
    OpCase(P.ComputeAccidentalHits(2), (_i64([[1, 2], [0, 4], [3, 3]]), _i64([0, 1, 2, 3, 4])),
           _accidental_hits),
    OpCase(P.ComputeAccidentalHits(3),
           (rand(4, 3, dtype=np.int32, low=0, high=5), rand(6, dtype=np.int32, low=0, high=5)), _accidental_hits),
    OpCase(P.ComputeAccidentalHits(), (_i64([[7], [8]]), _i64([1, 2])), _accidental_hits),
]


def test_values_printed_by_mindspore():
    """MindSpore 2.7.1's outputs (EditDistance runs on CPU there; the other two print
    these in their documentation)."""
    tensors = [ms.Tensor(v) for v in _SEQ]
    np.testing.assert_array_equal(P.EditDistance()(*tensors).asnumpy(), [0.5, np.inf, 1.0])
    np.testing.assert_array_equal(P.EditDistance(False)(*tensors).asnumpy(), [1.0, 1.0, 1.0])
    out = P.ConfusionMatrix(4)(ms.Tensor([0, 1, 1, 3], ms.int32), ms.Tensor([1, 2, 1, 3], ms.int32))
    np.testing.assert_array_equal(out.asnumpy(), [[0, 1, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 1]])
    indices, ids, weights = P.ComputeAccidentalHits(2)(ms.Tensor(_i64([[1, 2], [0, 4], [3, 3]])),
                                                        ms.Tensor(_i64([0, 1, 2, 3, 4])))
    np.testing.assert_array_equal(indices.asnumpy(), [0, 0, 1, 1, 2, 2])
    np.testing.assert_array_equal(ids.asnumpy(), [1, 2, 0, 4, 3, 3])
    np.testing.assert_array_equal(weights.asnumpy(), np.full(6, -3.4028235e+38, np.float32))


def _doc_with(index, value):
    return _DOC[:index] + (value,) + _DOC[index + 1:]


_ED = P.EditDistance()
_CM = P.ConfusionMatrix(4)
_HITS = P.ComputeAccidentalHits(2)
_TRUE = _i64([[1, 2], [0, 4]])

ERROR_CASES = [
    ErrorCase(lambda: P.EditDistance(1), (), TypeError, "EditDistance.*'normalize'.*bool"),
    ErrorCase(_ED, _doc_with(0, _DOC[0].astype(np.int32)), TypeError, "EditDistance.*'hypothesis_indices'.*Int32"),
    ErrorCase(_ED, _doc_with(4, _DOC[4].astype(np.int32)), TypeError, "EditDistance.*'truth_values'.*same"),
    ErrorCase(_ED, _doc_with(1, np.array([True, False, True])), TypeError, "EditDistance.*'hypothesis_values'"),
    ErrorCase(_ED, _doc_with(1, np.array([1, 2], np.float32)), ValueError, "EditDistance.*'hypothesis_values'.*3.*2"),
    ErrorCase(_ED, _doc_with(1, _DOC[1].reshape(3, 1)), ValueError, "EditDistance.*rank of 'hypothesis_values'"),
    ErrorCase(_ED, _doc_with(5, _i64([2, 2])), ValueError, "EditDistance.*'truth_indices'.*'truth_shape'"),
    ErrorCase(_ED, _doc_with(0, _i64([[0, 0, 0], [5, 0, 1], [1, 1, 1]])), ValueError,
              "EditDistance.*index 5 of the 1th hypothesis_value on axis 0.*\\[0, 2\\)"),
    ErrorCase(_ED, (_i64([[0]]), np.ones(1, np.float32), _i64([2]), _i64([[0]]), np.ones(1, np.float32), _i64([2])),
              RuntimeError, "EditDistance.*rank >= 2"),
    ErrorCase(_ED, _doc_with(0, _DOC[0].tolist()), TypeError, "EditDistance.*'hypothesis_indices' must be a Tensor"),
    ErrorCase(lambda: P.ConfusionMatrix(4.0), (), TypeError, "ConfusionMatrix.*'num_classes'"),
    ErrorCase(lambda: P.ConfusionMatrix(0), (), ValueError, "ConfusionMatrix.*'num_classes'"),
    ErrorCase(lambda: P.ConfusionMatrix(4, ms.int32), (), TypeError, "ConfusionMatrix.*'dtype'"),
    ErrorCase(lambda: P.ConfusionMatrix(4, "bool"), (), ValueError, "ConfusionMatrix.*'dtype'"),
    ErrorCase(_CM, (_LABELS.astype(np.float32), _PREDICTIONS), TypeError, "ConfusionMatrix.*'labels'"),
    ErrorCase(_CM, (_LABELS, _PREDICTIONS[:5]), ValueError, "ConfusionMatrix.*'predictions'"),
    ErrorCase(_CM, (_LABELS, _PREDICTIONS, rand(3)), ValueError, "ConfusionMatrix.*'weights'"),
    ErrorCase(_CM, (_LABELS + 4, _PREDICTIONS), ValueError, "ConfusionMatrix.*'labels'.*\\[0, 4\\)"),
    ErrorCase(_CM, (_LABELS.reshape(3, 4), _PREDICTIONS.reshape(3, 4)), ValueError, "ConfusionMatrix.*rank"),
    ErrorCase(lambda: P.ComputeAccidentalHits(1.0), (), TypeError, "ComputeAccidentalHits.*'num_true'"),
    ErrorCase(lambda: P.ComputeAccidentalHits(0), (), ValueError, "ComputeAccidentalHits.*'num_true'"),
    ErrorCase(_HITS, (_TRUE.astype(np.float32), _i64([1, 2])), TypeError, "ComputeAccidentalHits.*'true_classes'"),
    ErrorCase(_HITS, (_TRUE, _i64([1, 2]).astype(np.int32)), TypeError, "ComputeAccidentalHits.*same"),
    ErrorCase(_HITS, (_TRUE[:, :1], _i64([1, 2])), ValueError, "ComputeAccidentalHits.*'num_true'"),
    ErrorCase(_HITS, (_TRUE, _i64([[1, 2]])), ValueError, "ComputeAccidentalHits.*rank of 'sampled_candidates'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
