"""Embedding: a lookup table of learnable vectors, one row per token id."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_int, check_positive_int
from ..cell import Cell

__all__ = ["Embedding"]


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
