"""Embeddings: lookup tables of learnable vectors, one row per token id. Embedding,
EmbeddingExt (MindSpore 2.x's PyTorch-style one), EmbeddingLookup (out-of-range ids give zero
rows on the 'CPU' target) and MultiFieldEmbeddingLookup (weighted vectors merged per field)."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import Normal, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_int, check_positive_int, check_string, check_type
from ..cell import Cell

__all__ = ["Embedding", "EmbeddingExt", "EmbeddingLookup", "MultiFieldEmbeddingLookup"]


class Embedding(Cell):
    """Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.float32, padding_idx=None)

    The Parameter `embedding_table` (vocab_size, embedding_size) is created by
    `embedding_table` (an initializer, its name or a Tensor) in float32; row
    `padding_idx`, if given, starts as zeros. With `use_one_hot`, rows are picked by a
    one-hot matrix product (whose on / off values have `dtype`) instead of a gather.

    Inputs: ids, an int32 / int64 Tensor of any shape with values in [0, vocab_size).
    Outputs: shape ids.shape + (embedding_size,), the table's dtype.
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=mstype.float32, padding_idx=None):
        super().__init__()
        name = self.cls_name
        self.vocab_size = check_positive_int(name, "vocab_size", vocab_size)
        self.embedding_size = check_positive_int(name, "embedding_size", embedding_size)
        self.use_one_hot = check_bool(name, "use_one_hot", use_one_hot)
        if not isinstance(dtype, mstype.Number):
            raise TypeError(f"For '{name}', the 'dtype' must be a number dtype, but got {dtype!r}.")
        self.dtype = dtype
        table = initializer(embedding_table, [vocab_size, embedding_size])
        self.padding_idx = padding_idx
        if padding_idx is not None:
            check_int(name, "padding_idx", padding_idx, 0, vocab_size - 1)
            values = table.asnumpy().copy()
            values[padding_idx] = 0
            table = Tensor(values, table.dtype)
        self.embedding_table = Parameter(table, name="embedding_table")
        self.on_value = Tensor(1.0, dtype)
        self.off_value = Tensor(0.0, dtype)

    def construct(self, ids):
        if self.use_one_hot:
            one_hot = ops.one_hot(ids, self.vocab_size, self.on_value, self.off_value)
            return ops.matmul(one_hot, self.embedding_table)
        return ops.gather(self.embedding_table, ids, 0)

    def extend_repr(self) -> str:
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
                f"dtype={self.dtype}, padding_idx={self.padding_idx}")


class EmbeddingExt(Cell):
    """EmbeddingExt(num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
    scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None)

    The Parameter `weight` (num_embeddings, embedding_dim) starts as N(0, 1) samples in
    `dtype` (Float32 when None), or as `_weight`; row `padding_idx` (in [-num_embeddings,
    num_embeddings)) starts as zeros and gets no gradient. `_freeze` makes `weight` not
    trainable. `max_norm` (a float) renormalizes the looked-up rows whose `norm_type`-norm
    exceeds it; `scale_grad_by_freq` scales gradients by the inverse id frequency.

    Inputs: ids, an int Tensor of any shape. Outputs: shape ids.shape + (embedding_dim,).
    """

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None):
        super().__init__()
        name = self.cls_name
        if check_type(name, "sparse", sparse, bool):
            raise ValueError(f"For '{name}', 'sparse' True (sparse gradients) is not supported.")
        self.num_embeddings = check_type(name, "num_embeddings", num_embeddings, int)
        self.embedding_dim = check_type(name, "embedding_dim", embedding_dim, int)
        self.dtype = mstype.float32 if dtype is None else dtype
        if not isinstance(self.dtype, mstype.Number):
            raise TypeError(f"For '{name}', the 'dtype' must be a number dtype, but got {self.dtype!r}.")
        self.padding_idx = padding_idx
        if padding_idx is not None:
            self.padding_idx = check_int(name, "padding_idx", padding_idx, -num_embeddings, num_embeddings - 1)
        if _weight is None:
            weight = initializer(Normal(1.0, 0.0), [num_embeddings, embedding_dim], self.dtype).init_data()
            if padding_idx is not None:
                weight[self.padding_idx] = 0
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise ValueError(f"For '{name}', the shape of '_weight' must be (num_embeddings, embedding_dim) = "
                                 f"({num_embeddings}, {embedding_dim}), but got {tuple(_weight.shape)}.")
            weight = _weight
        self.weight = Parameter(weight, name="weight", requires_grad=not _freeze)
        self.max_norm = None if max_norm is None else check_type(name, "max_norm", max_norm, float)
        self.norm_type = None if norm_type is None else check_type(name, "norm_type", norm_type, float)
        self.scale_grad_by_freq = scale_grad_by_freq
        if scale_grad_by_freq is not None:
            self.scale_grad_by_freq = check_bool(name, "scale_grad_by_freq", scale_grad_by_freq)

    def construct(self, input):
        return ops.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                             self.scale_grad_by_freq)

    def extend_repr(self) -> str:
        return (f"num_embeddings={self.num_embeddings}, embedding_dim={self.embedding_dim}, "
                f"padding_idx={self.padding_idx}, max_norm={self.max_norm}, norm_type={self.norm_type}, "
                f"scale_grad_by_freq={self.scale_grad_by_freq}, dtype={self.dtype}")


def _check_positive_float(name: str, arg: str, value) -> float:
    if not isinstance(value, float):
        raise TypeError(f"For '{name}', the '{arg}' must be float, but got '{type(value).__name__}'")
    if not value > 0:
        raise ValueError(f"For '{name}', the '{arg}' must be float and must > 0, but got '{value}'.")
    return value


class EmbeddingLookup(Cell):
    """EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True, dtype=mstype.float32)

    The Parameter `embedding_table` (vocab_size, embedding_size), of `dtype`, is created by
    `param_init`. On `target` 'CPU' (which needs `sparse` True) an id outside
    [0, vocab_size) looks up a zero row; on 'DEVICE' it is an error. `max_norm` (a float > 0)
    scales down each looked-up vector whose Euclidean norm exceeds it to that norm.
    `slice_mode` and `manual_shapes` place the table in (semi-)automatic parallel training,
    which spore does not shard: the lookup is the same.

    Inputs: indices, an Int32 / Int64 Tensor. Outputs: shape indices.shape + (embedding_size,).
    """

    BATCH_SLICE = "batch_slice"
    FIELD_SLICE = "field_slice"
    TABLE_ROW_SLICE = "table_row_slice"
    TABLE_COLUMN_SLICE = "table_column_slice"

    def __init__(self, vocab_size, embedding_size, param_init="normal", target="CPU", slice_mode="batch_slice",
                 manual_shapes=None, max_norm=None, sparse=True, dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.sparse = check_type(name, "sparse", sparse, bool)
        self.vocab_size = check_positive_int(name, "vocab_size", vocab_size)
        self.target = check_string(name, "target", target, ("CPU", "DEVICE"), case_sensitive=True)
        if not sparse and target == "CPU":
            raise ValueError(f"For '{name}', 'sparse' must be True when 'target' is \"CPU\", but got 'sparse': "
                             f"{sparse} and 'target': {target}")
        self.embedding_size = check_positive_int(name, "embedding_size", embedding_size)
        self.slice_mode = slice_mode
        self.manual_shapes = manual_shapes
        self.embedding_table = Parameter(initializer(param_init, [self.vocab_size, self.embedding_size], dtype),
                                         name="embedding_table")
        self.max_norm = None if max_norm is None else _check_positive_float(name, "max_norm", max_norm)

    def _lookup(self, indices):
        """The table rows of `indices`, clipped to `max_norm`: indices.shape + (embedding_size,)."""
        if self.target == "CPU":
            rows = ops.EmbeddingLookup()(self.embedding_table, indices, 0)
        else:
            rows = ops.gather(self.embedding_table, indices, 0)
        if self.max_norm is None:
            return rows
        norm = ops.sqrt(ops.sum(ops.square(rows), -1, True))
        return rows * self.max_norm / ops.maximum(norm, self.max_norm)

    def construct(self, indices):
        return self._lookup(indices)


_MERGERS = ("SUM", "MAX", "MEAN")


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    """MultiFieldEmbeddingLookup(vocab_size, embedding_size, field_size, param_init='normal',
    target='CPU', slice_mode='batch_slice', feature_num_list=None, max_norm=None, sparse=True,
    operator='SUM', dtype=mstype.float32)

    Looks up the ids of each example as EmbeddingLookup does, weights each vector by its
    value, and merges the weighted vectors of each of the `field_size` fields by
    `operator`: 'SUM'; 'MEAN' (the sum divided by the sum of |values|); 'MAX' (over the
    entries with a nonzero value). A field with no entry gives zeros.

    Inputs: input_indices (batch, n) Int32 / Int64, input_values (batch, n) Float32,
    field_ids (batch, n) Int32 in [0, field_size). Outputs: (batch, field_size, embedding_size).
    """

    OPERATOR_SUM = "SUM"
    OPERATOR_MEAN = "MEAN"
    OPERATOR_MAX = "MAX"

    def __init__(self, vocab_size, embedding_size, field_size, param_init="normal", target="CPU",
                 slice_mode="batch_slice", feature_num_list=None, max_norm=None, sparse=True, operator="SUM",
                 dtype=mstype.float32):
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode, feature_num_list, max_norm,
                         sparse, dtype)
        self.field_size = check_positive_int(self.cls_name, "field_size", field_size)
        self.operator = check_string(self.cls_name, "operator", operator, _MERGERS, case_sensitive=True)

    def _check_inputs(self, input_indices, input_values, field_ids) -> None:
        name = self.cls_name
        for arg, value, dtypes in (("input_indices", input_indices, (mstype.int32, mstype.int64)),
                                   ("input_values", input_values, (mstype.float32,)),
                                   ("field_ids", field_ids, (mstype.int32,))):
            check_type(name, arg, value, Tensor)
            if value.ndim != 2:
                raise ValueError(f"For '{name}', the dimension of '{arg}' must be 2d, but got {value.ndim}")
            if value.dtype not in dtypes:
                expected = " or ".join(str(t) for t in dtypes)
                raise TypeError(f"For '{name}', the '{arg}' should be {expected}, but got '{value.dtype}'.")
        for arg, value in (("input_values", input_values), ("field_ids", field_ids)):
            if value.shape != input_indices.shape:
                raise ValueError(f"For '{name}', the '{arg}' must have the shape of 'input_indices' "
                                 f"{input_indices.shape}, but got {value.shape}.")

    def construct(self, input_indices, input_values, field_ids):
        self._check_inputs(input_indices, input_values, field_ids)
        batch_size, count = input_indices.shape
        segments = batch_size * self.field_size
        # Field f of example b is segment b * field_size + f.
        example_base = ops.reshape(ops.arange(0, segments, self.field_size, dtype=mstype.int32), (batch_size, 1))
        segment_ids = ops.reshape(field_ids + example_base, (-1,))
        weights = ops.reshape(input_values, (-1, 1))
        weighted = ops.reshape(self._lookup(input_indices), (batch_size * count, -1)) * weights
        if self.operator == "MAX":
            # Entries of value 0 take no part in the maximum; fields without another give 0.
            lowest = ops.fill(mstype.float32, weighted.shape, -3.402823466e+38)
            merged = ops.unsorted_segment_max(ops.where(weights == 0, lowest, weighted), segment_ids, segments)
            present = ops.unsorted_segment_sum(ops.abs(weights), segment_ids, segments) != 0
            merged = ops.where(present, merged, ops.zeros_like(merged))
        else:
            merged = ops.unsorted_segment_sum(weighted, segment_ids, segments)
            if self.operator == "MEAN":
                merged = ops.DivNoNan()(merged, ops.unsorted_segment_sum(ops.abs(weights), segment_ids, segments))
        return ops.reshape(merged, (batch_size, self.field_size, -1))
