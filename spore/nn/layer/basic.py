"""Basic layers: Dense / Linear, Flatten, Unflatten, Identity, the dropouts, padding
(Pad, ConstantPad1d/2d/3d, ZeroPad2d, ReflectionPad1d/2d/3d, ReplicationPad1d/2d/3d) and
Upsample.

Constructor arguments and defaults are MindSpore 2.7's and are checked when the layer is
built; `construct` calls the functional ops, which check the inputs.
"""
from __future__ import annotations

import math
import numbers

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.primitive import Primitive
from ...ops.validator import check_bool, check_float_range, check_positive_int, check_string, check_type
from ..cell import Cell

__all__ = [
    "Dense", "Linear", "Flatten", "Unflatten", "Identity",
    "Dropout", "Dropout1d", "Dropout2d", "Dropout3d",
    "Pad", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ZeroPad2d",
    "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d",
    "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d",
    "Upsample",
]


# ---- dense ----------------------------------------------------------------------------------
def _linear_parameters(cell: Cell, in_features: int, out_features: int, weight_init, bias_init,
                       has_bias: bool, dtype) -> None:
    """Create `cell.weight` (out, in) and `cell.bias` (out,) or None. None selects
    MindSpore 2.3+'s defaults: HeUniform(sqrt(5)) weights, i.e. U(-1/sqrt(in), 1/sqrt(in)), and
    U(-1/sqrt(in), 1/sqrt(in)) biases. A Tensor initial value must have the shape and
    keeps its own dtype."""
    name = cell.cls_name
    if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != (out_features, in_features):
        raise ValueError(f"For '{name}', the 'weight_init' Tensor must have shape ({out_features}, "
                         f"{in_features}) (out, in), but got {tuple(weight_init.shape)}.")
    if weight_init is None:
        weight_init = HeUniform(math.sqrt(5))
    cell.weight = Parameter(initializer(weight_init, [out_features, in_features], dtype), name="weight")
    cell.bias = None
    if has_bias:
        if isinstance(bias_init, Tensor) and tuple(bias_init.shape) != (out_features,):
            raise ValueError(f"For '{name}', the 'bias_init' Tensor must have shape ({out_features},), "
                             f"but got {tuple(bias_init.shape)}.")
        if bias_init is None:
            bias_init = Uniform(scale=1 / math.sqrt(in_features))
        cell.bias = Parameter(initializer(bias_init, [out_features], dtype), name="bias")


def _check_features(cell: Cell, x, expected: int) -> None:
    """The last axis of `x` must have `expected` elements (inputs that are not Tensors
    are left to the op, which raises a TypeError)."""
    shape = getattr(x, "shape", None)
    if isinstance(shape, tuple) and shape[-1:] != (expected,):
        raise ValueError(f"For '{cell.cls_name}', the last dimension of the input must be {expected} "
                         f"(in_channels), but got input shape {shape}.")


class Dense(Cell):
    """Dense(in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
    activation=None, dtype=mstype.float32)

    outputs = activation(x @ weight^T + bias), `weight` of shape (out_channels,
    in_channels), `bias` of shape (out_channels,). The default initializers are those of the
    seed tutorials' MindSpore, N(0, 0.01^2) and zeros; None selects MindSpore 2.3+'s
    (see `_linear_parameters`). `activation` is a name accepted by
    nn.get_activation ('relu', ...), a Cell, a Primitive or None. `dtype` is the
    Parameters' dtype (unless an initial value is a Tensor).

    Inputs: x of shape (*, in_channels). Outputs: shape (*, out_channels).
    """

    def __init__(self, in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.in_channels = check_positive_int(name, "in_channels", in_channels)
        self.out_channels = check_positive_int(name, "out_channels", out_channels)
        self.has_bias = check_bool(name, "has_bias", has_bias)
        _linear_parameters(self, in_channels, out_channels, weight_init, bias_init, has_bias, dtype)
        self.activation = _as_activation(name, activation)
        self.activation_flag = self.activation is not None

    def construct(self, x):
        _check_features(self, x, self.in_channels)
        x = ops.dense(x, self.weight, self.bias)
        if self.activation_flag:
            x = self.activation(x)
        return x

    def extend_repr(self) -> str:
        text = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            text += f", has_bias={self.has_bias}"
        if self.activation_flag:
            text += f", activation={self.activation}"
        return text


def _as_activation(owner: str, activation):
    """A Dense `activation` argument as a callable: names go through get_activation."""
    from .activation import get_activation  # activation.py builds on this module's Cells
    if activation is None:
        return None
    if isinstance(activation, str):
        return get_activation(activation, owner)
    if not isinstance(activation, (Cell, Primitive)):
        raise TypeError(f"For '{owner}', the 'activation' must be a str, Cell, Primitive or None, but got "
                        f"{type(activation).__name__}.")
    return activation


class Linear(Cell):
    """Linear(in_features, out_features, bias=True, weight_init=None, bias_init=None,
    dtype=None)

    outputs = x @ weight^T + bias, `weight` of shape (out_features, in_features). `dtype`
    (float32 when None) is the Parameters' dtype.

    Inputs: x of shape (*, in_features). Outputs: shape (*, out_features).
    """

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None, dtype=None):
        super().__init__()
        name = self.cls_name
        self.in_features = check_positive_int(name, "in_features", in_features)
        self.out_features = check_positive_int(name, "out_features", out_features)
        self.has_bias = check_bool(name, "bias", bias)
        _linear_parameters(self, in_features, out_features, weight_init, bias_init, bias,
                           mstype.float32 if dtype is None else dtype)

    def construct(self, x):
        _check_features(self, x, self.in_features)
        return ops.dense(x, self.weight, self.bias)

    def extend_repr(self) -> str:
        text = f"input_features={self.in_features}, output_features={self.out_features}"
        if self.has_bias:
            text += f", has_bias={self.has_bias}"
        return text


# ---- shapes ---------------------------------------------------------------------------------
class Flatten(Cell):
    """Flatten(start_dim=1, end_dim=-1)

    Merges axes start_dim..end_dim into one. Inputs: a Tensor of rank >= 1 (a 0-d
    Tensor gives shape (1,)). Outputs: e.g. (N, C, H, W) -> (N, C * H * W) by default.
    """

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = check_type(self.cls_name, "start_dim", start_dim, int)
        self.end_dim = check_type(self.cls_name, "end_dim", end_dim, int)

    def construct(self, x):
        return ops.flatten(x, start_dim=self.start_dim, end_dim=self.end_dim)


class Unflatten(Cell):
    """Unflatten(axis, unflattened_size)

    Splits axis `axis` into the axes `unflattened_size` (a tuple or list whose product is
    that axis' length; one entry may be -1). Inputs: (*, d, *). Outputs:
    (*, *unflattened_size, *).
    """

    def __init__(self, axis, unflattened_size):
        super().__init__()
        self.axis = check_type(self.cls_name, "axis", axis, int)
        check_type(self.cls_name, "unflattened_size", unflattened_size, (tuple, list))
        self.unflattened_size = tuple(unflattened_size)

    def construct(self, input_x):
        shape = input_x.shape
        axis = self.axis + len(shape) if self.axis < 0 else self.axis
        return ops.reshape(input_x, shape[:axis] + self.unflattened_size + shape[axis + 1:])


class Identity(Cell):
    """Identity(*args, **kwargs): returns its input; the arguments are ignored."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, input):
        return input


# ---- dropout --------------------------------------------------------------------------------
class Dropout(Cell):
    """Dropout(keep_prob=0.5, p=None, dtype=mstype.float32)

    In training, zeroes each element with probability `p` and scales the others by
    1 / (1 - p); in inference, returns the input. `p` (in [0, 1)) is the drop
    probability; without it the legacy `keep_prob` (in (0, 1]) is the keep probability.
    `dtype` is accepted for compatibility (MindSpore ignores it too).

    Inputs: x, a float Tensor of any shape. Outputs: the same shape and dtype.
    """

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        if p is None:
            check_type(name, "keep_prob", keep_prob, float)
            keep = check_float_range(name, "keep_prob", keep_prob, 0.0, 1.0, include_min=False)
        else:
            check_type(name, "p", p, (float, int))
            keep = 1.0 - check_float_range(name, "p", p, 0.0, 1.0, include_max=False)
        self.p = p
        self.keep_prob = keep
        self.dropout = ops.Dropout(keep)

    def construct(self, x):
        if not self.training or self.keep_prob == 1.0:
            return x
        return self.dropout(x)[0]

    def extend_repr(self) -> str:
        return f"keep_prob={self.keep_prob}" if self.p is None else f"p={self.p}"


class _ChannelDropout(Cell):
    """In training, zeroes whole channels (axis 1) with probability `p` (a float in
    [0, 1]) and scales the others by 1 / (1 - p); in inference, returns the input."""

    _dropout = None

    def __init__(self, p=0.5):
        super().__init__()
        check_type(self.cls_name, "p", p, float)
        self.p = check_float_range(self.cls_name, "p", p, 0.0, 1.0)

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return self._dropout(x, self.p)

    def extend_repr(self) -> str:
        return f"p={self.p}"


class Dropout1d(_ChannelDropout):
    """Dropout1d(p=0.5): channel dropout. Inputs: (N, C, L) or (C, L). Outputs: the same
    shape."""

    _dropout = staticmethod(ops.dropout1d)

    def extend_repr(self) -> str:
        return ""  # MindSpore prints Dropout1d without its settings


class Dropout2d(_ChannelDropout):
    """Dropout2d(p=0.5): channel dropout. Inputs: (N, C, H, W). Outputs: the same shape."""

    _dropout = staticmethod(ops.dropout2d)


class Dropout3d(_ChannelDropout):
    """Dropout3d(p=0.5): channel dropout. Inputs: (N, C, D, H, W). Outputs: the same shape."""

    _dropout = staticmethod(ops.dropout3d)


# ---- padding --------------------------------------------------------------------------------
class Pad(Cell):
    """Pad(paddings, mode='CONSTANT')

    `paddings` is a tuple of (before, after) pairs, one per input axis (at most 4 axes).
    'CONSTANT' pads with zeros, 'REFLECT' mirrors without repeating the edge ([1, 2, 3]
    -> [2, 1, 2, 3, 2]), 'SYMMETRIC' mirrors repeating it ([1, 2, 3] -> [1, 1, 2, 3, 3]).

    Inputs: x of rank len(paddings). Outputs: each axis i grows by paddings[i][0] +
    paddings[i][1].
    """

    def __init__(self, paddings, mode="CONSTANT"):
        super().__init__()
        name = self.cls_name
        self.mode = check_string(name, "mode", mode, ("CONSTANT", "REFLECT", "SYMMETRIC"), case_sensitive=True)
        if not isinstance(paddings, tuple):
            raise TypeError(f"For '{name}', the 'paddings' must be a tuple, but got {type(paddings).__name__}.")
        if any(not isinstance(pair, (tuple, list)) or len(pair) != 2 for pair in paddings):
            raise ValueError(f"For '{name}', the 'paddings' must be (before, after) pairs, but got {paddings}.")
        if len(paddings) > 4:
            raise ValueError(f"For '{name}', the 'paddings' can pad at most 4 axes, but got {len(paddings)}.")
        self.paddings = paddings
        self.pad = ops.Pad(paddings) if self.mode == "CONSTANT" else None

    def construct(self, x):
        if self.pad is not None:
            return self.pad(x)
        return _mirror_pad(self.cls_name, x, self.paddings, self.mode)


def _mirror_pad(name: str, x, paddings, mode: str):
    """`x` extended on each axis by mirror images of its edges: 'REFLECT' leaves the edge
    element out of the image, 'SYMMETRIC' keeps it."""
    if len(paddings) != x.ndim:
        raise ValueError(f"For '{name}', the 'paddings' must have one pair per input axis ({x.ndim}), "
                         f"but got {len(paddings)}.")
    skip = 1 if mode == "REFLECT" else 0
    for axis, (before, after) in enumerate(paddings):
        length = x.shape[axis]
        if max(before, after) > length - skip:
            raise ValueError(f"For '{name}', mode {mode} can pad axis {axis} of size {length} by at most "
                             f"{length - skip}, but got paddings {(before, after)}.")
        parts = [x]
        if before:
            parts.insert(0, ops.flip(_take(x, axis, skip, before), (axis,)))
        if after:
            parts.append(ops.flip(_take(x, axis, length - skip - after, after), (axis,)))
        if len(parts) > 1:
            x = ops.concat(parts, axis)
    return x


def _take(x, axis: int, start: int, size: int):
    """The `size` elements of `x` from `start` along `axis`."""
    begin = [0] * x.ndim
    sizes = list(x.shape)
    begin[axis], sizes[axis] = start, size
    return ops.slice(x, tuple(begin), tuple(sizes))


def _padding_tuple(name: str, padding, axes: int) -> tuple:
    """An int repeated for `axes` axes (2 * axes values), or a tuple of ints of even
    length at most 2 * axes."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        return (padding,) * (2 * axes)
    if not isinstance(padding, tuple):
        raise TypeError(f"For '{name}', the 'padding' must be an int or a tuple, but got "
                        f"{type(padding).__name__}.")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in padding):
        raise TypeError(f"For '{name}', every value of 'padding' must be an int, but got {padding}.")
    if len(padding) % 2 or len(padding) > 2 * axes:
        raise ValueError(f"For '{name}', the 'padding' must hold an even number of values, at most "
                         f"{2 * axes}, but got {len(padding)}.")
    return padding


class _ConstantPadNd(Cell):
    """Pads the last axes with `value`. `padding` is an int (every side of every padded
    axis) or a tuple (left, right, top, bottom, front, back): the pairs for the last axis,
    the one before, ...; negative values crop."""

    axes = 1

    def __init__(self, padding, value):
        super().__init__()
        self.padding = _padding_tuple(self.cls_name, padding, self.axes)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"For '{self.cls_name}', the 'value' must be an int or float, but got "
                            f"{type(value).__name__}.")
        self.value = value

    def construct(self, x):
        return ops.pad(x, self.padding, "constant", self.value)


class ConstantPad1d(_ConstantPadNd):
    """ConstantPad1d(padding, value): pads the last axis with `value`; `padding` is an int
    or (left, right). Inputs: (*, W). Outputs: (*, W + left + right)."""

    def __init__(self, padding, value):
        if isinstance(padding, tuple) and len(padding) != 2:
            raise ValueError(f"For 'ConstantPad1d', the 'padding' tuple must hold 2 values, but got "
                             f"{len(padding)}.")
        super().__init__(padding, value)


class ConstantPad2d(_ConstantPadNd):
    """ConstantPad2d(padding, value): pads the last two axes with `value`; `padding` is an
    int or (left, right[, top, bottom]). Inputs: (*, H, W). Outputs: (*, H + top + bottom,
    W + left + right)."""

    axes = 2


class ConstantPad3d(_ConstantPadNd):
    """ConstantPad3d(padding, value): pads the last three axes with `value`; `padding` is
    an int or (left, right[, top, bottom[, front, back]]). Inputs: (*, D, H, W)."""

    axes = 3


class ZeroPad2d(ConstantPad2d):
    """ZeroPad2d(padding): ConstantPad2d with value 0."""

    def __init__(self, padding):
        super().__init__(padding, 0)


class _EdgePadNd(Cell):
    """Pads the last axes from the input's own values (`mode` 'reflect' or 'replicate');
    `padding` is an int or a tuple of (left, right) pairs from the last axis backwards."""

    axes = 1
    mode = "reflect"

    def __init__(self, padding):
        super().__init__()
        self.padding = _padding_tuple(self.cls_name, padding, self.axes)
        if self.mode == "reflect" and any(v < 0 for v in self.padding):
            raise ValueError(f"For '{self.cls_name}', every value of 'padding' must be non-negative, "
                             f"but got {self.padding}.")

    def construct(self, x):
        return _pad_trailing(self.cls_name, x, self.padding, self.mode)


def _pad_trailing(name: str, x, padding: tuple, mode: str):
    """ops.pad in `mode` on the last len(padding) // 2 axes of an input of any rank: the
    leading axes are folded into one channel axis in front of them (pad wants (N, C, *)
    or (C, *))."""
    padded = len(padding) // 2
    if x.ndim < padded:
        raise ValueError(f"For '{name}', the input must have at least {padded} dimensions, but got "
                         f"shape {x.shape}.")
    if x.ndim in (padded + 1, padded + 2):
        return ops.pad(x, padding, mode)
    lead, trail = x.shape[:x.ndim - padded], x.shape[x.ndim - padded:]
    out = ops.pad(ops.reshape(x, (1, math.prod(lead)) + trail), padding, mode)
    return ops.reshape(out, lead + out.shape[2:])


class ReflectionPad1d(_EdgePadNd):
    """ReflectionPad1d(padding): pads the last axis with its reflection (the edge not
    repeated); `padding` is an int or (left, right), each smaller than the axis.
    Inputs: (*, W). Outputs: (*, W + left + right)."""


class ReflectionPad2d(_EdgePadNd):
    """ReflectionPad2d(padding): reflection padding of the last two axes; `padding` is an
    int or (left, right[, top, bottom]). Inputs: (*, H, W)."""

    axes = 2


class ReflectionPad3d(_EdgePadNd):
    """ReflectionPad3d(padding): reflection padding of the last three axes; `padding` is
    an int or (left, right[, top, bottom[, front, back]]). Inputs: (*, D, H, W)."""

    axes = 3


class ReplicationPad1d(_EdgePadNd):
    """ReplicationPad1d(padding): pads the last axis by repeating its edge values;
    `padding` is an int or (left, right). Inputs: (*, W). Outputs: (*, W + left + right)."""

    mode = "replicate"


class ReplicationPad2d(_EdgePadNd):
    """ReplicationPad2d(padding): edge replication of the last two axes; `padding` is an
    int or (left, right[, top, bottom]). Inputs: (*, H, W)."""

    axes = 2
    mode = "replicate"


class ReplicationPad3d(_EdgePadNd):
    """ReplicationPad3d(padding): edge replication of the last three axes; `padding` is
    an int or (left, right[, top, bottom[, front, back]]). Inputs: (*, D, H, W)."""

    axes = 3
    mode = "replicate"


# ---- resizing -------------------------------------------------------------------------------
class Upsample(Cell):
    """Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)

    Resizes (N, C, *spatial) input to `size` or by `scale_factor` with ops.interpolate
    (which checks the arguments against the input's rank).
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        check_type(self.cls_name, "mode", mode, str)
        if scale_factor is not None and not isinstance(scale_factor, (numbers.Real, tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the 'scale_factor' must be a number, tuple or list, "
                            f"but got {type(scale_factor).__name__}.")
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def construct(self, x):
        return ops.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners,
                               self.recompute_scale_factor)

# MindSpore's module path of Unfold (defined with the other image layers)
from .image import Unfold  # noqa: E402, F401
