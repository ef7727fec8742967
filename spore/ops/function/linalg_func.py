"""Functional API of the linear-algebra primitives (`ops.matmul`, `ops.dense`,
`ops.einsum`, `ops.det`, `ops.qr`, ...), the compositions over them (`ops.addmm`,
`ops.kron`, `ops.cov`, `ops.pinv`, ...) and their Tensor methods."""
from __future__ import annotations

import string

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as F
from ..operations import linalg_ops as L
from ..validator import broadcast_shapes, check_dtype, check_same_dtype, check_tensor, check_type
from .inplace import rebind
from .reduce_func import primitive

__all__ = ["matmul", "bmm", "dense", "outer", "einsum", "inner", "dot", "svd",
           "mm", "mv", "addmm", "addbmm", "baddbmm", "baddbmm_ext", "addmv", "addr", "ger", "adjoint", "kron",
           "tensor_dot", "batch_dot", "vecdot", "dist", "cov", "einsum_ext", "trace", "det", "matrix_determinant",
           "slogdet", "log_matrix_determinant", "logdet", "inverse", "matrix_solve", "matrix_power", "matrix_exp",
           "matrix_band_part", "cholesky", "cholesky_inverse", "cholesky_solve", "qr", "geqrf", "orgqr", "ormqr",
           "eig", "eigvals", "lstsq", "lu_solve", "lu_unpack", "cross", "cdist", "pdist", "pinv", "cond", "matrix_diag",
           "matrix_diag_part", "matrix_set_diag"]

_matmul_ext, _batch_matmul, _matmul = L.MatMulExt(), L.BatchMatMul(), L.MatMul()
_dense, _outer = L.Dense(), L.Outer()


def matmul(input, other):
    """NumPy's matmul: matrix products over the last two axes with broadcast batch axes;
    a 1-D operand is a vector whose axis is dropped from the result."""
    return _matmul_ext(input, other)


def bmm(input_x, mat2):
    """Batched matrix product of two tensors of rank >= 2 (batch axes broadcast)."""
    return _batch_matmul(input_x, mat2)


def dense(input, weight, bias=None):
    """input @ weight^T + bias: a 2-D `weight` (out, in) maps the last axis of `input`
    from size in to size out; a 1-D `weight` (in,) contracts it away."""
    return _dense(input, weight, bias)


def outer(input, vec2):
    """The outer product: out[i, j] = input[i] * vec2[j] (`input` is flattened)."""
    return _outer(input, vec2)


def _sublist_equation(operands) -> tuple[str, tuple]:
    """einsum(op0, sublist0, op1, sublist1, ..., [sublist_out]) as an equation and its
    operands; subscripts are integers in [0, 52), mapped to letters."""
    def letters(sublist):
        return "".join("..." if s is Ellipsis else string.ascii_letters[s] for s in sublist)

    output = None
    if len(operands) % 2:  # an output sublist ends the arguments
        *operands, output = operands
    tensors, sublists = operands[0::2], operands[1::2]
    equation = ",".join(letters(s) for s in sublists)
    if output is not None:
        equation += "->" + letters(output)
    return equation, tuple(tensors)


def einsum(equation, *operands):
    """Einstein summation over float tensors: einsum('ij,jk->ik', a, b), or the sublist
    form einsum(a, [0, 1], b, [1, 2], [0, 2])."""
    if isinstance(equation, Tensor):
        equation, operands = _sublist_equation((equation,) + operands)
    return primitive("Einsum", equation)(operands)


def inner(input, other):
    """The sum of products over the last axes of `input` and `other` (a product when
    either is 0-D); the result has shape input.shape[:-1] + other.shape[:-1]."""
    check_tensor("inner", "input", input)
    check_tensor("inner", "other", other)
    if input.ndim == 0 or other.ndim == 0:
        return F.mul(input, other)
    if input.shape[-1] != other.shape[-1]:
        raise ValueError(f"For 'inner', the last dimension of 'input' and 'other' must be the same, but got "
                         f"input.shape: {input.shape} and other.shape: {other.shape}.")
    if other.ndim <= 2:  # x @ other^T is exactly Dense's product
        return _dense(input, other)
    out = _dense(input, F.reshape(other, (-1, other.shape[-1])))
    return F.reshape(out, input.shape[:-1] + other.shape[:-1])


def dot(input, other):
    """NumPy's dot for float16 / float32 tensors of rank >= 2: the sum of products over
    the last axis of `input` and the second-to-last axis of `other`; the result has shape
    input.shape[:-1] + other.shape[:-2] + other.shape[-1:]."""
    for name, value in (("input", input), ("other", other)):
        check_tensor("dot", name, value)
        check_dtype("dot", name, value.dtype, (mstype.float16, mstype.float32))
    check_same_dtype("dot", ("input", "other"), (input.dtype, other.dtype))
    if input.ndim < 2 or other.ndim < 2:
        raise ValueError(f"For 'dot', the inputs must have at least 2 dimensions, but got shapes "
                         f"{input.shape} and {other.shape}.")
    if input.ndim == other.ndim == 2:
        return _matmul(input, other)
    return primitive("Einsum", _dot_equation(input.ndim, other.ndim))((input, other))


def _dot_equation(ndim_a: int, ndim_b: int) -> str:
    """The einsum equation of dot for operands of these ranks, e.g. 'abZ,cZd->abcd'."""
    a = string.ascii_lowercase[:ndim_a - 1]
    b = string.ascii_lowercase[ndim_a - 1:ndim_a + ndim_b - 2]
    return f"{a}Z,{b[:-1]}Z{b[-1]}->{a}{b}"


def svd(input, full_matrices=False, compute_uv=True):
    """The singular value decomposition input = u @ diag(s) @ v^H of the last two axes:
    (s, u, v), or s alone without `compute_uv`."""
    out = primitive("Svd", full_matrices, compute_uv)(input)
    return out if compute_uv else out[0]


# ---- products with scaled accumulation ---------------------------------------------------------------
def mm(input, mat2):
    """The matrix product of two 2-D tensors of one dtype: (n, k) @ (k, m) -> (n, m)."""
    return _matmul(input, mat2)


def mv(mat, vec):
    """The matrix-vector product mat (n, m) @ vec (m,) -> (n,)."""
    check_tensor("mv", "mat", mat)
    check_tensor("mv", "vec", vec)
    out = _matmul(mat, F.reshape(vec, (-1, 1)))
    return F.reshape(out, out.shape[:1])


def _check_scale(op: str, name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"For '{op}', the '{name}' must be an int or a float, but got {type(value).__name__}.")


def _scaled_sum(op: str, input, product, beta, alpha):
    """beta * input + alpha * product, skipping the products by 1 (they would promote
    nothing and cost a kernel call each)."""
    _check_scale(op, "beta", beta)
    _check_scale(op, "alpha", alpha)
    check_tensor(op, "input", input)
    scaled_input = input if beta == 1 else F.mul(input, beta)
    scaled_product = product if alpha == 1 else F.mul(product, alpha)
    return F.add(scaled_input, scaled_product)


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """beta * input + alpha * (mat1 @ mat2) for 2-D mat1 (n, k) and mat2 (k, m); input
    broadcasts to (n, m)."""
    return _scaled_sum("addmm", input, _matmul(mat1, mat2), beta, alpha)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * input + alpha * the sum over the batch of batch1 (b, n, k) @ batch2 (b, k, m)."""
    return _scaled_sum("addbmm", input, F.sum(_batch_matmul(batch1, batch2), 0), beta, alpha)


def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    """beta * input + alpha * (batch1 @ batch2), batched over the leading axes."""
    return _scaled_sum("baddbmm", input, _batch_matmul(batch1, batch2), beta, alpha)


def baddbmm_ext(input, batch1, batch2, *, beta=1, alpha=1):
    """baddbmm for 3-D batch1 (b, n, k) and batch2 (b, k, m)."""
    for name, value in (("batch1", batch1), ("batch2", batch2)):
        check_tensor("baddbmm_ext", name, value)
        if value.ndim != 3:
            raise RuntimeError(f"For 'baddbmm_ext', the '{name}' must be a 3-D Tensor, but got shape {value.shape}.")
    return _scaled_sum("baddbmm_ext", input, _batch_matmul(batch1, batch2), beta, alpha)


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """beta * input + alpha * (mat @ vec) for mat (n, m) and vec (m,)."""
    return _scaled_sum("addmv", input, mv(mat, vec), beta, alpha)


def addr(x, vec1, vec2, *, beta=1, alpha=1):
    """beta * x + alpha * outer(vec1, vec2)."""
    return _scaled_sum("addr", x, _outer(vec1, vec2), beta, alpha)


def ger(input, vec2):
    """The outer product of two 1-D float tensors of one dtype: out[i, j] = input[i] * vec2[j]."""
    return _ger(input, vec2)


def adjoint(x):
    """The conjugate transpose of the last two axes."""
    check_tensor("adjoint", "x", x)
    swapped = F.swapaxes(x, -1, -2)
    return F.conj(swapped) if x.dtype.is_complex else swapped


def kron(input, other):
    """The Kronecker product: for shapes a and b (ranks padded with leading 1s), the
    result has shape a * b, block (i...) being input[i...] * other."""
    check_tensor("kron", "input", input)
    check_tensor("kron", "other", other)
    rank = max(input.ndim, other.ndim)
    a = (1,) * (rank - input.ndim) + tuple(input.shape)
    b = (1,) * (rank - other.ndim) + tuple(other.shape)
    interleaved_a = tuple(d for size in a for d in (size, 1))
    interleaved_b = tuple(d for size in b for d in (1, size))
    product = F.mul(F.reshape(input, interleaved_a), F.reshape(other, interleaved_b))
    return F.reshape(product, tuple(x * y for x, y in zip(a, b)))


# ---- contractions --------------------------------------------------------------------------------------
def _axes_list(op: str, axes, ndim: int) -> list:
    axes = [axes] if isinstance(axes, int) else list(axes)
    for axis in axes:
        if isinstance(axis, bool) or not isinstance(axis, int) or not -ndim <= axis < ndim:
            raise ValueError(f"For '{op}', the 'axes' must be axes of the inputs, but got {axes}.")
    return [axis % ndim for axis in axes]


def tensor_dot(x1, x2, axes):
    """The sum of products over axes[0] of x1 and axes[1] of x2 (an int n: the last n axes
    of x1 with the first n of x2); the result has x1's free axes, then x2's."""
    check_tensor("tensor_dot", "x1", x1)
    check_tensor("tensor_dot", "x2", x2)
    if isinstance(axes, int) and not isinstance(axes, bool):
        if axes < 0:
            raise ValueError(f"For 'tensor_dot', the 'axes' must be >= 0, but got {axes}.")
        axes_a, axes_b = list(range(x1.ndim - axes, x1.ndim)), list(range(axes))
    elif isinstance(axes, (tuple, list)) and len(axes) == 2:
        axes_a, axes_b = _axes_list("tensor_dot", axes[0], x1.ndim), _axes_list("tensor_dot", axes[1], x2.ndim)
    else:
        raise TypeError(f"For 'tensor_dot', the 'axes' must be an int or a pair of ints / sequences, but got {axes}.")
    if len(axes_a) != len(axes_b) or any(x1.shape[i] != x2.shape[j] for i, j in zip(axes_a, axes_b)):
        raise ValueError(f"For 'tensor_dot', the contracted axes must have equal sizes, but got shapes {x1.shape} "
                         f"and {x2.shape} with axes {axes}.")
    free_a = [i for i in range(x1.ndim) if i not in axes_a]
    free_b = [j for j in range(x2.ndim) if j not in axes_b]
    size = 1
    for i in axes_a:
        size *= x1.shape[i]
    a = F.reshape(F.transpose(x1, tuple(free_a + axes_a)), (-1, size))
    b = F.reshape(F.transpose(x2, tuple(axes_b + free_b)), (size, -1))
    return F.reshape(_matmul(a, b), tuple(x1.shape[i] for i in free_a) + tuple(x2.shape[j] for j in free_b))


def _batch_dot_axes(x1, x2, axes) -> tuple[int, int]:
    if axes is None:
        axes = (x1.ndim - 1, x2.ndim - 1 if x2.ndim == 2 else x2.ndim - 2)
    elif isinstance(axes, int) and not isinstance(axes, bool):
        axes = (axes, axes)
    if not (isinstance(axes, (tuple, list)) and len(axes) == 2 and all(isinstance(a, int) for a in axes)):
        raise TypeError(f"For 'batch_dot', the 'axes' must be None, an int or a pair of ints, but got {axes}.")
    if not (-x1.ndim <= axes[0] < x1.ndim and -x2.ndim <= axes[1] < x2.ndim):
        raise ValueError(f"For 'batch_dot', the 'axes' must be axes of the inputs, but got {axes}.")
    a, b = axes[0] % x1.ndim, axes[1] % x2.ndim
    if a == 0 or b == 0:
        raise ValueError(f"For 'batch_dot', the 'axes' can not contain the batch axis 0, but got {axes}.")
    if x1.shape[a] != x2.shape[b]:
        raise ValueError(f"For 'batch_dot', the contracted axes must have equal sizes, but got shapes {x1.shape} "
                         f"and {x2.shape} with axes {axes}.")
    return a, b


def batch_dot(x1, x2, axes=None):
    """For each i of the batch axis 0, the dot product of x1[i] and x2[i] over `axes`
    (default: x1's last axis with x2's second-to-last, its last when x2 is 2-D). The result
    has the batch axis, x1's free axes, then x2's; (batch, 1) when none are free."""
    for name, value in (("x1", x1), ("x2", x2)):
        check_tensor("batch_dot", name, value)
        check_dtype("batch_dot", name, value.dtype, (mstype.float32,))
    if x1.ndim < 2 or x2.ndim < 2:
        raise ValueError(f"For 'batch_dot', the inputs must have at least 2 dimensions, but got shapes {x1.shape} "
                         f"and {x2.shape}.")
    if x1.shape[0] != x2.shape[0]:
        raise ValueError(f"For 'batch_dot', the inputs must have the same batch size, but got shapes {x1.shape} "
                         f"and {x2.shape}.")
    a, b = _batch_dot_axes(x1, x2, axes)
    letters = iter(string.ascii_letters[1:])
    sub_a = ["a"] + [next(letters) for _ in range(x1.ndim - 1)]
    sub_b = ["a"] + [next(letters) for _ in range(x2.ndim - 1)]
    sub_b[b] = sub_a[a]
    out = [s for i, s in enumerate(sub_a) if i != a] + [s for i, s in enumerate(sub_b) if i not in (0, b)]
    result = primitive("Einsum", f"{''.join(sub_a)},{''.join(sub_b)}->{''.join(out)}")((x1, x2))
    return F.expand_dims(result, 1) if len(out) == 1 else result


def vecdot(x, y, *, axis=-1):
    """The dot product of x and y (broadcast) along `axis`, x conjugated when complex."""
    check_tensor("vecdot", "x", x)
    check_tensor("vecdot", "y", y)
    left = F.conj(x) if x.dtype.is_complex else x
    return F.sum(F.mul(left, y), axis)


def dist(input, other, p=2):
    """The p-norm (an int p >= 0; 0 counts nonzero entries) of input - other (broadcast),
    as a 0-D tensor."""
    for name, value in (("input", input), ("other", other)):
        check_tensor("dist", name, value)
        check_dtype("dist", name, value.dtype, (mstype.float16, mstype.float32))
    diff = F.sub(input, other)
    if diff.ndim == 0:
        diff = F.reshape(diff, (1,))
    return primitive("LpNorm", tuple(range(diff.ndim)), p)(diff)


def _observation_weights(x, fweights, aweights):
    """The product of the observation weights given (None without any), checked against
    the columns of x and cast to its dtype."""
    observations = x.shape[1]
    weights = None
    for name, value, kinds in (("fweights", fweights, mstype.int_type + mstype.uint_type),
                               ("aweights", aweights, mstype.float_type)):
        if value is None:
            continue
        check_tensor("cov", name, value)
        check_dtype("cov", name, value.dtype, kinds)
        if value.ndim > 1 or value.size != observations:
            raise ValueError(f"For 'cov', the '{name}' must be a scalar or 1-D with {observations} elements (the "
                             f"columns of 'input'), but got shape {value.shape}.")
        weights = value if weights is None else F.mul(weights, value)
    return None if weights is None else F.cast(weights, x.dtype)


def _weighted_count(total, weights, aweights, correction):
    """The divisor of a weighted covariance: the total weight less `correction`, which
    aweights scale by their weighted mean; never negative."""
    if correction == 0:
        return total
    if aweights is not None:
        weighted_mean = F.div(F.sum(F.mul(weights, F.cast(aweights, weights.dtype))), total)
        correction = F.mul(weighted_mean, correction)
    return F.maximum(F.sub(total, correction), 0)


def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance matrix of the variables in the rows of `input` (a 1-D input is one
    variable, giving a 0-D result) observed in its columns; `fweights` (integer counts) and
    `aweights` (float importances) weight the observations, `correction` is subtracted from
    the number (or weighted sum) of observations."""
    check_tensor("cov", "input", input)
    if input.ndim > 2:
        raise ValueError(f"For 'cov', the 'input' must have 2 or fewer dimensions, but got shape {input.shape}.")
    _check_scale("cov", "correction", correction)
    x = F.reshape(input, (1, -1)) if input.ndim < 2 else input
    if not (x.dtype.is_floating_point or x.dtype.is_complex):
        x = F.cast(x, mstype.float32)
    weights = _observation_weights(x, fweights, aweights)
    if weights is None:
        mean, count = F.mean(x, 1, True), max(x.shape[1] - correction, 0)
    else:
        total = F.sum(weights)
        mean = F.div(F.sum(F.mul(x, weights), 1, True), total)
        count = _weighted_count(total, weights, aweights, correction)
    centered = F.sub(x, mean)
    weighted = centered if weights is None else F.mul(centered, weights)
    conjugated = F.conj(centered) if x.dtype.is_complex else centered
    out = F.div(_matmul(weighted, F.swapaxes(conjugated, 0, 1)), count)
    return F.reshape(out, ()) if input.ndim < 2 else out


def einsum_ext(equation, *operands):
    """einsum with MindSpore 2.x's mint signature: an equation string and the operands."""
    return einsum(equation, *operands)


def trace(input):
    """The sum of the main diagonal of a 2-D tensor, of its dtype."""
    return _trace(input)


# ---- determinants, inverses, solvers -----------------------------------------------------------------
def det(input):
    """The determinant of each square matrix of input (..., n, n): shape (...)."""
    return _det(input)


def matrix_determinant(input):
    """The determinant of each square matrix of input (..., n, n): shape (...)."""
    return _det(input)


def slogdet(input):
    """(sign, log|det|) of each square matrix of input (..., n, n)."""
    return _log_det(input)


def log_matrix_determinant(input):
    """(sign, log|det|) of each square matrix of input (..., n, n)."""
    return _log_det(input)


def logdet(input):
    """log(det) of each square matrix of input (..., n, n): nan for a negative determinant
    of a real matrix."""
    return F.log(_det(input))


def inverse(input):
    """The inverse of each square matrix of input (..., n, n)."""
    return _inverse(input)


def matrix_solve(matrix, rhs, adjoint=False):
    """X with matrix @ X = rhs (matrix^H @ X = rhs with `adjoint`): matrix (..., m, m),
    rhs (..., m, k)."""
    return primitive("MatrixSolve", adjoint)(matrix, rhs)


def matrix_power(input, n):
    """input (..., m, m) multiplied by itself n times (powers of its inverse for n < 0)."""
    return primitive("MatrixPower", n)(input)


def matrix_exp(input):
    """The matrix exponential of each square matrix of input (..., n, n)."""
    return _matrix_exp(input)


def matrix_band_part(x, lower, upper):
    """x (..., m, n) with entries (i, j) outside i - j <= lower, j - i <= upper zeroed (a
    negative bound keeps the whole triangle)."""
    return _band_part(x, lower, upper)


def cholesky(input_x, upper=False):
    """The Cholesky factor of each symmetric positive-definite matrix of input_x: lower
    triangular L with L @ L^T = input_x, or U = L^T with `upper`."""
    return primitive("Cholesky", upper)(input_x)


def cholesky_inverse(input_x, upper=False):
    """The inverse of A from its Cholesky factor input_x: A = input_x @ input_x^T
    (input_x^T @ input_x with `upper`)."""
    return primitive("CholeskyInverse", upper)(input_x)


def cholesky_solve(input, input2, upper=False):
    """X with A @ X = input, A given by its Cholesky factor input2 (lower, or upper with
    `upper`)."""
    return primitive("CholeskySolve", upper)(input, input2)


# ---- decompositions -------------------------------------------------------------------------------------
def qr(input, mode="reduced"):
    """(Q, R) with input = Q @ R: Q (..., m, k), R (..., k, n) for k = min(m, n) in mode
    'reduced'; Q (..., m, m), R (..., m, n) in mode 'complete'."""
    if mode not in ("reduced", "complete"):
        raise TypeError(f"For 'qr', the 'mode' must be 'reduced' or 'complete', but got {mode!r}.")
    return primitive("Qr", mode == "complete")(input)


def geqrf(input):
    """LAPACK's geqrf: (y, tau), the QR decomposition of input as R above y's diagonal and
    Householder reflections below it with scales tau."""
    return _geqrf(input)


def orgqr(input, input2):
    """The explicit Q (the first n columns) of geqrf's reflections input (..., m, n) with
    scales input2 (..., k)."""
    return _orgqr(input, input2)


def ormqr(input, tau, other, left=True, transpose=False):
    """other multiplied by Q, the product of geqrf's reflections (input, tau): Q @ other
    (other @ Q unless `left`), Q^H with `transpose`."""
    return primitive("Ormqr", left, transpose)(input, tau, other)


def eig(A):
    """(eigenvalues (..., n), right eigenvectors (..., n, n) as columns) of each square
    matrix of A, both complex."""
    return primitive("Eig", True)(A)


def eigvals(A):
    """The complex eigenvalues (..., n) of each square matrix of A."""
    return primitive("Eig", False)(A)[0]


def lstsq(input, A):
    """The least-squares solution X of input @ X = A for a 2-D input (m, n) and A (m, k)
    or (m,): X (n, k)."""
    return _lstsq(input, A)


def lu_solve(b, LU_data, LU_pivots):
    """X with A @ X = b, A given by its LU factors LU_data (..., n, n) and 1-based Int32 row
    swaps LU_pivots (..., n)."""
    return _lu_solve(b, LU_data, LU_pivots)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """(P, L, U) from packed LU factors: the permutation matrix, unit lower triangular L and
    upper triangular U with A = P @ L @ U."""
    return primitive("LuUnpack", unpack_data, unpack_pivots)(LU_data, LU_pivots)


def pinv(x, *, atol=None, rtol=None, hermitian=False):
    """The Moore-Penrose pseudo-inverse of each matrix of x (..., m, n) through its SVD,
    singular values <= max(atol, rtol * s_max) treated as 0 (rtol defaults to
    max(m, n) * eps when neither is given). `hermitian` inputs take the same SVD (their
    singular values are the |eigenvalues|)."""
    check_tensor("pinv", "x", x)
    check_dtype("pinv", "x", x.dtype, (mstype.float32, mstype.float64))
    check_type("pinv", "hermitian", hermitian, bool)
    if x.ndim < 2:
        raise ValueError(f"For 'pinv', the 'x' must have at least 2 dimensions, but got shape {x.shape}.")
    s, u, v = primitive("Svd", False, True)(x)
    if atol is None and rtol is None:
        rtol = max(x.shape[-2:]) * float(np.finfo(x.dtype.np_type).eps)
    largest = F.amax(s, -1, True)
    cutoff = F.mul(largest, 0.0 if rtol is None else rtol)
    if atol is not None:
        cutoff = F.maximum(cutoff, atol)
    kept = F.greater(s, cutoff)
    inverted = F.where(kept, F.reciprocal(F.where(kept, s, F.ones_like(s))), F.zeros_like(s))
    return _batch_matmul_nt(F.mul(v, F.expand_dims(inverted, -2)), u)


def cond(A, p=None):
    """The condition number norm(A, p) * norm(A^-1, p) of each square matrix of A; p is a
    matrix norm order ('fro', 'nuc', inf, -inf, 1, -1, 2, -2; None: 2)."""
    order = 2 if p is None else p
    return F.mul(F.matrix_norm(A, order), F.matrix_norm(_inverse(A), order))


# ---- diagonals ---------------------------------------------------------------------------------------------
def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """Matrices (..., num_rows, num_cols) with diagonals k (an int or a range [k0, k1], ints
    or an Int32 Tensor) taken from x, padding_value elsewhere (-1 sizes: the smallest that
    fit); `align` says how x packs diagonals shorter than its last axis."""
    return primitive("MatrixDiagV3", align)(x, k, num_rows, num_cols, padding_value)


def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """The diagonals k (an int or a range [k0, k1]) of x (..., m, n), packed as `align`
    says and padded with padding_value."""
    return primitive("MatrixDiagPartV3", align)(x, k, padding_value)


def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """x (..., m, n) with its diagonals k replaced by `diagonal` (packed as matrix_diag_part
    returns them)."""
    return primitive("MatrixSetDiagV3", align)(x, diagonal, k)


# ---- cross products and distances --------------------------------------------------------------------
def cross(input, other, dim=None):
    """The cross product of 3-vectors along `dim` (None: the first axis of size 3)."""
    return primitive("Cross", L.CROSS_DEFAULT_DIM if dim is None else dim)(input, other)


def cdist(x1, x2, p=2.0):
    """The p-norm distances between the rows of x1 (B, P, M) and x2 (B, R, M): (B, P, R)."""
    return primitive("Cdist", p)(x1, x2)


def pdist(input, p=2.0):
    """The p-norm distances between each pair of rows i < j of input (N, M), in row-major
    order of the pairs: (N (N - 1) / 2,)."""
    return primitive("Pdist", p)(input)


_trace, _det, _log_det, _inverse = L.Trace(), L.MatrixDeterminant(), L.LogMatrixDeterminant(), L.MatrixInverse()
_matrix_exp, _band_part, _ger, _lstsq = L.MatrixExp(), L.MatrixBandPart(), L.Ger(), L.Lstsq()
_geqrf, _orgqr, _lu_solve = L.Geqrf(), L.Orgqr(), L.LuSolve()
_batch_matmul_nt = L.BatchMatMul(transpose_b=True)


# ---- Tensor methods ---------------------------------------------------------------------------------------
def _rmatmul(self, other):
    return matmul(other, self)


def _addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    return rebind(self, addmm(self, mat1, mat2, beta=beta, alpha=alpha))


def _addr_method(self, vec1, vec2, beta=1, alpha=1):
    return addr(self, vec1, vec2, beta=beta, alpha=alpha)


def _trace_method(self, offset=0, axis1=0, axis2=1, dtype=None):
    """NumPy's trace: the sums of the diagonals at `offset` of the (axis1, axis2) planes."""
    return F.sum(F.diagonal(self, offset, axis1, axis2), -1, dtype=dtype)


def _triangular_solve_method(self, A, upper=True, transpose=False, unitriangular=False):
    """(X, A) with op(T) @ X = self, T the upper (lower unless `upper`) triangle of A, op
    transposing with `transpose`, T's diagonal taken as ones with `unitriangular`; the
    batch axes of self (..., m, k) and A (..., m, m) broadcast."""
    for name, flag in (("upper", upper), ("transpose", transpose), ("unitriangular", unitriangular)):
        check_type("triangular_solve", name, flag, bool)
    check_tensor("triangular_solve", "A", A)
    triangle = _band_part(A, 0, -1) if upper else _band_part(A, -1, 0)
    if unitriangular:
        n = A.shape[-1]
        triangle = F.add(F.sub(triangle, _band_part(A, 0, 0)), F.eye(n, n, A.dtype))
    if A.ndim >= 2 and self.ndim >= 2 and A.shape[:-2] != self.shape[:-2]:
        batch = tuple(broadcast_shapes("triangular_solve", A.shape[:-2], self.shape[:-2], names=("A", "self")))
        triangle = F.broadcast_to(triangle, batch + A.shape[-2:])
        rhs = F.broadcast_to(self, batch + self.shape[-2:])
    else:
        rhs = self
    return primitive("MatrixTriangularSolve", not upper, transpose)(triangle, rhs), A


def _qr_method(self, some=True):
    return qr(self, "reduced" if some else "complete")


TENSOR_METHODS = {
    "matmul": matmul, "__matmul__": matmul, "__rmatmul__": _rmatmul, "bmm": bmm, "mm": mm, "trace": _trace_method,
    "dot": dot, "inner": inner, "outer": outer, "ger": ger, "svd": svd, "addmm": addmm, "addmm_": _addmm_,
    "addbmm": addbmm, "baddbmm": baddbmm, "addmv": addmv, "addr": _addr_method, "adjoint": adjoint,
    "cov": cov, "det": det, "matrix_determinant": matrix_determinant, "slogdet": slogdet,
    "log_matrix_determinant": log_matrix_determinant, "logdet": logdet, "inverse": inverse,
    "matrix_power": matrix_power, "cholesky": cholesky,
    "cholesky_inverse": cholesky_inverse, "cholesky_solve": cholesky_solve, "qr": _qr_method, "geqrf": geqrf,
    "orgqr": orgqr, "ormqr": ormqr, "eigvals": eigvals, "lstsq": lstsq, "lu_solve": lu_solve, "cross": cross,
    "triangular_solve": _triangular_solve_method,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
