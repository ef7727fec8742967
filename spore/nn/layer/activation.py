"""Activation layers (ReLU, GELU, Softmax, PReLU, ...) and `get_activation`.

Each layer applies one elementwise (or, for the softmax family and GLU, one per-axis)
function to a Tensor of any shape and returns a Tensor of the same shape and dtype
(GLU halves its axis). Arguments are checked when the layer is built: layers with
arguments build their Primitive then, the others call the functional ops.
"""
from __future__ import annotations

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_positive_int, check_type
from ..cell import Cell

__all__ = [
    "Softmin", "Softmax", "Softmax2d", "LogSoftmax", "ReLU", "ReLU6", "RReLU", "SeLU", "SiLU", "Tanh",
    "Tanhshrink", "Hardtanh", "GELU", "FastGelu", "Sigmoid", "Softsign", "PReLU", "LeakyReLU",
    "HSigmoid", "HSwish", "ELU", "LogSigmoid", "SoftShrink", "HShrink", "CELU", "Threshold", "Mish",
    "GLU", "get_activation",
]

_NUMBER = (int, float)


def _check_axis(owner: str, axis):
    """An int, or a tuple of ints (what MindSpore's softmax layers accept)."""
    if isinstance(axis, tuple) and all(isinstance(a, int) and not isinstance(a, bool) for a in axis):
        return axis
    return check_type(owner, "axis", axis, int)


# ---- the softmax family -----------------------------------------------------------------------
class Softmax(Cell):
    """Softmax(axis=-1): exp(x) / sum(exp(x)) along `axis`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.softmax = ops.Softmax(_check_axis(self.cls_name, axis))

    def construct(self, input):
        return self.softmax(input)


class LogSoftmax(Cell):
    """LogSoftmax(axis=-1): log(softmax(x)) along `axis`, computed stably."""

    def __init__(self, axis=-1):
        super().__init__()
        self.log_softmax = ops.LogSoftmax(_check_axis(self.cls_name, axis))

    def construct(self, x):
        return self.log_softmax(x)


class Softmin(Cell):
    """Softmin(axis=-1): softmax(-x) along `axis`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.softmax = ops.Softmax(_check_axis(self.cls_name, axis))

    def construct(self, x):
        return self.softmax(-x)


class Softmax2d(Cell):
    """Softmax2d(): softmax over the channels of each position. Inputs: (C, H, W) or
    (N, C, H, W)."""

    def __init__(self):
        super().__init__()
        self.softmax = ops.Softmax(-3)

    def construct(self, x):
        if x.ndim not in (3, 4):
            raise ValueError(f"For '{self.cls_name}', the input must have 3 or 4 dimensions, but got "
                             f"shape {x.shape}.")
        return self.softmax(x)


# ---- rectifiers -----------------------------------------------------------------------------
class ReLU(Cell):
    """ReLU(): max(x, 0)."""

    def construct(self, input):
        return ops.relu(input)


class ReLU6(Cell):
    """ReLU6(): min(max(x, 0), 6)."""

    def construct(self, x):
        return ops.relu6(x)


class LeakyReLU(Cell):
    """LeakyReLU(alpha=0.2): x for x > 0, alpha * x otherwise."""

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = check_type(self.cls_name, "alpha", alpha, _NUMBER)

    def construct(self, x):
        return ops.leaky_relu(x, self.alpha)


class PReLU(Cell):
    """PReLU(channel=1, w=0.25): x for x > 0, w[c] * x otherwise, with a learnable slope
    per channel c (axis 1). `w` is a float (every channel), a list of `channel` floats
    or a float16 / float32 Tensor of shape (channel,). The slopes are the Parameter `w`
    (named 'a' when the PReLU stands alone, as in MindSpore)."""

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        name = self.cls_name
        channel = check_positive_int(name, "channel", channel)
        if isinstance(w, (float, np.floating)):
            w = Tensor(np.full((channel,), w, np.float32))
        elif isinstance(w, list):
            if len(w) != channel:
                raise ValueError(f"For '{name}', the list 'w' must hold 'channel' ({channel}) values, but got "
                                 f"{len(w)}.")
            if not all(isinstance(v, (float, np.floating)) for v in w):
                raise ValueError(f"For '{name}', every value of the list 'w' must be a float, but got {w}.")
            w = Tensor(w, mstype.float32)
        elif isinstance(w, Tensor):
            if w.dtype not in (mstype.float16, mstype.float32):
                raise ValueError(f"For '{name}', the dtype of the Tensor 'w' must be float16 or float32, but "
                                 f"got {w.dtype}.")
            if tuple(w.shape) != (channel,):
                raise ValueError(f"For '{name}', the Tensor 'w' must have shape ({channel},), but got "
                                 f"{tuple(w.shape)}.")
        else:
            raise TypeError(f"For '{name}', the 'w' must be a float, list or Tensor, but got {type(w).__name__}.")
        self.w = Parameter(w, name="a")

    def construct(self, x):
        w = self.w if self.w.dtype is x.dtype else ops.cast(self.w, x.dtype)
        return ops.prelu(x, w)


class RReLU(Cell):
    """RReLU(lower=1/8, upper=1/3): x for x >= 0, a * x otherwise, each negative
    element's slope `a` drawn from U(lower, upper) on every call (in training and in
    inference alike, as MindSpore does)."""

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        name = self.cls_name
        check_type(name, "lower", lower, _NUMBER)
        check_type(name, "upper", upper, _NUMBER)
        if lower > upper:
            raise ValueError(f"For '{name}', the 'upper' must be at least 'lower', but got lower={lower}, "
                             f"upper={upper}.")
        self.lower = Tensor(lower, mstype.float32)
        self.upper = Tensor(upper, mstype.float32)

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{self.cls_name}', the input must be a Tensor, but got {type(x).__name__}.")
        slopes = ops.cast(ops.uniform(x.shape, self.lower, self.upper), x.dtype)
        return ops.where(x < 0, x * slopes, x)


class ELU(Cell):
    """ELU(alpha=1.0): x for x > 0, alpha * (exp(x) - 1) otherwise (MindSpore's Elu takes
    alpha = 1.0 only)."""

    def __init__(self, alpha=1.0):
        super().__init__()
        check_type(self.cls_name, "alpha", alpha, float)
        self.elu = ops.Elu(alpha)

    def construct(self, x):
        return self.elu(x)


class CELU(Cell):
    """CELU(alpha=1.0): max(0, x) + min(0, alpha * (exp(x / alpha) - 1)); alpha != 0."""

    def __init__(self, alpha=1.0):
        super().__init__()
        check_type(self.cls_name, "alpha", alpha, _NUMBER)
        self.celu = ops.CeLU(alpha)

    def construct(self, x):
        return self.celu(x)


class SeLU(Cell):
    """SeLU(): scale * (max(0, x) + min(0, alpha * (exp(x) - 1))), scale = 1.0507...,
    alpha = 1.6732...."""

    def construct(self, input_x):
        return ops.selu(input_x)


# ---- smooth gates -----------------------------------------------------------------------------
class GELU(Cell):
    """GELU(approximate=True): x * Phi(x); with `approximate`, the tanh form
    0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))), otherwise the erf form."""

    def __init__(self, approximate=True):
        super().__init__()
        check_bool(self.cls_name, "approximate", approximate)
        self.approximate = "tanh" if approximate else "none"

    def construct(self, x):
        return ops.gelu(x, approximate=self.approximate)


class FastGelu(Cell):
    """FastGelu(): x * sigmoid(1.702 x)."""

    def construct(self, x):
        return ops.fast_gelu(x)


class SiLU(Cell):
    """SiLU(): x * sigmoid(x)."""

    def construct(self, x):
        return ops.silu(x)


class Mish(Cell):
    """Mish(): x * tanh(softplus(x))."""

    def construct(self, input_x):
        return ops.mish(input_x)


class Sigmoid(Cell):
    """Sigmoid(): 1 / (1 + exp(-x))."""

    def construct(self, x):
        return ops.sigmoid(x)


class LogSigmoid(Cell):
    """LogSigmoid(): log(sigmoid(x)), computed as -softplus(-x) to stay finite."""

    def construct(self, input_x):
        return -ops.softplus(-input_x)


class Tanh(Cell):
    """Tanh(): tanh(x)."""

    def construct(self, x):
        return ops.tanh(x)


class Tanhshrink(Cell):
    """Tanhshrink(): x - tanh(x)."""

    def construct(self, x):
        return x - ops.tanh(x)


class Softsign(Cell):
    """Softsign(): x / (1 + |x|)."""

    def construct(self, x):
        return x / (ops.abs(x) + 1)


class HSwish(Cell):
    """HSwish(): x * relu6(x + 3) / 6."""

    def construct(self, input):
        return ops.hardswish(input)


class HSigmoid(Cell):
    """HSigmoid(): relu6(x + 3) / 6."""

    def construct(self, input):
        return ops.hardsigmoid(input)


class GLU(Cell):
    """GLU(axis=-1): a * sigmoid(b), a and b the two halves of the input along `axis`
    (whose length must be even). Outputs: that axis halved."""

    def __init__(self, axis=-1):
        super().__init__()
        self.dim = check_type(self.cls_name, "axis", axis, int)

    def construct(self, x):
        length = x.shape[self.dim] if x.ndim else 0
        if length % 2:
            raise ValueError(f"For '{self.cls_name}', the input's axis {self.dim} must have an even length, "
                             f"but got shape {x.shape}.")
        a, b = ops.split(x, length // 2, self.dim)
        return a * ops.sigmoid(b)


# ---- thresholds -------------------------------------------------------------------------------
class Hardtanh(Cell):
    """Hardtanh(min_val=-1.0, max_val=1.0): x clipped to [min_val, max_val]."""

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        check_type(self.cls_name, "min_val", min_val, _NUMBER)
        check_type(self.cls_name, "max_val", max_val, _NUMBER)
        if min_val >= max_val:
            raise ValueError(f"For '{self.cls_name}', the 'min_val' must be less than 'max_val', but got "
                             f"min_val={min_val}, max_val={max_val}.")
        self.min_val = min_val
        self.max_val = max_val

    def construct(self, x):
        return ops.clamp(x, self.min_val, self.max_val)


class Threshold(Cell):
    """Threshold(threshold, value): x where x > threshold, `value` elsewhere."""

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = check_type(self.cls_name, "threshold", threshold, _NUMBER)
        self.value = check_type(self.cls_name, "value", value, _NUMBER)

    def construct(self, input_x):
        return ops.where(input_x > self.threshold, input_x, self.value)


class SoftShrink(Cell):
    """SoftShrink(lambd=0.5): x - lambd above lambd, x + lambd below -lambd, 0 between;
    lambd >= 0."""

    def __init__(self, lambd=0.5):
        super().__init__()
        check_type(self.cls_name, "lambd", lambd, _NUMBER)
        self.softshrink = ops.SoftShrink(lambd)

    def construct(self, input):
        return self.softshrink(input)


class HShrink(Cell):
    """HShrink(lambd=0.5): x where |x| > lambd, 0 elsewhere."""

    def __init__(self, lambd=0.5):
        super().__init__()
        check_type(self.cls_name, "lambd", lambd, _NUMBER)
        self.hshrink = ops.HShrink(lambd)

    def construct(self, input):
        return self.hshrink(input)


# ---- by name ----------------------------------------------------------------------------------
_ACTIVATIONS = {
    "softmin": Softmin, "softmax": Softmax, "softmax2d": Softmax2d, "logsoftmax": LogSoftmax,
    "relu": ReLU, "relu6": ReLU6, "rrelu": RReLU, "silu": SiLU, "tanh": Tanh, "tanhshrink": Tanhshrink,
    "hardtanh": Hardtanh, "gelu": GELU, "fast_gelu": FastGelu, "elu": ELU, "sigmoid": Sigmoid,
    "softsign": Softsign, "prelu": PReLU, "leakyrelu": LeakyReLU, "hswish": HSwish, "hsigmoid": HSigmoid,
    "logsigmoid": LogSigmoid, "softshrink": SoftShrink, "hshrink": HShrink, "threshold": Threshold,
    "mish": Mish,
}
"""The names get_activation (and Dense's `activation`) accept, as in MindSpore."""


def get_activation(name: str | None, prim_name: str | None = None) -> Cell | None:
    """A new activation layer, built with its defaults, from its name ('relu', 'gelu', ...);
    None for None. An unknown name raises KeyError (naming `prim_name`, when given)."""
    if name is None:
        return None
    cls = _ACTIVATIONS.get(name) if isinstance(name, str) else None
    if cls is None:
        owner = f"For '{prim_name}', the" if prim_name else "The"
        raise KeyError(f"{owner} activation name must be one of {list(_ACTIVATIONS)}, but got {name!r}.")
    return cls()

# MindSpore's module path of LRN (defined with the other image layers)
from .image import LRN  # noqa: E402, F401
