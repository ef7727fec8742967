"""Diagonal bands of matrices: MatrixDiagV3 (build matrices from diagonals),
MatrixDiagPartV3 (read diagonals), MatrixSetDiagV3 (replace them), for one diagonal k or
a range [k0, k1] packed in the layouts MindSpore's `align` names."""
from __future__ import annotations

from ...common.tensor import Tensor
from ..primitive import TensorSpec
from ..validator import check_same_dtype, check_tensor
from .linalg_ops import _Validated, check_min_rank

__all__ = ["MatrixDiagV3", "MatrixDiagPartV3", "MatrixSetDiagV3"]

DIAG_ALIGNMENTS = ("LEFT_RIGHT", "LEFT_LEFT", "RIGHT_LEFT", "RIGHT_RIGHT")


class DiagonalBand:
    """Diagonals k0..k1 of an (m, n) matrix packed as rows of length `width`, row r holding
    diagonal k1 - r: `align` says, for superdiagonals (first word, d >= 0) and subdiagonals
    (second word), whether a diagonal shorter than `width` sits at the row's left (padding
    after it) or right (padding before it)."""

    def __init__(self, m: int, n: int, k0: int, k1: int, align: str):
        self.m, self.n, self.k0, self.k1 = m, n, k0, k1
        self.width = max((self.length(d) for d in range(k0, k1 + 1)), default=0)
        self.super_right, self.sub_right = (word == "RIGHT" for word in align.split("_"))

    def length(self, d: int) -> int:
        return max(min(self.m + min(0, d), self.n - max(0, d)), 0)

    def diagonals(self):
        """(d, its packed row, the offset of its first element in that row, its length)."""
        for d in range(self.k1, self.k0 - 1, -1):
            length = self.length(d)
            right = self.super_right if d >= 0 else self.sub_right
            yield d, self.k1 - d, (self.width - length) if right else 0, length


def scalar_value(op: str, name: str, value, integer: bool = True):
    """An int (or number) given as a Python value or a 0-D / one-element Tensor."""
    if isinstance(value, Tensor) or (hasattr(value, "shape") and hasattr(value, "dtype")):
        value = value.tolist()
        while isinstance(value, list) and len(value) == 1:
            value = value[0]
    kinds = (int,) if integer else (int, float, bool, complex)
    if (isinstance(value, bool) and integer) or not isinstance(value, kinds):
        raise TypeError(f"For '{op}', the '{name}' must be {'an int' if integer else 'a number'} or a Tensor holding "
                        f"one, but got {value!r}.")
    return value


def diagonal_range(op: str, k) -> tuple[int, int]:
    """(k0, k1) from k: an int, or a pair (an int list / tuple / 1-D Int32 Tensor) with k0 <= k1."""
    values = k.tolist() if isinstance(k, Tensor) or hasattr(k, "dtype") else k
    if isinstance(values, (list, tuple)):
        if not 1 <= len(values) <= 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(f"For '{op}', the 'k' must be one or two ints, but got {values}.")
        k0, k1 = values[0], values[-1]
    else:
        k0 = k1 = scalar_value(op, "k", values)
    if k0 > k1:
        raise ValueError(f"For '{op}', the 'k' must satisfy k[0] <= k[1], but got {values}.")
    return k0, k1


class _DiagonalOp(_Validated):
    def __init__(self, align: str = "RIGHT_LEFT"):
        super().__init__()
        if align not in DIAG_ALIGNMENTS:
            raise ValueError(f"For '{self.name}', the 'align' must be one of {list(DIAG_ALIGNMENTS)}, but got "
                             f"{align!r}.")
        self.add_prim_attr("align", align)

    def band(self, m: int, n: int, k) -> DiagonalBand:
        """The layout of diagonals `k` of an (m, n) matrix (what the kernels index by)."""
        return DiagonalBand(m, n, *diagonal_range(self.name, k), self.align)

    def check_padding(self, x, padding_value) -> None:
        if hasattr(padding_value, "shape"):
            check_tensor(self.name, "padding_value", padding_value)
            if len(padding_value.shape) != 0:
                raise ValueError(f"For '{self.name}', the 'padding_value' must be 0-D, but got shape "
                                 f"{tuple(padding_value.shape)}.")
            check_same_dtype(self.name, ("x", "padding_value"), (x.dtype, padding_value.dtype))
        else:
            scalar_value(self.name, "padding_value", padding_value, integer=False)


class MatrixDiagV3(_DiagonalOp):
    """`(x, k, num_rows, num_cols, padding_value)`: matrices (..., num_rows, num_cols) whose
    diagonals k (an int, or a range [k0, k1]) are x, padding_value elsewhere. x is (..., L)
    for one diagonal, else (..., k1 - k0 + 1, L) packed as `align` says; num_rows and
    num_cols of -1 are the smallest that fit (equal when both are -1)."""

    def infer(self, x, k, num_rows, num_cols, padding_value):
        check_tensor(self.name, "x", x)
        k0, k1 = diagonal_range(self.name, k)
        shape = tuple(x.shape)
        check_min_rank(self.name, "x", shape, 1 if k0 == k1 else 2)
        if k0 != k1 and shape[-2] != k1 - k0 + 1:
            raise ValueError(f"For '{self.name}', the 'x' must hold {k1 - k0 + 1} diagonals in its axis -2, but got "
                             f"shape {shape}.")
        self.check_padding(x, padding_value)
        batch = shape[:-1] if k0 == k1 else shape[:-2]
        return TensorSpec(batch + self.matrix_size(shape[-1], k, num_rows, num_cols), x.dtype)

    def matrix_size(self, width: int, k, num_rows, num_cols) -> tuple[int, int]:
        """(rows, columns) of the output for diagonals `k` of length `width`."""
        k0, k1 = diagonal_range(self.name, k)
        rows, cols = (scalar_value(self.name, name, v) for name, v in (("num_rows", num_rows), ("num_cols", num_cols)))
        least_rows, least_cols = width - min(k1, 0), width + max(k0, 0)
        if rows == -1 and cols == -1:
            rows = cols = max(least_rows, least_cols)
        rows = least_rows if rows == -1 else rows
        cols = least_cols if cols == -1 else cols
        if DiagonalBand(rows, cols, k0, k1, self.align).width != width:
            raise ValueError(f"For '{self.name}', num_rows {rows} and num_cols {cols} do not fit diagonals {k0}..{k1} "
                             f"of length {width}.")
        return rows, cols


class MatrixDiagPartV3(_DiagonalOp):
    """`(x, k, padding_value)`: the diagonals k (an int, or a range [k0, k1]) of x
    (..., m, n): (..., L) for one, else (..., k1 - k0 + 1, L) packed as `align` says and
    filled with padding_value, L the longest diagonal's length."""

    def infer(self, x, k, padding_value):
        check_tensor(self.name, "x", x)
        shape = tuple(x.shape)
        check_min_rank(self.name, "x", shape, 2)
        k0, k1 = diagonal_range(self.name, k)
        m, n = shape[-2:]
        if not (-m < k0 <= k1 < n or (m == 0 or n == 0)):
            raise ValueError(f"For '{self.name}', the 'k' must be within ({-m}, {n}), but got [{k0}, {k1}].")
        self.check_padding(x, padding_value)
        width = DiagonalBand(m, n, k0, k1, self.align).width
        packed = (width,) if k0 == k1 else (k1 - k0 + 1, width)
        return TensorSpec(shape[:-2] + packed, x.dtype)


class MatrixSetDiagV3(_DiagonalOp):
    """`(x, diagonal, k)`: x (..., m, n) with its diagonals k replaced by `diagonal`, laid
    out as MatrixDiagPartV3 returns them."""

    def infer(self, x, diagonal, k):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "diagonal", diagonal)
        check_same_dtype(self.name, ("x", "diagonal"), (x.dtype, diagonal.dtype))
        check_min_rank(self.name, "x", tuple(x.shape), 2)
        band = self.band(*x.shape[-2:], k)
        packed = (band.width,) if band.k0 == band.k1 else (band.k1 - band.k0 + 1, band.width)
        if tuple(diagonal.shape) != tuple(x.shape[:-2]) + packed:
            raise ValueError(f"For '{self.name}', the 'diagonal' must have shape {tuple(x.shape[:-2]) + packed}, but "
                             f"got {tuple(diagonal.shape)}.")
        return TensorSpec(x.shape, x.dtype)
