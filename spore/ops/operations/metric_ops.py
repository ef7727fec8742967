"""Counting Primitives over labels and sparse sequences: EditDistance (Levenshtein distance of
sparse sequences), ConfusionMatrix and ComputeAccidentalHits (sampled-softmax's matches of
sampled candidates with the true classes). None is differentiable.

MindSpore 2.7.1 runs EditDistance on CPU; ConfusionMatrix and ComputeAccidentalHits are
Ascend-only there (CPU fails at kernel selection): they compute what their documentation
states."""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_bool, check_dtype, check_positive_int, check_tensor, check_type
from .selection_ops import _known

__all__ = ["ComputeAccidentalHits", "ConfusionMatrix", "EditDistance"]

_INTS = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16, mstype.uint32,
         mstype.uint64)
_NUMBERS = _INTS + (mstype.float16, mstype.float32, mstype.float64)


def _typed_tensor(op: str, arg: str, value, allowed) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)


def _check_rank(op: str, arg: str, value, rank: int) -> None:
    if len(value.shape) != rank:
        raise ValueError(f"For '{op}', the rank of '{arg}' must be {rank}, but got {len(value.shape)}.")


class EditDistance(Primitive):
    """EditDistance(normalize=True)(hypothesis_indices, hypothesis_values, hypothesis_shape,
    truth_indices, truth_values, truth_shape): the Levenshtein distance between the sparse
    sequences of hypothesis and truth, per position of the leading (all but the last) axes.

    Each sparse tensor is (indices (n, rank) Int64, values (n,), shape (rank,) Int64); the
    values of one leading position form its sequence in the order they are listed (the
    last index is not read). The output, Float32, has shape max(hypothesis_shape[:-1],
    truth_shape[:-1]); with `normalize` each distance is divided by its truth's length
    (a nonzero distance to an empty truth is inf, two empty sequences give 0)."""

    def __init__(self, normalize=True):
        super().__init__()
        self.add_prim_attr("normalize", check_bool(self.name, "normalize", normalize))

    def check(self, *inputs):
        self.infer(*inputs)

    def infer(self, hypothesis_indices, hypothesis_values, hypothesis_shape, truth_indices, truth_values,
              truth_shape):
        sides = (("hypothesis", hypothesis_indices, hypothesis_values, hypothesis_shape),
                 ("truth", truth_indices, truth_values, truth_shape))
        for side, indices, values, shape in sides:
            _typed_tensor(self.name, f"{side}_indices", indices, (mstype.int64,))
            _typed_tensor(self.name, f"{side}_values", values, _NUMBERS)
            _typed_tensor(self.name, f"{side}_shape", shape, (mstype.int64,))
            _check_rank(self.name, f"{side}_indices", indices, 2)
            _check_rank(self.name, f"{side}_values", values, 1)
            _check_rank(self.name, f"{side}_shape", shape, 1)
            if values.shape[0] != indices.shape[0]:
                raise ValueError(f"For '{self.name}', the length of '{side}_values' must equal the number of rows of "
                                 f"'{side}_indices' ({indices.shape[0]}), but got {values.shape[0]}.")
            if indices.shape[1] != shape.shape[0]:
                raise ValueError(f"For '{self.name}', the number of columns of '{side}_indices' must equal the "
                                 f"length of '{side}_shape' ({shape.shape[0]}), but got {indices.shape[1]}.")
        if hypothesis_values.dtype is not truth_values.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'truth_values' must be the same as 'hypothesis_values' "
                            f"({hypothesis_values.dtype}), but got {truth_values.dtype}.")
        if hypothesis_shape.shape != truth_shape.shape:
            raise ValueError(f"For '{self.name}', the length of 'truth_shape' must equal that of 'hypothesis_shape' "
                             f"({hypothesis_shape.shape[0]}), but got {truth_shape.shape[0]}.")
        rank = hypothesis_shape.shape[0]
        if rank < 2:
            raise RuntimeError(f"For '{self.name}', the sparse tensors must have rank >= 2 (one leading axis for "
                               f"the output), but got rank {rank}.")
        known = [_known(hypothesis_shape), _known(truth_shape)]
        if known[0] is None or known[1] is None:
            return TensorSpec((-1,) * (rank - 1), mstype.float32)
        self._check_positions(known, _known(hypothesis_indices), _known(truth_indices))
        return TensorSpec(tuple(int(n) for n in np.maximum(known[0][:-1], known[1][:-1])), mstype.float32)

    def _check_positions(self, shapes, hypothesis_indices, truth_indices) -> None:
        """Every listed position lies inside the output's leading axes."""
        bounds = np.maximum(shapes[0][:-1], shapes[1][:-1])
        for side, indices in (("hypothesis", hypothesis_indices), ("truth", truth_indices)):
            if indices is None or not indices.size:
                continue
            bad = np.argwhere((indices[:, :-1] < 0) | (indices[:, :-1] >= bounds))
            if bad.size:
                row, axis = (int(v) for v in bad[0])
                raise ValueError(f"For '{self.name}', the index {int(indices[row, axis])} of the {row}th "
                                 f"{side}_value on axis {axis} is out of bounds: [0, {int(bounds[axis])}).")


class ConfusionMatrix(Primitive):
    """ConfusionMatrix(num_classes, dtype='int32')(labels, predictions, weights=None): the
    (num_classes, num_classes) matrix whose entry [label, prediction] sums the weights (1
    without weights) of the pairs (labels[i], predictions[i]); labels and predictions 1-D
    non-negative integers below num_classes, weights 1-D of their length. The output has
    dtype `dtype` (a name: 'int32', 'int64', 'float16', 'float32', 'float64')."""

    _DTYPES = {"int32": mstype.int32, "int64": mstype.int64, "float16": mstype.float16,
               "float32": mstype.float32, "float64": mstype.float64}

    def __init__(self, num_classes, dtype='int32'):
        super().__init__()
        check_positive_int(self.name, "num_classes", num_classes)
        check_type(self.name, "dtype", dtype, str)
        if dtype not in self._DTYPES:
            raise ValueError(f"For '{self.name}', the 'dtype' must be one of {sorted(self._DTYPES)}, "
                             f"but got '{dtype}'.")
        self.add_prim_attrs(num_classes=num_classes, dtype=dtype, output_dtype=self._DTYPES[dtype])

    def check(self, *inputs):
        self.infer(*inputs)

    def infer(self, labels, predictions, weights=None):
        for arg, value in (("labels", labels), ("predictions", predictions)):
            _typed_tensor(self.name, arg, value, _INTS)
            _check_rank(self.name, arg, value, 1)
            known = _known(value)
            if known is not None and known.size and (known.min() < 0 or known.max() >= self.num_classes):
                raise ValueError(f"For '{self.name}', the '{arg}' must be in [0, {self.num_classes}), but got "
                                 f"{known.min() if known.min() < 0 else known.max()}.")
        if labels.shape != predictions.shape:
            raise ValueError(f"For '{self.name}', the shape of 'predictions' must be the same as 'labels' "
                             f"{list(labels.shape)}, but got {list(predictions.shape)}.")
        if weights is not None:
            _typed_tensor(self.name, "weights", weights, _NUMBERS)
            if weights.shape != labels.shape:
                raise ValueError(f"For '{self.name}', the shape of 'weights' must be the same as 'labels' "
                                 f"{list(labels.shape)}, but got {list(weights.shape)}.")
        return TensorSpec((self.num_classes, self.num_classes), self.output_dtype)


class ComputeAccidentalHits(Primitive):
    """ComputeAccidentalHits(num_true=1)(true_classes, sampled_candidates) -> (indices, ids,
    weights): every match true_classes[i, k] == sampled_candidates[j], listed by row i, then
    candidate position j, then k; indices (Int32) holds i, ids (Int64) j, weights (Float32)
    the lowest float32, -3.4028235e+38 (MindSpore's example prints that value).
    true_classes (batch, num_true), sampled_candidates (num_sampled,), both Int32 or Int64."""

    def __init__(self, num_true=1):
        super().__init__()
        self.add_prim_attr("num_true", check_positive_int(self.name, "num_true", num_true))

    def check(self, *inputs):
        self.infer(*inputs)

    def infer(self, true_classes, sampled_candidates):
        for arg, value in (("true_classes", true_classes), ("sampled_candidates", sampled_candidates)):
            _typed_tensor(self.name, arg, value, (mstype.int32, mstype.int64))
        _check_rank(self.name, "true_classes", true_classes, 2)
        _check_rank(self.name, "sampled_candidates", sampled_candidates, 1)
        if true_classes.shape[1] != self.num_true:
            raise ValueError(f"For '{self.name}', the size of 'true_classes' on axis 1 must equal 'num_true' "
                             f"({self.num_true}), but got {true_classes.shape[1]}.")
        if true_classes.dtype is not sampled_candidates.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'sampled_candidates' must be the same as "
                            f"'true_classes' ({true_classes.dtype}), but got {sampled_candidates.dtype}.")
        true, sampled = _known(true_classes), _known(sampled_candidates)
        hits = -1 if true is None or sampled is None else int((true[:, None, :] == sampled[None, :, None]).sum())
        return (TensorSpec((hits,), mstype.int32), TensorSpec((hits,), mstype.int64),
                TensorSpec((hits,), mstype.float32))
