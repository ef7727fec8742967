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
from ..operations import linalg_ops
from .broadcast import grad_like, sum_to_shape
from .registry import bprop, input_needs_grad

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
        dx = _matmul_ext(dout, w) if input_needs_grad(0) else None  # none for a network's data
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
