"""bprops of the linear-algebra primitives (operations/linalg_ops.py).

For out = a @ b, d a = dout @ b^T and d b = a^T @ dout: each is one matrix product whose
transpose flags absorb the forward's, so no transpose is ever materialized. Batch axes
that an operand was broadcast along are summed away.
"""
from __future__ import annotations

import functools
import string

from ...common.tensor import Tensor
from .. import function as F
from ..function.reduce_func import primitive
from ..operations import linalg_band_ops, linalg_ops
from .broadcast import grad_like, sum_to_shape
from .registry import bprop, input_needs_grad, non_differentiable

_FLAGS = ((False, False), (False, True), (True, False), (True, True))
_MATMUL = {flags: linalg_ops.MatMul(*flags) for flags in _FLAGS}
_BATCH_MATMUL = {flags: linalg_ops.BatchMatMul(*flags) for flags in _FLAGS}
_matmul_ext = linalg_ops.MatMulExt()
_outer = linalg_ops.Outer()


# ---- matrix products ---------------------------------------------------------------------------
def _product_grads(prims: dict, ta: bool, tb: bool, a: Tensor, b: Tensor, dout: Tensor):
    """(d a, d b) for out = op(a) @ op(b), where op transposes (the last two axes) when its
    flag is set: one product each through `prims[(transpose_a, transpose_b)]`."""
    da = prims[tb, True](b, dout) if ta else prims[False, not tb](dout, b)
    db = prims[True, ta](dout, a) if tb else prims[not ta, False](a, dout)
    return da, db


def _flat_rows(t: Tensor) -> Tensor:
    """`t` as a matrix: every axis but the last folded into rows."""
    return F.reshape(t, (-1, t.shape[-1]))


def _batched_grads(ta: bool, tb: bool, a: Tensor, b: Tensor, dout: Tensor):
    """(d a, d b) for a batched product of operands of rank >= 2, each summed over the
    batch axes it was broadcast along."""
    if a.ndim == b.ndim == 2:
        return _product_grads(_MATMUL, ta, tb, a, b, dout)
    if b.ndim == 2 and not ta:
        # b (a weight) multiplies every row of a: its gradient is one product over all of
        # them, not a batch of products summed afterwards.
        da = _BATCH_MATMUL[False, not tb](dout, b)
        a_rows, dout_rows = _flat_rows(a), _flat_rows(dout)
        db = _MATMUL[True, False](dout_rows, a_rows) if tb else _MATMUL[True, False](a_rows, dout_rows)
        return da, db
    da, db = _product_grads(_BATCH_MATMUL, ta, tb, a, b, dout)
    return sum_to_shape(da, a.shape), sum_to_shape(db, b.shape)


@bprop("MatMul")
def _mat_mul(prim, x1, x2, out, dout):
    return _product_grads(_MATMUL, prim.transpose_a, prim.transpose_b, x1, x2, dout)


@bprop("BatchMatMul")
def _batch_mat_mul(prim, x1, x2, out, dout):
    return _batched_grads(prim.transpose_a, prim.transpose_b, x1, x2, dout)


@bprop("MatMulExt")
def _mat_mul_ext(prim, input, other, out, dout):
    """A 1-D operand is a row (left) or a column (right) whose axis the output drops:
    restore it in dout, differentiate the matrix product, and drop it again."""
    if input.ndim == other.ndim == 1:
        return F.mul(dout, other), F.mul(dout, input)
    a = input if input.ndim > 1 else F.reshape(input, (1, -1))
    b = other if other.ndim > 1 else F.reshape(other, (-1, 1))
    if a is not input or b is not other:
        shape = tuple(dout.shape) + ((1,) if b is not other else ())
        if a is not input:
            shape = shape[:-1] + (1,) + shape[-1:]
        dout = F.reshape(dout, shape)
    da, db = _batched_grads(False, False, a, b, dout)
    return (da if a is input else F.reshape(da, input.shape),
            db if b is other else F.reshape(db, other.shape))


@bprop("Dense")
def _dense(prim, x, w, *rest):
    """out = x @ w^T + b: d x = dout @ w, d w = dout^T @ x over all rows of x, d b = dout
    summed over the axes b was broadcast along."""
    b = rest[0] if len(rest) == 3 else None
    dout = rest[-1]
    if w.ndim == 2:
        dx = None   # none for a network's data
        if input_needs_grad(0):
            # Over all rows at once: one GEMM. A batched product over a strided dout (the
            # gradient of a transposed view, as attention's) made torch loop over the batch.
            dx = _matmul_ext(dout, w) if dout.ndim <= 2 else F.reshape(_matmul_ext(_flat_rows(dout), w), x.shape)
        if x.ndim == 1:
            dw = _outer(dout, x)
        elif x.ndim == 2:
            dw = _MATMUL[True, False](dout, x)
        else:
            dw = _MATMUL[True, False](_flat_rows(dout), _flat_rows(x))
    else:  # w is one row: out = x @ w contracts x's last axis away
        dx = F.mul(F.expand_dims(dout, -1), w)
        dw = _matmul_ext(F.reshape(dout, (-1,)), _flat_rows(x))
    if len(rest) == 2:
        return dx, dw
    return dx, dw, None if b is None else sum_to_shape(dout, b.shape)


# ---- outer products --------------------------------------------------------------------------------
@bprop("Ger")
def _ger(prim, x1, x2, out, dout):
    return _matmul_ext(dout, x2), _matmul_ext(x1, dout)


@bprop("Outer")
def _outer_bprop(prim, input, vec2, out, dout):
    """out = column(input) * vec2, broadcast and promoted: Mul's gradients, with input's
    brought back from the column."""
    column = F.reshape(input, (-1, 1))
    d_column = sum_to_shape(F.mul(dout, vec2), column.shape)
    return grad_like(input, F.reshape(d_column, input.shape)), grad_like(vec2, F.mul(dout, column))


# ---- einsum ---------------------------------------------------------------------------------------
class _EinsumGrad:
    """How to compute one operand's gradient: an einsum of dout and the other operands
    (by index), plus constant operands: identity matrices that put the gradient on the
    diagonal of repeated subscripts, and ones that broadcast it along subscripts no other
    operand has (or along axes the operand had as size 1 while the subscript is larger)."""

    __slots__ = ("equation", "others", "eyes", "ones")

    def __init__(self, equation: str, others: tuple, eyes: tuple, ones: tuple):
        self.equation, self.others, self.eyes, self.ones = equation, others, eyes, ones

    def __call__(self, operands: tuple, dout: Tensor) -> Tensor:
        dtype = dout.dtype
        inputs = ((dout,) + tuple(operands[i] for i in self.others)
                  + tuple(F.eye(n, n, dtype) for n in self.eyes)
                  + tuple(F.ones((n,), dtype) for n in self.ones))
        return primitive("Einsum", self.equation)(inputs)


def _explicit_terms(equation: str, shapes: tuple) -> tuple[list[str], str]:
    """The input terms and output term of `equation` with every '...' spelled out as
    letters of its own (right-aligned across operands, as broadcasting aligns axes) and
    the implicit output made explicit."""
    equation = equation.replace(" ", "")
    lhs, arrow, rhs = equation.partition("->")
    terms = lhs.split(",")
    free = [c for c in string.ascii_letters if c not in equation]
    ranks = [len(shape) - len(term) + 3 for term, shape in zip(terms, shapes) if "..." in term]
    ellipsis = "".join(free[:max(ranks, default=0)])
    terms = [t.replace("...", ellipsis[len(ellipsis) - len(s) + len(t) - 3:]) if "..." in t else t
             for t, s in zip(terms, shapes)]
    if arrow:
        output = rhs.replace("...", ellipsis)
    else:
        named = "".join(terms)
        output = ellipsis + "".join(sorted(c for c in set(named) if named.count(c) == 1 and c not in ellipsis))
    return terms, output


def _operand_grad(k: int, terms: list, output: str, shapes: tuple, sizes: dict) -> _EinsumGrad:
    """The recipe of operand k's gradient: an einsum from dout's and the other operands'
    subscripts to operand k's own, where each axis that does not simply carry its label
    gets a fresh letter tied to the label by a constant operand."""
    others = tuple(i for i in range(len(terms)) if i != k)
    unused = iter(c for c in string.ascii_letters if c not in sizes)
    available = set(output).union(*(terms[i] for i in others))
    result, eye_terms, eyes, ones_terms, ones = "", [], [], [], []
    for label, size in zip(terms[k], shapes[k]):
        if size != sizes[label]:  # broadcast from size 1: the gradient sums over the label
            fresh = next(unused)
            ones_terms.append(fresh)
            ones.append(1)
        elif label in result:  # a repeated subscript: only the diagonal reaches the output
            fresh = next(unused)
            eye_terms.append(label + fresh)
            eyes.append(size)
        else:
            fresh = label
        result += fresh
    covered = available.union(*eye_terms, *ones_terms)
    for label in dict.fromkeys(result):
        if label not in covered:  # summed over in this operand alone: broadcast back along it
            ones_terms.append(label)
            ones.append(sizes[label])
    inputs = [output] + [terms[i] for i in others] + eye_terms + ones_terms
    return _EinsumGrad(",".join(inputs) + "->" + result, others, tuple(eyes), tuple(ones))


@functools.lru_cache(maxsize=256)
def _einsum_grads(equation: str, shapes: tuple) -> tuple[_EinsumGrad, ...]:
    """The gradient recipe of each operand of `equation` for operands of `shapes`."""
    terms, output = _explicit_terms(equation, shapes)
    sizes: dict[str, int] = {}
    for term, shape in zip(terms, shapes):
        for label, size in zip(term, shape):
            sizes[label] = max(sizes.get(label, 1), size)
    return tuple(_operand_grad(k, terms, output, shapes, sizes) for k in range(len(terms)))


@bprop("Einsum")
def _einsum(prim, operands, out, dout):
    """d operand_k = einsum of dout with the other operands, onto operand_k's subscripts."""
    tensors = (operands,) if isinstance(operands, Tensor) else tuple(operands)
    recipes = _einsum_grads(prim.equation, tuple(tuple(t.shape) for t in tensors))
    grads = tuple(recipe(tensors, dout) for recipe in recipes)
    return (grads[0] if isinstance(operands, Tensor) else grads,)


# ---- singular value decomposition -----------------------------------------------------------------
def _thin_svd(a: Tensor):
    return primitive("Svd", False, True)(a)


def _swap_last(t: Tensor) -> Tensor:
    return F.swapaxes(t, -1, -2)


def singular_vectors_product(u: Tensor, weights: Tensor, v: Tensor) -> Tensor:
    """u @ diag(weights) @ v^T (`weights` broadcast along u's rows): the gradient of
    sum(weights * s) with respect to the matrix whose thin SVD is (s, u, v)."""
    return _BATCH_MATMUL[False, True](F.mul(u, weights), v)


def _first_columns(t: Tensor, k: int) -> Tensor:
    return t if t.shape[-1] == k else F.split(t, (k, t.shape[-1] - k), -1)[0]


def _svd_grad(s, u, v, ds, du, dv) -> Tensor:
    """d A for the thin SVD A = u diag(s) v^T (real, distinct nonzero singular values):

        d A = u [(skew(u^T du) s_j + s_i skew(v^T dv)) / (s_j^2 - s_i^2) + diag(ds)] v^T
              + (I - u u^T) du / s v^T + u ((I - v v^T) dv / s)^T

    with skew(X) = X - X^T; the last two terms matter for non-square A only."""
    k, m, n = s.shape[-1], u.shape[-2], v.shape[-2]
    eye = F.eye(k, k, s.dtype)
    s_row, s_col = F.expand_dims(s, -2), F.expand_dims(s, -1)
    squares = F.mul(s, s)
    gaps = F.add(F.sub(F.expand_dims(squares, -2), F.expand_dims(squares, -1)), eye)  # 1 on the diagonal
    ut_du = _BATCH_MATMUL[True, False](u, du)
    vt_dv = _BATCH_MATMUL[True, False](v, dv)
    rotations = F.add(F.mul(F.sub(ut_du, _swap_last(ut_du)), s_row), F.mul(s_col, F.sub(vt_dv, _swap_last(vt_dv))))
    inner = F.add(F.div(rotations, gaps), F.mul(F.expand_dims(ds, -1), eye))
    if m > k:
        left = F.add(_BATCH_MATMUL[False, False](u, inner),
                     F.div(F.sub(du, _BATCH_MATMUL[False, False](u, ut_du)), s_row))
        return _BATCH_MATMUL[False, True](left, v)
    right = _BATCH_MATMUL[False, True](inner, v)
    if n > k:
        right = F.add(right, _swap_last(F.div(F.sub(dv, _BATCH_MATMUL[False, False](v, vt_dv)), s_row)))
    return _BATCH_MATMUL[False, False](u, right)


@bprop("Svd")
def _svd(prim, input, out, dout):
    """Real inputs only. Without `compute_uv` the vectors are recomputed; with
    `full_matrices`, only the first k = min(m, n) singular vectors carry gradient (the
    others span a null space that the input does not determine)."""
    if input.dtype.is_complex:
        raise RuntimeError("For 'Svd', the gradient of a complex input is not supported.")
    if not prim.compute_uv:
        _, u, v = _thin_svd(input)
        return (singular_vectors_product(u, F.expand_dims(dout[0], -2), v),)
    s, u, v = out
    ds, du, dv = dout
    k = s.shape[-1]
    u, v, du, dv = (_first_columns(t, k) for t in (u, v, du, dv))
    return (_svd_grad(s, u, v, ds, du, dv),)


# ---- trace, determinants, inverses ------------------------------------------------------------------
# Real inputs only from here on: the complex gradients (conjugates) are not written.
_band = linalg_ops.MatrixBandPart()
_inverse = linalg_ops.MatrixInverse()


def _real_only(op: str, x: Tensor) -> None:
    if x.dtype.is_complex:
        raise RuntimeError(f"For '{op}', the gradient of a complex input is not supported.")


def _mm(a: Tensor, b: Tensor, ta: bool = False, tb: bool = False) -> Tensor:
    """op(a) @ op(b) over the last two axes (op transposes when its flag is set)."""
    return _BATCH_MATMUL[ta, tb](a, b)


def _as_matrix_batch(t: Tensor) -> Tensor:
    """A tensor of shape (...) as (..., 1, 1), to scale a batch of matrices."""
    return F.expand_dims(F.expand_dims(t, -1), -1)


def _lower(t: Tensor, strict: bool = False) -> Tensor:
    lower = _band(t, -1, 0)
    return F.sub(lower, _diagonal_part(t)) if strict else lower


def _upper(t: Tensor) -> Tensor:
    return _band(t, 0, -1)


def _diagonal_part(t: Tensor) -> Tensor:
    return _band(t, 0, 0)


@bprop("Trace")
def _trace(prim, x, out, dout):
    rows, cols = x.shape
    return (F.mul(F.eye(rows, cols, dout.dtype), dout),)


@bprop("MatrixDeterminant")
def _matrix_determinant(prim, x, out, dout):
    """d det(x) = det(x) x^-T."""
    _real_only(prim.name, x)
    return (F.mul(_as_matrix_batch(F.mul(dout, out)), _swap_last(_inverse(x))),)


@bprop("LogMatrixDeterminant")
def _log_matrix_determinant(prim, x, out, dout):
    """d log|det(x)| = x^-T; the sign is piecewise constant."""
    _real_only(prim.name, x)
    return (F.mul(_as_matrix_batch(dout[1]), _swap_last(_inverse(x))),)


@bprop("MatrixInverse")
def _matrix_inverse(prim, x, out, dout):
    """out = x^-1: d x = -out^T dout out^T (for out = x^-T: its transpose)."""
    _real_only(prim.name, x)
    if prim.adjoint:
        return (F.neg(_mm(_mm(out, dout, False, True), out)),)
    return (F.neg(_mm(_mm(out, dout, True, False), out, False, True)),)


def _solve_grads(solve_transposed, adjoint: bool, out: Tensor, dout: Tensor):
    """(d matrix, d rhs) of out = A^-1 rhs (A^-T rhs with `adjoint`): d rhs solves the
    transposed system for dout, d A = -d rhs out^T (-out d rhs^T)."""
    d_rhs = solve_transposed(dout)
    d_matrix = _mm(out, d_rhs, False, True) if adjoint else _mm(d_rhs, out, False, True)
    return F.neg(d_matrix), d_rhs


@bprop("MatrixSolve")
def _matrix_solve(prim, matrix, rhs, out, dout):
    _real_only(prim.name, matrix)
    transposed = linalg_ops.MatrixSolve(not prim.adjoint)
    return _solve_grads(lambda g: transposed(matrix, g), prim.adjoint, out, dout)


@bprop("MatrixTriangularSolve")
def _matrix_triangular_solve(prim, matrix, rhs, out, dout):
    """As MatrixSolve, with d matrix kept to the triangle the forward read."""
    _real_only(prim.name, matrix)
    transposed = linalg_ops.MatrixTriangularSolve(prim.lower, not prim.adjoint)
    d_matrix, d_rhs = _solve_grads(lambda g: transposed(matrix, g), prim.adjoint, out, dout)
    return (_lower(d_matrix) if prim.lower else _upper(d_matrix)), d_rhs


def _power_grad(base: Tensor, n: int, dout: Tensor) -> Tensor:
    """d base of base^n (n >= 1): sum over k of (base^T)^k dout (base^T)^(n-1-k)."""
    powers = [None, base]  # powers[k] = base^k; powers[0] is the identity, never multiplied
    for _ in range(2, n):
        powers.append(_mm(powers[-1], base))
    grad = None
    for k in range(n):
        term = dout
        if k:
            term = _mm(powers[k], term, True, False)
        if n - 1 - k:
            term = _mm(term, powers[n - 1 - k], False, True)
        grad = term if grad is None else F.add(grad, term)
    return grad


@bprop("MatrixPower")
def _matrix_power(prim, x, out, dout):
    """x^n for n < 0 is (x^-1)^|n|: its gradient goes through the inverse's."""
    n = prim.n
    if n == 0:
        return (F.zeros_like(x),)
    if n > 0:
        return (_power_grad(x, n, dout),)
    inverse = _inverse(x)
    d_inverse = _power_grad(inverse, -n, dout)
    return (F.neg(_mm(_mm(inverse, d_inverse, True, False), inverse, False, True)),)


@bprop("MatrixExp")
def _matrix_exp(prim, x, out, dout):
    """The top-right block of exp([[x^T, dout], [0, x^T]]) is the directional derivative
    of exp at x^T along dout: exactly d x (Mathias' block-triangular identity)."""
    _real_only(prim.name, x)
    n = x.shape[-1]
    xt = _swap_last(x)
    top = F.concat((xt, dout), -1)
    bottom = F.concat((F.zeros_like(xt), xt), -1)
    block = linalg_ops.MatrixExp()(F.concat((top, bottom), -2))
    upper_rows = F.split(block, (n, n), -2)[0]
    return (F.split(upper_rows, (n, n), -1)[1],)


@bprop("MatrixBandPart")
def _matrix_band_part(prim, x, lower, upper, out, dout):
    return _band(dout, lower, upper), None, None


# ---- Cholesky --------------------------------------------------------------------------------------
def _symmetric_part(t: Tensor) -> Tensor:
    return F.mul(F.add(t, _swap_last(t)), 0.5)


@bprop("Cholesky")
def _cholesky(prim, x, out, dout):
    """For x = L L^T (Murray, 2016): d x = sym(L^-T Phi(L^T dL) L^-1), Phi taking the lower
    triangle with the diagonal halved. With `upper`, out = U = L^T and dL = dU^T."""
    lower = _swap_last(out) if prim.upper else out
    d_lower = _swap_last(dout) if prim.upper else dout
    product = _mm(lower, d_lower, True, False)
    phi = F.sub(_lower(product), F.mul(_diagonal_part(product), 0.5))
    solve_lt = linalg_ops.MatrixTriangularSolve(True, True)  # L^T X = B
    left = solve_lt(lower, phi)                               # L^-T phi
    both = _swap_last(solve_lt(lower, _swap_last(left)))      # L^-T phi L^-1
    return (_symmetric_part(both),)


@bprop("CholeskyInverse")
def _cholesky_inverse(prim, x, out, dout):
    """out = A^-1 with A = x x^T (x^T x with `upper`): d A = -out dout out, then
    d x = (d A + d A^T) x (x (d A + d A^T))."""
    d_a = F.neg(_mm(_mm(out, dout), out))
    both = F.add(d_a, _swap_last(d_a))
    return (_mm(x, both) if prim.upper else _mm(both, x),)


@bprop("CholeskySolve")
def _cholesky_solve(prim, x1, x2, out, dout):
    """out = A^-1 x1, A from x2's triangle: d x1 = A^-1 dout, d A = -d x1 out^T, d x2 as in
    CholeskyInverse, kept to the triangle the forward read."""
    d_x1 = linalg_ops.CholeskySolve(prim.upper)(dout, x2)
    d_a = F.neg(_mm(d_x1, out, False, True))
    both = F.add(d_a, _swap_last(d_a))
    if prim.upper:
        return d_x1, _upper(_mm(x2, both))
    return d_x1, _lower(_mm(both, x2))


# ---- LU ----------------------------------------------------------------------------------------------
@bprop("LuUnpack")
def _lu_unpack(prim, lu_data, lu_pivots, out, dout):
    """L takes the strict lower part of lu_data, U the upper part: their gradients go back
    to those parts (padded with zeros where L or U is narrower than lu_data)."""
    if not prim.unpack_data:
        return F.zeros_like(lu_data), None
    _, d_l, d_u = dout
    m, n = lu_data.shape[-2:]
    d_l, d_u = _lower(d_l, strict=True), _upper(d_u)
    if m > n:  # U is n x n: its rows are the top of lu_data
        d_u = F.concat((d_u, F.zeros(d_u.shape[:-2] + (m - n, n), d_u.dtype)), -2)
    elif n > m:  # L is m x m: its columns are the left of lu_data
        d_l = F.concat((d_l, F.zeros(d_l.shape[:-2] + (m, n - m), d_l.dtype)), -1)
    return F.add(d_l, d_u), None


# ---- cross products and distances --------------------------------------------------------------------
@bprop("Cross")
def _cross(prim, x1, x2, out, dout):
    """a x b is linear in each: d a = b x dout, d b = dout x a."""
    return (sum_to_shape(prim(x2, dout), x1.shape), sum_to_shape(prim(dout, x1), x2.shape))


def _distance_weights(p: float, diff: Tensor, dist: Tensor) -> Tensor:
    """d dist / d diff for dist = ||diff||_p over the last axis of `diff` (`dist` has that
    axis kept, size 1): sign(diff) |diff|^(p-1) / dist^(p-1), zero where dist is zero; for
    p = inf only the entries attaining the maximum count."""
    if p == 0:
        return F.zeros_like(diff)
    sign = F.sign(diff)
    if p == 1:
        return sign
    if p == float("inf"):
        return F.mul(sign, F.cast(F.equal(F.abs(diff), dist), diff.dtype))
    zero = F.equal(dist, 0)
    safe_dist = F.where(zero, F.ones_like(dist), dist)
    if p == 2:
        scaled = F.div(diff, safe_dist)
    else:  # |diff| is replaced by 1 where it is 0 (sign is 0 there): no 0 ** negative
        magnitude = F.abs(diff)
        safe_magnitude = F.where(F.equal(magnitude, 0), F.ones_like(magnitude), magnitude)
        scaled = F.mul(sign, F.pow(F.div(safe_magnitude, safe_dist), p - 1))
    return F.where(zero, F.zeros_like(scaled), scaled)


@bprop("Cdist")
def _cdist(prim, x1, x2, out, dout):
    """With diff[..., i, j, :] = x1[..., i, :] - x2[..., j, :]: d x1 sums the weighted
    diffs over j, d x2 their negatives over i."""
    diff = F.sub(F.expand_dims(x1, -2), F.expand_dims(x2, -3))
    dist = F.expand_dims(out, -1)
    weighted = F.mul(_distance_weights(prim.p, diff, dist), F.expand_dims(dout, -1))
    return F.sum(weighted, -2), F.neg(F.sum(weighted, -3))


def _pair_selectors(n: int, dtype):
    """Constant (pairs, n) matrices picking row i and row j of each pair i < j, in Pdist's
    order: x_i - x_j = (first - second) @ x."""
    first, second = [], []
    for i in range(n):
        for j in range(i + 1, n):
            first.append([1 if c == i else 0 for c in range(n)])
            second.append([1 if c == j else 0 for c in range(n)])
    return F.sub(Tensor(first, dtype), Tensor(second, dtype))


@bprop("Pdist")
def _pdist(prim, x, out, dout):
    n = x.shape[0]
    if n < 2:
        return (F.zeros_like(x),)
    selector = _pair_selectors(n, x.dtype)
    diff = _mm(selector, x)
    weighted = F.mul(_distance_weights(prim.p, diff, F.expand_dims(out, -1)), F.expand_dims(dout, -1))
    return (_mm(selector, weighted, True, False),)


# ---- diagonals ----------------------------------------------------------------------------------------
def _outside_band_sum(dout: Tensor, inside: Tensor) -> Tensor:
    """The gradient of a padding value: dout summed where the padding went."""
    return F.sub(F.sum(dout), F.sum(inside))


@bprop("MatrixDiagV3")
def _matrix_diag_v3(prim, x, k, num_rows, num_cols, padding_value, out, dout):
    """The diagonals carry x: d x is dout's diagonal part; the padding value gets the rest."""
    d_x = linalg_band_ops.MatrixDiagPartV3(prim.align)(dout, k, F.zeros((), dout.dtype))
    d_padding = _outside_band_sum(dout, d_x) if isinstance(padding_value, Tensor) else None
    return d_x, None, None, None, d_padding


@bprop("MatrixDiagPartV3")
def _matrix_diag_part_v3(prim, x, k, padding_value, out, dout):
    """d x puts dout back on the diagonals; the packed slots past a diagonal's end hold the
    padding value, which gets their gradient."""
    rows, cols = x.shape[-2:]
    d_x = linalg_band_ops.MatrixDiagV3(prim.align)(dout, k, rows, cols, F.zeros((), dout.dtype))
    d_padding = _outside_band_sum(dout, d_x) if isinstance(padding_value, Tensor) else None
    return d_x, None, d_padding


@bprop("MatrixSetDiagV3")
def _matrix_set_diag_v3(prim, x, diagonal, k, out, dout):
    d_x = prim(dout, F.zeros_like(diagonal), k)
    d_diagonal = linalg_band_ops.MatrixDiagPartV3(prim.align)(dout, k, F.zeros((), dout.dtype))
    return d_x, d_diagonal, None


# ---- more matrix products --------------------------------------------------------------------------------
@bprop("ConjugateTranspose")
def _conjugate_transpose(prim, x, perm, out, dout):
    inverse = [0] * len(perm)
    for position, axis in enumerate(perm):
        inverse[axis % len(perm)] = position
    return prim(dout, tuple(inverse)), None


@bprop("TridiagonalMatMul")
def _tridiagonal_mat_mul(prim, superdiag, maindiag, subdiag, rhs, out, dout):
    """out = T @ rhs with T the tridiagonal matrix the three rows pack (super- and
    subdiagonals aligned as MatrixDiagV3's LEFT_RIGHT does): d rhs = T^T dout, and the
    three rows take the tridiagonal band of d T = dout rhs^T."""
    m = rhs.shape[-2]
    packed = F.concat((superdiag, maindiag, subdiag), -2)
    zero = F.zeros((), rhs.dtype)
    tridiagonal = linalg_band_ops.MatrixDiagV3("LEFT_RIGHT")(packed, [-1, 1], m, m, zero)
    d_rhs = _mm(tridiagonal, dout, True, False)
    d_packed = linalg_band_ops.MatrixDiagPartV3("LEFT_RIGHT")(_mm(dout, rhs, False, True), [-1, 1], zero)
    d_super, d_main, d_sub = F.split(d_packed, (1, 1, 1), -2)
    return d_super, d_main, d_sub, d_rhs


@bprop("MatrixSolveLs")
def _matrix_solve_ls(prim, matrix, rhs, l2_regularizer, out, dout):
    """For m >= n, X = G^-1 A^T B with G = A^T A + l2 I: with Y = G^-1 dX, d B = A Y and
    d A = B Y^T - A (Y X^T + X Y^T). For m < n, X = A^T Z with Z = H^-1 B, H = A A^T + l2 I:
    with W = H^-1 A dX, d B = W and d A = Z dX^T - (W Z^T + Z W^T) A. d l2 is -<Y, X>
    (-<W, Z>)."""
    _real_only(prim.name, matrix)
    m, n = matrix.shape[-2:]
    l2 = F.cast(l2_regularizer, matrix.dtype)
    if m >= n:
        gram = F.add(_mm(matrix, matrix, True, False), F.mul(F.eye(n, n, matrix.dtype), l2))
        y = linalg_ops.MatrixSolve()(gram, dout)
        outer = F.add(_mm(y, out, False, True), _mm(out, y, False, True))
        d_l2 = F.cast(F.neg(F.sum(F.mul(y, out))), l2_regularizer.dtype)
        return F.sub(_mm(rhs, y, False, True), _mm(matrix, outer)), _mm(matrix, y), d_l2
    gram = F.add(_mm(matrix, matrix, False, True), F.mul(F.eye(m, m, matrix.dtype), l2))
    solve = linalg_ops.MatrixSolve()
    z = solve(gram, rhs)
    w = solve(gram, _mm(matrix, dout))
    outer = F.add(_mm(w, z, False, True), _mm(z, w, False, True))
    d_l2 = F.cast(F.neg(F.sum(F.mul(w, z))), l2_regularizer.dtype)
    return F.sub(_mm(z, dout, False, True), _mm(outer, matrix)), w, d_l2


non_differentiable("Qr", "Geqrf", "Orgqr", "Ormqr", "Eig", "Lstsq", "LuSolve", "MatrixLogarithm")
