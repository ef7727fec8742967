"""Cells over one tensor function that MindSpore 1.x kept in `nn.layer.basic` and 2.x deprecates
in favour of the ops: Roll, Tril, Triu, Norm, OneHot, MatrixDiag, MatrixDiagPart, MatrixSetDiag,
and the L1Regularizer penalty. Each calls the spore op, which checks its inputs."""
from __future__ import annotations

import math

from ... import ops
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_type
from ..cell import Cell

__all__ = ["Roll", "Tril", "Triu", "Norm", "OneHot", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag",
           "L1Regularizer"]


def _int_sequence(name: str, arg: str, value) -> tuple:
    """An int or a list / tuple of ints, as a tuple."""
    check_type(name, arg, value, (int, tuple, list))
    values = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    for i, item in enumerate(values):
        check_type(name, f"{arg}[{i}]", item, int)
    return values


class Roll(Cell):
    """Roll(shift, axis)

    Rolls the elements of x by `shift[i]` places along `axis[i]` (ints or equally long
    lists / tuples of ints); elements moved past the end come back at the start.
    Inputs: x of any shape. Outputs: x's shape and dtype.
    """

    def __init__(self, shift, axis):
        super().__init__()
        name = self.cls_name
        self.shift = _int_sequence(name, "shift", shift)
        self.axis = _int_sequence(name, "axis", axis)
        if len(self.shift) != len(self.axis):
            raise ValueError(f"For '{name}', the shape of 'shift' and the shape of 'axis' must be the same, but got "
                             f"the length of 'shift' {len(self.shift)} and the length of 'axis' {len(self.axis)}.")

    def construct(self, input_x):
        return ops.roll(input_x, self.shift, self.axis)


class Tril(Cell):
    """Tril(): the lower triangle of the last two axes of x, on and below diagonal k (0 the
    main one, k > 0 above it); the rest zero. Inputs: x (*, M, N), k=0. Outputs: x's shape."""

    def construct(self, x, k=0):
        return ops.tril(x, k)


class Triu(Cell):
    """Triu(): the upper triangle of the last two axes of x, on and above diagonal k (0 the
    main one, k < 0 below it); the rest zero. Inputs: x (*, M, N), k=0. Outputs: x's shape."""

    def construct(self, x, k=0):
        return ops.triu(x, k)


class Norm(Cell):
    """Norm(axis=(), keep_dims=False)

    The Euclidean norm sqrt(sum(x^2)) over `axis` (an int or a tuple / list of ints; ()
    for every axis). Integer inputs give Float32.
    Inputs: x of any shape. Outputs: the reduced shape.
    """

    def __init__(self, axis=(), keep_dims=False):
        super().__init__()
        self.keep_dims = check_bool(self.cls_name, "keep_dims", keep_dims)
        axes = _int_sequence(self.cls_name, "axis", axis)
        self.axis = axes if isinstance(axis, (tuple, list)) else axis

    def construct(self, x):
        axis = None if self.axis == () else self.axis
        return ops.sqrt(ops.sum(ops.square(x), axis, self.keep_dims))

    def extend_repr(self) -> str:
        return f"axis={self.axis}, keep_dims={self.keep_dims}"


class OneHot(Cell):
    """OneHot(axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32)

    One-hot vectors of `depth` elements, inserted at `axis`: `on_value` at each index,
    `off_value` elsewhere (everywhere for an index outside [0, depth)), in `dtype`.
    Inputs: indices, an Int32 / Int64 Tensor. Outputs: indices' shape with depth inserted.
    """

    def __init__(self, axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32):
        super().__init__()
        self.axis = axis
        self.depth = depth
        self.dtype = dtype
        self.on_value = on_value
        self.off_value = off_value

    def construct(self, indices):
        on_value = ops.cast(Tensor(self.on_value), self.dtype)
        off_value = ops.cast(Tensor(self.off_value), self.dtype)
        return ops.one_hot(indices, self.depth, on_value, off_value, self.axis)


class MatrixDiag(Cell):
    """MatrixDiag(): the diagonal matrices whose diagonals are the last axis of x.
    Inputs: x (*, N). Outputs: shape (*, N, N), x's dtype."""

    def construct(self, input_x):
        return ops.matrix_diag(input_x)


class MatrixDiagPart(Cell):
    """MatrixDiagPart(): the main diagonals of the matrices in the last two axes of x.
    Inputs: x (*, M, N). Outputs: shape (*, min(M, N)), x's dtype."""

    def construct(self, input_x):
        return ops.diagonal(input_x, 0, -2, -1)


class MatrixSetDiag(Cell):
    """MatrixSetDiag(): x with the main diagonals of its matrices replaced by `diagonal`.
    Inputs: x (*, M, N), diagonal (*, min(M, N)) of x's dtype. Outputs: x's shape."""

    def construct(self, input_x, diagonal):
        return ops.matrix_set_diag(input_x, diagonal)


class L1Regularizer(Cell):
    """L1Regularizer(scale)

    The L1 penalty scale * sum(|weights|), `scale` a finite number > 0.
    Inputs: weights, a numeric Tensor. Outputs: a Float32 scalar (Float64 for Float64 weights).
    """

    def __init__(self, scale):
        super().__init__()
        name = self.cls_name
        check_type(name, "scale", scale, (int, float))
        if math.isinf(scale) or math.isnan(scale):
            raise ValueError(f"For '{name}', the 'scale' can not be INF or NAN, but got {scale}.")
        if scale <= 0:
            raise ValueError(f"For '{name}', the 'scale' must be greater than 0, but got {scale}.")
        self.scale = Tensor(scale, mstype.float32)

    def construct(self, weights):
        check_type(self.cls_name, "weights", weights, Tensor)
        if weights.dtype is mstype.bool_:
            raise TypeError(f"For '{self.cls_name}', the 'weights' must be a numeric Tensor, but got {weights.dtype}.")
        return self.scale * ops.sum(ops.abs(weights))
