"""mindspore.numpy's array creation: from data (`array`, `asarray`), filled (`ones`,
`full`, `eye`, `tri`), ranges (`arange`, `linspace`, grids), triangles, diagonals and their
indices, Vandermonde matrices and histogram bin edges. Float results default to Float32 and
Python ints to Int32."""
from __future__ import annotations

import math
import numbers

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .dtypes import as_dtype
from .utils import cast, check_int, check_shape, is_float, normalize_axis, to_float, to_tensor

__all__ = [
    "array", "asarray", "asfarray", "ones", "zeros", "full", "empty", "ones_like", "zeros_like",
    "full_like", "empty_like", "arange", "linspace", "logspace", "geomspace", "eye", "identity",
    "tri", "tril", "triu", "diag", "diagflat", "diagonal", "trace", "diag_indices", "indices",
    "meshgrid", "mgrid", "ogrid", "ix_", "vander",
    "tril_indices", "triu_indices", "tril_indices_from", "triu_indices_from", "histogram_bin_edges",
]


# ---- from data ---------------------------------------------------------------------------------


def array(obj, dtype=None, copy=True, ndmin=0):
    """A Tensor of `obj` (a Tensor, scalar or nested sequence) in `dtype`, with at least `ndmin` axes;
    with `copy`, a Tensor `obj` is copied."""
    out = to_tensor(obj, dtype, "array", "obj")
    if copy and out is obj:  # a new Tensor, so that in-place updates of one leave the other alone
        out = ops.identity(out)
    ndmin = check_int(ndmin, "array", "ndmin")
    if out.ndim < ndmin:
        out = ops.reshape(out, (1,) * (ndmin - out.ndim) + tuple(out.shape))
    return out


def asarray(a, dtype=None):
    """`a` as a Tensor in `dtype` (a Tensor in its own dtype comes back as it is)."""
    return to_tensor(a, dtype, "asarray")


def asfarray(a, dtype=mstype.float32):
    """`a` as a float Tensor: a non-float `dtype` means Float32."""
    dtype = as_dtype(dtype, "asfarray")
    return to_tensor(a, dtype if mstype.is_float(dtype) else mstype.float32, "asfarray")


# ---- filled ------------------------------------------------------------------------------------


def ones(shape, dtype=mstype.float32):
    """A Tensor of `shape` filled with ones."""
    return ops.ones(check_shape(shape, "ones"), as_dtype(dtype, "ones"))


def zeros(shape, dtype=mstype.float32):
    """A Tensor of `shape` filled with zeros."""
    return ops.zeros(check_shape(shape, "zeros"), as_dtype(dtype, "zeros"))


def empty(shape, dtype=mstype.float32):
    """A Tensor of `shape` (its values are zeros, as mindspore.numpy gives)."""
    return ops.zeros(check_shape(shape, "empty"), as_dtype(dtype, "empty"))


def full(shape, fill_value, dtype=None):
    """A Tensor of `shape` filled with `fill_value` (a scalar, or an array broadcast to `shape`)."""
    shape = check_shape(shape, "full")
    value = to_tensor(fill_value, dtype, "full", "fill_value")
    if not _broadcastable(tuple(value.shape), shape):
        raise ValueError(f"For 'full', the 'fill_value' of shape {tuple(value.shape)} can not broadcast to "
                         f"{shape}.")
    return ops.broadcast_to(value, shape)


def _broadcastable(source: tuple, target: tuple) -> bool:
    if len(source) > len(target):
        return False
    return all(s in (1, t) for s, t in zip(reversed(source), reversed(target)))


def _like(op: str, a, dtype, shape):
    a = to_tensor(a, None, op)
    shape = tuple(a.shape) if shape is None else check_shape(shape, op)
    return a, shape, a.dtype if dtype is None else as_dtype(dtype, op)


def ones_like(a, dtype=None, shape=None):
    """Ones in the shape and dtype of `a` (or the given ones)."""
    _, shape, dtype = _like("ones_like", a, dtype, shape)
    return ops.ones(shape, dtype)


def zeros_like(a, dtype=None, shape=None):
    """Zeros in the shape and dtype of `a` (or the given ones)."""
    _, shape, dtype = _like("zeros_like", a, dtype, shape)
    return ops.zeros(shape, dtype)


def empty_like(prototype, dtype=None, shape=None):
    """A Tensor in the shape and dtype of `prototype` (zeros, as mindspore.numpy gives)."""
    _, shape, dtype = _like("empty_like", prototype, dtype, shape)
    return ops.zeros(shape, dtype)


def full_like(a, fill_value, dtype=None, shape=None):
    """`fill_value` in the shape and dtype of `a` (or the given ones)."""
    _, shape, dtype = _like("full_like", a, dtype, shape)
    return full(shape, fill_value, dtype)


# ---- ranges ------------------------------------------------------------------------------------


def _real(value, op: str, name: str):
    if isinstance(value, Tensor) and value.size == 1:
        value = value.item()
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"For '{op}', the '{name}' must be a real number, but got {type(value).__name__}.")
    return value


def arange(start, stop=None, step=None, dtype=None):
    """Evenly spaced values in [start, stop) by `step` (Int32 for ints, Float32 for floats)."""
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    start, stop, step = (_real(v, "arange", n) for v, n in ((start, "start"), (stop, "stop"), (step, "step")))
    if step == 0:
        raise ValueError("For 'arange', the 'step' must not be 0.")
    integral = all(isinstance(v, numbers.Integral) for v in (start, stop, step))
    default = mstype.int32 if integral else mstype.float32
    count = max(0, math.ceil((stop - start) / step))
    out = ops.cast(ops.arange(0, count, 1), default) * step + start if count else ops.zeros((0,), default)
    return cast(out, default if dtype is None else dtype)


def _as_float_operand(value, op: str, name: str) -> Tensor:
    return to_float(to_tensor(value, None, op, name))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """`num` evenly spaced samples from `start` to `stop` (arrays give one sequence per element,
    laid along `axis`); with `retstep`, also the spacing."""
    num = check_int(num, "linspace", "num")
    if num < 0:
        raise ValueError(f"For 'linspace', the 'num' must be no less than 0, but got {num}.")
    start, stop = _float_ends("linspace", start, stop)
    intervals = (num - 1 if endpoint else num) if num > 1 else 1
    step = (stop - start) / intervals
    positions = ops.reshape(ops.arange(0, num, 1).astype(start.dtype), (num,) + (1,) * start.ndim)
    out = ops.expand_dims(start, 0) + positions * ops.expand_dims(step, 0)
    if endpoint and num > 1:  # the last sample is `stop` itself, not start + (num-1) * step
        out = ops.concat((out[:num - 1], ops.expand_dims(stop, 0)), 0)
    axis = normalize_axis(axis, out.ndim, "linspace")
    out = cast(ops.moveaxis(out, 0, axis), dtype)
    return (out, step) if retstep else out


def _float_ends(op: str, start, stop) -> tuple:
    """`start` and `stop` as float Tensors of one (broadcast) shape."""
    start, stop = _as_float_operand(start, op, "start"), _as_float_operand(stop, op, "stop")
    shape = tuple(onp.broadcast_shapes(tuple(start.shape), tuple(stop.shape)))
    return ops.broadcast_to(start, shape), ops.broadcast_to(stop, shape)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """`base` raised to `num` evenly spaced exponents from `start` to `stop`."""
    exponents = linspace(start, stop, num, endpoint, False, None, axis)
    return cast(ops.pow(float(base), exponents), dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`num` samples from `start` to `stop` evenly spaced on a log scale (both of one sign)."""
    start, stop = _float_ends("geomspace", start, stop)
    exponents = linspace(ops.log(ops.abs(start)), ops.log(ops.abs(stop)), num, endpoint, False, None, 0)
    out = ops.exp(exponents) * ops.sign(start)
    # the ends are exactly `start` and `stop`, not exp(log(...))
    if num > 0:
        out = ops.concat((ops.expand_dims(start, 0), out[1:]), 0)
    if endpoint and num > 1:
        out = ops.concat((out[:num - 1], ops.expand_dims(stop, 0)), 0)
    return cast(ops.moveaxis(out, 0, normalize_axis(axis, out.ndim, "geomspace")), dtype)


# ---- matrices from sizes -----------------------------------------------------------------------


def _constant(values: onp.ndarray, dtype) -> Tensor:
    return Tensor(onp.ascontiguousarray(values), as_dtype(dtype))


def eye(N, M=None, k=0, dtype=mstype.float32):
    """An N x M matrix with ones on the k-th diagonal."""
    N = check_int(N, "eye", "N")
    M = N if M is None else check_int(M, "eye", "M")
    return _constant(onp.eye(N, M, check_int(k, "eye", "k")), dtype)


def identity(n, dtype=mstype.float32):
    """The n x n identity matrix."""
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=mstype.float32):
    """An N x M matrix with ones at and below the k-th diagonal."""
    N = check_int(N, "tri", "N")
    M = N if M is None else check_int(M, "tri", "M")
    return _constant(onp.tri(N, M, check_int(k, "tri", "k")), dtype)


def _triangle(op: str, m, k, fn) -> Tensor:
    m = to_tensor(m, None, op, "m")
    k = check_int(k, op, "k")
    if m.ndim == 0:
        raise ValueError(f"For '{op}', the 'm' must have at least 1 dimension, but got a 0-D Tensor.")
    if m.ndim == 1:  # a row repeated into a square, as NumPy does
        m = ops.broadcast_to(ops.expand_dims(m, 0), (m.shape[0], m.shape[0]))
    return fn(m, k)


def tril(m, k=0):
    """`m` with the elements above the k-th diagonal zeroed (over the last two axes)."""
    return _triangle("tril", m, k, ops.tril)


def triu(m, k=0):
    """`m` with the elements below the k-th diagonal zeroed (over the last two axes)."""
    return _triangle("triu", m, k, ops.triu)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal at `offset` of the 2-D planes over `axis1`, `axis2`, laid on a new last axis."""
    a = to_tensor(a, None, "diagonal")
    if a.ndim < 2:
        raise ValueError(f"For 'diagonal', the 'a' must have at least 2 dimensions, but got {a.ndim}.")
    offset = check_int(offset, "diagonal", "offset")
    axis1 = normalize_axis(axis1, a.ndim, "diagonal", "axis1")
    axis2 = normalize_axis(axis2, a.ndim, "diagonal", "axis2")
    if axis1 == axis2:
        raise ValueError("For 'diagonal', the 'axis1' and 'axis2' must differ, but both are "
                         f"{axis1}.")
    return ops.diagonal(a, offset, axis1, axis2)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """The sum along the diagonal at `offset` of the planes over `axis1`, `axis2`."""
    return to_tensor(a, None, "trace").trace(offset, axis1, axis2, dtype)


def diag(v, k=0):
    """A 1-D `v` as a square matrix with `v` on the k-th diagonal; a 2-D `v`'s k-th diagonal."""
    v = to_tensor(v, None, "diag", "v")
    k = check_int(k, "diag", "k")
    if v.ndim == 2:
        return diagonal(v, k)
    if v.ndim != 1:
        raise ValueError(f"For 'diag', the 'v' must be 1-D or 2-D, but got {v.ndim}-D.")
    return ops.diagflat(v, k)


def diagflat(v, k=0):
    """The flattened `v` on the k-th diagonal of a square matrix."""
    v = to_tensor(v, None, "diagflat", "v")
    return ops.diagflat(v, check_int(k, "diagflat", "k"))


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an n x ... x n array of `ndim` axes (Int32)."""
    n, ndim = check_int(n, "diag_indices", "n"), check_int(ndim, "diag_indices", "ndim")
    return tuple(Tensor(onp.arange(n, dtype=onp.int32)) for _ in range(ndim))


def _index_tuple(indices) -> tuple:
    return tuple(Tensor(i.astype(onp.int32)) for i in indices)


def tril_indices(n, k=0, m=None):
    """The (row, column) indices of the lower triangle of an n x m array (Int32)."""
    n, k = check_int(n, "tril_indices", "n"), check_int(k, "tril_indices", "k")
    return _index_tuple(onp.tril_indices(n, k, None if m is None else check_int(m, "tril_indices", "m")))


def triu_indices(n, k=0, m=None):
    """The (row, column) indices of the upper triangle of an n x m array (Int32)."""
    n, k = check_int(n, "triu_indices", "n"), check_int(k, "triu_indices", "k")
    return _index_tuple(onp.triu_indices(n, k, None if m is None else check_int(m, "triu_indices", "m")))


def _square_of(op: str, arr) -> tuple:
    arr = to_tensor(arr, None, op, "arr")
    if arr.ndim != 2:
        raise ValueError(f"For '{op}', the 'arr' must be 2-D, but got {arr.ndim}-D.")
    return arr.shape


def tril_indices_from(arr, k=0):
    """tril_indices for the shape of the 2-D `arr`."""
    rows, cols = _square_of("tril_indices_from", arr)
    return tril_indices(rows, k, cols)


def triu_indices_from(arr, k=0):
    """triu_indices for the shape of the 2-D `arr`."""
    rows, cols = _square_of("triu_indices_from", arr)
    return triu_indices(rows, k, cols)


# ---- grids -------------------------------------------------------------------------------------


def meshgrid(*xi, sparse=False, indexing="xy"):
    """Coordinate matrices from 1-D coordinate vectors (a list of Tensors); 'xy' swaps the first two
    axes of the grid, as NumPy does; `sparse` keeps size-1 axes instead of broadcasting."""
    if indexing not in ("xy", "ij"):
        raise TypeError(f"For 'meshgrid', the 'indexing' must be 'xy' or 'ij', but got {indexing!r}.")
    vectors = [ops.reshape(to_tensor(x, None, "meshgrid", "xi"), (-1,)) for x in xi]
    ndim = len(vectors)
    sizes = [v.shape[0] for v in vectors]
    if indexing == "xy" and ndim > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    grids = []
    for i, v in enumerate(vectors):
        position = (1 - i if i < 2 else i) if indexing == "xy" and ndim > 1 else i
        shape = [1] * ndim
        shape[position] = v.shape[0]
        grid = ops.reshape(v, tuple(shape))
        grids.append(grid if sparse else ops.broadcast_to(grid, tuple(sizes)))
    return grids


def indices(dimensions, dtype=mstype.int32, sparse=False):
    """For a grid of shape `dimensions`, the index along each axis at every point (a list of Tensors)."""
    dimensions = check_shape(dimensions, "indices", "dimensions")
    ranges = [Tensor(onp.arange(d), as_dtype(dtype, "indices")) for d in dimensions]
    return meshgrid(*ranges, sparse=sparse, indexing="ij")


class _Grid:
    """`mgrid[...]` / `ogrid[...]`: slices as ranges; a complex step (`5j`) means that many points
    with the stop included."""

    def __init__(self, sparse: bool):
        self.sparse = sparse

    def _axis(self, key: slice) -> Tensor:
        start = 0 if key.start is None else key.start
        step = 1 if key.step is None else key.step
        if isinstance(step, complex):
            return linspace(start, key.stop, int(abs(step)))
        return arange(start, key.stop, step)

    def __getitem__(self, keys):
        if isinstance(keys, slice):
            return self._axis(keys)
        if not isinstance(keys, tuple) or not all(isinstance(k, slice) for k in keys):
            raise TypeError(f"The grid index must be slices, but got {keys!r}.")
        axes = [self._axis(k) for k in keys]
        if not self.sparse and any(is_float(a) for a in axes):  # stacked grids share one dtype
            axes = [to_float(a) for a in axes]
        grids = meshgrid(*axes, sparse=self.sparse, indexing="ij")
        return grids if self.sparse else ops.stack(grids)


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)


def ix_(*args):
    """Open-mesh index arrays: the i-th 1-D sequence reshaped to lie along axis i (booleans as
    the indices of their True elements)."""
    out = []
    for i, arg in enumerate(args):
        arg = to_tensor(arg, None, "ix_", "args")
        if arg.ndim != 1:
            raise ValueError(f"For 'ix_', each argument must be 1-D, but got {arg.ndim}-D.")
        if arg.dtype == mstype.bool_:
            arg = Tensor(onp.nonzero(arg.asnumpy())[0].astype(onp.int32))
        out.append(ops.reshape(arg, (1,) * i + (-1,) + (1,) * (len(args) - i - 1)))
    return tuple(out)


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of the 1-D `x`: columns are powers of x, decreasing unless `increasing`."""
    x = to_tensor(x, None, "vander", "x")
    if x.ndim != 1:
        raise ValueError(f"For 'vander', the 'x' must be 1-D, but got {x.ndim}-D.")
    N = x.shape[0] if N is None else check_int(N, "vander", "N")
    out = cast(ops.vander(x, N), x.dtype)
    return ops.flip(out, (1,)) if increasing and N else out


# ---- histogram edges ---------------------------------------------------------------------------


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """The edges of the histogram bins: `bins` + 1 equal-width edges over `range` (default the data's
    min and max), or `bins` itself when it is a sequence."""
    a = to_tensor(a, None, "histogram_bin_edges")
    if weights is not None and tuple(to_tensor(weights, None, "histogram_bin_edges", "weights").shape) != \
            tuple(a.shape):
        raise ValueError("For 'histogram_bin_edges', the 'weights' must have the shape of 'a'.")
    if not isinstance(bins, numbers.Integral) or isinstance(bins, bool):
        edges = to_tensor(bins, None, "histogram_bin_edges", "bins")
        if edges.ndim != 1:
            raise ValueError(f"For 'histogram_bin_edges', the 'bins' must be 1-D, but got {edges.ndim}-D.")
        return edges
    if bins < 1:
        raise ValueError(f"For 'histogram_bin_edges', the 'bins' must be positive, but got {bins}.")
    if range is None:
        low, high = ops.amin(to_float(a)), ops.amax(to_float(a))
    else:
        if len(range) != 2 or range[0] > range[1]:
            raise ValueError(f"For 'histogram_bin_edges', the 'range' must be (min, max) with min <= max, "
                             f"but got {range}.")
        low, high = Tensor(float(range[0]), mstype.float32), Tensor(float(range[1]), mstype.float32)
    # an empty range widens to (low - 0.5, high + 0.5), as NumPy does
    flat = ops.cast(high == low, mstype.float32) * 0.5
    return linspace(low - flat, high + flat, bins + 1)


def copy(a):
    """A new Tensor with the data of `a` (outside mindspore.numpy's __all__, yet public there)."""
    return ops.identity(to_tensor(a, None, "copy"))
