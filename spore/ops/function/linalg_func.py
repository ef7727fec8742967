"""Functional API of the linear-algebra primitives (`ops.matmul`, `ops.dense`,
`ops.einsum`, ...) and the Tensor matmul methods."""
from __future__ import annotations

import string

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as F
from ..operations import linalg_ops as L
from ..validator import check_dtype, check_same_dtype, check_tensor
from .reduce_func import primitive

__all__ = ["matmul", "bmm", "dense", "outer", "einsum", "inner", "dot", "svd"]

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


def _rmatmul(self, other):
    return matmul(other, self)


TENSOR_METHODS = {"matmul": matmul, "__matmul__": matmul, "__rmatmul__": _rmatmul}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
