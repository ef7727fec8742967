"""MindSpore 2.x's PyTorch-style `*Ext` layers (`mint.nn.Dropout`, `mint.nn.Dropout2d`,
`mint.nn.LayerNorm` in MindSpore): DropoutExt, Dropout2dExt, LayerNormExt. (EmbeddingExt is in
embedding.py; LogSoftmaxExt and PReLUExt are mint.nn's LogSoftmax and PReLU.)"""
from __future__ import annotations

import numbers

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...ops.function.inplace import rebind
from ..cell import Cell

__all__ = ["DropoutExt", "Dropout2dExt", "LayerNormExt"]


class _DropoutExt(Cell):
    """In training, zeroes parts of the input with probability `p` and scales the rest by
    1 / (1 - p); in inference (or with p = 0) returns the input. With `inplace`, the
    result is written into the input Tensor."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p
        self.inplace = inplace

    def construct(self, input):
        if not self.training or self.p == 0:
            return input
        output = self._dropout(input)
        return rebind(input, output) if self.inplace else output


class DropoutExt(_DropoutExt):
    """DropoutExt(p=0.5, inplace=False): elementwise dropout. Inputs: any shape. Outputs: the
    same shape and dtype."""

    def _dropout(self, input):
        return ops.dropout(input, self.p)


class Dropout2dExt(_DropoutExt):
    """Dropout2dExt(p=0.5, inplace=False): drops whole channels (axis 1).
    Inputs: (N, C, H, W). Outputs: the same shape and dtype."""

    def _dropout(self, input):
        return ops.dropout2d(input, self.p)


class LayerNormExt(Cell):
    """LayerNormExt(normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None)

    Normalizes x over its trailing `normalized_shape` axes (an int or a tuple / list of
    ints) to mean 0 and variance 1 (eps added to the variance), then, with
    `elementwise_affine`, scales by `weight` (ones) and shifts by `bias` (zeros; none when
    `bias` is False), both of shape `normalized_shape` and `dtype` (Float32 when None).
    Inputs: x (*, *normalized_shape). Outputs: x's shape.
    """

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral) and not isinstance(normalized_shape, bool):
            normalized_shape = (normalized_shape,)
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the type of 'normalized_shape' must be tuple[int] or "
                            f"list[int], but got {normalized_shape} and the type is {type(normalized_shape)}.")
        if not normalized_shape:
            raise ValueError(f"For '{self.cls_name}', the 'normalized_shape' must have at least one element, "
                             f"but got {normalized_shape}.")
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = None
        self.bias = None
        if elementwise_affine:
            self.weight = Parameter(ops.ones(self.normalized_shape, dtype), name="weight")
            if bias:
                self.bias = Parameter(ops.zeros(self.normalized_shape, dtype), name="bias")

    def construct(self, input):
        return ops.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extend_repr(self) -> str:
        return (f"normalized_shape={self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}")
