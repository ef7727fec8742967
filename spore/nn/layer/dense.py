"""BiDense: the bilinear dense layer, y = x1^T A x2 + b."""
from __future__ import annotations

import math

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_positive_int, check_type
from ..cell import Cell

__all__ = ["BiDense"]


class BiDense(Cell):
    """BiDense(in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None,
    has_bias=True, dtype=mstype.float32)

    y[..., o] = sum_ij x1[..., i] * weight[o, i, j] * x2[..., j] + bias[o], with `weight`
    (out_channels, in1_channels, in2_channels) and `bias` (out_channels,) of `dtype`. None
    initializers draw from U(-1/sqrt(in1_channels), 1/sqrt(in1_channels)); a Tensor initial
    value must have the Parameter's shape.

    Inputs: input1 (*, in1_channels), input2 (*, in2_channels) with the same leading shape.
    Outputs: (*, out_channels).
    """

    def __init__(self, in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.in1_channels = check_positive_int(name, "in1_channels", in1_channels)
        self.in2_channels = check_positive_int(name, "in2_channels", in2_channels)
        self.out_channels = check_positive_int(name, "out_channels", out_channels)
        self.has_bias = check_bool(name, "has_bias", has_bias)
        bound = 1 / math.sqrt(in1_channels)
        weight_shape = (out_channels, in1_channels, in2_channels)
        if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != weight_shape:
            raise ValueError(f"For '{name}', the 'weight_init' Tensor must have shape (out_channels, in1_channels, "
                             f"in2_channels) = {weight_shape}, but got {tuple(weight_init.shape)}.")
        weight_init = Uniform(bound) if weight_init is None else weight_init
        self.weight = Parameter(initializer(weight_init, weight_shape, dtype), name="weight")
        self.bias = None
        if has_bias:
            if isinstance(bias_init, Tensor) and tuple(bias_init.shape) != (out_channels,):
                raise ValueError(f"For '{name}', the 'bias_init' Tensor must have shape (out_channels,) = "
                                 f"({out_channels},), but got {tuple(bias_init.shape)}.")
            bias_init = Uniform(bound) if bias_init is None else bias_init
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")

    def construct(self, input1, input2):
        name = self.cls_name
        check_type(name, "input1", input1, Tensor)
        check_type(name, "input2", input2, Tensor)
        for arg, x, channels in (("input1", input1, self.in1_channels), ("input2", input2, self.in2_channels)):
            if x.shape[-1:] != (channels,):
                raise ValueError(f"For '{name}', the last dimension of '{arg}' must be {channels}, but got shape "
                                 f"{x.shape}.")
        if input1.shape[:-1] != input2.shape[:-1]:
            raise ValueError(f"For '{name}', the inputs must have the same shape but for the last dimension, but "
                             f"got {input1.shape} and {input2.shape}.")
        return ops.bidense(input1, input2, self.weight, self.bias)

    def extend_repr(self) -> str:
        text = (f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, "
                f"output_channels={self.out_channels}")
        return f"{text}, has_bias={self.has_bias}" if self.has_bias else text
