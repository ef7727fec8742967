"""Functional API of the sparse tensors (COOTensor, CSRTensor, RowTensor): building them,
converting to and from dense Tensors, element-wise functions of their values, and the
arithmetic MindSpore defines on them.

Every function is a composition of dense primitives over the parts of the sparse tensors
(indices, values), so gradients flow to the values like to any Tensor. The methods of
COOTensor and CSRTensor (`to_dense`, `astype`, `+`, ...) are installed here, as
tensor_methods.py installs Tensor's: spore/common/sparse_tensor.py sits below ops.
"""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype
from ...common.sparse_tensor import COOTensor, CSRTensor, RowTensor
from ...common.tensor import Tensor
from ..operations.sparse_dense_ops import Coalesce
from . import math_func as M
from . import nn_func as N
from .array_func import broadcast_to, cast, concat, expand_dims, stack, transpose, zeros
from .linalg_func import matmul
from .reduce_func import searchsorted
from .scatter_func import unsorted_segment_max, unsorted_segment_sum
from .selection_func import argsort, gather, gather_nd, nonzero, tensor_scatter_add, unique
from .special_func import conj

_UNARY = (
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp", "expm1", "floor",
    "inv", "isfinite", "isinf", "isnan", "log", "log1p", "neg", "relu", "relu6", "round", "sigmoid", "sin", "sinh",
    "softsign", "sqrt", "square", "tan", "tanh",
)

__all__ = [f"coo_{name}" for name in _UNARY] + [f"csr_{name}" for name in _UNARY] + [
    "coo2csr", "csr2coo", "coo_add", "coo_concat", "coalesce",
    "coo_tensor_get_dense_shape", "coo_tensor_get_indices", "coo_tensor_get_values",
    "csr_add", "csr_div", "csr_gather", "csr_mm", "csr_mul", "csr_mv", "csr_reduce_sum", "csr_softmax",
    "csr_to_coo", "csr_to_dense",
    "csr_tensor_get_dense_shape", "csr_tensor_get_indices", "csr_tensor_get_indptr", "csr_tensor_get_values",
    "dense_to_sparse_coo", "dense_to_sparse_csr",
    "make_coo_tensor", "make_csr_tensor", "make_row_tensor", "make_row_tensor_inner", "make_sparse_tensor",
    "row_tensor_add", "row_tensor_get_dense_shape", "row_tensor_get_indices", "row_tensor_get_values",
]


def _check_type(op: str, arg: str, value, cls) -> None:
    if not isinstance(value, cls):
        raise TypeError(f"For '{op}', the '{arg}' must be a {cls.__name__}, but got {type(value).__name__}.")


def _check_2d(op: str, shape: tuple) -> None:
    if len(shape) != 2:
        raise ValueError(f"For '{op}', only 2-D sparse tensors are supported, but got shape {shape}.")


_coalesce = Coalesce()


# ---- index arithmetic ------------------------------------------------------------------------


def _arange(n: int, dtype) -> Tensor:
    return Tensor(np.arange(n), dtype)


def _linear_keys(indices: Tensor, shape: tuple) -> Tensor:
    """The row-major position in the dense tensor of each row of `indices` (nnz, ndim)."""
    strides = np.cumprod((shape[1:] + (1,))[::-1])[::-1].copy()
    return (cast(indices, mstype.int64) * Tensor(strides, mstype.int64)).sum(1)


def _unravel(keys: Tensor, shape: tuple, dtype) -> Tensor:
    """The inverse of _linear_keys: (n,) positions to (n, ndim) indices of `dtype`."""
    strides = np.cumprod((shape[1:] + (1,))[::-1])[::-1].copy()
    coords = (expand_dims(keys, 1) // Tensor(strides, mstype.int64)) % Tensor(np.array(shape), mstype.int64)
    return cast(coords, dtype)


def _sorted_by_position(indices: Tensor, values: Tensor, shape: tuple):
    """indices (nnz, ndim) and values (nnz, ...) reordered to row-major order."""
    order = argsort(_linear_keys(indices, shape))
    return gather(indices, order, 0), gather(values, order, 0)


def _sum_duplicates(indices: Tensor, values: Tensor, shape: tuple):
    """(indices, values, counts): one entry per distinct position, in row-major order, its
    value the sum of the entries there and `counts` how many there were."""
    keys = _linear_keys(indices, shape)
    order = argsort(keys)
    distinct, slot = unique(gather(keys, order, 0))
    n = distinct.shape[0]
    sums = unsorted_segment_sum(gather(values, order, 0), slot, n)
    counts = unsorted_segment_sum(Tensor(np.ones(keys.shape[0], np.int32)), slot, n)
    return _unravel(distinct, shape, indices.dtype), sums, counts


def _csr_rows(csr: CSRTensor) -> Tensor:
    """The row of each stored value (nnz,), in the dtype of the column indices."""
    return cast(csr2coo(csr.indptr, csr.values.shape[0]), csr.indices.dtype)


def _csr_positions(csr: CSRTensor) -> Tensor:
    """(row, column) of each stored value: (nnz, 2)."""
    return stack((_csr_rows(csr), csr.indices), 1)


def _csr_from_sorted(indices: Tensor, values: Tensor, shape: tuple, indptr_dtype) -> CSRTensor:
    """A CSRTensor from row-major sorted 2-column COO indices (nnz, 2). The columns are
    gathered, not sliced: searchsorted wants a contiguous sequence."""
    rows, columns = (gather(indices, Tensor(axis, mstype.int32), 1) for axis in (0, 1))
    return CSRTensor(cast(coo2csr(rows, shape[0]), indptr_dtype), columns, values, shape)


# ---- conversions ------------------------------------------------------------------------------


def coo2csr(row_indices, height):
    """The indptr (height + 1,) of sorted COO row indices (nnz,): indptr[i] is the number of
    stored values in the rows before i."""
    _check_type("coo2csr", "row_indices", row_indices, Tensor)
    return cast(searchsorted(row_indices, _arange(height + 1, row_indices.dtype)), row_indices.dtype)


def csr2coo(indptr, nnz):
    """The row index (nnz,) of each stored value of a CSR tensor with `indptr` (M + 1,)."""
    _check_type("csr2coo", "indptr", indptr, Tensor)
    return cast(searchsorted(indptr, _arange(nnz, indptr.dtype), right=True) - 1, indptr.dtype)


def _coo_to_dense(x: COOTensor) -> Tensor:
    return tensor_scatter_add(zeros(x.shape, x.dtype), x.indices, x.values)


def _coo_to_csr(x: COOTensor) -> CSRTensor:
    _check_2d("COOTensor.to_csr", x.shape)
    indices, values = _sorted_by_position(x.indices, x.values, x.shape)
    return _csr_from_sorted(indices, values, x.shape, x.indices.dtype)


def csr_to_dense(csr_tensor):
    """The dense Tensor of shape csr_tensor.shape."""
    _check_type("csr_to_dense", "csr_tensor", csr_tensor, CSRTensor)
    dense = zeros(csr_tensor.shape, csr_tensor.dtype)
    return tensor_scatter_add(dense, _csr_positions(csr_tensor), csr_tensor.values)


def csr_to_coo(tensor):
    """The COOTensor of a 2-D CSRTensor: indices (nnz, 2) of the column indices' dtype."""
    _check_type("csr_to_coo", "tensor", tensor, CSRTensor)
    if len(tensor.shape) != 2:
        raise ValueError("For 'csr_to_coo', only a 2-D CSRTensor can be converted to a COOTensor, "
                         f"but got shape {tensor.shape}.")
    return COOTensor(_csr_positions(tensor), tensor.values, tensor.shape)


def dense_to_sparse_coo(tensor):
    """The COOTensor of the non-zero elements of `tensor`, in row-major order (Int32 indices)."""
    _check_type("dense_to_sparse_coo", "tensor", tensor, Tensor)
    indices = cast(nonzero(tensor), mstype.int32)
    return COOTensor(indices, gather_nd(tensor, indices), tensor.shape)


def dense_to_sparse_csr(tensor):
    """The CSRTensor of the non-zero elements of a 2-D `tensor` (Int32 indptr and indices)."""
    _check_type("dense_to_sparse_csr", "tensor", tensor, Tensor)
    if tensor.ndim != 2:
        raise ValueError(f"For 'dense_to_sparse_csr', only a 2-D Tensor can be converted to a CSRTensor, "
                         f"but got a {tensor.ndim}-D Tensor.")
    indices = cast(nonzero(tensor), mstype.int32)
    return _csr_from_sorted(indices, gather_nd(tensor, indices), tensor.shape, mstype.int32)


def _tensor_to_coo(input):
    """Tensor.to_coo: the COOTensor of the Tensor's non-zero elements."""
    return dense_to_sparse_coo(input)


def _tensor_to_csr(input):
    """Tensor.to_csr: the CSRTensor of the 2-D Tensor's non-zero elements."""
    return dense_to_sparse_csr(input)


# ---- building and taking apart ----------------------------------------------------------------


def make_coo_tensor(indices, values, dense_shape):
    """COOTensor(indices, values, dense_shape)."""
    return COOTensor(indices, values, dense_shape)


def make_sparse_tensor(indices, values, dense_shape):
    """COOTensor(indices, values, dense_shape) (MindSpore 1.x's name)."""
    return COOTensor(indices, values, dense_shape)


def make_csr_tensor(indptr, indices, values, dense_shape):
    """CSRTensor(indptr, indices, values, dense_shape)."""
    return CSRTensor(indptr, indices, values, dense_shape)


def make_row_tensor(indices, values, dense_shape):
    """RowTensor(indices, values, dense_shape)."""
    return RowTensor(indices, values, dense_shape)


def make_row_tensor_inner(indices, values, dense_shape):
    """RowTensor(indices, values, dense_shape), as MindSpore's gradients build them."""
    return RowTensor(indices, values, dense_shape)


def coo_tensor_get_dense_shape(coo_tensor):
    return coo_tensor.shape


def coo_tensor_get_indices(coo_tensor):
    return coo_tensor.indices


def coo_tensor_get_values(coo_tensor):
    return coo_tensor.values


def csr_tensor_get_dense_shape(csr_tensor):
    return csr_tensor.shape


def csr_tensor_get_indices(csr_tensor):
    return csr_tensor.indices


def csr_tensor_get_indptr(csr_tensor):
    return csr_tensor.indptr


def csr_tensor_get_values(csr_tensor):
    return csr_tensor.values


def row_tensor_get_dense_shape(row_tensor):
    return row_tensor.dense_shape


def row_tensor_get_indices(row_tensor):
    return row_tensor.indices


def row_tensor_get_values(row_tensor):
    return row_tensor.values


def row_tensor_add(x, y):
    """x + y for the RowTensor x, as gradients of an embedding table are summed: with a
    RowTensor y of the same dense shape, the RowTensor of both sets of rows (a row in both
    adds up when densified); with a Tensor y of x's values' shape, x with y added to its
    values."""
    if not isinstance(x, RowTensor):
        raise TypeError(f"For 'RowTensorAdd', input[0] should be RowTensor, but got {type(x).__name__}.")
    if isinstance(y, RowTensor):
        if tuple(y.dense_shape) != tuple(x.dense_shape):
            raise ValueError(f"For 'RowTensorAdd', the dense shapes must be equal, but got {tuple(x.dense_shape)} "
                             f"and {tuple(y.dense_shape)}.")
        return RowTensor(concat((x.indices, y.indices)), concat((x.values, y.values)), x.dense_shape)
    if not isinstance(y, Tensor):
        raise TypeError(f"For 'RowTensorAdd', input[1] should be RowTensor or Tensor, but got {type(y).__name__}.")
    if tuple(y.shape) != tuple(x.values.shape):
        raise ValueError(f"For 'RowTensorAdd', the Tensor input[1] must have the shape of the values "
                         f"{tuple(x.values.shape)}, but got {tuple(y.shape)}.")
    return RowTensor(x.indices, M.add(x.values, y), x.dense_shape)


# ---- element-wise functions of the values -----------------------------------------------------


def _coo_unary(name: str, dense_op):
    def coo_op(x):
        _check_type(f"coo_{name}", "x", x, COOTensor)
        return COOTensor(x.indices, dense_op(x.values), x.shape)
    coo_op.__name__ = coo_op.__qualname__ = f"coo_{name}"
    coo_op.__doc__ = f"The COOTensor of `{name}` of x's values, at x's indices."
    return coo_op


def _csr_unary(name: str, dense_op):
    def csr_op(x):
        _check_type(f"csr_{name}", "x", x, CSRTensor)
        return CSRTensor(x.indptr, x.indices, dense_op(x.values), x.shape)
    csr_op.__name__ = csr_op.__qualname__ = f"csr_{name}"
    csr_op.__doc__ = f"The CSRTensor of `{name}` of x's values, with x's indptr and indices."
    return csr_op


coo_abs = _coo_unary("abs", M.abs)
coo_acos = _coo_unary("acos", M.acos)
coo_acosh = _coo_unary("acosh", M.acosh)
coo_asin = _coo_unary("asin", M.asin)
coo_asinh = _coo_unary("asinh", M.asinh)
coo_atan = _coo_unary("atan", M.atan)
coo_atanh = _coo_unary("atanh", M.atanh)
coo_ceil = _coo_unary("ceil", M.ceil)
coo_cos = _coo_unary("cos", M.cos)
coo_cosh = _coo_unary("cosh", M.cosh)
coo_exp = _coo_unary("exp", M.exp)
coo_expm1 = _coo_unary("expm1", M.expm1)
coo_floor = _coo_unary("floor", M.floor)
coo_inv = _coo_unary("inv", M.inv)
coo_isfinite = _coo_unary("isfinite", M.isfinite)
coo_isinf = _coo_unary("isinf", M.isinf)
coo_isnan = _coo_unary("isnan", M.isnan)
coo_log = _coo_unary("log", M.log)
coo_log1p = _coo_unary("log1p", M.log1p)
coo_neg = _coo_unary("neg", M.neg)
coo_relu = _coo_unary("relu", N.relu)
coo_relu6 = _coo_unary("relu6", N.relu6)
coo_round = _coo_unary("round", M.round)
coo_sigmoid = _coo_unary("sigmoid", M.sigmoid)
coo_sin = _coo_unary("sin", M.sin)
coo_sinh = _coo_unary("sinh", M.sinh)
coo_softsign = _coo_unary("softsign", N.softsign)
coo_sqrt = _coo_unary("sqrt", M.sqrt)
coo_square = _coo_unary("square", M.square)
coo_tan = _coo_unary("tan", M.tan)
coo_tanh = _coo_unary("tanh", M.tanh)

csr_abs = _csr_unary("abs", M.abs)
csr_acos = _csr_unary("acos", M.acos)
csr_acosh = _csr_unary("acosh", M.acosh)
csr_asin = _csr_unary("asin", M.asin)
csr_asinh = _csr_unary("asinh", M.asinh)
csr_atan = _csr_unary("atan", M.atan)
csr_atanh = _csr_unary("atanh", M.atanh)
csr_ceil = _csr_unary("ceil", M.ceil)
csr_cos = _csr_unary("cos", M.cos)
csr_cosh = _csr_unary("cosh", M.cosh)
csr_exp = _csr_unary("exp", M.exp)
csr_expm1 = _csr_unary("expm1", M.expm1)
csr_floor = _csr_unary("floor", M.floor)
csr_inv = _csr_unary("inv", M.inv)
csr_isfinite = _csr_unary("isfinite", M.isfinite)
csr_isinf = _csr_unary("isinf", M.isinf)
csr_isnan = _csr_unary("isnan", M.isnan)
csr_log = _csr_unary("log", M.log)
csr_log1p = _csr_unary("log1p", M.log1p)
csr_neg = _csr_unary("neg", M.neg)
csr_relu = _csr_unary("relu", N.relu)
csr_relu6 = _csr_unary("relu6", N.relu6)
csr_round = _csr_unary("round", M.round)
csr_sigmoid = _csr_unary("sigmoid", M.sigmoid)
csr_sin = _csr_unary("sin", M.sin)
csr_sinh = _csr_unary("sinh", M.sinh)
csr_softsign = _csr_unary("softsign", N.softsign)
csr_sqrt = _csr_unary("sqrt", M.sqrt)
csr_square = _csr_unary("square", M.square)
csr_tan = _csr_unary("tan", M.tan)
csr_tanh = _csr_unary("tanh", M.tanh)


# ---- COO arithmetic ---------------------------------------------------------------------------


def coalesce(x_indices, x_values, x_shape):
    """(y_indices (ndim, n), y_values (n,), y_shape): the sparse tensor of x_indices (ndim, nnz)
    and x_values (nnz,) with the values at one position summed, positions in row-major order."""
    return _coalesce(x_indices, x_values, x_shape)


def _coo_coalesce(self):
    """COOTensor.coalesce: one entry per position, the values there summed."""
    indices, values, _ = _sum_duplicates(self.indices, self.values, self.shape)
    return COOTensor(indices, values, self.shape)


def coo_add(x1, x2, thresh):
    """x1 + x2, a COOTensor in row-major order. A position both hold keeps its sum only if
    |sum| >= thresh; a position one holds keeps its value."""
    _check_type("coo_add", "x1", x1, COOTensor)
    _check_type("coo_add", "x2", x2, COOTensor)
    _check_type("coo_add", "thresh", thresh, Tensor)
    if x1.shape != x2.shape:
        raise ValueError(f"For 'coo_add', the shapes of 'x1' and 'x2' must be equal, but got {x1.shape} "
                         f"and {x2.shape}.")
    indices = concat((x1.indices, cast(x2.indices, x1.indices.dtype)))
    indices, values, counts = _sum_duplicates(indices, concat((x1.values, x2.values)), x1.shape)
    keep = nonzero(M.logical_or(counts == 1, M.abs(values) >= thresh)).reshape(-1)
    return COOTensor(gather(indices, keep, 0), gather(values, keep, 0), x1.shape)


def coo_concat(sp_input, concat_dim=0):
    """The COOTensor of the dense tensors of `sp_input` (a tuple of COOTensors) concatenated
    along `concat_dim`, its entries in row-major order."""
    if not isinstance(sp_input, (tuple, list)) or len(sp_input) < 2:
        raise ValueError(f"For 'coo_concat', 'sp_input' must be a tuple of at least 2 COOTensors, "
                         f"but got {sp_input!r}.")
    for x in sp_input:
        _check_type("coo_concat", "sp_input", x, COOTensor)
    ndim = len(sp_input[0].shape)
    if not -ndim <= concat_dim < ndim:
        raise ValueError(f"For 'coo_concat', 'concat_dim' must be in [{-ndim}, {ndim}), but got {concat_dim}.")
    axis = concat_dim % ndim
    for x in sp_input[1:]:
        if len(x.shape) != ndim or any(a != b for d, (a, b) in enumerate(zip(x.shape, sp_input[0].shape))
                                       if d != axis):
            raise ValueError(f"For 'coo_concat', the shapes must agree except at 'concat_dim', but got "
                             f"{sp_input[0].shape} and {x.shape}.")
    dtype = sp_input[0].indices.dtype
    parts, offset = [], 0
    for x in sp_input:
        shift = np.zeros(ndim, np.int64)
        shift[axis] = offset
        parts.append(cast(x.indices, dtype) + Tensor(shift, dtype))
        offset += x.shape[axis]
    shape = tuple(offset if d == axis else n for d, n in enumerate(sp_input[0].shape))
    indices, values = _sorted_by_position(concat(parts), concat([x.values for x in sp_input]), shape)
    return COOTensor(indices, values, shape)


def _coo_values_at(x: COOTensor, dense: Tensor) -> Tensor:
    """The elements of `dense` (broadcast to x's shape) at x's indices: (nnz,)."""
    return gather_nd(broadcast_to(dense, x.shape), x.indices)


def _coo_plus(self, other):
    if isinstance(other, COOTensor):
        return coo_add(self, other, Tensor(0, self.dtype))
    if isinstance(other, Tensor):
        return _coo_to_dense(self) + other
    raise TypeError(f"For 'COOTensor.__add__', the other operand must be a COOTensor or a Tensor, "
                    f"but got {type(other).__name__}.")


def _coo_minus(self, other):
    _check_type("COOTensor.__sub__", "other", other, COOTensor)
    return coo_add(self, coo_neg(other), Tensor(0, self.dtype))


def _coo_times(self, other):
    _check_type("COOTensor.__mul__", "other", other, Tensor)
    return COOTensor(self.indices, self.values * _coo_values_at(self, other), self.shape)


def _coo_divided(self, other):
    _check_type("COOTensor.__truediv__", "other", other, Tensor)
    return COOTensor(self.indices, self.values / _coo_values_at(self, other), self.shape)


def _coo_astype(self, dtype):
    return COOTensor(self.indices, cast(self.values, dtype), self.shape)


def _coo_add_method(self, other, thresh):
    return coo_add(self, other, thresh)


# ---- CSR arithmetic ---------------------------------------------------------------------------


def csr_add(a, b, alpha, beta):
    """alpha * a + beta * b for CSRTensors of one shape; the result holds every position
    either holds, rows in order and columns sorted in each row."""
    _check_type("csr_add", "a", a, CSRTensor)
    _check_type("csr_add", "b", b, CSRTensor)
    if a.shape != b.shape:
        raise ValueError(f"For 'csr_add', the shapes of 'a' and 'b' must be equal, but got {a.shape} and {b.shape}.")
    _check_2d("csr_add", a.shape)
    positions = concat((_csr_positions(a), cast(_csr_positions(b), a.indices.dtype)))
    values = concat((a.values * alpha, b.values * beta))
    indices, sums, _ = _sum_duplicates(positions, values, a.shape)
    return _csr_from_sorted(indices, sums, a.shape, a.indptr.dtype)


def _csr_values_at(x: CSRTensor, dense: Tensor) -> Tensor:
    """The elements of `dense` (broadcast to x's shape) where x stores values: (nnz, ...)."""
    return gather_nd(broadcast_to(dense, x.shape), _csr_positions(x))


def csr_mul(x, y):
    """x * y for a CSRTensor x and a Tensor y broadcastable to x.shape: a CSRTensor of x's
    positions."""
    _check_type("csr_mul", "x", x, CSRTensor)
    _check_type("csr_mul", "y", y, Tensor)
    return CSRTensor(x.indptr, x.indices, x.values * _csr_values_at(x, y), x.shape)


def csr_div(x, y):
    """x / y for a CSRTensor x and a Tensor y broadcastable to x.shape: a CSRTensor of x's
    positions."""
    _check_type("csr_div", "x", x, CSRTensor)
    _check_type("csr_div", "y", y, Tensor)
    return CSRTensor(x.indptr, x.indices, x.values / _csr_values_at(x, y), x.shape)


def csr_gather(indptr, indices, dense, sense_shape):
    """The elements of `dense` (sense_shape) at the positions of a CSR tensor with `indptr`
    and `indices`: (nnz, ...)."""
    for arg, value in (("indptr", indptr), ("indices", indices), ("dense", dense)):
        _check_type("csr_gather", arg, value, Tensor)
    rows = cast(csr2coo(indptr, indices.shape[0]), indices.dtype)
    return gather_nd(broadcast_to(dense, tuple(sense_shape)), stack((rows, indices), 1))


def _csr_times_dense(op: str, csr: CSRTensor, dense: Tensor) -> Tensor:
    """csr (M, N) @ dense (N, K): (M, K), summing each row's products."""
    _check_type(op, "dense", dense, Tensor)
    if dense.ndim != 2 or dense.shape[0] != csr.shape[1]:
        raise ValueError(f"For '{op}', the dense operand must be 2-D with {csr.shape[1]} rows, "
                         f"but got shape {dense.shape}.")
    products = expand_dims(csr.values, 1) * gather(dense, csr.indices, 0)
    return unsorted_segment_sum(products, _csr_rows(csr), csr.shape[0])


def csr_mv(csr_tensor, dense):
    """csr_tensor (M, N) @ dense (N, 1): a dense (M, 1) Tensor."""
    _check_type("csr_mv", "csr_tensor", csr_tensor, CSRTensor)
    return _csr_times_dense("csr_mv", csr_tensor, dense)


def _transposed(dense: Tensor, transpose_it: bool, adjoint: bool) -> Tensor:
    if adjoint:
        dense = conj(dense) if dense.dtype in (mstype.complex64, mstype.complex128) else dense
    return transpose(dense, (1, 0)) if transpose_it or adjoint else dense


def csr_mm(a, b, trans_a=False, trans_b=False, adjoint_a=False, adjoint_b=False):
    """op(a) @ op(b) for 2-D CSRTensors, op a transpose (or conjugate transpose for adjoint)
    when asked: the CSRTensor of the product's non-zero elements."""
    _check_type("csr_mm", "a", a, CSRTensor)
    _check_type("csr_mm", "b", b, CSRTensor)
    left = _transposed(csr_to_dense(a), trans_a, adjoint_a)
    right = _transposed(csr_to_dense(b), trans_b, adjoint_b)
    if left.shape[1] != right.shape[0]:
        raise ValueError(f"For 'csr_mm', the inner dimensions must agree, but got {left.shape} @ {right.shape}.")
    return dense_to_sparse_csr(matmul(left, right))


def csr_reduce_sum(csr_tensor, axis):
    """The sum of each row of a 2-D CSRTensor (axis 1 or -1): a dense (M, 1) Tensor."""
    _check_type("csr_reduce_sum", "csr_tensor", csr_tensor, CSRTensor)
    if axis not in (1, -1):
        raise ValueError(f"For 'csr_reduce_sum', 'axis' must be 1 or -1, but got {axis}.")
    return expand_dims(unsorted_segment_sum(csr_tensor.values, _csr_rows(csr_tensor), csr_tensor.shape[0]), 1)


def csr_softmax(logits, dtype):
    """The softmax of each row of a 2-D CSRTensor over its stored values (the others count
    as absent, not 0): a CSRTensor of logits' positions, values of `dtype`."""
    _check_type("csr_softmax", "logits", logits, CSRTensor)
    if dtype not in (mstype.float32, mstype.float64):
        raise TypeError(f"For 'csr_softmax', 'dtype' must be float32 or float64, but got {dtype}.")
    values, rows, n_rows = cast(logits.values, dtype), _csr_rows(logits), logits.shape[0]
    shifted = M.exp(values - gather(unsorted_segment_max(values, rows, n_rows), rows, 0))
    softmax = shifted / gather(unsorted_segment_sum(shifted, rows, n_rows), rows, 0)
    return CSRTensor(logits.indptr, logits.indices, softmax, logits.shape)


def _csr_plus(self, other):
    if isinstance(other, CSRTensor):
        return csr_add(self, other, Tensor(1, self.dtype), Tensor(1, self.dtype))
    raise TypeError(f"For 'CSRTensor.__add__', the other operand must be a CSRTensor, but got "
                    f"{type(other).__name__}.")


def _csr_minus(self, other):
    _check_type("CSRTensor.__sub__", "other", other, CSRTensor)
    return csr_add(self, other, Tensor(1, self.dtype), Tensor(-1, self.dtype))


def _csr_astype(self, dtype):
    return CSRTensor(self.indptr, self.indices, cast(self.values, dtype), self.shape)


def _csr_mv(self, dense_vector):
    return _csr_times_dense("CSRTensor.mv", self, dense_vector)


def _csr_mm(self, matrix):
    if isinstance(matrix, CSRTensor):
        return csr_mm(self, matrix)
    return _csr_times_dense("CSRTensor.mm", self, matrix)


def _csr_sum(self, axis):
    return csr_reduce_sum(self, axis)


# ---- methods ----------------------------------------------------------------------------------

_COO_METHODS = {
    "to_dense": _coo_to_dense, "to_csr": _coo_to_csr, "astype": _coo_astype, "abs": coo_abs,
    "add": _coo_add_method, "coalesce": _coo_coalesce,
    "__add__": _coo_plus, "__sub__": _coo_minus, "__mul__": _coo_times, "__truediv__": _coo_divided,
    "__div__": _coo_divided, "__neg__": coo_neg,
}
_CSR_METHODS = {
    "to_dense": csr_to_dense, "to_coo": csr_to_coo, "astype": _csr_astype, "abs": csr_abs, "add": csr_add,
    "mv": _csr_mv, "mm": _csr_mm, "sum": _csr_sum,
    "__add__": _csr_plus, "__sub__": _csr_minus, "__mul__": csr_mul, "__truediv__": csr_div,
    "__div__": csr_div, "__neg__": csr_neg,
}
for _cls, _methods in ((COOTensor, _COO_METHODS), (CSRTensor, _CSR_METHODS)):
    for _method_name, _fn in _methods.items():
        setattr(_cls, _method_name, _fn)
del _cls, _methods, _method_name, _fn

TENSOR_METHODS = {"to_coo": _tensor_to_coo, "to_csr": _tensor_to_csr}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
