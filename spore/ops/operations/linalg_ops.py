"""Linear algebra: MatMul, BatchMatMul, Dense, outer products, einsum, singular value
decomposition.

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

__all__ = ["MatMul", "BatchMatMul", "Dense", "Ger", "Einsum", "Svd"]

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
