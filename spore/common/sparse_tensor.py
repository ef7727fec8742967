"""The sparse tensors: COOTensor, CSRTensor, RowTensor and SparseTensor (MindSpore 1.x).

Each is plain data over spore Tensors (its indices, values and dense shape), checked when
built as MindSpore 2.7.1 checks them, and printed as MindSpore prints them. Like `Tensor`,
these classes sit below the ops layer: the methods that compute (`to_dense`, `astype`,
`abs`, `add`, the operators, ...) are installed by `spore/ops/function/sparse_func.py`.

Shapes: a COOTensor of dense shape S holds `indices` (nnz, len(S)) and `values` (nnz,);
a CSRTensor of dense shape (M, N, ...) holds `indptr` (M + 1,), `indices` (nnz,) (column
of each value) and `values` (nnz, ...); a RowTensor holds `indices` (k,) (rows of the
dense tensor) and `values` (k, ...) (those rows).
"""
from __future__ import annotations

import numpy as np

from . import dtype as mstype
from .tensor import Tensor
from .tensor_format import format_value

_INDEX_DTYPES = (mstype.int16, mstype.int32, mstype.int64)


def _check_parts(indices, values, shape) -> None:
    """The type checks MindSpore makes on every sparse tensor's parts."""
    for name, part in (("indices", indices), ("values", values)):
        if not isinstance(part, Tensor):
            raise TypeError(f"For SparseTensors, '{name}' must be Tensor, but got {type(part)}.")
    if not isinstance(shape, tuple):
        raise TypeError(f"For SparseTensors, 'shape' must be tuple, but got {type(shape)}.")


def _check_positive_shape(cls_name: str, shape: tuple) -> None:
    for dim in shape:
        if not isinstance(dim, int) or isinstance(dim, bool) or dim <= 0:
            raise ValueError(f"For {cls_name}, the element of 'shape' must be positive, but got {dim} in {shape}.")


def _part_repr(tensor: Tensor) -> str:
    """A part as a sparse tensor's repr shows it: a Tensor repr without the commas and,
    for a 1-D part, without the space after `value=`."""
    value = format_value(tensor.asnumpy(), tensor.dtype is mstype.bfloat16).replace(",", "")
    if tensor.ndim <= 1:
        value = value.lstrip(" ")
    return f"Tensor(shape={list(tensor.shape)}, dtype={tensor.dtype}, value={value})"


class _SparseTensorBase:
    """What the sparse tensors share: the values' dtype and sizes, and the repr."""

    _PARTS: tuple = ()

    @property
    def values(self) -> Tensor:
        return self._values

    @property
    def indices(self) -> Tensor:
        return self._indices

    @property
    def dtype(self):
        """The dtype of the values."""
        return self._values.dtype

    @property
    def itemsize(self) -> int:
        """Bytes per value."""
        return self._values.itemsize

    @property
    def size(self) -> int:
        """The number of stored values (nnz), not the dense size."""
        return self._values.size

    @property
    def ndim(self) -> int:
        """The rank of the dense tensor."""
        return len(self._shape)

    def __repr__(self) -> str:
        parts = ", ".join(f"{name}={_part_repr(getattr(self, '_' + name))}" for name in self._PARTS)
        return f"{type(self).__name__}(shape={list(self._shape)}, dtype={self.dtype}, {parts})"

    __str__ = __repr__


class COOTensor(_SparseTensorBase):
    """COOTensor(indices=None, values=None, shape=None, coo_tensor=None)

    The dense tensor of `shape` that is 0 except at `indices` (nnz, ndim) (int16/32/64),
    where it holds `values` (nnz,). `coo_tensor` copies another COOTensor."""

    _PARTS = ("indices", "values")

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            indices, values, shape = coo_tensor.indices, coo_tensor.values, coo_tensor.shape
        _check_parts(indices, values, shape)
        if indices.ndim != 2:
            raise ValueError(f"For COOTensor, 'indices' must be a 2-dimensional tensor, but got a "
                             f"{indices.ndim}-dimensional tensor.")
        if len(shape) != indices.shape[1]:
            raise ValueError(f"For COOTensor, the length of 'shape' must be {indices.shape[1]} (indices.shape[1]), "
                             f"but got {shape}.")
        if indices.dtype not in _INDEX_DTYPES:
            raise TypeError(f"For COOTensor, the type of 'indices' must be one of [int16, int32, int64], "
                            f"but got {indices.dtype}.")
        if values.ndim != 1:
            raise ValueError(f"For COOTensor, 'values' must be a 1-dimensional tensor, but got a "
                             f"{values.ndim}-dimensional tensor.")
        if indices.shape[0] != values.shape[0]:
            raise ValueError(f"For COOTensor, 'indices.shape[0]' must be equal to 'values.shape[0]', but got "
                             f"'indices.shape[0]' = {indices.shape[0]} and 'values.shape[0]' = {values.shape[0]}.")
        _check_positive_shape("COOTensor", shape)
        if int(np.prod(shape)) < values.shape[0]:
            raise ValueError(f"For COOTensor, shape is too small: ({int(np.prod(shape))}) to hold all "
                             f"values({values.shape[0]}).")
        self._indices, self._values, self._shape = indices, values, shape

    @property
    def shape(self) -> tuple:
        """The dense shape."""
        return self._shape

    def to_tuple(self) -> tuple:
        """(indices, values, shape)."""
        return self._indices, self._values, self._shape


class SparseTensor(COOTensor):
    """SparseTensor(indices, values, shape): MindSpore 1.x's name of a COOTensor; prints as one."""

    def __init__(self, indices, values, shape):
        super().__init__(indices, values, shape)

    def __repr__(self) -> str:
        return "COOTensor" + super().__repr__()[len("SparseTensor"):]

    __str__ = __repr__


class CSRTensor(_SparseTensorBase):
    """CSRTensor(indptr=None, indices=None, values=None, shape=None, csr_tensor=None)

    The dense tensor of `shape` (M, N, ...) whose row i holds `values[indptr[i]:indptr[i+1]]`
    at the columns `indices[indptr[i]:indptr[i+1]]`; `values` is (nnz, ...) with the
    trailing dims of shape. `csr_tensor` copies another CSRTensor."""

    _PARTS = ("indptr", "indices", "values")

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            indptr, indices, values, shape = csr_tensor.indptr, csr_tensor.indices, csr_tensor.values, csr_tensor.shape
        _check_parts(indices, values, shape)
        if not isinstance(indptr, Tensor):
            raise TypeError(f"For SparseTensors, 'indptr' must be Tensor, but got {type(indptr)}.")
        for name, part in (("indptr", indptr), ("indices", indices)):
            if part.dtype not in _INDEX_DTYPES:
                raise TypeError(f"For CSRTensor, {name} must have int16 or int32 or int64 data type, "
                                f"but got {part.dtype}.")
            if part.ndim != 1:
                raise ValueError(f"For CSRTensor, {name} must be a 1-dimensional tensor, but got a "
                                 f"{part.ndim}-dimensional tensor.")
        if len(shape) < 2:
            raise ValueError(f"For CSRTensor, the length of 'shape' must be at least 2, but got {shape}.")
        _check_positive_shape("CSRTensor", shape)
        if values.ndim != len(shape) - 1:
            raise ValueError(f"For CSRTensor, the dimension of 'values' must be the dimension of 'shape' - 1 = "
                             f"{len(shape) - 1}, but got {values.ndim}.")
        if values.shape[1:] != shape[2:]:
            raise ValueError(f"For CSRTensor, 'values.shape[1:]' must be 'shape[2:]' = {shape[2:]}, "
                             f"but got {values.shape[1:]}.")
        if indptr.shape[0] != shape[0] + 1:
            raise ValueError(f"For CSRTensor, indptr must have length (1 + shape[0]) = {shape[0] + 1}, "
                             f"but got: {indptr.shape[0]}")
        if indices.shape[0] != values.shape[0]:
            raise ValueError(f"For CSRTensor, 'indices' and 'values' must have the same length, but got "
                             f"{indices.shape[0]} and {values.shape[0]}.")
        self._indptr, self._indices, self._values, self._shape = indptr, indices, values, shape

    @property
    def indptr(self) -> Tensor:
        return self._indptr

    @property
    def shape(self) -> tuple:
        """The dense shape."""
        return self._shape

    def to_tuple(self) -> tuple:
        """(indptr, indices, values, shape)."""
        return self._indptr, self._indices, self._values, self._shape


class RowTensor(_SparseTensorBase):
    """RowTensor(indices=None, values=None, shape=None, row_tensor=None)

    The dense tensor of `shape` whose rows `indices` (k,) are `values` (k, *shape[1:]) and
    whose other rows are 0: the form of a gradient that touches few rows of a table.
    `row_tensor` copies another RowTensor."""

    _PARTS = ("indices", "values")

    def __init__(self, indices=None, values=None, shape=None, row_tensor=None):
        if row_tensor is not None:
            indices, values, shape = row_tensor.indices, row_tensor.values, row_tensor.dense_shape
        _check_parts(indices, values, shape)
        self._indices, self._values, self._shape = indices, values, shape

    @property
    def dense_shape(self) -> tuple:
        return self._shape
