"""Linear algebra: MatMul, BatchMatMul, Dense, outer products, einsum; decompositions
(singular values, QR, Cholesky, eigenvalues, LU), determinants, inverses and solvers,
matrix functions (power, exponential), trace, band parts, cross products and distances.

`MatMulExt` (NumPy matmul semantics, behind `ops.matmul`) and `Outer` (behind
`ops.outer`) are MindSpore's internal 2.x primitives: like MindSpore, spore keeps them out
of the `ops` namespace, so they are not in `__all__`.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import broadcast_shapes, check_bool, check_same_dtype, check_tensor, check_type
from .math_ops import binary_result_dtype
from .reduce_ops import check_input

__all__ = ["MatMul", "BatchMatMul", "Dense", "Ger", "Einsum", "Svd", "Trace", "MatrixDeterminant",
           "LogMatrixDeterminant", "MatrixInverse", "MatrixSolve", "MatrixTriangularSolve", "MatrixPower",
           "MatrixExp", "MatrixBandPart", "Cholesky", "CholeskyInverse", "CholeskySolve", "Qr", "Geqrf", "Orgqr",
           "Ormqr", "Eig", "Lstsq", "LuSolve", "LuUnpack", "Cross", "Cdist", "Pdist", "ConjugateTranspose",
           "MatrixLogarithm", "MatrixSolveLs", "TridiagonalMatMul"]

MATMUL_TYPES = mstype.number_type  # every numeric dtype; Bool has no matrix product


def check_operands(op: str, names, values, allowed=MATMUL_TYPES) -> mstype.Number:
    """The operands are tensors of one dtype from `allowed`; returns that dtype."""
    for name, value in zip(names, values):
        check_input(op, value, allowed, name)
    check_same_dtype(op, names, [v.dtype for v in values])
    return values[0].dtype


def check_min_rank(op: str, name: str, shape, minimum: int) -> None:
    if len(shape) < minimum:
        raise ValueError(f"For '{op}', the input '{name}' must have at least {minimum} dimensions, "
                         f"but got shape {tuple(shape)}.")


def check_contraction(op: str, names, a, b, inner_a: int, inner_b: int) -> None:
    if inner_a != inner_b:
        raise ValueError(f"For '{op}', the contracted dimensions must be equal, but got '{names[0]}' "
                         f"shape {tuple(a)} and '{names[1]}' shape {tuple(b)}.")


def matrix_product_shape(op: str, a, b, names=("x1", "x2"), transpose_a=False, transpose_b=False):
    """The shape of a @ b for shapes of rank >= 2: the batch dimensions broadcast, the
    last two multiply as matrices (after the requested transposes)."""
    rows, inner_a = (a[-1], a[-2]) if transpose_a else (a[-2], a[-1])
    inner_b, cols = (b[-1], b[-2]) if transpose_b else (b[-2], b[-1])
    check_contraction(op, names, a, b, inner_a, inner_b)
    return broadcast_shapes(op, a[:-2], b[:-2], names=names) + (rows, cols)


class _MatMulBase(Primitive):
    """MatMul and BatchMatMul: the transpose attributes and the shared infer; each
    subclass states its rank rule in `check_ranks`."""

    def __init__(self, transpose_a: bool = False, transpose_b: bool = False):
        super().__init__()
        self.add_prim_attr("transpose_a", check_bool(self.name, "transpose_a", transpose_a))
        self.add_prim_attr("transpose_b", check_bool(self.name, "transpose_b", transpose_b))

    def infer(self, x1, x2):
        dtype = check_operands(self.name, ("x1", "x2"), (x1, x2))
        self.check_ranks(x1.shape, x2.shape)
        shape = matrix_product_shape(self.name, tuple(x1.shape), tuple(x2.shape), ("x1", "x2"),
                                     self.transpose_a, self.transpose_b)
        return TensorSpec(shape, dtype)


class MatMul(_MatMulBase):
    """x1 @ x2 for two 2-D tensors of one dtype, either transposed first."""

    def check_ranks(self, a, b):
        for name, shape in (("x1", a), ("x2", b)):
            if len(shape) != 2:
                raise ValueError(f"For '{self.name}', the input '{name}' must be 2-D, but got shape "
                                 f"{tuple(shape)}.")


class BatchMatMul(_MatMulBase):
    """Matrix product over the last two axes of two tensors of rank >= 2 and one dtype;
    the batch axes broadcast."""

    def check_ranks(self, a, b):
        check_min_rank(self.name, "x1", a, 2)
        check_min_rank(self.name, "x2", b, 2)


class MatMulExt(Primitive):
    """`(input, other)`: NumPy's matmul: a 1-D operand is a vector (a row on the left, a
    column on the right, its axis dropped from the result); batch axes broadcast."""

    def infer(self, input, other):
        dtype = check_operands(self.name, ("input", "other"), (input, other))
        a, b = tuple(input.shape), tuple(other.shape)
        names = ("input", "other")
        check_min_rank(self.name, "input", a, 1)
        check_min_rank(self.name, "other", b, 1)
        check_contraction(self.name, names, a, b, a[-1], b[-2] if len(b) > 1 else b[0])
        batch = broadcast_shapes(self.name, a[:-2], b[:-2], names=names)
        rows = a[-2:-1]                      # none for a vector
        cols = b[-1:] if len(b) > 1 else ()  # none for a vector
        return TensorSpec(batch + rows + cols, dtype)


class Dense(Primitive):
    """`(x, w, b=None)`: x @ w^T + b. A 2-D `w` of shape (out, in) maps the last axis of
    `x` (size in) to size out; a 1-D `w` of shape (in,) contracts it away."""

    def infer(self, x, w, b=None):
        operands = (x, w) if b is None else (x, w, b)
        dtype = check_operands(self.name, ("x", "w", "b")[:len(operands)], operands)
        xs, ws = tuple(x.shape), tuple(w.shape)
        if len(ws) not in (1, 2):
            raise ValueError(f"For '{self.name}', the 'w' must be 1-D or 2-D, but got shape {ws}.")
        check_min_rank(self.name, "x", xs, 1)
        if xs[-1] != ws[-1]:
            raise ValueError(f"For '{self.name}', the last dimension of 'x' and 'w' must be equal, but got "
                             f"'x' shape {xs} and 'w' shape {ws}.")
        shape = xs[:-1] + ws[:-1]
        if b is not None:
            if len(b.shape) > 1:
                raise ValueError(f"For '{self.name}', the 'b' must be 0-D or 1-D, but got shape {tuple(b.shape)}.")
            shape = broadcast_shapes(self.name, shape, b.shape, names=("x @ w.T", "b"))
        return TensorSpec(shape, dtype)


class Ger(Primitive):
    """The outer product of two 1-D float tensors of one dtype: out[i, j] = x1[i] * x2[j]."""

    def infer(self, x1, x2):
        dtype = check_operands(self.name, ("x1", "x2"), (x1, x2), mstype.float_type)
        for name, value in (("x1", x1), ("x2", x2)):
            if len(value.shape) != 1:
                raise ValueError(f"For '{self.name}', the '{name}' must be 1-D, but got shape "
                                 f"{tuple(value.shape)}.")
        return TensorSpec((x1.shape[0], x2.shape[0]), dtype)


class Outer(Primitive):
    """`(input, vec2)`: input flattened to a column times `vec2`, with broadcasting and
    type promotion (the primitive behind `ops.outer`)."""

    def infer(self, input, vec2):
        check_tensor(self.name, "input", input)
        check_tensor(self.name, "vec2", vec2)
        size = 1
        for d in input.shape:
            size *= d
        shape = broadcast_shapes(self.name, (size, 1), vec2.shape, names=("input", "vec2"))
        return TensorSpec(shape, binary_result_dtype(self.name, input, vec2))


class Einsum(Primitive):
    """Einstein summation `equation` (e.g. 'ij,jk->ik', with '...' for broadcast axes and
    an implicit output when there is no '->') over a tuple of float tensors."""

    def __init__(self, equation: str):
        super().__init__()
        self.add_prim_attr("equation", check_type(self.name, "equation", equation, str))

    def infer(self, operands):
        if not isinstance(operands, (tuple, list)):
            operands = (operands,)
        dtype = check_operands(self.name, [f"operands[{i}]" for i in range(len(operands))], operands,
                               mstype.float_type)
        shape = einsum_shape(self.name, self.equation, [tuple(t.shape) for t in operands])
        return TensorSpec(shape, dtype)


_ELLIPSIS = "."  # the one-character stand-in for '...' while parsing


def _split_term(op: str, term: str, shape) -> tuple[list, tuple]:
    """The (label, size) pairs of one input term and the axes its ellipsis covers."""
    shown = term.replace(_ELLIPSIS, "...")
    if any(not (c.isalpha() or c == _ELLIPSIS) for c in term) or term.count(_ELLIPSIS) > 1:
        raise ValueError(f"For '{op}', the subscripts '{shown}' must be letters with at most one '...'.")
    named = term.replace(_ELLIPSIS, "")
    n_ellipsis = len(shape) - len(named)
    if n_ellipsis < 0 or (n_ellipsis and _ELLIPSIS not in term):
        raise ValueError(f"For '{op}', the subscripts '{shown}' do not match an operand of shape {shape}.")
    start = term.find(_ELLIPSIS) if _ELLIPSIS in term else len(term)
    named_dims = shape[:start] + shape[start + n_ellipsis:]
    return list(zip(named, named_dims)), shape[start:start + n_ellipsis]


def einsum_shape(op: str, equation: str, shapes) -> tuple[int, ...]:
    """The output shape of `equation` applied to operands of `shapes`."""
    equation = equation.replace(" ", "").replace("...", _ELLIPSIS)
    lhs, arrow, rhs = equation.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(shapes):
        raise ValueError(f"For '{op}', the equation has {len(terms)} operand(s) but {len(shapes)} "
                         f"tensor(s) were given.")
    sizes: dict[str, int] = {}
    counts: dict[str, int] = {}
    ellipsis_shape: tuple = ()
    for term, shape in zip(terms, shapes):
        labels, ellipsis_dims = _split_term(op, term, shape)
        ellipsis_shape = broadcast_shapes(op, ellipsis_shape, ellipsis_dims)
        for label, size in labels:
            counts[label] = counts.get(label, 0) + 1
            known = sizes.get(label, 1)
            if size != known and 1 not in (size, known):
                raise ValueError(f"For '{op}', the subscript '{label}' has sizes {known} and {size}, "
                                 f"which do not match.")
            sizes[label] = max(size, known) if size and known else 0
    if arrow:
        output = rhs
        for label in output.replace(_ELLIPSIS, ""):
            if label not in sizes:
                raise ValueError(f"For '{op}', the output subscript '{label}' does not appear in the inputs.")
            if output.count(label) > 1:
                raise ValueError(f"For '{op}', the output subscript '{label}' appears more than once.")
    else:
        output = _ELLIPSIS + "".join(sorted(label for label, n in counts.items() if n == 1))
    shape: tuple = ()
    for label in output:
        shape += ellipsis_shape if label == _ELLIPSIS else (sizes[label],)
    return shape


SVD_TYPES = (mstype.float32, mstype.float64, mstype.complex64, mstype.complex128)


class Svd(Primitive):
    """Svd(full_matrices=False, compute_uv=True)(input): input = u @ diag(s) @ v^H over the
    last two axes (m, n), returned as (s, u, v) with s of shape (..., k), k = min(m, n), in
    descending order; u is (..., m, k) and v (..., n, k), or (..., m, m) and (..., n, n)
    with `full_matrices`. Without `compute_uv`, u and v are zeros of shape (1,). s is real
    (Float32 for Complex64 input)."""

    def __init__(self, full_matrices: bool = False, compute_uv: bool = True):
        super().__init__()
        self.add_prim_attr("full_matrices", check_bool(self.name, "full_matrices", full_matrices))
        self.add_prim_attr("compute_uv", check_bool(self.name, "compute_uv", compute_uv))

    def infer(self, input):
        check_input(self.name, input, SVD_TYPES, "input")
        shape = tuple(input.shape)
        check_min_rank(self.name, "input", shape, 2)
        if 0 in shape:
            raise ValueError(f"For '{self.name}', the input can not be empty, but got shape {shape}.")
        *batch, m, n = shape
        k = min(m, n)
        real = {mstype.complex64: mstype.float32, mstype.complex128: mstype.float64}.get(input.dtype, input.dtype)
        s = TensorSpec((*batch, k), real)
        if not self.compute_uv:
            return s, TensorSpec((1,), input.dtype), TensorSpec((1,), input.dtype)
        u_cols, v_cols = (m, n) if self.full_matrices else (k, k)
        return s, TensorSpec((*batch, m, u_cols), input.dtype), TensorSpec((*batch, n, v_cols), input.dtype)


# ---- shared checks of matrix operands ---------------------------------------------------------------
F16, F32, F64, C64, C128 = mstype.float16, mstype.float32, mstype.float64, mstype.complex64, mstype.complex128
REAL_TYPES = (F32, F64)
SOLVER_TYPES = (F32, F64, C64, C128)  # LAPACK's four: what most decompositions accept
DET_TYPES = (F16,) + SOLVER_TYPES


class _Validated(Primitive):
    """A primitive whose inputs `infer` checks before every PyNative call: LAPACK's kernels
    accept more than MindSpore does (other dtypes, broadcast batches), and the check costs
    little next to a factorization."""

    def check(self, *inputs):
        self.infer(*inputs)


def check_matrices(op: str, name: str, x, allowed, square: bool = False) -> tuple:
    """`x` is a tensor of rank >= 2 with a dtype from `allowed` (square matrices when
    `square`); returns its shape."""
    check_input(op, x, allowed, name)
    shape = tuple(x.shape)
    check_min_rank(op, name, shape, 2)
    if square and shape[-1] != shape[-2]:
        raise ValueError(f"For '{op}', the '{name}' must be a batch of square matrices, but got shape {shape}.")
    return shape


def check_same_batch(op: str, names, a, b) -> None:
    """The batch axes (all but the last two) of shapes `a` and `b` are equal."""
    if a[:-2] != b[:-2]:
        raise ValueError(f"For '{op}', the batch dimensions of '{names[0]}' and '{names[1]}' must be equal, but got "
                         f"shapes {a} and {b}.")


def check_rows(op: str, names, a, b) -> None:
    """The matrices of shape `a` (..., m, m) and `b` (..., m, k) have the same number of rows."""
    if a[-2] != b[-2]:
        raise ValueError(f"For '{op}', the rows of '{names[0]}' and '{names[1]}' must be equal, but got shapes "
                         f"{a} and {b}.")


class Trace(_Validated):
    """The sum of the main diagonal of a 2-D tensor: a 0-D tensor of its dtype."""

    def infer(self, x):
        check_input(self.name, x, mstype.number_type, "x")
        if len(x.shape) != 2:
            raise RuntimeError(f"For '{self.name}', the rank of the input must be 2, but got {len(x.shape)}.")
        return TensorSpec((), x.dtype)


class MatrixDeterminant(_Validated):
    """The determinant of each square matrix of x (..., n, n): shape (...)."""

    def infer(self, x):
        shape = check_matrices(self.name, "x", x, DET_TYPES, square=True)
        return TensorSpec(shape[:-2], x.dtype)


class LogMatrixDeterminant(_Validated):
    """(sign, log|det|) of each square matrix of x (..., n, n): two tensors of shape (...)
    and x's dtype."""

    def infer(self, x):
        shape = check_matrices(self.name, "x", x, DET_TYPES, square=True)
        return TensorSpec(shape[:-2], x.dtype), TensorSpec(shape[:-2], x.dtype)


class MatrixInverse(_Validated):
    """The inverse of each square matrix of x (..., n, n), or of its conjugate transpose
    with `adjoint`."""

    def __init__(self, adjoint: bool = False):
        super().__init__()
        self.add_prim_attr("adjoint", check_bool(self.name, "adjoint", adjoint))

    def infer(self, x):
        shape = check_matrices(self.name, "x", x, SOLVER_TYPES, square=True)
        return TensorSpec(shape, x.dtype)


class MatrixSolve(_Validated):
    """`(matrix, rhs)`: X with matrix @ X = rhs (matrix^H @ X = rhs with `adjoint`);
    matrix (..., m, m), rhs (..., m, k) with the same batch axes."""

    def __init__(self, adjoint: bool = False):
        super().__init__()
        self.add_prim_attr("adjoint", check_bool(self.name, "adjoint", adjoint))

    def infer(self, matrix, rhs):
        names = ("matrix", "rhs")
        a = check_matrices(self.name, "matrix", matrix, DET_TYPES, square=True)
        b = check_matrices(self.name, "rhs", rhs, DET_TYPES)
        check_same_dtype(self.name, names, (matrix.dtype, rhs.dtype))
        check_same_batch(self.name, names, a, b)
        check_rows(self.name, names, a, b)
        return TensorSpec(b, rhs.dtype)


class MatrixTriangularSolve(_Validated):
    """`(matrix, rhs)`: X with T @ X = rhs, T the lower (or upper) triangle of matrix
    (..., m, m), or T^H @ X = rhs with `adjoint`; rhs (..., m, k), same batch axes."""

    def __init__(self, lower: bool = True, adjoint: bool = False):
        super().__init__()
        self.add_prim_attr("lower", check_bool(self.name, "lower", lower))
        self.add_prim_attr("adjoint", check_bool(self.name, "adjoint", adjoint))

    def infer(self, matrix, rhs):
        names = ("matrix", "rhs")
        a = check_matrices(self.name, "matrix", matrix, SOLVER_TYPES, square=True)
        b = check_matrices(self.name, "rhs", rhs, SOLVER_TYPES)
        check_same_dtype(self.name, names, (matrix.dtype, rhs.dtype))
        check_same_batch(self.name, names, a, b)
        check_rows(self.name, names, a, b)
        return TensorSpec(b, rhs.dtype)


MATRIX_POWER_TYPES = (F32, F64, mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8)


class MatrixPower(_Validated):
    """x (..., n, n) multiplied by itself `n` times (the identity for n = 0, powers of the
    inverse for n < 0, which integer matrices refuse)."""

    def __init__(self, n: int):
        super().__init__()
        self.add_prim_attr("n", check_type(self.name, "n", n, int))

    def infer(self, x):
        shape = check_matrices(self.name, "x", x, MATRIX_POWER_TYPES, square=True)
        if self.n < 0 and not x.dtype.is_floating_point:
            raise ValueError(f"For '{self.name}', integer inputs need n >= 0, but got n = {self.n} for {x.dtype}.")
        return TensorSpec(shape, x.dtype)


class MatrixExp(_Validated):
    """The matrix exponential sum_k x^k / k! of each square matrix of x (..., n, n)."""

    def infer(self, x):
        shape = check_matrices(self.name, "x", x, DET_TYPES, square=True)
        return TensorSpec(shape, x.dtype)


def _check_band_bound(op: str, name: str, value) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        return
    if hasattr(value, "dtype") and value.dtype in (mstype.int32, mstype.int64) and len(value.shape) == 0:
        return
    shown = value.dtype if hasattr(value, "dtype") else type(value).__name__
    raise TypeError(f"For '{op}', the '{name}' must be an int or a 0-D Int32 / Int64 Tensor, but got {shown}.")


class MatrixBandPart(_Validated):
    """`(x, lower, upper)`: x (..., m, n) with the entries outside the band zeroed: (i, j)
    is kept when i - j <= lower and j - i <= upper (a negative bound keeps that whole
    triangle)."""

    def infer(self, x, lower, upper):
        check_tensor(self.name, "x", x)
        check_min_rank(self.name, "x", tuple(x.shape), 2)
        _check_band_bound(self.name, "lower", lower)
        _check_band_bound(self.name, "upper", upper)
        return TensorSpec(x.shape, x.dtype)


CHOLESKY_TYPES = (F16, F32, F64)


class Cholesky(_Validated):
    """The Cholesky factor of each symmetric positive-definite matrix of input_x (..., n, n):
    L lower triangular with L @ L^T = input_x, or U = L^T with `upper`."""

    def __init__(self, upper: bool = False):
        super().__init__()
        self.add_prim_attr("upper", check_bool(self.name, "upper", upper))

    def infer(self, input_x):
        shape = check_matrices(self.name, "input_x", input_x, CHOLESKY_TYPES, square=True)
        return TensorSpec(shape, input_x.dtype)


class CholeskyInverse(_Validated):
    """The inverse of A = x @ x^T (A = x^T @ x with `upper`) for each square matrix x
    (..., n, n): given a Cholesky factor of A, the inverse of A."""

    def __init__(self, upper: bool = False):
        super().__init__()
        self.add_prim_attr("upper", check_bool(self.name, "upper", upper))

    def infer(self, input_x):
        shape = check_matrices(self.name, "input_x", input_x, CHOLESKY_TYPES, square=True)
        return TensorSpec(shape, input_x.dtype)


class CholeskySolve(_Validated):
    """`(x1, x2)`: the solution X of A @ X = x1 for A = L @ L^T, L the lower triangle of x2
    (A = U^T @ U from the upper triangle with `upper`); x1 (..., n, k) and x2 (..., n, n) of
    rank 2 or 3 and the same batch."""

    def __init__(self, upper: bool = False):
        super().__init__()
        self.add_prim_attr("upper", check_bool(self.name, "upper", upper))

    def infer(self, x1, x2):
        names = ("x1", "x2")
        b = check_matrices(self.name, "x1", x1, REAL_TYPES)
        a = check_matrices(self.name, "x2", x2, REAL_TYPES, square=True)
        check_same_dtype(self.name, names, (x1.dtype, x2.dtype))
        for name, shape in zip(names, (b, a)):
            if len(shape) > 3:
                raise ValueError(f"For '{self.name}', the rank of '{name}' must be 2 or 3, but got shape {shape}.")
        check_same_batch(self.name, names, b, a)
        check_rows(self.name, names, b, a)
        return TensorSpec(b, x1.dtype)


class Qr(_Validated):
    """(Q, R) with x = Q @ R for x (..., m, n), k = min(m, n): Q (..., m, k) with orthonormal
    columns and R (..., k, n) upper triangular, or Q (..., m, m) and R (..., m, n) with
    `full_matrices`."""

    def __init__(self, full_matrices: bool = False):
        super().__init__()
        self.add_prim_attr("full_matrices", check_bool(self.name, "full_matrices", full_matrices))

    def infer(self, x):
        *batch, m, n = check_matrices(self.name, "x", x, DET_TYPES)
        k = m if self.full_matrices else min(m, n)
        return TensorSpec((*batch, m, k), x.dtype), TensorSpec((*batch, k, n), x.dtype)


class Geqrf(_Validated):
    """LAPACK's geqrf of x (..., m, n): (y, tau), R above y's diagonal and the Householder
    vectors below it, tau (..., min(m, n)) their scales."""

    def infer(self, x):
        *batch, m, n = check_matrices(self.name, "x", x, CHOLESKY_TYPES)
        return TensorSpec(x.shape, x.dtype), TensorSpec((*batch, min(m, n)), x.dtype)


class Orgqr(_Validated):
    """`(x, tau)`: the first n columns of the product of the Householder reflections that
    geqrf stored in x (..., m, n), m >= n, with scales tau (..., k), k <= n."""

    def infer(self, x, tau):
        names = ("x", "tau")
        *batch, m, n = check_matrices(self.name, "x", x, SOLVER_TYPES)
        check_input(self.name, tau, SOLVER_TYPES, "tau")
        check_same_dtype(self.name, names, (x.dtype, tau.dtype))
        if m < n:
            raise ValueError(f"For '{self.name}', x.shape[-2] must be >= x.shape[-1], but got shape {tuple(x.shape)}.")
        _check_tau(self.name, batch, n, tuple(tau.shape))
        return TensorSpec(x.shape, x.dtype)


def _check_tau(op: str, batch, n: int, tau) -> None:
    if tuple(tau[:-1]) != tuple(batch) or len(tau) != len(batch) + 1 or tau[-1] > n:
        raise ValueError(f"For '{op}', the 'tau' must have shape {(*batch, 'k')} with k <= {n}, but got {tau}.")


class Ormqr(_Validated):
    """`(x, tau, other)`: other multiplied by Q, the product of geqrf's Householder
    reflections (x, tau): Q @ other (other @ Q unless `left`), Q^H with `transpose`."""

    def __init__(self, left: bool = True, transpose: bool = False):
        super().__init__()
        self.add_prim_attr("left", check_bool(self.name, "left", left))
        self.add_prim_attr("transpose", check_bool(self.name, "transpose", transpose))

    def infer(self, x, tau, other):
        names = ("x", "tau", "other")
        *batch, m, n = check_matrices(self.name, "x", x, SOLVER_TYPES)
        check_input(self.name, tau, SOLVER_TYPES, "tau")
        c = check_matrices(self.name, "other", other, SOLVER_TYPES)
        check_same_dtype(self.name, names, (x.dtype, tau.dtype, other.dtype))
        _check_tau(self.name, batch, min(m, n), tuple(tau.shape))
        reflected = c[-2] if self.left else c[-1]
        if tuple(c[:-2]) != tuple(batch) or reflected != m:
            side = "rows" if self.left else "columns"
            raise ValueError(f"For '{self.name}', the {side} of 'other' must equal x.shape[-2] = {m} and its batch "
                             f"{tuple(batch)}, but got shape {c}.")
        return TensorSpec(c, other.dtype)


COMPLEX_OF = {F32: C64, F64: C128, C64: C64, C128: C128}


class Eig(_Validated):
    """(eigenvalues (..., n), eigenvectors (..., n, n) as columns) of each square matrix of
    x (..., n, n), complex (Complex64 for Float32 input); without `compute_v` the second
    output is a 0-D zero."""

    def __init__(self, compute_v: bool = False):
        super().__init__()
        self.add_prim_attr("compute_v", check_bool(self.name, "compute_v", compute_v))

    def infer(self, x):
        shape = check_matrices(self.name, "x", x, SOLVER_TYPES, square=True)
        dtype = COMPLEX_OF[x.dtype]
        vectors = shape if self.compute_v else ()
        return TensorSpec(shape[:-1], dtype), TensorSpec(vectors, dtype)


class Lstsq(_Validated):
    """`(x, a)`: the least-squares solution of x @ out = a for a 2-D x (m, n) and a of
    shape (m,) or (m, k): out (n, k) (k = 1 for a 1-D a)."""

    def __init__(self, fast: bool = True, l2_regularizer: float = 0.0):
        super().__init__()
        self.add_prim_attr("fast", check_bool(self.name, "fast", fast))
        self.add_prim_attr("l2_regularizer", float(check_type(self.name, "l2_regularizer", l2_regularizer,
                                                              (int, float))))

    def infer(self, x, a):
        check_input(self.name, x, CHOLESKY_TYPES, "x")
        check_input(self.name, a, CHOLESKY_TYPES, "a")
        check_same_dtype(self.name, ("x", "a"), (x.dtype, a.dtype))
        if len(x.shape) != 2 or len(a.shape) not in (1, 2):
            raise ValueError(f"For '{self.name}', 'x' must be 2-D and 'a' 1-D or 2-D, but got shapes "
                             f"{tuple(x.shape)} and {tuple(a.shape)}.")
        if x.shape[0] != a.shape[0]:
            raise ValueError(f"For '{self.name}', the rows of 'x' and 'a' must be equal, but got shapes "
                             f"{tuple(x.shape)} and {tuple(a.shape)}.")
        k = a.shape[1] if len(a.shape) == 2 else 1
        return TensorSpec((x.shape[1], k), x.dtype)


class LuSolve(_Validated):
    """`(x, lu_data, lu_pivots)`: the solution of A @ out = x, A given by its LU factors
    (lu_data (..., n, n) and 1-based Int32 row swaps lu_pivots (..., n)); x (..., n, k),
    batch axes broadcast."""

    def infer(self, x, lu_data, lu_pivots):
        names = ("x", "lu_data")
        b = check_matrices(self.name, "x", x, CHOLESKY_TYPES)
        a = check_matrices(self.name, "lu_data", lu_data, CHOLESKY_TYPES, square=True)
        check_same_dtype(self.name, names, (x.dtype, lu_data.dtype))
        check_input(self.name, lu_pivots, (mstype.int32,), "lu_pivots")
        if tuple(lu_pivots.shape) != a[:-1]:
            raise ValueError(f"For '{self.name}', the 'lu_pivots' must have shape {a[:-1]}, but got "
                             f"{tuple(lu_pivots.shape)}.")
        check_rows(self.name, names, b, a)
        batch = broadcast_shapes(self.name, b[:-2], a[:-2], names=names)
        return TensorSpec(batch + b[-2:], x.dtype)


class LuUnpack(_Validated):
    """`(lu_data, lu_pivots)`: (P, L, U) from packed LU factors of shape (..., m, n) and
    1-based row swaps (..., k), k = min(m, n): P (..., m, m) the permutation matrix, L
    (..., m, k) unit lower triangular, U (..., k, n) upper triangular, A = P @ L @ U. An
    output not asked for (`unpack_pivots` / `unpack_data` False) is empty, of shape (0,)."""

    def __init__(self, unpack_data: bool = True, unpack_pivots: bool = True):
        super().__init__()
        self.add_prim_attr("unpack_data", check_bool(self.name, "unpack_data", unpack_data))
        self.add_prim_attr("unpack_pivots", check_bool(self.name, "unpack_pivots", unpack_pivots))

    def infer(self, lu_data, lu_pivots):
        *batch, m, n = check_matrices(self.name, "lu_data", lu_data, mstype.number_type)
        check_input(self.name, lu_pivots, mstype.int_type + mstype.uint_type, "lu_pivots")
        k = min(m, n)
        if tuple(lu_pivots.shape) != (*batch, k):
            raise ValueError(f"For '{self.name}', the 'lu_pivots' must have shape {(*batch, k)}, but got "
                             f"{tuple(lu_pivots.shape)}.")
        dtype, empty = lu_data.dtype, TensorSpec((0,), lu_data.dtype)
        p = TensorSpec((*batch, m, m), dtype) if self.unpack_pivots else empty
        if not self.unpack_data:
            return p, empty, empty
        return p, TensorSpec((*batch, m, k), dtype), TensorSpec((*batch, k, n), dtype)


CROSS_DEFAULT_DIM = -65530  # MindSpore's "no dim given": the first axis of size 3


class Cross(_Validated):
    """`(x1, x2)`: the 3-vector cross product along `dim` (default: the first axis of size
    3) of two tensors of one dtype; the other axes broadcast."""

    def __init__(self, dim: int = CROSS_DEFAULT_DIM):
        super().__init__()
        self.add_prim_attr("dim", check_type(self.name, "dim", dim, int))

    def infer(self, x1, x2):
        dtype = check_operands(self.name, ("x1", "x2"), (x1, x2), mstype.number_type)
        shape = broadcast_shapes(self.name, x1.shape, x2.shape, names=("x1", "x2"))
        self.axis(shape)
        return TensorSpec(shape, dtype)

    def axis(self, shape) -> int:
        """The axis of the vectors for operands broadcast to `shape`."""
        if self.dim == CROSS_DEFAULT_DIM:
            if 3 not in shape:
                raise ValueError(f"For '{self.name}', the inputs must have an axis of size 3, but got shape {shape}.")
            return shape.index(3)
        bound = len(shape)
        if not -bound <= self.dim < bound or shape[self.dim] != 3:
            raise ValueError(f"For '{self.name}', the 'dim' must name an axis of size 3, but got dim {self.dim} for "
                             f"shape {shape}.")
        return self.dim % bound


def _check_p(op: str, p) -> float:
    check_type(op, "p", p, float)
    if not p >= 0:
        raise ValueError(f"For '{op}', the 'p' must be a non-negative float, but got {p}.")
    return p


class Cdist(_Validated):
    """`(x1, x2)`: the p-norm distances between the rows of x1 (B, P, M) and of x2 (B, R, M)
    (or without B): out (B, P, R)."""

    def __init__(self, p: float = 2.0):
        super().__init__()
        self.add_prim_attr("p", _check_p(self.name, p))

    def infer(self, x1, x2):
        names = ("x1", "x2")
        dtype = check_operands(self.name, names, (x1, x2), CHOLESKY_TYPES)
        a, b = tuple(x1.shape), tuple(x2.shape)
        if len(a) not in (2, 3) or len(b) != len(a):
            raise ValueError(f"For '{self.name}', 'x1' and 'x2' must both be 2-D or both 3-D, but got shapes {a} "
                             f"and {b}.")
        if a[:-2] != b[:-2] or a[-1] != b[-1]:
            raise ValueError(f"For '{self.name}', 'x1' and 'x2' must have the same batch size and number of columns, "
                             f"but got shapes {a} and {b}.")
        return TensorSpec(a[:-1] + b[-2:-1], dtype)


class Pdist(_Validated):
    """The p-norm distances between the rows of x (N, M), pair (i, j) for i < j in row-major
    order: out (N (N - 1) / 2,)."""

    def __init__(self, p: float = 2.0):
        super().__init__()
        self.add_prim_attr("p", _check_p(self.name, p))

    def infer(self, x):
        check_input(self.name, x, CHOLESKY_TYPES, "x")
        if len(x.shape) != 2:
            raise ValueError(f"For '{self.name}', the 'x' must be 2-D, but got shape {tuple(x.shape)}.")
        n = x.shape[0]
        return TensorSpec((n * (n - 1) // 2,), x.dtype)


# ---- more matrix products and functions -----------------------------------------------------------------
class ConjugateTranspose(_Validated):
    """`(x, perm)`: x's axes permuted by `perm` (a tuple of distinct axes), conjugated
    when complex."""

    def infer(self, x, perm):
        check_tensor(self.name, "x", x)
        perm = check_type(self.name, "perm", perm, (tuple, list))
        if sorted(a % max(len(x.shape), 1) if isinstance(a, int) else a for a in perm) != list(range(len(x.shape))):
            raise ValueError(f"For '{self.name}', the 'perm' must be a permutation of x's {len(x.shape)} axes, but got "
                             f"{tuple(perm)}.")
        return TensorSpec(tuple(x.shape[a] for a in perm), x.dtype)


class MatrixLogarithm(_Validated):
    """The principal matrix logarithm of each square complex matrix of x (..., n, n)
    (through its eigen-decomposition: x must be diagonalizable)."""

    def infer(self, x):
        shape = check_matrices(self.name, "x", x, (C64, C128), square=True)
        return TensorSpec(shape, x.dtype)


class MatrixSolveLs(_Validated):
    """`(matrix, rhs, l2_regularizer)`: the regularized least-squares solution X minimizing
    ||matrix @ X - rhs||^2 + l2 ||X||^2 for matrix (..., m, n), rhs (..., m, k) and a 0-D
    Float64 l2_regularizer: X (..., n, k). `fast` solves the normal equations (Cholesky);
    otherwise an orthogonal factorization, which requires l2 = 0."""

    def __init__(self, fast: bool = True):
        super().__init__()
        self.add_prim_attr("fast", check_bool(self.name, "fast", fast))

    def infer(self, matrix, rhs, l2_regularizer):
        names = ("matrix", "rhs")
        a = check_matrices(self.name, "matrix", matrix, DET_TYPES)
        b = check_matrices(self.name, "rhs", rhs, DET_TYPES)
        check_same_dtype(self.name, names, (matrix.dtype, rhs.dtype))
        check_input(self.name, l2_regularizer, (F64,), "l2_regularizer")
        if len(l2_regularizer.shape) != 0:
            raise ValueError(f"For '{self.name}', the 'l2_regularizer' must be 0-D, but got shape "
                             f"{tuple(l2_regularizer.shape)}.")
        check_same_batch(self.name, names, a, b)
        check_rows(self.name, names, a, b)
        return TensorSpec(a[:-2] + (a[-1], b[-1]), rhs.dtype)


class TridiagonalMatMul(_Validated):
    """`(superdiag, maindiag, subdiag, rhs)`: T @ rhs for the tridiagonal T (..., m, m) whose
    diagonals are given as (..., 1, m) rows (superdiag's last and subdiag's first entries
    unused); rhs (..., m, n)."""

    def infer(self, superdiag, maindiag, subdiag, rhs):
        names = ("superdiag", "maindiag", "subdiag", "rhs")
        operands = (superdiag, maindiag, subdiag, rhs)
        dtype = check_operands(self.name, names, operands, DET_TYPES)
        shapes = [check_matrices(self.name, name, value, DET_TYPES) for name, value in zip(names, operands)]
        b = shapes[-1]
        for name, shape in zip(names[:3], shapes[:3]):
            if shape != b[:-2] + (1, b[-2]):
                raise ValueError(f"For '{self.name}', the '{name}' must have shape {b[:-2] + (1, b[-2])} to match "
                                 f"'rhs' {b}, but got {shape}.")
        return TensorSpec(b, dtype)
