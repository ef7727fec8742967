"""mindspore.numpy's products: `matmul`, `dot`, `inner`, `outer`, `tensordot`, `kron`,
`cross` and `multi_dot`, built on the ops' matmul, tensor_dot and cross, reshapes and broadcasting."""
from __future__ import annotations

import numbers

import numpy as onp

from .. import ops
from ..common.tensor import Tensor
from .dtypes import result_type
from .utils import cast, check_int, normalize_axis, to_tensor

__all__ = ["matmul", "dot", "inner", "outer", "tensordot", "kron", "cross", "multi_dot"]


def _pair(op: str, a, b, names=("a", "b")):
    a, b = to_tensor(a, None, op, names[0]), to_tensor(b, None, op, names[1])
    common = result_type(a, b)
    return cast(a, common), cast(b, common)


def matmul(x1, x2, dtype=None):
    """The matrix product, broadcasting over leading axes (1-D operands as vectors)."""
    x1, x2 = _pair("matmul", x1, x2, ("x1", "x2"))
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("For 'matmul', the operands must not be scalars.")
    if x1.shape[-1] != x2.shape[-2 if x2.ndim > 1 else 0]:
        raise RuntimeError(f"For 'matmul', the last axis of 'x1' must match the second-to-last of 'x2', but got "
                           f"shapes {tuple(x1.shape)} and {tuple(x2.shape)}.")
    return cast(ops.matmul(x1, x2), dtype)


def _contract(a, b, axes_a: tuple, axes_b: tuple):
    """sum over a's `axes_a` paired with b's `axes_b`; the result has a's free axes, then b's."""
    for i, j in zip(axes_a, axes_b):
        if a.shape[i] != b.shape[j]:
            raise ValueError(f"For 'tensordot', the shapes {tuple(a.shape)} and {tuple(b.shape)} are not aligned on "
                             f"axes {axes_a} and {axes_b}.")
    return ops.tensor_dot(a, b, (list(axes_a), list(axes_b)))


def tensordot(a, b, axes=2):
    """The sum of products over the axes `axes` (an int N: a's last N with b's first N; or a pair of
    axis sequences)."""
    a, b = _pair("tensordot", a, b)
    if isinstance(axes, numbers.Integral):
        if not 0 <= axes <= min(a.ndim, b.ndim):
            raise ValueError(f"For 'tensordot', the 'axes' must be in [0, {min(a.ndim, b.ndim)}], but got {axes}.")
        axes_a, axes_b = tuple(range(a.ndim - axes, a.ndim)), tuple(range(axes))
    else:
        if len(axes) != 2:
            raise ValueError(f"For 'tensordot', the 'axes' must be an int or a pair of axis sequences, but got {axes}.")
        axes_a, axes_b = ((x,) if isinstance(x, numbers.Integral) else tuple(x) for x in axes)
        if len(axes_a) != len(axes_b):
            raise ValueError(f"For 'tensordot', both axis sequences must have one length, but got {axes}.")
        axes_a = tuple(normalize_axis(i, a.ndim, "tensordot", "axes") for i in axes_a)
        axes_b = tuple(normalize_axis(i, b.ndim, "tensordot", "axes") for i in axes_b)
    return _contract(a, b, axes_a, axes_b)


def dot(a, b):
    """NumPy's dot: scalars multiply; otherwise the sum over a's last axis and b's second-to-last
    (its only axis when 1-D)."""
    a, b = _pair("dot", a, b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    if a.shape[-1] != b.shape[-2 if b.ndim > 1 else 0]:
        raise ValueError(f"For 'dot', the shapes {tuple(a.shape)} and {tuple(b.shape)} are not aligned.")
    return _contract(a, b, (a.ndim - 1,), (max(b.ndim - 2, 0),))


def inner(a, b):
    """The sum of products over the last axes of `a` and `b` (scalars multiply)."""
    a, b = _pair("inner", a, b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"For 'inner', the last axes must match, but got shapes {tuple(a.shape)} and "
                         f"{tuple(b.shape)}.")
    return ops.inner(a, b)


def outer(a, b):
    """out[i, j] = a.ravel()[i] * b.ravel()[j]."""
    a, b = _pair("outer", a, b)
    return ops.reshape(a, (-1, 1)) * ops.reshape(b, (1, -1))


def kron(a, b):
    """The Kronecker product: blocks of b scaled by each element of a."""
    a, b = _pair("kron", a, b)
    return ops.kron(a, b)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of 2- or 3-component vectors laid along `axisa` of a and `axisb` of b
    (`axis` sets all three); 2-D vectors give the z component only."""
    a, b = _pair("cross", a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("For 'cross', the operands must have at least 1 dimension.")
    a = ops.moveaxis(a, normalize_axis(axisa, a.ndim, "cross", "axisa"), -1)
    b = ops.moveaxis(b, normalize_axis(axisb, b.ndim, "cross", "axisb"), -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError(f"For 'cross', the vectors must have 2 or 3 components, but got {a.shape[-1]} and "
                         f"{b.shape[-1]}.")
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    out = ops.cross(_as_3_components(a), _as_3_components(b), -1)
    return ops.moveaxis(out, -1, normalize_axis(axisc, out.ndim, "cross", "axisc"))


def _as_3_components(v):
    """Vectors along the last axis with a zero z component added to 2-D ones."""
    if v.shape[-1] == 3:
        return v
    return ops.concat((v, ops.zeros_like(v[..., :1])), -1)


def multi_dot(arrays):
    """dot of the arrays in sequence (a 1-D first array is a row vector, a 1-D last one a column)."""
    if len(arrays) < 2:
        raise ValueError(f"For 'multi_dot', at least 2 arrays are needed, but got {len(arrays)}.")
    tensors = [to_tensor(a, None, "multi_dot", "arrays") for a in arrays]
    for i, t in enumerate(tensors):
        allowed = (1, 2) if i in (0, len(tensors) - 1) else (2,)
        if t.ndim not in allowed:
            raise ValueError(f"For 'multi_dot', array {i} must have {' or '.join(map(str, allowed))} dimensions, "
                             f"but got {t.ndim}.")
    out = tensors[0]
    for t in tensors[1:]:
        out = dot(out, t)
    return out


def matrix_power(a, n):
    """The square matrices of `a` (over its last two axes) raised to the integer power n >= 0."""
    a = to_tensor(a, None, "matrix_power")
    n = check_int(n, "matrix_power", "n")
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For 'matrix_power', the 'a' must hold square matrices, but got shape {tuple(a.shape)}.")
    if n < 0:
        raise ValueError(f"For 'matrix_power', the 'n' must be non-negative, but got {n}.")
    result, power = None, a
    while True:  # square-and-multiply over the bits of n
        if n & 1:
            result = power if result is None else ops.matmul(result, power)
        n >>= 1
        if not n:
            break
        power = ops.matmul(power, power)
    if result is None:
        return ops.broadcast_to(Tensor(onp.eye(a.shape[-1]), a.dtype), tuple(a.shape))
    return result
