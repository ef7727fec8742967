"""mint's elementwise and linear-algebra functions whose PyTorch-style signature differs from
`ops` (keyword-only `alpha` / `beta`, argument names): thin adapters over the ops functions."""
from __future__ import annotations

from spore import ops
from spore.common import dtype as mstype
from spore.common.tensor import Tensor

from .nn import functional


def add(input, other, *, alpha=1):
    """input + alpha * other, broadcast."""
    return ops.add(input, other if alpha == 1 else ops.mul(other, alpha))


def sub(input, other, *, alpha=1):
    """input - alpha * other, broadcast."""
    return ops.sub(input, other if alpha == 1 else ops.mul(other, alpha))


def addcdiv(input, tensor1, tensor2, *, value=1):
    """input + value * tensor1 / tensor2."""
    return ops.add(input, ops.mul(ops.div(tensor1, tensor2), value))


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * input + alpha * (batch1 @ batch2); batch1 (B, N, M), batch2 (B, M, P)."""
    return ops.baddbmm(input, batch1, batch2, beta, alpha)


def bmm(input, mat2):
    """Batched matrix product: (B, N, M) @ (B, M, P) -> (B, N, P)."""
    return ops.bmm(input, mat2)


def mv(input, vec):
    """Matrix (N, M) times vector (M,) -> (N,)."""
    return ops.mv(input, vec)


def sqrt(input):
    """Elementwise square root (integers give Float32)."""
    return ops.sqrt(input)


def frac(input):
    """The fractional part, input - trunc(input), with input's sign."""
    return ops.frac(input)


def isnan(tensor):
    """Elementwise NaN test, a Bool Tensor."""
    return ops.isnan(tensor)


def bitwise_not(input):
    """Bitwise complement of an integer Tensor; logical not of a Bool Tensor."""
    if isinstance(input, Tensor) and input.dtype == mstype.bool_:
        return ops.logical_not(input)
    return ops.invert(input)


def clone(input):
    """A copy of input with its own storage (gradients flow through)."""
    return ops.deepcopy(input)


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every element satisfies |input - other| <= atol + rtol * |other|, a Python bool."""
    return bool(ops.isclose(input, other, rtol, atol, equal_nan).all())


def cdist(x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'):
    """p-norm distances between the rows of x1 (B, P, M) and x2 (B, R, M) -> (B, P, R).
    compute_mode chooses an algorithm in PyTorch; the result is the same here."""
    valid_modes = ('use_mm_for_euclid_dist_if_necessary', 'use_mm_for_euclid_dist', 'donot_use_mm_for_euclid_dist')
    if compute_mode not in valid_modes:
        raise ValueError(f"For 'cdist', 'compute_mode' must be one of {valid_modes}, but got {compute_mode!r}.")
    return ops.cdist(x1, x2, float(p))


def norm(input, p='fro', dim=None, keepdim=False, *, dtype=None):
    """The norm of input: 'fro' (2-norm of the elements, or Frobenius over two dims), 'nuc'
    (nuclear norm of the last two / given dims) or a number p (vector p-norm over dim, all by default)."""
    if p == 'nuc':
        return ops.matrix_norm(input, 'nuc', (-2, -1) if dim is None else dim, keepdim, dtype=dtype)
    if p == 'fro':
        if isinstance(dim, (tuple, list)) and len(dim) > 2:
            raise ValueError(f"For 'norm', 'fro' takes at most 2 dims, but got dim={dim}.")
        p = 2
    if isinstance(p, (str, bool)) or not isinstance(p, (int, float)):
        raise ValueError(f"For 'norm', 'p' must be 'fro', 'nuc' or a number, but got {p!r}.")
    return ops.vector_norm(input, p, dim, keepdim, dtype=dtype)


def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """Solves A X = b for a triangular A (*, N, N) and b (*, N, K); returns (X, a copy of A).
    With transpose, solves A^T X = b; with unitriangular, A's diagonal is taken as ones."""
    coefficients = A
    if unitriangular:
        eye = ops.eye(A.shape[-1], A.shape[-1], A.dtype)
        coefficients = ops.add(ops.mul(A, ops.sub(1, eye)), eye)
    coefficients = ops.triu(coefficients) if upper else ops.tril(coefficients)
    if transpose:
        coefficients = ops.swapaxes(coefficients, -1, -2)
    return ops.matmul(ops.inverse(coefficients), b), ops.deepcopy(A)


def softmax(input, dim, *, dtype=None):
    """exp(x) / sum(exp(x)) along dim; dtype casts input first."""
    return functional.softmax(input, dim, dtype)


def dot(input, other):
    """Inner product of two 1-D tensors of the same shape and floating dtype -> a 0-D Tensor."""
    for name, value in (('input', input), ('other', other)):
        if not isinstance(value, Tensor):
            raise TypeError(f"For 'dot', the '{name}' must be a Tensor, but got {type(value).__name__}.")
    if input.dtype != other.dtype:
        raise RuntimeError(f"For 'dot', 'input' and 'other' must have the same dtype, but got {input.dtype} and "
                           f"{other.dtype}.")
    if input.ndim != 1 or input.shape != other.shape:
        raise RuntimeError(f"For 'dot', 'input' and 'other' must be 1-D of the same shape, but got {input.shape} "
                           f"and {other.shape}.")
    return ops.sum(ops.mul(input, other))


def trace(input):
    """Sum of the main diagonal of a 2-D input; integer and Bool inputs sum as Int64."""
    if isinstance(input, Tensor) and (input.dtype == mstype.bool_ or input.dtype in mstype.int_type
                                      or input.dtype in mstype.uint_type):
        input = ops.cast(input, mstype.int64)
    return ops.trace(input)
